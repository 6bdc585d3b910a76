"""The window's online screens against a real `game serve` process on loopback.

Two windows (SDL dummy) host and join through the Online screen and the lobby, and play a
duel to its end through the online board (`OnlineDuelScene`): every answer is the scene's own
`act`, which a click leads to. A second test stops the server mid-match: the board keeps
drawing and says "Reconnecting...", and when the server is started again the seat resumes
with its token and the match goes on.
"""

from __future__ import annotations

import random
import time

import esper
import pytest

from game.online import link as link_module
from game.online.table import HIDDEN_CARD
from game.persistence.settings import Settings
from game.ui.app import STEP, App
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.online_duel import OnlineDuelScene, OnlineEndScene, connection_words
from game.ui.scenes.online_menu import OnlineScene


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setattr(link_module, "HOST_BIND", "127.0.0.1")  # loopback only on this machine


@pytest.fixture
def windows():
    made: list[App] = []

    def make() -> App:
        app = App(Settings(), size=(1280, 720))
        made.append(app)
        return app

    yield make
    for app in made:
        for scene in app.scenes:
            link = getattr(scene, "link", None)
            if link is not None:
                link.close()
            hosted = getattr(scene, "hosted", None)
            if hosted is not None:
                hosted.stop()


def frames(apps, until, timeout=60.0, draw_every=10, act=None):
    """Run the windows' loops (update, and draw now and then) until `until()` holds."""
    deadline = time.monotonic() + timeout
    n = 0
    while not until():
        if time.monotonic() > deadline:
            raise TimeoutError(f"still waiting; {[_state(a) for a in apps]}")
        n += 1
        for app in apps:
            scene = app.scene
            scene.update(STEP)
            if n % draw_every == 0:
                scene.draw(app.screen)
            if act is not None:
                act(scene)
        time.sleep(0.002)


def _state(app) -> str:
    """What a window shows, for a test that waited in vain."""
    scene = app.scene
    out = type(scene).__name__
    for each in app.scenes:
        link = getattr(each, "link", None)
        table = getattr(each, "source", None)
        if link is not None and table is not None:
            remote = table.remote
            out += f" seq={remote and remote.seq} mine={remote and remote.mine}"
            out += f" kind={remote and remote.choice.kind} answered={each.sent_for is not None}"
            out += f" link={link.state} refused={each.last_refusal!r}"
            if link.hosted is not None:
                link.hosted.poll()
                out += f" server said: {link.hosted._tail[-3:]}"
    return out


def host(app, name="Ann", mode="duel") -> LobbyScene:
    """Host from the Online screen (the server keeps its rooms in the user data folder, a
    temporary one in tests, where Continue finds them again)."""
    # scripted answers come far faster than a person's: allow it (as tests/online/test_server.py)
    menu = OnlineScene(app, serve_extra=("--rate", "300"))
    app.push(menu)
    menu.name.text, menu.port.text = name, "0"  # any free port
    menu._set_mode(mode)
    menu.host()
    frames([app], lambda: isinstance(app.scene, LobbyScene), timeout=60)
    return app.scene


def join(app, lobby: LobbyScene, name="Bo") -> LobbyScene:
    menu = OnlineScene(app)
    app.push(menu)
    menu.name.text = name
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code.lower()  # typed in small letters: still the code
    menu.join()
    frames([app], lambda: isinstance(app.scene, LobbyScene))
    return app.scene


def seat_shows(lobby: LobbyScene, seat: int, **want) -> bool:
    room = lobby.link.room
    return bool(room) and all(room["seats"][seat].get(k) == v for k, v in want.items())


def answer_randomly(rng):
    def act(scene) -> None:
        if not isinstance(scene, OnlineDuelScene):
            return
        scene.presenter.skip()
        scene.motion.skip()
        choice = scene.source.pending
        remote = scene.source.remote
        if choice is None or not remote.mine or scene.sent_for is choice:
            return
        scene.act(rng.choice(choice.options).action)

    return act


