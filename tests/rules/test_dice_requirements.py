"""Activation requirements (rules 34-38) on the Gunslinger's dice - 1-3 Bullet, 4-5 Dash,
6 Bullseye - one kind of requirement at a time, each just met and just missed, and their
labels. Written to kill surviving mutants of game/rules/dice.py (docs/reliability.md)."""

from __future__ import annotations

import pytest

from game.content.defs import Requirement
from game.content.loader import load_content
from game.rules.dice import describe_requirement, longest_run, meets, symbols_of

GUN = load_content().heroes["gunslinger"]


@pytest.fixture(autouse=True)
def _computed_not_remembered():
    """Each case is worked out here, not read from the cache other tests filled (a mutant
    of the requirement check would otherwise hide behind remembered answers)."""
    from game.rules import dice

    dice._meets.cache_clear()


@pytest.mark.parametrize(
    "values,run", [([1, 2, 3, 4, 6], 4), ([2, 3, 4, 5, 6], 5), ([1, 1, 3, 5, 3], 1), ([], 0)]
)
def test_longest_run(values, run):
    assert longest_run(values) == run


def test_symbols_of():
    assert symbols_of(GUN, [1, 4, 6, 3]) == ["bullet", "dash", "bullseye", "bullet"]


CASES = [
    (Requirement(straight=4), [1, 2, 3, 4, 6], [1, 2, 3, 5, 6]),
    (Requirement(straight=5), [2, 3, 4, 5, 6], [1, 2, 3, 4, 6]),
    (Requirement(of_a_kind=3), [2, 2, 2, 5, 6], [2, 2, 3, 5, 6]),
    (Requirement(full_house=True), [2, 2, 2, 5, 5], [2, 2, 2, 5, 6]),
    (Requirement(full_house=True), [4, 4, 1, 1, 1], [4, 4, 4, 4, 4]),
    (Requirement(values=((6, 2),)), [6, 6, 1, 2, 3], [6, 1, 2, 3, 4]),
    (Requirement(values=((6, 1),)), [6, 1, 2, 3, 4], [1, 2, 3, 4, 5]),
    (Requirement(symbols=(("bullet", 2), ("dash", 1)), any_dice=2), [1, 1, 4, 6, 6], [1, 1, 4]),
    (
        Requirement(symbols=(("bullet", 2), ("dash", 1)), any_dice=3),
        [1, 1, 4, 6, 6, 6],
        [1, 1, 4, 6, 6],
    ),
    (
        Requirement(symbols=(("bullet", 1),), same_symbol=2, any_dice=3),
        [1, 4, 4, 6, 6, 6],
        [1, 4, 4, 6, 6],
    ),
    (Requirement(symbols=(("bullet", 3),)), [1, 2, 3, 4, 6], [1, 2, 4, 5, 6]),
    (Requirement(symbols=(("bullet", 2), ("dash", 1))), [1, 1, 4, 6, 6], [1, 1, 6, 6, 6]),
    (Requirement(symbols=(("dash", 1),), same_symbol=3), [4, 1, 2, 3, 6], [4, 5, 1, 2, 6]),
    (Requirement(same_symbol=2), [6, 6, 1, 4, 5], [1, 4, 6]),
    (Requirement(symbols=(("bullseye", 1),), any_dice=4), [6, 1, 1, 1, 1], [6, 1, 1, 1]),
]


@pytest.mark.parametrize("req,yes,no", CASES)
def test_each_requirement_is_met_and_missed(req, yes, no):
    assert meets(req, GUN, yes)
    assert not meets(req, GUN, no)


def test_symbols_used_are_not_counted_again():
    # 3 Bullets + 2 further matching symbols: the Bullets may not be counted twice.
    req = Requirement(symbols=(("bullet", 3),), same_symbol=2)
    assert meets(req, GUN, [1, 2, 3, 4, 5])
    assert not meets(req, GUN, [1, 2, 3, 1, 6])  # four Bullets and a Bullseye
    assert meets(req, GUN, [1, 2, 3, 1, 2])


def test_labels():
    assert describe_requirement(Requirement(straight=4), GUN) == "Small Straight"
    assert describe_requirement(Requirement(straight=5), GUN) == "Large Straight"
    assert describe_requirement(Requirement(of_a_kind=3), GUN) == "3 of a kind"
    assert describe_requirement(Requirement(full_house=True), GUN) == "Full House"
    both = Requirement(symbols=(("dash", 2), ("bullseye", 1)))
    assert describe_requirement(both, GUN) == "2 Dash + 1 Bullseye"
    assert describe_requirement(Requirement(symbols=(("odd", 1),)), GUN) == "1 odd"
    assert describe_requirement(Requirement(same_symbol=3), GUN) == "3 matching symbols"
    assert describe_requirement(Requirement(any_dice=2), GUN) == "2 any"
    assert describe_requirement(Requirement(values=((6, 2),)), GUN) == "2x[6]"
    assert describe_requirement(Requirement(), GUN) == ""
