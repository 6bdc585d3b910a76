"""Controls: every action's key, changed by pressing a new one; a key another action already
uses is refused with the reason; Reset restores the defaults. Reached from Settings; the
result goes into the Settings draft (kept when Settings is saved)."""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import (
    anchored,
    column,
    cut_bottom,
    cut_right,
    cut_top,
    inset,
    row,
    split_row,
)
from game.ui.widgets import Button, draw_text, felt_background, heading, panel

PAD_HELP = (
    "Gamepad: D-pad/stick move the focus · A choose · B pass (back in menus) · Start pause · "
    "X roll · Y rules"
)
FIXED_HELP = "Fixed: 1-9 pick a die, card or option; text fields use Backspace, Enter, Esc."


class ControlsScene(Scene):
    def __init__(self, app, draft) -> None:
        super().__init__(app)
        self.draft = draft  # the Settings scene's draft: `keys` is written there
        self.map = keymap.Keymap(draft.keys)
        self.waiting: str | None = None  # the action whose new key is awaited
        self.message = ""

    @property
    def typing(self):
        """While a new key is awaited every key comes here (the window takes none)."""
        return "" if self.waiting is not None else None

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        screen = pygame.Rect(0, 0, w, h)
        _, body = cut_top(screen, th.px(90))
        _, body = cut_bottom(body, th.px(160))
        self.box = anchored((th.px(1040), body.h), body, "top")
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.buttons: list[Button] = []
        # the actions in two columns, each row its words, its key and a Change button
        per_column = (len(keymap.ACTIONS) + 1) // 2
        _, inner = cut_top(inset(self.box, th.px(12), 0), th.px(12))
        _, inner = cut_bottom(inner, th.px(8))
        pitch = min(th.px(46), inner.h // per_column)
        row_h = min(th.px(38), pitch - th.px(4))
        cells = []
        for col in split_row(inner, [1, 1], th.px(12)):
            cells += column(col, per_column, (col.w, row_h), pitch - row_h, "top")
        for action, rect in zip(keymap.ACTIONS, cells, strict=False):
            self.rows.append((action.id, rect))
            button = Button(
                cut_right(rect, th.px(92))[0],
                "Change",
                lambda a=action.id: self.start(a),
                tooltip=f"Press a new key for '{action.label}'.",
            )
            button.data["action"] = action.id
            self.buttons.append(button)
        self.box.h = inner.y - self.box.y + per_column * pitch + th.px(8)  # no empty floor
        bh = th.px(46)
        line = cut_bottom(cut_bottom(screen, th.px(28))[1], bh)[0]
        reset, _, done = row(line, 3, (th.px(220), bh), th.px(15))
        self.reset_button = Button(reset, "Reset to defaults", self.reset)
        self.done = Button(done, "Done", self.finish, primary=True)
        self.buttons += [self.reset_button, self.done]

    # ------------------------------------------------------------ actions

    def start(self, action: str) -> None:
        self.waiting = action
        label = keymap.BY_ID[action].label
        self.message = f"Press the new key for '{label}' (Esc keeps the old one)."

    def bind(self, spec: str) -> bool:
        """Bind the awaited action to `spec`; False (with the reason shown) when refused."""
        action = self.waiting
        if action is None:
            return False
        try:
            self.map.bind(action, spec)
        except keymap.BindingRefused as exc:
            self.message = f"Not changed: {exc}"
            return False
        finally:
            self.waiting = None
        self.message = f"'{keymap.BY_ID[action].label}' is now {keymap.pretty(spec)}."
        return True

    def reset(self) -> None:
        self.map.reset()
        self.waiting = None
        self.message = "Every key is back to its default."

    def finish(self) -> None:
        self.draft.keys = self.map.overrides()
        self.app.pop()

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.waiting is not None:
            if event.type == pygame.KEYDOWN:
                if keymap.text_key(event) == "cancel" and not event.mod & pygame.KMOD_CTRL:
                    self.waiting = None
                    self.message = "Not changed."
                    return
                if event.key in keymap._MOD_KEYS:
                    return  # a modifier on its own: wait for the key it goes with
                self.bind(keymap.spec_of(event.key, event.mod))
            elif event.type == pygame.MOUSEBUTTONUP:
                self.waiting = None
                self.message = "Not changed."
            return
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if keymap.pressed(event, "back"):
            self.finish()

    def update(self, dt: float) -> None:
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            if button.rect.collidepoint(mouse) and button.tooltip:
                self.app.tooltip.offer(button.tooltip, mouse)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        heading(surface, th, "Controls", (w // 2, th.px(24)))
        panel(surface, self.box, th)
        key_w = th.px(150)
        label_room = self.rows[0][1].w - key_w - th.px(110)
        # one size for every label (the one the longest fits), one for every key
        label_font = min(
            (
                th.fit_font(16, a.label, label_room, height=self.rows[0][1].h, bold=True)
                for a in keymap.ACTIONS
            ),
            key=lambda f: f.get_height(),
        )
        for (action, rect), button in zip(self.rows, self.buttons, strict=False):
            waiting = action == self.waiting
            label = keymap.BY_ID[action].label
            font = label_font
            colour = T.HIGHLIGHT if waiting else T.TEXT
            draw_text(
                surface,
                label,
                font,
                colour,
                (rect.x + th.px(6), rect.centery - font.get_height() // 2),
            )
            text = "press a key..." if waiting else self.map.label(action)
            font = th.fit_font(16, text, key_w - th.px(8), height=rect.h, condensed=True)
            draw_text(
                surface,
                text,
                font,
                T.HIGHLIGHT if waiting else T.PARCHMENT,
                (button.rect.x - th.px(10), rect.centery - font.get_height() // 2),
                align="right",
            )
            button.draw(surface, th)
        notes = [n for n in (self.message, PAD_HELP, FIXED_HELP) if n]
        y = self.box.bottom + th.px(6)
        room = self.reset_button.rect.y - th.px(4) - y
        for note in notes:
            font = th.fit_font(14, note, self.box.w, height=room // len(notes), condensed=True)
            draw_text(
                surface,
                note,
                font,
                T.TEXT if note == self.message else T.TEXT_DIM,
                (w // 2, y),
                align="center",
            )
            y += font.get_linesize()
        self.reset_button.draw(surface, th)
        self.done.draw(surface, th)
