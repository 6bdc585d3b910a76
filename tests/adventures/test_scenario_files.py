"""Shop and scoring scenario files (game/adventures/scenario_files.py): the ones in
tests/scenarios/adventures_campaign pass (tests/rules/test_scenario_files.py runs them with the
rest); here a wrong expectation fails with the reason and a broken file names its field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.adventures.scenario_files import CampaignScenarioError, run_campaign_file
from game.scenario import ExpectationFailed, ScenarioError, run_file

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "adventures_campaign"


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (FOLDER / name).read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_the_shop_and_scoring_files_pass():
    files = sorted(FOLDER.glob("*.toml"))
    kinds = {f.name.split("_")[0] for f in files}
    assert {"shop", "scoring"} <= kinds
    assert all(run_campaign_file(f) == [] for f in files)


def test_a_wrong_shop_expectation_fails_with_the_reason(tmp_path):
    path = _copy(tmp_path, "shop_gold_buy_identify_sell.toml", "gold = [15, 30]", "gold = [20, 30]")
    assert run_campaign_file(path) == ["expect.gold: got [15, 30], expected [20, 30]"]
    with pytest.raises(ExpectationFailed, match=r"expect\.gold"):
        run_file(path)


def test_a_refusal_the_shop_does_not_make_is_a_failure(tmp_path):
    path = _copy(
        tmp_path,
        "shop_gold_buy_identify_sell.toml",
        'card = "no_such_card"',
        'card = "field_rations"',
    )
    failures = run_campaign_file(path)
    assert any("went through; expected a refusal" in f for f in failures), failures


def test_a_wrong_score_fails(tmp_path):
    path = _copy(
        tmp_path,
        "scoring_win_loss_campaign_total.toml",
        "campaign_total = 24",
        "campaign_total = 29",
    )
    assert run_campaign_file(path) == ["expect.campaign_total: got 24, expected 29"]


def test_a_broken_file_names_the_field(tmp_path):
    path = _copy(
        tmp_path,
        "scoring_win_loss_campaign_total.toml",
        'difficulty = "normal"',
        'difficulty = "brutal"',
    )
    with pytest.raises(CampaignScenarioError, match="difficulty: unknown 'brutal'"):
        run_campaign_file(path)
    path = _copy(
        tmp_path, "shop_gold_buy_identify_sell.toml", 'do = "shop_sell"', 'do = "shop_steal"'
    )
    with pytest.raises(ScenarioError, match=r"step\[2\]\.do"):
        run_file(path)
