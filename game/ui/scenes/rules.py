"""The Rules Reference: type to search every term, token, card and ability."""

from __future__ import annotations

import pygame

from game.content.loader import default_content
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.rules_text import entries
from game.ui.widgets import Button, draw_text, felt_background, panel, text_surface


class RulesScene(Scene):
    uses_arrows = True  # Up/Down pick the entry (the focus ring keeps Tab)

    def enter(self) -> None:
        self.all = entries(default_content())
        self.query = ""
        self.selected = 0
        self.scroll = 0
        pygame.key.start_text_input()
        self.resize()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        self.search = pygame.Rect(th.px(30), th.px(80), th.px(420), th.px(40))
        self.list_rect = pygame.Rect(th.px(30), th.px(130), th.px(420), h - th.px(160))
        self.detail = pygame.Rect(th.px(470), th.px(80), w - th.px(500), h - th.px(110))
        self.back = Button(
            pygame.Rect(w - th.px(190), th.px(20), th.px(160), th.px(42)),
            "Back",
            self.app.pop,
            hotkey="Esc",
        )

    @property
    def shown(self):
        return [e for e in self.all if not self.query or e.matches(self.query)]

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            return
        shown = self.shown
        if event.type == pygame.TEXTINPUT:
            self.query += event.text
            self.selected = 0
            self.scroll = 0
        elif event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "back", "help"):
                self.app.pop()
            elif keymap.pressed(event, "erase"):
                self.query = self.query[:-1]
                self.selected = 0
            elif keymap.pressed(event, "down"):
                self.selected = min(len(shown) - 1, self.selected + 1)
            elif keymap.pressed(event, "up"):
                self.selected = max(0, self.selected - 1)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._row_at(event.pos)
            if index is not None:
                self.selected = index

    def _row_at(self, pos) -> int | None:
        th = self.app.theme
        if not self.list_rect.collidepoint(pos):
            return None
        row_h = th.px(28)
        index = (pos[1] - self.list_rect.y - th.px(6)) // row_h + self.scroll
        return index if 0 <= index < len(self.shown) else None

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        draw_text(
            surface,
            "Rules Reference",
            th.font(36, serif=True),
            T.BRASS,
            (th.px(30), th.px(18)),
            shadow=True,
        )
        panel(surface, self.search, th, fill=T.PARCHMENT, rim=T.HIGHLIGHT, radius=6)
        text = self.query or "Type to search (e.g. evasive, ultimate, straight)"
        colour = T.INK if self.query else T.INK_SOFT
        draw_text(
            surface,
            text + ("|" if self.query else ""),
            th.font(17),
            colour,
            (self.search.x + th.px(10), self.search.y + th.px(9)),
        )
        panel(surface, self.list_rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        shown = self.shown
        row_h = th.px(28)
        visible = (self.list_rect.h - th.px(12)) // row_h
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
        font = th.font(15, condensed=True)
        small = th.font(13, condensed=True)
        for i, entry in enumerate(shown[self.scroll : self.scroll + visible]):
            index = i + self.scroll
            y = self.list_rect.y + th.px(6) + i * row_h
            if index == self.selected:
                pygame.draw.rect(
                    surface,
                    T.BRASS_DARK,
                    (self.list_rect.x + th.px(4), y, self.list_rect.w - th.px(8), row_h - th.px(2)),
                    border_radius=th.px(4),
                )
            surface.blit(
                text_surface(font, entry.title, T.TEXT),
                (self.list_rect.x + th.px(12), y + th.px(4)),
            )
            tag = text_surface(small, entry.category, T.TEXT_DIM)
            surface.blit(
                tag, tag.get_rect(topright=(self.list_rect.right - th.px(12), y + th.px(6)))
            )
        if not shown:
            draw_text(
                surface,
                "Nothing matches.",
                font,
                T.TEXT_DIM,
                (self.list_rect.x + th.px(12), self.list_rect.y + th.px(10)),
            )
        panel(surface, self.detail, th, fill=T.PARCHMENT, rim=T.BRASS, radius=10)
        if shown:
            entry = shown[min(self.selected, len(shown) - 1)]
            x, y = self.detail.x + th.px(24), self.detail.y + th.px(20)
            draw_text(surface, entry.title, th.font(30, serif=True), T.INK, (x, y))
            draw_text(
                surface, entry.category, th.font(15, bold=True), T.INK_SOFT, (x, y + th.px(44))
            )
            draw_text(
                surface,
                entry.text,
                th.font(19),
                T.INK,
                (x, y + th.px(80)),
                width=self.detail.w - th.px(48),
                line_gap=6,
            )
        draw_text(
            surface,
            f"{len(shown)} of {len(self.all)} entries",
            th.font(13),
            T.TEXT_DIM,
            (self.list_rect.x, self.list_rect.bottom + th.px(6)),
        )
        self.back.draw(surface, th)
