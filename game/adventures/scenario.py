"""Building a session's engine match from the campaign, and reading its outcome.

    setup = session_setup(campaign)          # draws the scenario card (rule 13) for a crawl
    engine = start_scenario(setup)           # Engine in mode adventure_crawl / adventure_boss
    ...heroes act; enemies act inside the engine...
    result = scenario_result(engine)         # won/lost, Salves and Gold left, tiles explored

The whole scenario is described by `MatchSetup.adventure` (canonical JSON text): the card, the
difficulty, the numbers for this hero count (rule 16/17), the map's slots, the environment tiles
of each level, the Minion decks, the King's Hand values and the Loot decks' order, so a saved
session is just that setup plus the hero actions (`replay_scenario`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from game.adventures.campaign import Campaign, draw_scenario_card, session_starting_salves
from game.rules.engine import Engine, MatchSetup, SeatSetup, apply_all


@dataclass(slots=True)
class ScenarioResult:
    number: int
    kind: str
    card: str
    won: bool
    why: str
    starting_salves: int
    salves_left: int
    gold: int
    all_explored: bool
    unidentified: list[list[str]] = field(default_factory=list)  # per hero, "rarity:card"
    loot_decks: dict[str, list[str]] = field(default_factory=dict)
    turns: int = 0


def _adv():
    from game.adventures.content import default_adventures

    return default_adventures()


def _content():
    from game.content.loader import default_content

    return default_content()


def _difficulty(adv, campaign: Campaign):
    diff = adv.difficulties.get(campaign.difficulty)
    if diff is None:
        known = ", ".join(adv.difficulties)
        raise ValueError(f"unknown difficulty '{campaign.difficulty}' (known: {known})")
    return diff


def _kings_hand(kh, heroes: int) -> dict[str, int]:
    success = tuple(kh.success) or (6,)
    return {
        "tokens": int(kh.start_for(heroes)),
        "max_per_turn": int(kh.per_turn),
        "low": int(min(success)),
        "high": int(max(success)),
    }


def _seats(campaign: Campaign, content) -> tuple[SeatSetup, ...]:
    seats = []
    for hero in campaign.heroes:
        name = content.heroes[hero.hero].name
        seats.append(SeatSetup(hero=hero.hero, team=0, name=name, deck=tuple(hero.deck)))
    return tuple(seats)


def _tile_json(tdef) -> dict[str, Any]:
    return {
        "id": tdef.id,
        "name": tdef.name,
        "cp": int(tdef.cp),
        "gold": int(tdef.gold),
        "mandatory": [dict(fx) for fx in tdef.mandatory],
        "choices": [
            {"label": o.label, "effects": [dict(fx) for fx in o.effects]} for o in tdef.choices
        ],
        "minion": int(tdef.minion),
        "text": tdef.text,
    }


def minion_decks(content) -> dict[str, list[str]]:
    """Every Minion of each level, sorted by id (the crawl shuffles them with its seed)."""
    out: dict[str, list[str]] = {}
    for enemy in sorted(content.enemies.values(), key=lambda e: e.id):
        if enemy.kind == "minion":
            out.setdefault(str(enemy.level), []).append(enemy.id)
    return out


def crawl_setup(campaign: Campaign, card_id: str, content=None, adv=None) -> MatchSetup:
    """Rules 13-22 for a Portal Crawl: the card's numbers for this hero count and difficulty."""
    from game.adventures.content import crawl_numbers as numbers_for
    from game.adventures.maps import crawl_map

    content = content or _content()
    adv = adv or _adv()
    card = adv.crawl_cards[card_id]
    diff = _difficulty(adv, campaign)
    count = len(campaign.heroes)
    numbers = numbers_for(card, count, diff)
    salves = session_starting_salves(campaign, numbers.salves)
    cmap = crawl_map(card.map)
    kinds = {"start": "sands", "portal": "portal", "tile": "env"}
    slots = [
        {
            "slot": s.id,
            "kind": kinds[s.kind],
            "level": int(s.level),
            "neighbours": list(s.neighbours),
            "items": list(s.items),
            "x": float(s.x),
            "y": float(s.y),
        }
        for s in sorted(cmap.slots.values(), key=lambda s: s.id)
    ]
    data = {
        "kind": "crawl",
        "number": campaign.scenario,
        "card": card.id,
        "difficulty": campaign.difficulty,
        "gold": int(numbers.gold),
        "salve_heal": int(numbers.salve_heal),
        "revive_health": int(numbers.revive_health),
        "salves": int(salves),
        "enemy_health_percent": int(diff.enemy_health_percent),
        "kings_hand": _kings_hand(numbers.kings_hand, count),
        "map": {"name": card.map, "slots": slots},
        "tiles": {
            str(level): [_tile_json(t) for t in adv.tiles_of_level(level)] for level in (1, 2, 3, 4)
        },
        "minions": minion_decks(content),
        "loot_decks": campaign.loot_decks,
    }
    return MatchSetup(
        seats=_seats(campaign, content),
        seed=campaign.scenario_seed(),
        mode="adventure_crawl",
        health=int(numbers.health),
        adventure=json.dumps(data, sort_keys=True, separators=(",", ":")),
    )


