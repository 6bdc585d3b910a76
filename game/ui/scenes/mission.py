"""The mission board: the hex map, enemies, the Crisis Clock, the Heroes, and every decision.

The scene only shows the MissionEngine's state and sends it actions taken from its current
`PendingChoice` (a click on a glowing space, an enemy, a die, a card or a button becomes one of
those options, never anything else). Everything the engine logs between two decisions is
narrated one beat at a time in a ticker over the map (the acting enemy ringed), at the pace of
the animation-speed setting; Space skips. Computer Heroes (game/missions/ai.py) answer their
seats' questions at the same pace. Esc pauses; the mission is saved as play reaches each
player's turn (game/missions/save.py), so the title's Continue list resumes it.

The scene is built from mixins along its seams: mission_draw.py (the map, a Hero's turn, the
hand, ticker and prompt), mission_panels.py (the side panels), mission_narration.py (the beats
of the story and the pawns' walk) and mission_controls.py (the buttons per decision and the
dice tray's controls); this file keeps the flow, the input and the hints.
"""

from __future__ import annotations

from collections import deque

import pygame

from game.ai.worker import AIWorker, controller
from game.missions.ai import MissionAI
from game.online.mission_table import LocalMissionTable, MissionTable
from game.rules.actions import Action, IllegalAction
from game.ui import keymap
from game.ui import mission_view as MV
from game.ui.app import Scene
from game.ui.board_view import BoardView
from game.ui.pause import PauseMenu
from game.ui.scenes.mission_controls import HERO_TURN_KINDS, MissionControls
from game.ui.scenes.mission_draw import PHASES, MissionDrawing  # noqa: F401 (PHASES: tests)
from game.ui.scenes.mission_narration import Floater, MissionNarration
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


