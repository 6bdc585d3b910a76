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
    eng = new_boss(("barbarian", "monk"), seed=5)
    run_until(eng, lambda e, seen: sum(k == "hero_step" for k in kinds(e.log)) >= 2)
    log = eng.log
    first = next(i for i, e in enumerate(log) if e.kind == "hero_step")
    hero = log[first].data["player"]
    boss_turn = next(
        e for e in log[first:] if e.kind == "turn_started" and e.data.get("step") == "Boss Step"
    )
    attacks = [e for e in log[first:] if e.kind == "attack_declared"]
    assert boss_turn is not None
    boss_attacks = [e for e in attacks if e.data["defender"] == hero]
    assert all(e.data["defender"] == hero for e in boss_attacks)  # rule 76: the active hero


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
