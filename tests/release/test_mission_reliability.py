"""Reliability for Missions: the fuzzer plays missions with invariants and replays, a mission
replays from its setup and actions, and a mission save survives its writer being killed."""

from __future__ import annotations

import os
import random

import pytest

from game.fuzz import fuzz_mission, run_fuzz
from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup, replay
from game.missions.invariants import check_mission_invariants, mission_digest
from game.missions.save import load_mission, save_mission
from game.missions.sim import play_mission
from game.rules.actions import IllegalAction
from tests.persistence.kill_kit import kill_at_random_moments


def test_the_fuzz_plays_missions_with_invariants_and_replays():
    report = run_fuzz(games=10, seed=4)
    assert report.errors == 0, report.failures
    assert report.by_mode.get("missions") == 2 and report.replays_checked == 10


def test_mission_fuzz_games_can_be_turned_off():
    report = run_fuzz(games=5, seed=4, missions_every=0)
    assert "missions" not in report.by_mode


def test_the_mission_fuzz_reports_a_broken_invariant_with_its_seed(monkeypatch):
    import game.missions.invariants as invariants

    calls = {"n": 0}

    def broken(engine):
        calls["n"] += 1
        return ["a Hero has 16 Momentum"] if calls["n"] > 3 else []

    monkeypatch.setattr(invariants, "check_mission_invariants", broken)
    taken, failure = fuzz_mission(77, replay_check=False)
    assert failure is not None and "16 Momentum" in failure and taken == 3
    assert fuzz_mission(77, False)[0] == fuzz_mission(77, False)[0]  # the seed reproduces it


def test_invariants_catch_a_hero_on_a_dark_space_and_lost_tiles():
    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=2))
    assert check_mission_invariants(engine) == []
    hero = engine.heroes[0]
    hero.pos = next(h for h, s in engine.hexes.items() if s.dark)
    engine.info.boost_pile.pop()
    problems = check_mission_invariants(engine)
    assert any("dark space" in p for p in problems)
    assert any("Boost Tiles in play" in p for p in problems)
    engine.close()


def test_a_finished_mission_replays_to_the_same_digest_and_a_tampered_one_does_not():
    setup = MissionSetup("subway_sabotage", ("monk", "paladin"), seed=8)
    engine = play_mission(setup)
    again = replay(setup, list(engine.actions))
    assert again.over and mission_digest(again) == mission_digest(engine)
    cut = list(engine.actions)[: len(engine.actions) // 2]
    half = replay(setup, cut)
    assert mission_digest(half) != mission_digest(engine)
    with pytest.raises(IllegalAction):
        replay(setup, [*cut[:-1], engine.actions[-1]] if len(cut) > 2 else [engine.actions[0]] * 3)
    for e in (engine, again, half):
        e.close()


# ---------------------------------------------------------------- saves killed mid-write


def _missions_in_progress() -> list[MissionEngine]:
    out = []
    for seed, stop in ((3, 40), (4, 120), (5, 250)):
        setup = MissionSetup("clocktower_siege", ("barbarian", "monk"), seed=seed)
        engine = MissionEngine(setup)
        ais = [MissionAI(seed), MissionAI(seed + 1)]
        for _ in range(stop):
            if engine.over:
                break
            choice = engine.pending
            engine.apply(ais[choice.player].decide(engine, choice))
        out.append(engine)
    return out


def _writer(path, engines, seed: int) -> None:  # runs in a forked child until killed
    rng = random.Random(seed)
    while True:
        save_mission(rng.choice(engines), path)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_mission_save_survives_the_writer_being_killed_at_random_moments(tmp_path):
    engines = _missions_in_progress()
    digests = {len(e.actions): mission_digest(e) for e in engines}
    path = tmp_path / "missions" / "mission_save.json"
    save_mission(engines[0], path)

    def check(attempt: int) -> None:
        restored, _messages = load_mission(path)  # raises if the file were damaged
        assert mission_digest(restored) == digests[len(restored.actions)], attempt
        restored.close()

    kill_at_random_moments(
        lambda attempt: _writer(path, engines, attempt), check, 40, 11, (0.0, 0.03)
    )
    assert [p.name for p in path.parent.iterdir() if "damaged" in p.name] == []
    for e in engines:
        e.close()


def test_the_replay_command_verifies_a_mission_save(tmp_path, capsys):
    import json

    from game.cli import run as cli

    engine = _missions_in_progress()[1]
    path = save_mission(engine, tmp_path / "m.json")
    assert cli(["replay", str(path)]) == 0
    assert "matches the recorded digest" in capsys.readouterr().out
    data = json.loads(path.read_text())
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    assert cli(["replay", str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    engine.close()


def _sheet_writer(folder, seed: int) -> None:  # runs in a forked child until killed
    from game.missions.perks import PerkSheet, save_sheet

    rng = random.Random(seed)
    while True:
        n = rng.randint(0, 40)
        sheet = PerkSheet("Ann", circles={"grit:1": n % 3}, perfected=[f"m{i}" for i in range(n)])
        sheet.points = [1 + i % 5 for i in range(n)]
        save_sheet(sheet, "Ann", folder)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_perk_sheet_survives_its_writer_being_killed_at_random_moments(tmp_path):
    from game.missions.perks import PerkSheet, load_sheet, save_sheet
    from game.persistence.files import clean_temp_files

    save_sheet(PerkSheet("Ann"), "Ann", tmp_path)

    def check(attempt: int) -> None:
        sheet, messages = load_sheet("Ann", tmp_path)
        assert messages == [], (attempt, messages)
        assert len(sheet.perfected) == sheet.unspent  # a whole sheet, never half of two

    kill_at_random_moments(
        lambda attempt: _sheet_writer(tmp_path, attempt), check, 40, 12, (0.0, 0.03)
    )
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []
    clean_temp_files(tmp_path)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
