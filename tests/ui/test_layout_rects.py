"""game/ui/layout.py: rects computed from the room they are given, never outside it."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.layout import (
    anchored,
    centered,
    column,
    cut_bottom,
    cut_left,
    cut_right,
    cut_top,
    fit_widths,
    grid,
    inset,
    row,
    row_sized,
    split_row,
)

ROOM = pygame.Rect(100, 50, 600, 400)


def test_cuts_take_a_strip_and_leave_the_rest_after_the_gap():
    top, rest = cut_top(ROOM, 80, 10)
    assert top == pygame.Rect(100, 50, 600, 80) and rest == pygame.Rect(100, 140, 600, 310)
    bottom, rest = cut_bottom(ROOM, 60, 20)
    assert bottom == pygame.Rect(100, 390, 600, 60) and rest == pygame.Rect(100, 50, 600, 320)
    left, rest = cut_left(ROOM, 200, 10)
    assert left == pygame.Rect(100, 50, 200, 400) and rest == pygame.Rect(310, 50, 390, 400)
    right, rest = cut_right(ROOM, 150)
    assert right == pygame.Rect(550, 50, 150, 400) and rest == pygame.Rect(100, 50, 450, 400)


def test_a_cut_bigger_than_the_room_takes_all_of_it_and_nothing_goes_negative():
    strip, rest = cut_top(ROOM, 1000, 30)
    assert strip == ROOM and rest.h == 0
    strip, rest = cut_left(ROOM, 590, 30)
    assert strip.w == 590 and rest.w == 0 and rest.x <= ROOM.right


def test_a_row_is_centred_as_a_group_and_shrinks_to_fit():
    cells = row(ROOM, 3, (100, 40), 20)
    assert [c.w for c in cells] == [100, 100, 100] and cells[1].centerx == ROOM.centerx
    assert all(c.centery == ROOM.centery for c in cells)
    assert cells[1].x - cells[0].right == 20
    tight = row(pygame.Rect(0, 0, 250, 40), 3, (100, 40), 20)
    assert tight[0].x >= 0 and tight[-1].right <= 250
    assert all(b.x >= a.right for a, b in itertools.pairwise(tight))
    left = row(ROOM, 2, (50, 20), 10, align="left")
    assert left[0].x == ROOM.x
    right = row(ROOM, 2, (50, 20), 10, align="right")
    assert right[-1].right == ROOM.right


def test_a_sized_row_keeps_each_width_and_shrinks_in_proportion_when_short():
    cells = row_sized(ROOM, [200, 120, 80], 36, 10, align="right")
    assert [c.w for c in cells] == [200, 120, 80] and cells[-1].right == ROOM.right
    assert all(c.h == 36 and c.centery == ROOM.centery for c in cells)
    assert all(b.x - a.right == 10 for a, b in itertools.pairwise(cells))
    tight = row_sized(pygame.Rect(0, 0, 300, 40), [300, 150, 150], 50, 20, align="left")
    assert tight[0].x == 0 and tight[-1].right <= 300 and all(c.h == 40 for c in tight)
    assert all(b.x >= a.right for a, b in itertools.pairwise(tight))
    assert tight[0].w > tight[1].w == tight[2].w  # the widest stays the widest
    assert row_sized(ROOM, [], 30, 5) == []
    centred = row_sized(ROOM, [100, 100], 30, 0)
    assert centred[0].right == ROOM.centerx


def test_fit_widths_shares_the_spare_room_and_shrinks_only_the_words():
    assert fit_widths([50, 70, 30], 200, 10) == [60, 80, 40]  # 30 spare: 10 each
    assert fit_widths([50, 70, 31], 200, 10) == [60, 80, 40]  # 29 spare: 10, 10, 9
    short = fit_widths([126, 226, 76], 220, 10, keep=26)  # words 100, 200, 50 in 200 - 78
    assert short == [26 + 34, 26 + 69, 26 + 17] and sum(short) + 20 <= 220
    assert fit_widths([], 100, 5) == []
    assert fit_widths([100, 100], 30, 10, keep=26) == [10, 10]  # not even the margins fit


def test_a_column_from_the_top_shrinks_when_the_room_is_short():
    cells = column(ROOM, 4, (300, 60), 12, align="top")
    assert cells[0].y == ROOM.y and cells[0].centerx == ROOM.centerx
    assert cells[1].y - cells[0].bottom == 12
    short = column(pygame.Rect(0, 0, 300, 100), 4, (300, 60), 12)
    assert short[0].y >= 0 and short[-1].bottom <= 100
    assert all(b.y >= a.bottom for a, b in itertools.pairwise(short))


def test_split_row_divides_by_weight_and_fills_exactly():
    cells = split_row(ROOM, [1, 2, 1], 10)
    assert cells[0].x == ROOM.x and cells[-1].right == ROOM.right
    assert cells[1].w == pytest.approx(2 * cells[0].w, abs=2)
    assert split_row(ROOM, []) == []


def test_grid_lists_cells_row_by_row_inside_the_room():
    cells = grid(ROOM, 3, 2, 10)
    assert len(cells) == 6 and cells[0].topleft == ROOM.topleft
    assert cells[1].y == cells[0].y and cells[3].y > cells[0].y
    assert all(ROOM.contains(c) for c in cells)


def test_anchors_place_a_box_at_a_named_spot_within_its_margin():
    assert anchored((100, 40), ROOM, "topright", 10).topright == (ROOM.right - 10, ROOM.y + 10)
    assert anchored((100, 40), ROOM, "bottom").midbottom == ROOM.midbottom
    assert anchored((9000, 40), ROOM).w == ROOM.w  # shrunk to fit
    assert centered((100, 40), ROOM).center == ROOM.center
    assert inset(ROOM, 10, 20) == pygame.Rect(110, 70, 580, 360)
    with pytest.raises(ValueError, match="unknown anchor"):
        anchored((1, 1), ROOM, "middle")


def test_a_cached_text_is_never_served_for_another_font():
    """The text cache is keyed by the font object: an entry left by a dead font whose id a new
    font happens to reuse (a Theme dropped after a resize) must not come back in the old size."""
    from game.ui import widgets

    pygame.font.init()
    font = pygame.font.Font(None, 60)
    stale = pygame.Surface((5, 5))  # what a dead 20 px font left under the same id
    widgets._TEXT_CACHE[(id(font), "4+?", (1, 2, 3))] = stale
    try:
        surf = widgets.text_surface(font, "4+?", (1, 2, 3))
        assert surf is not stale
        assert surf.get_size() == font.render("4+?", True, (1, 2, 3)).get_size()
    finally:
        widgets._TEXT_CACHE.clear()
