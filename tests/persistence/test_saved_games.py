"""Every unfinished game keeps its own save, and the Continue list shows them all.

Stories: a game of each match format, a mission and a campaign slot saved side by side, none
replacing another; the old single `saves/duel.json` (which held whatever format was played
last) moved into the new layout; unusable saves listed with the file policy's reason.
"""

from __future__ import annotations

import json
import os
import time

from game.adventures import boss_modes
from game.ai.simple import SimpleAI
from game.modes import variants
from game.modes.duel import duel_setup
from game.paths import data_root
from game.persistence.duel_save import duel_path, match_path, resume, save_duel
from game.persistence.saved_games import list_saved_games
from game.rules.engine import Engine

SEATS = {"kind": "human"}, {"kind": "computer", "level": "normal"}

# heroes with a setup step or a companion wherever a format has room for them
HEROES = {
    "duel": ["cursed_pirate", "huntress"],
    "2v2": ["treant", "artificer", "huntress", "cursed_pirate"],
    "koth": ["artificer", "huntress", "treant"],
    "3v3": ["cursed_pirate", "treant", "monk", "huntress", "artificer", "barbarian"],
    "2v2v2": ["huntress", "treant", "artificer", "cursed_pirate", "monk", "paladin"],
}


def setup_for(mode: str, seed: int):
    if mode == "duel":
        return duel_setup(HEROES["duel"], seed, turn_limit=0)
    if mode == "boss_vs_many":
        return boss_modes.boss_vs_many_setup(["treant", "huntress"], "mad_king", seed)
    if mode == "boss_vs_boss":
        return boss_modes.boss_vs_boss_setup(["fallen_monk", "fallen_barbarian"], seed)
    return variants.setup_for(mode, HEROES[mode], seed)


def played(mode: str, seed: int = 3, actions: int = 40) -> Engine:
    engine = Engine.new_match(setup_for(mode, seed))
    bots = [SimpleAI(10 + i) for i in range(len(engine.setup.seats))]
    for _ in range(actions):
        if engine.over:
            break
        engine.apply(bots[engine.pending.player].decide(engine, engine.pending))
    return engine


def seats_of(engine: Engine) -> list[dict]:
    return [dict(SEATS[0])] + [dict(SEATS[1]) for _ in engine.setup.seats[1:]]


def save_at(engine: Engine, when: float, path=None):
    save_duel(engine, seats_of(engine), path)
    target = path or match_path(engine.setup.mode)
    os.utime(target, (when, when))
    return target


def save_mission_and_campaign(mission_when: float, campaign_when: float):
    from game.adventures.campaign import new_campaign
    from game.adventures.save import SessionRecord, save_campaign, slot_path
    from game.missions.engine import MissionEngine, MissionSetup
    from game.missions.save import default_path
    from game.ui.scenes.missions_menu import save_mission_ui
    from tests.adventures.crawl_kit import ais, new_crawl, step

    mission = MissionEngine(MissionSetup("harbor_heist", ("barbarian", "monk"), seed=3))
    for _ in range(6):
        mission.apply(mission.pending.options[0].action)
    save_mission_ui(mission, [{"kind": "human"}, {"kind": "computer"}], ["Ann", ""])
    mission.close()
    os.utime(default_path(), (mission_when, mission_when))
    crawl = new_crawl(("treant", "monk"), seed=21, salves=2)
    controllers = ais(crawl)
    for _ in range(10):
        step(crawl, controllers)
    team = [("treant", "Ann", "human"), ("monk", "Ann", "easy")]
    save_campaign(2, new_campaign("normal", "Dawn", team, seed=1), SessionRecord.of(crawl))
    crawl.close()
    os.utime(slot_path(2), (campaign_when, campaign_when))


MODES = ["duel", "2v2", "koth", "3v3", "2v2v2", "boss_vs_many", "boss_vs_boss"]


