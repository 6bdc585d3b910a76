"""The duel board: both heroes, the dice tray, the hand, the log, and every decision.

The scene only shows engine state (through `match_view`) and sends the engine actions chosen
from its PendingChoice options: a click on a lit ability, a die, a card, a token or a button
becomes one of those options, never anything else.
"""

from __future__ import annotations

import pygame

from game.ai import LEVEL_NAMES, make_ai
from game.persistence.duel_save import delete_duel, match_path, save_duel
from game.persistence.replay import record_replay
from game.rules import ops
from game.rules.actions import Action
from game.rules.options import Situation, playable_reason
from game.rules.view import MatchView, match_view
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.board_view import BoardView, Hotspot, draw_companions, draw_dial, draw_tokens
from game.ui.cards import card_back, card_face
from game.ui.devhooks import record_events
from game.ui.pause import PauseMenu
from game.ui.presenter import Presenter
from game.ui.table_view import LEADER_TIP, TableView, Targeting, draw_crown, targeting_rows
from game.ui.widgets import Button, draw_text, felt_background, glow, panel, text_surface, wrap

PHASES = [
    ("upkeep", "UP", "Upkeep"),
    ("income", "IN", "Income"),
    ("main1", "M1", "Main (1)"),
    ("offensive_roll", "OR", "Offensive Roll"),
    ("targeting_roll", "TR", "Targeting Roll"),
    ("defensive_roll", "DR", "Defensive Roll"),
    ("main2", "M2", "Main (2)"),
    ("discard", "D", "Discard"),
]
PHASE_TIPS = {
    "upkeep": "Upkeep: tokens and passive abilities that act at the start of the turn.",
    "income": "Income: +1 CP (up to 15) and draw a card. The first player skips it on turn 1.",
    "main1": "Main Phase (1): sell cards for 1 CP, play upgrades and Main Phase cards.",
    "offensive_roll": "Offensive Roll: up to 3 rolls of your 5 dice, then use one ability.",
    "targeting_roll": "Targeting Roll: with several opponents, decides who is attacked.",
    "defensive_roll": "Defensive Roll: the Defender rolls their defense dice once.",
    "main2": "Main Phase (2): like Main Phase (1).",
    "discard": "Discard: sell cards until you hold 6 or fewer.",
}
UNDO_BREAKERS = {"dice_rolled", "card_drawn", "deck_shuffled"}


