"""Definitions built from the content files: heroes, cards and status effects.

These are immutable once loaded. Effect lists are tuples of `Fx` (a read-only dict) so the
engine's frames can hold them and copying a match state never copies content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Fx(dict):
    """One effect from a content file (``{"do": verb, ...params}``), treated as read-only.

    Copying returns the same object: content never changes during a match, so snapshots of a
    match may share it.
    """

    __slots__ = ()

    def __copy__(self) -> Fx:
        return self

    def __deepcopy__(self, memo: dict) -> Fx:
        return self

    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)

    @property
    def verb(self) -> str:
        return self["do"]


Effects = tuple[Fx, ...]


def freeze_effects(raw: list[dict[str, Any]]) -> Effects:
    """Turn validated effect dicts (with nested effect lists) into Fx tuples."""
    return tuple(_freeze_effect(item) for item in raw)


def _freeze_effect(raw: dict[str, Any]) -> Fx:
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("effects", "else", "win", "lose"):
            out[key] = freeze_effects(value)
        elif key == "options":
            out[key] = tuple(
                Fx(
                    {
                        **{k: v for k, v in opt.items() if k != "effects"},
                        "effects": freeze_effects(opt["effects"]),
                    }
                )
                for opt in value
            )
        else:
            out[key] = value
    return Fx(out)


@dataclass(frozen=True, slots=True)
class DieFace:
    value: int
    symbol: str


@dataclass(frozen=True, slots=True)
class Requirement:
    """What the Final Dice Result must show to activate an ability."""

    symbols: tuple[tuple[str, int], ...] = ()  # specific symbol counts
    same_symbol: int = 0  # this many further dice sharing one symbol (any symbol)
    any_dice: int = 0  # this many further dice of any face
    values: tuple[tuple[int, int], ...] = ()  # specific numbers
    of_a_kind: int = 0  # this many dice showing the same number
    straight: int = 0  # 4 = small straight, 5 = large straight
    full_house: bool = False  # three of one number and two of another

    def is_empty(self) -> bool:
        return not (
            self.symbols
            or self.same_symbol
            or self.any_dice
            or self.values
            or self.of_a_kind
            or self.straight
            or self.full_house
        )


@dataclass(frozen=True, slots=True)
class AbilityRow:
    requirement: Requirement
    effects: Effects
    text: str


@dataclass(frozen=True, slots=True)
class TriggerDef:
    on: str
    effects: Effects
    condition: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """One ability as it reads at one level (offensive, ultimate, defensive or passive)."""

    id: str
    name: str
    kind: str  # offensive | ultimate | defensive | passive
    slot: str
    level: int
    text: str
    rows: tuple[AbilityRow, ...] = ()  # offensive / ultimate
    damage_type: str = "normal"  # the type of plain "dmg" this ability deals
    defense_dice: int = 0  # defensive
    effects: Effects = ()  # defensive: resolved after the defense roll
    triggers: tuple[TriggerDef, ...] = ()  # passive
    flags: tuple[str, ...] = ()  # passive: capabilities held while this ability is on the board


@dataclass(frozen=True, slots=True)
class SlotDef:
    """A named space on the hero board; upgrade cards replace what it holds."""

    id: str
    kind: str
    levels: dict[int, tuple[AbilityDef, ...]]
    # what the slot holds at each level once its hero board is flipped (Cursed Pirate)
    flipped: dict[int, tuple[AbilityDef, ...]] | None = None

    @property
    def name(self) -> str:
        return self.levels[1][0].name


@dataclass(frozen=True, slots=True)
class HeroDef:
    id: str
    name: str
    complexity: int
    weapon: str
    bio: str
    quote: str
    dice: tuple[DieFace, ...]
    symbols: dict[str, str]  # symbol id -> display name
    statuses: tuple[str, ...]
    slots: tuple[SlotDef, ...]
    deck: tuple[tuple[str, int], ...]
    setup: Effects = ()
    health: int = 50
    cp: int = 2
    hand: int = 4
    source: str = ""

    def face(self, value: int) -> DieFace:
        return self.dice[value - 1]

    def symbol_of(self, value: int) -> str:
        return self.dice[value - 1].symbol

    def slot(self, slot_id: str) -> SlotDef:
        for slot in self.slots:
            if slot.id == slot_id:
                return slot
        raise KeyError(slot_id)

    def deck_size(self) -> int:
        return sum(count for _, count in self.deck)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str  # upgrade | main | roll | instant
    cost: int
    text: str
    effects: Effects = ()
    play_when: tuple[tuple[str, int | None], ...] = ()  # (condition, optional number)
    hero: str | None = None
    upgrade_slot: str | None = None
    upgrade_level: int = 0
    attack_modifier: bool = False
    source: str = ""


@dataclass(frozen=True, slots=True)
class SpendDef:
    when: tuple[str, ...]
    effects: Effects
    attack_modifier: bool = False
    # windows in which a token gained during the current turn may not be spent (Chi)
    not_on_turn_gained: tuple[str, ...] = ()
    condition: dict[str, Any] | None = None  # must hold (for the holder) to spend at all
    once_per_turn: bool = False  # at most one spend of this status per player-turn (Spirits)
    keep: bool = False  # spending does not use the token up (Bots are activated, not spent)
    cost: tuple[tuple[str, int], ...] = ()  # tokens of other statuses paid to spend (Synth)
    per_phase: int = 0  # at most this many spends in one phase (a Bot's activation limit)


@dataclass(frozen=True, slots=True)
class StatusDef:
    id: str
    name: str
    kind: str  # positive | negative | unique | companion
    stack_limit: int
    text: str
    persistent: bool = False
    spend: SpendDef | None = None
    triggers: tuple[TriggerDef, ...] = ()
    incapacitates: bool = False  # the holder can take no action at all (Stun)
    removable: bool = True
    transferable: bool = True
    attack_modifier: bool = False
    no_defense: bool = False  # the holder makes no Defensive Roll (Shadows)
    # when the holder's Health would drop to 0, one token goes and Health is set to this
    saves_from_defeat: int = 0
    # stack limit on a holder whose own hero lists this status (Cursed Doubloon: 5, else 3)
    owner_stack_limit: int = 0
    # resolved (as this token's effects) when it is placed on a holder who already has one
    # (Powder Keg: the old Keg blows up)
    on_reinflict: Effects = ()
    source: str = ""


@dataclass(slots=True)
class ContentDB:
    heroes: dict[str, HeroDef] = field(default_factory=dict)
    cards: dict[str, CardDef] = field(default_factory=dict)
    statuses: dict[str, StatusDef] = field(default_factory=dict)

    def ids(self) -> dict[str, list[str]]:
        return {
            "heroes": sorted(self.heroes),
            "cards": sorted(self.cards),
            "statuses": sorted(self.statuses),
        }
