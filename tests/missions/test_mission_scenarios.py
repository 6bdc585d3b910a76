"""The mission scenario format (game/missions/scenario.py, docs/scenarios.md): the files under
tests/scenarios/missions pass, a wrong expectation fails with the reason, and a malformed
file names the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenario import ExpectationFailed, ScenarioError, from_data, load, run_file

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "missions"
NEEDED = {
    "movement",
    "melee_and_range",
    "henchman_activation_order",
    "multi_strike_and_defense",
    "shields",
    "crisis_clock",
    "boss_crit",
    "perk_spending",
}


def test_the_issue_s_mission_scenarios_exist_and_pass():
    files = {p.stem: p for p in FOLDER.glob("*.toml")}
    assert set(files) >= NEEDED
    for path in files.values():
        assert load(path).data.get("rules")
        run_file(path).close()


def test_a_wrong_expectation_fails_and_says_why(tmp_path):
    text = (FOLDER / "shields.toml").read_text().replace("health = 5", "health = 4")
    path = tmp_path / "wrong.toml"
    path.write_text(text)
    with pytest.raises(ExpectationFailed, match=r"enemy\[1\] \(Dock Thug\)\.health"):
        run_file(path)


def test_an_answer_that_is_never_offered_fails(tmp_path):
    text = (FOLDER / "movement.toml").read_text().replace("q = 4\nr = 1", "q = 3\nr = 3")
    path = tmp_path / "dark.toml"
    path.write_text(text)
    with pytest.raises(ExpectationFailed, match="never offered"):
        run_file(path)


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda d: d["setup"].update(phase="lunch"), "setup.phase"),
        (lambda d: d["hero"][0].update(colour="red"), "hero[0].colour"),
        (lambda d: d.update(stage=1), "stage"),
        (lambda d: d["setup"].pop("mission"), "setup.mission"),
    ],
)
def test_a_malformed_mission_scenario_names_the_field(change, field):
    data = {
        "mode": "missions",
        "title": "t",
        "rules": ["31"],
        "setup": {"mission": "harbor_heist", "heroes": ["barbarian"], "phase": "movement"},
        "hero": [{"pos": [3, 1]}],
    }
    change(data)
    with pytest.raises(ScenarioError) as caught:
        from_data(data, Path("x.toml"))
    assert str(caught.value).startswith(f"x.toml: {field}:")
