"""An Adventures campaign in the window: the Portal Crawl map, the Boss Battle table, the
battles (the duel board), loot reveals, Rosella's Shop, Boss Loot and the score sheet.

The scene owns a `game.adventures.runner.CampaignRunner` and only ever sends it options of its
current `PendingChoice` (`runner.pending`): a click on a lit tile is that hero's `move` option, a
tile choice or a Salve is a button, a shop purchase is a button. Computer heroes answer with
`game.adventures.ai.AdventureAI`. Battle decisions (a Hero Step is a full Dice Throne turn) are
played on the duel board: `AdventureBattleScene` is the duel scene hosting the scenario's engine,
with the Minion or Boss seat as the opponent; the enemy's steps (answered inside the engine)
come back as events and are paced by the duel's presenter. Everything the engine logs between
two decisions on the map is narrated one line at a time (tiles flip over as they are explored).
The runner autosaves the campaign slot at every turn and scenario boundary.

The crawl map, its panels, the Shop, Boss Loot, the tiles' tooltips and move buttons, and the
battle board's choice of which foe to show draw from `source`, the per-seat campaign view
(`game/online/adventure_table.py`, what a co-op Adventures room sends). The engine and the
runner are read by the controller part only: applying answers, the computer heroes,
saving, and cutting the engine's new events for the narration (`collect`, which hands them on
as the seat may see them). The Response-prompts setting's checks read the view too.
"""

from __future__ import annotations

import esper
import pygame

from game.ai.worker import AIWorker, controller
from game.online.adventure_table import AdventureTable, LocalAdventureTable
from game.rules.actions import Action
from game.ui import keymap
from game.ui.app import Scene
from game.ui.pause import PauseMenu
from game.ui.scenes.adventure_draw import FLIP_TIME, ROMAN, AdventureDrawing
from game.ui.scenes.adventures_menu import ScoreSheetScene
from game.ui.scenes.duel import DuelScene
from game.ui.widgets import (
    Button,
)

CRAWL_KINDS = {"adventure_salves", "adventure_instant", "adventure_move", "adventure_choice"}
DRIVER_KINDS = {"adventure_shop", "adventure_boss_loot"}
# Events that belong to a battle (drawn on the duel board, not narrated on the map).
BATTLE_EVENTS = {
    "hero_step",
    "minion_step",
    "boss_step",
    "first_strike",
    "turn_started",
    "phase_changed",
    "dice_rolled",
    "ability_activated",
    "damage_resolved",
    "turn_ended",
    "kings_hand",
}


def is_battle_choice(runner) -> bool:
    """True when the runner waits on a Dice Throne decision (played on the duel board)."""
    choice = runner.pending
    if choice is None or runner.driver is not None:
        return False
    if choice.kind not in CRAWL_KINDS and choice.kind not in DRIVER_KINDS:
        return not outside_battle(runner)
    return False


def outside_battle(runner) -> bool:
    """A card or token used on the map (rule 33) may ask a question of its own (which token to
    remove...): that question stays on the map's buttons."""
    from game.adventures.crawl import CrawlTurnFrame
    from game.adventures.enemies import HeroStepFrame, MinionStepFrame

    engine = runner.engine
    if engine is None:
        return False
    with engine.world.active():
        frames = list(engine.program.frames)
    if runner.pending is not None and runner.pending.kind == "bonus_damage_full":
        # a Bonus Damage token found on the map (a tile, a chest) at the stack limit
        return not any(isinstance(f, (HeroStepFrame, MinionStepFrame)) for f in frames)
    return any(isinstance(f, CrawlTurnFrame) and f.stage == "instants" for f in frames)


def split_battle(events: list) -> tuple[list, list]:
    """(the events up to the last battle event, the crawl events after it)."""
    last = -1
    for i, event in enumerate(events):
        if event.kind in BATTLE_EVENTS:
            last = i
    return events[: last + 1], events[last + 1 :]


def controller_specs(campaign) -> dict[int, tuple]:
    """The computer heroes' controllers (game.ai.worker specs), by hero index."""
    return {
        i: ("adventure", h.controller, campaign.seed * 7919 + i)
        for i, h in enumerate(campaign.heroes)
        if h.computer
    }


def controllers_for(campaign) -> dict[int, object]:
    return {i: controller(spec) for i, spec in controller_specs(campaign).items()}


