"""Co-op Missions online: the per-seat view over whole Missions, and two real clients playing a
Mission round through `python -m game serve` beside a computer Hero."""

from __future__ import annotations

import json
import queue
import random
import time

import pytest

from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup, replay
from game.online.audit import MissionAuditor
from game.online.client import Client
from game.online.mission_view import (
    mission_spectator_update,
    mission_state,
    mission_update,
    seat_state,
)
from game.online.view import SPECTATOR
from tests.online.support import ServerProcess, is_type, room_actions, wait_for


def _audit_whole_mission(setup: MissionSetup) -> tuple[int, int, MissionEngine]:
    engine = MissionEngine(setup)
    seats = len(setup.heroes)
    auditors = [MissionAuditor(setup, seat) for seat in range(seats)]
    watcher = MissionAuditor(setup, SPECTATOR)  # a spectator, outside the heroes' team
    auditors.append(watcher)
    ais = [MissionAI(seat) for seat in range(seats)]
    checked, seen, hand_outs = 0, 0, 0
    try:
        while True:
            events, seen = engine.log[seen:], len(engine.log)
            for seat, auditor in enumerate(auditors):
                if auditor is watcher:
                    seat = SPECTATOR
                    message = mission_spectator_update(engine, events, len(engine.actions))
                else:
                    message = mission_update(engine, seat, events, len(engine.actions))
                message = json.loads(json.dumps(message))
                while len(auditor.engine.actions) < len(engine.actions):
                    auditor.advance(engine.actions[len(auditor.engine.actions)])
                problems = auditor.check(message)
                assert not problems, f"seat {seat} at {len(engine.actions)}: {problems[:3]}"
                checked += 1
                choice = message["choice"]
                if choice is not None:  # options go to the deciding seat only
                    assert ("options" in choice) == (choice["player"] == seat)
                if choice is not None and choice["kind"] == "give_momentum":
                    # the Start Player hands Momentum out (rule 57): their seat decides
                    assert choice["player"] == message["state"]["start_player"]
                    hand_outs += choice["mine"]
            if engine.over:
                return checked, hand_outs, engine
            choice = engine.pending
            engine.apply(ais[choice.player].decide(engine, choice))
    finally:
        for auditor in auditors:
            auditor.close()


@pytest.mark.parametrize(
    ("mission", "heroes", "seed"),
    [
        ("harbor_heist", ("cursed_pirate", "huntress", "treant"), 1234567),
        ("clocktower_siege", ("artificer", "barbarian"), 7654321),
    ],
)
def test_no_seat_of_a_coop_mission_receives_hidden_information(mission, heroes, seed):
    checked, hand_outs, engine = _audit_whole_mission(MissionSetup(mission, heroes, seed=seed))
    try:
        assert engine.over and checked > 100 and hand_outs > 0
    finally:
        engine.close()


def test_every_hero_seat_receives_every_heros_hand_and_events_carry_only_whitelisted_data():
    """Teammates see each other's hands (core rule 110, as in the team duels): each Hero's seat
    gets every Hero's hand as it is, with its size; the events carry only their whitelisted
    data (a hand card never rides on an event)."""
    setup = MissionSetup("harbor_heist", ("cursed_pirate", "huntress", "treant"), seed=5)
    engine = MissionEngine(setup)
    ai = [MissionAI(seat) for seat in range(3)]
    try:
        for _ in range(60):
            engine.apply(ai[engine.pending.player].decide(engine, engine.pending))
        for seat in range(3):
            message = json.loads(json.dumps(mission_update(engine, seat, engine.log, 0)))
            heroes = message["state"]["heroes"]
            for h in heroes:
                assert h["hand"] == engine.heroes[h["seat"]].hand
                assert h["hand_size"] == len(engine.heroes[h["seat"]].hand)
            assert (
                message["choice"] is None
                or "options" not in message["choice"]
                or (message["choice"]["player"] == seat)
            )
            for event in message["events"]:
                assert set(event) <= {"kind", "text", "seat", "enemy", "card", "to"}
            assert any("seat" in e for e in message["events"])  # data now travels
    finally:
        engine.close()


def _table(t) -> tuple:
    pending = t.pending
    return (
        vars(t.info),
        [vars(h) for h in t.heroes],
        [vars(e) for e in t.enemies],
        {h: vars(s) for h, s in t.hexes.items()},
        None if pending is None else (pending.player, pending.kind, pending.options),
        [(e.kind, e.text, e.data) for e in t.drain()],
    )


