"""Components of an Adventures scenario in the duel engine's esper world (data only).

Entities added next to the duel engine's own: one `Tile` per slot of the Portal Crawl map (the
Crimson Sands, the Boss Portal and the environment tiles, face down until explored), a
`Scenario` record on the match entity (what the scenario card and the session set: Gold dial,
Salve strength, delivered Portal Shards, the Minion and Loot decks, the result), and an
`Adventurer` on each hero's player entity (tile, Salves, engagement, unidentified loot).
Like every component they are plain dataclasses registered with the codec, so snapshots,
digests and replays cover them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import codec


@dataclass(slots=True)
class Tile:
    """One map slot. `tile` is the environment tile drawn for it at setup (rule 19); `items`
    are what lies on it until a hero explores it (rule 20: "shard", "salve", "chest:<rarity>")."""

    slot: str
    kind: str  # sands | portal | env
    level: int = 0  # environment tile level I-IV (1-4); the portal's minion level
    tile: str = ""  # environment tile id ("" for the Crimson Sands and the Boss Portal)
    explored: bool = False
    neighbours: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    x: float = 0.0  # map position (for the window)
    y: float = 0.0
    minion: int | None = None  # the enemy seat fighting here (player entity)


@dataclass(slots=True)
class Scenario:
    """The scenario in play (on the match entity)."""

    kind: str  # crawl | boss
    number: int
    card: str
    difficulty: str
    gold: int = 0  # the team Gold dial (rule 22)
    salve_heal: int = 0  # Health one Salve heals (rule 55)
    revive_health: int = 0  # Health a revived hero comes back with (our design, rule 55)
    starting_salves: int = 0
    shards: int = 0  # Portal Shards delivered to the Boss Portal (rule 24)
    shards_needed: int = 3
    order: list[int] = field(default_factory=list)  # hero entities in crawl turn order
    minion_decks: dict[str, list[str]] = field(default_factory=dict)  # level -> enemy ids
    loot_decks: dict[str, list[str]] = field(default_factory=dict)  # rarity -> card ids
    portal_minion: int | None = None  # the Level IV Minion from the Boss Portal
    portal_defeated: bool = False
    result: str = ""  # won | lost
    why: str = ""
    turns: int = 0  # crawl turns taken (Move & Explore or Minion Battle)
    rewarded: list[int] = field(default_factory=list)  # defeated Minions already rewarded
    boss: int | None = None  # Boss Battle: the boss seat
    salves_used: int = 0


@dataclass(slots=True)
class Adventurer:
    """A hero's crawl state (on the hero's player entity)."""

    tile: str = ""
    salves: int = 0  # Salve tokens held (Unique: never removed or transferred, rule 57)
    engaged: int | None = None  # the Minion (player entity) this hero fights (rules 34-36)
    unidentified: list[str] = field(default_factory=list)  # "rarity:card" tucked under the board
    loot_gained: list[str] = field(default_factory=list)  # card ids added to the deck this session
    fallen: bool = False


codec.register(Tile, Scenario, Adventurer)
