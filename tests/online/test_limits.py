"""Limits per client address, through a real server process on loopback.

The tests run every client from 127.0.0.1, which the server exempts unless `--limit-loopback`
is given (the load bench relies on the exemption), so the limits are tested with it.
"""

from __future__ import annotations

import json
import time

from game.online.client import Client
from game.online.limits import AddressLimits, client_address
from tests.online.support import ServerProcess, is_type, wait_for

DUEL = [{"kind": "human", "hero": "artificer"}, {"kind": "human", "hero": "treant"}]


def _limited(tmp_path, *extra) -> ServerProcess:
    args = ["--rate", "300", "--conns-per-address", "3", "--rooms-per-address", "2", *extra]
    return ServerProcess(tmp_path, extra=args).start()


def test_connections_per_address_are_capped_with_a_reason(tmp_path, clients):
    server = _limited(tmp_path, "--limit-loopback")
    try:
        first = [clients(server.url) for _ in range(3)]
        for client in first:  # each is served
            client.ping(1)
            assert wait_for(client, is_type("pong"))["n"] == 1
        extra = Client(server.url, retry=True)
        try:
            refused = wait_for(extra, is_type("error"))
            assert refused["code"] == "conn_limit"
            assert "too many connections from your address (3" in refused["reason"]
            lost = wait_for(extra, lambda m: m.get("state") == "lost")
            assert "too many connections" in lost["reason"]
            assert lost["retrying"] is False  # the client does not hammer the server
        finally:
            extra.close()
        first[0].close()  # one closes: a new connection is let in
        again = clients(server.url)
        again.ping(2)
        assert wait_for(again, is_type("pong"))["n"] == 2
    finally:
        server.stop()


def test_room_creations_per_address_are_capped_and_nothing_is_made(tmp_path, clients):
    server = _limited(tmp_path, "--limit-loopback")
    try:
        maker = clients(server.url)
        codes = []
        for _ in range(2):
            other = clients(server.url) if codes else maker
            other.create("duel", DUEL, seat=0)
            codes.append(wait_for(other, is_type("seated"))["room"])
            if other is not maker:
                other.close()
        files = sorted(p.name for p in server.rooms_dir.glob("*.json"))
        third = clients(server.url)
        third.create("duel", DUEL, seat=0)
        refused = wait_for(third, is_type("error"))
        assert refused["code"] == "room_limit"
        assert "2 rooms in the last 10 minutes" in refused["reason"]
        assert "nothing changed" in refused["reason"]
        assert sorted(p.name for p in server.rooms_dir.glob("*.json")) == files
        # joining a room is not a creation: the refused address still plays
        third.join(codes[0], 1, name="Bo")
        assert wait_for(third, is_type("seated"))["room"] == codes[0]
        header = json.loads((server.rooms_dir / f"{codes[0]}.json").read_text())
        assert header["seats"][1]["name"] == "Bo"
    finally:
        server.stop()


def test_loopback_is_exempt_unless_asked(tmp_path, clients):
    """Without --limit-loopback this machine's own connections are not counted (the hosted
    server's own player, and `python -m bench server`, whose clients all come from here)."""
    server = _limited(tmp_path)
    try:
        many = [clients(server.url) for _ in range(5)]
        for n, client in enumerate(many):
            client.create("duel", DUEL, seat=0)
            assert wait_for(client, is_type("seated"))["room"]
            client.ping(n)
            assert wait_for(client, is_type("pong"))["n"] == n
    finally:
        server.stop()


def test_room_creations_count_only_within_the_window_and_quiet_addresses_are_forgotten():
    limits = AddressLimits(conns=1, rooms=2, window=0.2)
    for _ in range(2):
        assert limits.room_refused("203.0.113.9") is None
        limits.room_created("203.0.113.9")
    assert "2 rooms" in limits.room_refused("203.0.113.9")
    assert limits.room_refused("203.0.113.10") is None  # another address has its own count
    assert limits.room_refused("127.0.0.1") is None and limits.connection_refused("::1") is None
    time.sleep(0.25)
    assert limits.room_refused("203.0.113.9") is None
    assert limits.created == {}  # nothing kept for an address gone quiet
    limits.opened("203.0.113.9")
    assert "too many connections" in limits.connection_refused("203.0.113.9")
    limits.closed("203.0.113.9")
    assert limits.connection_refused("203.0.113.9") is None and not limits.open
    assert client_address(("::ffff:198.51.100.7", 5000, 0, 0)) == "198.51.100.7"
