"""Bosses: the Upgrade deck at setup (rules 62-66) and the Boss Step (rules 69-76).

Rule numbers are those of ../shared/spec/adventures_rules.md.
"""

from __future__ import annotations

from pathlib import Path

from game.adventures import boss as B
from game.adventures.boss import BossUpgrade, apply_upgrades
from game.rules.components import KingsHandRules
from game.rules.engine import Engine, MatchSetup, SeatSetup
from game.scenario import build, check, from_data, run_steps, settle


def _card(slot: str, level: int, cost: int) -> BossUpgrade:
    return BossUpgrade(
        id=f"{slot}_{level}", name=f"{slot} {level}", slot=slot, level=level, cost=cost
    )


# ---------------------------------------------------------------- rule 65, the worked example


def test_rule65_level3_over_level2_pays_the_difference():
    a, b = 3, 5
    result = apply_upgrades([_card("axe", 2, a), _card("axe", 3, b)], 8)
    assert result.levels == {"axe": 3}
    assert result.spent == a + (b - a)
    assert result.left == 8 - b


def test_rule65_a_level2_after_its_level3_is_discarded_and_the_next_card_flipped():
    result = apply_upgrades([_card("axe", 3, 5), _card("axe", 2, 3), _card("fist", 2, 2)], 8)
    assert result.discarded == ["axe_2"]
    assert result.levels == {"axe": 3, "fist": 2}
    assert result.spent == 7  # nothing paid (or refunded) for the discarded card


def test_rule65_an_unaffordable_card_is_discarded_and_setup_stops():
    order = [_card("axe", 2, 3), _card("fist", 3, 6), _card("kick", 2, 1)]
    result = apply_upgrades(order, 8)
    assert result.levels == {"axe": 2}
    assert result.stopped_by == "fist_3"
    assert "kick_2" not in result.discarded  # never flipped
    assert result.left == 5  # unspent Upgrade CP is simply lost (rule 66)


# ---------------------------------------------------------------- setup in a match


def _boss_match(seed: int, boss: str = "fallen_barbarian", heroes=("barbarian", "gunslinger")):
    seats = tuple(SeatSetup(h, team=0) for h in heroes)
    setup = MatchSetup(
        seats=seats,
        seed=seed,
        mode="adventure_battle",
        health=50,
        shared_team_dial=True,
        turn_limit=300,
    )

    def arrange(eng):
        B.setup_boss(
            eng,
            boss,
            health=70,
            upgrade_cp=8,
            starting_cp=2,
            kings_hand_tokens=2,
            kings_hand=KingsHandRules(1, 5, 6),
        )

    return Engine.new_match(setup, before_start=arrange)


def test_rules64_66_setup_boss_upgrades_with_the_match_rng_and_sets_starting_values():
    eng = _boss_match(4)
    upgraded = [e for e in eng.log if e.kind == "boss_upgraded"]
    assert len(upgraded) == 1 and 0 < upgraded[0].data["spent"] <= 8
    with eng.world.active():
        boss = eng.player(2)
        levels = eng.board(boss).levels
        assert {k: v for k, v in levels.items() if v > 1} == upgraded[0].data["levels"]
        assert eng.dial(boss).start == 70 and eng.health(boss) == 70  # untouched so far
        assert eng.cp(boss) == 2  # the Starting CP
        from game.rules import ops

        assert ops.status_count(eng, boss, "kings_hand") == 2
        actions = eng.content.bosses["fallen_barbarian"].actions
        assert len(eng.piles(boss).deck) + len(eng.piles(boss).hand) == len(actions) == 12
    again = _boss_match(4)
    assert [e.text for e in again.log][:20] == [e.text for e in eng.log][:20]


def _table(players: dict, **setup):
    data = {"title": "story", "setup": setup, "players": players}
    scenario = from_data(data, Path(__file__).parent / "story.toml")
    return scenario, build(scenario)


def _run(scenario, eng, *steps):
    scenario.data["step"] = list(steps)
    run_steps(eng, scenario)
    settle(eng)


def _boss(action: str, cp: int = 2, **extra):
    spec = {"health": 70, "upgrade_cp": 0, "starting_cp": cp, "action_top": [action]}
    spec.update(extra)
    return {"enemy": "fallen_barbarian", "boss": spec}


def test_rule71_an_unaffordable_main_phase_action_is_sold_for_1_cp():
    # Battle Hunger costs 3; the Boss has 1 + 1 (Income) = 2: it sells it (3 CP) instead.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": _boss("fallen_barbarian_battle_hunger", cp=1),
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[4, 4, 4, 1, 2])
    _run(scenario, eng, {"by": "barb", "do": "roll", "dice": [6, 6, 6]})
    check(
        eng,
        scenario,
        {
            "events": [
                {
                    "kind": "card_sold",
                    "player": "boss",
                    "card_id": "fallen_barbarian_battle_hunger",
                },
                {"kind": "hero_bonus", "player": "barb", "bonus": "salve"},
            ],
            "no_events": [{"kind": "card_played", "player": "boss"}],
            "boss": {"cp": 3},
        },
        "end",
    )


