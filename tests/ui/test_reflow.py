"""A bigger window lays out a roomier table (game/ui/theme.py `zoom`), not only a larger one: the
boards take their rects from the canvas (the window in base units), and the interface scales
offered are those that fit the window (game/ui/app.py `offered_scales`)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.persistence.settings import MIN_WINDOW, Settings
from game.ui import theme as T
from game.ui.app import App, first_run_settings, offered_scales, usable_scale


def theme(scale: float, size) -> T.Theme:
    th = T.Theme(scale)
    th.resize(*size)
    return th


def test_a_bigger_window_gets_a_bigger_canvas_in_base_units():
    assert theme(1.0, (1280, 720)).canvas == (1280, 720)
    assert theme(1.0, (1024, 576)).canvas == (1280, 720)  # below 1280x720 it only shrinks
    assert theme(1.0, (1920, 1080)).canvas == (1536, 864)
    assert theme(1.0, (2560, 1440)).canvas == pytest.approx((1706.7, 960), abs=0.1)
    assert theme(1.0, (3840, 2160)).canvas == (1920, 1080)
    # the text still grows with the window, more slowly than the window
    assert theme(1.0, (1920, 1080)).text_scale == 1.25
    assert theme(1.0, (3840, 2160)).text_scale == 2.0


def test_an_interface_scale_enlarges_controls_until_the_canvas_is_1280x720_then_text_only():
    # at 1280x720 the table keeps its geometry and only the text grows (as before)
    th = theme(1.5, (1280, 720))
    assert th.px(100) == 100 and th.text_scale == 1.5
    # in a 2560x1440 window 2.00x grows the controls too (1.5 -> 2.0 px per base px)
    assert theme(1.0, (2560, 1440)).px(100) == 150
    big = theme(2.0, (2560, 1440))
    assert big.px(100) == 200 and big.canvas == (1280, 720) and big.text_scale == 3.0
    assert theme(1.25, (1920, 1080)).px(100) == 150  # all of it controls: canvas 1280x720
    # below 1.00x the table shrinks (a larger canvas)
    assert theme(0.75, (1920, 1080)).canvas[0] > theme(1.0, (1920, 1080)).canvas[0]


def test_the_scales_offered_are_those_that_fit_the_window():
    assert offered_scales((1024, 576)) == [1.0, 1.25, 1.5]
    assert offered_scales(MIN_WINDOW) == [1.0, 1.25, 1.5]
    assert offered_scales((1280, 720)) == [1.0, 1.25, 1.5]
    assert offered_scales((1600, 900)) == [0.75, 1.0, 1.25, 1.5]
    assert offered_scales((1920, 1080)) == [0.75, 1.0, 1.25, 1.5, 1.75]
    assert offered_scales((2560, 1440)) == [0.75, 1.0, 1.25, 1.5, 1.75, 2.0]
    assert 2.0 in offered_scales((3840, 2160)) and 1.75 in offered_scales((3840, 2160))
    # every offered scale keeps text within 1.5 times its box and pixels no smaller than the
    # smallest window's
    for size in [(1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]:
        for s in offered_scales(size):
            th = theme(s, size)
            assert th.text_scale <= 1.5 * th.scale + 1e-9 and th.scale >= 0.8 - 1e-9
    assert usable_scale(2.0, (1920, 1080)) == 1.75
    assert usable_scale(2.0, (3840, 2160)) == 2.0


def test_a_4k_desktop_starts_at_2x_in_a_window_that_offers_it():
    settings = first_run_settings(Settings(), (3840, 2160))
    assert (settings.window_width, settings.window_height) == (2560, 1440)
    assert settings.ui_scale == 2.0
    settings = first_run_settings(Settings(), (3200, 1800))
    assert (settings.window_width, settings.window_height) == (1920, 1080)
    assert settings.ui_scale == 1.5
    settings = first_run_settings(Settings(), (1920, 1080))
    assert settings.ui_scale == 1.0


def test_settings_steps_through_2x_in_a_large_window():
    from game.ui.scenes.settings import SettingsScene

    app = App(Settings(ui_scale=2.0, sound_volume=0.0), size=(2560, 1440))
    try:
        assert app.theme.ui_scale == 2.0
        scene = SettingsScene(app)
        app.push(scene)
        scene.draft.window_width, scene.draft.window_height = 2560, 1440
        seen = set()
        for _ in range(8):
            scene._scale_step(1)
            seen.add(scene.draft.ui_scale)
        assert seen == {0.75, 1.0, 1.25, 1.5, 1.75, 2.0}
    finally:
        app.close()


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def resize(app, size, scale=1.0) -> None:
    app.screen = pygame.display.set_mode(size)
    app.theme = T.Theme(scale)
    app.theme.resize(*size)
    for scene in app.scenes:
        scene.resize()


def base(app, rect: pygame.Rect) -> tuple[float, float]:
    """A rect's size in base units."""
    return rect.w / app.theme.scale, rect.h / app.theme.scale


