"""Shown after an unexpected error: what happened, where the report is, and a way back."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import centered, cut_bottom, inset, row
from game.ui.widgets import Button, draw_fitted, draw_text, felt_background, panel


class CrashScene(Scene):
    # (any screen can crash - an Adventures scenario, a mission - so no one kind of save is
    # named: the crash path writes no save of any kind)
    BODY = (
        "The game hit an unexpected error and stopped what it was doing. Your saves were not "
        "touched. A report with the details (and the match so far, which can be replayed) was "
        "written to:"
    )

    def __init__(self, app, exc: Exception, report: Path | None) -> None:
        super().__init__(app)
        self.error = f"{type(exc).__name__}: {exc}"
        self.report = report

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        # one panel: the message, then the two buttons along its bottom edge
        self.box = centered((th.px(760), th.px(360)), self.app.screen.get_rect())
        strip, self.text_box = cut_bottom(inset(self.box, th.px(28), th.px(24)), th.px(48))
        back, leave = row(strip, 2, (th.px(220), th.px(48)), th.px(20))
        self.buttons = [
            Button(
                back,
                "Back to Title",
                self.title,
                primary=True,
                hotkey="Enter",
            ),
            Button(leave, "Quit", self.app.quit),
        ]

    def title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def update(self, dt: float) -> None:
        mouse = pygame.mouse.get_pos()
        if self.text_box.collidepoint(mouse):  # the error whole (the page may cut it)
            self.app.tooltip.offer(self.error, mouse)

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if keymap.pressed(event, "confirm"):
            self.title()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        box = self.box
        panel(surface, box, th)
        x, y = self.text_box.topleft
        draw_text(surface, "Something went wrong", th.font(30, serif=True), T.BRASS, (x, y))
        y += th.px(48)
        body = self.BODY
        y += draw_text(surface, body, th.font(16), T.TEXT, (x, y), width=box.w - th.px(56))
        where = str(self.report) if self.report else "(the report could not be written)"
        y += th.px(6)
        y += draw_text(
            surface,
            where,
            th.font(14, condensed=True),
            T.HIGHLIGHT,
            (x, y),
            width=box.w - th.px(56),
        )
        y += th.px(10)
        draw_fitted(
            surface,
            th,
            14,
            self.error[:160],
            T.TEXT_DIM,
            (x, y),
            box.w - th.px(56),
            max(0, self.text_box.bottom - th.px(10) - y),
            condensed=True,
            in_tooltip=True,  # hovering the page shows it whole; the report file has it too
        )
        for button in self.buttons:
            button.draw(surface, self.app.theme)
