"""The duel board: both heroes, the dice tray, the hand, the log, and every decision.

The scene draws only from its `source`, the per-seat view of the seat at the screen (what that
seat may see, the event stream as that seat was told it, its own decision with numbered
options): a `LocalTable` fed from the engine in this window (hot-seat, against the computer),
or a `RemoteTable` fed by the server (online). A click on a lit ability, a die, a card, a token
or a button becomes one of the options, and is answered by its number (`send`). The engine is
read only by the controller part (`send`, `apply`, the computer seats, undo, saves), never by
the drawing code; online there is none.
"""

from __future__ import annotations

import pygame

from game.ai import LEVEL_NAMES
from game.ai.worker import AIWorker, controller
from game.online.local_table import LocalTable
from game.online.table import board_abilities
from game.persistence import writer
from game.persistence.duel_save import delete_duel, match_data, match_path
from game.persistence.files import write_json
from game.persistence.replay import record_replay
from game.rules.actions import Action
from game.rules.view import MatchView
from game.ui import keymap
from game.ui import layout as L
from game.ui.app import Scene
from game.ui.board_view import BoardView, Hotspot
from game.ui.cards import card_face
from game.ui.devhooks import record_events
from game.ui.motion import MotionLayer
from game.ui.pause import PauseMenu
from game.ui.presenter import Presenter
from game.ui.scenes.duel_controls import DuelControls
from game.ui.scenes.duel_draw import DuelDrawing
from game.ui.table_view import TableView, Targeting, targeting_rows
from game.ui.widgets import (
    Button,
    felt_background,
    glow,
)

CONFIRM_GRACE = 0.6  # seconds before Space can confirm "End the Main Phase anyway?"

UNDO_BREAKERS = {"dice_rolled", "card_drawn", "deck_shuffled"}