def log_room(scene) -> tuple[int, int]:
    """(lines, characters of "m") the duel's log shows (game/ui/scenes/duel_draw.py)."""
    th = scene.app.theme
    font = th.font(13, condensed=True)
    rect = scene.log_rect
    lines = (rect.h - th.px(12)) // font.get_linesize()
    return lines, (rect.w - th.px(20)) // font.size("m")[0]


def duel(app, mode: str):
    from game.ui.layoutcheck import new_match
    from game.ui.scenes.duel import DuelScene

    heroes = ["cursed_pirate", "huntress", "treant", "artificer", "barbarian", "paladin"]
    engine, count = new_match(mode, heroes)
    cpu = {"kind": "computer", "level": "easy"}
    scene = DuelScene(app, engine, [{"kind": "human"}] + [cpu] * (count - 1))
    app.push(scene)
    return scene


@pytest.mark.parametrize("mode", ["1v1", "2v2", "koth", "3v3", "2v2v2"])
def test_the_duel_uses_a_bigger_window_for_more_log_taller_boards_and_larger_cards(app, mode):
    scene = duel(app, mode)
    resize(app, (1280, 720))
    small = {
        "log": log_room(scene),
        "board": base(app, scene.my_board),
        "opp": base(app, scene.opp_board),
        "tray": base(app, scene.tray_rect),
        "hand": base(app, scene.hand_area),
        "card": getattr(scene, "hand_card", 104),  # before the reflow: 104 everywhere
    }
    assert small["board"] == (1280 - 372 - 24, 118)  # the 1280x720 design
    resize(app, (1920, 1080))
    lines, chars = log_room(scene)
    assert lines > small["log"][0] and chars > small["log"][1]
    assert base(app, scene.my_board)[1] > small["board"][1]
    assert base(app, scene.opp_board)[1] > small["opp"][1]
    assert base(app, scene.tray_rect)[1] > small["tray"][1]
    assert base(app, scene.hand_area)[0] > small["hand"][0]
    assert getattr(scene, "hand_card", 104) > small["card"]
    window = pygame.Rect(0, 0, 1920, 1080)
    rects = [scene.opp_bar, scene.opp_board, scene.tray_rect, scene.prompt_rect, scene.my_board]
    rects += [scene.my_bar, scene.hand_area, scene.phase_rect, scene.log_rect, scene.info_rect]
    assert all(window.contains(r) for r in rects)
    for upper, lower in itertools.pairwise(rects[:5]):  # the left column, top to bottom
        assert upper.bottom <= lower.y
    assert scene.log_rect.bottom <= scene.info_rect.y
    assert not scene.my_bar.colliderect(scene.hand_area)


def test_the_missions_board_gives_a_bigger_window_to_the_map_and_the_heros_turn(app):
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate", "huntress"), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}] * 2, ["Player", ""])
    app.push(scene)
    resize(app, (1280, 720))
    small = [base(app, r) for r in (scene.map_rect, scene.board_rect, scene.tray_rect)]
    small_log, small_card = base(app, scene.log_rect), getattr(scene, "hand_card", 96)
    small_hex = scene.map_layout().size / app.theme.scale
    resize(app, (1920, 1080))
    big = [base(app, r) for r in (scene.map_rect, scene.board_rect, scene.tray_rect)]
    assert all(b[1] > s[1] for b, s in zip(big, small, strict=True))
    assert base(app, scene.log_rect)[0] > small_log[0]
    assert getattr(scene, "hand_card", 96) > small_card
    assert scene.map_layout().size / app.theme.scale > small_hex
    window = pygame.Rect(0, 0, 1920, 1080)
    assert window.contains(scene.panels_rect) and scene.panels_rect.h > 0
    assert window.contains(scene.log_rect) and scene.log_rect.h > 0
    # the Hero's turn lies over the map (the fan's foot 2 px past it, as at 1280x720)
    assert scene.map_rect.inflate(0, 2 * app.theme.px(4)).contains(scene.hand_area)
    assert (
        scene.board_rect.bottom <= scene.tray_rect.y < scene.tray_rect.bottom <= scene.hand_area.y
    )


def test_the_crawl_widens_its_heroes_and_log_in_a_bigger_window(app):
    from game.ui.scenes.adventure import AdventureScene
    from game.ui.scenes.adventures_menu import new_runner

    runner = new_runner("easy", "Testers", [("barbarian", "human"), ("moon_elf", "human")], 6, 5)
    scene = AdventureScene(app, runner)
    try:
        app.push(scene)
        resize(app, (1280, 720))
        small = {k: base(app, r) for k, r in scene.layout().items()}
        resize(app, (1920, 1080))
        big = {k: base(app, r) for k, r in scene.layout().items()}
        assert big["log"][0] > small["log"][0] and big["map"][0] > small["map"][0]
        assert big["map"][1] > small["map"][1]
        window = pygame.Rect(0, 0, 1920, 1080)
        assert all(window.contains(r) for r in scene.layout().values())
    finally:
        runner.close()


def test_a_window_below_the_smallest_supported_size_gets_1x_instead_of_a_crash():
    from game.ui.app import offered_scales, usable_scale

    assert offered_scales((640, 360)) == []
    assert usable_scale(1.5, (640, 360)) == 1.0
