"""Replay files: a match as its setup (seed included), seats and actions, plus the final digest.

The same shape as a duel save (a save is a replay that has not ended), so either can be
re-run with `python -m game replay FILE`. Finished duels in the window are recorded in the
user data folder's `replays/`; crash reports embed one too.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.persistence.duel_save import SAVE_VERSION, SavedDuel, from_model, match_data, replay
from game.persistence.files import FileKind, write_new_json
from game.persistence.schema import ReplayFile
from game.rules.engine import Engine

KIND = FileKind(label="the replay", model=ReplayFile, version=SAVE_VERSION)


def replay_data(engine: Engine, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return match_data(engine, seats, "replay")


def record_replay(engine: Engine, seats: list[dict[str, Any]]) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = f"duel-{stamp}-seed{engine.setup.seed}-{os.getpid()}"
    return write_new_json(user_data_dir() / "replays", stem, replay_data(engine, seats))


def as_saved(model) -> SavedDuel:
    return from_model(model)


def verify(saved: SavedDuel) -> tuple[bool, Engine]:
    """Re-run the actions from the seed; True when the final digest is the recorded one
    (`files.replay_reaching`: a replay recorded before rules version 4 included)."""
    from game.persistence.files import replay_reaching

    engine, got = replay_reaching(lambda: replay(saved), saved.digest)
    return saved.digest is not None and got == saved.digest, engine


def load_replay(path: Path) -> SavedDuel:
    """A replay or duel save handed to us (never copied, moved or changed); SaveError."""
    from game.persistence.duel_save import KIND as DUEL
    from game.persistence.files import SaveError, load, read_bounded

    data = read_bounded(path)
    kind = DUEL if isinstance(data, dict) and data.get("kind") == "duel" else KIND
    loaded = load(path, kind, use_backup=False, copy_damaged=False)
    if loaded.value is None:
        raise SaveError(" ".join(loaded.messages) or f"{path}: no such file")
    return from_model(loaded.value, path)
