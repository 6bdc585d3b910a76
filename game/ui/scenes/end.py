"""The end of a duel: the winner, turns, who dealt and took what damage, and what next.

The numbers come from `game.rules.stats` (their definitions are in its docstring and in
docs/ui.md, "The end screen")."""

from __future__ import annotations

import random

import pygame

from game.rules.stats import SeatStats, match_stats
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import cut_bottom, inset, row
from game.ui.widgets import Button, draw_text, felt_background, panel, shorten

# the parts of Damage taken in few words, for the narrow columns of six-hero tables
SHORT = {
    "from other heroes": "from others",
    "self-inflicted": "self",
    "from no player": "no player",
}


class EndScene(Scene):
    def __init__(self, app, duel) -> None:
        super().__init__(app)
        self.duel = duel

    def enter(self) -> None:
        self.view = self.duel.view
        self.stats = match_stats(self.duel.source.log)
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        strip, _ = cut_bottom(inset(self.app.screen.get_rect(), th.px(20), th.px(40)), th.px(48))
        rematch, new, title = row(strip, 3, (th.px(210), th.px(48)), th.px(20))
        self.buttons = [
            Button(
                rematch,
                "Rematch",
                self.rematch,
                primary=True,
                hotkey="Enter",
            ),
            Button(
                new,
                "New Duel" if len(self.duel.view.players) == 2 else "New Match",
                self.new_duel,
            ),
            Button(title, "Title", self.title),
        ]
        # a column per seat between the headline and the buttons, up to 440 wide, centred
        count = len(self.duel.view.players)
        w, h = self.app.screen.get_size()
        gap = th.px(12) if count > 2 else th.px(40)
        col_w = min(th.px(440), (w - th.px(40) - gap * (count - 1)) // count)
        area = pygame.Rect(th.px(20), th.px(160), w - th.px(40), h - th.px(260))
        self.columns = row(area, count, (col_w, area.h), gap)

    def rematch(self) -> None:
        from dataclasses import replace

        from game.rules.engine import Engine
        from game.ui.scenes.duel import DuelScene

        # the same format, heroes and seats with a fresh seed
        setup = replace(
            self.duel.engine.setup, seed=random.SystemRandom().randrange(1, 2**31), turn_limit=0
        )
        engine = Engine.new_match(setup)
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(DuelScene(self.app, engine, self.duel.seats, self.duel.save_path))

    def new_duel(self) -> None:
        from game.ui.scenes.setup import SetupScene
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(SetupScene(self.app))

    def title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "confirm"):
                self.rematch()
            elif keymap.pressed(event, "back"):
                self.title()

    def headline(self) -> str:
        view = self.view
        if view.draw:
            return "A draw!"
        winners = [p.name for p in view.players if p.team == view.winner_team]
        if len(winners) > 2:
            return f"{', '.join(winners[:-1])} and {winners[-1]} win!"
        return f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}!"

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        view = self.view
        # three winners' names: a smaller headline, never off the screen
        headline = self.headline()
        draw_text(
            surface,
            headline,
            th.fit_font(52, headline, w - th.px(40), height=th.px(60), serif=True),
            T.BRASS,
            (w // 2, th.px(40)),
            align="center",
            shadow=True,
        )
        draw_text(
            surface, f"{view.turn} turns", th.font(20), T.TEXT, (w // 2, th.px(112)), align="center"
        )
        count = len(view.players)
        th = th.fixed()  # the columns are a table of fixed rows: their words keep 1.00x sizes
        small = count > 2  # team formats: up to six narrower columns
        emblem = th.px(48) if small else th.px(90)
        text_x = emblem + th.px(26)
        for player, rect in zip(view.players, self.columns, strict=True):
            panel(surface, rect, th)
            won = not view.draw and player.team == view.winner_team
            try:
                from game.ui.art import hero_emblem

                surface.blit(
                    hero_emblem(player.hero, emblem), (rect.x + th.px(16), rect.y + th.px(16))
                )
            except ImportError:
                pass
            draw_text(
                surface,
                player.name,
                th.fit_font(
                    18 if small else 26,
                    player.name,
                    rect.right - th.px(8) - (rect.x + text_x),
                    bold=True,
                    condensed=small,
                ),
                T.HIGHLIGHT if won else T.TEXT,
                (rect.x + text_x, rect.y + th.px(18 if small else 24)),
            )
            health = f"Health {player.health}" if small else f"Health left: {player.health}"
            if player.defeated and small:
                health = "Defeated"
            draw_text(
                surface,
                health,
                th.font(15 if small else 17),
                T.TEXT,
                (rect.x + text_x, rect.y + th.px(44 if small else 62)),
            )
            stats = self.seat_stats(player)
            top = rect.y + th.px(84 if small else 124)
            if small:  # one narrow column: the damage dealt above the numbers
                lines = self.number_lines(player, stats)
                most = max(len(self.number_lines(p, self.seat_stats(p))) for p in view.players)
                split = rect.bottom - th.px(30) - th.px(19) * most  # one line across columns
                self.draw_dealt(
                    surface, th, stats, rect.x, rect.right, top, split - th.px(8), small
                )
                self.draw_numbers(surface, th, lines, rect.x, rect.right, split, small)
            else:  # side by side: damage dealt on the left, the duel in numbers on the right
                mid = rect.x + rect.w // 2
                bottom = rect.bottom - th.px(12)
                self.draw_dealt(surface, th, stats, rect.x, mid, top, bottom, small)
                lines = self.number_lines(player, stats)
                self.draw_numbers(surface, th, lines, mid - th.px(6), rect.right, top, small)
        for button in self.buttons:
            button.draw(surface, self.app.theme)

    def seat_stats(self, player) -> SeatStats:
        return self.stats.get(player.seat) or SeatStats()

    def draw_dealt(self, surface, th, stats: SeatStats, left, right, top, bottom, small) -> None:
        """Damage dealt, by what dealt it (ability, card or token), and its total. Rows that
        do not fit are summed into one "Other" row, so the total stays the rows' sum."""
        draw_text(
            surface,
            "Damage dealt",
            th.font(16, bold=True),
            T.BRASS,
            (left + th.px(18), top),
        )
        step = th.px(20 if small else 24)
        y = top + th.px(28)
        rows = sorted(stats.dealt.items(), key=lambda kv: (-kv[1], kv[0]))
        room = max(1, (bottom - th.px(30) - y) // step)
        if len(rows) > room:
            rest = sum(v for _k, v in rows[room - 1 :])
            rows = [*rows[: room - 1], (f"Other ({len(rows) - room + 1})", rest)]
        font = th.font(14, condensed=True) if small else th.font(16)
        number_font = th.font(16, bold=True)
        for name, amount in rows:
            # the name runs up to its number: smaller, then condensed, then cut (counted)
            room = right - th.px(18) - number_font.size(str(amount))[0] - th.px(6)
            room -= left + th.px(24)
            face = font
            if face.size(name)[0] > room:
                face = th.fit_font(14 if small else 16, name, room, condensed=True)
                name = shorten(face, name, room)
            draw_text(surface, name, face, T.TEXT, (left + th.px(24), y))
            draw_text(
                surface, str(amount), number_font, T.TEXT, (right - th.px(18), y), align="right"
            )
            y += step
        draw_text(
            surface,
            f"Total {stats.dealt_total}",
            th.font(17, bold=True),
            T.HIGHLIGHT,
            (right - th.px(18), y + th.px(4)),
            align="right",
        )

    def number_lines(self, player, stats: SeatStats) -> list[tuple[str, int, bool]]:
        """(label, value, is a part of Damage taken) for the numbers block. The parts add up
        to Damage taken; a companion's share is a line of its own (not part of it)."""
        numbers = stats.numbers()
        lines = [("Damage taken", stats.taken, False)]
        lines += [("from other heroes", stats.from_others, True)]
        lines += [("self-inflicted", stats.self_inflicted, True)]
        if stats.from_no_one:
            lines += [("from no player", stats.from_no_one, True)]
        if player.companions or stats.companions_took:
            who = player.companions[0].name if len(player.companions) == 1 else "Companions"
            lines += [(f"{who} took", stats.companions_took, False)]
        for key in ("Health healed", "Cards played", "Tokens spent", "CP gained"):
            lines += [(key, numbers[key], False)]
        return lines

    def draw_numbers(self, surface, th, lines, left, right, top, small) -> None:
        draw_text(
            surface,
            "In numbers" if small else "The duel in numbers",
            th.font(16, bold=True),
            T.BRASS,
            (left + th.px(18), top),
        )
        y = top + th.px(26)
        for label, value, part in lines:
            font = th.font(14, condensed=True) if small or part else th.font(15)
            indent = th.px((30 if small else 36) if part else 24)
            room = right - th.px(18) - font.size(f" {value}")[0] - (left + indent)
            if font.size(label)[0] > room:  # a narrow team column: the short words
                label = SHORT.get(label, label)
            draw_text(surface, label, font, T.TEXT_DIM, (left + indent, y))
            draw_text(
                surface,
                str(value),
                th.font(14 if part else 15, bold=not part),
                T.TEXT_DIM if part else T.TEXT,
                (right - th.px(18), y),
                align="right",
            )
            y += th.px(19 if small else 21)
