"""The Adventures crawl map as a place: rooms of a dungeon cut into dark rock, joined by paved
corridors through doorways, the unexplored ones under fog (tinted by their level, as the tile
backs are), the Crimson Sands as a room of sand, the portal as a ring of standing stones.

Procedural (pygame primitives, a fixed seed per picture) and drawn once: the rock per map size,
each room per (kind, level, size, doors). The scene draws corridors, then rooms, then what
stands in them (game/ui/standee.py).
"""

from __future__ import annotations

import math
import random
import zlib

import pygame

from game.ui import theme as T

ROCK = (30, 30, 34)
FLOOR = (104, 96, 84)
SAND = (196, 164, 104)
WALL = (58, 54, 52)
WALL_TOP = (122, 114, 104)
DOOR = (112, 74, 40)
PORTAL_GLOW = (170, 110, 240)

_CACHE: dict[tuple, pygame.Surface] = {}


def _seed(*parts) -> int:
    return zlib.crc32("|".join(str(p) for p in parts).encode())


def _keep(key, surf: pygame.Surface, opaque: bool = False) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        alpha = surf.get_flags() & pygame.SRCALPHA and not opaque
        surf = surf.convert_alpha() if alpha else surf.convert()
    if len(_CACHE) > 160:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def rock(size: tuple[int, int]) -> pygame.Surface:
    """The dark rock the dungeon is cut into: mottled, with faint cracks, darker at the edges."""
    key = ("rock", size)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(_seed("rock", w, h))
    # soft mottling: a coarse grid of tones, smoothed up to size, darker toward the edges
    gw, gh = max(2, w // 14), max(2, h // 14)
    coarse = pygame.Surface((gw, gh))
    for gy in range(gh):
        for gx in range(gw):
            dx, dy = (gx + 0.5) / gw - 0.5, (gy + 0.5) / gh - 0.5
            edge = min(1.0, (dx * dx + dy * dy) * 2.2)
            coarse.set_at((gx, gy), T.shade(ROCK, rng.uniform(-0.12, 0.1) - 0.55 * edge))
    surf = pygame.transform.smoothscale(coarse, (w, h))
    for _ in range(w * h // 500):  # grit
        p = (rng.randrange(w), rng.randrange(h))
        surf.set_at(p, T.shade(surf.get_at(p), rng.uniform(-0.3, 0.2)))
    for _ in range(w * h // 12000):  # cracks
        x, y = rng.randrange(w), rng.randrange(h)
        pts = [(x, y)]
        for _k in range(4):
            x += rng.randint(-18, 18)
            y += rng.randint(-18, 18)
            pts.append((x, y))
        pygame.draw.lines(surf, T.shade(ROCK, -0.5), False, pts, 1)
    return _keep(key, surf)


def _flagstones(surf: pygame.Surface, rect: pygame.Rect, base, rng) -> None:
    surf.fill(T.shade(base, -0.45), rect)
    step = max(6, rect.w // 5)
    for row, y in enumerate(range(rect.y, rect.bottom, step)):
        off = (step // 2) * (row % 2)
        for x in range(rect.x - off, rect.right, step):
            tone = T.shade(base, rng.uniform(-0.14, 0.1))
            stone = pygame.Rect(x + 1, y + 1, step - 2, step - 2).clip(rect)
            if stone.w > 1 and stone.h > 1:
                pygame.draw.rect(surf, tone, stone, border_radius=2)
                pygame.draw.line(surf, T.shade(tone, 0.14), stone.topleft, stone.topright, 1)


def _sand(surf: pygame.Surface, rect: pygame.Rect, rng) -> None:
    surf.fill(SAND, rect)
    for _ in range(9):  # dune ripples
        y = rect.y + rng.randrange(rect.h)
        x = rect.x + rng.randrange(rect.w // 2)
        arc = pygame.Rect(x, y, rect.w // 2, rect.h // 6)
        pygame.draw.arc(surf, T.shade(SAND, -0.18), arc, 0.3, 2.8, 1)
    for _ in range(rect.w * rect.h // 60):
        p = (rect.x + rng.randrange(rect.w), rect.y + rng.randrange(rect.h))
        surf.set_at(p, T.shade(SAND, rng.uniform(-0.2, 0.15)))


def _fog(surf: pygame.Surface, rect: pygame.Rect, tint, rng) -> None:
    """Unexplored: the room sunk in a murk of its level's colour, with drifting mist over it."""
    fog = pygame.Surface(rect.size, pygame.SRCALPHA)
    fog.fill((*T.shade(tint, -0.6), 215))
    for _ in range(12):
        c = (rng.randrange(rect.w), rng.randrange(rect.h))
        r = rng.randint(rect.w // 7, rect.w // 3)
        pygame.draw.circle(fog, (*T.shade(tint, rng.uniform(-0.1, 0.2)), 45), c, r)
    for _ in range(4):  # wisps
        y = rng.randrange(rect.h // 5, rect.h * 4 // 5)
        arc = pygame.Rect(rng.randrange(rect.w // 2), y, rect.w // 2, rect.h // 5)
        pygame.draw.arc(fog, (*T.shade(tint, 0.45), 90), arc, 0.4, 2.7, max(1, rect.w // 60))
    surf.blit(fog, rect.topleft)


def _doorway(surf: pygame.Surface, rect: pygame.Rect, side: str, wall: int, floor) -> None:
    """A gap in the wall on `side` with a wooden frame, opening onto the corridor."""
    gap = max(8, rect.w // 4)
    if side in ("n", "s"):
        x = rect.centerx - gap // 2
        y = rect.y if side == "n" else rect.bottom - wall
        hole = pygame.Rect(x, y, gap, wall)
        posts = (pygame.Rect(x - 3, y, 3, wall), pygame.Rect(x + gap, y, 3, wall))
    else:
        y = rect.centery - gap // 2
        x = rect.x if side == "w" else rect.right - wall
        hole = pygame.Rect(x, y, wall, gap)
        posts = (pygame.Rect(x, y - 3, wall, 3), pygame.Rect(x, y + gap, wall, 3))
    surf.fill(T.shade(floor, -0.2), hole)
    for post in posts:
        surf.fill(DOOR, post)
        pygame.draw.rect(surf, (40, 24, 12), post, 1)


def room(kind: str, level: int, size: int, doors: tuple[str, ...], tint) -> pygame.Surface:
    """One square room `size` px across with walls and its doorways (`doors`: sides n/e/s/w).
    kind: "room" (explored), "fog" (not yet: dark floor under fog in `tint`), "sands", "portal"."""
    key = ("room", kind, level, size, tuple(sorted(doors)), tuple(tint))
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    size = max(12, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rng = random.Random(_seed(kind, level, size))
    rect = surf.get_rect()
    wall = max(4, size // 14)
    floor_rect = rect.inflate(-2 * wall, -2 * wall)
    floor = FLOOR
    if kind == "sands":
        floor = SAND
        _sand(surf, floor_rect, rng)
    elif kind == "portal":
        floor = (70, 64, 78)
        _flagstones(surf, floor_rect, floor, rng)
        c, r = floor_rect.center, int(floor_rect.w * 0.36)
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        for i in range(6, 0, -1):
            pygame.draw.circle(glow, (*PORTAL_GLOW, 16 + 6 * (6 - i)), c, r + i * 3)
        surf.blit(glow, (0, 0))
        pygame.draw.circle(surf, (36, 18, 52), c, r)
        for i in range(3):  # the swirl
            arc = pygame.Rect(0, 0, int(r * (1.6 - i * 0.4)), int(r * (1.6 - i * 0.4)))
            arc.center = c
            pygame.draw.arc(surf, T.shade(PORTAL_GLOW, 0.2 * i), arc, i * 1.3, i * 1.3 + 3.6, 2)
        for i in range(8):  # standing stones round the ring
            a = math.radians(i * 45 + 22.5)
            sx, sy = c[0] + (r + wall) * math.cos(a), c[1] + (r + wall) * math.sin(a)
            stone = pygame.Rect(0, 0, max(4, wall), max(6, int(wall * 1.5)))
            stone.center = (int(sx), int(sy))
            pygame.draw.rect(surf, (120, 116, 128), stone, border_radius=2)
            pygame.draw.rect(surf, (30, 28, 34), stone, 1, border_radius=2)
    else:
        _flagstones(surf, floor_rect, FLOOR if kind == "room" else T.shade(FLOOR, -0.55), rng)
        if kind == "room":  # lamp light in the middle of a lit room
            light = pygame.Surface(rect.size, pygame.SRCALPHA)
            for i in range(5):
                pygame.draw.circle(
                    light,
                    (255, 220, 150, 10),
                    floor_rect.center,
                    int(floor_rect.w * (0.5 - i * 0.08)),
                )
            surf.blit(light, (0, 0))
    # the walls: dark stone with a lit top edge (light from the upper left), shadow inside
    pygame.draw.rect(surf, WALL, rect, wall)
    pygame.draw.line(surf, WALL_TOP, rect.topleft, (rect.right - 1, rect.top), 2)
    pygame.draw.line(surf, WALL_TOP, rect.topleft, (rect.left, rect.bottom - 1), 2)
    pygame.draw.line(surf, (16, 14, 14), (rect.left, rect.bottom - 1), rect.bottomright, 2)
    pygame.draw.line(surf, (16, 14, 14), (rect.right - 1, rect.top), rect.bottomright, 2)
    shade = pygame.Surface(floor_rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), (0, 0, floor_rect.w, max(2, wall // 2)))
    pygame.draw.rect(shade, (0, 0, 0, 90), (0, 0, max(2, wall // 2), floor_rect.h))
    surf.blit(shade, floor_rect.topleft)
    for side in doors:
        _doorway(surf, rect, side, wall, floor)
    if kind == "fog":
        _fog(surf, rect, tint, rng)
        pygame.draw.rect(surf, T.shade(tint, -0.3), rect, 2)
    return _keep(key, surf, opaque=True)  # walls to every edge: nothing shows through


def corridor(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], width: int) -> None:
    """A paved corridor between two room centres: walls each side, flagstones down the middle."""
    horizontal = abs(b[0] - a[0]) >= abs(b[1] - a[1])
    if horizontal:
        x0, x1 = sorted((a[0], b[0]))
        strip = pygame.Rect(x0, a[1] - width // 2, x1 - x0, width)
    else:
        y0, y1 = sorted((a[1], b[1]))
        strip = pygame.Rect(a[0] - width // 2, y0, width, y1 - y0)
    surface.fill(WALL, strip.inflate(6, 6))
    surface.fill(T.shade(FLOOR, -0.22), strip)
    step = max(6, width // 2)
    if horizontal:
        for x in range(strip.x, strip.right, step):
            pygame.draw.line(surface, T.shade(FLOOR, -0.45), (x, strip.y), (x, strip.bottom - 1))
        pygame.draw.line(surface, (14, 12, 12), strip.topleft, strip.topright, 2)
    else:
        for y in range(strip.y, strip.bottom, step):
            pygame.draw.line(surface, T.shade(FLOOR, -0.45), (strip.x, y), (strip.right - 1, y))
        pygame.draw.line(surface, (14, 12, 12), strip.topleft, strip.bottomleft, 2)


def ground(size: tuple[int, int], corridors: tuple, width: int) -> pygame.Surface:
    """The rock with every corridor cut into it (`corridors`: pairs of room centres, relative
    to the rock's top-left corner), drawn once per map: the same each frame until it changes."""
    key = ("ground", size, corridors, width)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    surf = rock(size).copy()
    for a, b in corridors:
        corridor(surf, a, b, width)
    return _keep(key, surf)


def side_of(a: tuple[float, float], b: tuple[float, float]) -> str:
    """Which wall of the room at `a` faces the room at `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) >= abs(dy):
        return "e" if dx > 0 else "w"
    return "s" if dy > 0 else "n"


def plaque(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A parchment name plate on a room's wall, for its name and what it gives."""
    pygame.draw.rect(surface, (20, 16, 12), rect.move(1, 2), border_radius=4)
    pygame.draw.rect(surface, T.PARCHMENT, rect, border_radius=4)
    pygame.draw.rect(surface, T.BRASS_DARK, rect, 1, border_radius=4)


def clear_cache() -> None:
    _CACHE.clear()
