"""From the campaign to a session's engine (rules 12-17, 19-22, 61-66): the worked examples."""

from __future__ import annotations

import esper

from game.adventures import crawl
from game.adventures.campaign import new_campaign
from game.adventures.crawl import scenario_data
from game.adventures.scenario import boss_setup, crawl_setup, start_scenario


def _campaign(n: int = 2, difficulty: str = "normal"):
    heroes = ["barbarian", "monk", "ninja", "paladin"][:n]
    return new_campaign(difficulty, "T", [(h, "A", "simple") for h in heroes], seed=2)


def test_rules_14_16_22_the_worked_crawl_card_gives_two_heroes_18_health_and_10_gold():
    setup = crawl_setup(_campaign(2), "s1_a")
    assert setup.mode == "adventure_crawl" and setup.health == 18
    data = scenario_data(setup)
    assert data["gold"] == 10 and data["card"] == "s1_a"
    engine = start_scenario(setup)
    started = next(e for e in engine.log if e.kind == "crawl_started")
    assert started.data["gold"] == 10  # (the first turns may have changed the dial since)
    with engine.world.active():
        assert all(engine.dial(p).start == 18 for p in crawl.heroes(engine))
        tiles = [t for _e, t in esper.get_component(crawl.Tile)]
        assert sum(t.kind == "portal" for t in tiles) == 1
        assert sum("shard" in t.items for t in tiles) == 3  # rule 20
        assert all(t.tile for t in tiles if t.kind == "env")  # rule 19: every slot got a tile
    engine.close()


def test_rules_17_61_66_the_worked_boss_card_for_two_heroes():
    setup = boss_setup(_campaign(2), "s2_boss")
    assert setup.mode == "adventure_boss" and setup.shared_team_dial and setup.health == 50
    data = scenario_data(setup)
    assert (data["boss"], data["boss_health"], data["upgrade_cp"], data["starting_cp"]) == (
        "fallen_barbarian",
        70,
        8,
        2,
    )
    assert data["kings_hand"]["tokens"] == 2
    engine = start_scenario(setup)
    with engine.world.active():
        boss = crawl.scenario(engine).boss
        assert engine.health(boss) == 70
    engine.close()


def test_rule_14_loot_grown_decks_go_into_the_seats():
    campaign = _campaign(1)
    campaign.heroes[0].deck = campaign.heroes[0].deck[:30]
    setup = crawl_setup(campaign, "s1_b")
    assert len(setup.seats[0].deck) == 30