def test_a_table_fed_the_servers_messages_equals_the_windows_local_table():
    """What an online window would draw from (`MissionTable` fed each seat's update as JSON)
    equals what the offline board draws from (`LocalMissionTable`), over a whole Mission."""
    from game.online.mission_table import LocalMissionTable, MissionTable

    setup = MissionSetup("clocktower_siege", ("artificer", "barbarian"), seed=7654321)
    engine = MissionEngine(setup)
    ais = [MissionAI(seat) for seat in range(2)]
    local = LocalMissionTable(engine, people={1})
    online = MissionTable(engine.db, engine.content, 1)
    seen, compared = 0, 0
    try:
        while True:
            events, seen = engine.log[seen:], len(engine.log)
            message = mission_update(engine, 1, events, len(engine.actions))
            online.take(json.loads(json.dumps(message)))
            local.sync()
            assert _table(online) == _table(local), len(engine.actions)
            compared += 1
            if engine.over:
                break
            engine.apply(ais[engine.pending.player].decide(engine, engine.pending))
        assert compared > 100
    finally:
        engine.close()


def test_the_mission_auditor_catches_a_leak():
    setup = MissionSetup("harbor_heist", ("huntress", "treant"), seed=99)
    engine = MissionEngine(setup)
    auditor = MissionAuditor(setup, 0)
    try:
        clean = json.loads(json.dumps(mission_update(engine, 0, engine.log, 0)))
        assert not auditor.check(clean)
        assert auditor.check({"x": {"deck": 3}})
        deck = engine.heroes[1].deck
        assert auditor.check({"cards": list(deck)})  # a deck's order
        assert auditor.check({"tiles": list(engine.info.boost_pile)})
        with engine.world.active():
            state = engine.rng.state
        assert auditor.check({"n": state})
        space = next(iter(auditor.engine.hexes.values()))
        space.tiles = [(5, False), (6, True)]  # a face-down Boost Tile lies under a face-up one
        shown = {"hex": list(space.hex), "tiles_up": [6]}
        assert not auditor.check({"state": {"spaces": [shown]}})
        shown["tiles_up"] = [6, 5]
        assert auditor.check({"state": {"spaces": [shown]}})
        # a teammate's hand as it is passes (core rule 110); a hand that is not that Hero's,
        # or event data outside the whitelist, does not
        other = dict(clean["state"]["heroes"][1], hand=list(engine.heroes[1].hand))
        assert not auditor.check({"state": {"heroes": [other]}})
        other["hand"] = list(engine.heroes[1].deck[:2])
        assert auditor.check({"state": {"heroes": [other]}})
        assert auditor.check({"events": [{"kind": "draw", "text": "", "cards": ["x"]}]})
    finally:
        auditor.close()
        engine.close()


def test_a_mission_spectator_sees_no_hand_and_a_heros_view_fails_its_audit():
    setup = MissionSetup("harbor_heist", ("huntress", "treant"), seed=99)
    engine = MissionEngine(setup)
    auditor = MissionAuditor(setup, SPECTATOR)
    try:
        watched = json.loads(json.dumps(mission_spectator_update(engine, engine.log, 0)))
        assert not auditor.check(watched)
        heroes = watched["state"]["heroes"]
        assert all("hand" not in h and h["hand_size"] > 0 for h in heroes)
        assert "options" not in watched["choice"]
        # deliberate leaks: a hero's own update (every hand, its options), or one hand's cards
        seat = engine.pending.player
        leaked = auditor.check(json.loads(json.dumps(mission_update(engine, seat, engine.log, 0))))
        assert any("hand" in p for p in leaked) and any("options" in p for p in leaked)
        assert any(
            "from Huntress's hand" in p for p in auditor.check({"x": list(engine.heroes[0].hand)})
        )
    finally:
        auditor.close()
        engine.close()


# ------------------------------------------------------------------ through a real server


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _play_a_round(clients_: list[Client], seed: int, timeout: float = 300.0):
    """Every client answers its own decisions at random until the first round is over."""
    rng = random.Random(seed)
    updates: list[list[dict]] = [[] for _ in clients_]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        idle = True
        for i, client in enumerate(clients_):
            try:
                message = client.inbox.get_nowait()
            except queue.Empty:
                continue
            idle = False
            assert message.get("type") != "error", message
            if message.get("type") != "update":
                continue
            updates[i].append(message)
            state = message["state"]
            if state["round"] >= 2 or state["over"]:
                return updates
            choice = message["choice"]
            if choice and choice["mine"]:
                client.act(message["seq"], rng.choice(choice["options"])["id"])
        if idle:
            time.sleep(0.002)
    raise TimeoutError("the round did not end")


