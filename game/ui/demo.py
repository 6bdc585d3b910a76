"""`python -m game demo`: the real window playing itself, with screenshots at key moments.

The demo walks the same path a player does: the title screen, the setup (the format picked and
every seat set to the computer), then the match itself, taking a PNG of the title, the setup,
a roll in flight, settled dice, a response prompt, damage landing and the end screen (team
formats also the targeting roll with its table, King of the Hill the attacker choosing a
target). It uses a throwaway user data folder, so it never touches a player's settings or
saved duel. When the time is nearly up and the match is still going, the rest is played out
at once so the end screen is shown.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

SHOTS = (
    "title",
    "setup",
    "roll_in_flight",
    "dice_settled",
    "response_prompt",
    "targeting",
    "damage",
    "end",
)


class Director:
    """Drives the scenes and decides when a moment is worth a picture."""

    def __init__(
        self, app, seconds: float, out: Path | None, seed: int, mode: str = "duel"
    ) -> None:
        self.app = app
        self.mode = mode
        self.seconds = seconds
        self.out = out
        self.seed = seed
        self.started = time.perf_counter()
        self.stage = "title"
        self.stage_at = self.started
        self.taken: dict[str, Path] = {}
        self.duel = None
        self.frames = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def shot(self, name: str) -> None:
        if name in self.taken or self.out is None:
            return
        index = SHOTS.index(name) + 1
        path = self.app.screenshot(self.out / f"{index:02d}_{name}.png")
        self.taken[name] = path

    def after_frame(self, app) -> None:
        from game.ui.scenes.duel import DuelScene
        from game.ui.scenes.end import EndScene
        from game.ui.scenes.setup import SetupScene

        self.frames += 1
        now = time.perf_counter()
        in_stage = now - self.stage_at
        scene = app.scene
        if self.stage == "title":
            if in_stage > 0.6:
                self.shot("title")
                setup = SetupScene(app)
                app.push(setup)
                setup.set_mode(self.mode)
                for seat in range(len(setup.kind)):
                    setup.set_kind(seat, "computer:normal")
                self.stage, self.stage_at = "setup", now
        elif self.stage == "setup":
            if in_stage > 0.6:
                self.shot("setup")
                assert isinstance(scene, SetupScene)
                scene.begin(seed=self.seed)
                self.duel = app.scene
                self.stage, self.stage_at = "duel", now
        elif self.stage == "duel":
            duel = self.duel
            if isinstance(scene, EndScene):
                self.stage, self.stage_at = "end", now
                return
            if not isinstance(duel, DuelScene):
                return
            tray = duel.tray
            if tray.frames and tray.rolling and 0.06 < tray.frame / tray.frames < 0.3:
                self.shot("roll_in_flight")
            elif "roll_in_flight" in self.taken and not tray.rolling and tray.dice:
                self.shot("dice_settled")
            choice = duel.engine.pending
            if choice is not None and choice.kind == "respond" and not duel.presenter.busy:
                self.shot("response_prompt")
            table = duel.table
            if table is not None and table.targeting is not None and table.targeting.age > 0.4:
                self.shot("targeting")
            if choice is not None and choice.kind == "choose_target":
                self.shot("targeting")
            if any(
                f.anchor == "health" and f.text.startswith("-") and 0.12 < f.age < 0.4
                for f in duel.presenter.floaters
            ):
                self.shot("damage")
            if self.elapsed() > self.seconds * 0.8 and not duel.engine.over:
                duel.finish_instantly()
        elif self.stage == "end" and in_stage > 0.8:
            self.shot("end")
            app.quit()
        if self.elapsed() > self.seconds + 5:
            app.quit()  # a safety net: never hang a script that called us


def run_demo(
    mode: str = "duel",
    seconds: float = 20.0,
    screenshots: str | None = None,
    seed: int = 7,
    speed: str = "fast",
) -> int:
    from game.modes.variants import MODES

    if mode not in MODES:
        print(f"demo: unknown mode '{mode}' (known: {', '.join(MODES)})")
        return 2
    if not os.environ.get("DICE_THRONE_HOME"):
        os.environ["DICE_THRONE_HOME"] = tempfile.mkdtemp(prefix="dicethrone-demo-")
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    settings = Settings(animation_speed=speed, sound_volume=0.0, music_volume=0.0)
    app = App(settings)
    out = Path(screenshots) if screenshots else None
    director = Director(app, max(5.0, seconds), out, seed, mode)
    app.screenshot_hook = director.after_frame
    app.push(TitleScene(app))
    app.run()
    missing = [name for name in SHOTS if name not in director.taken]
    if mode == "duel":
        missing = [name for name in missing if name != "targeting"]
    for name, path in director.taken.items():
        print(f"screenshot {name}: {path}")
    if out is not None and missing:
        print(f"demo: no moment seen for: {', '.join(missing)}")
    print(f"demo: {director.frames} frames in {director.elapsed():.1f} s")
    return 0