class DuelScene(PauseMenu, Scene):
    def __init__(self, app, engine, seats: list[dict], save_path=None) -> None:
        super().__init__(app)
        self.engine = engine
        # this game's own save: its format's file, or the file it was continued from
        self.save_path = save_path or match_path(engine.setup.mode)
        self.content = engine.content
        self.seats = seats
        self.controllers: dict[int, object] = {}
        seed = engine.setup.seed
        for seat, info in enumerate(seats):
            if info.get("kind") == "computer":
                self.controllers[seat] = make_ai(info.get("level", "normal"), seed * 31 + seat)
        humans = [s for s in range(len(seats)) if s not in self.controllers]
        self.viewer = humans[0] if humans else 0
        self.hotseat = len(humans) > 1
        self.pass_to: int | None = None
        self.board = BoardView(self.content)
        self.tray_dice: list[tuple[int, int, str]] = []
        self.kept: list[bool] = []
        self.buttons: list[Button] = []
        self.modal: list[Button] = []
        self.spots: list[Hotspot] = []
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
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
        self.dial_rects: dict[tuple[int, str], pygame.Rect] = {}
        self.view: MatchView = match_view(engine)
        # three or more heroes: compact boards around the table (game/ui/table_view.py)
        self.table = TableView(self) if len(self.view.players) > 2 else None

    # ------------------------------------------------------------ setup

    def enter(self) -> None:
        from game.ui.dice_tray import DiceTray

        self.resize()
        self.tray = DiceTray(
            self.tray_rect, die_size=self.app.theme.px(54), seed=self.engine.setup.seed
        )
        view = self.view
        self.presenter = Presenter(
            self, {p.seat: p.health for p in view.players}, {p.seat: p.cp for p in view.players}
        )
        self.presenter.speed = self.app.settings.speed_factor
        for event in self.engine.log[-120:]:
            if event.text:
                self.presenter.log.append((event.kind, event.text))
        groups = sorted(view.dice, key=lambda d: d.group)
        if groups:
            last = groups[-1]
            self.presenter.tray_groups = [last.group]
            self.set_tray_dice([(last.group, i, last.hero) for i in range(len(last.values))])
            self.reset_kept(len(last.values))
            self.tray.show(list(last.values), self.kept)

    def resize(self) -> None:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        right_w = th.px(372)
        left_w = w - right_w - th.px(24)
        x0 = th.px(10)
        self.left = pygame.Rect(x0, 0, left_w, h)
        self.right = pygame.Rect(x0 + left_w + th.px(8), th.px(8), right_w, h)
        self.opp_bar = pygame.Rect(x0, th.px(6), left_w, th.px(58))
        self.opp_board = pygame.Rect(x0, th.px(68), left_w, th.px(118))
        self.tray_rect = pygame.Rect(x0, th.px(192), left_w, th.px(246))
        self.prompt_rect = pygame.Rect(x0, th.px(442), left_w, th.px(44))
        self.my_board = pygame.Rect(x0, th.px(490), left_w, th.px(118))
        self.my_bar = pygame.Rect(x0, th.px(612), th.px(330), th.px(102))
        self.hand_area = pygame.Rect(
            x0 + th.px(338), th.px(612), w - th.px(338) - 2 * x0, h - th.px(612)
        )
        self.phase_rect = pygame.Rect(self.right.x, th.px(6), right_w, th.px(30))
        self.log_rect = pygame.Rect(self.right.x, th.px(42), right_w, th.px(400))
        self.info_rect = pygame.Rect(self.right.x, th.px(448), right_w, th.px(158))
        if self.table is not None:
            # the top strip holds a compact board per other seat; the full board of the seat
            # in focus sits under it; the turn order sits under the phase track
            self.opp_bar = pygame.Rect(x0, th.px(6), left_w, th.px(68))
            self.opp_board = pygame.Rect(x0, th.px(82), left_w, th.px(106))
            self.order_rect = pygame.Rect(self.right.x, th.px(40), right_w, th.px(34))
            self.log_rect = pygame.Rect(self.right.x, th.px(80), right_w, th.px(362))
        if hasattr(self, "tray"):
            self.tray.set_rect(self.tray_rect)
        self.decided_for = None

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
        if self.table is not None:
            self.table.focus_pinned = None

    def teammates(self, a: int, b: int) -> bool:
        players = self.view.players
        return players[a].team == players[b].team

    def dial_mates(self, seat: int) -> list[int]:
        """The seats whose Health dial is this seat's (teammates share one in team formats)."""
        if not self.engine.setup.shared_team_dial:
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

    def act(self, action: Action) -> None:
        choice = self.engine.pending
        if choice is None or choice.find(action) is None:
            # A control left over from an earlier question (e.g. a key pressed as the
            # decision moved on): refuse it without touching the match.
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
        self.presenter.feed(events)
        self.view = match_view(self.engine)
        self.decided_for = None
        self.odds_cache.clear()
        if any(e.kind == "turn_started" for e in events) and not self.engine.over:
            self._save()
        if self.engine.over:
            delete_duel(self.save_path)
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
        self.view = match_view(self.engine)
        for player in self.view.players:
            self.presenter.shown_health[player.seat] = player.health
            self.presenter.shown_cp[player.seat] = player.cp
        self.presenter.log.append(("note", f"Undone: {label}."))
        self.decided_for = None
        del phase

    def _save(self) -> None:
        try:
            save_duel(self.engine, self.seats, self.save_path)
        except OSError as exc:
            self.message = f"Could not save the duel: {exc}"

    def find(self, kind: str, **args) -> Action | None:
        choice = self.engine.pending
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
        choice = self.engine.pending
        for option in choice.options if choice else []:
            if option.action.kind == kind and self.card_id(option.action.get("card")) == card_id:
                return option.action
        return None

    def card_id(self, card: int) -> str:
        with self.engine.world.active():
            return self.engine.card_id(card)

    # ------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        self.presenter.speed = self.app.settings.speed_factor
        for impulse in self.tray.update(dt):
            self.app.play("dice_hit", impulse)
        self.presenter.update(dt)
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
        if self.engine.over:
            if not self.ended:
                self.ended = True
                from game.ui.scenes.end import EndScene

                self.app.push(EndScene(self.app, self))
            return
        choice = self.engine.pending
        if choice is None:
            return
        seat = choice.player
        if seat in self.controllers or (self.hotseat and seat != self.viewer):
            # Nobody at this screen may act on someone else's question.
            self.buttons, self.modal, self.decided_for = [], [], None
        if seat in self.controllers:
            self.ai_timer += dt
            if self.ai_timer >= 0.45 * self.app.settings.speed_factor:
                self.ai_timer = 0.0
                self.act(self.controllers[seat].decide(self.engine, choice))
            return
        self.ai_timer = 0.0
        if self.hotseat and seat != self.viewer and self.pass_to is None:
            if choice.kind == "respond" and self._auto_pass(choice):
                passing = self.find("pass")
                if passing is not None:  # nothing to hide: no need to hand the screen over
                    self.act(passing)
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
        guard = 0
        while not self.engine.over and guard < 20_000:
            choice = self.engine.pending
            if choice is None or choice.player not in self.controllers:
                break
            self.act(self.controllers[choice.player].decide(self.engine, choice))
            guard += 1
        self.presenter.skip()
        self.tray.finish()

    def _auto_pass(self, choice) -> bool:
        mode = self.app.settings.auto_pass
        if mode == "always":
            return True
        if mode == "when_not_targeted":
            seat = choice.player
            incoming = self.view.combat.incoming.get(seat, 0)
            return incoming == 0 and self.view.active != seat
        return False

    # ------------------------------------------------------------ decision controls

    def _build_controls(self, choice) -> None:
        th = self.app.theme
        self.decided_for = choice
        self.buttons = []
        self.modal = []
        kind = choice.kind
        rect = self.prompt_rect
        bw, bh = th.px(150), th.px(36)
        y = rect.y + (rect.h - bh) // 2
        right = rect.right - th.px(6)

        def add(label, action, primary=False, hotkey="", tooltip="", enabled=True):
            nonlocal right
            button = Button(
                pygame.Rect(right - bw, y, bw, bh),
                label,
                (lambda a=action: self.act(a)) if action else None,
                enabled=enabled and action is not None,
                primary=primary,
                hotkey=hotkey,
                tooltip=tooltip,
            )
            self.buttons.append(button)
            right -= bw + th.px(8)
            return button

        if kind == "main_phase":
            add(
                "End Phase",
                self.find("end_phase"),
                primary=True,
                hotkey="Space",
                tooltip="Finish this Main Phase and move on.",
            )
            if self.undo_stack:
                undo = Button(
                    pygame.Rect(right - bw, y, bw, bh),
                    "Undo",
                    self.undo,
                    hotkey="Ctrl+Z",
                    tooltip=f"Take back: {self.undo_stack[-1][2]}",
                )
                self.buttons.append(undo)
        elif kind in ("offensive_roll", "defensive_roll"):
            rolls = [o.action for o in choice.options if o.action.kind == "roll"]
            first = (
                rolls
                and len(rolls) == 1
                and choice.context.get("attempts_left", 0)
                == choice.context.get("attempts_total", 0)
            )
            if kind == "offensive_roll":
                add(
                    "No Ability",
                    self.find("no_ability"),
                    tooltip="End the roll without using an ability.",
                )
            else:
                add(
                    "Use Result",
                    self.find("accept"),
                    primary=not rolls,
                    tooltip="Keep this defense roll.",
                )
            if rolls:
                label = "Roll" if first else "Re-roll"
                add(
                    label,
                    None,
                    primary=True,
                    hotkey="R",
                    tooltip="Throw the dice you are not keeping (click dice or press 1-5 to keep).",
                )
                self.buttons[-1].on_click = self.roll
                self.buttons[-1].enabled = True
                self.buttons[-1].data["roll"] = True
        elif kind == "respond":
            add(
                "Pass",
                self.find("pass"),
                primary=True,
                hotkey="Space",
                tooltip="Let play continue without acting.",
            )
            free = self.find("reroll")
            if free is not None:
                add("Free re-roll", free, tooltip="Re-roll that die once, for free.")
        elif kind == "discard":
            pass
        else:
            # A question: the options as a column of buttons in the middle of the board.
            count = len(choice.options)
            font = th.font(17, bold=True, condensed=True)
            widest = max((font.size(f"{o.label}  [9]")[0] for o in choice.options), default=0)
            mw = min(self.tray_rect.w - th.px(40), max(th.px(420), widest + th.px(30)))
            mh = th.px(44)
            top = self.tray_rect.centery - (count * (mh + th.px(8))) // 2 + th.px(20)
            x = self.tray_rect.centerx - mw // 2
            if self.table is not None and self.table.targeting is not None:
                # the targeting table stays readable on the left; the buttons go right of it
                left = self.tray_rect.x + self.table.panel_width() + th.px(20)
                mw = min(mw, self.tray_rect.right - left - th.px(10))
                x = left + (self.tray_rect.right - left - mw) // 2
            for index, option in enumerate(choice.options):
                rect_b = pygame.Rect(x, top + index * (mh + th.px(8)), mw, mh)
                self.modal.append(
                    Button(
                        rect_b,
                        option.label,
                        lambda a=option.action: self.act(a),
                        tooltip=option.detail,
                        hotkey=str(index + 1) if index < 9 else "",
                    )
                )

    def roll(self) -> None:
        choice = self.engine.pending
        if choice is None:
            return
        rolls = [o.action for o in choice.options if o.action.kind == "roll"]
        if not rolls:
            return
        if len(rolls) == 1:
            self.act(rolls[0])
            return
        wanted = tuple(i for i, keep in enumerate(self.kept_for(len(self.tray_dice))) if not keep)
        for action in rolls:
            if tuple(action.get("dice")) == wanted:
                self.act(action)
                return
        self.message = "Keep at least one die fewer than all of them to re-roll."

    def toggle_keep(self, index: int) -> None:
        choice = self.engine.pending
        if choice is None or choice.kind not in ("offensive_roll", "defensive_roll"):
            return
        if not any(o.action.kind == "roll" for o in choice.options):
            return
        if choice.context.get("attempts_left", 0) == choice.context.get("attempts_total", 0):
            return
        kept = self.kept_for(len(self.tray_dice))
        if 0 <= index < len(kept):
            kept[index] = not kept[index]
            self.tray.set_kept(kept)
            self.app.play("token", 0.5)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_pause(event):
            return
        if self.pass_to is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.viewer = self.pass_to
                self.pass_to = None
                self.decided_for = None
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
        key = event.key
        if key == pygame.K_ESCAPE:
            self._open_pause()
        elif key == pygame.K_F1:
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif self.presenter.busy:
            if key in (pygame.K_SPACE, pygame.K_RETURN):
                self.presenter.skip()
        elif key == pygame.K_r:
            for button in self.buttons:
                if button.data.get("roll"):
                    button.on_click()
        elif pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if self.modal:
                if index < len(self.modal):
                    self.modal[index].on_click()
            else:
                self.toggle_keep(index)
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
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
            if spot.kind in ("row", "ability") and spot.seat == self.engine.pending.player:
                self._activate(spot)
                return
            if spot.kind == "token":
                action = self.find("spend", status=spot.key)
                if action is not None and spot.seat == self.engine.pending.player:
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
        choice = self.engine.pending
        return [o.action for o in choice.options if o.action.kind == kind] if choice else []

    def _play_or_sell(self, card: int) -> None:
        choice = self.engine.pending
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
        choice = self.engine.pending
        if choice is None:
            return ""
        with self.engine.world.active():
            player = self.engine.player(self.viewer)
            moment = {
                "main_phase": "main",
                "offensive_roll": "offensive_roll",
                "defensive_roll": "defensive_roll",
            }.get(choice.kind, choice.window or "")
            dice = choice.context.get("dice", [])
            if choice.player != self.viewer:
                return "It is not your decision right now."
            reason = playable_reason(self.engine, player, card, Situation(moment, dice))
        return f"Can't play that now: {reason}." if reason else ""

    def _card_at(self, pos) -> int | None:
        for rect, card in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return card
        return None

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
        choice = self.engine.pending
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
        if not self.engine.over:
            self._save()
        from game.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def exit(self) -> None:
        pass

    # ------------------------------------------------------------ odds

    def odds(self, seat: int) -> dict[tuple[str, int], float] | None:
        choice = self.engine.pending
        if choice is None or choice.kind != "offensive_roll" or choice.player != seat:
            return None
        left = choice.context.get("attempts_left", 0)
        values = None
        for dice in self.view.dice:
            if dice.group == self.view.combat.offense_group:
                values = tuple(dice.values)
        key = (seat, values, left)
        if key in self.odds_cache:
            return self.odds_cache[key]
        from game.ai.odds import odds as compute_odds

        with self.engine.world.active():
            player = self.engine.player(seat)
            hero = self.engine.hero(player)
            abilities = ops.abilities(self.engine, player, ("offensive", "ultimate"))
        result = compute_odds(hero, abilities, values, left)
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
        choice = self.engine.pending
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

    def _draw_bar(self, surface, view: MatchView, seat: int, rect: pygame.Rect, top: bool) -> None:
        th = self.app.theme
        player = view.players[seat]
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS, radius=8)
        hero = self.content.heroes[player.hero]
        size = rect.h - th.px(10) if top else th.px(56)
        x = rect.x + th.px(6)
        y = rect.y + th.px(5)
        try:
            from game.ui.art import hero_emblem

            surface.blit(hero_emblem(hero.id, size), (x, y))
        except ImportError:
            pass
        x += size + th.px(8)
        active = view.active == seat and not view.over
        name_col = T.HIGHLIGHT if active else T.TEXT
        draw_text(surface, player.name, th.font(18, bold=True), name_col, (x, y))
        if self.table is not None and seat in view.leaders:
            crown = pygame.Rect(0, 0, th.px(20), th.px(15))
            crown.topleft = (x + th.font(18, bold=True).size(player.name)[0] + th.px(6), y + 2)
            draw_crown(surface, crown, T.GOLD)
            self.spots.append(Hotspot(crown, "leader", seat, None, LEADER_TIP))
        if seat in self.controllers:
            level = self.seats[seat].get("level", "normal")
            sub = f"Computer ({LEVEL_NAMES.get(level, level)})"
        else:
            sub = "You" if not self.hotseat else f"Player {seat + 1}"
        if active:
            sub += " - to move"
        sub_font = th.font(13)
        draw_text(surface, sub, sub_font, T.TEXT_DIM, (x, y + th.px(22)))
        health = self.presenter.shown_health.get(seat, player.health)
        cp = self.presenter.shown_cp.get(seat, player.cp)
        if top:
            text_right = x + max(sub_font.size(sub)[0], th.font(18, bold=True).size(player.name)[0])
            hx = max(rect.x + th.px(290), text_right + th.px(40))
            cy = rect.centery
            r = th.px(22)
        else:
            hx = rect.x + th.px(40)
            cy = rect.y + th.px(82)
            r = th.px(18)
        hrect = draw_dial(surface, (hx, cy), r, health, T.HEALTH, th)
        crect = draw_dial(surface, (hx + r * 2 + th.px(14), cy), r, cp, T.CP, th)
        self.dial_rects[(seat, "health")] = hrect
        self.dial_rects[(seat, "cp")] = crect
        self.spots.append(
            Hotspot(
                hrect,
                "health",
                seat,
                None,
                f"Health {health} (started at {player.start_health}; healing "
                f"can raise it to {player.start_health + 10}).",
            )
        )
        self.spots.append(
            Hotspot(
                crect,
                "cp",
                seat,
                None,
                f"Combat Points {cp} of 15: they pay for cards. "
                + ("Drop a card here to sell it for 1 CP." if seat == self.viewer else ""),
            )
        )
        if seat == self.viewer:
            self.cp_rect = crect
        if seat == self.viewer and (self.drag is not None and self.drag["moved"]):
            glow(surface, crect, th, color=T.CP, strength=4, radius=r)
        usable = set()
        choice = self.engine.pending
        if choice is not None and choice.player == seat and self.human(seat):
            usable = {o.action.get("status") for o in choice.options if o.action.kind == "spend"}
        tx = crect.right + th.px(14)
        if player.companions:  # Nyra's own Health dial, beside the hero's
            comp_spots, tx = draw_companions(
                surface, player.companions, (tx, cy), int(r * 0.8), th, seat
            )
            self.spots += comp_spots
            tx += th.px(6)
        token_size = th.px(34)
        ty = rect.centery - token_size // 2 if top else rect.y + th.px(66)
        max_w = (rect.right - th.px(150) - tx) if top else rect.right - tx - th.px(6)
        self.spots += draw_tokens(
            surface,
            self.content,
            player.statuses,
            player.limits,
            (tx, ty),
            token_size,
            th,
            seat,
            usable,
            max_width=max_w,
        )
        info = f"Deck {player.deck_size}  Discard {len(player.discard)}"
        if top:
            info = f"Hand {len(player.hand)}   " + info
            draw_text(
                surface,
                info,
                th.font(14),
                T.TEXT,
                (rect.right - th.px(10), rect.centery - th.px(8)),
                align="right",
            )
        else:
            draw_text(surface, info, th.font(13), T.TEXT_DIM, (rect.x + th.px(70), y + th.px(38)))

    def _draw_board(self, surface, view: MatchView, seat: int, rect: pygame.Rect) -> None:
        th = self.app.theme
        player = view.players[seat]
        hero = self.content.heroes[player.hero]
        lit: dict[str, set[int]] = {}
        clickable: set[str] = set()
        choice = self.engine.pending
        if choice is not None and choice.player == seat:
            for option in choice.options:
                if option.action.kind == "activate":
                    lit.setdefault(option.action.get("ability"), set()).add(
                        option.action.get("row")
                    )
                    if self.human(seat):
                        clickable.add(option.action.get("ability"))
        active = view.combat.ability if view.combat.attacker == seat else None
        if view.combat.defender == seat and view.combat.defense_ability:
            active = view.combat.defense_ability
        odds = self.odds(seat) if self.human(seat) else None
        self.spots += self.board.draw(
            surface,
            rect,
            th,
            seat,
            hero,
            player.levels,
            lit=lit,
            odds=odds,
            active=active,
            clickable=clickable,
            flipped=player.flipped,
        )

    def _draw_tray(self, surface) -> None:
        th = self.app.theme
        dice = list(self.tray_dice)

        def face(value: int, size: int, kept: bool, index: int | None = None) -> pygame.Surface:
            from game.ui import art

            hero_id = (
                dice[index][2]
                if index is not None and index < len(dice)
                else (dice[0][2] if dice else "gunslinger")
            )
            return art.die_face(self.content.heroes[hero_id], value, size, kept=kept)

        self.tray.draw(surface, face)
        choice = self.engine.pending
        if choice is not None and choice.kind in ("offensive_roll", "defensive_roll"):
            left = choice.context.get("attempts_left", 0)
            total = choice.context.get("attempts_total", 0)
            x, y = self.tray_rect.x + th.px(14), self.tray_rect.bottom - th.px(26)
            font = th.font(15, bold=True)
            label = f"Roll attempts left: {left}"
            draw_text(surface, label, font, T.TEXT, (x, y))
            # one pip per attempt: filled while it is still to come, hollow once used
            r = th.px(6)
            cx = x + font.size(label)[0] + th.px(14)
            cy = y + font.get_linesize() // 2
            for i in range(total):
                centre = (cx + i * (2 * r + th.px(6)), cy)
                if i < left:
                    pygame.draw.circle(surface, T.HIGHLIGHT, centre, r)
                pygame.draw.circle(surface, T.BRASS, centre, r, max(1, th.px(2)))

    def _draw_prompt(self, surface, choice) -> None:
        th = self.app.theme
        rect = self.prompt_rect
        human_turn = choice is not None and self.human(choice.player) and self.pass_to is None
        panel(
            surface,
            rect,
            th,
            fill=T.WOOD,
            rim=T.HIGHLIGHT if human_turn else T.BRASS_DARK,
            radius=8,
        )
        text = self._prompt_text(choice)
        width = rect.w - th.px(20) - sum(b.rect.w + th.px(8) for b in self.buttons)
        font = th.font(16, bold=True)
        lines = wrap(font, text, width)
        if len(lines) > 1:
            font = th.font(14, bold=True, condensed=True)
            lines = wrap(font, text, width)[:2]
        y = rect.centery - (len(lines) * font.get_linesize()) // 2
        for line in lines:
            surface.blit(
                text_surface(font, line, T.HIGHLIGHT if human_turn else T.TEXT),
                (rect.x + th.px(12), y),
            )
            y += font.get_linesize()
        for button in self.buttons:
            button.draw(surface, th)

    def _prompt_text(self, choice) -> str:
        if self.message:
            text, self.message = self.message, ""
            self._last_message = text
            return text
        if self.engine.over:
            return "The duel is over."
        if choice is None:
            return ""
        who = self.seat_name(choice.player)
        if not self.human(choice.player):
            if choice.kind == "choose_target":
                return f"{who} is choosing the target..."
            return f"{who} is thinking..."
        if self.presenter.busy:
            return "...  (click to hurry)"
        kind = choice.kind
        left = choice.context.get("attempts_left", 0)
        if kind == "main_phase":
            n = choice.context.get("phase", "main1")[-1]
            return f"Main Phase ({n}): play or sell cards, then End Phase."
        if kind == "offensive_roll":
            if left == choice.context.get("attempts_total", 0):
                return "Your Offensive Roll: throw your five dice."
            if left > 0:
                return (
                    f"Click dice to keep them, then Re-roll ({left} left) - or click a lit "
                    "ability to use it."
                )
            return "No rolls left: click a lit ability to use it, or No Ability."
        if kind == "defensive_roll":
            if any(o.action.kind == "accept" for o in choice.options):
                return (
                    "Your defense roll is in. Use it (or re-roll, if a card gave you another try)."
                )
            return f"{who}, defend! Roll your defense dice."
        if kind == "respond":
            return f"{choice.prompt}  Use a glowing card or token, or Pass."
        if kind == "discard":
            return "Too many cards: click cards to sell them (1 CP each) until you hold 6."
        if kind == "choose_target":
            return f"{choice.prompt}  Click a glowing board (or a button)."
        return choice.prompt

    def _draw_hand(self, surface, view: MatchView, seat: int, deciding: int | None) -> None:
        th = self.app.theme
        player = view.players[seat]
        hero = self.content.heroes[player.hero]
        area = self.hand_area
        self.hand_rects = []
        cards = player.hand
        if not cards:
            draw_text(
                surface,
                "No cards in hand",
                th.font(15),
                T.TEXT_DIM,
                (area.x + th.px(10), area.y + th.px(30)),
            )
            return
        width = th.px(104)
        step = (
            min(width + th.px(6), (area.w - width) // max(1, len(cards) - 1))
            if len(cards) > 1
            else width
        )
        choice = self.engine.pending
        playable: set[str] = set()
        sellable = False
        if choice is not None and choice.player == seat and self.human(seat):
            playable = {
                self.card_id(o.action.get("card"))
                for o in choice.options
                if o.action.kind == "play"
            }
            sellable = choice.kind == "discard"
        hidden = self.hotseat and self.pass_to is not None
        for index, (card, cid) in enumerate(cards):
            x = area.x + index * step
            y = area.y + th.px(4)
            if card == self.hover_card:
                y -= th.px(14)
            rect = pygame.Rect(x, y, width, int(width * 1.4))
            self.hand_rects.append((rect, card))
            if hidden:
                surface.blit(card_back(width, th), rect)
                continue
            cdef = self.content.cards[cid]
            cost = self._cost(seat, card)
            face = card_face(cdef, hero, width, th, cost=cost)
            if cid in playable or sellable:
                glow(surface, rect, th, strength=4)
                surface.blit(face, rect)
            elif choice is not None and choice.player == seat:
                dim = face.copy()
                dim.set_alpha(110)
                surface.blit(dim, rect)
            else:
                surface.blit(face, rect)

    def _cost(self, seat: int, card: int) -> int:
        from game.rules.options import card_cost

        with self.engine.world.active():
            return card_cost(self.engine, self.engine.player(seat), card)

    def _draw_card_zoom(self, surface, card: int) -> None:
        th = self.app.theme
        if self.hotseat and self.pass_to is not None:
            return
        cid = self.card_id(card)
        hero = self.content.heroes[self.view.players[self.viewer].hero]
        face = card_face(
            self.content.cards[cid], hero, th.px(210), th, cost=self._cost(self.viewer, card)
        )
        for rect, c in self.hand_rects:
            if c == card:
                x = min(
                    max(th.px(10), rect.centerx - face.get_width() // 2),
                    surface.get_width() - face.get_width() - th.px(10),
                )
                y = rect.y - face.get_height() - th.px(8)
                shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                shadow.fill((0, 0, 0, 90))
                surface.blit(shadow, (x + th.px(5), y + th.px(6)))
                surface.blit(face, (x, y))

    def _draw_phase_track(self, surface, view: MatchView) -> None:
        th = self.app.theme
        rect = self.phase_rect
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=6)
        width = rect.w // len(PHASES)
        mouse = pygame.mouse.get_pos()
        for index, (phase, short, long) in enumerate(PHASES):
            cell = pygame.Rect(rect.x + index * width, rect.y, width, rect.h)
            current = view.phase == phase
            if current:
                pygame.draw.rect(
                    surface, T.BRASS, cell.inflate(-th.px(4), -th.px(6)), border_radius=th.px(5)
                )
            label = text_surface(th.font(13, bold=True), short, T.INK if current else T.TEXT_DIM)
            surface.blit(label, label.get_rect(center=cell.center))
            if cell.collidepoint(mouse):
                self.app.tooltip.offer(f"{long}. {PHASE_TIPS[phase]}", mouse)

    def _draw_log(self, surface) -> None:
        th = self.app.theme
        rect = self.log_rect
        panel(surface, rect, th, fill=(34, 29, 26), rim=T.BRASS_DARK, radius=8)
        font = th.font(13, condensed=True)
        line_h = font.get_linesize()
        inner_w = rect.w - th.px(20)
        lines: list[tuple[str, tuple]] = []
        for kind, text in self.presenter.log[-140:]:
            colour = T.TEXT
            if kind in ("turn_started",):
                colour = T.HIGHLIGHT
            elif kind in ("damage_resolved", "player_defeated"):
                colour = (255, 140, 120)
            elif kind in ("healed",):
                colour = (140, 225, 150)
            elif kind in ("phase_changed", "dice_rolled"):
                colour = T.TEXT_DIM
            for line in wrap(font, text, inner_w):
                lines.append((line, colour))
        visible = (rect.h - th.px(12)) // line_h
        end = max(0, len(lines) - self.log_scroll)
        start = max(0, end - visible)
        y = rect.y + th.px(6)
        for line, colour in lines[start:end]:
            surface.blit(text_surface(font, line, colour), (rect.x + th.px(10), y))
            y += line_h

    def _draw_table_info(self, surface, view: MatchView, me: int) -> None:
        """Last damage, and the hands of the viewer's teammates (teammates may see them)."""
        th = self.app.theme
        mates = [p for p in view.players if p.seat != me and p.team == view.players[me].team]
        if not mates:
            self._draw_info(surface, view)
            return
        top = self.info_rect.copy()
        top.h = th.px(64)
        self._draw_info(surface, view, top)
        rest = pygame.Rect(
            self.info_rect.x, top.bottom + th.px(4), self.info_rect.w, self.info_rect.h - top.h - 4
        )
        panel(surface, rest, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        self.spots += self.table.draw_mate_hand(
            surface, rest.inflate(-th.px(16), -th.px(10)), view, me
        )

    def _draw_info(self, surface, view: MatchView, rect: pygame.Rect | None = None) -> None:
        th = self.app.theme
        rect = rect or self.info_rect
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        x = rect.x + th.px(10)
        y = rect.y + th.px(8)
        draw_text(surface, "Last damage", th.font(14, bold=True), T.BRASS, (x, y))
        y += th.px(20)
        text = self.presenter.breakdown or "Nothing has landed yet."
        draw_text(
            surface, text, th.font(14, condensed=True), T.TEXT, (x, y), width=rect.w - th.px(20)
        )
        combat = view.combat
        if combat.attacker is not None and view.phase in ("offensive_roll", "defensive_roll"):
            incoming = ", ".join(f"{view.players[s].name} {n}" for s, n in combat.incoming.items())
            if incoming:
                draw_text(
                    surface,
                    f"Waiting to land: {incoming}",
                    th.font(13, condensed=True),
                    (255, 170, 140),
                    (x, rect.bottom - th.px(24)),
                    width=rect.w - th.px(20),
                )

    def _draw_floaters(self, surface, view: MatchView, me: int, opp: int) -> None:
        th = self.app.theme
        for floater in self.presenter.floaters:
            dial = self.dial_rects.get((floater.seat, floater.anchor))
            if dial is None:
                dial = self.dial_rects.get((floater.seat, "health"))
            if dial is None:
                continue
            t = floater.age / floater.life
            if dial.centery < surface.get_height() // 2:  # the top bar: fall below the dial
                y = dial.bottom + th.px(22) + int(th.px(30) * t)
            else:
                y = dial.y - th.px(8) - int(th.px(34) * t)
            anchor = (dial.centerx, y)
            font = th.font(38 if floater.anchor == "health" else 22, bold=True)
            surf = text_surface(font, floater.text, floater.colour)
            surf = surf.copy()
            surf.set_alpha(int(255 * (1 - t * t)))
            alpha = int(255 * (1 - t * t))
            pill = surf.get_rect(center=(anchor[0], y)).inflate(th.px(16), th.px(2))
            backing = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(
                backing,
                (16, 12, 10, int(alpha * 0.85)),
                backing.get_rect(),
                border_radius=pill.h // 2,
            )
            pygame.draw.rect(
                backing, (*floater.colour, alpha), backing.get_rect(), 2, border_radius=pill.h // 2
            )
            surface.blit(backing, pill)
            surface.blit(surf, surf.get_rect(center=(anchor[0], y)))

    def _draw_banner(self, surface) -> None:
        banner = self.presenter.banner
        if banner is None:
            return
        th = self.app.theme
        t = banner.age / max(0.01, banner.life)
        alpha = int(255 * min(1.0, (1 - t) * 3, t * 8 + 0.2))
        font = th.font(28, bold=True)
        text = text_surface(font, banner.text, banner.colour)
        w = text.get_width() + th.px(60)
        rect = pygame.Rect(0, 0, w, th.px(56))
        rect.center = (self.tray_rect.centerx, self.tray_rect.y + th.px(44))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer, (20, 16, 14, min(220, alpha)), layer.get_rect(), border_radius=th.px(12)
        )
        pygame.draw.rect(
            layer, (*T.BRASS, alpha), layer.get_rect(), th.px(2), border_radius=th.px(12)
        )
        surface.blit(layer, rect)
        shown = text.copy()
        shown.set_alpha(alpha)
        surface.blit(shown, shown.get_rect(center=rect.center))
        if banner.card:
            hero_id = None
            for p in self.view.players:
                if self.content.cards[banner.card].hero == p.hero:
                    hero_id = p.hero
            hero = self.content.heroes.get(hero_id) if hero_id else None
            face = card_face(self.content.cards[banner.card], hero, th.px(170), th).copy()
            face.set_alpha(alpha)
            surface.blit(face, face.get_rect(midtop=(rect.centerx, rect.bottom + th.px(8))))

    def _draw_pass_screen(self, surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        layer = pygame.Surface((w, h))
        layer.fill(T.FELT_DARK)
        surface.blit(layer, (0, 0))
        name = f"Player {self.pass_to + 1} ({self.seat_name(self.pass_to)})"
        draw_text(
            surface,
            f"Pass the screen to {name}",
            th.font(36, serif=True),
            T.BRASS,
            (w // 2, h // 2 - th.px(60)),
            align="center",
        )
        draw_text(
            surface,
            "Cards are hidden until the next player is ready.",
            th.font(18),
            T.TEXT,
            (w // 2, h // 2),
            align="center",
        )
        draw_text(
            surface,
            "Click or press Enter when you are ready.",
            th.font(18, bold=True),
            T.HIGHLIGHT,
            (w // 2, h // 2 + th.px(40)),
            align="center",
        )
