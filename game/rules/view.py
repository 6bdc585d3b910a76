"""A read-only picture of a match for windows, AIs and tests.

`match_view(engine)` copies what a table would show into plain dataclasses (seat indices and
content ids, never entity ids except for cards, whose ids are stable within a match).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        eng = engine
        info = eng.info
        content = eng.content
        component = esper.component_for_entity  # read the components straight, once each
        seats = {p: component(p, Seat) for p in info.players}
        all_companions = ops.companions()
        players = []
        leading = set(variants.leaders(eng)) if info.mode == "koth" else set()
        for player in info.players:
            seat = seats[player]
            piles = component(player, Piles)
            hero = content.heroes[seat.hero]
            dial = component(component(player, OnDial).dial, HealthDial)
            board = component(player, Board)
            statuses = {s.status: s.count for s in ops.held_statuses(eng, player)}
            limits = ops.stack_limits(eng, player, hero.statuses)
            extra = [sid for sid in statuses if sid not in limits]
            if extra:
                limits.update(ops.stack_limits(eng, player, extra))
            players.append(
                PlayerView(
                    seat=seat.index,
                    name=seat.name,
                    hero=hero.id,
                    team=seat.team,
                    health=dial.health,
                    start_health=dial.start,
                    cp=component(player, CombatPoints).cp,
                    hand=[(c, component(c, CardInstance).card) for c in piles.hand],
                    deck_size=len(piles.deck),
                    discard=[component(c, CardInstance).card for c in piles.discard],
                    statuses=statuses,
                    limits=limits,
                    levels=dict(board.levels),
                    defeated=bool(component(player, Standing).defeated),
                    flags=sorted(component(player, Flags).held),
                    leader=player in leading,
                    # teammates (and the player) may look at a hand; opponents may not
                    hand_visible_to=[s.index for s in seats.values() if s.team == seat.team],
                    mode=info.mode,
                    flipped=board.flipped,
                    companions=[
                        CompanionView(c.companion, c.name, c.health, c.start, c.downed)
                        for c in all_companions
                        if c.owner == player
                    ],
                    companion_tokens={
                        sid: n
                        for sid, n in statuses.items()
                        if content.statuses[sid].kind == "companion"
                    },
                )
            )
        dice = []
        for group in eng.dice.groups.values():
            dice.append(
                DiceView(
                    group=group.id,
                    owner=eng.seat(group.owner),
                    hero=group.hero,
                    values=list(group.values),
                    symbols=ops.group_symbols(eng, group) if all(group.values) else [],
                    purpose=group.purpose,
                    locked=group.locked,
                )
            )
        combat = eng.combat
        incoming: dict[int, int] = {}
        for pool in ops.pools_waiting(eng):
            for inst in pool.instances:
                seat = eng.seat(inst.target)
                incoming[seat] = incoming.get(seat, 0) + inst.amount
        landing = {eng.seat(p): n for p, n in ops.landing_now(eng).items()}
        may_avoid = {}
        for seat in incoming:
            names = ops.chance_to_avoid(eng, eng.player(seat))
            if names:
                may_avoid[seat] = names
        seat_or_none = lambda p: None if p is None else eng.seat(p)  # noqa: E731
        return MatchView(
            mode=info.mode,
            phase=info.phase,
            turn=info.turn,
            round=info.round,
            active=eng.seat(info.active) if info.active else 0,
            start=eng.seat(info.start_player) if info.start_player else 0,
            over=info.over,
            winner_team=info.winner_team,
            draw=info.draw,
            timed_out=info.timed_out,
            players=players,
            dice=dice,
            combat=CombatView(
                attacker=seat_or_none(combat.attacker),
                defender=seat_or_none(combat.defender),
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
            ),
            turn_order=[eng.seat(p) for p in info.turn_order],
            leaders=sorted(eng.seat(p) for p in leading),
            teams=_teams(players),
        )


def _teams(players: list[PlayerView]) -> dict[int, list[int]]:
    teams: dict[int, list[int]] = {}
    for p in players:
        teams.setdefault(p.team, []).append(p.seat)
    return teams
