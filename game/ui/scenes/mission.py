"""The mission board: the hex map, enemies, the Crisis Clock, the Heroes, and every decision.

The scene only shows the MissionEngine's state and sends it actions taken from its current
`PendingChoice` (a click on a glowing space, an enemy, a die, a card or a button becomes one of
those options, never anything else). Everything the engine logs between two decisions is
narrated one beat at a time in a ticker over the map (the acting enemy ringed), at the pace of
the animation-speed setting; Space skips. Computer Heroes (game/missions/ai.py) answer their
seats' questions at the same pace. Esc pauses; the mission is saved as play reaches each
player's turn (game/missions/save.py), so the title's Continue list resumes it.
"""

from __future__ import annotations

import math
import re
from collections import deque

import pygame

from game.missions import hexgrid
from game.missions.ai import MissionAI
from game.rules.actions import Action, IllegalAction
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.board_view import BoardView, draw_dial
from game.ui.cards import card_face
from game.ui.pause import PauseMenu
from game.ui.widgets import (
    Button,
    draw_text,
    felt_background,
    fit_lines,
    glow,
    panel,
    text_surface,
)

# Every kind of decision the MissionEngine asks (game/missions/engine.py and its parts).
CHOICE_KINDS = (
    "move",
    "give_momentum",
    "choose",
    "main_phase",
    "offensive_roll",
    "announce",
    "choose_target",
    "defense_choice",
    "spend_tokens",
    "status_or_momentum",
    "enemy_dice",
    "discard",
    "attack_modifiers",
    "alter_dice",
    "grow",
    "free_reroll",
    "companion_split",
    "protect_teammate",
)
HERO_TURN_KINDS = {"main_phase", "offensive_roll", "announce", "discard"}
PHASES = (
    ("pass", "Pass", "The Start Player token passes to the left (not in round 1)."),
    ("movement", "Move", "Every Hero moves any distance; they may pass through each other."),
    ("hero_part_1", "Turn A", "Heroes' turns, part A: Upkeep, Income, Main (1), Offensive Roll."),
    ("target_resolve", "Target", "In turn order, each Hero picks a target and resolves."),
    ("hero_part_2", "Turn B", "Heroes' turns, part B: Main Phase (2), then sell down to 6 cards."),
    ("enemy_upkeep", "E.Upk", "Enemies take Burn, Poison and Bleed damage."),
    ("enemy_roll", "E.Roll", "One roll of the Enemy Dice; panels activate left to right."),
    ("crisis_clock", "Clock", "The Crisis Clock advances one segment per Hero."),
)
# seconds per narrated event at the "normal" speed (scaled by the setting)
BEATS = {
    "enemy_roll": 1.2,
    "enemy_attack": 1.1,
    "boss_attack": 1.3,
    "no_target": 0.7,
    "no_attack": 0.8,
    "threat": 1.2,
    "crisis": 1.0,
    "crisis_roll": 0.9,
    "crit": 0.9,
    "hero_damaged": 0.6,
    "enemy_damaged": 0.55,
    "enemy_defeated": 0.9,
    "hero_defeated": 1.2,
    "side": 1.6,
    "side_done": 1.4,
    "won": 1.6,
    "lost": 1.6,
    "perfect": 1.2,
    "bonus": 1.0,
    "clock": 0.8,
    "facedown_placed": 0.5,
    "reveal": 0.5,
    "start_player": 0.7,
    "pass": 0.5,
}
ENEMY_EVENTS = {"enemy_attack", "no_target", "boss_attack", "no_attack", "crisis", "crisis_roll"}
# the round phase an event belongs to (the phase track follows the narration, not the engine)
EVENT_PHASE = {
    "pass": "pass",
    "exit": "movement",
    "facedown": "movement",
    "upgrade": "hero_part_1",
    "ready": "hero_part_1",
    "resolve": "target_resolve",
    "enemy_roll": "enemy_roll",
    "reroll_enemy": "enemy_roll",
    "enemy_attack": "enemy_roll",
    "no_target": "enemy_roll",
    "boss_attack": "enemy_roll",
    "no_attack": "enemy_roll",
    "threat": "enemy_roll",
    "facedown_placed": "enemy_roll",
    "reveal": "enemy_roll",
    "crit": "enemy_roll",
    "crisis": "crisis_clock",
    "crisis_roll": "crisis_clock",
}
DAMAGE_RE = re.compile(r"takes (\d+) damage")
DICE_RE = re.compile(r"(red|black) (\d)")


class Floater:
    def __init__(self, text: str, pos, colour, on_map: bool = False) -> None:
        self.text, self.pos, self.colour = text, pos, colour
        self.on_map = on_map  # hidden while a Hero's board covers the map
        self.age = 0.0


