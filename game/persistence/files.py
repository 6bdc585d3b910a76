"""Safe files: atomic writes with the previous good copy kept, and careful reads.

`write_json` writes to a temporary file in the same folder, flushes and fsyncs it, keeps the
old file as NAME.bak, then renames the new one over NAME, so a crash at any moment leaves a
loadable file. `read_json` falls back to the .bak copy and sets a corrupt file aside (never
deleting it) with a clear message.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


class SaveError(Exception):
    """A save could not be read; the message says why and where the file went."""


def write_json(path: Path, data: Any) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            backup = path.with_name(path.name + ".bak")
            os.replace(path, backup)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def set_aside(path: Path) -> Path:
    """Move a bad file out of the way (kept for inspection) and return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


def read_json(path: Path, set_aside_damaged: bool = True) -> tuple[Any | None, list[str]]:
    """The file's data (or its last good copy), plus messages about anything set aside.

    Returns (None, messages) when neither the file nor its backup can be read. With
    `set_aside_damaged=False` (a file the player handed us) a damaged file is left in place.
    """
    path = Path(path)
    messages: list[str] = []
    for candidate in (path, path.with_name(path.name + ".bak")):
        if not candidate.exists():
            continue
        try:
            return json.loads(candidate.read_text(encoding="utf-8")), messages
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            if not set_aside_damaged:
                messages.append(f"{candidate.name} could not be read ({type(exc).__name__}: {exc})")
                continue
            moved = set_aside(candidate)
            messages.append(
                f"{candidate.name} could not be read ({type(exc).__name__}); "
                f"it was moved to {moved.name}"
            )
    return None, messages