def test_every_format_keeps_its_own_save_and_the_list_shows_them_newest_first():
    now = time.time()
    engines = {}
    for i, mode in enumerate(MODES):  # the duel oldest, Boss vs Boss newest
        engines[mode] = played(mode, seed=3 + i)
        save_at(engines[mode], now - 3600 + i * 60)
    save_mission_and_campaign(now - 30, now - 7200)
    files = {mode: match_path(mode).read_bytes() for mode in MODES}
    assert {p.name for p in (data_root() / "saves").glob("*.json")} == {
        f"{mode}.json" for mode in MODES
    }

    entries, messages = list_saved_games()
    assert messages == []
    kinds = [(e.kind, e.mode or e.title) for e in entries]
    assert kinds == [
        ("mission", "Mission: Harbor Heist"),
        *[("match", mode) for mode in reversed(MODES)],
        ("adventure", "Adventures - slot 2 (Dawn)"),
    ]
    assert [e.saved for e in entries] == sorted((e.saved for e in entries), reverse=True)
    two = next(e for e in entries if e.mode == "2v2")
    assert two.title == "2 vs 2" and two.usable and two.path == match_path("2v2")
    assert two.heroes == ["Treant", "Artificer", "Huntress", "Cursed Pirate"]
    with engines["2v2"].world.active():
        assert two.detail == f"turn {engines['2v2'].info.turn}"
    assert two.summary().startswith("2 vs 2, Treant & Artificer vs Huntress & Cursed Pirate, turn")
    boss = next(e for e in entries if e.mode == "boss_vs_many")
    assert boss.title == "Boss vs Many" and boss.heroes[-1] == "Mad King"
    assert boss.sides == [["Treant", "Huntress"], ["Mad King"]]
    koth = next(e for e in entries if e.mode == "koth")
    assert koth.sides == [["Artificer"], ["Huntress"], ["Treant"]]
    mission = entries[0]
    assert mission.heroes == ["Barbarian", "Monk"] and mission.detail.startswith("round ")
    slot = entries[-1]
    assert slot.heroes == ["Treant", "Monk"] and slot.detail.startswith("Scenario 1/8")
    for entry in entries:  # every one resumable, each from its own file
        assert entry.usable and entry.summary().startswith(entry.title)
    resumed = resume(next(e for e in entries if e.mode == "koth").value)
    assert resumed.digest() == engines["koth"].digest()
    resumed.close()

    # a new 2v2 game replaces the 2v2 save only: every other format's file is byte for byte
    fresh = played("2v2", seed=99, actions=10)
    save_duel(fresh, seats_of(fresh))
    assert match_path("2v2").read_bytes() != files["2v2"]
    for mode in MODES:
        if mode != "2v2":
            assert match_path(mode).read_bytes() == files[mode], mode
    for engine in (*engines.values(), fresh):
        engine.close()


def test_the_old_single_save_moves_to_its_formats_file_and_the_game_it_hid_comes_back():
    """Before one save per format, a koth game started after an unfinished duel was written
    over saves/duel.json, pushing the duel into duel.json.bak."""
    old_duel, koth = played("duel", seed=4), played("koth", seed=5)
    save_at(old_duel, time.time() - 600, duel_path())
    save_at(koth, time.time() - 60, duel_path())  # the duel is now the .bak
    koth_bytes = duel_path().read_bytes()

    entries, _ = list_saved_games()
    assert match_path("koth").read_bytes() == koth_bytes  # moved, not rewritten
    assert not duel_path().exists()
    assert duel_path().with_name("duel.json.bak").exists()  # the duel's copy stays its own
    by_mode = {e.mode: e for e in entries}
    assert set(by_mode) == {"koth", "duel"}
    assert by_mode["koth"].path == match_path("koth") and by_mode["koth"].usable
    again = resume(by_mode["koth"].value)
    assert again.digest() == koth.digest()
    assert by_mode["duel"].usable  # the hidden duel, from its last good copy
    assert resume(by_mode["duel"].value).digest() == old_duel.digest()
    # a second look moves nothing more and lists the same games
    assert {e.mode for e in list_saved_games()[0]} == {"koth", "duel"}
    for engine in (old_duel, koth, again):
        engine.close()


