"""Two windows (SDL dummy) play a co-op Adventures room through the online crawl board.

A real `game serve` process on loopback holds a Normal campaign room for Huntress and Cursed
Pirate; each window's `OnlineAdventureScene` is fed by its own `OnlineLink`, and every answer is
the scene's own (a button's action or the battle board's `act`, which a click leads to), sent
as an option number. The windows' process never makes an esper world, and each window's table
equals the table built from the updates the server sent that seat.
"""

from __future__ import annotations

import random
import time

import esper
import pytest

from game.online.adventure_table import AdventureTable
from game.online.link import OnlineLink
from game.persistence.settings import Settings
from game.ui.app import STEP, App
from game.ui.scenes.adventures_menu import ScoreSheetScene
from game.ui.scenes.online_adventure import (
    OnlineAdventureBattle,
    OnlineAdventureScene,
    table_in_battle,
)
from tests.online import test_window as base
from tests.online.support import ServerProcess
from tests.online.test_window import frames, join, seat_shows

_loopback = base._loopback  # the fixtures of the window tests (loopback only; the windows)
windows = base.windows


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(tmp_path / "rooms", extra=["--rate", "300"]).start()
    yield proc
    proc.stop()


def _link(url: str, name: str) -> OnlineLink:
    return OnlineLink(url, name=name, remember=False)


