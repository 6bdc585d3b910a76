"""The end of a duel: the winner, turns, damage by ability, and what next."""

from __future__ import annotations

import random

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import cut_bottom, inset, row
from game.ui.widgets import Button, draw_text, felt_background, panel


def match_stats(engine) -> dict[int, dict[str, int]]:
    """Per seat: damage taken, Health healed, cards played, tokens spent, CP gained."""
    out: dict[int, dict[str, int]] = {}

    def add(seat: int, key: str, amount: int) -> None:
        tally = out.setdefault(seat, {})
        tally[key] = tally.get(key, 0) + amount

    for event in engine.log:
        data = event.data
        if event.kind == "damage_resolved":
            add(data["target"], "Damage taken", data["amount"])
        elif event.kind == "healed":
            add(data["player"], "Health healed", data.get("amount", 0))
        elif event.kind == "card_played":
            add(data["player"], "Cards played", 1)
        elif event.kind == "status_spent":
            add(data["player"], "Tokens spent", 1)
        elif event.kind == "cp_changed" and data.get("delta", 0) > 0:
            add(data["player"], "CP gained", data["delta"])
    return out


def damage_by_ability(engine) -> dict[int, dict[str, int]]:
    """Damage that landed on opponents during each Roll Phase, by seat and activated ability."""
    out: dict[int, dict[str, int]] = {}
    current: tuple[int, str] | None = None
    for event in engine.log:
        if event.kind == "ability_activated":
            current = (event.data["player"], event.data["ability"])
        elif event.kind == "turn_started":
            current = None
        elif event.kind == "damage_resolved" and current is not None:
            seat, ability = current
            if event.data["target"] != seat and event.data["amount"] > 0:
                tally = out.setdefault(seat, {})
                tally[ability] = tally.get(ability, 0) + event.data["amount"]
    return out


class EndScene(Scene):
    def __init__(self, app, duel) -> None:
        super().__init__(app)
        self.duel = duel

    def enter(self) -> None:
        self.view = self.duel.view
        self.stats = damage_by_ability(self.duel.engine)
        self.numbers = match_stats(self.duel.engine)
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
            col_w = rect.w
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
            y = rect.y + th.px(84 if small else 124)
            draw_text(
                surface,
                "Damage by ability" if small else "Damage dealt, by ability",
                th.font(16, bold=True),
                T.BRASS,
                (rect.x + th.px(18), y),
            )
            y += th.px(28)
            rows = sorted(self.stats.get(player.seat, {}).items(), key=lambda kv: -kv[1])
            total = sum(v for _k, v in rows)
            for ability, amount in rows[:10]:
                name = self.duel.ability_name(player.seat, ability)
                font = th.font(14, condensed=True) if small else th.font(16)
                while font.size(name)[0] > col_w - th.px(70) and len(name) > 3:
                    name = name[:-2] + "…"
                draw_text(surface, name, font, T.TEXT, (rect.x + th.px(24), y))
                draw_text(
                    surface,
                    str(amount),
                    th.font(16, bold=True),
                    T.TEXT,
                    (rect.right - th.px(24), y),
                    align="right",
                )
                y += th.px(24)
            draw_text(
                surface,
                f"Total {total}",
                th.font(17, bold=True),
                T.HIGHLIGHT,
                (rect.right - th.px(24), y + th.px(4)),
                align="right",
            )
            y = max(y + th.px(40), rect.bottom - th.px(150))
            draw_text(
                surface,
                "In numbers" if small else "The duel in numbers",
                th.font(16, bold=True),
                T.BRASS,
                (rect.x + th.px(18), y),
            )
            y += th.px(26)
            numbers = self.numbers.get(player.seat, {})
            for key in (
                "Damage taken",
                "Health healed",
                "Cards played",
                "Tokens spent",
                "CP gained",
            ):
                font = th.font(14, condensed=True) if small else th.font(15)
                draw_text(surface, key, font, T.TEXT_DIM, (rect.x + th.px(24), y))
                draw_text(
                    surface,
                    str(numbers.get(key, 0)),
                    th.font(15, bold=True),
                    T.TEXT,
                    (rect.right - th.px(24) if small else rect.x + th.px(240), y),
                    align="right",
                )
                y += th.px(21)
        for button in self.buttons:
            button.draw(surface, self.app.theme)
