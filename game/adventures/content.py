"""Adventures content: Environment tiles, scenario cards, Difficulty cards, the Loot and Boss
Loot tables and Rosella's price tags (JSON under game/content/data/adventures/).

The Loot decks themselves are cards (adventures/loot/*.json, loaded into `ContentDB.cards` by
game/content/loader.py with a `loot` block); Minions and Bosses are ADV-BATTLE's enemy files.
Every number here is designed (the seeds lost them, adventures_rules.md Gaps 2-4) and documented
in docs/adventures.md "Content (designed)". Every file is validated when loaded; a mistake raises
`ContentError` naming the file and the field, e.g.
``adventures/tiles.json: tiles[4].mandatory[0].amount: expected an integer, got a string``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.bounded import BoundsError, loads_json
from game.content.defs import LOOT_RARITIES, ContentDB
from game.content.loader import ContentError, _join, _Reader
from game.paths import content_dir

RARITIES = LOOT_RARITIES  # common, rare, epic, legendary (rule 80: the board's columns)
HERO_COUNTS = (1, 2, 3, 4)
TILE_KINDS = ("start", "portal", "env")
LOOT_REWARDS = ("bonus_damage", "cp", "cards", "health", "gold", "unidentified")  # rule 79
WHO = ("self", "team")

# Tile effect verbs (rule 32c): verb -> {param: kind}; every verb also takes "who" (self|team).
# They are run by the Portal Crawl driver (game/adventures/crawl.py), on the explorer unless
# "who" is "team". pay_* options are only offered when the explorer / team can pay.
TILE_VERBS: dict[str, dict[str, str]] = {
    "heal": {"amount": "int"},
    "lose_health": {"amount": "int"},
    "gain_cp": {"amount": "int"},
    "lose_cp": {"amount": "int"},
    "pay_cp": {"amount": "int"},
    "draw": {"count": "int"},
    "discard": {"count": "int"},
    "gain_status": {"status": "status", "count": "int?"},
    "gain_bonus_damage": {"value": "int"},  # one Bonus Damage token showing +value (rule 100)
    "salve": {"count": "int"},
    "loot_chest": {"rarity": "rarity"},
    "gold": {"amount": "int"},
    "pay_gold": {"amount": "int"},
    "lose_gold": {"amount": "int"},
    "gamble": {"at_least": "d20", "effects": "effects", "else": "effects?"},
}


# ---------------------------------------------------------------- definitions


@dataclass(frozen=True, slots=True)
class TileOption:
    label: str
    effects: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class TileDef:
    """An Environment tile (rule 32): CP, team Gold, mandatory actions, one choice, a Minion."""

    id: str
    name: str
    kind: str  # start (Crimson Sands) | portal (Boss Portal) | env
    level: int  # env 1-4; portal 4; start 0
    cp: int
    gold: int
    minion: int  # 0 = no Minion; 1-4 = draw a Minion of that level
    text: str
    mandatory: tuple[dict, ...] = ()
    choices: tuple[TileOption, ...] = ()


@dataclass(frozen=True, slots=True)
class HeroSetup:
    health: int
    gold: int
    salves: int


@dataclass(frozen=True, slots=True)
class KingsHand:
    """One difficulty column of a scenario card's King's Hand table (rule 50)."""

    start: tuple[int, int, int, int]  # starting tokens by hero count 1-4
    per_turn: int  # most tokens spent in one turn
    success: tuple[int, ...]  # Chaos die values that count as a success

    def start_for(self, heroes: int) -> int:
        return self.start[heroes - 1]

    @property
    def low(self) -> int:
        """The range as game.rules.components.KingsHandRules takes it (low..high)."""
        return self.success[0]

    @property
    def high(self) -> int:
        return self.success[-1]


@dataclass(frozen=True, slots=True)
class ScenarioCard:
    """A Portal Crawl scenario card (rule 16)."""

    id: str
    scenario: int
    name: str
    map: str  # file in maps/adventures/
    salve_heal: int
    revive_health: int
    setup: dict[int, HeroSetup]
    shop: dict[str, int]  # rarity -> Loot cards dealt to each hero at the Shop (rule 87)
    kings_hand: dict[str, KingsHand]  # difficulty id -> row
    text: str
    mode: str = "crawl"


@dataclass(frozen=True, slots=True)
class BossSetup:
    health: int
    upgrade_cp: int
    starting_cp: int


@dataclass(frozen=True, slots=True)
class BossCard:
    """A Boss Battle scenario card (rule 17)."""

    id: str
    scenario: int
    name: str
    boss: str  # enemy id (ContentDB.enemies)
    salve_heal: int
    team_health: dict[int, int]
    boss_setup: dict[int, BossSetup]
    starting_salves: dict[int, int]
    kings_hand: dict[str, KingsHand]
    boss_loot: int  # Boss Loot chests each hero draws (rule 90)
    text: str
    mode: str = "boss"


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A Difficulty card (rule 7): the Scenario Score and our designed rule adjustments."""

    id: str
    name: str
    order: int
    scenario_score: int
    hero_health: int  # added to each hero's Portal Crawl Health
    team_health: int  # added to the Boss Battle's shared Health
    enemy_health_percent: int  # Minion and Boss starting Health, percent (rounded up)
    starting_gold: int  # added to the Portal Crawl's starting Gold (never below 0)
    extra_salves: int  # added to the first session's Starting Salves (never below 0)
    loss_salves: int  # Starting Salves added after a loss (rule 95 prints 3)
    max_losses: int  # 0: replay until won (rule 3); N: the N-th lost scenario ends the campaign
    shop_discount: int  # Gold off every Shop price
    text: str


