"""Dirty rectangles in a real window: under Xvfb, after frames sent only in parts, the X
server's copy of the window equals the frame the game drew (no stale pixel anywhere)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from tests.ui.e2e_kit import ROOT, free_display, needs_x

# Run in its own process: SDL's video driver is chosen when the display starts (tests use the
# dummy driver). Draws a table whose pieces move and blink, presents 120 frames through the
# app, and after every 10th compares a screenshot of the X server's window with the frame.
PROGRAM = r"""
import json, os, subprocess, sys
import pygame
from game.persistence.settings import Settings
from game.ui.app import STEP, App, Scene
from game.ui.widgets import felt_background

class Moving(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.t = 0
    def update(self, dt):
        self.t += 1
    def draw(self, surface):
        felt_background(surface)
        t = self.t
        pygame.draw.rect(surface, (200, 40, 40), (20 + (t * 7) % 560, 40, 30, 20))
        pygame.draw.circle(surface, (240, 220, 90) if t % 2 else (40, 90, 200), (320, 200), 9)
        surface.set_at(((t * 13) % 640, 359), (255, 255, 255))

w, h = 640, 360
app = App(Settings(sound_volume=0.0, music_volume=0.0), size=(w, h))
app.push(Moving(app))
checked = differing = 0
for n in range(120):
    app.frame(STEP)
    if n % 10 != 9:
        continue
    shot = sys.argv[1]
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+0+0", shot], check=True)
    image = pygame.image.load(shot).convert()  # a PNG of few colours loads with a palette
    same = pygame.mask.from_threshold(
        app.screen, (0, 0, 0, 0), (1, 1, 1, 255), othersurface=image
    )
    checked += 1
    differing += same.count() != w * h
u = app.updates
print(json.dumps({"checked": checked, "differing": differing, "whole": u.sent_full,
                  "parts": u.sent_rects, "none": u.sent_none}))
app.close()
"""


@needs_x
@pytest.mark.skipif(not shutil.which("import"), reason="ImageMagick's import is needed")
def test_the_x_server_shows_exactly_the_frame_drawn(tmp_path):
    number = free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):  # ready in about 0.3 s
            if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                break
            time.sleep(0.1)
        env = dict(os.environ)
        for key in ("SDL_VIDEODRIVER", "SDL_VIDEO_CENTERED", "DICE_THRONE_FULL_FLIP"):
            env.pop(key, None)
        env.update(DISPLAY=f":{number}", SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy")
        env["DICE_THRONE_HOME"] = str(tmp_path / "home")
        out = subprocess.run(
            [sys.executable, "-c", PROGRAM, str(tmp_path / "shot.png")],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr[-3000:]
        result = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    assert result["checked"] == 12
    assert result["differing"] == 0, result
    assert result["parts"] > 100 and result["whole"] == 1, result  # sent in parts, not whole
