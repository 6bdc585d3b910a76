"""Ability tiles (game/ui/ability_tile.py): readable at a glance on every hero's board, at every
window size and interface scale a player can pick, in the duel, team and Missions boards."""

from __future__ import annotations

import pygame
import pytest

from game.content.loader import load_content
from game.ui import ability_tile as AT
from game.ui import layoutcheck as L
from game.ui import widgets
from game.ui.board_view import BoardView
from game.ui.theme import Theme

SIZES = [(1024, 576), (1280, 720), (1920, 1080), (3840, 2160)]
SCALES = [0.75, 1.0, 1.25, 1.5, 2.0]


@pytest.fixture(scope="module")
def db():
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return load_content()


def _offered(size):
    """The scales the game offers at `size` (0.75x only where the table still fits), and 2.0x
    on windows of 1920x1080 and up."""
    fit = min(size[0] / 1280, size[1] / 720)
    return [s for s in SCALES if (s >= 1.0 or s * fit >= 1.0) and (s < 2.0 or fit >= 1.5)]


def _boards(th: Theme, size):
    """The boards' rectangles as the duel (one opponent, a team table) and Missions lay them out."""
    w = size[0]
    duel_w = w - th.px(372) - th.px(24)
    mission_w = w - th.px(440) - th.px(24) - th.px(16)
    return {
        "duel": pygame.Rect(th.px(10), th.px(490), duel_w, th.px(118)),
        "team": pygame.Rect(th.px(10), th.px(82), duel_w, th.px(106)),
        "mission": pygame.Rect(th.px(16), th.px(90), mission_w, th.px(112)),
    }


def _level_sets(hero):
    yield "level 1", {s.id: 1 for s in hero.slots}, False
    yield "upgraded", {s.id: max(s.levels) for s in hero.slots}, False
    if any(s.flipped for s in hero.slots):
        yield "flipped", {s.id: max(s.levels) for s in hero.slots}, True


_KEEP: list[Theme] = []  # themes stay alive: the text cache is keyed by the font's id()


def _themes():
    for size in SIZES:
        for scale in _offered(size):
            th = Theme(scale)
            th.resize(*size)
            _KEEP.append(th)
            yield size, scale, th


@pytest.mark.parametrize(
    ("size", "scale"),
    [(size, scale) for size in SIZES for scale in _offered(size)],
    ids=lambda value: f"{value[0]}x{value[1]}" if isinstance(value, tuple) else f"{value}x",
)
def test_no_tile_text_leaves_its_tile_or_overlaps_for_any_hero(db, size, scale):
    """Every hero's board (level 1, fully upgraded, the Cursed Pirate's flipped side) with two
    rows lit, drawn while the layout check records: no text out of its tile or over another.
    (One test per window size and scale offered there, so that they run in parallel.)"""
    view = BoardView(db)
    found = []
    th = Theme(scale)
    th.resize(*size)
    _KEEP.append(th)
    for hero in db.heroes.values():
        for label, levels, flipped in _level_sets(hero):
            tiles = view.tiles(hero, levels, flipped)
            offensive = [a for a in tiles if a.rows]
            lit = {offensive[0].id: {0}, offensive[-1].id: {len(offensive[-1].rows) - 1}}
            odds = {(a.id, r): 0.5 for a in offensive for r in range(len(a.rows))}
            for where, rect in _boards(th, size).items():
                surface = L.RecordingSurface(size)
                rec = L.Recorder(surface)
                surface.recorder = rec
                widgets.RECORDER = rec
                try:
                    view.draw(
                        surface, rect, th, 0, hero, levels, lit=lit, odds=odds, flipped=flipped
                    )
                finally:
                    widgets.RECORDER = None
                name = f"{hero.id} {label} {where}"
                found += L.problems(rec, name, size, scale)
    assert not found, "\n".join(str(p) for p in found[:20])


@pytest.fixture(scope="module")
def tiles_alone(db):
    """Every hero's tiles (level 1, upgraded, flipped) each painted alone at the width it gets
    on every board at every size and scale: `(size, th, hero, where, ability, level, rect,
    drawn)` for each. The two tests below read the same paintings, so they are made once (per
    test process) rather than once per test."""
    view = BoardView(db)
    out = []
    for size, _scale, th in _themes():
        for hero in db.heroes.values():
            for _label, levels, flipped in _level_sets(hero):
                tiles = view.tiles(hero, levels, flipped)
                for where, board in _boards(th, size).items():
                    width = (board.w - th.px(5) * (len(tiles) - 1)) // len(tiles)
                    rect = pygame.Rect(0, 0, width, board.h)
                    for ability in tiles:
                        level = levels[ability.slot]
                        drawn = _draw(th, hero, ability, level, rect)
                        out.append((size, th, hero, where, ability, level, rect, drawn))
    return out