class AdventureScene(PauseMenu, AdventureDrawing, Scene):
    gamepad_play = True  # B passes and Start pauses here (game/ui/gamepad.py)

    def focus_targets(self) -> list:
        """Dice, tiles, cards and targets the keyboard focus reaches (game/ui/focus.py)."""
        from game.ui.scenes.focus_targets import adventure_targets

        return adventure_targets(self)

    def __init__(self, app, runner) -> None:
        super().__init__(app)
        self.runner = runner
        self.campaign = runner.campaign
        self.content = runner.content
        self.adv = runner.adv
        self.controllers = controllers_for(self.campaign)
        # the heroes' decisions in a worker process (the crawl's and its battles' scenes)
        self.worker = AIWorker(controller_specs(self.campaign))
        self.log: list[str] = []
        self.ticker: list = []
        self.tick_timer = 0.0
        self.engine_ref = None
        self.log_index = 0
        self.shown_explored: set[str] = set()
        self.flips: dict[str, float] = {}
        self.reveals: list[dict] = []
        self.reveal_timer = 0.0
        self.rows_seen = len(self.campaign.rows)
        self.sheet_due = False
        self.buttons: list[Button] = []
        self.tile_rects: dict[str, pygame.Rect] = {}
        self.hero_rects: dict[int, pygame.Rect] = {}
        self.decided_for = None
        self.ai_timer = 0.0
        self.message = ""
        self.paused = False
        self.battle: AdventureBattleScene | None = None
        self.current_line = ""
        self.shop_hero = 0
        self.chosen_moves: list[tuple[int, str]] = []  # moves the players picked themselves
        self.pointer = (0, 0)  # where the last mouse event was
        self.reflow_guard = None  # (position, the button that was there) after an action
        self._source = LocalAdventureTable(runner)
        self._sync_engine(prime=True)

    # ------------------------------------------------------------ engine bookkeeping

    @property
    def engine(self):
        return self.runner.engine

    @property
    def source(self) -> AdventureTable:
        """What the crawl draws from: the campaign view of the hero deciding now, refreshed
        when the campaign moved on."""
        return self._source.refresh()

    def enter(self) -> None:
        self.worker.start()

    def exit(self) -> None:
        self.worker.close()

    def _sync_engine(self, prime: bool = False) -> None:
        """Follow the runner onto a new session's engine."""
        engine = self.runner.engine
        if engine is self.engine_ref:
            return
        self.engine_ref = engine
        self.flips.clear()
        if engine is None:
            self.log_index = 0
            return
        explored = self._explored()
        if prime:  # resumed or first shown: no narration of the past, its lines in the log
            self.log_index = len(engine.log)
            self.log.extend(e.text for e in self._source.seen(engine.log[-40:]) if e.text)
            self.shown_explored = explored
            if not engine.actions:  # a new session: say what was done before anyone could act
                for event in self._source.seen(engine.log):
                    self.notice_auto_move(event)
        else:
            self.log_index = 0
            self.shown_explored = {s for s in explored if s in self._sands()}
            self.ticker.extend(self._source.seen(engine.log))
            self.log_index = len(engine.log)

    def _explored(self) -> set[str]:
        return {t.slot for t in self.source.tiles if t.explored}

    def _sands(self) -> set[str]:
        return {t.slot for t in self.source.tiles if t.kind == "sands"}

    def collect(self) -> list:
        """Events the engine logged since we last looked, as the seat at the screen may see
        them (what a co-op room would send it)."""
        eng = self.engine
        if eng is None or eng is not self.engine_ref:
            self._sync_engine()
            return []
        events = eng.log[self.log_index :]
        self.log_index = len(eng.log)
        return self._source.seen(events)

    # ------------------------------------------------------------ acting

    def apply(self, action: Action) -> bool:
        """Send one option of the current decision to the runner; False if refused."""
        from game.adventures.loot import LootError
        from game.adventures.shop import ShopError

        choice = self.runner.pending
        if choice is None or choice.find(action) is None:
            self.message = "That is not possible right now."
            self.decided_for = None
            return False
        try:
            self.runner.apply(action)
        except (ShopError, LootError) as exc:
            self.message = str(exc)
            self.decided_for = None
            return False
        # an autosave that failed just now is still said (a full or read-only disk)
        self.message, self.runner.save_problem = self.runner.save_problem, ""
        self.decided_for = None
        if len(self.campaign.rows) > self.rows_seen:
            self.rows_seen = len(self.campaign.rows)
            self.sheet_due = True
        return True

    def show_sheet(self, title: str = "Score sheet") -> None:
        """The campaign's score sheet, drawn from the campaign view (the offline and the online
        crawl's tables carry the same sheet)."""
        self.app.push(ScoreSheetScene(self.app, self.source.campaign, title=title))

    def notice_auto_move(self, event) -> None:
        """A human's hero moved without its player choosing (the only move open): stop the
        narration on a notice that says so until the player clicks it away."""
        if event.kind != "hero_moved":
            return
        seat, slot = event.data.get("player"), event.data.get("slot")
        if seat is None or seat in self.controllers:
            return
        if (seat, slot) in self.chosen_moves:
            self.chosen_moves.remove((seat, slot))
            return
        self.reveals.append(
            {
                "title": "Only one way to go",
                "roll": None,
                "notice": True,  # held even at the instant speed, never skipped past
                "lines": [f"{event.text} It was the only move open, so it was made for you."],
            }
        )

    def act(self, action: Action) -> None:
        # what the pointer rests on now: if the buttons reflow under it (the Shop after an
        # Identify), a click on the same spot is not taken for the new button there
        under = next((b for b in self.buttons if b.rect.collidepoint(self.pointer)), None)
        self.reflow_guard = (self.pointer, (under.label, under.tooltip)) if under else None
        self.buttons = []
        if action.kind == "move":
            self.chosen_moves.append((action.player, action.get("slot")))
        if self.apply(action):
            self.ticker.extend(self.collect())
            self._sync_engine()

    def narrate(self, event) -> None:
        if event.text:
            self.log.append(event.text)
            self.current_line = event.text
        self.notice_auto_move(event)
        kind = event.kind
        if kind == "tile_explored":
            slot = event.data.get("slot")
            if slot:
                self.shown_explored.add(slot)
                self.flips[slot] = 0.0
                self.app.play("card")
        elif kind == "loot_die" and "Chest" in str(event.data.get("why", "")):
            self.reveals.append(
                {
                    "title": str(event.data.get("why", "Loot Chest")).capitalize(),
                    "roll": event.data.get("value"),
                    "who": event.data.get("player"),
                    "lines": [],
                }
            )
        elif kind == "loot_die_changed" and self._open_reveal(event) is not None:
            # a Loot-die token (rule 78) changed the chest's roll: show the value that counts
            reveal = self._open_reveal(event)
            reveal["roll"] = event.data.get("value")
            reveal["changed"] = event.text
        elif kind != "loot_die" and self._open_reveal(event) is not None:
            self._open_reveal(event)["lines"].append(event.text)
        elif kind == "shard_delivered":
            self.app.play("token")

    # ------------------------------------------------------------ loop

    def in_battle(self) -> bool:
        """Is the decision now open a battle's (its board takes the narration from here)?"""
        return is_battle_choice(self.runner)

    def tell_ticker(self, dt: float, speed: float) -> None:
        """Tell the waiting lines one by one (all at once at the instant setting); lines of a
        battle that is deciding now go to its board instead."""
        if self.in_battle() and self.ticker[0].kind in BATTLE_EVENTS:
            self.open_battle(list(self.ticker))
            self.ticker.clear()
            return
        self.tick_timer += dt
        if speed == 0 or self.tick_timer >= 0.5 * speed:
            self.tick_timer = 0.0
            self.narrate(self.ticker.pop(0))
            while speed == 0 and self.ticker and not self.reveal_ready():
                if self.in_battle() and self.ticker[0].kind in BATTLE_EVENTS:
                    break
                self.narrate(self.ticker.pop(0))

    def update(self, dt: float) -> None:
        if self.runner.save_problem:  # a full or read-only disk: say so, play on
            self.message, self.runner.save_problem = self.runner.save_problem, ""
        if self.app.scene is not self:
            return
        self._sync_engine()
        for slot in list(self.flips):
            self.flips[slot] += dt
            if self.flips[slot] >= FLIP_TIME:
                del self.flips[slot]
        self._hover()
        if self.paused:
            return
        speed = self.app.settings.speed_factor
        if self.sheet_due:
            self.sheet_due = False
            self.show_sheet("Session over")
            return
        if self.reveal_ready():
            # a loot reveal holds the narration until it is clicked away (computer-only
            # teams and the instant setting go on by themselves)
            self.reveal_timer += dt
            everyone_cpu = len(self.controllers) == len(self.campaign.heroes)
            held = self.reveals[0].get("notice")
            if not held and (speed == 0 or (everyone_cpu and self.reveal_timer > 1.6 * speed)):
                self.dismiss_reveal()
            return
        if self.ticker:
            self.tell_ticker(dt, speed)
            return
        if self.reveals:
            return
        if self.runner.finished:
            if self.decided_for != "finished":
                self._build_finished()
            return
        choice = self.runner.pending
        if choice is None:
            return
        if is_battle_choice(self.runner):
            self.open_battle([])
            return
        if choice.player in self.controllers:
            self.buttons = []
            self.ai_timer += dt
            due = self.ai_timer >= 0.45 * speed
            if due or self.worker.active:  # the worker is asked at once, inline only when due
                ai = self.controllers[choice.player]
                action = self.worker.decide(self.runner.target, choice, ai)
                if action is not None and due:
                    self.ai_timer = 0.0
                    self.act(action)
            return
        self.ai_timer = 0.0
        if choice.kind == "adventure_instant" and self._go_on_by_itself(choice):
            return
        if choice.kind == "adventure_salves" and self._keep_salves_by_itself(choice):
            return
        if self.decided_for is not choice and self.decided_for != choice:
            self._build_controls(choice)

    def _go_on_by_itself(self, choice) -> bool:
        """The Response prompts setting for a crawl turn's start: when nothing the hero holds
        matters before moving, go on, and say so in the log."""
        from game.ui.prompt_policy import ask_outside_battle

        src = self.source
        hero = src.view.players[choice.player]
        hurt = hero.health < src.hero(choice.player).health_cap  # a heal would do something
        name = hero.name
        ask = ask_outside_battle(
            self.app.settings.auto_pass, choice, self.content, src.card_id, hurt
        )
        if ask:
            return False
        done = next((o.action for o in choice.options if o.action.kind == "done"), None)
        if done is None:
            return False
        self.log.append(f"{name} goes on: nothing to use before moving matters now (Settings).")
        self.act(done)
        return True

    def _keep_salves_by_itself(self, choice) -> bool:
        """The Response prompts setting for the Salve question: at or above the starting
        Health, with nobody to revive, keep the Salves and say so in the log."""
        from game.ui.prompt_policy import ask_salves

        hero = self.source.view.players[choice.player]
        below_start, name = hero.health < hero.start_health, hero.name
        if ask_salves(self.app.settings.auto_pass, choice, below_start):
            return False
        done = next((o.action for o in choice.options if o.action.kind == "done"), None)
        if done is None:
            return False
        self.log.append(f"{name} keeps the Salves: not hurt (Settings: Response prompts).")
        self.act(done)
        return True

    def open_battle(self, events: list) -> None:
        self.battle = AdventureBattleScene(self.app, self, events)
        self.app.push(self.battle)

    def battle_closed(self, tail: list) -> None:
        """The battle scene hands back the crawl events after the battle."""
        self.battle = None
        self.ticker.extend(tail)
        self.ticker.extend(self.collect())
        self.shown_explored |= set()  # tiles flip when their events are narrated
        self.decided_for = None

    def _open_reveal(self, event) -> dict | None:
        """The chest reveal still waiting for its result that this event belongs to: the one
        of the event's hero when it names one (two heroes may open chests at once: each result
        goes on its own card), else the latest."""
        waiting = [r for r in self.reveals if not r["lines"]]
        seat = event.data.get("player")
        if seat is not None and any(r.get("who") is not None for r in waiting):
            mine = [r for r in waiting if r.get("who") == seat]
            return mine[0] if mine else None
        if self.reveals and not self.reveals[-1]["lines"]:
            return self.reveals[-1]
        return None

    def reveal_ready(self) -> bool:
        return bool(self.reveals) and (bool(self.reveals[0]["lines"]) or not self.ticker)

    def dismiss_reveal(self) -> None:
        if self.reveals:
            self.reveals.pop(0)
        self.reveal_timer = 0.0

    def skip(self) -> None:
        while self.ticker:
            if any(r.get("notice") for r in self.reveals):
                break  # a notice about the player's hero is never skipped past
            if is_battle_choice(self.runner) and self.ticker[0].kind in BATTLE_EVENTS:
                return
            self.narrate(self.ticker.pop(0))
        self.reveals = [r for r in self.reveals if r.get("notice")]
        self.flips.clear()

    def finish_instantly(self, limit: int = 200_000, until=None) -> None:
        """Let computer heroes play on without animation (tests and the demo's fast mode),
        up to `until(runner)` if given."""
        if self.app.scene is self.battle and self.battle is not None:
            self.app.pop()
            self.battle = None
        guard = 0
        while not self.runner.finished and guard < limit:
            if until is not None and until(self.runner):
                break
            choice = self.runner.pending
            if choice is None or choice.player not in self.controllers:
                break
            self.apply(self.controllers[choice.player].decide(self.runner.target, choice))
            guard += 1
        self.ticker.clear()
        self.reveals.clear()
        self._sync_engine()
        self.log_index = len(self.engine.log) if self.engine is not None else 0
        self.shown_explored = self._explored()
        self.rows_seen = len(self.campaign.rows)

    # ------------------------------------------------------------ controls

    def layout(self) -> dict[str, pygame.Rect]:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        # the map and the prompt take the window's room; on a canvas wider than 1280 base
        # units (game/ui/theme.py `zoom`) the heroes and the log get a quarter of the extra width
        right_w = th.px(380) + max(0, w - th.px(1280)) // 4
        heroes_h = th.px(40) + th.px(80) * max(1, len(self.source.campaign["heroes"]))
        return {
            "top": pygame.Rect(th.px(10), th.px(6), w - right_w - th.px(30), th.px(44)),
            "map": pygame.Rect(th.px(10), th.px(56), w - right_w - th.px(30), h - th.px(170)),
            "prompt": pygame.Rect(th.px(10), h - th.px(108), w - right_w - th.px(30), th.px(100)),
            "heroes": pygame.Rect(w - right_w - th.px(10), th.px(6), right_w, heroes_h),
            "log": pygame.Rect(
                w - right_w - th.px(10), heroes_h + th.px(14), right_w, h - heroes_h - th.px(22)
            ),
        }

    def _button_row(self, entries, rect: pygame.Rect, top: int) -> list[Button]:
        th = self.app.theme
        out = []
        x, y = rect.x + th.px(10), top
        bh = th.px(34)
        gap = th.px(8)
        font = th.font(17, bold=True, condensed=True)
        widths = [
            min(rect.w - th.px(20), max(th.px(120), font.size(f"{e[0]}  [9]")[0] + th.px(28)))
            for e in entries
        ]
        if sum(widths) + gap * (len(widths) - 1) > rect.w - th.px(20):
            # too many or too long for the prompt bar (a second row fell off the window): a
            # column of equal buttons over the bottom of the map, one font for all
            area = self.layout()["map"]
            bw = min(area.w - th.px(40), max(widths))
            step = bh + th.px(6)
            y = max(area.y + th.px(10), area.bottom - th.px(10) - step * len(entries))
            x = area.centerx - bw // 2
            for index, (label, action, primary, tip) in enumerate(entries):
                rect_b = pygame.Rect(x, y + index * step, bw, bh)
                b = Button(rect_b, label, action, primary=primary, tooltip=tip)
                b.hotkey = str(index + 1) if index < 9 else ""
                out.append(b)
            return out
        for (label, action, primary, tip), bw in zip(entries, widths, strict=True):
            hotkey = str(len(out) + 1) if len(out) < 9 else ""
            b = Button(pygame.Rect(x, y, bw, bh), label, action, primary=primary, tooltip=tip)
            b.hotkey = hotkey
            out.append(b)
            x += bw + gap
        return out

    def _build_controls(self, choice) -> None:
        self.decided_for = choice
        rects = self.layout()
        th = self.app.theme
        entries = []
        if choice.kind == "adventure_move":
            # moves are clicks on the lit tiles; the buttons repeat them
            for option in choice.options:
                entries.append(
                    (
                        self.move_button_label(option.action.get("slot")),
                        lambda a=option.action: self.act(a),
                        False,
                        option.label,
                    )
                )
        elif choice.kind in ("adventure_shop", "adventure_boss_loot"):
            self.buttons = self._driver_buttons(choice)
            return
        else:
            for i, option in enumerate(choice.options):
                # the tooltip tells what a card or token does (rule 33's Instant cards)
                tip = option.detail or option.label
                entries.append((option.label, lambda a=option.action: self.act(a), i == 0, tip))
        self.buttons = self._button_row(entries, rects["prompt"], rects["prompt"].y + th.px(56))

    def _driver_buttons(self, choice) -> list[Button]:
        th = self.app.theme
        w, h = self.app.screen.get_size()
        self.option_buttons: dict[tuple, Button] = {}
        out = []
        if choice.kind == "adventure_boss_loot":
            font = th.font(17, bold=True, condensed=True)
            widths = [
                max(th.px(260), font.size(o.label + "  [9]")[0] + th.px(30)) for o in choice.options
            ]
            gap = th.px(20)
            x = w // 2 - (sum(widths) + gap * (len(widths) - 1)) // 2
            for i, option in enumerate(choice.options):
                rect = pygame.Rect(x, h - th.px(120), widths[i], th.px(44))
                x += widths[i] + gap
                out.append(
                    Button(
                        rect,
                        option.label,
                        lambda a=option.action: self.act(a),
                        primary=i == 0,
                        hotkey=str(i + 1),
                    )
                )
            return out
        # the shop: a buy button under every dealt card, identify/sell under unidentified ones,
        # sell beside the deck's loot cards, and "Leave the Shop"
        geo = self.shop_geometry(choice)
        for option in choice.options:
            a = option.action
            key = (a.kind, a.get("card"), a.get("index"))
            rect = geo.get(key)
            if rect is None:
                continue
            label = {
                "shop_buy": "Buy",
                "shop_identify": "Identify",
                "shop_sell_unidentified": "Sell",
                "shop_sell": "Sell",
                "shop_remove": "Return",
                "shop_done": "Leave the Shop",
            }.get(a.kind, option.label)
            b = Button(
                rect,
                label,
                lambda a=a: self.act(a),
                primary=a.kind == "shop_done",
                tooltip=option.label,
            )
            self.option_buttons[key] = b
            out.append(b)
        return out

    def _build_finished(self) -> None:
        self.decided_for = "finished"
        th = self.app.theme
        w, h = self.app.screen.get_size()
        self.buttons = [
            Button(
                pygame.Rect(w // 2 - th.px(230), h - th.px(90), th.px(220), th.px(44)),
                "Score sheet",
                self.show_sheet,
            ),
            Button(
                pygame.Rect(w // 2 + th.px(10), h - th.px(90), th.px(220), th.px(44)),
                "Back to the menu",
                self.leave,
                primary=True,
            ),
        ]

    def leave(self) -> None:
        self.runner.save()
        self.runner.close()
        self.app.pop()
        below = self.app.scene
        if below is not None and hasattr(below, "refresh"):
            below.refresh()

    def quit_to_title(self) -> None:
        """Save the campaign and go to the title (from the crawl or from a battle in it)."""
        from game.ui.scenes.title import TitleScene

        self.runner.save()
        self.runner.close()
        self.app.reset(TitleScene(self.app))

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_pause(event):
            return
        if self.reveal_ready():
            if event.type == pygame.MOUSEBUTTONUP or (keymap.pressed(event, "confirm", "advance")):
                self.dismiss_reveal()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
            guard = self.reflow_guard
            if guard is not None and (
                abs(event.pos[0] - guard[0][0]) + abs(event.pos[1] - guard[0][1]) > 6
            ):
                self.reflow_guard = None  # the pointer moved on: clicks count again
            elif guard is not None and event.type == pygame.MOUSEBUTTONUP:
                now = next((b for b in self.buttons if b.rect.collidepoint(event.pos)), None)
                if now is not None and (now.label, now.tooltip) != guard[1]:
                    self.message = "The cards moved: point at the one you want and click again."
                    return
        for button in list(self.buttons):
            if button.handle(event):
                self.app.play("button")
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.ticker:
                self.skip()
                return
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if keymap.pressed(event, "back"):
                self.open_pause()
            elif keymap.pressed(event, "advance"):
                self.skip()
            elif keymap.pressed(event, "confirm"):
                primary = [b for b in self.buttons if b.primary and b.enabled]
                if primary and primary[0].on_click:
                    primary[0].on_click()
            elif keymap.number(event) is not None:
                index = keymap.number(event)
                if index < len(self.buttons) and self.buttons[index].on_click:
                    self.buttons[index].on_click()
            elif keymap.pressed(event, "view"):
                self.shop_hero += 1

    def click(self, pos) -> None:
        choice = self.source.pending
        if choice is None or self.source.conclusion is not None:
            return
        for slot, rect in self.tile_rects.items():
            if rect.collidepoint(pos):
                action = self.move_action(slot)
                if action is not None and choice.player not in self.controllers:
                    self.act(action)
                elif choice.kind == "adventure_move":
                    self.message = "You cannot move there: only the lit tiles can be reached."
                return

    def move_button_label(self, slot: str) -> str:
        """A move button names the tile as the map shows it (its number is drawn on the lit
        tile too): 'Level II tile', 'Boss Portal', 'Join: Skeleton Archer'."""
        src = self.source
        tile = next(t for t in src.tiles if t.slot == slot)
        if tile.fighting:
            return f"Join: {src.view.players[tile.minion].name}"
        if tile.kind == "portal":
            return "Boss Portal"
        return f"Level {ROMAN.get(tile.level, '?')} tile"

    def move_action(self, slot: str) -> Action | None:
        choice = self.source.pending
        if choice is None or choice.kind != "adventure_move":
            return None
        for option in choice.options:
            if option.action.get("slot") == slot:
                return option.action
        return None

    def open_pause(self) -> None:
        self.open_pause_menu(
            [
                ("Resume", self._resume),
                ("Score sheet", self.show_sheet),
                ("Rules Reference", self._rules),
                ("Settings", self._settings),
                ("Save and quit to title", self.quit_to_title),
            ],
            note="The campaign is saved at every turn: Continue on the title resumes it.",
        )

    def _hover(self) -> None:
        if self.reveals or self.paused:
            return
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            if b.rect.collidepoint(mouse) and b.tooltip:
                self.app.tooltip.offer(b.tooltip, mouse)
                return
        for slot, rect in self.tile_rects.items():
            if rect.collidepoint(mouse):
                self.app.tooltip.offer(self.tile_tip(slot), mouse)
                return

    def tile_tip(self, slot: str) -> str:
        src = self.source
        if src.scenario is None:
            return ""
        for tile in src.tiles:
            if tile.slot != slot:
                continue
            items = ", ".join(i.replace("chest:", "Loot Chest: ") for i in tile.items)
            lying = f" Lying here: {items}." if items else ""
            action = self.move_action(slot)
            go = ""
            if action is not None:
                go = " Click to move here."
            if tile.kind == "sands":
                return f"The Crimson Sands: where the heroes start.{lying}"
            if tile.kind == "portal":
                return (
                    "The Boss Portal: it opens when 3 Portal Shards lie on it; its level IV "
                    f"Minion guards the way.{lying}{go}"
                )
            if slot not in self.shown_explored:
                return f"A face-down level {ROMAN[tile.level]} tile.{lying}{go}"
            tdef = tile.env
            bits = [tdef.get("name", "")]
            if tdef.get("cp"):
                bits.append(f"+{tdef['cp']} CP")
            if tdef.get("gold"):
                bits.append(f"+{tdef['gold']} Gold")
            if tdef.get("minion"):
                bits.append(f"a level {ROMAN[int(tdef['minion'])]} Minion")
            text = ", ".join(b for b in bits if b) + "."
            if tdef.get("text"):
                text += " " + tdef["text"]
            if tile.fighting:
                dial = src.view.players[tile.minion]
                text += f" Battle: {dial.name} ({dial.health} Health)."
            return text + go
        return ""

    # ------------------------------------------------------------ drawing


class AdventureBattleScene(DuelScene):
    """The duel board hosting an Adventures engine: the hero of the battle at the bottom, the
    Minion (or the Boss) they fight at the top. Decisions go through the campaign runner (so
    the slot autosaves); the enemy's steps come back as events the duel presenter paces."""

    def __init__(self, app, parent: AdventureScene, events: list) -> None:
        self.parent = parent
        self.runner = parent.runner
        engine = parent.runner.engine
        seats = []
        with engine.world.active():
            from game.rules.components import Enemy

            for p in engine.info.players:
                enemy = esper.has_component(p, Enemy)
                seats.append({"kind": "computer", "level": "normal", "enemy": enemy})
        members = parent.campaign.heroes
        for i, member in enumerate(members):
            if i < len(seats) and not member.computer:
                seats[i]["kind"] = "human"
            elif i < len(seats):
                seats[i]["level"] = member.controller
        super().__init__(app, engine, seats)
        # enemy seats never get a decision (the engine answers them); heroes use the campaign AI
        self.controllers = {s: None for s, info in enumerate(seats) if info["kind"] == "computer"}
        self.controllers.update(parent.controllers)
        self.worker, self.owns_worker = parent.worker, False  # the campaign's one worker
        self.table = None  # two columns: the battle's hero and their foe
        self.ended = True  # the campaign scene, not the duel's end screen, follows a battle
        self.hotseat = False
        self.pending_events = list(events)
        self._focus()

    def enter(self) -> None:
        super().enter()
        if self.pending_events:
            # the duel board starts its log from the source's (the seat's events); the events
            # still to be paced, the newest ones, are logged when the presenter plays them, so
            # they are not listed twice
            logged = self.source.log[: max(0, len(self.source.log) - len(self.pending_events))]
            self.presenter.log[:] = [(e.kind, e.text) for e in logged[-120:] if e.text]
            self.presenter.feed(self.pending_events)
            self.pending_events = []

    def _focus(self) -> None:
        """The viewer is the hero whose battle this is (the one deciding, else the last)."""
        choice = self.engine.pending
        if choice is not None and not self.seats[choice.player].get("enemy"):
            self.viewer = choice.player

    def turn_changed(self, seat: int) -> None:
        """A turn starts in the narration: when it is a Minion's, the board shows that Minion
        and the hero it fights (several battles may run on one map)."""
        super().turn_changed(seat)
        self.narrated_turn = seat
        if self.seats[seat].get("enemy"):
            foe_of = self._fighting(seat)
            if foe_of is not None:
                self.viewer = foe_of

    def _fighting(self, enemy_seat: int) -> int | None:
        """The hero seat engaged with the Minion at `enemy_seat` (None when none is), from the
        campaign view."""
        return next((h.seat for h in self.parent.source.heroes if h.engaged == enemy_seat), None)

    def opponent_seat(self, view, me: int) -> int:
        """The foe shown at the top, from the campaign view: the Boss, the Minion whose turn is
        being narrated, or the one this hero fights."""
        crawl = self.parent.source
        if crawl.scenario is not None and crawl.scenario.boss is not None:
            return crawl.scenario.boss
        acting = getattr(self, "narrated_turn", None)
        enemy = acting is not None and acting < len(self.seats) and self.seats[acting].get("enemy")
        if enemy and self._fighting(acting) in (me, None):
            return acting  # the Minion whose turn is being shown
        adv = crawl.hero(me)
        if adv is not None and adv.engaged is not None:
            return adv.engaged
        return super().opponent_seat(view, me)

    def seat_kind_label(self, seat: int) -> str:
        if self.seats[seat].get("enemy"):
            enemy = self.content.enemies.get(self.view.players[seat].hero)
            return "Boss" if enemy is not None and enemy.kind == "boss" else "Minion"
        return super().seat_kind_label(seat)

    def apply(self, action: Action) -> None:
        from game.ui.devhooks import record_events

        engine = self.engine
        start = len(engine.log)
        if not self.parent.apply(action):
            self.message = self.parent.message
            self.decided_for = None
            return
        events = engine.log[start:]
        self.parent.log_index = len(engine.log) if self.runner.engine is engine else 0
        record_events(events)
        if is_battle_choice(self.runner) and self.runner.engine is engine:
            head, tail = events, []
        else:
            head, tail = split_battle(events)
        self.parent.ticker.extend(self.parent._source.seen(tail))
        # the board's per-seat view follows (heroes are one team); the presenter plays the
        # events as that seat may see them
        self.presenter.feed(self.source.sync(head))
        self.view = self.source.view
        self.decided_for = None
        self.odds_cache.clear()
        self._focus()

    def _save(self) -> None:  # the campaign runner saves the slot
        return

    def battle_over(self) -> bool:
        """The decision went back to the crawl, or the scenario (and its engine) ended."""
        return (
            not is_battle_choice(self.runner)
            or self.runner.engine is not self.engine
            or self.parent.sheet_due
        )

    def update(self, dt: float) -> None:
        if not self.presenter.busy and not self.paused and self.battle_over():
            if self.app.scene is self:
                self.app.pop()
                self.parent.battle_closed([])
            return
        if not self.presenter.busy:
            self._focus()  # the narration is done: back to the hero who decides now
        super().update(dt)

    def _quit(self) -> None:
        """'Save and quit to title' (the duel's pause menu): the campaign is saved and the
        window goes to the title, as from every other game."""
        self.parent.quit_to_title()
