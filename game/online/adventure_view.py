"""What one seat of an online Adventures campaign may see, built by WHITELISTING like `view.py`.

A Portal Crawl or Boss Battle is a duel-engine match (heroes on team 0, Minions and the Boss as
enemy seats), so its players, dice, combat, events and the seat's choice are `view.py`'s; this
module adds the crawl (`crawl_state`), the conclusion (`conclusion_state`: Rosella's Shop or
Boss Loot) and the campaign's public sheet.

Sent: the map's tiles with their level, neighbours and the items lying on them (rule 20: the
tokens are placed on the map in sight), but the environment drawn for a tile only once it is
face up; each hero's tile, Salves, engagement and fall; the Gold dial, the Portal Shards, the
turn order; the Minion and Loot decks only as their sizes; an Unidentified Loot card only as its
rarity (nobody looks at it, not even its owner: rule 80). In the Shop, each hero's Gold, the
Shop cards dealt to them (face up to the table: all heroes are one team, core rule 110) and
their Unidentified cards as rarities; in Boss Loot, the cards drawn and kept or discarded.
What the window's crawl map draws is all here (`adventure_table.py`): a face-up tile's
environment card's public words (`env`), whether a Minion fights on a tile, the Shop's prices
and the Loot cards in each hero's deck (which cards a deck holds is known, not their order).
Never: a deck's order, a face-down tile's environment, an Unidentified card, the campaign's
seed or random state.
"""

from __future__ import annotations

from typing import Any

import esper

from game.online.view import (
    HAND_EVENTS,
    _fields,
    _pick,
    _plain,
    seat_choice,
    seat_event,
    seat_state,
)

SCENARIO_FIELDS = (
    "kind",
    "number",
    "card",
    "difficulty",
    "gold",
    "salve_heal",
    "revive_health",
    "shards",
    "shards_needed",
    "order",
    "portal_minion",
    "portal_defeated",
    "result",
    "why",
    "turns",
    "boss",
    "salves_used",
)
TILE_FIELDS = ("slot", "kind", "level", "explored", "neighbours", "items", "x", "y", "minion")
ADVENTURER_FIELDS = ("tile", "salves", "engaged", "fallen", "loot_gained")
# what a face-up tile's environment card says (rule 19): its name, rewards, Minion level, text
ENV_FIELDS = ("name", "cp", "gold", "minion", "text", "portal")
CAMPAIGN_FIELDS = (
    "difficulty",
    "team_name",
    "scenario",
    "attempt",
    "score",
    "sessions",
    "completed",
)
ROW_FIELDS = (  # the score sheet (rules 94-95)
    "scenario",
    "kind",
    "card",
    "result",
    "salves",
    "gold",
    "boss_loot",
    "explored",
    "scenario_score",
    "session_score",
)


def _rarities(entries) -> list[str]:
    return [entry.split(":", 1)[0] for entry in entries]


def crawl_state(engine) -> dict[str, Any]:
    """The scenario's table: the map, the heroes' crawl state, the dials and deck sizes."""
    from game.adventures.components import Adventurer, Scenario, Tile
    from game.adventures.crawl import tile_def

    with engine.world.active():
        sc = esper.component_for_entity(engine.MATCH, Scenario)
        out = _pick(sc, SCENARIO_FIELDS)
        out["order"] = [engine.seat(p) for p in sc.order]
        for key in ("portal_minion", "boss"):
            if out[key] is not None:
                out[key] = engine.seat(out[key])
        out["minion_deck_sizes"] = {k: len(v) for k, v in sorted(sc.minion_decks.items())}
        out["loot_deck_sizes"] = {k: len(v) for k, v in sorted(sc.loot_decks.items())}
        tiles = []
        for _ent, tile in sorted(esper.get_component(Tile), key=lambda et: et[1].slot):
            item = _pick(tile, TILE_FIELDS)
            if tile.minion is not None:
                item["minion"] = engine.seat(tile.minion)
            # a Minion still standing on the tile: a battle goes on there
            item["fighting"] = tile.minion is not None and engine.alive(tile.minion)
            # the environment drawn for the slot only once it is turned over (rule 19)
            item["tile"] = tile.tile if tile.explored else ""
            face_up = tile.kind != "env" or tile.explored
            item["env"] = _fields(tile_def(engine, tile), ENV_FIELDS) if face_up else {}
            tiles.append(item)
        out["tiles"] = tiles
        heroes = []
        for player in engine.info.players:
            adv = esper.try_component(player, Adventurer)
            if adv is None:
                continue
            item = _pick(adv, ADVENTURER_FIELDS)
            item["seat"] = engine.seat(player)
            if adv.engaged is not None:
                item["engaged"] = engine.seat(adv.engaged)
            item["unidentified_rarities"] = _rarities(adv.unidentified)  # rule 80: unseen
            item["health_cap"] = engine.dial(player).cap  # the most Health the dial may show
            heroes.append(item)
        out["heroes"] = heroes
    return _plain(out)


