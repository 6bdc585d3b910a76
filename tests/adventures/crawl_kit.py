"""Small hand-made Portal Crawls and Boss Battles for the driver tests.

The map used by most tests (our own, not a scenario card's):

    sands - a - b - portal
            |
            c - d
"""

from __future__ import annotations

import json

import esper

from game.adventures import crawl
from game.adventures.ai import AdventureAI
from game.rules.engine import Engine, MatchSetup, SeatSetup

SLOTS = [
    {"slot": "sands", "kind": "sands", "neighbours": ["a"]},
    {"slot": "a", "kind": "env", "level": 1, "neighbours": ["sands", "b", "c"], "x": 100},
    {"slot": "b", "kind": "env", "level": 1, "neighbours": ["a", "portal"], "x": 200},
    {"slot": "c", "kind": "env", "level": 1, "neighbours": ["a", "d"], "y": 100},
    {"slot": "d", "kind": "env", "level": 1, "neighbours": ["c"], "y": 200},
    {"slot": "portal", "kind": "portal", "level": 4, "neighbours": ["b"], "x": 300},
]
PLAIN = {"id": "plain", "name": "Plain Sand"}


def crawl_json(
    *,
    items: dict[str, list[str]] | None = None,
    tiles: list[dict] | None = None,
    minions: dict[str, list[str]] | None = None,
    **over,
) -> str:
    slots = [dict(s) for s in SLOTS]
    for slot in slots:
        slot["items"] = list((items or {}).get(slot["slot"], []))
    pool = tiles or [dict(PLAIN, id=f"plain{i}") for i in range(4)]
    data = {
        "kind": "crawl",
        "number": 1,
        "card": "s1_a",  # a real card: a saved session is checked against the content
        "difficulty": "normal",
        "gold": 10,
        "salve_heal": 5,
        "revive_health": 0,
        "salves": 0,
        "map": {"slots": slots},
        "tiles": {"1": pool},
        "minions": minions or {"1": ["cultist_acolyte"], "4": ["dread_golem"]},
        "loot_decks": {"common": ["c1", "c2"], "rare": ["r1"]},
        "kings_hand": {"tokens": 1, "max_per_turn": 1, "low": 5, "high": 6},
    }
    data.update(over)
    return json.dumps(data, sort_keys=True)


def new_crawl(heroes=("barbarian",), seed: int = 1, health: int = 25, **kw) -> Engine:
    setup = MatchSetup(
        seats=tuple(SeatSetup(h, team=0) for h in heroes),
        seed=seed,
        mode="adventure_crawl",
        health=health,
        adventure=crawl_json(**kw),
    )
    return Engine.new_match(setup)


def boss_json(**over) -> str:
    data = {
        "kind": "boss",
        "number": 2,
        "card": "s2_boss",
        "difficulty": "normal",
        "boss": "fallen_barbarian",
        "boss_health": 40,
        "upgrade_cp": 8,
        "starting_cp": 2,
        "salve_heal": 5,
        "salves": 2,
        "boss_loot": 1,
        "kings_hand": {"tokens": 1, "max_per_turn": 1, "low": 6, "high": 6},
        "loot_decks": {},
    }
    data.update(over)
    return json.dumps(data, sort_keys=True)


def new_boss(heroes=("barbarian", "monk"), seed: int = 1, health: int = 50, **over) -> Engine:
    setup = MatchSetup(
        seats=tuple(SeatSetup(h, team=0) for h in heroes),
        seed=seed,
        mode="adventure_boss",
        health=health,
        shared_team_dial=True,
        adventure=boss_json(**over),
    )
    return Engine.new_match(setup)


def ais(engine: Engine, level: str = "simple") -> list[AdventureAI]:
    return [AdventureAI(level, 100 + i) for i in range(len(engine.setup.seats))]


def step(engine: Engine, controllers) -> list:
    choice = engine.pending
    return engine.apply(controllers[choice.player].decide(engine, choice))


def run_until(engine: Engine, stop, controllers=None, limit: int = 5000) -> list:
    """Let the computer answer until `stop(engine, events)` holds (or the crawl ends)."""
    controllers = controllers or ais(engine)
    seen = []
    for _ in range(limit):
        if engine.over or stop(engine, seen):
            return seen
        seen.extend(step(engine, controllers))
    raise AssertionError("the condition never came")


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def world(engine: Engine):
    return engine.world.active()


def tile(engine: Engine, slot: str):
    return crawl.tiles(engine)[slot][1]


def hero(engine: Engine, seat: int):
    return engine.player(seat)


def adv(engine: Engine, seat: int):
    return esper.component_for_entity(engine.player(seat), crawl.Adventurer)
