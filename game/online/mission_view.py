"""What one seat of a co-op Mission may see, built by WHITELISTING like `view.py`.

Every seat is a Hero on one team, and teammates may look at each other's hands (core rule 110),
so every hand is shown to every seat. Never sent: any deck's order (a Hero's deck, the Boost
Tile pile, the Ally deck: their sizes only), a face-down Boost Tile (on a space or on a Health
dial: how many lie there, not which), the face-down Mystery tile on a space (only that one lies
there), the seed or the random generator's state, or another seat's options. Events go out as
their kind and the sentence the log prints for the whole table; their data stay on the server
(the sentences name a card played or upgraded, never a card drawn).

A spectator is outside the heroes' team: it is sent the same table with every hand as its size
only (`mission_spectator_update`).
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


def _hex(h) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def _hero(h, hands: bool = True) -> dict[str, Any]:
    out = _pick(h, HERO_FIELDS)
    out["pos"] = _hex(h.pos)
    if hands:
        out["hand"] = list(h.hand)  # teammates share hands (core rule 110)
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


def mission_state(engine, hands: bool = True) -> dict[str, Any]:
    """The table of a co-op Mission (the same for every seat; `hands` False: for a spectator,
    outside the heroes' team, every hand only as its size)."""
    info = engine.info
    out = _pick(info, INFO_FIELDS)
    out["mode"] = "mission"
    out["boost_pile_size"] = len(info.boost_pile)
    out["ally_deck_size"] = len(info.ally_deck)
    out["heroes"] = [_hero(h, hands) for h in engine.heroes]
    enemies = []
    for e in engine.enemies:
        item = _pick(e, ENEMY_FIELDS)
        item["pos"] = _hex(e.pos)
        item["extra"] = [_hex(h) for h in e.extra]
        enemies.append(item)
    out["enemies"] = enemies
    out["spaces"] = [_space(s) for _, s in sorted(engine.hexes.items())]
    return _plain(out)


def mission_update(engine, seat: int, events, seq: int, table: dict | None = None) -> dict:
    """The message seat `seat` receives after an action in a co-op Mission."""
    return {
        "type": "update",
        "seq": seq,
        "events": [{"kind": e.kind, "text": e.text} for e in events],
        "state": table if table is not None else mission_state(engine),
        "choice": seat_choice(engine.pending, seat, seq),
    }


def mission_spectator_update(engine, events, seq: int) -> dict:
    """What a spectator of a co-op Mission receives: the table without any hand's cards, the
    public sentences, and who decides (no options)."""
    return mission_update(engine, SPECTATOR, events, seq, mission_state(engine, hands=False))
