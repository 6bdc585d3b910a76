"""Portal Crawl turns in the duel engine (Adventures rules 12-36, 40-47, 55-60)."""

from __future__ import annotations

import esper
import pytest

from game.adventures import crawl
from game.rules import ops
from game.rules.actions import IllegalAction, act
from game.rules.engine import replay
from game.rules.invariants import check_invariants
from tests.adventures.crawl_kit import (
    adv,
    ais,
    kinds,
    new_crawl,
    run_until,
    step,
    tile,
    world,
)


def test_rules_19_to_23_setup_map_face_down_standees_on_the_sands_gold_and_start_player():
    eng = new_crawl(("barbarian", "monk"), seed=4, salves=3, gold=12)
    log = eng.log
    with world(eng):
        assert tile(eng, "sands").explored  # rule 19: the Crimson Sands face up
        assert not any(tile(eng, s).explored for s in ("b", "c", "d", "portal"))
        assert tile(eng, "a").tile.startswith("plain")  # a level I tile drawn onto the slot
        sc = crawl.scenario(eng)
        assert sc.shards == 0 and sc.shards_needed == 3
        # rule 23: the Start Player is whoever rolled the Loot die highest
        rolls = [e for e in log if e.kind == "loot_die" and e.data["why"] == "for the first turn"]
        start = next(e for e in log if e.kind == "match_started").data["start"]
        last = rolls[-2:]
        assert max(last, key=lambda e: e.data["value"]).data["player"] == start
        assert all(1 <= e.data["value"] <= 20 for e in rolls)
        # rule 15: three Starting Salves shared out from the Start Player
        assert sorted(adv(eng, s).salves for s in (0, 1)) == [1, 2]
        assert adv(eng, start).salves == 2
    # rule 21/22: everyone starts on the Crimson Sands; the Gold dial is the card's
    first = next(e for e in log if e.kind == "crawl_started")
    assert first.data["gold"] == 12


def test_rule_28_and_24_movement_only_through_explored_tiles_and_the_portal_needs_3_shards():
    eng = new_crawl(("barbarian",), seed=2)
    with world(eng):
        player = eng.player(0)
        crawl.adventurer(player).tile = "sands"
        for s in ("a", "b", "c", "d", "portal"):
            tile(eng, s).explored = False
        assert crawl.destinations(eng, player) == [("a", "explore")]
        tile(eng, "a").explored = True
        assert crawl.destinations(eng, player) == [("b", "explore"), ("c", "explore")]
        tile(eng, "b").explored = True
        assert ("portal", "explore") not in crawl.destinations(eng, player)  # rule 24
        crawl.scenario(eng).shards = 3
        assert ("portal", "explore") in crawl.destinations(eng, player)


def test_rule_28_a_battle_tile_can_be_joined_but_not_crossed():
    eng = new_crawl(("barbarian", "monk"), seed=2)
    with world(eng):
        me, mate = eng.player(0), eng.player(1)
        for s in ("a", "c"):
            tile(eng, s).explored = True
        minion = crawl.reveal_minion(eng, tile(eng, "c"), 1)
        crawl.adventurer(mate).tile = "c"
        crawl.engage(eng, mate, minion)
        crawl.adventurer(me).tile = "sands"
        moves = dict(crawl.destinations(eng, me))
        assert moves == {"b": "explore", "c": "join"}  # d lies beyond the battle: out of reach


