"""Where files live: bundled resources (read-only) and the player's data (writable).

Inside a PyInstaller bundle the resources sit under `sys._MEIPASS`; in a checkout they sit in
the repository. Nothing is ever written next to the resources: saves, settings and crash
reports go to the user data folder (or `DICE_THRONE_HOME` when set, e.g. by tests).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "DiceThroneDigital"


def resource_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def content_dir() -> Path:
    return resource_root() / "game" / "content" / "data"


def assets_dir() -> Path:
    return resource_root() / "assets"


def maps_dir() -> Path:
    return resource_root() / "maps"


def user_data_dir() -> Path:
    override = os.environ.get("DICE_THRONE_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir as platform_dir

        path = Path(platform_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
