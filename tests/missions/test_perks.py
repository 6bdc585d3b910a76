"""Perk Points, Perk sheets and New Game+ (rules 108-116), saved per profile."""

from __future__ import annotations

import json

import pytest

from game.missions import perks
from game.missions.content import default_missions
from game.missions.perks import PerkError, PerkSheet


def _result(mission="harbor_heist", result="won", sides=2, perfect=False, difficulty=1):
    return {
        "mission": mission,
        "result": result,
        "sides_completed": sides,
        "perfect": perfect,
        "difficulty": difficulty,
        "total_difficulty": difficulty,
    }


@pytest.mark.parametrize(
    "sides,result,perfect,pp",
    [(0, "lost", False, 0), (1, "lost", True, 1), (2, "won", False, 2), (2, "won", True, 3)],
)
def test_rule_109_perk_points_by_result(sides, result, perfect, pp):
    assert (
        perks.perk_points(_result(result=result, sides=sides, perfect=perfect), PerkSheet("ana"))
        == pp
    )


def test_rule_110_the_perfect_bonus_is_paid_once_per_mission_and_fills_new_game_plus():
    sheet = PerkSheet("ana")
    assert perks.record_mission(sheet, _result(perfect=True, difficulty=3)) == 3
    assert sheet.perfected == ["harbor_heist"] and sheet.new_game_plus == [3]
    assert perks.record_mission(sheet, _result(perfect=True, difficulty=3)) == 2
    assert sheet.unspent == 5


def test_rule_119_double_pp():
    assert perks.perk_points(_result(), PerkSheet("ana"), ("double_pp",)) == 4


def test_rules_111_116_spending_by_column_and_example_g():
    db = default_missions()
    sheet = PerkSheet("ana", unspent=2)  # example G: level-4 win -> 2 PP into Heroism column 1
    perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    heroism_1 = next(p for p in db.perks if p.row == "heroism" and p.column == 1)
    assert sheet.unlocked(heroism_1) and perks.bonuses(sheet, db)["momentum"] == 1
    sheet.unspent = 1
    with pytest.raises(PerkError, match="above this mission's difficulty"):
        perks.spend(sheet, db, "grit", 3, total_difficulty=2)
    with pytest.raises(PerkError, match="already unlocked"):
        perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    sheet.unspent = 0
    with pytest.raises(PerkError, match="no Perk Points"):
        perks.spend(sheet, db, "grit", 1, total_difficulty=4)


def test_rule_112_and_example_j_momentum_perks_in_order():
    db = default_missions()
    sheet = PerkSheet("ana", unspent=1)
    with pytest.raises(PerkError, match="needs momentum 2 first"):
        perks.spend(sheet, db, "momentum", 3, total_difficulty=3)
    perks.spend(sheet, db, "momentum", 2, total_difficulty=3)
    sheet.unspent = 5
    perks.spend(sheet, db, "momentum", 2, total_difficulty=3)
    assert perks.bonuses(sheet, db)["momentum_level"] == 2
    perks.spend(sheet, db, "momentum", 3, total_difficulty=3)  # now allowed


def test_rule_113_grit_adds_up_and_leadership_and_feats_reach_the_setup():
    db = default_missions()
    sheet = PerkSheet("ana", circles={"grit:1": 2, "grit:2": 2, "leadership:2": 2, "feats:3": 3})
    got = perks.bonuses(sheet, db)
    assert got["health"] == 3
    assert got["hero_statuses"] == [["bonus_damage", 1, 3]]
    assert got["feats"] == ["feat_undefendable"]


def test_rules_114_115_mythic_access_and_restart_with_a_plus():
    sheet = PerkSheet("ana", new_game_plus=[1, 2, 3, 4])
    assert not sheet.mythic_access()
    sheet.new_game_plus.append(5)
    assert sheet.mythic_access()
    fresh = perks.restart(PerkSheet("bo", circles={"grit:1": 2}, perfected=["harbor_heist"]))
    assert fresh.display_name == "bo+" and fresh.circles == {} and fresh.perfected == []
    assert fresh.mythic_access()


def test_rule_108_sheet_round_trip_per_profile(tmp_path):
    sheet = PerkSheet(
        "ana",
        plus=1,
        circles={"grit:1": 1},
        perfected=["reactor_run"],
        new_game_plus=[5],
        unspent=2,
    )
    path = perks.save_sheet(sheet, "ana", tmp_path)
    loaded, messages = perks.load_sheet("ana", tmp_path)
    assert messages == [] and loaded == sheet
    assert json.loads(path.read_text())["version"] == 1
    sheet.unspent = 0
    perks.save_sheet(sheet, "ana", tmp_path)
    assert (tmp_path / "ana.json.bak").exists()  # the last good copy is kept


def test_a_missing_sheet_starts_fresh_in_the_user_data_folder():
    sheet, messages = perks.load_sheet("newbie")
    assert sheet == PerkSheet("newbie") and messages == []
    path = perks.save_sheet(sheet, "newbie")
    assert path.parent.name == "perk_sheets" and path.exists()


def test_a_corrupt_sheet_is_copied_aside_and_reported(tmp_path):
    (tmp_path / "ana.json").write_text("{not json", encoding="utf-8")
    sheet, messages = perks.load_sheet("ana", tmp_path)
    assert sheet == PerkSheet("ana") and "ana.json" in messages[0]
    assert any(p.name.startswith("ana.json.damaged-") for p in tmp_path.iterdir())
    assert (tmp_path / "ana.json").read_text() == "{not json"  # nothing deleted


def test_a_wrong_shaped_sheet_is_copied_aside_too(tmp_path):
    (tmp_path / "ana.json").write_text(
        json.dumps({"version": 1, "name": "ana", "circles": {"grit:1": -3}})
    )
    sheet, messages = perks.load_sheet("ana", tmp_path)
    assert sheet == PerkSheet("ana")
    assert "circles" in messages[0]
    assert any(p.name.startswith("ana.json.damaged-") for p in tmp_path.iterdir())


def test_profile_names_cannot_escape_the_folder(tmp_path):
    with pytest.raises(ValueError):
        perks.sheet_path("../evil", tmp_path)
