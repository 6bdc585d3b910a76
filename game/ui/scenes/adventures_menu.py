"""Adventures: the campaign menu (new campaign, saved slots, continue) and the score sheet.

The menu reads the slots through `game.adventures.save.list_slots` (a damaged slot is copied
aside there and shown here as such, never a crash) and starts or resumes a
`game.adventures.runner.CampaignRunner`, which the campaign scene (`scenes/adventure.py`)
plays. The score sheet shows the campaign's rows exactly as rules 94-97 score them.
"""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import (
    column,
    cut_bottom,
    cut_left,
    cut_right,
    cut_top,
    grid,
    inset,
    row,
    row_sized,
)
from game.ui.widgets import (
    Button,
    draw_fitted,
    draw_text,
    felt_background,
    fit_name,
    glow,
    heading,
    panel,
)

CONTROLLER_CYCLE = ("human", "easy", "normal", "hard")
CONTROLLER_NAMES = {
    "human": "Human",
    "easy": "CPU Easy",
    "normal": "CPU Normal",
    "hard": "CPU Hard",
    "simple": "CPU Simple",
    "random": "CPU Random",
}
KIND_NAMES = {"crawl": "Portal Crawl", "boss": "Boss Battle"}


def scenario_label(number: int) -> str:
    kind = "crawl" if number % 2 == 1 else "boss"
    return f"Scenario {number}/8 - {KIND_NAMES[kind]}"


def new_runner(difficulty: str, team: str, heroes: list[tuple[str, str]], slot: int, seed: int):
    """A fresh campaign in `slot` (heroes: (hero id, controller)) and its runner."""
    from game.adventures.campaign import new_campaign
    from game.adventures.content import default_adventures
    from game.adventures.runner import CampaignRunner

    adv = default_adventures()
    loot = {r: list(ids) for r, ids in adv.loot_cards.items()}
    members = [(h, f"Player {i + 1}", c) for i, (h, c) in enumerate(heroes)]
    campaign = new_campaign(difficulty, team, members, seed=seed, loot_decks=loot)
    return CampaignRunner(campaign, slot=slot, keep_log=True)


