"""Boss Battle turns in the duel engine (Adventures rules 56, 61-68, 76)."""

from __future__ import annotations

import esper

from game.adventures import boss_battle, crawl
from game.rules import ops
from game.rules.components import Enemy
from game.rules.engine import replay
from tests.adventures.crawl_kit import ais, kinds, new_boss, run_until, step, world


def test_rules_61_to_66_one_shared_team_dial_and_the_boss_set_up_from_the_card():
    eng = new_boss(("barbarian", "monk"), seed=3, health=50, boss_health=40)
    with world(eng):
        a, b = eng.player(0), eng.player(1)
        assert eng.dial(a) is eng.dial(b) and eng.health(a) == 50  # rule 61
        boss = crawl.scenario(eng).boss
        assert esper.component_for_entity(boss, Enemy).kind == "boss"
        assert eng.health(boss) == 40
        assert ops.status_count(eng, boss, "kings_hand") == 1  # the card's King's Hand tokens
    assert "boss_upgraded" in kinds(eng.log)  # rules 64-65: Upgrade CP spent at setup


def test_rule_56_salves_heal_the_shared_dial_and_never_revive():
    eng = new_boss(("barbarian", "monk"), seed=4)
    with world(eng):
        me = eng.player(0)
        crawl.adventurer(me).salves = 2
        eng.dial(me).health = 30
        options = boss_battle.salve_options(eng, me)
        assert [o.action.kind for o in options] == ["done", "salve"]
        assert all("revive" not in o.label for o in options)
        eng.dial(me).health = eng.dial(me).cap
        assert boss_battle.salve_options(eng, me) == []  # nothing to heal: not asked


def test_rule_67_each_turn_is_salves_then_hero_step_then_boss_step_against_that_hero():
    """Each hero's turn is their Hero Step followed by a Boss Step, and every Attack the Boss
    makes in that Boss Step is aimed at that hero (rule 76), whichever hero it is."""
    eng = new_boss(("barbarian", "monk"), seed=5)

    def boss_hit_both(e, seen):
        boss_attacks = [x for x in e.log if x.kind == "attack_declared" and x.data["attacker"] == 2]
        return len({x.data["defender"] for x in boss_attacks}) == 2

    run_until(eng, boss_hit_both)
    hero = None  # whose turn it is: the last Hero Step's hero
    in_boss_step = False
    checked = []
    for event in eng.log:
        if event.kind == "hero_step":
            assert not in_boss_step or event.data["player"] != hero  # turns alternate heroes
            hero, in_boss_step = event.data["player"], False
        elif event.kind == "turn_started" and event.data.get("step") == "Boss Step":
            assert hero is not None  # a Boss Step always follows a Hero Step
            in_boss_step = True
        elif event.kind == "attack_declared" and event.data["attacker"] == 2:
            assert in_boss_step  # the Boss attacks only in its own step
            assert event.data["defender"] == hero  # rule 76: the hero whose turn it is
            checked.append(hero)
    assert set(checked) == {0, 1}  # Boss Steps against both heroes were checked


def test_rule_68_the_team_wins_when_both_dials_reach_0_together():
    eng = new_boss(("barbarian",), seed=6)
    with world(eng):
        me = eng.player(0)
        boss = crawl.scenario(eng).boss
        eng.dial(me).health = 0
        eng.dial(boss).health = 0
        ops.settle_defeats(eng)
        assert eng.info.over and eng.info.winner_team == 0


def test_a_whole_boss_battle_plays_out_and_replays_to_the_same_digest():
    eng = new_boss(("barbarian", "monk"), seed=7, boss_health=30)
    controllers = ais(eng)
    while not eng.over:
        step(eng, controllers)
    with world(eng):
        assert eng.info.winner_team in (0, 1)
    again = replay(eng.setup, eng.actions)
    assert again.digest() == eng.digest()
    again.close()
    eng.close()


def test_rule_70_a_salve_hero_bonus_goes_to_the_active_heros_salves():
    from game.adventures import boss

    eng = new_boss(("barbarian",), seed=8)
    with world(eng):
        me = eng.player(0)
        before = crawl.adventurer(me).salves
        boss.grant_hero_bonus(eng, me, "salve", 1, "a test card")
        assert crawl.adventurer(me).salves == before + 1