def test_two_windows_host_join_and_play_a_duel_to_the_end(windows):
    worlds = set(esper.list_worlds())
    a, b = windows(), windows()
    lobby_a = host(a)
    assert lobby_a.link.is_host and lobby_a.link.code
    lobby_b = join(b, lobby_a)
    assert lobby_b.link.seat == 1 and not lobby_b.link.is_host
    frames([a, b], lambda: seat_shows(lobby_a, 1, name="Bo", connected=True))
    # heroes with a setup step; the guest may only change its own seat
    lobby_a.set_hero(0, "cursed_pirate")
    lobby_b.set_hero(1, "huntress")
    frames([a, b], lambda: seat_shows(lobby_b, 0, hero="cursed_pirate"))
    frames([a, b], lambda: seat_shows(lobby_a, 1, hero="huntress"))
    lobby_a.toggle_ready()
    frames([a, b], lambda: seat_shows(lobby_b, 0, ready=True))
    assert isinstance(b.scene, LobbyScene)  # one person is not ready: no match yet
    lobby_b.toggle_ready()
    both = lambda: isinstance(a.scene, OnlineDuelScene) and isinstance(b.scene, OnlineDuelScene)  # noqa: E731
    frames([a, b], both)
    duel_a, duel_b = a.scene, b.scene
    assert [p.hero for p in duel_b.view.players] == ["cursed_pirate", "huntress"]
    assert duel_a.view.players[0].name == "Ann" and duel_b.view.players[0].name == "Ann"
    assert duel_b.bar_label(0) == "Online" and duel_b.bar_label(1) == "You"
    # each window holds its own hand only: the other one is face down
    assert all(card == HIDDEN_CARD for card in duel_a.view.players[1].hand)
    assert all(card != HIDDEN_CARD for card in duel_a.view.players[0].hand)
    frames(
        [a, b],
        lambda: isinstance(a.scene, OnlineEndScene) and isinstance(b.scene, OnlineEndScene),
        timeout=180,
        act=answer_randomly(random.Random(5)),
    )
    assert duel_a.view.over and duel_b.view.over
    assert duel_a.view.winner_team == duel_b.view.winner_team
    assert a.scene.headline() == b.scene.headline()
    assert len(duel_a.source.log) > 50 and any(e.kind == "card_played" for e in duel_a.source.log)
    # the window never ran an engine: no esper world was made in this process, and the boards
    # have none (they draw from their RemoteTable, the per-seat view)
    assert set(esper.list_worlds()) == worlds
    assert duel_a.engine is None and duel_b.engine is None
    # a finished match leaves the Continue list
    assert not list(link_module.seats_dir().glob("*.json"))
    # the guest closes the window: the host's board says so under the name
    b.reset(OnlineScene(b))
    away = lambda: duel_a.link.poll() is not None and duel_a.bar_label(1) == "Away (disconnected)"  # noqa: E731
    frames([a], away)  # (the end screen is on top: the board's link is read here)


def test_a_lost_server_shows_reconnecting_and_the_seat_resumes(windows):
    app = windows()
    lobby = host(app)
    link = lobby.link
    lobby.step_kind(1)  # the open seat becomes CPU Easy
    frames([app], lambda: seat_shows(lobby, 1, kind="computer", level="easy"))
    lobby.toggle_ready()
    frames([app], lambda: isinstance(app.scene, OnlineDuelScene))
    duel = app.scene
    assert duel.bar_label(1) == "CPU Easy"
    # the seat is remembered for the Continue list
    from game.persistence.saved_games import list_saved_games

    entries, _ = list_saved_games()
    online = [e for e in entries if e.kind == "online"]
    assert len(online) == 1 and online[0].value.hosted and online[0].value.room == link.code
    rng = random.Random(2)
    act = answer_randomly(rng)
    frames([app], lambda: len(duel.source.log) > 30, act=act)
    seq_before = duel.source.remote.seq
    port = link.hosted.port
    link.hosted.stop()  # the server goes away in the middle of the match
    frames([app], lambda: link.state == "lost")
    for _ in range(30):  # the window keeps running its frames while the link is down
        duel.update(STEP)
        duel.draw(app.screen)
    assert connection_words(link)[0] == "Reconnecting..."
    assert isinstance(app.scene, OnlineDuelScene)
    # the server comes back (it resumes the room from its files) and so does the seat
    link.hosted = link_module.HostedServer(port, extra=("--rate", "300"))
    frames([app], lambda: link.state == "connected", timeout=60)
    frames([app], lambda: duel.source.remote.seq > seq_before, timeout=60, act=act)
    assert connection_words(link)[0] == "Online"


