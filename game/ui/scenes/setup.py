"""Match setup: the format (Duel, 2v2, King of the Hill, 3v3, 2v2v2, and the Adventures modes Boss
vs Many and Boss vs Boss), and for every seat a hero or Boss (board preview, complexity, bio) and
who plays it (a human at this screen or the computer)."""

from __future__ import annotations

import random

import pygame

from game.adventures import boss_modes
from game.ai import LEVEL_NAMES, LEVELS
from game.content.loader import default_content
from game.modes import variants
from game.rules.dice import describe_requirement
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.devhooks import dev_forced_dice, dev_seed, record_events
from game.ui.layout import (
    anchored,
    column,
    cut_bottom,
    cut_left,
    cut_right,
    cut_top,
    inset,
    split_row,
)
from game.ui.table_view import team_colour, team_name
from game.ui.widgets import (
    Button,
    button_row,
    draw_fitted,
    draw_text,
    felt_background,
    fit_lines,
    fit_name,
    glow,
    panel,
    text_surface,
    whole_lines,
    wrap,
)

KINDS = ["human"] + [f"computer:{level}" for level in LEVELS]
MODE_TIPS = {
    "duel": "Two heroes, one on one. 50 Health each.",
    "2v2": "Two teams of two; each team shares one Health dial of 50. A targeting roll "
    "decides whom each attack hits.",
    "koth": "Three heroes, each on their own with 35 Health. The attacker picks any target and "
    "draws a card for going after a Leader (the most Health).",
    "3v3": "Two teams of three; each team shares one Health dial. A targeting roll decides "
    "whom each attack hits.",
    "2v2v2": "Three teams of two; each team shares one Health dial. A targeting roll decides "
    "whom each attack hits.",
    "boss_vs_many": "2-4 heroes (20 Health each) against one Boss played by a person or the "
    "computer. The heroes always hit the Boss; the Boss rolls a Chaos die to pick its victim.",
    "boss_vs_boss": "Two Bosses, one on one, each with 50 Health, its upgrades and its Action "
    "cards as a hand.",
}
BOSS_MODES = boss_modes.MODES
MODE_LABELS = {**variants.MODE_NAMES, **boss_modes.MODE_NAMES}


def kind_label(kind: str) -> str:
    if kind == "human":
        return "Human at this screen"
    return f"Computer ({LEVEL_NAMES[kind.split(':')[1]]})"


def kind_short(kind: str) -> str:
    """The button label: short enough for a quarter of a seat row."""
    if kind == "human":
        return "Human"
    return f"CPU {LEVEL_NAMES[kind.split(':')[1]]}"


