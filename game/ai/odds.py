"""Exact chances to reach each ability with the Roll Attempts left, playing optimally for it.

`odds(hero, abilities, dice, attempts_left)` -> {(ability id, row): probability}. One exact
solve per (hero, requirement) is cached, so after the first call a query is a lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.ai.dice_solver import ALL_FIVE, Solver
from game.content.defs import AbilityDef, HeroDef, Requirement
from game.rules.dice import meets

BASE_ATTEMPTS = 3


@lru_cache(maxsize=2048)
def _solver(hero: str, faces: tuple[str, ...], requirement: Requirement, attempts: int) -> Solver:
    from game.content.defs import DieFace

    class _Faces:  # just enough of a HeroDef for `meets`
        id = hero
        dice = tuple(DieFace(i + 1, s) for i, s in enumerate(faces))

    values = [1.0 if meets(requirement, _Faces, s) else 0.0 for s in ALL_FIVE]
    return Solver(values, attempts)


def chance(
    hero: HeroDef, requirement: Requirement, dice: Sequence[int] | None, attempts_left: int
) -> float:
    faces = tuple(face.symbol for face in hero.dice)
    solver = _solver(hero.id, faces, requirement, max(BASE_ATTEMPTS, attempts_left))
    if dice is None:
        if attempts_left <= 0:
            return 0.0
        return solver.before_first_roll(attempts_left)
    return solver.value(dice, attempts_left)


def odds(
    hero: HeroDef, abilities: Sequence[AbilityDef], dice: Sequence[int] | None, attempts_left: int
) -> dict[tuple[str, int], float]:
    """Chance of each (ability, row) with optimal play aimed at that row alone."""
    out = {}
    for ability in abilities:
        for index, row in enumerate(ability.rows):
            out[(ability.id, index)] = chance(hero, row.requirement, dice, attempts_left)
    return out
