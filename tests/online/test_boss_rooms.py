"""Boss vs Many and Boss vs Boss through a real server process: people and computer seats of
every level, played to the end, every update audited."""

from __future__ import annotations

import pytest

from tests.online.support import ServerProcess, audit, is_type, play_to_end, room_actions, wait_for


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(tmp_path_factory.mktemp("rooms"), extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def test_boss_vs_many_with_a_person_as_the_boss_and_computer_heroes(server, clients):
    seats = [
        {"kind": "human", "hero": "cursed_pirate"},
        {"kind": "computer", "hero": "huntress", "level": "hard"},
        {"kind": "computer", "hero": "treant", "level": "easy"},
        {"kind": "human", "hero": "mad_king"},  # the Boss sits last
    ]
    a = clients(server.url)
    a.create("boss_vs_many", seats, seat=0, name="Ann")
    code = wait_for(a, is_type("seated"))["room"]
    boss = clients(server.url)
    boss.join(code, 3, name="Bo")
    wait_for(boss, is_type("seated"))
    updates = play_to_end([a, boss], seed=7, timeout=900)
    final = updates[1][-1]["state"]
    assert final["over"] and final["mode"] == "boss_vs_many"
    assert {x.player for x in room_actions(server.rooms_dir, code)} == {0, 1, 2, 3}
    # the Boss's Action hand goes to the Boss's seat only
    assert "hand" in updates[1][-2]["state"]["players"][3]
    assert "hand" not in updates[0][-2]["state"]["players"][3]
    assert audit(server.rooms_dir, code, 0, updates[0]) > 10
    assert audit(server.rooms_dir, code, 3, updates[1]) > 10


def test_boss_vs_boss_against_a_computer_boss(server, clients):
    seats = [
        {"kind": "human", "hero": "fallen_barbarian"},
        {"kind": "computer", "hero": "fallen_gunslinger", "level": "random"},
    ]
    a = clients(server.url)
    a.create("boss_vs_boss", seats, seat=0)
    code = wait_for(a, is_type("seated"))["room"]
    updates = play_to_end([a], seed=8, timeout=900)
    assert updates[0][-1]["state"]["over"]
    assert {x.player for x in room_actions(server.rooms_dir, code)} == {0, 1}
    assert audit(server.rooms_dir, code, 0, updates[0]) > 10


def test_a_boss_room_is_checked_when_it_is_made(server, clients):
    a = clients(server.url)
    hero = {"kind": "human", "hero": "monk"}
    a.create("boss_vs_many", [hero, {"kind": "computer", "hero": "ninja"}, hero], seat=0)
    refused = wait_for(a, is_type("error"))
    assert refused["code"] == "hero" and "seat 2 is a Boss's" in refused["reason"]
    a.create("boss_vs_many", [hero, {"kind": "computer", "hero": "mad_king"}], seat=0)
    assert "3-5 seats" in wait_for(a, is_type("error"))["reason"]
    a.create("boss_vs_boss", [{"kind": "human", "hero": "mad_king"}, hero], seat=0)
    assert wait_for(a, is_type("error"))["code"] == "hero"


def test_a_boss_lobby_keeps_bosses_in_the_boss_seats(server, clients):
    """`pick` and `set_seat` in a lobby are checked as `create` is: a Boss in a Boss's seat, a
    hero anywhere else; a refusal changes nothing."""
    seats = [
        {"kind": "human", "hero": "monk"},
        {"kind": "human", "hero": "ninja"},
        {"kind": "human", "hero": "mad_king"},
    ]
    a = clients(server.url)
    a.create("boss_vs_many", seats, seat=0, lobby=True)
    code = wait_for(a, is_type("seated"))["room"]
    a.set_seat(2, "computer", "treant", "easy")  # a hero in the Boss's seat
    refused = wait_for(a, is_type("error"))
    assert refused["code"] == "hero" and "seat 2 is a Boss's" in refused["reason"]
    a.pick("fallen_monk")  # a Boss in a hero's seat
    assert wait_for(a, is_type("error"))["code"] == "hero"
    a.set_seat(2, "computer", "fallen_gunslinger", "hard")
    room = wait_for(a, lambda m: m.get("type") == "room" and m["seats"][2]["kind"] == "computer")
    assert room["seats"][2]["hero"] == "fallen_gunslinger"
    assert [s["hero"] for s in room["seats"][:2]] == ["monk", "ninja"]
    boss = clients(server.url)
    boss.join(code, 1, name="Bo")
    wait_for(boss, is_type("seated"))
    boss.pick("mad_king")
    assert wait_for(boss, is_type("error"))["code"] == "hero"
    boss.pick("huntress")
    wait_for(boss, lambda m: m.get("type") == "room" and m["seats"][1]["hero"] == "huntress")
