"""Spectators: a connection that watches a room without a seat, through a real server process.

A spectator is sent what a seat outside every team would see (no hand, no options) plus who
comes and goes; every message it receives passes the hidden-information audit as that seat;
anything it sends that would act or change the room is refused with the reason, nothing
changed. A view that leaks a hand to a spectator fails the audit (the deliberate leak below).
"""

from __future__ import annotations

import json
import time

import pytest

from game.ai import make_ai
from game.online import view as seat_view
from game.online.audit import Auditor
from game.online.rooms import match_setup
from game.online.view import SPECTATOR
from game.rules.engine import Engine
from game.rules.stats import match_stats
from tests.online.support import (
    ServerProcess,
    is_type,
    play_to_end,
    room_actions,
    room_setup,
    wait_for,
)

DUEL = [{"kind": "human", "hero": "cursed_pirate"}, {"kind": "human", "hero": "huntress"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(tmp_path_factory.mktemp("rooms"), extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _drain(client, until, timeout=60.0) -> list[dict]:
    """Every message the client has received (through `wait_for`) until `until(message)`
    holds, that one included."""
    wait_for(client, until, timeout)
    return list(client.seen)


def _audit_all(rooms_dir, code, messages: list[dict]) -> int:
    """Audit every message a spectator received (updates, rooms, notices) as the seat outside
    every team, against the match replayed to the point each was sent."""
    actions = room_actions(rooms_dir, code)
    auditor = Auditor(room_setup(rooms_dir, code), SPECTATOR)
    checked = 0
    try:
        for message in messages:
            if message.get("type") == "connection":
                continue  # the client's own note about its link
            while len(auditor.engine.actions) < message.get("seq", 0):
                auditor.advance(actions[len(auditor.engine.actions)])
            problems = auditor.check(message)
            assert not problems, f"{message.get('type')} at {message.get('seq')}: {problems[:3]}"
            checked += 1
    finally:
        auditor.close()
    return checked


def test_a_spectator_watches_a_duel_to_the_end_and_learns_nothing_hidden(server, clients):
    a = clients(server.url)
    a.create("duel", DUEL, seat=0, name="Ann")
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)
    sam.watch(code, name="Sam")  # before the match starts: the room waits for Bo
    assert wait_for(sam, is_type("watching"))["room"] == code
    joined = wait_for(a, lambda m: m.get("type") == "notice" and m["role"] == "spectator")
    assert (joined["event"], joined["name"], joined["spectators"]) == ("joined", "Sam", 1)
    b = clients(server.url)
    b.join(code, 1, name="Bo")
    wait_for(b, is_type("seated"))

    late: list = []

    def someone_comes_late(i, message):
        if i == 0 and message["seq"] >= 20 and not late:
            late.append(clients(server.url))
            late[0].watch(code, name="Lu")

    updates = play_to_end([a, b], seed=11, on_update=someone_comes_late)
    assert updates[0][-1]["state"]["over"]
    over = lambda m: m.get("type") == "update" and m["state"]["over"]  # noqa: E731
    watched = _drain(sam, over)
    lu = _drain(late[0], over)
    seen = [m for m in watched if m.get("type") == "update"]
    # every message each spectator received passes the audit as a seat outside every team
    assert _audit_all(server.rooms_dir, code, watched) > 20
    assert _audit_all(server.rooms_dir, code, lu) > 2
    # the spectator followed the whole match: every decision's update, to the end
    assert seen[-1]["seq"] == updates[0][-1]["seq"] == len(room_actions(server.rooms_dir, code))
    assert len(seen) > 20
    # public only: no hand, hand sizes instead, no options, never "mine"
    for message in seen:
        for player in message["state"]["players"]:
            assert "hand" not in player and isinstance(player["hand_size"], int)
        choice = message["choice"]
        assert choice is None or (not choice["mine"] and "options" not in choice)
    kinds = {e["kind"] for m in seen for e in m["events"]}
    assert {"dice_rolled", "card_drawn", "game_over"} <= kinds  # the public event stream
    drawn = [e for m in seen for e in m["events"] if e["kind"] == "card_drawn"]
    assert drawn and all("card" not in e for e in drawn)  # who drew, never what
    # everybody in the room is told who came (here the first spectator of the second)
    notices = [m for m in watched if m.get("type") == "notice"]
    assert {(m["event"], m["role"], m["name"]) for m in notices} >= {
        ("joined", "spectator", "Sam"),
        ("joined", "player", "Bo"),
        ("joined", "spectator", "Lu"),
    }
    rooms = [m for m in watched if m.get("type") == "room"]
    assert rooms and rooms[-1]["spectators"] == 2 and rooms[-1]["spectators_allowed"]
    # the end screen's totals cover the whole match (the server's full log)
    setup, actions = room_setup(server.rooms_dir, code), room_actions(server.rooms_dir, code)
    engine = Engine.new_match(setup)
    try:
        for action in actions:
            engine.apply(action)
        assert seen[-1]["tallies"] == json.loads(json.dumps(seat_view.match_tallies(engine)))
    finally:
        engine.close()
    # a spectator leaving is a notice too
    late[0].close()
    left = _drain(a, lambda m: m.get("type") == "notice" and m["event"] == "left", 10)[-1]
    assert (left["role"], left["name"], left["spectators"]) == ("spectator", "Lu", 1)


def test_a_spectator_can_never_act_and_nothing_changes(server, clients):
    a = clients(server.url)
    a.create("duel", DUEL, seat=0, name="Ann", lobby=True)
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)
    sam.watch(code, name="Sam")
    wait_for(sam, is_type("watching"))
    # in the lobby: no seat, no hero, no readiness, no settings
    for message in (
        {"type": "ready", "ready": True},
        {"type": "pick", "hero": "ninja"},
        {"type": "set_seat", "seat": 1, "kind": "computer", "hero": "ninja"},
        {"type": "room_settings", "spectators": False},
        {"type": "join", "version": sam.version, "room": code, "seat": 1, "name": "Sam"},
    ):
        sam.send(message)
        refused = wait_for(sam, is_type("error"))
        assert refused["code"] == "spectator" and "nothing changed" in refused["reason"]
    header = json.loads((server.rooms_dir / f"{code}.json").read_text())
    assert header["seats"][1]["token_sha256"] == "" and header["seats"][1]["kind"] == "human"
    b = clients(server.url)
    b.join(code, 1, name="Bo")
    wait_for(b, is_type("seated"))
    a.ready()
    b.ready()
    first = wait_for(sam, lambda m: m.get("type") == "update")
    # the match runs: an answer from the spectator, even to the open decision, is refused
    sam.act(first["seq"], 0)
    refused = wait_for(sam, is_type("error"))
    assert refused["code"] == "spectator"
    time.sleep(0.3)
    assert room_actions(server.rooms_dir, code) == []  # nothing was played
    decider = a if first["choice"]["player"] == 0 else b
    mine = wait_for(decider, lambda m: m.get("type") == "update" and m["choice"]["mine"])
    assert mine["seq"] == first["seq"] == 0  # the decision is still open, for its seat
    # the host closes the room to spectators: the one watching is shown out, nobody new gets in
    a.send({"type": "room_settings", "spectators": False})
    shown_out = wait_for(sam, is_type("error"))
    assert shown_out["code"] == "no_spectators"
    other = clients(server.url)
    other.watch(code, name="Pat")
    refused = wait_for(other, is_type("error"))
    assert refused["code"] == "no_spectators" and "host" in refused["reason"]
    header = json.loads((server.rooms_dir / f"{code}.json").read_text())
    assert header["spectators"] is False


def test_watching_is_refused_with_a_reason_and_a_mission_room_may_be_watched(server, clients):
    a = clients(server.url)
    a.send(
        {
            "type": "create",
            "version": a.version,
            "mode": "duel",
            "seats": DUEL,
            "seat": 0,
            "spectators": False,
        }
    )
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)
    sam.watch(code)
    assert wait_for(sam, is_type("error"))["code"] == "no_spectators"
    sam.watch("ABCDEFGHJK")
    assert wait_for(sam, is_type("error"))["code"] == "no_room"
    team = [{"kind": "human", "hero": "treant"}, {"kind": "human", "hero": "barbarian"}]
    a2 = clients(server.url)
    a2.send(
        {
            "type": "create",
            "version": a2.version,
            "mode": "mission",
            "mission": "harbor_heist",
            "seats": team,
            "seat": 0,
        }
    )
    mission = wait_for(a2, is_type("seated"))["room"]
    sam.watch(mission)  # a co-op room may be watched too (its table without the hands)
    assert wait_for(sam, is_type("watching"))["room"] == mission
    room = wait_for(sam, is_type("room"))
    assert room["mode"] == "mission" and room["spectators"] == 1


