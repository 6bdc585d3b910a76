"""The pause overlay every play scene opens with Esc: the table dimmed, "Paused", an optional
note, and a column of buttons (Resume first). The scene lists its own entries - a duel saves
and quits to the title, a campaign to its menu - and keeps `paused` / `pause_buttons` as its
state, which the mixin lays out, handles and draws.

The panel is stacked from the measured heights of its parts (the heading's and the note's
fonts at the interface scale, the note wrapped to the panel's width) and centred on the
window, so a larger text scale pushes the parts apart instead of over each other."""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.layout import column, cut_top, inset
from game.ui.widgets import Button, draw_text, layer, panel, wrap


class PauseMenu:
    """Mixin for a Scene (needs `self.app`)."""

    paused: bool = False
    pause_buttons: list[Button]
    pause_note: str = ""
    pause_lines: list[str]  # the note wrapped to the panel
    pause_box: pygame.Rect  # the panel; pause_title and pause_note_rect are its rows
    pause_title: pygame.Rect
    pause_note_rect: pygame.Rect

    def open_pause_menu(self, entries, note: str = "") -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        pad, gap = th.px(24), th.px(12)
        title_font, note_font = th.font(40, serif=True), th.font(15)
        button = (th.px(300), th.px(46))
        widest = w - 2 * pad - 2 * th.px(16)  # the panel keeps a margin from the window's edges
        inner = min(widest, max(button[0], note_font.size(note)[0] if note else 0))
        lines = wrap(note_font, note, inner) if note else []
        title_h = title_font.get_linesize()
        note_h = len(lines) * note_font.get_linesize()
        buttons_h = len(entries) * button[1] + max(0, len(entries) - 1) * gap
        tall = title_h + gap + (note_h + 2 * gap if lines else gap) + buttons_h
        box = pygame.Rect(0, 0, inner + 2 * pad, min(h, tall + 2 * pad))
        box.center = (w // 2, h // 2)
        room = inset(box, pad)
        title, room = cut_top(room, title_h, gap)
        note_rect, room = cut_top(room, note_h, 2 * gap) if lines else cut_top(room, 0, gap)
        cells = column(room, len(entries), button, gap, align="top")
        self.pause_buttons = [
            Button(
                cells[i],
                label,
                fn,
                primary=i == 0,
            )
            for i, (label, fn) in enumerate(entries)
        ]
        self.pause_note = note
        self.pause_box, self.pause_title, self.pause_note_rect = box, title, note_rect
        self.pause_lines = lines
        self.paused = True

    def _resume(self) -> None:
        self.paused = False

    def _rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.paused = False
        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.paused = False
        self.app.push(SettingsScene(self.app))

    def handle_pause(self, event: pygame.event.Event) -> bool:
        """While paused every event is the menu's (Esc resumes); False when not paused."""
        if not self.paused:
            return False
        for button in self.pause_buttons:
            if button.handle(event):
                return True
        if keymap.pressed(event, "back"):
            self.paused = False
        return True

    def draw_pause_menu(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        layer()  # the menu's buttons are what the focus reaches while paused
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        panel(surface, self.pause_box, th, fill=T.WOOD, rim=T.BRASS_DARK)
        title = self.pause_title
        draw_text(surface, "Paused", th.font(40, serif=True), T.BRASS, title.midtop, align="center")
        note_font = th.font(15)
        y = self.pause_note_rect.y
        for line in self.pause_lines:
            draw_text(surface, line, note_font, T.TEXT, (title.centerx, y), align="center")
            y += note_font.get_linesize()
        for button in self.pause_buttons:
            button.draw(surface, th)
