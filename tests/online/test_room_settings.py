"""The host decides what happens when a person drops (`on_leave` and `grace`, chosen at `create`
and changed with `room_settings`): a real server process and real clients on loopback."""

from __future__ import annotations

import json
import queue
import random
import time

import pytest

from game.online import protocol
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
    # the server's own default is "the computer after 1 s": the rooms below choose otherwise
    proc = ServerProcess(
        tmp_path_factory.mktemp("rooms"), extra=["--rate", "300", "--grace", "1"]
    ).start()
    yield proc
    proc.stop()


def _open_duel(server, clients, **settings):
    a = clients(server.url)
    a.send(
        {
            "type": "create",
            "version": a.version,
            "mode": "duel",
            "seats": DUEL,
            "seat": 0,
            "name": "Ann",
            **settings,
        }
    )
    code = wait_for(a, is_type("seated"))["room"]
    b = clients(server.url)
    b.join(code, 1, name="Bo")
    wait_for(b, is_type("seated"))
    return a, b, code


def _play_until_seat_1_decides(a, b, min_seq: int, seed: int) -> dict:
    """Both answer random options until seat 1 has a decision open at `min_seq` or later;
    returns that update (left unanswered)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for who, client in ((0, a), (1, b)):
            try:
                message = client.inbox.get(timeout=0.01)
            except queue.Empty:
                continue
            assert message.get("type") != "error", message
            if message.get("type") != "update":
                continue
            assert not message["state"]["over"], "the match ended before seat 1 dropped"
            choice = message["choice"]
            if not (choice and choice["mine"]):
                continue
            if who == 1 and message["seq"] >= min_seq:
                return message
            client.act(message["seq"], rng.choice(choice["options"])["id"])
    raise TimeoutError("seat 1 was never asked")


def _header(server, code) -> dict:
    return json.loads((server.rooms_dir / f"{code}.json").read_text())


def test_the_room_setting_is_checked_and_bounded():
    base = {"type": "create", "version": 1, "mode": "duel", "seats": DUEL, "seat": 0}
    made = protocol.parse(json.dumps({**base, "on_leave": "computer", "grace": 30}))
    assert (made.on_leave, made.grace) == ("computer", 30)
    for bad in ({"on_leave": "pause"}, {"grace": 601}, {"grace": -1}, {"grace": 1.5}):
        with pytest.raises(protocol.BadMessage):
            protocol.parse(json.dumps({**base, **bad}))
    change = protocol.parse('{"type": "room_settings", "on_leave": "wait"}')
    assert change.on_leave == "wait" and change.grace is None
    with pytest.raises(protocol.BadMessage):
        protocol.parse('{"type": "room_settings", "seat": 0}')  # a message never names a seat


def test_a_seat_dropped_mid_match_goes_to_the_computer_and_the_match_finishes(server, clients):
    a, b, code = _open_duel(server, clients, on_leave="computer", grace=2)
    assert (_header(server, code)["on_leave"], _header(server, code)["grace"]) == ("computer", 2)
    asked = _play_until_seat_1_decides(a, b, min_seq=12, seed=3)
    dropped_at = asked["seq"]
    b.retry = False
    b.close()  # seat 1's person is gone mid-match, with a decision open
    gone = wait_for(
        a, lambda m: m.get("type") == "room" and m["seats"][1]["computer_standing_in"], 30
    )
    assert not gone["seats"][1]["connected"] and gone["on_leave"] == "computer"
    updates = play_to_end([a], seed=4, timeout=400)
    assert updates[0][-1]["state"]["over"]  # the match finished
    actions = room_actions(server.rooms_dir, code)
    assert actions[dropped_at].player == 1  # the open decision was made for seat 1
    assert sum(1 for x in actions[dropped_at:] if x.player == 1) > 3
    assert audit(server.rooms_dir, code, 0, updates[0]) > 5


def test_wait_keeps_waiting_until_the_host_changes_it(server, clients):
    # the server's default would hand the seat over after 1 s; the host chose to wait
    a, b, code = _open_duel(server, clients, on_leave="wait", grace=1)
    asked = _play_until_seat_1_decides(a, b, min_seq=4, seed=5)
    b.retry = False
    b.close()
    time.sleep(3)
    assert len(room_actions(server.rooms_dir, code)) == asked["seq"]  # still waiting
    a.send({"type": "room_settings", "on_leave": "computer", "grace": 0})
    changed = wait_for(a, lambda m: m.get("type") == "room" and m["on_leave"] == "computer")
    assert changed["grace"] == 0
    assert _header(server, code)["on_leave"] == "computer"  # kept for a server restart
    wait_for(a, lambda m: m.get("type") == "update" and m["seq"] > asked["seq"], 60)
    assert room_actions(server.rooms_dir, code)[asked["seq"]].player == 1


def test_only_the_host_changes_the_setting(server, clients):
    a, b, code = _open_duel(server, clients, on_leave="wait", grace=30)
    before = (server.rooms_dir / f"{code}.json").read_text()
    b.send({"type": "room_settings", "on_leave": "computer", "grace": 0})
    refused = wait_for(b, is_type("error"))
    assert refused["code"] == "not_host" and "seat 0" in refused["reason"]
    assert (server.rooms_dir / f"{code}.json").read_text() == before  # nothing changed
    a.send({"type": "room_settings"})
    assert wait_for(a, is_type("error"))["code"] == "settings"
    a.send({"type": "room_settings", "grace": 45})
    changed = wait_for(a, lambda m: m.get("type") == "room" and m["grace"] == 45)
    assert changed["on_leave"] == "wait" and changed["host"] == 0


def test_what_the_host_leaves_out_comes_from_the_server(server, clients):
    a, _, _ = _open_duel(server, clients, on_leave="wait")
    said = wait_for(a, is_type("room"))
    assert (said["on_leave"], said["grace"], said["host"]) == ("wait", 1, 0)  # `--grace 1`
    b, _, _ = _open_duel(server, clients)
    said = wait_for(b, is_type("room"))
    assert (said["on_leave"], said["grace"]) == ("computer", 1)


def test_the_hosts_choice_holds_after_a_server_restart(tmp_path, clients):
    # this server's own default hands a dropped seat to the computer after 1 s
    server = ServerProcess(tmp_path / "rooms", extra=["--rate", "300", "--grace", "1"]).start()
    try:
        a, b, code = _open_duel(server, clients, on_leave="wait", grace=1)
        asked = _play_until_seat_1_decides(a, b, min_seq=4, seed=7)
        b.retry = False
        b.close()
        server.stop()
        server.start()
        assert "1 rooms resumed" in server.first_line
        wait_for(a, is_type("seated"), 60)  # the client came back by itself
        back = wait_for(a, is_type("room"))
        assert (back["on_leave"], back["grace"]) == ("wait", 1)
        time.sleep(3)
        assert len(room_actions(server.rooms_dir, code)) == asked["seq"]  # still waiting
        a.send({"type": "room_settings", "on_leave": "computer"})
        wait_for(a, lambda m: m.get("type") == "update" and m["seq"] > asked["seq"], 60)
        assert room_actions(server.rooms_dir, code)[asked["seq"]].player == 1
    finally:
        server.stop()
