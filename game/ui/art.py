"""Art made here: dice faces, symbol and token icons, portraits (game/ui/portraits.py), UI icons.

Shapes are hand-written SVG files in `assets/icons/{symbols,tokens,heroes,enemies,ui}` drawn in one
placeholder colour (#FEDCBA) that is swapped for the colour asked for, then rasterised at the
exact size by pygame-ce's SVG loader. Anything the files do not cover (a fixture hero's symbol,
a token without an icon) falls back to a drawn shape with the name's initials, so new content
never crashes the screen. Every result is cached by its arguments.
"""

from __future__ import annotations

import io
import math
import zlib
from functools import cache, lru_cache

import pygame

from game.content.defs import HeroDef, StatusDef
from game.paths import assets_dir
from game.ui import theme as T

PLACEHOLDER = "#FEDCBA"
ICON_KINDS = ("symbols", "tokens", "heroes", "enemies", "ui")

# Each hero's dice: body colour, darker edge, colour of the printed symbol.
HERO_DICE: dict[str, tuple[tuple[int, int, int], ...]] = {
    "gunslinger": ((122, 38, 34), (70, 20, 18), (244, 214, 150)),
    "barbarian": ((64, 74, 86), (34, 40, 48), (236, 226, 205)),
    "moon_elf": ((52, 60, 118), (26, 30, 68), (226, 232, 252)),
    "pyromancer": ((178, 76, 26), (106, 40, 12), (255, 228, 168)),
    "shadow_thief": ((56, 44, 70), (28, 20, 38), (200, 232, 150)),
    "monk": ((196, 120, 40), (120, 68, 18), (255, 240, 206)),
    "paladin": ((232, 222, 196), (160, 146, 112), (122, 88, 28)),
    "ninja": ((34, 36, 40), (12, 12, 14), (214, 58, 52)),
    "treant": ((92, 70, 44), (52, 38, 22), (170, 214, 120)),
    "huntress": ((206, 178, 132), (140, 112, 72), (88, 52, 30)),
    "artificer": ((86, 96, 104), (44, 50, 56), (255, 190, 64)),
    "cursed_pirate": ((28, 70, 78), (12, 36, 42), (212, 240, 200)),
    "samurai": ((150, 28, 36), (84, 12, 18), (246, 232, 208)),
    "seraph": ((236, 240, 250), (150, 164, 196), (196, 150, 48)),
    "vampire_lord": ((70, 14, 28), (34, 4, 12), (232, 196, 200)),
    "tactician": ((34, 58, 98), (16, 30, 56), (226, 200, 120)),
}
HERO_EMBLEM: dict[str, tuple[int, int, int]] = {
    "gunslinger": (150, 52, 44),
    "barbarian": (70, 86, 104),
    "moon_elf": (86, 98, 172),
    "pyromancer": (198, 90, 34),
    "shadow_thief": (96, 68, 116),
    "monk": (206, 132, 46),
    "paladin": (198, 166, 84),
    "ninja": (58, 62, 70),
    "treant": (86, 120, 58),
    "huntress": (176, 120, 64),
    "artificer": (104, 112, 122),
    "samurai": (172, 40, 48),
    "seraph": (214, 190, 110),
    "vampire_lord": (120, 24, 44),
    "tactician": (52, 82, 136),
    "cursed_pirate": (40, 104, 110),
}
# Enemies (Adventures minions and bosses, Missions henchmen and bosses): medallion colours.
# Minions in earthy or sickly tones, undead in bone and ash, bosses in deep royal/blood tones.
ENEMY_EMBLEM: dict[str, tuple[int, int, int]] = {
    # Adventures minions
    "abyssal_hound": (96, 40, 58),
    "bandit_captain": (124, 86, 52),
    "banshee": (92, 118, 140),
    "bog_rats": (92, 98, 58),
    "cave_troll": (84, 108, 84),
    "crimson_bat": (140, 34, 44),
    "crimson_drake": (164, 52, 36),
    "cultist_acolyte": (118, 36, 52),
    "dark_knight": (58, 56, 72),
    "dread_golem": (94, 84, 76),
    "fen_witch": (76, 112, 72),
    "fire_imp": (200, 86, 30),
    "ghoul": (104, 112, 88),
    "goblin_cutpurse": (96, 128, 56),
    "lich_lord": (70, 96, 118),
    "minotaur": (134, 84, 50),
    "necromancer": (78, 60, 98),
    "orc_brute": (86, 110, 62),
    "raging_berserker": (150, 44, 32),
    "shadow_wraith": (50, 44, 70),
    "skeleton_archer": (128, 118, 96),
    "stone_gargoyle": (104, 106, 112),
    "thornling": (76, 104, 48),
    "wyvern": (62, 104, 92),
    # Adventures bosses: the fallen champions wear a darker cast of their hero colour
    "fallen_barbarian": (52, 42, 66),
    "fallen_gunslinger": (110, 30, 40),
    "fallen_monk": (132, 70, 36),
    "mad_king": (112, 22, 48),
    # Missions henchmen and bosses
    "dock_thug": (74, 108, 70),
    "gunrunner": (60, 88, 132),
    "cultist": (82, 108, 64),
    "sniper": (58, 80, 120),
    "brute": (128, 54, 110),
    "drone": (72, 110, 90),
    "enforcer": (56, 78, 128),
    "saboteur": (120, 50, 106),
    "captain_brine": (34, 86, 104),
    "horologist": (132, 100, 46),
    "overseer_vex": (62, 118, 70),
    "the_conductor": (96, 60, 40),
    "curator_nyx": (84, 52, 112),
    "boss_magda": (150, 48, 62),
}
COMPANION_COLOUR = (64, 150, 160)  # companions (Spirits, Bots, Nyra): not status effects
KIND_COLOURS = {
    "positive": T.POSITIVE,
    "negative": T.NEGATIVE,
    "unique": T.UNIQUE,
    "companion": COMPANION_COLOUR,
}


