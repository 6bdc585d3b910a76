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
    loot: LootInfo | None = None  # Adventures Loot cards (game/content/data/adventures/loot)


@dataclass(frozen=True, slots=True)
class LootInfo:
    """What makes a card an Adventures Loot card (rules 81-85): its deck rarity, its family (cards
    of one family share a name: a deck holds one of them, rule 82) and level (a higher level
    replaces a lower one, rule 83), whether it is Equipment (stays in play for the scenario,
    rule 81) and the standard card it swaps out (the Swap icon, rule 83)."""

    rarity: str
    family: str
    level: int = 1
    equipment: bool = False
    replaces: str | None = None


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
    # placed by another player on a holder whose own hero lists this status, the token is this
    # other status instead (each Cursed Pirate's Doubloons stay distinct in a mirror match)
    rival: str = ""
    source: str = ""


@dataclass(slots=True)
class ContentDB:
    heroes: dict[str, HeroDef] = field(default_factory=lambda: HeroTable())
    cards: dict[str, CardDef] = field(default_factory=dict)
    statuses: dict[str, StatusDef] = field(default_factory=dict)
    # Adventures: Minions and Bosses (enemy seats), and each Boss's Upgrade and Action decks
    enemies: dict[str, EnemyDef] = field(default_factory=dict)
    bosses: dict[str, BossDeckDef] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.heroes, HeroTable):
            self.heroes = HeroTable(self.heroes)
        self.heroes.enemies = self.enemies

    def has_board(self, board_id: str) -> bool:
        """A hero or an enemy with this id exists (a seat may use it)."""
        return board_id in self.heroes or board_id in self.enemies

    def ids(self) -> dict[str, list[str]]:
        return {
            "heroes": sorted(self.heroes),
            "cards": sorted(self.cards),
            "statuses": sorted(self.statuses),
        }


# ---------------------------------------------------------------- Adventures: enemies and bosses

# The Chaos die: the 5 dice every Minion and Boss rolls (Adventures rule 10). Our design: three
# Strike faces, two Fury faces and one Chaos face, like a hero die's 3 / 2 / 1 split.
CHAOS_SYMBOLS: dict[str, str] = {"strike": "Strike", "fury": "Fury", "chaos": "Chaos"}
CHAOS_DIE: tuple[DieFace, ...] = (
    DieFace(1, "strike"),
    DieFace(2, "strike"),
    DieFace(3, "strike"),
    DieFace(4, "fury"),
    DieFace(5, "fury"),
    DieFace(6, "chaos"),
)
REWARD_KINDS = ("cp", "gold", "salve", "loot_chest", "bonus_damage", "health", "cards")
LOOT_RARITIES = ("common", "rare", "epic", "legendary")


@dataclass(frozen=True, slots=True)
class Reward:
    """One line of a Minion's Rewards (rule 38.9): `amount` of `kind`; a loot chest names its
    rarity (every hero rolls for it, rule 46); the others go to the Active Player."""

    kind: str
    amount: int = 1
    rarity: str = ""


@dataclass(frozen=True, slots=True)
class EnemyDef:
    """A Minion or a Boss: its board (`board`, a HeroDef built from the hero file format with
    the Chaos die, no deck) and its enemy card fields (rules 37-38, 61-62)."""

    id: str
    name: str
    kind: str  # minion | boss
    level: int  # 1-4 for minions, 0 for bosses
    board: HeroDef
    health: int
    cp: int
    roll_objective: Requirement
    first_strike: bool = False
    kings_hand: bool = False
    no_solo: bool = False
    unique_defense: bool = False
    rewards: tuple[Reward, ...] = ()
    # ability id -> priority number (bosses: rule 73; minions may give them too, else the order
    # on the card decides: later abilities are stronger)
    priorities: tuple[tuple[str, int], ...] = ()
    text: str = ""
    source: str = ""

    def priority(self, ability_id: str) -> int | None:
        for aid, number in self.priorities:
            if aid == ability_id:
                return number
        return None


@dataclass(frozen=True, slots=True)
class BossUpgrade:
    """A card of a Boss's Upgrade deck (rule 63): raises `slot` to `level` for `cost` CP."""

    id: str
    name: str
    slot: str
    level: int
    cost: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class BossAction:
    """A card of a Boss's Action deck (rules 70-74). The card itself is a CardDef in
    `ContentDB.cards` (type main or roll, its cost and effects); this adds the roll objective
    and the Hero Bonus the active hero collects when it is drawn."""

    card: str
    objective: Requirement
    bonus_kind: str  # one of REWARD_KINDS
    bonus_amount: int = 1


@dataclass(frozen=True, slots=True)
class BossDeckDef:
    boss: str
    upgrades: tuple[BossUpgrade, ...]
    actions: tuple[BossAction, ...]
    source: str = ""

    def action(self, card_id: str) -> BossAction | None:
        for action in self.actions:
            if action.card == card_id:
                return action
        return None


class HeroTable(dict):
    """`ContentDB.heroes`: the playable heroes. Looking up an enemy id by `[]` falls back to that
    enemy's board, so code reading a seat's board (`content.heroes[seat.hero]`) works for enemy
    seats too; iterating, `in` and `.get()` see heroes only."""

    __slots__ = ("enemies",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.enemies: dict[str, EnemyDef] = {}

    def __missing__(self, key: str) -> HeroDef:
        enemy = self.enemies.get(key)
        if enemy is None:
            raise KeyError(key)
        return enemy.board

    def __copy__(self) -> HeroTable:
        out = HeroTable(self)
        out.enemies = self.enemies
        return out

    def __deepcopy__(self, memo: dict) -> HeroTable:
        return self
