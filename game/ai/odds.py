"""Exact chances to reach each ability with the Roll Attempts left, playing optimally for it.

`odds(hero, abilities, dice, attempts_left)` -> {(ability id, row): probability}. One exact
solve per (hero, requirement) is cached, so after the first call a query is a lookup. A row
that asks for symbols alone (most rows) is solved over the hero's symbols
(`game.ai.symbol_solver`: 56 or 126 sets of symbols for three or four symbols, against 462
sets of faces); straights, numbers and n of a kind over the faces (`dice_solver`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.ai.dice_solver import ALL_FIVE, Solver
from game.ai.symbol_solver import SymbolSolver, symbol_space
from game.content.defs import AbilityDef, HeroDef, Requirement
from game.rules.dice import meets_each, symbols_meet

BASE_ATTEMPTS = 3


class _HeroKey:
    """A hero as a cache key: by its id (a HeroDef need not be hashable); `dice` and `id`
    are what `meets_each` reads."""

    __slots__ = ("dice", "id")

    def __init__(self, hero: HeroDef) -> None:
        self.id = hero.id
        self.dice = hero.dice

    def __hash__(self) -> int:
        return hash(self.id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _HeroKey) and other.id == self.id and other.dice == self.dice


@lru_cache(maxsize=2048)
def _table(hero: HeroDef, faces: tuple[str, ...], requirement: Requirement) -> tuple[float, ...]:
    """1.0 for each result that meets the requirement (keyed by the faces too: a hero's dice
    decide it)."""
    del faces
    return tuple(1.0 if hit else 0.0 for hit in meets_each(requirement, hero, ALL_FIVE))


@lru_cache(maxsize=2048)
def _solver(table: tuple[float, ...], attempts: int) -> Solver:
    """One solve per distinct table: rows of different heroes (and different rows) that
    accept the same results share it (straights, n of a kind, symbols on the same faces)."""
    return Solver(table, attempts)


@lru_cache(maxsize=2048)
def _symbol_table(faces: tuple[str, ...], requirement: Requirement) -> tuple[float, ...]:
    """1.0 for each five-symbol set that meets a symbol-only requirement (read by the rules'
    own check of a requirement's symbol part)."""
    return tuple(
        1.0 if symbols_meet(requirement, dict(counts), 5) else 0.0
        for counts in symbol_space(faces).five_counts
    )


@lru_cache(maxsize=2048)
def _symbol_solver(faces: tuple[str, ...], table: tuple[float, ...], attempts: int):
    """One solve per dice key and table (rows that accept the same symbols share it)."""
    return SymbolSolver(symbol_space(faces), table, attempts)


def _symbols_only(requirement: Requirement) -> bool:
    r = requirement
    return not (r.straight or r.of_a_kind or r.full_house or r.values)


def chance(
    hero: HeroDef, requirement: Requirement, dice: Sequence[int] | None, attempts_left: int
) -> float:
    faces = tuple(face.symbol for face in hero.dice)
    attempts = max(BASE_ATTEMPTS, attempts_left)
    if _symbols_only(requirement):
        table = _symbol_table(faces, requirement)
        solver = _symbol_solver(faces, table, attempts)
    else:
        table = _table(_HeroKey(hero), faces, requirement)
        solver = _solver(table, attempts)
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