class MissionScene(
    PauseMenu, MissionNarration, MissionControls, MissionDrawing, MissionPanels, Scene
):
    gamepad_play = True  # B passes and Start pauses here (game/ui/gamepad.py)

    def focus_targets(self) -> list:
        """Dice, tiles, cards and targets the keyboard focus reaches (game/ui/focus.py)."""
        from game.ui.scenes.focus_targets import mission_targets

        return mission_targets(self)

    def __init__(self, app, engine, seats: list[dict], profiles: list[str] | None = None) -> None:
        super().__init__(app)
        self.engine = engine  # the controller's: drawing reads `source` (see `source`)
        self.db = engine.db
        self.content = engine.content
        self.seats = seats
        self.profiles = list(profiles or [""] * len(seats))
        specs = {
            seat: ("mission", engine.setup.seed * 31 + seat)
            for seat, info in enumerate(seats)
            if info.get("kind") == "computer"
        }
        self.controllers: dict[int, MissionAI] = {s: controller(spec) for s, spec in specs.items()}
        self.worker = AIWorker(specs)  # decisions and odds off the render loop
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
        self.roll_lines: list[str] = []  # log lines of enemy dice still tumbling
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
        self.hand_fan = None  # the fan last drawn (game/ui/hand.py): what a click picks
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
        self._source: MissionTable | None = None
        self.shown_phase: str | None = None  # while narrating: the phase being told
        self.flash_hex = None  # a space the narration points at (a tile landing there)
        self._count_phase = ""  # the phase whose enemy activations are being counted

    # ------------------------------------------------------------ setup and layout

    def enter(self) -> None:
        from game.ui.dice_tray import DiceTray

        self.resize()
        self.worker.start()
        seed = self.source.setup.seed
        self.tray = DiceTray(self.tray_rect, die_size=self.app.theme.px(46), seed=seed)
        self.enemy_tray = DiceTray(self.enemy_rect, die_size=self.app.theme.px(30), seed=seed + 1)
        if self.source.info.enemy_dice:
            self.enemy_tray.show([v for _c, v in self.source.info.enemy_dice])
        for event in self.source.drain()[-60:]:  # told already: the log shows them
            self.log.append(event.text)
        self.hand_shown = float(self.source.info.clock)

    def exit(self) -> None:
        self.worker.close()

    def resize(self) -> None:
        """The board from the window's room: the 1280x720 design at a 1280x720 canvas; a larger
        canvas (game/ui/theme.py `zoom`) widens the right column by a quarter of the extra
        width (the roster and the log), gives three quarters of the extra height to the map (and
        the Hero's turn drawn over it: taller ability tiles, tray and hand) and the rest to the
        enemy panels under it; the log takes what the right column has left."""
        th = self.app.theme
        w, h = self.app.screen.get_size()
        spare_w = max(0, w - th.px(1280))
        grow = max(0, h - th.px(720)) * 3 // 4
        pad = th.px(8)
        right_w = th.px(440) + spare_w // 4
        left_w = w - right_w - 3 * pad
        self.top_rect = pygame.Rect(pad, pad, left_w, th.px(34))
        self.map_rect = pygame.Rect(pad, self.top_rect.bottom + pad, left_w, th.px(448) + grow)
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
        self.hq_rect = pygame.Rect(rx, self.enemy_rect.bottom + th.px(6), right_w, self.hq_height())
        self.log_rect = pygame.Rect(
            rx, self.hq_rect.bottom + th.px(6), right_w, h - self.hq_rect.bottom - th.px(6) - pad
        )
        # the hero's turn: board, tray and hand drawn over the map
        m = self.map_rect
        self.hero_rect = m
        # of the map's extra height the ability tiles take 3/10 (at most 72 base px), the hand's
        # fan 7/20 (at most 120), the tray the rest
        grow_board = min(grow * 3 // 10, th.px(72))
        grow_tray = grow - grow_board - min(grow * 7 // 20, th.px(120))
        self.board_rect = pygame.Rect(
            m.x + th.px(8), m.y + th.px(40), m.w - th.px(16), th.px(112) + grow_board
        )
        side_w = th.px(236) + spare_w // 8
        self.tray_rect = pygame.Rect(
            m.x + th.px(8),
            self.board_rect.bottom + th.px(6),
            m.w - th.px(24) - side_w,
            th.px(140) + grow_tray,  # the rest of the overlay is the hand's fan
        )
        # beside the tray: the other things the Hero may do now (cards, tokens, Momentum)
        self.side_rect = pygame.Rect(
            self.tray_rect.right + th.px(8), self.tray_rect.y, side_w, self.tray_rect.h
        )
        self.hand_area = pygame.Rect(
            m.x + th.px(8),
            self.tray_rect.bottom + th.px(8),
            m.w - th.px(16),
            m.bottom - self.tray_rect.bottom - th.px(12) + th.px(6),
        )
        # cards grow with the fan's height (96 base px at 144, as at 1280x720, game/ui/hand.py)
        self.hand_card = max(96, 96 * self.hand_area.h / th.px(144))
        if hasattr(self, "tray"):
            self.tray.set_rect(self.tray_rect)
            self.enemy_tray.set_rect(self.enemy_rect)
        self.layout = None
        self.decided_for = None

    def map_layout(self) -> MV.HexLayout:
        side = self.source.info.side
        if self.layout is None or self.layout_side != side:
            th = self.app.theme
            area = self.map_rect.inflate(-th.px(24), -th.px(56))
            area.y = self.map_rect.y + th.px(36)
            self.layout = MV.HexLayout.fit(
                self.source.hexes.keys(), area, max_size=th.px(52) * area.h // th.px(392)
            )
            self.layout_side = side
            self.pawn_px, self.pawn_hex, self.pawn_route = {}, {}, {}
            self.floaters = [f for f in self.floaters if not f.on_map]  # the old side's map
            self.damage_diffs = []
        return self.layout

    # ------------------------------------------------------------ helpers

    def human(self, seat: int) -> bool:
        return seat not in self.controllers

    def hero(self, seat: int):
        """The engine's Hero (the controller's, and tests' shortcuts); drawing reads
        `self.source.heroes`."""
        return self.engine.heroes[seat]

    @property
    def source(self) -> MissionTable:
        """What the board draws, tells and offers from: the Mission as the seat at the screen
        is sent it (`game/online/mission_table.py`; offline fed from this scene's engine).
        Only the controller's methods read `self.engine` (tests/ui/test_mission_source.py)."""
        if self._source is None:
            people = {s for s in range(len(self.seats)) if self.human(s)}
            # nobody at the screen (the demo): follow whichever Hero decides
            self._source = LocalMissionTable(self.engine, people or None)
        if isinstance(self._source, LocalMissionTable):
            self._source.sync()
        return self._source

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
        choice = self.source.pending
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
        self.queue.extend(self.source.drain())  # the seat's events, as a server sends them

    def _save(self, later: bool = False) -> None:
        """Save now, or (`later`, the autosave) hand the writing to the save writer so that
        the fsynced write never holds a frame; its failure is said on a later frame."""
        from game.ui.scenes.mission_files import (
            clear_mission_save,
            queue_mission_save,
            save_mission_ui,
        )

        if self.engine.over:
            clear_mission_save()
            return
        if self.saved_at == len(self.engine.actions):
            return
        if later:
            queue_mission_save(self.engine, self.seats, self.profiles)
            self.saved_at = len(self.engine.actions)
            return
        try:
            save_mission_ui(self.engine, self.seats, self.profiles)
            self.saved_at = len(self.engine.actions)
        except OSError as exc:  # a full disk must not stop the game
            self.say(f"The mission could not be saved: {exc}")

    def _autosave(self, choice) -> None:
        """Saved when a player's turn comes up (once per phase and player) and at the start
        of each round of computer play; Esc -> quit saves everything. Each save is an
        atomic, fsynced write, written off the render thread, and not after every single
        decision."""
        info = self.engine.info
        if choice.player in self.controllers:
            key = (info.round,)
        else:  # a player's turn: once per phase and player (Esc -> quit saves the rest)
            key = (info.round, info.phase, choice.player)
        if key != self.saved_round:
            self.saved_round = key
            self._save(later=True)

    # ------------------------------------------------------------ the loop

    def _animate(self, dt: float) -> None:
        """The parts of a frame's update that only move things: the dice trays (with their
        sound), the enemy roll's lines once its dice land, floaters and messages."""
        for impulse in self.tray.update(dt):
            self.app.play("dice_hit", impulse)
        self.enemy_tray.update(dt)
        if self.roll_lines and not self.enemy_tray.rolling:
            self._say_rolls()
        self._update_animation(dt)
        self.message_age += dt

    def update(self, dt: float) -> None:
        from game.persistence import writer

        for problem in writer.errors():  # an autosave that could not be written
            self.say(problem)
        self._animate(dt)
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
            if not self.tray.rolling:
                self.ai_timer += dt
            due = not self.tray.rolling and self.ai_timer >= 0.5 * self.speed()
            if due or self.worker.active:  # the worker is asked at once, inline only when due
                action = self.worker.decide(self.engine, choice, self.controllers[choice.player])
                if action is not None and due:
                    self.ai_timer = 0.0
                    self.act(action)
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
            key = (self.source.info.round, choice.player)
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
        choice = self.source.pending
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
        choice = self.source.pending
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
        choice = self.source.pending
        if choice is not None and choice.kind in HERO_TURN_KINDS and not self.narrating():
            return choice.player
        if self.tray.rolling and self.tray_owner is not None:
            return self.tray_owner[1]
        return None

    def pawns_moving(self) -> bool:
        """A pawn is still sliding to its space (the map stays up until it arrives)."""
        if self.speed() == 0 or self.layout is None:
            return False
        return any(self.pawn_route.get(h.seat) for h in self.source.heroes if h.pos is not None)

    @staticmethod
    def rolls_left(choice) -> bool:
        """An Offensive Roll question that still offers a re-roll."""
        return any(o.action.kind == "reroll" for o in choice.options)

    def _click(self, pos, button: int) -> None:
        choice = self.source.pending
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
                    choice = self.source.pending
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
            elif h in self.source.hexes:
                self.say(self._why_not_hex(h))

    def _hero_action(self, seat: int) -> Action | None:
        for action in self.options():
            if action.kind == "choose_hero" and action.get("hero") == seat:
                return action
        return None

    def hex_action(self, h) -> Action | None:
        """The option a click on space `h` stands for in the current decision."""
        choice = self.source.pending
        if choice is None:
            return None
        if choice.kind == "move":
            return self.find("move", q=h[0], r=h[1])
        enemy = self.source.enemy_at(h)
        if enemy is None:
            return None
        index = self.source.enemies.index(enemy)
        for action in self.options():
            if action.kind in ("target", "choose_enemy") and action.get("enemy") == index:
                return action
        return None

    def _why_not_hex(self, h) -> str:
        choice = self.source.pending
        if choice.kind == "move":
            space = self.source.hexes[h]
            if space.dark and not space.defeat_tile:
                return "A dark space: nobody can stand there (until a Defeat tile covers it)."
            if self.source.enemy_at(h) is not None:
                return "An enemy stands there."
            if space.exit:
                return "The EXIT opens only when the objective says so."
            return "Another Hero already chose to end there, or it cannot be reached."
        if choice.kind == "choose_target":
            return "Not a legal target: a melee Attack needs an adjacent enemy (or Range)."
        return "Nothing to do on that space now."

    def _card_at(self, pos) -> int | None:
        """The topmost hand card under `pos`, as last drawn (game/ui/hand.py)."""
        fan = self.hand_fan
        return None if fan is None else fan.card_at(pos)

    def _card_click(self, index: int, button: int) -> None:
        choice = self.source.pending
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
        hero = self.source.heroes[self.source.pending.player]
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
                choice = self.source.pending
                hero = self.source.heroes[choice.player]
                if self.hover_card < len(hero.hand):
                    card = self.content.cards[hero.hand[self.hover_card]]
                    self.app.tooltip.offer(f"{card.name}: {card.text}", pos)
            for spot in self.row_spots:
                if spot.rect.collidepoint(pos) and spot.tooltip:
                    self.app.tooltip.offer(spot.tooltip, pos)
                    break  # the row's own tip before its tile's
        elif self.map_rect.collidepoint(pos) and not self.modal:
            h = self.map_layout().hex_at(pos)
            if h in self.source.hexes:
                self.hover_hex = h
                tip = self._hex_tip(h)
                if tip:
                    self.app.tooltip.offer(tip, pos)
        for rect, text in self.tips:
            if rect.collidepoint(pos):
                self.app.tooltip.offer(text, pos)

    def _hex_tip(self, h) -> str:
        space = self.source.hexes[h]
        parts = []
        enemy = self.source.enemy_at(h)
        if enemy is not None:
            parts.append(self._enemy_tip(enemy))
        for hero in self.source.heroes:
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
