"""Rough worth of effects, in 'points of damage', used by the computer players.

Damage counts its amount, healing a little less, tokens a fixed worth; dice-driven amounts use
their expectation for the hero's dice. These are estimates for choosing between options, not
rules.
"""

from __future__ import annotations

from functools import lru_cache

from game.content.defs import Effects, HeroDef

STATUS_WORTH = {
    "stun": 7.0,
    "knockdown": 3.0,
    "concussion": 2.0,
    "bounty": 3.0,
    "evasive": 2.0,
    "reload": 2.0,
    "blind": 2.5,
    "entangle": 1.5,
    "targeted": 4.0,
    "burn": 4.0,
    "fire_mastery": 1.0,
    "poison": 2.5,
    "sneak_attack": 3.0,
    "shadows": 6.0,
}
AVG_DIE = 3.5


def symbol_chance(faces: tuple[str, ...], symbol: str) -> float:
    return faces.count(symbol) / 6.0


def amount_value(faces: tuple[str, ...], value, dice: int = 1) -> float:
    if isinstance(value, int):
        return float(value)
    times = value.get("times", 1)
    if "per_symbol" in value:
        return times * dice * symbol_chance(faces, value["per_symbol"])
    if "per_value" in value:
        return times * dice * len(value["per_value"]) / 6.0
    if "sum" in value:
        return times * dice * AVG_DIE
    if "half_sum" in value:
        return times * (dice * AVG_DIE / 2.0 + 0.25)
    if "own_cp" in value:  # a typical CP count
        return times * 5.0
    if "own_tokens" in value:  # a typical token count
        return times * 2.0
    return 0.0


def effects_value(hero: HeroDef, effects: Effects, dice: int = 5) -> float:
    return _effects_value(tuple(face.symbol for face in hero.dice), effects, dice)


@lru_cache(maxsize=4096)
def _effects_value(faces: tuple[str, ...], effects: Effects, dice: int) -> float:
    total = 0.0
    for fx in effects:
        verb = fx.verb
        if verb == "deal_damage":
            amount = amount_value(faces, fx["amount"], dice)
            if fx.get("target") == "self":
                total -= amount
            elif fx.get("target") == "all_opponents":
                total += amount * 1.5
            else:
                total += amount * (1.1 if fx.get("type") in ("undefendable", "pure") else 1.0)
        elif verb == "add_damage":
            total += amount_value(faces, fx["amount"], dice)
        elif verb == "heal":
            total += 0.7 * amount_value(faces, fx["amount"], dice)
        elif verb in ("inflict_status", "gain_status"):
            count = fx.get("count", 1)
            count = count if isinstance(count, int) else 1
            total += count * STATUS_WORTH.get(fx["status"], 1.5)
        elif verb == "roll":
            total += _effects_value(faces, fx["effects"], fx["count"])
        elif verb == "roll_off":
            win = _effects_value(faces, fx["win"], 1)
            lose = _effects_value(faces, fx["lose"], 1)
            p_win = 0.58 if fx["ties"] == "self" else 0.42
            total += p_win * win + (1 - p_win) * lose
        elif verb == "choose_one":
            total += max(_effects_value(faces, o["effects"], dice) for o in fx["options"])
        elif verb in ("if", "on"):
            total += 0.5 * _effects_value(faces, fx["effects"], dice)
        elif verb in ("additionally", "after_damage"):
            total += _effects_value(faces, fx["effects"], dice)
        elif verb == "prevent_damage":
            total += 3.0 if fx.get("half") else amount_value(faces, fx.get("amount", 0), dice)
        elif verb in ("gain_cp", "steal_cp"):
            total += 0.8 * amount_value(faces, fx["amount"], dice)
        elif verb == "draw":
            total += 1.5 * amount_value(faces, fx["count"], dice)
    return total
