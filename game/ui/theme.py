"""Colours, fonts and sizes. Everything is scaled by the UI scale (window size x setting)."""

from __future__ import annotations

import pygame

from game.paths import assets_dir

FELT = (30, 59, 47)
FELT_DARK = (18, 38, 30)
WOOD = (43, 37, 33)
WOOD_LIGHT = (62, 53, 46)
BRASS = (201, 166, 107)
BRASS_DARK = (140, 112, 66)
PARCHMENT = (242, 230, 201)
PARCHMENT_DARK = (214, 196, 158)
INK = (43, 33, 24)
INK_SOFT = (95, 80, 64)
HEALTH = (200, 65, 58)
CP = (61, 124, 201)
GOLD = (224, 180, 65)
POSITIVE = (76, 175, 106)
NEGATIVE = (208, 84, 63)
UNIQUE = BRASS
HIGHLIGHT = (255, 216, 107)
WHITE = (245, 240, 230)
TEXT = (236, 226, 205)
TEXT_DIM = (170, 160, 140)
SHADOW = (0, 0, 0)
DAMAGE_RED = (196, 40, 40)


def shade(colour, f: float) -> tuple[int, int, int]:
    """`colour` lightened toward white (f > 0) or darkened toward black (f < 0) by |f|."""
    if f >= 0:
        return tuple(int(c + (255 - c) * f) for c in colour[:3])
    return tuple(int(c * (1 + f)) for c in colour[:3])


CARD_COLOURS = {
    "main": (58, 110, 190),  # blue
    "roll": (222, 132, 40),  # orange
    "instant": (196, 52, 48),  # red
}
UPGRADE_COLOURS = {
    "offensive": (236, 232, 220),  # white
    "ultimate": (236, 232, 220),
    "defensive": (70, 160, 90),  # green
    "passive": (140, 90, 190),  # purple
}

TEAM_COLOURS = [
    (214, 92, 78),  # red
    (78, 144, 224),  # blue
    (112, 190, 102),  # green
    (222, 178, 70),  # amber
    (170, 112, 214),  # violet
    (84, 196, 196),  # teal
]

# The colours that carry meaning, per palette. "okabe_ito" is the colour-blind-safe set of
# Okabe and Ito (2002), "Color Universal Design": eight colours that stay distinct under
# protanopia, deuteranopia and tritanopia. Every meaning shown in colour also has a shape or a
# word (docs/ui.md, Accessibility), so no palette is the only cue.
PALETTES: dict[str, dict[str, object]] = {
    "standard": {
        "HEALTH": HEALTH,
        "CP": CP,
        "POSITIVE": POSITIVE,
        "NEGATIVE": NEGATIVE,
        "HIGHLIGHT": HIGHLIGHT,
        "DAMAGE_RED": DAMAGE_RED,
        "TEAM_COLOURS": list(TEAM_COLOURS),
    },
    "okabe_ito": {
        "HEALTH": (213, 94, 0),  # vermillion
        "CP": (0, 114, 178),  # blue
        "POSITIVE": (86, 180, 233),  # sky blue
        "NEGATIVE": (230, 159, 0),  # orange
        "HIGHLIGHT": (240, 228, 66),  # yellow
        "DAMAGE_RED": (213, 94, 0),  # vermillion
        "TEAM_COLOURS": [
            (213, 94, 0),  # vermillion
            (86, 180, 233),  # sky blue
            (240, 228, 66),  # yellow
            (0, 158, 115),  # bluish green
            (204, 121, 167),  # reddish purple
            (230, 159, 0),  # orange
        ],
    },
}
PALETTE = "standard"


def set_palette(name: str) -> None:
    """Switch the colours that carry meaning (the module's constants: every draw reads them
    as `T.NAME` when it draws)."""
    global PALETTE
    values = PALETTES.get(name) or PALETTES["standard"]
    PALETTE = name if name in PALETTES else "standard"
    for key, value in values.items():
        globals()[key] = list(value) if isinstance(value, list) else value


