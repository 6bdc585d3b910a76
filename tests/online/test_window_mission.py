"""Two windows play a co-op Mission through `game serve` on the online Missions board.

Each window's board (`OnlineMissionScene`) draws from a `MissionTable` fed only by the link's
updates: no engine, no esper world in this process. Every answer is the scene's own `act` (a
click leads there), sent as an option number.
"""

from __future__ import annotations

import json
import random
import time

import esper
import pytest

from game.online.link import OnlineLink
from game.online.mission_table import MissionTable
from game.paths import user_data_dir
from game.persistence.settings import Settings
from game.ui.app import STEP, App
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.online_menu import OnlineScene
from game.ui.scenes.online_mission import OnlineMissionResultScene, OnlineMissionScene
from tests.online import test_window as W
from tests.online.support import ServerProcess, room_actions
from tests.online.test_mission_rooms import _table
from tests.online.test_window import frames, join, seat_shows

_loopback = W._loopback  # the hosted server binds to loopback only
windows = W.windows


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


SEATS = [
    {"kind": "human", "hero": "cursed_pirate"},
    {"kind": "human", "hero": "huntress"},
    {"kind": "computer", "hero": "treant"},
]


def _pump(links, until, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise TimeoutError([(link.state, link.error, link.seat) for link in links])
        for link in links:
            link.poll()
        time.sleep(0.005)


def answer_randomly(rng):
    def act(scene) -> None:
        if not isinstance(scene, OnlineMissionScene):
            return
        scene.skip()  # the narration at once
        choice = scene.source.pending
        remote = scene.source.remote
        if choice is None or not remote.mine or scene.sent_for is choice or scene.narrating():
            return
        scene.act(rng.choice(choice.options).action)

    return act


def _open(server, tmp_path):
    """Ann opens a Harbor Heist room (no lobby: it starts when Bo sits down), Bo joins."""
    ann = OnlineLink(server.url, name="Ann", remember=False)
    ann.host_mission("harbor_heist", SEATS, lobby=False)
    _pump([ann], lambda: ann.code != "")
    bo = OnlineLink(server.url, name="Bo", remember=False)
    bo.join_room(ann.code)
    _pump([ann, bo], lambda: ann.latest is not None and bo.latest is not None)
    return ann, bo


def _host_mission(app, heroes: int = 3) -> LobbyScene:
    """Ann hosts Harbor Heist for `heroes` Heroes from the Online screen."""
    menu = OnlineScene(app, serve_extra=("--rate", "300"))
    app.push(menu)
    menu.name.text, menu.port.text = "Ann", "0"
    menu._set_mode("mission")
    assert menu.mission_button in menu.buttons and menu.timer_button in menu.buttons
    while menu.mission != "harbor_heist":
        menu._next_mission()
    while menu.boss_heroes != heroes:
        menu._next_count()
    menu.host()
    frames([app], lambda: isinstance(app.scene, LobbyScene), timeout=60)
    return app.scene


def _keep_updates(link, into: list) -> None:
    """Every update the link receives, as JSON, for the comparison with the board's table."""
    original = link._take

    def keep(message):
        if message.get("type") == "update":
            into.append(json.loads(json.dumps(message)))
        original(message)

    link._take = keep


def test_two_windows_and_a_computer_hero_play_a_mission_round_on_the_board(windows):
    worlds = set(esper.list_worlds())
    a, b = windows(), windows()
    lobby_a = _host_mission(a)
    assert lobby_a.link.room["mode"] == "mission" and lobby_a.link.room["mission"] == "harbor_heist"
    lobby_b = join(b, lobby_a)  # the refusal is gone: the lobby opens
    assert lobby_b.link.seat == 1
    frames([a, b], lambda: seat_shows(lobby_a, 1, name="Bo", connected=True))
    lobby_a.step_kind(2)  # the third Hero is the computer's
    frames([a, b], lambda: seat_shows(lobby_a, 2, kind="computer"))
    lobby_a.set_hero(0, "cursed_pirate")
    lobby_b.set_hero(1, "huntress")
    lobby_a.set_hero(2, "treant")
    frames([a, b], lambda: seat_shows(lobby_b, 2, kind="computer", hero="treant"))
    frames([a, b], lambda: seat_shows(lobby_a, 1, hero="huntress"))
    frames([a, b], lambda: seat_shows(lobby_b, 0, hero="cursed_pirate"))
    sent: dict[int, list[dict]] = {0: [], 1: []}
    _keep_updates(lobby_a.link, sent[0])
    _keep_updates(lobby_b.link, sent[1])
    lobby_a.draw(a.screen)
    lobby_a.toggle_ready()
    lobby_b.toggle_ready()
    frames([a, b], lambda: all(isinstance(w.scene, OnlineMissionScene) for w in (a, b)))
    board_a, board_b = a.scene, b.scene
    assert board_a.engine is None and board_b.engine is None
    assert [h.hero for h in board_b.source.heroes] == ["cursed_pirate", "huntress", "treant"]
    assert board_a.seat_label(0) == "You" and board_a.seat_label(1) == "Bo"
    assert board_a.seat_label(2) == "CPU"
    # teammates see each other's hands (core rule 110)
    assert board_a.source.heroes[1].hand and all(board_a.source.heroes[1].hand)
    rounds = lambda: all(s.source.info.round >= 2 or s.source.over for s in (board_a, board_b))  # noqa: E731
    frames([a, b], rounds, timeout=240, act=answer_randomly(random.Random(3)))
    for app in (a, b):
        app.scene.draw(app.screen)
    # the round was played by both people and the computer Hero, all through the server
    actions = room_actions(user_data_dir() / "online_rooms", board_a.link.code)
    assert {x.player for x in actions} == {0, 1, 2}
    assert len(board_a.log) > 20  # the narration told the server's events
    # each board's table is what the server sent that seat, taken afresh
    for board, seat in ((board_a, 0), (board_b, 1)):
        fresh = MissionTable(board.source.db, board.source.content, seat)
        for message in sent[seat]:
            fresh.take(message)
        board.source.drain()
        assert _table(board.source)[:5] == _table(fresh)[:5]
        assert [e.text for e in board.source.log] == [e.text for e in fresh.log]
    # the window ran no engine: no esper world was made in this process
    assert set(esper.list_worlds()) == worlds
    # Bo closes the window: Ann's roster says so
    b.reset(OnlineScene(b))
    frames([a], lambda: board_a.link.poll() is not None and board_a.seat_label(1) == "Bo (away)")


def test_a_mission_board_rides_out_a_server_restart_and_continue_takes_it_back(windows):
    """The hosting server stops mid-Mission: the board says so and keeps drawing; started again
    (it replays the room's Mission), the seat resumes and play goes on. Leave to title, then
    Continue: the same decision on the same table."""
    from game.persistence.saved_games import list_saved_games
    from game.ui.scenes.continue_list import ContinueScene
    from game.ui.scenes.online_duel import connection_words
    from game.ui.scenes.title import TitleScene

    app = windows()
    lobby = _host_mission(app, heroes=2)
    lobby.step_kind(1)
    frames([app], lambda: seat_shows(lobby, 1, kind="computer"))
    lobby.set_hero(0, "treant")
    frames([app], lambda: seat_shows(lobby, 0, hero="treant"))
    lobby.toggle_ready()
    frames([app], lambda: isinstance(app.scene, OnlineMissionScene))
    board, link = app.scene, app.scene.link
    act = answer_randomly(random.Random(4))
    frames([app], lambda: board.source.remote.seq > 6, act=act)
    seq_before, port = board.source.remote.seq, link.hosted.port
    link.hosted.stop()
    frames([app], lambda: link.state == "lost")
    for _ in range(30):  # the window keeps running its frames while the link is down
        board.update(STEP)
        board.draw(app.screen)
    assert connection_words(link)[0] == "Reconnecting..." and app.scene is board
    assert board.message == "Connection lost - reconnecting..."
    link.hosted = W.link_module.HostedServer(port, extra=("--rate", "300"))
    frames([app], lambda: link.state == "connected", timeout=60)
    frames([app], lambda: board.source.remote.seq > seq_before, timeout=60, act=act)
    # our own decision open: leave, and Continue brings the same one back
    frames([app], lambda: board.source.remote.mine and board.sent_for is None, act=None)
    seq, hands = board.source.remote.seq, [list(h.hand) for h in board.source.heroes]
    board._quit()
    assert isinstance(app.scene, TitleScene)
    entries, _ = list_saved_games()
    online = [e for e in entries if e.kind == "online"]
    assert len(online) == 1 and "Co-op Mission" in online[0].title
    menu = ContinueScene(app)
    app.push(menu)
    menu.pick(menu.entries.index(online[0]))
    frames([app], lambda: isinstance(app.scene, OnlineMissionScene), timeout=60)
    back = app.scene
    assert back.source.remote.seq == seq and back.source.remote.mine
    assert [list(h.hand) for h in back.source.heroes] == hands


def test_the_result_screen_shows_the_view(server, tmp_path):
    """The end screen is built from the table alone (a finished view), never an engine."""
    ann, bo = _open(server, tmp_path)
    app = App(Settings(), size=(1280, 720))
    try:
        board = OnlineMissionScene(app, ann)
        app.push(board)
        board.source.info.over, board.source.info.result = True, "lost"
        board.skip()
        frames([app], lambda: isinstance(app.scene, OnlineMissionResultScene), timeout=30)
        end = app.scene
        assert end.result["result"] == "lost" and end.result["mission"] == "harbor_heist"
        assert end.buttons[0].label == "Online"
        end.draw(app.screen)
    finally:
        ann.close()
        bo.close()


def test_the_online_missions_board_draws_the_turn_timers_clock(monkeypatch):
    """A timed co-op Mission room: the board shows the seconds left beside the connection
    indicator; an untimed room's board shows no clock."""
    from game.persistence.settings import Settings
    from game.ui import online_preview
    from game.ui.app import App
    from game.ui.scenes import online_duel
    from game.ui.scenes.online_mission import OnlineMissionScene

    said: list[str] = []
    real = online_duel.draw_text

    def spy(surface, words, *args, **kwargs):
        said.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(online_duel, "draw_text", spy)
    app = App(Settings(sound_volume=0.0, music_volume=0.0), size=(1280, 720))
    try:
        untimed = OnlineMissionScene(app, online_preview.mission_link())
        app.push(untimed)
        untimed.draw(app.screen)
        assert untimed.source.seconds_left() is None
        assert not any(":" in w and w.replace(":", "").isdigit() for w in said)
        app.pop()
        link = online_preview.mission_link()
        link.latest["time_left"] = 75.0
        timed = OnlineMissionScene(app, link)
        app.push(timed)
        said.clear()
        timed.draw(app.screen)
        assert timed.source.pending is not None and 74 <= timed.source.seconds_left() <= 75
        assert any(w in ("1:15", "1:14") for w in said), said
    finally:
        app.close()
