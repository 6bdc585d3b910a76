"""Saving a mission in progress: the setup plus every action so far (a mission is restored by
replaying them, which also proves the save is consistent). Written with the atomic writer;
a damaged or inconsistent file is set aside and reported, never deleted."""

from __future__ import annotations

from pathlib import Path

from game.missions.engine import MissionEngine, MissionSetup, replay
from game.paths import user_data_dir
from game.persistence.files import SaveError, read_json, set_aside, write_json
from game.rules.actions import Action, IllegalAction

VERSION = 1


def default_path() -> Path:
    return user_data_dir() / "missions" / "mission_save.json"


def save_mission(engine: MissionEngine, path: Path | None = None) -> Path:
    from game.missions.invariants import mission_digest

    path = path or default_path()
    write_json(
        path,
        {
            "version": VERSION,
            "setup": engine.setup.to_json(),
            "actions": [a.to_json() for a in engine.actions],
            "round": engine.info.round,
            "digest": mission_digest(engine),  # `python -m game replay` checks it
        },
    )
    return path


def load_mission(path: Path | None = None) -> tuple[MissionEngine, list[str]]:
    """The saved mission, replayed to where it was. Raises SaveError with the reason (the
    file is set aside) when it cannot be used."""
    path = path or default_path()
    data, messages = read_json(path)
    if data is None:
        raise SaveError("; ".join(messages) or f"no mission save at {path}")
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError(f"unknown mission save version {data.get('version')!r}")
        setup = MissionSetup.from_json(data["setup"])
        actions = [Action.from_json(a) for a in data["actions"]]
        engine = replay(setup, actions)
    except (KeyError, TypeError, ValueError, IllegalAction) as exc:
        moved = set_aside(path)
        raise SaveError(
            f"the mission save could not be used ({type(exc).__name__}: {exc}); "
            f"it was moved to {moved.name}"
        ) from exc
    return engine, messages
