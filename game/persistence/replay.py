"""Replay files: a match as its setup (seed included), seats and actions, plus the final digest.

The same shape as a duel save (a save is a replay that has not ended), so either can be
re-run with `python -m game replay FILE`. Finished duels in the window are recorded in the
user data folder's `replays/`; crash reports embed one too.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.persistence.duel_save import SAVE_VERSION, SavedDuel, parse_match
from game.persistence.files import SaveError, read_json, write_json
from game.rules.engine import Engine


def replay_data(engine: Engine, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "version": SAVE_VERSION,
        "kind": "replay",
        "setup": engine.setup.to_json(),
        "seats": seats,
        "actions": [a.to_json() for a in engine.actions],
        "digest": engine.digest(),
    }


def record_replay(engine: Engine, seats: list[dict[str, Any]]) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = user_data_dir() / "replays" / f"duel-{stamp}-seed{engine.setup.seed}.json"
    write_json(path, replay_data(engine, seats))
    return path


def load_replay(path: Path) -> SavedDuel:
    """A replay, a duel save or a crash report's embedded replay; SaveError when unusable."""
    if not path.exists():
        raise SaveError(f"{path}: no such file")
    data, messages = read_json(path, set_aside_damaged=False)
    if data is None:
        raise SaveError(f"{path}: " + ("; ".join(messages) or "unreadable"))
    if (
        isinstance(data, dict)
        and data.get("kind") == "crash"
        and isinstance(data.get("replay"), dict)
    ):
        data = data["replay"]
    return parse_match(data, kinds=("replay", "duel"))


def verify(saved: SavedDuel) -> tuple[bool, Engine]:
    """Re-run the actions from the seed; True when the final digest is the recorded one."""
    engine = Engine.new_match(saved.setup, keep_log=True)
    for action in saved.actions:
        engine.apply(action)
    return engine.digest() == saved.digest, engine