def conclusion_state(driver) -> dict[str, Any] | None:
    """Rosella's Shop (rules 86-89) or the Boss Loot (rules 90-91) while it runs."""
    from game.adventures.shop import Shop

    if driver is None:
        return None
    if isinstance(driver, Shop):
        cards = driver.cards
        return {
            "kind": "shop",
            "current": driver.current,
            "identify_price": driver.identify_price,
            "sell_price": driver.sell_price,
            "heroes": [
                {
                    "seat": index,
                    "gold": hero.gold,
                    "dealt": list(hero.dealt),  # dealt face up to be looked at (rule 87)
                    "unidentified_rarities": _rarities(hero.unidentified),
                    "deck_size": len(hero.deck),
                    # the price tagged on each dealt card, and the Loot cards the hero's deck
                    # holds (which cards a deck holds is known, not their order)
                    "prices": {card: driver.price(card) for card in hero.dealt},
                    "deck_loot": [
                        card
                        for card in dict.fromkeys(hero.deck)
                        if card in cards and cards[card].loot is not None
                    ],
                    "done": hero.done,
                }
                for index, hero in enumerate(driver.heroes)
            ],
        }
    draws = [
        {
            "seat": d.hero,
            "chest": d.chest,
            "roll": d.roll,
            "rarity": d.rarity,
            "card": d.card,
            "kept": d.kept,
        }
        for d in driver.draws
    ]
    current = driver.current
    return {
        "kind": "boss_loot",
        "loot_draws": draws,
        "current": None if current is None else driver.draws.index(current),
        "unclaimed": driver.unclaimed,
    }


def campaign_state(runner) -> dict[str, Any]:
    campaign = runner.campaign
    out = _pick(campaign, CAMPAIGN_FIELDS)
    out["heroes"] = [
        {"hero": h.hero, "player": h.player, "computer": h.computer, "deck_size": len(h.deck)}
        for h in campaign.heroes
    ]
    out["rows"] = [_pick(row, ROW_FIELDS) for row in campaign.rows]
    out["stopped"] = runner.stopped
    out["finished"] = runner.finished
    return _plain(out)


def adventure_state(runner, seat: int, view=None) -> dict[str, Any]:
    """The table as seat `seat` sees it: the scenario's match (players, dice), the crawl, the
    conclusion and the campaign sheet."""
    engine = runner.engine
    out: dict[str, Any] = {"mode": "adventure"}
    if engine is not None:
        out["match"] = seat_state(engine, seat, view)
        out["scenario"] = crawl_state(engine)
    out["conclusion"] = conclusion_state(runner.driver)
    out["campaign"] = campaign_state(runner)
    return out


def adventure_event(event, seat: int, view) -> dict[str, Any]:
    """One engine event of a campaign as seat `seat` may see it (`view`: the scenario's
    `match_view`, None between scenarios)."""
    owner = event.data.get("player")
    if event.kind in HAND_EVENTS and (
        view is None or not isinstance(owner, int) or not 0 <= owner < len(view.players)
    ):  # a hand event of a scenario that has just closed: the fact only
        return {"kind": event.kind, "player": owner, "text": "A card is drawn."}
    return seat_event(event, seat, view)


def adventure_update(runner, seat: int, events, seq: int, view=None) -> dict:
    """The message seat `seat` receives after an action in an online campaign (`view`: the
    scenario's `match_view`, made once for every seat)."""
    from game.rules.view import match_view

    if runner.engine is not None and view is None:
        view = match_view(runner.engine)
    return {
        "type": "update",
        "seq": seq,
        "events": [adventure_event(e, seat, view) for e in events],
        "state": adventure_state(runner, seat, view),
        "choice": seat_choice(runner.pending, seat, seq),
    }
