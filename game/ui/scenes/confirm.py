"""A question over the current screen: a title, a sentence and a row of answers.

Used before a new game replaces the unfinished game of the same format (`ask_replace`).
Esc picks the last answer (the one that changes nothing); Enter the first.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import centered, cut_bottom, inset, split_row
from game.ui.widgets import Button, draw_text, panel, wrap


class ConfirmScene(Scene):
    opaque = False

    def __init__(
        self, app, title: str, text: str, answers: list[tuple[str, Callable[[], None]]]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.answers = answers
        self.buttons: list[Button] = []

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        bw = min(th.px(520), self.app.screen.get_width() - th.px(40))
        font = th.font(16)
        lines = len(wrap(font, self.text, bw - th.px(40)))
        bh = th.px(100) + lines * (font.get_linesize() + 2) + th.px(54)
        self.box = centered((bw, bh), self.app.screen.get_rect())
        strip, _ = cut_bottom(inset(self.box, th.px(20)), th.px(44))
        cells = split_row(strip, [1] * len(self.answers), th.px(12))
        self.buttons = [
            Button(
                cells[i],
                label,
                lambda fn=fn: self._answer(fn),
                primary=i == 0,
            )
            for i, (label, fn) in enumerate(self.answers)
        ]

    def _answer(self, fn: Callable[[], None]) -> None:
        if self.app.scene is self:
            self.app.pop()
        fn()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "back"):
                self.buttons[-1].on_click()
            elif keymap.pressed(event, "confirm"):
                self.buttons[0].on_click()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        panel(surface, self.box, th, fill=T.WOOD, rim=T.BRASS_DARK)
        draw_text(
            surface,
            self.title,
            th.font(26, serif=True),
            T.BRASS,
            (self.box.centerx, self.box.y + th.px(20)),
            align="center",
        )
        draw_text(
            surface,
            self.text,
            th.font(16),
            T.TEXT,
            (self.box.x + th.px(20), self.box.y + th.px(74)),
            width=self.box.w - th.px(40),
        )
        for button in self.buttons:
            button.draw(surface, th)


def ask_replace(app, entry, start: Callable[[], None]) -> bool:
    """When `entry` (a `SavedGame`, or None) is an unfinished game, ask before `start()`
    replaces it and return True (the question is on screen); False when there is nothing to
    replace, so the caller starts at once."""
    if entry is None:
        return False
    if entry.usable:
        facts = ", ".join(entry.facts())
        text = f"You have an unfinished {entry.title} game ({facts})."
    else:
        text = f"The {entry.title} save cannot be resumed: {entry.problem}"
    text += " A new game of this kind replaces it; saves of other kinds are kept."
    app.push(
        ConfirmScene(
            app,
            "Replace the unfinished game?",
            text,
            [("Start the new game", start), ("Keep it", lambda: None)],
        )
    )
    return True
