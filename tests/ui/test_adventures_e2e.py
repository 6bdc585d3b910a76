"""End to end: the real window under Xvfb, driven by xdotool like a player.

Title -> Adventures -> Start campaign (one human Barbarian) -> click a lit tile on the Portal
Crawl map. The campaign slot is autosaved every crawl turn, so the test reads the move back from
the slot file. Then the game is closed and started again: the title's Continue lists the campaign,
a click on it resumes it and the hero's next decision is played on from it. Screenshots land in
build/test-artifacts/e2e_adventures.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tests.ui.e2e_kit import needs_x, real_window

SEED = 1


def adventure_points(home: Path) -> dict:
    """Where Adventures, Start campaign and a legal tile sit at 1280x720 (same code, same seed)."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.adventure import AdventureScene
    from game.ui.scenes.adventures_menu import CampaignMenuScene
    from game.ui.scenes.title import TitleScene

    old = os.environ.get("DICE_THRONE_HOME")
    os.environ["DICE_THRONE_HOME"] = str(home)
    app = App(Settings(animation_speed="instant"), size=(1280, 720))
    try:
        title = TitleScene(app)
        app.push(title)
        adventures = next(b for b in title.buttons if b.label == "Adventures").rect.center
        menu = CampaignMenuScene(app)
        app.push(menu)
        start = next(b for b in menu.buttons if b.label == "Start campaign").rect.center
        menu.start_campaign(seed=SEED)
        scene = app.scene
        assert isinstance(scene, AdventureScene)
        for _ in range(200):
            app.frame(1 / 60)
            choice = scene.runner.pending
            if choice is not None and choice.kind == "adventure_move" and not scene.ticker:
                break
        choice = scene.runner.pending
        assert choice.kind == "adventure_move", choice.kind
        slots = sorted(o.action.get("slot") for o in choice.options)
        goal = slots[0]
        point = scene.tile_rects[goal].center
        scene.runner.save()
        scene.runner.close()
        # started again with the slot saved: the title's Continue lists it (the only game)
        from game.ui.scenes.continue_list import ContinueScene

        again = TitleScene(app)
        app.reset(again)
        title_continue = next(b for b in again.buttons if b.label == "Continue").rect.center
        listing = ContinueScene(app, again.saved_games)
        app.push(listing)
        assert [e.kind for e in listing.entries] == ["adventure"]
        return {
            "adventures": adventures,
            "start": start,
            "title_continue": title_continue,
            "row": listing.rows[0][0].center,
            "goal": goal,
            "tile": point,
        }
    finally:
        app.close()
        if old is None:
            os.environ.pop("DICE_THRONE_HOME", None)
        else:
            os.environ["DICE_THRONE_HOME"] = old


# the default prompt setting: an unhurt hero's Salve question is not shown, so a click on a
# tile is the first thing the player does (the probe app above uses the same default)
PROMPTS = {"auto_pass": "when_it_matters"}


@needs_x
def test_adventures_start_and_move_on_the_map_in_the_real_window(tmp_path):
    points = adventure_points(tmp_path / "probe")
    with real_window(tmp_path, SEED, shots="e2e_adventures", settings=PROMPTS) as (
        window,
        home,
        _game,
    ):
        window.click(points["adventures"])
        time.sleep(0.8)
        window.shot("01_campaign_menu")
        window.click(points["start"])
        slot = home / "saves" / "adventures" / "slot-1.json"
        time.sleep(4.0)  # the opening lines are narrated first
        window.shot("02_crawl_map")
        moved = None
        deadline = time.time() + 25
        clicks = 0
        while time.time() < deadline and moved is None:
            if clicks < 4:
                window.click(points["tile"])  # a click during narration only skips it
                clicks += 1
            time.sleep(0.8)
            if slot.exists():
                data = json.loads(slot.read_text())
                session = data.get("session") or {}
                moved = next((a for a in session.get("actions", []) if a["kind"] == "move"), None)
        assert moved is not None, "no move reached the saved campaign"
        assert moved["slot"] == points["goal"]
        time.sleep(1.5)
        window.shot("03_after_move")
    # the game is closed mid-scenario; started again, Continue picks the campaign up where the
    # slot left it and play goes on in the same slot
    saved = json.loads(slot.read_text())["session"]["actions"]
    (tmp_path / "events.jsonl").unlink(missing_ok=True)  # the second run's events only
    with real_window(tmp_path, SEED, shots="e2e_adventures", settings=PROMPTS) as (
        window,
        home,
        _game,
    ):
        window.click(points["title_continue"])
        time.sleep(0.8)
        window.shot("04_continue_list")
        window.click(points["row"])
        time.sleep(2.0)
        window.shot("05_resumed")
        keys = iter(["r", "space", "1"] * 40)
        window.wait_for(
            lambda e: e.get("player") == 0 and e["kind"] in ("dice_rolled", "hero_moved"),
            seconds=30,
            what="the resumed campaign answering the hero's next decision",
            poke=lambda: window.key(next(keys, "space")),
        )
        resumed = json.loads(slot.read_text())["session"]["actions"]
        assert resumed[: len(saved)] == saved, "the resumed session lost what was saved"
        window.shot("06_played_on")
