"""Setup by Hero count, difficulty and Perks (rules 11-22, 105, 117-119)."""

from __future__ import annotations

import pytest

from game.missions.engine import MissionEngine, MissionSetup
from game.missions.hexgrid import reading_key
from tests.missions.helpers import make


@pytest.mark.parametrize("count,health", [(1, 45), (2, 30), (3, 25), (4, 20)])
def test_rule_11_starting_health_by_hero_count_and_max_is_plus_ten(count, health):
    heroes = ("barbarian", "monk", "paladin", "ninja")[:count]
    engine = make(heroes=heroes)
    for hero in engine.heroes:
        assert hero.health == health == hero.start_health
        assert engine.max_health(hero) == health + 10
        engine.heal(hero, 99)
        assert hero.health == health + 10


def test_rule_12_cp_cards_momentum_and_level_one_card():
    engine = make(heroes=("barbarian", "monk"))
    for hero in engine.heroes:
        assert hero.cp == 2 and len(hero.hand) == 4
        assert hero.momentum == 0 and hero.momentum_level == 1


def test_rule_14_ally_hq_holds_three_face_up_allies():
    engine = make()
    assert len(engine.info.ally_hq) == 3
    assert len(engine.info.ally_deck) == len(engine.db.allies) - 3


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_rule_15_enemy_dice_pool_is_two_red_and_one_black_plus_one_per_hero(count):
    heroes = ("barbarian", "monk", "paladin", "ninja")[:count]
    engine = make(heroes=heroes)
    assert engine.info.red_dice == 2
    assert engine.info.black_dice == 1 + count
    with engine.world.active():
        engine.roll_enemy_dice()
    assert len(engine.info.enemy_dice) == 3 + count


def _forced_setup(monkeypatch, faces):
    """Make the first dice rolled during setup come out as `faces`."""
    import game.missions.engine as eng
    from game.rules.rng import seed_state

    def seeded(seed):
        state = seed_state(seed)
        state.forced_dice.extend(faces)
        return state

    monkeypatch.setattr(eng, "seed_state", seeded)


def test_rule_16_highest_roll_takes_the_start_player_token_ties_roll_again(monkeypatch):
    # seats roll 3, 5, 5 -> seats 1 and 2 tie and roll again: 2 and 6 -> seat 2
    _forced_setup(monkeypatch, [3, 5, 5, 2, 6])
    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian", "monk", "paladin"), seed=4))
    assert engine.info.start_player == 2


def test_rule_16_solo_hero_is_the_start_player():
    assert make().info.start_player == 0


def test_rule_17_pawns_start_beside_the_map():
    engine = make(heroes=("barbarian", "monk"))
    assert all(h.pos is None for h in engine.heroes)


def test_rule_18_crisis_clock_starts_a_rolled_number_of_segments_past_the_top(monkeypatch):
    _forced_setup(monkeypatch, [4])  # solo: no start-player roll, the clock roll comes first
    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=1))
    assert engine.info.clock == 4


def test_rule_19_henchmen_get_health_and_shields_from_their_panel():
    engine = make()
    assert engine.enemies
    for enemy in engine.enemies:
        hdef = engine.db.henchmen[enemy.enemy]
        assert enemy.health == hdef.health
        assert enemy.tokens.get("shield", 0) == hdef.shields
    # panels follow the side's list: dock_thug is panel 0 (left), gunrunner panel 1
    assert {e.enemy: e.panel for e in engine.enemies} == {"dock_thug": 0, "gunrunner": 1}


def test_rule_20_one_face_up_boost_tile_on_every_boost_space():
    engine = make()
    boost = [s for s in engine.hexes.values() if s.boost_space]
    assert boost and all(len(s.tiles) == 1 and s.tiles[0][1] for s in boost)
    assert len(engine.info.boost_pile) == 30 - len(boost)


def test_rule_21_additional_setup_is_done():
    engine = make("clocktower_siege")
    brute = next(e for e in engine.enemies if e.enemy == "brute")
    assert brute.tokens["shield"] == engine.db.henchmen["brute"].shields + 1


def test_rule_22_unlocked_perks_apply_at_setup():
    perks = {
        "health": 3,
        "momentum": 2,
        "cp": 1,
        "draw": 1,
        "momentum_level": 3,
        "hero_statuses": [["shield", 2, 2]],
        "enemy_statuses": [],
        "feats": ["feat_add_die"],
    }
    engine = make(perks=(perks,))
    hero = engine.heroes[0]
    assert hero.start_health == 48 and hero.health == 48
    assert hero.momentum == 2 and hero.cp == 3 and len(hero.hand) == 5
    assert hero.momentum_level == 3 and hero.tokens["shield"] == 2
    assert hero.feats == ["feat_add_die"]


def test_rule_117_increased_difficulty():
    engine = make(heroes=("barbarian", "monk"), difficulty_up=2)
    assert engine.info.black_dice == 1 + 2 + 2
    assert all(h.tokens["oppression"] == 2 for h in engine.heroes)
    assert engine.info.clock_plus
    assert engine.enemies and make(difficulty_up=4).enemies  # the loops below are not empty
    for enemy in engine.enemies:
        assert enemy.health == engine.db.henchmen[enemy.enemy].health + 4
    capped = make(difficulty_up=4)  # +8 at most
    assert all(e.health == capped.db.henchmen[e.enemy].health + 8 for e in capped.enemies)


def test_rule_105_boss_setup_per_oppression():
    engine = make()
    with engine.world.active():
        engine.info.side = 1
        engine._next_side()
    boss = engine.enemies[0]
    hard = make(difficulty_up=2)
    with hard.world.active():
        hard._next_side()
    hard_boss = hard.enemies[0]
    bdef = engine.db.bosses["captain_brine"]
    assert hard_boss.health == boss.health + 2 * bdef.oppression_health
    assert (
        hard_boss.tokens.get("shield", 0)
        == boss.tokens.get("shield", 0) + 2 * bdef.oppression_shields
    )


def test_rule_118_total_difficulty():
    assert make(difficulty_up=3).result()["total_difficulty"] == 1 + 3


def test_rule_119_decreased_difficulty_options():
    engine = make(heroes=("barbarian", "monk"), easier=("health", "momentum"))
    for hero in engine.heroes:
        assert hero.start_health == 40 and hero.momentum == 5
    with pytest.raises(ValueError):
        make(easier=("nap",))


def test_henchmen_are_listed_in_reading_order():
    engine = make()
    spots = [h for _slot, h in engine.map.henchmen]
    assert spots == sorted(spots, key=reading_key)


def test_a_free_ally_from_the_leadership_perk_is_a_pick_not_a_spend():
    from game.missions.invariants import check_mission_invariants

    engine = make(heroes=("huntress",), perks=({"free_ally": True},))
    choice = engine.pending
    assert choice.prompt == "Recruit which Ally?"
    assert {o.action.kind for o in choice.options} == {"take_ally"}  # nothing is paid
    assert check_mission_invariants(engine) == []
    hero, hq = engine.heroes[0], list(engine.info.ally_hq)
    engine.apply(choice.options[1].action)
    assert hero.allies == [hq[1]] and hero.momentum == 0
