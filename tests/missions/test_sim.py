"""Whole missions played by computer Heroes: no errors, seeded, replayable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.missions.engine import MissionSetup, replay
from game.missions.sim import play_mission, run
from game.rules.actions import IllegalAction, act

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "mission",
    [
        "harbor_heist",
        "subway_sabotage",
        "market_mayhem",
        "clocktower_siege",
        "museum_midnight",
        "reactor_run",
    ],
)
def test_seeded_missions_run_without_errors(mission):
    for heroes in (
        ["barbarian"],
        ["gunslinger", "monk"],
        ["paladin", "ninja", "pyromancer", "moon_elf"],
    ):
        summary = run(mission, heroes, games=2, seed=11)
        assert summary["errors"] == 0, summary["failures"]
        assert summary["wins"] + summary["losses"] == 2


def test_the_same_seed_gives_the_same_missions():
    assert (
        run("harbor_heist", ["barbarian", "monk"], 3, 5)["digest"]
        == run("harbor_heist", ["barbarian", "monk"], 3, 5)["digest"]
    )
    assert (
        run("harbor_heist", ["barbarian"], 3, 5)["digest"]
        != run("harbor_heist", ["barbarian"], 3, 6)["digest"]
    )


def test_seed_plus_actions_replays_exactly():
    setup = MissionSetup("clocktower_siege", ("shadow_thief", "paladin"), seed=21)
    played = play_mission(setup)
    again = replay(
        MissionSetup.from_json(json.loads(json.dumps(setup.to_json()))), list(played.actions)
    )
    assert again.result() == played.result()
    assert [e.text for e in again.log] == [e.text for e in played.log]
    assert [(h.health, h.momentum, h.cp) for h in again.heroes] == [
        (h.health, h.momentum, h.cp) for h in played.heroes
    ]


def test_an_illegal_action_is_refused_and_changes_nothing():
    from game.missions.engine import MissionEngine

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=2))
    before = engine.pending
    with pytest.raises(IllegalAction):
        engine.apply(act(0, "teleport"))
    assert engine.pending is before and engine.actions == []


def test_mission_sim_command_prints_json():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "mission-sim",
            "--mission",
            "harbor_heist",
            "--heroes",
            "barbarian,monk",
            "--games",
            "3",
            "--seed",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["games"] == 3 and data["errors"] == 0
    assert set(data) >= {"wins", "mean_rounds", "games_per_second", "sides_completed"}


def test_mission_sim_command_rejects_bad_input():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "mission-sim",
            "--mission",
            "nowhere",
            "--heroes",
            "barbarian",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and "unknown mission" in result.stderr


def test_a_mission_in_progress_saves_and_resumes(tmp_path):
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine
    from game.missions.save import load_mission, save_mission

    engine = MissionEngine(MissionSetup("subway_sabotage", ("monk", "ninja"), seed=8))
    ais = [MissionAI(0), MissionAI(1)]
    for _ in range(60):
        engine.apply(ais[engine.pending.player].decide(engine, engine.pending))
    path = save_mission(engine, tmp_path / "m.json")
    resumed, messages = load_mission(path)
    assert messages == [] and resumed.info.round == engine.info.round
    assert resumed.pending.options == engine.pending.options
    assert [(h.health, h.pos) for h in resumed.heroes] == [(h.health, h.pos) for h in engine.heroes]


def test_a_tampered_mission_save_is_copied_aside(tmp_path):
    from game.missions.engine import MissionEngine
    from game.missions.save import load_mission, save_mission
    from game.persistence.files import SaveError

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    path = save_mission(engine, tmp_path / "m.json")
    data = json.loads(path.read_text())
    data["actions"] = [{"player": 0, "kind": "teleport"}]
    path.write_text(json.dumps(data))
    (tmp_path / "m.json.bak").unlink(missing_ok=True)
    with pytest.raises(SaveError, match=r"a copy is kept as m\.json\.damaged-"):
        load_mission(path)
    assert any(p.name.startswith("m.json.damaged-") for p in tmp_path.iterdir())
    assert path.exists()  # copied, never moved or deleted


def _cli(*args: str) -> tuple[int, str]:
    import contextlib
    import io

    from game.cli import run as cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli(list(args))
    return code, out.getvalue()


def test_sim_mode_missions_plays_one_mission_and_prints_the_issue_s_json():
    code, out = _cli(
        "sim", "--mode", "missions", "--mission", "harbor_heist", "--heroes", "barbarian,monk",
        "--seed", "3", "--json",
    )  # fmt: skip
    data = json.loads(out.strip().splitlines()[-1])
    assert code == 0
    assert set(data) >= {"sides_completed", "result", "rounds", "perk_points", "errors"}
    assert data["errors"] == 0 and data["result"] in ("won", "lost")
    assert data["heroes"] == ["barbarian", "monk"] and data["rounds"] > 0
    again = json.loads(
        _cli("sim", "--mode", "missions", "--mission", "harbor_heist", "--heroes",
             "barbarian,monk", "--seed", "3", "--json")[1].strip().splitlines()[-1]
    )  # fmt: skip
    assert again["digest"] == data["digest"]  # the seed decides everything


def test_sim_mode_missions_batch_spreads_missions_and_team_sizes():
    code, out = _cli("sim", "--mode", "missions", "--games", "24", "--seed", "5", "--json")
    data = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and data["errors"] == 0 and data["games"] == 24
    assert all(row["games"] == 4 for row in data["missions"].values())
    assert len(data["missions"]) == 6
    assert {k: v["games"] for k, v in data["team_sizes"].items()} == {
        str(n): 6 for n in (1, 2, 3, 4)
    }
    # the rates are the wins counted (a range check 0..1 could not fail)
    assert sum(row["wins"] for row in data["missions"].values()) == data["wins"]
    assert all(row["win_rate"] == round(row["wins"] / 4, 3) for row in data["missions"].values())


def test_sim_mode_missions_refuses_bad_input(capsys):
    from game.cli import run as cli

    assert cli(["sim", "--mode", "missions", "--mission", "nowhere"]) == 2
    assert "unknown mission" in capsys.readouterr().err
    assert cli(["sim", "--mode", "missions", "--heroes", "a,b,c,d,e"]) == 2
    # the duel form still works without the new options
    assert cli(["sim", "--heroes", "gunslinger,barbarian", "--games", "1", "--json"]) == 0
