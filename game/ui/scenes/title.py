"""The title screen: Continue (the list of unfinished games), New Duel, Online, Missions,
Adventures, Rules Reference, Settings, Quit."""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import column
from game.ui.widgets import Button, draw_fitted, draw_text, felt_background, panel


class TitleScene(Scene):
    def enter(self) -> None:
        from game.persistence.saved_games import list_saved_games

        self.saved_games, messages = list_saved_games()
        self.app.messages.extend(messages)
        self.focus = 0
        self._notes: pygame.Rect | None = None
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        bw, bh = th.px(300), th.px(48)
        x = w // 2 - bw // 2
        y = int(h * 0.44)
        entries = []
        if self.saved_games:
            entries.append(
                (
                    "Continue",
                    self.continue_list,
                    "Every unfinished game - duels and team games, the mission, Adventures "
                    "slots - the newest first.",
                )
            )
        entries += [
            ("New Duel", self.new_duel, "Pick two heroes and who plays them."),
            (
                "Online",
                self.online,
                "Host a game on this computer or join a friend's, across the network.",
            ),
            ("Missions", self.missions, "One to four Heroes against the computer on hex maps."),
            (
                "Adventures",
                self.adventures,
                "A campaign of Portal Crawls and Boss Battles for 1-4 heroes, with save slots.",
            ),
            ("Rules Reference", self.rules, "Every term, token and card explained."),
            ("Settings", self.open_settings, "Window, animation speed, sound, auto-pass."),
            ("Quit", self.app.quit, ""),
        ]
        self.buttons = []
        gap = th.px(14)
        if len(entries) > 5:  # a saved duel and a saved mission: a tighter column
            y, bh, gap = int(h * 0.34), th.px(44), th.px(8)
        # the column ends above the message panel (never hiding Settings or Quit under it)
        n = len(entries)
        top = int(h * 0.14) + th.px(120)  # under "digital edition"
        smallest = n * th.px(24) + (n - 1) * th.px(6)  # the tightest column still readable
        notes = self._notes = self._panel(h - th.px(34) - th.px(10) - (top + smallest))
        bottom = (notes.top if notes else h - th.px(34)) - th.px(10)
        # moved up when it would run into the panel, and shrunk (by `column`) if still too long
        y = max(top, min(y, bottom - (n * bh + (n - 1) * gap)))
        self._laid_out_for = len(self.app.messages)
        cells = column(pygame.Rect(x, y, bw, max(0, bottom - y)), n, (bw, bh), gap, "top")
        for index, (label, action, tip) in enumerate(entries):
            self.buttons.append(
                Button(cells[index], label, action, primary=index == 0, tooltip=tip)
            )

    MESSAGE_LINES = 5  # at most; more ends in "..." (every message is also in the log)

    def _message_text(self) -> str:
        return "  ".join(self.app.messages[-3:])

    def message_rect(self) -> pygame.Rect | None:
        """The panel the latest messages are shown in (None without messages)."""
        return self._notes

    def _panel(self, room: int) -> pygame.Rect | None:
        """As tall as the messages' wrapped text, at most MESSAGE_LINES lines and at most
        `room` pixels (the button column comes first), above the "F1 rules" line."""
        if not self.app.messages:
            return None
        from game.ui.widgets import wrap

        th = self.app.theme
        w, h = self.app.screen.get_size()
        font = th.font(15)
        lines = len(wrap(font, self._message_text(), w - th.px(40) - th.px(24)))
        step = font.get_linesize() + 2
        fit = max(2, (room - th.px(20)) // step)
        height = min(max(lines, 2), self.MESSAGE_LINES, fit) * step + th.px(20)
        return pygame.Rect(th.px(20), h - th.px(34) - height, w - th.px(40), height)

    def continue_list(self) -> None:
        from game.ui.scenes.continue_list import ContinueScene

        self.app.push(ContinueScene(self.app, self.saved_games))

    def online(self) -> None:
        from game.ui.scenes.online_menu import OnlineScene

        self.app.push(OnlineScene(self.app))

    def missions(self) -> None:
        from game.ui.scenes.missions_menu import MissionSelectScene

        self.app.push(MissionSelectScene(self.app))

    def adventures(self) -> None:
        from game.ui.scenes.adventures_menu import CampaignMenuScene

        self.app.push(CampaignMenuScene(self.app))

    def new_duel(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "down"):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif keymap.pressed(event, "up"):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif keymap.pressed(event, "confirm", "advance"):
                button = self.buttons[self.focus]
                if button.on_click:
                    self.app.play("button")
                    button.on_click()
            elif keymap.pressed(event, "back"):
                self.app.quit()
            elif keymap.pressed(event, "help"):
                self.rules()

    def update(self, dt: float) -> None:
        if self.app.scene is not self:
            return
        if getattr(self, "_laid_out_for", None) != len(self.app.messages):
            self.resize()  # a message arrived (from another screen): make room for it
        mouse = pygame.mouse.get_pos()
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(mouse):
                self.focus = index
                if button.tooltip:
                    self.app.tooltip.offer(button.tooltip, mouse)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, h = surface.get_size()
        title_font = th.fit_font(72, "DICE THRONE", w - th.px(40), height=th.px(72), serif=True)
        draw_text(
            surface,
            "DICE THRONE",
            title_font,
            T.BRASS,
            (w // 2, int(h * 0.14)),
            align="center",
            shadow=True,
        )
        draw_text(
            surface,
            "digital edition",
            th.fit_font(24, "digital edition", w, height=th.px(26), bold=True),
            T.TEXT,
            (w // 2, int(h * 0.14) + th.px(88)),
            align="center",
        )
        self._emblems(surface, w, h)
        for index, button in enumerate(self.buttons):
            button.hovered = index == self.focus
            button.draw(surface, th)
        rect = self.message_rect()
        if rect is not None:
            panel(surface, rect, th, fill=T.PARCHMENT, rim=T.NEGATIVE, radius=8)
            draw_fitted(
                surface,
                th,
                15,
                self._message_text(),
                T.INK,
                (rect.x + th.px(12), rect.y + th.px(10)),
                rect.w - th.px(24),
                rect.h - th.px(20),
            )
        from game.persistence.files import saving_enabled

        if not saving_enabled():
            draw_text(
                surface,
                "Saving is off: the data folder cannot be written (see the message below).",
                th.font(15, bold=True),
                T.NEGATIVE,
                (w // 2, th.px(12)),
                align="center",
            )
        draw_text(
            surface,
            f"{keymap.key_label('help')} rules   {keymap.key_label('back')} quit",
            th.font(14),
            T.TEXT_DIM,
            (w - th.px(16), h - th.px(26)),
            align="right",
        )

    def _emblems(self, surface: pygame.Surface, w: int, h: int) -> None:
        try:
            from game.ui.art import hero_emblem
        except ImportError:
            return
        th = self.app.theme
        size = th.px(150)
        y = int(h * 0.44)
        for x, hero in ((w // 2 - th.px(360), "gunslinger"), (w // 2 + th.px(360), "barbarian")):
            surface.blit(hero_emblem(hero, size), (x - size // 2, y))
