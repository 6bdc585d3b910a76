"""Rooms in one process: idle rooms close, files survive a restart, a torn line is dropped."""

from __future__ import annotations

import json

from game.ai import make_ai
from game.online.rooms import CODE_ALPHABET, RoomStore, SeatInfo, make_room, new_code
from game.online.server import IDLE_FINISHED, IDLE_WAITING, GameServer


def _duel_room(code: str):
    seats = [SeatInfo("human", "treant"), SeatInfo("human", "huntress")]
    room = make_room(code, "duel", seats)
    room.take(0, "")
    room.take(1, "")
    room.begin()
    return room


def _play(room, store, count: int | None = None):
    ai = make_ai("random", 1)
    engine = room.engine
    while not engine.over and (count is None or len(engine.actions) < count):
        action = ai.decide(engine, engine.pending)
        engine.apply(action)
        store.append_action(room, action)


def test_codes_are_long_random_and_tokens_are_stored_only_as_hashes(tmp_path):
    codes = {new_code(set()) for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 10 and set(c) <= set(CODE_ALPHABET) for c in codes)
    store = RoomStore(tmp_path)
    room = make_room("ABCDEFGHJK", "duel", [SeatInfo("human", "monk"), SeatInfo("human", "ninja")])
    token = room.take(0, "Ann")
    store.save_header(room)
    text = (tmp_path / "ABCDEFGHJK.json").read_text()
    assert token not in text
    assert room.seat_of(token) == 0 and room.seat_of(token + "x") is None


def test_a_reloaded_room_is_the_same_match_and_a_torn_last_line_is_dropped(tmp_path):
    store = RoomStore(tmp_path)
    room = _duel_room("ROOMAAAAAA")
    store.save_header(room)
    _play(room, store, count=30)
    digest = room.engine.digest()
    with open(tmp_path / "ROOMAAAAAA.actions.jsonl", "a") as handle:
        handle.write('{"player": 0, "ki')  # the server died mid-write
    rooms, notes = store.load_all()
    assert [r.code for r in rooms] == ["ROOMAAAAAA"]
    assert rooms[0].engine.digest() == digest
    assert any("damaged last action" in n for n in notes)
    broken = tmp_path / "BROKENROOM.json"
    broken.write_text(json.dumps({"kind": "online_room", "version": 99}))
    rooms2, notes2 = store.load_all()
    assert [r.code for r in rooms2] == ["ROOMAAAAAA"]
    assert any("BROKENROOM.json" in n and "newer version" in n for n in notes2), notes2
    assert broken.exists()  # a newer file is left as it is
    torn = tmp_path / "TORNROOMXX.json"
    torn.write_text('{"kind": "online_ro')
    rooms3, notes3 = store.load_all()
    assert [r.code for r in rooms3] == ["ROOMAAAAAA"]
    assert any("TORNROOMXX.json" in n and "a copy is kept" in n for n in notes3), notes3
    assert torn.exists() and list(tmp_path.glob("TORNROOMXX.json.damaged-*"))
    for r in rooms + rooms2 + rooms3:
        r.engine.close()
    room.engine.close()


def test_idle_finished_and_abandoned_rooms_close_and_live_ones_stay(tmp_path):
    server = GameServer(tmp_path)
    try:
        finished = _duel_room("FINISHEDAA")
        server.store.save_header(finished)
        _play(finished, server.store)
        live = _duel_room("LIVEAAAAAA")
        waiting = make_room(
            "WAITINGAAA", "duel", [SeatInfo("human", "monk"), SeatInfo("human", "ninja")]
        )
        for room in (finished, live, waiting):
            server.rooms[room.code] = room
            room.seen = 0.0
        assert server.sweep(now=IDLE_FINISHED / 2) == []
        assert server.sweep(now=IDLE_FINISHED + 1) == ["FINISHEDAA"]
        assert (tmp_path / "finished" / "FINISHEDAA.json").exists()
        assert server.sweep(now=IDLE_WAITING + 1) == ["WAITINGAAA"]
        assert server.sweep(now=10 * IDLE_WAITING) == []  # a match in progress is kept
        assert set(server.rooms) == {"LIVEAAAAAA"}
    finally:
        server.close()


def test_the_server_and_client_load_no_pygame():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import game.online.server, game.online.client, game.online.workers\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk', 'game.ui')]\n"
        "bad += [m for m in sys.modules if m.startswith('game.ui')]\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_hosts_leave_setting_survives_a_restart(tmp_path):
    store = RoomStore(tmp_path)
    room = _duel_room("SETTINGSAA")
    room.host, room.on_leave, room.grace = 1, "computer", 45.0
    store.save_header(room)
    older = _duel_room("OLDFILEAAA")  # a file from before rooms had the setting
    store.save_header(older)
    path = tmp_path / "OLDFILEAAA.json"
    data = json.loads(path.read_text())
    for key in ("host", "on_leave", "grace"):
        del data[key]
    path.write_text(json.dumps(data))
    rooms, _ = store.load_all(on_leave="wait", grace=20.0)
    loaded = {r.code: (r.host, r.on_leave, r.grace) for r in rooms}
    assert loaded == {"SETTINGSAA": (1, "computer", 45.0), "OLDFILEAAA": (0, "wait", 20.0)}
    for r in [*rooms, room, older]:
        r.engine.close()


def test_a_boss_room_reloads_as_the_same_match(tmp_path):
    store = RoomStore(tmp_path)
    seats = [
        SeatInfo("human", "huntress"),
        SeatInfo("human", "treant"),
        SeatInfo("human", "mad_king"),
    ]
    room = make_room("BOSSROOMAA", "boss_vs_many", seats)
    for seat in range(3):
        room.take(seat, "")
    room.begin()
    store.save_header(room)
    _play(room, store, count=40)
    rooms, notes = store.load_all()
    assert rooms[0].mode == "boss_vs_many" and not notes
    assert rooms[0].engine.digest() == room.engine.digest()
    for r in [*rooms, room]:
        r.engine.close()


def test_a_mission_room_keeps_its_difficulty_while_it_waits_for_players(tmp_path):
    store = RoomStore(tmp_path)
    seats = [SeatInfo("human", "huntress"), SeatInfo("human", "treant")]
    room = make_room("MISSIONAAA", "mission", seats)
    room.mission, room.difficulty_up, room.easier = "reactor_run", 2, ("momentum",)
    store.save_header(room)
    (loaded,), _ = store.load_all()
    assert (loaded.mission, loaded.difficulty_up, loaded.easier) == (
        "reactor_run",
        2,
        ("momentum",),
    )
    for seat in range(2):
        loaded.take(seat, "")
    loaded.begin()
    try:
        setup = loaded.engine.setup
        assert (setup.mission, setup.difficulty_up, setup.easier) == (
            "reactor_run",
            2,
            ("momentum",),
        )
    finally:
        loaded.engine.close()