def test_names_whole_and_dice_as_tall_as_the_text_on_every_painted_tile(tiles_alone):
    """Every hero's tiles (level 1, upgraded, flipped) on every board at every size, painted
    once (one test reads them all: each test process that reads them paints 13,000 tiles).

    Names: the longest names of all heroes (Fill 'Em With Lead!, Davy Jones' Locker,
    Protective Instinct III ...) are whole words, or one word broken with a hyphen, each line
    inside its tile; an upgraded ability shows its level (the badge, or pips where the badge
    leaves the name no room). Dice: the dice (and the defensive shield) lie inside the tile and
    are never shorter than the tile's text."""
    _names_are_never_cut_inside_a_word(tiles_alone)
    _requirement_dice_are_at_least_as_tall_as_the_text(tiles_alone)


def _names_are_never_cut_inside_a_word(tiles_alone):
    for size, th, hero, _where, ability, level, rect, drawn in tiles_alone:
        name = AT.base_name(ability.name)
        upgraded = level > 1
        assert (drawn.level_mark in ("badge", "pips")) == upgraded, ability.name
        lines = drawn.name_lines
        for line in lines:
            box = next(r for t, r in drawn.texts if t == line)
            assert rect.contains(box), (hero.id, ability.name, size, line)
        joined = " ".join(lines).replace("- ", "").replace("-", "")
        assert joined == name.replace("-", ""), (
            f"{hero.id} {ability.name} {size} {th.ui_scale}: {lines}"
        )


def _draw(th, hero, ability, level, rect, state=None):
    surface = pygame.Surface((rect.right + 20, rect.bottom + 20), pygame.SRCALPHA)
    state = state or AT.TileState()
    return AT.paint_tile(surface, rect.topleft, rect.size, th, hero, ability, level, state)


def _requirement_dice_are_at_least_as_tall_as_the_text(tiles_alone):
    for size, _th, hero, where, ability, _level, rect, drawn in tiles_alone:
        if ability.rows:
            assert drawn.icons, (hero.id, ability.name)
        for icon in drawn.icons:
            assert rect.contains(icon), (hero.id, ability.name, where, size)
            assert icon.h >= drawn.text_height, (
                f"{hero.id} {ability.name} {where} {size}: "
                f"icon {icon.h} px under text {drawn.text_height} px"
            )


def test_each_row_shows_its_main_number_and_kind(db):
    th = Theme(1.0)
    th.resize(1280, 720)
    rect = pygame.Rect(0, 0, 92, 118)
    checks = [
        ("barbarian", "smack", "6", "undefendable"),
        ("barbarian", "fortitude", "+4", "heal"),
        ("barbarian", "overpower", "3d6", "normal"),
        ("gunslinger", "showdown", "7|5", "normal"),
        ("cursed_pirate", "shiver_me_timbers", "3+?", "normal"),
        ("treant", "wrath_of_the_grove", "13", "ultimate"),
        ("artificer", "spanner_strike", "4", "normal"),
        ("huntress", "tend_wounds", "+2", "heal"),
    ]
    for hero_id, ability_id, text, kind in checks:
        hero = db.heroes[hero_id]
        ability = next(
            a for s in hero.slots for a in s.levels[1] if a.id == ability_id or a.slot == ability_id
        )
        number = AT.main_number(ability, ability.rows[0])
        assert (number.text, number.kind) == (text, kind), (hero_id, ability_id, number)
        drawn = _draw(th, hero, ability, 1, rect)
        shown = [t for t, _r in drawn.texts]
        assert text in shown, (hero_id, ability_id, shown)
        assert drawn.number_height > drawn.text_height  # the number is the tile's largest text


