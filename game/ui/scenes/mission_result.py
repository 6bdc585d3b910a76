"""The end of a mission (MissionResultScene): won or lost, the sides cleared, the rounds, and
the Perk Points each human seat's profile earned, recorded on their sheets at once."""

from __future__ import annotations

import pygame

from game.missions import perks as P
from game.ui import keymap
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.layout import anchored, cut_bottom, row
from game.ui.scenes.mission_files import clear_mission_save, set_spend_limit, store_sheet
from game.ui.scenes.perk_sheet import PerkSheetScene
from game.ui.widgets import Button, draw_text, felt_background, panel, text_surface


class MissionResultScene(Scene):
    """The end of a mission: won or lost, sides cleared, the perfect reward, rounds, and the
    Perk Points each human seat's profile earned (recorded on their sheets at once)."""

    no_awards = "Computer Heroes earn no Perk Points."  # said when no profile earned any

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
        screen = pygame.Rect(0, 0, w, h)
        # the summary box under the headline, the buttons in a centred row along the bottom
        self.box = anchored((th.px(660), th.px(360)), pygame.Rect(0, th.px(150), w, h), "top")
        line = cut_bottom(cut_bottom(screen, th.px(40))[1], bh)[0]
        entries = []
        if self.profiles:
            entries.append(("Spend Perk Points", self.perks))
        entries += [("Missions", self.missions), ("Title", self.title)]
        rects = row(line, len(entries), (bw, bh), th.px(20))
        self.buttons = [
            Button(rect, label, fn, primary=i == 0, hotkey="Enter" if i == 0 else "")
            for i, ((label, fn), rect) in enumerate(zip(entries, rects, strict=True))
        ]

    def perks(self) -> None:
        for profile in reversed(self.profiles):
            self.app.push(PerkSheetScene(self.app, profile, self.result["total_difficulty"]))

    def missions(self) -> None:
        from game.ui.scenes.missions_menu import MissionSelectScene
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
        box = self.box
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
                self.no_awards,
                th.font(16),
                T.TEXT_DIM,
                (box.centerx, y + th.px(8)),
                align="center",
            )
        for b in self.buttons:
            b.draw(surface, th)
