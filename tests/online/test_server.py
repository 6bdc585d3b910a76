"""A real server process and real clients on loopback (127.0.0.1 only)."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from game.online import PROTOCOL_VERSION
from game.online.client import Client
from tests.online.support import (
    ServerProcess,
    audit,
    is_type,
    play_to_end,
    room_actions,
    wait_for,
)

DUEL = [{"kind": "human", "hero": "cursed_pirate"}, {"kind": "human", "hero": "huntress"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # scripted clients answer at once, far faster than a person: allow it (the flood test
    # still overruns this)
    proc = ServerProcess(tmp_path_factory.mktemp("rooms"), extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _open_duel(server, clients, seats=DUEL):
    a = clients(server.url)
    a.create("duel", seats, seat=0, name="Ann")
    seated = wait_for(a, is_type("seated"))
    b = clients(server.url)
    b.join(seated["room"], 1, name="Bo")
    wait_for(b, is_type("seated"))
    return a, b, seated["room"]


def test_a_full_duel_between_two_clients(server, clients):
    a, b, code = _open_duel(server, clients)
    updates = play_to_end([a, b], seed=1)
    assert updates[0][-1]["state"]["over"] and updates[1][-1]["state"]["over"]
    assert updates[0][-1]["seq"] == len(room_actions(server.rooms_dir, code)) > 20
    # every update each seat received holds nothing it could not see at the table
    assert audit(server.rooms_dir, code, 0, updates[0]) > 20
    assert audit(server.rooms_dir, code, 1, updates[1]) > 20
    names = [p["name"] for p in updates[0][-1]["state"]["players"]]
    assert names == ["Ann", "Bo"]


def test_a_full_2v2_with_two_people_and_two_computers(server, clients):
    seats = [
        {"kind": "human", "hero": "treant"},
        {"kind": "computer", "hero": "barbarian", "level": "normal"},
        {"kind": "human", "hero": "artificer"},
        {"kind": "computer", "hero": "ninja", "level": "easy"},
    ]
    a = clients(server.url)
    a.create("2v2", seats, seat=0)
    code = wait_for(a, is_type("seated"))["room"]
    b = clients(server.url)
    b.join(code, 2)
    wait_for(b, is_type("seated"))
    updates = play_to_end([a, b], seed=2, timeout=600)
    final = updates[0][-1]["state"]
    assert final["over"]
    actions = room_actions(server.rooms_dir, code)
    assert {a.player for a in actions} == {0, 1, 2, 3}  # the computers played too
    assert audit(server.rooms_dir, code, 0, updates[0]) > 10
    assert audit(server.rooms_dir, code, 2, updates[1]) > 10
    # the computers were decided in a worker process the server spawned, not in its own
    assert _spawned_workers(server.proc.pid)
    # teammates see each other's hand, never an opponent's
    assert "hand" in updates[0][-2]["state"]["players"][1]
    assert "hand" not in updates[0][-2]["state"]["players"][2]


def _spawned_workers(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if int(fields[1]) == pid and b"spawn_main" in cmdline:
            found.append(int(stat.parent.name))
    return found


def _until_my(client, kind):
    """Answer with option 0 (not ending the roll where possible) until my `kind` decision."""
    while True:
        message = wait_for(client, is_type("update"), timeout=60)
        choice = message["choice"]
        if choice and choice["mine"]:
            if choice["kind"] == kind:
                return message
            client.act(message["seq"], 0)


def test_a_dropped_client_reconnects_mid_roll_exactly_where_it_was(server, clients):
    seats = [{"kind": "human", "hero": "barbarian"}, {"kind": "computer", "hero": "monk"}]
    a = clients(server.url)
    a.create("duel", seats, seat=0)
    wait_for(a, is_type("seated"))
    before = _until_my(a, "offensive_roll")
    a.drop()  # the network fails in the middle of the Offensive Roll Phase
    lost = wait_for(a, lambda m: m.get("type") == "connection" and m["state"] == "lost")
    assert lost["retrying"]
    after = wait_for(a, is_type("update"))
    assert after["seq"] == before["seq"]
    assert after["choice"] == before["choice"]
    assert after["state"]["dice"] == before["state"]["dice"]
    assert after["state"]["players"][0]["hand"] == before["state"]["players"][0]["hand"]
    a.act(after["seq"], after["choice"]["options"][0]["id"])  # and play goes on
    moved = wait_for(a, is_type("update"))
    assert moved["seq"] == after["seq"] + 1


def test_the_seat_token_survives_a_client_restart(server, clients, tmp_path):
    seats = [{"kind": "human", "hero": "paladin"}, {"kind": "computer", "hero": "monk"}]
    seat_file = tmp_path / "seat.json"
    a = clients(server.url, seat_file=seat_file)
    a.create("duel", seats, seat=0)
    seated = wait_for(a, is_type("seated"))
    first = wait_for(a, lambda m: m.get("type") == "update" and m["choice"]["mine"])
    a.close()  # the game is quit
    saved = json.loads(seat_file.read_text())
    assert saved["token"] == seated["token"] and saved["room"] == seated["room"]
    again = clients(server.url, seat_file=seat_file)
    assert again.resume_from_file()
    assert wait_for(again, is_type("seated"))["seat"] == 0
    update = wait_for(again, is_type("update"))
    assert update["seq"] == first["seq"] and update["choice"] == first["choice"]


def test_no_seat_can_act_for_another_and_replays_change_nothing(server, clients):
    a, b, code = _open_duel(server, clients)
    first = wait_for(a, is_type("update"))
    wait_for(b, is_type("update"))
    decider, other = (a, b) if first["choice"]["player"] == 0 else (b, a)
    seq = first["seq"]
    # the other seat answers the open decision: refused with its reason, nothing changes
    other.act(seq, 0)
    refused = wait_for(other, is_type("error"))
    assert refused["code"] == "not_yours" and "nothing changed" in refused["reason"]
    # a made-up option number, and a message that names a seat, are refused too
    decider.act(seq, 999)
    assert wait_for(decider, is_type("error"))["code"] == "option"
    decider.send({"type": "act", "seq": seq, "option": 0, "player": 1})
    assert wait_for(decider, is_type("error"))["code"] == "bad_message"
    assert len(room_actions(server.rooms_dir, code)) == 0 if _file_exists(server, code) else True
    # the real answer goes through once; sending it again (a replay) is stale
    decider.act(seq, 0)
    moved = wait_for(decider, is_type("update"))
    assert moved["seq"] == seq + 1
    decider.act(seq, 0)
    stale = wait_for(decider, is_type("error"))
    assert stale["code"] == "stale"
    assert len(room_actions(server.rooms_dir, code)) == seq + 1
    # nobody else's token opens this room's seats
    c = Client(server.url, retry=False)
    try:
        assert c.connected.wait(20)
        c.resume(code, "x" * 43)
        assert wait_for(c, is_type("error"))["code"] == "no_seat"
        c.join(code, 1)
        assert wait_for(c, is_type("error"))["code"] == "seat_taken"
    finally:
        c.close()


def _file_exists(server, code):
    return (server.rooms_dir / f"{code}.actions.jsonl").exists()


def test_a_client_of_another_version_is_told_clearly(server, clients):
    old = clients(server.url, version=0)
    old.create("duel", DUEL, seat=0)
    message = wait_for(old, is_type("error"))
    assert message["code"] == "version"
    assert (
        f"protocol version {PROTOCOL_VERSION}" in message["reason"]
        and "same version" in message["reason"]
    )


def test_garbage_oversized_and_floods_while_another_room_keeps_playing(server, clients):
    a, b, _code = _open_duel(server, clients)
    hostile = clients(server.url, retry=False)
    garbage = [
        "not json",
        b"\x00\x01binary",
        '{"type": "act", "seq": NaN, "option": 0}',
        '{"type": "act", "seq": 1e999, "option": 0}',
        "[" * 4000 + "]" * 4000,  # deep, but under the size limit
        '{"type": "act", "seq": "1", "option": 0}',
        '{"type": "create", "version": 1, "mode": "duel", "seat": 0, "seats": [{"kind": "x"}]}',
        '{"type": "join", "version": 1, "room": "../../etc", "seat": 0}',
        '{"type": "join", "version": 1, "room": "ZZZZZZZZZZ", "seat": 0}',
        '{"type": "join", "version": 1, "room": "ZZZZZZZZZZ", "seat": 0, "name": "a\\u001bb"}',
        '{"type": "resume", "version": 1, "room": "AAAAAAAAAA", "token": "' + "a" * 40 + '"}',
        '{"type": "act", "seq": 0, "option": 0}',  # no seat yet
        "[]",
        '"just a string"',
    ]
    garbage = [  # this game's own version, so each is refused for what the text says
        t.replace('"version": 1', f'"version": {PROTOCOL_VERSION}') if isinstance(t, str) else t
        for t in garbage
    ]
    for text in garbage:
        hostile.send_raw(text)
    replies = [wait_for(hostile, is_type("error")) for _ in garbage]
    assert {r["code"] for r in replies} == {"bad_message", "no_room", "no_seat"}
    # a flood is metered: some messages are refused for rate, the connection then closed
    for n in range(3000):
        hostile.ping(n)
    rate = wait_for(hostile, lambda m: m.get("code") == "rate")
    assert "slow down" in rate["reason"]
    lost = wait_for(hostile, lambda m: m.get("type") == "connection" and m["state"] == "lost")
    assert "too many messages" in lost["reason"]
    # an oversized message closes that connection (1009), nothing else
    big = clients(server.url, retry=False)
    big.send_raw('{"type": "ping", "n": 1, "pad": "' + "x" * 20_000 + '"}')
    closed = wait_for(big, lambda m: m.get("type") == "connection" and m["state"] == "lost")
    assert "1009" in closed["reason"]
    # meanwhile the other room plays to its end
    updates = play_to_end([a, b], seed=3)
    assert updates[0][-1]["state"]["over"]
    probe = clients(server.url)
    probe.ping(7)
    assert wait_for(probe, is_type("pong"))["n"] == 7


def test_a_server_restart_resumes_rooms_from_seed_and_actions(tmp_path, clients):
    server = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    try:
        a = clients(server.url)
        a.create("duel", [{"kind": "human", "hero": "treant"}, DUEL[1]], seat=0)
        code = wait_for(a, is_type("seated"))["room"]
        b = clients(server.url)
        b.join(code, 1)
        wait_for(b, is_type("seated"))
        # play a few decisions, then take the server down
        seen = {}

        def stop_after(i, message):
            seen[i] = message
            if message["seq"] >= 12 and i == 0:
                raise _Stop

        with pytest.raises(_Stop):
            play_to_end([a, b], seed=4, on_update=stop_after)
        time.sleep(0.5)
        server.stop()
        count = len(room_actions(server.rooms_dir, code))
        last = {i: m for i, m in seen.items()}
        for client in (a, b):
            wait_for(client, lambda m: m.get("type") == "connection" and m["state"] == "lost")
        server.start()
        assert "1 rooms resumed" in server.first_line
        # both clients reconnect on their own and resume their seats where the match stood
        # (an answer already on its way when the server stopped may land right after)
        resumed = []
        for i, client in enumerate((a, b)):
            again = wait_for(client, is_type("update"), timeout=60)
            resumed.append(again)
            assert again["seq"] >= count
            if again["seq"] == last[i]["seq"]:
                assert again["choice"] == last[i]["choice"]
                assert again["state"]["players"][i] == last[i]["state"]["players"][i]
        for i, (client, again) in enumerate(zip((a, b), resumed, strict=True)):
            if again["choice"]["mine"] and again["seq"] >= resumed[1 - i]["seq"]:
                client.act(again["seq"], again["choice"]["options"][0]["id"])  # play goes on
        updates = play_to_end([a, b], seed=5, timeout=120)
        assert updates[0][-1]["state"]["over"]
        # what each seat was sent after the restart matches the match replayed from the files
        assert audit(server.rooms_dir, code, 0, [resumed[0], *updates[0]]) > 1
        assert audit(server.rooms_dir, code, 1, [resumed[1], *updates[1]]) > 1
    finally:
        server.stop()


class _Stop(Exception):
    pass


def test_tls_when_given_a_certificate(tmp_path, clients):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    server = ServerProcess(
        tmp_path / "rooms", extra=["--certfile", str(cert), "--keyfile", str(key)]
    )
    server.start()
    try:
        assert server.first_line.startswith("serving on wss://127.0.0.1:")
        a = clients(server.url, cafile=str(cert))
        a.create("duel", [DUEL[0], {"kind": "computer", "hero": "ninja"}], seat=0)
        assert wait_for(a, is_type("seated"))["seat"] == 0
        assert wait_for(a, is_type("update"))["state"]["players"][0]["hand"]
        # a client that does not check against this certificate is refused
        stranger = Client(server.url, retry=False)
        try:
            lost = wait_for(stranger, lambda m: m.get("type") == "connection")
            assert lost["state"] == "lost" and "CERTIFICATE_VERIFY_FAILED" in lost["reason"]
        finally:
            stranger.close()
        plain = Client(server.url.replace("wss://", "ws://"), retry=False)
        try:
            assert wait_for(plain, lambda m: m.get("type") == "connection")["state"] == "lost"
        finally:
            plain.close()
    finally:
        server.stop()


def test_the_computer_stands_in_for_a_person_gone_past_the_grace_period(tmp_path, clients):
    server = ServerProcess(tmp_path / "rooms", extra=["--rate", "300", "--grace", "1"]).start()
    try:
        a, b, code = _open_duel(server, clients)
        wait_for(b, is_type("update"))
        b.retry = False
        b.close()  # seat 1's person is gone for good
        gone = wait_for(
            a, lambda m: m.get("type") == "room" and m["seats"][1]["computer_standing_in"]
        )
        assert not gone["seats"][1]["connected"]
        # an update asking seat 0 may have been passed over while waiting for that message
        asked = [m for m in a.seen if m.get("type") == "update"]
        if asked and asked[-1]["choice"]["mine"]:
            a.act(asked[-1]["seq"], asked[-1]["choice"]["options"][0]["id"])
        updates = play_to_end([a], seed=6, timeout=300)
        assert updates[0][-1]["state"]["over"]  # seat 1's decisions were made by the server
        actions = room_actions(server.rooms_dir, code)
        assert sum(1 for x in actions if x.player == 1) > 5
        assert audit(server.rooms_dir, code, 0, updates[0]) > 10
    finally:
        server.stop()


def test_without_a_grace_period_nobody_plays_for_an_absent_person(server, clients):
    a, b, code = _open_duel(server, clients)
    first = wait_for(a, is_type("update"))
    wait_for(b, is_type("update"))
    if first["choice"]["player"] == 0:  # make it seat 1's decision
        a.act(first["seq"], 0)
        first = wait_for(a, is_type("update"))
    while first["choice"]["player"] == 0:
        a.act(first["seq"], 0)
        first = wait_for(a, is_type("update"))
    b.close()
    time.sleep(2)
    assert len(room_actions(server.rooms_dir, code)) == first["seq"]  # the match waits


def test_a_lobby_starts_when_every_person_is_ready(server, clients):
    host = clients(server.url)
    seats = [{"kind": "human", "hero": "cursed_pirate"}, {"kind": "human", "hero": "barbarian"}]
    host.create("duel", seats, seat=0, name="Ann", lobby=True)
    code = wait_for(host, is_type("seated"))["room"]
    guest = clients(server.url)
    guest.join(code, 1, name="Bo")
    wait_for(guest, is_type("seated"))
    room = wait_for(guest, is_type("room"))
    assert room["lobby"] and room["host"] == 0 and not room["started"]
    assert [s["ready"] for s in room["seats"]] == [False, False]
    # the guest may not set seats up, nor pick a villain; nothing changes
    guest.set_seat(0, "computer", "ninja")
    assert wait_for(guest, is_type("error"))["code"] == "not_host"
    guest.pick("no_such_hero")
    assert wait_for(guest, is_type("error"))["code"] == "hero"
    guest.pick("huntress")
    room = wait_for(guest, lambda m: m["type"] == "room" and m["seats"][1]["hero"] == "huntress")
    host.ready()
    room = wait_for(guest, lambda m: m["type"] == "room" and m["seats"][0]["ready"])
    assert not room["started"]  # one person is not ready yet
    guest.ready()
    update = wait_for(guest, is_type("update"))
    heroes = [p["hero"] for p in update["state"]["players"]]
    assert heroes == ["cursed_pirate", "huntress"]
    guest.pick("ninja")  # too late: the match has started
    assert wait_for(guest, is_type("error"))["code"] == "started"


def test_the_host_turns_an_open_seat_into_a_computer(server, clients):
    host = clients(server.url)
    seats = [{"kind": "human", "hero": "treant"}, {"kind": "human", "hero": "barbarian"}]
    host.create("duel", seats, seat=0, name="Ann", lobby=True)
    wait_for(host, is_type("seated"))
    host.ready()
    wait_for(host, lambda m: m["type"] == "room" and m["seats"][0]["ready"])
    host.set_seat(1, "computer", "artificer", "hard")
    update = wait_for(host, is_type("update"))
    assert [p["hero"] for p in update["state"]["players"]] == ["treant", "artificer"]
    room = [m for m in host.seen if m["type"] == "room"][-1]
    assert room["seats"][1]["kind"] == "computer" and room["seats"][1]["level"] == "hard"


def test_the_turn_timer_lets_the_computer_decide_for_a_slow_person(server, clients):
    person = clients(server.url)
    seats = [{"kind": "human", "hero": "huntress"}, {"kind": "computer", "hero": "barbarian"}]
    person.create("duel", seats, seat=0, name="Slow", timer=3)
    wait_for(person, is_type("seated"))
    mine = wait_for(person, lambda m: m["type"] == "update" and (m["choice"] or {}).get("mine"))
    assert 0 < mine["time_left"] <= 3
    # nobody answers: after about 3 s the computer makes the decision in our place, once the
    # server has told the room the computer stands in (timing the wait here is unreliable on
    # a loaded machine: the update with the clock may be read late)
    later = wait_for(person, lambda m: m["type"] == "update" and m["seq"] > mine["seq"])
    told = person.seen[person.seen.index(mine) : person.seen.index(later)]
    assert any(m["type"] == "room" and m["seats"][0]["computer_standing_in"] for m in told)
    assert later["seq"] == mine["seq"] + 1
    # an answer in time is taken as usual
    now = wait_for(person, lambda m: m["type"] == "update" and (m["choice"] or {}).get("mine"))
    person.act(now["seq"], 0)
    after = wait_for(person, lambda m: m["type"] == "update" and m["seq"] > now["seq"])
    assert after["seq"] == now["seq"] + 1


def test_without_a_timer_an_update_says_so(server, clients):
    a, _b, _code = _open_duel(server, clients)
    update = wait_for(a, is_type("update"))
    assert update["time_left"] is None