def _spectator_messages(mode, heroes, seed, leak=None):
    """Every update a spectator would be sent over a whole computer-played match (`leak`: a
    broken view in place of the spectator's), checked by the spectator's auditor."""
    setup = match_setup(mode, heroes, seed)
    engine = Engine.new_match(setup)
    auditor = Auditor(setup, SPECTATOR)
    ais = [make_ai("random", seed + i) for i in range(len(heroes))]
    problems: list[str] = []
    sent = 0
    events = list(engine.log)
    try:
        while True:
            seq = len(engine.actions)
            if leak is None:
                message = seat_view.spectator_update(engine, events, seq)
            else:
                message = leak(engine, events, seq)
            message = json.loads(json.dumps(message))
            problems += auditor.check(message)
            sent += 1
            if engine.over or seq > 600:
                break
            choice = engine.pending
            action = ais[choice.player].decide(engine, choice)
            events = engine.apply(action)
            auditor.advance(action)
    finally:
        engine.close()
        auditor.close()
    return sent, problems


@pytest.mark.parametrize(
    ("mode", "heroes"),
    [
        ("duel", ["cursed_pirate", "huntress"]),
        ("2v2", ["treant", "artificer", "cursed_pirate", "huntress"]),
        ("boss_vs_many", ["treant", "huntress", "mad_king"]),
    ],
)
def test_the_spectator_view_passes_the_audit_and_a_leak_fails_it(mode, heroes):
    sent, problems = _spectator_messages(mode, heroes, 7)
    assert sent > 30 and problems == []
    # a deliberate leak: seat 0's own update sent to the spectator (its hand, its options)
    _, leaked = _spectator_messages(
        mode, heroes, 7, lambda e, ev, seq: seat_view.seat_update(e, 0, ev, seq)
    )
    assert any("hand" in p for p in leaked)
    assert any("options" in p for p in leaked)

    # ... or only the cards drawn named to the spectator
    def drawn_named(engine, events, seq):
        message = seat_view.spectator_update(engine, events, seq)
        for event, sent_event in zip(events, message["events"], strict=True):
            if event.kind == "card_drawn":
                sent_event["card"] = event.data["card"]
        return message

    _, leaked = _spectator_messages(mode, heroes, 7, drawn_named)
    assert any("hidden hand" in p for p in leaked)