def play_against_a_computer(app) -> OnlineDuelScene:
    lobby = host(app)
    lobby.set_hero(0, "treant")
    frames([app], lambda: seat_shows(lobby, 0, hero="treant"))
    lobby.step_kind(1)
    frames([app], lambda: seat_shows(lobby, 1, kind="computer"))
    lobby.toggle_ready()
    frames([app], lambda: isinstance(app.scene, OnlineDuelScene))
    return app.scene


def test_continue_takes_the_host_back_into_an_online_match(windows):
    from game.persistence.saved_games import list_saved_games
    from game.ui.scenes.continue_list import ContinueScene
    from game.ui.scenes.title import TitleScene

    app = windows()
    duel = play_against_a_computer(app)
    frames([app], lambda: duel.source.remote.seq > 12, act=answer_randomly(random.Random(8)))
    # our decision is open and unanswered: nothing moves until we answer
    frames([app], lambda: duel.source.remote.mine and duel.sent_for is not duel.source.pending)
    seq, code = duel.source.remote.seq, duel.link.code
    hand = list(duel.view.players[0].hand)
    hosted = duel.link.hosted
    duel._quit()  # "Leave to title": the window and its server stop
    assert isinstance(app.scene, TitleScene) and hosted.proc.poll() is not None
    entries, _ = list_saved_games()
    online = [e for e in entries if e.kind == "online"]
    assert [e.value.room for e in online] == [code]
    assert "Treant" in online[0].summary() and "hosted here" in online[0].summary()
    menu = ContinueScene(app)
    app.push(menu)
    menu.pick(menu.entries.index(online[0]))
    frames([app], lambda: isinstance(app.scene, OnlineDuelScene), timeout=60)
    back = app.scene
    assert back.source.remote.seq == seq and back.source.remote.mine
    assert back.view.players[0].hand == hand  # the same decision, the same hand
    hosted = back.link.hosted
    app.reset(TitleScene(app))  # as when the window closes: the server goes with it
    assert hosted.proc.poll() is not None


def test_a_client_of_another_version_is_told_so_on_the_online_screen(windows):
    import functools

    from game.online.link import OnlineLink

    host_app, guest_app = windows(), windows()
    lobby = host(host_app)
    menu = OnlineScene(guest_app)
    guest_app.push(menu)
    menu.make_link = functools.partial(OnlineLink, version=1)
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code
    menu.join()
    frames([guest_app], lambda: "refused" in menu.status)
    assert "protocol version 2 and your game speaks 1" in menu.status
    assert isinstance(guest_app.scene, OnlineScene)  # still here, able to try again


def test_a_port_in_use_is_reported_on_the_online_screen(windows):
    import socket

    app = windows()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        menu = OnlineScene(app)
        app.push(menu)
        menu.port.text = str(busy.getsockname()[1])
        menu.host()
        frames([app], lambda: "stopped" in menu.status, timeout=60)
    assert "port in use" in menu.status and menu.hosted is None
    assert isinstance(app.scene, OnlineScene)


