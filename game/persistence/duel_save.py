"""The duel in progress, saved as its setup, seats and action list (replayed on load).

A save holds no engine internals: replaying the seed and the actions rebuilds the exact state
and the stored digest proves it. Saves are versioned; a save from a newer version is refused
with a clear message; a damaged save is set aside and the game still starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.persistence.files import SaveError, read_json, set_aside, write_json
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup

SAVE_VERSION = 1


@dataclass(slots=True)
class SavedDuel:
    setup: MatchSetup
    seats: list[dict[str, Any]]  # per seat: {"kind": "human"|"computer", "level": ...}
    actions: list[Action]
    digest: str


def duel_path() -> Path:
    return user_data_dir() / "saves" / "duel.json"


def save_duel(engine: Engine, seats: list[dict[str, Any]], path: Path | None = None) -> None:
    data = {
        "version": SAVE_VERSION,
        "kind": "duel",
        "setup": engine.setup.to_json(),
        "seats": seats,
        "actions": [a.to_json() for a in engine.actions],
        "digest": engine.digest(),
    }
    write_json(path or duel_path(), data)


def load_duel(path: Path | None = None) -> tuple[SavedDuel | None, list[str]]:
    """The saved duel (or None) and messages about anything that went wrong."""
    path = path or duel_path()
    data, messages = read_json(path)
    if data is None:
        return None, messages
    try:
        return parse_match(data), messages
    except SaveError as exc:
        if path.exists():
            moved = set_aside(path)
            messages.append(f"The saved duel was set aside as {moved.name}: {exc}")
        else:
            messages.append(f"The saved duel could not be used: {exc}")
        return None, messages


def parse_match(data: Any, kinds: tuple[str, ...] = ("duel",)) -> SavedDuel:
    """A saved or recorded match from its JSON data; SaveError says what is wrong."""
    if not isinstance(data, dict) or data.get("kind") not in kinds:
        raise SaveError(f"it is not a {' or '.join(kinds)} file")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("it has no version number")
    if version > SAVE_VERSION:
        raise SaveError(
            f"it was written by a newer version of the game (save version {version}, "
            f"this game reads up to {SAVE_VERSION})"
        )
    try:
        setup = MatchSetup.from_json(data["setup"])
        actions = [Action.from_json(a) for a in data["actions"]]
        seats = list(data.get("seats", []))
        digest = str(data["digest"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"a field is missing or damaged ({exc})") from exc
    return SavedDuel(setup=setup, seats=seats, actions=actions, digest=digest)


def resume(saved: SavedDuel) -> Engine:
    """Replay a saved duel; refuses (SaveError) if the result differs from what was saved."""
    try:
        engine = Engine.new_match(saved.setup, keep_log=True)
        for action in saved.actions:
            engine.apply(action)
    except Exception as exc:
        raise SaveError(f"replaying it failed ({type(exc).__name__}: {exc})") from exc
    if engine.digest() != saved.digest:
        engine.close()
        raise SaveError("replaying it did not give the saved position")
    return engine


def delete_duel(path: Path | None = None) -> None:
    path = path or duel_path()
    for candidate in (path, path.with_name(path.name + ".bak")):
        if candidate.exists():
            candidate.unlink()
