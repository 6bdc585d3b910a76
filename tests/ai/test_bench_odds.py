"""`python -m bench odds` times the odds display the window asks for: every offensive and
Ultimate row of a hero's level-1 board, solved in a fresh process, then a lookup after a roll."""

from __future__ import annotations

from bench.odds import bench_odds
from game.content.loader import default_content


def test_bench_odds_times_every_row_of_the_heros_board_in_a_fresh_process():
    hero = default_content().heroes["huntress"]
    rows = sum(
        len(ability.rows)
        for slot in hero.slots
        if slot.kind in ("offensive", "ultimate")
        for ability in slot.levels[1]
    )
    figures = bench_odds(["huntress"], repeats=1)
    one = figures["heroes"]["huntress"]
    assert one["rows"] == rows > 5
    assert one["first_ms"] > 0 and one["after_roll_ms"] >= 0
    assert figures["first_odds_slowest_hero"] == "huntress"
    assert figures["first_odds_ms_max"] == one["first_ms"]