def test_the_end_screen_tallies_are_the_whole_matchs():
    """The table keeps only the last LOG_KEPT events; the end screen's numbers still add up
    over a long match, from the totals the server sends with the final update."""
    from game.content.loader import default_content
    from game.online.table import LOG_KEPT, RemoteTable

    setup = match_setup("2v2", ["treant", "artificer", "cursed_pirate", "huntress"], 5)
    engine = Engine.new_match(setup)
    table = RemoteTable(default_content(), SPECTATOR)
    ais = [make_ai("random", 70 + i) for i in range(4)]
    events = list(engine.log)
    try:
        while True:
            table.take(json.loads(json.dumps(seat_view.spectator_update(engine, events, 0))))
            if engine.over:
                break
            choice = engine.pending
            events = engine.apply(ais[choice.player].decide(engine, choice))
        assert len(engine.log) > 2 * LOG_KEPT  # a long match: the table has lost its start
        whole = match_stats(engine.log)
        assert match_stats(table.log) != whole  # what the table kept does not add up
        assert table.end_stats() == whole
    finally:
        engine.close()


def test_a_spectator_whose_connection_drops_watches_again_by_itself(server, clients):
    seats = [DUEL[0], {"kind": "computer", "hero": "barbarian", "level": "easy"}]
    a = clients(server.url)
    a.create("duel", seats, seat=0, name="Ann")
    code = wait_for(a, is_type("seated"))["room"]
    sam = clients(server.url)
    sam.watch(code, name="Sam")
    wait_for(sam, is_type("watching"))
    dropped = []

    def cut(_i, message):
        if message["seq"] >= 10 and not dropped:
            dropped.append(message["seq"])
            sam.drop()  # as a network fault would

    updates = play_to_end([a], seed=4, on_update=cut)
    assert dropped
    over = lambda m: m.get("type") == "update" and m["state"]["over"]  # noqa: E731
    watched = _drain(sam, over)
    assert sum(m.get("type") == "watching" for m in watched) == 2  # back by itself
    assert any(m.get("state") == "lost" for m in watched)
    assert watched[-1]["seq"] == updates[0][-1]["seq"]
    assert _audit_all(server.rooms_dir, code, watched) > 10