def test_rules_31_32_exploring_takes_items_then_cp_gold_choices_then_the_minion_in_order():
    special = {
        "id": "oasis",
        "name": "Oasis",
        "cp": 1,
        "gold": 2,
        "mandatory": [{"do": "heal", "amount": 1}],
        "choices": [
            {"label": "Drink", "effects": [{"do": "heal", "amount": 3}]},
            {"label": "Fill flasks", "effects": [{"do": "pay_gold", "amount": 4}, {"do": "salve"}]},
            {"label": "Too dear", "effects": [{"do": "pay_gold", "amount": 99}]},
        ],
        "minion": 1,
    }
    eng = new_crawl(("barbarian",), seed=3, tiles=[special] * 4, items={"a": ["shard", "salve"]})
    choice = eng.pending  # the first turn moved to 'a' (the only way) and explored it
    assert choice.kind == "adventure_choice"
    assert [o.label for o in choice.options] == ["Drink", "Fill flasks"]  # 99 Gold: not offered
    seen = kinds(eng.log)
    order = [
        "shard_delivered",
        "salve_found",
        "tile_explored",
        "cp_changed",
        "gold_changed",
        "healed",
    ]
    positions = [seen.index(k) for k in order]
    assert positions == sorted(positions)
    assert "minion_revealed" not in seen  # (d) comes after the choice
    events = eng.apply(choice.options[1].action)
    after = kinds(events)
    assert after.index("tile_choice") < after.index("minion_revealed")
    with world(eng):
        me = eng.player(0)
        sc = crawl.scenario(eng)
        assert sc.gold == 10 + 2 - 4 and sc.shards == 1
        assert crawl.adventurer(me).salves == 2  # one on the tile, one bought
        minion = crawl.adventurer(me).engaged
        assert minion is not None and tile(eng, "a").minion == minion  # rule 32(d) / 34


def test_rules_26_36_40_an_engaged_hero_skips_moving_and_first_strike_acts_before_the_hero():
    eng = new_crawl(
        ("barbarian",),
        seed=5,
        tiles=[dict(id="lair", name="Lair", minion=1)] * 4,
        minions={"1": ["bog_rats"], "4": ["dread_golem"]},
    )
    # the first turn revealed the Bog Rat Swarm (First Strike); the second turn is the battle
    run_until(eng, lambda e, seen: "hero_step" in kinds(e.log))
    events = eng.log
    turn = [e for e in events if e.kind == "crawl_turn"][-1]
    assert turn.data["engaged"] is True
    turns = [i for i, k in enumerate(kinds(events)) if k == "crawl_turn"]
    later = kinds(events)[turns[-1] :]
    assert "hero_moved" not in later  # rule 36: no moving while engaged
    assert later.index("first_strike") < later.index("hero_step")  # rule 40


def test_rule_28_joining_a_teammates_battle_goes_straight_to_the_minion_battle():
    lair = dict(id="lair", name="Lair", minion=1)
    eng = new_crawl(("barbarian", "monk"), seed=7, tiles=[lair] * 4)
    # The Start Player explored 'a' and met a Minion; the other hero's only way leads onto 'a',
    # so they join that battle (a single option is taken without asking).
    run_until(eng, lambda e, seen: any(x.kind == "hero_moved" and x.data["join"] for x in e.log))
    log = eng.log
    join = next(i for i, e in enumerate(log) if e.kind == "hero_moved" and e.data["join"])
    mover = log[join].data["player"]
    rest = log[join:]
    step_at = next(i for i, e in enumerate(rest) if e.kind == "hero_step")
    assert rest[step_at].data["player"] == mover  # fighting in the same turn...
    assert "crawl_turn" not in kinds(rest[:step_at])  # ...before anyone else's turn
    with world(eng):
        assert crawl.adventurer(eng.player(mover)).engaged == tile(eng, "a").minion


def test_rule_46_a_fallen_minion_rewards_the_active_hero_and_every_hero_rolls_for_its_chest():
    eng = new_crawl(("barbarian", "monk"), seed=8, tiles=[dict(id="lair", name="L", minion=1)] * 4)
    if eng.pending.kind == "adventure_instant":  # rule 33: play nothing before moving
        eng.apply(act(eng.pending.player, "done"))
    with world(eng):
        me, mate = eng.player(0), eng.player(1)
        minion = tile(eng, "a").minion
        assert minion is not None
        crawl.adventurer(mate).tile = "a"
        crawl.engage(eng, mate, minion)
        cp_before = eng.cp(me)
        eng.dial(minion).health = 0
        ops.settle_defeats(eng)
        assert not eng.over  # a Minion falling ends nothing by itself
        eng._events = []
        crawl.settle_minions(eng, me)
        events = eng._events
        sc = crawl.scenario(eng)
        gains = [e for e in events if e.kind == "cp_changed" and "defeating" in e.text]
        assert [(e.data["player"], e.data["delta"]) for e in gains] == [(0, 2)]  # to the active
        assert eng.cp(me) >= min(15, cp_before + 2)
        chests = [e for e in events if e.kind == "loot_die"]
        assert sorted(e.data["player"] for e in chests) == [0, 1]  # every hero rolls (rule 46)
        assert sc.minion_decks["1"][-1] == "cultist_acolyte"  # to the bottom of its deck
        assert crawl.adventurer(me).engaged is None and crawl.adventurer(mate).engaged is None
        assert tile(eng, "a").minion is None


