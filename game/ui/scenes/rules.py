"""The Rules Reference: type to search every term, token, card and ability."""

from __future__ import annotations

import pygame

from game.content.loader import default_content
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import anchored, cut_left, cut_top, inset
from game.ui.rules_text import entries
from game.ui.widgets import Button, draw_text, felt_background, heading, panel, text_surface


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
        screen = self.app.screen.get_rect()
        header, body = cut_top(screen, th.px(80))
        body = inset(body, th.px(30), 0)
        body.h -= th.px(30)  # a margin under the list and the page
        side, self.detail = cut_left(body, th.px(420), th.px(20))
        search_h = max(th.px(40), th.font(17).get_linesize() + th.px(14))
        self.search, self.list_rect = cut_top(side, search_h, th.px(10))
        self.back = Button(
            anchored((th.px(160), th.px(42)), header, "topright", th.px(20)),
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
        heading(surface, th, "Rules Reference", (th.px(30), th.px(18)), size=36, align="left")
        panel(surface, self.search, th, fill=T.PARCHMENT, rim=T.HIGHLIGHT, radius=6)
        room = self.search.w - th.px(20)
        font = th.font(17)
        if self.query:
            text, colour = self.query + "|", T.INK
            while len(text) > 2 and font.size(text)[0] > room:
                text = text[1:]  # a long query shows its end, where the typing is
        else:
            colour = T.INK_SOFT
            hints = ("Type to search (e.g. evasive, ultimate, straight)", "Type to search")
            text = next((t for t in hints if font.size(t)[0] <= room), hints[-1])
            font = th.fit_font(17, text, room)
        surf = text_surface(font, text, colour)
        surface.blit(surf, surf.get_rect(midleft=(self.search.x + th.px(10), self.search.centery)))
        panel(surface, self.list_rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        shown = self.shown
        font = th.font(15, condensed=True)
        small = th.font(13, condensed=True)
        row_h = max(th.px(28), font.get_linesize() + th.px(8))
        visible = (self.list_rect.h - th.px(12)) // row_h
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
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
            tag = text_surface(small, entry.category, T.TEXT_DIM)
            mid = y + (row_h - th.px(2)) // 2
            surface.blit(tag, tag.get_rect(midright=(self.list_rect.right - th.px(12), mid)))
            room = self.list_rect.w - th.px(36) - tag.get_width()
            title = th.fit_font(15, entry.title, room, condensed=True)
            surf = text_surface(title, entry.title, T.TEXT)
            surface.blit(surf, surf.get_rect(midleft=(self.list_rect.x + th.px(12), mid)))
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
            width = self.detail.w - th.px(48)
            head = th.fit_font(30, entry.title, width, serif=True)
            y += draw_text(surface, entry.title, head, T.INK, (x, y)) + th.px(4)
            y += draw_text(surface, entry.category, th.font(15, bold=True), T.INK_SOFT, (x, y))
            draw_text(
                surface,
                entry.text,
                th.font(19),
                T.INK,
                (x, y + th.px(16)),
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
