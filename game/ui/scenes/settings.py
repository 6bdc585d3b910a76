"""Settings: window, UI scale, animation speed, reduced motion, sound and music volume,
auto-pass."""

from __future__ import annotations

import copy

import pygame

from game.persistence.settings import AUTO_PASS, SPEEDS
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene, offered_scales, offered_sizes
from game.ui.focus import FOCUS
from game.ui.layout import anchored, column, cut_bottom, cut_left, cut_right, cut_top, inset, row
from game.ui.widgets import Button, draw_text, felt_background, heading, panel

AUTO_PASS_WORDS = {
    "never": "Always ask me",
    "when_it_matters": "Only when it matters",
    "when_not_targeted": "Only when it concerns me",
    "always": "Never ask (always pass)",
}


PALETTE_WORDS = {"standard": "Standard", "okabe_ito": "Colour-blind safe"}


class SettingsScene(Scene):
    uses_arrows = True  # Up/Down pick a row, Left/Right change it (the focus ring keeps Tab)

    def enter(self) -> None:
        self.draft = copy.deepcopy(self.app.settings)
        self.rows = [
            (
                "Window size",
                self._size_text,
                self._size_step,
                "The window's size (you can also drag its edges). Only sizes that fit on "
                "this screen are offered.",
            ),
            (
                "Fullscreen",
                lambda: "On" if self.draft.fullscreen else "Off",
                self._toggle_full,
                "Use the whole screen.",
            ),
            (
                "Interface scale",
                lambda: f"{self.draft.ui_scale:.2f}x",
                self._scale_step,
                "Larger text (1.25x, 1.50x) or a smaller table (0.75x, on large windows). Only "
                "the scales that fit the chosen window size are offered.",
            ),
            (
                "Animation speed",
                lambda: self.draft.animation_speed.capitalize(),
                self._speed_step,
                "How fast dice, damage and the computer's moves play out.",
            ),
            (
                "Reduced motion",
                lambda: "On" if self.draft.reduced_motion else "Off",
                self._toggle_reduced,
                "On: cards, damage and tokens fade in where they land instead of flying there, "
                "and big hits do not shake the board.",
            ),
            (
                "Colours",
                lambda: PALETTE_WORDS[self.draft.palette],
                self._palette_step,
                "Colour-blind safe: the Okabe-Ito colours for Health, CP, teams, good and bad "
                "effects and highlights. Shapes and words mark the same things in both.",
            ),
            (
                "Sound volume",
                lambda: f"{round(self.draft.sound_volume * 100)} %",
                lambda d: self._volume("sound_volume", d),
                "Dice, cards, hits and chimes.",
            ),
            (
                "Music volume",
                lambda: f"{round(self.draft.music_volume * 100)} %",
                lambda d: self._volume("music_volume", d),
                "The background music.",
            ),
            (
                "Response prompts",
                lambda: AUTO_PASS_WORDS[self.draft.auto_pass],
                self._auto_step,
                "When the game should stop to ask whether you want to play a card or spend a token "
                "in a response window. 'Only when it matters': when you hold a token you could "
                "spend, a card that changes dice while dice are in play, or any card during an "
                "attack you are part of. 'Only when it concerns me': on your turn, or when damage "
                "is heading your way.",
            ),
            (
                "Confirm End Phase",
                lambda: "On" if self.draft.confirm_end_phase else "Off",
                self._toggle_confirm,
                "When a card or token could still be played, End Phase (or Space) asks once "
                "more before the Main Phase ends.",
            ),
        ]
        self.selected = 0
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        screen = pygame.Rect(0, 0, w, h)
        # the title above, the three buttons below, the panel of rows between them
        _, body = cut_top(screen, th.px(100))
        _, body = cut_bottom(body, th.px(120))
        self.box = anchored((th.px(760), body.h), body, "top")
        # the rows share the panel: their pitch shrinks (never below the arrows' height) when
        # the window is short or the text large
        top = min(th.px(30), th.px(12) + (self.box.h // 40))
        _, rows_room = cut_top(self.box, top)
        _, rows_room = cut_bottom(rows_room, th.px(10))
        self.pitch = min(th.px(56), rows_room.h // len(self.rows))
        self.row_h = min(th.px(40), self.pitch - th.px(4))
        self.row_rects = column(
            rows_room, len(self.rows), (self.box.w, self.row_h), self.pitch - self.row_h, "top"
        )
        # each row: its name on the left; "<", the value and ">" on the right
        self.label_rects, self.value_rects = [], []
        self.arrows: list[Button] = []
        for entry, rect in zip(self.rows, self.row_rects, strict=True):
            inner = inset(rect, th.px(16), 0)
            controls, label = cut_right(inner, th.px(384), th.px(8))
            self.label_rects.append(cut_left(label, th.px(14))[1])
            less, rest = cut_left(controls, th.px(44))
            more, value = cut_right(rest, th.px(44))
            self.value_rects.append(inset(value, th.px(3), 0))
            self.arrows.append(Button(less, "<", lambda r=entry: r[2](-1)))
            self.arrows.append(Button(more, ">", lambda r=entry: r[2](1)))
        bh = th.px(46)
        line = cut_bottom(cut_bottom(screen, th.px(40))[1], bh)[0]
        cancel, controls, save = row(line, 3, (th.px(220), bh), th.px(15))
        self.save = Button(
            save,
            "Save",
            self._save,
            primary=True,
            hotkey=keymap.key_label("confirm").split(" / ")[0],
        )
        self.cancel = Button(cancel, "Cancel", self.app.pop, hotkey=keymap.key_label("back"))
        self.controls = Button(
            controls,
            "Controls",
            self._controls,
            tooltip="Change the keys; the gamepad's buttons.",
        )

    def row_y(self, index: int) -> int:
        return self.row_rects[index].y

    def _size_text(self) -> str:
        return f"{self.draft.window_width} x {self.draft.window_height}"

    def _size_step(self, d: int) -> None:
        sizes = offered_sizes()
        current = (self.draft.window_width, self.draft.window_height)
        if current in sizes:
            index = (sizes.index(current) + d) % len(sizes)
        else:  # a size from elsewhere (dragged, or too large for this screen): the nearest
            index = max(0, sum(1 for s in sizes if s <= current) - (1 if d < 0 else 0))
            index = min(index, len(sizes) - 1)
        self.draft.window_width, self.draft.window_height = sizes[index]

    def _palette_step(self, d: int) -> None:
        keys = list(PALETTE_WORDS)
        self.draft.palette = keys[(keys.index(self.draft.palette) + d) % len(keys)]

    def _controls(self) -> None:
        from game.ui.scenes.controls import ControlsScene

        self.app.push(ControlsScene(self.app, self.draft))

    def _toggle_confirm(self, d: int) -> None:
        self.draft.confirm_end_phase = not self.draft.confirm_end_phase

    def _toggle_full(self, d: int) -> None:
        self.draft.fullscreen = not self.draft.fullscreen

    def _toggle_reduced(self, d: int) -> None:
        self.draft.reduced_motion = not self.draft.reduced_motion

    def _scale_step(self, d: int) -> None:
        """Step through the scales that fit the chosen window size."""
        if self.draft.fullscreen:
            size = self.app.screen.get_size()
        else:
            size = (self.draft.window_width, self.draft.window_height)
        scales = offered_scales(size)
        current = min(scales, key=lambda s: abs(s - self.draft.ui_scale))
        self.draft.ui_scale = scales[(scales.index(current) + d) % len(scales)]

    def _speed_step(self, d: int) -> None:
        keys = list(SPEEDS)
        self.draft.animation_speed = keys[(keys.index(self.draft.animation_speed) + d) % len(keys)]

    def _volume(self, name: str, d: int) -> None:
        value = max(0.0, min(1.0, round(getattr(self.draft, name) + 0.1 * d, 1)))
        setattr(self.draft, name, value)

    def _auto_step(self, d: int) -> None:
        keys = list(AUTO_PASS)
        self.draft.auto_pass = keys[(keys.index(self.draft.auto_pass) + d) % len(keys)]

    def _save(self) -> None:
        self.app.apply_settings(self.draft)
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        for button in [self.save, self.cancel, self.controls, *self.arrows]:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "back"):
                self.app.pop()
            elif keymap.pressed(event, "confirm"):
                self._save()
            elif keymap.pressed(event, "down"):
                self.selected = (self.selected + 1) % len(self.rows)
            elif keymap.pressed(event, "up"):
                self.selected = (self.selected - 1) % len(self.rows)
            elif keymap.pressed(event, "left", "right"):
                self.rows[self.selected][2](1 if keymap.pressed(event, "right") else -1)

    def update(self, dt: float) -> None:
        focused = FOCUS.active()
        if focused is not None and focused.rect != getattr(self, "_focused", None):
            self._focused = focused.rect  # the focus moved: its arrow's row is the one lit
            for index, arrow in enumerate(self.arrows):
                if arrow.rect == focused.rect:
                    self.selected = index // 2
        mouse = pygame.mouse.get_pos()
        for index, entry in enumerate(self.rows):
            if self.row_rects[index].collidepoint(mouse):
                self.selected = index
                self.app.tooltip.offer(entry[3], mouse)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        heading(surface, th, "Settings", (w // 2, th.px(30)))
        panel(surface, self.box, th)
        for index, (label, value, _step, _tip) in enumerate(self.rows):
            colour = T.HIGHLIGHT if index == self.selected else T.TEXT
            room = self.label_rects[index]
            font = th.fit_font(19, label, room.w, bold=True)
            draw_text(
                surface,
                label,
                font,
                colour,
                (room.x, room.y + max(0, (room.h - font.get_height()) // 2)),
            )
            room = self.value_rects[index]
            text = value()
            font = th.fit_font(16, text, room.w, condensed=True)
            draw_text(
                surface,
                text,
                font,
                T.TEXT,
                (room.centerx, room.y + max(0, (room.h - font.get_height()) // 2)),
                align="center",
            )
        for button in self.arrows:
            button.draw(surface, th)
        self.save.draw(surface, th)
        self.cancel.draw(surface, th)
        self.controls.draw(surface, th)
