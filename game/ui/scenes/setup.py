"""Duel setup: each side picks a hero (board preview, complexity, bio) and who plays it."""

from __future__ import annotations

import random

import pygame

from game.ai import LEVEL_NAMES, LEVELS
from game.content.loader import default_content
from game.rules.dice import describe_requirement
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.devhooks import dev_forced_dice, dev_seed, record_events
from game.ui.widgets import Button, draw_text, felt_background, glow, panel, text_surface

KINDS = ["human"] + [f"computer:{level}" for level in LEVELS]


def kind_label(kind: str) -> str:
    if kind == "human":
        return "Human at this screen"
    return f"Computer ({LEVEL_NAMES[kind.split(':')[1]]})"


class SetupScene(Scene):
    def enter(self) -> None:
        self.content = default_content()
        self.heroes = sorted(self.content.heroes.values(), key=lambda h: (h.complexity, h.name))
        ids = [h.id for h in self.heroes]
        self.choice = [
            ids.index("gunslinger") if "gunslinger" in ids else 0,
            ids.index("barbarian") if "barbarian" in ids else min(1, len(ids) - 1),
        ]
        self.kind = ["human", "computer:normal"]
        self.drawn_abilities: list[list[str]] = [[], []]  # what the last frame showed
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        self.columns = [
            pygame.Rect(th.px(30), th.px(90), w // 2 - th.px(45), h - th.px(190)),
            pygame.Rect(w // 2 + th.px(15), th.px(90), w // 2 - th.px(45), h - th.px(190)),
        ]
        bw, bh = th.px(220), th.px(48)
        self.start = Button(
            pygame.Rect(w - bw - th.px(30), h - bh - th.px(30), bw, bh),
            "Start Duel",
            self.begin,
            primary=True,
            hotkey="Enter",
        )
        self.back = Button(
            pygame.Rect(th.px(30), h - bh - th.px(30), th.px(160), bh),
            "Back",
            self.app.pop,
            hotkey="Esc",
        )
        self.random = Button(
            pygame.Rect(w // 2 - th.px(90), h - bh - th.px(30), th.px(180), bh),
            "Random heroes",
            self.shuffle,
        )
        self.controls: list[Button] = []
        tile_w, tile_h, per_row, gap = self.tile_geometry(self.columns[0].w)
        self.tiles_bottom = 0
        for side, col in enumerate(self.columns):
            for index, _hero in enumerate(self.heroes):
                row, pos = divmod(index, per_row)
                rect = pygame.Rect(
                    col.x + th.px(12) + pos * (tile_w + gap),
                    col.y + th.px(44) + row * (tile_h + gap),
                    tile_w,
                    tile_h,
                )
                self.tiles_bottom = max(self.tiles_bottom, rect.bottom - col.y)
                self.controls.append(
                    Button(
                        rect,
                        "",
                        lambda s=side, i=index: self.pick(s, i),
                        data={"side": side, "hero": index},
                    )
                )
            y = col.bottom - th.px(54)
            bw2 = (col.w - th.px(36)) // len(KINDS)
            for index, kind in enumerate(KINDS):
                rect = pygame.Rect(col.x + th.px(12) + index * (bw2 + th.px(6)), y, bw2, th.px(40))
                label = (
                    "Human" if kind == "human" else f"Computer: {LEVEL_NAMES[kind.split(':')[1]]}"
                )
                self.controls.append(
                    Button(
                        rect,
                        label,
                        lambda s=side, k=kind: self.set_kind(s, k),
                        tooltip=kind_label(kind),
                        data={"side": side, "kind": kind},
                    )
                )

    def tile_geometry(self, column_w: int) -> tuple[int, int, int, int]:
        """Hero tiles: large while few heroes fit one row, else compact in at most two rows."""
        th = self.app.theme
        gap = th.px(8)
        usable = column_w - th.px(24)
        count = max(1, len(self.heroes))
        big = th.px(96)
        if count * (big + gap) - gap <= usable:
            return big, th.px(104), count, gap
        rows = 1
        while True:
            per_row = -(-count // rows)
            tile_w = (usable - gap * (per_row - 1)) // per_row
            if tile_w >= th.px(56) or rows == 3:
                break
            rows += 1
        tile_w = max(th.px(40), min(tile_w, th.px(80)))
        return tile_w, tile_w + th.px(16), per_row, gap

    def pick(self, side: int, index: int) -> None:
        self.choice[side] = index

    def set_kind(self, side: int, kind: str) -> None:
        self.kind[side] = kind

    def shuffle(self) -> None:
        rng = random.Random()
        self.choice = [rng.randrange(len(self.heroes)) for _ in range(2)]

    def begin(self, seed: int | None = None) -> None:
        from game.modes.duel import duel_setup
        from game.rules.engine import Engine
        from game.ui.scenes.duel import DuelScene

        heroes = [self.heroes[i].id for i in self.choice]
        if seed is None:
            seed = dev_seed()
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        engine = Engine.new_match(duel_setup(heroes, seed, turn_limit=0))
        record_events(list(engine.log))
        forced = dev_forced_dice()
        if forced:
            with engine.world.active():
                engine.rng.forced_dice.extend(forced)
        seats = []
        for kind in self.kind:
            if kind == "human":
                seats.append({"kind": "human"})
            else:
                seats.append({"kind": "computer", "level": kind.split(":")[1]})
        self.app.replace(DuelScene(self.app, engine, seats))

    def handle(self, event: pygame.event.Event) -> None:
        for button in [self.start, self.back, self.random, *self.controls]:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.begin()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()

    def update(self, dt: float) -> None:
        mouse = pygame.mouse.get_pos()
        for button in self.controls:
            if button.rect.collidepoint(mouse):
                if "hero" in button.data:
                    hero = self.heroes[button.data["hero"]]
                    self.app.tooltip.offer(
                        f"{hero.name} - complexity {hero.complexity}. {hero.bio}", mouse
                    )
                elif button.tooltip:
                    self.app.tooltip.offer(button.tooltip, mouse)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        draw_text(
            surface,
            "New Duel",
            th.font(40, serif=True),
            T.BRASS,
            (w // 2, th.px(22)),
            align="center",
            shadow=True,
        )
        for side, col in enumerate(self.columns):
            panel(surface, col, th, fill=T.WOOD, rim=T.BRASS)
            draw_text(
                surface,
                f"Player {side + 1}",
                th.font(24, bold=True),
                T.TEXT,
                (col.x + th.px(14), col.y + th.px(10)),
            )
            self._draw_hero(surface, side, col)
        for button in self.controls:
            self._draw_control(surface, button)
        for button in (self.start, self.back, self.random):
            button.draw(surface, th)

    def _draw_control(self, surface: pygame.Surface, button: Button) -> None:
        th = self.app.theme
        side = button.data["side"]
        if "kind" in button.data:
            selected = self.kind[side] == button.data["kind"]
            button.primary = selected
            button.draw(surface, th)
            return
        index = button.data["hero"]
        hero = self.heroes[index]
        selected = self.choice[side] == index
        rect = button.rect
        if selected:
            glow(surface, rect, th, strength=4)
        panel(
            surface,
            rect,
            th,
            fill=T.WOOD_LIGHT if not button.hovered else (86, 74, 62),
            rim=T.HIGHLIGHT if selected else T.BRASS_DARK,
            radius=8,
        )
        from game.ui.art import hero_emblem

        compact = rect.w < th.px(90)
        size = rect.w - th.px(12) if compact else th.px(64)
        emblem = hero_emblem(hero.id, size)
        surface.blit(emblem, emblem.get_rect(midtop=(rect.centerx, rect.y + th.px(4))))
        if compact:
            # Just the name, shortened to fit; the full name and rating are shown below.
            font = th.font(11, bold=True, condensed=True)
            name = hero.name
            while font.size(name)[0] > rect.w - 4 and len(name) > 3:
                name = name[:-1]
            draw_text(
                surface, name, font, T.TEXT, (rect.centerx, rect.bottom - th.px(15)), align="center"
            )
            return
        draw_text(
            surface,
            hero.name,
            th.font(13, bold=True, condensed=True),
            T.TEXT,
            (rect.centerx, rect.bottom - th.px(30)),
            align="center",
        )
        stars = "*" * hero.complexity
        draw_text(
            surface,
            stars,
            th.font(13, bold=True),
            T.GOLD,
            (rect.centerx, rect.bottom - th.px(17)),
            align="center",
        )

    def _draw_hero(self, surface: pygame.Surface, side: int, col: pygame.Rect) -> None:
        th = self.app.theme
        hero = self.heroes[self.choice[side]]
        top = col.y + self.tiles_bottom + th.px(10)
        x = col.x + th.px(16)
        width = col.w - th.px(32)
        draw_text(surface, hero.name, th.font(26, serif=True), T.BRASS, (x, top))
        meta = f"Complexity {hero.complexity} of 6   -   Weapon: {hero.weapon}"
        draw_text(surface, meta, th.font(14), T.TEXT_DIM, (x, top + th.px(34)))
        y = top + th.px(56)
        y += draw_text(surface, hero.bio, th.font(14), T.TEXT, (x, y), width=width) + th.px(6)
        font = th.font(14, condensed=True)
        bold = th.font(14, bold=True, condensed=True)
        limit = col.bottom - th.px(60)
        drawn = self.drawn_abilities[side] = []
        items = []
        for slot in hero.slots:
            for ability in slot.levels[1]:
                if ability.rows:
                    req = " / ".join(
                        describe_requirement(r.requirement, hero) for r in ability.rows
                    )
                elif ability.kind == "defensive":
                    n = ability.defense_dice
                    req = f"Defense, {n} {'die' if n == 1 else 'dice'}"
                else:
                    req = "Passive"
                items.append((ability, req))
        line = font.get_linesize()
        fit = max(1, (limit - y) // line)
        columns = 1 if len(items) <= fit else 2
        per_column = -(-len(items) // columns)
        col_w = width // columns
        name_w = th.px(170) if columns == 1 else th.px(118)
        for index, (ability, req) in enumerate(items):
            c, r = divmod(index, per_column)
            if r >= fit:
                continue
            ax = x + c * col_w
            ay = y + r * line
            drawn.append(ability.name)
            name = text_surface(
                bold, ability.name, T.GOLD if ability.kind == "ultimate" else T.TEXT
            )
            surface.blit(name, (ax, ay), area=pygame.Rect(0, 0, name_w - th.px(4), line))
            room = col_w - name_w - th.px(6)
            while req and font.size(req)[0] > room:
                req = req[:-2] + "…" if len(req) > 2 else ""
            draw_text(surface, req, font, T.TEXT_DIM, (ax + name_w, ay))
