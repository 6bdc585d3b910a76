"""Saves and replays made before rules version 4 still load, and their match goes on.

Until then a match kept every resolved damage pool in its state, so the digest a save recorded
covers them. Forgetting those pools changed the digest of the same actions; `replay_reaching`
replays such a file the old way when today's way does not reach its digest. These stories
write files exactly as the game before the change wrote them (an engine keeping its pools,
rules version 3) for a hero with a companion and one with a setup step.
"""

from __future__ import annotations

import json

import pytest

from game.ai.simple import SimpleAI
from game.modes.duel import duel_setup
from game.persistence.duel_save import duel_path, load_duel, match_data, resume, save_duel
from game.persistence.files import write_new_json
from game.persistence.verify import replay_file
from game.rules.engine import Engine, keeping_resolved_pools


def _played(heroes: list[str], seed: int, actions: int) -> Engine:
    engine = Engine.new_match(duel_setup(heroes, seed))
    ai = [SimpleAI(1), SimpleAI(2)]
    while not engine.over and len(engine.actions) < actions:
        choice = engine.pending
        engine.apply(ai[choice.player].decide(engine, choice))
    return engine


def _as_before(heroes: list[str], seed: int, actions: int) -> Engine:
    """The same match as the game before rules version 4 played it."""
    with keeping_resolved_pools():
        return _played(heroes, seed, actions)


def _older_rules(path) -> None:
    data = json.loads(path.read_text())
    data["rules_version"] = 3
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("heroes", [["treant", "gunslinger"], ["cursed_pirate", "barbarian"]])
def test_a_duel_saved_before_the_pools_were_forgotten_resumes_and_plays_on(heroes):
    old = _as_before(heroes, 21, 160)
    today = _played(heroes, 21, 160)
    try:
        with old.world.active():
            assert len(old.pools.pools) > len(today.pools.pools)  # the old state is bigger
        assert old.digest() != today.digest()
        save_duel(old, [{"kind": "human"}, {"kind": "computer", "level": "normal"}])
        _older_rules(duel_path())
        saved, messages = load_duel()
        assert messages == [] and saved is not None
        again = resume(saved)
        try:
            assert again.keeps_resolved_pools
            assert again.digest() == old.digest()
            # it plays on, and a save of it (today's rules version) loads again
            ai = [SimpleAI(3), SimpleAI(4)]
            for _ in range(30):
                if again.over:
                    break
                again.apply(ai[again.pending.player].decide(again, again.pending))
            save_duel(again, [{"kind": "human"}, {"kind": "computer", "level": "normal"}])
            saved, messages = load_duel()
            assert messages == []
            once_more = resume(saved)
            assert once_more.digest() == again.digest()
            once_more.close()
        finally:
            again.close()
    finally:
        old.close()
        today.close()


def test_a_save_made_today_replays_todays_way():
    engine = _played(["huntress", "monk"], 22, 150)
    try:
        save_duel(engine, [{}, {}])
        saved, messages = load_duel()
        assert messages == []
        again = resume(saved)
        assert not again.keeps_resolved_pools
        assert again.digest() == engine.digest()
        again.close()
    finally:
        engine.close()


def test_a_save_whose_actions_were_changed_is_still_refused():
    old = _as_before(["treant", "gunslinger"], 23, 120)
    try:
        save_duel(old, [{}, {}])
        data = json.loads(duel_path().read_text())
        data["digest"] = "0" * 64  # reached neither way
        duel_path().write_text(json.dumps(data))
        saved, messages = load_duel()
        assert saved is None
        assert any("does not reach its saved digest" in m for m in messages)
    finally:
        old.close()


def test_an_older_replay_file_is_verified(tmp_path, capsys):
    old = _as_before(["artificer", "samurai"], 24, 10_000)
    try:
        assert old.over
        path = write_new_json(tmp_path, "old-replay", match_data(old, [{}, {}], "replay"))
        _older_rules(path)
        assert replay_file(path) == 0
        assert "matches the recorded digest" in capsys.readouterr().out
    finally:
        old.close()


def test_an_adventure_boss_battle_saved_before_resumes_the_old_way():
    """A Boss Battle's heroes take turns like a duel's, so its pools are forgotten too; a
    campaign slot saved mid-battle by the older game resumes (tests/adventures/test_save.py
    covers today's saves)."""
    from game.adventures.campaign import new_campaign
    from game.adventures.save import (
        SessionRecord,
        load_campaign,
        resume_session,
        save_campaign,
        slot_path,
    )
    from tests.adventures.crawl_kit import ais, new_boss, step

    with keeping_resolved_pools():
        old = new_boss(("barbarian", "monk"), seed=21)
    controllers = ais(old)
    while not old.over and len(old.actions) < 90:
        step(old, controllers)
    try:
        with old.world.active():
            assert len(old.pools.pools) > 10  # many turns' pools, kept the old way
        campaign = new_campaign(
            "normal", "Dawn", [("barbarian", "Ann", "human"), ("monk", "Ann", "easy")], seed=1
        )
        save_campaign(1, campaign, SessionRecord.of(old))
        _older_rules(slot_path(1))
        loaded, messages = load_campaign(1)
        assert messages == [] and loaded.session is not None
        again = resume_session(loaded.session)
        assert again.keeps_resolved_pools and again.digest() == old.digest()
        again.close()
    finally:
        old.close()
