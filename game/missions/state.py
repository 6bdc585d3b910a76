"""Components of a mission's esper world (data only).

Entities: the mission itself (MissionInfo, the RNG), one per hex space (HexSpace, in axial
coordinates), one per Hero (HeroState) and one per enemy (EnemyState: Henchmen and the boss).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from game.missions.hexgrid import Hex
from game.rules.actions import Action, PendingChoice


@dataclass(slots=True)
class HexSpace:
    hex: Hex
    dark: bool = False
    entry: bool = False
    exit: bool = False
    boost_space: bool = False
    number: int = 0
    defeat_tile: bool = False
    # Boost Tiles lying here, top first: (index into the tile set, face up?)
    tiles: list[tuple[int, bool]] = field(default_factory=list)
    plot: int = 0  # Plot tokens lying here
    mystery: int = -1  # the face-down Mystery tile here (index into the set; -1 none)
    clear: bool = False  # a Clear tile covers this dark space ...
    clear_open: bool = False  # ... and it may be entered and crossed


@dataclass(slots=True)
class HeroState:
    seat: int
    hero: str
    name: str
    health: int
    start_health: int
    cp: int = 2
    momentum: int = 0
    momentum_level: int = 1
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    levels: dict[str, int] = field(default_factory=dict)
    pos: Hex | None = None
    exited: bool = False
    defeated: bool = False
    tokens: dict[str, int] = field(default_factory=dict)
    bonus: list[int] = field(default_factory=list)  # the numbers on held Bonus Damage tokens
    # new Bonus Damage tokens gained at the stack limit: the Hero swaps or throws each away at
    # the next question (engine.bonus_questions)
    bonus_waiting: list[int] = field(default_factory=list)
    allies: list[str] = field(default_factory=list)
    ally_limit: int = 1
    used_this_round: dict[str, int] = field(default_factory=dict)
    facedown: list[int] = field(default_factory=list)  # Boost Tiles on the Health dial
    has_range: bool = False  # Range gained for this round
    mythic: str = ""
    feats: list[str] = field(default_factory=list)  # unlocked, not yet used this mission
    skip_income: bool = False
    attack: dict | None = None  # what was rolled in Part 1, resolved in Target & Resolve
    # the step of the round this Hero is in (rule 37: teammates interact only in the same one):
    # a round phase name, or upkeep / income / main1 / roll / ready inside Part 1
    phase: str = ""
    # the hero's own kit: companions with a Health dial (id -> [Health, starting Health];
    # Downed at 0 or less), a flipped hero board (Cursed Pirate) and raised stack limits
    companions: dict[str, list[int]] = field(default_factory=dict)
    flipped: bool = False
    stack_bonus: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class EnemyState:
    kind: str  # henchman | boss
    enemy: str  # definition id
    name: str
    panel: int  # Henchman panel index, left to right (boss: 0)
    health: int
    start_health: int
    pos: Hex
    defeated: bool = False
    tokens: dict[str, int] = field(default_factory=dict)
    bonus: list[int] = field(default_factory=list)
    # a large enemy stands on several spaces (rule 56); `pos` is the first, these the rest
    extra: tuple[Hex, ...] = ()

    @property
    def spaces(self) -> tuple[Hex, ...]:
        return (self.pos, *self.extra)


@dataclass(slots=True)
class MissionInfo:
    mission: str
    side: int = 0
    round: int = 0
    side_round: int = 0
    phase: str = "setup"
    start_player: int = 0
    clock: int = 0  # segment the hand points at (0-7)
    clock_plus: bool = False
    red_dice: int = 2
    black_dice: int = 3
    enemy_dice: list[tuple[str, int]] = field(default_factory=list)
    boost_pile: list[int] = field(default_factory=list)
    boost_discard: list[int] = field(default_factory=list)
    ally_deck: list[str] = field(default_factory=list)
    ally_hq: list[str] = field(default_factory=list)
    sides_completed: int = 0
    side_done: bool = False
    perfect: bool = False
    bonus_done: bool = False
    result: str = ""  # won | lost
    over: bool = False
    threat: str | None = None
    plot: int = 0  # Plot tokens the team holds on this side
    plot_done: bool = False  # the side's Plot is complete
    # this Movement Phase's chosen ends (seat -> space), shown on the map until all have chosen
    # and the Heroes move together
    moves: dict[int, Hex] = field(default_factory=dict)


# Missions numbers used across the engine's parts (rules 11, 78 and the hand limit)
START_HEALTH = {1: 45, 2: 30, 3: 25, 4: 20}
MAX_CP = 15
HAND_LIMIT = 6
EASIER = ("double_pp", "health", "momentum")

# Action kinds by which a player chooses to spend a resource (Momentum, CP, a card, a token, an
# Ally, a Feat). Such a choice is always the player's: the engine never answers it by itself,
# even as the only option, and every choice offering one also offers a way to decline
# (check_mission_invariants).
SPENDING_KINDS = frozenset(
    {
        "buy_range",
        "range_defend",
        "momentum",
        "momentum_reroll",
        "recruit",
        "upgrade",
        "play",
        "pay_cp",
        "spend_token",
        "spend_bonus",
        "spend_flight",
        "spend_shield",
        "spend_evasive",
        "feat",
        "exhaust",
        "plus_exhaust",
        "reroll_enemy",
    }
)

Driver = Generator[PendingChoice, Action, Any]