@dataclass(frozen=True, slots=True)
class LootReward:
    kind: str  # bonus_damage | cp | cards | health | gold | unidentified
    amount: int = 1
    rarity: str = ""  # unidentified: which Loot deck


@dataclass(frozen=True, slots=True)
class LootRow:
    low: int
    high: int
    reward: LootReward


@dataclass(frozen=True, slots=True)
class BossLootRow:
    low: int
    high: int
    rarity: str


@dataclass(frozen=True, slots=True)
class ShopPrices:
    buy: dict[str, int]
    identify: int
    sell: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class CrawlNumbers:
    """A Portal Crawl card read for a hero count and a difficulty."""

    health: int
    gold: int
    salves: int  # the fresh-campaign Starting Salves (rule 15, session 1)
    salve_heal: int
    revive_health: int
    kings_hand: KingsHand
    shop: dict[str, int]


@dataclass(frozen=True, slots=True)
class BossNumbers:
    team_health: int
    boss_health: int
    upgrade_cp: int
    starting_cp: int
    salves: int
    salve_heal: int
    kings_hand: KingsHand
    boss_loot: int


@dataclass(slots=True)
class AdventuresDB:
    tiles: dict[str, TileDef] = field(default_factory=dict)  # environment tiles (levels 1-4)
    start_tile: TileDef | None = None
    portal_tile: TileDef | None = None
    crawl_cards: dict[str, ScenarioCard] = field(default_factory=dict)
    boss_cards: dict[str, BossCard] = field(default_factory=dict)
    difficulties: dict[str, Difficulty] = field(default_factory=dict)  # easiest first
    chest_table: dict[str, tuple[LootRow, ...]] = field(default_factory=dict)
    boss_loot_table: tuple[BossLootRow, ...] = ()
    prices: ShopPrices | None = None
    loot_cards: dict[str, tuple[str, ...]] = field(default_factory=dict)  # rarity -> card ids

    def tiles_of_level(self, level: int) -> list[TileDef]:
        return sorted((t for t in self.tiles.values() if t.level == level), key=lambda t: t.id)

    def tile(self, tile_id: str) -> TileDef:
        if self.start_tile and tile_id == self.start_tile.id:
            return self.start_tile
        if self.portal_tile and tile_id == self.portal_tile.id:
            return self.portal_tile
        return self.tiles[tile_id]

    def cards_for(self, scenario: int) -> list[str]:
        """Rule 13: the 4 card ids of a Portal Crawl, or the one card of a Boss Battle."""
        pool = self.crawl_cards if scenario % 2 == 1 else self.boss_cards
        return sorted(c.id for c in pool.values() if c.scenario == scenario)

    def card(self, card_id: str) -> ScenarioCard | BossCard:
        if card_id in self.crawl_cards:
            return self.crawl_cards[card_id]
        return self.boss_cards[card_id]

    def ids(self) -> dict[str, list[str]]:
        return {
            "tiles": sorted(self.tiles),
            "scenarios": sorted([*self.crawl_cards, *self.boss_cards]),
            "difficulties": list(self.difficulties),
            "loot": sorted(c for cards in self.loot_cards.values() for c in cards),
        }


