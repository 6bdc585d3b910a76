"""Watch on the Online screen for the co-op rooms: a window follows a hosted co-op Mission and a
hosted co-op Adventures campaign for several decisions on the spectator's Missions board and
crawl, never holding a card and never sending an action (a real `game serve` child process on
loopback, SDL dummy windows)."""

from __future__ import annotations

import random

import esper
import pygame

from game.online.mission_table import HIDDEN
from game.online.table import HIDDEN_CARD
from game.online.view import SPECTATOR
from game.rules.actions import Action
from game.ui.app import STEP
from game.ui.scenes.adventures_menu import ScoreSheetScene
from game.ui.scenes.online_adventure import OnlineAdventureScene
from game.ui.scenes.online_menu import ADVENTURE, OnlineScene
from game.ui.scenes.online_mission import OnlineMissionScene
from game.ui.scenes.online_watch import WATCHING, WatchScene
from game.ui.scenes.online_watch_coop import (
    WatchAdventureBattle,
    WatchAdventureScene,
    WatchMissionScene,
)
from game.ui.scenes.title import TitleScene
from tests.online import test_window as base
from tests.online.test_window import frames, join, seat_shows
from tests.online.test_window_adventure import _answer
from tests.online.test_window_mission import _host_mission, answer_randomly

_loopback = base._loopback  # the fixtures of the window tests (loopback only; the windows)
windows = base.windows


def _watch(app, lobby, others) -> tuple[WatchScene, list[dict]]:
    """Sam watches the lobby's room from the Online screen; every message the link sends is
    kept in the list returned."""
    app.push(TitleScene(app))
    menu = OnlineScene(app)
    app.push(menu)
    menu.name.text = "Sam"
    menu.address.text = f"127.0.0.1:{lobby.link.hosted.port}"
    menu.code.text = lobby.link.code
    menu.watch()
    waiting = app.scene
    assert isinstance(waiting, WatchScene)
    frames([*others, app], lambda: waiting.link.code == lobby.link.code and waiting.link.room)
    assert waiting.drawable and waiting.status() == "Waiting for the match to start."
    sent: list[dict] = []
    real_send = waiting.link.client.send
    waiting.link.client.send = lambda m: (sent.append(m), real_send(m))
    return waiting, sent


def _leave(app, board) -> None:
    """Leave (the button under the hand's place): back to the title, the link closed."""
    board.draw(app.screen)
    button = board._leave_button() if hasattr(board, "_leave_button") else board.leave_button
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        board.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))
    assert isinstance(app.scene, TitleScene)
    assert board.link.client._closing


def test_a_window_watches_a_co_op_mission_without_a_hand_and_sends_nothing(windows):
    worlds = set(esper.list_worlds())
    a, c = windows(), windows()
    lobby = _host_mission(a, heroes=2)
    lobby.step_kind(1)  # the second Hero is the computer's
    frames([a], lambda: seat_shows(lobby, 1, kind="computer"))
    lobby.set_hero(0, "cursed_pirate")
    frames([a], lambda: seat_shows(lobby, 0, hero="cursed_pirate"))
    _waiting, sent = _watch(c, lobby, [a])
    lobby.toggle_ready()
    frames(
        [a, c],
        lambda: isinstance(a.scene, OnlineMissionScene) and isinstance(c.scene, WatchMissionScene),
    )
    board, player = c.scene, a.scene
    assert board.viewer == SPECTATOR and board.source.seat == SPECTATOR
    assert board.engine is None
    seen = {"cards": 0, "seqs": set(), "prompts": set()}
    play = answer_randomly(random.Random(3))

    def act(scene) -> None:
        if scene is board:
            board.skip()
            for hero in board.source.heroes:
                assert all(card == HIDDEN for card in hero.hand)
                seen["cards"] += len(hero.hand)
            remote = board.source.remote
            assert remote is None or not remote.mine
            assert board.hand_rects == [] and board.buttons == []
            if remote is not None:
                seen["seqs"].add(remote.seq)
            seen["prompts"].add(board.prompt_text())
        else:
            play(scene)

    frames([a, c], lambda: len(seen["seqs"]) >= 8, timeout=240, draw_every=3, act=act)
    assert seen["cards"] > 0
    # who decides: the person by name, never "(computer)" for them
    assert "Cursed Pirate (Ann) is deciding..." in seen["prompts"]
    assert "Cursed Pirate (computer) is deciding..." not in seen["prompts"]
    # the spectator's table follows the player's: the same Heroes, the same hand sizes
    frames([a, c], lambda: board.source.remote.seq == player.source.remote.seq, act=None)
    assert [h.hero for h in board.source.heroes] == [h.hero for h in player.source.heroes]
    assert [len(h.hand) for h in board.source.heroes] == [len(h.hand) for h in player.source.heroes]
    # an action from the spectator's board is answered here and never sent
    board.act(Action(0, "pass"))
    assert board.message == WATCHING
    assert [m for m in sent if m.get("type") != "ping"] == []
    assert set(esper.list_worlds()) == worlds
    _leave(c, board)


