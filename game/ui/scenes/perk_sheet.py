"""The Perk sheet of a player profile (PerkSheetScene): Perk Points spent in columns up to the
Difficulty of the profile's last mission, the Mythic abilities bought, each change saved at once
through game/ui/scenes/mission_files.py."""

from __future__ import annotations

import pygame

from game.missions import perks as P
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import cut_bottom, cut_left, cut_right, inset
from game.ui.scenes.mission_files import mythic_name, mythic_names, spend_limit, store_sheet
from game.ui.widgets import (
    Button,
    draw_fitted,
    draw_text,
    felt_background,
    glow,
    panel,
    text_surface,
)

ROW_NAMES = {
    "momentum": "Momentum",
    "grit": "Grit",
    "leadership": "Leadership",
    "heroism": "Heroism",
}


class PerkSheetScene(Scene):
    """One profile's Perk sheet: unspent Perk Points, the perk rows by difficulty column,
    Feats, the perfect-mission record, New Game+ circles and the Mythic abilities."""

    def focus_targets(self) -> list:
        """The Perk sheet's cells for the keyboard focus."""
        from game.ui.scenes.focus_targets import rect_targets

        return rect_targets(self, "cells")

    def __init__(self, app, profile: str, limit: int | None = None) -> None:
        super().__init__(app)
        from game.missions.content import default_missions

        self.db = default_missions()
        self.profile = profile
        self.limit = spend_limit(profile, app.messages) if limit is None else limit
        self.sheet, messages = P.load_sheet(profile)
        app.messages.extend(messages)
        self.message = ""
        self.buttons: list[Button] = []
        self.cells: list[tuple[pygame.Rect, str, int]] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.confirm_restart = False

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        screen = pygame.Rect(0, 0, w, h)
        # the sheet's grid, the side panel right of it; Back and Start over along the bottom
        body = pygame.Rect(th.px(20), th.px(84), w - th.px(40), th.px(520))
        self.side, self.grid = cut_right(body, th.px(328), th.px(12))
        line = inset(cut_bottom(cut_bottom(screen, th.px(18))[1], th.px(44))[0], th.px(20), 0)
        self.buttons = [
            Button(
                cut_left(line, th.px(160))[0],
                "Back",
                self.app.pop,
                hotkey="Esc",
            ),
            Button(
                cut_right(line, th.px(300))[0],
                "Start over with a +" if not self.confirm_restart else "Really start over?",
                self.restart,
                tooltip="Throw this sheet away and begin a new one: the name gains a '+', "
                "and Mythic abilities open at once.",
            ),
        ]

    def spend(self, row: str, column: int) -> None:
        try:
            P.spend(self.sheet, self.db, row, column)  # each point's own mission (rule 111)
        except P.PerkError as exc:
            self.message = str(exc)
            return
        store_sheet(self.app, self.sheet, self.profile)
        self.message = f"Spent 1 Perk Point on {ROW_NAMES.get(row, row)} {column}."
        self.app.play("token")

    def restart(self) -> None:
        if not self.confirm_restart:
            self.confirm_restart = True
            self.resize()
            return
        self.sheet = P.restart(self.sheet)
        store_sheet(self.app, self.sheet, self.profile)
        self.confirm_restart = False
        self.message = "A new sheet: Mythic abilities are open to it."
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, row, column in self.cells:
                if rect.collidepoint(event.pos):
                    self.spend(row, column)
                    return
        if keymap.pressed(event, "back"):
            self.app.pop()

    def update(self, dt: float) -> None:
        if self.app.scene is not self:
            return
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(mouse)
            if b.hovered and b.tooltip:
                self.app.tooltip.offer(b.tooltip, mouse)
        for rect, text in self.tips:
            if rect.collidepoint(mouse):
                self.app.tooltip.offer(text, mouse)

    def spendable(self, perk) -> bool:
        return P.why_not(self.sheet, self.db, perk.row, perk.column) is None

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        self.tips, self.cells = [], []
        sheet = self.sheet
        w = surface.get_width()
        title = f"Perk sheet - {sheet.display_name}"
        draw_text(
            surface,
            title,
            th.fit_font(34, title, w - th.px(40), height=th.px(40), serif=True),
            T.BRASS,
            (th.px(20), th.px(10)),
            shadow=True,
        )
        # the points and where they may go: one line between the title and the sheet, the
        # second part in what the first leaves
        pp = f"Perk Points to spend: {sheet.unspent}"
        limit = f"columns 1-{sheet.columns_open()}" if sheet.unspent else "no column (no points)"
        line = pygame.Rect(th.px(22), th.px(54), w - th.px(44), th.px(26))
        font = th.fit_font(20, pp, line.w // 2, height=line.h, bold=True)
        draw_text(surface, pp, font, T.GOLD if sheet.unspent else T.TEXT, line.topleft)
        _, rest = cut_left(line, font.size(pp)[0], th.px(16))
        note = f"Spend in {limit} - a point fills no column above its own mission's difficulty"
        small = th.fit_font(14, note, rest.w, height=line.h)
        draw_text(surface, note, small, T.TEXT_DIM, (rest.x, rest.bottom - small.get_linesize()))
        # the sheet is a table of fixed cells: its words keep their 1.00x sizes (as the end
        # screen's columns), the title, points and buttons grow with the interface scale
        th = th.fixed()
        g = self.grid
        panel(surface, g, th, radius=10)
        head_w = th.px(120)
        col_w = (g.w - head_w - th.px(16)) // 5
        rows = [
            *sorted(
                {p.row for p in self.db.perks},
                key=lambda r: list(ROW_NAMES).index(r) if r in ROW_NAMES else 9,
            ),
            "feats",
        ]
        row_h = (g.h - th.px(40)) // len(rows)
        for c in range(5):
            x = g.x + head_w + th.px(8) + c * col_w
            colour = T.BRASS if c + 1 <= sheet.columns_open() else T.TEXT_DIM
            draw_text(
                surface,
                f"Difficulty {c + 1}",
                th.font(14, bold=True),
                colour,
                (x + col_w // 2, g.y + th.px(10)),
                align="center",
            )
        for r, row in enumerate(rows):
            y = g.y + th.px(34) + r * row_h
            name = ROW_NAMES.get(row, "Feats")
            draw_text(
                surface, name, th.font(16, bold=True), T.BRASS, (g.x + th.px(12), y + th.px(10))
            )
            if self.db.perk_rows.get(row):
                draw_text(
                    surface, "in order", th.font(12), T.TEXT_DIM, (g.x + th.px(12), y + th.px(32))
                )
            if row == "feats":
                draw_text(
                    surface,
                    "once a mission",
                    th.font(12),
                    T.TEXT_DIM,
                    (g.x + th.px(12), y + th.px(32)),
                )
            perks = [
                p
                for p in (self.db.feats if row == "feats" else self.db.perks)
                if row == "feats" or p.row == row
            ]
            for perk in perks:
                cell = pygame.Rect(
                    g.x + head_w + th.px(8) + (perk.column - 1) * col_w,
                    y,
                    col_w - th.px(6),
                    row_h - th.px(6),
                )
                unlocked = sheet.unlocked(perk)
                can = self.spendable(perk)
                if can:
                    glow(surface, cell, th, strength=3, radius=6)
                fill = (66, 80, 54) if unlocked else ((82, 70, 48) if can else T.WOOD_LIGHT)
                pygame.draw.rect(surface, fill, cell, border_radius=th.px(6))
                pygame.draw.rect(
                    surface,
                    T.POSITIVE if unlocked else T.BRASS_DARK,
                    cell,
                    1,
                    border_radius=th.px(6),
                )
                draw_fitted(
                    surface,
                    th,
                    12,
                    perk.text,
                    T.TEXT,
                    (cell.x + th.px(5), cell.y + th.px(4)),
                    cell.w - th.px(10),
                    cell.h - th.px(26),
                    condensed=True,
                    in_tooltip=True,  # a dense table of fixed cells: each cell's tooltip
                )
                filled = sheet.filled(perk)
                for k in range(perk.circles):
                    c = (cell.x + th.px(12) + k * th.px(18), cell.bottom - th.px(12))
                    pygame.draw.circle(surface, T.GOLD if k < filled else (40, 34, 30), c, th.px(6))
                    pygame.draw.circle(surface, T.BRASS, c, th.px(6), 1)
                if perk.circles == 0:
                    draw_text(
                        surface,
                        "free",
                        th.font(12, bold=True),
                        T.POSITIVE,
                        (cell.x + th.px(6), cell.bottom - th.px(19)),
                    )
                elif unlocked:
                    draw_text(
                        surface,
                        "UNLOCKED",
                        th.font(11, bold=True),
                        T.POSITIVE,
                        (cell.right - th.px(6), cell.bottom - th.px(18)),
                        align="right",
                    )
                tip = f"{perk.text} ({filled} of {perk.circles} circles)."
                if can:
                    tip += " Click to fill a circle (1 Perk Point)."
                self.tips.append((cell, tip))
                if can:
                    self.cells.append((cell, row, perk.column))
        s = self.side
        panel(surface, s, th, radius=10)
        x, y = s.x + th.px(12), s.y + th.px(10)
        draw_text(surface, "New Game+", th.font(16, bold=True), T.BRASS, (x, y))
        y += th.px(24)
        for level in range(1, 6):
            c = (x + th.px(10) + (level - 1) * th.px(30), y + th.px(10))
            on = level in sheet.new_game_plus
            pygame.draw.circle(surface, T.GOLD if on else (40, 34, 30), c, th.px(10))
            pygame.draw.circle(surface, T.BRASS, c, th.px(10), 1)
            lab = text_surface(th.font(12, bold=True), str(level), T.INK if on else T.TEXT_DIM)
            surface.blit(lab, lab.get_rect(center=c))
        self.tips.append(
            (
                pygame.Rect(x, y, th.px(150), th.px(22)),
                "A circle fills when you perfect a mission of that difficulty; "
                "all five open the Mythic abilities.",
            )
        )
        y += th.px(32)
        draw_text(surface, "Perfect missions", th.font(16, bold=True), T.BRASS, (x, y))
        y += th.px(22)
        names = [self.db.missions[m].name for m in sheet.perfected if m in self.db.missions] or [
            "none yet"
        ]
        for name in names:
            draw_text(surface, "* " + name, th.font(13), T.TEXT, (x, y))
            y += th.px(18)
        y += th.px(10)
        access = sheet.mythic_access()
        draw_text(
            surface,
            "Mythic abilities" + ("" if access else " (locked)"),
            th.font(16, bold=True),
            T.BRASS if access else T.TEXT_DIM,
            (x, y),
        )
        y += th.px(22)
        names = mythic_names()
        for mid, text in sorted(self.db.mythics.items()):
            y += draw_text(
                surface,
                mythic_name(mid, names),
                th.font(13, bold=True),
                T.GOLD if access else T.TEXT_DIM,
                (x, y),
            )
            y += draw_text(
                surface,
                text,
                th.font(12, condensed=True),
                T.TEXT if access else T.TEXT_DIM,
                (x, y),
                width=s.w - th.px(24),
                line_gap=0,
            ) + th.px(4)
        if self.message:
            draw_text(
                surface,
                self.message,
                th.font(15, bold=True),
                T.HIGHLIGHT,
                (th.px(200), self.app.screen.get_height() - th.px(50)),
            )
        for b in self.buttons:
            b.draw(surface, self.app.theme)
