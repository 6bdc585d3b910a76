"""Card faces: frame colour by card type (the tabletop's conventions), cost on the left edge,
phase icon under it, name, and the card's own text."""

from __future__ import annotations

import contextlib

import pygame

from game.content.defs import CardDef, HeroDef
from game.ui import theme as T
from game.ui.widgets import text_surface, wrap

TYPE_NAMES = {
    "main": "Main Phase Action",
    "roll": "Roll Phase Action",
    "instant": "Instant Action",
    "upgrade": "Hero Upgrade",
}
TYPE_SHORT = {
    "main": "Main Phase",
    "roll": "Roll Phase",
    "instant": "Instant",
    "upgrade": "Upgrade",
}
TYPE_ICONS = {"main": "main", "roll": "roll", "instant": "instant", "upgrade": "upgrade"}

_CACHE: dict[tuple, pygame.Surface] = {}


def frame_colour(card: CardDef, hero: HeroDef | None) -> tuple[int, int, int]:
    if card.type == "upgrade":
        kind = "offensive"
        if hero is not None and card.upgrade_slot:
            with contextlib.suppress(KeyError):
                kind = hero.slot(card.upgrade_slot).kind
        return T.UPGRADE_COLOURS[kind]
    return T.CARD_COLOURS[card.type]


def card_face(
    card: CardDef, hero: HeroDef | None, width: int, th: T.Theme, cost: int | None = None
) -> pygame.Surface:
    """A card drawn `width` pixels wide (height is 1.4 x width)."""
    shown_cost = card.cost if cost is None else cost
    th = th.fixed()
    key = (card.id, hero.id if hero else None, width, th.scale, shown_cost)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    height = int(width * 1.4)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 14)
    rim = frame_colour(card, hero)
    pygame.draw.rect(surf, rim, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, width // 18) * 2, -max(4, width // 18) * 2)
    pygame.draw.rect(surf, T.PARCHMENT, inner, border_radius=max(2, radius - 3))
    # The cost sits on the left edge, the phase icon beneath it.
    small = width < 120
    cost_r = max(9, width // 9)
    cx, cy = inner.x + cost_r - 2, inner.y + cost_r + 2
    pygame.draw.circle(surf, T.CP, (cx, cy), cost_r)
    pygame.draw.circle(surf, T.WHITE, (cx, cy), cost_r, max(1, width // 80))
    font_cost = th.font_px(max(13, int(cost_r * 1.25)), bold=True)
    cost_text = text_surface(font_cost, str(shown_cost), T.WHITE)
    surf.blit(cost_text, cost_text.get_rect(center=(cx, cy)))
    try:
        from game.ui.art import ui_icon

        icon = ui_icon(
            TYPE_ICONS[card.type], cost_r * 2 - 2, rim if card.type != "upgrade" else T.INK
        )
        surf.blit(icon, icon.get_rect(center=(cx, cy + cost_r * 2 + 2)))
    except (ImportError, KeyError, FileNotFoundError):
        pass
    # Name, type line, text.
    name_font = th.font(12 if small else 15, bold=True, condensed=True)
    text_x = cx + cost_r + max(3, width // 40)
    name_w = inner.right - text_x - 4
    y = inner.y + 4
    for line in wrap(name_font, card.name, name_w)[:2]:
        line_surf = text_surface(name_font, line, T.INK)
        surf.blit(line_surf, (text_x, y))
        y += line_surf.get_height()
    type_font = th.font(10 if small else 12, condensed=True)
    type_line = TYPE_NAMES[card.type]
    if card.type == "upgrade" and hero is not None and card.upgrade_slot:
        try:
            type_line = f"Upgrade: {hero.slot(card.upgrade_slot).kind} "
            type_line += {2: "II", 3: "III"}.get(card.upgrade_level, "")
        except KeyError:
            pass
    if type_font.size(type_line)[0] > name_w and card.type != "upgrade":
        type_line = TYPE_SHORT[card.type]
    type_surf = text_surface(type_font, type_line, T.INK_SOFT)
    surf.blit(type_surf, (text_x, y + 1))
    y = max(y + type_surf.get_height() + 4, cy + cost_r * 3 + 4)
    pygame.draw.line(
        surf,
        rim if card.type != "upgrade" else T.BRASS_DARK,
        (inner.x + 6, y),
        (inner.right - 6, y),
        max(1, width // 90),
    )
    y += 5
    body_font = th.font(10 if small else 13, condensed=True)
    for line in wrap(body_font, card.text, inner.w - 12):
        if y + body_font.get_linesize() > inner.bottom - 4:
            break
        line_surf = text_surface(body_font, line, T.INK)
        surf.blit(line_surf, (inner.x + 6, y))
        y += body_font.get_linesize()
    if len(_CACHE) > 400:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def card_back(width: int, th: T.Theme) -> pygame.Surface:
    key = ("__back__", width, th.scale)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    height = int(width * 1.4)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 14)
    pygame.draw.rect(surf, T.WOOD_LIGHT, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, T.BRASS, surf.get_rect(), max(2, width // 30), border_radius=radius)
    inner = surf.get_rect().inflate(-width // 4, -width // 4)
    pygame.draw.rect(surf, T.BRASS_DARK, inner, max(1, width // 40), border_radius=radius)
    pygame.draw.line(surf, T.BRASS_DARK, inner.topleft, inner.bottomright, max(1, width // 50))
    pygame.draw.line(surf, T.BRASS_DARK, inner.topright, inner.bottomleft, max(1, width // 50))
    _CACHE[key] = surf
    return surf
