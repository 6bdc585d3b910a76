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
