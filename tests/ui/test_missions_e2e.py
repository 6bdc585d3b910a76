"""End to end: the real window under Xvfb, driven by xdotool like a player.

Title -> Missions -> Start Mission (one human Barbarian on Harbor Heist) -> click a glowing
space on the hex map. The mission is saved when the player's next turn comes up, so the test
reads the move back from the save file. Screenshots land in build/test-artifacts/e2e_missions.
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
SEED = 3


def mission_points() -> dict:
    """Where Missions, Start Mission and a legal destination sit at 1280x720 (same code)."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.missions_menu import MissionSelectScene
    from game.ui.scenes.title import TitleScene

    app = App(Settings(), size=(1280, 720))
    try:
        title = TitleScene(app)
        app.push(title)
        missions = next(b for b in title.buttons if b.label == "Missions").rect.center
        select = MissionSelectScene(app)
        app.push(select)
        start = select.start.rect.center
        select.begin(seed=SEED)
        scene = app.scene
        app.frame(1 / 60)
        entries = set(scene.engine.map.entries())
        moves = sorted(
            (a.get("q"), a.get("r"))
            for a in scene.engine.pending.actions()
            if a.kind == "move" and (a.get("q"), a.get("r")) not in entries
        )
        goal = moves[len(moves) // 2]
        x, y = scene.map_layout().center(goal)
        return {"missions": missions, "start": start, "goal": goal, "hex": (int(x), int(y))}
    finally:
        app.close()


@needs_x
def test_mission_select_start_and_move_in_the_real_window(tmp_path):
    points = mission_points()
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
        window.click(points["missions"])
        time.sleep(0.8)
        _shot(window, "01_mission_select")
        window.click(points["start"])
        save = home / "missions" / "mission_save.json"
        time.sleep(2.5)  # the opening lines are narrated first
        _shot(window, "02_mission_board")
        window.click(points["hex"])
        deadline = time.time() + 20
        moved = None
        while time.time() < deadline and moved is None:
            if save.exists():
                data = json.loads(save.read_text())
                moved = next((a for a in data["actions"] if a["kind"] == "move"), None)
            if moved is None:
                time.sleep(0.25)
        assert moved is not None, "no move reached the saved mission"
        assert (moved["q"], moved["r"]) == tuple(points["goal"])
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
    folder = SHOTS / "e2e_missions"
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["import", "-window", window.wid, str(folder / f"{name}.png")],
        env=window.env,
        capture_output=True,
        timeout=10,
    )
