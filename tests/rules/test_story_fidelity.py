"""Story tests for rules fidelity fixes (issue 16):

* rule 88 / 122: One More Time! and Better D! give an extra Roll Attempt to a chosen player -
  the one whose roll is under way, yourself, a teammate or an opponent - and an opponent may
  decline it; Try, Try Again! re-rolls dice of yours or a teammate's, never an opponent's.
* a card or token whose effect could change nothing now is not offered (Samesies! on a roll
  with one number only, Six-It! on sixes, Getting Paid! at 15 CP), in 1v1 and team games.
* rules 26 / 28: in a team format an ability with no part acting on an opponent makes no
  Targeting Roll (the Barbarian's Fortitude heals him alone).
"""

from __future__ import annotations

import pytest

from game.rules import ops, variants
from tests.helpers import Table
from tests.rules.test_story_generic_cards import (
    NOTHING,
    REVOLVER,
    SLAP,
    barb_announces,
    gun_rolled,
    offense_values,
    offered,
    refused,
    table,
)


def asked(t: Table, name: str) -> bool:
    return t.pending is not None and t.pending.player == t.seat(name)


# ================================================================ One More Time! / Better D!


def test_one_more_time_on_an_opponent_who_takes_it_and_decides_again():
    t = barb_announces(SLAP, hand=["one_more_time"], cp=1)
    assert "one_more_time" in offered(t, "gun")
    t.do("play", by="gun", card="one_more_time")
    # the extra attempt is his to take or turn down
    assert asked(t, "barb") and t.pending.kind == "choose"
    assert sorted(t.labels()) == ["Decline it", "Take the extra Roll Attempt"]
    t.do("choose", by="barb", option="Take the extra Roll Attempt")
    assert t.view.combat.attempts_total == 4
    # he had already declared Slap: he decides again and may roll
    assert asked(t, "barb") and t.pending.kind == "offensive_roll"
    assert any(a.kind == "roll" for a in t.options())
    assert not t.events("ability_activated")
    assert t.player("gun").cp == 0


def test_one_more_time_declined_by_the_opponent_changes_nothing_for_him():
    t = barb_announces(SLAP, hand=["one_more_time"], cp=1)
    t.do("play", by="gun", card="one_more_time")
    t.do("choose", by="barb", option="Decline it")
    assert t.view.combat.attempts_total == 3
    assert any("declines" in e.text for e in t.events("note"))
    t.settle()
    assert [e.data["ability"] for e in t.events("ability_activated")] == ["slap"]
    assert t.player("gun").cp == 0  # the card is spent all the same


def test_one_more_time_on_yourself_asks_nobody():
    t = gun_rolled(REVOLVER, hand=["one_more_time"], cp=1)
    t.do("play", by="gun", card="one_more_time")
    assert asked(t, "gun") and t.pending.kind == "offensive_roll"
    assert t.view.combat.attempts_total == 4


def test_one_more_time_only_while_an_offensive_roll_is_under_way():
    t = barb_announces(SLAP, hand=["one_more_time", "tip_it"], cp=5)
    t.do("pass", by="gun", window="offensive_announce")
    t.do("roll", by="gun", dice=[1])  # her Defensive Roll
    refused(t, "gun", "one_more_time", "only while an Offensive Roll is under way")


def test_better_d_on_an_opponent_defending():
    # She attacks; he rolls his defense and accepts it; she gives him another attempt.
    t = gun_rolled(REVOLVER, hand=["better_d"], cp=1)
    refused(t, "gun", "better_d", "only while a Defensive Roll is under way")
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.do("accept", by="barb")
    assert asked(t, "gun") and t.pending.window == "dice_roll"
    t.do("play", by="gun", card="better_d")
    t.do("choose", by="barb", option="Take the extra Roll Attempt")
    with t.engine.world.active():
        assert t.engine.combat.defense_attempts_total == 2
    assert asked(t, "barb") and any(a.kind == "roll" for a in t.options())
    t.do("roll", by="barb", reroll=[1, 2, 3], dice=[1, 1, 1])


# ================================================================ team games


def team_table(**players) -> Table:
    specs = {
        "a1": {"hero": "gunslinger", "hand": []},
        "a2": {"hero": "barbarian", "hand": []},
        "b1": {"hero": "barbarian", "hand": []},
        "b2": {"hero": "monk", "hand": []},
    }
    for name, extra in players.items():
        specs[name] = {**specs[name], **extra}
    return Table(mode="2v2", first="a1", start_at="offensive_roll", **specs)


def test_a_teammate_gives_one_more_time_and_is_not_asked_to_accept():
    t = team_table(a2={"hand": ["one_more_time"], "cp": 1})
    eng = t.engine
    with eng.world.active():
        assert eng.team(eng.player(t.seat("a1"))) == eng.team(eng.player(t.seat("a2")))
    t.do("roll", by="a1", dice=REVOLVER)
    t.do("activate", by="a1", ability="revolver", row=0)
    for _ in range(10):  # the others answer in turn order
        if asked(t, "a2"):
            break
        t.do("pass", by=t.names[t.pending.player])
    assert "one_more_time" in offered(t, "a2")
    t.do("play", by="a2", card="one_more_time")
    assert asked(t, "a1") and t.pending.kind == "offensive_roll"
    assert t.view.combat.attempts_total == 4
    t.close()


