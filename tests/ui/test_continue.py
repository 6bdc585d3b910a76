"""The title's Continue list, driven headless (SDL dummy driver): every unfinished game listed
newest first and resumed in its own scene; unusable saves shown with their reason; a new game
asks before replacing its format's unfinished game and never touches another format's;
"Save and quit to title" from an Adventures battle lands on the title.

The screenshot lands in build/test-artifacts/screens/continue_list.png.
"""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.persistence.duel_save import match_path
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.continue_list import ContinueScene
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.title import TitleScene
from tests.persistence.test_saved_games import played, save_at, save_mission_and_campaign
from tests.ui.uikit import button, click, key, pump, shot


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    for scene in application.scenes:
        runner = getattr(scene, "runner", None)
        if runner is not None:
            runner.close()
    application.close()


def row(listing: ContinueScene, index: int) -> pygame.Rect:
    listing.focus = index
    listing._layout_rows()
    return next(r for r, i in listing.rows if i == index)


def test_the_title_continue_list_shows_every_game_newest_first_and_resumes_the_one_picked(app):
    now = time.time()
    engines = [played(mode, seed=3 + i) for i, mode in enumerate(("duel", "koth", "3v3"))]
    for i, engine in enumerate(engines):
        save_at(engine, now - 500 + i * 100)  # duel, koth, 3v3 (newest of the three)
    broken = match_path("3v3")
    broken.write_bytes(broken.read_bytes()[:300])  # damaged: listed with its reason
    os.utime(broken, (now - 300, now - 300))
    save_mission_and_campaign(now - 50, now - 1000)
    title = TitleScene(app)
    app.push(title)
    app.frame(1 / 60)
    labels = [b.label for b in title.buttons]
    assert labels.count("Continue") == 1 and "Continue Mission" not in labels

    click(app, button(title, "Continue").rect.center)
    listing = app.scene
    assert isinstance(listing, ContinueScene)
    assert [e.title for e in listing.entries] == [
        "Mission: Harbor Heist",
        "3 vs 3",
        "King of the Hill",
        "Duel",
        "Adventures - slot 2 (Dawn)",
    ]
    app.frame(1 / 60)
    shot(app, "continue_list")
    damaged = listing.entries[1]
    assert not damaged.usable and "3v3.json" in damaged.problem and "damaged-" in damaged.problem
    for rect, index in listing.rows:  # every row inside the window and the list's box
        assert listing.box.contains(rect) and app.screen.get_rect().contains(rect), index

    click(app, row(listing, 1).center)  # the damaged one cannot be picked: it says why
    assert app.scene is listing and listing.message.startswith("This save cannot be resumed")
    key(app, pygame.K_ESCAPE)
    assert app.scene is title

    click(app, button(title, "Continue").rect.center)
    listing = app.scene
    click(app, row(listing, 2).center)  # King of the Hill
    duel = app.scene
    assert isinstance(duel, DuelScene) and duel.engine.setup.mode == "koth"
    done = engines[1].actions  # (the computer seats may already have played on)
    assert duel.engine.actions[: len(done)] == done and duel.save_path == match_path("koth")
    key(app, pygame.K_ESCAPE)
    click(
        app, next(b for b in duel.pause_buttons if b.label == "Save and quit to title").rect.center
    )
    assert isinstance(app.scene, TitleScene)

    click(app, button(app.scene, "Continue").rect.center)
    listing = app.scene
    assert listing.entries[0].title == "King of the Hill"  # just saved: now the newest
    key(app, pygame.K_DOWN)  # the keyboard walks the list: Mission is second now
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "MissionScene"

    app.reset(TitleScene(app))
    click(app, button(app.scene, "Continue").rect.center)
    listing = app.scene
    index = next(i for i, e in enumerate(listing.entries) if e.kind == "adventure")
    click(app, row(listing, index).center)
    names = [type(s).__name__ for s in app.scenes]
    assert "CampaignMenuScene" in names and names[-1] in ("AdventureScene", "AdventureBattleScene")
    for engine in engines:
        engine.close()


def test_a_new_game_asks_before_replacing_its_formats_save_and_never_touches_another(app):
    from game.ui.scenes.setup import SetupScene

    two = played("2v2", seed=4)
    save_at(two, time.time() - 60)
    duel = played("duel", seed=5)
    save_at(duel, time.time() - 30)
    kept = {mode: match_path(mode).read_bytes() for mode in ("2v2", "duel")}

    setup = SetupScene(app)
    app.push(setup)
    setup.set_mode("koth")  # no koth game saved: it starts at once
    setup.begin(seed=7)
    assert isinstance(app.scene, DuelScene) and app.scene.engine.setup.mode == "koth"
    assert {m: match_path(m).read_bytes() for m in kept} == kept

    app.reset(TitleScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.set_mode("2v2")
    setup.begin(seed=8)
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    assert "2 vs 2" in ask.text and "Cursed Pirate" in ask.text and "turn " in ask.text
    app.frame(1 / 60)
    shot(app, "continue_replace_question")
    click(app, button(ask, "Keep it").rect.center)
    assert app.scene is setup and match_path("2v2").read_bytes() == kept["2v2"]
    setup.begin(seed=8)
    click(app, button(app.scene, "Start the new game").rect.center)
    started = app.scene
    assert isinstance(started, DuelScene) and started.engine.setup.seed == 8
    assert started.save_path == match_path("2v2")
    assert match_path("duel").read_bytes() == kept["duel"]
    for engine in (two, duel):
        engine.close()


def test_a_new_mission_asks_before_replacing_the_unfinished_one(app):
    from game.missions.save import default_path
    from game.ui.scenes.missions_menu import MissionSelectScene

    save_mission_and_campaign(time.time(), time.time())
    before = default_path().read_bytes()
    select = MissionSelectScene(app)
    app.push(select)
    select.begin(seed=5)
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and "Harbor Heist" in ask.text and "Monk" in ask.text
    key(app, pygame.K_ESCAPE)  # Esc keeps it
    assert app.scene is select and default_path().read_bytes() == before
    select.begin(seed=5)
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "MissionScene"


@pytest.mark.parametrize("where", ["battle", "crawl"])
def test_save_and_quit_to_title_in_adventures_goes_to_the_title(app, where):
    from game.adventures.save import load_campaign
    from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene, is_battle_choice
    from game.ui.scenes.adventures_menu import CampaignMenuScene
    from tests.ui.test_adventures import advance, human_runner

    runner = human_runner(heroes=("treant",), seed=5)
    if where == "battle":
        advance(runner, lambda r: is_battle_choice(r))
    app.push(TitleScene(app))
    app.push(CampaignMenuScene(app))
    scene = AdventureScene(app, runner)
    app.push(scene)
    if where == "battle":
        pump(app, lambda: isinstance(app.scene, AdventureBattleScene))
        app.scene._open_pause()
    else:
        app.frame(1 / 60)
        scene.open_pause()
    paused = app.scene
    actions = len(runner.engine.actions)
    click(
        app,
        next(b for b in paused.pause_buttons if b.label == "Save and quit to title").rect.center,
    )
    assert [type(s).__name__ for s in app.scenes] == ["TitleScene"]
    saved, _ = load_campaign(1)
    assert saved is not None and len(saved.session.actions) == actions
