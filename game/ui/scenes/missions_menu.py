"""Mission select (missions, heroes, seats, difficulty, profiles): the screen before the board.

Its neighbours: the Perk sheet of a profile is scenes/perk_sheet.py, the end-of-mission result
scenes/mission_result.py, and the files beside the board (the seats and profiles of a mission in
progress, Perk sheets, spend limits) scenes/mission_files.py; their names are importable from
here too.
"""

from __future__ import annotations

import random

import pygame

from game.missions import perks as P
from game.ui import keymap
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import cut_bottom, cut_left, cut_right, cut_top, inset, row_sized
from game.ui.scenes.mission_files import (  # noqa: F401 - the names other modules import from here
    DEFAULT_PROFILE,
    clear_mission_save,
    has_mission_save,
    known_profiles,
    load_mission_ui,
    mythic_name,
    mythic_names,
    save_mission_ui,
    set_spend_limit,
    spend_limit,
    store_sheet,
    ui_path,
)
from game.ui.scenes.mission_result import MissionResultScene  # noqa: F401
from game.ui.scenes.perk_sheet import PerkSheetScene
from game.ui.widgets import (
    Button,
    draw_fitted,
    draw_text,
    felt_background,
    fit_name,
    glow,
    panel,
    text_surface,
)

EASIER_WORDS = {
    "double_pp": ("Double PP", "Perk Points for this mission are doubled."),
    "health": ("+10 Health", "Every Hero starts with 10 more Health."),
    "momentum": ("+5 Momentum", "Every Hero starts with 5 Momentum."),
}


def _small_button(rect, label, fn, **kw) -> Button:
    return Button(pygame.Rect(rect), label, fn, **kw)


# ---------------------------------------------------------------- mission select


