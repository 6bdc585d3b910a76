"""The Missions screens' files beside the board: the seats and profiles of a mission in progress
(`missions/mission_ui.json`, next to the save of game/missions/save.py), the Perk sheets (read
and written only through game/missions/perks.py), each profile's spend limit, and the names of
the Mythic abilities. Nothing here draws."""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path

from game.missions import perks as P

DEFAULT_PROFILE = "Player"


def _ui_dir() -> Path:
    from game.paths import user_data_dir

    return user_data_dir() / "missions"


def ui_path() -> Path:
    return _ui_dir() / "mission_ui.json"


def _mission_save_job(engine, seats: list[dict], profiles: list[str]):
    """The writing of a mission save, its data taken from the engine now."""
    from game.missions.save import default_path, mission_data
    from game.persistence.files import write_json

    data = mission_data(engine)
    ui = {"version": 1, "seats": list(seats), "profiles": list(profiles)}
    path, beside = default_path(), ui_path()

    def job() -> None:
        write_json(path, data)
        write_json(beside, ui)

    return job


def save_mission_ui(engine, seats: list[dict], profiles: list[str]) -> None:
    """Save the mission and the window's seats/profiles beside it (OSError when it cannot)."""
    from game.persistence import writer

    writer.flush()  # after any autosave still queued
    _mission_save_job(engine, seats, profiles)()


def queue_mission_save(engine, seats: list[dict], profiles: list[str]) -> None:
    """The autosave: the data is taken from the engine here, the files are written off the
    render thread by the save writer (a failure comes back through `writer.errors()`)."""
    from game.persistence import writer

    writer.submit(_mission_save_job(engine, seats, profiles), "The mission could not be saved")


def clear_mission_save() -> None:
    """The mission ended or a new one starts: its save is no longer a game to continue."""
    from game.missions.save import default_path
    from game.persistence import writer
    from game.persistence.files import remove_save

    paths = (default_path(), ui_path())

    def job() -> None:
        for path in paths:
            remove_save(path)

    writer.submit(job, "The finished mission's save could not be removed")
    writer.flush()  # a new mission may start at once: its first save comes after this


def has_mission_save() -> bool:
    from game.missions.save import default_path
    from game.persistence import writer

    writer.flush()
    path = default_path()
    return path.exists() or path.with_name(path.name + ".bak").exists()


def _ui_kind():
    from game.persistence.files import FileKind
    from game.persistence.schema import MissionUiFile

    return FileKind(label="the mission's seats file", model=MissionUiFile, version=1)


def load_mission_ui():
    """(engine, seats, profiles, messages) of the saved mission; raises SaveError."""
    from game.missions.save import load_mission
    from game.persistence.files import load

    engine, messages = load_mission()
    loaded = load(ui_path(), _ui_kind())
    messages += loaded.messages
    n = len(engine.heroes)
    seats = [{"kind": "human"} for _ in range(n)]
    profiles = [DEFAULT_PROFILE] + [""] * (n - 1)
    ui = loaded.value
    if ui is not None:
        if len(ui.seats) == n:
            seats = [{"kind": x.kind} for x in ui.seats]
        if len(ui.profiles) == n:
            profiles = list(ui.profiles)
    return engine, seats, profiles, messages


def store_sheet(app, sheet, profile: str) -> bool:
    """Save a Perk sheet; a full or read-only disk (or a newer sheet that must not be
    overwritten) is told on screen, never raised."""
    try:
        P.save_sheet(sheet, profile)
    except OSError as exc:
        app.messages.append(f"Could not save the Perk sheet '{profile}': {exc}")
        return False
    return True


def known_profiles() -> list[str]:
    folder = P.sheet_path(DEFAULT_PROFILE).parent
    names = sorted(p.stem for p in folder.glob("*.json")) if folder.exists() else []
    names = [n for n in names if P.PROFILE_RE.match(n)]
    return names or [DEFAULT_PROFILE]


def _limits_path() -> Path:
    return _ui_dir() / "spend_limits.json"


def _limits():
    from game.persistence.files import FileKind, load
    from game.persistence.schema import SpendLimitsFile

    kind = FileKind(label="the spend limits file", model=SpendLimitsFile, version=1)
    return load(_limits_path(), kind)


def spend_limit(profile: str, messages: list[str] | None = None) -> int:
    """The (Total) Difficulty of the profile's last mission: Perk Points are spent in columns
    up to it (rule 111). 0 before the first mission. What was wrong with the file (which file,
    where its copy is) is added to `messages`."""
    loaded = _limits()
    if messages is not None:
        messages.extend(loaded.messages)
    return loaded.value.limits.get(profile, 0) if loaded.value is not None else 0


def set_spend_limit(profile: str, difficulty: int) -> None:
    """Record it (a disk that cannot be written only loses this limit, never the game)."""
    from game.persistence.files import write_json

    loaded = _limits()
    limits = dict(loaded.value.limits) if loaded.value is not None else {}
    limits[profile] = max(0, min(20, int(difficulty)))
    with contextlib.suppress(OSError):
        write_json(_limits_path(), {"version": 1, "limits": limits})


@functools.lru_cache(maxsize=1)
def mythic_names() -> dict[str, str]:
    """Mythic ability id -> its name (the rules database keeps only the texts)."""
    import json

    from game.paths import content_dir

    names: dict[str, str] = {}
    try:
        data = json.loads((content_dir() / "missions" / "perks.json").read_text("utf-8"))
        for m in data.get("mythics", []):
            names[m["id"]] = m.get("name", "")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return names


def mythic_name(mythic_id: str, names: dict[str, str]) -> str:
    return names.get(mythic_id) or mythic_id.removeprefix("mythic_").replace("_", " ").title()
