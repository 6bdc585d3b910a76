"""Accessibility stories: the colour-blind-safe palette, remapped keys, keyboard-only play
through the focus ring, gamepads, and the first-run interface scale on high-DPI screens."""

from __future__ import annotations

import json

import pygame
import pytest

from game.persistence.settings import Settings, load_settings, save_settings, settings_path
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import App
from game.ui.focus import FOCUS
from game.ui.scenes.controls import ControlsScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from tests.ui.test_scenes import COMPUTER, HUMAN, force, my_decision, start_duel
from tests.ui.uikit import OLD_PROMPTS, click, key, pump, shot


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()
    keymap.use(None)
    T.set_palette("standard")


def tab_to(app, wanted, limit: int = 80) -> None:
    """Press Tab until the focus ring is on a target whose label `wanted` accepts."""
    for _ in range(limit):
        key(app, pygame.K_TAB)
        target = FOCUS.active()
        if target is not None and wanted(target.label):
            return
    labels = [t.label for t in FOCUS.targets]
    raise AssertionError(f"no focus target wanted among {labels}")


# ---------------------------------------------------------------- settings file


def test_an_old_settings_file_without_palette_or_keys_still_loads():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    old = {"version": 1, "window_width": 1600, "window_height": 900, "ui_scale": 1.25}
    path.write_text(json.dumps(old), encoding="utf-8")
    settings, messages = load_settings()
    assert messages == []
    assert (settings.window_width, settings.ui_scale) == (1600, 1.25)
    assert settings.palette == "standard" and settings.keys == {}


def test_palette_and_keys_round_trip_and_a_bad_palette_is_named():
    save_settings(Settings(palette="okabe_ito", keys={"roll": ["f"], "undo": ["ctrl+u"]}))
    settings, messages = load_settings()
    assert messages == []
    assert settings.palette == "okabe_ito"
    assert settings.keys == {"roll": ["f"], "undo": ["ctrl+u"]}
    raw = json.loads(settings_path().read_text(encoding="utf-8"))
    raw["palette"] = "rainbow"
    settings_path().write_text(json.dumps(raw), encoding="utf-8")
    settings, messages = load_settings()
    assert settings == Settings()
    assert any("palette" in m for m in messages)


# ---------------------------------------------------------------- remapping


def test_a_key_another_action_uses_is_refused_with_the_reason_and_nothing_changes():
    km = keymap.Keymap()
    with pytest.raises(keymap.BindingRefused, match="already 'Pass / End Phase'"):
        km.bind("roll", "space")
    assert km.bindings["roll"] == ("r",)
    with pytest.raises(keymap.BindingRefused, match="choosing by number"):
        km.bind("roll", "3")
    km.bind("roll", "f")
    assert km.overrides() == {"roll": ["f"]}
    km.reset()
    assert km.overrides() == {}


def test_controls_screen_rebinds_refuses_a_conflict_and_settings_keep_it(app):
    app.push(SettingsScene(app))
    app.frame(1 / 60)
    settings_scene = app.scene
    click(app, settings_scene.controls.rect.center)
    controls = app.scene
    assert isinstance(controls, ControlsScene)
    change = next(b for b in controls.buttons if b.data.get("action") == "roll")
    click(app, change.rect.center)
    key(app, pygame.K_SPACE)  # taken by Pass / End Phase
    assert "already" in controls.message and controls.map.bindings["roll"] == ("r",)
    click(app, change.rect.center)
    key(app, pygame.K_TAB)  # while a key is awaited even Tab is the key (not the focus)
    assert "already" in controls.message  # Tab is Next control
    click(app, change.rect.center)
    key(app, pygame.K_f)
    assert controls.map.bindings["roll"] == ("f",)
    shot(app, "controls")
    click(app, controls.done.rect.center)
    assert app.scene is settings_scene
    click(app, settings_scene.save.rect.center)
    loaded, _ = load_settings()
    assert loaded.keys == {"roll": ["f"]}
    assert keymap.key_label("roll") == "F"


def test_a_remapped_roll_key_rolls_in_a_duel_and_the_old_one_does_not(app):
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    settings.keys = {"roll": ["f"]}
    app.apply_settings(settings)
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pump(app, my_decision(duel, "offensive_roll"))
    key(app, pygame.K_r)
    assert not any(e.kind == "dice_rolled" for e in duel.engine.log)
    key(app, pygame.K_f)
    assert any(e.kind == "dice_rolled" for e in duel.engine.log)


