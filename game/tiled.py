"""Reading a Tiled `.tmx` map for the rules (Missions hex maps, Adventures crawl maps).

pytmx imports pygame when it can (for optional image loading we never use), and the rules
process stays free of SDL, so pytmx is imported with pygame kept out for that moment (and
pytmx's pygame helper forgotten, so a window can still import both properly later)."""

from __future__ import annotations

import contextlib
import logging
import sys
from pathlib import Path

from game.content.loader import ContentError


def pytmx_module():
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    quiet = logging.getLogger("pytmx.util_pygame")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        quiet.setLevel(level)
        for name in ("pygame", "pytmx.util_pygame"):  # a window may import them properly later
            with contextlib.suppress(KeyError):
                del sys.modules[name]
    return pytmx


def read_tiled_map(path: Path, rel: str, orientation: str):
    """The parsed map at `path`, or a ContentError naming `rel` (the path players and content
    authors know) and the field: missing file, unreadable XML, wrong orientation."""
    if not path.exists():
        raise ContentError(rel, "", "file not found")
    try:
        tmx = pytmx_module().TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds (XML, value, key errors)
        raise ContentError(
            rel, "", f"not a readable Tiled map ({type(exc).__name__}: {exc})"
        ) from exc
    if getattr(tmx, "orientation", "") != orientation:
        raise ContentError(rel, "orientation", f"expected '{orientation}', got '{tmx.orientation}'")
    return tmx


def layer(tmx, name: str, rel: str, kind: str):
    """The layer called `name`, which must be a tile layer (`kind` "tile") or an object layer
    ("object"); a ContentError naming the layer otherwise."""
    pytmx = pytmx_module()
    wanted = {"tile": pytmx.TiledTileLayer, "object": pytmx.TiledObjectGroup}[kind]
    found = [lay for lay in tmx.layers if lay.name == name]
    if not found:
        raise ContentError(rel, "layers", f"missing the '{name}' {kind} layer")
    if len(found) > 1:
        raise ContentError(rel, "layers", f"more than one layer is called '{name}'")
    if not isinstance(found[0], wanted):
        raise ContentError(
            rel, f"layers.{name}", f"must be {'an' if kind == 'object' else 'a'} {kind} layer"
        )
    return found[0]


# what pytmx itself puts among a tile's properties (its attributes, not custom properties)
TILE_ATTRIBUTES = frozenset({"id", "width", "height", "frames", "type", "class", "probability"})


def known_properties(
    props: dict | None, allowed: set[str], rel: str, where: str, builtin=frozenset()
) -> dict:
    """`props` (a map's, layer's, tile's or object's custom properties) when every name is in
    `allowed` (or `builtin`, pytmx's own entries); an unknown name is refused like an unknown
    JSON key, so a misspelt property cannot be ignored silently."""
    props = props or {}
    for key in props:
        if key not in allowed and key not in builtin:
            near = ", ".join(sorted(allowed)) or "none"
            raise ContentError(rel, f"{where}.{key}", f"unknown property (allowed: {near})")
    return props