def test_a_window_watches_a_co_op_adventure_crawl_and_battle_and_sends_nothing(windows):
    worlds = set(esper.list_worlds())
    a, b, c = windows(), windows(), windows()
    lobby_a = base.host(a, mode=ADVENTURE)
    lobby_b = join(b, lobby_a)
    lobby_a.set_hero(0, "huntress")
    lobby_b.set_hero(1, "cursed_pirate")
    frames([a, b], lambda: seat_shows(lobby_a, 1, hero="cursed_pirate", name="Bo"))
    _waiting, sent = _watch(c, lobby_a, [a, b])
    lobby_a.toggle_ready()
    frames([a, b, c], lambda: seat_shows(lobby_b, 0, ready=True))
    lobby_b.toggle_ready()
    frames(
        [a, b, c],
        lambda: (
            all(isinstance(x.scene, OnlineAdventureScene) for x in (a, b))
            and isinstance(c.scene, WatchAdventureScene)
        ),
    )
    crawl = c.scene
    assert crawl.viewer == SPECTATOR and crawl.engine is None
    for app in (a, b, c):
        app.settings.animation_speed = "instant"
    stats = {"battle": 0}
    play = _answer(random.Random(3), stats)
    seen = {"cards": 0, "battle": 0, "seqs": set()}

    def act(scene) -> None:
        if scene.app is not c:
            play(scene)
            return
        if isinstance(scene, ScoreSheetScene):  # a session was scored: the watcher reads on
            seen["sheets"] = seen.get("sheets", 0) + 1
            scene.close()
            return
        if isinstance(scene, WatchAdventureBattle):
            scene.presenter.skip()
            scene.motion.skip()
            seen["battle"] += 1
            assert scene.hand_rects == [] and scene.buttons == []
            for player in scene.view.players:
                assert all(card == HIDDEN_CARD for card in player.hand)
                seen["cards"] += len(player.hand)
        else:
            assert isinstance(scene, WatchAdventureScene)
            scene.skip()
            if scene.reveals:
                scene.dismiss_reveal()
            assert scene.buttons == [] or scene.source.finished
        remote = crawl.source.remote
        assert remote is None or not remote.mine
        if remote is not None:
            seen["seqs"].add(remote.seq)

    frames(
        [a, b, c],
        lambda: stats.get("adventure_move", 0) >= 4 and stats["battle"] >= 2 and seen["battle"],
        timeout=200,
        act=act,
    )
    assert len(seen["seqs"]) >= 4 and seen["cards"] > 0
    crawl.apply(Action(0, "pass"))
    assert crawl.message == WATCHING
    assert [m for m in sent if m.get("type") != "ping"] == []
    assert set(esper.list_worlds()) == worlds
    while c.scene is not crawl:
        c.pop()
    crawl.update(STEP)
    _leave(c, crawl)
