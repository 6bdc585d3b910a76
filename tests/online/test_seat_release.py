"""Giving a seat back (`release`): in the lobby the seat opens again and its token stops
working, also after a server restart; during the match it is refused."""

from __future__ import annotations

import json

import pytest

from game.online.protocol import BadMessage, parse
from tests.online.support import ServerProcess, is_type, wait_for

SEATS = [{"kind": "human", "hero": "cursed_pirate"}, {"kind": "human", "hero": "huntress"}]


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _lobby(server, clients, lobby=True):
    host = clients(server.url)
    host.create("duel", SEATS, seat=0, name="Ann", lobby=lobby)
    code = wait_for(host, is_type("seated"))["room"]
    guest = clients(server.url)
    guest.join(code, 1, name="Bo")
    seated = wait_for(guest, is_type("seated"))
    return host, guest, code, seated["token"]


def test_the_schema_knows_release_and_refuses_extra_fields():
    assert parse('{"type": "release"}').type == "release"
    with pytest.raises(BadMessage):
        parse('{"type": "release", "seat": 0}')  # a message never names a seat


def test_a_guest_gives_the_seat_back_in_the_lobby(server, clients):
    host, guest, code, token = _lobby(server, clients)
    guest.ready()
    wait_for(host, lambda m: m["type"] == "room" and m["seats"][1]["ready"])
    guest.release()
    assert wait_for(guest, is_type("released")) == {"type": "released", "room": code, "seat": 1}
    # the host sees at once: the seat is open, nameless, not ready; a notice says who went
    notice = wait_for(host, lambda m: m["type"] == "notice" and m["event"] == "released")
    assert notice["seat"] == 1 and notice["name"] == "Bo"
    room = wait_for(host, lambda m: m["type"] == "room" and not m["seats"][1]["taken"])
    assert room["seats"][1]["name"] == "" and not room["seats"][1]["ready"]
    # the old token no longer resumes it, with the reason
    again = clients(server.url)
    again.resume(code, token)
    refused = wait_for(again, is_type("error"))
    assert refused["code"] == "released" and "gave this seat back" in refused["reason"]
    # somebody else (or the same person, anew) may take the seat
    other = clients(server.url)
    other.join(code, 1, name="Cy")
    assert wait_for(other, is_type("seated"))["seat"] == 1
    room = wait_for(host, lambda m: m["type"] == "room" and m["seats"][1]["name"] == "Cy")
    assert room["seats"][1]["taken"]


def test_the_host_keeps_their_seat_and_a_stranger_has_none_to_give(server, clients):
    host, _guest, code, _ = _lobby(server, clients)
    host.release()
    assert wait_for(host, is_type("error"))["code"] == "host"
    stranger = clients(server.url)
    stranger.release()
    assert wait_for(stranger, is_type("error"))["code"] == "no_seat"
    spectator = clients(server.url)
    spectator.watch(code, name="Sam")
    wait_for(spectator, is_type("watching"))
    spectator.release()
    assert wait_for(spectator, is_type("error"))["code"] == "spectator"
    host.ping(7)
    wait_for(host, is_type("pong"))
    assert not [m for m in host.seen if m["type"] == "released"]
    header = json.loads((server.rooms_dir / f"{code}.json").read_text())  # nothing changed
    assert header["seats"][0]["token_sha256"] and header["seats"][1]["token_sha256"]
    assert header["released"] == []


def test_release_is_refused_during_the_match(server, clients):
    _host, guest, code, token = _lobby(server, clients, lobby=False)  # starts when full
    wait_for(guest, is_type("update"))
    guest.release()
    refused = wait_for(guest, is_type("error"))
    assert refused["code"] == "started" and "nothing changed" in refused["reason"]
    # the seat and its token are still the guest's
    again = clients(server.url)
    again.resume(code, token)
    assert wait_for(again, is_type("seated"))["seat"] == 1


def test_a_restart_keeps_the_seat_open_and_the_old_token_refused(tmp_path, clients):
    server = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    try:
        _host, guest, code, token = _lobby(server, clients)
        guest.release()
        wait_for(guest, is_type("released"))
        header = json.loads((server.rooms_dir / f"{code}.json").read_text())
        assert header["seats"][1]["token_sha256"] == "" and len(header["released"]) == 1
        assert token not in json.dumps(header)  # only its hash is kept
        server.stop()
        server = ServerProcess(server.rooms_dir, port=server.port, extra=["--rate", "300"]).start()
        again = clients(server.url)
        again.resume(code, token)
        assert wait_for(again, is_type("error"))["code"] == "released"
        other = clients(server.url)
        other.join(code, 1, name="Cy")
        assert wait_for(other, is_type("seated"))["seat"] == 1
    finally:
        server.stop()
