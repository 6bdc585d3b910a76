"""`python -m game replay FILE`: re-run any saved or recorded game and compare its digest.

Takes a replay, a duel save, a crash report (its embedded replay), a mission save or an
Adventures campaign slot. The file is read with the same bounded parser and strict schema as
every other player file (`game.persistence.files`) and is never moved, copied or changed.
Exit status: 0 the replay reaches the recorded digest; 1 it does not, or there is no digest,
or the file is a save this game refuses (a wrong field, a newer version), or replaying it
fails; 2 the file is missing, unreadable, not JSON, or no kind of save this game knows.
Never a traceback: the digest is a consistency check, not tamper-proofing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.persistence.files import SaveError, read_bounded, replay_reaching, validate


def _kind_of(data: Any):
    """(file kind, label) for the data, or None."""
    if not isinstance(data, dict):
        return None
    kind = data.get("kind")
    if kind == "adventure_campaign":
        from game.adventures.save import FILE

        return FILE
    if kind == "duel":
        from game.persistence.duel_save import KIND

        return KIND
    if kind == "replay":
        from game.persistence.replay import KIND

        return KIND
    if kind == "crash":
        from game.persistence.files import FileKind
        from game.persistence.schema import CrashFile

        return FileKind(label="the crash report", model=CrashFile, version=1)
    setup = data.get("setup")
    if kind == "mission" or (isinstance(setup, dict) and "mission" in setup):
        from game.missions.save import KIND

        return KIND
    return None


def _differs(path: Path, head: str, why: str) -> int:
    print(f"{path}: {head}final state DIFFERS from the recorded digest: {why}")
    return 1


def replay_file(path: Path, print_log: bool = False) -> int:
    path = Path(path)
    if not path.is_file():
        print(f"cannot replay {path}: no such file", file=sys.stderr)
        return 2
    try:
        data = read_bounded(path)
    except SaveError as exc:
        print(f"cannot replay {path}: it {exc}", file=sys.stderr)
        return 2
    kind = _kind_of(data)
    if kind is None:
        print(
            f"cannot replay {path}: it is not a replay, a duel save, a crash report, a mission "
            "save or a campaign slot",
            file=sys.stderr,
        )
        return 2
    try:
        model = validate(kind, data)
        return _run(path, model, print_log)
    except SaveError as exc:  # a save this game refuses (a wrong field, an unknown id...)
        print(f"{path}: {kind.label} {exc}; it cannot be checked (not a match)")
        return 1
    except Exception as exc:  # replaying a hostile file may fail anywhere in the rules
        return _differs(path, "", f"replaying it failed ({type(exc).__name__}: {exc})")


def _report(path: Path, head: str, engine, digest: str | None, got: str, print_log: bool) -> int:
    if print_log:
        for event in engine.log:
            if getattr(event, "text", ""):
                print(event.text)
    state = "finished" if engine.over else "in progress"
    engine.close()
    if digest is None:
        return _differs(path, f"{head}, {state}; ", "the file has no digest to compare with")
    if got != digest:
        return _differs(path, f"{head}, {state}; ", "its actions lead somewhere else")
    print(f"{path}: {head}, {state}; final state matches the recorded digest")
    return 0


def _run(path: Path, model, print_log: bool) -> int:
    from game.persistence.schema import CampaignSlotFile, CrashFile, MissionFile

    if isinstance(model, CrashFile):
        if model.replay is None:
            print(f"{path}: the crash report holds no match to replay")
            return 1
        model = model.replay
    if isinstance(model, CampaignSlotFile):
        from game.adventures.save import from_model

        saved = from_model(model, model.slot)
        c = saved.campaign
        head = f"campaign '{c.team_name}' ({c.difficulty}), scenario {c.scenario}"
        if saved.session is None:
            print(f"{path}: {head}, between sessions; nothing to replay")
            return 0
        from game.adventures.scenario import replay_scenario
        from game.rules.engine import MatchSetup

        session = saved.session
        engine, got = replay_reaching(
            lambda: replay_scenario(
                MatchSetup.from_json(session.setup), session.actions, keep_log=print_log
            ),
            model.session.digest,
        )
        head += f", {len(session.actions)} actions"
        return _report(path, head, engine, model.session.digest, got, print_log)
    if isinstance(model, MissionFile):
        from game.missions.invariants import mission_digest
        from game.missions.save import replay_model

        engine, got = replay_reaching(lambda: replay_model(model), model.digest, mission_digest)
        s = model.setup
        heroes = ", ".join(s.heroes)
        head = f"mission {s.mission}, {heroes}, seed {s.seed}, {len(model.actions)} actions"
        return _report(path, head, engine, model.digest, got, print_log)
    from game.persistence.duel_save import from_model, replay

    saved = from_model(model)
    engine, got = replay_reaching(lambda: replay(saved), model.digest)
    heroes = ", ".join(seat.hero for seat in saved.setup.seats)
    head = f"{heroes}, seed {saved.setup.seed}, {len(saved.actions)} actions"
    return _report(path, head, engine, model.digest, got, print_log)
