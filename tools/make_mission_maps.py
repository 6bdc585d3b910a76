"""Write the hexagonal Tiled maps in maps/missions/ from the layouts below.

Run: .venv/bin/python tools/make_mission_maps.py
Tiled is not installed here, so the .tmx files are generated; they open in Tiled as
hexagonal maps (pointy-top, stagger axis y, odd rows shifted). Rules data lives in
properties only: the "terrain" tile layer (tile property space_kind: floor or dark) and the
"features" object layer (space_kind: entry, exit, boost, numbered, henchman, boss, plot,
mystery, clear; number; enemy_slot; plot_tokens; enterable; grid_col / grid_row say which hex -
pixel positions are only for Tiled's view).

Layout letters: '.' floor, '#' dark space, ' ' no space, 'E' entry, 'X' exit, 'B' boost space,
'1'-'6' numbered space, 'a' / 'b' / 'c' a Henchman of the side's 1st / 2nd / 3rd type,
'K' the boss, 'P' a space with 1 Plot token, 'M' a space where a Mystery tile is dealt face
down, 'C' a dark space under a Clear tile that opens when the side's Plot is complete, 'O' a
dark space under a Clear tile that may be entered from the start, '+' a further space of the
large Henchman it touches (its head is the lowercase letter the '+' spaces connect to; the
tool writes the head's head_col / head_row into the part's properties).
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the game package is beside tools/
    sys.path.insert(0, str(ROOT))

from game.missions.hexgrid import axial_to_offset, neighbors, offset_to_axial  # noqa: E402

TILE_W, TILE_H, SIDE = 64, 64, 32

LAYOUTS: dict[str, list[str]] = {
    "harbor_heist_1": [
        "  E..B...",
        " .....a..",
        "..#..b...",
        ".B.##..a.",
        "...a..B..",
        " ..b...# ",
        "  ....a  ",
    ],
    "harbor_heist_2": [
        " E.1..2.",
        "..B...3.",
        ".4..K..#",
        "..#...5.",
        " .6..B..",
    ],
    "clocktower_siege_1": [
        " E...B..#",
        "..a..#.b.",
        ".#..c....",
        "..B+.a.#.",
        ".b.....a.",
        "#...B..X.",
    ],
    "clocktower_siege_2": [
        "E..1...2",
        ".B..#...",
        "..3.K.4.",
        ".#...B..",
        "5......6",
    ],
    "reactor_run_1": [
        "E...B..a.",
        ".a.#..b..",
        "..c..#...",
        ".#.B..a.c",
        "..b....#.",
        ".B..a....",
    ],
    "reactor_run_2": [
        " E.1..2..",
        "..#..B.3.",
        ".4...K...",
        "..B.#..5.",
        " ..6...# ",
    ],
    "subway_sabotage_1": [
        "E..a.....",
        "..###.b..",
        ".B...a...",
        "..b..###.",
        ".a....B.a",
    ],
    "subway_sabotage_2": [
        "E..1...2.",
        ".##..B...",
        "3...K...4",
        "...B..##.",
        ".5.....6.",
    ],
    "museum_midnight_1": [
        " E..#..aP.",
        "..b.M.c...",
        ".#..B.+#.a",
        "..a.C..b..",
        "Pb..c+M.B.",
        "#..PB..CX.",
    ],
    "museum_midnight_2": [
        " E.1...#2.",
        ".B..#.....",
        "..3..K..4.",
        ".#....B...",
        " 5...#..6 ",
    ],
    "market_mayhem_1": [
        " E..B.M.",
        "..a..b.P",
        ".O..a..C",
        "P.B.M.a.",
        " b..#..M",
    ],
    "market_mayhem_2": [
        "E.1..2..",
        "..#.B...",
        ".3..K.4.",
        "..B..#..",
        ".5....6.",
    ],
}


def pixel(col: int, row: int) -> tuple[int, int]:
    """Top-left of a hex in Tiled's hexagonal renderer (stagger y, odd rows shifted)."""
    x = col * TILE_W + (TILE_W // 2 if row % 2 else 0)
    y = row * (TILE_H + SIDE) // 2
    return x, y


def large_parts(rows: list[str]) -> dict[tuple[int, int], tuple[int, int]]:
    """Each '+' cell -> the (col, row) of the Henchman letter its group of '+' cells touches."""
    cells = {(c, r): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}
    owner: dict[tuple[int, int], tuple[int, int]] = {}
    for head, ch in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if ch not in "abc":
            continue
        todo = [offset_to_axial(*head)]
        while todo:
            for n in neighbors(todo.pop()):
                cell = axial_to_offset(*n)
                if cells.get(cell) != "+":
                    continue
                if owner.get(cell, head) != head:
                    raise ValueError(f"'+' at {cell} touches two Henchmen")
                if cell not in owner:
                    owner[cell] = head
                    todo.append(n)
    loose = sorted(c for c, ch in cells.items() if ch == "+" and c not in owner)
    if loose:
        raise ValueError(f"'+' at {loose} touches no Henchman")
    return owner


def build(name: str, rows: list[str]) -> str:
    width = max(len(r) for r in rows)
    height = len(rows)
    gids = []
    objects = []
    henchman_letters = "abc"
    parts = large_parts(rows)
    for row, line in enumerate(rows):
        line = line.ljust(width)
        for col, ch in enumerate(line):
            gids.append(0 if ch == " " else 2 if ch in "#CO" else 1)
            props: dict[str, object] = {}
            if ch == "E":
                props = {"space_kind": "entry"}
            elif ch == "X":
                props = {"space_kind": "exit"}
            elif ch == "B":
                props = {"space_kind": "boost"}
            elif ch.isdigit():
                props = {"space_kind": "numbered", "number": int(ch)}
            elif ch in henchman_letters:
                props = {"space_kind": "henchman", "enemy_slot": henchman_letters.index(ch)}
            elif ch == "K":
                props = {"space_kind": "boss"}
            elif ch == "P":
                props = {"space_kind": "plot", "plot_tokens": 1}
            elif ch == "M":
                props = {"space_kind": "mystery"}
            elif ch in "CO":
                props = {"space_kind": "clear", "enterable": ch == "O"}
            elif ch == "+":
                hc, hr = parts[(col, row)]
                props = {"space_kind": "enemy_part", "head_col": hc, "head_row": hr}
            if props:
                props["grid_col"], props["grid_row"] = col, row
                objects.append(props)
    csv = ",\n".join(
        ",".join(str(g) for g in gids[r * width : (r + 1) * width]) for r in range(height)
    )
    obj_xml = []
    for i, props in enumerate(objects, start=1):
        x, y = pixel(int(props["grid_col"]), int(props["grid_row"]))
        inner = "".join(
            f'<property name="{k}" type="bool" value="{str(v).lower()}"/>'
            if isinstance(v, bool)
            else f'<property name="{k}" type="int" value="{v}"/>'
            if isinstance(v, int)
            else f'<property name="{k}" value={quoteattr(str(v))}/>'
            for k, v in props.items()
        )
        obj_xml.append(
            f'  <object id="{i}" x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}">'
            f"<properties>{inner}</properties></object>"
        )
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" '
            'renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="{TILE_W}" tileheight="{TILE_H}" '
            f'hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" infinite="0" '
            f'nextlayerid="3" nextobjectid="{len(objects) + 1}">',
            f' <properties><property name="mission_side" value={quoteattr(name)}/></properties>',
            f' <tileset firstgid="1" name="hex_terrain" tilewidth="{TILE_W}" tileheight="{TILE_H}" '
            'tilecount="2" columns="2">',
            f'  <image source="hex_terrain.png" width="{TILE_W * 2}" height="{TILE_H}"/>',
            *(
                f'  <tile id="{i}"><properties><property name="space_kind" value="{kind}"/>'
                "</properties></tile>"
                for i, kind in enumerate(("floor", "dark"))
            ),
            " </tileset>",
            f' <layer id="1" name="terrain" width="{width}" height="{height}">',
            f'  <data encoding="csv">\n{csv}\n</data>',
            " </layer>",
            ' <objectgroup id="2" name="features">',
            *obj_xml,
            " </objectgroup>",
            "</map>",
            "",
        ]
    )


def main() -> None:
    out = ROOT / "maps" / "missions"
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in LAYOUTS.items():
        (out / f"{name}.tmx").write_text(build(name, rows), encoding="utf-8")
    print(f"wrote {len(LAYOUTS)} maps to {out}")


if __name__ == "__main__":
    main()
