"""The pause overlay every play scene opens with Esc: the table dimmed, "Paused", an optional
note, and a column of buttons (Resume first). The scene lists its own entries - a duel saves
and quits to the title, a campaign to its menu - and keeps `paused` / `pause_buttons` as its
state, which the mixin lays out, handles and draws."""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.layout import column
from game.ui.widgets import Button, draw_text, layer, panel


class PauseMenu:
    """Mixin for a Scene (needs `self.app`)."""

    paused: bool = False
    pause_buttons: list[Button]
    pause_note: str = ""

    def open_pause_menu(self, entries, note: str = "") -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        room = pygame.Rect(0, h // 2 - th.px(110), w, h)
        cells = column(room, len(entries), (th.px(300), th.px(46)), th.px(12), align="top")
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
        top = h // 2 - th.px(110)
        note_font = th.font(15)
        inner = max(th.px(300), note_font.size(self.pause_note)[0] if self.pause_note else 0)
        bottom = self.pause_buttons[-1].rect.bottom if self.pause_buttons else top
        box = pygame.Rect(0, 0, inner + th.px(48), bottom - top + th.px(130))
        box.midbottom = (w // 2, bottom + th.px(24))
        panel(surface, box, th, fill=T.WOOD, rim=T.BRASS_DARK)
        draw_text(
            surface,
            "Paused",
            th.font(40, serif=True),
            T.BRASS,
            (w // 2, top - th.px(84)),
            align="center",
        )
        if self.pause_note:
            draw_text(
                surface,
                self.pause_note,
                th.font(15),
                T.TEXT,
                (w // 2, top - th.px(32)),
                align="center",
            )
        for button in self.pause_buttons:
            button.draw(surface, th)
