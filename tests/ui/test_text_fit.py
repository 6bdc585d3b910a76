"""No text cut short where it is the point of its box (issue 17: "wrap or shrink, never cut
mid-word"): the Missions enemy panels, the Hero list's Allies and the setup screen's hero story
are drawn whole in their busiest state at every offered scale, and the layout check counts a
text shortened with "..." (or clipped) as an overflow unless its words are deliberately
secondary and whole in a tooltip."""

from __future__ import annotations

import pygame
import pytest

from game.ui import layoutcheck as L
from game.ui import widgets
from game.ui.theme import Theme

# the smallest supported window and the default one, at every scale offered for them
LAYOUTS = [((1280, 720), s) for s in (1.0, 1.25, 1.5)] + [((1024, 576), s) for s in (1.0, 1.5)]


def _drawn(name: str, size, scale: float):
    """The scene drawn once, recorded: (its words in drawing order, the recorder)."""
    from game.persistence.settings import Settings
    from game.ui.app import App

    app = App(Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=size)
    try:
        scene = L.SCENES[name](app)
        rec = L.record(scene, size)
        return " ".join(text for _rect, text, _lvl in rec.texts), rec, scene
    finally:
        app.close()


def _henchman_words(db, side) -> list[str]:
    """What each Henchman panel of `side` must show whole (as the panel words it)."""
    out = []
    for hid in side.henchmen:
        h = db.henchmen[hid]
        c = h.crisis
        effects = []
        if c.damage:
            effects.append(f"{c.damage} dmg" + (" (adjacent)" if c.melee_only else ""))
        if c.heal:
            effects.append(f"heal {c.heal}")
        effects += [f"+{s}" for s, _n in c.gain]
        out += [h.name, h.attack.name, f"Crisis - {c.name}: " + " ".join(effects)]
    if side.threat:
        out += [db.threats[side.threat].name, db.threats[side.threat].text]
    return out


@pytest.mark.parametrize(("size", "scale"), LAYOUTS)
def test_missions_enemy_panels_show_every_word_of_the_wordiest_side(size, scale):
    words, rec, scene = _drawn("mission:enemies", size, scale)
    side = scene.engine.side()
    assert len(side.henchmen) == 3 and side.threat  # the busiest: four panels
    for text in _henchman_words(scene.db, side):
        assert text in words, f"{text!r} is not drawn whole at {size} {scale}x"
    assert not rec.cut and not rec.cut_in_tooltip, rec.cut + rec.cut_in_tooltip


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), s) for s in (1.0, 1.25, 1.5)])
def test_the_hero_list_names_every_heros_ally_whole(size, scale):
    words, rec, scene = _drawn("mission:enemies", size, scale)
    heroes = scene.engine.heroes
    assert len(heroes) == 4 and all(hero.allies for hero in heroes)
    ally = scene.db.allies[heroes[0].allies[0]].name  # the longest Ally name
    assert words.count(f"Ally: {ally}") == 4
    assert not rec.cut and not rec.cut_in_tooltip


@pytest.mark.parametrize(("size", "scale"), LAYOUTS)
@pytest.mark.parametrize("name", ["setup:story", "setup:story2v2"])
def test_the_setup_screen_shows_the_longest_hero_story_whole(name, size, scale):
    words, rec, scene = _drawn(name, size, scale)
    hero = scene.pool(scene.selected)[scene.choice[scene.selected]]
    longest = max(len(h.bio) for h in scene.pool(scene.selected))
    assert len(hero.bio) == longest
    assert hero.bio in words
    # every ability name whole too (its requirement beside it, or in its tooltip)
    for ability in scene.drawn_abilities[scene.selected]:
        assert ability in words
    assert not rec.cut and hero.bio not in rec.cut_in_tooltip


def test_the_check_counts_a_text_shortened_to_fit_unless_its_tooltip_has_it():
    pygame.font.init()
    surface = L.RecordingSurface((400, 200))
    rec = L.Recorder(surface)
    surface.recorder = rec
    font = pygame.font.Font(None, 24)
    text = "a sentence far too long for the little box it is drawn into"
    widgets.RECORDER = rec
    try:
        widgets.draw_text(surface, text, font, (255, 255, 255), (10, 10), width=150, max_height=20)
        assert L.problems(rec, "probe", (400, 200), 1.0)[0].kind == "overflow"
        rec.cut.clear()
        widgets.draw_text(
            surface,
            text,
            font,
            (255, 255, 255),
            (10, 60),
            width=150,
            max_height=20,
            in_tooltip=True,
        )
        assert L.problems(rec, "probe", (400, 200), 1.0) == []
        assert rec.cut_in_tooltip == [text]
        # a text blitted in part (the rest clipped away) is cut as well
        surf = widgets.text_surface(font, "Shiver Me Timbers", (255, 255, 255))
        surface.blit(surf, (10, 120), area=pygame.Rect(0, 0, surf.get_width() // 2, 30))
        assert [p.kind for p in L.problems(rec, "probe", (400, 200), 1.0)] == ["overflow"]
    finally:
        widgets.RECORDER = None


def test_fit_lines_shrinks_before_it_cuts_and_reports_a_cut():
    pygame.font.init()
    th = Theme(1.5)
    th.resize(1280, 720)
    text = "Crisis - Short Circuit: 2 dmg (adjacent)"
    rec = L.Recorder(pygame.Surface((10, 10)))
    widgets.RECORDER = rec
    try:
        lines, font = widgets.fit_lines(th, 13, text, 120, 2 * th.font_px(13).get_linesize())
        assert " ".join(lines) == text and font.get_height() < th.font(13).get_height()
        assert rec.cut == []
        lines, _font = widgets.fit_lines(th, 13, text, 60, th.font_px(13).get_linesize())
        assert lines[-1].endswith("...") and rec.cut == [text]
    finally:
        widgets.RECORDER = None
