"""Portal Crawl maps: orthogonal Tiled `.tmx` files in maps/adventures/, read with pytmx.

One map per Portal Crawl scenario card (rule 13); written by tools/make_adventure_maps.py.
The rules data sits in the "slots" object layer: each object's properties say its cell
(grid_col, grid_row), its kind (start = the Crimson Sands, portal = the Boss Portal, tile = an
Environment tile slot), its level (tile 1-4; the portal 4, rule 18) and the items lying on it
(rule 20: shard, salve, chest:<rarity>). Two slots are neighbours when their cells share a side
(up, down, left, right; no diagonals). The loader returns a plain `CrawlMap`; a broken map raises
`ContentError` naming the file and the object, e.g.
``maps/adventures/s1_a.tmx: objects[4].items: unknown item 'gem'``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.content.loader import ContentError
from game.paths import maps_dir
from game.tiled import known_properties, layer, read_tiled_map

SLOT_KINDS = ("start", "portal", "tile")
CHEST_RARITIES = ("common", "rare", "epic", "legendary")
ITEMS = ("shard", "salve", *(f"chest:{r}" for r in CHEST_RARITIES))
SHARDS = 3  # rule 18
SLOT_PROPS = {"slot_kind", "grid_col", "grid_row", "level", "items"}


@dataclass(frozen=True, slots=True)
class MapSlot:
    id: str  # "c{col}r{row}"
    kind: str  # start | portal | tile
    level: int  # tile: 1-4; portal: 4 (its Minion's level); start: 0
    col: int
    row: int
    x: float  # pixel position in Tiled (top-left of the cell), for the window
    y: float
    items: tuple[str, ...] = ()
    neighbours: tuple[str, ...] = ()


@dataclass(slots=True)
class CrawlMap:
    name: str
    width: int
    height: int
    tile_size: int
    slots: dict[str, MapSlot] = field(default_factory=dict)
    start: str = ""
    portal: str = ""

    def slot(self, slot_id: str) -> MapSlot:
        return self.slots[slot_id]

    def tile_slots(self, level: int | None = None) -> list[MapSlot]:
        """Environment tile slots (of one level), in reading order."""
        out = [
            s
            for s in self.slots.values()
            if s.kind == "tile" and (level is None or s.level == level)
        ]
        return sorted(out, key=lambda s: (s.row, s.col))

    def shards(self) -> list[str]:
        return [s.id for s in self.tile_slots() if "shard" in s.items]

    def reachable(self, from_id: str | None = None) -> set[str]:
        """Slots connected to `from_id` (default the start) through neighbours."""
        first = from_id or self.start
        seen, todo = {first}, [first]
        while todo:
            for nxt in self.slots[todo.pop()].neighbours:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen


def slot_id(col: int, row: int) -> str:
    return f"c{col}r{row}"


def load_crawl_map(path: Path | str) -> CrawlMap:
    path = Path(path)
    rel = f"maps/adventures/{path.name}"
    tmx = read_tiled_map(path, rel, "orthogonal")

    def fail(fld: str, message: str) -> ContentError:
        return ContentError(rel, fld, message)

    known_properties(tmx.properties, {"scenario_card"}, rel, "properties")
    slots_layer = layer(tmx, "slots", rel, "object")
    for lay in tmx.layers:
        known_properties(lay.properties, set(), rel, f"layers.{lay.name}.properties")
    out = CrawlMap(name=path.stem, width=tmx.width, height=tmx.height, tile_size=tmx.tilewidth)
    raw: dict[tuple[int, int], MapSlot] = {}
    for i, obj in enumerate(slots_layer):
        where = f"objects[{i}]"
        props = known_properties(obj.properties, SLOT_PROPS, rel, where)
        kind = props.get("slot_kind")
        if kind not in SLOT_KINDS:
            raise fail(
                f"{where}.slot_kind", f"expected one of {', '.join(SLOT_KINDS)}, got {kind!r}"
            )
        col, row = props.get("grid_col"), props.get("grid_row")
        if not isinstance(col, int) or not isinstance(row, int):
            raise fail(f"{where}.grid_col", "every slot needs integer grid_col and grid_row")
        if not (0 <= col < tmx.width and 0 <= row < tmx.height):
            raise fail(
                f"{where}.grid_col", f"({col}, {row}) lies outside the {tmx.width}x{tmx.height} map"
            )
        if (col, row) in raw:
            raise fail(f"{where}.grid_col", f"two slots on cell ({col}, {row})")
        level = props.get("level")
        if kind == "tile" and (not isinstance(level, int) or not 1 <= level <= 4):
            raise fail(f"{where}.level", f"an environment tile slot has level 1-4, got {level!r}")
        if kind == "portal" and level != 4:
            raise fail(f"{where}.level", "the Boss Portal is guarded by a level 4 Minion (rule 18)")
        items_raw = props.get("items", "")
        if not isinstance(items_raw, str):
            raise fail(f"{where}.items", "expected a comma-separated list of items")
        items = tuple(x.strip() for x in items_raw.split(",") if x.strip())
        for item in items:
            if item not in ITEMS:
                raise fail(f"{where}.items", f"unknown item '{item}' (known: {', '.join(ITEMS)})")
        if items and kind != "tile":
            raise fail(f"{where}.items", "items lie on environment tiles only (rule 20)")
        if kind == "start":
            if out.start:
                raise fail(f"{where}.slot_kind", "a map has one Crimson Sands start")
            out.start = slot_id(col, row)
        if kind == "portal":
            if out.portal:
                raise fail(f"{where}.slot_kind", "a map has one Boss Portal")
            out.portal = slot_id(col, row)
        raw[(col, row)] = MapSlot(
            id=slot_id(col, row),
            kind=kind,
            level=level if kind != "start" else 0,
            col=col,
            row=row,
            x=float(obj.x),
            y=float(obj.y),
            items=items,
        )
    if not out.start:
        raise fail("objects", "no start slot (the Crimson Sands)")
    if not out.portal:
        raise fail("objects", "no portal slot (the Boss Portal)")
    for (col, row), slot in raw.items():
        near = [
            slot_id(c, r)
            for c, r in ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1))
            if (c, r) in raw
        ]
        out.slots[slot.id] = MapSlot(
            id=slot.id,
            kind=slot.kind,
            level=slot.level,
            col=col,
            row=row,
            x=slot.x,
            y=slot.y,
            items=slot.items,
            neighbours=tuple(sorted(near)),
        )
    shards = sum(s.items.count("shard") for s in out.slots.values())
    if shards != SHARDS:
        raise fail("objects", f"a map holds {SHARDS} Portal Shards, this one {shards}")
    lost = sorted(set(out.slots) - out.reachable())
    if lost:
        raise fail("objects", f"slots {', '.join(lost)} cannot be reached from the start")
    return out


_CACHE: dict[str, CrawlMap] = {}


def crawl_map(name: str) -> CrawlMap:
    """A packaged map by file name ("s1_a.tmx" or "s1_a"), loaded once per process."""
    file = name if name.endswith(".tmx") else f"{name}.tmx"
    if file not in _CACHE:
        _CACHE[file] = load_crawl_map(maps_dir() / "adventures" / file)
    return _CACHE[file]