def test_a_2v2_lobby_seats_a_teammate_who_sees_the_hosts_hand(windows):
    a, b = windows(), windows()
    lobby_a = host(a, mode="2v2")
    lobby_b = join(b, lobby_a)
    assert lobby_b.link.seat == 1  # the first free seat: the host's teammate
    for seat in (2, 3):  # the other team: computers
        lobby_a.step_kind(seat)
    # each window acts on what it shows, as a person would: the host's own lobby must show
    # the computers before the host picks a hero for one (a click on a lobby that still shows
    # the seat open asks for an open seat with that hero, and the match cannot start)
    frames(
        [a, b], lambda: all(seat_shows(lobby, 3, kind="computer") for lobby in (lobby_a, lobby_b))
    )
    lobby_a.set_hero(2, "artificer")
    frames(
        [a, b], lambda: all(seat_shows(lobby, 2, hero="artificer") for lobby in (lobby_a, lobby_b))
    )
    lobby_a.toggle_ready()
    lobby_b.toggle_ready()
    both = lambda: isinstance(a.scene, OnlineDuelScene) and isinstance(b.scene, OnlineDuelScene)  # noqa: E731
    frames([a, b], both)
    duel_a, duel_b = a.scene, b.scene
    assert duel_b.table is not None  # the team table, as offline
    frames([a, b], lambda: len(duel_b.source.log) > 60, act=answer_randomly(random.Random(4)))
    for duel in (duel_a, duel_b):
        players = duel.view.players
        assert all(card != HIDDEN_CARD for p in players[:2] for card in p.hand)  # my team
        assert all(card == HIDDEN_CARD for p in players[2:] for card in p.hand)  # theirs
    assert players[2].hero == "artificer" and duel_a.bar_label(1) == "Online"


def test_the_turn_timer_counts_down_on_the_board_and_the_computer_steps_in(windows):
    app = windows()
    menu = OnlineScene(app)
    app.push(menu)
    menu.port.text = "0"
    menu._next_timer()
    assert menu.timer_button.label == "Turn timer: 30 s"
    # (a test's patience: the screen offers 30 s and more; 8 s leaves a loaded machine time to
    # reach the decision and see the count go down before it runs out)
    menu._set_timer(8)
    menu.host()
    frames([app], lambda: isinstance(app.scene, LobbyScene), timeout=60)
    lobby = app.scene
    lobby.step_kind(1)
    frames([app], lambda: seat_shows(lobby, 1, kind="computer"))
    assert lobby.link.room["timer"] == 8
    lobby.toggle_ready()
    frames([app], lambda: isinstance(app.scene, OnlineDuelScene))
    duel = app.scene
    frames([app], lambda: duel.source.remote.mine and duel.source.pending.kind != "respond")
    timed = duel.source.pending
    seq, first = duel.source.remote.seq, duel.source.seconds_left()
    assert first is not None and 0 < first <= 8
    frames([app], lambda: duel.source.seconds_left() < first - 0.5)  # it counts down
    frames([app], lambda: duel.source.remote.seq > seq)
    # this window never answered the timed decision: the computer did, for us (a response
    # window the board passed by itself earlier does not count)
    assert duel.sent_for is not timed
    assert duel.link.room["seats"][0]["computer_standing_in"]


def test_continuing_a_seat_the_server_no_longer_has_says_so_and_drops_it(windows):
    from game.online.link import seat_path
    from game.persistence.files import write_json
    from game.persistence.saved_games import list_saved_games
    from game.ui.scenes.continue_list import ContinueScene

    host_app, app = windows(), windows()
    lobby = host(host_app)
    path = seat_path("GONEROOM22")
    url = f"ws://127.0.0.1:{lobby.link.hosted.port}"
    write_json(path, {"version": 1, "url": url, "room": "GONEROOM22", "seat": 1, "token": "x" * 43})
    menu = ContinueScene(app)
    app.push(menu)
    entry = next(e for e in menu.entries if e.path == path)
    menu.pick(menu.entries.index(entry))
    frames([app], lambda: "room is gone" in app.scene.message)
    assert not path.exists()
    assert not [e for e in list_saved_games()[0] if e.kind == "online" and e.path == path]


def test_a_refused_answer_is_said_and_the_decision_offered_again(windows):
    from game.ui.online_preview import duel_link

    app = windows()
    link = duel_link("duel")  # seat 0's Main Phase, no network
    duel = OnlineDuelScene(app, link)
    app.push(duel)
    frames([app], lambda: bool(duel.buttons))  # the Main Phase controls are up
    duel.act(duel.find("end_phase"))
    assert duel.sent_for is duel.source.pending and not duel.buttons
    link.error, link.error_code = "too many messages; slow down (nothing changed)", "rate"
    frames([app], lambda: bool(duel.buttons))  # offered again
    assert duel.sent_for is None and duel.last_refusal == "rate"
