"""Crash reports: what went wrong, where, and the match so far (replayable), as plain JSON.

Written to the user data folder's `crashes/`; saves of duels, campaigns and perk sheets are
never written by the crash path, so a crash cannot damage them.
"""

from __future__ import annotations

import logging
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from game import __version__
from game.paths import user_data_dir
from game.persistence.files import write_json

log = logging.getLogger(__name__)


def write_crash_report(
    exc: BaseException,
    *,
    where: str = "",
    engine=None,
    seats: list[dict[str, Any]] | None = None,
    log_lines: list[str] | None = None,
) -> Path | None:
    """Write the report; returns its path (None when even that failed: never raises)."""
    try:
        report: dict[str, Any] = {
            "kind": "crash",
            "version": __version__,
            "time": time.strftime("%Y-%m-%d %H:%M:%S"),
            "where": where,
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": traceback.format_exception(type(exc), exc, exc.__traceback__),
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "log": list(log_lines or [])[-200:],
        }
        if engine is not None:
            from game.persistence.replay import replay_data

            try:
                report["seed"] = engine.setup.seed
                report["replay"] = replay_data(engine, seats or [])
            except Exception as inner:  # the engine may be what broke
                report["replay_error"] = f"{type(inner).__name__}: {inner}"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = user_data_dir() / "crashes" / f"crash-{stamp}.json"
        write_json(path, report)
        log.error("crash report written to %s", path)
        return path
    except Exception:  # pragma: no cover - nothing more we can do
        log.exception("could not write a crash report")
        return None