def test_rule74_a_roll_phase_action_is_played_after_activation():
    # Brutal Follow-Through (+2 dmg, 2 CP; objective 3 Strike) waits in Main (1); after
    # Savage Cleave (3 Strike: 5 dmg) is activated it is paid and adds 2: 7 dmg.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": _boss("fallen_barbarian_brutal_follow_through"),
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[1, 1, 2, 4, 5])
    _run(scenario, eng, {"by": "barb", "do": "roll", "dice": [6, 6, 6]})
    played = [e for e in eng.log if e.kind == "card_played"]
    activated = [e for e in eng.log if e.kind == "ability_activated"]
    assert played and activated
    assert eng.log.index(activated[0]) < eng.log.index(played[0])
    check(eng, scenario, {"barb": {"health": 43}, "boss": {"cp": 1}}, "end")


def test_rule74_a_roll_phase_action_that_cannot_be_used_is_sold_after_the_roll_phase():
    # Skull Splitter (+4, 4 CP) cannot be paid with 3 CP: it is sold once the Roll Phase ends.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": _boss("fallen_barbarian_skull_splitter"),
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[6, 6, 6, 6, 4])
    _run(scenario, eng, {"by": "barb", "do": "roll"})
    sold = [e for e in eng.log if e.kind == "card_sold"]
    damage = [e for e in eng.log if e.kind == "damage_resolved"]
    assert sold and damage and eng.log.index(damage[0]) < eng.log.index(sold[0])
    check(eng, scenario, {"boss": {"cp": 4}}, "end")


def test_rule73_the_highest_priority_fulfilled_ability_is_activated():
    # The Action card's objective is 2 Chaos; the first roll, 4 Chaos + a Fury, meets it, and of
    # the fulfilled abilities Fall of the Mountain (the Ultimate, priority 10) beats Bloodrage
    # (2 Chaos, priority 5) - whatever the objective was aiming at.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": _boss("fallen_barbarian_shake_it_off"),
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[6, 6, 6, 6, 4])
    activated = [e.data["ability"] for e in eng.log if e.kind == "ability_activated"]
    assert activated[0] == "fall_of_the_mountain"  # (its Stun then earns another Roll Phase)
    check(
        eng,
        scenario,
        {
            "events": [
                {"kind": "damage_pending", "target": "barb", "amount": 14, "dtype": "ultimate"}
            ]
        },
        "end",
    )


def test_rule70_hero_bonus_handlers_can_be_registered():
    seen = []
    setup = MatchSetup(
        seats=(SeatSetup("barbarian", team=0), SeatSetup("goblin_cutpurse", team=1)),
        seed=1,
        mode="adventure",
    )
    eng = Engine.new_match(setup, before_start=lambda e: e.program.frames.clear())
    B.HERO_BONUS_HANDLERS["test_trinket"] = lambda e, hero, amount: seen.append(
        (e.seat(hero), amount)
    )
    try:
        with eng.world.active():
            B.grant_hero_bonus(eng, eng.player(0), "test_trinket", 2, "a card")
            cp = eng.cp(eng.player(0))
            B.grant_hero_bonus(eng, eng.player(0), "cp", 1, "a card")
            assert eng.cp(eng.player(0)) == cp + 1
    finally:
        del B.HERO_BONUS_HANDLERS["test_trinket"]
    assert seen == [(0, 2)]
    assert [e.data["bonus"] for e in eng.log if e.kind == "hero_bonus"] == ["test_trinket", "cp"]


def test_boss_battles_run_to_an_end_for_every_boss():
    from game.ai import make_ai

    for index, boss in enumerate(
        ("fallen_barbarian", "fallen_gunslinger", "fallen_monk", "mad_king")
    ):
        eng = _boss_match(index, boss)
        ai = make_ai("simple", index)
        moves = 0
        while not eng.over:
            eng.apply(ai.decide(eng, eng.pending))
            moves += 1
            assert moves < 8000
        with eng.world.active():
            assert not eng.info.timed_out
            assert eng.info.winner_team in (0, 1)


def test_rule71_a_main_phase_action_that_would_do_nothing_is_sold():
    # War Roar heals 3: the Boss is at full Health, so it sells the card instead (2 + 1 + 1 CP).
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": _boss("fallen_barbarian_war_roar"),
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[1, 1, 2, 4, 5])
    _run(scenario, eng, {"by": "barb", "do": "roll", "dice": [6, 6, 6]})
    check(
        eng,
        scenario,
        {
            "events": [{"kind": "card_sold", "card_id": "fallen_barbarian_war_roar"}],
            "no_events": [{"kind": "card_played", "player": "boss"}],
            "boss": {"cp": 4},
        },
        "end",
    )


def test_rule71_the_same_card_is_played_when_it_helps():
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "boss": {**_boss("fallen_barbarian_war_roar"), "health": 60},
    }
    scenario, eng = _table(players, adventure="boss_step", dice=[1, 1, 2, 4, 5])
    _run(scenario, eng, {"by": "barb", "do": "roll", "dice": [6, 6, 6]})
    check(
        eng,
        scenario,
        {
            "events": [{"kind": "card_played", "card_id": "fallen_barbarian_war_roar"}],
            "boss": {"cp": 2, "health": 63},
        },
        "end",
    )


def test_a_boss_match_state_encodes_and_restores_mid_battle():
    from game.rules import codec

    eng = _boss_match(2)
    data = eng.state_data()
    decoded = codec.decode(data)
    assert any(type(c).__name__ == "BossState" for _ent, comps in decoded for c in comps)
    copy = eng.clone()
    assert copy.digest() == eng.digest()
    choice = eng.pending
    eng.apply(choice.options[0].action)
    copy.apply(choice.options[0].action)
    assert copy.digest() == eng.digest()
