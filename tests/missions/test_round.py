"""The round structure and turn order (rules 5-6, 9, 23, 26, 29, 62, 86) and a few statuses."""

from __future__ import annotations

from game.missions.hero_turn import Ctx
from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def test_rule_9_the_worst_case_uses_exactly_nine_black_dice():
    engine = make(heroes=("barbarian", "monk", "paladin", "ninja"), difficulty_up=4)
    assert engine.info.black_dice == 9 and engine.info.red_dice == 2


def test_rules_6_and_23_turn_order_starts_with_the_start_player_and_the_token_passes():
    engine = make(heroes=("barbarian", "monk", "paladin"))
    engine.info.start_player = 1
    assert [h.seat for h in engine.turn_order()] == [1, 2, 0]
    engine.info.round = 1
    drive(engine, engine._pass_phase())
    assert engine.info.start_player == 1  # not in the very first round
    engine.info.round = 2
    drive(engine, engine._pass_phase())
    assert engine.info.start_player == 2
    engine.info.round = 3
    drive(engine, engine._pass_phase())
    assert engine.info.start_player == 0  # clockwise, wrapping around


def test_the_eight_phases_run_in_order():
    engine = make()
    seen = []
    original = engine._end_of_phase

    def spy():
        seen.append(engine.info.phase)
        return original()

    engine._end_of_phase = spy
    ai_moves = 0
    while engine.info.round < 3 and not engine.over and ai_moves < 400:
        engine.apply(engine.pending.options[0].action)
        ai_moves += 1
    start = seen.index("pass")  # round 1 began before the spy was in place
    assert seen[start : start + 8] == [
        "pass",
        "movement",
        "hero_part_1",
        "target_resolve",
        "hero_part_2",
        "enemy_upkeep",
        "enemy_roll",
        "crisis_clock",
    ]


def test_rule_26_heroes_resolve_in_turn_order():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    engine.info.start_player = 1
    monk, barbarian = engine.turn_order()
    put(monk, (3, 1))
    put(barbarian, (5, 1))
    henchman(engine, "dock_thug", (4, 1), health=30)
    monk.attack = {
        "ability": next(a.id for a, _i, _r in engine.turn.rows(monk)),
        "row": 0,
        "dice": [1] * 5,
        "kickers": [],
    }
    barbarian.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    resolved = [e.text.split(" resolves")[0] for e in engine.log if e.kind == "resolve"]
    assert resolved == ["Monk", "Barbarian"]


def test_rules_29_62_heroes_may_change_the_enemy_dice_before_they_are_read():
    engine = make()
    hero = put(engine.heroes[0], (3, 1))
    hero.momentum_level = 4
    hero.momentum = 10
    hero.feats = ["feat_reroll_enemy"]
    engine.info.enemy_dice = [("red", 1), ("red", 1), ("black", 1), ("black", 1)]
    force(engine, 5, 6)
    picks = iter(
        [
            ("reroll_enemy", {"die": 0, "way": "momentum"}),
            ("reroll_enemy", {"die": 1, "way": "feat"}),
            ("done", {}),
        ]
    )

    def pick(choice):
        kind, args = next(picks)
        return choose(kind, **args)(choice)

    drive(engine, engine.turn.alter_enemy_dice(), pick)
    assert engine.info.enemy_dice[:2] == [("red", 5), ("red", 6)]
    assert hero.momentum == 6 and hero.feats == []


def test_a_heros_wither_lowers_their_attack():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens["wither"] = 2
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    ctx = Ctx(hero, engine.hero_def(hero), [1] * 5, thug, damage=[(6, "normal")])
    with engine.world.active():
        engine.turn.land_on_enemy(hero, thug, ctx, True)
    assert thug.health == 20 - 4


def test_dominance_turns_the_attack_on_a_teammate_on_a_one():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    engine.info.start_player = 0
    barbarian, monk = engine.turn_order()
    put(barbarian, (3, 1))
    put(monk, (5, 1))
    barbarian.tokens["dominance"] = 1
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    barbarian.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}
    force(engine, 1)
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert thug.health == 20 and monk.health == 30 - 4 and "dominance" not in barbarian.tokens


def test_rule_86_a_whole_mission_is_won_by_completing_both_sides():
    from game.missions.engine import MissionSetup
    from game.missions.sim import play_mission

    engine = play_mission(MissionSetup("harbor_heist", ("barbarian",), seed=0))
    assert engine.result()["result"] == "won" and engine.result()["sides_completed"] == 2
    assert not engine.living_enemies()
