"""The Normal and Hard players in situations where one decision matters."""

from __future__ import annotations

import pytest

from game.ai import make_ai
from game.ai.heuristic import HeuristicAI
from tests.helpers import Table

SMART = ["normal", "hard"]


def decide(table: Table, level: str, seed: int = 1):
    ai = make_ai(level, seed)
    choice = table.pending
    action = ai.decide(table.engine, choice)
    assert choice.find(action) is not None
    return ai, choice, action


def answer_until(table: Table, ai, seat: int, limit: int = 10) -> None:
    """Let `ai` answer its own follow-up questions (which die, which value ...)."""
    for _ in range(limit):
        choice = table.pending
        if choice is None or choice.player != seat or choice.kind != "choose":
            return
        table.apply(ai.decide(table.engine, choice))


@pytest.mark.parametrize("level", SMART)
def test_stops_an_announced_ultimate_with_a_dice_card(level):
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": ["so_wild"], "cp": 4},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert t.pending.kind == "respond" and t.pending.window == "offensive_announce"
    ai, _choice, action = decide(t, level)
    assert action.kind == "play"
    t.apply(action)
    answer_until(t, ai, t.seat("gun"))
    dice = next(d for d in t.view.dice if d.group == t.view.combat.offense_group)
    assert dice.values.count(6) == 4  # the Ultimate is broken
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_finishes_a_small_straight_with_a_card_on_the_last_attempt(level):
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": ["tip_it"], "cp": 3},
        gun={"hero": "gunslinger", "hand": []},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 5, 5])
    t.do("roll", by="barb", reroll=[5], dice=[5])
    t.do("roll", by="barb", reroll=[5], dice=[5])
    ai, _choice, action = decide(t, level)
    assert action.kind == "play"  # Tip It!: a 5 becomes a 4
    t.apply(action)
    answer_until(t, ai, t.seat("barb"))
    _ai, _choice, action = decide(t, level)
    assert action.kind == "activate" and action.get("ability") == "crushing_blow"
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_activates_the_best_ability_the_dice_allow(level):
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": [], "health": 6},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 5])  # Large Straight (and 3 Swords)
    t.do("roll", by="barb", reroll=[1], dice=[1])
    t.do("roll", by="barb", reroll=[1], dice=[1])
    # Crushing Blow (8) could be halved by Duel; Reckless (15) kills even if halved.
    _ai, _choice, action = decide(t, level)
    assert action.kind == "activate" and action.get("ability") == "reckless"
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_keeps_the_dice_the_exact_solve_keeps(level):
    # The Barbarian's small straight (Crushing Blow) is worth keeping: 1-2-3-4 stay, the 6
    # is re-rolled for the large straight (Reckless) or kept as the Strength it shows.
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": []},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])
    _ai, _choice, action = decide(t, level)
    if action.kind == "roll":
        kept = [v for i, v in enumerate([1, 2, 3, 4, 6]) if i not in action.get("dice")]
        assert {1, 2, 3, 4} <= set(kept)
    else:
        assert action.kind == "activate" and action.get("ability") == "crushing_blow"
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_spends_evasive_against_a_big_hit(level):
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": [], "statuses": {"evasive": 1}},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="barb", ability="reckless")  # 15 damage
    # Gunslinger's Duel defense, then the last window before damage.
    for _ in range(6):
        choice = t.pending
        if (
            choice.kind == "respond"
            and choice.window == "before_damage"
            and choice.player == t.seat("gun")
        ):
            break
        if choice.player == t.seat("gun") and choice.kind in ("defensive_roll", "choose"):
            ai = make_ai(level, 3)
            t.apply(ai.decide(t.engine, choice))
        else:
            t.apply(
                next(
                    o.action for o in choice.options if o.action.kind in ("pass", "accept", "roll")
                )
            )
    choice = t.pending
    assert choice.window == "before_damage" and choice.player == t.seat("gun")
    _ai, _choice, action = decide(t, level)
    assert action.kind == "spend" and action.get("status") == "evasive"
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_pays_for_knockdown_and_buys_an_upgrade(level):
    t = Table(
        first="gun",
        gun={"hero": "gunslinger", "hand": ["take_cover_2"], "cp": 5, "statuses": {"knockdown": 1}},
        barb={"hero": "barbarian", "hand": []},
        start_at="main1",
    )
    _ai, _choice, action = decide(t, level)
    assert action.kind == "play"  # Take Cover II (3 CP) leaves 2 for the Knockdown
    t.apply(action)
    t.apply(next(o.action for o in t.pending.options if o.action.kind == "end_phase"))
    choice = t.pending
    assert choice.kind == "choose"
    _ai, _choice, action = decide(t, level)
    assert "pay 2 cp" in choice.find(action).label.lower()
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_head_bash_after_a_big_hit(level):
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": ["head_bash"], "cp": 3},
        gun={"hero": "gunslinger", "hand": []},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[2, 2, 6, 6, 4])
    t.do("activate", by="barb", ability="smack")  # 6 undefendable
    for _ in range(8):
        choice = t.pending
        if choice.window == "after_damage" and choice.player == t.seat("barb"):
            break
        t.apply(next(o.action for o in choice.options if o.action.kind in ("pass", "accept")))
    _ai, _choice, action = decide(t, level)
    assert action.kind == "play"
    t.close()


def test_heuristic_keeps_by_the_single_die_rule():
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": []},
        start_at="offensive_roll",
    )
    t.do("roll", by="barb", dice=[1, 1, 4, 5, 6])
    ai = HeuristicAI(1)
    action = ai.decide(t.engine, t.pending)
    assert action.kind == "roll" and set(action.get("dice")) <= {2, 3, 4}
    t.close()


@pytest.mark.parametrize("level", SMART)
def test_removes_the_opponents_good_token_not_her_own_or_their_bleed(level):
    """Vampire Lord's 2 Blood Power removes a status effect of her choice: the computer takes
    the Monk's Chi (it helps him), not his Bleed (hers, hurting him) nor her own Blood Power.
    (The choice once went by a list of two "good" statuses, Evasive and Reload, and took the
    first of the rest: his Bleed.)"""
    t = Table(
        first="vl",
        vl={"hero": "vampire_lord", "hand": [], "statuses": {"blood_power": 3}},
        monk={"hero": "monk", "hand": [], "statuses": {"chi": 1, "bleed": 1}},
    )
    t.do("spend", by="vl", status="blood_power")
    t.do("choose", by="vl", option="remove a status")
    choice = t.pending
    options = [o.action.get("option") for o in choice.options]
    assert {f"{t.seat('monk')}:chi", f"{t.seat('monk')}:bleed"} <= set(options)
    assert f"{t.seat('vl')}:blood_power" in options
    _ai, _choice, action = decide(t, level)
    assert action.get("option") == f"{t.seat('monk')}:chi"
    t.close()
