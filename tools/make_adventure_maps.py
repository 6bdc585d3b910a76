"""Write the Portal Crawl maps in maps/adventures/ from the layouts below (rules 13, 19-20).

Run: .venv/bin/python tools/make_adventure_maps.py
Tiled is not installed here, so the .tmx files are generated; they open in Tiled as orthogonal
maps. Rules data lives in properties only: the "ground" tile layer just shows where slots are;
the "slots" object layer holds one object per slot with the properties
  slot_kind  start | portal | tile
  level      1-4 (tile: the Environment tile level drawn for it; portal: 4, its Minion's level)
  items      comma-separated: shard, salve, chest:common|rare|epic|legendary (tiles only)
  grid_col / grid_row  which cell (the pixel position is only for Tiled's view).
Adjacency (game/adventures/maps.py): two slots are neighbours when their cells share a side
(up, down, left, right) - no diagonals.

Each layout is two grids of the same shape.
  slots: 'S' Crimson Sands (start), 'P' Boss Portal, '1'-'4' an Environment tile of that level,
         '.' no slot.
  items: 'h' a Portal Shard, 's' a Salve, 'c' / 'r' / 'e' / 'l' a Common / Rare / Epic /
         Legendary Loot Chest, '.' nothing. Items lie on tiles only; every map has 3 shards.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
TILE = 96
ITEM_CODES = {
    "h": "shard",
    "s": "salve",
    "c": "chest:common",
    "r": "chest:rare",
    "e": "chest:epic",
    "l": "chest:legendary",
}

# name -> (slots, items)
LAYOUTS: dict[str, tuple[list[str], list[str]]] = {
    # ---------------- scenario 1: levels I-III, 11-12 tiles
    "s1_a": (
        ["S112.", ".1.22", ".23.3", "..33P"],
        ["..h..", ".c.s.", ".r..h", "..h.."],
    ),
    "s1_b": (
        ["..S..", ".111.", "22.22", ".3.3.", ".333P"],
        [".....", ".h.c.", "s...r", ".h...", "...h."],
    ),
    "s1_c": (
        ["S1122", "..1.2", "P33.2", ".3.22"],
        [".c.h.", "..s..", ".h..r", "...h."],
    ),
    "s1_d": (
        ["S1.", "11.", "2.2", "222", "3.3", "33P"],
        ["...", "ch.", "s.r", ".h.", "..h", "..."],
    ),
    # ---------------- scenario 3: levels I-III, 13 tiles
    "s3_a": (
        ["S11.2.", ".1.22.", ".2.3.3", ".2333P"],
        ["..c.h.", ".s.r..", ".h....", "..e.h."],
    ),
    "s3_b": (
        ["...S...", ".11111.", ".2.2.2.", ".33.33.", "..P...."],
        [".......", ".h.s.r.", ".h...c.", "..e..h.", "......."],
    ),
    "s3_c": (
        ["S12.", "112.", ".223", "3.23", "33P."],
        ["..h.", "c.s.", ".r.h", "e...", ".h.."],
    ),
    "s3_d": (
        ["S1.1.", "11122", "..2.2", "P3323", ".3..."],
        [".c.h.", "..s.r", "....h", "..e..", ".h..."],
    ),
    # ---------------- scenario 5: levels II-IV, 14 tiles
    "s5_a": (
        ["S223..", ".2.334", ".2.3.4", ".33344", "...4.P"],
        [".c.h..", ".s.r..", ".h...e", "..r...", "...h.."],
    ),
    "s5_b": (
        ["S222.", "..3.3", "33333", "4.4.4", "44P.."],
        [".c.h.", "..s..", "r.e.h", "..r..", ".h..."],
    ),
    "s5_c": (
        ["..S..", ".222.", "2.333", "33.44", ".4444", "..P.."],
        [".....", ".c.h.", "s.r..", ".e..h", ".rh..", "....."],
    ),
    "s5_d": (
        ["S2.33.", "223344", ".3..34", ".34.44", "..44.P"],
        [".c.h..", "s.r...", "....e.", ".hs...", "..rh.."],
    ),
    # ---------------- scenario 7: levels II-IV, 15-16 tiles
    "s7_a": (
        ["S22.33", ".2.3.3", "3334.3", "4.4444", "44P..."],
        [".c..h.", ".s.r..", "e....h", "..r.s.", ".h...."],
    ),
    "s7_b": (
        ["..S...", ".222..", ".3.33.", "34.3.4", "444444", "...P.."],
        ["......", ".c.s..", ".h.r..", "...e.h", ".l.r.h", "......"],
    ),
    "s7_c": (
        ["S2233.", "..3.34", "3.33.4", "444444", ".3..P."],
        [".c.h..", "..s.r.", "e..h..", ".r..l.", ".h...."],
    ),
    "s7_d": (
        ["S2.2..", "2233.4", ".3.343", "43.4.4", "3444P."],
        [".c.h..", "s.r..e", ".h...r", ".l....", "h.s..."],
    ),
}


def parse(name: str, slots: list[str], items: list[str]) -> list[dict[str, object]]:
    """The slot objects of one layout (checked: same shape, items on tiles, 3 shards)."""
    if len(slots) != len(items):
        raise ValueError(f"{name}: the slot and item grids differ in height")
    out: list[dict[str, object]] = []
    shards = 0
    for row, (line, marks) in enumerate(zip(slots, items, strict=True)):
        if len(line) != len(marks):
            raise ValueError(f"{name}: row {row} differs in width between the grids")
        for col, (ch, mark) in enumerate(zip(line, marks, strict=True)):
            if ch == ".":
                if mark != ".":
                    raise ValueError(f"{name}: item at ({col}, {row}) is not on a slot")
                continue
            props: dict[str, object] = {}
            if ch == "S":
                props = {"slot_kind": "start", "level": 0}
            elif ch == "P":
                props = {"slot_kind": "portal", "level": 4}
            elif ch in "1234":
                props = {"slot_kind": "tile", "level": int(ch)}
            else:
                raise ValueError(f"{name}: unknown slot letter {ch!r}")
            if mark != ".":
                if props["slot_kind"] != "tile":
                    raise ValueError(f"{name}: items lie on environment tiles only ({col}, {row})")
                props["items"] = ITEM_CODES[mark]
                shards += mark == "h"
            props["grid_col"], props["grid_row"] = col, row
            out.append(props)
    if shards != 3:
        raise ValueError(f"{name}: a map has 3 Portal Shards, this one {shards}")
    cells = {(int(o["grid_col"]), int(o["grid_row"])) for o in out}
    start = next((int(o["grid_col"]), int(o["grid_row"])) for o in out if o["slot_kind"] == "start")
    seen, todo = {start}, [start]
    while todo:
        c, r = todo.pop()
        for nxt in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if seen != cells:
        raise ValueError(f"{name}: cells {sorted(cells - seen)} cannot be reached from the start")
    for level in (1, 2, 3, 4):
        count = sum(1 for o in out if o["slot_kind"] == "tile" and o["level"] == level)
        if count > 8:
            raise ValueError(f"{name}: {count} level {level} tiles (the deck holds 8)")
    return out


def build(name: str, slots: list[str], items: list[str]) -> str:
    objects = parse(name, slots, items)
    width = max(len(r) for r in slots)
    height = len(slots)
    cells = {(int(o["grid_col"]), int(o["grid_row"])) for o in objects}
    csv = ",\n".join(
        ",".join("1" if (c, r) in cells else "0" for c in range(width)) for r in range(height)
    )
    obj_xml = []
    for i, props in enumerate(objects, start=1):
        x, y = int(props["grid_col"]) * TILE, int(props["grid_row"]) * TILE
        inner = "".join(
            f'<property name="{k}" type="int" value="{v}"/>'
            if isinstance(v, int)
            else f'<property name="{k}" value={quoteattr(str(v))}/>'
            for k, v in props.items()
        )
        obj_xml.append(
            f'  <object id="{i}" name="{props["slot_kind"]}" x="{x}" y="{y}" '
            f'width="{TILE}" height="{TILE}"><properties>{inner}</properties></object>'
        )
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            'renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" '
            f'infinite="0" nextlayerid="3" nextobjectid="{len(objects) + 1}">',
            f' <properties><property name="scenario_card" value={quoteattr(name)}/></properties>',
            f' <tileset firstgid="1" name="crawl_ground" tilewidth="{TILE}" tileheight="{TILE}" '
            'tilecount="1" columns="1">',
            f'  <image source="crawl_ground.png" width="{TILE}" height="{TILE}"/>',
            " </tileset>",
            f' <layer id="1" name="ground" width="{width}" height="{height}">',
            f'  <data encoding="csv">\n{csv}\n</data>',
            " </layer>",
            ' <objectgroup id="2" name="slots">',
            *obj_xml,
            " </objectgroup>",
            "</map>",
            "",
        ]
    )


def main() -> None:
    out = ROOT / "maps" / "adventures"
    out.mkdir(parents=True, exist_ok=True)
    for name, (slots, items) in LAYOUTS.items():
        (out / f"{name}.tmx").write_text(build(name, slots, items), encoding="utf-8")
    print(f"wrote {len(LAYOUTS)} maps to {out}")


if __name__ == "__main__":
    main()