class DuelScene(PauseMenu, DuelControls, DuelDrawing, Scene):
    gamepad_play = True  # B passes and Start pauses here (game/ui/gamepad.py)

    def focus_targets(self) -> list:
        """Dice, tiles, cards and targets the keyboard focus reaches (game/ui/focus.py)."""
        from game.ui.scenes.focus_targets import duel_targets

        return duel_targets(self)

    def __init__(self, app, engine, seats: list[dict], save_path=None, source=None) -> None:
        super().__init__(app)
        # the controller's engine (None online: the server holds it) and the drawing's source
        self.engine = engine
        self.source = source if source is not None else LocalTable(engine, 0)
        # this game's own save: its format's file, or the file it was continued from
        mode = self.source.setup.mode
        self.save_path = save_path or (match_path(mode) if engine is not None else None)
        self.content = self.source.content
        self.seats = seats
        seed = self.source.setup.seed
        specs = {
            seat: ("duel", info.get("level", "normal"), seed * 31 + seat)
            for seat, info in enumerate(seats)
            if info.get("kind") == "computer"
        }
        self.controllers: dict[int, object] = {s: controller(spec) for s, spec in specs.items()}
        # the computer thinks (and odds are solved) in a worker process: no frame waits for it
        self.worker = AIWorker(specs)
        self.owns_worker = True
        humans = [s for s in range(len(seats)) if s not in self.controllers]
        self.viewer = humans[0] if humans else 0
        self.hotseat = len(humans) > 1
        self.pass_to: int | None = None
        self.board = BoardView(self.content)
        self.tray_dice: list[tuple[int, int, str]] = []
        self.kept: list[bool] = []
        self.buttons: list[Button] = []
        self.modal: list[Button] = []
        self.keys_down: set[int] = set()  # keys held now (a held key never answers a prompt)
        self.confirm_end = None  # the Main Phase choice whose End Phase waits for a yes
        self.confirm_age = 0.0  # seconds the question has been up (Space needs CONFIRM_GRACE)
        self.spots: list[Hotspot] = []
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.hand_fan = None  # the fan last drawn (game/ui/hand.py): what a click picks
        self.hover_card: int | None = None
        self.drag: dict | None = None
        self.ai_timer = 0.0
        self.decided_for = None
        self.undo_stack: list = []
        self.paused = False
        self.pause_buttons: list[Button] = []
        self.ended = False
        self.log_scroll = 0
        self.message = ""
        self.odds_cache: dict = {}
        # seats that chose "Until my turn": their response windows pass until their own turn
        self.pass_until_turn: set[int] = set()
        self.dial_rects: dict[tuple[int, str], pygame.Rect] = {}
        self.view: MatchView = self.read_view()
        # three or more heroes: compact boards around the table (game/ui/table_view.py)
        self.table = TableView(self) if len(self.view.players) > 2 else None

    @property
    def viewer(self) -> int:
        """The seat at the screen: the source shows what this seat may see."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int) -> None:
        self._viewer = seat
        source = getattr(self, "source", None)
        sit = getattr(source, "sit", None)  # a local source follows the seat; online is one seat
        if sit is not None and source.seat != seat:
            sit(seat)
            self.view = source.view

    # ------------------------------------------------------------ setup

    def enter(self) -> None:
        from game.ui.dice_tray import DiceTray

        self.resize()
        self.enter_worker()
        self.tray = DiceTray(
            self.tray_rect, die_size=self.app.theme.px(54), seed=self.source.setup.seed
        )
        view = self.view
        self.presenter = Presenter(
            self, {p.seat: p.health for p in view.players}, {p.seat: p.cp for p in view.players}
        )
        self.presenter.speed = self.app.settings.speed_factor
        self.presenter.motion = self.motion = MotionLayer(self)
        self._relog()
        # a resumed duel (Continue, or back from a pause) keeps its last hit on the panel
        last_hit = next((e for e in reversed(self.source.log) if e.kind == "damage_resolved"), None)
        if last_hit is not None:
            self.presenter.breakdown = last_hit.text
        groups = sorted(view.dice, key=lambda d: d.group)
        if groups:
            last = groups[-1]
            self.presenter.tray_groups = [last.group]
            self.set_tray_dice([(last.group, i, last.hero) for i in range(len(last.values))])
            self.reset_kept(len(last.values))
            self.tray.show(list(last.values), self.kept)

    def resize(self) -> None:
        """The board from the window's room: at 1280x720 base units (the canvas of a
        1280x720 window) the rects of the 1280x720 design; a larger canvas (a bigger window,
        game/ui/theme.py `zoom`) widens the log column by a quarter of the extra width and
        shares the extra height among the two boards (a fifth each: taller ability tiles), the
        dice tray and the hand (three tenths each: larger cards), the log growing with the tray.
        A board grows by at most 72 base px and the hand's strip by 120 (a 0.75x table in a 4K
        window): the tray, the table's felt, takes what is left."""
        th = self.app.theme
        w, h = self.app.screen.get_size()
        spare_w = max(0, w - th.px(1280))
        spare_h = max(0, h - th.px(720))
        grow_board = min(spare_h // 5, th.px(72))
        grow_tray = spare_h - 2 * grow_board - min(spare_h * 3 // 10, th.px(120))
        right_w = th.px(372) + spare_w // 4
        x0 = th.px(10)
        left_w = w - right_w - th.px(24)
        self.left = pygame.Rect(x0, 0, left_w, h)
        self.right = pygame.Rect(x0 + left_w + th.px(8), th.px(8), right_w, h)
        team = self.table is not None
        # the top strip holds a compact board per other seat (team formats), the full board of
        # the seat in focus under it; then the tray, the prompt, the viewer's board and, in the
        # bottom strip, the viewer's bar and the hand's fan (game/ui/hand.py)
        column = pygame.Rect(x0, th.px(6), left_w, h - th.px(6))
        self.opp_bar, rest = L.cut_top(column, th.px(68 if team else 58), th.px(8 if team else 4))
        board_h = th.px(106 if team else 118) + grow_board
        self.opp_board, rest = L.cut_top(rest, board_h, th.px(4 if team else 6))
        self.tray_rect, rest = L.cut_top(rest, th.px(194) + grow_tray, th.px(4))
        self.prompt_rect, rest = L.cut_top(rest, th.px(44), th.px(4))
        self.my_board, strip = L.cut_top(rest, th.px(118) + grow_board, th.px(4))
        bar_strip, self.hand_area = L.cut_left(strip, th.px(330), th.px(8))
        self.hand_area.w = w - x0 - self.hand_area.x
        self.my_bar = L.centered((th.px(330), th.px(110)), bar_strip)
        # cards grow with the strip's height (104 base px at 160, game/ui/hand.py)
        self.hand_card = max(104, 104 * strip.h / th.px(160))
        side = pygame.Rect(self.right.x, th.px(6), right_w, h - th.px(6))
        self.phase_rect, side = L.cut_top(side, th.px(30), th.px(4 if team else 6))
        if team:
            self.order_rect, side = L.cut_top(side, th.px(34), th.px(6))
        self.log_rect = pygame.Rect(side.x, side.y, right_w, self.prompt_rect.y - side.y)
        info_y = self.prompt_rect.y + th.px(6)
        self.info_rect = pygame.Rect(side.x, info_y, right_w, self.my_board.bottom - 2 - info_y)
        if hasattr(self, "tray"):
            self.tray.set_rect(self.tray_rect)
        self.decided_for = None

    def refresh(self) -> None:
        """The controller's part: the engine changed outside this scene (a test, the layout
        check, a battle's crawl steps): the source shows the seat at the screen afresh."""
        self.source.sit(self.viewer)
        self.view = self.source.view

    def _relog(self) -> None:
        """The log panel from the source's event stream (the seat at the screen's words)."""
        self.presenter.log[:] = [(e.kind, e.text) for e in self.source.log[-120:] if e.text]

    def read_view(self) -> MatchView:
        """The table as this screen may show it: the source's view for the seat at the screen."""
        return self.source.view

    # ------------------------------------------------------------ helpers used by the presenter

    def play(self, name: str, volume: float = 1.0) -> None:
        self.app.play(name, volume)

    def seat_name(self, seat: int) -> str:
        player = self.view.players[seat]
        return player.name

    def ability_name(self, seat: int, ability_id: str) -> str:
        hero = self.content.heroes[self.view.players[seat].hero]
        for slot in hero.slots:
            for level in slot.levels.values():
                for ability in level:
                    if ability.id == ability_id:
                        return ability.name
        return ability_id

    def set_tray_dice(self, dice: list[tuple[int, int, str]]) -> None:
        self.tray_dice = dice
        if len(self.kept) != len(dice):
            self.kept = [False] * len(dice)

    def reset_kept(self, count: int) -> None:
        self.kept = [False] * count

    def kept_for(self, count: int) -> list[bool]:
        if len(self.kept) != count:
            self.kept = [False] * count
        return self.kept

    def tray_values(self) -> list[int]:
        values = []
        for group, index, _hero in self.tray_dice:
            for dice in self.view.dice:
                if dice.group == group:
                    values.append(dice.values[index])
        return values

    def dice_purpose(self, group: int) -> str:
        for dice in self.view.dice:
            if dice.group == group:
                return dice.purpose
        return ""

    def is_human_roller(self, group: int) -> bool:
        combat = self.view.combat
        return group in (combat.offense_group, combat.defense_group)

    def change_tray_die(self, group: int, index: int, value: int) -> None:
        for position, (g, i, _h) in enumerate(self.tray_dice):
            if g == group and i == index:
                values = self.tray.values if hasattr(self.tray, "values") else None
                if values is not None:
                    values = list(values)
                    values[position] = value
                    self.tray.show(values, self.kept if len(self.kept) == len(values) else None)

    def turn_changed(self, seat: int) -> None:
        self.undo_stack.clear()
        # a new turn starts with an empty tray: the last player's dice are history
        self.tray.show(None)
        self.set_tray_dice([])
        if self.table is not None:
            self.table.focus_pinned = None

    def teammates(self, a: int, b: int) -> bool:
        players = self.view.players
        return players[a].team == players[b].team

    def dial_mates(self, seat: int) -> list[int]:
        """The seats whose Health dial is this seat's (teammates share one in team formats)."""
        if not self.source.setup.shared_team_dial:
            return [seat]
        return [p.seat for p in self.view.players if p.team == self.view.players[seat].team]

    def seat_kind_label(self, seat: int) -> str:
        if seat in self.controllers:
            level = self.seats[seat].get("level", "normal")
            return f"CPU {LEVEL_NAMES.get(level, level)}"
        if seat == self.viewer:
            return "You"
        return f"Player {seat + 1}"

    def show_targeting(self, data: dict) -> None:
        """The presenter's beat for a targeting roll: the die and its table, matched row lit."""
        if self.table is None:
            return
        attacker, value = data["attacker"], data["value"]
        self.table.targeting = Targeting(
            attacker, value, data.get("result", ""), targeting_rows(self.view, attacker, value)
        )

    def human(self, seat: int) -> bool:
        return seat not in self.controllers

    # ------------------------------------------------------------ acting

    def act(self, action: Action | None) -> None:
        """Answer the open decision of the seat at the screen with this option (by number)."""
        answer = None if action is None else self.source.answer(action)
        if answer is None:
            # A control left over from an earlier question (e.g. a key pressed as the
            # decision moved on): refuse it without touching the match.
            self.message = "That is not possible right now."
            self.decided_for = None
            return
        self.send(*answer)

    def send(self, seq: int, number: int) -> None:
        """The controller takes an answer (decision number, option number): offline it applies
        that option to the engine; online it goes to the server (OnlineDuelScene)."""
        choice = self.engine.pending
        if (
            choice is None
            or seq != len(self.engine.actions)
            or not 0 <= number < len(choice.options)
        ):
            self.message = "That is not possible right now."
            self.decided_for = None
            return
        self.apply(choice.options[number].action)

    def apply(self, action: Action) -> None:
        """Apply one action of the open decision to the engine (the controller: the answers
        of the seat at the screen, a computer seat's, a hot-seat pass), then show the events
        as the source's seat may see them."""
        choice = self.engine.pending
        if choice is None or choice.find(action) is None:
            self.message = "That is not possible right now."
            self.decided_for = None
            return
        undoable = (
            choice is not None
            and choice.kind == "main_phase"
            and action.kind in ("sell", "play")
            and self.human(choice.player)
        )
        snapshot = self.engine.snapshot() if undoable else None
        phase = self.view.phase
        events = self.engine.apply(action)
        record_events(events)
        if undoable and not any(e.kind in UNDO_BREAKERS for e in events):
            self.undo_stack.append((snapshot, phase, self._label(action)))
        elif any(e.kind in UNDO_BREAKERS for e in events) or action.kind == "end_phase":
            self.undo_stack.clear()
        self._show(events)

    def _show(self, events: list) -> None:
        """The engine moved on with these events: the seat's table, the presenter, the
        autosave at a turn's start, and at the end the replay (the save is removed)."""
        self.presenter.feed(self.source.sync(events))
        self.view = self.source.view
        self.decided_for = None
        # the answered question's buttons go at once: nothing stays lit while the other side
        # acts (an Adventures Minion plays inside the engine, with no question of its own)
        self.buttons, self.modal, self.confirm_end = [], [], None
        self.odds_cache.clear()
        if any(e.kind == "turn_started" for e in events) and not self.engine.over:
            self._save(later=True)
        if self.engine.over:
            writer.submit(lambda p=self.save_path: delete_duel(p), "Could not remove the save")
            try:
                self.replay_path = record_replay(self.engine, self.seats)
            except OSError as exc:
                self.message = f"Could not record the replay: {exc}"

    def _label(self, action: Action) -> str:
        choice = self.engine.pending
        if choice is None:
            return action.kind
        option = choice.find(action)
        return option.label if option else action.kind

    def undo(self) -> None:
        if not self.undo_stack:
            return
        snapshot, phase, label = self.undo_stack.pop()
        self.engine.restore(snapshot)
        self.source.sit(self.viewer)
        self.view = self.source.view
        for player in self.view.players:
            self.presenter.shown_health[player.seat] = player.health
            self.presenter.shown_cp[player.seat] = player.cp
        self.presenter.log.append(("note", f"Undone: {label}."))
        self.decided_for = None
        del phase

    def _save(self, later: bool = False) -> None:
        """Save the match now, or (`later`, the autosave at each turn's start) take its data
        from the engine now and leave the fsynced write to the save writer
        (game/persistence/writer.py), so it never holds a frame; a failure then shows on a
        later frame."""
        data = match_data(self.engine, self.seats, "duel")
        path = self.save_path
        if later:
            writer.submit(lambda: write_json(path, data), "Could not save the duel")
            return
        writer.flush()  # after the autosaves still queued
        try:
            write_json(path, data)
        except OSError as exc:
            self.message = f"Could not save the duel: {exc}"

    def find(self, kind: str, **args) -> Action | None:
        choice = self.source.pending
        if choice is None:
            return None
        for option in choice.options:
            action = option.action
            if action.kind != kind:
                continue
            if all(action.get(k) == v for k, v in args.items()):
                return action
        return None

    def find_card(self, kind: str, card: int) -> Action | None:
        exact = self.find(kind, card=card)
        if exact is not None or kind == "sell":
            return exact
        card_id = self.card_id(card)
        choice = self.source.pending
        for option in choice.options if choice else []:
            if option.action.kind == kind and self.card_id(option.action.get("card")) == card_id:
                return option.action
        return None

    def card_id(self, card: int) -> str:
        return self.source.card_id(card)

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        for problem in writer.errors():  # an autosave that could not be written
            self.message = problem
        if self.engine is not None and self.source.seq != self.source.taken:
            self.refresh()  # the engine moved on outside the scene (a test, a battle's crawl)
        self.confirm_age += dt
        self.presenter.speed = self.app.settings.speed_factor
        for impulse in self.tray.update(dt):
            self.app.play("dice_hit", impulse)
        self.presenter.update(dt)
        self.motion.update(dt)
        if self.table is not None:
            self.table.update(dt)
        if self.paused or self.app.scene is not self:
            return
        if self.pass_to is None:
            self._hover()  # cards, tokens and abilities can be read at any time
        else:
            self.hover_card = None
        if self.presenter.busy:
            return
        if self.source.over:
            self.buttons, self.modal, self.decided_for = [], [], None  # nothing left to answer
            if not self.ended and not self.motion.finale:
                self.ended = True
                from game.ui.scenes.end import EndScene

                self.app.push(EndScene(self.app, self))
            return
        choice = self.source.pending
        if choice is None:
            return
        seat = choice.player
        if seat in self.controllers or (self.hotseat and seat != self.viewer):
            # Nobody at this screen may act on someone else's question.
            self.buttons, self.modal, self.decided_for = [], [], None
        if seat in self.controllers:
            self.ai_timer += dt
            due = self.ai_timer >= 0.45 * self.app.settings.speed_factor
            if due or self.worker.active:  # the worker is asked at once, inline only when due
                # the computer decides on the engine's own question (the controller's part)
                asked = choice if self.engine is None else self.engine.pending
                action = self.worker.decide(self.engine, asked, self.controllers[seat])
                if action is not None and due:
                    self.ai_timer = 0.0
                    self.apply(action)
            return
        self.ai_timer = 0.0
        if self.hotseat and seat != self.viewer and self.pass_to is None:
            theirs = self.source.peek(seat)  # their decision, read before the hand-over
            if theirs.pending.kind == "respond" and self._auto_pass(theirs.pending, theirs):
                passing = theirs.answer(self._pass_of(theirs.pending))
                if passing is not None:  # nothing to hide: no need to hand the screen over
                    self.send(*passing)
                    return
            if self.table is not None and self.teammates(seat, self.viewer):
                # teammates may see each other's hands: no privacy screen between them
                self.viewer = seat
                self.decided_for = None
            else:
                self.pass_to = seat
                return
        if self.pass_to is not None:
            return
        if choice.kind == "respond" and self._auto_pass(choice):
            passing = self.find("pass")
            if passing is not None:
                self.act(passing)
                return
        if self.decided_for is not choice:
            self._build_controls(choice)

    def finish_instantly(self) -> None:
        """Let the computer seats play the rest of the match at once (demo and tests)."""
        # Applied to the engine one by one and shown once: the seat's table taken again after
        # every action, and an autosave at every turn's start, cost three times what the
        # match itself did (docs/speed.md, "Fifth pass"). A scene whose `apply` does more (an
        # Adventures battle goes through its crawl) plays the rest through it, one by one.
        plain = type(self).apply is DuelScene.apply
        guard = 0
        events: list = []
        while not self.engine.over and guard < 20_000:
            choice = self.engine.pending
            if choice is None or choice.player not in self.controllers:
                break
            action = self.controllers[choice.player].decide(self.engine, choice)
            guard += 1
            if not plain:
                self.apply(action)
                continue
            if choice.find(action) is None:  # pragma: no cover - a computer's bug
                self.message = "That is not possible right now."
                break
            step = self.engine.apply(action)
            record_events(step)
            if any(e.kind in UNDO_BREAKERS for e in step) or action.kind == "end_phase":
                self.undo_stack.clear()
            events += step
        if events:
            self._show(events)
        self.presenter.skip()
        self.tray.finish()

    @staticmethod
    def _pass_of(choice) -> Action | None:
        return next((o.action for o in choice.options if o.action.kind == "pass"), None)

    def _auto_pass(self, choice, table=None) -> bool:
        """Does the auto-pass setting skip this response window? Read from the deciding
        seat's table (the source, or a hot-seat player's before the hand-over): its options
        and the spend windows the rules say are open."""
        from game.ui.prompt_policy import should_ask

        table = table or self.source
        seat = choice.player
        if seat in self.pass_until_turn:
            if self.view.active != seat:
                return True
            self.pass_until_turn.discard(seat)  # their turn came: the setting asks again
        policy = self.app.settings.auto_pass
        windows = table.spend_windows
        return not should_ask(policy, choice, self.view, self.content, table.card_id, windows)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN or (
            event.type == pygame.MOUSEBUTTONUP and event.button < 4
        ):
            self.motion.skip()  # a click or a key ends the motions; it still counts as input
        held = False
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            held = event.key in self.keys_down
            self.keys_down.add(event.key)
        if self.handle_pause(event):
            return
        if held and keymap.pressed(event, "advance", "confirm"):
            return  # auto-repeat, or a key held across a prompt change: press it again
        if self.pass_to is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                keymap.pressed(event, "confirm", "advance")
            ):
                self.viewer = self.pass_to
                self.pass_to = None
                self.decided_for = None
                self._relog()  # the log as the new seat may read it
            return
        if event.type == pygame.KEYUP:
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(pygame.mouse.get_pos()):
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
            return
        if self.presenter.busy:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.presenter.skip()
            return
        for button in self.buttons + self.modal:
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self._card_at(event.pos)
            if card is not None:
                self.drag = {"card": card, "start": event.pos, "pos": event.pos, "moved": False}
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > 12:
                self.drag["moved"] = True
        elif event.type == pygame.MOUSEBUTTONUP:
            drag, self.drag = self.drag, None
            if event.button == 3:
                card = self._card_at(event.pos)
                if card is not None:
                    self._sell(card)
                return
            if event.button != 1:
                return
            if drag is not None and drag["moved"]:
                self._drop(drag["card"], event.pos)
                return
            self._click(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        index = keymap.number(event)
        if keymap.pressed(event, "back") and self.confirm_end is not None:
            self.confirm_end = None  # Esc answers "Keep playing"
            self.decided_for = None
        elif keymap.pressed(event, "back"):
            self._open_pause()
        elif keymap.pressed(event, "help"):
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif keymap.pressed(event, "undo"):
            self.undo()
        elif self.presenter.busy:
            if keymap.pressed(event, "advance", "confirm"):
                self.presenter.skip()
        elif keymap.pressed(event, "roll"):
            for button in self.buttons:
                if button.data.get("roll"):
                    button.on_click()
        elif index is not None:
            if self.modal:
                if index < len(self.modal):
                    self.modal[index].on_click()
            else:
                self.toggle_keep(index)
        elif keymap.pressed(event, "advance", "confirm"):
            if self.confirm_end is not None and self.confirm_age < CONFIRM_GRACE:
                return  # still the press that asked, or a quick second one: read first
            for button in self.buttons:
                if button.primary and button.enabled and button.on_click:
                    button.on_click()
                    return

    def _click(self, pos) -> None:
        if self.table is not None:
            seat = self.table.seat_at(pos)
            if seat is None and self.my_bar.collidepoint(pos):
                # "the opponents choose": the chooser may pick themselves
                action = self.table.target_options().get(self.viewer)
                if action is not None:
                    self.act(action)
                    return
            if seat is not None:
                action = self.table.target_options().get(seat)
                if action is not None:
                    self.act(action)
                else:  # open this seat's full board under the strip (click again to close)
                    pinned = self.table.focus_pinned
                    self.table.focus_pinned = None if pinned == seat else seat
                return
        index = self.tray.die_at(pos) if self.tray_rect.collidepoint(pos) else None
        if index is not None:
            self.toggle_keep(index)
            return
        card = self._card_at(pos)
        if card is not None:
            self._play_or_sell(card)
            return
        for spot in self.spots:
            if not spot.rect.collidepoint(pos):
                continue
            if spot.kind in ("row", "ability") and spot.seat == self.source.pending.player:
                self._activate(spot)
                return
            if spot.kind == "token":
                action = self.find("spend", status=spot.key)
                if action is not None and spot.seat == self.source.pending.player:
                    self.act(action)
                    return

    def _activate(self, spot: Hotspot) -> None:
        if spot.kind == "row":
            action = self.find("activate", ability=spot.key, row=spot.row)
            if action is not None:
                self.act(action)
                return
        options = [a for a in self._options("activate") if a.get("ability") == spot.key]
        if options:
            self.act(max(options, key=lambda a: a.get("row")))

    def _options(self, kind: str) -> list[Action]:
        choice = self.source.pending
        return [o.action for o in choice.options if o.action.kind == kind] if choice else []

    def _play_or_sell(self, card: int) -> None:
        choice = self.source.pending
        if choice is None:
            return
        if choice.kind == "discard":
            self._sell(card)
            return
        action = self.find_card("play", card)
        if action is not None:
            self.act(action)
        else:
            self.message = self._why_not(card)

    def _sell(self, card: int) -> None:
        action = self.find_card("sell", card)
        if action is not None:
            self.act(action)
            self.app.play("cp", 0.6)

    def _drop(self, card: int, pos) -> None:
        if self.cp_rect.collidepoint(pos) or self.my_bar.collidepoint(pos):
            self._sell(card)
        elif pos[1] < self.hand_area.y - self.app.theme.px(20):
            self._play_or_sell(card)

    def _why_not(self, card: int) -> str:
        """Why a card of the hand cannot be played now, as the rules said in the seat's view."""
        choice = self.source.pending
        if choice is None:
            return ""
        if choice.player != self.viewer:
            return "It is not your decision right now."
        reason = self.source.why_not(card)
        return f"Can't play that now: {reason}." if reason else ""

    def _card_at(self, pos) -> int | None:
        """The topmost hand card under `pos`, as last drawn (game/ui/hand.py)."""
        fan = getattr(self, "hand_fan", None)
        if fan is None:
            return None
        index = fan.card_at(pos)
        if index is None or index >= len(self.hand_rects):
            return None
        return self.hand_rects[index][1]

    def _hover(self) -> None:
        mouse = pygame.mouse.get_pos()
        if self.table is not None:
            self.table.hover_seat = self.table.seat_at(mouse)
        self.hover_card = self._card_at(mouse)
        if self.hover_card is not None:
            tip = self._card_tip(self.hover_card)
            if tip:
                self.app.tooltip.offer(tip, mouse)
            return
        for button in self.buttons + self.modal:
            if button.rect.collidepoint(mouse) and button.tooltip:
                self.app.tooltip.offer(button.tooltip, mouse)
                return
        for spot in self.spots:
            if spot.rect.collidepoint(mouse) and spot.tooltip:
                self.app.tooltip.offer(spot.tooltip, mouse)
                return

    def _card_tip(self, card: int) -> str:
        choice = self.source.pending
        if choice is None or choice.player != self.viewer:
            return ""
        play = self.find_card("play", card)
        sell = self.find_card("sell", card)
        parts = []
        if choice.kind == "discard":
            parts.append("Click to sell it for 1 CP.")
        elif play is not None:
            parts.append("Click (or drag up) to play it.")
        else:
            why = self._why_not(card)
            if why:
                parts.append(why)
        if sell is not None and choice.kind != "discard":
            parts.append("Right-click or drag onto your CP to sell it for 1 CP.")
        return " ".join(parts)

    def _open_pause(self) -> None:
        self.open_pause_menu(
            [
                ("Resume", self._resume),
                ("Rules Reference", self._rules),
                ("Settings", self._settings),
                ("Save and quit to title", self._quit),
            ]
        )

    def _quit(self) -> None:
        if not self.source.over:
            self._save()
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def enter_worker(self) -> None:
        if self.owns_worker:
            self.worker.start()

    def exit(self) -> None:
        if self.owns_worker:
            self.worker.close()

    # ------------------------------------------------------------ odds

    def odds_key(self, seat: int) -> tuple[int, tuple[int, ...] | None, int] | None:
        """(seat, the offense dice on the table, roll attempts left) while `seat` makes its
        Offensive Roll, the odds' cache key; None at any other moment."""
        choice = self.source.pending
        if choice is None or choice.kind != "offensive_roll" or choice.player != seat:
            return None
        values = None
        for dice in self.view.dice:
            if dice.group == self.view.combat.offense_group:
                values = tuple(dice.values)
        return seat, values, choice.context.get("attempts_left", 0)

    def odds(self, seat: int) -> dict[tuple[str, int], float] | None:
        key = self.odds_key(seat)
        if key is None:
            return None
        _seat, values, left = key
        if key in self.odds_cache:
            return self.odds_cache[key]
        player = self.view.players[seat]
        hero = self.content.heroes[player.hero]
        abilities = board_abilities(self.content, player, ("offensive", "ultimate"))
        # solved in the worker (a first solve for a hero takes tens of ms): None until it is in
        which = (hero.id, tuple((a.id, a.level) for a in abilities), values, left)
        result = self.worker.odds(which, hero, abilities, values, left)
        if result is not None:
            self.odds_cache[key] = result
        return result

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        view = self.view
        self.spots = []
        me = self.viewer
        opp = self.opponent_seat(view, me)
        choice = self.source.pending
        deciding = choice.player if choice is not None else None
        if self.table is not None:
            self.table.layout(self.opp_bar, view, me)
            self.spots += self.table.draw_strip(surface, view, me)
            opp = self.table.focus(view, me)
            self._draw_board(surface, view, opp, self.opp_board)
            self.table.draw_focus_mark(surface, self.opp_board, view, opp)
        else:
            self._draw_bar(surface, view, opp, self.opp_bar, top=True)
            self._draw_board(surface, view, opp, self.opp_board)
        self._draw_tray(surface)
        self._draw_prompt(surface, choice)
        self._draw_board(surface, view, me, self.my_board)
        if self.table is not None and me in self.table.target_options():
            glow(surface, self.my_bar, th, strength=4, radius=8)
        self._draw_bar(surface, view, me, self.my_bar, top=False)
        self._draw_hand(surface, view, me, deciding)
        self._draw_phase_track(surface, view)
        self._draw_log(surface)
        if self.table is not None:
            self.spots += self.table.draw_turn_order(surface, self.order_rect, view)
            self._draw_table_info(surface, view, me)
            anchors = dict(self.table.compact)
            anchors[me] = self.my_bar
            self.table.draw_target_arrow(surface, view, anchors)
            self.table.draw_targeting(surface, self.tray_rect)
        else:
            self._draw_info(surface, view)
        self._draw_floaters(surface, view, me, opp)
        for button in self.modal:
            button.draw(surface, th)
        self._draw_banner(surface)
        self.motion.draw(surface)
        if self.hover_card is not None and self.drag is None:
            self._draw_card_zoom(surface, self.hover_card)
        if self.drag is not None and self.drag["moved"]:
            cid = self.card_id(self.drag["card"])
            face = card_face(
                self.content.cards[cid], self.content.heroes[view.players[me].hero], th.px(110), th
            )
            surface.blit(face, face.get_rect(center=self.drag["pos"]))
        if self.pass_to is not None:
            self._draw_pass_screen(surface)
        if self.paused:
            self.draw_pause_menu(surface)

    def opponent_seat(self, view: MatchView, me: int) -> int:
        """The seat drawn at the top in the two-column layout (Adventures override it)."""
        return 1 - me if len(view.players) == 2 else (me + 1) % len(view.players)
