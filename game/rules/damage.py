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


Share = tuple[int | None, str, int]  # (who it counts as dealt by, what dealt it, amount)


def apportion(items: list[Share], total: int) -> list[Share]:
    """Split `total` between `items` in proportion to their amounts, in whole points that add
    up exactly (largest remainders first, earlier items first on a tie)."""
    whole = sum(amount for _who, _what, amount in items)
    if whole <= 0 or total <= 0:
        return []
    floors = [amount * total // whole for _who, _what, amount in items]
    left = total - sum(floors)
    order = sorted(range(len(items)), key=lambda i: (-(items[i][2] * total % whole), i))
    for i in order[:left]:
        floors[i] += 1
    return [(who, what, n) for (who, what, _a), n in zip(items, floors, strict=True) if n > 0]


def shares(target: int, instances: list[DamageInstance], mods: list[DamageMod], final: int):
    """Who dealt the `final` damage that lands on `target` from one pool, as Shares adding up
    to `final` exactly. Ultimate damage (and what was added to it) counts whole for its
    dealer; the rest - cut together by prevention, reductions and halving - is shared out in
    proportion to what each instance and Attack Modifier sent."""
    whole: list[Share] = []
    cut: list[Share] = []
    for inst in instances:
        if inst.target == target and inst.amount > 0:
            who = inst.source if inst.credit is None else inst.credit
            (whole if inst.dtype == "ultimate" else cut).append((who, inst.label, inst.amount))
    for mod in mods:
        if mod.target == target and mod.kind == "add" and mod.amount > 0:
            (whole if mod.dtype == "ultimate" else cut).append((mod.source, mod.label, mod.amount))
    unstoppable = sum(amount for _who, _what, amount in whole)
    return whole + apportion(cut, final - unstoppable)
