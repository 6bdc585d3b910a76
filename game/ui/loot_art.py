"""Loot art for Adventures: the back of an unidentified Loot card (one design, told apart by
rarity) and the treasure chest that lies on a crawl tile.

An unidentified card's back: the card back's brass frame in the rarity's colour, a backdrop
from the card pictures' family (`card_art._backdrop`, seeded by the rarity), a closed chest with
a glowing keyhole in the middle, and the rarity told three ways: its colour, its number of gems
(common 1 .. legendary 4) and its name on a ribbon. Identified loot cards are ordinary card faces
with their own pictures (game/ui/card_art.py). Drawn once per rarity and size.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme as T

RARITIES = ("common", "rare", "epic", "legendary")
RARITY_COLOURS = {
    "common": (190, 190, 180),
    "rare": (70, 130, 220),
    "epic": (160, 80, 210),
    "legendary": (235, 150, 40),
}
WOOD = (126, 80, 42)
IRON = (70, 66, 64)

_CACHE: dict[tuple, pygame.Surface] = {}


def chest(rarity: str, size: int) -> pygame.Surface:
    """A closed treasure chest `size` px wide (banded in the rarity's colour, a lit keyhole)."""
    size = max(12, int(size))
    key = ("chest", rarity, size)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    colour = RARITY_COLOURS.get(rarity, T.GOLD)
    w, h = size, int(size * 0.82)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = (30, 20, 12)
    line = max(1, size // 28)
    body = pygame.Rect(int(w * 0.06), int(h * 0.42), int(w * 0.88), int(h * 0.52))
    lid = pygame.Rect(body.x, int(h * 0.08), body.w, int(h * 0.42))
    # shadow, body (lit from the top), the rounded lid
    pygame.draw.ellipse(surf, (0, 0, 0, 90), (body.x + 2, body.bottom - h // 12, body.w, h // 7))
    pygame.draw.rect(surf, T.shade(WOOD, -0.25), body)
    pygame.draw.rect(surf, WOOD, body.inflate(0, -body.h // 2).move(0, -body.h // 4))
    pygame.draw.rect(surf, ink, body, line)
    pygame.draw.ellipse(surf, T.shade(WOOD, 0.1), lid.inflate(0, lid.h // 2).move(0, lid.h // 4))
    pygame.draw.rect(surf, T.shade(WOOD, 0.1), (lid.x, lid.centery + lid.h // 4, lid.w, lid.h // 2))
    pygame.draw.ellipse(surf, ink, lid.inflate(0, lid.h // 2).move(0, lid.h // 4), line)
    surf.fill(T.shade(WOOD, 0.1), (lid.x + line, lid.bottom - line * 2, lid.w - 2 * line, line * 2))
    # planks on the body, bands in the rarity colour, the lock
    for k in (1, 2):
        y = body.y + body.h * k // 3
        pygame.draw.line(surf, T.shade(WOOD, -0.45), (body.x + line, y), (body.right - line, y), 1)
    band = max(2, w // 10)
    for x in (body.x + band, body.right - 2 * band):
        pygame.draw.rect(
            surf, colour, (x, lid.y + lid.h // 5, band, body.bottom - lid.y - lid.h // 5)
        )
        pygame.draw.rect(
            surf, ink, (x, lid.y + lid.h // 5, band, body.bottom - lid.y - lid.h // 5), 1
        )
    pygame.draw.line(surf, ink, (body.x, body.y), (body.right - 1, body.y), max(1, line + 1))
    lock = pygame.Rect(0, 0, max(6, w // 5), max(7, h // 4))
    lock.center = (w // 2, body.y + body.h // 5)
    pygame.draw.rect(surf, T.shade(colour, 0.2), lock, border_radius=max(1, lock.w // 4))
    pygame.draw.rect(surf, ink, lock, 1, border_radius=max(1, lock.w // 4))
    hole = (lock.centerx, lock.centery - lock.h // 8)
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(4, 0, -1):
        pygame.draw.circle(glow, (255, 236, 150, 30), hole, lock.w // 4 + i * 2)
    surf.blit(glow, (0, 0))
    pygame.draw.circle(surf, (40, 24, 8), hole, max(1, lock.w // 7))
    pygame.draw.line(
        surf, (40, 24, 8), hole, (hole[0], hole[1] + max(2, lock.h // 3)), max(1, lock.w // 8)
    )
    return _keep(key, surf)


def _gem(surf, centre, r, colour) -> None:
    cx, cy = centre
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(
        surf,
        T.shade(colour, 0.5),
        [(cx, cy - r), (cx + r * 0.5, cy - r * 0.5), (cx, cy), (cx - r * 0.5, cy - r * 0.5)],
    )
    pygame.draw.polygon(surf, (24, 16, 10), pts, 1)


def loot_back(rarity: str, width: int, height: int | None = None) -> pygame.Surface:
    """The back of an unidentified Loot card of `rarity`, `width` px wide (1.4 x tall)."""
    from game.ui import card_art

    width = max(24, int(width))
    height = int(height) if height else int(width * 1.4)
    key = ("back", rarity, width, height)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    colour = RARITY_COLOURS.get(rarity, T.GOLD)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 14)
    rim = max(3, width // 20)
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    seed = 977 * (RARITIES.index(rarity) + 3 if rarity in RARITIES else 11) + 61
    card_art._backdrop(picture, T.shade(colour, -0.35), seed)
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    picture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(picture, (0, 0))
    # the frame: rarity-coloured rim, a dark outer edge, a brass hairline inside
    pygame.draw.rect(surf, colour, surf.get_rect(), rim, border_radius=radius)
    pygame.draw.rect(surf, (24, 18, 12), surf.get_rect(), 1, border_radius=radius)
    inner = surf.get_rect().inflate(-2 * rim - 4, -2 * rim - 4)
    pygame.draw.rect(surf, T.BRASS, inner, 1, border_radius=max(2, radius - rim))
    # corner studs
    for cx, cy in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
        pygame.draw.circle(surf, T.BRASS, (cx, cy), max(2, width // 30))
    # the medallion with the chest
    wide = height < width * 1.1  # a short card (the Shop's row): medallion left, rarity right
    if wide:
        mr = int(min(width * 0.17, height * 0.36))
        centre = (inner.x + mr + max(3, width // 40), height // 2)
    else:
        mr = int(width * 0.36)
        centre = (width // 2, int(height * 0.44))
    pygame.draw.circle(surf, (0, 0, 0, 90), (centre[0] + 2, centre[1] + 3), mr)
    pygame.draw.circle(surf, T.shade(colour, -0.6), centre, mr)
    for i in range(16):  # a sunburst behind the chest
        a = math.radians(i * 22.5)
        pygame.draw.line(
            surf,
            T.shade(colour, -0.3),
            centre,
            (centre[0] + mr * math.cos(a), centre[1] + mr * math.sin(a)),
            max(1, width // 60),
        )
    pygame.draw.circle(surf, colour, centre, mr, max(2, width // 40))
    pygame.draw.circle(surf, T.BRASS, centre, mr + max(2, width // 40), 1)
    box = chest(rarity, int(mr * 1.4))
    surf.blit(box, box.get_rect(center=(centre[0], centre[1] + mr // 10)))
    # the rarity: gems (1..4) and its name on a ribbon
    n = RARITIES.index(rarity) + 1 if rarity in RARITIES else 1
    if wide:
        side = pygame.Rect(centre[0] + mr + 4, inner.y, inner.right - centre[0] - mr - 8, inner.h)
        gr = max(3, min(width // 22, int(side.w / (2.6 * n + 1))))
        gx0, gy = side.centerx, side.y + side.h // 3
        ribbon = pygame.Rect(0, 0, side.w - 2, max(18, int(height * 0.26)))
        ribbon.midtop = (side.centerx, gy + gr + max(3, height // 16))
    else:
        gr = max(3, width // 22)
        gx0, gy = width // 2, centre[1] + mr + gr + max(3, width // 30)
        ribbon = pygame.Rect(0, 0, int(width * 0.74), max(12, int(height * 0.11)))
        ribbon.midtop = (width // 2, gy + gr + max(2, width // 40))
    for i in range(n):
        gx = gx0 + int((i - (n - 1) / 2) * gr * 2.6)
        _gem(surf, (gx, gy), gr, T.shade(colour, 0.15))
    if ribbon.bottom < inner.bottom:
        tails = [
            (ribbon.x - ribbon.h // 2, ribbon.y + ribbon.h // 4),
            (ribbon.x, ribbon.y),
            (ribbon.x, ribbon.bottom),
            (ribbon.x - ribbon.h // 2, ribbon.bottom + ribbon.h // 4),
        ]
        pygame.draw.polygon(surf, T.shade(colour, -0.45), tails)
        mirror = ribbon.x + ribbon.right
        pygame.draw.polygon(surf, T.shade(colour, -0.45), [(mirror - x, y) for x, y in tails])
        pygame.draw.rect(surf, T.shade(colour, -0.15), ribbon)
        pygame.draw.rect(surf, (24, 18, 12), ribbon, 1)
        font = _ribbon_font(max(13, int(ribbon.h * 0.66)))
        light = sum(T.shade(colour, -0.15)) > 420  # a pale ribbon takes dark letters
        ink, under = (T.INK, (250, 246, 236)) if light else (T.WHITE, (20, 14, 10))
        label = rarity.capitalize() if wide else rarity.upper()
        word = font.render(label, True, ink)
        if word.get_width() > ribbon.w - 6:
            word = pygame.transform.smoothscale(
                word,
                (ribbon.w - 6, max(4, int(word.get_height() * (ribbon.w - 6) / word.get_width()))),
            )
        shadow = font.render(label, True, under)
        if shadow.get_size() != word.get_size():
            shadow = pygame.transform.smoothscale(shadow, word.get_size())
        surf.blit(shadow, shadow.get_rect(center=(ribbon.centerx + 1, ribbon.centery + 1)))
        surf.blit(word, word.get_rect(center=ribbon.center))
    return _keep(key, surf)


def _ribbon_font(size: int) -> pygame.font.Font:
    from game.paths import assets_dir

    key = ("font", size)
    font = _FONTS.get(key)
    if font is None:
        path = assets_dir() / "fonts" / "DejaVuSansCondensed-Bold.ttf"
        font = _FONTS[key] = pygame.font.Font(str(path), size)
    return font


_FONTS: dict[tuple, pygame.font.Font] = {}


def _keep(key, surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    if len(_CACHE) > 80:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def clear_cache() -> None:
    _CACHE.clear()
    _FONTS.clear()
