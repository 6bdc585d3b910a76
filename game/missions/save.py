"""Saving a mission in progress: the setup plus every action so far and the digest they lead
to. A mission is restored by replaying them, and the replay must reach the saved digest (a
consistency check, not tamper-proofing). Read and written through `game.persistence.files`
(schema `MissionFile`): a damaged save is copied aside and reported, its last good .bak is
kept and used, a newer one is refused and left alone."""

from __future__ import annotations

from pathlib import Path

from game.missions.engine import MissionEngine, MissionSetup, replay
from game.paths import user_data_dir
from game.persistence.files import Damaged, FileKind, SaveError, checked_replay, load, write_json
from game.persistence.schema import MissionFile, saved_by
from game.rules.actions import Action

VERSION = 1
KIND = FileKind(label="the saved mission", model=MissionFile, version=VERSION)


def default_path() -> Path:
    return user_data_dir() / "missions" / "mission_save.json"


def mission_data(engine: MissionEngine) -> dict:
    """A mission save's JSON (built from the engine: on the thread that owns it)."""
    from game.missions.invariants import mission_digest

    return {
        "version": VERSION,
        "kind": "mission",
        **saved_by(),
        "setup": engine.setup.to_json(),
        "actions": [a.to_json() for a in engine.actions],
        "round": engine.info.round,
        "digest": mission_digest(engine),  # checked on load and by `python -m game replay`
    }


def save_mission(engine: MissionEngine, path: Path | None = None) -> Path:
    path = path or default_path()
    write_json(path, mission_data(engine))
    return path


def replay_model(model: MissionFile) -> MissionEngine:
    """The mission a validated save describes, replayed (any error propagates)."""
    try:
        setup = MissionSetup.from_json(model.setup.model_dump())
        actions = [Action.from_json(a) for a in model.actions]
    except (KeyError, TypeError, ValueError) as exc:
        raise Damaged(f"has a field that cannot be used ({exc})") from exc
    return replay(setup, actions)


def check_and_replay(model: MissionFile) -> MissionEngine:
    """Replay the save; Damaged / OlderRules when it fails or misses its digest."""
    from game.missions.invariants import mission_digest

    return checked_replay(model, model.digest, lambda: replay_model(model), mission_digest)


def load_mission(path: Path | None = None) -> tuple[MissionEngine, list[str]]:
    """The saved mission (or its last good .bak), replayed to where it was. Raises SaveError
    whose message says why, which file and where a copy of a damaged one is kept."""
    path = path or default_path()
    engines: dict[Path, MissionEngine] = {}

    def check(model: MissionFile, source: Path) -> None:
        engines[source] = check_and_replay(model)

    loaded = load(path, KIND, check)
    if loaded.value is None:
        raise SaveError(" ".join(loaded.messages) or f"there is no saved mission at {path}")
    return engines[loaded.source], loaded.messages
