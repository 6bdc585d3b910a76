"""Where a Portal Crawl keeps its state: its scenario, heroes, tiles and whether it is over
(read by the crawl driver, its rewards, the Boss Battle, the AI and the window)."""

from __future__ import annotations

import functools
import json
from typing import Any

import esper

from game.adventures.components import Adventurer, Scenario, Tile
from game.rules.components import Enemy


def scenario_data(setup) -> dict[str, Any]:
    """The scenario description a crawl or boss battle was set up with (MatchSetup.adventure).
    Read-only: the parsed text is cached."""
    if not setup.adventure:
        raise ValueError("an Adventures match needs MatchSetup.adventure (the scenario)")
    return _parse(setup.adventure)


@functools.lru_cache(maxsize=32)
def _parse(text: str) -> dict[str, Any]:
    return json.loads(text)


def scenario(eng) -> Scenario:
    return esper.component_for_entity(eng.MATCH, Scenario)


def adventurer(player: int) -> Adventurer:
    return esper.component_for_entity(player, Adventurer)


def heroes(eng) -> list[int]:
    return [p for p in eng.info.players if not esper.has_component(p, Enemy)]


def tiles(eng) -> dict[str, tuple[int, Tile]]:
    return {t.slot: (ent, t) for ent, t in esper.get_component(Tile)}


def sc_over(eng) -> bool:
    return bool(scenario(eng).result) or eng.info.over


def living_heroes(eng) -> list[int]:
    return [p for p in heroes(eng) if eng.alive(p)]
