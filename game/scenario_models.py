"""The shape of scenario files (docs/scenarios.md), as strict pydantic models.

Every field a file may hold has a type and a range here; an unknown field, a wrong type
(`cp = 3.5`, `seed = "x"`, `[[setup]]`), a number out of range (`statuses = { stun = -2 }`,
`dice = [9]`) or a non-finite one is refused with the file and the field named, before anything
is built. The runners (game/scenario.py, game/missions/scenario.py,
game/adventures/scenario_files.py) then check what needs the content (hero, card and status
ids) and the rules. Parsing itself is bounded by game/content/bounded.py.

Expectations (`expect`, `answer`, Perk steps) stay free-form tables here: their runners check
each key as they meet it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.content.bounded import BoundsError, loads_toml


class ScenarioError(Exception):
    """A malformed scenario file (exit code 2)."""


class ExpectationFailed(Exception):
    """The rules did not do what the scenario says (exit code 1)."""


@dataclass
class Scenario:
    path: Path
    title: str
    data: dict[str, Any]
    names: list[str] = field(default_factory=list)  # player names in seat order


# the Mission round steps a Mission scenario file may start at (game/missions/scenario.py)
MISSION_PHASES = (
    "movement",
    "hero_part_1",
    "target_resolve",
    "hero_part_2",
    "enemy_upkeep",
    "enemy_roll",
    "crisis_clock",
    "round",
    "perks",
)


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


def _range(lo: int, hi: int) -> Any:
    return Annotated[int, Field(ge=lo, le=hi)]


Die = _range(1, 6)
Seed = _range(0, 2**63 - 1)
Name = Annotated[str, Field(min_length=1, max_length=200)]
Names = Annotated[list[Name], Field(max_length=200)]
Dice = Annotated[list[Die], Field(max_length=200)]
Count = _range(0, 99)
Table = dict[str, Any]


# ---------------------------------------------------------------- duel-format files


class KingsHand(_Strict):
    max_per_turn: _range(0, 10) = 1
    low: Die = 4
    high: Die = 6
    tokens: _range(0, 10) | None = None


class BossSetup(_Strict):
    health: _range(1, 999) = 70
    upgrade_cp: _range(0, 99) = 0
    starting_cp: _range(0, 15) = 2
    upgrade_order: Names | None = None
    action_top: Names = []


class Player(_Strict):
    hero: Name | None = None
    enemy: Name | None = None
    team: _range(0, 7) | None = None
    name: Name | None = None
    health: _range(0, 999) | None = None
    cp: _range(0, 15) | None = None
    hand: Names | None = None
    deck_top: Names | None = None
    deck: Names | None = None
    discard: Names | None = None
    statuses: dict[Name, Count] = {}
    upgrades: dict[Name, _range(1, 3)] = {}
    limits: dict[Name, _range(0, 20)] = {}
    inflicted_by: dict[Name, Name] = {}
    flags: Names = []
    flipped: bool = False
    kings_hand: KingsHand | None = None
    boss: BossSetup | None = None

    @model_validator(mode="after")
    def _hero_or_enemy(self) -> Player:
        if (self.hero is None) == (self.enemy is None):
            raise ValueError("give a hero id (`hero`) or, in Adventures, an enemy id (`enemy`)")
        return self


class Setup(_Strict):
    seed: Seed = 1
    first: Name | None = None
    start_at: Literal["upkeep", "income", "main1", "offensive_roll", "main2", "discard"] = "upkeep"
    content: Name | None = None
    first_turn: bool = True
    settle: bool = True
    shared_dial: bool | None = None
    start_roll: Annotated[list[Die], Field(min_length=1, max_length=200)] | None = None
    mode: Name | None = None
    adventure: Literal["minion_step", "hero_step", "boss_step", "battle"] | None = None
    dice: Dice = []
    hero: Name | None = None
    foe: Name | None = None


class Step(_Strict):
    do: Name
    by: Name | None = None
    dice: Dice | None = None
    reroll: Annotated[list[_range(1, 5)], Field(max_length=5)] | None = None
    keep: Annotated[list[_range(1, 5)], Field(max_length=5)] | None = None
    ability: Name | None = None
    row: _range(0, 20) | None = None
    card: Name | None = None
    status: Name | None = None
    option: Name | None = None
    window: Name | None = None
    group: Name | None = None
    expect: Table | None = None
    note: str | None = None


class _Common(_Strict):
    title: Annotated[str, Field(min_length=1, max_length=500)]
    rules: Annotated[list[Name], Field(max_length=200)] = []
    description: str = ""


class DuelFile(_Common):
    setup: Setup = Field(default_factory=Setup)
    players: Annotated[dict[Name, Player], Field(min_length=2, max_length=8)]
    step: Annotated[list[Step], Field(max_length=500)] = []
    expect: Table = {}


# ---------------------------------------------------------------- Mission files

Space = Annotated[list[_range(-99, 99)], Field(max_length=2)]  # [q, r]; [] = off the board


class MissionSetup(_Strict):
    mission: Name | None = None
    heroes: Annotated[list[Name], Field(min_length=1, max_length=4)] | None = None
    side: Literal[1, 2] = 1
    start_player: _range(0, 3) = 0
    round: _range(0, 99) = 2
    clock: _range(0, 7) | None = None
    keep_enemies: bool = False
    seed: Seed = 1
    difficulty_up: _range(0, 4) = 0
    phase: Literal[MISSION_PHASES]
    dice: Dice = []


class MissionHero(_Strict):
    pos: Space | None = None
    health: _range(0, 99) | None = None
    cp: _range(0, 15) | None = None
    momentum: _range(0, 99) | None = None
    momentum_level: _range(1, 5) | None = None
    hand: Names | None = None
    tokens: dict[Name, Count] | None = None
    bonus: Annotated[list[_range(0, 9)], Field(max_length=20)] = []
    allies: Names = []
    facedown: _range(0, 20) = 0
    range: bool = False
    attack: Table | None = None


class MissionEnemy(_Strict):
    id: Name
    pos: Space
    health: _range(0, 999) | None = None
    tokens: dict[Name, Count] = {}


class MissionTile(_Strict):
    pos: Space
    kind: Name
    amount: _range(0, 99) | None = None
    status: Name | None = None
    face_up: bool = True


class MissionFile(_Common):
    mode: Literal["missions"]
    setup: MissionSetup
    hero: Annotated[list[MissionHero], Field(max_length=4)] = []
    enemy: Annotated[list[MissionEnemy], Field(max_length=50)] = []
    tile: Annotated[list[MissionTile], Field(max_length=100)] = []
    answer: Annotated[list[Table], Field(max_length=500)] = []
    expect: Table = {}
    perk_step: Annotated[list[Table], Field(max_length=200)] = []
    perk_sheet: Table = {}


# ---------------------------------------------------------------- Adventures campaign files


class ShopHero(_Strict):
    hero: Name | None = None
    deck: Names | None = None
    unidentified: Names = []

    @model_validator(mode="after")
    def _deck(self) -> ShopHero:
        if self.hero is None and self.deck is None:
            raise ValueError("give `hero` (its starting deck) or `deck` (card ids)")
        return self


Rarity = Literal["common", "rare", "epic", "legendary"]  # game.content.defs.LOOT_RARITIES


class ShopSpec(_Strict):
    team_gold: _range(0, 9999)
    deal: dict[Rarity, Count]
    loot_decks: dict[Rarity, Names]
    discount: _range(0, 99) = 0
    heroes: Annotated[list[ShopHero], Field(min_length=1, max_length=4)]


class ShopStep(_Strict):
    hero: _range(0, 3)
    do: Literal[
        "shop_buy",
        "shop_identify",
        "shop_sell",
        "shop_sell_unidentified",
        "shop_remove",
        "shop_done",
    ]
    card: Name | None = None
    index: _range(0, 999) | None = None
    refused: str | None = None
    note: str | None = None


class ShopExpect(_Strict):
    gold: list[_range(0, 9999)] | None = None
    dealt: list[Names] | None = None
    unidentified: list[Names] | None = None
    deck_has: list[Names] = []
    deck_lacks: list[Names] = []
    loot_decks: dict[Rarity, Names] | None = None


class ShopFile(_Common):
    kind: Literal["shop"]
    shop: ShopSpec
    step: Annotated[list[ShopStep], Field(max_length=500)] = []
    expect: ShopExpect = Field(default_factory=ShopExpect)


class Session(_Strict):
    result: Literal["won", "lost"]
    kind: Literal["crawl", "boss"]
    number: _range(1, 99)
    card: Name = "card"
    salves_left: _range(0, 99) = 0
    gold_left: Annotated[list[_range(0, 9999)], Field(max_length=4)] = []
    all_explored: bool = False
    unclaimed_boss_loot: _range(0, 99) = 0


class ScoreExpect(_Strict):
    rows: Annotated[list[Table], Field(max_length=200)] = []
    campaign_total: _range(-9999, 9999) | None = None
    next_starting_salves: _range(0, 99) | None = None


class ScoringFile(_Common):
    kind: Literal["scoring"]
    difficulty: Name
    starting_salves: _range(0, 99) = 3
    session: Annotated[list[Session], Field(max_length=200)] = []
    expect: ScoreExpect = Field(default_factory=ScoreExpect)


# ---------------------------------------------------------------- reading


class ShapeError(ValueError):
    """A file that does not have the shape of a scenario file; the message names the file and
    the field (up to three fields when more are wrong)."""


def model_for(data: dict[str, Any]) -> type[_Common]:
    if data.get("mode") == "missions":
        return MissionFile
    if data.get("kind") == "shop":
        return ShopFile
    if data.get("kind") == "scoring":
        return ScoringFile
    return DuelFile


def _where(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("function-after",) or str(part).startswith(("literal[", "list[", "dict[")):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def _message(error: dict) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "missing"
    got = repr(error.get("input"))
    if len(got) > 40:
        got = got[:37] + "..."
    return f"{error['msg']} (got {got})"


def check_shape(data: Any, path: Path) -> None:
    """Raise ShapeError naming `path` and the field(s) when `data` is not a valid file."""
    if not isinstance(data, dict):
        raise ShapeError(f"{path}: expected a table of fields")
    # the kind of file first: a wrong `mode` or `kind` would otherwise read as a duel file
    if "mode" in data and data["mode"] != "missions":
        raise ShapeError(f'{path}: mode: "missions" or left out (got {data["mode"]!r:.40})')
    if "kind" in data and data["kind"] not in ("shop", "scoring"):
        raise ShapeError(f'{path}: kind: "shop", "scoring" or left out (got {data["kind"]!r:.40})')
    try:
        model_for(data).model_validate(data)
    except ValidationError as exc:
        seen: list[str] = []
        for error in exc.errors():
            line = f"{_where(error['loc'])}: {_message(error)}"
            if line not in seen:
                seen.append(line)
        more = f" (and {len(seen) - 3} more)" if len(seen) > 3 else ""
        raise ShapeError(f"{path}: " + "; ".join(seen[:3]) + more) from None


def read_file(path: Path) -> dict[str, Any]:
    """A scenario file's parsed, bounded and shape-checked data; ShapeError otherwise (it
    names the file and, where one is at fault, the field)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ShapeError(f"{path}: cannot be read ({exc})") from None
    try:
        data = loads_toml(text)
    except BoundsError as exc:
        raise ShapeError(f"{path}: {exc}") from None
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise ShapeError(f"{path}: not valid TOML ({exc})") from None
    check_shape(data, path)
    return data
