"""Crash reports: what went wrong, where, and the match so far (replayable), as plain JSON.

Written to the user data folder's `crashes/` under a name no other report has (time to the
microsecond, process id, and a counter if even that is taken), so reports never overwrite each
other. Saves of duels, campaigns and perk sheets are never written by the crash path, so a
crash cannot damage them. `guard` wraps the entry point: a failure before the first frame (or
anywhere outside the window's loop) gets a report too.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from game import __version__
from game.paths import user_data_dir
from game.persistence.files import write_new_json

log = logging.getLogger(__name__)
FILE_VERSION = 1


def crash_stem() -> str:
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1e6) % 10**6:06d}"
    return f"crash-{stamp}-{os.getpid()}"


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
            "file_version": FILE_VERSION,
            "time": time.strftime("%Y-%m-%d %H:%M:%S"),
            "where": where,
            "error": f"{type(exc).__name__}: {exc}"[:20_000],
            "traceback": [
                line[:20_000]
                for line in traceback.format_exception(type(exc), exc, exc.__traceback__)
            ][-2000:],
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "log": [str(line)[:20_000] for line in list(log_lines or [])[-200:]],
        }
        if engine is not None:
            from game.persistence.replay import replay_data

            try:
                report["seed"] = engine.setup.seed
                report["replay"] = replay_data(engine, seats or [])
            except Exception as inner:  # the engine may be what broke
                report["replay_error"] = f"{type(inner).__name__}: {inner}"
        path = write_new_json(user_data_dir() / "crashes", crash_stem(), report)
        log.error("crash report written to %s", path)
        return path
    except Exception:  # pragma: no cover - nothing more we can do
        log.exception("could not write a crash report")
        return None


def guard(where: str, run, *args, **kwargs) -> int:
    """Run an entry point; any exception it lets out is written up as a crash report and
    told on stderr (exit status 1) instead of a bare traceback."""
    try:
        return run(*args, **kwargs)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        path = write_crash_report(exc, where=where)
        print(
            f"The game stopped with an error ({type(exc).__name__}: {exc}). "
            + (f"A crash report was written to {path}." if path else "No report could be written."),
            file=sys.stderr,
        )
        return 1
