"""The picture on each card: a bold pictogram chosen from what the card does, on a backdrop whose
pattern is drawn from the card's own id, so no two cards share a picture.

- The big pictogram is the card's first effect: the status token it gives or inflicts, a blade
  for damage, the heart for healing, the CP coin, the shield for prevention, one of the hero's
  dice for dice tricks, cards for drawing. An upgrade shows the dice symbol its ability needs
  (defensive: the shield) and its level as pips.
- A second, different effect sits small in the lower right; the first effect's number sits in a
  badge in the lower left ("+2", "3").
- The backdrop is the hero's colour (shared cards: the frame colour) with rays, rings or a lattice
  whose count and angle come from a hash of the card id.
Cached per (card, hero, size): drawn once, never per frame.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator
from functools import lru_cache

import pygame

from game.content.defs import CardDef, HeroDef
from game.ui import theme as T

# (kind, name): ("token", id), ("symbol", id), ("ui", id), ("die", "trick:count")
Pictogram = tuple[str, str]

_DO_ICON: dict[str, Pictogram] = {
    "add_damage": ("symbol", "blade"),
    "deal_damage": ("symbol", "blade"),
    "steal_health": ("symbol", "fang"),
    "make_undefendable": ("symbol", "bolt"),
    "heal": ("ui", "health"),
    "heal_companion": ("ui", "health"),
    "gain_cp": ("ui", "cp"),
    "lose_cp": ("ui", "cp"),
    "steal_cp": ("ui", "cp"),
    "prevent_damage": ("ui", "shield"),
    "extra_roll_attempts": ("die", "extra:1"),
    "roll": ("die", "roll:2"),
    "draw": ("ui", "cards"),
    "grow": ("token", "seedling"),
    "flip_board": ("ui", "upgrade"),
    "raise_stack_limit": ("ui", "upgrade"),
}


def _walk(effects) -> Iterator[dict]:
    for effect in effects or ():
        if isinstance(effect, dict):
            if "do" in effect:
                yield effect
            for value in effect.values():
                if isinstance(value, list | tuple):
                    yield from _walk(value)


def _effect_icon(effect: dict) -> Pictogram | None:
    do = effect.get("do", "")
    if do in ("gain_status", "inflict_status", "transfer_status", "remove_status"):
        from game.ui.art import has_icon

        status = effect.get("status")
        if isinstance(status, str) and has_icon("tokens", status):
            return ("token", status)
        # "any negative status" and the like: the cleanse token, not a status's initials
        return ("token", "cleanse") if do == "remove_status" else None
    if do == "alter_dice":
        count = effect.get("count")
        count = count if isinstance(count, int) and 1 <= count <= 3 else 1
        return ("die", f"{effect.get('mode', 'set_any')}:{count}")
    return _DO_ICON.get(do)


def _amount(effect: dict) -> str | None:
    for key in ("amount", "count"):
        value = effect.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            sign = "+" if effect.get("do") in ("gain_cp", "heal", "add_damage", "draw") else ""
            return f"{sign}{value}"
    return None


def pictograms(
    card: CardDef, hero: HeroDef | None
) -> tuple[Pictogram, Pictogram | None, str | None]:
    """(main pictogram, a second different one or None, the main effect's number or None)."""
    icons: list[Pictogram] = []
    amount = None
    for effect in _walk(card.effects):
        icon = _effect_icon(effect)
        if icon is None:
            continue
        if not icons:
            amount = _amount(effect)
        if icon not in icons:
            icons.append(icon)
    if card.type == "upgrade" and hero is not None and card.upgrade_slot:
        icons = [_upgrade_icon(card, hero)]
    if not icons:
        icons = [
            ("ui", {"main": "main", "roll": "roll", "instant": "instant"}.get(card.type, "upgrade"))
        ]
    return icons[0], (icons[1] if len(icons) > 1 else None), amount


def _upgrade_icon(card: CardDef, hero: HeroDef) -> Pictogram:
    try:
        slot = hero.slot(card.upgrade_slot or "")
    except KeyError:
        return ("ui", "upgrade")
    if slot.kind == "defensive":
        return ("ui", "shield")
    level = slot.levels.get(card.upgrade_level) or next(iter(slot.levels.values()), ())
    for ability in level:
        for row in ability.rows:
            for symbol, _count in row.requirement.symbols:
                return ("symbol", symbol)
            if row.requirement.straight:
                return ("die", "straight:3")
    symbols = list(hero.symbols) if hero.symbols else []
    if symbols:
        return ("symbol", symbols[zlib.crc32(slot.id.encode()) % len(symbols)])
    return ("ui", "upgrade")


def _icon(kind: str, name: str, size: int, hero: HeroDef | None, colour) -> pygame.Surface:
    from game.ui import art

    if kind == "token":
        return art.token_icon(name, size, _token_kind(name))
    if kind == "symbol":
        return art.symbol_icon(name, size, colour)
    if kind == "die":
        return _die_pictogram(name, size, hero)
    return art.ui_icon(name, size, colour)


# Pips on a die face: (x, y) in thirds of the face.
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
# What each dice trick shows: the face on the die and the mark drawn over it.
_TRICKS = {
    "reroll": (5, "arrow"),
    "extra": (4, "arrow_plus"),
    "set_six": (6, ""),
    "set_any": (0, "?"),
    "copy_own": (3, "="),
    "adjust_one": (3, "±"),
    "roll": (2, ""),
    "straight": (0, "run"),
}


def _one_die(size: int, value: int, hero: HeroDef | None) -> pygame.Surface:
    from game.ui import art

    if hero is not None:
        body, edge, ink = art.hero_dice_colours(hero.id)
    else:
        body, edge, ink = T.PARCHMENT, T.PARCHMENT_DARK, T.INK
    die = art.die_body(size, body, edge).copy()
    face = size * 0.9
    r = max(1, round(size * 0.085))
    for px, py in _PIPS.get(value, ()):
        centre = (size * 0.06 + face * (0.25 + 0.22 * px), size * 0.06 + face * (0.25 + 0.22 * py))
        pygame.draw.circle(die, ink, centre, r)
    return die


def _die_pictogram(name: str, size: int, hero: HeroDef | None) -> pygame.Surface:
    """Dice tricks told apart: a re-roll arrow, extra attempts, a six, a wild '?', a copy '=',
    a nudge '±', a straight run; `count` dice fanned when the trick moves several."""
    from game.ui import art

    trick, _, count_text = name.partition(":")
    count = int(count_text) if count_text.isdigit() else 1
    value, mark = _TRICKS.get(trick, (5, ""))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    if mark == "run":  # three dice climbing: 1, 2, 3
        small = int(size * 0.44)
        for i in range(3):
            die = _one_die(small, i + 1, hero)
            out.blit(die, (int(i * size * 0.28), int(size * 0.5 - i * size * 0.22)))
        return out
    if mark == "=":  # two dice showing the same face
        small = int(size * 0.5)
        out.blit(_one_die(small, value, hero), (0, int(size * 0.25)))
        out.blit(_one_die(small, value, hero), (size - small, int(size * 0.25)))
        font = art._font(max(8, int(size * 0.3)))
        label = font.render("=", True, T.PARCHMENT)
        out.blit(label, label.get_rect(center=(size // 2, size // 2)))
        return out
    die_size = int(size * (0.62 if count == 1 else 0.5))
    for i in range(count - 1, -1, -1):  # fanned, the front die last
        die = _one_die(die_size, value, hero)
        if count > 1:
            die = pygame.transform.rotozoom(die, (i - (count - 1) / 2) * -18, 1.0)
        x = size / 2 + (i - (count - 1) / 2) * size * 0.2
        out.blit(die, die.get_rect(center=(x, size * 0.52)))
    if mark in ("arrow", "arrow_plus"):  # a circular arrow around the die
        rect = pygame.Rect(0, 0, int(size * 0.94), int(size * 0.94))
        rect.center = (size // 2, size // 2)
        width = max(2, size // 16)
        pygame.draw.arc(out, T.PARCHMENT, rect, math.radians(20), math.radians(300), width)
        tip = (
            rect.centerx + rect.w / 2 * math.cos(math.radians(20)),
            rect.centery - rect.h / 2 * math.sin(math.radians(20)),
        )
        head = size * 0.12
        pygame.draw.polygon(
            out,
            T.PARCHMENT,
            [
                (tip[0] - head, tip[1] - head * 0.2),
                (tip[0] + head * 0.8, tip[1] - head * 0.2),
                (tip[0], tip[1] + head),
            ],
        )
        if mark == "arrow_plus":
            font = art._font(max(8, int(size * 0.3)))
            label = font.render("+", True, T.PARCHMENT)
            out.blit(label, label.get_rect(center=(size * 0.14, size * 0.16)))
    elif mark in ("?", "±"):
        font = art._font(max(8, int(size * 0.36)))
        ink = art.hero_dice_colours(hero.id)[2] if hero is not None else T.INK
        label = font.render(mark, True, ink)
        out.blit(label, label.get_rect(center=(size / 2 - size * 0.02, size * 0.5)))
    return out


@lru_cache(maxsize=64)
def _pool(size: int) -> pygame.Surface:
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    for step in range(8):  # outside in, each ring darker (draw replaces alpha, it does not add)
        radius = size * k / 2 * (1 - step / 10)
        pygame.draw.circle(big, (0, 0, 0, 18 * (step + 1)), (size * k / 2, size * k / 2), radius)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=256)
def _token_kind(status_id: str) -> str:
    from game.content.loader import default_content

    try:
        status = default_content().statuses.get(status_id)
    except Exception:  # content unavailable: still draw the token
        status = None
    return status.kind if status is not None else "unique"


def _backdrop(surf: pygame.Surface, base, seed: int) -> None:
    """A radial wash of `base` with a pattern picked and turned by `seed`."""
    w, h = surf.get_size()
    k = 2
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    dark = tuple(int(c * 0.45) for c in base)
    big.fill(dark)
    cx, cy = w * k * (0.35 + (seed % 7) * 0.05), h * k * 0.45
    reach = max(w, h) * k
    for r in range(10, 0, -1):
        t = r / 10
        colour = tuple(int(d + (b - d) * (1 - t) ** 0.7) for d, b in zip(dark, base, strict=True))
        pygame.draw.circle(big, colour, (cx, cy), reach * t)
    light = tuple(min(255, c + 60) for c in base)
    pattern = (seed >> 4) % 3
    if pattern == 0:  # rays from the light
        n = 5 + (seed >> 6) % 8
        turn = (seed >> 9) % 360
        for i in range(n):
            a0 = math.radians(turn + i * 360 / n)
            a1 = a0 + math.radians(360 / n * 0.35)
            pts = [
                (cx, cy),
                (cx + reach * 2 * math.cos(a0), cy + reach * 2 * math.sin(a0)),
                (cx + reach * 2 * math.cos(a1), cy + reach * 2 * math.sin(a1)),
            ]
            pygame.draw.polygon(big, (*light, 40), pts)
    elif pattern == 1:  # rings
        step = k * (5 + (seed >> 6) % 7)
        for r in range(step, reach * 2, step * 2):
            pygame.draw.circle(big, (*light, 34), (cx, cy), r, max(1, step // 2))
    else:  # lattice
        step = k * (8 + (seed >> 6) % 8)
        off = (seed >> 10) % step
        for x in range(-h * k + off, w * k, step):
            pygame.draw.line(big, (*light, 38), (x, 0), (x + h * k, h * k), k)
            pygame.draw.line(big, (*light, 38), (x + h * k, 0), (x, h * k), k)
    surf.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))


_PICTURES: dict[tuple, pygame.Surface] = {}


def card_picture(card: CardDef, hero: HeroDef | None, width: int, height: int) -> pygame.Surface:
    """The picture panel of `card`, `width` x `height` pixels (cached by ids and size)."""
    key = (card.id, hero.id if hero is not None else None, width, height)
    surf = _PICTURES.get(key)
    if surf is None:
        if len(_PICTURES) > 1024:
            _PICTURES.clear()
        surf = _PICTURES[key] = _draw_picture(card, hero, width, height)
    return surf


def _draw_picture(card: CardDef, hero: HeroDef | None, width: int, height: int) -> pygame.Surface:
    from game.ui import art
    from game.ui.cards import frame_colour

    width, height = max(8, width), max(8, height)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    seed = zlib.crc32(card.id.encode())
    base = art.hero_colour(hero.id) if hero is not None else frame_colour(card, hero)
    if card.loot is not None:
        base = {"common": (110, 96, 70), "rare": (70, 96, 150), "epic": (120, 70, 150)}.get(
            card.loot.rarity, (140, 110, 50)
        )
    _backdrop(surf, base, seed)
    main, second, amount = pictograms(card, hero)
    size = int(min(width, height) * 0.78)
    icon = _icon(*main, size, hero, T.PARCHMENT)
    shadow = _icon(*main, size, hero, (20, 14, 10)) if main[0] in ("symbol", "ui") else None
    centre = (width // 2, height // 2)
    # a soft dark pool behind the pictogram keeps it readable on pale backdrops (and in grey)
    pool = _pool(int(size * 1.25))
    surf.blit(pool, pool.get_rect(center=centre))
    if shadow is not None:
        shadow = shadow.copy()
        shadow.fill((0, 0, 0, 150), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(shadow, shadow.get_rect(center=(centre[0] + 2, centre[1] + 3)))
    surf.blit(icon, icon.get_rect(center=centre))
    if second is not None:
        small = max(10, int(min(width, height) * 0.36))
        disc = pygame.Rect(0, 0, small + 4, small + 4)
        disc.bottomright = (width - 3, height - 3)
        pygame.draw.circle(surf, T.WOOD, disc.center, disc.w // 2)
        pygame.draw.circle(surf, T.BRASS, disc.center, disc.w // 2, 1)
        icon2 = _icon(*second, int(small * 0.8), hero, T.PARCHMENT)
        surf.blit(icon2, icon2.get_rect(center=disc.center))
    if amount is not None:
        from game.ui.art import _font

        font = _font(max(9, int(min(width, height) * 0.26)))
        label = font.render(amount, True, T.WHITE)
        badge = label.get_rect().inflate(6, 2)
        badge.bottomleft = (3, height - 3)
        pygame.draw.rect(surf, T.INK, badge, border_radius=badge.h // 2)
        pygame.draw.rect(surf, T.BRASS, badge, 1, border_radius=badge.h // 2)
        surf.blit(label, label.get_rect(center=badge.center))
    level = card.upgrade_level or (card.loot.level if card.loot is not None else 0)
    if level:
        r = max(2, height // 22)
        for i in range(level):
            pos = (width - 4 - r - i * (2 * r + 3), 4 + r)
            pygame.draw.circle(surf, T.GOLD, pos, r)
            pygame.draw.circle(surf, T.INK, pos, r, 1)
    pygame.draw.rect(surf, T.INK, surf.get_rect(), 1)
    return surf


def card_watermark(card: CardDef, hero: HeroDef | None, width: int, height: int) -> pygame.Surface:
    """The card's picture faded to sit behind its text (for cards whose text fills the face)."""
    key = ("watermark", card.id, hero.id if hero is not None else None, width, height)
    surf = _PICTURES.get(key)
    if surf is None:
        surf = card_picture(card, hero, width, height).copy()
        surf.fill((255, 255, 255, 52), special_flags=pygame.BLEND_RGBA_MULT)
        _PICTURES[key] = surf
    return surf


def clear_cache() -> None:
    _PICTURES.clear()
    _token_kind.cache_clear()
    _pool.cache_clear()
