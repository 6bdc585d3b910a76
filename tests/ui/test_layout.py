"""The layout check (game/ui/layoutcheck.py): every scene drawn at the interface scales and window
sizes a player can pick, nothing outside the window, no text out of its box or over another."""

from __future__ import annotations

import pygame
import pytest

from game.ui import layoutcheck as L
from game.ui.theme import Theme
from game.ui.widgets import fit_name

SIZES = [(1024, 640), (1280, 720)]
SCALES = [1.0, 1.25, 1.5]
# a representative part of python -m game uicheck's grid above 1280x720: the reflowed table
# (1920x1080 at 1.00x, a 1536x864 canvas) and the largest scale in a large window (2560x1440 at
# 2.00x: controls 2 px per base px, text 1.5 times its box); the command checks the whole grid
ROOMY = [((1920, 1080), 1.0), ((2560, 1440), 2.0)]


@pytest.mark.parametrize("name", list(L.SCENES))
def test_a_scene_fits_every_size_and_scale(name):
    totals, found = L.run([name], SIZES, SCALES)
    assert totals["layouts"] == len(SIZES) * len(SCALES)
    for size, scale in ROOMY:
        more, also = L.run([name], [size], [scale])
        assert more["layouts"] == 1
        found += also
    assert not found, "\n".join(str(p) for p in found[:20])


def test_the_check_sees_a_text_that_leaves_the_window_or_its_box():
    surface = L.RecordingSurface((200, 100))
    rec = L.Recorder(surface)
    surface.recorder = rec
    from game.ui import widgets

    pygame.font.init()
    font = pygame.font.Font(None, 30)
    widgets.RECORDER = rec
    try:
        widgets.panel(surface, pygame.Rect(10, 10, 60, 40), Theme())
        surface.blit(widgets.text_surface(font, "a long line", (255, 255, 255)), (15, 15))
        surface.blit(widgets.text_surface(font, "off", (255, 255, 255)), (190, 50))
        surface.blit(widgets.text_surface(font, "over", (255, 255, 255)), (20, 20))
    finally:
        widgets.RECORDER = None
    kinds = sorted(p.kind for p in L.problems(rec, "probe", (200, 100), 1.0))
    assert kinds == ["offscreen", "overflow", "overlap"]


def test_interface_scale_grows_text_not_the_table():
    th = Theme(1.5)
    th.resize(1280, 720)
    assert th.px(100) == 100  # the table keeps its 1.00x geometry: it fits the window
    pygame.font.init()
    assert th.font(18).get_height() > Theme(1.0).font(18).get_height()


def test_a_long_word_breaks_between_consonants():
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    width = int(font.size("Overpower")[0] * 0.6)
    assert fit_name(lambda bold: font, "Overpower", width)[0] == ["Over-", "power"]
    width = int(font.size("Pyromancer")[0] * 0.7)
    assert fit_name(lambda bold: font, "Pyromancer", width)[0] == ["Pyro-", "mancer"]
    width = int(font.size("Thornbrush")[0] * 0.7)  # not "Thor-nbrush": "br" starts a syllable
    assert fit_name(lambda bold: font, "Thornbrush", width)[0] == ["Thorn-", "brush"]


def test_window_sizes_larger_than_the_screen_are_not_offered(monkeypatch):
    from game.persistence.settings import Settings
    from game.ui import app as app_module
    from game.ui.app import App
    from game.ui.scenes.settings import SettingsScene

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    assert app_module.offered_sizes() == [(1024, 576), (1280, 720)]
    # a settings file from a bigger screen opens a window that fits this one
    assert app_module.fitting_size((1920, 1080)) == (1280, 720)
    assert app_module.fitting_size((1280, 720), (1280, 720)) == (1280, 720)  # a 720p screen
    app = App(Settings(window_width=1280, window_height=720, sound_volume=0.0), size=(1280, 720))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        seen = set()
        for _ in range(6):
            scene._size_step(1)
            seen.add((scene.draft.window_width, scene.draft.window_height))
        assert seen == {(1024, 576), (1280, 720)}
        scene.draft.window_width, scene.draft.window_height = 2560, 1440  # an old file's size
        scene._size_step(-1)
        assert (scene.draft.window_width, scene.draft.window_height) in seen
    finally:
        app.close()


def test_a_scale_that_cannot_fit_the_window_is_not_offered_or_used():
    from game.persistence.settings import Settings
    from game.ui.app import App, offered_scales, usable_scale
    from game.ui.scenes.settings import SettingsScene

    assert offered_scales((1024, 576)) == [1.0, 1.25, 1.5]  # 0.75x would shrink text below 13 px
    assert offered_scales((1920, 1080)) == [0.75, 1.0, 1.25, 1.5, 1.75]
    assert usable_scale(2.0, (1280, 720)) == 1.5  # a hand-edited 2.00x: the largest that fits
    assert usable_scale(0.75, (1280, 720)) == 1.0
    app = App(Settings(ui_scale=2.0, sound_volume=0.0), size=(1280, 720))
    try:
        assert app.theme.ui_scale == 1.5
        scene = SettingsScene(app)
        app.push(scene)
        seen = set()
        for _ in range(8):
            scene._scale_step(1)
            seen.add(scene.draft.ui_scale)
        assert seen == {1.0, 1.25, 1.5}
    finally:
        app.close()
