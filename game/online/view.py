"""What one seat may see: the per-seat view, its events and its own choice.

Everything here is built by WHITELISTING: each message is assembled from named fields copied
out of the engine's read-only `match_view`, the event data and the pending choice. Nothing is
ever deleted from a full dump, so a field added to the engine later stays on the server until
someone lists it here on purpose.

A seat sees its own hand and the hands the rules let it look at (teammates may share hands,
core rule 110: `PlayerView.hand_visible_to`), every public board, the dice, tokens, dials and
discard piles, and only the SIZE of hidden piles (other hands, every deck). Never: a deck's
order, the match seed or the random generator's state, a whole-state digest, or another
seat's options.
"""

from __future__ import annotations

from typing import Any

from game.rules.stats import match_stats
from game.rules.view import MatchView, PlayerView, match_view

# The "seat" a spectator watches from: outside every team, so it may look at no hand (no
# `hand_visible_to` lists it), is given no options, and every hidden pile is only its size.
SPECTATOR = -1

# ------------------------------------------------------------------ state

# PlayerView fields anybody at the table may see (hand and deck contents are NOT here).
PUBLIC_PLAYER_FIELDS = (
    "seat",
    "name",
    "hero",
    "team",
    "health",
    "start_health",
    "cp",
    "deck_size",
    "discard",
    "statuses",
    "limits",
    "levels",
    "defeated",
    "flags",
    "leader",
    "hand_visible_to",
    "flipped",
    "companion_tokens",
)
COMPANION_FIELDS = ("companion", "name", "health", "start_health", "downed")
DICE_FIELDS = ("group", "owner", "hero", "values", "symbols", "purpose", "locked")
COMBAT_FIELDS = (
    "attacker",
    "defender",
    "ability",
    "announced",
    "ultimate",
    "attack",
    "attack_type",
    "attempts_used",
    "attempts_total",
    "defense_ability",
    "offense_group",
    "defense_group",
)
MATCH_FIELDS = (
    "mode",
    "phase",
    "turn",
    "round",
    "active",
    "start",
    "over",
    "winner_team",
    "draw",
    "timed_out",
    "turn_order",
    "leaders",
)


