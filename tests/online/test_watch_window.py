"""Watch on the Online screen: a third window follows a hosted duel to its end, with no hand and
no controls but Leave (a real `game serve` child process on loopback, SDL dummy windows)."""

from __future__ import annotations

import random

import pygame

from game.online.table import HIDDEN_CARD
from game.ui.app import STEP
from game.ui.scenes.online_duel import OnlineDuelScene, OnlineEndScene
from game.ui.scenes.online_menu import OnlineScene
from game.ui.scenes.online_watch import WATCHING, WatchBoardScene, WatchScene
from game.ui.scenes.title import TitleScene
from tests.online.test_window import (  # noqa: F401 - fixtures used by name
    _loopback,
    answer_randomly,
    frames,
    host,
    seat_shows,
    windows,
)


def test_a_window_watches_a_hosted_duel_to_the_end_without_a_hand(windows):  # noqa: F811
    a, c = windows(), windows()
    lobby = host(a)
    lobby.set_hero(0, "cursed_pirate")
    lobby.step_kind(1)  # the other seat is the computer (Easy)
    frames(
        [a],
        lambda: (
            seat_shows(lobby, 1, kind="computer") and seat_shows(lobby, 0, hero="cursed_pirate")
        ),
    )
    c.push(TitleScene(c))
    menu = OnlineScene(c)
    c.push(menu)
    menu.name.text = "Sam"
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code.lower()
    menu.watch()
    waiting = c.scene
    assert isinstance(waiting, WatchScene)
    frames([a, c], lambda: waiting.link.code == lobby.link.code and waiting.link.room)
    assert waiting.status() == "Waiting for the match to start."
    frames([a, c], lambda: (lobby.link.room or {}).get("spectators") == 1)
    sent: list[dict] = []
    real_send = waiting.link.client.send
    waiting.link.client.send = lambda m: (sent.append(m), real_send(m))
    lobby.toggle_ready()
    frames(
        [a, c],
        lambda: isinstance(a.scene, OnlineDuelScene) and isinstance(c.scene, WatchBoardScene),
    )
    board = c.scene
    for app in (a, c):
        app.scene.update(STEP)
    # both logs say who came to watch
    for scene in (a.scene, board):
        assert "Sam is watching (1 watching)." in [text for _k, text in scene.presenter.log]
    assert board.bar_label(0) == "Online" and board.bar_label(1) == "CPU Easy"
    hands_seen = [0]

    def watch(scene) -> None:
        if scene is board:  # the spectator's board: never a hand, never a decision of its own
            board.presenter.skip()  # (a person would watch the animations)
            board.motion.skip()
            for player in board.view.players:
                assert all(card == HIDDEN_CARD for card in player.hand)
                hands_seen[0] += len(player.hand)
            assert board.engine is None
            assert board.source.remote is None or not board.source.remote.mine
            assert board.hand_rects == [] and board.buttons == []
        elif isinstance(scene, OnlineDuelScene):
            play(scene)

    play = answer_randomly(random.Random(3))
    frames(
        [a, c],
        lambda: isinstance(c.scene, OnlineEndScene) and isinstance(a.scene, OnlineEndScene),
        timeout=240,
        draw_every=5,
        act=watch,
    )
    assert hands_seen[0] > 0 and board.view.over
    assert board.view.winner_team == a.scene.duel.view.winner_team
    # the end screens agree: the totals of the whole match, as the server counted them
    assert c.scene.stats == a.scene.stats and c.scene.stats
    # an action from the spectator's board is answered here and never sent
    board.act(_any_action())
    assert board.message == WATCHING
    assert [m for m in sent if m.get("type") != "ping"] == []
    # Leave: back to the title
    c.pop()  # the end screen
    board.resize()
    click = board.leave_button.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        board.handle(pygame.event.Event(kind, button=1, pos=click))
    for _ in range(3):
        c.scene.update(STEP)
    assert isinstance(c.scene, TitleScene)
    assert board.link.client._closing


def _any_action():
    from game.rules.actions import Action

    return Action(0, "pass")


def test_a_co_op_room_opens_its_spectator_board_and_an_unknown_one_is_said_so():
    """A co-op Mission room opens the spectator's Missions board, a co-op Adventures room the
    spectator's crawl; a room kind the window has no board for says so and opens none."""
    from game.persistence.settings import Settings
    from game.ui import online_preview
    from game.ui.app import App
    from game.ui.scenes.online_watch_coop import WatchAdventureScene, WatchMissionScene

    app = App(Settings(), size=(1280, 720))
    app.push(TitleScene(app))
    for link, board in (
        (online_preview.mission_link(watching=True), WatchMissionScene),
        (online_preview.adventure_link(watching=True), WatchAdventureScene),
    ):
        scene = WatchScene(app, link, link.code)
        app.push(scene)
        scene.update(STEP)
        assert isinstance(app.scene, board) and app.scene.link is link
        app.scene.draw(app.screen)
        app.pop()

    class Link:  # a spectator's link once the first update of a room of an unknown kind came
        url, state, reason, error, code = "ws://127.0.0.1:7777", "connected", "", "", "K7QX2M9HPA"
        room = {"mode": "tournament", "seats": [], "spectators": 1}
        latest = {"type": "update"}

        def poll(self):
            return []

        def close(self):
            self.closed = True

    scene = WatchScene(app, Link(), "K7QX2M9HPA")
    app.push(scene)
    scene.update(STEP)
    scene.draw(app.screen)
    assert app.scene is scene
    assert scene.status() == "The window cannot show a tournament room."
    scene.leave()
    assert isinstance(app.scene, TitleScene) and scene.link.closed


def test_a_window_watches_a_boss_vs_many_room_without_any_hand(windows):  # noqa: F811
    """The Boss formats are drawn by the same online board: a spectator follows a Boss vs Many
    room (the host's hero and a computer hero against a computer Boss) to the end."""
    from tests.online.test_window_rooms import host_room

    a, c = windows(), windows()
    lobby = host_room(a, "boss_vs_many", heroes=2)
    lobby.step_kind(1)
    frames([a], lambda: seat_shows(lobby, 1, kind="computer"))
    lobby.step_kind(2)
    frames([a], lambda: seat_shows(lobby, 2, kind="computer"))
    c.push(TitleScene(c))
    menu = OnlineScene(c)
    c.push(menu)
    menu.name.text = "Sam"
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code
    menu.watch()
    waiting = c.scene
    frames([a, c], lambda: waiting.link.code == lobby.link.code and waiting.link.room)
    assert waiting.drawable and waiting.status() == "Waiting for the match to start."
    lobby.toggle_ready()
    frames(
        [a, c],
        lambda: isinstance(a.scene, OnlineDuelScene) and isinstance(c.scene, WatchBoardScene),
    )
    board = c.scene
    assert board.view.mode == "boss_vs_many" and len(board.view.players) == 3

    def watch(scene) -> None:
        if scene is board:
            board.presenter.skip()
            board.motion.skip()
            for player in board.view.players:
                assert all(card == HIDDEN_CARD for card in player.hand)
            assert board.hand_rects == [] and board.buttons == []
        elif isinstance(scene, OnlineDuelScene):
            play(scene)

    play = answer_randomly(random.Random(5))
    frames(
        [a, c],
        lambda: isinstance(c.scene, OnlineEndScene) and isinstance(a.scene, OnlineEndScene),
        timeout=300,
        draw_every=5,
        act=watch,
    )
    assert board.view.winner_team == a.scene.duel.view.winner_team
