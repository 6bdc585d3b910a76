"""Render a scene headless to a PNG: python tools/shot.py SCENE OUT.png [WxH] [SECONDS].

SCENE is title, setup, rules, settings, duel (you against the computer) or aiduel (computer on
both sides); SECONDS is how long the duel runs (simulated frames) before the picture.
Team formats: setup:MODE (the setup screen with MODE picked), table:MODE (you in seat 1, the
computer elsewhere) or aitable:MODE (computers only), MODE one of 2v2, koth, 3v3, 2v2v2.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.app import App


def main() -> int:
    name, out = sys.argv[1], sys.argv[2]
    size = tuple(int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "1280x720").split("x"))
    app = App(size=size)
    if name == "title":
        from game.ui.scenes.title import TitleScene

        app.push(TitleScene(app))
    elif name == "setup" or name.startswith("setup:"):
        from game.ui.scenes.setup import SetupScene

        setup = SetupScene(app)
        app.push(setup)
        if ":" in name:
            setup.set_mode(name.split(":", 1)[1])
    elif name == "rules":
        from game.ui.scenes.rules import RulesScene

        app.push(RulesScene(app))
    elif name == "settings":
        from game.ui.scenes.settings import SettingsScene

        app.push(SettingsScene(app))
    elif name in ("duel", "aiduel"):
        from game.modes.duel import duel_setup
        from game.rules.engine import Engine
        from game.ui.scenes.duel import DuelScene

        engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], 7, turn_limit=0))
        first = {"kind": "human"} if name == "duel" else {"kind": "computer", "level": "normal"}
        app.push(DuelScene(app, engine, [first, {"kind": "computer", "level": "normal"}]))
        seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
        for _ in range(int(seconds * 60)):
            app.frame(1 / 60)
    elif name.startswith(("table:", "aitable:")):
        from game.modes import variants
        from game.rules.engine import Engine
        from game.ui.scenes.duel import DuelScene

        mode = name.split(":", 1)[1]
        pool = ["gunslinger", "barbarian", "pyromancer", "moon_elf", "monk", "paladin"]
        count = variants.SEATS[mode]
        engine = Engine.new_match(variants.setup_for(mode, pool[:count], 7))
        cpu = {"kind": "computer", "level": "normal"}
        seats = [cpu] * count
        if name.startswith("table:"):
            seats = [{"kind": "human"}] + [cpu] * (count - 1)
        app.push(DuelScene(app, engine, seats))
        seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
        for _ in range(int(seconds * 60)):
            app.frame(1 / 60)
    for _ in range(5):
        app.frame(1 / 60)
    app.screenshot(out)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