def test_rule_55_salves_heal_yourself_or_revive_a_fallen_teammate_never_yourself():
    eng = new_crawl(("barbarian", "monk"), seed=9, salves=2)
    with world(eng):
        me, mate = eng.player(0), eng.player(1)
        crawl.adventurer(me).salves = 2
        crawl.adventurer(mate).salves = 0
        eng.dial(me).health = 10
        labels = [o.label for o in crawl.salve_options(eng, me)]
        assert any("heal 5" in label for label in labels)
        eng.dial(mate).health = 0
        ops.settle_defeats(eng)  # the teammate falls; a Salve is left, so play goes on
        assert crawl.adventurer(mate).fallen and not eng.over
        options = crawl.salve_options(eng, me)
        revive = [o for o in options if o.action.get("target") == 1]
        assert revive and "revive" in revive[0].label
        assert not [o for o in crawl.salve_options(eng, mate)]  # the fallen cannot act
        crawl.spend_salve(eng, me, mate)
        assert eng.alive(mate) and eng.health(mate) == 13  # half of 25, rounded up
        crawl.spend_salve(eng, me, me)
        assert eng.health(me) == 15 and crawl.adventurer(me).salves == 0


def test_rule_58_a_fallen_hero_nobody_can_revive_loses_the_crawl():
    eng = new_crawl(("barbarian", "monk"), seed=10)
    with world(eng):
        for seat in (0, 1):
            crawl.adventurer(eng.player(seat)).salves = 0
        eng.dial(eng.player(1)).health = 0
        ops.settle_defeats(eng)
        assert crawl.scenario(eng).result == "lost"
    assert eng.over and eng.pending is None
    with pytest.raises(IllegalAction):
        eng.apply(act(0, "done"))


def test_rule_59_the_portal_guardian_must_fall_with_nobody_engaged_to_win():
    eng = new_crawl(("barbarian", "monk"), seed=11)
    with world(eng):
        me, mate = eng.player(0), eng.player(1)
        for s in ("a", "b", "c"):
            tile(eng, s).explored = True
        guardian = crawl.reveal_minion(eng, tile(eng, "portal"), 4)
        crawl.scenario(eng).portal_minion = guardian
        crawl.adventurer(me).tile = "portal"
        crawl.engage(eng, me, guardian)
        other = crawl.reveal_minion(eng, tile(eng, "c"), 1)
        crawl.adventurer(mate).tile = "c"
        crawl.engage(eng, mate, other)
        eng.dial(guardian).health = 0
        ops.settle_defeats(eng)
        crawl.settle_minions(eng, me)
        crawl.check_win(eng)
        assert crawl.scenario(eng).portal_defeated and not crawl.scenario(eng).result
        eng.dial(other).health = 0
        ops.settle_defeats(eng)
        crawl.settle_minions(eng, mate)
        crawl.check_win(eng)
        assert crawl.scenario(eng).result == "won"
        assert eng.info.over and eng.info.winner_team == 0


def test_a_whole_crawl_plays_to_an_end_and_replays_to_the_same_digest():
    items = {"a": ["shard"], "b": ["shard", "chest:common"], "d": ["shard", "salve"]}
    tiles = [
        dict(id="t1", name="Dunes", cp=1, gold=2),
        dict(id="t2", name="Ruins", minion=1, gold=1),
        dict(
            id="t3",
            name="Well",
            choices=[
                {"label": "Drink", "effects": [{"do": "heal", "amount": 2}]},
                {
                    "label": "Gamble",
                    "effects": [
                        {"do": "gamble", "at_least": 11, "effects": [{"do": "gold", "amount": 5}]}
                    ],
                },
            ],
        ),
        dict(id="t4", name="Camp", mandatory=[{"do": "lose_health", "amount": 1}]),
    ]
    eng = new_crawl(("barbarian", "monk"), seed=12, items=items, tiles=tiles, salves=2)
    controllers = ais(eng)
    steps = 0
    while not eng.over:
        step(eng, controllers)
        steps += 1
        if steps % 25 == 0:
            assert check_invariants(eng) == []
    with world(eng):
        assert crawl.scenario(eng).result in ("won", "lost")
    again = replay(eng.setup, eng.actions)
    assert again.digest() == eng.digest()
    again.close()
    eng.close()


