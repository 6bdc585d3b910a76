"""The Missions map's ground layer: a changed space is drawn again in its own rectangle only,
and the result is the same picture a full drawing of the new state gives."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.missions.content import default_missions
from game.ui import mission_view as MV
from game.ui import theme as T

MISSIONS = default_missions()


@pytest.fixture()
def window():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 400))  # the layer is converted for the display, as in play
    MV.clear_cache()
    yield
    MV.clear_cache()


def _changes(spaces):
    """States a mission moves a space through: darkened, Plot tokens laid, a Mystery tile
    dealt and taken, a Defeat tile placed, a dark space opened, a Clear tile laid and opened."""
    floor = [h for h, sp in spaces.items() if not sp.dark and not sp.entry and not sp.exit]
    dark = [h for h, sp in spaces.items() if sp.dark]
    entry = [h for h, sp in spaces.items() if sp.entry]
    yield {floor[0]: {"dark": True}}
    yield {floor[1]: {"plot": 2}, floor[2]: {"mystery": 4}}
    yield {floor[2]: {"mystery": -1}, floor[3]: {"defeat_tile": True}}
    yield {entry[0]: {"plot": 1}}  # next to its ENTRY plate
    if dark:
        yield {dark[0]: {"dark": False}}
        yield {dark[-1]: {"clear": True}}
        yield {dark[-1]: {"clear_open": True}}


def _full(layout, spaces, th, mission):
    MV.clear_cache()
    layer, at = MV.map_layer(layout, spaces, th, mission)
    return pygame.image.tobytes(layer, "RGBA"), at


@pytest.mark.parametrize(
    "mission, area",
    [
        ("harbor_heist", (600, 400)),
        ("harbor_heist", (360, 240)),  # small spaces: the ENTRY plates reach past the tiles
        (sorted(MISSIONS.missions)[-1], (600, 400)),
    ],
)
def test_a_changed_space_repaints_its_rectangle_to_the_same_picture(
    window, monkeypatch, mission, area
):
    th = T.Theme()
    from game.missions.engine import MissionEngine, MissionSetup

    engine = MissionEngine(MissionSetup(mission, ("barbarian", "treant"), seed=3))
    layout = MV.HexLayout.fit(engine.hexes.keys(), pygame.Rect((0, 0), area))
    spaces = {h: dataclasses.replace(sp) for h, sp in engine.hexes.items()}
    MV.map_layer(layout, spaces, th, mission)  # drawn once
    drawn: list[int] = []
    real = MV.repaint_spaces

    def counting(*args, **kw):
        drawn.append(real(*args, **kw))
        return drawn[-1]

    monkeypatch.setattr(MV, "repaint_spaces", counting)
    for change in _changes(dict(spaces)):
        for h, fields in change.items():
            spaces[h] = dataclasses.replace(spaces[h], **fields)
        layer, at = MV.map_layer(layout, spaces, th, mission)
        got = pygame.image.tobytes(layer, "RGBA")
        key = next(iter(MV._LAYERS))
        ground = MV._LAYERS[key]
        want, want_at = _full(layout, spaces, th, mission)
        assert at == want_at
        assert got == want, f"{mission}: {change} differs from a full drawing"
        MV._LAYERS[key] = ground  # carry on from the incremental layer
    assert drawn, "no change was drawn incrementally"
    # each change drew a handful of spaces (the changed one and those reaching into it)
    assert max(drawn) < len(spaces) / 2, (drawn, len(spaces))


def test_a_mission_draws_each_heros_board_before_play(monkeypatch):
    """App.scene_came_up runs the scene's warm_up: every Hero's board, tray and dice faces are
    drawn then, so each Hero's turn as play first shows it draws nothing new; what the
    drawing records for clicks is left as it was."""
    from game.missions.engine import MissionEngine, MissionSetup
    from game.persistence.settings import Settings
    from game.ui import art, dice_tray
    from game.ui.app import App
    from game.ui.scenes.mission import MissionScene

    def drawn() -> list[int]:
        caches = (dice_tray.tray_background, art.die_body, art._die_face)
        return [c.cache_info().misses for c in caches]

    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    try:
        engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate", "treant"), seed=3))
        scene = MissionScene(app, engine, [{"kind": "human"}, {"kind": "human"}], ["A", "B"])
        app.push(scene)
        app.frame(1 / 60)
        spots, tips = scene.row_spots, scene.tips
        before = drawn()
        app.scene_came_up()
        warmed = drawn()
        assert warmed[0] > before[0] and warmed[1] > before[1]  # the tray and the dice
        assert scene.row_spots is spots and scene.tips is tips
        screen = pygame.Surface(app.screen.get_size())
        for hero in engine.heroes:  # each Hero's turn as play shows it: nothing drawn anew
            scene._draw_hero_turn(screen, hero.seat)
            for value in range(1, 7):
                art.die_face(engine.hero_def(hero), value, scene.tray.die_size)
        assert drawn() == warmed
        calls = []
        monkeypatch.setattr(scene, "_draw_hero_turn", lambda *a: calls.append(a))
        app.scene_came_up()  # back from an overlay at the same size: not drawn again
        assert calls == []
    finally:
        app.close()
