"""A read-only picture of a match for windows, AIs and tests.

`match_view(engine)` copies what a table would show into plain dataclasses (seat indices and
content ids, never entity ids except for cards, whose ids are stable within a match).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import esper

from game.rules import ops, variants
from game.rules.components import (
    Board,
    CardInstance,
    CombatPoints,
    Flags,
    HealthDial,
    OnDial,
    Piles,
    Seat,
    Standing,
)


@dataclass(slots=True)
class PlayerView:
    seat: int
    name: str
    hero: str
    team: int
    health: int
    start_health: int
    cp: int
    hand: list[tuple[int, str]]  # (card entity, card id)
    deck_size: int
    discard: list[str]
    statuses: dict[str, int]
    limits: dict[str, int]
    levels: dict[str, int]
    defeated: bool
    flags: list[str] = field(default_factory=list)
    leader: bool = False  # King of the Hill: most Health (ties share the lead)
    hand_visible_to: list[int] = field(default_factory=list)  # seats that may see this hand
    mode: str = "duel"
    flipped: bool = False  # the hero board shows its other side (Cursed Pirate)
    companions: list[CompanionView] = field(default_factory=list)
    # companion-kind statuses (Spirits, Bots) held, also listed in `statuses`
    companion_tokens: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class CompanionView:
    """A companion with its own Health dial (Nyra)."""

    companion: str
    name: str
    health: int
    start_health: int
    downed: bool


@dataclass(slots=True)
class DiceView:
    group: int
    owner: int
    hero: str
    values: list[int]
    symbols: list[str]
    purpose: str
    locked: bool


@dataclass(slots=True)
class CombatView:
    attacker: int | None
    defender: int | None
    ability: str | None
    announced: str | None
    ultimate: bool
    attack: bool
    attack_type: str
    attempts_used: int
    attempts_total: int
    defense_ability: str | None
    offense_group: int | None
    defense_group: int | None
    incoming: dict[int, int]  # seat -> damage waiting for them in open pools, as dealt
    # seat -> what would land on them now: the Final Damage Total with every modifier so far
    landing: dict[int, int] = field(default_factory=dict)
    # seat -> tokens that could still turn the waiting damage away on a roll (e.g. Evasive)
    may_avoid: dict[int, list[str]] = field(default_factory=dict)


@dataclass(slots=True)
class MatchView:
    mode: str
    phase: str
    turn: int
    round: int
    active: int
    start: int
    over: bool
    winner_team: int | None
    draw: bool
    timed_out: bool
    players: list[PlayerView]
    dice: list[DiceView]
    combat: CombatView
    turn_order: list[int] = field(default_factory=list)  # seats, the Start Player first
    leaders: list[int] = field(default_factory=list)  # King of the Hill Leaders (seats)
    teams: dict[int, list[int]] = field(default_factory=dict)  # team -> its seats


def match_view(engine) -> MatchView:
    with engine.world.active():
        seat_of = _seat_of(engine)
        players, leaders = _players(engine, seat_of)
        return MatchView(
            **_table(engine, seat_of),
            players=players,
            dice=_dice(engine, seat_of),
            combat=_combat(engine, seat_of),
            leaders=leaders,
            teams=_teams(players),
        )


class LazyMatchView:
    """`match_view(engine)` read part by part: the players (with `leaders` and `teams`), the
    dice, the combat and the rest are each built on the first read of one of their fields,
    by the same code as `match_view`, then kept as plain attributes. It shows the engine at
    the moment of each first read, so it is that moment's view only while the engine does not
    change (a computer player's decision: many read only a part, some nothing)."""

    def __init__(self, engine) -> None:
        self._engine = engine

    def __getattr__(self, name: str):
        part = _PART_OF.get(name)
        if part is None:
            raise AttributeError(name)
        engine = self._engine
        with engine.world.active():
            seat_of = self.__dict__.get("_seat_of_")
            if seat_of is None:
                seat_of = self.__dict__["_seat_of_"] = _seat_of(engine)
            if part == "players":
                players, leaders = _players(engine, seat_of)
                self.players, self.leaders, self.teams = players, leaders, _teams(players)
            elif part == "dice":
                self.dice = _dice(engine, seat_of)
            elif part == "combat":
                self.combat = _combat(engine, seat_of)
            else:
                self.__dict__.update(_table(engine, seat_of))
        return self.__dict__[name]


# which part builds each MatchView field (every other field: `_table`)
_PARTS = {
    "players": "players",
    "leaders": "players",
    "teams": "players",
    "dice": "dice",
    "combat": "combat",
}
_PART_OF = {f.name: _PARTS.get(f.name, "table") for f in fields(MatchView)}


def _seat_of(engine) -> _SeatOf:
    entities = esper._entities  # the active world's components by entity (esper 3.9)
    return _SeatOf({p: entities[p][Seat].index for p in engine.info.players})


def _table(engine, seat_of) -> dict:
    """The MatchView fields outside the players, the dice and the combat."""
    info = engine.info
    return {
        "mode": info.mode,
        "phase": info.phase,
        "turn": info.turn,
        "round": info.round,
        "active": seat_of[info.active] if info.active else 0,
        "start": seat_of[info.start_player] if info.start_player else 0,
        "over": info.over,
        "winner_team": info.winner_team,
        "draw": info.draw,
        "timed_out": info.timed_out,
        "turn_order": [seat_of[p] for p in info.turn_order],
    }


def _players(engine, seat_of) -> tuple[list[PlayerView], list[int]]:
    """Every seat's PlayerView, and the King of the Hill Leaders (seats)."""
    eng = engine
    info = eng.info
    content = eng.content
    statuses_of = content.statuses
    entities = esper._entities
    seats = {p: entities[p][Seat] for p in info.players}
    teams_of: dict[int, list[int]] = {}
    for seat in seats.values():
        teams_of.setdefault(seat.team, []).append(seat.index)
    all_companions = ops.companions()
    players = []
    leading = set(variants.leaders(eng)) if info.mode == "koth" else set()
    mode = info.mode
    for player in info.players:
        seat = seats[player]
        parts = entities[player]
        piles = parts[Piles]
        hero = content.heroes[seat.hero]
        dial = entities[parts[OnDial].dial][HealthDial]
        board = parts[Board]
        statuses = {s.status: s.count for s in ops.held_statuses(eng, player)}
        wanted = hero.statuses
        extra = [sid for sid in statuses if sid not in wanted]
        limits = ops.stack_limits(eng, player, [*wanted, *extra] if extra else wanted)
        players.append(
            PlayerView(
                seat=seat.index,
                name=seat.name,
                hero=hero.id,
                team=seat.team,
                health=dial.health,
                start_health=dial.start,
                cp=parts[CombatPoints].cp,
                hand=[(c, entities[c][CardInstance].card) for c in piles.hand],
                deck_size=len(piles.deck),
                discard=[entities[c][CardInstance].card for c in piles.discard],
                statuses=statuses,
                limits=limits,
                levels=dict(board.levels),
                defeated=bool(parts[Standing].defeated),
                flags=sorted(parts[Flags].held),
                leader=player in leading,
                # teammates (and the player) may look at a hand; opponents may not
                hand_visible_to=list(teams_of[seat.team]),
                mode=mode,
                flipped=board.flipped,
                companions=[
                    CompanionView(c.companion, c.name, c.health, c.start, c.downed)
                    for c in all_companions
                    if c.owner == player
                ],
                companion_tokens={
                    sid: n for sid, n in statuses.items() if statuses_of[sid].kind == "companion"
                },
            )
        )
    return players, sorted(seat_of[p] for p in leading)


def _dice(engine, seat_of) -> list[DiceView]:
    return [
        DiceView(
            group=group.id,
            owner=seat_of[group.owner],
            hero=group.hero,
            values=list(group.values),
            symbols=ops.group_symbols(engine, group) if all(group.values) else [],
            purpose=group.purpose,
            locked=group.locked,
        )
        for group in engine.dice.groups.values()
    ]


def _combat(engine, seat_of) -> CombatView:
    eng = engine
    combat = eng.combat
    incoming: dict[int, int] = {}
    landing: dict[int, int] = {}
    may_avoid: dict[int, list[str]] = {}
    waiting = ops.pools_waiting(eng)
    if waiting:  # nothing waits for anyone most of the time
        for pool in waiting:
            for inst in pool.instances:
                seat = seat_of[inst.target]
                incoming[seat] = incoming.get(seat, 0) + inst.amount
        landing = {seat_of[p]: n for p, n in ops.landing_now(eng).items()}
        for seat in incoming:
            names = ops.chance_to_avoid(eng, eng.player(seat))
            if names:
                may_avoid[seat] = names
    return CombatView(
        attacker=None if combat.attacker is None else seat_of[combat.attacker],
        defender=None if combat.defender is None else seat_of[combat.defender],
        ability=combat.ability,
        announced=combat.announced,
        ultimate=combat.ultimate,
        attack=combat.attack,
        attack_type=combat.attack_type,
        attempts_used=combat.attempts_used,
        attempts_total=combat.attempts_total,
        defense_ability=combat.defense_ability,
        offense_group=combat.offense_group,
        defense_group=combat.defense_group,
        incoming=incoming,
        landing=landing,
        may_avoid=may_avoid,
    )


class _SeatOf(dict):
    """Player entity -> seat index, read from the Seat component for an entity not listed
    (every entity that sits at the table has one)."""

    def __missing__(self, player: int) -> int:
        return esper._entities[player][Seat].index


def _teams(players: list[PlayerView]) -> dict[int, list[int]]:
    teams: dict[int, list[int]] = {}
    for p in players:
        teams.setdefault(p.team, []).append(p.seat)
    return teams
