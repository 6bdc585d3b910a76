"""Hex geometry in axial coordinates (q, r), pointy-top hexes laid out in Tiled's
"odd rows shifted right" stagger (staggeraxis y, staggerindex odd)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def offset_to_axial(col: int, row: int) -> Hex:
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return (q + (r - (r & 1)) // 2, r)


def neighbors(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def reading_key(h: Hex) -> tuple[int, int]:
    """Reading order across the map: top row first, left to right within a row."""
    col, row = axial_to_offset(*h)
    return (row, col)


def reachable(start: Iterable[Hex], passable: Callable[[Hex], bool]) -> dict[Hex, int]:
    """Every space reachable from `start` through passable spaces, with its step count.
    Movement has no distance limit in Missions, so this is a plain flood fill."""
    seen: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for s in start:
        if passable(s) and s not in seen:
            seen[s] = 0
            queue.append(s)
    while queue:
        h = queue.popleft()
        for n in neighbors(h):
            if n not in seen and passable(n):
                seen[n] = seen[h] + 1
                queue.append(n)
    return seen
