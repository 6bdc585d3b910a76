"""Rule 99 with rules 55-56: healing may take a hero (or the shared Boss Battle dial) up to 10
above the starting Health, so a Salve is offered whenever it can still heal - also at or above
the starting Health - and never once the dial stands at that cap."""

from __future__ import annotations

from game.adventures import boss_battle, crawl
from tests.adventures.crawl_kit import new_boss, new_crawl, world


def _heal_labels(options, seat):
    return [o.label for o in options if o.action.kind == "salve" and o.action.get("target") == seat]


def test_rule_99_a_salve_is_offered_at_full_health_and_heals_above_it():
    eng = new_crawl(("barbarian",), seed=9, health=25)
    with world(eng):
        me = eng.player(0)
        crawl.adventurer(me).salves = 3
        assert eng.dial(me).health == eng.dial(me).start == 25
        assert _heal_labels(crawl.salve_options(eng, me), 0) == ["Spend a Salve: heal 5 (3 left)"]
        crawl.spend_salve(eng, me, me)
        assert eng.health(me) == 30  # 5 above the starting Health
        eng.dial(me).health = 32
        assert _heal_labels(crawl.salve_options(eng, me), 0) == ["Spend a Salve: heal 3 (2 left)"]
        crawl.spend_salve(eng, me, me)
        assert eng.health(me) == 35 == eng.dial(me).cap
        assert crawl.salve_options(eng, me) == []  # at the cap nothing can heal: not asked
    eng.close()


def test_rule_99_the_crawl_turn_asks_a_healthy_hero_holding_a_salve():
    eng = new_crawl(("barbarian",), seed=9, health=25, salves=1)
    assert eng.pending.kind == "adventure_salves"
    assert [a.kind for a in eng.pending.actions()] == ["done", "salve"]
    with world(eng):
        assert eng.health(eng.player(0)) == 25
    eng.close()


def test_rule_99_a_salve_heals_the_shared_dial_up_to_10_above_its_start():
    eng = new_boss(("barbarian", "monk"), seed=4, health=50)
    with world(eng):
        me = eng.player(0)
        crawl.adventurer(me).salves = 2
        eng.dial(me).health = 50
        options = boss_battle.salve_options(eng, me)
        assert _heal_labels(options, 0) == ["Spend a Salve: the team heals 5 (2 left)"]
        eng.dial(me).health = 58
        assert _heal_labels(boss_battle.salve_options(eng, me), 0) == [
            "Spend a Salve: the team heals 2 (2 left)"
        ]
        eng.dial(me).health = 60
        assert boss_battle.salve_options(eng, me) == []
    eng.close()