def _pump(links, until, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the server did not answer"
        for link in links:
            link.poll()
        time.sleep(0.01)


class Recorder:
    """Keeps every update the link received (the scene empties `link.updates`)."""

    def __init__(self, link: OnlineLink) -> None:
        self.link, self.seen = link, []
        take = link._take

        def keep(message):
            if message.get("type") == "update":
                self.seen.append(message)
            take(message)

        link._take = keep


def _open_room(url):
    a, b = _link(url, "Ann"), _link(url, "Bo")
    rec = Recorder(a), Recorder(b)
    seats = [{"kind": "human", "hero": "huntress"}, {"kind": "human", "hero": "cursed_pirate"}]

    def create():
        a.client.send(
            {
                "type": "create",
                "version": a.client.version,
                "mode": "adventure",
                "adventure_difficulty": "normal",
                "seats": seats,
                "seat": 0,
                "name": "Ann",
            }
        )

    a._when_connected(create)
    _pump([a], lambda: a.code and a.seat == 0)
    b.join_room(a.code)
    _pump([a, b], lambda: a.latest is not None and b.latest is not None)
    return (a, b), rec


def _answer(rng, stats):
    def act(scene) -> None:
        if isinstance(scene, ScoreSheetScene):  # a session was scored: Continue
            stats["sheet"] = stats.get("sheet", 0) + 1
            scene.close()
            return
        if isinstance(scene, OnlineAdventureBattle):
            scene.presenter.skip()
            scene.motion.skip()
            choice, remote = scene.source.pending, scene.source.remote
            if choice is None or not remote.mine or scene.sent_for is choice:
                return
            stats["battle"] += 1
            stats[f"battle{scene.viewer}"] = stats.get(f"battle{scene.viewer}", 0) + 1
            scene.act(rng.choice(choice.options).action)
            return
        if not isinstance(scene, OnlineAdventureScene):
            return
        scene.skip()
        if scene.reveals:
            scene.dismiss_reveal()
            return
        live = [b for b in scene.buttons if b.enabled and b.on_click and b.label != "Score sheet"]
        choice = scene.source.pending
        if live and choice is not None and scene.sent_for is None:
            kind = choice.kind
            stats[kind] = stats.get(kind, 0) + 1
            if kind == "adventure_move":
                stats[f"move{choice.player}"] = (
                    stats.get(f"move{choice.player}", 0) + 1
                )  # the lit tiles: a click on one is the move
                slot = rng.choice([o.action.get("slot") for o in choice.options])
                scene.draw(scene.app.screen)  # where the tiles are drawn now
                scene.click(scene.tile_rects[slot].center)
            else:
                rng.choice(live).on_click()

    return act


def test_two_windows_play_the_first_crawl_turns_and_a_battle_through_the_board(server):
    worlds = set(esper.list_worlds())
    links, recorders = _open_room(server.url)
    apps = [App(Settings(), size=(1280, 720)) for _ in links]
    try:
        for app, link in zip(apps, links, strict=True):
            app.settings.animation_speed = "instant"
            app.push(OnlineAdventureScene(app, link))
        rng = random.Random(7)
        stats = {"battle": 0}
        act = _answer(rng, stats)
        deadline = time.monotonic() + 150
        n = 0
        closed = []
        for app in apps:
            crawl = app.scene
            closing = crawl.battle_closed

            def closes(tail, closing=closing):
                closed.append(tail)
                closing(tail)

            crawl.battle_closed = closes
        turns = links[0].latest["state"]["scenario"]["turns"]

        def done() -> bool:
            moved = all(stats.get(f"move{seat}", 0) >= 2 for seat in (0, 1))
            crawl = links[0].latest["state"].get("scenario") or {}
            return moved and closed and stats["battle"] >= 4 and crawl.get("turns", 0) > turns

        while not done():
            assert time.monotonic() < deadline, f"still waiting: {stats}"
            n += 1
            for app in apps:
                app.scene.update(STEP)
                if n % 10 == 0:
                    app.scene.draw(app.screen)
                act(app.scene)
            time.sleep(0.002)
        assert stats.get("battle0") and stats.get("battle1")  # both seats fought through the board
        # the windows process never made an engine
        assert set(esper.list_worlds()) == worlds
        # let the last answers come back, then each table is the server's
        time.sleep(1.0)
        for app in apps:
            app.scene.update(STEP)
            app.scene.draw(app.screen)
        for link, rec in zip(links, recorders, strict=True):
            scene = next(s for s in link_scenes(apps) if s.link is link)
            mine = AdventureTable(scene.content, link.seat)
            for update in rec.seen:
                mine.take(update)
            got = scene.source
            assert got.view == mine.view
            assert got.tiles == mine.tiles and got.heroes == mine.heroes
            assert got.scenario == mine.scenario and got.campaign == mine.campaign
            assert (got.remote and got.remote.seq) == (mine.remote and mine.remote.seq)
    finally:
        for link in links:
            link.close()


def link_scenes(apps):
    return [s for app in apps for s in app.scenes if isinstance(s, OnlineAdventureScene)]


def test_two_windows_host_and_join_a_co_op_adventure_through_the_online_screen(windows):
    """Adventures on the Online screen: the host picks it (and 2 heroes), the friend joins with
    the code, both say Ready in the lobby and the crawl board opens in both windows, where
    they play on (moves and a battle's decisions)."""
    from game.ui.scenes.lobby import LobbyScene
    from game.ui.scenes.online_menu import ADVENTURE

    worlds = set(esper.list_worlds())
    a, b = windows(), windows()
    lobby_a = base.host(a, mode=ADVENTURE)
    assert lobby_a.link.room["mode"] == "adventure"
    assert lobby_a.link.room["adventure_difficulty"] == "normal"
    lobby_b = join(b, lobby_a)
    assert lobby_b.link.seat == 1
    lobby_a.set_hero(0, "huntress")
    lobby_b.set_hero(1, "cursed_pirate")
    frames([a, b], lambda: seat_shows(lobby_a, 1, hero="cursed_pirate", name="Bo"))
    frames([a, b], lambda: seat_shows(lobby_b, 0, hero="huntress"))
    lobby_a.toggle_ready()
    frames([a, b], lambda: seat_shows(lobby_b, 0, ready=True))
    assert isinstance(b.scene, LobbyScene)
    lobby_b.toggle_ready()
    both = lambda: all(isinstance(x.scene, OnlineAdventureScene) for x in (a, b))  # noqa: E731
    frames([a, b], both)
    crawl_a, crawl_b = a.scene, b.scene
    assert [p.hero for p in crawl_b.source.view.players][:2] == ["huntress", "cursed_pirate"]
    for app in (a, b):
        app.settings.animation_speed = "instant"
    stats = {"battle": 0}
    frames(
        [a, b],
        lambda: stats.get("adventure_move", 0) >= 4 and stats["battle"] >= 2,
        timeout=150,
        act=_answer(random.Random(3), stats),
    )
    assert set(esper.list_worlds()) == worlds
    assert crawl_a.engine is None and crawl_b.engine is None


@pytest.mark.parametrize(
    ("team", "seed"),
    [
        (("huntress", "cursed_pirate"), 11),
        (("treant", "artificer", "barbarian"), 5),
        (("monk", "ninja"), 3),
    ],
)
def test_the_view_tells_a_battle_decision_as_the_engine_does(team, seed):
    """`table_in_battle` (the campaign view alone) puts every decision of a computer-played
    first session on the same board as the offline scene's `is_battle_choice` (the engine's
    frames)."""
    from game.adventures.campaign import new_campaign
    from game.adventures.runner import CampaignRunner
    from game.online.adventure_table import LocalAdventureTable
    from game.ui.scenes.adventure import controllers_for, is_battle_choice

    members = [(h, f"P{i}", "normal") for i, h in enumerate(team)]
    runner = CampaignRunner(new_campaign("normal", "T", members, seed=seed), autosave=False)
    try:
        controllers = controllers_for(runner.campaign)
        table = LocalAdventureTable(runner)
        kinds = {True: 0, False: 0}
        for _ in range(1500):
            choice = runner.pending
            if choice is None or runner.finished:
                break
            if choice.player < len(team):
                battle = is_battle_choice(runner)
                assert table_in_battle(table.refresh()) == battle, (choice.kind, choice.prompt)
                kinds[battle] += 1
            runner.apply(controllers[choice.player].decide(runner.target, choice))
        assert kinds[True] > 20 and kinds[False] > 20
    finally:
        runner.close()


def test_two_windows_play_a_crawl_to_its_end_and_shop_for_their_own_heroes(server):
    """Random answers through the two boards to the crawl's end, Rosella's Shop (each person
    shops for their own hero on the crawl board's Shop buttons) and the next session's map."""
    links, _recorders = _open_room(server.url)
    apps = [App(Settings(), size=(1280, 720)) for _ in links]
    try:
        for app, link in zip(apps, links, strict=True):
            app.settings.animation_speed = "instant"
            app.push(OnlineAdventureScene(app, link))
        stats = {"battle": 0}
        act = _answer(random.Random(11), stats)
        shopped: set[int] = set()
        seen_shop = []

        def watch(scene) -> None:
            if isinstance(scene, OnlineAdventureScene) and scene.source.conclusion:
                seen_shop.append(scene.source.conclusion["kind"])
                choice = scene.source.pending
                if choice is not None and choice.kind == "adventure_shop" and scene.buttons:
                    shopped.add(choice.player)
                    assert scene.source.remote.mine and choice.player == scene.link.seat
            act(scene)

        def next_session() -> bool:
            state = links[0].latest["state"]
            # the sheet has the session's row once the Shop is left; then the next map
            after = state["campaign"]["sessions"] >= 1 and state.get("conclusion") is None
            return len(shopped) == 2 and after and state.get("scenario") is not None

        deadline = time.monotonic() + 240
        n = 0
        while not next_session():
            assert time.monotonic() < deadline, f"still waiting: {stats} shopped={shopped}"
            n += 1
            for app in apps:
                app.scene.update(STEP)
                if n % 10 == 0:
                    app.scene.draw(app.screen)
                watch(app.scene)
            time.sleep(0.002)
        assert "shop" in seen_shop and shopped == {0, 1}
        assert links[0].latest["state"]["campaign"]["rows"]  # the crawl is on the sheet
        assert links[0].latest["state"]["scenario"]["turns"] <= 1  # a new crawl's map
    finally:
        for link in links:
            link.close()


def test_continue_takes_the_host_back_onto_the_crawl_board(windows):
    """One person and a computer hero (the host made seat 1 a computer in the lobby): the host
    plays a few decisions, leaves to the title (the window's server stops), and Continue
    starts the server again, which resumes the campaign room; the lobby hands over to the
    crawl board at the same open decision."""
    from game.persistence.saved_games import list_saved_games
    from game.ui.scenes.continue_list import ContinueScene
    from game.ui.scenes.online_menu import ADVENTURE
    from game.ui.scenes.title import TitleScene

    app = windows()
    app.settings.auto_pass = "never"  # every decision waits for a click (none passed by itself)
    lobby = base.host(app, mode=ADVENTURE)
    lobby.set_hero(0, "huntress")
    frames([app], lambda: seat_shows(lobby, 0, hero="huntress"))
    lobby.step_kind(1)
    frames([app], lambda: seat_shows(lobby, 1, kind="computer"))
    lobby.toggle_ready()
    frames([app], lambda: isinstance(app.scene, OnlineAdventureScene))
    crawl = app.scene
    app.settings.animation_speed = "instant"
    stats = {"battle": 0}
    act = _answer(random.Random(4), stats)
    frames([app], lambda: crawl.source.remote.seq > 8, act=act, timeout=90)

    def mine_open() -> bool:
        """Our decision is open and nothing of ours is on its way (on either board)."""
        remote = crawl.source.remote
        answered = any(getattr(x, "sent_for", None) is not None for x in app.scenes)
        return remote is not None and remote.mine and not answered and not crawl.ticker

    frames([app], mine_open, timeout=60)
    time.sleep(0.5)  # nothing comes: the room waits on us
    frames([app], mine_open, timeout=60)
    if isinstance(app.scene, OnlineAdventureBattle):
        app.pop()  # back to the crawl scene (the battle board shares its link)
    seq, code = crawl.source.remote.seq, crawl.link.code
    hosted = crawl.link.hosted
    crawl.quit_to_title()
    assert isinstance(app.scene, TitleScene) and hosted.proc.poll() is not None
    online = [e for e in list_saved_games()[0] if e.kind == "online"]
    assert [e.value.room for e in online] == [code]
    menu = ContinueScene(app)
    app.push(menu)
    menu.pick(menu.entries.index(online[0]))
    frames([app], lambda: isinstance(app.scene, (OnlineAdventureScene, OnlineAdventureBattle)))
    back = next(s for s in app.scenes if isinstance(s, OnlineAdventureScene))
    assert back.source.remote.seq == seq and back.source.remote.mine
    hosted = back.link.hosted
    app.reset(TitleScene(app))
    assert hosted.proc.poll() is not None
