"""The duel in progress, saved as its setup, seats and action list (replayed on load).

A save holds no engine internals: replaying the seed and the actions rebuilds the exact state
and the stored digest is checked against it (a consistency check, not tamper-proofing). Read
and written through `game.persistence.files` (schema `DuelFile`): a damaged save is copied
aside and reported, a newer one refused and left alone, the game always starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.persistence.files import (
    FileKind,
    SaveError,
    checked_replay,
    load,
    refuse,
    remove_save,
    write_json,
)
from game.persistence.schema import DuelFile, MatchFile, saved_by
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup, apply_all

SAVE_VERSION = 1
KIND = FileKind(label="the saved duel", model=DuelFile, version=SAVE_VERSION)


@dataclass(slots=True)
class SavedDuel:
    setup: MatchSetup
    seats: list[dict[str, Any]]  # per seat: {"kind": "human"|"computer", "level": ...}
    actions: list[Action]
    digest: str | None
    path: Path | None = None
    model: MatchFile | None = None


def duel_path() -> Path:
    return user_data_dir() / "saves" / "duel.json"


def match_data(engine: Engine, seats: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """A duel save's or a replay's JSON (the same shape)."""
    return {
        "version": SAVE_VERSION,
        "kind": kind,
        **saved_by(),
        "setup": engine.setup.to_json(),
        "seats": seats,
        "actions": [a.to_json() for a in engine.actions],
        "digest": engine.digest(),
    }


def save_duel(engine: Engine, seats: list[dict[str, Any]], path: Path | None = None) -> None:
    write_json(path or duel_path(), match_data(engine, seats, "duel"))


def from_model(model: MatchFile, path: Path | None = None) -> SavedDuel:
    """The engine-side objects of a validated match file; SaveError when they do not build."""
    try:
        setup = MatchSetup.from_json(model.setup.model_dump(exclude_none=False))
        actions = [Action.from_json(a) for a in model.actions]
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"has a field that cannot be used ({exc})") from exc
    seats = [s.model_dump(exclude_none=True) for s in model.seats]
    return SavedDuel(setup, seats, actions, model.digest, path, model)


def check(model: MatchFile, path: Path) -> None:
    """Refuse a save whose actions do not reach its digest (Damaged or OlderRules)."""
    saved = from_model(model, path)
    checked_replay(model, model.digest, lambda: replay(saved)).close()


def load_duel(path: Path | None = None) -> tuple[SavedDuel | None, list[str]]:
    """The saved duel (or None) and messages about anything that went wrong. Its actions are
    replayed here and must reach its digest."""
    loaded = load(path or duel_path(), KIND, check)
    if loaded.value is None:
        return None, loaded.messages
    return from_model(loaded.value, loaded.source), loaded.messages


def replay(saved: SavedDuel) -> Engine:
    return apply_all(Engine.new_match(saved.setup, keep_log=True), saved.actions)


def resume(saved: SavedDuel) -> Engine:
    """Replay a saved duel; refuses (SaveError with the policy applied: a damaged file is
    copied aside) if it fails or the result differs from what was saved."""
    try:
        return checked_replay(saved.model, saved.digest, lambda: replay(saved))
    except SaveError as exc:
        if saved.path is not None:
            raise SaveError(refuse(KIND, saved.path, exc)) from exc
        raise


def delete_duel(path: Path | None = None) -> None:
    """The duel ended: its save (and .bak) is no longer a game to continue."""
    remove_save(path or duel_path())