def _plain(value: Any) -> Any:
    """A JSON-ready copy (tuples become lists, dict keys strings)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _pick(obj: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    return {name: _plain(getattr(obj, name)) for name in fields}


def may_see_hand(view: MatchView, viewer: int, owner: int) -> bool:
    """May seat `viewer` look at seat `owner`'s hand? (its own, or a teammate's)."""
    return viewer in view.players[owner].hand_visible_to


def _player(engine, p: PlayerView, viewer: int) -> dict[str, Any]:
    out = _pick(p, PUBLIC_PLAYER_FIELDS)
    out["hand_size"] = len(p.hand)
    out["companions"] = [_pick(c, COMPANION_FIELDS) for c in p.companions]
    if viewer in p.hand_visible_to:
        costs = hand_costs(engine, p.seat, [entity for entity, _card_id in p.hand])
        out["hand"] = [
            {"card": entity, "card_id": card_id, "cost": costs[entity]}
            for entity, card_id in p.hand
        ]
    return out


def hand_costs(engine, seat: int, cards: list[int]) -> dict[int, int]:
    """What each of these hand cards costs `seat` now: an upgrade over a lower level of the
    same ability costs the difference (`rules.options.card_cost`), any other card its price."""
    from game.rules.options import card_cost

    with engine.world.active():
        player = engine.player(seat)
        return {card: card_cost(engine, player, card) for card in cards}


def seat_state(engine, seat: int, view: MatchView | None = None) -> dict[str, Any]:
    """The table as seat `seat` sees it."""
    view = view or match_view(engine)
    out = _pick(view, MATCH_FIELDS)
    out["teams"] = {str(t): list(s) for t, s in view.teams.items()}
    out["players"] = [_player(engine, p, seat) for p in view.players]
    out["dice"] = [_pick(d, DICE_FIELDS) for d in view.dice]
    combat = _pick(view.combat, COMBAT_FIELDS)
    combat["incoming"] = {str(k): v for k, v in view.combat.incoming.items()}
    combat["landing"] = {str(k): v for k, v in view.combat.landing.items()}
    combat["may_avoid"] = {str(k): list(v) for k, v in view.combat.may_avoid.items()}
    out["combat"] = combat
    return out


# ------------------------------------------------------------------ events

# kind -> the data fields everybody may see. The engine's sentence is kept for these kinds.
PUBLIC_EVENTS: dict[str, tuple[str, ...]] = {
    "match_started": ("order", "start"),
    "start_roll": ("player", "value"),
    "turn_started": ("player", "turn", "step"),
    "phase_changed": ("phase", "player"),
    "phase_skipped": ("phase", "player"),
    "cp_changed": ("cp", "delta", "player"),
    "deck_shuffled": ("player",),
    # a card put on the table, sold or discarded is face up from then on
    "card_played": ("card", "card_id", "card_type", "cost", "player"),
    "card_sold": ("card", "card_id", "player"),
    "card_discarded": ("card", "card_id", "player"),
    "card_taken": ("card", "card_id", "player"),  # from the (public) discard pile
    "upgrade_played": ("level", "player", "slot"),
    "dice_rolled": ("group", "hero", "player", "purpose", "rerolled", "values"),
    "die_changed": ("group", "index", "old", "owner", "player", "value"),
    "ability_announced": ("ability", "player", "row"),
    "ability_activated": ("ability", "player", "row", "ultimate"),
    "ability_failed": ("ability", "player"),
    "no_ability": ("player",),
    "attack_declared": ("attacker", "defender", "dtype"),
    "defense_chosen": ("ability", "player"),
    "target_chosen": ("attacker", "leader_bonus", "target"),
    "targeting_roll": ("attacker", "result", "table", "value"),
    "roll_off": ("mine", "player", "theirs", "won"),
    "roll_attempts_lost": ("count", "player", "total"),
    "status_gained": ("count", "player", "source", "status", "total"),
    "status_removed": ("count", "player", "status", "total"),
    "status_spent": ("player", "status", "total"),
    "status_transferred": ("count", "source", "status", "target"),
    "stack_limit_raised": ("limit", "player", "status"),
    "bonus_face": ("kept", "player", "replaced", "value"),  # Bonus Damage faces are public
    "damage_pending": ("amount", "attack", "dtype", "pool", "source", "target"),
    "damage_added": ("amount", "target"),
    "damage_prevented": ("amount", "half", "target"),
    "damage_reduced": ("amount", "target"),
    "damage_avoided": ("target",),
    "damage_reflected": ("back_to", "target"),
    "damage_resolved": (
        "absorbed",
        "added",
        "amount",
        "by",
        "avoided",
        "halved",
        "incoming",
        "pool",
        "prevented",
        "reduced",
        "subtotal",
        "target",
        "unavoidable",
    ),
    "heal_pending": ("amount", "target"),
    "healed": ("amount", "health", "player"),
    "health_changed": ("delta", "health", "player"),
    "defeat_averted": ("before", "health", "player", "status"),
    "board_flipped": ("player",),
    "companion_joined": ("companion", "health", "player"),
    "companion_health": ("companion", "delta", "health", "player"),
    "companion_downed": ("companion", "player"),
    "companion_active": ("companion", "player"),
    "player_defeated": ("player",),
    "game_over": ("draw", "result", "turn_limit", "winner_team", "winners"),
    "note": ("choice", "player", "status"),
    "window_opened": ("player",),
    "passed": ("player",),
    # Boss vs Many / Boss vs Boss: the Boss's upgrades are bought from its Upgrade deck face up
    # (the whole deck is gone through at setup), and the Loot die is rolled on the table
    "boss_upgraded": ("discarded", "levels", "player", "spent"),
    "loot_die": ("player", "result", "value", "why"),
    # the Adventures Portal Crawl: all on the table (an unidentified Loot card shows only its
    # rarity; a tile's contents only once it is turned over)
    "crawl_started": ("card", "gold", "number"),
    "crawl_turn": ("engaged", "player", "tile"),
    "hero_moved": ("join", "player", "slot"),
    "tile_explored": ("player", "slot", "tile", "tile_kind"),
    "gold_changed": ("delta", "gold"),
    "enemy_joined": ("enemy", "enemy_kind", "health", "level", "player"),
    "minion_revealed": ("enemy", "level", "minion", "slot"),
    "minion_defeated": ("enemy", "minion", "slot"),
    "hero_step": ("foe", "player"),
    "first_strike": ("minion", "player"),
    "loot_unidentified": ("player", "rarity"),
    "shard_delivered": ("player", "shards"),
    "tile_choice": ("label", "player"),
    "salve_found": ("player",),
    "hero_fallen": ("player",),
    "portal_open": (),
    # Adventures Salves, Loot-die statuses, the Boss Battle (the Boss's drawn Action card is
    # in HAND_EVENTS: in Boss vs Many it joins a hidden hand)
    "revived": ("health", "player", "target"),
    "loot_die_changed": ("again", "before", "player", "status", "value"),
    "boss_battle_started": ("boss", "card", "number"),
    "kings_hand": ("player", "success", "trigger", "value"),
    "hero_bonus": ("amount", "bonus", "player"),
}

# kind -> the seat whose hand the event looks into; only seats that may see that hand get the
# card, everybody else gets the fact with the card left out and a sentence of our own.
HAND_EVENTS: dict[str, tuple[tuple[str, ...], str]] = {
    "card_drawn": (("card", "card_id", "player"), "{name} draws a card."),
    "boss_action_drawn": (
        ("card", "card_id", "card_type", "player"),
        "{name} draws an Action card.",
    ),
}


def seat_event(event, seat: int, view: MatchView) -> dict[str, Any]:
    """One engine event as seat `seat` may see it."""
    kind = event.kind
    data = event.data
    if kind in HAND_EVENTS:
        fields, hidden_text = HAND_EVENTS[kind]
        owner = data.get("player")
        if isinstance(owner, int) and may_see_hand(view, seat, owner):
            return {"kind": kind, **_fields(data, fields), "text": event.text}
        name = view.players[owner].name if isinstance(owner, int) else "Someone"
        return {"kind": kind, "player": owner, "text": hidden_text.format(name=name)}
    fields = PUBLIC_EVENTS.get(kind)
    if fields is None:  # a kind nobody has classified yet: only that something happened
        return {"kind": "unlisted", "text": ""}
    return {"kind": kind, **_fields(data, fields), "text": event.text}


def _fields(data: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    return {name: _plain(data[name]) for name in fields if name in data}


# ------------------------------------------------------------------ the choice

# PendingChoice.context keys a deciding seat may read (all public table facts)
CONTEXT_FIELDS = ("phase", "dice", "attempts_left", "attempts_total", "reason", "attacker")


def seat_choice(choice, seat: int, seq: int) -> dict[str, Any] | None:
    """Seat `seat`'s own open decision with numbered options, or who is deciding."""
    if choice is None:
        return None
    if choice.player != seat:
        return {"seq": seq, "player": choice.player, "kind": choice.kind, "mine": False}
    return {
        "seq": seq,
        "player": choice.player,
        "kind": choice.kind,
        "mine": True,
        "prompt": choice.prompt,
        "window": choice.window,
        "context": _fields(choice.context, CONTEXT_FIELDS),
        "options": [
            {
                "id": index,
                "label": option.label,
                "detail": option.detail,
                "action": _plain(option.action.to_json()),
            }
            for index, option in enumerate(choice.options)
        ],
    }


