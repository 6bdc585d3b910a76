"""What one seat of a co-op Mission may see, built by WHITELISTING like `view.py`.

Every seat is a Hero on one team, and teammates may look at each other's hands (core rule 110,
as in the team duels), so every Hero's hand goes to every Hero's seat. A spectator is outside
the heroes' team: it is sent every hand as its size only (`mission_spectator_update`). Never
sent: any deck's order (a Hero's deck, the Boost Tile pile, the Ally deck: their sizes only), a
face-down Boost Tile (on a space or on a Health dial: how many lie there, not which), the
face-down Mystery tile on a space (only that one lies there), the seed or the random
generator's state, or another seat's options. Events go out as their kind, the sentence the log
prints for the whole table and the whitelisted data keys `EVENT_DATA` (a Hero's seat, an
enemy's index, a card played face up, a move's destination space).
"""

from __future__ import annotations

from typing import Any

from game.online.view import SPECTATOR, _pick, _plain, seat_choice

HERO_FIELDS = (
    "seat",
    "hero",
    "name",
    "health",
    "start_health",
    "cp",
    "momentum",
    "momentum_level",
    "discard",
    "levels",
    "exited",
    "defeated",
    "tokens",
    "bonus",
    "allies",
    "ally_limit",
    "mythic",
    "feats",
    "skip_income",
    "has_range",
    "phase",
    "companions",
    "flipped",
)
ENEMY_FIELDS = (
    "kind",
    "enemy",
    "name",
    "panel",
    "health",
    "start_health",
    "defeated",
    "tokens",
    "bonus",
)
INFO_FIELDS = (
    "mission",
    "side",
    "round",
    "side_round",
    "phase",
    "start_player",
    "clock",
    "clock_plus",
    "red_dice",
    "black_dice",
    "enemy_dice",
    "boost_discard",
    "ally_hq",
    "sides_completed",
    "side_done",
    "perfect",
    "bonus_done",
    "result",
    "over",
    "threat",
    "plot",
    "plot_done",
)
SPACE_FIELDS = (
    "dark",
    "entry",
    "exit",
    "boost_space",
    "number",
    "defeat_tile",
    "plot",
    "clear",
    "clear_open",
)


EVENT_DATA = ("seat", "enemy", "card", "to")


def _hex(h) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def _hero(h, engine) -> dict[str, Any]:
    out = _pick(h, HERO_FIELDS)
    out["pos"] = _hex(h.pos)
    out["max_health"] = engine.max_health(h)
    out["hand_size"] = len(h.hand)
    out["deck_size"] = len(h.deck)
    out["facedown_tiles"] = len(h.facedown)
    return out


def _space(s) -> dict[str, Any]:
    out = _pick(s, SPACE_FIELDS)
    out["hex"] = _hex(s.hex)
    out["tiles_up"] = [index for index, face_up in s.tiles if face_up]
    out["tiles_down"] = sum(1 for _, face_up in s.tiles if not face_up)
    out["mystery_here"] = s.mystery >= 0
    return out


def mission_state(engine) -> dict[str, Any]:
    """The table of a co-op Mission without any hand's cards (the same for every seat and a
    spectator; `seat_state` adds the hands a seat may see)."""
    info = engine.info
    out = _pick(info, INFO_FIELDS)
    out["mode"] = "mission"
    out["boost_pile_size"] = len(info.boost_pile)
    out["ally_deck_size"] = len(info.ally_deck)
    out["heroes"] = [_hero(h, engine) for h in engine.heroes]
    enemies = []
    for e in engine.enemies:
        item = _pick(e, ENEMY_FIELDS)
        item["pos"] = _hex(e.pos)
        item["extra"] = [_hex(h) for h in e.extra]
        enemies.append(item)
    out["enemies"] = enemies
    out["spaces"] = [_space(s) for _, s in sorted(engine.hexes.items())]
    # the moves chosen this Movement Phase (each is announced: the `move_chosen` event)
    out["moves"] = {str(seat): _hex(h) for seat, h in sorted(info.moves.items())}
    return _plain(out)


def mission_event(event) -> dict[str, Any]:
    out = {"kind": event.kind, "text": event.text}
    out.update(_plain(_pick_data(event.data)))
    return out


def _pick_data(data: dict) -> dict[str, Any]:
    return {k: data[k] for k in EVENT_DATA if k in data}


def seat_state(engine, seat: int, table: dict) -> dict[str, Any]:
    """The shared table with the hands seat `seat` may see: a Hero's seat sees every Hero's
    hand (teammates, core rule 110); a spectator (`SPECTATOR`) none."""
    if seat == SPECTATOR or not 0 <= seat < len(engine.heroes):
        return dict(table)
    state = dict(table)
    state["heroes"] = [dict(h, hand=list(engine.heroes[h["seat"]].hand)) for h in table["heroes"]]
    return state


def mission_update(engine, seat: int, events, seq: int, table: dict | None = None) -> dict:
    """The message seat `seat` receives after an action in a co-op Mission."""
    table = table if table is not None else mission_state(engine)
    return {
        "type": "update",
        "seq": seq,
        "events": [mission_event(e) for e in events],
        "state": seat_state(engine, seat, table),
        "choice": seat_choice(engine.pending, seat, seq),
    }


def mission_spectator_update(engine, events, seq: int) -> dict:
    """What a spectator of a co-op Mission receives: the table without any hand's cards, the
    public sentences, and who decides (no options)."""
    return mission_update(engine, SPECTATOR, events, seq)
