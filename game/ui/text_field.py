"""A one-line text box: click (or Tab) to type in it, Backspace, Ctrl+V pastes."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme as T
from game.ui.widgets import draw_text, panel


@dataclass
class TextField:
    rect: pygame.Rect
    label: str
    text: str = ""
    limit: int = 60
    allowed: str = ""  # when set, only these characters may be typed
    upper: bool = False  # room codes are typed in capitals whatever the keyboard says
    focused: bool = False
    tooltip: str = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was this box's (a click on it, or typing while focused)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.rect.collidepoint(event.pos)
            self.focused = hit
            return hit
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                try:
                    pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
                except pygame.error:
                    pasted = ""
                self.type(pasted or "")
                return True
        return False

    def type(self, text: str) -> None:
        if self.upper:
            text = text.upper()
        for char in text:
            if len(self.text) >= self.limit or not char.isprintable():
                continue
            if self.allowed and char not in self.allowed:
                continue
            self.text += char

    @staticmethod
    def label_height(th: T.Theme) -> int:
        """The room the label takes above the box (a layout leaves it free)."""
        return th.font(14, bold=True).get_linesize() + th.px(2)

    def draw(self, surface: pygame.Surface, th: T.Theme) -> None:
        label_font = th.font(14, bold=True)
        top = self.rect.y - self.label_height(th)
        draw_text(surface, self.label, label_font, T.TEXT, (self.rect.x, top))
        rim = T.HIGHLIGHT if self.focused else T.BRASS_DARK
        panel(surface, self.rect, th, fill=T.PARCHMENT, rim=rim, radius=6)
        font = th.fit_font(18, self.text + "|", self.rect.w - th.px(16), height=self.rect.h)
        shown = self.text + ("|" if self.focused else "")
        y = self.rect.centery - font.get_linesize() // 2
        draw_text(surface, shown, font, T.INK, (self.rect.x + th.px(8), y))