def test_try_try_again_rerolls_a_teammates_dice_never_an_opponents():
    t = team_table(a2={"hand": ["try_try_again"], "cp": 1}, b1={"hand": ["try_try_again"], "cp": 1})
    t.do("roll", by="a1", dice=REVOLVER)
    t.do("activate", by="a1", ability="revolver", row=0)
    seen = set()
    for _ in range(10):
        name = t.names[t.pending.player]
        if name == "b1":
            refused(t, "b1", "try_try_again", "none of your side's dice can be altered now")
            seen.add("b1")
        if name == "a2":
            seen.add("a2")
            break
        t.do("pass", by=name)
    assert "a2" in seen
    t.do("play", by="a2", card="try_try_again")
    labels = t.labels()
    assert labels and all(label.startswith("Re-roll a1's") for label in labels)
    t.do("choose", by="a2", option="Re-roll a1's dice 4, 5", dice=[1, 1])
    assert offense_values(t, "a1") == [1, 2, 3, 1, 1]
    t.close()


def test_a_self_heal_in_2v2_makes_no_targeting_roll():
    # Fortitude (three Hearts: heal 4) acts on the Barbarian alone (rules 26 and 28).
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "barbarian", "hand": [], "health": 30},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "monk", "hand": []},
    )
    before = t.player("a1").health
    t.do("roll", by="a1", dice=[4, 4, 5, 1, 2])
    t.do("activate", by="a1", ability="fortitude", row=0)
    t.settle()
    assert not t.events("targeting_roll") and not t.events("target_chosen")
    assert not t.events("attack_declared")
    assert t.player("a1").health == before + 4
    t.close()


def test_an_ability_acting_on_an_opponent_still_makes_the_targeting_roll():
    t = team_table()
    t.do("roll", by="a1", dice=REVOLVER)
    t.do("activate", by="a1", ability="revolver", row=0)
    t.settle()
    assert len(t.events("targeting_roll")) == 1
    t.close()


def test_which_effects_act_on_an_opponent():
    heal = [{"do": "heal", "amount": 4}]
    assert not variants.touches_opponent(heal)
    assert not variants.touches_opponent([{"do": "gain_status", "status": "evasive"}])
    assert variants.touches_opponent([{"do": "deal_damage", "amount": 2}])
    assert variants.touches_opponent([{"do": "inflict_status", "status": "stun"}])
    assert variants.touches_opponent([{"do": "remove_status", "status": "any"}])
    assert not variants.touches_opponent(
        [{"do": "remove_status", "status": "any_negative", "target": "self"}]
    )
    assert variants.touches_opponent([{"do": "heal", "amount": 2, "target": "opponent"}])
    # nested parts count, and so does a condition that reads the target
    assert variants.touches_opponent([{"do": "then", "effects": [{"do": "deal_damage"}]}])
    assert variants.touches_opponent(
        [{"do": "if", "condition": {"target_has_status": "burn"}, "effects": heal}]
    )
    assert not variants.touches_opponent(
        [{"do": "if", "condition": {"self_has_status": "burn"}, "effects": heal, "else": heal}]
    )
    assert variants.touches_opponent(
        [{"do": "choose_one", "options": [{"label": "x", "effects": [{"do": "steal_cp"}]}]}]
    )


# ================================================================ nothing to change


def test_samesies_is_not_offered_when_every_die_shows_one_number():
    t = gun_rolled([6, 6, 6, 6, 6], hand=["samesies", "six_it"], cp=2)
    refused(t, "gun", "samesies", "it would change nothing now")
    refused(t, "gun", "six_it", "it would change nothing now")
    assert t.player("gun").cp == 2
    t = gun_rolled([6, 6, 6, 6, 5], hand=["samesies", "six_it"], cp=2)
    assert {"samesies", "six_it"} <= set(offered(t, "gun"))


def test_samesies_is_not_offered_on_a_single_defense_die():
    # The Gunslinger defends with one die: nothing to copy.
    t = table(first="barb", gun={"hand": ["samesies", "six_it"], "cp": 2})
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    for _ in range(10):
        if t.pending.kind == "defensive_roll" and any(a.kind == "accept" for a in t.options()):
            break
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options.get("roll"))
    refused(t, "gun", "samesies", "it would change nothing now")


def test_getting_paid_at_15_cp_is_not_offered():
    t = table(start_at="main1", gun={"hand": ["getting_paid"], "cp": 15})
    refused(t, "gun", "getting_paid", "it would change nothing now")
    t = table(start_at="main1", gun={"hand": ["getting_paid"], "cp": 14})
    assert "getting_paid" in offered(t, "gun")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "simple", "heuristic"])
def test_computer_players_take_an_offered_attempt(level):
    from game.ai import make_ai

    t = barb_announces(SLAP, hand=["one_more_time"], cp=1)
    t.do("play", by="gun", card="one_more_time")
    assert asked(t, "barb")
    for seed in range(8):
        action = make_ai(level, seed).decide(t.engine, t.pending)
        assert action.get("option") == "take", seed


# ================================================================ rule 95


def test_tokens_a_defeated_player_placed_stay_in_play():
    # King of the Hill: the Pyromancer burns the Monk, then falls; the Burn stays on the Monk.
    t = Table(
        mode="koth",
        first="p1",
        start_at="main1",
        p1={"hero": "pyromancer", "hand": []},
        p2={"hero": "monk", "hand": []},
        p3={"hero": "barbarian", "hand": []},
    )
    eng = t.engine
    with eng.world.active():
        pyro, monk = eng.player(t.seat("p1")), eng.player(t.seat("p2"))
        ops.give_status(eng, monk, "burn", 1, pyro)
        ops.change_health(eng, pyro, -eng.health(pyro), "test")
        ops.settle_defeats(eng)
        assert not eng.alive(pyro) and not eng.info.over
        assert ops.status_count(eng, monk, "burn") == 1
        assert ops.last_source(monk, "burn") == pyro
    t.close()
