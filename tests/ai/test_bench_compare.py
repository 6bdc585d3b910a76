"""`python -m bench compare REV` gives engine steps for both trees even when REV's own `sim`
cannot (it reports no steps and its rules play other games): each tree then counts its own
steps in a warm process, as `python -m bench steps` does, and the figure says so."""

from __future__ import annotations

from pathlib import Path

from bench.compare import Tally, _figures, _sims_count_steps
from bench.steps import steps_on

HERE = Path(__file__).resolve().parents[2]


def _tallies(cur_actions: int, old_actions: int, same_games: bool) -> dict:
    tallies = {
        name: {"hard": Tally(), "random": Tally(), "fuzz": Tally()} for name in ("current", "rev")
    }
    for name, actions, digest in (
        ("current", cur_actions, "a"),
        ("rev", old_actions, "a" if same_games else "b"),
    ):
        tally = tallies[name]["random"]
        tally.games, tally.seconds, tally.actions = 8, 2.0, actions
        tally.digests = [digest]
        for other in ("hard", "fuzz"):
            tallies[name][other].games, tallies[name][other].seconds = 4, 1.0
    return tallies


def test_the_sims_tell_the_steps_only_when_both_count_or_the_games_are_the_same():
    assert _sims_count_steps(_tallies(4000, 3000, same_games=False))
    assert _sims_count_steps(_tallies(4000, -3, same_games=True))  # the same games, same steps
    assert not _sims_count_steps(_tallies(4000, -3, same_games=False))


def test_steps_counted_in_warm_processes_replace_the_figure_the_sims_could_not_give():
    tallies = _tallies(4000, -3, same_games=False)
    without = _figures("old", "0" * 40, [("a", "b")], 4, 3, 10, tallies)
    assert without["figures"]["engine_steps_per_second"]["ratio"] is None
    counted = {
        "duels": 480,
        "passes": 12,
        "trees": {
            "current": {"steps_per_cpu_second": 21000.0},
            "rev": {"steps_per_cpu_second": 10000.0},
        },
    }
    got = _figures("old", "0" * 40, [("a", "b")], 4, 3, 10, tallies, counted)
    figure = got["figures"]["engine_steps_per_second"]
    assert (figure["current"], figure["rev"], figure["ratio"]) == (21000.0, 10000.0, 2.1)
    assert "warm processes" in figure["measured"] and "480" in figure["measured"]
    assert got["figures"]["hard_duels_per_second"]["ratio"] == 1.0  # the others as before


def test_steps_on_counts_a_trees_own_steps_in_its_worker():
    result = steps_on({"current": HERE, "again": HERE}, pairs=1, games=1, passes=1)
    current, again = result["trees"]["current"], result["trees"]["again"]
    assert current["steps"] == again["steps"] > 50  # the same duel, counted by each worker
    assert current["same_games_as_current"] and again["same_games_as_current"]
    assert current["ratio_current_to_this"] == 1.0
