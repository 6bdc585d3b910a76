"""Data-only components held in a match's esper world.

Players, health dials, cards and status-token stacks are entities. The match entity carries
the turn state, the current Roll Phase, damage pools, open dice, the program stack (what the
engine is in the middle of doing) and the RNG. Nothing here holds a pygame or pymunk object,
and entities are never deleted (a stack that empties keeps count 0), so entity ids stay dense
and a snapshot restores to the same ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- players


@dataclass(slots=True)
class Seat:
    """A player at the table: index in seating order, team, and hero (or enemy) id."""

    index: int
    team: int
    hero: str
    name: str


@dataclass(slots=True)
class HealthDial:
    """A Health dial; teammates in team games point at one shared dial."""

    health: int
    start: int

    @property
    def cap(self) -> int:
        return self.start + 10


@dataclass(slots=True)
class OnDial:
    dial: int  # entity id of the HealthDial


@dataclass(slots=True)
class CombatPoints:
    cp: int


@dataclass(slots=True)
class Piles:
    """Card entity ids in order: deck[0] is the top card."""

    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    resolving: list[int] = field(default_factory=list)  # played, not yet discarded


@dataclass(slots=True)
class Board:
    """Current level of each ability slot and the upgrade cards lying on it."""

    levels: dict[str, int] = field(default_factory=dict)
    upgrades: dict[str, list[int]] = field(default_factory=dict)
    flipped: bool = False  # the board shows its other side (Cursed Pirate), for good


@dataclass(slots=True)
class StatusLimits:
    """Per-player stack-limit increases (they last for the rest of the game)."""

    bonus: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Flags:
    """Named capabilities with their expiry ('end_of_roll_phase', 'end_of_turn', 'end_of_game')."""

    held: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class Standing:
    defeated: bool = False
    turns_taken: int = 0
    first_income_skipped: bool = False


@dataclass(slots=True)
class CompanionDial:
    """A companion with its own Health dial (Nyra): not a player, never the target of
    statuses; at 0 it is Downed until healed above 0. `owner` is the player entity."""

    owner: int
    companion: str
    name: str
    health: int
    start: int
    downed: bool = False


# ---------------------------------------------------------------- cards and tokens


@dataclass(slots=True)
class CardInstance:
    card: str
    owner: int  # player entity


@dataclass(slots=True)
class StatusStack:
    """All tokens of one status effect on one player; `sources` lists who placed each token."""

    holder: int
    status: str
    count: int = 0
    sources: list[int] = field(default_factory=list)


# ---------------------------------------------------------------- match state


@dataclass(slots=True)
class MatchInfo:
    mode: str
    seed: int
    players: list[int]  # player entities in seating order
    turn_order: list[int]  # player entities in turn order
    start_player: int = 0
    active: int = 0
    phase: str = "setup"
    turn: int = 0
    round: int = 0
    over: bool = False
    winner_team: int | None = None
    draw: bool = False
    turn_limit: int = 0
    timed_out: bool = False


@dataclass(slots=True)
class DiceGroup:
    """Dice currently on the table: who rolled them, whose faces they show, what for."""

    id: int
    owner: int
    hero: str
    values: list[int]
    purpose: str  # offense | defense | ability | status | roll_off | card
    locked: bool = False  # rolled while resolving an Ultimate: nobody may alter them
    changed: int = 0  # bumped whenever a value changes (re-announce detection)


@dataclass(slots=True)
class DiceTable:
    groups: dict[int, DiceGroup] = field(default_factory=dict)
    next_id: int = 1


@dataclass(slots=True)
class DamageInstance:
    source: int | None  # player entity (None: no player, e.g. the rules)
    target: int
    amount: int
    dtype: str  # normal | undefendable | pure | collateral | ultimate | none
    attack: bool  # part of an Attack's damage
    label: str
    # who the damage counts as dealt by, when not `source`: a status token hurting its holder
    # (Poison, Burn, Bleed, Barbed Vine) counts for the player who placed it
    credit: int | None = None


@dataclass(slots=True)
class DamageMod:
    """A change to the damage waiting for `target` in one pool.

    kinds: add (attack modifier, takes the attack's type), reduce (attacker's damage lowered),
    prevent (flat), halve (prevent half of the subtotal, rounded up), avoid (all avoidable
    damage in the pool), reflect_half (half the subtotal dealt back to `source`).
    """

    target: int
    kind: str
    amount: int
    source: int | None
    label: str
    dtype: str = ""  # for "add": the type the added damage takes (the Attack's type)


@dataclass(slots=True)
class HealInstance:
    source: int | None
    target: int
    amount: int
    label: str


@dataclass(slots=True)
class DamagePool:
    id: int
    label: str
    instances: list[DamageInstance] = field(default_factory=list)
    mods: list[DamageMod] = field(default_factory=list)
    heals: list[HealInstance] = field(default_factory=list)
    resolved: bool = False
    dealt: dict[int, int] = field(default_factory=dict)  # target entity -> damage that landed


@dataclass(slots=True)
class Pools:
    pools: dict[int, DamagePool] = field(default_factory=dict)
    current: int | None = None  # the pool that collects damage of the phase in progress
    focus: int | None = None  # the pool whose last window before landing is open
    next_id: int = 1


@dataclass(slots=True)
class Combat:
    """The Roll Phase in progress."""

    attacker: int | None = None
    defender: int | None = None
    slot: str | None = None
    ability: str | None = None
    row: int = 0
    ultimate: bool = False
    attack: bool = False  # the activated ability made an Attack
    attack_type: str = "normal"
    undefendable: bool = False
    offense_group: int | None = None
    defense_group: int | None = None
    defense_ability: str | None = None
    pool: int | None = None
    announced: str | None = None
    announced_row: int = 0
    announced_stamp: int = 0
    attempts_total: int = 3
    attempts_used: int = 0
    defense_attempts_total: int = 1
    defense_attempts_used: int = 0
    skip: bool = False
    extra_rolls: list[int] = field(default_factory=list)  # inflicters owed an extra Roll Phase
    after_damage: list[Any] = field(default_factory=list)  # deferred (effects, ctx) pairs
    defended: bool = False
    damage_landed: int = 0
    cancelled: bool = False  # the activated ability failed before resolving (Blind)
    no_defense: bool = False  # this Offensive Roll Phase already counts as finished (Profiteer)
    ultimate_checked: bool = False  # its target's "targeted_by_ultimate" reactions have run


@dataclass(slots=True)
class TurnFlags:
    """Per-turn state of the active player's turn."""

    skip_phases: list[str] = field(default_factory=list)
    damage_by_ability: dict[str, int] = field(default_factory=dict)
    # "seat:status" -> tokens gained this turn and still held (see ops.fresh_tokens)
    gained: dict[str, int] = field(default_factory=dict)
    # "seat:status" -> spends this turn; "seat:status@phase" -> spends in that phase
    spent: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Program:
    """What the engine is in the middle of: a stack of frames, and the open question."""

    frames: list[Any] = field(default_factory=list)
    pending: Any = None
    vars: dict[int, dict[str, int]] = field(default_factory=dict)  # resolution scope -> values
    next_scope: int = 1


# ---------------------------------------------------------------- Adventures


@dataclass(slots=True)
class Enemy:
    """An enemy seat (a Minion or a Boss, Adventures): its decisions are answered inside the
    engine by the printed enemy AI (`game.adventures.enemy_ai`), never recorded as actions."""

    enemy: str  # the enemy id (also Seat.hero)
    kind: str  # minion | boss
    level: int = 0


@dataclass(slots=True)
class Foe:
    """Adventures: whom this player's Attacks target (the engaged Minion, the Boss, or for an
    enemy the active hero). Set by the battle steps; the Roll Phase honours it."""

    target: int  # player entity


@dataclass(slots=True)
class KingsHandRules:
    """The Scenario card's King's Hand values for this enemy (Adventures rules 48-53): at most
    `max_per_turn` tokens spent in one turn; a Chaos die from `low` to `high` is a success."""

    max_per_turn: int = 1
    low: int = 4
    high: int = 6


@dataclass(slots=True)
class InBattle:
    """Adventures: which battle (e.g. the map tile) this player fights in. A player holding it
    counts as opponents only the living enemies of the same battle ("all opponents", upkeep
    tokens' opponent), so a hero's area damage never reaches a Minion on another tile."""

    battle: int
