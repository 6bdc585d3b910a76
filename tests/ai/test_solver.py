"""The exact dice solver against plain enumeration and the published reference figures."""

from __future__ import annotations

import random
from itertools import product

import pytest

from game.ai import brute
from game.ai.dice_solver import (
    ALL_FIVE,
    FIVE_INDEX,
    Solver,
    card_change,
    card_terminal,
    reroll_indices,
)
from game.ai.odds import odds
from game.content.loader import default_content


def table(objective) -> list[float]:
    return [objective(s) for s in ALL_FIVE]


@pytest.mark.parametrize(
    ("objective", "percent"),
    [
        (brute.count_at_least((4, 5), 3), 84.18),
        (brute.straight(4), 61.54),
        (brute.straight(5), 26.11),
        (brute.count_at_least((6,), 5), 1.33),
    ],
)
def test_reference_figures(objective, percent):
    assert round(Solver(table(objective), 3).before_first_roll() * 100, 2) == percent


def test_three_attempts_equal_enumeration_of_every_roll_and_reroll():
    objective = brute.count_at_least((1, 2, 3), 4)
    exact = brute.before_first_roll(objective, 3)
    assert Solver(table(objective), 3).before_first_roll(3) == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize(
    "objective",
    [brute.straight(4), lambda s: float(sum(s)) if s.count(s[0]) == 5 else sum(s) / 10.0],
)
def test_every_state_with_one_attempt_left_equals_enumeration(objective):
    values = table(objective)
    solver = Solver(values, 2)
    enumerated = brute.enumerate_values(objective, 1)
    for s in ALL_FIVE:
        assert solver.value(s, 1) == pytest.approx(enumerated[s], abs=1e-12), s
    # and the two-attempt expectation from scratch: every first roll of five dice, in order
    two = sum(enumerated[tuple(sorted(roll))] for roll in product(range(1, 7), repeat=5))
    assert solver.before_first_roll(2) == pytest.approx(two / 6**5, abs=1e-12)


def test_best_keep_achieves_the_value_and_a_wrong_solver_would_be_caught():
    objective = brute.straight(5)
    solver = Solver(table(objective), 3)
    rng = random.Random(5)
    rerolled = 0
    for _ in range(50):
        dice = [rng.randint(1, 6) for _ in range(5)]
        kept, expected = solver.best_keep(dice, 2)
        assert expected == pytest.approx(solver.value(dice, 2))
        if kept is not None:
            rerolled += 1
            positions = reroll_indices(dice, kept)
            assert sorted(d for i, d in enumerate(dice) if i not in positions) == sorted(kept)
    assert rerolled > 10  # the keep/re-roll check above really ran
    # 1-2-3-4 and a 6, one attempt left: keep four of them and hope for the 5 (1 in 6);
    # re-rolling two dice (for 1-5 or 5-6) is worse (4 in 36).
    kept, expected = solver.best_keep([1, 2, 3, 4, 6], 1)
    assert list(kept) in ([1, 2, 3, 4], [2, 3, 4, 6])
    assert expected == pytest.approx(1 / 6)
    kept, expected = solver.best_keep([2, 3, 4, 5, 6], 1)
    assert kept is None and expected == 1.0  # already made: stop


def test_one_face_needs_more_than_a_wrong_independence_rule():
    # The single-die rule 1-(5/6)^k per missing die underestimates straights: exact odds differ.
    exact = Solver(table(brute.straight(4)), 3).before_first_roll()
    assert exact > 0.6


@pytest.mark.parametrize("mode", ["set_six", "adjust_one", "copy_own", "set_any"])
def test_card_terminal_equals_trying_every_change(mode):
    objective = brute.straight(5)
    values = table(objective)
    out = card_terminal(values, mode)
    for s in ALL_FIVE:
        best = values[FIVE_INDEX[s]]
        for i, v in product(range(5), range(1, 7)):
            new = list(s)
            if mode == "set_six" and v != 6:
                continue
            if mode == "adjust_one" and abs(v - s[i]) != 1:
                continue
            if mode == "copy_own" and v not in s[:i] + s[i + 1 :]:
                continue
            new[i] = v
            best = max(best, values[FIVE_INDEX[tuple(sorted(new))]])
        assert out[FIVE_INDEX[s]] == best, (mode, s)


def test_card_change_finishes_a_straight_and_reroll_card_is_an_expectation():
    values = table(brute.straight(5))
    value, plan = card_change(values, [1, 2, 3, 4, 4], "set_any")
    assert value == 1.0 and plan in ([(3, 5)], [(4, 5)])
    value, plan = card_change(values, [1, 2, 3, 4, 4], "reroll", 1)
    assert value == pytest.approx(1 / 6) and plan in ((3,), (4,))
    value, plan = card_change(values, [1, 2, 3, 4, 5], "set_six")
    assert value == 1.0 and plan is None  # already there: no card needed


def test_odds_for_the_window():
    hero = default_content().heroes["barbarian"]
    from game.ai.model import abilities

    found = odds(hero, abilities(hero, (), ("offensive", "ultimate")), None, 3)
    assert found[("crushing_blow", 0)] == pytest.approx(0.6154, abs=1e-4)
    assert found[("rampage", 0)] == pytest.approx(0.0133, abs=1e-4)
    assert found[("slap", 0)] > found[("slap", 1)] > found[("slap", 2)]
    held = odds(hero, abilities(hero, (), ("offensive",)), [1, 2, 3, 4, 6], 0)
    assert held[("crushing_blow", 0)] == 1.0 and held[("reckless", 0)] == 0.0
