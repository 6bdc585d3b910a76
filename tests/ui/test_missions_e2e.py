"""End to end: the real window under Xvfb, driven by xdotool like a player.

Title -> Missions -> Start Mission (one human Barbarian on Harbor Heist) -> click a glowing
space on the hex map. The mission is saved when the player's next turn comes up, so the test
reads the move back from the save file. Screenshots land in build/test-artifacts/e2e_missions.
"""

from __future__ import annotations

import json
import time

from tests.ui.e2e_kit import needs_x, real_window

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
    with real_window(tmp_path, SEED, shots="e2e_missions") as (window, home, _game):
        window.click(points["missions"])
        time.sleep(0.8)
        window.shot("01_mission_select")
        window.click(points["start"])
        save = home / "missions" / "mission_save.json"
        time.sleep(2.5)  # the opening lines are narrated first
        window.shot("02_mission_board")
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
        window.shot("03_after_move")