def kind_colour(kind: str) -> tuple[int, int, int]:
    """A status kind's colour in the current palette (theme.set_palette)."""
    return {"positive": T.POSITIVE, "negative": T.NEGATIVE}.get(kind) or KIND_COLOURS.get(
        kind, T.UNIQUE
    )


def _hash_colour(key: str, lightness: float = 0.42) -> tuple[int, int, int]:
    """A stable, muted colour for content the art does not know yet."""
    hue = (zlib.crc32(key.encode()) % 360) / 360
    colour = pygame.Color(0)
    colour.hsla = (hue * 360, 45, lightness * 100, 100)
    return (colour.r, colour.g, colour.b)


def hero_dice_colours(hero_id: str) -> tuple[tuple[int, int, int], ...]:
    if hero_id in HERO_DICE:
        return HERO_DICE[hero_id]
    body = _hash_colour(hero_id)
    edge = tuple(max(0, c - 50) for c in body)
    return (body, edge, T.PARCHMENT)


def hero_colour(hero_id: str) -> tuple[int, int, int]:
    return HERO_EMBLEM.get(hero_id) or ENEMY_EMBLEM.get(hero_id) or _hash_colour(hero_id)


# ------------------------------------------------------------------ SVG icons


@cache
def _svg_text(kind: str, name: str) -> str | None:
    path = assets_dir() / "icons" / kind / f"{name}.svg"
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def has_icon(kind: str, name: str) -> bool:
    return _svg_text(kind, name) is not None


def _hex(colour) -> str:
    c = pygame.Color(colour)
    return f"#{c.r:02X}{c.g:02X}{c.b:02X}"


