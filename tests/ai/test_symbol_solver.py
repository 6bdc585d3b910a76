"""The solve over symbols (game/ai/symbol_solver.py) gives the face solver's chances for every
symbol-only row of every hero, at every level, before the first roll and after any roll, with
every number of attempts (the same expectation summed in another order: equal to 1e-12)."""

from __future__ import annotations

import pytest

from game.ai import odds as O
from game.ai.dice_solver import ALL_FIVE, Solver
from game.ai.symbol_solver import SymbolSolver, symbol_space
from game.content.loader import default_content
from game.rules.dice import meets_each

HEROES = sorted(default_content().heroes)


def _rows(hero):
    for slot in hero.slots:
        if slot.kind not in ("offensive", "ultimate"):
            continue
        for side in (slot.levels, slot.flipped or {}):
            for abilities in side.values():
                for ability in abilities:
                    for row in ability.rows:
                        yield row.requirement


@pytest.mark.parametrize("hero_id", HEROES)
def test_symbol_rows_have_the_face_solvers_chances(hero_id):
    hero = default_content().heroes[hero_id]
    faces = tuple(face.symbol for face in hero.dice)
    space = symbol_space(faces)
    checked = 0
    for requirement in set(_rows(hero)):
        if not O._symbols_only(requirement):
            continue
        table = [1.0 if hit else 0.0 for hit in meets_each(requirement, hero, ALL_FIVE)]
        face = Solver(table, 3)
        symbols = SymbolSolver(space, O._symbol_table(faces, requirement), 3)
        for r in (1, 2, 3):
            assert symbols.before_first_roll(r) == pytest.approx(
                face.before_first_roll(r), abs=1e-12
            )
        for dice in ALL_FIVE[::7]:
            for r in (0, 1, 2, 3):
                assert symbols.value(dice, r) == pytest.approx(face.value(dice, r), abs=1e-12)
        checked += 1
    assert checked >= 5, hero_id


def test_odds_answer_as_the_face_solver_for_every_row():
    """`odds` (symbol rows over symbols, the others over faces) against every row solved over
    the faces, before the first roll and after a roll."""
    for hero in default_content().heroes.values():
        abilities = [a for s in hero.slots if s.kind != "passive" for a in s.levels[1] if a.rows]
        for dice, left in ((None, 3), ((1, 2, 3, 4, 6), 2), ((6, 6, 5, 1, 1), 1)):
            got = O.odds(hero, abilities, dice, left)
            for ability in abilities:
                for index, row in enumerate(ability.rows):
                    table = [
                        1.0 if hit else 0.0 for hit in meets_each(row.requirement, hero, ALL_FIVE)
                    ]
                    face = Solver(table, 3)
                    want = face.before_first_roll(left) if dice is None else face.value(dice, left)
                    assert got[(ability.id, index)] == pytest.approx(want, abs=1e-12), (
                        hero.id,
                        ability.id,
                        index,
                    )


def test_a_space_counts_each_symbol_by_its_faces():
    space = symbol_space(("a", "a", "a", "b", "b", "c"))
    assert len(space.sets) == 56 and len(space.five) == 21
    first = space.add[0]  # the empty set: one die rolled
    assert sorted(p for p, _j in first) == pytest.approx([1 / 6, 2 / 6, 3 / 6])
    assert space.five_of([1, 2, 4, 5, 6]) == space.five_index[(0, 0, 1, 1, 2)]