# ---------------------------------------------------------------- keyboard and gamepad


def test_a_duel_turn_played_with_the_keyboard_alone(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)  # End Phase -> Offensive Roll
    pump(app, my_decision(duel, "offensive_roll"))
    force(duel, [1, 1, 1, 4, 6])
    tab_to(app, lambda label: label.startswith("Roll"))
    key(app, pygame.K_RETURN)
    pump(app, my_decision(duel, "offensive_roll"))
    assert duel.engine.pending.context["attempts_left"] == 2
    tab_to(app, lambda label: label == "your die 2")
    key(app, pygame.K_RETURN)
    assert duel.kept == [False, True, False, False, False]
    shot(app, "keyboard_focus_die")
    tab_to(app, lambda label: label.startswith("ability revolver row"))
    key(app, pygame.K_RETURN)
    kinds = [(e.kind, e.data.get("ability")) for e in duel.engine.log]
    assert ("ability_announced", "revolver") in kinds
    for _ in range(3000):  # Space passes every window and ends Main Phase 2
        if duel.view.active == 1:
            break
        choice = duel.engine.pending
        if choice is not None and duel.human(choice.player) and not duel.presenter.busy:
            key(app, pygame.K_SPACE)
        else:
            app.frame(1 / 60)
    assert duel.view.active == 1


def test_escape_focus_ring_hides_when_the_mouse_moves(app):
    app.push(TitleScene(app))
    app.frame(1 / 60)
    key(app, pygame.K_TAB)
    assert FOCUS.active() is not None
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.frame(1 / 60)
    assert FOCUS.active() is None


def pad(app, button) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.frame(1 / 60)


def test_a_gamepad_moves_the_focus_and_a_chooses(app):
    app.push(TitleScene(app))
    app.frame(1 / 60)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    first = FOCUS.active()
    assert first is not None
    assert first.label == "New Duel"  # a new screen starts at its first control
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert FOCUS.active().label == "Online"  # the entry after New Duel
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, SetupScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)  # back to the title
    assert isinstance(app.scene, TitleScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)  # nothing to go back to: B does not quit the game
    assert app.running and isinstance(app.scene, TitleScene)


def test_a_gamepad_stick_moves_once_per_push_and_hot_plug_is_handled(app):
    app.push(TitleScene(app))
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    for value in (30000, 32000, 31000):  # one push held: one step
        pygame.event.post(
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION,
                instance_id=0,
                axis=pygame.CONTROLLER_AXIS_LEFTY,
                value=value,
            )
        )
    app.frame(1 / 60)
    first = FOCUS.active()
    assert first is not None
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTY, value=0
        )
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERAXISMOTION,
            instance_id=0,
            axis=pygame.CONTROLLER_AXIS_LEFTY,
            value=30000,
        )
    )
    app.frame(1 / 60)
    assert FOCUS.active() is not first and FOCUS.active().rect.y > first.rect.y


# ---------------------------------------------------------------- palette and shapes


def test_the_colour_blind_palette_changes_the_meaning_colours_and_the_shapes_stay(app):
    from game.ui.board_view import draw_dial
    from game.ui.table_view import team_colour

    surface = pygame.Surface((120, 120))
    standard = (T.HEALTH, T.CP, T.POSITIVE, T.NEGATIVE, team_colour(0), team_colour(2))
    settings = Settings(animation_speed="instant", sound_volume=0.0, palette="okabe_ito")
    app.apply_settings(settings)
    okabe = (T.HEALTH, T.CP, T.POSITIVE, T.NEGATIVE, team_colour(0), team_colour(2))
    assert okabe == (
        (213, 94, 0),
        (0, 114, 178),
        (86, 180, 233),
        (230, 159, 0),
        (213, 94, 0),
        (240, 228, 66),
    )
    assert all(a != b for a, b in zip(standard, okabe, strict=True))
    # the Health dial carries a heart and the CP dial a diamond: at the mark's place the
    # dial's own colour shows inside the dark disc (its shape differs between the two)
    for colour in (T.HEALTH, T.CP):
        surface.fill((0, 0, 0))
        draw_dial(surface, (50, 50), 30, 7, colour, app.theme)
        x = 50 + int(30 * 0.72)
        assert tuple(surface.get_at((x, 50 + int(30 * 0.72) + 2)))[:3] == tuple(colour)
    surface.fill((0, 0, 0))
    draw_dial(surface, (50, 50), 30, 7, T.HEALTH, app.theme)
    heart_top = tuple(surface.get_at((x, 50 + int(30 * 0.72) - int(30 * 0.38) + 3)))[:3]
    surface.fill((0, 0, 0))
    draw_dial(surface, (50, 50), 30, 7, T.CP, app.theme)
    diamond_top = tuple(surface.get_at((x, 50 + int(30 * 0.72) - int(30 * 0.38) + 3)))[:3]
    assert heart_top != tuple(T.HEALTH) and diamond_top == tuple(T.CP)  # heart: notch on top
    app.apply_settings(Settings(animation_speed="instant", sound_volume=0.0))
    assert standard[0] == T.HEALTH