def test_an_old_save_of_one_format_moves_with_its_bak_and_a_duel_stays_where_it_was():
    first = played("2v2v2", seed=6, actions=20)
    later = played("2v2v2", seed=6, actions=40)
    save_at(first, time.time() - 120, duel_path())
    save_at(later, time.time() - 60, duel_path())
    bak = duel_path().with_name("duel.json.bak").read_bytes()
    list_saved_games()
    assert match_path("2v2v2").with_name("2v2v2.json.bak").read_bytes() == bak
    assert not duel_path().exists() and not duel_path().with_name("duel.json.bak").exists()

    duel = played("duel", seed=7)
    save_at(duel, time.time(), duel_path())
    before = duel_path().read_bytes()
    entries, _ = list_saved_games()
    assert duel_path().read_bytes() == before
    assert [e.mode for e in entries] == ["duel", "2v2v2"]
    for engine in (first, later, duel):
        engine.close()


def test_an_old_save_whose_format_already_has_one_stays_and_both_are_listed():
    """An older build wrote a 2v2 into duel.json after this one had saved 2v2.json."""
    new, old = played("2v2", seed=8), played("2v2", seed=9)
    save_at(new, time.time() - 60)
    save_at(old, time.time(), duel_path())
    entries, _ = list_saved_games()
    assert [(e.mode, e.path) for e in entries] == [("2v2", duel_path()), ("2v2", match_path("2v2"))]
    assert resume(entries[0].value).digest() == old.digest()
    for engine in (new, old):
        engine.close()


def test_unusable_saves_are_listed_with_the_reason_the_file_policy_gives():
    good = played("duel", seed=10)
    save_at(good, time.time() - 300)
    three = played("3v3", seed=11, actions=10)
    path = save_at(three, time.time() - 200)
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])  # truncated
    os.utime(path, (time.time() - 200,) * 2)
    boss = played("boss_vs_boss", seed=12, actions=10)
    newer = save_at(boss, time.time() - 100)
    data = json.loads(newer.read_text())
    newer.write_text(json.dumps({**data, "version": 7}))

    entries, messages = list_saved_games()
    assert [e.mode for e in entries] == ["boss_vs_boss", "3v3", "duel"]
    refused, damaged, usable = entries
    assert usable.usable
    assert not damaged.usable and damaged.title == "3 vs 3"
    assert damaged.problem.startswith("The saved game (saves/3v3.json) is not valid JSON")
    assert "a copy is kept as 3v3.json.damaged-" in damaged.problem
    assert path.read_bytes() == raw[: len(raw) // 2]  # never deleted or changed
    assert not refused.usable and refused.title == "Boss vs Boss"
    assert "file version 7; this game reads up to 1" in refused.problem
    assert damaged.problem in messages and refused.problem in messages
    for engine in (good, three, boss):
        engine.close()


def test_an_online_seat_is_listed_and_a_damaged_one_is_set_aside():
    from game.online.link import seat_path
    from game.persistence.files import write_json
    from game.persistence.saved_games import list_saved_games

    write_json(
        seat_path("GOODROOM22"),
        {
            "version": 1,
            "url": "ws://192.168.1.5:7777",
            "room": "GOODROOM22",
            "seat": 1,
            "token": "t" * 43,
            "mode": "2v2",
            "heroes": ["treant", "artificer", "monk", "ninja"],
            "names": ["Ann", "Bo", "", ""],
        },
    )
    seat_path("BADROOM333").write_text('{"version": 1, "room": [')
    entries, messages = list_saved_games()
    online = {e.path.stem: e for e in entries if e.kind == "online"}
    good, bad = online["GOODROOM22"], online["BADROOM333"]
    assert good.usable and good.title == "Online 2 vs 2 - room GOODROOM22"
    assert "Ann (Treant) & Bo (Artificer) & Monk & Ninja" in good.summary()
    assert "on ws://192.168.1.5:7777" in good.summary()
    assert not bad.usable and bad.problem and any("BADROOM333" in m for m in messages)
