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
