"""A scenario file's setup means exactly what it says (issue 16 item 12, issue 15 item 4): limits
are raised before statuses are placed, a preset negative status has an inflicter (named with
`inflicted_by`, by default the nearest opponent), more tokens than the limit, impossible hands
and decks are refused. Uses heroes with a setup step (Cursed Pirate, Treant) as well."""

from __future__ import annotations

import pytest

from game.rules import ops
from game.scenario import ScenarioError
from tests.helpers import Table


def holder_sources(t: Table, name: str, status: str) -> list[int]:
    with t.engine.world.active():
        stack = ops.find_stack(t.engine.player(t.seat(name)), status)
        return [t.engine.seat(p) for p in stack.sources]


def test_a_raised_limit_is_filled_at_setup():
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        pal={"hero": "paladin", "hand": [], "statuses": {"protect": 2}, "limits": {"protect": 1}},
    )
    assert t.player("pal").statuses["protect"] == 2


def test_more_than_the_limit_is_refused_not_cut():
    with pytest.raises(ScenarioError, match=r"players.pal.statuses.protect: 2 cannot be held"):
        Table(
            first="barb",
            barb={"hero": "barbarian", "hand": []},
            pal={"hero": "paladin", "hand": [], "statuses": {"protect": 2}},
        )


def test_a_limit_on_an_unknown_status_is_refused():
    with pytest.raises(ScenarioError, match=r"players.pal.limits.protekt: unknown status"):
        Table(
            first="barb",
            barb={"hero": "barbarian"},
            pal={"hero": "paladin", "limits": {"protekt": 1}},
        )


def test_a_preset_negative_status_is_inflicted_by_the_only_opponent():
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": [], "statuses": {"stun": 1}},
    )
    assert holder_sources(t, "gun", "stun") == [t.seat("barb")]


def test_a_preset_positive_status_is_the_holders_own():
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": []},
        gun={"hero": "gunslinger", "hand": [], "statuses": {"evasive": 2}},
    )
    assert holder_sources(t, "gun", "evasive") == [t.seat("gun")] * 2


def test_inflicted_by_names_the_inflicter_among_several_opponents():
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "gun": {"hero": "gunslinger", "hand": []},
        "monk": {"hero": "monk", "hand": [], "statuses": {"stun": 1}},
    }
    nearest = Table(first="barb", **players)
    assert holder_sources(nearest, "monk", "stun") == [nearest.seat("barb")]  # clockwise
    players["monk"] = {**players["monk"], "inflicted_by": {"stun": "gun"}}
    named = Table(first="barb", **players)
    assert holder_sources(named, "monk", "stun") == [named.seat("gun")]


def test_inflicted_by_must_name_a_player_and_a_held_status():
    base = {"barb": {"hero": "barbarian"}}
    with pytest.raises(ScenarioError, match=r"inflicted_by.stun: unknown player 'zed'"):
        Table(
            first="barb",
            **base,
            gun={"hero": "gunslinger", "statuses": {"stun": 1}, "inflicted_by": {"stun": "zed"}},
        )
    with pytest.raises(ScenarioError, match=r"inflicted_by.stun: gun holds no stun"):
        Table(first="barb", **base, gun={"hero": "gunslinger", "inflicted_by": {"stun": "barb"}})


def test_a_pirates_doubloons_placed_on_a_rival_pirate_by_the_setup_stay_her_own():
    """A positive status keeps no outside inflicter, so the rival-Doubloon conversion (a token
    placed by another Pirate) does not happen at setup; the Hero Setup adds its 3 after."""
    t = Table(
        first="a",
        a={"hero": "cursed_pirate", "hand": []},
        b={"hero": "cursed_pirate", "hand": [], "statuses": {"cursed_doubloon": 2}},
    )
    t.settle()
    assert t.player("b").statuses.get("cursed_doubloon") == 5
    assert "rival_doubloon" not in t.player("b").statuses


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            {"hero": "monk", "hand": ["deep_breath", "deep_breath"]},
            r"players.p1.hand: no 'deep_breath' card left to place \(Monk's deck holds 1\)",
        ),
        (
            {"hero": "monk", "hand": ["deep_breath"], "deck_top": ["deep_breath"]},
            r"players.p1.deck_top: no 'deep_breath'",
        ),
        (
            {"hero": "monk", "discard": ["deep_breath"], "deck": ["deep_breath"]},
            r"players.p1.deck: no 'deep_breath'",
        ),
        (
            {"hero": "monk", "hand": ["no_such_card"]},
            r"players.p1.hand: unknown card 'no_such_card'",
        ),
        (
            {"hero": "cursed_pirate", "hand": ["tainted_tribute", "tainted_tribute"]},
            r"players.p1.hand: no 'tainted_tribute' card left to place "
            r"\(Cursed Pirate's deck holds 1\)",
        ),
        ({"hero": "treant", "deck": ["sprout", "sprout"]}, r"players.p1.deck: no 'sprout'"),
    ],
)
def test_impossible_hands_and_decks_are_refused(spec, message):
    with pytest.raises(ScenarioError, match=message):
        Table(first="p1", p1=spec, p2={"hero": "barbarian", "hand": []})


def test_a_hand_may_hold_every_copy_the_deck_has():
    t = Table(
        first="p1",
        p1={"hero": "treant", "hand": ["six_it", "six_it", "sprout"], "deck_top": ["getting_paid"]},
        p2={"hero": "monk", "hand": []},
    )
    assert sorted(cid for _card, cid in t.player("p1").hand) == ["six_it", "six_it", "sprout"]


def test_an_unknown_flag_is_refused():
    with pytest.raises(ScenarioError, match=r"players.p1.flags: unknown flag 'fly'"):
        Table(first="p1", p1={"hero": "huntress", "flags": ["fly"]}, p2={"hero": "barbarian"})
