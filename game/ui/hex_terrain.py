"""Terrain for the Missions hex map: each space drawn as a bevelled tile of ground.

A mission's setting picks the ground (`terrain(mission_or_map_id)`): the harbour's planks over
water, the market's cobbles, the museum's marble, the clock tower's stone blocks, the subway's
tiles over the tracks, the reactor's tread plates over glowing coolant. A floor space is a
raised tile lit from the upper left (UI_STYLE.md: one light); a dark space is the same setting's
low ground (water, tracks, coolant, a pit) sunk below the floor with the shadow on its upper
left rim, so it reads as recessed in a greyscale view too.

Everything is procedural (pygame primitives, a fixed seed per tile) and drawn once: a tile per
(setting, kind, size, variant) and, in `map_layer`, the whole static map per layout (a changed
space drawn again in its own rectangle).
"""

from __future__ import annotations

import math
import random
import zlib

import pygame

from game.ui import theme as T

SQRT3 = math.sqrt(3)
LIGHT_ANGLE = 233.0  # degrees: the light comes from the upper left
VARIANTS = 4

# setting -> floor pattern, floor colour, low-ground pattern, low-ground colour
SETTINGS: dict[str, tuple[str, tuple, str, tuple]] = {
    "harbor": ("planks", (122, 92, 60), "water", (28, 58, 82)),
    "market": ("cobbles", (112, 100, 84), "pit", (30, 26, 22)),
    "museum": ("marble", (132, 128, 120), "pit", (24, 22, 28)),
    "clocktower": ("blocks", (98, 100, 108), "pit", (22, 22, 28)),
    "subway": ("tiles", (104, 108, 98), "tracks", (34, 32, 30)),
    "reactor": ("plates", (86, 96, 104), "coolant", (20, 70, 44)),
    "": ("flags", (100, 108, 96), "pit", (24, 28, 26)),
}


def terrain(name: str) -> str:
    """The setting of a mission or map id ("harbor_heist_1" -> "harbor"); "" for the plain one."""
    name = (name or "").lower()
    for key in SETTINGS:
        if key and name.startswith(key):
            return key
    return ""


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


# ------------------------------------------------------------------ patterns (on a square)


