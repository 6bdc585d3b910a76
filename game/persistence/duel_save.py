"""Matches in progress (a duel or any team / Boss format), saved as setup, seats and action
list (replayed on load).

One save per format: `saves/<mode>.json` (`match_path`) - `saves/duel.json` for a duel,
`saves/2v2.json`, `saves/koth.json`, ... - so a game of one format never replaces another's.
Before this layout every format was saved in `saves/duel.json`; `migrate_legacy` moves such a
file's non-duel game to its own format's file.

A save holds no engine internals: replaying the seed and the actions rebuilds the exact state
and the stored digest is checked against it (a consistency check, not tamper-proofing). Read
and written through `game.persistence.files` (schema `DuelFile`): a damaged save is copied
aside and reported, a newer one refused and left alone, the game always starts.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.persistence.files import (
    FileKind,
    Loaded,
    SaveError,
    _fsync_dir,
    backup_of,
    checked_replay,
    load,
    read_bounded,
    refuse,
    remove_save,
    validate,
    write_json,
)
from game.persistence.schema import DuelFile, MatchFile, saved_by
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup, apply_all

SAVE_VERSION = 1
KIND = FileKind(label="the saved duel", model=DuelFile, version=SAVE_VERSION)
GAME_KIND = FileKind(label="the saved game", model=DuelFile, version=SAVE_VERSION)


def kind_for(path: Path | None) -> FileKind:
    """How the player is told about a match save: the duel's file is "the saved duel", every
    other format's "the saved game" (the file name says which)."""
    return KIND if path is None or Path(path).name == "duel.json" else GAME_KIND


@dataclass(slots=True)
class SavedDuel:
    setup: MatchSetup
    seats: list[dict[str, Any]]  # per seat: {"kind": "human"|"computer", "level": ...}
    actions: list[Action]
    digest: str | None
    path: Path | None = None
    model: MatchFile | None = None
    turn: int = 0  # the turn the replayed save reached (0 when it was not replayed)


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def match_path(mode: str) -> Path:
    """The save of the unfinished game of one format (`saves/<mode>.json`)."""
    if not _MODE_NAME.fullmatch(mode):
        raise ValueError(f"not a format name: {mode!r}")
    return saves_dir() / f"{mode}.json"


_MODE_NAME = re.compile(r"[a-z0-9_]{1,40}")


def duel_path() -> Path:
    """The duel's save - also where every format was saved before one save per format."""
    return match_path("duel")


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
    """Save the match in its format's file (or `path`)."""
    write_json(path or match_path(engine.setup.mode), match_data(engine, seats, "duel"))


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
    _checked_turn(model, path)


def _checked_turn(model: MatchFile, path: Path) -> int:
    saved = from_model(model, path)
    engine = checked_replay(model, model.digest, lambda: replay(saved))
    try:
        with engine.world.active():
            return engine.info.turn
    finally:
        engine.close()


def load_duel(path: Path | None = None) -> tuple[SavedDuel | None, list[str]]:
    """The saved duel (or None) and messages about anything that went wrong. Its actions are
    replayed here and must reach its digest."""
    loaded = load_match(path or duel_path())
    if loaded.value is None:
        return None, loaded.messages
    return loaded.value, loaded.messages


def load_match(path: Path) -> Loaded[SavedDuel]:
    """`files.load` of a match save (replayed, digest checked), its value a SavedDuel that
    knows the turn it reached; `refused` says why nothing was loaded."""
    turns: dict[Path, int] = {}

    def noting(model: MatchFile, source: Path) -> None:
        turns[source] = _checked_turn(model, source)

    loaded = load(path, kind_for(path), noting)
    out: Loaded[SavedDuel] = Loaded(messages=loaded.messages, source=loaded.source)
    out.refused = loaded.refused
    if loaded.value is not None:
        out.value = from_model(loaded.value, loaded.source)
        out.value.turn = turns.get(loaded.source, 0)
    return out


def migrate_legacy() -> Path | None:
    """Before one save per format, `saves/duel.json` held the unfinished game of ANY format.
    A game there whose format is not the duel moves (with its .bak, when that holds the same
    format) to its own format's file, unless that file already exists. Nothing is rewritten
    (renames only); an unreadable or damaged file is left for the loader to report. Returns
    the new path when something moved."""
    old = duel_path()
    if not old.exists():
        return None
    mode = _mode_of(old)
    if mode is None or mode == "duel":
        return None
    try:
        new = match_path(mode)
    except ValueError:
        return None
    if new.exists() or backup_of(new).exists():
        return None  # (an older build wrote it after the move: left where it is, still listed)
    try:
        if backup_of(old).exists() and _mode_of(backup_of(old)) == mode:
            os.replace(backup_of(old), backup_of(new))
        os.replace(old, new)
    except OSError:
        return None
    _fsync_dir(new.parent)
    return new


def _mode_of(path: Path) -> str | None:
    """The format a match save holds, from its fields only (no replay); None if unusable."""
    try:
        return validate(KIND, read_bounded(path)).setup.mode
    except SaveError:
        return None


def replay(saved: SavedDuel) -> Engine:
    return apply_all(Engine.new_match(saved.setup, keep_log=True), saved.actions)


def resume(saved: SavedDuel) -> Engine:
    """Replay a saved duel; refuses (SaveError with the policy applied: a damaged file is
    copied aside) if it fails or the result differs from what was saved."""
    try:
        return checked_replay(saved.model, saved.digest, lambda: replay(saved))
    except SaveError as exc:
        if saved.path is not None:
            raise SaveError(refuse(kind_for(saved.path), saved.path, exc)) from exc
        raise


def delete_duel(path: Path | None = None) -> None:
    """The match ended: its save (and .bak) is no longer a game to continue."""
    remove_save(path or duel_path())