# the Situation's moment for each kind of decision (a response window names its own)
MOMENTS = {
    "main_phase": "main",
    "offensive_roll": "offensive_roll",
    "defensive_roll": "defensive_roll",
}


def seat_hints(engine, choice, seat: int) -> dict[str, Any]:
    """What the deciding seat's window shows beside its options, worked out by the rules so a
    client needs no engine: `why_not` {card: the reason a card in its hand cannot be played
    now} and `spend_windows` {status: the spend windows open now} for each token an option
    spends (the auto-pass setting skips a window where a token could only be spent "any
    time"). Only the deciding seat's own hand and tokens are named."""
    from game.rules.options import Situation, open_spend_windows, playable_reason

    dice = list(choice.context.get("dice") or [])
    with engine.world.active():
        player = engine.player(seat)
        hand = engine.piles(player).hand
        moment = Situation(MOMENTS.get(choice.kind, choice.window or ""), dice)
        why_not = {}
        for card in hand:
            reason = playable_reason(engine, player, card, moment)
            if reason:
                why_not[str(card)] = reason
        window = Situation(choice.window, dice)
        spend = {
            str(o.action.get("status")): open_spend_windows(
                engine, player, o.action.get("status"), window
            )
            for o in choice.options
            if o.action.kind == "spend"
        }
    return {"why_not": why_not, "spend_windows": spend}


# SeatStats fields of the end screen's tallies (all read from public events)
TALLY_FIELDS = (
    "dealt",
    "dealt_to",
    "taken",
    "from_others",
    "self_inflicted",
    "from_no_one",
    "companions_took",
    "healed",
    "cards",
    "tokens",
    "cp",
)


def match_tallies(engine) -> dict[str, Any]:
    """The end screen's numbers per seat over the whole match (`rules.stats.match_stats` of the
    server's full log, which the clients only see the tail of). Every one is a sum over public
    events: damage landed, healing, cards played, tokens spent, CP gained."""
    return {
        str(seat): _pick(stats, TALLY_FIELDS) for seat, stats in match_stats(engine.log).items()
    }


def seat_update(engine, seat: int, events, seq: int, view: MatchView | None = None) -> dict:
    """The message seat `seat` receives after an action: filtered events, its table, its choice.

    `seq` numbers the decision now open (the count of actions applied so far); an answer must
    quote it, so a replayed or late answer is refused. Once the match is over the message also
    carries `tallies`, the end screen's totals over the whole match.
    """
    view = view or match_view(engine)
    choice = seat_choice(engine.pending, seat, seq)
    if choice is not None and choice["mine"]:
        choice.update(seat_hints(engine, engine.pending, seat))
    out = {
        "type": "update",
        "seq": seq,
        "events": [seat_event(e, seat, view) for e in events],
        "state": seat_state(engine, seat, view),
        "choice": choice,
    }
    if view.over:
        out["tallies"] = match_tallies(engine)
    return out


def spectator_update(engine, events, seq: int, view: MatchView | None = None) -> dict:
    """What a spectator receives: the update of a seat outside every team (`SPECTATOR`): every
    public board, the dice and the public events, hands and decks as their sizes only, and who
    decides now without the options."""
    return seat_update(engine, SPECTATOR, events, seq, view)