def test_a_reachable_space_has_a_diamond_and_a_target_has_sight_ticks():
    """On the Missions map a space you can end on and a target differ by shape as well as by
    colour: a diamond in the middle of a reachable space, red ticks pointing in at a target."""
    from game.ui.mission_view import HexLayout, draw_hex_map

    class Space:
        dark = False

    th = T.Theme(1.0)
    pygame.font.init()
    layout = HexLayout(40.0, (100.0, 100.0))
    hexes = {(0, 0): Space()}
    plain = pygame.Surface((200, 200))
    draw_hex_map(plain, layout, hexes, th)
    moved = pygame.Surface((200, 200))
    draw_hex_map(moved, layout, hexes, th, glow_hexes=[(0, 0)])
    targeted = pygame.Surface((200, 200))
    draw_hex_map(targeted, layout, hexes, th, target_hexes=[(0, 0)])
    cx, cy = (round(v) for v in layout.center((0, 0)))
    assert tuple(moved.get_at((cx, cy)))[:3] == tuple(T.HIGHLIGHT)  # the diamond
    assert tuple(plain.get_at((cx, cy)))[:3] != tuple(T.HIGHLIGHT)
    tick = (round(cx + 40 * 0.8 * 0.7071), round(cy + 40 * 0.8 * 0.7071))  # 45 degrees out
    assert tuple(targeted.get_at(tick))[:3] == (255, 96, 70)
    assert tuple(plain.get_at(tick))[:3] != (255, 96, 70)


# ---------------------------------------------------------------- high-DPI first run


@pytest.mark.parametrize(
    ("desktop", "size", "scale"),
    [
        ((1366, 768), (1280, 720), 1.0),
        ((1920, 1080), (1280, 720), 1.0),
        ((2560, 1440), (1920, 1080), 1.0),
        ((2880, 1800), (1920, 1080), 1.5),  # text 1.875x, as large as 1.25x before the reflow
        ((3840, 2160), (2560, 1440), 2.0),
        ((5120, 2880), (3840, 2160), 2.0),
    ],
)
def test_a_first_start_picks_window_and_scale_from_the_desktop(desktop, size, scale):
    from game.ui.app import first_run_settings

    chosen = first_run_settings(Settings(), desktop)
    assert (chosen.window_width, chosen.window_height) == size
    assert chosen.ui_scale == scale


def test_only_a_first_start_uses_the_desktop_defaults(monkeypatch):
    import game.ui.app as app_module

    seen = []

    class Stop(Exception):
        pass

    def fake_app(settings, messages=()):
        seen.append(settings)
        raise Stop

    monkeypatch.setattr(app_module, "desktop_size", lambda: (3840, 2160))
    monkeypatch.setattr(app_module, "App", fake_app)
    with pytest.raises(Stop):
        app_module.run_app([])
    assert seen[-1].ui_scale == 2.0 and seen[-1].window_width == 2560
    save_settings(Settings(ui_scale=1.0))
    with pytest.raises(Stop):
        app_module.run_app([])
    assert seen[-1].ui_scale == 1.0 and seen[-1].window_width == 1280


# ---------------------------------------------------------------- keyboard in the other modes


def test_the_adventures_menu_is_reached_and_a_hero_picked_with_the_keyboard(app):
    from game.ui.scenes.adventures_menu import CampaignMenuScene

    app.push(TitleScene(app))
    app.frame(1 / 60)
    tab_to(app, lambda label: label == "Adventures")
    key(app, pygame.K_RETURN)
    menu = app.scene
    assert isinstance(menu, CampaignMenuScene)
    before = menu.members[0][0]
    tab_to(app, lambda label: label.startswith("hero_rects") and before not in label)
    chosen = FOCUS.active().label.split(" ", 1)[1]
    key(app, pygame.K_RETURN)
    assert menu.members[0][0] == chosen != before
    shot(app, "keyboard_adventures_menu")


