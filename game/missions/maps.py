"""Mission maps: hexagonal Tiled `.tmx` files in maps/missions/, read with pytmx.

The loader returns plain data (`MissionMap`) in axial coordinates; a broken map raises
`ContentError` naming the file and the field (e.g. ``maps/missions/x.tmx: objects[3].number:
a numbered space needs a number 1..6``). pytmx only parses here - the window draws hexes itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.content.loader import ContentError
from game.missions.hexgrid import Hex, adjacent, offset_to_axial, reading_key
from game.paths import maps_dir
from game.tiled import TILE_ATTRIBUTES, known_properties, layer, read_tiled_map

KINDS = (
    "entry",
    "exit",
    "boost",
    "numbered",
    "henchman",
    "boss",
    "plot",
    "mystery",
    "clear",
    "enemy_part",
)
PLOT_TOKENS, MYSTERY_TILES, CLEAR_TILES = 22, 7, 14  # the box's components (rule 7)
TILE_PROPS = {"space_kind"}
FEATURE_PROPS = {
    "space_kind",
    "grid_col",
    "grid_row",
    "head_col",
    "head_row",
    "plot_tokens",
    "enterable",
    "number",
    "enemy_slot",
}


@dataclass(frozen=True, slots=True)
class Space:
    hex: Hex
    col: int
    row: int
    dark: bool = False
    entry: bool = False
    exit: bool = False
    boost: bool = False
    number: int = 0  # numbered space for red dice (0 = none)
    plot: int = 0  # Plot tokens lying here at setup
    mystery: bool = False  # a face-down Mystery tile is dealt here at setup
    clear: bool = False  # a Clear tile lies on this dark space
    enterable: bool = False  # ... and may be entered from the start (else: once opened)


@dataclass(slots=True)
class MissionMap:
    name: str
    width: int
    height: int
    spaces: dict[Hex, Space] = field(default_factory=dict)
    henchmen: list[tuple[int, Hex]] = field(default_factory=list)  # (type slot, hex)
    boss: Hex | None = None
    # a large Henchman's further spaces as drawn in the map (head hex -> parts, reading order)
    parts: dict[Hex, list[Hex]] = field(default_factory=dict)

    def numbered(self, number: int) -> Hex | None:
        for space in self.spaces.values():
            if space.number == number:
                return space.hex
        return None

    def entries(self) -> list[Hex]:
        return sorted((s.hex for s in self.spaces.values() if s.entry), key=reading_key)


def load_map(path: Path | str) -> MissionMap:
    path = Path(path)
    rel = f"maps/missions/{path.name}"
    tmx = read_tiled_map(path, rel, "hexagonal")

    def fail(fld: str, message: str) -> ContentError:
        return ContentError(rel, fld, message)

    if getattr(tmx, "staggeraxis", "y") != "y" or getattr(tmx, "staggerindex", "odd") != "odd":
        raise fail("staggeraxis", "mission maps use staggeraxis 'y' with staggerindex 'odd'")
    known_properties(tmx.properties, {"mission_side"}, rel, "properties")
    terrain = layer(tmx, "terrain", rel, "tile")
    feature_layer = layer(tmx, "features", rel, "object")
    for lay in tmx.layers:
        known_properties(lay.properties, set(), rel, f"layers.{lay.name}.properties")
    out = MissionMap(name=path.stem, width=tmx.width, height=tmx.height)
    cells: dict[tuple[int, int], bool] = {}
    for col, row, gid in terrain.iter_data():
        if gid == 0:
            continue
        where = f"terrain[{row}][{col}]"
        props = known_properties(
            tmx.get_tile_properties_by_gid(gid), TILE_PROPS, rel, where, TILE_ATTRIBUTES
        )
        kind = props.get("space_kind")
        if kind not in ("floor", "dark"):
            raise fail(f"terrain[{row}][{col}].space_kind", f"expected floor or dark, got {kind!r}")
        cells[(col, row)] = kind == "dark"
    features: dict[tuple[int, int], dict] = {}
    drawn_parts: list[tuple[str, Hex, tuple[int, int]]] = []  # (where, part, head cell)
    for i, obj in enumerate(feature_layer):
        where = f"objects[{i}]"
        props = known_properties(obj.properties, FEATURE_PROPS, rel, where)
        kind = props.get("space_kind")
        if kind not in KINDS:
            raise fail(f"{where}.space_kind", f"expected one of {', '.join(KINDS)}, got {kind!r}")
        try:
            col, row = int(props["grid_col"]), int(props["grid_row"])
        except (KeyError, TypeError, ValueError):
            raise fail(
                f"{where}.grid_col", "every feature needs integer grid_col and grid_row"
            ) from None
        if (col, row) not in cells:
            raise fail(f"{where}.grid_col", f"({col}, {row}) is not a space of the terrain layer")
        if cells[(col, row)] != (kind == "clear"):
            where_ok = "a dark space" if kind == "clear" else "a floor space"
            raise fail(f"{where}.space_kind", f"{kind} at ({col}, {row}) must be on {where_ok}")
        slot = features.setdefault((col, row), {})
        if kind == "enemy_part":
            try:
                head = (int(props["head_col"]), int(props["head_row"]))
            except (KeyError, TypeError, ValueError):
                raise fail(
                    f"{where}.head_col", "a part of a large Henchman needs head_col and head_row"
                ) from None
            drawn_parts.append((where, offset_to_axial(col, row), head))
            slot["part"] = True
        elif kind == "plot":
            count = props.get("plot_tokens", 1)
            if not isinstance(count, int) or not 1 <= count <= 3:
                raise fail(f"{where}.plot_tokens", f"expected 1..3 Plot tokens, got {count!r}")
            slot["plot"] = count
        elif kind == "clear":
            enterable = props.get("enterable", False)
            if not isinstance(enterable, bool):
                raise fail(f"{where}.enterable", f"expected true or false, got {enterable!r}")
            slot["clear"] = True
            slot["enterable"] = enterable
        elif kind == "numbered":
            number = props.get("number")
            if not isinstance(number, int) or not 1 <= number <= 6:
                raise fail(
                    f"{where}.number", f"a numbered space needs a number 1..6, got {number!r}"
                )
            slot["number"] = number
        elif kind == "henchman":
            enemy_slot = props.get("enemy_slot")
            if not isinstance(enemy_slot, int) or not 0 <= enemy_slot <= 2:
                raise fail(f"{where}.enemy_slot", f"expected 0, 1 or 2, got {enemy_slot!r}")
            out.henchmen.append((enemy_slot, offset_to_axial(col, row)))
        elif kind == "boss":
            if out.boss is not None:
                raise fail(f"{where}.space_kind", "a map has at most one boss space")
            out.boss = offset_to_axial(col, row)
        else:
            slot[kind] = True
    for (col, row), dark in cells.items():
        f = features.get((col, row), {})
        h = offset_to_axial(col, row)
        out.spaces[h] = Space(
            hex=h,
            col=col,
            row=row,
            dark=dark,
            entry=bool(f.get("entry")),
            exit=bool(f.get("exit")),
            boost=bool(f.get("boost")),
            number=int(f.get("number", 0)),
            plot=int(f.get("plot", 0)),
            mystery=bool(f.get("mystery")),
            clear=bool(f.get("clear")),
            enterable=bool(f.get("enterable")),
        )
    spaces = out.spaces.values()
    for what, used, most in (
        ("Plot tokens", sum(s.plot for s in spaces), PLOT_TOKENS),
        ("Mystery tiles", sum(s.mystery for s in spaces), MYSTERY_TILES),
        ("Clear tiles", sum(s.clear for s in spaces), CLEAR_TILES),
    ):
        if used > most:
            raise fail("objects", f"{used} {what} on one map; the box has {most}")
    numbers = [s.number for s in out.spaces.values() if s.number]
    if len(numbers) != len(set(numbers)):
        raise fail("objects", "a number is used by more than one numbered space")
    out.henchmen.sort(key=lambda item: reading_key(item[1]))
    heads = {h for _slot, h in out.henchmen}
    for where, part, (hc, hr) in drawn_parts:
        head = offset_to_axial(hc, hr)
        if head not in heads:
            raise fail(f"{where}.head_col", f"({hc}, {hr}) is not a Henchman space of this map")
        if part in heads:
            raise fail(f"{where}.space_kind", "a part of a large Henchman is on a Henchman space")
        out.parts.setdefault(head, []).append(part)
    for head, parts in out.parts.items():
        parts.sort(key=reading_key)
        joined = {head}
        for _ in parts:  # every part touches the head or a part already joined to it
            joined |= {p for p in parts if any(adjacent(p, j) for j in joined)}
        if len(joined) != len(parts) + 1:
            at = out.spaces[head]
            raise fail(
                "objects", f"the large Henchman at ({at.col}, {at.row}) has parts not joined to it"
            )
    return out


_CACHE: dict[str, MissionMap] = {}


def mission_map(name: str) -> MissionMap:
    """A packaged map by file name, loaded once per process."""
    if name not in _CACHE:
        _CACHE[name] = load_map(maps_dir() / "missions" / name)
    return _CACHE[name]
