"""Frames: what the engine is in the middle of doing, as plain data.

The engine keeps a stack of frames in the `Program` component. The frame on top is stepped by
the processor that owns its type; a step either finishes (pops), pushes frames that must run
first, or asks one player a question (a `PendingChoice`) and waits. Because frames are plain
dataclasses, a snapshot of the world captures a match exactly mid-resolution.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.content.defs import Fx

TURN_STAGES = ("upkeep", "income", "main1", "roll", "main2", "discard", "end")


@dataclass(slots=True)
class EffectCtx:
    """Who is resolving what: the context every effect verb reads.

    me        the player whose ability / card / token this is
    opp       the other party (the Defender of an Attack, the attacker for a defense)
    kind      offensive | ultimate | defensive | passive | status | card | setup
    source    display name of the ability, card or token
    dtype     the type plain damage takes here (an ability's type, or "none")
    rolled    the dice group that "rolled" amounts read
    dice      dice groups that dice-altering effects may touch
    status    for a status token's own effects: the status id (for remove_self)
    inflicter for a status token's own effects: who placed the token
    scope     key of the shared variable store for this resolution
    """

    me: int
    opp: int | None
    kind: str
    source: str
    dtype: str = "none"
    rolled: int | None = None
    dice: list[int] = field(default_factory=list)
    status: str | None = None
    inflicter: int | None = None
    scope: int = 0
    ultimate: bool = False


@dataclass(slots=True)
class MatchFrame:
    stage: str = "start_roll"
    next_index: int = 0


@dataclass(slots=True)
class TurnFrame:
    player: int
    stage: int = 0


@dataclass(slots=True)
class UpkeepFrame:
    player: int
    stage: str = "collect"
    triggers: list[tuple] = field(default_factory=list)


@dataclass(slots=True)
class IncomeFrame:
    player: int
    stage: str = "triggers"


@dataclass(slots=True)
class MainFrame:
    player: int
    number: int


@dataclass(slots=True)
class RollPhaseFrame:
    attacker: int
    stage: str = "start"
    extra: bool = False
    target: int | None = None


@dataclass(slots=True)
class RollSessionFrame:
    """A player's Roll Attempts: the Offensive Roll, or a Defensive Roll."""

    player: int
    purpose: str  # offense | defense
    stage: str = "decide"
    stamp: int = 0
    reopen: bool = False  # given an extra Roll Attempt after declaring: decide again


@dataclass(slots=True)
class DiscardFrame:
    player: int


@dataclass(slots=True)
class ResolveFrame:
    effects: tuple[Fx, ...]
    ctx: EffectCtx
    index: int = 0
    scratch: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class DiceRollFrame:
    """A roll made by an effect (an ability's dice, a token's die): roll, then let players alter."""

    group: int
    roller: int
    stage: str = "window"
    reroll_flag: str | None = None
    dice_only: bool = False  # a token's or card's roll: only dice may be altered, nothing else


@dataclass(slots=True)
class WindowFrame:
    """A named response window: players, in priority order, may act or pass.

    It closes once every player in `order` has passed in a row. Whenever someone acts,
    priority returns to the first player in `order` (the active player, or the roller).
    """

    name: str
    order: list[int]
    dice: list[int] = field(default_factory=list)
    exclude: list[int] = field(default_factory=list)
    position: int = 0
    passes: int = 0
    free_reroll: dict[str, Any] = field(default_factory=dict)
    dice_only: bool = False


@dataclass(slots=True)
class ChooseFrame:
    """A question an effect asks; the answer is stored in the ResolveFrame below, under `key`."""

    player: int
    prompt: str
    options: list[Any]
    key: str
    kind: str = "choose"


@dataclass(slots=True)
class CardFrame:
    player: int
    card: int
    stage: str = "start"
    dice: list[int] = field(default_factory=list)


@dataclass(slots=True)
class DamageFrame:
    pool: int
    stage: str = "window"
    previous_focus: int | None = None
    scratch: dict[str, Any] = field(default_factory=dict)  # answers (companion damage split)


FRAME_TYPES = (
    MatchFrame,
    TurnFrame,
    UpkeepFrame,
    IncomeFrame,
    MainFrame,
    RollPhaseFrame,
    RollSessionFrame,
    DiscardFrame,
    ResolveFrame,
    DiceRollFrame,
    WindowFrame,
    ChooseFrame,
    CardFrame,
    DamageFrame,
)
