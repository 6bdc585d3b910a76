"""A campaign slot survives its writer being killed at any moment (atomic writes, replay check)."""

from __future__ import annotations

import os
import random

import pytest

from game.adventures.campaign import new_campaign
from game.adventures.save import SessionRecord, load_campaign, save_campaign, slot_path
from tests.adventures.crawl_kit import ais, new_crawl, step
from tests.persistence.kill_kit import kill_at_random_moments


def _sessions() -> list[SessionRecord]:
    out = []
    for seed, stop in ((31, 10), (32, 40), (33, 90)):
        eng = new_crawl(("barbarian", "monk"), seed=seed, salves=2)
        controllers = ais(eng)
        for _ in range(stop):
            if eng.over:
                break
            step(eng, controllers)
        out.append(SessionRecord.of(eng))
        eng.close()
    return out


def _writer(campaign, records, seed: int) -> None:  # runs in a forked child until killed
    rng = random.Random(seed)
    while True:
        save_campaign(1, campaign, rng.choice(records))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_campaign_slot_survives_the_writer_being_killed_at_random_moments():
    campaign = new_campaign("normal", "T", [("barbarian", "A", "human"), ("monk", "A", "easy")])
    records = _sessions()
    digests = {r.digest for r in records}
    save_campaign(1, campaign, records[0])

    def check(attempt: int) -> None:
        saved, messages = load_campaign(1)  # replays the session and checks its digest
        assert saved is not None, (attempt, messages)
        assert saved.session.digest in digests
        assert saved.campaign == campaign

    kill_at_random_moments(
        lambda attempt: _writer(campaign, records, attempt), check, 25, 5, (0.0, 0.03)
    )
    folder = slot_path(1).parent
    assert [p.name for p in folder.iterdir() if "damaged" in p.name] == []


def _autosaving_runner(seed: int) -> None:  # runs in a forked child until killed
    """The real autosave path: a campaign played by the computer, saving at every turn (the
    runner's own autosave) and after every decision."""
    from game.adventures.ai import AdventureAI
    from game.adventures.runner import CampaignRunner

    campaign = new_campaign(
        "normal", "K", [("treant", "A", "simple"), ("monk", "A", "simple")], seed=seed
    )
    runner = CampaignRunner(campaign, slot=2)
    ctl = [AdventureAI("simple", 40 + i) for i in range(2)]
    while not runner.finished:
        choice = runner.pending
        runner.apply(ctl[choice.player].decide(runner.target, choice))
        runner.save()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_adventures_autosave_survives_being_killed_at_random_moments():
    from game.adventures.runner import CampaignRunner
    from game.persistence.files import clean_temp_files

    resumed = []

    def check(attempt: int) -> None:
        if not slot_path(2).exists() and not slot_path(2).with_name("slot-2.json.bak").exists():
            return  # killed before its first save
        runner, messages = CampaignRunner.resume(2)  # replays the session, checks its digest
        assert runner is not None, (attempt, messages)
        resumed.append(attempt)
        runner.close()

    kill_at_random_moments(
        lambda attempt: _autosaving_runner(attempt % 3), check, 12, 9, (0.3, 1.2)
    )
    assert len(resumed) >= 6
    folder = slot_path(2).parent
    assert [p.name for p in folder.iterdir() if "damaged" in p.name] == []
    clean_temp_files(folder)
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
