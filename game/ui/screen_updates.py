"""Sending only what changed to the display (dirty rectangles, found by comparing frames).

Scenes draw the whole frame as before and track nothing: after the draw, `ScreenUpdates`
compares the new frame with the last one sent and hands the display (`pygame.display.update`)
only the tiles that differ, or nothing when the frame is the same. The comparison works on the
frame's bytes with `memcmp`-speed calls (`bytearray.startswith` with a memoryview of the
surface's pixels: no copies): bands of rows first, then the rows of a changed band, then the
tiles of a changed row; the copy of the last frame is updated only in the rows that changed.
What it costs and saves is measured in docs/performance.md.

The whole window is sent (`pygame.display.flip`) on the first frame, after `invalidate()` (the
app calls it when the scene stack changes, the window is resized or exposed) and when more than
`FULL_FRACTION` of the window changed.

Correct by construction: what the display shows always equals the last frame compared, because
every pixel that differs from it lies in a tile that is sent.
"""

from __future__ import annotations

import pygame

TILE_W = 64  # pixels: the width of a tile sent
BAND_H = 16  # rows: compared at once before the single rows
FULL_FRACTION = 0.5  # more than this share of the window changed: send all of it


class ScreenUpdates:
    def __init__(self, tile_w: int = TILE_W, band_h: int = BAND_H) -> None:
        self.tile_w = tile_w
        self.band_h = band_h
        self.last: bytearray | None = None  # the frame on the display, as bytes
        self.shape: tuple | None = None  # (size, pitch, bytes per pixel) of `last`
        self.full = True  # the next frame goes out whole
        self.sent_full = 0  # counters, for the bench and tests
        self.sent_rects = 0
        self.sent_none = 0
        self.sent_area = 0.0  # the share of the window sent, summed over frames

    def invalidate(self) -> None:
        """Send the next frame whole (a new scene, a resize, the window exposed again)."""
        self.full = True

    def changed(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The rectangles of `surface` that differ from the last frame, merged ([] when none);
        None when the whole frame should go out. Remembers `surface` as the last frame."""
        shape = (surface.get_size(), surface.get_pitch(), surface.get_bytesize())
        proxy = surface.get_buffer()  # the pixels themselves, no copy (locks the surface)
        cur = memoryview(proxy).cast("B")
        try:
            if self.full or shape != self.shape or self.last is None:
                self.last, self.shape, self.full = bytearray(cur), shape, False
                return None
            return self._compare(cur, shape)
        finally:
            cur.release()
            proxy = None  # unlocks the surface for the display

    def _compare(self, cur: memoryview, shape) -> list[pygame.Rect] | None:
        (width, height), pitch, bpp = shape
        last = self.last
        tile_bytes = self.tile_w * bpp
        tiles = (width + self.tile_w - 1) // self.tile_w
        row_bytes = width * bpp
        spans: list[tuple[int, int, int, int]] = []  # (y0, y1, first tile, last tile + 1)
        changed_px = 0
        for y0 in range(0, height, self.band_h):
            start = y0 * pitch
            rows = min(self.band_h, height - y0)
            if last.startswith(cur[start : start + rows * pitch], start):
                continue
            marked = [False] * tiles
            unmarked = [(0, tiles)]  # the runs of tiles not marked yet
            for y in range(y0, y0 + rows):
                o = y * pitch
                row = cur[o : o + row_bytes]
                if last.startswith(row, o):
                    continue
                todo = list(unmarked)  # halved down to the tiles that differ
                more = False
                while todo:
                    lo, hi = todo.pop()
                    a = lo * tile_bytes
                    if last.startswith(row[a : hi * tile_bytes], o + a):
                        continue
                    if hi - lo == 1:
                        marked[lo] = more = True
                    else:
                        mid = (lo + hi) // 2
                        todo += ((lo, mid), (mid, hi))
                if more:
                    unmarked = _runs(marked, False)
                last[o : o + row_bytes] = row  # the last frame, kept up to date row by row
            for first, end in _runs(marked, True):  # runs of changed tiles in this band
                spans.append((y0, y0 + rows, first, end))
                changed_px += (end - first) * self.tile_w * rows
            if changed_px > FULL_FRACTION * width * height:
                last[:] = cur
                return None
        return _merge(spans, self.tile_w, width)

    def present(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Put `surface` (the display surface) on screen: the changed parts, all of it, or
        nothing; returns what was sent (None: the whole window)."""
        rects = self.changed(surface)
        if rects is None:
            pygame.display.flip()
            self.sent_full += 1
            self.sent_area += 1.0
        elif rects:
            pygame.display.update(rects)
            self.sent_rects += 1
            w, h = surface.get_size()
            self.sent_area += sum(r.w * r.h for r in rects) / (w * h)
        else:
            self.sent_none += 1
        return rects


def _runs(flags: list[bool], value: bool) -> list[tuple[int, int]]:
    """The runs [first, end) of consecutive `flags` equal to `value`."""
    runs = []
    t, n = 0, len(flags)
    while t < n:
        if flags[t] != value:
            t += 1
            continue
        first = t
        while t < n and flags[t] == value:
            t += 1
        runs.append((first, t))
    return runs


def _merge(spans, tile_w: int, width: int) -> list[pygame.Rect]:
    """Rectangles from per-band runs of tiles: a run continues downwards while the band below
    has exactly the same run."""
    open_runs: dict[tuple[int, int], list[int]] = {}  # (first, end tile) -> [y0, y1]
    done: list[tuple[int, int, int, int]] = []
    for y0, y1, first, end in spans:
        run = open_runs.get((first, end))
        if run is not None and run[1] == y0:
            run[1] = y1
            continue
        if run is not None:
            done.append((first, end, run[0], run[1]))
        open_runs[(first, end)] = [y0, y1]
    done.extend((first, end, y0, y1) for (first, end), (y0, y1) in open_runs.items())
    rects = [
        pygame.Rect(first * tile_w, y0, min(width, end * tile_w) - first * tile_w, y1 - y0)
        for first, end, y0, y1 in sorted(done, key=lambda d: (d[2], d[0]))
    ]
    return _join(rects, slack=tile_w * tile_w)


def _join(rects: list[pygame.Rect], slack: int) -> list[pygame.Rect]:
    """Fewer rectangles (each one costs the display a request): one pass that joins each
    rectangle to the first kept one whose union adds at most `slack` unchanged pixels."""
    kept: list[pygame.Rect] = []
    for r in rects:
        for i, k in enumerate(kept):
            u = k.union(r)
            if u.w * u.h - k.w * k.h - r.w * r.h + _overlap(k, r) <= slack:
                kept[i] = u
                break
        else:
            kept.append(r)
    return kept


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h
