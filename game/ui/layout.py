"""Rects computed, not typed in: the small layout vocabulary the scenes share.

A scene builds its layout in `resize()` from the window's rect and the theme's pixel scale
(`theme.px`), so the same code gives a roomier table in a bigger window and larger controls at a
larger interface scale. Three kinds of helper, all pure (no drawing, no state):

* cutting: `cut_top / cut_bottom / cut_left / cut_right` take a strip off one side of a rect and
  return (strip, rest) - a panel is carved out of the window side by side, like a table is laid;
* groups: `row` and `column` place `count` equal items with a gap, centred as a group on a rect
  (or starting at one edge); `row_sized` does the same for items of their own widths (buttons
  sized from their labels; `fit_widths` shares a row's room among such items); `split_row`
  divides a rect's width among items by weight; `grid` places cells row by row;
* anchors: `centered` and `anchored` put a box of a given size at a named spot of another rect.

Every function returns new `pygame.Rect`s and never a negative size: when the room is too small
the items shrink to fit (the layout check, game/ui/layoutcheck.py, then reports any text that no
longer fits instead of letting widgets leave the window).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

ANCHORS = {
    "center": (0.5, 0.5),
    "top": (0.5, 0.0),
    "bottom": (0.5, 1.0),
    "left": (0.0, 0.5),
    "right": (1.0, 0.5),
    "topleft": (0.0, 0.0),
    "topright": (1.0, 0.0),
    "bottomleft": (0.0, 1.0),
    "bottomright": (1.0, 1.0),
}


def _rect(within) -> pygame.Rect:
    return pygame.Rect(within)


def inset(within, dx: int, dy: int | None = None) -> pygame.Rect:
    """`within` shrunk by dx on the left and right and dy (default dx) on the top and bottom."""
    rect = _rect(within)
    dy = dx if dy is None else dy
    dx, dy = min(dx, rect.w // 2), min(dy, rect.h // 2)
    return pygame.Rect(rect.x + dx, rect.y + dy, rect.w - 2 * dx, rect.h - 2 * dy)


def cut_top(within, height: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(a strip `height` tall along the top of `within`, what is left below it after `gap`)."""
    rect = _rect(within)
    height = max(0, min(height, rect.h))
    gap = max(0, min(gap, rect.h - height))
    strip = pygame.Rect(rect.x, rect.y, rect.w, height)
    rest = pygame.Rect(rect.x, rect.y + height + gap, rect.w, rect.h - height - gap)
    return strip, rest


