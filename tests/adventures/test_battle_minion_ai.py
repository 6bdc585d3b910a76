"""The printed Minion AI and the Minion Battle steps (Adventures rules 38, 40-45, 48-53).

Rule numbers are those of ../shared/spec/adventures_rules.md.
"""

from __future__ import annotations

from pathlib import Path

from game.adventures import enemies as E
from game.adventures.enemy_ai import objective_keep, reroll_for, straight_keep
from game.content.defs import Requirement
from game.content.loader import default_content
from game.rules import ops
from game.scenario import build, check, from_data, run_steps, settle

BOARD = (
    default_content().enemies["goblin_cutpurse"].board
)  # the Chaos die: 1-3 Strike, 4-5 Fury, 6 Chaos


# ---------------------------------------------------------------- rule 43: the Roll Objective


def test_rule43_dice_beyond_the_needed_count_are_rerolled():
    req = Requirement(symbols=(("strike", 3),))
    # four Strikes showing: only three are needed, so the fourth is re-rolled with the Fury
    assert objective_keep(req, BOARD, [1, 2, 3, 1, 4]) == [0, 1, 2]
    assert reroll_for(req, BOARD, [1, 2, 3, 1, 4]) == ()  # already met: no re-roll at all
    assert reroll_for(req, BOARD, [1, 4, 2, 5, 6]) == (1, 3, 4)


def test_rule43_of_a_kind_and_full_house_keep_the_biggest_groups():
    assert objective_keep(Requirement(of_a_kind=4), BOARD, [3, 5, 3, 5, 2]) == [1, 3]
    fh = Requirement(full_house=True)
    assert objective_keep(fh, BOARD, [2, 2, 6, 4, 6]) == [0, 1, 2, 4]


def test_rule43_matching_symbols_keep_the_most_common_symbol():
    req = Requirement(same_symbol=3)
    assert objective_keep(req, BOARD, [4, 6, 5, 1, 4]) == [0, 2, 4]  # the three Fury
    assert objective_keep(req, BOARD, [4, 6, 1, 2, 6]) == [1, 4]  # 2 Strike, 2 Chaos: the rarer


# ---------------------------------------------------------------- rule 44: straights


def test_rule44_worked_example_two_twos_rerolls_one_two():
    # [2,2,3,4,x]: keep one each of 2-5 - one of the 2s goes (x = 6 completes nothing)
    assert straight_keep([2, 2, 3, 4, 6]) == [0, 2, 3]


def test_rule44_worked_example_six_completing_a_small_straight_is_kept():
    assert straight_keep([3, 4, 5, 6, 6]) == [0, 1, 2, 3]


def test_rule44_worked_example_one_and_six_completing_nothing_are_rerolled():
    assert straight_keep([1, 3, 4, 6, 3]) == [1, 2]
    assert straight_keep([1, 2, 3, 4, 1]) == [0, 1, 2, 3]  # a 1 completing 1-2-3-4 stays


# ---------------------------------------------------------------- the steps, through scenarios


def _table(players: dict, **setup):
    data = {"title": "story", "setup": setup, "players": players}
    scenario = from_data(data, Path(__file__).parent / "story.toml")
    return scenario, build(scenario)


def _steps(scenario, eng, *steps):
    scenario.data["step"] = list(steps)
    run_steps(eng, scenario)
    settle(eng)


def test_rule42_minion_step_has_no_income_main_or_discard_and_targets_the_active_hero():
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "gun": {"hero": "gunslinger", "hand": []},
        "gob": {"enemy": "goblin_cutpurse"},
    }
    scenario, eng = _table(players, adventure="minion_step", hero="gun", dice=[1, 2, 3, 4, 5])
    _steps(scenario, eng, {"by": "gun", "do": "roll"})
    kinds = [(e.kind, e.data.get("phase")) for e in eng.log]
    assert ("phase_changed", "upkeep") in kinds
    for phase in ("income", "main1", "main2", "discard"):
        assert ("phase_changed", phase) not in kinds
    attack = next(e for e in eng.log if e.kind == "attack_declared")
    assert attack.data["defender"] == 1  # the active hero (gun), not the Barbarian
    check(eng, scenario, {"gob": {"cp": 0}, "barb": {"health": 50}}, "end")


def test_rule40_first_strike_minion_steps_before_the_hero():
    players = {"barb": {"hero": "barbarian", "hand": []}, "rats": {"enemy": "bog_rats"}}
    _scenario, eng = _table(players, adventure="battle", dice=[1, 1, 1, 4, 4])
    turns = [e for e in eng.log if e.kind == "turn_started"]
    assert turns[0].data["player"] == 1  # the Bog Rat Swarm first (First Strike)
    with eng.world.active():
        assert E.battle_order(eng, eng.player(1)) == ("minion", "hero")
    # the hero's first decision is a defense against the Swarm, before any step of their own
    assert (eng.pending.player, eng.pending.kind) == (0, "defensive_roll")
    assert not any(e.kind == "hero_step" for e in eng.log)


def test_rule40_without_first_strike_the_hero_steps_first():
    players = {"barb": {"hero": "barbarian", "hand": []}, "gob": {"enemy": "goblin_cutpurse"}}
    _scenario, eng = _table(players, adventure="battle")
    turns = [e for e in eng.log if e.kind == "turn_started"]
    assert turns[0].data["player"] == 0
    assert eng.pending.player == 0


