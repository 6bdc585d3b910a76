"""The Online screen's difficulty for co-op rooms: the Host panel cycles the offline menus'
choices, the `create` message carries the one picked, and a real server opens the room so."""

from __future__ import annotations

import threading

from game.online.link import OnlineLink
from game.ui.scenes.online_menu import (
    ADVENTURE,
    MISSION,
    OnlineScene,
    adventure_difficulties,
    mission_difficulties,
)
from tests.online import test_window as base
from tests.online.test_window import frames

_loopback = base._loopback  # the fixtures of the window tests (loopback only; the windows)
windows = base.windows


class SentClient:
    """A connected client that keeps what it is asked to send."""

    version = 1

    def __init__(self) -> None:
        self.connected = threading.Event()
        self.connected.set()
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.connected.clear()


class ReadyServer:
    local_url = "ws://127.0.0.1:1"

    def poll(self) -> str:
        return "ready"

    def stop(self) -> None:
        pass


def _hosted_message(app, mode: str, clicks: int) -> dict:
    """Pick `mode` on the Host panel, click its difficulty `clicks` times and host: the
    `create` message the link sends."""
    client = SentClient()
    menu = OnlineScene(app)
    menu.make_link = lambda url, **kw: OnlineLink(url, client=client, **kw)
    app.push(menu)
    menu._set_mode(mode)
    assert menu.difficulty_button in menu.buttons
    for _ in range(clicks):
        menu.difficulty_button.on_click()
    menu.hosted, menu.pending = ReadyServer(), "host"
    menu.update(0.0)
    (message,) = client.sent
    assert message["type"] == "create" and message["mode"] == mode
    return message


def test_the_host_panel_sends_the_difficulty_picked_for_each_co_op_mode(windows):
    app = windows()
    message = _hosted_message(app, MISSION, 2)
    assert (message["difficulty_up"], message["easier"]) == (2, [])
    assert "timer" not in message  # no turn timer picked
    assert app.scene.difficulty_button.label == "Difficulty: Harder +2"
    easier_all = len(mission_difficulties()) - 1
    message = _hosted_message(app, MISSION, easier_all)
    assert message["difficulty_up"] == 0
    assert sorted(message["easier"]) == ["double_pp", "health", "momentum"]
    assert app.scene.difficulty_button.label == "Easier: all 3"
    # a co-op Mission's turn timer sits on the difficulty's row and goes in the message
    menu = app.scene
    assert menu.timer_button in menu.buttons and menu.mission_button in menu.buttons
    assert menu.timer_button.rect.y == menu.difficulty_button.rect.y
    assert not menu.timer_button.rect.colliderect(menu.difficulty_button.rect)
    menu._set_mode(MISSION)
    menu.timer_button.on_click()
    menu.hosted, menu.pending, menu.link = ReadyServer(), "host", None
    client = SentClient()
    menu.make_link = lambda url, **kw: OnlineLink(url, client=client, **kw)
    menu.update(0.0)
    assert client.sent[0]["timer"] == 30
    # Adventures: easy .. heroic as the offline menu offers them, Normal first
    ids = list(adventure_difficulties())
    assert ids[:2] == ["easy", "normal"] and "heroic" in ids
    message = _hosted_message(app, ADVENTURE, 1)
    assert message["adventure_difficulty"] == ids[(ids.index("normal") + 1) % len(ids)] == "hard"
    assert app.scene.difficulty_button.label == "Difficulty: Hard"
    # the other modes have no difficulty button
    app.scene._set_mode("duel")
    assert app.scene.difficulty_button not in app.scene.buttons


def _host(app, mode: str, picked, timer_clicks: int = 0) -> object:
    """Host `mode` from the Online screen once `picked(menu)` says its difficulty is chosen
    (clicking the difficulty button until then; the turn timer's `timer_clicks` times): the
    lobby scene."""
    from game.ui.scenes.lobby import LobbyScene

    menu = OnlineScene(app, serve_extra=("--rate", "300"))
    app.push(menu)
    menu.name.text, menu.port.text = "Ann", "0"
    menu._set_mode(mode)
    while not picked(menu):
        menu.difficulty_button.on_click()
    for _ in range(timer_clicks):
        menu.timer_button.on_click()
    menu.host()
    frames([app], lambda: isinstance(app.scene, LobbyScene), timeout=60)
    return app.scene


def test_a_mission_room_hosted_harder_with_a_timer_is_created_so(windows):
    from game.ui.scenes.lobby import difficulty_words

    lobby = _host(windows(), MISSION, lambda m: m.mission_difficulty == (3, ()), timer_clicks=2)
    assert lobby.link.room["difficulty_up"] == 3 and lobby.link.room["easier"] == []
    assert lobby.link.room["timer"] == 60
    assert difficulty_words(lobby.link.room) == "Harder +3"


def test_an_adventures_room_hosted_heroic_is_created_heroic(windows):
    from game.ui.scenes.lobby import difficulty_words

    app = windows()
    menu = OnlineScene(app, serve_extra=("--rate", "300"))
    app.push(menu)
    menu.name.text, menu.port.text = "Ann", "0"
    menu._set_mode(ADVENTURE)
    while menu.adventure_difficulty != "heroic":
        menu.difficulty_button.on_click()
    menu.host()
    frames([app], lambda: app.scene is not menu and hasattr(app.scene, "link"), timeout=60)
    lobby = app.scene
    assert lobby.link.room["adventure_difficulty"] == "heroic"
    assert difficulty_words(lobby.link.room) == "Heroic"


def test_a_mission_rooms_turn_timer_runs_out_and_the_computer_decides(tmp_path):
    """The server runs a co-op Mission room's turn timer as a duel's: nobody answers, the
    update says the seconds left, and when they run out the computer decides for the seat."""
    from tests.online.support import ServerProcess
    from tests.online.test_window_mission import SEATS, _pump

    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    links: list[OnlineLink] = []
    try:
        ann = OnlineLink(proc.url, name="Ann", remember=False)
        heard: list[dict] = []  # everything the server tells Ann, in order
        take = ann._take
        ann._take = lambda message: (heard.append(message), take(message))[1]
        ann.host_mission("harbor_heist", SEATS, lobby=False, timer=2)
        _pump([ann], lambda: ann.code != "")
        bo = OnlineLink(proc.url, name="Bo", remember=False)
        links += [ann, bo]
        bo.join_room(ann.code)
        _pump([ann, bo], lambda: ann.latest is not None and bo.latest is not None)
        assert ann.room["timer"] == 2

        def updates_after(first: int):
            return [i for i, m in enumerate(heard) if i > first and m.get("type") == "update"]

        # wait for a person's decision with the clock running, then answer nothing
        _pump([ann, bo], lambda: (ann.latest or {}).get("time_left") is not None, timeout=60)
        clock = next(i for i, m in enumerate(heard) if m.get("type") == "update" and m["time_left"])
        seq = heard[clock]["seq"]
        _pump([ann, bo], lambda: any(heard[i]["seq"] > seq for i in updates_after(clock)))
        moved = next(i for i in updates_after(clock) if heard[i]["seq"] > seq)
        # not before the clock ran out: the server told the room that the computer stands in
        # for a person before its answer moved the match on (timing the wait here said nothing
        # on a loaded machine: the update with the clock may be read a second late, together
        # with what followed it)
        assert any(
            m.get("type") == "room" and any(s["computer_standing_in"] for s in m["seats"])
            for m in heard[clock:moved]
        )
    finally:
        for link in links:
            link.close()
        proc.stop()
