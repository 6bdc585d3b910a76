"""Missions screens around the board: mission select (missions, heroes, seats, difficulty,
profiles), the Perk sheet of a player profile, and the end-of-mission result.

Perk sheets are read and written only through game/missions/perks.py (atomic JSON per
profile). A mission in progress is saved by game/missions/save.py; the seats (human or
computer) and profiles of that mission sit beside it in `missions/mission_ui.json`.
"""

from __future__ import annotations

import contextlib
import functools
import random
from pathlib import Path

import pygame

from game.missions import perks as P
from game.ui import keymap
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.widgets import (
    Button,
    draw_text,
    felt_background,
    fit_name,
    glow,
    panel,
    text_surface,
)

DEFAULT_PROFILE = "Player"
EASIER_WORDS = {
    "double_pp": ("Double PP", "Perk Points for this mission are doubled."),
    "health": ("+10 Health", "Every Hero starts with 10 more Health."),
    "momentum": ("+5 Momentum", "Every Hero starts with 5 Momentum."),
}
ROW_NAMES = {
    "momentum": "Momentum",
    "grit": "Grit",
    "leadership": "Leadership",
    "heroism": "Heroism",
}


# ---------------------------------------------------------------- files


def _ui_dir() -> Path:
    from game.paths import user_data_dir

    return user_data_dir() / "missions"


def ui_path() -> Path:
    return _ui_dir() / "mission_ui.json"


def save_mission_ui(engine, seats: list[dict], profiles: list[str]) -> None:
    """Save the mission and the window's seats/profiles beside it (OSError when it cannot)."""
    from game.missions.save import save_mission
    from game.persistence.files import write_json

    save_mission(engine)
    write_json(ui_path(), {"version": 1, "seats": seats, "profiles": profiles})


def clear_mission_save() -> None:
    """The mission ended or a new one starts: its save is no longer a game to continue."""
    from game.missions.save import default_path
    from game.persistence.files import remove_save

    for path in (default_path(), ui_path()):
        remove_save(path)


def has_mission_save() -> bool:
    from game.missions.save import default_path

    path = default_path()
    return path.exists() or path.with_name(path.name + ".bak").exists()


def _ui_kind():
    from game.persistence.files import FileKind
    from game.persistence.schema import MissionUiFile

    return FileKind(label="the mission's seats file", model=MissionUiFile, version=1)


def load_mission_ui():
    """(engine, seats, profiles, messages) of the saved mission; raises SaveError."""
    from game.missions.save import load_mission
    from game.persistence.files import load

    engine, messages = load_mission()
    loaded = load(ui_path(), _ui_kind())
    messages += loaded.messages
    n = len(engine.heroes)
    seats = [{"kind": "human"} for _ in range(n)]
    profiles = [DEFAULT_PROFILE] + [""] * (n - 1)
    ui = loaded.value
    if ui is not None:
        if len(ui.seats) == n:
            seats = [{"kind": x.kind} for x in ui.seats]
        if len(ui.profiles) == n:
            profiles = list(ui.profiles)
    return engine, seats, profiles, messages


def store_sheet(app, sheet, profile: str) -> bool:
    """Save a Perk sheet; a full or read-only disk (or a newer sheet that must not be
    overwritten) is told on screen, never raised."""
    try:
        P.save_sheet(sheet, profile)
    except OSError as exc:
        app.messages.append(f"Could not save the Perk sheet '{profile}': {exc}")
        return False
    return True


def known_profiles() -> list[str]:
    folder = P.sheet_path(DEFAULT_PROFILE).parent
    names = sorted(p.stem for p in folder.glob("*.json")) if folder.exists() else []
    names = [n for n in names if P.PROFILE_RE.match(n)]
    return names or [DEFAULT_PROFILE]


def _limits_path() -> Path:
    return _ui_dir() / "spend_limits.json"


def _limits():
    from game.persistence.files import FileKind, load
    from game.persistence.schema import SpendLimitsFile

    kind = FileKind(label="the spend limits file", model=SpendLimitsFile, version=1)
    return load(_limits_path(), kind)