@lru_cache(maxsize=2048)
def _svg(kind: str, name: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface | None:
    text = _svg_text(kind, name)
    if text is None:
        return None
    data = text.replace(PLACEHOLDER, _hex(colour)).encode("utf-8")
    size = max(2, size)
    image = pygame.image.load_sized_svg(io.BytesIO(data), (size, size))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _initials(name: str, size: int, colour) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    words = [w for w in name.replace("_", " ").split() if w]
    text = "".join(w[0] for w in words[:2]).upper() or "?"
    font = _font(max(6, int(size * (0.62 if len(text) == 1 else 0.48))))
    label = font.render(text, True, colour)
    surf.blit(label, label.get_rect(center=(size // 2, size // 2)))
    return surf


@lru_cache(maxsize=64)
def _font(size: int) -> pygame.font.Font:
    return pygame.font.Font(str(assets_dir() / "fonts" / "DejaVuSans-Bold.ttf"), size)


def symbol_icon(symbol: str, size: int, color=None) -> pygame.Surface:
    """A die symbol (bullet, sword ...) in `color` (parchment by default)."""
    colour = tuple(pygame.Color(color or T.PARCHMENT))[:3]
    icon = _svg("symbols", symbol, size, colour)
    return icon if icon is not None else _cached_initials(symbol, size, colour)


@lru_cache(maxsize=512)
def _cached_initials(name: str, size: int, colour) -> pygame.Surface:
    return _initials(name, size, colour)


def ui_icon(name: str, size: int, color=None) -> pygame.Surface:
    """Interface icons: health, cp, shield, main, roll, instant, upgrade, cards, deck, discard."""
    colour = tuple(pygame.Color(color or T.PARCHMENT))[:3]
    icon = _svg("ui", name, size, colour)
    if icon is None:
        raise KeyError(f"no UI icon named {name!r} in assets/icons/ui")
    return icon


# ------------------------------------------------------------------ dice


def _vertical_gradient(w: int, h: int, top, bottom) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf


def _shift(colour, amount: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, c + amount)) for c in colour)  # type: ignore[return-value]


@lru_cache(maxsize=256)
def die_body(size: int, body, edge, radius_frac: float = 0.22) -> pygame.Surface:
    """A rounded die seen from above-left: a dark bevel, a face shaded from a lit top-left to a
    darker bottom-right, a soft specular highlight. Drawn at 3x and smoothed down. Cached: copy
    it before drawing on it."""
    k = 3
    big = size * k
    radius = int(big * radius_frac)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    # bevel: the die's sides, darker toward the bottom right
    pygame.draw.rect(surf, edge, (0, 0, big, big), border_radius=radius)
    side = _vertical_gradient(big, big, _shift(body, -10), _shift(edge, -25))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, big, big), border_radius=radius)
    side.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(side, (0, 0))
    # the top face, inset more on the bottom/right than on the top/left (light from top-left)
    inset_tl, inset_br = big // 16, big // 9
    fw, fh = big - inset_tl - inset_br, big - inset_tl - inset_br
    face = _vertical_gradient(fw, fh, _shift(body, 38), _shift(body, -14))
    face_mask = pygame.Surface((fw, fh), pygame.SRCALPHA)
    pygame.draw.rect(
        face_mask, (255, 255, 255, 255), (0, 0, fw, fh), border_radius=int(radius * 0.8)
    )
    face.blit(face_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(face, (inset_tl, inset_tl))
    # specular highlight: a soft white oval near the top-left corner
    shine = pygame.Surface((fw // 2, fh // 4), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 46), shine.get_rect())
    surf.blit(shine, (inset_tl + fw // 8, inset_tl + fh // 14))
    return pygame.transform.smoothscale(surf, (size, size))


@lru_cache(maxsize=1024)
def _die_face(
    hero_id: str, symbol: str, value: int, size: int, kept: bool, locked: bool, highlight: bool
) -> pygame.Surface:
    size = max(8, size)
    body, edge, ink = hero_dice_colours(hero_id)
    surf = die_body(size, body, edge).copy()
    face_c = int(size * 0.46)  # centre of the top face (it is inset more bottom/right)
    icon_size = int(size * 0.56)
    # the symbol is printed into the face: a dark offset under the ink reads as an engraving
    shadow = symbol_icon(symbol, icon_size, _shift(edge, -30))
    icon = symbol_icon(symbol, icon_size, ink)
    offset = max(1, size // 40)
    surf.blit(shadow, shadow.get_rect(center=(face_c + offset, face_c + offset + 1)))
    surf.blit(icon, icon.get_rect(center=(face_c, face_c + 1)))
    if size >= 30 and value > 0:  # value 0: a symbol shown without a face number (a requirement)
        font = _font(max(7, size // 5))
        digit = font.render(str(value), True, ink)
        surf.blit(digit, (max(3, size // 10), max(2, size // 16)))
    if kept or locked or highlight:
        ring = T.HIGHLIGHT if highlight else (T.GOLD if kept else T.TEXT_DIM)
        width = max(2, size // 14)
        pygame.draw.rect(surf, ring, surf.get_rect(), width, border_radius=int(size * 0.22))
        if kept and not highlight:  # a small brass pin with a tick: this die is set aside
            pin = max(4, size // 8)
            centre = (size - pin - 1, size - pin - 1)
            pygame.draw.circle(surf, T.WOOD, centre, pin + 1)
            pygame.draw.circle(surf, T.GOLD, centre, pin)
            w = max(1, pin // 3)
            pygame.draw.lines(
                surf,
                T.WOOD,
                False,
                [
                    (centre[0] - pin * 0.5, centre[1]),
                    (centre[0] - pin * 0.1, centre[1] + pin * 0.45),
                    (centre[0] + pin * 0.55, centre[1] - pin * 0.45),
                ],
                w,
            )
    if locked:
        pin = max(3, size // 9)
        centre = (size - pin - 2, pin + 2)
        pygame.draw.circle(surf, T.WOOD, centre, pin + 1)
        pygame.draw.circle(surf, T.TEXT_DIM, centre, pin, max(1, pin // 3))
    return surf


def die_face(
    hero: HeroDef,
    value: int,
    size: int,
    *,
    kept: bool = False,
    locked: bool = False,
    highlight: bool = False,
) -> pygame.Surface:
    """One of `hero`'s dice showing `value`: its symbol large, the number small in a corner."""
    symbol = hero.symbol_of(value) if 1 <= value <= len(hero.dice) else "?"
    return _die_face(hero.id, symbol, value, size, kept, locked, highlight)


def requirement_die(hero: HeroDef, symbol: str, size: int) -> pygame.Surface:
    """One of `hero`'s dice showing `symbol` with no face number: an ability's requirement."""
    return _die_face(hero.id, symbol, 0, size, False, False, False)


@lru_cache(maxsize=256)
def _number_die(hero_id: str, value: int, size: int) -> pygame.Surface:
    size = max(8, size)
    body, edge, ink = hero_dice_colours(hero_id)
    surf = die_body(size, body, edge).copy()
    font = _font(max(6, int(size * 0.62)))
    shadow = font.render(str(value), True, _shift(edge, -30))
    digit = font.render(str(value), True, ink)
    centre = (int(size * 0.46), int(size * 0.46))
    surf.blit(shadow, shadow.get_rect(center=(centre[0] + 1, centre[1] + 1)))
    surf.blit(digit, digit.get_rect(center=centre))
    return surf


def number_die(hero: HeroDef, value: int, size: int) -> pygame.Surface:
    """One of `hero`'s dice with a large number printed on it (a straight's 1-2-3-4)."""
    return _number_die(hero.id, value, size)


# ------------------------------------------------------------------ tokens


def _token_rim(surf: pygame.Surface, kind: str, colour, size: int) -> None:
    """Positive: smooth round rim. Negative: notched rim. Unique: eight-sided rim.
    The shapes differ so the kinds read apart without colour."""
    c = size / 2
    r = size / 2 - 1
    dark = tuple(max(0, v - 70) for v in colour)
    if kind == "negative":
        points = []
        teeth = 14
        for i in range(teeth * 2):
            angle = math.pi * i / teeth
            rad = r if i % 2 == 0 else r * 0.86
            points.append((c + rad * math.cos(angle), c + rad * math.sin(angle)))
        pygame.draw.polygon(surf, colour, points)
        pygame.draw.circle(surf, dark, (c, c), r * 0.78)
    elif kind == "companion":  # a square with cut corners: a companion, not a status effect
        cut = r * 0.45
        points = [
            (c - r + cut, c - r),
            (c + r - cut, c - r),
            (c + r, c - r + cut),
            (c + r, c + r - cut),
            (c + r - cut, c + r),
            (c - r + cut, c + r),
            (c - r, c + r - cut),
            (c - r, c - r + cut),
        ]
        pygame.draw.polygon(surf, colour, points)
        inner = [(c + (x - c) * 0.8, c + (y - c) * 0.8) for x, y in points]
        pygame.draw.polygon(surf, dark, inner)
    elif kind == "unique":
        points = [
            (
                c + r * math.cos(math.pi / 8 + i * math.pi / 4),
                c + r * math.sin(math.pi / 8 + i * math.pi / 4),
            )
            for i in range(8)
        ]
        pygame.draw.polygon(surf, colour, points)
        inner = [(c + (x - c) * 0.8, c + (y - c) * 0.8) for x, y in points]
        pygame.draw.polygon(surf, dark, inner)
    else:
        pygame.draw.circle(surf, colour, (c, c), r)
        pygame.draw.circle(surf, dark, (c, c), r * 0.8)
        pygame.draw.circle(
            surf, tuple(min(255, v + 40) for v in colour), (c, c), r, max(1, size // 24)
        )


@lru_cache(maxsize=512)
def _token(status_id: str, name: str, kind: str, size: int) -> pygame.Surface:
    size = max(10, size)
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    colour = kind_colour(kind)
    _token_rim(big, kind, colour, size * k)
    # a chip lit from the top left: a soft sheen over the upper half, the rim's shape kept
    sheen = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(
        sheen,
        (255, 255, 255, 40),
        (size * k * 0.16, size * k * 0.1, size * k * 0.6, size * k * 0.4),
    )
    sheen.blit(big, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(sheen, (0, 0))
    surf = pygame.transform.smoothscale(big, (size, size))
    icon_size = int(size * 0.56)
    icon = _svg("tokens", status_id, icon_size, T.PARCHMENT)
    if icon is None:
        icon = _initials(name, icon_size, T.PARCHMENT)
    # the icon is stamped into the chip: a dark copy a pixel lower sits under it
    stamp = _svg("tokens", status_id, icon_size, (20, 14, 10))
    if stamp is not None:
        surf.blit(stamp, stamp.get_rect(center=(size // 2 + 1, size // 2 + 1)))
    surf.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
    return surf


def token_icon(status: StatusDef | str, size: int, kind: str | None = None) -> pygame.Surface:
    """A round status token: rim shape and colour by kind, the effect's icon inside."""
    if isinstance(status, StatusDef):
        return _token(status.id, status.name, kind or status.kind, size)
    return _token(status, status, kind or "unique", size)


# ------------------------------------------------------------------ heroes


def hero_emblem(hero_id: str, size: int) -> pygame.Surface:
    """The illustrated portrait of a hero, enemy or boss in a round brass frame (cached per size;
    see game/ui/portraits.py)."""
    from game.ui.portraits import portrait

    return portrait(hero_id, max(12, size), hero_colour(hero_id), T.BRASS, T.BRASS_DARK)


PORTRAIT_MIN = 24  # below this many pixels a bust is a blur: map pieces show the silhouette


def enemy_icon(enemy_id: str, name: str, size: int, color=None) -> pygame.Surface:
    """An enemy on a map piece: its portrait when `size` is at least PORTRAIT_MIN pixels,
    otherwise its bare silhouette in `color` (its initials if it has no silhouette)."""
    if size >= PORTRAIT_MIN:
        return hero_emblem(enemy_id, size)
    colour = tuple(pygame.Color(color or T.PARCHMENT))[:3]
    icon = _svg("enemies", enemy_id, size, colour)
    return icon if icon is not None else _cached_initials(name, size, colour)


def clear_cache() -> None:
    """Forget rasterised images (after a display mode change, or pygame.quit)."""
    from game.ui import (
        ability_tile,
        card_art,
        cards,
        crawl_art,
        dice_tray,
        hex_terrain,
        loot_art,
        mission_view,
        portraits,
        standee,
    )

    for fn in (_svg, die_body, _die_face, _number_die, _token, _cached_initials, _font):
        fn.cache_clear()
    # the drawn-once pictures built on these: portraits, card pictures and frames, the tray
    portraits.clear_cache()
    card_art.clear_cache()
    ability_tile.clear_cache()
    hex_terrain.clear_cache()  # the Missions map's ground, standees and drawn-once layers
    mission_view.clear_cache()
    standee.clear_cache()
    crawl_art.clear_cache()
    loot_art.clear_cache()
    cards._frame.cache_clear()
    for fn in (dice_tray.tray_background, dice_tray._shadow, dice_tray._glow):
        fn.cache_clear()
