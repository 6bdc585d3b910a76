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

BASE_W, BASE_H = 1280, 720
_FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


class Theme:
    """Scaled sizes and cached fonts for the current window."""

    def __init__(self, ui_scale: float = 1.0) -> None:
        self.ui_scale = ui_scale
        self.scale = ui_scale
        self._fonts: dict[tuple, pygame.font.Font] = {}

    def resize(self, width: int, height: int) -> None:
        self.scale = self.ui_scale * min(width / BASE_W, height / BASE_H)

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def font(self, size: int, bold: bool = False, condensed: bool = False, serif: bool = False):
        """A font at `size` base pixels (never below 13 real pixels)."""
        real = max(13, round(size * self.scale))
        key = (real, bold, condensed, serif)
        font = self._fonts.get(key)
        if font is None:
            name = "DejaVuSerif-Bold.ttf" if serif else _FONT_FILES[(bold, condensed)]
            path = assets_dir() / "fonts" / name
            font = pygame.font.Font(str(path), real)
            self._fonts[key] = font
        return font
