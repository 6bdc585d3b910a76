"""Where files live: bundled resources (read-only) and the player's data (writable).

Inside a PyInstaller bundle the resources sit under `sys._MEIPASS`; in a checkout they sit in
the repository. Nothing is ever written next to the resources: saves, settings and crash
reports go to the user data folder (or `DICE_THRONE_HOME` when set, e.g. by tests).
"""

from __future__ import annotations

import contextlib
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


def data_root() -> Path:
    """The user data folder's path (nothing is created or checked)."""
    override = os.environ.get("DICE_THRONE_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir as platform_dir

    return Path(platform_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """The user data folder, created when missing. Never raises: a folder that cannot be made
    (read-only disk, a file in its place) is found by `check_data_folder`, and writes into it
    fail with OSError where they are caught ("Could not save")."""
    path = data_root()
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def check_data_folder() -> str:
    """'' when the data folder can hold saves; otherwise what is wrong with it (the title
    shows it and saving is switched off)."""
    path = data_root()
    if path.exists() and not path.is_dir():
        return f"the data folder {path} is a file, not a folder"
    probe = path / f".write-test-{os.getpid()}.tmp"
    try:
        path.mkdir(parents=True, exist_ok=True)
        with open(probe, "wb") as handle:
            handle.write(b"ok")
            handle.flush()
            os.fsync(handle.fileno())
        probe.unlink()
    except OSError as exc:
        with contextlib.suppress(OSError):  # (a full disk: the empty probe must not stay)
            probe.unlink()
        return f"the data folder {path} cannot be written ({exc.strerror or type(exc).__name__})"
    return ""
