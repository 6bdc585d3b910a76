"""Small layout defects other sessions saw in the window, each checked where it was seen: the
Online screen's Join line against the address label, the Missions Hero list's seat lines at
1024x576, the pause panel with a note wider than the window."""

from __future__ import annotations

import pytest

from game.persistence.settings import Settings
from game.ui import layoutcheck as L
from game.ui.app import App, offered_scales

SIZES = [(1024, 576), (1024, 640), (1280, 720), (1920, 1080)]


def _layouts():
    return [(size, scale) for size in SIZES for scale in offered_scales(size)]


def _app(size, scale) -> App:
    return App(Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=size)


@pytest.mark.parametrize(("size", "scale"), _layouts())
def test_online_join_line_keeps_clear_of_the_address_label(size, scale):
    """At 1.50x the Join panel's line "Your host's address and room code." ran down to the
    "Host's address" label (3 px of ink between them at 1024 wide)."""
    app = _app(size, scale)
    try:
        scene = L.SCENES["online:menu"](app)
        texts = {text: rect for rect, text, _lvl in L.record(scene, size).texts}
        line, label = texts["Your host's address and room code."], texts["Host's address"]
        assert label.top - line.bottom >= app.theme.px(8), (line, label)
    finally:
        app.close()


@pytest.mark.parametrize("scene_name", ["mission:enemies", "mission:duo"])
@pytest.mark.parametrize(("size", "scale"), [((1024, 576), s) for s in (1.0, 1.25, 1.5)])
def test_missions_hero_list_seat_lines_share_one_face(scene_name, size, scale, monkeypatch):
    """At 1024x576 the first Hero's "Player · 4 cards" fitted only in the regular condensed
    face while the other rows were bold: every row's seat line is drawn in one font."""
    from game.ui.scenes import mission_panels

    app = _app(size, scale)
    try:
        scene = L.SCENES[scene_name](app)
        drawn = []
        real = mission_panels.draw_text

        def spy(surface, text, font, *args, **kwargs):
            drawn.append((text, font))
            return real(surface, text, font, *args, **kwargs)

        monkeypatch.setattr(mission_panels, "draw_text", spy)
        scene._draw_roster(app.screen)
        tags = {scene.seat_label(h.seat) for h in scene.engine.heroes}
        lines = [(t, f) for t, f in drawn if t.split(" · ")[0] in tags]
        assert len(lines) == len(scene.engine.heroes), drawn
        fonts = {(f.get_height(), f.name, f.style_name) for _t, f in lines}
        assert len(fonts) == 1, lines
    finally:
        app.close()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_pause_note_wider_than_the_window_wraps_inside_the_panel(scale):
    """The pause panel is stacked from its parts' measured heights: a note longer than the
    window is wrapped inside the panel, above the buttons, and nothing leaves the window."""
    size = (1024, 576)
    app = _app(size, scale)
    try:
        scene = L.SCENES["pause:mission"](app)
        note = "Save and quit keeps your place: Continue on the title resumes it. " * 3
        scene.open_pause_menu([("Resume", scene._resume), ("Settings", scene._settings)], note)
        assert len(scene.pause_lines) > 1
        found = L.problems(L.record(scene, size), "pause", size, scale)
        assert not found, "\n".join(map(str, found))
        assert scene.pause_note_rect.bottom <= scene.pause_buttons[0].rect.top
        assert scene.pause_box.contains(scene.pause_buttons[-1].rect)
    finally:
        app.close()
