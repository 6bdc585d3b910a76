"""Rule 14: in every Adventures session (a Portal Crawl or a Boss Battle) each hero is set up
"as normal" - their own setup step runs exactly as in a duel (Cursed Doubloons, Nyra, a
Seedling, Synths). Boss vs Many seats heroes through the duel's own match start.

Every hero is checked: their state right after setup (statuses, companions, CP, hand size)
must equal the duel's. The comparison is taken before the hero's own first turn (a teammate
starts), so no Upkeep has touched it yet."""

from __future__ import annotations

import pytest

from game.adventures.boss_modes import boss_vs_many_setup
from game.content.loader import default_content
from game.rules import ops
from game.rules.engine import Engine, MatchSetup, SeatSetup
from tests.adventures.crawl_kit import new_boss, new_crawl

HEROES = sorted(default_content().heroes)
PARTNER = "barbarian"  # no setup step of their own


def _start(engine: Engine) -> int:
    return next(e.data["start"] for e in engine.log if e.kind == "match_started")


def _first(make, hero_seat: int) -> Engine:
    """The first seed's match in which somebody other than the hero under test starts."""
    for seed in range(1, 80):
        engine = make(seed)
        if _start(engine) != hero_seat:
            return engine
        engine.close()
    raise AssertionError("every seed let the hero start")


def starting_state(engine: Engine, seat: int) -> dict:
    with engine.world.active():
        player = engine.player(seat)
        return {
            "statuses": {s.status: s.count for s in ops.held_statuses(engine, player)},
            "companions": [(c.companion, c.health, c.start) for c in ops.companions(player)],
            "cp": engine.cp(player),
            "hand": len(engine.piles(player).hand),
            "flipped": engine.board(player).flipped,
        }


def duel_state(hero: str) -> dict:
    engine = _first(
        lambda seed: Engine.new_match(
            MatchSetup(seats=(SeatSetup(hero, team=0), SeatSetup(PARTNER, team=1)), seed=seed)
        ),
        0,
    )
    state = starting_state(engine, 0)
    engine.close()
    return state


@pytest.mark.parametrize("hero", HEROES)
def test_rule_14_every_hero_starts_a_portal_crawl_as_in_a_duel(hero):
    expected = duel_state(hero)
    engine = _first(lambda seed: new_crawl(heroes=(hero, PARTNER), seed=seed), 0)
    assert starting_state(engine, 0) == expected
    engine.close()


@pytest.mark.parametrize("hero", HEROES)
def test_rule_14_every_hero_starts_a_boss_battle_as_in_a_duel(hero):
    expected = duel_state(hero)
    engine = _first(lambda seed: new_boss(heroes=(hero, PARTNER), seed=seed), 0)
    assert starting_state(engine, 0) == expected
    engine.close()


@pytest.mark.parametrize("hero", HEROES)
def test_rule_54_every_hero_starts_boss_vs_many_as_in_a_duel(hero):
    expected = duel_state(hero)
    engine = _first(
        lambda seed: Engine.new_match(boss_vs_many_setup([hero, PARTNER], "mad_king", seed)), 0
    )
    assert starting_state(engine, 0) == expected
    engine.close()


def test_the_kits_with_a_setup_step_really_get_something():
    """Guards the comparison above: a hero with a setup step starts with its pieces."""
    assert duel_state("cursed_pirate")["statuses"] == {"cursed_doubloon": 3}
    assert duel_state("huntress")["companions"] == [("nyra", 12, 12)]
    assert duel_state("treant")["statuses"] == {"seedling": 1}
    assert duel_state("artificer")["statuses"] == {"synth": 2}


def test_rule_14_the_cursed_pirate_keeps_her_own_side_through_her_first_boss_battle_upkeep():
    """Without her setup she held no Cursed Doubloon and flipped in her first Upkeep."""
    engine = _first(lambda seed: new_boss(heroes=(PARTNER, "cursed_pirate"), seed=seed), 1)
    # play on until the Pirate's own first Hero Step has passed its Upkeep
    from tests.adventures.crawl_kit import run_until

    def her_main_phase(eng, events):
        return any(
            e.kind == "phase_changed" and e.data == {"phase": "main1", "player": 1} for e in events
        )

    run_until(engine, her_main_phase)
    with engine.world.active():
        pirate = engine.player(1)
        assert not engine.board(pirate).flipped
        assert ops.status_count(engine, pirate, "cursed_doubloon") >= 1
    engine.close()
