"""Defects seen in the window (issue 17, "What was seen"), each driven as a player meets it."""

from __future__ import annotations

import pygame
import pytest

from game.persistence.settings import Settings
from game.ui.app import STEP, App


@pytest.fixture
def app():
    application = App(Settings(animation_speed="normal", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def _tray_pixels(scene, targeting) -> bytes:
    kept = scene.table.targeting
    scene.table.targeting = targeting
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.draw(surface)
    scene.table.targeting = kept
    return pygame.image.tobytes(surface.subsurface(scene.tray_rect).copy(), "RGB")


def test_no_die_is_thrown_under_or_over_the_targeting_table(app):
    """Team game: the Targeting Roll's table comes up once its die has landed and leaves when
    the next dice are thrown (they tumbled under it, then showed through it as it faded)."""
    from game.modes import variants
    from game.rules.engine import Engine
    from game.ui.scenes.duel import DuelScene

    pool = ["cursed_pirate", "barbarian", "pyromancer", "moon_elf"]
    engine = Engine.new_match(variants.setup_for("2v2", pool, 7))
    scene = DuelScene(app, engine, [{"kind": "computer", "level": "easy"}] * 4)
    app.push(scene)
    tables = throws_after = 0
    for _ in range(8000):
        before = scene.table.targeting
        app.update(STEP)
        info = scene.table.targeting
        if info is not None and before is None:
            tables += 1
            assert not scene.tray.rolling  # its die is down
            assert _tray_pixels(scene, info) != _tray_pixels(scene, None)  # it is shown
        if before is not None and scene.tray.rolling and not scene.table.choosing():
            throws_after += 1  # a throw while a table was up: it is gone, nothing hides dice
            assert info is None
            assert _tray_pixels(scene, before) == _tray_pixels(scene, None)
        if tables >= 2 and throws_after >= 2:
            break
    assert tables >= 2 and throws_after >= 2