def spend_limit(profile: str, messages: list[str] | None = None) -> int:
    """The (Total) Difficulty of the profile's last mission: Perk Points are spent in columns
    up to it (rule 111). 0 before the first mission. What was wrong with the file (which file,
    where its copy is) is added to `messages`."""
    loaded = _limits()
    if messages is not None:
        messages.extend(loaded.messages)
    return loaded.value.limits.get(profile, 0) if loaded.value is not None else 0


def set_spend_limit(profile: str, difficulty: int) -> None:
    """Record it (a disk that cannot be written only loses this limit, never the game)."""
    from game.persistence.files import write_json

    loaded = _limits()
    limits = dict(loaded.value.limits) if loaded.value is not None else {}
    limits[profile] = max(0, min(20, int(difficulty)))
    with contextlib.suppress(OSError):
        write_json(_limits_path(), {"version": 1, "limits": limits})


@functools.lru_cache(maxsize=1)
def mythic_names() -> dict[str, str]:
    """Mythic ability id -> its name (the rules database keeps only the texts)."""
    import json

    from game.paths import content_dir

    names: dict[str, str] = {}
    try:
        data = json.loads((content_dir() / "missions" / "perks.json").read_text("utf-8"))
        for m in data.get("mythics", []):
            names[m["id"]] = m.get("name", "")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return names