def test_two_people_and_a_computer_play_a_coop_mission_round(server, clients):
    seats = [
        {"kind": "human", "hero": "cursed_pirate"},
        {"kind": "human", "hero": "huntress"},
        {"kind": "computer", "hero": "treant"},
    ]
    a = clients(server.url)
    a.create("mission", seats, seat=0, name="Ann")
    assert wait_for(a, is_type("error"))["code"] == "mission"  # the first named no mission
    duel = [{"kind": "human", "hero": "monk"}, {"kind": "computer", "hero": "ninja"}]
    a.send(
        {
            "type": "create",
            "version": a.version,
            "mode": "duel",
            "seats": duel,
            "seat": 0,
            "difficulty_up": 2,
        }
    )
    assert "mission" in wait_for(a, is_type("error"))["reason"]
    a.send(
        {
            "type": "create",
            "version": a.version,
            "mode": "mission",
            "mission": "harbor_heist",
            "difficulty_up": 1,
            "easier": ["health"],
            "seats": seats,
            "seat": 0,
            "name": "Ann",
        }
    )
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)  # a spectator
    sam.watch(code, name="Sam")
    wait_for(sam, is_type("watching"))
    b = clients(server.url)
    b.join(code, 1, name="Bo")
    wait_for(b, is_type("seated"))
    updates = _play_a_round([a, b], seed=9)
    header = json.loads((server.rooms_dir / f"{code}.json").read_text())
    setup = MissionSetup.from_json(header["mission_setup"])
    assert setup.mission == "harbor_heist" and header["setup"] is None
    assert (setup.difficulty_up, setup.easier) == (1, ("health",))
    first = updates[0][0]["state"]
    assert first["black_dice"] == 1 + 3 + 1  # one Black die a Hero, +1 a level harder
    assert all(h["start_health"] == 25 + 10 for h in first["heroes"])  # 3 Heroes, "health"
    actions = room_actions(server.rooms_dir, code)
    assert {x.player for x in actions} == {0, 1, 2}  # both people and the computer Hero
    # each update holds nothing hidden, and each person saw every Hero's hand (teammates)
    for seat, received in enumerate(updates):
        auditor = MissionAuditor(setup, seat)
        try:
            for message in received:
                while len(auditor.engine.actions) < message["seq"]:
                    auditor.advance(actions[len(auditor.engine.actions)])
                assert not auditor.check(message), seat
        finally:
            auditor.close()
        assert all("hand" in h for h in received[-1]["state"]["heroes"])
        if seat == 0:  # the spectator saw the same decisions, without a hand or an option
            last = received[-1]["seq"]
            wait_for(sam, lambda m, last=last: m.get("type") == "update" and m["seq"] >= last)
            watched = [m for m in sam.seen if m.get("type") in ("update", "room", "notice")]
            spectator = MissionAuditor(setup, SPECTATOR)
            try:
                for message in watched:
                    while len(spectator.engine.actions) < message.get("seq", 0):
                        spectator.advance(actions[len(spectator.engine.actions)])
                    assert not spectator.check(message), "spectator"
            finally:
                spectator.close()
            assert sum(m["type"] == "update" for m in watched) >= len(received) // 2
        # a decision the rules give one player reached that player's seat only
        for message in received:
            choice = message["choice"]
            if choice and choice["kind"] == "give_momentum":
                assert choice["player"] == message["state"]["start_player"]
                assert choice["mine"] == (seat == choice["player"])
    # a server restart: the room is replayed from its files (the Missions replay) and the
    # client comes back by itself to the same table
    server.stop()
    server.start()
    assert "1 rooms resumed" in server.first_line
    wait_for(a, is_type("seated"), 60)
    back = wait_for(a, is_type("update"), 60)
    actions = room_actions(server.rooms_dir, code)
    local = replay(setup, actions[: back["seq"]])
    try:
        mine = seat_state(local, 0, mission_state(local))
        assert back["state"] == json.loads(json.dumps(mine))
    finally:
        local.close()
