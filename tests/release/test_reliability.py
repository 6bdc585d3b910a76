"""Reliability: the fuzzer, replays, saves that survive being killed mid-write, crash reports."""

from __future__ import annotations

import json
import os
import random
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game.cli import run as cli
from game.fuzz import fuzz_one, run_fuzz
from game.modes.duel import duel_setup, play_out
from game.persistence.duel_save import save_duel
from game.persistence.files import clean_temp_files, read_bounded, write_json
from game.persistence.replay import load_replay, record_replay, verify
from game.rules.engine import Engine
from tests.persistence.kill_kit import kill_at_random_moments

ROOT = Path(__file__).resolve().parents[2]


def finished_duel(seed: int = 5) -> Engine:
    from game.ai import make_ai

    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed))
    play_out(engine, [make_ai("normal", seed), make_ai("easy", seed + 1)])
    return engine


# ---------------------------------------------------------------- fuzzing


def test_a_short_fuzz_run_is_clean_and_replays_every_game():
    report = run_fuzz(games=25, seed=3)
    assert report.errors == 0, report.failures
    assert report.games == 25 and report.replays_checked == 25
    assert report.actions > 25 * 50


def test_the_fuzzer_reports_a_broken_invariant_with_its_seed(monkeypatch):
    import game.rules.invariants as invariants

    calls = {"n": 0}

    def broken(engine):
        calls["n"] += 1
        return ["someone has 16 CP"] if calls["n"] > 40 else []

    monkeypatch.setattr(invariants, "check_invariants", broken)
    report = run_fuzz(games=2, seed=9)
    assert report.errors == 2
    assert all("16 CP" in f["message"] for f in report.failures)
    assert {f["seed"] for f in report.failures} == {9 * 1_000_003, 9 * 1_000_003 + 1}


def test_a_failing_fuzz_seed_reproduces_the_same_game():
    from game.content.loader import default_content

    content = default_content()
    first = fuzz_one(1234, content, ("random", "normal"), replay_check=False)
    again = fuzz_one(1234, content, ("random", "normal"), replay_check=False)
    assert first == again and first[1] is None


def test_fuzz_cli_prints_the_summary_as_the_last_json_line(capsys):
    assert cli(["fuzz", "--games", "3", "--seed", "2", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert {"games", "actions", "errors", "failures"} <= set(data)
    assert data["games"] == 3 and data["errors"] == 0


# ---------------------------------------------------------------- replays


def test_a_recorded_duel_replays_to_the_same_digest(capsys):
    engine = finished_duel()
    path = record_replay(engine, [{"kind": "computer"}, {"kind": "computer"}])
    saved = load_replay(path)
    same, again = verify(saved)
    assert same and again.over
    again.close()
    assert cli(["replay", str(path)]) == 0
    assert "matches the recorded digest" in capsys.readouterr().out
    engine.close()


def test_a_tampered_replay_is_reported_as_different(tmp_path, capsys):
    engine = finished_duel()
    path = record_replay(engine, [])
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:-5]
    path.write_text(json.dumps(data))
    assert cli(["replay", str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    engine.close()


def test_an_unreadable_replay_is_refused_and_left_in_place(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"kind": "replay", "setup": ')
    assert cli(["replay", str(path)]) == 2
    assert path.exists()
    assert "cannot replay" in capsys.readouterr().err


# ---------------------------------------------------------------- saves killed mid-write


def _writer(path: Path, seed: int) -> None:  # runs in a forked child until killed
    rng = random.Random(seed)
    n = 0
    while True:
        n += 1
        write_json(path, {"n": n, "pad": "x" * rng.randint(1000, 60000), "end": True})


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_saves_survive_the_writer_being_killed_at_random_moments(tmp_path):
    path = tmp_path / "saves" / "campaign.json"
    write_json(path, {"n": 0, "pad": "", "end": True})

    def check(attempt: int) -> None:
        data = read_bounded(path)  # raises if the file were damaged or missing
        assert data.get("end") is True, attempt

    kill_at_random_moments(lambda attempt: _writer(path, attempt), check, 120, 42, (0.0, 0.02))
    leftovers = [p.name for p in path.parent.iterdir() if "damaged" in p.name]
    assert leftovers == []
    # killed writers leave their temp files; the next start removes them all
    clean_temp_files(tmp_path)
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    assert read_bounded(path)["end"] is True


# ---------------------------------------------------------------- crashes


def test_a_crash_in_the_window_writes_a_report_shows_it_and_keeps_the_save():
    from game.persistence.duel_save import duel_path
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.crash import CrashScene
    from game.ui.scenes.duel import DuelScene

    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], 21, turn_limit=0))
    seats = [{"kind": "human"}, {"kind": "computer", "level": "normal"}]
    save_duel(engine, seats)
    saved_bytes = duel_path().read_bytes()
    scene = DuelScene(app, engine, seats)
    app.push(scene)

    def explode(dt):
        raise RuntimeError("boom in update")

    scene.update = explode
    frames = {"n": 0}

    def stop_later(application):
        frames["n"] += 1
        if frames["n"] >= 3:
            application.quit()

    app.screenshot_hook = stop_later
    seen = {}
    original_reset = app.reset

    def spy(new_scene):
        seen["scene"] = new_scene
        original_reset(new_scene)

    app.reset = spy
    assert app.run(fps=0) == 0
    assert isinstance(seen["scene"], CrashScene)
    reports = list((duel_path().parent.parent / "crashes").glob("crash-*.json"))
    assert len(reports) == 1
    report = json.loads(reports[0].read_text())
    assert report["error"] == "RuntimeError: boom in update"
    assert report["seed"] == 21 and report["replay"]["kind"] == "replay"
    assert duel_path().read_bytes() == saved_bytes
    # The report's match can be replayed.
    assert cli(["replay", str(reports[0])]) == 0


def test_log_level_option_is_accepted(capsys):
    assert cli(["--log-level", "DEBUG", "content", "--json"]) == 0


def test_version_matches_pyproject():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["version"] == game.__version__


def test_no_pickle_eval_or_exec_in_the_game():
    forbidden = ("import pickle", "pickle.load", "eval(", "exec(", "yaml.load(", "marshal.load")
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            if word in text:
                offenders.append(f"{path.relative_to(ROOT)}: {word}")
    assert offenders == [], offenders
    assert sys.version_info >= (3, 11)
