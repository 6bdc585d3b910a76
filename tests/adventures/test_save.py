"""Saved campaigns: slots, atomic writes, mid-scenario resume by replay, damaged slots set aside."""

from __future__ import annotations

import json

import pytest

from game.adventures import save
from game.adventures.campaign import new_campaign
from game.adventures.save import (
    SessionRecord,
    list_slots,
    load_campaign,
    resume_session,
    save_campaign,
    slot_path,
)
from game.persistence.files import SaveError
from tests.adventures.crawl_kit import ais, new_crawl, step


def _campaign(seed: int = 1):
    return new_campaign(
        "normal", "Dawn", [("barbarian", "Ann", "human"), ("monk", "Ann", "easy")], seed=seed
    )


def _mid_crawl(decisions: int = 12):
    eng = new_crawl(("barbarian", "monk"), seed=21, salves=2)
    controllers = ais(eng)
    for _ in range(decisions):
        if eng.over:
            break
        step(eng, controllers)
    return eng


def test_slots_are_written_atomically_and_listed_for_the_campaign_menu():
    c = _campaign()
    path = save_campaign(2, c)
    assert path == slot_path(2) and path.exists()
    save_campaign(2, c)  # a second write keeps the previous copy
    assert path.with_name(path.name + ".bak").exists()
    infos, messages = list_slots()
    assert messages == []
    assert [i.empty for i in infos][:3] == [True, False, True]
    info = infos[1]
    assert (info.team_name, info.scenario, info.heroes) == ("Dawn", 1, ["barbarian", "monk"])
    assert not info.mid_scenario
    loaded, _ = load_campaign(2)
    assert loaded.campaign == c and loaded.session is None
    with pytest.raises(ValueError, match="1-6"):
        slot_path(7)


def test_a_session_in_progress_resumes_by_replay_to_the_same_digest():
    eng = _mid_crawl()
    record = SessionRecord.of(eng)
    save_campaign(1, _campaign(), record)
    loaded, messages = load_campaign(1)
    assert messages == [] and loaded.session is not None
    again = resume_session(loaded.session)
    assert again.digest() == eng.digest()
    # ...and the resumed crawl goes on exactly as the original would have
    a_ctl, b_ctl = ais(eng), ais(again)
    for _ in range(10):
        if eng.over:
            break
        step(eng, a_ctl)
        step(again, b_ctl)
    assert again.digest() == eng.digest()
    again.close()
    eng.close()


def test_a_corrupt_slot_is_copied_aside_and_reported_never_raised():
    save_campaign(3, _campaign())
    path = slot_path(3)
    path.write_text("{ this is not json", encoding="utf-8")
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    loaded, messages = load_campaign(3)
    assert loaded is None
    assert any("slot-3.json" in m and "a copy is kept as" in m for m in messages)
    assert path.read_text() == "{ this is not json"  # copied, never moved or deleted
    assert list(path.parent.glob("slot-3.json.damaged-*"))
    infos, _ = list_slots()
    assert infos[2].empty and infos[2].problem  # free for a new campaign, and explained


def test_a_save_that_does_not_replay_to_its_digest_is_copied_aside():
    eng = _mid_crawl()
    record = SessionRecord.of(eng)
    record.digest = "0" * 64
    save_campaign(4, _campaign(), record)
    with pytest.raises(SaveError, match="saved digest"):
        resume_session(record)
    loaded, messages = load_campaign(4)
    assert loaded is None and any("does not reach its saved digest" in m for m in messages)
    assert list(slot_path(4).parent.glob("slot-4.json.damaged-*"))
    eng.close()


def test_a_wrong_kind_or_newer_version_is_refused_with_a_reason():
    path = slot_path(5)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"kind": "duel", "version": 1}), encoding="utf-8")
    loaded, messages = load_campaign(5)
    assert loaded is None and any("kind" in m and "slot-5.json" in m for m in messages)
    data = {"kind": save.KIND, "version": 99, "campaign": _campaign().to_json()}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, messages = load_campaign(5)
    assert loaded is None and any("newer version" in m for m in messages)


def test_the_replay_command_verifies_a_campaign_slot(capsys):
    from game.cli import run as cli

    eng = _mid_crawl()
    save_campaign(6, _campaign(), SessionRecord.of(eng))
    assert cli(["replay", str(slot_path(6))]) == 0
    assert "matches the recorded digest" in capsys.readouterr().out
    record = SessionRecord.of(eng)
    record.actions = record.actions[:-3]
    save_campaign(6, _campaign(), record)
    assert cli(["replay", str(slot_path(6))]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    assert slot_path(6).exists()  # a file handed to the command is never moved
    eng.close()
