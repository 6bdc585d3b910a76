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
    sheet = PerkSheet("ana", points=[4, 4])  # example G: level-4 win -> 2 PP into Heroism 1
    perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    heroism_1 = next(p for p in db.perks if p.row == "heroism" and p.column == 1)
    assert sheet.unlocked(heroism_1) and perks.bonuses(sheet, db)["momentum"] == 1
    sheet.points = [2]
    with pytest.raises(PerkError, match="above this mission's difficulty"):
        perks.spend(sheet, db, "grit", 3, total_difficulty=2)
    with pytest.raises(PerkError, match="already unlocked"):
        perks.spend(sheet, db, "heroism", 1, total_difficulty=4)
    sheet.points = []
    with pytest.raises(PerkError, match="no Perk Points"):
        perks.spend(sheet, db, "grit", 1, total_difficulty=4)


def test_rule_112_and_example_j_momentum_perks_in_order():
    db = default_missions()
    sheet = PerkSheet("ana", points=[3])
    with pytest.raises(PerkError, match="needs momentum 2 first"):
        perks.spend(sheet, db, "momentum", 3, total_difficulty=3)
    perks.spend(sheet, db, "momentum", 2, total_difficulty=3)
    sheet.points = [3] * 5
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
        points=[2, 5],
    )
    path = perks.save_sheet(sheet, "ana", tmp_path)
    loaded, messages = perks.load_sheet("ana", tmp_path)
    assert messages == [] and loaded == sheet
    saved = json.loads(path.read_text())
    assert saved["version"] == 1 and saved["unspent"] == 2 and saved["points"] == [2, 5]
    sheet.points = []
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


def test_rule_111_a_perk_point_fills_no_column_above_the_mission_that_earned_it():
    # Points left unspent used to take the latest mission's column: a point from a level-1
    # mission could fill column 5 after a level-5 mission (issue 16 item 7).
    db = default_missions()
    sheet = PerkSheet("ana")
    assert perks.record_mission(sheet, _result(difficulty=1)) == 2  # both sides: 2 PP, column 1
    lost = _result("reactor_run", result="lost", sides=1, difficulty=5)
    assert perks.record_mission(sheet, lost) == 1  # Side 1 only: 1 PP, column 5
    assert sheet.points == [1, 1, 5] and sheet.columns_open() == 5
    perks.spend(sheet, db, "grit", 5, total_difficulty=5)  # the level-5 point
    assert sheet.points == [1, 1]
    assert perks.why_not(sheet, db, "leadership", 5) is not None
    with pytest.raises(PerkError, match="above this mission's difficulty"):
        perks.spend(sheet, db, "leadership", 5, total_difficulty=5)
    assert sheet.points == [1, 1] and sheet.circles == {"grit:5": 1}  # a refusal changes nothing
    perks.spend(sheet, db, "grit", 1, total_difficulty=5)
    assert sheet.points == [1] and sheet.circles == {"grit:5": 1, "grit:1": 1}


def test_rule_111_a_point_is_taken_from_the_lowest_column_that_reaches():
    db = default_missions()
    sheet = PerkSheet("ana", points=[1, 3])
    perks.spend(sheet, db, "grit", 1)  # the column-1 point, so the level-3 one stays
    assert sheet.points == [3]
    perks.spend(sheet, db, "heroism", 3)
    assert sheet.points == [] and sheet.unspent == 0


def test_rule_111_an_old_sheet_keeps_its_points_for_column_one_and_a_mismatch_is_set_aside(
    tmp_path,
):
    # sheets saved before points had columns only counted them ("unspent": n)
    (tmp_path / "ana.json").write_text(json.dumps({"version": 1, "name": "ana", "unspent": 2}))
    sheet, messages = perks.load_sheet("ana", tmp_path)
    assert messages == [] and sheet.points == [1, 1] and sheet.unspent == 2
    (tmp_path / "bo.json").write_text(
        json.dumps({"version": 1, "name": "bo", "unspent": 3, "points": [2]})
    )
    sheet, messages = perks.load_sheet("bo", tmp_path)
    assert sheet == PerkSheet("bo") and "unspent" in messages[0]
