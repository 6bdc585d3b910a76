"""Card faces: frame colour by card type (the tabletop's conventions), cost on the left edge,
phase icon under it, name, type line, the card's picture (game/ui/card_art.py) and its own text."""

from __future__ import annotations

import contextlib
from functools import lru_cache

import pygame

from game.content.defs import CardDef, HeroDef
from game.ui import theme as T
from game.ui.card_art import card_picture, card_watermark
from game.ui.widgets import fit_name, text_surface, wrap

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
NARROW = 90  # px: a card this narrow gives its name the card's whole width
TYPE_TINY = {"main": "Main", "roll": "Roll", "instant": "Instant"}  # the narrowest cards
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
    rim = frame_colour(card, hero)
    surf = _frame(width, height, rim).copy()
    inner = surf.get_rect().inflate(-max(4, width // 18) * 2, -max(4, width // 18) * 2)
    # The cost sits on the left edge, the phase icon beneath it; on a narrow card (a full hand
    # in a small window) the icon sits beside the cost and the name runs the card's width below.
    small = width < 120
    narrow = width < NARROW
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
        at = (cx + cost_r * 2 + 2, cy) if narrow else (cx, cy + cost_r * 2 + 2)
        surf.blit(icon, icon.get_rect(center=at))
    except (ImportError, KeyError, FileNotFoundError):
        pass
    # Name, type line, text.
    text_x = cx + cost_r + max(3, width // 40)
    y = inner.y + 4
    if narrow:
        text_x, y = inner.x + 4, cy + cost_r + 2
    name_w = inner.right - text_x - 4
    name_lines, name_font = card_name_lines(th, card.name, name_w, small)
    for line in name_lines:
        line_surf = text_surface(name_font, line, T.INK)
        surf.blit(line_surf, (text_x, y))
        y += line_surf.get_height()
    type_line, type_font = type_label(card, hero, th, small, name_w)
    type_surf = text_surface(type_font, type_line, T.INK_SOFT)
    surf.blit(type_surf, (text_x, y + 1))
    y = max(y + type_surf.get_height() + 4, cy + cost_r * (1 if narrow else 3) + 4)
    pygame.draw.line(
        surf,
        rim if card.type != "upgrade" else T.BRASS_DARK,
        (inner.x + 6, y),
        (inner.right - 6, y),
        max(1, width // 90),
    )
    y += 4
    body_font = th.font(10 if small else 13, condensed=True)
    lines = wrap(body_font, card.text, inner.w - 12)
    # The picture takes the room the text leaves, up to half the card's width. When the text
    # leaves less than a fifth, the picture lies faintly behind the text instead: no rules text
    # is ever pushed off the card by its picture.
    free = inner.bottom - 4 - y - len(lines) * body_font.get_linesize() - 4
    if free >= int(width * 0.2):
        pic_h = min(int(width * 0.5), free)
        surf.blit(card_picture(card, hero, inner.w - 8, pic_h), (inner.x + 4, y))
        y += pic_h + 3
    else:
        area = pygame.Rect(inner.x + 4, y, inner.w - 8, max(8, inner.bottom - 4 - y))
        surf.blit(card_watermark(card, hero, area.w, area.h), area)
    for line in lines:
        if y + body_font.get_linesize() > inner.bottom - 2:
            break
        line_surf = text_surface(body_font, line, T.INK)
        surf.blit(line_surf, (inner.x + 6, y))
        y += body_font.get_linesize()
    if len(_CACHE) > 400:
        _CACHE.clear()
    _CACHE[key] = surf
    return surf


def card_name_lines(th: T.Theme, name: str, room: int, small: bool):
    """The card's name in at most three lines that fit `room` pixels, and their font: the name's
    face, smaller (not under 11 px) if a word would not fit, then a long word broken with a
    hyphen (widgets.fit_name) - never a word cut at the card's edge."""
    top = max(13, round((12 if small else 15) * th.text_scale))
    for hyphens in (False, True):
        for real in range(top, 10, -1):
            font = th.font_px(real, bold=True, condensed=True)
            words = name.split(" ")
            if hyphens:  # a word wider than the room breaks with a hyphen ("Counter-", "strike")
                words = [part for word in words for part in _broken(font, word, room)]
            lines = wrap(font, " ".join(words), room)
            if len(lines) <= 3 and all(font.size(line)[0] <= room for line in lines):
                return lines, font
    return fit_name(lambda bold: th.font_px(11, bold=bold, condensed=True), name, room)


def _broken(font, word: str, room: int) -> list[str]:
    if font.size(word)[0] <= room:
        return [word]
    lines, _font = fit_name(lambda bold: font, word, room, False)  # a trial
    return lines if lines[0].endswith("-") else [word]


def type_label(card: CardDef, hero: HeroDef | None, th: T.Theme, small: bool, room: int):
    """The card's type line and its font, fitted to `room` pixels: the full name, a shorter
    one, a smaller face (not under 11 px), then the fewest words ("Roll", "Attack II")."""
    type_font = th.font(10 if small else 12, condensed=True)
    type_line = TYPE_NAMES[card.type]
    if card.type == "upgrade" and hero is not None and card.upgrade_slot:
        try:
            type_line = f"Upgrade: {hero.slot(card.upgrade_slot).kind} "
            type_line += {2: "II", 3: "III"}.get(card.upgrade_level, "")
        except KeyError:
            pass
    if type_font.size(type_line)[0] > room:
        if card.type != "upgrade":
            type_line = TYPE_SHORT[card.type]
        else:  # "Upgrade: offensive II" -> "Offensive II"
            rest = type_line.removeprefix("Upgrade: ")
            type_line = rest[:1].upper() + rest[1:]
    real = max(13, round((10 if small else 12) * th.text_scale))  # type_font's size
    while type_font.size(type_line)[0] > room and real > 11:
        real -= 1
        type_font = th.font_px(real, condensed=True)
    if type_font.size(type_line)[0] > room:
        type_line = TYPE_TINY.get(card.type, type_line)
        type_line = type_line.replace("Offensive", "Attack").replace("Defensive", "Defense")
    if type_font.size(type_line)[0] > room and " " in type_line:  # "Defense III" -> "Def. III"
        word, rest = type_line.split(" ", 1)
        type_line = f"{word[:3]}. {rest}"
    return type_line, type_font


@lru_cache(maxsize=64)
def _frame(width: int, height: int, rim: tuple[int, int, int]) -> pygame.Surface:
    """An empty card: a rim in the type's colour, lit from the top, a dark outer edge, a brass
    hairline, and parchment that darkens a little toward the bottom. Copy before drawing on it."""
    k = 2
    big = pygame.Surface((width * k, height * k), pygame.SRCALPHA)
    radius = max(4, width // 14) * k
    rect = big.get_rect()
    pygame.draw.rect(big, tuple(int(c * 0.45) for c in rim), rect, border_radius=radius)
    light = tuple(min(255, c + 40) for c in rim)
    for y in range(k, rect.h - k):
        t = y / rect.h
        colour = tuple(int(a + (b - a) * t) for a, b in zip(light, rim, strict=True))
        pygame.draw.line(big, colour, (k, y), (rect.w - k, y))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect.inflate(-k, -k), border_radius=radius)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(big, tuple(int(c * 0.45) for c in rim), rect, k, border_radius=radius)
    pad = max(4, width // 18) * k
    inner = rect.inflate(-pad * 2, -pad * 2)
    parchment = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.h):
        t = y / inner.h
        colour = tuple(
            int(a + (b - a) * t * 0.6) for a, b in zip(T.PARCHMENT, T.PARCHMENT_DARK, strict=True)
        )
        pygame.draw.line(parchment, colour, (0, y), (inner.w, y))
    pmask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(
        pmask, (255, 255, 255, 255), pmask.get_rect(), border_radius=max(2, radius - 3 * k)
    )
    parchment.blit(pmask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(parchment, inner)
    pygame.draw.rect(
        big, T.BRASS_DARK, inner.inflate(k * 2, k * 2), k, border_radius=radius - 2 * k
    )
    return pygame.transform.smoothscale(big, (width, height))


def card_back(width: int, th: T.Theme) -> pygame.Surface:
    """The back of a card (a hidden hand, a deck, unidentified loot): assets/art/card_back.svg,
    a brass-framed medallion with a crown and a die on a wine-red lattice."""
    key = ("__back__", width, th.scale)
    surf = _CACHE.get(key)
    if surf is None:
        surf = _CACHE[key] = _card_back(width, int(width * 1.4))
    return surf


def _card_back(width: int, height: int) -> pygame.Surface:
    from game.paths import assets_dir

    image = pygame.image.load_sized_svg(
        str(assets_dir() / "art" / "card_back.svg"), (width, height)
    )
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    surf.blit(image, image.get_rect(center=surf.get_rect().center))
    return surf