class CampaignMenuScene(Scene):
    """Title -> Adventures: saved campaigns on the left, a new campaign on the right."""

    def focus_targets(self) -> list:
        """Slots, difficulties, party members and heroes for the keyboard focus."""
        from game.ui.scenes.focus_targets import rect_targets

        names = ("slot_rects", "diff_rects", "member_rects", "hero_rects")
        return [*rect_targets(self, *names), (self.name_rect, "team name", self.name_rect.center)]

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.adventures.content import default_adventures
        from game.content.loader import default_content

        self.content = default_content()
        self.adv = default_adventures()
        self.difficulty = "normal"
        self.team_name = "The Dawnbreakers"
        self.editing_name = False
        self.members: list[list[str]] = [["barbarian", "human"]]
        self.selected_member = 0
        self.selected_slot: int | None = None
        self.message = ""
        self.hero_ids = sorted(self.content.heroes, key=lambda h: self.content.heroes[h].name)
        self.slots = []
        self.buttons: list[Button] = []
        self.hero_rects: list[tuple[pygame.Rect, str]] = []
        self.slot_rects: list[tuple[pygame.Rect, int]] = []
        self.diff_rects: list[tuple[pygame.Rect, str]] = []
        self.member_rects: list[tuple[pygame.Rect, int]] = []
        self.name_rect = pygame.Rect(0, 0, 1, 1)

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        from game.adventures.save import list_slots

        self.slots, messages = list_slots()
        self.app.messages.extend(messages)
        if messages:
            self.message = messages[-1]
        if self.selected_slot is None:
            used = [s.slot for s in self.slots if not s.empty]
            self.selected_slot = used[0] if used else None
        self.resize()

    # ------------------------------------------------------------ layout

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        # the save slots on the left; the difficulty, team and hero grid on the right
        body = pygame.Rect(th.px(20), th.px(80), w - th.px(40), h - th.px(100))
        self.left, self.right = cut_left(body, th.px(440), th.px(20))
        slots = cut_top(inset(self.left, th.px(10), 0), th.px(44))[1]
        row_h = th.px(78)
        self.slot_rects = [
            (rect, info.slot)
            for rect, info in zip(
                column(slots, len(self.slots), (slots.w, row_h - th.px(6)), th.px(6), "top"),
                self.slots,
                strict=True,
            )
        ]
        # difficulty cards
        diffs = list(self.adv.difficulties)
        inner = inset(self.right, th.px(10), 0)
        cw = (inner.w - th.px(10) * (len(diffs) - 1)) // max(1, len(diffs))
        strip = pygame.Rect(inner.x, self.right.y + th.px(40), inner.w, th.px(92))
        cards = row(strip, len(diffs), (cw, th.px(92)), th.px(10), "left")
        self.diff_rects = list(zip(cards, diffs, strict=True))
        self.name_rect = pygame.Rect(
            self.right.x + th.px(120), self.right.y + th.px(146), th.px(360), th.px(34)
        )
        # team members (up to 4)
        mw = (inner.w - th.px(30)) // 4
        strip = pygame.Rect(inner.x, self.right.y + th.px(218), inner.w, th.px(70))
        self.member_rects = [
            (rect, i) for i, rect in enumerate(row(strip, 4, (mw, th.px(70)), th.px(10), "left"))
        ]
        # hero grid: 8 a row, cells 80 tall and 6 apart
        cols = 8
        gw = inner.w // cols
        rows = max(1, -(-len(self.hero_ids) // cols))
        room = pygame.Rect(
            inner.x, self.right.y + th.px(330), cols * gw - th.px(6), rows * th.px(86) - th.px(6)
        )
        self.hero_rects = list(zip(grid(room, cols, rows, th.px(6)), self.hero_ids, strict=False))
        self._buttons()

    def _buttons(self) -> None:
        th = self.app.theme
        self.buttons = []
        bh = th.px(40)
        line = cut_bottom(inset(self.left, th.px(10)), bh)[0]
        cont, delete, back = row_sized(
            line, [th.px(200), th.px(120), line.w - th.px(340)], bh, th.px(10), "left"
        )
        start = cut_right(cut_bottom(inset(self.right, th.px(10)), bh)[0], th.px(220))[0]
        info = self._slot_info(self.selected_slot)
        can_continue = info is not None and not info.empty and not info.completed
        self.buttons.append(
            Button(
                cont,
                "Continue",
                self.continue_campaign,
                enabled=can_continue,
                primary=can_continue,
                tooltip="Resume the selected campaign where it was saved.",
            )
        )
        self.buttons.append(
            Button(
                delete,
                "Delete",
                self.delete_slot,
                enabled=info is not None and not info.empty,
                tooltip="Delete the selected campaign (asks no further: it is gone).",
            )
        )
        self.buttons.append(
            Button(
                back,
                "Back",
                self.app.pop,
            )
        )
        mr = self.member_rects
        self.buttons.append(
            Button(
                start,
                "Start campaign",
                self.start_campaign,
                primary=True,
                tooltip="Begin scenario 1, a Portal Crawl, in the first free slot.",
            )
        )
        if len(self.members) < 4:
            rect, _ = mr[len(self.members)]
            self.buttons.append(
                Button(
                    rect.inflate(-th.px(20), -th.px(24)),
                    "+ Add hero",
                    self.add_member,
                    tooltip="A campaign has 1 to 4 heroes; click a hero below to choose it.",
                )
            )
        for i, _m in enumerate(self.members):
            rect, _ = mr[i]
            self.buttons.append(
                Button(
                    pygame.Rect(rect.x + th.px(66), rect.bottom - th.px(30), th.px(104), th.px(26)),
                    CONTROLLER_NAMES[self.members[i][1]],
                    lambda i=i: self.cycle_controller(i),
                    tooltip="Who plays this hero: a human at this screen or the computer.",
                )
            )
            if len(self.members) > 1:
                self.buttons.append(
                    Button(
                        pygame.Rect(
                            rect.right - th.px(30), rect.y + th.px(4), th.px(26), th.px(24)
                        ),
                        "x",
                        lambda i=i: self.remove_member(i),
                        tooltip="Remove this hero from the team.",
                    )
                )

    def _slot_info(self, slot):
        for info in self.slots:
            if info.slot == slot:
                return info
        return None

    # ------------------------------------------------------------ actions

    def add_member(self) -> None:
        taken = {m[0] for m in self.members}
        free = [h for h in self.hero_ids if h not in taken]
        if len(self.members) < 4 and free:
            self.members.append([free[0], "normal"])
            self.selected_member = len(self.members) - 1
        self._buttons()

    def remove_member(self, index: int) -> None:
        if len(self.members) > 1:
            del self.members[index]
            self.selected_member = min(self.selected_member, len(self.members) - 1)
        self._buttons()

    def cycle_controller(self, index: int) -> None:
        current = self.members[index][1]
        nxt = CONTROLLER_CYCLE[(CONTROLLER_CYCLE.index(current) + 1) % len(CONTROLLER_CYCLE)]
        self.members[index][1] = nxt
        self._buttons()

    def pick_hero(self, hero: str) -> None:
        others = {m[0] for i, m in enumerate(self.members) if i != self.selected_member}
        if hero in others:
            self.message = "Each hero can be chosen once."
            return
        self.members[self.selected_member][0] = hero
        self.message = ""

    def start_campaign(self, seed: int | None = None) -> None:
        import os
        import time

        from game.adventures.save import free_slot

        slot = None
        info = self._slot_info(self.selected_slot)
        if info is not None and info.empty:
            slot = info.slot
        slot = slot or free_slot()
        if slot is None:
            self.message = "Every slot holds a campaign: delete one first."
            return
        if seed is None:
            env = os.environ.get("DICE_THRONE_SEED")
            seed = int(env) if env else int(time.time()) & 0xFFFF
        try:
            runner = new_runner(
                self.difficulty,
                self.team_name.strip() or "The Team",
                [(h, c) for h, c in self.members],
                slot,
                seed,
            )
        except ValueError as exc:
            self.message = str(exc)
            return
        from game.ui.scenes.adventure import AdventureScene

        self.selected_slot = slot
        self.app.push(AdventureScene(self.app, runner))

    def continue_campaign(self) -> None:
        from game.adventures.runner import CampaignRunner

        if self.selected_slot is None:
            return
        slot = self.selected_slot
        runner, messages = CampaignRunner.resume(slot, keep_log=True)
        self.app.messages.extend(messages)
        if runner is None:
            self.refresh()  # (first: the slot list's own messages must not hide this one)
            why = messages[-1] if messages else "That campaign could not be resumed."
            self.message = why
            info = self._slot_info(slot)
            if info is not None:  # the list does not replay sessions: mark it here
                info.problem, info.empty = why, True
            self._buttons()
            return
        from game.ui.scenes.adventure import AdventureScene

        self.app.push(AdventureScene(self.app, runner))

    def delete_slot(self) -> None:
        from game.adventures.save import delete_campaign

        if self.selected_slot is not None:
            delete_campaign(self.selected_slot)
        self.refresh()

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        for button in list(self.buttons):
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.editing_name = self.name_rect.collidepoint(event.pos)
            for rect, slot in self.slot_rects:
                if rect.collidepoint(event.pos):
                    self.selected_slot = slot
                    self._buttons()
                    return
            for rect, diff in self.diff_rects:
                if rect.collidepoint(event.pos):
                    self.difficulty = diff
                    return
            for rect, i in self.member_rects:
                if rect.collidepoint(event.pos) and i < len(self.members):
                    self.selected_member = i
                    return
            for rect, hero in self.hero_rects:
                if rect.collidepoint(event.pos):
                    self.pick_hero(hero)
                    return
        elif event.type == pygame.TEXTINPUT and self.editing_name:
            if len(self.team_name) < 28:
                self.team_name += event.text
        elif event.type == pygame.KEYDOWN:
            if self.editing_name:
                if keymap.text_key(event) == "erase":
                    self.team_name = self.team_name[:-1]
                elif keymap.text_key(event) in ("done", "cancel"):
                    self.editing_name = False
                return
            if keymap.pressed(event, "back"):
                self.app.pop()
            elif keymap.pressed(event, "confirm"):
                self.start_campaign()

    def update(self, dt: float) -> None:
        if self.app.scene is not self:
            return
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            if button.rect.collidepoint(mouse) and button.tooltip:
                self.app.tooltip.offer(button.tooltip, mouse)
        for (rect, _slot), info in zip(self.slot_rects, self.slots, strict=False):
            if info.problem and rect.collidepoint(mouse):  # the whole message, not cut short
                self.app.tooltip.offer(info.problem, mouse)
        if self.message and self.message_rect().collidepoint(mouse):
            self.app.tooltip.offer(self.message, mouse)
        for rect, diff in self.diff_rects:
            if rect.collidepoint(mouse):
                self.app.tooltip.offer(self.adv.difficulties[diff].text, mouse)
        for rect, hero in self.hero_rects:
            if rect.collidepoint(mouse):
                hdef = self.content.heroes[hero]
                self.app.tooltip.offer(f"{hdef.name}: {hdef.health} Health.", mouse)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.art import hero_emblem

        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        heading(surface, th, "Adventures", (w // 2, th.px(18)))
        # ---- saved campaigns
        panel(surface, self.left, th)
        draw_text(
            surface,
            "Saved campaigns",
            th.font(24, bold=True),
            T.BRASS,
            (self.left.x + th.px(14), self.left.y + th.px(8)),
        )
        small = th.font(14)
        body = th.font(16, bold=True)
        for (rect, slot), info in zip(self.slot_rects, self.slots, strict=False):
            chosen = slot == self.selected_slot
            if info.problem:
                fill, rim = (70, 40, 34), T.NEGATIVE
            elif info.empty:
                fill, rim = T.WOOD, T.BRASS_DARK
            else:
                fill, rim = T.WOOD_LIGHT, T.BRASS
            if chosen:
                glow(surface, rect, th, strength=3, radius=8)
            panel(surface, rect, th, fill=fill, rim=T.HIGHLIGHT if chosen else rim, radius=8)
            x, y = rect.x + th.px(10), rect.y + th.px(6)
            draw_text(surface, f"Slot {slot}", small, T.TEXT_DIM, (x, y))
            if info.problem:
                draw_text(surface, "Damaged (a copy is kept)", body, T.NEGATIVE, (x + th.px(60), y))
                draw_text(
                    surface,
                    info.problem,
                    small,
                    T.TEXT,
                    (x, y + th.px(22)),
                    width=rect.w - th.px(20),
                    max_height=th.px(40),
                )
                continue
            if info.empty:
                draw_text(surface, "Empty", body, T.TEXT_DIM, (x + th.px(60), y))
                continue
            name = info.team_name
            draw_text(surface, name, body, T.TEXT, (x + th.px(60), y))
            diff = self.adv.difficulties.get(info.difficulty)
            draw_text(
                surface,
                diff.name if diff else info.difficulty,
                small,
                T.GOLD,
                (rect.right - th.px(10), y),
                align="right",
            )
            status = "Campaign complete" if info.completed else scenario_label(info.scenario)
            if info.mid_scenario and not info.completed:
                status += " (in play)"
            score_font = th.font(16, bold=True)
            score = f"Score {info.score}"
            room = rect.right - th.px(10) - score_font.size(score)[0] - th.px(8) - x
            status_font = th.fit_font(14, status, room)  # beside the score, never under it
            draw_text(surface, status, status_font, T.TEXT, (x, y + th.px(26)))
            draw_text(
                surface,
                score,
                score_font,
                T.HIGHLIGHT,
                (rect.right - th.px(10), y + th.px(24)),
                align="right",
            )
            ex = x
            for hero in info.heroes:
                surface.blit(hero_emblem(hero, th.px(24)), (ex, y + th.px(44)))
                ex += th.px(28)
            if info.saved_at:
                draw_text(
                    surface,
                    f"saved {info.saved_at}",
                    small,
                    T.TEXT_DIM,
                    (rect.right - th.px(10), y + th.px(46)),
                    align="right",
                )
        # ---- new campaign
        panel(surface, self.right, th)
        draw_text(
            surface,
            "New campaign",
            th.font(24, bold=True),
            T.BRASS,
            (self.right.x + th.px(14), self.right.y + th.px(8)),
        )
        for rect, d in self.diff_rects:
            diff = self.adv.difficulties[d]
            chosen = d == self.difficulty
            if chosen:
                glow(surface, rect, th, strength=3, radius=8)
            panel(
                surface,
                rect,
                th,
                fill=T.PARCHMENT if chosen else T.PARCHMENT_DARK,
                rim=T.HIGHLIGHT if chosen else T.BRASS_DARK,
                radius=8,
            )
            score = f"win: {diff.scenario_score} pts"
            half = (rect.w - th.px(22)) // 2
            name_font = th.fit_font(18, diff.name, half, height=th.px(21), bold=True)
            draw_text(surface, diff.name, name_font, T.INK, (rect.x + th.px(8), rect.y + th.px(6)))
            draw_text(
                surface,
                score,
                th.fit_font(14, score, half, height=th.px(16), bold=True, condensed=True),
                T.INK_SOFT,
                (rect.right - th.px(8), rect.y + th.px(9)),
                align="right",
            )
            draw_fitted(
                surface,
                th,
                13,
                diff.text,
                T.INK,
                (rect.x + th.px(8), rect.y + th.px(32)),
                rect.w - th.px(16),
                rect.h - th.px(36),
                condensed=True,
                in_tooltip=True,  # a compact card: hovering it shows the whole text
            )
        draw_text(
            surface,
            "Team name",
            th.fit_font(16, "Team name", self.name_rect.x - self.right.x - th.px(20), bold=True),
            T.TEXT,
            (self.right.x + th.px(14), self.name_rect.y + th.px(7)),
        )
        panel(
            surface,
            self.name_rect,
            th,
            fill=T.PARCHMENT,
            rim=T.HIGHLIGHT if self.editing_name else T.BRASS_DARK,
            radius=6,
        )
        cursor = "|" if self.editing_name else ""
        draw_text(
            surface,
            self.team_name + cursor,
            th.font(17),
            T.INK,
            (self.name_rect.x + th.px(8), self.name_rect.y + th.px(6)),
        )
        hint = "Heroes (1-4): click a seat, then a hero; the button under it says who plays it."
        draw_text(
            surface,
            hint,
            th.fit_font(14, hint, self.right.w - th.px(28), condensed=True),
            T.TEXT_DIM,
            (self.right.x + th.px(14), self.right.y + th.px(194)),
        )
        for rect, i in self.member_rects:
            if i >= len(self.members):
                panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8, alpha=160)
                continue
            hero, _ctrl = self.members[i]
            chosen = i == self.selected_member
            if chosen:
                glow(surface, rect, th, strength=3, radius=8)
            panel(
                surface,
                rect,
                th,
                fill=T.WOOD_LIGHT,
                rim=T.HIGHLIGHT if chosen else T.BRASS,
                radius=8,
            )
            size = rect.h - th.px(12)
            surface.blit(hero_emblem(hero, size), (rect.x + th.px(6), rect.y + th.px(6)))
            lines, font = fit_name(
                lambda s: th.font(s, bold=True, condensed=True),
                self.content.heroes[hero].name,
                rect.w - th.px(100),
            )
            draw_text(surface, lines[0], font, T.TEXT, (rect.x + th.px(66), rect.y + th.px(8)))
        for rect, hero in self.hero_rects:
            used = any(m[0] == hero for m in self.members)
            panel(
                surface,
                rect,
                th,
                fill=T.WOOD_LIGHT if not used else (50, 60, 50),
                rim=T.POSITIVE if used else T.BRASS_DARK,
                radius=6,
            )
            size = th.px(46)
            surface.blit(hero_emblem(hero, size), (rect.centerx - size // 2, rect.y + th.px(4)))
            lines, font = fit_name(
                lambda s: th.font(s, condensed=True), self.content.heroes[hero].name, rect.w - 6
            )
            for k, line in enumerate(lines[:2]):
                draw_text(
                    surface,
                    line,
                    font,
                    T.TEXT,
                    (rect.centerx, rect.y + th.px(50) + k * font.get_linesize()),
                    align="center",
                )
        for button in self.buttons:
            button.draw(surface, th)
        if self.message:
            box = self.message_rect()
            draw_fitted(
                surface,
                th,
                15,
                self.message,
                T.NEGATIVE,
                box.topleft,
                box.w,
                box.h,
            )

    def message_rect(self) -> pygame.Rect:
        """Where the latest message is drawn (its full text is the tooltip there)."""
        th = self.app.theme
        return pygame.Rect(
            self.right.x + th.px(14),
            self.right.bottom - th.px(40),
            self.right.w - th.px(270),
            th.px(36),
        )


class ScoreSheetScene(Scene):
    """The campaign score sheet (rules 94-97): one row per session, totals at the bottom.

    It draws from the campaign sheet of the Adventures view (`adventure_view.campaign_state`,
    the `campaign` of an `AdventureTable`): the offline crawl passes its local table's, the
    online crawl the one the server sent, so both show the same sheet and neither reads a
    `Campaign`, a runner or an engine."""

    COLUMNS = (
        ("Scenario", 150),
        ("Result", 80),
        ("Salves", 80),
        ("Gold / 5", 90),
        ("Boss loot", 100),
        ("All explored", 120),
        ("Scenario score", 140),
        ("Session total", 130),
    )

    def __init__(self, app, sheet: dict, on_close=None, title: str = "Score sheet") -> None:
        super().__init__(app)
        self.sheet_view = sheet
        self.on_close = on_close
        self.title = title
        self.buttons: list[Button] = []

    def team_line(self) -> str:
        """The team, the difficulty's name and the heroes."""
        from game.adventures.content import default_adventures

        c = self.sheet_view
        diff = default_adventures().difficulties.get(c["difficulty"])
        diff_name = diff.name if diff else c["difficulty"]
        heroes = ", ".join(h["hero"].replace("_", " ").title() for h in c["heroes"])
        return f"{c['team_name']}  -  {diff_name}  -  {heroes}"

    def lines(self) -> list[list[str]]:
        """The cells of every session's row, in the columns' order."""
        return [
            [
                f"{row['scenario']}. {KIND_NAMES.get(row['kind'], row['kind'])}",
                "Won" if row["result"] == "won" else "Lost",
                str(row["salves"]),
                str(row["gold"]),
                str(row["boss_loot"]),
                str(row["explored"]),
                str(row["scenario_score"]),
                str(row["session_score"]),
            ]
            for row in self.sheet_view["rows"]
        ]

    def status(self) -> str:
        c = self.sheet_view
        return "Campaign complete!" if c["completed"] else scenario_label(c["scenario"]) + " next"

    def total(self) -> str:
        return f"Campaign total: {self.sheet_view['score']}"

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        self.sheet = pygame.Rect(th.px(60), th.px(70), w - th.px(120), h - th.px(150))
        self.buttons = [
            Button(
                pygame.Rect(w // 2 - th.px(110), h - th.px(66), th.px(220), th.px(44)),
                "Continue",
                self.close,
                primary=True,
                hotkey="Enter",
            )
        ]

    def close(self) -> None:
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                self.app.play("button")
                return
        if keymap.pressed(event, "confirm", "back", "advance"):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        w, _h = surface.get_size()
        heading(surface, th, self.title, (w // 2, th.px(14)))
        panel(surface, self.sheet, th, fill=T.PARCHMENT, rim=T.BRASS_DARK)
        x0, y = self.sheet.x + th.px(20), self.sheet.y + th.px(14)
        body = th.font(16)
        inner = self.sheet.w - th.px(40)
        team = self.team_line()
        draw_text(surface, team, th.fit_font(20, team, inner, bold=True), T.INK, (x0, y))
        y += th.px(38)
        xs, room = [], []  # each column's left edge and the width its words may take
        x = x0
        spread = inner / th.px(sum(w for _n, w in self.COLUMNS))
        for name, width in self.COLUMNS:
            xs.append(x)
            room.append(int(th.px(width) * spread) - th.px(8))
            font = th.fit_font(16, name, room[-1], bold=True)
            draw_text(surface, name, font, T.INK_SOFT, (x, y))
            x += int(th.px(width) * spread)
        y += th.px(26)
        pygame.draw.line(surface, T.BRASS_DARK, (x0, y), (self.sheet.right - th.px(20), y), 2)
        y += th.px(6)
        line_h = th.px(30)
        max_rows = max(1, (self.sheet.bottom - y - th.px(90)) // line_h)
        for cells in self.lines()[-max_rows:]:
            won = cells[1] == "Won"
            for k, (cx, cell) in enumerate(zip(xs, cells, strict=True)):
                colour = T.INK
                if k == 1:
                    colour = (40, 120, 60) if won else T.DAMAGE_RED
                if k == 7:
                    colour = (40, 120, 60) if int(cell) >= 0 else T.DAMAGE_RED
                font = th.fit_font(16, cell, room[k], bold=k in (0, 7))
                draw_text(surface, cell, font, colour, (cx, y))
            y += line_h
        if not self.sheet_view["rows"]:
            draw_text(surface, "No session played yet.", body, T.INK_SOFT, (x0, y))
        total_y = self.sheet.bottom - th.px(46)
        note = (
            "Points: 1 per Salve left, 1 per 5 Gold left, 1 per Boss Loot card given up, "
            "5 when every tile was explored (rules 94-97)."
        )
        font = th.fit_font(13, note, inner)
        draw_text(surface, note, font, T.INK_SOFT, (x0, total_y - th.px(32)))
        pygame.draw.line(
            surface,
            T.BRASS_DARK,
            (x0, total_y - th.px(8)),
            (self.sheet.right - th.px(20), total_y - th.px(8)),
            2,
        )
        draw_text(surface, self.status(), th.font(18, bold=True), T.INK, (x0, total_y))
        draw_text(
            surface,
            self.total(),
            th.font(24, bold=True),
            T.INK,
            (self.sheet.right - th.px(20), total_y - th.px(4)),
            align="right",
        )
        for button in self.buttons:
            button.draw(surface, th)
