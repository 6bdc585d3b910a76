"""Standees: a character's portrait stood up on a round base, for the Missions hex map and the
Adventures crawl map (heroes in their seat's colour, enemies in theirs, bosses in gold).

A standee is the portrait (`art.hero_emblem`, cached) in a coloured ring on a short post over an
oval base with a soft shadow on the table under it, lit from the upper left like everything
else. Drawn once per (id, size, colours, boss) and kept; `foot` is where the base touches the
ground, so callers place it by its feet.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme as T

_CACHE: dict[tuple, pygame.Surface] = {}


def standee(portrait_id: str, size: int, rim, *, boss: bool = False) -> pygame.Surface:
    """The standee of `portrait_id` whose portrait is `size` px across; rim: its colour."""
    size = max(12, int(size))
    key = (portrait_id, size, tuple(rim[:3]), boss)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    from game.ui import art

    w, h, base_h, side, top, (cx, cy) = _geometry(size)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    # the shadow on the table, then the base: a dark side under a lit top in the rim colour
    shadow = pygame.Surface((w, base_h + 4), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 120), (3, 3, w - 4, base_h))
    surf.blit(shadow, (0, h - base_h - 3))
    pygame.draw.ellipse(surf, T.shade(rim, -0.7), side)
    pygame.draw.ellipse(surf, T.shade(rim, -0.25), top)
    pygame.draw.ellipse(
        surf, T.shade(rim, 0.25), top.inflate(-top.w // 3, -top.h // 2).move(-2, -1)
    )
    pygame.draw.ellipse(surf, (20, 16, 12), top, 1)
    # the post and the portrait in its ring
    post = pygame.Rect(0, 0, max(3, size // 8), top.centery - cy)
    post.midbottom = (cx, top.centery)
    pygame.draw.rect(surf, T.shade(rim, -0.5), post)
    ring = max(2, size // 14)
    r = size // 2 + ring
    pygame.draw.circle(surf, (0, 0, 0, 90), (cx + 2, cy + 3), r)
    if boss:  # a gold crown of points behind the ring
        spikes = []
        for i in range(16):
            a = math.radians(-90 + i * 22.5)
            rr = r + (ring * 2 if i % 2 == 0 else 0)
            spikes.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surf, T.GOLD, spikes)
        pygame.draw.polygon(surf, (60, 40, 10), spikes, 1)
    pygame.draw.circle(surf, T.shade(rim, -0.55), (cx, cy), r)
    pygame.draw.circle(surf, rim, (cx, cy), r, ring)
    pygame.draw.circle(surf, T.shade(rim, 0.45), (cx, cy), r, 1)
    portrait = art.hero_emblem(portrait_id, size)
    surf.blit(portrait, portrait.get_rect(center=(cx, cy)))
    surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
    if len(_CACHE) > 200:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def _geometry(size: int):
    """(width, height, base height, base side, base top, portrait middle) of a standee."""
    w = int(size * 1.3)
    base_h = max(6, int(size * 0.36))
    h = int(size * 1.12) + base_h
    side = pygame.Rect(2, h - base_h - 2, w - 6, base_h)
    top = side.move(0, -max(2, base_h // 4))
    return w, h, base_h, side, top, (w // 2 - 1, top.centery - int(size * 0.5))


def blit(surface: pygame.Surface, portrait_id: str, size: int, rim, at, *, boss=False):
    """Draw a standee with its feet at `at`; returns (its rect, the middle of its portrait)."""
    s = standee(portrait_id, size, rim, boss=boss)
    _w, _h, _bh, side, _top, (hx, hy) = _geometry(max(12, int(size)))
    rect = s.get_rect(topleft=(int(at[0]) - side.centerx, int(at[1]) - side.centery))
    surface.blit(s, rect)
    return rect, (rect.x + hx, rect.y + hy)


def clear_cache() -> None:
    _CACHE.clear()