def test_a_mission_move_is_chosen_on_the_map_with_the_keyboard(app):
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}], ["Player"])
    app.push(scene)
    pump(
        app,
        lambda: (
            engine.pending is not None and engine.pending.kind == "move" and not scene.narrating()
        ),
    )
    assert engine.heroes[0].pos is None
    tab_to(app, lambda label: label.startswith("space"))
    q, r = (int(v) for v in FOCUS.active().label.split(" ")[1].split(","))
    shot(app, "keyboard_mission_space")
    key(app, pygame.K_RETURN)
    pump(app, lambda: engine.heroes[0].pos is not None, frames=600)
    assert engine.heroes[0].pos == (q, r)


def test_button_key_hints_follow_the_players_keys(app):
    from game.ui.widgets import Button

    keymap.use({"advance": ["a"], "back": ["q"]})
    assert keymap.hint("Space") == "A" and keymap.hint("Esc") == "Q"
    assert keymap.hint("1-5") == "1-5"
    button = Button(pygame.Rect(0, 0, 300, 40), "End Phase", lambda: None, hotkey="Space")
    drawn = []
    import game.ui.widgets as widgets

    real = widgets.text_surface
    widgets.text_surface = lambda font, text, color: drawn.append(text) or real(font, text, color)
    try:
        button.draw(pygame.Surface((300, 40)), app.theme)
    finally:
        widgets.text_surface = real
    assert drawn == ["End Phase  [A]"]


def test_a_target_is_chosen_and_the_main_phase_passed_with_a_gamepad(app):
    from tests.ui.test_table import CPU, decision, play_until, start_table

    scene = start_table(app, "koth", [HUMAN, CPU, CPU])
    pump(app, decision(scene, "main_phase"))
    pad(app, pygame.CONTROLLER_BUTTON_B)  # B passes in a game: End Phase
    pump(app, decision(scene, "offensive_roll"))
    force(scene, [1, 1, 1, 1, 1])
    pad(app, pygame.CONTROLLER_BUTTON_X)  # X rolls
    pump(app, decision(scene, "offensive_roll"))
    for _ in range(60):  # the shoulder button steps to Revolver's lit row
        pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        if FOCUS.active().label.startswith("ability revolver row"):
            break
    pad(app, pygame.CONTROLLER_BUTTON_A)
    play_until(app, scene, decision(scene, "choose_target"))
    for _ in range(60):
        pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        if FOCUS.active().label == "seat 2":
            break
    shot(app, "gamepad_choose_target")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    chosen = [e for e in scene.engine.log if e.kind == "target_chosen"]
    assert chosen and chosen[-1].data["target"] == 2


def test_lists_keep_their_arrow_keys_while_the_focus_ring_shows(app):
    from game.ui.scenes.rules import RulesScene

    app.push(RulesScene(app))
    app.frame(1 / 60)
    key(app, pygame.K_TAB)
    assert FOCUS.active() is not None
    before = app.scene.selected
    key(app, pygame.K_DOWN)
    assert app.scene.selected == before + 1
    app.pop()
    app.push(SettingsScene(app))
    app.frame(1 / 60)
    key(app, pygame.K_TAB)  # the first row's "<"
    assert app.scene.selected == 0
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert app.scene.selected == 2  # Interface scale
    app.pop()
    app.push(TitleScene(app))
    app.frame(1 / 60)
    key(app, pygame.K_TAB)
    key(app, pygame.K_DOWN)  # elsewhere the arrows move the ring
    assert FOCUS.active().label == "Online"  # the entry after New Duel


def test_a_mission_and_a_hero_are_chosen_with_the_keyboard(app):
    from game.ui.scenes.missions_menu import MissionSelectScene

    app.push(MissionSelectScene(app))
    app.frame(1 / 60)
    tab_to(app, lambda label: label == "mission market_mayhem")
    key(app, pygame.K_RETURN)
    assert app.scene.mission == "market_mayhem"
    tab_to(app, lambda label: label == "hero monk")
    key(app, pygame.K_RETURN)
    assert app.scene.seats[0]["hero"] == "monk"