class MissionSelectScene(Scene):
    def focus_targets(self) -> list:
        """The missions, seats and heroes (drawn as pictures, not buttons) for the focus."""
        out = []
        for b in self.buttons:
            for name in ("mission", "seat_focus", "hero"):
                if name in b.data and b.on_click is not None:
                    out.append((b.rect, f"{name} {b.data[name]}", b.rect.center))
        return out

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.content.loader import default_content
        from game.missions.content import default_missions

        self.db = default_missions()
        self.content = default_content()
        self.missions = sorted(self.db.missions.values(), key=lambda m: (m.difficulty, m.name))
        self.mission = self.missions[0].id
        self.heroes_all = sorted(self.content.heroes)
        self.profiles = known_profiles()
        self.profile = self.profiles[0]
        self.seats: list[dict] = [
            {"hero": "barbarian", "kind": "human", "profile": self.profile, "mythic": ""}
        ]
        self.focus_seat = 0
        self.difficulty_up = 0
        self.easier: set[str] = set()
        self.typing: str | None = None
        self.message = ""
        self.buttons: list[Button] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.sheets: dict[str, P.PerkSheet] = {}

    def sheet(self, profile: str) -> P.PerkSheet:
        if profile not in self.sheets:
            sheet, messages = P.load_sheet(profile)
            self.app.messages.extend(messages)
            self.sheets[profile] = sheet
        return self.sheets[profile]

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        # the mission list and its details on the left; the map preview, the seats, the hero
        # grid and the difficulty stacked on the right; the buttons above and below
        body = pygame.Rect(th.px(20), th.px(64), w - th.px(40), h - th.px(140))
        left, right = cut_left(body, th.px(500), th.px(20))
        self.list_rect, self.detail_rect = cut_top(left, th.px(6 * 62), th.px(8))
        self.preview_rect, rest = cut_top(right, th.px(170), th.px(8))
        self.seats_rect, rest = cut_top(rest, th.px(196), th.px(8))
        self.grid_rect, rest = cut_top(rest, th.px(118), th.px(8))
        self.diff_rect, _ = cut_top(rest, th.px(56))
        self.build()

    # ---- state changes

    def select_mission(self, mid: str) -> None:
        self.mission = mid

    def add_seat(self) -> None:
        if len(self.seats) >= 4:
            return
        used = {s["hero"] for s in self.seats}
        hero = next((h for h in self.heroes_all if h not in used), self.heroes_all[0])
        self.seats.append({"hero": hero, "kind": "computer", "profile": "", "mythic": ""})
        self.focus_seat = len(self.seats) - 1
        self.build()

    def remove_seat(self, seat: int) -> None:
        if len(self.seats) > 1:
            del self.seats[seat]
            self.focus_seat = min(self.focus_seat, len(self.seats) - 1)
            self.build()

    def set_kind(self, seat: int, kind: str) -> None:
        s = self.seats[seat]
        s["kind"] = kind
        if kind == "human" and not s["profile"]:
            taken = {x["profile"] for x in self.seats if x["kind"] == "human"}
            s["profile"] = next((p for p in self.profiles if p not in taken), self.profile)
        if kind == "computer":
            s["profile"], s["mythic"] = "", ""
        self.build()

    def cycle_profile(self, seat: int) -> None:
        s = self.seats[seat]
        names = self.profiles
        i = names.index(s["profile"]) if s["profile"] in names else -1
        s["profile"] = names[(i + 1) % len(names)]
        s["mythic"] = ""
        self.build()

    def cycle_mythic(self, seat: int) -> None:
        s = self.seats[seat]
        options = ["", *sorted(self.db.mythics)]
        i = options.index(s["mythic"]) if s["mythic"] in options else 0
        s["mythic"] = options[(i + 1) % len(options)]
        self.build()

    def pick_hero(self, hero: str) -> None:
        self.seats[self.focus_seat]["hero"] = hero
        self.build()

    def focus(self, seat: int) -> None:
        self.focus_seat = seat
        self.build()

    def change_up(self, delta: int) -> None:
        self.difficulty_up = max(0, min(4, self.difficulty_up + delta))
        if self.difficulty_up:
            self.easier.clear()
        self.build()

    def toggle_easier(self, option: str) -> None:
        if option in self.easier:
            self.easier.discard(option)
        else:
            self.easier.add(option)
            self.difficulty_up = 0
        self.build()

    def set_profile(self, name: str) -> None:
        self.profile = name
        if name not in self.profiles:
            self.profiles = sorted({*self.profiles, name})
            if not P.sheet_path(name).exists():
                store_sheet(self.app, self.sheet(name), name)  # a new profile exists from now on
        if self.seats and self.seats[0]["kind"] == "human":
            self.seats[0]["profile"] = name
        self.build()

    def next_profile(self) -> None:
        i = self.profiles.index(self.profile) if self.profile in self.profiles else -1
        self.set_profile(self.profiles[(i + 1) % len(self.profiles)])

    def new_profile(self) -> None:
        self.typing = ""
        self.build()

    def open_perks(self) -> None:
        self.app.push(PerkSheetScene(self.app, self.profile))
        self.sheets.pop(self.profile, None)

    def back(self) -> None:
        self.app.pop()

    def setup(self, seed: int | None = None):
        from game.missions.engine import MissionSetup

        perks_, mythics = [], []
        for s in self.seats:
            if s["kind"] == "human" and s["profile"]:
                sheet = self.sheet(s["profile"])
                perks_.append(P.bonuses(sheet, self.db))
                mythics.append(s["mythic"] if sheet.mythic_access() else "")
            else:
                perks_.append(None)
                mythics.append("")
        if seed is None:
            from game.ui.devhooks import dev_seed

            seed = dev_seed()
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        return MissionSetup(
            self.mission,
            tuple(s["hero"] for s in self.seats),
            seed=seed,
            difficulty_up=self.difficulty_up,
            easier=tuple(sorted(self.easier)),
            perks=tuple(perks_),
            mythics=tuple(mythics),
        )

    def begin(self, seed: int | None = None, *, replace: bool = False) -> None:
        """Start the mission; first ask when it would replace the unfinished mission."""
        from game.missions.engine import MissionEngine
        from game.ui.scenes.mission import MissionScene

        if not replace:
            from game.persistence.saved_games import mission_entry
            from game.ui.scenes.confirm import ask_replace

            entry, messages = mission_entry()
            self.app.messages.extend(messages)
            if ask_replace(self.app, entry, lambda: self.begin(seed, replace=True)):
                return
        setup = self.setup(seed)
        for s in self.seats:
            if s["kind"] == "human" and s["profile"]:
                store_sheet(self.app, self.sheet(s["profile"]), s["profile"])  # on disk from now
        engine = MissionEngine(setup)
        seats = [{"kind": s["kind"]} for s in self.seats]
        profiles = [s["profile"] if s["kind"] == "human" else "" for s in self.seats]
        clear_mission_save()
        self.app.push(MissionScene(self.app, engine, seats, profiles))

    # ---- controls

    def build(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        b: list[Button] = []
        # missions
        row_h = th.px(62)
        for i, m in enumerate(self.missions):
            rect = pygame.Rect(
                self.list_rect.x, self.list_rect.y + i * row_h, self.list_rect.w, row_h - th.px(6)
            )
            b.append(
                Button(rect, "", lambda mid=m.id: self.select_mission(mid), data={"mission": m.id})
            )
        # seats
        sr = self.seats_rect
        seat_h = th.px(40)
        y = sr.y + th.px(30)
        for i, s in enumerate(self.seats):
            row = pygame.Rect(
                sr.x + th.px(8), y + i * (seat_h + th.px(4)), sr.w - th.px(16), seat_h
            )
            b.append(
                Button(
                    pygame.Rect(row.x, row.y, th.px(210), seat_h),
                    "",
                    lambda i=i: self.focus(i),
                    data={"seat_focus": i},
                )
            )
            x = row.x + th.px(218)
            for kind, label in (("human", "Human"), ("computer", "CPU")):
                bt = Button(
                    pygame.Rect(x, row.y + th.px(4), th.px(76), seat_h - th.px(8)),
                    label,
                    lambda i=i, k=kind: self.set_kind(i, k),
                    primary=s["kind"] == kind,
                    data={"seat": i, "kind": kind},
                )
                b.append(bt)
                x += th.px(80)
            if s["kind"] == "human":
                b.append(
                    Button(
                        pygame.Rect(x + th.px(6), row.y + th.px(4), th.px(150), seat_h - th.px(8)),
                        f"Profile: {s['profile']}",
                        lambda i=i: self.cycle_profile(i),
                        tooltip="Whose Perk sheet this Hero uses (click to change).",
                        data={"seat": i, "profile": True},
                    )
                )
                sheet = self.sheet(s["profile"])
                if sheet.mythic_access():
                    names = mythic_names()
                    label = mythic_name(s["mythic"], names) if s["mythic"] else "No Mythic"
                    b.append(
                        Button(
                            pygame.Rect(
                                x + th.px(162), row.y + th.px(4), th.px(120), seat_h - th.px(8)
                            ),
                            label,
                            lambda i=i: self.cycle_mythic(i),
                            tooltip="A Mythic ability (unlocked by New Game+): click to change.",
                            data={"seat": i, "mythic": True},
                        )
                    )
            if len(self.seats) > 1:
                b.append(
                    Button(
                        pygame.Rect(
                            row.right - th.px(36), row.y + th.px(4), th.px(34), seat_h - th.px(8)
                        ),
                        "X",
                        lambda i=i: self.remove_seat(i),
                        tooltip="Remove this Hero.",
                        data={"seat": i, "remove": True},
                    )
                )
        if len(self.seats) < 4:
            yy = y + len(self.seats) * (seat_h + th.px(4))
            b.append(
                Button(
                    pygame.Rect(sr.x + th.px(8), yy, th.px(160), th.px(32)),
                    "+ Add a Hero",
                    self.add_seat,
                    data={"add": True},
                )
            )
        # hero grid
        gr = self.grid_rect
        per_row = 8
        tw = (gr.w - th.px(16)) // per_row
        tile_h = th.px(52)
        for i, hero in enumerate(self.heroes_all):
            c, r = i % per_row, i // per_row
            rect = pygame.Rect(
                gr.x + th.px(8) + c * tw,
                gr.y + th.px(6) + r * (tile_h + th.px(4)),
                tw - th.px(4),
                tile_h,
            )
            b.append(Button(rect, "", lambda hero=hero: self.pick_hero(hero), data={"hero": hero}))
        # difficulty
        dr = self.diff_rect
        x = dr.x + th.px(110)
        b.append(
            Button(
                pygame.Rect(x, dr.y + th.px(12), th.px(34), th.px(32)),
                "-",
                lambda: self.change_up(-1),
                data={"up": -1},
            )
        )
        b.append(
            Button(
                pygame.Rect(x + th.px(80), dr.y + th.px(12), th.px(34), th.px(32)),
                "+",
                lambda: self.change_up(1),
                data={"up": 1},
                tooltip="Harder: more black Enemy Dice, Oppression on every Hero, tougher enemies, "
                "+1 clock segment; Perk Points count the Total Difficulty.",
            )
        )
        x = dr.x + th.px(330)
        for option, (label, tip) in EASIER_WORDS.items():
            b.append(
                Button(
                    pygame.Rect(x, dr.y + th.px(12), th.px(122), th.px(32)),
                    label,
                    lambda o=option: self.toggle_easier(o),
                    primary=option in self.easier,
                    tooltip="Easier: " + tip,
                    data={"easier": option},
                )
            )
            x += th.px(128)
        # profile, bottom row
        top_bar = pygame.Rect(0, th.px(14), w - th.px(20), th.px(34))
        profile, new, perks = row_sized(
            top_bar, [th.px(170), th.px(120), th.px(144)], th.px(34), th.px(8), "right"
        )
        b.append(
            Button(
                profile,
                f"Profile: {self.profile}",
                self.next_profile,
                tooltip="Switch the player profile (each has its own Perk sheet).",
                data={"main_profile": True},
            )
        )
        b.append(
            Button(
                new,
                "New profile",
                self.new_profile,
            )
        )
        b.append(
            Button(
                perks,
                "Perk sheet",
                self.open_perks,
                tooltip="Spend Perk Points; Feats, New Game+ and Mythics.",
            )
        )
        screen = pygame.Rect(0, 0, w, h)
        bottom_bar = inset(cut_bottom(cut_bottom(screen, th.px(18))[1], th.px(44))[0], th.px(20), 0)
        b.append(
            Button(
                cut_left(bottom_bar, th.px(160))[0],
                "Back",
                self.back,
                hotkey="Esc",
            )
        )
        self.start = Button(
            cut_right(bottom_bar, th.px(240))[0],
            "Start Mission",
            self.begin,
            primary=True,
            hotkey="Enter",
        )
        b.append(self.start)
        self.buttons = b

    def handle(self, event: pygame.event.Event) -> None:
        if self.typing is not None:
            if event.type == pygame.TEXTINPUT:
                if len(self.typing) < 24:
                    self.typing += "".join(ch for ch in event.text if P.PROFILE_RE.match(ch))
            elif event.type == pygame.KEYDOWN:
                if keymap.text_key(event) == "erase":
                    self.typing = self.typing[:-1]
                elif keymap.text_key(event) == "done":
                    name = self.typing.strip()
                    self.typing = None
                    if name and P.PROFILE_RE.match(name):
                        self.set_profile(name)
                elif keymap.text_key(event) == "cancel":
                    self.typing = None
            return
        for b in self.buttons:
            if b.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "back"):
                self.back()
            elif keymap.pressed(event, "confirm"):
                self.begin()
            elif keymap.pressed(event, "down", "up"):
                ids = [m.id for m in self.missions]
                i = ids.index(self.mission) + (1 if keymap.pressed(event, "down") else -1)
                self.mission = ids[i % len(ids)]

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
        if self.app.messages and self.message_rect().collidepoint(mouse):
            self.app.tooltip.offer(self.app.messages[-1], mouse)

    # ---- drawing

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import art

        th = self.app.theme
        felt_background(surface)
        self.tips = []
        draw_text(
            surface,
            "Missions",
            th.fit_font(38, "Missions", th.px(200), height=th.px(42), serif=True),
            T.BRASS,
            (th.px(20), th.px(8)),
            shadow=True,
        )
        draw_text(
            surface,
            "One to four Heroes against the computer's enemies",
            th.fit_font(15, "One to four Heroes against the computer's enemies", th.px(480)),
            T.TEXT_DIM,
            (th.px(230), th.px(26)),
        )
        sheet = self.sheet(self.profile)
        mission = self.db.missions[self.mission]
        for b in self.buttons:
            if "mission" in b.data:
                self._draw_mission_row(surface, b, sheet)
        # details
        dr = self.detail_rect
        panel(surface, dr, th, radius=10)
        x, y = dr.x + th.px(12), dr.y + th.px(8)
        head = th.font(20, bold=True)
        draw_text(surface, mission.name, head, T.BRASS, (x, y))
        y += head.get_linesize()
        s1, s2 = mission.sides
        hench = ", ".join(self.db.henchmen[hid].name for hid in s1.henchmen)
        threat = self.db.threats[s1.threat].name if s1.threat else "none"
        lines = [
            f"Side 1 ({'Mission Run' if s1.kind == 'run' else 'Boss Fight'}): {s1.objective_text}",
            f"Henchmen: {hench}.  Unstoppable Threat: {threat}.",
            f"Side 2 ({'Boss Fight' if s2.kind == 'boss' else 'Mission Run'}): {s2.objective_text}",
        ]
        if s1.perfect:
            lines.append(f"Perfect: {s1.perfect['text']}")
        # the story and the sides' lines whole, in one size (14 down to 13 px); the panel's
        # tooltip has them too
        block = "\n".join([mission.text, *lines])
        self.tips.append((dr, block))
        draw_fitted(
            surface,
            th,
            14,
            block,
            T.TEXT,
            (x, y),
            dr.w - th.px(24),
            dr.bottom - y - th.px(4),
            in_tooltip=True,
        )
        # previews
        pr = self.preview_rect
        panel(surface, pr, th, radius=10)
        half = (pr.w - th.px(30)) // 2
        for i, side in enumerate(mission.sides):
            box = pygame.Rect(
                pr.x + th.px(10) + i * (half + th.px(10)), pr.y + th.px(26), half, pr.h - th.px(34)
            )
            label = f"Side {i + 1}: " + ("Mission Run" if side.kind == "run" else "Boss Fight")
            draw_text(surface, label, th.font(14, bold=True), T.BRASS, (box.x, pr.y + th.px(6)))
            self._draw_preview(surface, box, side)
        # seats
        sr = self.seats_rect
        panel(surface, sr, th, radius=10)
        from game.missions.engine import START_HEALTH

        hp = START_HEALTH[len(self.seats)] + (10 if "health" in self.easier else 0)
        hp_text = f"Starting Health {hp}"
        hp_font = th.fit_font(13, hp_text, th.px(150), bold=True)
        heading = f"Heroes ({len(self.seats)} of 4) - click a seat, then a hero below"
        room = sr.w - th.px(30) - hp_font.size(hp_text)[0]
        draw_text(
            surface,
            heading,
            th.fit_font(15, heading, room, bold=True, condensed=True),
            T.BRASS,
            (sr.x + th.px(10), sr.y + th.px(6)),
        )
        draw_text(
            surface,
            hp_text,
            hp_font,
            T.TEXT_DIM,
            (sr.right - th.px(10), sr.y + th.px(8)),
            align="right",
        )
        for b in self.buttons:
            if "seat_focus" in b.data:
                i = b.data["seat_focus"]
                s = self.seats[i]
                row = b.rect
                if i == self.focus_seat:
                    glow(surface, row, th, strength=3, radius=6)
                pygame.draw.rect(
                    surface,
                    T.WOOD_LIGHT if i != self.focus_seat else (80, 66, 44),
                    row,
                    border_radius=th.px(6),
                )
                pygame.draw.rect(surface, MV.SEAT_COLOURS[i], row, 2, border_radius=th.px(6))
                surface.blit(
                    art.hero_emblem(s["hero"], row.h - th.px(6)),
                    (row.x + th.px(4), row.y + th.px(3)),
                )
                draw_text(
                    surface,
                    f"{i + 1}. {self.content.heroes[s['hero']].name}",
                    th.font(15, bold=True, condensed=True),
                    T.WHITE,
                    (row.x + row.h + th.px(4), row.y + th.px(10)),
                )
        # hero grid
        gr = self.grid_rect
        panel(surface, gr, th, radius=10)
        chosen = {s["hero"]: i for i, s in enumerate(self.seats)}
        for b in self.buttons:
            if "hero" in b.data:
                hero = b.data["hero"]
                rect = b.rect
                mine = self.seats[self.focus_seat]["hero"] == hero
                if mine:
                    glow(surface, rect, th, strength=3, radius=6)
                fill = (80, 66, 44) if mine else (T.WOOD_LIGHT if not b.hovered else (86, 74, 62))
                pygame.draw.rect(surface, fill, rect, border_radius=th.px(6))
                rim = MV.SEAT_COLOURS[chosen[hero]] if hero in chosen else T.BRASS_DARK
                pygame.draw.rect(
                    surface, rim, rect, 2 if hero in chosen else 1, border_radius=th.px(6)
                )
                # the whole name, over two lines when needed (never cut), the emblem above it
                fixed = th.fixed()
                lines, font = fit_name(
                    lambda bold, f=fixed: f.font(12, bold=bold, condensed=True),
                    self.content.heroes[hero].name,
                    rect.w - th.px(4),
                )
                line_h = font.get_linesize() - th.px(2)
                size = max(th.px(14), min(th.px(30), rect.h - th.px(3) - len(lines) * line_h))
                surface.blit(
                    art.hero_emblem(hero, size), (rect.centerx - size // 2, rect.y + th.px(2))
                )
                y = rect.bottom - th.px(1) - len(lines) * line_h
                for line in lines:
                    lab = text_surface(font, line, T.WHITE)
                    surface.blit(lab, lab.get_rect(midtop=(rect.centerx, y)))
                    y += line_h
        # difficulty
        dr = self.diff_rect
        panel(surface, dr, th, radius=10)
        draw_text(
            surface, "Harder", th.font(15, bold=True), T.BRASS, (dr.x + th.px(12), dr.y + th.px(18))
        )
        lab = text_surface(th.font(20, bold=True), f"+{self.difficulty_up}", T.WHITE)
        surface.blit(lab, lab.get_rect(center=(dr.x + th.px(167), dr.y + th.px(28))))
        draw_text(
            surface,
            "Easier",
            th.fit_font(15, "Easier", th.px(60), bold=True, condensed=True),
            T.BRASS,
            (dr.x + th.px(262), dr.y + th.px(18)),
        )
        total = mission.difficulty + self.difficulty_up
        humans = sum(1 for s in self.seats if s["kind"] == "human")
        summary = (
            f"{mission.name}  -  Total Difficulty {total}  -  {len(self.seats)} "
            f"Hero{'es' if len(self.seats) > 1 else ''} ({humans} human)"
        )
        if self.easier:
            summary += "  -  easier: " + ", ".join(EASIER_WORDS[o][0] for o in sorted(self.easier))
        h = self.app.screen.get_height()
        draw_text(
            surface,
            summary,
            th.font(15, bold=True),
            T.TEXT,
            (self.app.screen.get_width() // 2 + th.px(20), h - th.px(48)),
            align="center",
        )
        for b in self.buttons:
            if not ({"mission", "seat_focus", "hero"} & set(b.data)):
                b.draw(surface, th)
        if self.typing is not None:
            self._draw_typing(surface)
        if self.app.messages:  # the latest, on the line left under the summary
            box = self.message_rect()
            draw_fitted(
                surface,
                th,
                13,
                self.app.messages[-1],
                T.NEGATIVE,
                box.topleft,
                box.w,
                box.h,
                in_tooltip=True,
            )

    def message_rect(self) -> pygame.Rect:
        """The line the latest message is drawn on (cut short; its full text is the tooltip
        there: it used to run off the bottom of the window)."""
        th = self.app.theme
        return pygame.Rect(
            th.px(200), self.app.screen.get_height() - th.px(24), th.px(780), th.px(20)
        )

    def _draw_mission_row(self, surface, b: Button, sheet) -> None:
        th = self.app.theme
        m = self.db.missions[b.data["mission"]]
        rect = b.rect
        selected = m.id == self.mission
        if selected:
            glow(surface, rect, th, strength=3)
        panel(
            surface,
            rect,
            th,
            fill=(80, 66, 44) if selected else (T.WOOD_LIGHT if b.hovered else T.WOOD),
            rim=T.HIGHLIGHT if selected else T.BRASS,
            radius=8,
        )
        draw_text(
            surface,
            m.name,
            th.fit_font(17, m.name, rect.w - th.px(190), height=th.px(20), bold=True),
            T.WHITE,
            (rect.x + th.px(12), rect.y + th.px(6)),
        )
        sides = " + ".join("Mission Run" if s.kind == "run" else "Boss Fight" for s in m.sides)
        draw_text(surface, sides, th.font(13), T.TEXT_DIM, (rect.x + th.px(12), rect.y + th.px(30)))
        # difficulty pips
        x = rect.right - th.px(170)
        draw_text(surface, "Difficulty", th.font(12, bold=True), T.TEXT_DIM, (x, rect.y + th.px(8)))
        for i in range(5):
            c = (x + th.px(8) + i * th.px(18), rect.y + th.px(36))
            pygame.draw.circle(surface, T.HEALTH if i < m.difficulty else (60, 50, 44), c, th.px(7))
            pygame.draw.circle(surface, T.BRASS, c, th.px(7), 1)
        done = m.id in sheet.perfected
        star = pygame.Rect(rect.right - th.px(58), rect.y + th.px(8), th.px(44), th.px(40))
        if done:
            MV._star(surface, star.center, th.px(15), T.GOLD)
            self.tips.append(
                (star, f"{sheet.display_name} completed {m.name} with its perfect reward.")
            )
        else:
            MV._star(surface, star.center, th.px(15), (70, 62, 54))
            self.tips.append(
                (star, "No perfect record yet: win both sides and meet the Side 1 perfect reward.")
            )

    def _draw_preview(self, surface, box: pygame.Rect, side) -> None:
        from game.missions.maps import mission_map

        th = self.app.theme
        pygame.draw.rect(surface, (30, 36, 32), box, border_radius=th.px(6))
        try:
            mmap = mission_map(side.map)
        except Exception as exc:  # a broken map shows its error instead of the preview
            draw_text(
                surface, str(exc), th.font(12), T.NEGATIVE, (box.x + 4, box.y + 4), width=box.w - 8
            )
            return
        layout = MV.HexLayout.fit(mmap.spaces.keys(), box.inflate(-th.px(8), -th.px(8)))
        MV.draw_hex_map(surface, layout, mmap.spaces, th, terrain=side.map)
        for slot, h in mmap.henchmen:
            cx, cy = layout.center(h)
            colour = (
                MV.panel_colour(self.db.henchmen[side.henchmen[slot]].icon)
                if slot < len(side.henchmen)
                else T.NEGATIVE
            )
            pygame.draw.circle(surface, colour, (int(cx), int(cy)), max(3, int(layout.size * 0.45)))
        if mmap.boss is not None:
            cx, cy = layout.center(mmap.boss)
            pygame.draw.circle(
                surface, (150, 40, 60), (int(cx), int(cy)), max(4, int(layout.size * 0.6))
            )
            pygame.draw.circle(
                surface, T.GOLD, (int(cx), int(cy)), max(4, int(layout.size * 0.6)), 2
            )

    def _draw_typing(self, surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 150))
        surface.blit(layer, (0, 0))
        box = pygame.Rect(0, 0, th.px(460), th.px(140))
        box.center = (w // 2, h // 2)
        panel(surface, box, th, radius=10)
        draw_text(
            surface,
            "New profile name",
            th.font(18, bold=True),
            T.BRASS,
            (box.x + th.px(16), box.y + th.px(12)),
        )
        field = pygame.Rect(box.x + th.px(16), box.y + th.px(46), box.w - th.px(32), th.px(38))
        pygame.draw.rect(surface, T.PARCHMENT, field, border_radius=th.px(6))
        draw_text(
            surface,
            (self.typing or "") + "|",
            th.font(18),
            T.INK,
            (field.x + th.px(8), field.y + th.px(8)),
        )
        draw_text(
            surface,
            "Letters, digits, spaces, - and _.  Enter to create, Esc to cancel.",
            th.font(13),
            T.TEXT_DIM,
            (box.x + th.px(16), box.bottom - th.px(30)),
        )