BASE_W, BASE_H = 1280, 720
_FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


REFLOW = 0.5  # of each step of the window beyond 1280x720, the share that enlarges the table


def zoom(fit: float) -> float:
    """The 1.00x layout scale for a window `fit` times 1280x720: below that size the table
    shrinks with the window; above it the table grows by half of each further step, so the rest
    of the window becomes room (a 1920x1080 window lays out a 1536x864 table at 1.25x, 3840x2160
    a 1920x1080 table at 2.00x) - a bigger window shows more, not only the same larger."""
    return fit if fit <= 1.0 else 1.0 + (fit - 1.0) * REFLOW


class Theme:
    """Scaled sizes and cached fonts for the current window.

    Two scales. `text_scale` sizes the text (`font`): `zoom(fit)` times the interface scale,
    where fit is the window's size over 1280x720. `scale` places and sizes everything (`px`):
    the same below 1.00x; from 1.00x up the interface scale enlarges controls with the text
    until the table would be smaller than 1280x720 in base units (`scale` = fit), and beyond
    that only the text grows (up to 1.5 times its box: `offered_scales` in game/ui/app.py).
    `canvas` is the window in base units: the room a scene lays out (1280x720 at 1280x720,
    1536x864 at 1920x1080 1.00x). Text that would outgrow its box asks `fit_font` for the
    largest size that fits (never below 13 px)."""

    def __init__(self, ui_scale: float = 1.0) -> None:
        self.ui_scale = ui_scale
        self.scale = min(1.0, ui_scale)
        self.text_scale = ui_scale
        self.size = (round(BASE_W * self.scale), round(BASE_H * self.scale))
        self._fonts: dict[tuple, pygame.font.Font] = {}

    def resize(self, width: int, height: int) -> None:
        fit = min(width / BASE_W, height / BASE_H)
        self.text_scale = self.ui_scale * zoom(fit)
        self.scale = self.text_scale if self.ui_scale < 1.0 else min(self.text_scale, fit)
        self.size = (width, height)

    @property
    def canvas(self) -> tuple[float, float]:
        """The window's size in base units (what `px` maps back onto the window)."""
        return self.size[0] / self.scale, self.size[1] / self.scale

    def fixed(self) -> Theme:
        """This theme with text at the layout scale: for things drawn to a fixed shape (a card
        face), whose words must keep their 1.00x proportions to stay inside it."""
        twin = Theme(self.ui_scale)
        twin.scale = twin.text_scale = self.scale
        twin.size = self.size
        twin._fonts = self._fonts
        return twin

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def font(self, size: int, bold: bool = False, condensed: bool = False, serif: bool = False):
        """A font at `size` base pixels (never below 13 real pixels)."""
        return self.font_px(max(13, round(size * self.text_scale)), bold, condensed, serif)

    def fit_font(
        self,
        size: int,
        text: str,
        width: int,
        *,
        height: int | None = None,
        bold: bool = False,
        condensed: bool = False,
        serif: bool = False,
    ):
        """The largest font from `size` at the text scale down to `size` at the layout scale
        (and on to 13 px) in which `text` (one line) fits `width` (and `height`)."""
        top = max(13, round(size * self.text_scale))
        low = max(13, min(top, round(size * self.scale * 0.8)))
        for real in range(top, low - 1, -1):
            font = self.font_px(real, bold, condensed, serif)
            w = font.size(text)[0]
            if w <= width and (height is None or font.get_ascent() - font.get_descent() <= height):
                return font
        return self.font_px(low, bold, condensed, serif)

    def font_px(self, real: int, bold: bool = False, condensed: bool = False, serif=False):
        """A font at `real` window pixels."""
        key = (real, bold, condensed, serif)
        font = self._fonts.get(key)
        if font is None:
            name = "DejaVuSerif-Bold.ttf" if serif else _FONT_FILES[(bold, condensed)]
            path = assets_dir() / "fonts" / name
            font = pygame.font.Font(str(path), real)
            self._fonts[key] = font
        return font