def mythic_name(mythic_id: str, names: dict[str, str]) -> str:
    return names.get(mythic_id) or mythic_id.removeprefix("mythic_").replace("_", " ").title()


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
        self.list_rect = pygame.Rect(th.px(20), th.px(64), th.px(500), th.px(6 * 62))
        self.detail_rect = pygame.Rect(
            th.px(20),
            self.list_rect.bottom + th.px(8),
            th.px(500),
            h - self.list_rect.bottom - th.px(84),
        )
        rx = th.px(540)
        self.preview_rect = pygame.Rect(rx, th.px(64), w - rx - th.px(20), th.px(170))
        self.seats_rect = pygame.Rect(
            rx, self.preview_rect.bottom + th.px(8), w - rx - th.px(20), th.px(196)
        )
        self.grid_rect = pygame.Rect(
            rx, self.seats_rect.bottom + th.px(8), w - rx - th.px(20), th.px(118)
        )
        self.diff_rect = pygame.Rect(
            rx, self.grid_rect.bottom + th.px(8), w - rx - th.px(20), th.px(56)
        )
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
        b.append(
            Button(
                pygame.Rect(w - th.px(470), th.px(14), th.px(170), th.px(34)),
                f"Profile: {self.profile}",
                self.next_profile,
                tooltip="Switch the player profile (each has its own Perk sheet).",
                data={"main_profile": True},
            )
        )
        b.append(
            Button(
                pygame.Rect(w - th.px(292), th.px(14), th.px(120), th.px(34)),
                "New profile",
                self.new_profile,
            )
        )
        b.append(
            Button(
                pygame.Rect(w - th.px(164), th.px(14), th.px(144), th.px(34)),
                "Perk sheet",
                self.open_perks,
                tooltip="Spend Perk Points; Feats, New Game+ and Mythics.",
            )
        )
        b.append(
            Button(
                pygame.Rect(th.px(20), h - th.px(62), th.px(160), th.px(44)),
                "Back",
                self.back,
                hotkey="Esc",
            )
        )
        self.start = Button(
            pygame.Rect(w - th.px(260), h - th.px(62), th.px(240), th.px(44)),
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
        x, y = dr.x + th.px(12), dr.y + th.px(10)
        draw_text(surface, mission.name, th.font(20, bold=True), T.BRASS, (x, y))
        y += th.px(28)
        y += draw_text(
            surface, mission.text, th.font(14), T.TEXT, (x, y), width=dr.w - th.px(24), line_gap=0
        ) + th.px(4)
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
        for line in lines:
            if y > dr.bottom - th.px(18):
                break
            y += draw_text(
                surface,
                line,
                th.font(13),
                T.TEXT,
                (x, y),
                width=dr.w - th.px(24),
                line_gap=0,
                max_height=dr.bottom - y - th.px(4),
            ) + th.px(2)
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
            draw_text(
                surface,
                self.app.messages[-1],
                th.font(13),
                T.NEGATIVE,
                box.topleft,
                width=box.w,
                max_height=box.h,
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
        MV.draw_hex_map(surface, layout, mmap.spaces, th)
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


# ---------------------------------------------------------------- the Perk sheet


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
        self.grid = pygame.Rect(th.px(20), th.px(84), w - th.px(380), th.px(520))
        self.side = pygame.Rect(
            self.grid.right + th.px(12), th.px(84), w - self.grid.right - th.px(32), th.px(520)
        )
        self.buttons = [
            Button(
                pygame.Rect(th.px(20), h - th.px(62), th.px(160), th.px(44)),
                "Back",
                self.app.pop,
                hotkey="Esc",
            ),
            Button(
                pygame.Rect(w - th.px(320), h - th.px(62), th.px(300), th.px(44)),
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
        draw_text(
            surface,
            f"Perk sheet - {sheet.display_name}",
            th.font(34, serif=True),
            T.BRASS,
            (th.px(20), th.px(10)),
            shadow=True,
        )
        pp = f"Perk Points to spend: {sheet.unspent}"
        limit = f"columns 1-{sheet.columns_open()}" if sheet.unspent else "no column (no points)"
        draw_text(
            surface,
            pp,
            th.font(20, bold=True),
            T.GOLD if sheet.unspent else T.TEXT,
            (th.px(22), th.px(52)),
        )
        draw_text(
            surface,
            f"Spend in {limit} - a point fills no column above its own mission's difficulty",
            th.font(14),
            T.TEXT_DIM,
            (th.px(320), th.px(57)),
        )
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
                draw_text(
                    surface,
                    perk.text,
                    th.font(12, condensed=True),
                    T.TEXT,
                    (cell.x + th.px(5), cell.y + th.px(4)),
                    width=cell.w - th.px(10),
                    line_gap=0,
                    max_height=cell.h - th.px(26),
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
            b.draw(surface, th)


# ---------------------------------------------------------------- the result


class MissionResultScene(Scene):
    """The end of a mission: won or lost, sides cleared, the perfect reward, rounds, and the
    Perk Points each human seat's profile earned (recorded on their sheets at once)."""

    def __init__(self, app, mission_scene) -> None:
        super().__init__(app)
        engine = mission_scene.engine
        self.engine = engine
        self.result = engine.result()
        self.awards: list[tuple[str, int]] = []
        self.profiles: list[str] = []
        for seat, info in enumerate(mission_scene.seats):
            profile = mission_scene.profiles[seat] if seat < len(mission_scene.profiles) else ""
            if info.get("kind") == "computer" or not profile or profile in self.profiles:
                continue
            sheet, messages = P.load_sheet(profile)
            app.messages.extend(messages)
            points = P.record_mission(sheet, self.result, engine.setup.easier)
            store_sheet(app, sheet, profile)
            set_spend_limit(profile, self.result["total_difficulty"])
            self.awards.append((sheet.display_name, points))
            self.profiles.append(profile)
        clear_mission_save()

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        bw, bh = th.px(230), th.px(48)
        y = h - bh - th.px(40)
        entries = []
        if self.profiles:
            entries.append(("Spend Perk Points", self.perks))
        entries += [("Missions", self.missions), ("Title", self.title)]
        gap = th.px(20)
        x = w // 2 - (len(entries) * bw + (len(entries) - 1) * gap) // 2
        self.buttons = [
            Button(
                pygame.Rect(x + i * (bw + gap), y, bw, bh),
                label,
                fn,
                primary=i == 0,
                hotkey="Enter" if i == 0 else "",
            )
            for i, (label, fn) in enumerate(entries)
        ]

    def perks(self) -> None:
        for profile in reversed(self.profiles):
            self.app.push(PerkSheetScene(self.app, profile, self.result["total_difficulty"]))

    def missions(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(MissionSelectScene(self.app))

    def title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                self.app.play("button")
                return
        if keymap.pressed(event, "confirm"):
            self.buttons[0].on_click()

    def update(self, dt: float) -> None:
        if self.app.scene is not self:
            return
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.hovered = b.rect.collidepoint(mouse)

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import art

        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        r = self.result
        won = r["result"] == "won"
        mission = self.engine.mission
        draw_text(
            surface,
            "Mission complete!" if won else "Mission lost",
            th.font(48, serif=True),
            T.GOLD if won else T.NEGATIVE,
            (w // 2, th.px(40)),
            align="center",
            shadow=True,
        )
        draw_text(
            surface,
            mission.name,
            th.font(22, bold=True),
            T.BRASS,
            (w // 2, th.px(110)),
            align="center",
        )
        box = pygame.Rect(w // 2 - th.px(330), th.px(150), th.px(660), th.px(360))
        panel(surface, box, th, radius=12)
        x, y = box.x + th.px(24), box.y + th.px(18)
        for i in range(2):
            c = (x + th.px(14) + i * th.px(36), y + th.px(14))
            done = i < r["sides_completed"]
            pygame.draw.circle(surface, T.POSITIVE if done else (50, 44, 40), c, th.px(13))
            pygame.draw.circle(surface, T.BRASS, c, th.px(13), 2)
            lab = text_surface(th.font(13, bold=True), str(i + 1), T.WHITE)
            surface.blit(lab, lab.get_rect(center=c))
        draw_text(
            surface,
            f"Sides cleared: {r['sides_completed']} of 2   -   Rounds: {r['rounds']}",
            th.font(17, bold=True),
            T.TEXT,
            (x + th.px(90), y + th.px(4)),
        )
        y += th.px(44)
        perfect = (
            "Perfect reward earned on Side 1."
            if r.get("perfect")
            else "No perfect reward this time."
        )
        draw_text(surface, perfect, th.font(15), T.GOLD if r.get("perfect") else T.TEXT_DIM, (x, y))
        y += th.px(26)
        draw_text(
            surface,
            f"Difficulty {r['difficulty']}   Total Difficulty {r['total_difficulty']}",
            th.font(15),
            T.TEXT,
            (x, y),
        )
        y += th.px(34)
        for hero in self.engine.heroes:
            surface.blit(art.hero_emblem(hero.hero, th.px(34)), (x, y))
            state = "defeated" if hero.defeated else f"{hero.health} Health"
            draw_text(
                surface,
                f"{hero.name}: {state}",
                th.font(15, bold=True),
                T.TEXT,
                (x + th.px(44), y + th.px(8)),
            )
            x2 = x + th.px(360)
            draw_text(
                surface,
                f"Momentum {hero.momentum}  CP {hero.cp}",
                th.font(14),
                T.TEXT_DIM,
                (x2, y + th.px(9)),
            )
            y += th.px(40)
        y = box.bottom - th.px(70)
        if self.awards:
            text = "   ".join(
                f"{name}: +{pp} Perk Point{'s' if pp != 1 else ''}" for name, pp in self.awards
            )
            draw_text(
                surface, text, th.font(19, bold=True), T.GOLD, (box.centerx, y), align="center"
            )
            draw_text(
                surface,
                "0 lost on Side 1, 1 for one side, 2 for both, 3 for both plus a first perfect.",
                th.font(13),
                T.TEXT_DIM,
                (box.centerx, y + th.px(30)),
                align="center",
            )
        else:
            draw_text(
                surface,
                "Computer Heroes earn no Perk Points.",
                th.font(16),
                T.TEXT_DIM,
                (box.centerx, y + th.px(8)),
                align="center",
            )
        for b in self.buttons:
            b.draw(surface, th)
