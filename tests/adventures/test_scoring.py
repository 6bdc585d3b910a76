"""The Campaign Scoring sheet (rules 94-97): win and loss rows, the next Starting Salves and
the campaign total; the sheet round-trips through JSON and a damaged one names the field."""

from __future__ import annotations

import json

import pytest

from game.adventures.content import default_adventures
from game.adventures.scoring import (
    ScoreError,
    ScoreRow,
    ScoreSheet,
    loss_row,
    next_starting_salves,
    unspent_gold,
    win_row,
)


def test_a_won_portal_crawl_scores_salves_gold_exploration_and_the_difficulty():
    normal = default_adventures().difficulties["normal"].scenario_score
    row = win_row(1, "crawl", "s1_b", normal, salves_left=3, gold_left=[12, 8], all_explored=True)
    assert row.result == "won"
    assert (row.salves, row.gold, row.explored, row.boss_loot) == (3, 2, 5, 0)  # 10 Gold -> 2
    assert row.scenario_score == normal == 10
    assert row.session_score == 3 + 2 + 5 + 10


def test_a_won_boss_battle_scores_unclaimed_boss_loot_not_gold_or_tiles():
    row = win_row(
        2,
        "boss",
        "s2_boss",
        15,
        salves_left=1,
        gold_left=40,
        unclaimed_boss_loot=2,
        all_explored=True,
    )
    assert (row.salves, row.gold, row.boss_loot, row.explored) == (1, 0, 2, 0)
    assert row.session_score == 1 + 2 + 15


def test_a_loss_scores_minus_ten_and_nothing_else():
    row = loss_row(3, "crawl", "s3_a")
    assert row.result == "lost" and row.session_score == -10
    assert (row.salves, row.gold, row.boss_loot, row.explored, row.scenario_score) == (0,) * 5


def test_salves_carry_over_after_a_win_and_a_loss_adds_three():
    assert next_starting_salves(True, salves_left=2, starting_salves=5) == 2  # rule 94
    assert next_starting_salves(False, salves_left=4, starting_salves=3) == 6  # rules 95, 101
    assert next_starting_salves(False, salves_left=0, starting_salves=3, loss_salves=2) == 5


def test_unspent_gold_is_the_heroes_average():
    assert unspent_gold([]) == 0
    assert unspent_gold([12, 8, 7]) == 9
    assert win_row(1, "crawl", "s1_a", 10, 0, gold_left=[4, 4]).gold == 0
    assert win_row(1, "crawl", "s1_a", 10, 0, gold_left=25).gold == 5


def test_the_campaign_total_counts_wins_and_losses():
    sheet = ScoreSheet("hard", "The Dawnbreakers", ["Ann", "Bo"], ["barbarian", "monk"], 15)
    sheet.add(loss_row(1, "crawl", "s1_c"), next_starting_salves(False, 0, 3))
    assert sheet.starting_salves == 6
    sheet.add(win_row(1, "crawl", "s1_a", 15, 4, gold_left=[10, 10], all_explored=True), 4)
    sheet.add(win_row(2, "boss", "s2_boss", 15, 2, unclaimed_boss_loot=1), 2)
    assert [sheet.session_total(i) for i in range(3)] == [-10, 4 + 2 + 5 + 15, 2 + 1 + 15]
    assert sheet.campaign_total() == -10 + 26 + 18  # rule 97
    assert (sheet.wins(), sheet.losses()) == (2, 1)


def test_the_sheet_round_trips_through_json():
    sheet = ScoreSheet("normal", "Team", ["Ann"], ["ninja"], 10)
    sheet.add(win_row(1, "crawl", "s1_d", 10, 2, gold_left=15), 2)
    data = json.loads(json.dumps(sheet.to_json()))
    assert data["campaign_score"] == sheet.campaign_total()
    again = ScoreSheet.from_json(data)
    assert again == sheet


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda d: d["rows"][0].update(result="draw"), "sheet.rows[0].result"),
        (lambda d: d["rows"][0].update(salves="two"), "sheet.rows[0].salves"),
        (lambda d: d["rows"][0].update(mood=3), "sheet.rows[0].mood"),
        (lambda d: d["rows"][0].pop("card"), "sheet.rows[0]"),
        (lambda d: d.pop("team_name"), "sheet"),
        (lambda d: d.update(rows={}), "sheet.rows"),
    ],
)
def test_a_damaged_sheet_names_the_field(change, words):
    sheet = ScoreSheet("normal", "Team", ["Ann"], ["ninja"], 10)
    sheet.add(win_row(1, "crawl", "s1_d", 10, 2, gold_left=15), 2)
    data = sheet.to_json()
    change(data)
    with pytest.raises(ScoreError) as info:
        ScoreSheet.from_json(data)
    assert str(info.value).startswith(words)


def test_a_campaign_keeps_every_box_of_its_rows_through_json():
    """The campaign file stores the sheet's rows: every box survives a save and a load."""
    from dataclasses import fields

    from game.adventures.campaign import Campaign, new_campaign

    c = new_campaign("normal", "T", [("barbarian", "A", "simple")], seed=2)
    row = ScoreRow(3, "crawl", "s3_b", "won", 1, 2, 4, 5, 6, 7)
    assert len({getattr(row, f.name) for f in fields(ScoreRow)}) == len(fields(ScoreRow))
    c.rows.append(row)
    again = Campaign.from_json(json.loads(json.dumps(c.to_json())))
    assert again.rows == [row]