class SetupScene(Scene):
    def focus_targets(self) -> list:
        """The hero portraits and seat rows (drawn as pictures, not buttons) for the focus."""
        return [
            (
                b.rect,
                f"hero {b.data['hero']}" if "hero" in b.data else f"seat {b.data['seat_row']}",
                b.rect.center,
            )
            for b in self.controls
            if "hero" in b.data or "seat_row" in b.data
        ]

    def enter(self) -> None:
        self.content = default_content()
        self.heroes = sorted(self.content.heroes.values(), key=lambda h: (h.complexity, h.name))
        self.bosses = [self.content.heroes[b] for b in boss_modes.BOSSES]
        self.modes = tuple(variants.MODES) + BOSS_MODES
        self.boss_heroes = 2  # Boss vs Many: how many heroes face the Boss
        ids = [h.id for h in self.heroes]
        self.choice = [
            ids.index("gunslinger") if "gunslinger" in ids else 0,
            ids.index("barbarian") if "barbarian" in ids else min(1, len(ids) - 1),
        ]
        self.kind = ["human", "computer:normal"]
        self.mode = "duel"
        self.selected = 0  # the seat whose hero the grid picks (team formats)
        self.drawn_abilities: list[list[str]] = [[], []]  # what the last frame showed
        # (rect, text) of the ability names shown without their requirement (in a tooltip)
        self.ability_tips: list[list[tuple[pygame.Rect, str]]] = [[], []]
        self.resize()

    # ------------------------------------------------------------ state

    def seat_count(self) -> int:
        if self.mode == "boss_vs_many":
            return self.boss_heroes + 1
        if self.mode == "boss_vs_boss":
            return 2
        return variants.SEATS[self.mode]

    def team_of(self, seat: int) -> int:
        if self.mode == "boss_vs_many":
            return boss_modes.BOSS_TEAM if seat == self.boss_heroes else boss_modes.HERO_TEAM
        if self.mode == "boss_vs_boss":
            return seat
        return variants.team_of(self.mode, seat)

    def is_boss_seat(self, seat: int) -> bool:
        return self.mode == "boss_vs_boss" or (
            self.mode == "boss_vs_many" and seat == self.boss_heroes
        )

    def pool(self, seat: int) -> list:
        """What the seat picks from: the Bosses for a Boss seat, else the heroes."""
        return self.bosses if self.is_boss_seat(seat) else self.heroes

    def cycle_boss_heroes(self) -> None:
        """Boss vs Many: 2 -> 3 -> 4 -> 2 heroes."""
        self.set_boss_heroes(2 + (self.boss_heroes - 1) % 3)

    def set_boss_heroes(self, count: int) -> None:
        if not 2 <= count <= 4:
            raise ValueError("Boss vs Many takes 2-4 heroes")
        boss, kind = self.choice[-1], self.kind[-1]
        heroes, kinds = self.choice[:-1], self.kind[:-1]
        while len(heroes) < count:
            free = [i for i in range(len(self.heroes)) if i not in heroes] or [0]
            heroes.append(free[0])
            kinds.append("computer:normal")
        self.boss_heroes = count
        self.choice = [*heroes[:count], boss]
        self.kind = [*kinds[:count], kind]
        self.drawn_abilities = [[] for _ in self.choice]
        self.ability_tips = [[] for _ in self.choice]
        self.selected = min(self.selected, count)
        self.resize()

    def set_mode(self, mode: str) -> None:
        """Change the format; seats keep their hero and player, new seats get the computer."""
        if mode not in self.modes:
            raise ValueError(f"unknown mode '{mode}'")
        if (mode in BOSS_MODES) != (self.mode in BOSS_MODES) or mode in BOSS_MODES:
            # the seats pick from other lists: heroes first, then the Boss seat(s)
            heroes = [c for i, c in enumerate(self.choice) if not self.is_boss_seat(i)]
            self.mode = mode
            count = self.seat_count()
            self.choice, self.kind = [], []
            for seat in range(count):
                if self.is_boss_seat(seat):
                    self.choice.append(len(self.choice) % len(self.bosses))
                else:
                    used = set(self.choice)
                    free = [i for i in heroes if i not in used]
                    free += [i for i in range(len(self.heroes)) if i not in used]
                    self.choice.append(free[0])
                self.kind.append("human" if seat == 0 else "computer:normal")
            self.drawn_abilities = [[] for _ in range(count)]
            self.ability_tips = [[] for _ in range(count)]
            self.selected = 0
            self.resize()
            return
        self.mode = mode
        count = self.seat_count()
        while len(self.choice) < count:
            used = set(self.choice)
            free = [i for i in range(len(self.heroes)) if i not in used] or [0]
            self.choice.append(free[0])
            self.kind.append("computer:normal")
        del self.choice[count:]
        del self.kind[count:]
        self.drawn_abilities = [[] for _ in range(count)]
        self.ability_tips = [[] for _ in range(count)]
        self.selected = min(self.selected, count - 1)
        self.resize()

    def select(self, seat: int) -> None:
        self.selected = seat
        self.resize()

    def pick(self, side: int, index: int) -> None:
        self.choice[side] = index

    def set_kind(self, side: int, kind: str) -> None:
        self.kind[side] = kind

    def shuffle(self) -> None:
        rng = random.Random()
        count = len(self.choice)
        pool = list(range(len(self.heroes)))
        rng.shuffle(pool)
        bosses = list(range(len(self.bosses)))
        rng.shuffle(bosses)
        self.choice = [
            bosses[i % len(bosses)] if self.is_boss_seat(i) else pool[i % len(pool)]
            for i in range(count)
        ]

    # ------------------------------------------------------------ layout

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        bw, bh = th.px(220), th.px(48)
        label = "Start Duel" if self.mode == "duel" else "Start Match"
        screen = pygame.Rect(0, 0, w, h)
        # the footer: Back on the left, Random heroes in the middle, Start on the right
        line = cut_bottom(cut_bottom(screen, th.px(24))[1], bh)[0]
        ends = inset(line, th.px(30), 0)
        random_rect = anchored((th.px(180), bh), line)
        self.count_button = None
        if self.mode == "boss_vs_many":
            self.count_button = Button(
                pygame.Rect(random_rect.right + th.px(20), line.y, th.px(170), bh),
                f"Heroes: {self.boss_heroes}",
                self.cycle_boss_heroes,
                tooltip="How many heroes face the Boss (2-4); click to change.",
                data={"boss_heroes": self.boss_heroes},
            )
        self.start = Button(
            cut_right(ends, bw)[0],
            label,
            self.begin,
            primary=True,
            hotkey="Enter",
        )
        self.back = Button(cut_left(ends, th.px(160))[0], "Back", self.app.pop, hotkey="Esc")
        self.random = Button(random_rect, "Random heroes", self.shuffle)
        # the formats in a centred row under the title
        gap, mh = th.px(8), th.px(34)
        mw = min(th.px(176), (w - th.px(60) - gap * (len(self.modes) - 1)) // len(self.modes))
        strip = pygame.Rect(0, th.px(70), w, mh)
        self.mode_buttons = [
            Button(
                pygame.Rect(0, 0, 0, 0),
                MODE_LABELS[mode],
                lambda m=mode: self.set_mode(m),
                tooltip=MODE_TIPS.get(mode, ""),
                data={"mode": mode},
            )
            for mode in self.modes
        ]
        # each as wide as its words, all at one size ("King of the Hill" at 1.50x), the row
        # as wide as equal buttons were (up to 176 each)
        count = len(self.modes)
        span = count * mw + gap * (count - 1)
        button_row(self.mode_buttons, anchored((span, mh), strip), th, gap)
        self.controls: list[Button] = []
        top = th.px(116)
        body = pygame.Rect(th.px(30), top, w - th.px(60), h - th.px(84) - top)
        if self.mode in ("duel", "boss_vs_boss"):
            # a column per side: its hero tiles, its player kinds along the bottom
            self.columns = split_row(body, [1, 1], th.px(30))
            for side, col in enumerate(self.columns):
                self._add_tiles(side, col)
                kinds = cut_bottom(cut_bottom(inset(col, th.px(12), 0), th.px(14))[1], th.px(40))
                self._add_kinds(side, kinds[0])
            return
        # team formats: seat rows on the left, the selected seat's hero grid on the right
        self.seat_panel, grid_room = cut_left(body, th.px(620), th.px(16))
        self.columns = [grid_room]
        count = self.seat_count()
        head = self.seats_head()
        row_h = min(th.px(84), (self.seat_panel.h - head - th.px(8)) // count)
        seats_room = cut_top(inset(self.seat_panel, th.px(10), 0), head)[1]
        self.seat_rows = column(
            seats_room, count, (seats_room.w, row_h - th.px(6)), th.px(6), "top"
        )
        for seat, seat_row in enumerate(self.seat_rows):
            self.controls.append(
                Button(
                    seat_row,
                    "",
                    lambda s=seat: self.select(s),
                    tooltip="Click to choose this seat's hero on the right.",
                    data={"seat_row": seat},
                )
            )
            kh = min(th.px(34), seat_row.h - th.px(12))
            self._add_kinds(seat, anchored((th.px(404), kh), inset(seat_row, th.px(8), 0), "right"))
        self._add_tiles(self.selected, self.columns[0])

    def _add_tiles(self, side: int, col: pygame.Rect) -> None:
        th = self.app.theme
        tile_w, tile_h, per_row, gap = self.tile_geometry(col.w)
        self.tiles_bottom = 0
        for index, _hero in enumerate(self.pool(side)):
            line, pos = divmod(index, per_row)
            rect = pygame.Rect(
                col.x + th.px(12) + pos * (tile_w + gap),
                col.y + th.px(44) + line * (tile_h + gap),
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

    def _add_kinds(self, side: int, strip: pygame.Rect) -> None:
        """The player-kind buttons (a person, the computer at each level) sharing `strip`."""
        th = self.app.theme
        buttons = [
            Button(
                pygame.Rect(0, 0, 0, 0),
                kind_short(kind),
                lambda s=side, k=kind: self.set_kind(s, k),
                tooltip=kind_label(kind),
                data={"side": side, "kind": kind},
            )
            for kind in KINDS
        ]
        # each as wide as its words, all at one size ("CPU Normal" at 1.50x)
        button_row(buttons, strip, th, th.px(6), "left", pad=th.px(14))
        self.controls += buttons

    def tile_geometry(self, column_w: int) -> tuple[int, int, int, int]:
        """Hero tiles: large while few heroes fit one row, else compact rows that wrap."""
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
            if tile_w >= th.px(62) or rows == 4:
                break
            rows += 1
        tile_w = max(th.px(52), min(tile_w, th.px(84)))
        return tile_w, min(tile_w + th.px(10), th.px(76)), per_row, gap

    # ------------------------------------------------------------ starting

    def begin(self, seed: int | None = None, *, replace: bool = False) -> None:
        """Start the match; first ask when it would replace this format's unfinished game."""
        from game.modes.duel import duel_setup
        from game.rules.engine import Engine
        from game.ui.scenes.duel import DuelScene

        if not replace:
            from game.persistence.saved_games import match_entry
            from game.ui.scenes.confirm import ask_replace

            entry, messages = match_entry(self.mode)
            self.app.messages.extend(messages)
            if ask_replace(self.app, entry, lambda: self.begin(seed, replace=True)):
                return
        heroes = [self.pool(s)[i].id for s, i in enumerate(self.choice)]
        if seed is None:
            seed = dev_seed()
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        if self.mode == "boss_vs_many":
            setup = boss_modes.boss_vs_many_setup(heroes[:-1], heroes[-1], seed)
        elif self.mode == "boss_vs_boss":
            setup = boss_modes.boss_vs_boss_setup(heroes, seed)
        elif self.mode == "duel":
            setup = duel_setup(heroes, seed, turn_limit=0)
        else:
            setup = variants.setup_for(self.mode, heroes, seed)
        engine = Engine.new_match(setup)
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

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        # kind buttons sit on top of the seat rows: they get the click first
        ordered = sorted(self.controls, key=lambda b: "seat_row" in b.data)
        extra = [self.count_button] if self.count_button else []
        for button in [self.start, self.back, self.random, *extra, *self.mode_buttons, *ordered]:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "confirm"):
                self.begin()
            elif keymap.pressed(event, "back"):
                self.app.pop()

    def update(self, dt: float) -> None:
        mouse = pygame.mouse.get_pos()
        for rect, text in (tip for tips in self.ability_tips for tip in tips):
            if rect.collidepoint(mouse):
                self.app.tooltip.offer(text, mouse)
                return
        for button in [
            *self.mode_buttons,
            *sorted(self.controls, key=lambda b: "seat_row" in b.data),
        ]:
            if button.rect.collidepoint(mouse):
                if "hero" in button.data:
                    hero = self.pool(button.data["side"])[button.data["hero"]]
                    self.app.tooltip.offer(
                        f"{hero.name} - complexity {hero.complexity}. {hero.bio}", mouse
                    )
                elif button.tooltip:
                    self.app.tooltip.offer(button.tooltip, mouse)
                return

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        title = "New Duel" if self.mode == "duel" else f"New Match: {MODE_LABELS[self.mode]}"
        draw_text(
            surface,
            title,
            th.fit_font(40, title, w - th.px(40), height=th.px(46), serif=True),
            T.BRASS,
            (w // 2, th.px(14)),
            align="center",
            shadow=True,
        )
        for button in self.mode_buttons:
            button.primary = button.data["mode"] == self.mode
            button.draw(surface, th)
        if self.mode in ("duel", "boss_vs_boss"):
            for side, col in enumerate(self.columns):
                panel(surface, col, th, fill=T.WOOD, rim=T.BRASS)
                heading = f"Player {side + 1}" + (": choose a Boss" if self.mode != "duel" else "")
                draw_text(
                    surface,
                    heading,
                    th.fit_font(24, heading, col.w - th.px(28), height=th.px(26), bold=True),
                    T.TEXT,
                    (col.x + th.px(14), col.y + th.px(10)),
                )
                self._draw_hero(surface, side, col)
        else:
            self._draw_seats(surface)
            col = self.columns[0]
            panel(surface, col, th, fill=T.WOOD, rim=T.BRASS)
            heading = f"Seat {self.selected + 1}: choose " + (
                "the Boss" if self.is_boss_seat(self.selected) else "a hero"
            )
            draw_text(
                surface,
                heading,
                th.fit_font(22, heading, col.w - th.px(28), height=th.px(24), bold=True),
                T.TEXT,
                (col.x + th.px(14), col.y + th.px(10)),
            )
            self._draw_hero(surface, self.selected, col)
        for button in self.controls:
            if "seat_row" not in button.data:
                self._draw_control(surface, button)
        for button in (self.start, self.back, self.random, self.count_button):
            if button is not None:
                button.draw(surface, th)

    def seats_head(self) -> int:
        """The seat panel's header: its title and the format's description in two lines of
        13 px (condensed), at least 76 at the layout scale."""
        th = self.app.theme
        two = 2 * th.font_px(13, condensed=True).get_linesize()
        return max(th.px(76), th.px(38) + two)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        from game.ui.art import hero_emblem

        th = self.app.theme
        box = self.seat_panel
        panel(surface, box, th, fill=T.WOOD, rim=T.BRASS)
        draw_text(
            surface,
            "Seats, clockwise",
            th.fit_font(22, "Seats, clockwise", box.w - th.px(28), height=th.px(24), bold=True),
            T.TEXT,
            (box.x + th.px(14), box.y + th.px(8)),
        )
        draw_fitted(
            surface,
            th,
            13,
            MODE_TIPS.get(self.mode, ""),
            T.TEXT_DIM,
            (box.x + th.px(14), box.y + th.px(34)),
            box.w - th.px(28),
            self.seats_head() - th.px(38),
            condensed=True,
            in_tooltip=True,  # the format's button has it as its tooltip
        )
        teams = self.mode in ("2v2", "3v3", "2v2v2")
        for seat, seat_row in enumerate(self.seat_rows):
            team = self.team_of(seat)
            colour = team_colour(team)
            chosen = seat == self.selected
            if chosen:
                glow(surface, seat_row, th, strength=3, radius=8)
            hovered = seat_row.collidepoint(pygame.mouse.get_pos())
            panel(
                surface,
                seat_row,
                th,
                fill=(70, 60, 52) if (chosen or hovered) else T.WOOD_LIGHT,
                rim=T.HIGHLIGHT if chosen else colour,
                radius=8,
            )
            pygame.draw.rect(
                surface,
                colour,
                pygame.Rect(
                    seat_row.x + th.px(4), seat_row.y + th.px(6), th.px(6), seat_row.h - th.px(12)
                ),
                border_radius=th.px(3),
            )
            size = min(th.px(48), seat_row.h - th.px(10))
            hero = self.pool(seat)[self.choice[seat]]
            surface.blit(
                hero_emblem(hero.id, size), (seat_row.x + th.px(16), seat_row.centery - size // 2)
            )
            tx = seat_row.x + th.px(22) + size
            label = f"Seat {seat + 1}"
            side = team_name(team) if teams else ("the Hill" if self.mode == "koth" else "")
            if self.mode == "boss_vs_many":
                side = "Boss" if self.is_boss_seat(seat) else "hero"
            # the words end where the seat's Human / CPU buttons begin
            room = min(
                [
                    b.rect.x - tx - th.px(4)
                    for b in self.controls
                    if b.data.get("side") == seat
                    and "kind" in b.data
                    and b.rect.colliderect(seat_row)
                ]
                or [seat_row.right - tx - th.px(6)]
            )
            name_font = th.fit_font(16, hero.name, room, height=th.px(19), bold=True)
            draw_text(surface, hero.name, name_font, T.TEXT, (tx, seat_row.y + th.px(6)))
            for sub in (f"{label} · {side}" if side else label, side or label, f"{seat + 1}"):
                sub_font = th.fit_font(13, sub, room, height=th.px(15), bold=True, condensed=True)
                if sub_font.size(sub)[0] <= room:
                    break
            draw_text(
                surface,
                sub,
                sub_font,
                colour,
                (tx, seat_row.y + th.px(28)),
            )

    def _draw_control(self, surface: pygame.Surface, button: Button) -> None:
        th = self.app.theme
        side = button.data["side"]
        if "kind" in button.data:
            selected = self.kind[side] == button.data["kind"]
            button.primary = selected
            button.draw(surface, th)
            return
        index = button.data["hero"]
        hero = self.pool(side)[index]
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
        if compact:
            # The emblem and the whole name (two lines when needed); details are below.
            fixed = th.fixed()  # a small tile: the name keeps 1.00x proportions
            lines, font = fit_name(
                lambda bold: fixed.font(13, bold=bold, condensed=True), hero.name, rect.w - th.px(2)
            )
            line_h = font.get_linesize() - th.px(2)
            size = max(th.px(24), min(rect.w - th.px(20), rect.h - th.px(8) - 2 * line_h))
            emblem = hero_emblem(hero.id, size)
            surface.blit(emblem, emblem.get_rect(midtop=(rect.centerx, rect.y + th.px(4))))
            y = rect.bottom - th.px(4) - len(lines) * line_h
            for line in lines:
                surf = text_surface(font, line, T.TEXT)
                surface.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
                y += line_h
            return
        emblem = hero_emblem(hero.id, th.px(64))
        surface.blit(emblem, emblem.get_rect(midtop=(rect.centerx, rect.y + th.px(4))))
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
        hero = self.pool(side)[self.choice[side]]
        top = col.y + self.tiles_bottom + th.px(10)
        x = col.x + th.px(16)
        width = col.w - th.px(32)
        title_font = th.fit_font(26, hero.name, width, height=th.px(30), serif=True)
        draw_text(surface, hero.name, title_font, T.BRASS, (x, top))
        meta = f"Complexity {hero.complexity} of 6   -   Weapon: {hero.weapon}"
        if self.is_boss_seat(side):
            meta = "Boss   -   Chaos dice, Action cards"
        meta_font = th.font(14)
        if title_font.size(hero.name)[0] + meta_font.size(meta)[0] + th.px(24) <= width:
            # on the name's line when both fit: one more line for the abilities
            draw_text(
                surface, meta, meta_font, T.TEXT_DIM, (x + width, top + th.px(10)), align="right"
            )
            y = top + th.px(36)
        else:
            meta_font = th.fit_font(14, meta, width, height=th.px(16), condensed=True)
            draw_text(surface, meta, meta_font, T.TEXT_DIM, (x, top + th.px(34)))
            y = top + th.px(56)
        fixed = th.fixed()  # a dense list in a fixed panel: 1.00x words
        font = fixed.font(14, condensed=True)
        bold = fixed.font(14, bold=True, condensed=True)
        limit = col.bottom - (th.px(60) if len(self.columns) == 2 else th.px(10))
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
        # the whole story and every ability name: the list takes one column, or two (a long
        # requirement wraps), or - where neither leaves the story room - the names alone in
        # columns, each requirement in its name's tooltip; the first that leaves the story its
        # full size (nearly, for large text), else the one that leaves it the largest words
        gap = th.px(6)
        full = max(13, round(14 * th.text_scale))
        good = th.font_px(max(13, full - max(1, round(full * 0.15)))).get_height()
        limit -= gap
        best = None
        for columns, reqs in ((1, True), (2, True), (3, False)):
            rows, used = ability_rows(items, bold, font, width, columns, gap, reqs)
            if rows is None:
                continue
            story = whole_lines(th, 14, hero.bio, width, limit - y - used - gap)
            if story is None:
                continue
            height = story[1].get_height()
            if best is None or height > best[0]:
                best = (height, rows, story)
            if height >= good:
                best = (height, rows, story)
                break
        if best is None:  # no room for both whole: the story gives way (the tiles' tooltip)
            rows, used = ability_rows(items, bold, font, width, 3, gap, False)
            story = fit_lines(th, 14, hero.bio, width, limit - y - used - gap, in_tooltip=True)
        else:
            _height, rows, story = best
        lines, story_font = story
        for line in lines:
            surface.blit(text_surface(story_font, line, T.TEXT), (x, y))
            y += story_font.get_linesize()
        y += gap
        drawn = self.drawn_abilities[side] = []
        tips = self.ability_tips[side] = []
        step = font.get_linesize()
        for (ability, req), (dx, dy, name_w, names, reqs) in zip(items, rows, strict=True):
            drawn.append(ability.name)
            colour = T.GOLD if ability.kind == "ultimate" else T.TEXT
            for k, line in enumerate(names):
                surface.blit(text_surface(bold, line, colour), (x + dx, y + dy + k * step))
            for k, line in enumerate(reqs):
                surface.blit(
                    text_surface(font, line, T.TEXT_DIM), (x + dx + name_w, y + dy + k * step)
                )
            if not reqs:
                spot = pygame.Rect(x + dx, y + dy, name_w, len(names) * step)
                tips.append((spot, f"{ability.name}: {req}"))


def ability_rows(items, bold, font, width: int, columns: int, gap: int, reqs: bool = True):
    """The setup's ability list in `columns`: for each (ability, requirement) its offset, the
    width of its name column and its name and requirement lines (a long requirement wraps
    after a " / "; `reqs=False`: names only), and the height of the whole list; (None, 0)
    when a name or one alternative of a requirement would have to break."""
    per_column = -(-len(items) // columns) if items else 0
    col_w = width // columns
    step = font.get_linesize()
    rows, used = [], 0
    for c in range(columns):
        chunk = items[c * per_column : (c + 1) * per_column]
        if not chunk:
            continue
        widest = max(bold.size(ability.name)[0] for ability, _req in chunk)
        name_w = min(widest, (col_w * 3 // 5 if reqs else col_w) - gap * 2) + gap * 2
        dy = 0
        for ability, req in chunk:
            names = wrap(bold, ability.name, name_w - gap * 2)
            lines = []
            if reqs:  # break between the alternatives of a requirement, not inside one
                room = col_w - name_w - gap * 2
                parts = " / ".join(part.replace(" ", "\u00a0") for part in req.split(" / "))
                lines = [line.replace("\u00a0", " ") for line in wrap(font, parts, room)]
                if len(names) > 1 or any(font.size(line)[0] > room for line in lines):
                    return None, 0  # a name or a requirement would break: not this way
            rows.append((c * col_w, dy, name_w, names, lines))
            dy += max(len(names), len(lines)) * step
        used = max(used, dy)
    return rows, used