def test_an_upgraded_ability_shows_its_level_badge_not_a_numeral_in_its_name(db):
    th = Theme(1.0)
    th.resize(1280, 720)
    rect = pygame.Rect(0, 0, 92, 118)
    for hero_id in ("barbarian", "seraph", "artificer", "cursed_pirate"):
        hero = db.heroes[hero_id]
        for slot in hero.slots:
            for level, abilities in slot.levels.items():
                for ability in abilities:
                    texts = [t for t, _r in _draw(th, hero, ability, level, rect).texts]
                    joined = " ".join(texts)
                    if level > 1:
                        assert AT.ROMAN[level] in texts, (ability.name, texts)
                        assert f"{AT.base_name(ability.name)} {AT.ROMAN[level]}" not in joined
                    else:
                        assert not any(t in texts for t in AT.ROMAN.values()), (ability.name, texts)
    assert AT.base_name("Overpower II") == "Overpower"
    assert AT.base_name("Slap III") == "Slap"
    assert AT.base_name("Fill 'Em With Lead!") == "Fill 'Em With Lead!"


def test_lit_rows_are_reported_and_unlit_tiles_dim_while_others_are_lit(db):
    th = Theme(1.0)
    th.resize(1280, 720)
    hero = db.heroes["seraph"]
    ability = hero.slots[0].levels[1][0]
    assert len(ability.rows) == 3
    rect = pygame.Rect(0, 0, 92, 118)
    plain = pygame.Surface((92, 118), pygame.SRCALPHA)
    dim = pygame.Surface((92, 118), pygame.SRCALPHA)
    lit = pygame.Surface((92, 118), pygame.SRCALPHA)
    args = (th, hero, ability, 1)
    AT.paint_tile(plain, (0, 0), rect.size, *args, AT.TileState())
    AT.paint_tile(dim, (0, 0), rect.size, *args, AT.TileState(any_lit=True))
    drawn = AT.paint_tile(lit, (0, 0), rect.size, *args, AT.TileState(lit_rows=(1,), any_lit=True))

    def brightness(surf):
        return sum(pygame.transform.average_color(surf)[:3])

    assert brightness(dim) < brightness(plain) * 0.85
    row = dict(drawn.rows)[1]
    assert brightness(lit.subsurface(row)) > brightness(plain.subsurface(row))


def test_tiles_come_from_the_cache_after_the_first_frame(db):
    th = Theme(1.0)
    th.resize(1280, 720)
    hero = db.heroes["treant"]
    ability = hero.slots[0].levels[1][0]
    surface = pygame.Surface((300, 200))
    AT.clear_cache()
    calls = []
    real = AT.paint_tile

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    AT.paint_tile = counting
    try:
        for _ in range(3):
            AT.draw_tile(
                surface, pygame.Rect(10, 10, 92, 118), th, hero, ability, 1, AT.TileState()
            )
        AT.draw_tile(
            surface, pygame.Rect(10, 10, 92, 118), th, hero, ability, 1, AT.TileState(lit_rows=(0,))
        )
    finally:
        AT.paint_tile = real
    assert len(calls) == 2  # one per look, not one per frame


def test_the_odds_line_keeps_clear_of_the_number_badges(db, monkeypatch):
    """Missions board: the odds "91%" ran into the last row's "9" badge above it. Where the
    tile has room (1024x576 and 1280x720, 1.0x-1.5x) the foot line sits clear of every badge."""
    view = BoardView(db)
    badges: list[pygame.Rect] = []
    odds_boxes: list[pygame.Rect] = []
    touching = []
    real_badge, real_paint = AT._number_badge, AT.paint_tile

    def badge(surface, drawn, origin, number, font, centre, th, pad_x=8):
        rect = real_badge(surface, drawn, origin, number, font, centre, th, pad_x)
        badges.append(rect)
        return rect

    def paint(*args, **kwargs):
        badges.clear()
        drawn = real_paint(*args, **kwargs)
        odds_boxes[:] = [r for text, r in drawn.texts if text.endswith("%")]
        if any(b.colliderect(o) for b in badges for o in odds_boxes):
            touching.append(args[5].name)
        return drawn

    monkeypatch.setattr(AT, "_number_badge", badge)
    monkeypatch.setattr(AT, "paint_tile", paint)
    AT.clear_cache()
    for size in [(1024, 576), (1280, 720)]:
        for scale in (1.0, 1.25, 1.5):
            th = Theme(scale)
            th.resize(*size)
            _KEEP.append(th)
            rect = _boards(th, size)["mission"]
            for hero in db.heroes.values():
                for _label, levels, flipped in _level_sets(hero):
                    tiles = view.tiles(hero, levels, flipped)
                    odds = {(a.id, r): 0.91 for a in tiles for r in range(len(a.rows))}
                    surface = pygame.Surface(size)
                    view.draw(surface, rect, th, 0, hero, levels, odds=odds, flipped=flipped)
    AT.clear_cache()
    assert not touching, sorted(set(touching))[:10]