def test_rule38_unique_defense_works_against_undefendable_damage():
    players = {"barb": {"hero": "barbarian", "hand": []}, "thorn": {"enemy": "thornling"}}
    scenario, eng = _table(players, adventure="hero_step")
    # Smack: 2 Swords + 2 Strength, 6 undefendable dmg - the Thornling's Bark Skin still rolls
    _steps(
        scenario,
        eng,
        {"by": "barb", "do": "roll", "dice": [1, 2, 6, 6, 4]},
        {"by": "barb", "do": "activate", "ability": "smack", "dice": [5]},
    )
    check(
        eng,
        scenario,
        {
            "events": [
                {"kind": "defense_chosen", "player": "thorn", "ability": "bark_skin"},
                {"kind": "damage_resolved", "target": "thorn", "incoming": 6, "amount": 4},
            ],
            "thorn": {"health": 6},
        },
        "end",
    )


def test_rule38_an_ordinary_defense_does_not_stop_undefendable_damage():
    players = {"barb": {"hero": "barbarian", "hand": []}, "gob": {"enemy": "goblin_cutpurse"}}
    scenario, eng = _table(players, adventure="hero_step")
    _steps(
        scenario,
        eng,
        {"by": "barb", "do": "roll", "dice": [1, 2, 6, 6, 4]},
        {"by": "barb", "do": "activate", "ability": "smack"},
    )
    assert not any(e.kind == "defense_chosen" for e in eng.log)
    check(eng, scenario, {"gob": {"health": 4}}, "end")


def test_rule38_unique_defense_never_works_against_an_ultimate():
    players = {"barb": {"hero": "barbarian", "hand": []}, "thorn": {"enemy": "thornling"}}
    scenario, eng = _table(players, adventure="hero_step")
    _steps(
        scenario,
        eng,
        {"by": "barb", "do": "roll", "dice": [6, 6, 6, 6, 6]},
        {"by": "barb", "do": "activate", "ability": "rampage"},
    )
    assert not any(e.kind == "defense_chosen" for e in eng.log)
    check(eng, scenario, {"thorn": {"defeated": True}, "winner": "barb"}, "end")


def test_rule45_minion_priorities_pick_the_best_fulfilled_ability():
    # Minotaur (objective 4 Strike) keeps its Strikes through three attempts; it ends on
    # 5, 6, 4, 1, 2: Gore (4 Strike) is not met, Horn Toss (2 Fury + 1 Chaos) is, and the
    # minion activates it - the fulfilled ability, not the objective, decides (rule 45).
    players = {"barb": {"hero": "barbarian", "hand": []}, "mino": {"enemy": "minotaur"}}
    dice = [4, 4, 6, 1, 5, 4, 6, 5, 4, 5, 6, 4, 2]
    scenario, eng = _table(players, adventure="minion_step", dice=dice)
    _steps(scenario, eng, {"by": "barb", "do": "roll", "dice": [6, 6, 6]})
    activated = [e.data["ability"] for e in eng.log if e.kind == "ability_activated"]
    assert activated == ["horn_toss"]
    check(eng, scenario, {"barb": {"statuses": {"knockdown": 1}}}, "end")


def test_rule52_kings_hand_respects_the_max_per_turn():
    # Two tokens, at most 1 a turn: after the second failed Offensive Roll nothing is spent.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "witch": {
            "enemy": "fen_witch",
            "kings_hand": {"max_per_turn": 1, "low": 5, "high": 6, "tokens": 2},
        },
    }
    dead = [4, 4, 5, 5, 4, 4, 4, 5, 5, 4, 4, 4, 5, 5, 4]
    _scenario, eng = _table(players, adventure="minion_step", dice=[*dead, 6, *dead])
    spent = [e for e in eng.log if e.kind == "kings_hand"]
    assert [e.data["success"] for e in spent] == [True]
    assert sum(1 for e in eng.log if e.kind == "no_ability") == 2
    with eng.world.active():
        assert ops.status_count(eng, eng.player(1), "kings_hand") == 1
    assert eng.pending is None and not eng.over  # the step ended; the crawl goes on


def test_rule52_a_failed_kings_hand_roll_gives_no_other_roll_phase():
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "witch": {"enemy": "fen_witch", "kings_hand": {"low": 5, "high": 6, "tokens": 1}},
    }
    dead = [4, 4, 5, 5, 4] * 3
    _scenario, eng = _table(players, adventure="minion_step", dice=[*dead, 4])
    results = [(e.data["value"], e.data["success"]) for e in eng.log if e.kind == "kings_hand"]
    assert results == [(4, False)]
    assert sum(1 for e in eng.log if e.kind == "no_ability") == 1


def test_rule52_entangle_on_the_minion_is_removed_by_trigger_a():
    # Entangle costs the Witch one attempt, then (no ability) King's Hand sheds Barbed Vine.
    players = {
        "barb": {"hero": "barbarian", "hand": []},
        "witch": {
            "enemy": "fen_witch",
            "kings_hand": {"tokens": 1},
            "statuses": {"entangle": 1, "barbed_vine": 1},
        },
    }
    dead = [4, 4, 5, 5, 4] * 2
    _scenario, eng = _table(players, adventure="minion_step", dice=[*dead, 1])
    lost = [e for e in eng.log if e.kind == "roll_attempts_lost"]
    assert lost and lost[0].data["total"] == 2
    removed = [e.data["status"] for e in eng.log if e.kind == "status_removed"]
    assert removed == ["entangle", "kings_hand", "barbed_vine"]
    with eng.world.active():
        witch = eng.player(1)
        assert eng.health(witch) == 14  # the vine never bit