def _planks(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    ph = max(4, int(s * 0.34))
    y, row = -rng.randrange(ph), 0
    while y < h:
        tone = T.shade(base, rng.uniform(-0.12, 0.08))
        pygame.draw.rect(surf, tone, (0, y, w, ph))
        for _ in range(3):  # grain
            gy = y + rng.randrange(2, max(3, ph - 1))
            pygame.draw.line(surf, T.shade(tone, -0.12), (0, gy), (w, gy + rng.randint(-2, 2)), 1)
        x = rng.randrange(int(s * 0.3), int(s * 1.4) + 1)
        while x < w:  # plank ends, with their nails
            pygame.draw.line(surf, T.shade(base, -0.5), (x, y), (x, y + ph), 1)
            for nx in (x - 3, x + 3):
                pygame.draw.circle(surf, T.shade(base, -0.45), (nx, y + ph // 2), 1)
            x += rng.randrange(int(s * 0.9), int(s * 1.8) + 1)
        pygame.draw.line(surf, T.shade(base, -0.55), (0, y), (w, y), max(1, int(s / 30)))
        y += ph
        row += 1


def _cobbles(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(T.shade(base, -0.45))
    step = max(5, int(s * 0.3))
    for gy in range(-step, h + step, step):
        for gx in range(-step, w + step, step):
            x = gx + rng.randint(-step // 4, step // 4) + (step // 2 if (gy // step) % 2 else 0)
            y = gy + rng.randint(-step // 4, step // 4)
            rw, rh = int(step * rng.uniform(0.75, 0.95)), int(step * rng.uniform(0.7, 0.9))
            tone = T.shade(base, rng.uniform(-0.14, 0.12))
            rect = pygame.Rect(x - rw // 2, y - rh // 2, rw, rh)
            pygame.draw.ellipse(surf, tone, rect)
            top = rect.inflate(-rw // 3, -rh // 2).move(-1, -rh // 6)
            pygame.draw.ellipse(surf, T.shade(tone, 0.12), top)


def _marble(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    step = max(6, int(s * 0.7))
    for gy in range(0, h, step):
        for gx in range(0, w, step):
            dark = ((gx // step) + (gy // step)) % 2
            pygame.draw.rect(surf, T.shade(base, -0.22 if dark else 0.05), (gx, gy, step, step))
            pygame.draw.rect(surf, T.shade(base, -0.35), (gx, gy, step, step), 1)
    for _ in range(4):  # veins
        x, y = rng.randrange(w), rng.randrange(h)
        pts = [(x, y)]
        for _k in range(5):
            x += rng.randint(-int(s * 0.4), int(s * 0.4))
            y += rng.randint(int(s * 0.1), int(s * 0.4))
            pts.append((x, y))
        pygame.draw.lines(surf, T.shade(base, 0.2), False, pts, 1)


def _blocks(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(T.shade(base, -0.5))
    bh = max(5, int(s * 0.42))
    bw = bh * 2
    for row, y in enumerate(range(-rng.randrange(bh), h, bh)):
        off = (bw // 2) * (row % 2)
        for x in range(-bw + off, w, bw):
            tone = T.shade(base, rng.uniform(-0.14, 0.1))
            rect = pygame.Rect(x + 1, y + 1, bw - 2, bh - 2)
            pygame.draw.rect(surf, tone, rect, border_radius=2)
            pygame.draw.line(surf, T.shade(tone, 0.16), rect.topleft, rect.topright, 1)
            pygame.draw.line(surf, T.shade(tone, -0.25), rect.bottomleft, rect.bottomright, 1)
            if rng.random() < 0.25:  # a crack
                cx, cy = rect.x + rng.randrange(rect.w), rect.y + rng.randrange(rect.h)
                pygame.draw.line(surf, T.shade(tone, -0.35), (cx, cy), (cx + 4, cy + 3), 1)


def _tiles(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(T.shade(base, -0.35))
    step = max(5, int(s * 0.45))
    for gy in range(0, h, step):
        for gx in range(0, w, step):
            tone = T.shade(base, rng.uniform(-0.08, 0.1))
            pygame.draw.rect(surf, tone, (gx + 1, gy + 1, step - 2, step - 2))
    for _ in range(3):  # grime
        c = (rng.randrange(w), rng.randrange(h))
        pygame.draw.circle(surf, T.shade(base, -0.18), c, rng.randint(2, max(3, int(s * 0.25))))


def _plates(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    step = max(4, int(s * 0.22))
    for gy in range(0, h, step):  # the tread: short raised bars, alternating
        for gx in range(0, w, step):
            flip = ((gx // step) + (gy // step)) % 2
            a = (gx + 2, gy + step // 2) if flip else (gx + step // 2, gy + 2)
            b = (gx + step - 2, gy + step // 2) if flip else (gx + step // 2, gy + step - 2)
            pygame.draw.line(surf, T.shade(base, 0.16), a, b, max(1, step // 5))
    half = w // 2
    pygame.draw.line(surf, T.shade(base, -0.45), (half, 0), (half, h), 2)
    pygame.draw.line(surf, T.shade(base, -0.45), (0, h // 2), (w, h // 2), 2)
    for x in (half - 5, half + 5):
        for y in (h // 2 - 5, h // 2 + 5):
            pygame.draw.circle(surf, T.shade(base, 0.25), (x, y), max(1, int(s / 20)))


def _flags(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(T.shade(base, -0.45))
    step = max(6, int(s * 0.6))
    for gy in range(0, h, step):
        for gx in range(0, w, step):
            tone = T.shade(base, rng.uniform(-0.12, 0.1))
            j = rng.randint(0, 2)
            pygame.draw.rect(surf, tone, (gx + 1 + j, gy + 1, step - 3, step - 3 - j))


def _water(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    for _ in range(7):
        x, y = rng.randrange(w), rng.randrange(h)
        r = int(s * rng.uniform(0.15, 0.3))
        rect = pygame.Rect(x - r, y - r // 2, 2 * r, r)
        pygame.draw.arc(surf, T.shade(base, 0.3), rect, math.radians(20), math.radians(160), 1)


def _pit(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    for _ in range(6):  # rubble at the bottom
        c = (rng.randrange(w), rng.randrange(h))
        pygame.draw.circle(surf, T.shade(base, 0.18), c, rng.randint(1, max(2, int(s * 0.09))))


def _tracks(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    for _ in range(40):  # ballast
        c = (rng.randrange(w), rng.randrange(h))
        pygame.draw.circle(surf, T.shade(base, rng.uniform(0.05, 0.25)), c, 1)
    step = max(4, int(s * 0.32))
    for y in range(step // 2, h, step):  # sleepers
        pygame.draw.rect(surf, (62, 46, 34), (int(w * 0.2), y, int(w * 0.6), max(2, step // 3)))
    for x in (int(w * 0.34), int(w * 0.66)):  # rails
        pygame.draw.line(surf, (150, 150, 156), (x, 0), (x, h), max(2, int(s / 14)))


def _coolant(surf, rng, base, s) -> None:
    w, h = surf.get_size()
    surf.fill(base)
    for _ in range(8):
        c = (rng.randrange(w), rng.randrange(h))
        r = rng.randint(1, max(2, int(s * 0.12)))
        pygame.draw.circle(surf, (110, 230, 140), c, r, 1)
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(glow, (120, 255, 150, 50), (w // 2, h // 2), int(s * 0.6))
    surf.blit(glow, (0, 0))


PATTERNS = {
    "planks": _planks,
    "cobbles": _cobbles,
    "marble": _marble,
    "blocks": _blocks,
    "tiles": _tiles,
    "plates": _plates,
    "flags": _flags,
    "water": _water,
    "pit": _pit,
    "tracks": _tracks,
    "coolant": _coolant,
}

_TILES: dict[tuple, pygame.Surface] = {}


def _seed(*parts) -> int:
    return zlib.crc32("|".join(str(p) for p in parts).encode())


def hex_tile(setting: str, low: bool, size: float, variant: int = 0) -> pygame.Surface:
    """One space's ground: a hex of radius `size` (pointy top), textured, with its bevel.
    `low`: the setting's low ground, sunk (shadow on the upper-left rim)."""
    key = (setting, low, round(size, 1), variant % VARIANTS)
    surf = _TILES.get(key)
    if surf is not None:
        return surf
    floor, fcol, lowp, lcol = SETTINGS.get(setting, SETTINGS[""])
    pattern, base = (lowp, lcol) if low else (floor, fcol)
    w, h = math.ceil(SQRT3 * size) + 2, math.ceil(2 * size) + 2
    cx, cy = w / 2, h / 2
    texture = pygame.Surface((w, h))
    PATTERNS[pattern](texture, random.Random(_seed(setting, pattern, variant)), base, size)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_points(cx, cy, size - 0.5))
    surf = _alpha(texture)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    _bevel(surf, cx, cy, size, sunk=low)
    if len(_TILES) > 600:
        _TILES.clear()
    _TILES[key] = surf
    return surf


def _alpha(texture: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(texture.get_size(), pygame.SRCALPHA)
    out.blit(texture, (0, 0))
    return out


def _bevel(surf, cx, cy, size, sunk: bool) -> None:
    """Each of the six edges lit or shaded by how it faces the light; a sunk tile the other way
    round, and a band of shadow inside its upper-left rim."""
    outer = hex_points(cx, cy, size - 0.5)
    width = max(2.0, size * 0.1)
    inner = hex_points(cx, cy, size - 0.5 - width)
    band = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for i in range(6):
        j = (i + 1) % 6
        facing = math.cos(math.radians(60 * i + 30 - LIGHT_ANGLE))  # edge i faces 60i+30 deg
        if sunk:
            facing = -facing
        if facing >= 0:
            colour = (255, 248, 224, int(40 + 90 * facing))
        else:
            colour = (0, 0, 0, int(50 + 120 * -facing))
        pygame.draw.polygon(band, colour, [outer[i], outer[j], inner[j], inner[i]])
    if sunk:  # the floor's shadow falls into the hole
        shadow = hex_points(cx + width, cy + width, size - width)
        hole = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(hole, (0, 0, 0, 90), outer)
        pygame.draw.polygon(hole, (0, 0, 0, 0), shadow)
        band.blit(hole, (0, 0))
    surf.blit(band, (0, 0))
    pygame.draw.polygon(surf, (14, 12, 10), outer, 1)


def variant_of(h) -> int:
    q, r = h
    return (q * 7 + r * 13 + q * r) % VARIANTS


def clear_cache() -> None:
    _TILES.clear()