def test_scenario_json_is_required_and_unknown_tile_verbs_are_refused():
    from game.rules.engine import Engine, MatchSetup, SeatSetup

    with pytest.raises(ValueError, match=r"MatchSetup\.adventure"):
        Engine.new_match(MatchSetup(seats=(SeatSetup("barbarian"),), mode="adventure_crawl"))
    eng = new_crawl(("barbarian",), seed=1)
    with world(eng), pytest.raises(ValueError, match="unknown tile effect"):
        crawl.run_tile_effect(eng, eng.player(0), {"do": "teleport"}, "test")
    assert esper.current_world == "default"


def test_rule_11_a_no_solo_minion_goes_under_its_deck_in_a_solo_crawl():
    eng = new_crawl(("barbarian",), seed=13, minions={"2": ["fire_imp", "orc_brute"]})
    with world(eng):
        crawl.scenario(eng).minion_decks["2"] = ["fire_imp", "orc_brute"]
        minion = crawl.reveal_minion(eng, tile(eng, "c"), 2)
        assert eng.hero(minion).id == "orc_brute"  # Fire Imp is No Solo
        assert crawl.scenario(eng).minion_decks["2"] == ["fire_imp"]
    duo = new_crawl(("barbarian", "monk"), seed=13, minions={"2": ["fire_imp", "orc_brute"]})
    with world(duo):
        crawl.scenario(duo).minion_decks["2"] = ["fire_imp", "orc_brute"]
        assert duo.hero(crawl.reveal_minion(duo, tile(duo, "c"), 2)).id == "fire_imp"


def test_rule_21_every_standee_starts_on_the_crimson_sands():
    eng = new_crawl(("barbarian", "monk", "ninja"), seed=14)
    assert eng.pending.kind in ("adventure_instant", "adventure_move")  # nobody moved yet
    with world(eng):
        sc = crawl.scenario(eng)
        assert len(sc.order) == 3
        assert [crawl.adventurer(p).tile for p in sc.order] == ["sands"] * 3


def test_rule_27_after_a_battle_turn_both_standing_the_hero_stays_engaged_next_turn():
    lair = dict(id="lair", name="Lair", minion=1)
    eng = new_crawl(
        ("barbarian",),
        seed=15,
        tiles=[lair] * 4,
        minions={"1": ["orc_brute"], "2": ["orc_brute"], "4": ["dread_golem"]},
        health=40,
    )
    with world(eng):
        minion = tile(eng, "a").minion
        eng.dial(minion).health = 99  # it will survive a turn
        eng.dial(minion).start = 99
    run_until(eng, lambda e, seen: sum(k == "crawl_turn" for k in kinds(e.log)) >= 3)
    turns = [e for e in eng.log if e.kind == "crawl_turn"]
    assert [t.data["engaged"] for t in turns[:3]] == [False, True, True]


def test_rule_35_a_hero_fights_only_the_minion_of_their_own_tile():
    eng = new_crawl(
        ("barbarian", "monk"), seed=16, minions={"1": ["ghoul", "orc_brute", "bog_rats"]}
    )
    with world(eng):
        me, mate = eng.player(0), eng.player(1)
        here = crawl.reveal_minion(eng, tile(eng, "b"), 1)
        there = crawl.reveal_minion(eng, tile(eng, "c"), 1)
        crawl.engage(eng, me, here)
        crawl.engage(eng, mate, there)
        assert eng.opponents(me) == [here] and eng.opponents(mate) == [there]
        assert eng.opponents(here) == [me]