def cut_bottom(within, height: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(a strip `height` tall along the bottom of `within`, what is left above it after `gap`)."""
    rect = _rect(within)
    height = max(0, min(height, rect.h))
    gap = max(0, min(gap, rect.h - height))
    strip = pygame.Rect(rect.x, rect.bottom - height, rect.w, height)
    rest = pygame.Rect(rect.x, rect.y, rect.w, rect.h - height - gap)
    return strip, rest


def cut_left(within, width: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(a strip `width` wide along the left of `within`, what is left right of it after `gap`)."""
    rect = _rect(within)
    width = max(0, min(width, rect.w))
    gap = max(0, min(gap, rect.w - width))
    strip = pygame.Rect(rect.x, rect.y, width, rect.h)
    rest = pygame.Rect(rect.x + width + gap, rect.y, rect.w - width - gap, rect.h)
    return strip, rest


def cut_right(within, width: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """(a strip `width` wide along the right of `within`, what is left of it after `gap`)."""
    rect = _rect(within)
    width = max(0, min(width, rect.w))
    gap = max(0, min(gap, rect.w - width))
    strip = pygame.Rect(rect.right - width, rect.y, width, rect.h)
    rest = pygame.Rect(rect.x, rect.y, rect.w - width - gap, rect.h)
    return strip, rest


def anchored(size: tuple[int, int], within, where: str = "center", margin: int = 0) -> pygame.Rect:
    """A box of `size` (shrunk to fit) at the named spot of `within` ("center", "top",
    "bottomright", ...), `margin` in from the edges it touches."""
    if where not in ANCHORS:
        raise ValueError(f"unknown anchor {where!r} (known: {', '.join(ANCHORS)})")
    room = inset(within, margin)
    w, h = min(size[0], room.w), min(size[1], room.h)
    fx, fy = ANCHORS[where]
    x = room.x + round((room.w - w) * fx)
    y = room.y + round((room.h - h) * fy)
    return pygame.Rect(x, y, max(0, w), max(0, h))


def centered(size: tuple[int, int], within, dx: int = 0, dy: int = 0) -> pygame.Rect:
    """A box of `size` centred on `within` (moved by dx, dy), not shrunk."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = (_rect(within).centerx + dx, _rect(within).centery + dy)
    return rect


def _fit(count: int, item: int, gap: int, room: int) -> tuple[int, int]:
    """(item, gap) shrunk so that `count` items and their gaps fit `room`."""
    if count <= 0:
        return item, gap
    need = count * item + (count - 1) * gap
    if need <= room:
        return item, gap
    scale = room / need
    gap = int(gap * scale)
    return max(0, (room - (count - 1) * gap) // count), gap


def row(
    within, count: int, item: tuple[int, int], gap: int, align: str = "center"
) -> list[pygame.Rect]:
    """`count` items of size `item` side by side, `gap` apart, vertically centred in `within`;
    as a group centred ("center"), or from the "left" or "right" edge. Shrinks to fit."""
    rect = _rect(within)
    w, gap = _fit(count, item[0], gap, rect.w)
    h = min(item[1], rect.h)
    total = count * w + max(0, count - 1) * gap
    x = {"left": rect.x, "right": rect.right - total}.get(align, rect.x + (rect.w - total) // 2)
    y = rect.y + (rect.h - h) // 2
    return [pygame.Rect(x + i * (w + gap), y, w, h) for i in range(count)]


def column(
    within, count: int, item: tuple[int, int], gap: int, align: str = "center"
) -> list[pygame.Rect]:
    """`count` items of size `item` stacked, `gap` apart, horizontally centred in `within`; as a
    group centred ("center"), or from the "top" or "bottom" edge. Shrinks to fit."""
    rect = _rect(within)
    h, gap = _fit(count, item[1], gap, rect.h)
    w = min(item[0], rect.w)
    total = count * h + max(0, count - 1) * gap
    y = {"top": rect.y, "bottom": rect.bottom - total}.get(align, rect.y + (rect.h - total) // 2)
    x = rect.x + (rect.w - w) // 2
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(count)]


def row_sized(
    within, widths: Sequence[int], height: int, gap: int, align: str = "center"
) -> list[pygame.Rect]:
    """Items of the given widths side by side, `gap` apart, `height` tall and vertically centred
    in `within`; as a group centred ("center"), or from the "left" or "right" edge. When they do
    not fit, the gaps and then the widths shrink in proportion (a wide item stays the widest)."""
    rect = _rect(within)
    count = len(widths)
    if count == 0:
        return []
    widths = [max(0, int(w)) for w in widths]
    need = sum(widths) + (count - 1) * gap
    if need > rect.w:
        scale = rect.w / need if need else 0.0
        gap = int(gap * scale)
        room = rect.w - (count - 1) * gap
        total = sum(widths) or 1
        widths = [int(room * w / total) for w in widths]
    h = max(0, min(height, rect.h))
    span = sum(widths) + (count - 1) * gap
    x = {"left": rect.x, "right": rect.right - span}.get(align, rect.x + (rect.w - span) // 2)
    y = rect.y + (rect.h - h) // 2
    out = []
    for w in widths:
        out.append(pygame.Rect(x, y, w, h))
        x += w + gap
    return out


def fit_widths(naturals: Sequence[int], room: int, gap: int, keep: int = 0) -> list[int]:
    """Widths for a row of items whose natural widths are `naturals` (words plus `keep` of
    margin each) filling `room` with `gap` between them: with room to spare each gets an equal
    part of the rest; when short only the part above `keep` shrinks, in proportion, so words
    measured at one size all come out at one (smaller) size."""
    count = len(naturals)
    if count == 0:
        return []
    room = max(0, room - gap * (count - 1))
    spare = room - sum(naturals)
    if spare >= 0:
        return [
            w + spare // count + (1 if i < spare % count else 0) for i, w in enumerate(naturals)
        ]
    words = [max(0, w - keep) for w in naturals]
    total = sum(words)
    left = room - keep * count
    if total <= 0 or left <= 0:
        return [room // count] * count
    return [keep + int(w * left / total) for w in words]


def split_row(within, weights: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """`within` divided left to right into len(weights) rects, widths in proportion to the
    weights, `gap` between them; the last one takes the rounding so the row fills exactly."""
    rect = _rect(within)
    if not weights:
        return []
    if len(weights) > 1:
        gap = max(0, min(gap, rect.w // (2 * (len(weights) - 1))))
    room = rect.w - gap * (len(weights) - 1)
    total = float(sum(weights)) or 1.0
    out, x = [], rect.x
    for index, weight in enumerate(weights):
        w = rect.right - x if index == len(weights) - 1 else int(room * weight / total)
        out.append(pygame.Rect(x, rect.y, max(0, w), rect.h))
        x += w + gap
    return out


def grid(within, cols: int, rows: int, gap: int = 0) -> list[pygame.Rect]:
    """cols x rows equal cells filling `within`, `gap` apart, listed row by row."""
    rect = _rect(within)
    cols, rows = max(1, cols), max(1, rows)
    gx = gap if (cols - 1) * gap < rect.w else 0
    gy = gap if (rows - 1) * gap < rect.h else 0
    cw = max(0, (rect.w - (cols - 1) * gx) // cols)
    ch = max(0, (rect.h - (rows - 1) * gy) // rows)
    return [
        pygame.Rect(rect.x + c * (cw + gx), rect.y + r * (ch + gy), cw, ch)
        for r in range(rows)
        for c in range(cols)
    ]
