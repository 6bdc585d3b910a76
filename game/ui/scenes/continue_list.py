"""Title -> Continue: every unfinished game, the newest first (`saved_games.list_saved_games`).

A row shows the format, the heroes, how far the game went and when it was saved; a save that
cannot be resumed is shown with the reason the file policy gave (damaged and copied aside,
written by a newer version, ...) and cannot be picked. Click a row (or Up/Down and Enter) to
resume it; Esc or Back returns to the title.
"""

from __future__ import annotations

import pygame

from game.persistence.saved_games import SavedGame, list_saved_games
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import column, cut_bottom, cut_top, inset, row
from game.ui.widgets import Button, draw_text, felt_background, heading, panel


class ContinueScene(Scene):
    def focus_targets(self) -> list:
        """The saved games' rows for the keyboard focus."""
        from game.ui.scenes.focus_targets import rect_targets

        return rect_targets(self, "rows")

    def __init__(self, app, entries: list[SavedGame] | None = None) -> None:
        super().__init__(app)
        self.entries: list[SavedGame] = list(entries) if entries is not None else []
        self._given = entries is not None
        self.focus = 0
        self.scroll = 0
        self.message = ""
        self.rows: list[tuple[pygame.Rect, int]] = []

    def enter(self) -> None:
        if not self._given:
            self.refresh()
        self._given = False
        self.resize()

    def refresh(self) -> None:
        """Read the saves again (after a game was left or could not be resumed)."""
        self.entries, messages = list_saved_games()
        self.app.messages.extend(messages)
        self.focus = min(self.focus, max(0, len(self.entries) - 1))
        self.resize()

    # ------------------------------------------------------------ layout

    def resize(self) -> None:
        th = self.app.theme
        _, body = cut_top(self.app.screen.get_rect(), th.px(90))
        footer, body = cut_bottom(body, th.px(80))
        self.box = inset(body, th.px(40), 0)
        # a row: the title line and two lines of heroes / progress or of the reason it is refused
        head, body = th.font(18, bold=True), th.font(15)
        self.row_h = th.px(8) + head.get_linesize() + 2 * (body.get_linesize() + 2) + th.px(12)
        self.back = Button(
            row(footer, 1, (th.px(220), th.px(44)), 0)[0],
            "Back",
            self.app.pop,
            hotkey="Esc",
        )
        self._layout_rows()

    def visible(self) -> int:
        return max(1, (self.box.h - self.app.theme.px(16)) // self.row_h)

    def _layout_rows(self) -> None:
        th = self.app.theme
        n = self.visible()
        self.scroll = max(0, min(self.scroll, len(self.entries) - n))
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + n:
            self.scroll = self.focus - n + 1
        shown = range(self.scroll, min(len(self.entries), self.scroll + n))
        inner = inset(self.box, th.px(8))
        cells = column(inner, len(shown), (inner.w, self.row_h - th.px(6)), th.px(6), "top")
        self.rows = list(zip(cells, shown, strict=True))

    # ------------------------------------------------------------ resuming

    def pick(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        self.focus = index
        if not entry.usable:
            self.message = "This save cannot be resumed: " + entry.problem
            return
        self.message = ""
        {
            "match": self._match,
            "mission": self._mission,
            "adventure": self._adventure,
            "online": self._online,
        }[entry.kind](entry)

    def _failed(self, text: str) -> None:
        self.app.messages.append(text)
        self.refresh()  # (first: the list's own messages must not hide this one)
        self.message = text

    def _match(self, entry: SavedGame) -> None:
        from game.persistence.duel_save import resume
        from game.persistence.files import SaveError
        from game.ui.scenes.duel import DuelScene

        try:
            engine = resume(entry.value)
        except SaveError as exc:  # the message says which file, why, and where a copy is
            self._failed(f"The saved game could not be resumed. {exc}")
            return
        self.app.push(DuelScene(self.app, engine, entry.value.seats, save_path=entry.path))

    def _online(self, entry: SavedGame) -> None:
        from game.online.link import HostedServer, OnlineLink
        from game.ui.scenes.lobby import LobbyScene

        seat = entry.value
        hosted = None
        url = seat.url
        if seat.hosted:  # this machine ran the server: start it again (it resumes the room)
            hosted = HostedServer(seat.port or 7777)
            url = f"ws://127.0.0.1:{seat.port or 7777}"
        link = OnlineLink(
            url, name=seat.names[seat.seat] if seat.seat < len(seat.names) else "", hosted=hosted
        )
        link.resume(seat.room, seat.token)
        self.app.push(LobbyScene(self.app, link))

    def _mission(self, entry: SavedGame) -> None:
        from game.persistence.files import SaveError
        from game.ui.scenes.mission import MissionScene
        from game.ui.scenes.missions_menu import load_mission_ui

        try:
            engine, seats, profiles, messages = load_mission_ui()
        except SaveError as exc:  # the files stay on disk: nothing is deleted
            self._failed(f"The saved mission could not be resumed. {exc}")
            return
        self.app.messages.extend(messages)
        self.app.push(MissionScene(self.app, engine, seats, profiles))

    def _adventure(self, entry: SavedGame) -> None:
        from game.adventures.runner import CampaignRunner
        from game.ui.scenes.adventure import AdventureScene
        from game.ui.scenes.adventures_menu import CampaignMenuScene

        runner, messages = CampaignRunner.resume(entry.slot, keep_log=True)
        self.app.messages.extend(messages)
        if runner is None:
            why = messages[-1] if messages else "That campaign could not be resumed."
            self._failed(why)
            return
        # leaving the campaign ("Back to the menu") lands in the Adventures menu, as it does
        # when the campaign was continued from there
        menu = CampaignMenuScene(self.app)
        menu.selected_slot = entry.slot
        self.app.push(menu)
        self.app.push(AdventureScene(self.app, runner))

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            self.app.play("button")
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.app.play("button")
                    self.pick(index)
                    return
        elif event.type == pygame.MOUSEMOTION:  # the pointer moves the highlight
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.focus = index
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            self.focus = min(max(self.focus, self.scroll), len(self.entries) - 1)
            self._layout_rows()
        elif event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "down") and self.entries:
                self.focus = (self.focus + 1) % len(self.entries)
                self._layout_rows()
            elif keymap.pressed(event, "up") and self.entries:
                self.focus = (self.focus - 1) % len(self.entries)
                self._layout_rows()
            elif keymap.pressed(event, "confirm", "advance"):
                self.pick(self.focus)
            elif keymap.pressed(event, "back", "erase"):
                self.app.pop()

    def update(self, dt: float) -> None:
        if self.app.scene is not self:
            return
        mouse = pygame.mouse.get_pos()
        for rect, index in self.rows:
            if rect.collidepoint(mouse):
                entry = self.entries[index]
                self.app.tooltip.offer(entry.problem or entry.summary(), mouse)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w = surface.get_width()
        heading(surface, th, "Continue", (w // 2, th.px(24)))
        panel(surface, self.box, th, fill=T.WOOD, rim=T.BRASS_DARK)
        if not self.entries:
            draw_text(
                surface,
                "No unfinished games.",
                th.font(18),
                T.TEXT_DIM,
                self.box.center,
                align="center",
            )
        for rect, index in self.rows:
            self._draw_row(surface, rect, self.entries[index], index == self.focus)
        if len(self.entries) > len(self.rows):
            first = self.scroll + 1
            last = self.scroll + len(self.rows)
            draw_text(
                surface,
                f"{first}-{last} of {len(self.entries)} (scroll for more)",
                th.font(14),
                T.TEXT_DIM,
                (self.box.right, self.box.bottom + th.px(4)),
                align="right",
            )
        if self.message:  # left of Back, at most two lines (the row holds the whole reason)
            font = th.font(15)
            width = self.back.rect.left - self.box.x - th.px(12)
            draw_text(
                surface,
                self.message,
                font,
                T.NEGATIVE,
                (self.box.x, self.box.bottom + th.px(4)),
                width=width,
                max_height=2 * font.get_linesize(),
            )
        self.back.draw(surface, th)

    def _draw_row(self, surface, rect: pygame.Rect, entry: SavedGame, focused: bool) -> None:
        th = self.app.theme
        if entry.usable:
            fill = (86, 74, 62) if focused else T.WOOD_LIGHT
            rim = T.HIGHLIGHT if focused else T.BRASS
        else:
            fill, rim = T.WOOD, T.NEGATIVE
        panel(surface, rect, th, fill=fill, rim=rim, radius=8)
        pad = th.px(12)
        inner = rect.w - 2 * pad
        head = th.font(18, bold=True)
        when = f"saved {entry.when}" if entry.when else ""
        when_w = th.font(15).size(when)[0] if when else 0
        draw_text(
            surface,
            entry.title,
            head,
            T.BRASS if entry.usable else T.NEGATIVE,
            (rect.x + pad, rect.y + th.px(8)),
            width=inner - when_w - th.px(16),
            max_height=head.get_linesize(),
        )
        if when:
            draw_text(
                surface,
                when,
                th.font(15),
                T.TEXT_DIM,
                (rect.right - pad, rect.y + th.px(10)),
                align="right",
            )
        body = th.font(15)
        if entry.usable:
            text = ", ".join(entry.facts()[:-1] if entry.when else entry.facts())
            colour = T.TEXT
        else:
            text = entry.problem
            colour = T.TEXT
        draw_text(
            surface,
            text,
            body,
            colour,
            (rect.x + pad, rect.y + th.px(8) + head.get_linesize()),
            width=inner,
            max_height=rect.bottom - th.px(4) - (rect.y + th.px(8) + head.get_linesize()),
        )
