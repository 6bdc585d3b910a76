"""The balance round robin: who wins is counted per hero, whatever seat it sat in."""

from __future__ import annotations

from bench.balance import PairResult, play_pair, render_markdown, summarize


def test_summary_counts_every_game_of_a_hero_and_draws_as_half():
    results = [
        PairResult("a", "b", games=10, wins_first=6, wins_second=2, draws=2),
        PairResult("a", "c", games=10, wins_first=2, wins_second=8, draws=0),
        PairResult("b", "c", games=10, wins_first=5, wins_second=5, draws=0),
    ]
    figures = summarize(results, ["a", "b", "c"])
    assert figures["hero_win_rates"] == {"a": 0.45, "b": 0.4, "c": 0.65}
    assert figures["min_hero_win_rate"] == 0.4
    assert figures["max_hero_win_rate"] == 0.65
    # a vs c: 0.2 for a, so the pairing is 0.8 lopsided, beyond 25-75.
    assert figures["max_pair_win_rate"] == 0.8
    assert figures["worst_pair"] == "a 0.200 vs c"
    assert figures["met"] is False
    assert figures["games"] == 30 and figures["draws"] == 2


def test_summary_meets_targets_only_inside_both_ranges_and_without_errors():
    fair = [PairResult("a", "b", games=10, wins_first=5, wins_second=5)]
    assert summarize(fair, ["a", "b"])["met"] is True
    broken = [PairResult("a", "b", games=10, wins_first=5, wins_second=5, errors=["boom"])]
    assert summarize(broken, ["a", "b"])["met"] is False


def test_matrix_rows_read_as_the_row_heros_win_rate():
    results = [PairResult("a", "b", games=4, wins_first=3, wins_second=1)]
    figures = summarize(results, ["a", "b"])
    page = render_markdown(results, ["a", "b"], figures, "python -m bench balance")
    assert "| **A** | - | 0.75 |" in page
    assert "| **B** | 0.25 | - |" in page


def test_a_pair_plays_twins_with_seats_swapped_and_counts_by_hero():
    result = play_pair(("gunslinger", "barbarian", 4, 3, "easy"))
    assert result.games == 4 and not result.errors
    assert result.wins_first + result.wins_second + result.draws == 4
    # The same job again gives the same result: seeds fixed.
    again = play_pair(("gunslinger", "barbarian", 4, 3, "easy"))
    assert (again.wins_first, again.wins_second, again.draws) == (
        result.wins_first,
        result.wins_second,
        result.draws,
    )


def test_the_hand_written_tuning_log_survives_a_new_page(tmp_path):
    from bench.balance import kept_log

    page = tmp_path / "balance.md"
    assert kept_log(page) == ""  # no page yet
    page.write_text("# Hero balance\n\nold matrix\n\n## Tuning log\n\n- Artificer: +1\n")
    kept = kept_log(page)
    assert kept.startswith("\n## Tuning log") and "- Artificer: +1" in kept
    assert "old matrix" not in kept
    page.write_text("# Hero balance\n\nno log here\n")
    assert kept_log(page) == ""
