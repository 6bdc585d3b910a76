"""The Final Damage Total, computed exactly as the rulebook's procedure.

1. Incoming damage: every instance waiting for the target in this pool.
2. Add and subtract: Attack Modifiers, reductions and flat prevention give the subtotal.
3. Multiply and divide last: each halving (and each "half of the incoming damage" effect, such
   as dealing half back) is computed independently from that same subtotal, rounding up.
   A negative result is 0.

Ultimate damage can be increased but never reduced, prevented or avoided, so it stays outside
steps 2-3 (damage added to an Ultimate is Ultimate damage too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.components import DamageInstance, DamageMod


def half_up(value: int) -> int:
    """Half, rounded up (all division in the game rounds up)."""
    return -(-value // 2)


@dataclass(slots=True)
class Breakdown:
    target: int
    incoming: int = 0  # avoidable damage waiting (before modifiers)
    added: int = 0  # Attack Modifiers on avoidable damage
    reduced: int = 0  # attacker's damage lowered (e.g. Wither)
    prevented: int = 0  # flat prevention
    subtotal: int = 0
    halved: list[int] = field(default_factory=list)
    avoided: bool = False
    unavoidable: int = 0  # Ultimate damage, including what was added to it
    final: int = 0
    reflected: list[tuple[int | None, int]] = field(default_factory=list)

    def explain(self) -> str:
        """One line in our own words, e.g. '9 +4 added -2 prevented = 11, halved -6 -> 5'."""
        if self.avoided and not self.unavoidable:
            return f"{self.incoming + self.added} incoming, all of it avoided -> 0"
        parts = [f"{self.incoming} incoming"]
        if self.added:
            parts.append(f"+{self.added} added")
        if self.reduced:
            parts.append(f"-{self.reduced} reduced")
        if self.prevented:
            parts.append(f"-{self.prevented} prevented")
        text = " ".join(parts)
        if self.avoided:
            text += " (avoided)"
        if self.added or self.reduced or self.prevented or self.halved:
            text += f" = {self.subtotal}"
        for amount in self.halved:
            text += f", halved -{amount}"
        if self.unavoidable:
            text += f", +{self.unavoidable} unstoppable"
        return f"{text} -> {self.final}"


def final_damage(target: int, instances: list[DamageInstance], mods: list[DamageMod]) -> Breakdown:
    """Final Damage Total for one target from one pool's instances and modifiers."""
    out = Breakdown(target=target)
    for inst in instances:
        if inst.target != target:
            continue
        if inst.dtype == "ultimate":
            out.unavoidable += inst.amount
        else:
            out.incoming += inst.amount
    halve_count = 0
    reflect_sources: list[int | None] = []
    for mod in mods:
        if mod.target != target:
            continue
        if mod.kind == "add":
            if mod.dtype == "ultimate":
                out.unavoidable += mod.amount
            else:
                out.added += mod.amount
        elif mod.kind == "reduce":
            out.reduced += mod.amount
        elif mod.kind == "prevent":
            out.prevented += mod.amount
        elif mod.kind == "halve":
            halve_count += 1
        elif mod.kind == "avoid":
            out.avoided = True
        elif mod.kind == "reflect_half":
            reflect_sources.append(mod.source)
        else:  # pragma: no cover - engine bug
            raise ValueError(f"unknown damage modifier {mod.kind}")
    if out.avoided:
        out.subtotal = 0
    else:
        out.subtotal = out.incoming + out.added - out.reduced - out.prevented
    base = max(out.subtotal, 0)
    out.halved = [half_up(base) for _ in range(halve_count)]
    out.reflected = [(src, half_up(base)) for src in reflect_sources]
    out.final = max(0, out.subtotal - sum(out.halved)) + out.unavoidable
    return out