def boss_setup(campaign: Campaign, card_id: str, content=None, adv=None) -> MatchSetup:
    """Rules 17, 61-66 for a Boss Battle."""
    from game.adventures.content import boss_numbers

    content = content or _content()
    adv = adv or _adv()
    card = adv.boss_cards[card_id]
    diff = _difficulty(adv, campaign)
    count = len(campaign.heroes)
    numbers = boss_numbers(card, count, diff)
    salves = session_starting_salves(campaign, int(numbers.salves))
    data = {
        "kind": "boss",
        "number": campaign.scenario,
        "card": card.id,
        "difficulty": campaign.difficulty,
        "boss": card.boss,
        "boss_health": int(numbers.boss_health),
        "upgrade_cp": int(numbers.upgrade_cp),
        "starting_cp": int(numbers.starting_cp),
        "salve_heal": int(numbers.salve_heal),
        "salves": int(salves),
        "boss_loot": int(numbers.boss_loot),
        "kings_hand": _kings_hand(numbers.kings_hand, count),
        "loot_decks": campaign.loot_decks,
    }
    return MatchSetup(
        seats=_seats(campaign, content),
        seed=campaign.scenario_seed(),
        mode="adventure_boss",
        health=int(numbers.team_health),
        shared_team_dial=True,
        adventure=json.dumps(data, sort_keys=True, separators=(",", ":")),
    )


def session_setup(campaign: Campaign, content=None, adv=None) -> MatchSetup:
    """The next session of the campaign (draws the card for a Portal Crawl, rule 13)."""
    adv = adv or _adv()
    cards = adv.cards_for(campaign.scenario)
    card = draw_scenario_card(campaign, list(cards))
    if campaign.kind == "crawl":
        return crawl_setup(campaign, card, content, adv)
    return boss_setup(campaign, card, content, adv)


def start_scenario(setup: MatchSetup, content=None, keep_log: bool = True) -> Engine:
    if not setup.mode.startswith("adventure_"):
        raise ValueError(f"not an Adventures scenario: mode '{setup.mode}'")
    return Engine.new_match(setup, content, keep_log=keep_log)


def replay_scenario(setup: MatchSetup, actions, content=None, keep_log: bool = False) -> Engine:
    """Re-run a session from its setup and hero actions (enemies decide inside the engine)."""
    return apply_all(start_scenario(setup, content, keep_log=keep_log), actions)


def scaled(health: int, percent: int) -> int:
    """A Minion's Health under the difficulty's percentage (content.scaled_enemy_health's rule,
    applied from the number stored in the scenario JSON)."""
    return max(1, math.ceil(health * percent / 100)) if percent else health


def scenario_result(engine: Engine) -> ScenarioResult:
    """Read a finished (or abandoned) session: who won, what is left for the score sheet."""
    import esper

    from game.adventures.components import Adventurer, Scenario, Tile
    from game.adventures.crawl import heroes

    with engine.world.active():
        sc = esper.component_for_entity(engine.MATCH, Scenario)
        info = engine.info
        if sc.kind == "boss":
            won = info.over and info.winner_team == 0
        else:
            won = sc.result == "won"
        why = sc.why or ("the Boss is defeated" if won else "the team fell")
        players = heroes(engine)
        advs = [esper.component_for_entity(p, Adventurer) for p in players]
        all_explored = sc.kind == "crawl" and all(t.explored for _e, t in esper.get_component(Tile))
        return ScenarioResult(
            number=sc.number,
            kind=sc.kind,
            card=sc.card,
            won=won,
            why=why,
            starting_salves=sc.starting_salves,
            salves_left=sum(a.salves for a in advs),
            gold=sc.gold,
            all_explored=all_explored,
            unidentified=[list(a.unidentified) for a in advs],
            loot_decks={k: list(v) for k, v in sc.loot_decks.items()},
            turns=sc.turns,
        )