# ---------------------------------------------------------------- reading for a game


def scaled_enemy_health(health: int, difficulty: Difficulty) -> int:
    """A Minion's or Boss's starting Health under a difficulty (rounded up, at least 1)."""
    return max(1, math.ceil(health * difficulty.enemy_health_percent / 100))


def crawl_numbers(card: ScenarioCard, heroes: int, difficulty: Difficulty) -> CrawlNumbers:
    if heroes not in HERO_COUNTS:
        raise ValueError(f"a scenario is for 1 to 4 heroes, not {heroes}")
    setup = card.setup[heroes]
    return CrawlNumbers(
        health=max(1, setup.health + difficulty.hero_health),
        gold=max(0, setup.gold + difficulty.starting_gold),
        salves=max(0, setup.salves + difficulty.extra_salves),
        salve_heal=card.salve_heal,
        revive_health=card.revive_health,
        kings_hand=card.kings_hand[difficulty.id],
        shop=dict(card.shop),
    )


def boss_numbers(
    card: BossCard, heroes: int, difficulty: Difficulty, boss_health: int | None = None
) -> BossNumbers:
    """`boss_health`: overrides the card's Boss Health before the difficulty scales it."""
    if heroes not in HERO_COUNTS:
        raise ValueError(f"a scenario is for 1 to 4 heroes, not {heroes}")
    setup = card.boss_setup[heroes]
    base = setup.health if boss_health is None else boss_health
    return BossNumbers(
        team_health=max(1, card.team_health[heroes] + difficulty.team_health),
        boss_health=scaled_enemy_health(base, difficulty),
        upgrade_cp=setup.upgrade_cp,
        starting_cp=setup.starting_cp,
        salves=max(0, card.starting_salves[heroes] + difficulty.extra_salves),
        salve_heal=card.salve_heal,
        kings_hand=card.kings_hand[difficulty.id],
        boss_loot=card.boss_loot,
    )


def option_affordable(option: TileOption, cp: int, gold: int) -> bool:
    """A tile choice is offered only if the explorer can pay its pay_cp / team its pay_gold."""
    need_cp = sum(e["amount"] for e in option.effects if e["do"] == "pay_cp")
    need_gold = sum(e["amount"] for e in option.effects if e["do"] == "pay_gold")
    return cp >= need_cp and gold >= need_gold


# ---------------------------------------------------------------- loading


def _int(r: _Reader, obj: dict, key: str, path: str, lo: int = 0, hi: int = 999, **kw) -> int:
    value = r.field(obj, key, path, int, **kw)
    if not lo <= value <= hi:
        raise r.fail(_join(path, key), f"expected {lo}..{hi}, got {value}")
    return value


def _read(root: Path, name: str) -> tuple[_Reader, Any]:
    rel = f"adventures/{name}"
    reader = _Reader(rel)
    path = root / name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(rel, "", f"cannot be read ({exc})") from exc
    try:
        return reader, loads_json(text)
    except json.JSONDecodeError as exc:
        raise ContentError(rel, f"line {exc.lineno} column {exc.colno}", exc.msg) from exc
    except BoundsError as exc:
        raise ContentError(rel, exc.field, exc.message) from exc


