"""`python -m game demo`: the real window playing itself, with screenshots at key moments.

The demo walks the same path a player does: the title screen, the setup (the format picked and
every seat set to the computer), then the match itself, taking a PNG of the title, the setup,
a roll in flight, settled dice, a response prompt, damage landing, a card on its way to the
table, a big hit shaking the board, the victory flourish and the end screen (team
formats also the targeting roll with its table, King of the Hill the attacker choosing a
target). It uses a throwaway user data folder, so it never touches a player's settings or
saved duel. When the time is nearly up and the match is still going, the rest is played out
at once so the end screen is shown. With `moments=N` (the tests) the rest is played out as soon
as N pictures of the match itself are in, however long they took to come, and the time is only
a safety limit: a loaded machine takes longer but sees the same moments.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

SHOTS = (
    "title",
    "setup",
    "roll_in_flight",
    "dice_settled",
    "response_prompt",
    "targeting",
    "damage",
    "card_play",
    "big_hit",
    "victory",
    "end",
)


class BaseDirector:
    """What every demo's director shares: the clock, the stage it is in, and the pictures it
    has taken (numbered in the order of its `shots`)."""

    shots: tuple[str, ...] = ()
    menu_shots: tuple[str, ...] = ()  # the pictures taken before the match itself

    def __init__(self, app, seconds: float, out: Path | None, seed: int, moments: int = 0) -> None:
        self.app = app
        self.seconds = seconds
        self.moments = moments
        self.out = out
        self.seed = seed
        self.started = time.perf_counter()
        self.stage = "title"
        self.stage_at = self.started
        self.taken: dict[str, Path] = {}
        self.frames = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def time_is_up(self, share: float) -> bool:
        """Whether to play the rest out at once: `moments` pictures of the match are in (when
        asked for), or `share` of the time has passed (without `moments`, or as a safety limit)."""
        if self.moments and self.match_moments() >= self.moments:
            return True
        return self.elapsed() > self.seconds * share

    def match_moments(self) -> int:
        return sum(1 for name in self.taken if name not in self.menu_shots)

    def shot(self, name: str) -> None:
        if name in self.taken or self.out is None:
            return
        index = self.shots.index(name) + 1
        self.taken[name] = self.app.screenshot(self.out / f"{index:02d}_{name}.png")


def play_in_window(
    make_director,
    speed: str,
    screenshots: str | None,
    size: tuple[int, int] | None = None,
    scale: float = 1.0,
):
    """Open the window on a throwaway user folder (unless DICE_THRONE_HOME is set), let the
    director drive it from the title screen, print the pictures taken; returns the director."""
    if not os.environ.get("DICE_THRONE_HOME"):
        os.environ["DICE_THRONE_HOME"] = tempfile.mkdtemp(prefix="dicethrone-demo-")
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    window = {"window_width": size[0], "window_height": size[1]} if size else {}
    settings = Settings(
        animation_speed=speed, sound_volume=0.0, music_volume=0.0, ui_scale=scale, **window
    )
    app = App(settings.clean())
    director = make_director(app, Path(screenshots) if screenshots else None)
    app.screenshot_hook = director.after_frame
    app.push(TitleScene(app))
    app.run()
    for name, path in director.taken.items():
        print(f"screenshot {name}: {path}")
    return director


class Director(BaseDirector):
    """Drives the scenes and decides when a moment is worth a picture."""

    shots = SHOTS
    menu_shots = ("title", "setup", "end")

    def __init__(
        self, app, seconds: float, out: Path | None, seed: int, mode: str = "duel", moments=0
    ) -> None:
        super().__init__(app, seconds, out, seed, moments)
        self.mode = mode
        self.duel = None

    def after_frame(self, app) -> None:
        from game.ui.scenes.duel import DuelScene
        from game.ui.scenes.end import EndScene
        from game.ui.scenes.setup import SetupScene

        self.frames += 1
        now = time.perf_counter()
        in_stage = now - self.stage_at
        scene = app.scene
        if self.stage == "title":
            if in_stage > 0.6:
                self.shot("title")
                setup = SetupScene(app)
                app.push(setup)
                setup.set_mode(self.mode)
                for seat in range(len(setup.kind)):
                    setup.set_kind(seat, "computer:normal")
                self.stage, self.stage_at = "setup", now
        elif self.stage == "setup":
            if in_stage > 0.6:
                self.shot("setup")
                assert isinstance(scene, SetupScene)
                scene.begin(seed=self.seed)
                self.duel = app.scene
                self.stage, self.stage_at = "duel", now
        elif self.stage == "duel":
            duel = self.duel
            if isinstance(scene, EndScene):
                self.stage, self.stage_at = "end", now
                return
            if not isinstance(duel, DuelScene):
                return
            tray = duel.tray
            if tray.frames and tray.rolling and 0.06 < tray.frame / tray.frames < 0.3:
                self.shot("roll_in_flight")
            elif "roll_in_flight" in self.taken and not tray.rolling and tray.dice:
                self.shot("dice_settled")
            choice = duel.engine.pending
            if choice is not None and choice.kind == "respond" and not duel.presenter.busy:
                self.shot("response_prompt")
            table = duel.table
            if table is not None and table.targeting is not None and table.targeting.age > 0.4:
                self.shot("targeting")
            if choice is not None and choice.kind == "choose_target":
                self.shot("targeting")
            if any(
                f.anchor == "health" and f.text.startswith("-") and 0.12 < f.age < 0.4
                for f in duel.presenter.floaters
            ):
                self.shot("damage")
            self.motion_shots(duel)
            if self.time_is_up(0.8) and not duel.engine.over:
                duel.finish_instantly()
        elif self.stage == "end" and in_stage > 0.8:
            self.shot("end")
            app.quit()
        if self.elapsed() > self.seconds + 5:
            app.quit()  # a safety net: never hang a script that called us

    def motion_shots(self, duel) -> None:
        """A card half way to the table, the board shaking under a big hit, the flourish."""
        for motion in duel.motion.motions:
            if motion.kind == "card" and 0.35 < motion.t < 0.6:
                self.shot("card_play")
            elif motion.kind == "shake" and motion.started and 0.05 < motion.t < 0.3:
                self.shot("big_hit")
            elif motion.kind == "victory" and 0.3 < motion.t < 0.6:
                self.shot("victory")


def run_demo(
    mode: str = "duel",
    seconds: float = 20.0,
    screenshots: str | None = None,
    seed: int = 7,
    speed: str = "fast",
    size: tuple[int, int] | None = None,
    scale: float = 1.0,
    moments: int = 0,
) -> int:
    from game.modes.variants import MODES

    if mode not in MODES:
        print(f"demo: unknown mode '{mode}' (known: {', '.join(MODES)})")
        return 2
    director = play_in_window(
        lambda app, out: Director(app, max(5.0, seconds), out, seed, mode, moments),
        speed,
        screenshots,
        size,
        scale,
    )
    missing = [name for name in SHOTS if name not in director.taken]
    if mode == "duel":
        missing = [name for name in missing if name != "targeting"]
    if screenshots and missing:
        print(f"demo: no moment seen for: {', '.join(missing)}")
    print(f"demo: {director.frames} frames in {director.elapsed():.1f} s")
    return 0


# ---------------------------------------------------------------- Missions

MISSION_SHOTS = (
    "title",
    "mission_select",
    "hero_roll",
    "map",
    "enemy_roll",
    "boss_fight",
    "result",
)


class MissionDirector(BaseDirector):
    """`python -m game demo --mode missions`: title -> mission select (every seat a computer
    Hero) -> the mission board at the chosen pace -> the result screen, with screenshots."""

    shots = MISSION_SHOTS
    menu_shots = ("title", "mission_select", "result")

    def __init__(
        self, app, mission: str, heroes: list[str], seconds: float, out, seed: int, moments=0
    ):
        super().__init__(app, seconds, out, seed, moments)
        self.mission = mission
        self.heroes = heroes
        self.scene = None
        self.result: dict | None = None

    def after_frame(self, app) -> None:
        from game.ui.scenes.mission import MissionScene
        from game.ui.scenes.missions_menu import MissionResultScene, MissionSelectScene

        self.frames += 1
        now = time.perf_counter()
        in_stage = now - self.stage_at
        if self.stage == "title" and in_stage > 0.6:
            self.shot("title")
            select = MissionSelectScene(app)
            app.push(select)
            select.select_mission(self.mission)
            select.seats = []
            for hero in self.heroes:
                select.seats.append({"hero": hero, "kind": "computer", "profile": "", "mythic": ""})
            select.focus_seat = 0
            select.build()
            self.stage, self.stage_at = "select", now
        elif self.stage == "select" and in_stage > 0.8:
            self.shot("mission_select")
            app.scene.begin(seed=self.seed)
            self.scene = app.scene
            self.stage, self.stage_at = "mission", now
        elif self.stage == "mission":
            scene = self.scene
            if isinstance(app.scene, MissionResultScene):
                self.result = scene.engine.result()
                self.stage, self.stage_at = "end", now
                return
            if not isinstance(scene, MissionScene):
                return
            tray = scene.tray
            rolling = tray.rolling and scene.hero_overlay() is not None and tray.frames
            if rolling and tray.frame / tray.frames > 0.5:
                self.shot("hero_roll")
            choice = scene.engine.pending
            moving = choice is not None and choice.kind == "move" and not scene.narrating()
            if moving and scene.engine.info.round >= 2:
                self.shot("map")
            current = scene.current
            attacking = current is not None and current.kind in ("enemy_attack", "boss_attack")
            if attacking and scene.beat > 0.3 * scene.beat_len:
                self.shot("enemy_roll")
            boss = current is not None and current.kind in ("boss_attack", "crit")
            if boss and scene.beat > 0.3 * scene.beat_len:
                self.shot("boss_fight")
            if self.time_is_up(0.85) and not scene.engine.over:
                scene.finish_instantly()
        elif self.stage == "end" and in_stage > 0.8:
            self.shot("result")
            app.quit()
        if self.elapsed() > self.seconds + 8:
            app.quit()


def run_mission_demo(
    mission: str = "harbor_heist",
    heroes: list[str] | None = None,
    seconds: float = 60.0,
    screenshots: str | None = None,
    seed: int = 7,
    speed: str = "fast",
    size: tuple[int, int] | None = None,
    scale: float = 1.0,
    moments: int = 0,
) -> int:
    from game.content.loader import default_content
    from game.missions.content import default_missions

    heroes = list(heroes or ["barbarian"])
    missions = default_missions()
    if mission not in missions.missions:
        print(f"demo: unknown mission '{mission}' (known: {', '.join(sorted(missions.missions))})")
        return 2
    known = default_content().heroes
    bad = [h for h in heroes if h not in known]
    if bad or not 1 <= len(heroes) <= 4:
        print(f"demo: 1-4 heroes from: {', '.join(sorted(known))} (got {', '.join(heroes)})")
        return 2
    director = play_in_window(
        lambda app, out: MissionDirector(
            app, mission, heroes, max(5.0, seconds), out, seed, moments
        ),
        speed,
        screenshots,
        size,
        scale,
    )
    if director.result is not None:
        r = director.result
        print(
            f"mission {r['mission']}: {r['result']}, {r['sides_completed']} sides, "
            f"{r['rounds']} rounds"
        )
    print(f"demo: {director.frames} frames in {director.elapsed():.1f} s")
    return 0


ADVENTURE_SHOTS = ("campaign_menu", "crawl_map", "battle", "loot", "shop", "score_sheet", "boss")


class AdventureDirector(BaseDirector):
    """`python -m game demo --mode adventure`: title -> Adventures menu (a new campaign with
    every hero a computer) -> the Portal Crawl map, its battles on the duel board, the Shop,
    the score sheet and on into the Boss Battle, at the chosen pace, with screenshots."""

    shots = ADVENTURE_SHOTS
    menu_shots = ("campaign_menu",)

    def __init__(
        self, app, heroes: list[str], difficulty: str, seconds: float, out, seed: int, moments=0
    ):
        super().__init__(app, seconds, out, seed, moments)
        self.heroes = heroes
        self.difficulty = difficulty
        self.scene = None

    def after_frame(self, app) -> None:
        from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene
        from game.ui.scenes.adventures_menu import CampaignMenuScene, ScoreSheetScene

        self.frames += 1
        now = time.perf_counter()
        in_stage = now - self.stage_at
        if self.stage == "title" and in_stage > 0.6:
            import pygame

            pygame.mouse.set_pos((app.screen.get_width() - 2, app.screen.get_height() - 2))
            menu = CampaignMenuScene(app)
            app.push(menu)
            menu.difficulty = self.difficulty
            menu.team_name = "The Demo Team"
            menu.members = [[h, "normal"] for h in self.heroes]
            menu.resize()
            self.stage, self.stage_at = "menu", now
        elif self.stage == "menu" and in_stage > 0.8:
            self.shot("campaign_menu")
            app.scene.start_campaign(seed=self.seed)
            self.scene = app.scene
            self.stage, self.stage_at = "play", now
        elif self.stage == "play":
            scene, top = self.scene, app.scene
            if not isinstance(scene, AdventureScene):
                return
            runner = scene.runner
            if isinstance(top, ScoreSheetScene):
                self.shot("score_sheet")
                if in_stage > 1.5:
                    top.close()
                    self.stage_at = now
                return
            self.stage_at = now
            if isinstance(top, AdventureBattleScene):
                if top.presenter.busy:
                    self.shot("battle")
                if "boss" in self.taken or runner.campaign.scenario % 2 == 0:
                    self.shot("boss")
            elif top is scene:
                pending = runner.pending
                moving = pending is not None and pending.kind == "adventure_move"
                if moving and not scene.ticker and len(scene._explored()) >= 3:
                    self.shot("crawl_map")
                if scene.reveal_ready() and scene.reveal_timer > 0.2:
                    self.shot("loot")
                if pending is not None and pending.kind == "adventure_shop":
                    self.shot("shop")
            # a whole Portal Crawl takes minutes at any pace: skip ahead now and then so the
            # Shop, the score sheet and the Boss Battle are seen within the demo's time
            if top is scene and not scene.ticker and not scene.reveals:
                if "shop" not in self.taken and self.elapsed() > self.seconds * 0.35:
                    scene.finish_instantly(until=lambda r: r.driver is not None)
                late = "boss" in self.taken and self.elapsed() > self.seconds * 0.85
                if late and runner.campaign.scenario % 2 == 0:
                    scene.finish_instantly(until=lambda r: r.driver is not None)
            # on time, once the crawl has shown more than its menu (a loaded machine may need
            # longer to get there; the hard stop below still ends it)
            enough = len(self.taken) >= 2 or self.out is None
            if (self.moments and self.match_moments() >= self.moments) or (
                self.elapsed() > self.seconds and enough
            ):
                app.quit()
        if self.elapsed() > self.seconds + 8:
            app.quit()


def run_adventure_demo(
    heroes: list[str] | None = None,
    difficulty: str = "normal",
    seconds: float = 90.0,
    screenshots: str | None = None,
    seed: int = 7,
    speed: str = "fast",
    size: tuple[int, int] | None = None,
    scale: float = 1.0,
    moments: int = 0,
) -> int:
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    heroes = list(heroes or ["barbarian", "moon_elf"])
    known = default_content().heroes
    bad = [h for h in heroes if h not in known]
    if bad or not 1 <= len(heroes) <= 4 or len(set(heroes)) != len(heroes):
        print(f"demo: 1-4 different heroes from: {', '.join(sorted(known))}")
        return 2
    if difficulty not in default_adventures().difficulties:
        print(f"demo: unknown difficulty '{difficulty}'")
        return 2
    director = play_in_window(
        lambda app, out: AdventureDirector(
            app, heroes, difficulty, max(5.0, seconds), out, seed, moments
        ),
        speed,
        screenshots,
        size,
        scale,
    )
    scene = director.scene
    if scene is not None:
        c = scene.campaign
        rows = ", ".join(f"{r.scenario}:{r.result}:{r.session_score}" for r in c.rows)
        print(f"campaign: scenario {c.scenario}/8, score {c.score}, sessions [{rows}]")
    print(f"demo: {director.frames} frames in {director.elapsed():.1f} s")
    return 0