class MissionScene(PauseMenu, Scene):
    def __init__(self, app, engine, seats: list[dict], profiles: list[str] | None = None) -> None:
        super().__init__(app)
        self.engine = engine
        self.db = engine.db
        self.content = engine.content
        self.seats = seats
        self.profiles = list(profiles or [""] * len(seats))
        self.controllers: dict[int, MissionAI] = {
            seat: MissionAI(engine.setup.seed * 31 + seat)
            for seat, info in enumerate(seats)
            if info.get("kind") == "computer"
        }
        self.board = BoardView(self.content)
        self.buttons: list[Button] = []
        self.modal: list[Button] = []
        self.modal_title = ""
        self.pause_buttons: list[Button] = []
        self.paused = False
        self.decided_for = None
        self.ai_timer = 0.0
        self.queue: deque = deque()
        self.current = None
        self.beat = 0.0
        self.beat_len = 0.0
        self.acting: int | None = None  # enemy index ringed while it acts
        self.name_counts: dict[str, int] = {}
        self.damage_diffs: list[tuple[int, int]] = []  # (enemy index, amount) not yet shown
        self.floaters: list[Floater] = []
        self.log: list[str] = []
        self.seen = 0
        self.hover_hex = None
        self.hover_card: int | None = None
        self.kept: list[bool] = [False] * 5
        self.momentum_mode = False
        self.show_map = False
        self.message = ""
        self.message_age = 0.0
        self.ended = False
        self.tray_owner = None
        self.rerolled: list[int] | None = None
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.row_spots = []
        self.roster_rects: dict[int, pygame.Rect] = {}
        self.enemy_rects: dict[int, pygame.Rect] = {}
        self.hq_rects: list[tuple[pygame.Rect, str]] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.pawn_px: dict[int, list[float]] = {}
        self.pawn_hex: dict[int, tuple] = {}
        self.pawn_route: dict[int, list] = {}
        self.hand_shown = float(engine.info.clock)
        self.handlers = {kind: getattr(self, f"_ask_{kind}") for kind in CHOICE_KINDS}
        self.modal_page = 0
        self.alter_sel: list[int] = []
        self._page_choice = None
        self.modal_side = False
        self.layout = None
        self.layout_side = -1
        self.saved_at = -1  # actions in the last save
        self.saved_round: tuple = ()
        self.shown_phase: str | None = None  # while narrating: the phase being told
        self.flash_hex = None  # a space the narration points at (a tile landing there)
        self._count_phase = ""  # the phase whose enemy activations are being counted

    # ------------------------------------------------------------ setup and layout

    def enter(self) -> None:
        from game.ui.dice_tray import DiceTray

        self.resize()
        seed = self.engine.setup.seed
        self.tray = DiceTray(self.tray_rect, die_size=self.app.theme.px(46), seed=seed)
        self.enemy_tray = DiceTray(self.enemy_rect, die_size=self.app.theme.px(30), seed=seed + 1)
        if self.engine.info.enemy_dice:
            self.enemy_tray.show([v for _c, v in self.engine.info.enemy_dice])
        for event in self.engine.log[-60:]:
            self.log.append(event.text)
        self.seen = len(self.engine.log)
        self.hand_shown = float(self.engine.info.clock)

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        pad = th.px(8)
        right_w = th.px(440)
        left_w = w - right_w - 3 * pad
        self.top_rect = pygame.Rect(pad, pad, left_w, th.px(34))
        self.map_rect = pygame.Rect(pad, self.top_rect.bottom + pad, left_w, th.px(448))
        self.prompt_rect = pygame.Rect(pad, self.map_rect.bottom + th.px(4), left_w, th.px(44))
        bottom_y = self.prompt_rect.bottom + th.px(6)
        self.panels_rect = pygame.Rect(pad, bottom_y, left_w, h - bottom_y - pad)
        rx = pad * 2 + left_w
        self.right = pygame.Rect(rx, pad, right_w, h - 2 * pad)
        self.clock_rect = pygame.Rect(rx, pad, right_w, th.px(166))
        self.roster_rect = pygame.Rect(rx, self.clock_rect.bottom + th.px(6), right_w, th.px(250))
        self.enemy_rect = pygame.Rect(
            rx + th.px(4), self.roster_rect.bottom + th.px(26), right_w - th.px(8), th.px(92)
        )
        self.hq_rect = pygame.Rect(rx, self.enemy_rect.bottom + th.px(6), right_w, th.px(50))
        self.log_rect = pygame.Rect(
            rx, self.hq_rect.bottom + th.px(6), right_w, h - self.hq_rect.bottom - th.px(6) - pad
        )
        # the hero's turn: board, tray and hand drawn over the map
        m = self.map_rect
        self.hero_rect = m
        self.board_rect = pygame.Rect(m.x + th.px(8), m.y + th.px(40), m.w - th.px(16), th.px(112))
        side_w = th.px(236)
        self.tray_rect = pygame.Rect(
            m.x + th.px(8),
            self.board_rect.bottom + th.px(6),
            m.w - th.px(24) - side_w,
            th.px(184),
        )
        # beside the tray: the other things the Hero may do now (cards, tokens, Momentum)
        self.side_rect = pygame.Rect(
            self.tray_rect.right + th.px(8), self.tray_rect.y, side_w, self.tray_rect.h
        )
        self.hand_area = pygame.Rect(
            m.x + th.px(8),
            self.tray_rect.bottom + th.px(8),
            m.w - th.px(16),
            m.bottom - self.tray_rect.bottom - th.px(12),
        )
        if hasattr(self, "tray"):
            self.tray.set_rect(self.tray_rect)
            self.enemy_tray.set_rect(self.enemy_rect)
        self.layout = None
        self.decided_for = None

    def map_layout(self) -> MV.HexLayout:
        side = self.engine.info.side
        if self.layout is None or self.layout_side != side:
            th = self.app.theme
            area = self.map_rect.inflate(-th.px(24), -th.px(56))
            area.y = self.map_rect.y + th.px(36)
            self.layout = MV.HexLayout.fit(self.engine.hexes.keys(), area, max_size=th.px(52))
            self.layout_side = side
            self.pawn_px, self.pawn_hex, self.pawn_route = {}, {}, {}
            self.floaters = [f for f in self.floaters if not f.on_map]  # the old side's map
            self.damage_diffs = []
        return self.layout

    # ------------------------------------------------------------ helpers

    def human(self, seat: int) -> bool:
        return seat not in self.controllers

    def hero(self, seat: int):
        return self.engine.heroes[seat]

    def seat_label(self, seat: int) -> str:
        if seat in self.controllers:
            return "CPU"
        humans = [s for s in range(len(self.seats)) if s not in self.controllers]
        if len(humans) == 1:
            return "You"
        return (
            self.profiles[seat]
            if seat < len(self.profiles) and self.profiles[seat]
            else f"P{seat + 1}"
        )

    def options(self, kind: str | None = None) -> list[Action]:
        choice = self.engine.pending
        if choice is None:
            return []
        return [o.action for o in choice.options if kind is None or o.action.kind == kind]

    def find(self, kind: str, **args) -> Action | None:
        for action in self.options(kind):
            if all(action.get(k) == v for k, v in args.items()):
                return action
        return None

    def narrating(self) -> bool:
        return self.current is not None or bool(self.queue)

    def speed(self) -> float:
        return self.app.settings.speed_factor

    def say(self, text: str) -> None:
        self.message = text
        self.message_age = 0.0

    # ------------------------------------------------------------ acting

    def act(self, action: Action) -> None:
        choice = self.engine.pending
        if choice is None:
            return
        before = {i: e.health for i, e in enumerate(self.engine.enemies)}
        side = self.engine.info.side
        try:
            self.engine.apply(action)
        except IllegalAction as exc:
            self.say(f"Not possible now: {exc}")
            self.decided_for = None
            return
        if action.kind in ("reroll", "momentum_reroll"):
            self.rerolled = (
                list(action.get("dice")) if action.kind == "reroll" else [action.get("die")]
            )
        if action.kind == "reroll_enemy":
            i = action.get("die")
            self.enemy_tray.throw(
                [v for _c, v in self.engine.info.enemy_dice], reroll=[i], from_side="top"
            )
        if action.kind == "reroll":
            self.kept = [i not in action.get("dice") for i in range(5)]
        self.momentum_mode = False
        if self.engine.info.side == side:
            for i, e in enumerate(self.engine.enemies):
                if i in before and e.health < before[i]:
                    self.damage_diffs.append((i, before[i] - e.health))
        self.app.play("token" if action.kind != "reroll" else "button")
        self._collect_events()
        self.decided_for = None
        self.buttons, self.modal = [], []
        if self.engine.over:
            self._save()

    def _collect_events(self) -> None:
        log = self.engine.log
        for event in log[self.seen :]:
            self.queue.append(event)
        self.seen = len(log)

    def _save(self) -> None:
        from game.ui.scenes.missions_menu import clear_mission_save, save_mission_ui

        if self.engine.over:
            clear_mission_save()
            return
        if self.saved_at == len(self.engine.actions):
            return
        try:
            save_mission_ui(self.engine, self.seats, self.profiles)
            self.saved_at = len(self.engine.actions)
        except OSError as exc:  # a full disk must not stop the game
            self.say(f"The mission could not be saved: {exc}")

    def _autosave(self, choice) -> None:
        """Saved when a player's turn comes up (once per phase and player) and at the start
        of each round of computer play; Esc -> quit saves everything. Each save is an
        atomic, fsynced write (~30-70 ms here), so not after every single decision."""
        info = self.engine.info
        if choice.player in self.controllers:
            key = (info.round,)
        else:  # a player's turn: once per phase and player (Esc -> quit saves the rest)
            key = (info.round, info.phase, choice.player)
        if key != self.saved_round:
            self.saved_round = key
            self._save()

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        for impulse in self.tray.update(dt):
            self.app.play("dice_hit", impulse)
        self.enemy_tray.update(dt)
        self._update_animation(dt)
        self.message_age += dt
        if self.paused or self.app.scene is not self:
            return
        self._collect_events()
        if self.narrating():
            self._narrate(dt)
            return
        if self.engine.over:
            if not self.ended:
                self.ended = True
                from game.ui.scenes.missions_menu import MissionResultScene

                self.app.push(MissionResultScene(self.app, self))
            return
        choice = self.engine.pending
        if choice is None:
            return
        if self.decided_for is not choice:
            self._autosave(choice)
            self._prepare(choice)
        if choice.player in self.controllers:
            if self.tray.rolling:
                return
            self.ai_timer += dt
            if self.ai_timer >= 0.5 * self.speed():
                self.ai_timer = 0.0
                self.act(self.controllers[choice.player].decide(self.engine, choice))
            return
        self.ai_timer = 0.0
        self._hover()

    def _prepare(self, choice) -> None:
        """A new decision: sync the dice tray, then let the kind's handler build controls."""
        if self._page_choice is not choice:  # a new question: first page, nothing selected
            self.modal_page = 0
            self.alter_sel = []
            self._page_choice = choice
            self.message = ""  # a hint about the last question does not carry over
        self.decided_for = choice
        self.buttons, self.modal, self.modal_title = [], [], ""
        self.momentum_mode = False
        if choice.kind in ("offensive_roll", "announce"):
            dice = list(choice.context.get("dice", ()))
            key = (self.engine.info.round, choice.player)
            if choice.kind == "offensive_roll" and self.tray_owner != key:
                self.tray_owner = key
                self.kept = [False] * len(dice)
                self.tray.throw(dice, from_side="bottom")
                self.app.play("dice_roll")
                if self.speed() == 0:
                    self.tray.finish()
            elif self.rerolled is not None and choice.kind == "offensive_roll":
                self.tray.throw(dice, reroll=self.rerolled, kept=self.kept)
                if self.speed() == 0:
                    self.tray.finish()
            elif self.tray.values != dice:
                self.tray_owner = key
                self.tray.show(dice, self.kept if len(self.kept) == len(dice) else None)
            self.rerolled = None
        if choice.kind == "announce":
            self.kept = [False] * 5
            self.tray.set_kept(self.kept)
            self.tray.highlight(())
        if choice.player in self.controllers:
            return
        self.handlers.get(choice.kind, self._ask_generic)(choice)

    # ------------------------------------------------------------ narration

    def _narrate(self, dt: float) -> None:
        if self.current is None:
            event = self.queue.popleft()
            self.current = event
            self.beat = 0.0
            base = BEATS.get(event.kind, 0.35)
            self.beat_len = base * self.speed()
            self._start_event(event)
            return
        self.beat += dt
        if self.beat >= self.beat_len and not self.enemy_tray.rolling:
            self.current = None
            self.flash_hex = None
            if not self.queue:
                self.shown_phase = None
                if self.engine.info.phase not in ("enemy_roll", "crisis_clock"):
                    self.acting = None  # kept while a Hero answers the acting enemy

    def skip(self) -> None:
        while self.queue or self.current is not None:
            if self.current is None:
                self._start_event(self.queue.popleft())
            self.current = None
        if self.engine.info.phase not in ("enemy_roll", "crisis_clock"):
            self.acting = None
        self.shown_phase = None
        self.flash_hex = None
        self.enemy_tray.finish()
        self.tray.finish()

    def _start_event(self, event) -> None:
        if event.kind in EVENT_PHASE:
            phase = EVENT_PHASE[event.kind]
            if phase != self._count_phase:
                self.name_counts = {}  # enemies of a kind act in reading order, per phase
                self._count_phase = phase
            self.shown_phase = phase
        self.log.append(event.text)
        if len(self.log) > 300:
            del self.log[:100]
        kind = event.kind
        if kind == "enemy_roll":
            self.name_counts = {}
            self.acting = None
            values = [int(v) for _c, v in DICE_RE.findall(event.text)] or [
                v for _c, v in self.engine.info.enemy_dice
            ]
            final = [v for _c, v in self.engine.info.enemy_dice]
            if len(final) == len(values):
                values = final  # a Hero's re-roll shows as the die being thrown again
            self.enemy_tray.throw(values, from_side="top")
            self.app.play("dice_roll")
            if self.speed() == 0:
                self.enemy_tray.finish()
        elif kind == "reroll_enemy":
            current = [v for _c, v in self.engine.info.enemy_dice]
            if self.enemy_tray.values != current:
                changed = [
                    i
                    for i, v in enumerate(current)
                    if i >= len(self.enemy_tray.values) or self.enemy_tray.values[i] != v
                ]
                self.enemy_tray.throw(current, reroll=changed or None, from_side="top")
        elif kind in ENEMY_EVENTS:
            self.acting = self._enemy_for(event)
        elif kind == "clock":
            self.name_counts = {}
        elif kind == "facedown_placed" and self.engine.map is not None:
            m = re.search(r"space (\d)", event.text)
            self.flash_hex = self.engine.map.numbered(int(m.group(1))) if m else None
        if kind == "hero_damaged" and "seat" in event.data:
            m = DAMAGE_RE.search(event.text)
            if m:
                self._float_hero(event.data["seat"], f"-{m.group(1)}", T.HEALTH)
        elif kind == "enemy_damaged":
            m = DAMAGE_RE.search(event.text)
            for n, (index, amount) in enumerate(self.damage_diffs):
                enemy = self.engine.enemies[index] if index < len(self.engine.enemies) else None
                if enemy is not None and event.text.startswith(enemy.name):
                    del self.damage_diffs[n]
                    self._float_enemy(index, f"-{m.group(1) if m else amount}")
                    break
        elif kind in ("won", "perfect", "side_done"):
            if kind == "won":
                self.app.play("victory")
        elif kind == "lost":
            self.app.play("defeat")

    def _enemy_for(self, event) -> int | None:
        if isinstance(event.data.get("enemy"), int):
            return event.data["enemy"]
        matches = [
            (i, e)
            for i, e in enumerate(self.engine.enemies)
            if event.text.startswith(e.name + " ") or event.text.startswith(e.name + "'")
        ]
        if not matches:
            return None
        name = matches[0][1].name
        k = self.name_counts.get(name, 0)
        self.name_counts[name] = k + 1
        ordered = sorted(matches, key=lambda m: hexgrid.reading_key(m[1].pos))
        alive = [m for m in ordered if not m[1].defeated] or ordered
        return alive[k % len(alive)][0]

    def _float_hero(self, seat: int, text: str, colour) -> None:
        rect = self.roster_rects.get(seat)
        if rect is not None:
            # over the Health dial (x + 190, as drawn in the Hero list), not over the name
            th = self.app.theme
            self.floaters.append(Floater(text, (rect.x + th.px(190), rect.y + th.px(4)), colour))
        px = self.pawn_px.get(seat)
        if px is not None:
            self.floaters.append(
                Floater(text, (px[0], px[1] - self.app.theme.px(10)), colour, on_map=True)
            )

    def _float_enemy(self, index: int, text: str) -> None:
        enemy = self.engine.enemies[index]
        x, y = self.map_layout().center(enemy.pos)
        self.floaters.append(
            Floater(text, (x, y - self.app.theme.px(12)), (255, 120, 90), on_map=True)
        )

    def phase_shown(self) -> str:
        return self.shown_phase or self.engine.info.phase

    def round_shown(self) -> int:
        info = self.engine.info
        order = [p for p, _s, _t in PHASES]
        behind = self.shown_phase is not None and order.index(self.shown_phase) > order.index(
            info.phase if info.phase in order else "pass"
        )
        return max(1, info.round - 1) if behind else info.round

    def _update_animation(self, dt: float) -> None:
        target = float(self.engine.info.clock)
        telling = self.narrating() and self.phase_shown() != "crisis_clock"
        if abs(self.hand_shown % 8 - target) > 0.01 and not telling:
            step = dt * 2.5 / max(0.25, self.speed() or 0.25)
            diff = (target - self.hand_shown) % 8
            if self.speed() == 0 or diff <= step:
                self.hand_shown = target
            else:
                self.hand_shown = (self.hand_shown + step) % 8
        for f in self.floaters:
            f.age += dt
        self.floaters = [f for f in self.floaters if f.age < 1.4]
        layout = self.map_layout()
        for hero in self.engine.heroes:
            if hero.pos is None:
                self.pawn_px.pop(hero.seat, None)
                self.pawn_hex[hero.seat] = None  # waiting beside the map (or exited)
                continue
            goal = layout.center(hero.pos)
            cur = self.pawn_px.get(hero.seat)
            seen = hero.seat in self.pawn_hex
            was = self.pawn_hex.get(hero.seat)
            self.pawn_hex[hero.seat] = hero.pos
            if cur is None and seen and self.speed() > 0 and self.engine.map is not None:
                # coming onto the map: start beside the ENTRY space
                entries = self.engine.map.entries()
                if entries:
                    ex, ey = layout.center(entries[0])
                    cur = self.pawn_px[hero.seat] = [ex - layout.size * 1.6, ey]
                    was = None
            if cur is None or self.speed() == 0:
                self.pawn_px[hero.seat] = [goal[0], goal[1]]
                self.pawn_route[hero.seat] = []
                continue
            if was != hero.pos:  # walk the path space by space, not through walls
                starts = [was] if was is not None else self.engine.map.entries()
                route = MV.path_to(starts, hero.pos, self.engine.passable)
                self.pawn_route[hero.seat] = [layout.center(h) for h in route]
            route = self.pawn_route.setdefault(hero.seat, [])
            step = layout.size * 7.0 * dt / max(0.3, self.speed())
            while route and step > 0:
                tx, ty = route[0]
                dx, dy = tx - cur[0], ty - cur[1]
                dist = math.hypot(dx, dy)
                if dist <= step:
                    cur[0], cur[1] = tx, ty
                    step -= dist
                    route.pop(0)
                else:
                    cur[0] += dx / dist * step
                    cur[1] += dy / dist * step
                    step = 0
            if not route:
                cur[0], cur[1] = goal

    # ------------------------------------------------------------ controls per choice kind

    def _add(
        self, label, action=None, *, primary=False, tooltip="", enabled=True, fn=None, core=False
    ):
        self.buttons.append(
            Button(
                pygame.Rect(0, 0, 10, 10),
                label,
                fn or (lambda a=action: self.act(a)),
                enabled=enabled,
                primary=primary,
                tooltip=tooltip,
                data={"action": action, "core": core} if action is not None else {"core": core},
            )
        )

    def _place_buttons(self) -> None:
        """Buttons right-aligned in the prompt bar; when they do not fit, a list over the map."""
        th = self.app.theme
        font = th.font(17, bold=True, condensed=True)
        bar = self.prompt_rect
        widths = [max(th.px(96), font.size(b.label)[0] + th.px(28)) for b in self.buttons]
        prompt_w = th.font(15, bold=True).size(self.prompt_text())[0]
        room = bar.w - min(prompt_w, bar.w * 0.4) - th.px(30)
        if sum(widths) + th.px(8) * len(widths) <= room and len(self.buttons) <= 5:
            x = bar.right - th.px(6)
            for b, bw in zip(reversed(self.buttons), reversed(widths), strict=True):
                x -= bw
                b.rect = pygame.Rect(x, bar.y + th.px(5), bw, bar.h - th.px(10))
                x -= th.px(8)
            return
        choice = self.engine.pending
        self.modal_side = choice is not None and choice.kind in HERO_TURN_KINDS
        if self.modal_side:
            # a Hero's turn: the main buttons stay in the bar, the rest beside the dice tray
            keep = [b for b in self.buttons if b.primary or b.data.get("core")]
            rest = [b for b in self.buttons if b not in keep]
            cols, bw, bh = 1, self.side_rect.w - th.px(16), th.px(32)
            max_rows = max(2, (self.side_rect.h - th.px(48)) // (bh + th.px(5)))
        else:
            # the list: one or two columns of wide buttons over the map, the primary in the bar
            keep = [b for b in self.buttons if b.primary][:1]
            rest = [b for b in self.buttons if b not in keep]
            cols = 2 if len(rest) > 6 else 1
            bw = th.px(360) if cols == 2 else th.px(440)
            bh = th.px(34)
            max_rows = max(2, (self.map_rect.h - th.px(90)) // (bh + th.px(6)))
        rows = math.ceil(len(rest) / cols)
        if rows > max_rows:  # pages, with a button to turn them
            per_page = max_rows * cols - 1
            pages = math.ceil(len(rest) / per_page)
            self.modal_page %= pages
            page = self.modal_page
            rest = rest[page * per_page : (page + 1) * per_page]
            rest.append(
                Button(
                    pygame.Rect(0, 0, 10, 10),
                    f"More options (page {page + 1} of {pages})",
                    self._next_page,
                    data={"page": page},
                )
            )
            rows = max_rows
        total_w = cols * bw + (cols - 1) * th.px(10)
        x0 = self.map_rect.centerx - total_w // 2
        step = th.px(6)
        # anchored to the bottom of the map: the ticker and most of the map stay visible
        y0 = self.map_rect.bottom - th.px(14) - rows * (bh + step) + step
        if self.modal_side:
            x0, y0, step = self.side_rect.x + th.px(8), self.side_rect.y + th.px(26), th.px(5)
        small = th.font(14, bold=True, condensed=True)
        for i, b in enumerate(rest):
            c, r = divmod(i, rows)
            b.rect = pygame.Rect(x0 + c * (bw + th.px(10)), y0 + r * (bh + step), bw, bh)
            fit_label(b, small, bw - th.px(12))
        self.modal = rest
        self.modal_title = (choice.prompt if choice else "") or "Choose"
        if self.modal_side:
            self.modal_title = "Also possible now"
        self.buttons = keep
        x = bar.right - th.px(6)
        for b in reversed(keep):
            w = max(th.px(110), font.size(b.label)[0] + th.px(24))
            x -= w
            b.rect = pygame.Rect(x, bar.y + th.px(5), w, bar.h - th.px(10))
            x -= th.px(8)

    MAP_KINDS = ("target", "choose_enemy", "move")

    def _next_page(self) -> None:
        self.modal_page += 1
        self.decided_for = None  # rebuilt on the next update with the next page

    def _ask_generic(self, choice) -> None:
        """A button per option; options that name an enemy are answered on the map instead
        (a list of same-named Henchmen would not say which one is which)."""
        for option in choice.options:
            if option.action.kind not in self.MAP_KINDS:
                self._add(option.label, option.action)
        self._place_buttons()

    def _ask_move(self, choice) -> None:
        hero = self.hero(choice.player)
        for action in self.options("move"):
            if (action.get("q"), action.get("r")) == hero.pos:
                self._add("Stay here", action, tooltip="End the Movement Phase where you are.")
        self._place_buttons()

    def _ask_give_momentum(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_choose(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_main_phase(self, choice) -> None:
        done = self.find("done")
        by_hand = ("done", "upgrade", "play", "sell")  # cards: click, right-click to sell
        extras = [a for a in choice.options if a.action.kind not in by_hand]
        for option in extras:
            self._add(option.label, option.action, tooltip=self._momentum_tip(option.action))
        if done is not None:
            self._add("End Main Phase", done, primary=True)
        self._place_buttons()

    def _momentum_tip(self, action: Action) -> str:
        if action.kind == "recruit":
            ally = self.db.allies[action.get("ally")]
            return f"{ally.name} ({ally.cost} Momentum): {ally.text}"
        if action.kind == "exhaust":
            ally = self.db.allies[action.get("ally")]
            return f"Exhaust {ally.name}: send it away for its exhaust power."
        return ""

    def _ask_offensive_roll(self, choice) -> None:
        left = choice.context.get("attempts_left", 0)
        can_roll = bool(self.options("reroll"))
        self._add(
            f"Roll ({left} left)" if can_roll else "No roll left",
            fn=self.roll,
            primary=can_roll,
            enabled=can_roll,
            tooltip="Throw again every die that is not kept (click dice to keep them).",
        )
        stop = self.find("stop")
        if stop is not None:
            self._add("Keep these dice", stop, primary=not can_roll, core=True)
        for option in choice.options:
            if option.action.kind not in ("reroll", "stop", "momentum_reroll"):
                self._add(option.label, option.action)  # Roll Phase cards, tokens
        if self.options("momentum_reroll"):
            cost = self.engine.turn.momentum_cost(self.hero(choice.player), "reroll_own_die")
            self._add(
                f"Re-roll 1 die ({cost} Momentum)",
                fn=self.toggle_momentum_mode,
                tooltip="Then click the die to throw again (Momentum card action).",
            )
        self._place_buttons()

    def _ask_announce(self, choice) -> None:
        for option in choice.options:
            if option.action.kind == "activate_ally":
                self._add(option.label, option.action)
        none = self.find("no_ability")
        if none is not None:
            self._add("Activate nothing", none, core=True)
        self._place_buttons()

    def _ask_choose_target(self, choice) -> None:
        for option in choice.options:
            if option.action.kind != "target":
                self._add(option.label, option.action)
        self._place_buttons()

    def _ask_defense_choice(self, choice) -> None:
        for option in choice.options:
            self._add(option.label, option.action, primary=option.action.kind != "no_defense")
        self._place_buttons()

    def _ask_spend_tokens(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_status_or_momentum(self, choice) -> None:
        self._ask_generic(choice)

    # the heroes' own kits (grow a Spirit or Bot, Reload's re-roll, Nyra's share of a blow)
    # and a teammate's chance to protect the Hero being hit: plain lists of choices
    def _ask_grow(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_free_reroll(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_companion_split(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_protect_teammate(self, choice) -> None:
        self._ask_generic(choice)

    def _ask_enemy_dice(self, choice) -> None:
        done = self.find("done")
        ways = sorted({a.get("way") for a in self.options("reroll_enemy")})
        for way in ways:
            self._add(
                f"Re-roll a die ({way})",
                fn=lambda w=way: self._enemy_mode(w),
                tooltip="Then click an Enemy Die in the tray on the right.",
            )
        if done is not None:
            self._add("Leave the Enemy Dice", done, primary=True)
        self.enemy_way = ways[0] if ways else None
        self._place_buttons()

    def _enemy_mode(self, way: str) -> None:
        self.enemy_way = way
        self.say("Click the Enemy Die to re-roll.")

    def _ask_discard(self, choice) -> None:
        self.say("Click a card in your hand to sell it.")

    def _ask_attack_modifiers(self, choice) -> None:
        done = self.find("done")
        for option in choice.options:
            if option.action.kind != "done":
                self._add(option.label, option.action)
        if done is not None:
            self._add("Resolve the damage", done, primary=True)
        self._place_buttons()

    def _ask_alter_dice(self, choice) -> None:
        """Dice changed by a card or token: the dice as buttons (click to select), then
        'Re-roll selected' or the new value for the selected die."""
        dice = list(choice.context.get("dice", ()))
        reroll = bool(self.options("alter_reroll"))
        for i, value in enumerate(dice):
            self._add(
                f"Die {i + 1}: {value}",
                fn=lambda i=i: self._alter_pick(i),
                primary=i in self.alter_sel,
                tooltip="Select this die.",
            )
        if reroll:
            wanted = tuple(sorted(self.alter_sel))
            action = self.find("alter_reroll", dice=wanted) if wanted else None
            label = "Re-roll selected" if action is not None else "Select dice to re-roll"
            self._add(label, action, primary=action is not None, enabled=action is not None)
        elif len(self.alter_sel) == 1:
            die = self.alter_sel[0]
            for action in self.options("set_die"):
                if action.get("die") == die:
                    self._add(f"Make it {action.get('value')}", action)
        self._place_buttons()

    def _alter_pick(self, index: int) -> None:
        if self.options("alter_reroll"):
            if index in self.alter_sel:
                self.alter_sel.remove(index)
            else:
                self.alter_sel.append(index)
        else:
            self.alter_sel = [] if self.alter_sel == [index] else [index]
        self.decided_for = None

    # ------------------------------------------------------------ dice

    def roll(self) -> None:
        choice = self.engine.pending
        if choice is None or choice.kind != "offensive_roll":
            return
        wanted = tuple(i for i, k in enumerate(self.kept) if not k)
        if not wanted:
            self.say("Every die is kept: release one, or choose 'Keep these dice'.")
            return
        action = self.find("reroll", dice=wanted)
        if action is None:
            self.say("No roll attempt is left.")
            return
        self.act(action)

    def toggle_momentum_mode(self) -> None:
        self.momentum_mode = not self.momentum_mode
        if self.momentum_mode:
            self.say("Click the die to re-roll with Momentum.")

    def toggle_keep(self, index: int) -> None:
        if self.tray.rolling or index >= len(self.kept):
            return
        if self.momentum_mode:
            action = self.find("momentum_reroll", die=index)
            if action is not None:
                self.act(action)
            return
        self.kept[index] = not self.kept[index]
        self.tray.set_kept(self.kept)
        self.app.play("token")

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_pause(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.narrating():
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.skip()
            return
        choice = self.engine.pending
        if choice is None or choice.player in self.controllers:
            return
        hidden = self.modal_side and self.hero_overlay() is None  # Tab: the map shows
        for b in ([] if hidden else self.modal) + self.buttons:
            if b.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONUP:
            self._click(event.pos, event.button)

    def _key(self, event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self._open_pause()
            return
        if key == pygame.K_SPACE and self.narrating():
            self.skip()
            return
        if key == pygame.K_TAB:
            self.show_map = not self.show_map
            return
        if key == pygame.K_F1:
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
            return
        choice = self.engine.pending
        if choice is None or choice.player in self.controllers or self.narrating():
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for b in self.buttons + self.modal:
                if b.primary and b.enabled and b.on_click:
                    b.on_click()
                    return
        if key == pygame.K_r and choice.kind == "offensive_roll":
            self.roll()
        elif pygame.K_1 <= key <= pygame.K_5 and choice.kind == "offensive_roll":
            self.toggle_keep(key - pygame.K_1)
        elif pygame.K_1 <= key <= pygame.K_9:
            hidden = self.modal_side and self.hero_overlay() is None
            shown = [b for b in ([] if hidden else self.modal) + self.buttons if b.enabled]
            index = key - pygame.K_1
            if index < len(shown) and shown[index].on_click:
                shown[index].on_click()

    def hero_overlay(self) -> int | None:
        """The seat whose board, dice and hand cover the map now (None: the map shows)."""
        if self.show_map or self.pawns_moving():
            return None
        choice = self.engine.pending
        if choice is not None and choice.kind in HERO_TURN_KINDS and not self.narrating():
            return choice.player
        if self.tray.rolling and self.tray_owner is not None:
            return self.tray_owner[1]
        return None

    def pawns_moving(self) -> bool:
        """A pawn is still sliding to its space (the map stays up until it arrives)."""
        if self.speed() == 0 or self.layout is None:
            return False
        return any(self.pawn_route.get(h.seat) for h in self.engine.heroes if h.pos is not None)

    @staticmethod
    def rolls_left(choice) -> bool:
        """An Offensive Roll question that still offers a re-roll."""
        return any(o.action.kind == "reroll" for o in choice.options)

    def _click(self, pos, button: int) -> None:
        choice = self.engine.pending
        overlay = self.hero_overlay()
        if overlay is not None:
            if self.tray_rect.collidepoint(pos) and choice.kind == "offensive_roll":
                index = self.tray.die_at(pos)
                if index is not None:
                    self.toggle_keep(index)
                return
            on_tile = any(s.rect.collidepoint(pos) for s in self.row_spots)
            if on_tile and choice.kind == "offensive_roll" and not self.rolls_left(choice):
                # no roll left: a click on an ability keeps the dice and uses it - one click,
                # not "Keep these dice" first
                stop = self.find("stop")
                if stop is not None:
                    self.act(stop)
                    choice = self.engine.pending
                    if choice is None or choice.kind != "announce":
                        return
            for spot in self.row_spots:
                if spot.rect.collidepoint(pos) and choice.kind == "announce":
                    action = None
                    if spot.kind == "row":
                        action = self.find("activate", ability=spot.key, row=spot.row)
                    if action is None:
                        # a click on the tile (or on a row the dice miss): its best row reached
                        reached = [
                            o.action
                            for o in choice.options
                            if o.action.kind == "activate" and o.action.get("ability") == spot.key
                        ]
                        action = max(reached, key=lambda a: a.get("row"), default=None)
                    if action is not None:
                        self.act(action)
                    else:
                        self.say("Your dice do not reach that ability.")
                    return
            card = self._card_at(pos)
            if card is not None:
                self._card_click(card, button)
                return
        if self.enemy_rect.collidepoint(pos) and choice.kind == "enemy_dice":
            index = self.enemy_tray.die_at(pos)
            if index is not None:
                action = self.find("reroll_enemy", die=index, way=getattr(self, "enemy_way", None))
                action = action or self.find("reroll_enemy", die=index)
                if action is not None:
                    self.act(action)
            return
        for rect, ally in self.hq_rects:
            if rect.collidepoint(pos):
                action = self.find("recruit", ally=ally)
                if action is not None:
                    self.act(action)
                return
        for seat, rect in self.roster_rects.items():
            if rect.collidepoint(pos):
                action = self._hero_action(seat)
                if action is not None:
                    self.act(action)
                return
        if overlay is None and self.map_rect.collidepoint(pos):
            h = self.map_layout().hex_at(pos)
            action = self.hex_action(h)
            if action is not None:
                self.act(action)
            elif h in self.engine.hexes:
                self.say(self._why_not_hex(h))

    def _hero_action(self, seat: int) -> Action | None:
        for action in self.options():
            if action.kind == "choose_hero" and action.get("hero") == seat:
                return action
        return None

    def hex_action(self, h) -> Action | None:
        """The option a click on space `h` stands for in the current decision."""
        choice = self.engine.pending
        if choice is None:
            return None
        if choice.kind == "move":
            return self.find("move", q=h[0], r=h[1])
        enemy = self.engine.enemy_at(h)
        if enemy is None:
            return None
        index = self.engine.enemies.index(enemy)
        for action in self.options():
            if action.kind in ("target", "choose_enemy") and action.get("enemy") == index:
                return action
        return None

    def _why_not_hex(self, h) -> str:
        choice = self.engine.pending
        if choice.kind == "move":
            space = self.engine.hexes[h]
            if space.dark and not space.defeat_tile:
                return "A dark space: nobody can stand there (until a Defeat tile covers it)."
            if self.engine.enemy_at(h) is not None:
                return "An enemy stands there."
            if space.exit:
                return "The EXIT opens only when the objective says so."
            return "Another Hero already chose to end there, or it cannot be reached."
        if choice.kind == "choose_target":
            return "Not a legal target: a melee Attack needs an adjacent enemy (or Range)."
        return "Nothing to do on that space now."

    def _card_at(self, pos) -> int | None:
        for rect, index in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return index
        return None

    def _card_click(self, index: int, button: int) -> None:
        choice = self.engine.pending
        if choice.kind == "discard":
            for action in self.options():
                if action.get("index") == index:
                    self.act(action)
                    return
        if choice.kind != "main_phase":
            action = self.find("play", index=index)
            if action is not None:
                self.act(action)
            else:
                self.say("That card cannot be played now.")
            return
        if button == 3:
            action = self.find("sell", index=index)
        else:
            action = self.find("upgrade", index=index) or self.find("play", index=index)
            if action is None:
                self.say(self._why_card(index) + " (right-click sells it for 1 CP)")
                return
        if action is not None:
            self.act(action)

    def _why_card(self, index: int) -> str:
        hero = self.hero(self.engine.pending.player)
        card = self.content.cards[hero.hand[index]]
        if card.type in ("roll", "instant"):
            return f"{card.name} cannot be played in Missions yet"
        if card.type == "upgrade":
            return f"{card.name}: not enough CP, or that ability is already at this level"
        if card.cost > hero.cp:
            return f"{card.name} costs {card.cost} CP; you have {hero.cp}"
        return f"{card.name} has no Missions use yet"

    def _hover(self) -> None:
        pos = pygame.mouse.get_pos()
        self.hover_hex = None
        self.hover_card = None
        for b in self.modal + self.buttons:
            b.hovered = b.rect.collidepoint(pos)
            if b.hovered and b.tooltip:
                self.app.tooltip.offer(b.tooltip, pos)
        if self.hero_overlay() is not None:
            self.hover_card = self._card_at(pos)
            if self.hover_card is not None:
                choice = self.engine.pending
                hero = self.hero(choice.player)
                if self.hover_card < len(hero.hand):
                    card = self.content.cards[hero.hand[self.hover_card]]
                    self.app.tooltip.offer(f"{card.name}: {card.text}", pos)
            for spot in self.row_spots:
                if spot.rect.collidepoint(pos) and spot.tooltip:
                    self.app.tooltip.offer(spot.tooltip, pos)
                    break  # the row's own tip before its tile's
        elif self.map_rect.collidepoint(pos) and not self.modal:
            h = self.map_layout().hex_at(pos)
            if h in self.engine.hexes:
                self.hover_hex = h
                tip = self._hex_tip(h)
                if tip:
                    self.app.tooltip.offer(tip, pos)
        for rect, text in self.tips:
            if rect.collidepoint(pos):
                self.app.tooltip.offer(text, pos)

    def _hex_tip(self, h) -> str:
        space = self.engine.hexes[h]
        parts = []
        enemy = self.engine.enemy_at(h)
        if enemy is not None:
            parts.append(self._enemy_tip(enemy))
        for hero in self.engine.heroes:
            if hero.pos == h:
                parts.append(f"{hero.name}: {hero.health} Health")
        if space.dark and not space.defeat_tile:
            parts.append("Dark space: blocked.")
        if space.entry:
            parts.append("Entry space: Heroes come onto the map here.")
        if space.exit:
            parts.append("EXIT: leave the map here when the objective allows.")
        if space.number:
            parts.append(
                f"Numbered space {space.number}: a red Enemy Die of {space.number} drops a "
                "face-down Boost Tile here in a Boss Fight."
            )
        if space.defeat_tile:
            parts.append("Defeat tile: an enemy fell here; the space can be crossed.")
        for tile, up in space.tiles:
            if up:
                parts.append(
                    f"Boost Tile: {self._boost_text(tile)} (collect by ending a move here)."
                )
            else:
                parts.append("A face-down Boost Tile: a CRIT target while it lies here or is held.")
        return "  ".join(parts)

    def _boost_text(self, tile: int) -> str:
        t = self.db.boost_tiles[tile]
        words = {
            "cp": f"gain {t.amount} CP",
            "heal": f"heal {t.amount}",
            "momentum": f"gain {t.amount} Momentum",
            "draw": f"draw {t.amount} card" + ("s" if t.amount != 1 else ""),
            "status": f"gain {t.status}",
            "cleanse": "remove a status or gain 1 Momentum",
            "transfer": "move a status or gain 2 Momentum",
        }
        return words.get(t.kind, t.kind)

    def _boost_label(self, tile: int) -> str:
        t = self.db.boost_tiles[tile]
        return {
            "cp": f"{t.amount}CP",
            "heal": f"+{t.amount}",
            "momentum": f"{t.amount}M",
            "draw": "CARD",
            "status": (t.status or "S")[:3].upper(),
            "cleanse": "CLN",
            "transfer": "TRF",
        }.get(t.kind, "?")

    def _enemy_tip(self, enemy) -> str:
        tokens = ", ".join(f"{k} x{v}" for k, v in sorted(enemy.tokens.items()))
        text = f"{enemy.name}: {enemy.health} of {enemy.start_health} Health"
        if tokens:
            text += f"; {tokens}"
        if enemy.kind == "henchman":
            hdef = self.db.henchmen[enemy.enemy]
            a = hdef.attack
            text += (
                f". {a.name}: {a.damage} {a.dtype} damage, {a.reach}"
                + (", every Hero in reach" if a.multi_strike else "")
                + "."
            )
        return text

    # ------------------------------------------------------------ pause

    def _open_pause(self) -> None:
        self.open_pause_menu(
            [
                ("Resume", self._resume),
                ("Rules Reference", self._rules),
                ("Settings", self._settings),
                ("Save and quit to title", self._quit),
            ],
            note="Save and quit keeps your place: Continue on the title resumes it.",
        )

    def _quit(self) -> None:
        self._save()
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def finish_instantly(self) -> None:
        """Let the computer seats play on at once (demo): stops at a human's decision."""
        guard = 0
        while not self.engine.over and guard < 50_000:
            choice = self.engine.pending
            if choice is None or choice.player not in self.controllers:
                break
            self.engine.apply(self.controllers[choice.player].decide(self.engine, choice))
            guard += 1
        self._collect_events()
        self.skip()
        self.decided_for = None

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        self.tips = []
        self._draw_top(surface)
        overlay = self.hero_overlay()
        if overlay is None:
            self._draw_map(surface)
        else:
            self._draw_hero_turn(surface, overlay)
        self._draw_ticker(surface)
        self._draw_prompt(surface)
        self._draw_panels(surface)
        self._draw_clock(surface)
        self._draw_roster(surface)
        self._draw_enemy_dice(surface)
        self._draw_hq(surface)
        self._draw_log(surface)
        self._draw_floaters(surface, overlay)
        if self.modal:
            self._draw_modal(surface)
        if overlay is not None:
            hint = text_surface(th.font(12), "Tab: look at the map   Esc: menu", T.TEXT_DIM)
            surface.blit(
                hint,
                hint.get_rect(
                    bottomleft=(self.side_rect.x + th.px(8), self.side_rect.bottom - th.px(5))
                ),
            )
        for b in self.buttons:
            b.draw(surface, th)
        if self.paused:
            self.draw_pause_menu(surface)

    def _draw_floaters(self, surface, overlay) -> None:
        """Damage numbers rising from pawns, enemies and the Hero list."""
        th = self.app.theme
        for f in self.floaters:
            if f.on_map and overlay is not None:
                continue
            rise = th.px(34) * min(1.0, f.age / 1.2)
            alpha = max(0, min(255, int(255 * (1.4 - f.age) / 0.5)))
            label = text_surface(th.font(24, bold=True), f.text, f.colour).copy()
            shadow = text_surface(th.font(24, bold=True), f.text, (0, 0, 0)).copy()
            label.set_alpha(alpha)
            shadow.set_alpha(alpha)
            r = label.get_rect(center=(f.pos[0], f.pos[1] - rise))
            surface.blit(shadow, r.move(2, 2))
            surface.blit(label, r)

    def _draw_top(self, surface) -> None:
        th = self.app.theme
        info = self.engine.info
        rect = self.top_rect
        panel(surface, rect, th, radius=8)
        mission = self.engine.mission
        kind = "Mission Run" if self.engine.side().kind == "run" else "Boss Fight"
        font = th.font(12, bold=True, condensed=True)
        cells_w = sum(max(th.px(40), font.size(short)[0] + th.px(10)) for _p, short, _t in PHASES)
        room = rect.w - cells_w - th.px(24)
        title_font = th.font(15, bold=True, condensed=True)
        r = self.round_shown()
        for title in (
            f"{mission.name}  |  Side {info.side + 1}: {kind}  |  Round {r}",
            f"{mission.name}  |  Side {info.side + 1}  |  Round {r}",
            f"Side {info.side + 1}  |  Round {r}",
        ):
            if title_font.size(title)[0] <= room:
                break
        draw_text(surface, title, title_font, T.BRASS, (rect.x + th.px(10), rect.y + th.px(8)))
        x = rect.right - th.px(6)
        for pid, short, tip in reversed(PHASES):
            w = max(th.px(40), font.size(short)[0] + th.px(10))
            x -= w
            cell = pygame.Rect(x, rect.y + th.px(6), w - th.px(3), rect.h - th.px(12))
            now = self.phase_shown() == pid
            pygame.draw.rect(
                surface, (120, 96, 48) if now else T.WOOD_LIGHT, cell, border_radius=th.px(4)
            )
            if now:
                pygame.draw.rect(
                    surface, T.HIGHLIGHT, cell, max(1, th.px(2)), border_radius=th.px(4)
                )
            lab = text_surface(font, short, T.INK if False else (T.WHITE if now else T.TEXT_DIM))
            surface.blit(lab, lab.get_rect(center=cell.center))
            self.tips.append((cell, tip))

    # ---- the map

    def _legal_hexes(self):
        choice = self.engine.pending
        if choice is None or choice.player in self.controllers or self.narrating():
            return set(), set()
        moves, targets = set(), set()
        for action in self.options():
            if action.kind == "move":
                moves.add((action.get("q"), action.get("r")))
            elif action.kind in ("target", "choose_enemy"):
                index = action.get("enemy")
                if index is not None and index < len(self.engine.enemies):
                    targets.update(enemy_spaces(self.engine.enemies[index]))
        return moves, targets

    def _draw_map(self, surface) -> None:
        th = self.app.theme
        engine = self.engine
        rect = self.map_rect
        panel(surface, rect, th, fill=(34, 40, 36), rim=T.BRASS_DARK, radius=10)
        layout = self.map_layout()
        moves, targets = self._legal_hexes()
        path = ()
        choice = engine.pending
        rings = set()
        if choice is not None and self.hover_hex in moves:
            hero = self.hero(choice.player)
            starts = [hero.pos] if hero.pos else (engine.map.entries() if engine.map else [])
            path = MV.path_to(starts, self.hover_hex, engine.passable)
        if choice is not None and choice.kind == "choose_target" and not self.narrating():
            hero = self.hero(choice.player)
            if hero.pos is not None:
                rings = {n for n in hexgrid.neighbors(hero.pos) if n in engine.hexes}
        MV.draw_hex_map(
            surface,
            layout,
            engine.hexes,
            th,
            glow_hexes=moves,
            path=path,
            hover=self.hover_hex,
            target_hexes=targets,
            ring_hexes=rings,
        )
        if self.flash_hex is not None and self.flash_hex in engine.hexes:
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 80)
            pygame.draw.polygon(
                surface,
                (255, 200, 90),
                layout.corners(self.flash_hex, shrink=1.0 + pulse * 3),
                max(3, th.px(4)),
            )
        occupied = {h for e in engine.enemies if not e.defeated for h in enemy_spaces(e)}
        occupied |= {hero.pos for hero in engine.heroes if hero.pos is not None}
        for h, space in engine.hexes.items():
            MV.draw_boost_tiles(
                surface, layout, h, space.tiles, th, self._boost_label, corner=h in occupied
            )
        if len(path) > 1:
            pts = [layout.center(h) for h in path]
            pygame.draw.lines(surface, T.HIGHLIGHT, False, pts, max(2, th.px(3)))
            pygame.draw.circle(surface, T.HIGHLIGHT, [int(v) for v in pts[-1]], th.px(5))
        self.enemy_rects = {}
        for index, enemy in enumerate(engine.enemies):
            if enemy.defeated:
                continue
            self._draw_enemy(surface, layout, index, enemy, enemy.pos in targets)
        for hero in engine.heroes:
            self._draw_pawn(surface, layout, hero)
        self._draw_waiting_pawns(surface)
        if choice is not None and choice.kind == "move" and not self.narrating():
            hero = self.hero(choice.player)
            if hero.pos is not None and hero.seat in self.pawn_px:
                px = self.pawn_px[hero.seat]
                glow(
                    surface,
                    pygame.Rect(
                        px[0] - layout.size * 0.6,
                        px[1] - layout.size * 0.6,
                        layout.size * 1.2,
                        layout.size * 1.2,
                    ),
                    th,
                    strength=4,
                    radius=int(layout.size * 0.6 / th.scale),
                )

    def _draw_enemy(self, surface, layout, index, enemy, targeted: bool) -> None:
        th = self.app.theme
        s = layout.size
        cx, cy = layout.center(enemy.pos)
        boss = enemy.kind == "boss"
        if boss:
            colour = (150, 40, 60)
        else:
            colour = MV.panel_colour(self.db.henchmen[enemy.enemy].icon)
        r = int(s * (0.68 if boss else 0.55))
        extra = [h for h in enemy_spaces(enemy)[1:] if h in self.engine.hexes]
        for h in extra:  # a large enemy: its body covers the other spaces too
            ex, ey = layout.center(h)
            pygame.draw.line(surface, colour, (cx, cy), (ex, ey), max(6, int(r * 0.9)))
            part = [(ex + x, ey + y - s * 0.08) for x, y in MV.HexLayout(r, (0, 0)).corners((0, 0))]
            pygame.draw.polygon(surface, tuple(int(c * 0.8) for c in colour), part)
            pygame.draw.polygon(surface, (30, 20, 20), part, max(2, th.px(2)))
        acting = self.acting == index
        if acting:
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 90)
            pygame.draw.circle(
                surface,
                (255, 90, 60),
                (int(cx), int(cy)),
                r + th.px(6) + int(pulse * th.px(4)),
                max(2, th.px(3)),
            )
        body = MV.HexLayout(r, (0, 0)).corners((0, 0))
        pts = [(cx + x, cy + y - s * 0.08) for x, y in body]
        pygame.draw.polygon(surface, (20, 14, 14), [(x + 2, y + 3) for x, y in pts])
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, T.GOLD if boss else (30, 20, 20), pts, max(2, th.px(2)))
        if targeted:
            pygame.draw.polygon(surface, (255, 110, 80), pts, max(3, th.px(3)))
        from game.ui import art

        # the enemy's silhouette (its initials if it has no art yet)
        lab = art.enemy_icon(enemy.enemy, enemy.name, int(r * 1.25), T.WHITE)
        surface.blit(lab, lab.get_rect(center=(cx, cy - s * 0.1)))
        MV.draw_pips(
            surface,
            (int(cx - th.px(4)), int(cy + s * 0.42)),
            enemy.health,
            enemy.tokens.get("shield", 0),
            th,
        )
        others = [(k, v) for k, v in sorted(enemy.tokens.items()) if k != "shield" and v > 0]
        size = max(th.px(16), int(s * 0.4))
        for n, (status, count) in enumerate(others[:4]):
            info = self.db.statuses.get(status)
            icon = MV.token(
                status, info.name if info else status, info.kind if info else "unique", size
            )
            x = cx - s * 0.85 + (n % 2) * (size - 2)
            y = cy - s * 0.75 + (n // 2) * (size - 2)
            surface.blit(icon, (x, y))
            if count > 1:
                badge = text_surface(th.font(11, bold=True), str(count), T.WHITE)
                surface.blit(badge, (x + size - badge.get_width(), y + size - badge.get_height()))
        hit = pygame.Rect(cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6)
        self.enemy_rects[index] = hit

    def _draw_pawn(self, surface, layout, hero) -> None:
        from game.ui import art

        th = self.app.theme
        if hero.pos is None or hero.seat not in self.pawn_px:
            return
        x, y = self.pawn_px[hero.seat]
        size = int(layout.size * 1.15)
        ring = MV.SEAT_COLOURS[hero.seat % 4]
        pygame.draw.circle(surface, (0, 0, 0), (int(x) + 2, int(y) + 3), size // 2 + 2)
        pygame.draw.circle(surface, ring, (int(x), int(y)), size // 2 + th.px(3))
        emblem = art.hero_emblem(hero.hero, size)
        surface.blit(emblem, emblem.get_rect(center=(int(x), int(y))))
        if hero.facedown:
            pygame.draw.circle(
                surface, (70, 60, 80), (int(x + size * 0.4), int(y - size * 0.4)), th.px(8)
            )
            q = text_surface(th.font(11, bold=True), "?", T.WHITE)
            surface.blit(q, q.get_rect(center=(int(x + size * 0.4), int(y - size * 0.4))))
        if hero.defeated:
            pygame.draw.line(
                surface, T.NEGATIVE, (x - size / 2, y - size / 2), (x + size / 2, y + size / 2), 4
            )

    def _draw_waiting_pawns(self, surface) -> None:
        """Heroes not yet on the map wait beside it (rule 17); exited ones show EXITED."""
        from game.ui import art

        th = self.app.theme
        off = [h for h in self.engine.heroes if h.pos is None]
        if not off:
            return
        x = self.map_rect.x + th.px(12)
        y = self.map_rect.bottom - th.px(40)
        draw_text(surface, "Off the map:", th.font(13, bold=True), T.TEXT_DIM, (x, y - th.px(20)))
        for hero in off:
            emblem = art.hero_emblem(hero.hero, th.px(32))
            surface.blit(emblem, (x, y))
            pygame.draw.circle(
                surface,
                MV.SEAT_COLOURS[hero.seat % 4],
                (x + th.px(16), y + th.px(16)),
                th.px(17),
                2,
            )
            if hero.exited:
                tag = text_surface(th.font(11, bold=True), "EXITED", T.GOLD)
                surface.blit(tag, (x, y + th.px(32)))
            x += th.px(42)

    # ---- the hero's turn (board, dice, hand)

    def _draw_hero_turn(self, surface, seat: int) -> None:
        from game.ui import art

        th = self.app.theme
        hero = self.hero(seat)
        hero_def = self.engine.hero_def(hero)
        rect = self.hero_rect
        panel(surface, rect, th, fill=(40, 34, 30), rim=MV.SEAT_COLOURS[seat % 4], radius=10)
        emblem = art.hero_emblem(hero.hero, th.px(30))
        surface.blit(emblem, (rect.x + th.px(10), rect.y + th.px(5)))
        choice = self.engine.pending
        phase = {
            "main_phase": "Main Phase",
            "offensive_roll": "Offensive Roll",
            "announce": "choose an ability",
            "discard": "sell down to 6 cards",
        }.get(choice.kind if choice else "", "")
        head = f"{hero.name} ({self.seat_label(seat)})  -  {phase}"
        draw_text(
            surface, head, th.font(17, bold=True), T.BRASS, (rect.x + th.px(48), rect.y + th.px(10))
        )
        stats = (
            f"Health {hero.health}   CP {hero.cp}   Momentum {hero.momentum}   "
            f"Cards {len(hero.hand)}"
        )
        draw_text(
            surface,
            stats,
            th.font(14, bold=True),
            T.TEXT,
            (rect.right - th.px(12), rect.y + th.px(12)),
            align="right",
        )
        lit: dict[str, set[int]] = {}
        dice = list(choice.context.get("dice", ())) if choice is not None else []
        if dice and not self.tray.rolling and choice.kind in ("offensive_roll", "announce"):
            for ability, index, _row in self.engine.turn.met_rows(hero, dice):
                lit.setdefault(ability.id, set()).add(index)
        odds = self.odds(seat, choice)
        clickable = (
            set(lit)
            if choice is not None and choice.kind == "announce" and self.human(seat)
            else set()
        )
        self.row_spots = [
            s
            for s in self.board.draw(
                surface,
                self.board_rect,
                th,
                seat,
                hero_def,
                hero.levels,
                lit=lit,
                clickable=clickable,
                odds=odds,
            )
            if s.kind in ("row", "ability")
        ]
        self.row_spots.sort(key=lambda s: s.kind != "row")  # a row first, then its whole tile
        self.tray.highlight(())
        self.tray.draw(
            surface, lambda v, size, kept, i=None: art.die_face(hero_def, v, size, kept=kept)
        )
        # the bottom line of the tray: the hint on the left, the Allies on the right, each in
        # its own half so they never run into each other
        half = self.tray_rect.w // 2 - th.px(18)
        allies_w = 0
        if hero.allies:
            names = ", ".join(self.db.allies[a].name for a in hero.allies)
            allies = f"Allies: {names}"
            allies_font = th.fit_font(13, allies, half, bold=True, condensed=True)
            if allies_font.size(allies)[0] > half:
                allies = f"Allies: {len(hero.allies)} (hover the Hero list for names)"
                allies_font = th.fit_font(13, allies, half, bold=True, condensed=True)
            allies_w = allies_font.size(allies)[0] + th.px(16)
            draw_text(
                surface,
                allies,
                allies_font,
                T.TEXT,
                (self.tray_rect.right - th.px(12), self.tray_rect.bottom - th.px(24)),
                align="right",
            )
        room = self.tray_rect.w - th.px(24) - allies_w
        hint, colour = "", T.TEXT
        if choice is not None and choice.kind == "offensive_roll":
            left = choice.context.get("attempts_left", 0)
            hint = f"Roll attempts left: {left}"
            if self.human(seat):
                hint += "  -  click dice (keys 1-5) to keep, R rolls"
        elif choice is not None and choice.kind == "announce" and self.human(seat):
            hint, colour = "Click a lit ability row to use it.", T.HIGHLIGHT
        if hint:
            font = th.fit_font(14, hint, room, bold=True, condensed=True)
            if font.size(hint)[0] > room:
                hint = hint.split("  -  ")[0]
            draw_text(
                surface,
                hint,
                font,
                colour,
                (self.tray_rect.x + th.px(12), self.tray_rect.bottom - th.px(24)),
            )
        if not self.tray.dice:
            draw_text(
                surface,
                "The Offensive Roll follows the Main Phase.",
                th.font(16, bold=True),
                (70, 100, 84),
                self.tray_rect.center,
                align="center",
            )
        self._draw_hand(surface, hero, choice)
        if not (self.modal and self.modal_side):
            self._draw_hero_notes(surface, hero)

    def _draw_hero_notes(self, surface, hero) -> None:
        """Beside the tray when nothing else is offered: what the Hero carries."""
        th = self.app.theme
        box = self.side_rect
        panel(surface, box, th, fill=(46, 38, 32), rim=T.BRASS_DARK, radius=8)
        x, y = box.x + th.px(8), box.y + th.px(6)
        draw_text(surface, hero.name, th.font(13, bold=True), T.BRASS, (x, y))
        y += th.px(20)
        notes = []
        for status, count in sorted(hero.tokens.items()):
            info = self.db.statuses.get(status) or self.content.statuses.get(status)
            notes.append(f"{info.name if info else status} x{count}")
        if hero.allies:
            notes.append("Allies: " + ", ".join(self.db.allies[a].name for a in hero.allies))
        if hero.facedown:
            notes.append(f"{len(hero.facedown)} face-down Boost Tile(s): a CRIT target")
        if hero.has_range:
            notes.append("Range this round")
        if hero.feats:
            notes.append(
                "Feats left: "
                + ", ".join(f.removeprefix("feat_").replace("_", " ") for f in hero.feats)
            )
        if hero.mythic:
            from game.ui.scenes.missions_menu import mythic_name, mythic_names

            notes.append("Mythic: " + mythic_name(hero.mythic, mythic_names()))
        if not notes:
            notes = ["No tokens, Allies or Feats yet."]
        font = th.font(12, condensed=True)
        for note in notes:
            if y > box.bottom - th.px(16):
                break
            y += draw_text(
                surface,
                note,
                font,
                T.TEXT,
                (x, y),
                width=box.w - th.px(16),
                line_gap=0,
                max_height=box.bottom - y - th.px(4),
            )

    def odds(self, seat: int, choice) -> dict | None:
        """Each ability row's chance with the attempts left (human seats, as in the duel)."""
        if choice is None or choice.kind != "offensive_roll" or not self.human(seat):
            return None
        hero = self.hero(seat)
        dice = tuple(choice.context.get("dice", ()))
        left = choice.context.get("attempts_left", 0)
        key = (seat, dice, left, tuple(sorted(hero.levels.items())))
        cache = self.__dict__.setdefault("_odds", {})
        if key not in cache:
            from game.ai.odds import odds as compute_odds

            abilities = list({a.id: a for a, _i, _row in self.engine.turn.rows(hero)}.values())
            cache.clear()
            cache[key] = compute_odds(self.engine.hero_def(hero), abilities, dice, left)
        return cache[key]

    def _draw_hand(self, surface, hero, choice) -> None:
        th = self.app.theme
        area = self.hand_area
        self.hand_rects = []
        cards = hero.hand
        hero_def = self.engine.hero_def(hero)
        if not cards:
            draw_text(
                surface,
                "No cards in hand",
                th.font(14),
                T.TEXT_DIM,
                (area.x + th.px(8), area.y + th.px(8)),
            )
            return
        width = min(th.px(96), int(area.h / 1.4) + th.px(30))
        step = (
            min(width + th.px(6), (area.w - width) // max(1, len(cards) - 1))
            if len(cards) > 1
            else width
        )
        usable = set()
        if choice is not None and self.human(choice.player):
            for action in self.options():
                wanted = action.kind in ("upgrade", "play") or choice.kind == "discard"
                if wanted and action.get("index") is not None:
                    usable.add(action.get("index"))
        clip = surface.get_clip()
        surface.set_clip(area.inflate(th.px(4), th.px(4)))
        for index, cid in enumerate(cards):
            x = area.x + index * step
            y = area.y + th.px(2) - (th.px(12) if index == self.hover_card else 0)
            rect = pygame.Rect(x, y, width, int(width * 1.4))
            self.hand_rects.append((rect, index))
            face = card_face(self.content.cards[cid], hero_def, width, th)
            if index in usable:
                glow(surface, rect, th, strength=3)
                surface.blit(face, rect)
            elif choice is not None and choice.kind == "main_phase" and self.human(choice.player):
                dim = face.copy()
                dim.set_alpha(150)
                surface.blit(dim, rect)
            else:
                surface.blit(face, rect)
        surface.set_clip(clip)
        if self.hover_card is not None and self.hover_card < len(cards):
            big = card_face(self.content.cards[cards[self.hover_card]], hero_def, th.px(200), th)
            r = big.get_rect(
                bottomleft=(
                    min(area.x + self.hover_card * step, area.right - big.get_width()),
                    area.y - th.px(6),
                )
            )
            surface.blit(big, r)

    # ---- ticker, prompt

    BANNERS = {"side": T.BRASS, "side_done": T.POSITIVE, "won": T.GOLD, "lost": T.NEGATIVE}

    def _draw_ticker(self, surface) -> None:
        th = self.app.theme
        event = self.current
        if event is None:
            return
        if event.kind in self.BANNERS:  # the big moments get a banner across the map
            colour = self.BANNERS[event.kind]
            box = pygame.Rect(0, 0, self.map_rect.w - th.px(80), th.px(96))
            box.center = self.map_rect.center
            panel(surface, box, th, fill=(24, 20, 18), rim=colour, radius=14, alpha=235)
            head = {
                "side": f"Side {self.engine.info.side + 1}",
                "side_done": "Side complete!",
                "won": "Mission complete!",
                "lost": "Mission lost",
            }[event.kind]
            draw_text(
                surface,
                head,
                th.font(30, serif=True),
                colour,
                (box.centerx, box.y + th.px(10)),
                align="center",
            )
            draw_text(
                surface,
                event.text,
                th.font(16, bold=True),
                T.WHITE,
                (box.centerx, box.y + th.px(56)),
                align="center",
            )
            return
        text = event.text
        font = th.font(18, bold=True)
        hint = text_surface(th.font(12), "Space: skip", T.TEXT_DIM)
        faces = self._ticker_dice(event)
        die = th.px(26)
        dice_w = (die + th.px(4)) * len(faces)
        room = self.map_rect.w - th.px(40) - hint.get_width() - dice_w
        if font.size(text)[0] > room:
            font = th.font(15, bold=True, condensed=True)
        w = min(
            self.map_rect.w - th.px(24),
            font.size(text)[0] + hint.get_width() + dice_w + th.px(48),
        )
        rect = pygame.Rect(0, 0, w, th.px(38))
        rect.midtop = (self.map_rect.centerx, self.map_rect.y + th.px(6))
        colour = (
            T.NEGATIVE
            if event.kind in ENEMY_EVENTS or event.kind in ("threat", "crit", "lost")
            else T.BRASS
        )
        panel(surface, rect, th, fill=(30, 24, 22), rim=colour, radius=10, alpha=235)
        draw_text(
            surface,
            text,
            font,
            T.WHITE,
            (rect.x + th.px(14), rect.y + th.px(9)),
            width=rect.w - hint.get_width() - dice_w - th.px(36),
            max_height=th.px(24),
        )
        x = rect.right - hint.get_width() - th.px(18) - dice_w
        for face in faces:
            surface.blit(face, (x, rect.centery - die // 2))
            x += die + th.px(4)
        surface.blit(hint, hint.get_rect(midright=(rect.right - th.px(10), rect.centery)))

    def _ticker_dice(self, event) -> list:
        """A Hero's defense dice shown as their own dice faces beside the line."""
        if event.kind != "defense":
            return []
        from game.ui import art

        hero = next((h for h in self.engine.heroes if event.text.startswith(h.name)), None)
        found = re.search(r"\[([\d, ]*)\]", event.text)
        if hero is None or found is None:
            return []
        hero_def = self.engine.hero_def(hero)
        size = self.app.theme.px(26)
        values = [int(v) for v in re.findall(r"\d", found.group(1))]
        return [art.die_face(hero_def, v, size) for v in values[:6]]

    def prompt_text(self) -> str:
        choice = self.engine.pending
        if self.narrating():
            return (
                "The enemies are acting..."
                if self.engine.info.phase in ("enemy_roll", "enemy_upkeep", "crisis_clock")
                else "..."
            )
        if self.engine.over:
            return "The mission is over."
        if choice is None:
            return ""
        hero = self.hero(choice.player)
        if choice.player in self.controllers:
            return f"{hero.name} (computer) is deciding..."
        who = f"{hero.name}: " if len(self.engine.heroes) > 1 else ""
        kind = choice.kind
        if kind == "move":
            where = (
                "an ENTRY space or any space you can reach from it"
                if hero.pos is None
                else "any space you can reach"
            )
            return f"{who}click a glowing space to end your move ({where})."
        if kind == "choose_target":
            targets = [self.engine.enemies[a.get("enemy")] for a in self.options("target")]
            far = any(not self.engine.adjacent(hero.pos, e.pos) for e in targets)
            if not targets:
                return f"{who}no enemy is adjacent: buy Range, or keep the Momentum (no Attack)."
            reach = " (any enemy may be chosen)." if far else " (melee: an adjacent enemy)."
            return f"{who}click an enemy ringed in red to target it" + reach
        if kind == "main_phase":
            return (
                f"{who}Main Phase: click a lit card to play it, right-click to sell; End when done."
            )
        if kind == "offensive_roll":
            left = choice.context.get("attempts_left", 0)
            return f"{who}keep dice by clicking them, then Roll ({left} left) or keep these."
        if kind == "announce":
            return f"{who}click a lit ability row, or activate nothing."
        if kind == "discard":
            return f"{who}{choice.prompt}: click a card to sell it for 1 CP."
        if kind == "enemy_dice":
            return f"{who}change an Enemy Die before it is read? Click a die in the tray."
        if any(o.action.kind in ("target", "choose_enemy") for o in choice.options):
            return f"{who}{choice.prompt} Click an enemy ringed in red on the map."
        if any(o.action.kind == "choose_hero" for o in choice.options):
            return f"{who}{choice.prompt} Click a Hero on the right (or a button)."
        if choice.prompt.startswith(hero.name):
            return choice.prompt  # the engine's question already names the Hero
        return f"{who}{choice.prompt}"

    def _draw_prompt(self, surface) -> None:
        th = self.app.theme
        rect = self.prompt_rect
        choice = self.engine.pending
        mine = choice is not None and choice.player not in self.controllers and not self.narrating()
        if mine:
            glow(surface, rect, th, strength=3)
        panel(
            surface,
            rect,
            th,
            fill=(58, 48, 36) if mine else T.WOOD,
            rim=T.HIGHLIGHT if mine else T.BRASS_DARK,
            radius=8,
        )
        text = self.prompt_text()
        text = text[:1].upper() + text[1:]
        if self.message and self.message_age < 4.0 and not self.narrating():
            text = self.message
        right = min((b.rect.x for b in self.buttons), default=rect.right) - th.px(10)
        width = max(th.px(100), right - rect.x - th.px(16))
        lines, font = fit_lines(th, 15, text, width, rect.h - th.px(8), bold=True)
        y = rect.y + th.px(6)
        for line in lines:
            draw_text(surface, line, font, T.HIGHLIGHT if mine else T.TEXT, (rect.x + th.px(12), y))
            y += font.get_linesize()

    def _draw_modal(self, surface) -> None:
        th = self.app.theme
        if self.modal_side:
            if self.hero_overlay() is None:
                return
            box = self.side_rect
            panel(surface, box, th, fill=(46, 38, 32), rim=T.BRASS_DARK, radius=8)
            title = text_surface(th.font(13, bold=True), self.modal_title, T.BRASS)
            surface.blit(title, (box.x + th.px(8), box.y + th.px(6)))
            for b in self.modal:
                b.draw(surface, th)
            return
        area = (
            self.modal[0].rect.unionall([b.rect for b in self.modal]).inflate(th.px(30), th.px(30))
        )
        area.y -= th.px(30)
        area.h += th.px(30)
        shadow = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=th.px(10))
        surface.blit(shadow, area.move(th.px(4), th.px(5)))
        panel(surface, area, th, fill=T.WOOD, rim=T.HIGHLIGHT, radius=10)
        draw_text(
            surface,
            self.modal_title,
            th.font(17, bold=True),
            T.BRASS,
            (area.centerx, area.y + th.px(10)),
            align="center",
        )
        for b in self.modal:
            b.draw(surface, th)

    # ---- bottom panels

    def _draw_panels(self, surface) -> None:
        th = self.app.theme
        rect = self.panels_rect
        side = self.engine.side()
        if side.kind == "boss":
            self._draw_boss_panel(surface, rect)
            return
        kinds = list(side.henchmen)
        count = len(kinds) + (1 if side.threat else 0)
        gap = th.px(6)
        w = (rect.w - gap * (count - 1)) // max(1, count)
        for i, hid in enumerate(kinds):
            cell = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)
            self._draw_henchman_panel(surface, cell, i, self.db.henchmen[hid])
        if side.threat:
            cell = pygame.Rect(
                rect.x + len(kinds) * (w + gap),
                rect.y,
                rect.right - rect.x - len(kinds) * (w + gap),
                rect.h,
            )
            self._draw_threat_panel(surface, cell, self.db.threats[side.threat])

    def _objective_met(self, objective) -> bool:
        return (
            bool(self.engine.info.enemy_dice)
            and self.engine.objective_met(objective)
            and self.engine.info.phase == "enemy_roll"
        )

    def _draw_henchman_panel(self, surface, cell, panel_index, hdef) -> None:
        th = self.app.theme
        colour = MV.panel_colour(hdef.icon)
        living = [
            e
            for e in self.engine.enemies
            if e.kind == "henchman" and e.panel == panel_index and not e.defeated
        ]
        active = self._objective_met(hdef.objective)
        acting = (
            self.acting is not None
            and self.acting < len(self.engine.enemies)
            and self.engine.enemies[self.acting].panel == panel_index
            and self.engine.enemies[self.acting].kind == "henchman"
        )
        if acting:
            glow(surface, cell, th, color=(255, 110, 80), strength=4)
        panel(surface, cell, th, fill=T.WOOD, rim=colour, radius=8, rim_width=3 if active else 2)
        head = pygame.Rect(cell.x + th.px(3), cell.y + th.px(3), cell.w - th.px(6), th.px(24))
        pygame.draw.rect(surface, colour, head, border_radius=th.px(6))
        alive = text_surface(th.font(13, bold=True), f"{len(living)} left", T.WHITE)
        surface.blit(alive, alive.get_rect(midright=(head.right - th.px(6), head.centery)))
        draw_text(
            surface,
            f"{panel_index + 1}. {hdef.name}",
            th.font(14, bold=True, condensed=True),
            T.WHITE,
            (head.x + th.px(6), head.y + th.px(4)),
            width=head.w - alive.get_width() - th.px(16),
            max_height=th.px(18),
        )
        y = head.bottom + th.px(5)
        x = cell.x + th.px(8)
        label = text_surface(th.font(13, bold=True), "Rolls:", T.TEXT_DIM)
        surface.blit(label, (x, y + th.px(3)))
        ix = x + label.get_width() + th.px(6)
        MV.objective_icons(surface, hdef.objective, (ix, y - th.px(2)), th.px(24), th)
        if active:
            tag = text_surface(th.font(12, bold=True), "ACTIVATES", T.HIGHLIGHT)
            surface.blit(tag, tag.get_rect(topright=(cell.right - th.px(8), y + th.px(3))))
        y += th.px(27)
        a = hdef.attack
        reach = "Melee" if a.reach == "melee" else "Range"
        kind = "" if a.dtype == "normal" else f" {a.dtype}"
        line = f"{a.name}: {reach} {a.damage}{kind}" + (" - Multi-Strike" if a.multi_strike else "")
        extra = ", ".join(f"+{s}" for s, _n in a.statuses)
        y += draw_text(
            surface,
            line + (f" ({extra})" if extra else ""),
            th.font(13, condensed=True),
            T.TEXT,
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
        )
        c = hdef.crisis
        ctext = (
            f"Crisis - {c.name}: "
            + (f"{c.damage} dmg" + (" (adjacent)" if c.melee_only else "") if c.damage else "")
            + (f" heal {c.heal}" if c.heal else "")
            + "".join(f" +{s}" for s, _n in c.gain)
        )
        y += draw_text(
            surface,
            ctext,
            th.font(13, condensed=True),
            T.TEXT_DIM,
            (x, y + th.px(2)),
            width=cell.w - th.px(16),
            line_gap=0,
            max_height=cell.bottom - y - th.px(26),
        )
        hp = f"Health {hdef.health}" + (f"  Shields {hdef.shields}" if hdef.shields else "")
        draw_text(surface, hp, th.font(12, bold=True), T.TEXT_DIM, (x, cell.bottom - th.px(20)))
        self.tips.append(
            (
                cell,
                f"{hdef.name}: {hdef.text} Activates when the Enemy Dice show "
                + self._objective_words(hdef.objective)
                + ". Henchmen of this panel act in reading order (top row first).",
            )
        )

    def _objective_words(self, objective) -> str:
        return " and ".join(f"{n} {self.db.symbols.get(s, s)}" for s, n in objective)

    def _draw_threat_panel(self, surface, cell, tdef) -> None:
        th = self.app.theme
        active = self._objective_met(tdef.objective)
        current = self.current
        if current is not None and current.kind == "threat":
            glow(surface, cell, th, color=(255, 110, 80), strength=4)
        panel(
            surface,
            cell,
            th,
            fill=(46, 30, 30),
            rim=(220, 120, 40),
            radius=8,
            rim_width=3 if active else 2,
        )
        head = pygame.Rect(cell.x + th.px(3), cell.y + th.px(3), cell.w - th.px(6), th.px(24))
        pygame.draw.rect(surface, (150, 70, 30), head, border_radius=th.px(6))
        draw_text(
            surface,
            tdef.name,
            th.font(14, bold=True, condensed=True),
            T.WHITE,
            (head.x + th.px(6), head.y + th.px(4)),
        )
        y = head.bottom + th.px(5)
        x = cell.x + th.px(8)
        label = text_surface(th.font(13, bold=True), "Rolls:", T.TEXT_DIM)
        surface.blit(label, (x, y + th.px(3)))
        ix = x + label.get_width() + th.px(6)
        MV.objective_icons(surface, tdef.objective, (ix, y - th.px(2)), th.px(24), th)
        y += th.px(25)
        y += draw_text(
            surface,
            "Unstoppable Threat: never targeted, acts last.",
            th.font(12, bold=True, condensed=True),
            (230, 150, 90),
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
        )
        draw_text(
            surface,
            tdef.text,
            th.font(13, condensed=True),
            T.TEXT,
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
            max_height=cell.bottom - y - th.px(6),
        )
        self.tips.append(
            (
                cell,
                f"{tdef.name} (Unstoppable Threat): {tdef.text} It acts when the Enemy Dice "
                f"show {self._objective_words(tdef.objective)}.",
            )
        )

    def _draw_boss_panel(self, surface, rect) -> None:
        th = self.app.theme
        boss = next(iter(self.engine.living_enemies("boss")), None) or next(
            (e for e in self.engine.enemies if e.kind == "boss"), None
        )
        if boss is None:
            return
        bdef = self.db.bosses[boss.enemy]
        acting = self.acting is not None
        if acting:
            glow(surface, rect, th, color=(255, 110, 80), strength=4)
        panel(surface, rect, th, fill=(44, 28, 32), rim=T.GOLD, radius=8)
        left = pygame.Rect(rect.x + th.px(8), rect.y + th.px(6), th.px(210), rect.h - th.px(12))
        draw_text(surface, bdef.name, th.font(18, bold=True), T.GOLD, left.topleft)
        y = left.y + th.px(26)
        MV.draw_pips(
            surface,
            (left.x + th.px(24), y + th.px(10)),
            boss.health,
            boss.tokens.get("shield", 0),
            th,
        )
        draw_text(
            surface,
            f"of {boss.start_health}",
            th.font(13),
            T.TEXT_DIM,
            (left.x + th.px(70), y + th.px(2)),
        )
        y += th.px(26)
        defense = f"Defense - {bdef.defense_name}"
        if bdef.unique_defense:
            defense += f"; {bdef.unique_defense[0]} at {bdef.unique_defense[1]}+ damage"
        y += draw_text(
            surface,
            defense,
            th.font(13, condensed=True),
            T.TEXT,
            (left.x, y),
            width=left.w,
            line_gap=0,
        )
        draw_text(
            surface,
            f"Crisis - {bdef.crisis.name}",
            th.font(13, condensed=True),
            T.TEXT_DIM,
            (left.x, y + th.px(2)),
            width=left.w,
        )
        x = left.right + th.px(10)
        cols = len(bdef.attacks)
        w = (rect.right - x - th.px(8) - th.px(6) * (cols - 1)) // max(1, cols)
        for i, attack in enumerate(bdef.attacks):
            cell = pygame.Rect(x + i * (w + th.px(6)), rect.y + th.px(6), w, rect.h - th.px(12))
            met = self._objective_met(attack.objective)
            first = met and not any(self._objective_met(a.objective) for a in bdef.attacks[:i])
            panel(
                surface,
                cell,
                th,
                fill=(60, 40, 40) if first else T.WOOD_LIGHT,
                rim=T.HIGHLIGHT if first else T.BRASS_DARK,
                radius=6,
            )
            draw_text(
                surface,
                f"{i + 1}. {attack.name}",
                th.font(14, bold=True, condensed=True),
                T.WHITE,
                (cell.x + th.px(6), cell.y + th.px(4)),
            )
            MV.objective_icons(
                surface, attack.objective, (cell.x + th.px(6), cell.y + th.px(23)), th.px(24), th
            )
            yy = cell.y + th.px(52)
            lines = []
            if attack.melee:
                lines.append(
                    f"Adjacent: {attack.melee[0]}"
                    + ("" if attack.melee[1] == "normal" else f" {attack.melee[1]}")
                )
            if attack.ranged:
                lines.append(
                    f"Others: {attack.ranged[0]}"
                    + ("" if attack.ranged[1] == "normal" else f" {attack.ranged[1]}")
                )
            crit = []
            if attack.crit_damage:
                crit.append(f"+{attack.crit_damage}")
            if attack.crit_status:
                crit.append(attack.crit_status[0])
            if crit:
                lines.append("CRIT: " + " ".join(crit))
            for line in lines:
                yy += draw_text(
                    surface,
                    line,
                    th.font(13, condensed=True),
                    T.TEXT,
                    (cell.x + th.px(6), yy),
                    width=cell.w - th.px(12),
                    line_gap=0,
                )
            self.tips.append(
                (
                    cell,
                    f"{attack.name}: the boss uses the first Attack (left to right) "
                    "whose dice objective the roll meets. CRIT hits Heroes standing on or "
                    "holding a face-down Boost Tile.",
                )
            )
        self.tips.append((left, f"{bdef.name}: {bdef.text}"))

    # ---- right column

    def _draw_clock(self, surface) -> None:
        th = self.app.theme
        rect = self.clock_rect
        panel(surface, rect, th, radius=10)
        radius = th.px(68)
        center = (rect.x + radius + th.px(16), rect.centery)
        segments = self.engine.side().clock
        lit = round(self.hand_shown) % 8 if self.phase_shown() == "crisis_clock" else None
        for hit, text in MV.draw_clock(
            surface, center, radius, segments, self.hand_shown, th, self.db, lit=lit
        ):
            self.tips.append((hit, text))
        x = center[0] + radius + th.px(22)
        y = rect.y + th.px(10)
        draw_text(surface, "Crisis Clock", th.font(16, bold=True), T.BRASS, (x, y))
        info = self.engine.info
        steps = len(self.engine.heroes) + (1 if info.clock_plus else 0)
        y += th.px(22)
        y += draw_text(
            surface,
            f"Advances {steps} segment{'s' if steps != 1 else ''} a round; "
            "every segment passed fires.",
            th.font(13),
            T.TEXT_DIM,
            (x, y),
            width=rect.right - x - th.px(8),
            line_gap=0,
        )
        y += th.px(6)
        objective_font = th.fit_font(14, "Objective", rect.right - x, height=th.px(16), bold=True)
        draw_text(surface, "Objective", objective_font, T.BRASS, (x, y))
        y += max(th.px(18), objective_font.get_linesize())
        objective = self.engine.side().objective_text
        plot = self.engine.side().plot
        if plot:  # the side's Plot (Plot tokens held; Clear tiles open once it is complete)
            if info.plot_done:
                objective += " Plot complete: the Clear tiles are open."
            else:
                objective += f" Plot tokens: {info.plot} / {plot['needed']}."
        draw_text(
            surface,
            objective,
            th.font(13),
            T.TEXT,
            (x, y),
            width=rect.right - x - th.px(8),
            line_gap=0,
            max_height=rect.bottom - y - th.px(6),
        )

    def _draw_roster(self, surface) -> None:
        from game.ui import art

        th = self.app.theme
        rect = self.roster_rect
        panel(surface, rect, th, radius=10)
        heroes = self.engine.heroes
        n = max(1, len(heroes))
        row_h = min(th.px(80), (rect.h - th.px(8)) // n)
        choice = self.engine.pending
        self.roster_rects = {}
        for i, hero in enumerate(heroes):
            row = pygame.Rect(
                rect.x + th.px(4),
                rect.y + th.px(4) + i * row_h,
                rect.w - th.px(8),
                row_h - th.px(3),
            )
            self.roster_rects[hero.seat] = row
            deciding = choice is not None and choice.player == hero.seat and not self.narrating()
            picking = (
                choice is not None
                and self._hero_action(hero.seat) is not None
                and self.human(choice.player)
            )
            fill = (70, 58, 40) if deciding else T.WOOD_LIGHT
            if picking:
                glow(surface, row, th, strength=3)
            pygame.draw.rect(surface, fill, row, border_radius=th.px(6))
            pygame.draw.rect(
                surface,
                MV.SEAT_COLOURS[hero.seat % 4],
                row,
                max(1, th.px(2)),
                border_radius=th.px(6),
            )
            size = min(th.px(40), row.h - th.px(8))
            surface.blit(
                art.hero_emblem(hero.hero, size), (row.x + th.px(4), row.y + (row.h - size) // 2)
            )
            x = row.x + size + th.px(10)
            name = hero.name + ("  *" if self.engine.info.start_player == hero.seat else "")
            room = row.x + th.px(170) - x  # the dials start there
            draw_text(
                surface,
                name,
                th.fit_font(14, name, room, height=th.px(16), bold=True, condensed=True),
                T.WHITE,
                (x, row.y + th.px(3)),
            )
            tag = self.seat_label(hero.seat)
            if hero.defeated:
                tag = "DEFEATED"
            elif hero.exited:
                tag = "EXITED"
            draw_text(
                surface,
                tag,
                th.fit_font(12, tag, room, height=th.px(14), bold=True),
                T.TEXT_DIM if not hero.defeated else T.NEGATIVE,
                (x, row.y + th.px(20)),
            )
            dial_r = min(th.px(16), row.h // 2 - th.px(4))
            cx = row.x + th.px(190)
            draw_dial(surface, (cx, row.centery), dial_r, hero.health, T.HEALTH, th)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"Health {hero.health} (maximum {self.engine.max_health(hero)}).",
                )
            )
            cx += dial_r * 2 + th.px(6)
            draw_dial(surface, (cx, row.centery), dial_r, hero.cp, T.CP, th)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"CP {hero.cp} (up to 15).",
                )
            )
            cx += dial_r * 2 + th.px(6)
            draw_dial(surface, (cx, row.centery), dial_r, hero.momentum, MV.MOMENTUM, th)
            card = self.db.momentum_levels.get(hero.momentum_level, ())
            lines = "; ".join(f"{a.text} ({a.cost})" for a in card)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"Momentum {hero.momentum} of {self.db.max_momentum}. "
                    f"Momentum card level {hero.momentum_level}: {lines}",
                )
            )
            lv = pygame.Rect(cx + dial_r + th.px(4), row.centery - th.px(10), th.px(34), th.px(20))
            pygame.draw.rect(surface, MV.MOMENTUM, lv, border_radius=th.px(4))
            lab = text_surface(th.font(12, bold=True), f"Lv{hero.momentum_level}", T.WHITE)
            surface.blit(lab, lab.get_rect(center=lv.center))
            self.tips.append((lv, f"Momentum card level {hero.momentum_level}: {lines}"))
            tx = lv.right + th.px(6)
            tsize = th.px(20)
            for status, count in sorted(hero.tokens.items()):
                if count <= 0 or tx + tsize > row.right - th.px(4):
                    continue
                sinfo = self.db.statuses.get(status) or self.content.statuses.get(status)
                sname = sinfo.name if sinfo else status
                skind = getattr(sinfo, "kind", "unique") if sinfo else "unique"
                icon = MV.token(status, sname, skind, tsize)
                trect = pygame.Rect(tx, row.y + th.px(4), tsize, tsize)
                surface.blit(icon, trect)
                if count > 1:
                    b = text_surface(th.font(11, bold=True), str(count), T.WHITE)
                    surface.blit(b, b.get_rect(bottomright=trect.bottomright))
                self.tips.append((trect, f"{sname} x{count}: {getattr(sinfo, 'text', '')}"))
                tx += tsize + th.px(3)
            extra = f"{len(hero.hand)} cards"
            if hero.allies:
                extra += "  Allies: " + ", ".join(self.db.allies[a].name for a in hero.allies)
            draw_text(
                surface,
                extra,
                th.font(12, condensed=True),
                T.TEXT_DIM,
                (lv.right + th.px(6), row.bottom - th.px(18)),
                width=row.right - lv.right - th.px(10),
                max_height=th.px(16),
            )
        free_y = rect.y + th.px(8) + n * row_h
        if rect.bottom - free_y >= th.px(70) and heroes:
            self._draw_momentum_card(
                surface,
                pygame.Rect(
                    rect.x + th.px(8), free_y, rect.w - th.px(16), rect.bottom - free_y - th.px(6)
                ),
            )

    def _draw_momentum_card(self, surface, box: pygame.Rect) -> None:
        """The Momentum card of the Hero deciding now (or the first Hero): its actions."""
        th = self.app.theme
        choice = self.engine.pending
        seat = choice.player if choice is not None else 0
        hero = self.hero(seat)
        pygame.draw.rect(surface, (48, 36, 64), box, border_radius=th.px(6))
        pygame.draw.rect(surface, MV.MOMENTUM, box, 1, border_radius=th.px(6))
        title = f"{hero.name}'s Momentum card - Level {hero.momentum_level}"
        title_font = th.fit_font(13, title, box.w - th.px(16), height=th.px(16), bold=True)
        draw_text(surface, title, title_font, T.WHITE, (box.x + th.px(8), box.y + th.px(5)))
        y = box.y + th.px(24)
        for action in self.db.momentum_levels.get(hero.momentum_level, ()):
            if y > box.bottom - th.px(16):
                break
            limit = f", {action.per_round}/round" if action.per_round else ""
            line = f"{action.cost} - {action.text} ({action.phase}{limit})"
            colour = T.TEXT if action.cost <= hero.momentum else T.TEXT_DIM
            y += draw_text(
                surface,
                line,
                th.fixed().font(12, condensed=True),
                colour,
                (box.x + th.px(8), y),
                width=box.w - th.px(16),
                line_gap=0,
                max_height=box.bottom - y,
            )

    def _draw_enemy_dice(self, surface) -> None:
        th = self.app.theme
        rect = self.enemy_rect
        heading = th.fit_font(14, "Enemy Dice", rect.w // 2, height=th.px(16), bold=True)
        draw_text(surface, "Enemy Dice", heading, T.BRASS, (rect.x, rect.y - th.px(20)))
        info = self.engine.info
        colours = [c for c, _v in info.enemy_dice]
        pool = f"{info.red_dice} red + {info.black_dice} black"
        draw_text(
            surface,
            pool,
            th.fit_font(12, pool, rect.w // 2, height=th.px(14)),
            T.TEXT_DIM,
            (rect.right, rect.y - th.px(18)),
            align="right",
        )
        choice = self.engine.pending
        highlight = choice is not None and choice.kind == "enemy_dice" and self.human(choice.player)

        def face(value, size, kept, index=None):
            colour = colours[index] if index is not None and index < len(colours) else "black"
            die = self.db.dice.get(colour)
            symbol = die.faces[value - 1] if die and 1 <= value <= 6 else "fist"
            return MV.enemy_die_face(colour, symbol, value, size, highlight=highlight)

        self.enemy_tray.draw(surface, face)
        if not self.enemy_tray.dice:
            draw_text(
                surface,
                "thrown in the Enemy Roll phase",
                th.font(13),
                (70, 100, 84),
                rect.center,
                align="center",
            )
        self.tips.append(
            (
                rect,
                "The Enemy Dice: red dice carry numbers 1-6 that point at numbered map spaces; "
                "symbols: Fist, Bolt, Skull, Star (red only). Panels whose objective the "
                "roll meets activate, left to right.",
            )
        )

    def _draw_hq(self, surface) -> None:
        th = self.app.theme
        rect = self.hq_rect
        panel(surface, rect, th, radius=8)
        draw_text(
            surface,
            "Ally HQ",
            th.fit_font(13, "Ally HQ", rect.w, height=th.px(15), bold=True),
            T.BRASS,
            (rect.x + th.px(8), rect.y + th.px(4)),
        )
        self.hq_rects = []
        hq = self.engine.info.ally_hq
        x = rect.x + th.px(8)
        w = (rect.w - th.px(16) - th.px(6) * 2) // 3
        for ally_id in hq:
            ally = self.db.allies[ally_id]
            cell = pygame.Rect(x, rect.y + th.px(20), w, rect.h - th.px(24))
            can = (
                self.find("recruit", ally=ally_id) is not None
                and self.human(self.engine.pending.player)
                if self.engine.pending
                else False
            )
            if can:
                glow(surface, cell, th, strength=3, radius=6)
            pygame.draw.rect(surface, (60, 50, 70), cell, border_radius=th.px(5))
            pygame.draw.rect(surface, MV.MOMENTUM, cell, 1, border_radius=th.px(5))
            draw_text(
                surface,
                f"{ally.name} ({ally.cost})",
                th.font(12, bold=True, condensed=True),
                T.WHITE,
                (cell.x + th.px(5), cell.y + th.px(5)),
                width=cell.w - th.px(8),
                max_height=cell.h - th.px(6),
            )
            powers = [
                p for p in ("kicker", "offensive", "exhaust", "plus_exhaust") if getattr(ally, p)
            ]
            tip = (
                f"{ally.name} - recruit for {ally.cost} Momentum: {ally.text} "
                f"Powers: {', '.join(powers) or 'on recruit only'}."
            )
            if can:
                tip += " Click to recruit."
            self.tips.append((cell, tip))
            self.hq_rects.append((cell, ally_id))
            x += w + th.px(6)

    def _draw_log(self, surface) -> None:
        th = self.app.theme
        rect = self.log_rect
        panel(surface, rect, th, fill=(30, 26, 23), radius=8)
        font = th.font(13)
        line_h = font.get_linesize()
        width = rect.w - th.px(16)
        lines: list[str] = []
        from game.ui.widgets import wrap

        for text in self.log[-12:]:
            lines.extend(wrap(font, text, width))
        fit = max(1, (rect.h - th.px(10)) // line_h)
        y = rect.y + th.px(5)
        shown = lines[-fit:]
        for n, line in enumerate(shown):
            colour = T.TEXT if n >= len(shown) - 2 else T.TEXT_DIM
            surface.blit(text_surface(font, line, colour), (rect.x + th.px(8), y))
            y += line_h


def fit_label(button: Button, font, width: int) -> None:
    """Shorten a label that does not fit its button; the whole text moves to the tooltip."""
    full = button.label
    if font.size(full)[0] <= width:
        return
    label = full.replace(" Momentum)", " Mom.)")
    if font.size(label)[0] > width:
        while font.size(label + "...")[0] > width and len(label) > 4:
            label = label[:-1]
        label = label.rstrip() + "..."
    button.label = label
    button.tooltip = full + (f" - {button.tooltip}" if button.tooltip else "")


def enemy_spaces(enemy) -> tuple:
    """Every space an enemy stands on (large enemies cover more than one)."""
    return (enemy.pos, *getattr(enemy, "extra", ()))
