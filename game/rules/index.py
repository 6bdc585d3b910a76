"""Content looked up by when it can matter, for the engine's hot paths.

Content definitions are frozen, so what they say about a moment can be worked out once: which
trigger of a status reacts to a moment, which moments a hero's passive abilities react to,
whether an effect list needs the "can act" probe at all, and which cards could never be played
in a given situation whatever the state (a card's type and its play conditions that only name
a moment). Each table is keyed by the definition's `id()` and keeps the definition itself, so a
reused `id()` (content built again, as tests do) is told apart.
"""

from __future__ import annotations

from typing import Any

from game.content.defs import CardDef, HeroDef, StatusDef

_TRIGGERS: dict[int, tuple[StatusDef, dict[str, tuple[int, ...]]]] = {}
_PASSIVE: dict[int, tuple[HeroDef, frozenset[str]]] = {}
_FLAGS: dict[int, tuple[HeroDef, frozenset[str]]] = {}
_PROBE: dict[int, tuple[Any, bool]] = {}
_GATES: dict[int, tuple[CardDef, tuple[frozenset[str] | None, bool, bool, bool]]] = {}
_BOUND = 50_000  # far above the content's size: a table this big is only built-again content


def _store(table: dict, key: int, value: tuple) -> None:
    if len(table) >= _BOUND:
        table.clear()
    table[key] = value


def status_triggers(sdef: StatusDef) -> dict[str, tuple[int, ...]]:
    """Moment -> the indices of this status's triggers that react to it, in order."""
    found = _TRIGGERS.get(id(sdef))
    if found is not None and found[0] is sdef:
        return found[1]
    table: dict[str, list[int]] = {}
    for index, trig in enumerate(sdef.triggers):
        table.setdefault(trig.on, []).append(index)
    out = {moment: tuple(indices) for moment, indices in table.items()}
    _store(_TRIGGERS, id(sdef), (sdef, out))
    return out


def _passives(hero: HeroDef):
    """Every passive ability of this hero, at every level, on either side of the board."""
    for slot in hero.slots:
        if slot.kind != "passive":
            continue
        for side in (slot.levels, slot.flipped or {}):
            for abilities in side.values():
                yield from abilities


def passive_moments(hero: HeroDef) -> frozenset[str]:
    """Every moment any passive ability of this hero reacts to, at any level, on either side
    of the board."""
    found = _PASSIVE.get(id(hero))
    if found is not None and found[0] is hero:
        return found[1]
    out = frozenset(trig.on for ability in _passives(hero) for trig in ability.triggers)
    _store(_PASSIVE, id(hero), (hero, out))
    return out


def passive_flags(hero: HeroDef) -> frozenset[str]:
    """Every flag any passive ability of this hero holds, at any level, on either side."""
    found = _FLAGS.get(id(hero))
    if found is not None and found[0] is hero:
        return found[1]
    out = frozenset(flag for ability in _passives(hero) for flag in ability.flags)
    _store(_FLAGS, id(hero), (hero, out))
    return out


def needs_probe(effects, can_act: dict) -> bool:
    """False when some verb of `effects` has no "can act" predicate (such an effect always
    counts as changing something, so nothing needs probing)."""
    found = _PROBE.get(id(effects))
    if found is not None and found[0] is effects:
        return found[1]
    out = all(can_act.get(fx.verb) is not None for fx in effects)
    _store(_PROBE, id(effects), (effects, out))
    return out


# play conditions that hold only in one situation's moment (options._condition_reason)
_MOMENT_CONDITIONS = {
    "own_offensive_roll": "offensive_roll",
    "defensive_roll": "defensive_roll",
    "after_own_attack_damage": "after_damage",
}
# play conditions that need a die that may be altered in the situation
_DICE_CONDITIONS = ("alterable_die", "own_alterable_die", "team_alterable_die")


def card_gate(cdef: CardDef) -> tuple[frozenset[str] | None, bool, bool, bool]:
    """(moments the card may be played in, or None for any; whether only on its player's own
    turn; whether only during a Roll Phase; whether it needs dice in the situation): the
    checks of `options._card_reason` that read nothing but the situation and the phase."""
    found = _GATES.get(id(cdef))
    if found is not None and found[0] is cdef:
        return found[1]
    moments: set[str] | None = None
    own_turn = False
    if cdef.type in ("upgrade", "main"):
        moments = {"main"}
        own_turn = True
    for cond, _arg in cdef.play_when:
        moment = _MOMENT_CONDITIONS.get(cond)
        if moment is not None:
            moments = {moment} if moments is None else moments & {moment}
    dice = any(cond in _DICE_CONDITIONS for cond, _arg in cdef.play_when)
    out = (
        None if moments is None else frozenset(moments),
        own_turn,
        cdef.type == "roll",
        dice,
    )
    _store(_GATES, id(cdef), (cdef, out))
    return out
