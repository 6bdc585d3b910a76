"""The fuzz harness covers Adventures: random sessions, invariants after every action, replays."""

from __future__ import annotations

import pytest

from game.fuzz import adventure_plan, fuzz_adventure, run_fuzz


def _seeds(kind: str, count: int) -> list[int]:
    """Fuzz seeds whose session is of this kind (the scenario number is drawn by the seed)."""
    out = []
    seed = 5000
    while len(out) < count:
        number = adventure_plan(seed)[3]
        if (number % 2 == 1) == (kind == "crawl"):
            out.append(seed)
        seed += 1
    return out


@pytest.mark.parametrize("seed", _seeds("crawl", 3))
def test_fuzzed_portal_crawls_keep_every_invariant_and_replay(seed):
    taken, failure = fuzz_adventure(seed, replay_check=True)
    assert failure is None, failure
    assert taken > 0


def test_the_fuzz_run_can_include_adventures():
    report = run_fuzz(2, seed=3, replay_every=1, missions_every=0, adventures_every=2)
    assert report.by_mode.get("adventure") == 1
