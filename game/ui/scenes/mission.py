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
from game.ui import keymap
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.board_view import BoardView
from game.ui.pause import PauseMenu
from game.ui.scenes.mission_draw import ENEMY_EVENTS, PHASES, MissionDrawing
from game.ui.scenes.mission_panels import MissionPanels
from game.ui.widgets import (
    Button,
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


class MissionScene(PauseMenu, MissionDrawing, MissionPanels, Scene):
    gamepad_play = True  # B passes and Start pauses here (game/ui/gamepad.py)

    def focus_targets(self) -> list:
        """Dice, tiles, cards and targets the keyboard focus reaches (game/ui/focus.py)."""
        from game.ui.scenes.focus_targets import mission_targets

        return mission_targets(self)

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
        hidden = self.modal_side and self.hero_overlay() is None  # 'view' (M): the map shows
        for b in ([] if hidden else self.modal) + self.buttons:
            if b.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONUP:
            self._click(event.pos, event.button)

    def _key(self, event) -> None:
        number = keymap.number(event)
        if keymap.pressed(event, "back"):
            self._open_pause()
            return
        if keymap.pressed(event, "advance") and self.narrating():
            self.skip()
            return
        if keymap.pressed(event, "view"):
            self.show_map = not self.show_map
            return
        if keymap.pressed(event, "help"):
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
            return
        choice = self.engine.pending
        if choice is None or choice.player in self.controllers or self.narrating():
            return
        if keymap.pressed(event, "confirm"):
            for b in self.buttons + self.modal:
                if b.primary and b.enabled and b.on_click:
                    b.on_click()
                    return
        if keymap.pressed(event, "roll") and choice.kind == "offensive_roll":
            self.roll()
        elif number is not None and number < 5 and choice.kind == "offensive_roll":
            self.toggle_keep(number)
        elif number is not None:
            hidden = self.modal_side and self.hero_overlay() is None
            shown = [b for b in ([] if hidden else self.modal) + self.buttons if b.enabled]
            index = number
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