def _per_heroes(r: _Reader, value: Any, path: str) -> dict[int, Any]:
    obj = r.obj(value, path)
    keys = sorted(obj)
    if keys != ["1", "2", "3", "4"]:
        raise r.fail(path, f"expected entries for 1, 2, 3 and 4 heroes, got {', '.join(keys)}")
    return {int(k): obj[k] for k in keys}


class _Loader:
    def __init__(self, root: Path, content: ContentDB) -> None:
        self.root = root
        self.content = content
        self.db = AdventuresDB()

    # ------------------------------------------------------------ tile effects

    def effects(self, r: _Reader, value: Any, path: str) -> tuple[dict, ...]:
        if not isinstance(value, list):
            raise r.fail(path, "expected a list of effects")
        out = []
        for i, raw in enumerate(value):
            p = _join(path, i)
            eff = r.obj(raw, p)
            verb = r.field(eff, "do", p, str)
            if verb not in TILE_VERBS:
                known = ", ".join(TILE_VERBS)
                raise r.fail(_join(p, "do"), f"unknown tile effect '{verb}' (known: {known})")
            params = TILE_VERBS[verb]
            r.only(eff, p, {"do", "who", *params})
            who = r.field(eff, "who", p, str, default="self")
            if who not in WHO:
                raise r.fail(_join(p, "who"), f"expected self or team, got '{who}'")
            item: dict[str, Any] = {"do": verb, "who": who}
            for key, kind in params.items():
                optional = kind.endswith("?")
                kind = kind.rstrip("?")
                if key not in eff:
                    if optional:
                        continue
                    raise r.fail(_join(p, key), f"'{verb}' needs this parameter")
                if kind == "int":
                    item[key] = _int(r, eff, key, p, 1 if verb != "gold" else 0, 99)
                elif kind == "d20":
                    item[key] = _int(r, eff, key, p, 1, 20)
                elif kind == "status":
                    sid = r.ident(eff, key, p)
                    if sid not in self.content.statuses:
                        raise r.fail(_join(p, key), f"unknown status effect '{sid}'")
                    item[key] = sid
                elif kind == "rarity":
                    rarity = r.field(eff, key, p, str)
                    if rarity not in RARITIES:
                        raise r.fail(_join(p, key), f"expected one of {', '.join(RARITIES)}")
                    item[key] = rarity
                elif kind == "effects":
                    item[key] = self.effects(r, eff[key], _join(p, key))
            out.append(item)
        return tuple(out)

    # ------------------------------------------------------------ files

    def tiles(self) -> None:
        r, raw = _read(self.root, "tiles.json")
        obj = r.obj(raw, "")
        r.only(obj, "", {"tiles"})
        for i, value in enumerate(r.field(obj, "tiles", "", list)):
            path = f"tiles[{i}]"
            t = r.obj(value, path)
            r.only(
                t,
                path,
                {"id", "name", "kind", "level", "cp", "gold", "minion", "text", "mandatory"}
                | {"choices"},
            )
            tid = r.ident(t, "id", path)
            kind = r.field(t, "kind", path, str, default="env")
            if kind not in TILE_KINDS:
                raise r.fail(_join(path, "kind"), f"expected one of {', '.join(TILE_KINDS)}")
            level = _int(r, t, "level", path, 0, 4)
            if kind == "env" and level == 0:
                raise r.fail(_join(path, "level"), "an environment tile has level 1 to 4")
            choices = []
            for j, opt in enumerate(r.field(t, "choices", path, list, default=[])):
                where = _join(_join(path, "choices"), j)
                o = r.obj(opt, where)
                r.only(o, where, {"label", "effects"})
                choices.append(
                    TileOption(
                        label=r.text(o, "label", where),
                        effects=self.effects(r, o.get("effects", []), _join(where, "effects")),
                    )
                )
            if len(choices) == 1:
                raise r.fail(_join(path, "choices"), "a choice offers at least two options")
            tile = TileDef(
                id=tid,
                name=r.text(t, "name", path),
                kind=kind,
                level=level,
                cp=_int(r, t, "cp", path, 0, 10),
                gold=_int(r, t, "gold", path, 0, 20),
                minion=_int(r, t, "minion", path, 0, 4),
                text=r.text(t, "text", path),
                mandatory=self.effects(r, t.get("mandatory", []), _join(path, "mandatory")),
                choices=tuple(choices),
            )
            if tid in self.db.tiles or tile is None:
                raise r.fail(_join(path, "id"), f"tile '{tid}' is defined twice")
            if kind == "start":
                if self.db.start_tile is not None:
                    raise r.fail(_join(path, "kind"), "only one start tile (the Crimson Sands)")
                self.db.start_tile = tile
            elif kind == "portal":
                if self.db.portal_tile is not None:
                    raise r.fail(_join(path, "kind"), "only one Boss Portal")
                if tile.minion != 4:
                    raise r.fail(_join(path, "minion"), "the Boss Portal holds a level 4 Minion")
                self.db.portal_tile = tile
            else:
                self.db.tiles[tid] = tile
        if self.db.start_tile is None or self.db.portal_tile is None:
            raise r.fail("tiles", "needs the Crimson Sands (kind start) and the Boss Portal")
        for level in (1, 2, 3, 4):
            count = len(self.db.tiles_of_level(level))
            if count < 8:
                raise r.fail("tiles", f"level {level} has {count} tiles; at least 8 are needed")

    def difficulties(self) -> None:
        r, raw = _read(self.root, "difficulties.json")
        obj = r.obj(raw, "")
        r.only(obj, "", {"difficulties"})
        items = []
        for i, value in enumerate(r.field(obj, "difficulties", "", list)):
            path = f"difficulties[{i}]"
            d = r.obj(value, path)
            keys = {
                "id",
                "name",
                "order",
                "scenario_score",
                "hero_health",
                "team_health",
                "enemy_health_percent",
                "starting_gold",
                "extra_salves",
                "loss_salves",
                "max_losses",
                "shop_discount",
                "text",
            }
            r.only(d, path, keys)
            did = r.ident(d, "id", path)
            if any(x.id == did for x in items):
                raise r.fail(_join(path, "id"), f"difficulty '{did}' is defined twice")
            items.append(
                Difficulty(
                    id=did,
                    name=r.text(d, "name", path),
                    order=_int(r, d, "order", path, 1, 99),
                    scenario_score=_int(r, d, "scenario_score", path, 0, 100),
                    hero_health=_int(r, d, "hero_health", path, -20, 20),
                    team_health=_int(r, d, "team_health", path, -50, 50),
                    enemy_health_percent=_int(r, d, "enemy_health_percent", path, 25, 400),
                    starting_gold=_int(r, d, "starting_gold", path, -20, 20),
                    extra_salves=_int(r, d, "extra_salves", path, -5, 10),
                    loss_salves=_int(r, d, "loss_salves", path, 0, 10),
                    max_losses=_int(r, d, "max_losses", path, 0, 99),
                    shop_discount=_int(r, d, "shop_discount", path, 0, 20),
                    text=r.text(d, "text", path),
                )
            )
        if len(items) < 4:
            raise r.fail("difficulties", "at least Easy, Normal, Hard and one harder card")
        for need in ("easy", "normal", "hard"):
            if need not in {d.id for d in items}:
                raise r.fail("difficulties", f"missing the '{need}' card")
        self.db.difficulties = {d.id: d for d in sorted(items, key=lambda d: d.order)}

    def kings_hand(self, r: _Reader, value: Any, path: str) -> dict[str, KingsHand]:
        obj = r.obj(value, path)
        out = {}
        for did in self.db.difficulties:
            where = _join(path, did)
            if did not in obj:
                raise r.fail(where, "missing this difficulty's King's Hand row")
            row = r.obj(obj[did], where)
            r.only(row, where, {"start", "per_turn", "success"})
            start = r.field(row, "start", where, list)
            if len(start) != 4 or any(
                isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 5 for x in start
            ):
                raise r.fail(_join(where, "start"), "expected 4 token counts 0-5 (1-4 heroes)")
            success = r.field(row, "success", where, list)
            if not success or any(
                isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6 for x in success
            ):
                raise r.fail(_join(where, "success"), "expected Chaos die values 1-6")
            if sorted(success) != list(range(min(success), max(success) + 1)):
                raise r.fail(_join(where, "success"), "expected a range of values, each once")
            out[did] = KingsHand(
                start=tuple(start),  # type: ignore[arg-type]
                per_turn=_int(r, row, "per_turn", where, 1, 5),
                success=tuple(sorted(success)),
            )
        for did in obj:
            if did not in self.db.difficulties:
                raise r.fail(_join(path, did), f"unknown difficulty '{did}'")
        return out

    def scenarios(self) -> None:
        r, raw = _read(self.root, "scenarios.json")
        obj = r.obj(raw, "")
        r.only(obj, "", {"cards"})
        from game.paths import maps_dir

        for i, value in enumerate(r.field(obj, "cards", "", list)):
            path = f"cards[{i}]"
            c = r.obj(value, path)
            cid = r.ident(c, "id", path)
            if cid in self.db.crawl_cards or cid in self.db.boss_cards:
                raise r.fail(_join(path, "id"), f"scenario card '{cid}' is defined twice")
            mode = r.field(c, "mode", path, str)
            number = _int(r, c, "scenario", path, 1, 8)
            if mode == "crawl":
                self.crawl_card(r, c, path, cid, number, maps_dir())
            elif mode == "boss":
                self.boss_card(r, c, path, cid, number)
            else:
                raise r.fail(_join(path, "mode"), f"expected crawl or boss, got '{mode}'")
        for number in (1, 3, 5, 7):
            if len(self.db.cards_for(number)) != 4:
                raise r.fail("cards", f"Portal Crawl {number} needs 4 scenario cards (rule 13)")
        for number in (2, 4, 6, 8):
            if len(self.db.cards_for(number)) != 1:
                raise r.fail("cards", f"Boss Battle {number} needs exactly 1 scenario card")

    def crawl_card(self, r, c, path, cid, number, maps: Path) -> None:
        r.only(
            c,
            path,
            {"id", "scenario", "mode", "name", "map", "salve_heal", "revive_health", "setup"}
            | {"shop", "kings_hand", "text"},
        )
        if number % 2 != 1:
            raise r.fail(_join(path, "scenario"), "Portal Crawls are scenarios 1, 3, 5 and 7")
        map_file = r.text(c, "map", path)
        if not (maps / "adventures" / map_file).exists():
            raise r.fail(_join(path, "map"), f"no map maps/adventures/{map_file}")
        setup = {}
        for n, raw in _per_heroes(r, r.field(c, "setup", path, dict), _join(path, "setup")).items():
            where = _join(_join(path, "setup"), str(n))
            s = r.obj(raw, where)
            r.only(s, where, {"health", "gold", "salves"})
            setup[n] = HeroSetup(
                health=_int(r, s, "health", where, 1, 99),
                gold=_int(r, s, "gold", where, 0, 99),
                salves=_int(r, s, "salves", where, 0, 20),
            )
        shop_raw = r.obj(r.field(c, "shop", path, dict), _join(path, "shop"))
        shop = {}
        for rarity, count in shop_raw.items():
            where = _join(_join(path, "shop"), rarity)
            if rarity not in RARITIES:
                raise r.fail(where, f"expected a rarity ({', '.join(RARITIES)})")
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 5:
                raise r.fail(where, "expected 1 to 5 cards")
            shop[rarity] = count
        self.db.crawl_cards[cid] = ScenarioCard(
            id=cid,
            scenario=number,
            name=r.text(c, "name", path),
            map=map_file,
            salve_heal=_int(r, c, "salve_heal", path, 1, 20),
            revive_health=_int(r, c, "revive_health", path, 1, 50),
            setup=setup,
            shop=shop,
            kings_hand=self.kings_hand(
                r, r.field(c, "kings_hand", path, dict), _join(path, "kings_hand")
            ),
            text=r.text(c, "text", path),
        )

    def boss_card(self, r, c, path, cid, number) -> None:
        r.only(
            c,
            path,
            {"id", "scenario", "mode", "name", "boss", "salve_heal", "team_health", "boss_setup"}
            | {"starting_salves", "kings_hand", "boss_loot", "text"},
        )
        if number % 2 != 0:
            raise r.fail(_join(path, "scenario"), "Boss Battles are scenarios 2, 4, 6 and 8")
        boss = r.ident(c, "boss", path)
        if self.content.enemies and boss not in self.content.enemies:
            raise r.fail(_join(path, "boss"), f"unknown enemy '{boss}'")
        team = {}
        for n, v in _per_heroes(
            r, r.field(c, "team_health", path, dict), _join(path, "team_health")
        ).items():
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 300:
                raise r.fail(_join(_join(path, "team_health"), str(n)), "expected Health 1-300")
            team[n] = v
        salves = {}
        for n, v in _per_heroes(
            r, r.field(c, "starting_salves", path, dict), _join(path, "starting_salves")
        ).items():
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20:
                raise r.fail(_join(_join(path, "starting_salves"), str(n)), "expected 0-20")
            salves[n] = v
        setup = {}
        for n, raw in _per_heroes(
            r, r.field(c, "boss_setup", path, dict), _join(path, "boss_setup")
        ).items():
            where = _join(_join(path, "boss_setup"), str(n))
            s = r.obj(raw, where)
            r.only(s, where, {"health", "upgrade_cp", "starting_cp"})
            setup[n] = BossSetup(
                health=_int(r, s, "health", where, 1, 500),
                upgrade_cp=_int(r, s, "upgrade_cp", where, 0, 50),
                starting_cp=_int(r, s, "starting_cp", where, 0, 15),
            )
        self.db.boss_cards[cid] = BossCard(
            id=cid,
            scenario=number,
            name=r.text(c, "name", path),
            boss=boss,
            salve_heal=_int(r, c, "salve_heal", path, 1, 30),
            team_health=team,
            boss_setup=setup,
            starting_salves=salves,
            kings_hand=self.kings_hand(
                r, r.field(c, "kings_hand", path, dict), _join(path, "kings_hand")
            ),
            boss_loot=_int(r, c, "boss_loot", path, 0, 5),
            text=r.text(c, "text", path),
        )

    def loot_table(self) -> None:
        r, raw = _read(self.root, "loot_table.json")
        obj = r.obj(raw, "")
        r.only(obj, "", {"chests", "boss_loot"})
        chests = r.obj(r.field(obj, "chests", "", dict), "chests")
        for rarity in RARITIES:
            path = _join("chests", rarity)
            if rarity not in chests:
                raise r.fail(path, "missing this chest's rows")
            rows = []
            for i, value in enumerate(r.field(chests, rarity, "chests", list)):
                where = _join(path, i)
                row = r.obj(value, where)
                r.only(row, where, {"roll", "reward", "amount", "rarity"})
                low, high = self.roll(r, row, where)
                kind = r.field(row, "reward", where, str)
                if kind not in LOOT_REWARDS:
                    raise r.fail(
                        _join(where, "reward"), f"expected one of {', '.join(LOOT_REWARDS)}"
                    )
                loot_rarity = ""
                if kind == "unidentified":
                    loot_rarity = r.field(row, "rarity", where, str)
                    if loot_rarity not in RARITIES:
                        raise r.fail(
                            _join(where, "rarity"), f"expected one of {', '.join(RARITIES)}"
                        )
                elif "rarity" in row:
                    raise r.fail(_join(where, "rarity"), "only unidentified loot names a rarity")
                rows.append(
                    LootRow(
                        low,
                        high,
                        LootReward(kind, _int(r, row, "amount", where, 1, 20), loot_rarity),
                    )
                )
            self.cover(r, [(x.low, x.high) for x in rows], path)
            self.db.chest_table[rarity] = tuple(rows)
        for key in chests:
            if key not in RARITIES:
                raise r.fail(_join("chests", key), "unknown chest rarity")
        rows2 = []
        for i, value in enumerate(r.field(obj, "boss_loot", "", list)):
            where = _join("boss_loot", i)
            row = r.obj(value, where)
            r.only(row, where, {"roll", "rarity"})
            low, high = self.roll(r, row, where)
            rarity = r.field(row, "rarity", where, str)
            if rarity not in RARITIES:
                raise r.fail(_join(where, "rarity"), f"expected one of {', '.join(RARITIES)}")
            rows2.append(BossLootRow(low, high, rarity))
        self.cover(r, [(x.low, x.high) for x in rows2], "boss_loot")
        self.db.boss_loot_table = tuple(rows2)

    @staticmethod
    def roll(r: _Reader, row: dict, where: str) -> tuple[int, int]:
        span = r.field(row, "roll", where, list)
        if (
            len(span) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in span)
            or not 1 <= span[0] <= span[1] <= 20
        ):
            raise r.fail(_join(where, "roll"), "expected [low, high] within 1-20")
        return span[0], span[1]

    @staticmethod
    def cover(r: _Reader, spans: list[tuple[int, int]], path: str) -> None:
        """The rows cover every Loot die result 1-20 exactly once, in order."""
        expect = 1
        for i, (low, high) in enumerate(spans):
            if low != expect:
                raise r.fail(
                    _join(_join(path, i), "roll"), f"expected the range to start at {expect}"
                )
            expect = high + 1
        if expect != 21:
            raise r.fail(path, "the rows must cover Loot die results 1 to 20")

    def shop(self) -> None:
        r, raw = _read(self.root, "shop.json")
        obj = r.obj(raw, "")
        r.only(obj, "", {"buy", "identify", "sell", "text"})
        buy_raw = r.obj(r.field(obj, "buy", "", dict), "buy")
        buy = {}
        for rarity in RARITIES:
            if rarity not in buy_raw:
                raise r.fail(_join("buy", rarity), "missing this rarity's price")
            buy[rarity] = _int(r, buy_raw, rarity, "buy", 1, 200)
        for key in buy_raw:
            if key not in RARITIES:
                raise r.fail(_join("buy", key), "unknown rarity")
        self.db.prices = ShopPrices(
            buy=buy,
            identify=_int(r, obj, "identify", "", 0, 200),
            sell=_int(r, obj, "sell", "", 0, 200),
            text=r.field(obj, "text", "", str, default=""),
        )

    def loot_cards(self) -> None:
        decks: dict[str, list[str]] = {rarity: [] for rarity in RARITIES}
        for cid, card in self.content.cards.items():
            if card.loot is not None:
                decks[card.loot.rarity].append(cid)
        for rarity, cards in decks.items():
            if len(cards) < 15:
                raise ContentError(
                    f"adventures/loot/{rarity}.json", "cards", f"{len(cards)} cards; at least 15"
                )
        self.db.loot_cards = {k: tuple(v) for k, v in decks.items()}


def load_adventures(root: Path | None = None, content: ContentDB | None = None) -> AdventuresDB:
    """Load and check every Adventures content file under `root` (default: the packaged
    adventures folder). `content`: the ContentDB holding statuses, Loot cards and enemies."""
    if content is None:
        from game.content.loader import default_content

        content = default_content()
    loader = _Loader(Path(root) if root else content_dir() / "adventures", content)
    loader.tiles()
    loader.difficulties()
    loader.scenarios()
    loader.loot_table()
    loader.shop()
    loader.loot_cards()
    return loader.db


_CACHE: dict[str, AdventuresDB] = {}


def default_adventures() -> AdventuresDB:
    """The packaged Adventures content, loaded once per process."""
    if "default" not in _CACHE:
        _CACHE["default"] = load_adventures()
    return _CACHE["default"]
