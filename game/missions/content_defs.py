"""The data shapes of the Missions content (frozen dataclasses) and the vocabularies the
loader checks against; game/missions/content.py reads the JSON files into them."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.defs import Requirement

SYMBOLS = ("fist", "bolt", "skull", "star")
DAMAGE_TYPES = ("normal", "undefendable", "pure", "collateral", "ultimate")

# verb -> (required params, optional params) for effects in missions files
VERBS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "gain_momentum": (("amount",), ()),
    "gain_cp": (("amount",), ()),
    "heal": (("amount",), ()),
    "draw": (("count",), ()),
    "gain_status": (("status",), ("count", "amount")),
    "inflict_status": (("status",), ("count", "amount")),
    "remove_status": (("status",), ()),
    "add_damage": (("amount",), ()),
    "gain_range": ((), ()),
    "deal_damage": (("amount",), ("type",)),
    "prevent": (("amount",), ()),
    "prevent_damage": (("amount",), ()),
    "reflect": (("amount",), ()),
    "damage_heroes": (("amount",), ("type",)),
    "heroes_status": (("status",), ("count",)),
    "advance_clock": (("amount",), ()),
}
CLOCK_VERBS = {
    "enemy_crisis": ("enemy",),
    "boss_crisis": (),
    "threat": (),
    "heroes_lose_cp": ("amount",),
    "heroes_discard": ("count",),
    "heroes_damage": ("amount",),
    "heroes_status": ("status", "count"),
}
SETUP_VERBS = {
    "enemy_status": ("enemy", "status", "count"),
    "boss_status": ("status", "count"),
    "heroes_status": ("status", "count"),
}
OBJECTIVES = ("defeat_all", "defeat_all_then_exit", "defeat_boss")
BONUS_KINDS = ("within_rounds", "defeat_enemy", "plot_complete")
# what a revealed Mystery tile may do: the plain effects below, plus these of its own
MYSTERY_PLAIN = ("gain_momentum", "gain_cp", "heal", "draw", "gain_status")
MYSTERY_VERBS = {
    "gain_plot": ("amount",),  # the team gains Plot tokens
    "lose_health": ("amount",),  # the Hero who revealed it loses Health (not damage)
    "enemies_status": ("status", "count"),  # every undefeated enemy gains a status
}
PERFECT_KINDS = ("rounds_at_most", "health_at_least")
BOOST_KINDS = ("cp", "heal", "momentum", "draw", "status", "cleanse", "transfer")


@dataclass(frozen=True, slots=True)
class StatusInfo:
    id: str
    name: str
    kind: str
    stack_limit: int
    text: str
    persistent: bool = False
    removable: bool = True
    transferable: bool = True
    enemy_ai: str = ""


@dataclass(frozen=True, slots=True)
class EnemyDie:
    color: str
    faces: tuple[str, ...]  # symbol of face value 1..6
    text: str


@dataclass(frozen=True, slots=True)
class Strike:
    """One enemy Attack: its reach, damage and what it places or gains."""

    name: str
    reach: str = "melee"  # melee | range
    multi_strike: bool = True
    damage: int = 0
    dtype: str = "normal"
    statuses: tuple[tuple[str, int], ...] = ()  # inflicted on each Hero hit
    gain: tuple[tuple[str, int, str], ...] = ()  # (status, count, on: self|target)


@dataclass(frozen=True, slots=True)
class CrisisRoll:
    """The rest of a Crisis Ability decided by a roll of Enemy Dice (rule 77: "then 2 Enemy
    Dice are rolled"): when the black dice rolled meet `objective`, each Hero the ability
    reached takes `damage` more (pooled with the Crisis damage, rule 76) and gains
    `statuses`, and the enemy gains `gain`."""

    dice: int = 2
    objective: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    statuses: tuple[tuple[str, int], ...] = ()
    gain: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class CrisisAbility:
    name: str
    damage: int = 0
    dtype: str = "collateral"
    melee_only: bool = False
    heal: int = 0
    gain: tuple[tuple[str, int], ...] = ()
    roll: CrisisRoll | None = None


@dataclass(frozen=True, slots=True)
class HenchmanDef:
    id: str
    name: str
    icon: str
    health: int
    shields: int
    objective: tuple[tuple[str, int], ...]
    attack: Strike
    crisis: CrisisAbility
    text: str
    size: int = 1  # spaces it stands on (rule 56: large enemies cover 2+)


@dataclass(frozen=True, slots=True)
class ThreatDef:
    id: str
    name: str
    objective: tuple[tuple[str, int], ...]
    effects: tuple[dict, ...]
    text: str


@dataclass(frozen=True, slots=True)
class BossAttack:
    name: str
    objective: tuple[tuple[str, int], ...]
    melee: tuple[int, str] | None  # (damage, type) against adjacent Heroes
    ranged: tuple[int, str] | None  # against every Hero not adjacent
    statuses: tuple[tuple[str, int], ...] = ()
    crit_status: tuple[str, int] | None = None
    crit_damage: int = 0


@dataclass(frozen=True, slots=True)
class BossDef:
    id: str
    name: str
    health: tuple[int, int, int, int]  # by Hero count 1..4
    shields: int
    defense_name: str
    defense: tuple[dict, ...]
    unique_defense: tuple[str, int, tuple[dict, ...]] | None  # (name, min damage, effects)
    attacks: tuple[BossAttack, ...]
    crisis: CrisisAbility
    oppression_health: int
    oppression_shields: int
    text: str


@dataclass(frozen=True, slots=True)
class SideDef:
    kind: str  # run | boss
    map: str
    objective: str
    objective_text: str
    clock: tuple[dict | None, ...]
    henchmen: tuple[str, ...] = ()
    threat: str | None = None
    boss: str | None = None
    bonus: dict | None = None
    perfect: dict | None = None
    additional_setup: tuple[dict, ...] = ()
    # the side's Plot: Plot tokens the team needs, what completing it gives each Hero; it
    # also opens the map's closed Clear tiles ({"needed", "text", "reward"})
    plot: dict | None = None


@dataclass(frozen=True, slots=True)
class MysteryTileDef:
    id: str
    name: str
    text: str
    effects: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class MissionDef:
    id: str
    name: str
    difficulty: int
    text: str
    sides: tuple[SideDef, SideDef]


@dataclass(frozen=True, slots=True)
class BoostTileDef:
    kind: str
    amount: int = 0
    status: str | None = None


@dataclass(frozen=True, slots=True)
class MomentumAction:
    id: str
    cost: int
    text: str
    phase: str
    per_round: int = 0  # 0 = no limit


@dataclass(frozen=True, slots=True)
class AllyPower:
    effects: tuple[dict, ...]
    requirement: Requirement | None = None
    phase: str = ""
    name: str = ""
    ranged: bool = False


@dataclass(frozen=True, slots=True)
class AllyDef:
    id: str
    name: str
    cost: int
    text: str
    recruit: tuple[dict, ...] = ()
    kicker: AllyPower | None = None
    offensive: AllyPower | None = None
    exhaust: AllyPower | None = None
    plus_exhaust: AllyPower | None = None


@dataclass(frozen=True, slots=True)
class PerkDef:
    row: str
    column: int
    circles: int
    effect: dict
    text: str


@dataclass(slots=True)
class MissionsDB:
    statuses: dict[str, StatusInfo] = field(default_factory=dict)
    dice: dict[str, EnemyDie] = field(default_factory=dict)
    symbols: dict[str, str] = field(default_factory=dict)
    henchmen: dict[str, HenchmanDef] = field(default_factory=dict)
    threats: dict[str, ThreatDef] = field(default_factory=dict)
    bosses: dict[str, BossDef] = field(default_factory=dict)
    missions: dict[str, MissionDef] = field(default_factory=dict)
    boost_tiles: list[BoostTileDef] = field(default_factory=list)
    boost_texts: dict[str, str] = field(default_factory=dict)
    momentum_levels: dict[int, tuple[MomentumAction, ...]] = field(default_factory=dict)
    max_momentum: int = 15
    allies: dict[str, AllyDef] = field(default_factory=dict)
    perks: list[PerkDef] = field(default_factory=list)
    perk_rows: dict[str, bool] = field(default_factory=dict)  # row id -> in order
    feats: list[PerkDef] = field(default_factory=list)
    mythics: dict[str, str] = field(default_factory=dict)
    mystery_tiles: list[MysteryTileDef] = field(default_factory=list)

    def ids(self) -> dict[str, list[str]]:
        return {
            "missions": sorted(self.missions),
            "henchmen": sorted(self.henchmen),
            "bosses": sorted(self.bosses),
            "allies": sorted(self.allies),
            "statuses": sorted(self.statuses),
        }
