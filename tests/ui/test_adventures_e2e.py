"""End to end: the real window under Xvfb, driven by xdotool like a player.

Title -> Adventures -> Start campaign (one human Barbarian) -> click a lit tile on the Portal
Crawl map. The campaign slot is autosaved every crawl turn, so the test reads the move back from
the slot file. Screenshots land in build/test-artifacts/e2e_adventures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.ui.test_window_e2e import ROOT, Window, free_display, needs_x

SHOTS = Path(os.environ.get("DICE_THRONE_ARTIFACTS", ROOT / "build" / "test-artifacts"))
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
        scene.runner.close()
        return {"adventures": adventures, "start": start, "goal": goal, "tile": point}
    finally:
        app.close()
        if old is None:
            os.environ.pop("DICE_THRONE_HOME", None)
        else:
            os.environ["DICE_THRONE_HOME"] = old


@needs_x
def test_adventures_start_and_move_on_the_map_in_the_real_window(tmp_path):
    points = adventure_points(tmp_path / "probe")
    number = free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    game = None
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.1)
        home = tmp_path / "home"
        home.mkdir()
        (home / "settings.json").write_text(
            json.dumps({"version": 1, "animation_speed": "fast", "sound_volume": 0.0})
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=f":{number}",
            SDL_AUDIODRIVER="dummy",
            SDL_VIDEO_WINDOW_POS="0,0",
            SDL_VIDEO_X11_WMCLASS="DiceThrone",
            DICE_THRONE_HOME=str(home),
            DICE_THRONE_SEED=str(SEED),
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        game = subprocess.Popen(
            [sys.executable, "-m", "game"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        window = Window(f":{number}", env, tmp_path / "unused.jsonl")
        window.wid = window.xdo("search", "--sync", "--class", "DiceThrone", timeout=20)
        window.wid = window.wid.splitlines()[0]
        assert window.wid, "the game window did not appear"
        time.sleep(1.0)
        window.click(points["adventures"])
        time.sleep(0.8)
        _shot(window, "01_campaign_menu")
        window.click(points["start"])
        slot = home / "saves" / "adventures" / "slot-1.json"
        time.sleep(4.0)  # the opening lines are narrated first
        _shot(window, "02_crawl_map")
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
        _shot(window, "03_after_move")
        assert game.poll() is None, "the game exited early"
    finally:
        if game is not None:
            game.terminate()
            try:
                output = game.communicate(timeout=10)[0].decode(errors="replace")
            except subprocess.TimeoutExpired:
                game.kill()
                output = ""
            if "Traceback" in output:
                print(output)
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _shot(window: Window, name: str) -> None:
    folder = SHOTS / "e2e_adventures"
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["import", "-window", window.wid, str(folder / f"{name}.png")],
        env=window.env,
        capture_output=True,
        timeout=10,
    )
