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
"""

from __future__ import annotations

import esper
import pygame

from game.rules.actions import Action
from game.ui import theme as T
from game.ui.app import Scene
from game.ui.pause import PauseMenu
from game.ui.scenes.adventures_menu import ScoreSheetScene, scenario_label
from game.ui.scenes.duel import DuelScene
from game.ui.widgets import (
    Button,
    draw_text,
    felt_background,
    glow,
    layer,
    panel,
    text_surface,
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
LEVEL_BACKS = {
    0: (196, 160, 98),
    1: (58, 112, 78),
    2: (52, 88, 150),
    3: (112, 66, 140),
    4: (150, 48, 46),
}
RARITY_COLOURS = {
    "common": (190, 190, 180),
    "rare": (70, 130, 220),
    "epic": (160, 80, 210),
    "legendary": (235, 150, 40),
}
ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV"}
FLIP_TIME = 0.45


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


def controllers_for(campaign) -> dict[int, object]:
    from game.adventures.ai import AdventureAI

    return {
        i: AdventureAI(h.controller, campaign.seed * 7919 + i)
        for i, h in enumerate(campaign.heroes)
        if h.computer
    }


class AdventureScene(PauseMenu, Scene):
    def __init__(self, app, runner) -> None:
        super().__init__(app)
        self.runner = runner
        self.campaign = runner.campaign
        self.content = runner.content
        self.adv = runner.adv
        self.controllers = controllers_for(self.campaign)
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
        self._sync_engine(prime=True)

    # ------------------------------------------------------------ engine bookkeeping

    @property
    def engine(self):
        return self.runner.engine

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
            self.log.extend(e.text for e in engine.log[-40:] if e.text)
            self.shown_explored = explored
            if not engine.actions:  # a new session: say what was done before anyone could act
                for event in engine.log:
                    self.notice_auto_move(event)
        else:
            self.log_index = 0
            self.shown_explored = {s for s in explored if s in self._sands()}
            self.ticker.extend(engine.log)
            self.log_index = len(engine.log)

    def _explored(self) -> set[str]:
        from game.adventures.components import Tile

        eng = self.engine
        if eng is None:
            return set()
        with eng.world.active():
            return {t.slot for _e, t in esper.get_component(Tile) if t.explored}

    def _sands(self) -> set[str]:
        from game.adventures.components import Tile

        eng = self.engine
        with eng.world.active():
            return {t.slot for _e, t in esper.get_component(Tile) if t.kind == "sands"}

    def collect(self) -> list:
        """Events the engine logged since we last looked."""
        eng = self.engine
        if eng is None or eng is not self.engine_ref:
            self._sync_engine()
            return []
        events = eng.log[self.log_index :]
        self.log_index = len(eng.log)
        return events

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
        elif kind == "loot_die_changed" and self.reveals and not self.reveals[-1]["lines"]:
            # a Loot-die token (rule 78) changed the chest's roll: show the value that counts
            self.reveals[-1]["roll"] = event.data.get("value")
            self.reveals[-1]["changed"] = event.text
        elif self.reveals and not self.reveals[-1]["lines"] and kind != "loot_die":
            self.reveals[-1]["lines"].append(event.text)
        elif kind == "shard_delivered":
            self.app.play("token")

    # ------------------------------------------------------------ loop

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
            self.app.push(ScoreSheetScene(self.app, self.campaign, title="Session over"))
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
            if is_battle_choice(self.runner) and self.ticker[0].kind in BATTLE_EVENTS:
                self.open_battle(list(self.ticker))
                self.ticker.clear()
                return
            self.tick_timer += dt
            if speed == 0 or self.tick_timer >= 0.5 * speed:
                self.tick_timer = 0.0
                self.narrate(self.ticker.pop(0))
                while speed == 0 and self.ticker and not self.reveal_ready():
                    if is_battle_choice(self.runner) and self.ticker[0].kind in BATTLE_EVENTS:
                        break
                    self.narrate(self.ticker.pop(0))
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
            if self.ai_timer >= 0.45 * speed:
                self.ai_timer = 0.0
                ai = self.controllers[choice.player]
                self.act(ai.decide(self.runner.target, choice))
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

        eng = self.engine
        with eng.world.active():
            player = eng.player(choice.player)
            dial = eng.dial(player)
            hurt = dial.health < dial.cap  # a heal would do something
            name = eng.name(player)

            def card_id(card):
                return eng.card_id(card)

            ask = ask_outside_battle(
                self.app.settings.auto_pass, choice, self.content, card_id, hurt
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

        eng = self.engine
        with eng.world.active():
            player = eng.player(choice.player)
            dial = eng.dial(player)
            below_start = dial.health < dial.start
            name = eng.name(player)
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
        right_w = th.px(380)
        heroes_h = th.px(40) + th.px(80) * max(1, len(self.campaign.heroes))
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
                lambda: self.app.push(ScoreSheetScene(self.app, self.campaign)),
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
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            ):
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
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif event.key == pygame.K_SPACE:
                self.skip()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                primary = [b for b in self.buttons if b.primary and b.enabled]
                if primary and primary[0].on_click:
                    primary[0].on_click()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                index = event.key - pygame.K_1
                if index < len(self.buttons) and self.buttons[index].on_click:
                    self.buttons[index].on_click()
            elif event.key == pygame.K_TAB:
                self.shop_hero += 1

    def click(self, pos) -> None:
        choice = self.runner.pending
        if choice is None or self.runner.driver is not None:
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
        from game.adventures.crawl import tiles

        with self.engine.world.active():
            _e, tile = tiles(self.engine)[slot]
            if tile.minion is not None and self.engine.alive(tile.minion):
                return f"Join: {self.engine.name(tile.minion)}"
            if tile.kind == "portal":
                return "Boss Portal"
            return f"Level {ROMAN.get(tile.level, '?')} tile"

    def move_action(self, slot: str) -> Action | None:
        choice = self.runner.pending
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
                ("Score sheet", lambda: self.app.push(ScoreSheetScene(self.app, self.campaign))),
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
        from game.adventures.components import Tile
        from game.adventures.crawl import tile_def

        eng = self.engine
        if eng is None:
            return ""
        with eng.world.active():
            for _e, tile in esper.get_component(Tile):
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
                tdef = tile_def(eng, tile)
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
                if tile.minion is not None and eng.alive(tile.minion):
                    dial = eng.dial(tile.minion)
                    text += f" Battle: {eng.name(tile.minion)} ({dial.health} Health)."
                return text + go
        return ""

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        felt_background(surface)
        rects = self.layout()
        driver = self.runner.driver
        if self.runner.finished:
            self._draw_finished(surface)
        elif driver is not None and self.runner.pending is not None:
            if self.runner.pending.kind == "adventure_shop":
                self._draw_shop(surface, self.runner.pending)
            else:
                self._draw_boss_loot(surface, self.runner.pending)
        elif self.engine is not None:
            self._draw_top(surface, rects["top"])
            if self._scenario_kind() == "crawl":
                self._draw_map(surface, rects["map"])
            else:
                self._draw_boss_panel(surface, rects["map"])
            self._draw_heroes(surface, rects["heroes"])
            self._draw_prompt(surface, rects["prompt"])
            self._draw_log(surface, rects["log"])
        for button in self.buttons:
            button.draw(surface, self.app.theme)
        if self.reveal_ready():
            self._draw_reveal(surface, self.reveals[0])
        if self.paused:
            self.draw_pause_menu(surface)

    def _scenario_kind(self) -> str:
        from game.adventures.crawl import scenario

        with self.engine.world.active():
            return scenario(self.engine).kind

    def _draw_top(self, surface, rect) -> None:
        from game.adventures.crawl import scenario

        th = self.app.theme
        eng = self.engine
        panel(surface, rect, th, radius=8)
        with eng.world.active():
            sc = scenario(eng)
            card = self.adv.card(sc.card)
            gold, shards, need = sc.gold, sc.shards, sc.shards_needed
            kind = sc.kind
        title = f"{scenario_label(sc.number)}: {card.name}"
        x = rect.right - th.px(12)
        left = x
        if kind == "crawl":
            shards_text, gold_text = f"Shards {shards}/{need}", f"Team Gold {gold}"
            small = th.fit_font(18, shards_text, th.px(120), height=th.px(22), bold=True)
            draw_text(
                surface,
                shards_text,
                small,
                (120, 210, 230),
                (x, rect.y + th.px(11)),
                align="right",
            )
            x -= max(th.px(130), small.size(shards_text)[0] + th.px(16))
            gold_font = th.fit_font(18, gold_text, th.px(150), height=th.px(22), bold=True)
            draw_text(surface, gold_text, gold_font, T.GOLD, (x, rect.y + th.px(11)), align="right")
            left = x - gold_font.size(gold_text)[0] - th.px(16)
        room = left - rect.x - th.px(12)
        draw_text(
            surface,
            title,
            th.fit_font(20, title, room, height=th.px(24), bold=True, condensed=True),
            T.BRASS,
            (rect.x + th.px(12), rect.y + th.px(10)),
        )

    def _draw_map(self, surface, area: pygame.Rect) -> None:
        from game.adventures.components import Adventurer, Tile
        from game.adventures.crawl import heroes, scenario, tile_def

        th = self.app.theme
        eng = self.engine
        panel(surface, area, th, fill=(24, 46, 37), rim=T.BRASS_DARK)
        choice = self.runner.pending
        legal = set()
        if choice is not None and choice.kind == "adventure_move":
            legal = {o.action.get("slot") for o in choice.options}
        with eng.world.active():
            sc = scenario(eng)
            tiles = [t for _e, t in esper.get_component(Tile)]
            xs = [t.x for t in tiles] or [0]
            ys = [t.y for t in tiles] or [0]
            cols = round((max(xs) - min(xs)) / 96) + 1
            rows = round((max(ys) - min(ys)) / 96) + 1
            cell = min((area.w - th.px(30)) / cols, (area.h - th.px(30)) / rows)
            ox = area.x + (area.w - cell * cols) / 2
            oy = area.y + (area.h - cell * rows) / 2
            size = int(cell * 0.9)
            self.tile_rects = {}
            centres = {}
            for tile in sorted(tiles, key=lambda t: t.slot):
                cx = ox + ((tile.x - min(xs)) / 96 + 0.5) * cell
                cy = oy + ((tile.y - min(ys)) / 96 + 0.5) * cell
                rect = pygame.Rect(0, 0, size, size)
                rect.center = (int(cx), int(cy))
                self.tile_rects[tile.slot] = rect
                centres[tile.slot] = rect.center
            # paths between neighbours
            for tile in tiles:
                for nb in tile.neighbours:
                    if nb in centres and nb > tile.slot:
                        pygame.draw.line(
                            surface, (60, 84, 70), centres[tile.slot], centres[nb], th.px(6)
                        )
            for tile in sorted(tiles, key=lambda t: t.slot):
                rect = self.tile_rects[tile.slot]
                face_up = tile.slot in self.shown_explored or tile.kind == "sands"
                tdef = tile_def(eng, tile) if face_up and tile.kind == "env" else {}
                self._draw_tile(surface, rect, tile, face_up, tdef, sc, tile.slot in legal)
            # standees: minions then heroes
            fights = set()
            for tile in tiles:
                if tile.minion is not None and eng.alive(tile.minion):
                    rect = self.tile_rects[tile.slot]
                    self._draw_minion(surface, rect, tile.minion)
                    fights.add(tile.slot)
            by_tile: dict[str, list[int]] = {}
            for p in heroes(eng):
                adv = esper.component_for_entity(p, Adventurer)
                by_tile.setdefault(adv.tile, []).append(p)
            active = choice.player if choice is not None else None
            for slot, players in by_tile.items():
                rect = self.tile_rects.get(slot)
                if rect is None:
                    continue
                n = len(players)
                r = max(th.px(12), min(th.px(24), rect.w // 6))
                mid = rect.centerx - (r + th.px(4) if slot in fights else 0)
                for i, p in enumerate(players):
                    x = mid + int((i - (n - 1) / 2) * (r * 2 + th.px(2)))
                    y = rect.bottom - r - th.px(6)
                    self._draw_standee(surface, (x, y), r, p, eng.seat(p) == active)
        if choice is not None and choice.kind == "adventure_move" and len(choice.options) > 1:
            # the number of the move's button (and its key) on each lit tile
            font = th.font(15, bold=True)
            for i, option in enumerate(choice.options[:9]):
                rect = self.tile_rects.get(option.action.get("slot"))
                if rect is None:
                    continue
                badge = self.move_badge_rect(rect)
                r, centre = badge.w // 2, badge.center
                pygame.draw.circle(surface, T.HIGHLIGHT, centre, r)
                pygame.draw.circle(surface, T.INK, centre, r, max(1, th.px(2)))
                label = text_surface(font, str(i + 1), T.INK)
                surface.blit(label, label.get_rect(center=centre))

    def move_badge_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The numbered move badge of a lit tile: on its top-left corner, clear of the title."""
        r = self.app.theme.px(11)
        badge = pygame.Rect(0, 0, 2 * r, 2 * r)
        badge.center = (rect.x + self.app.theme.px(2), rect.y + self.app.theme.px(2))
        return badge

    def _draw_tile(self, surface, rect, tile, face_up, tdef, sc, legal) -> None:
        th = self.app.theme.fixed()  # a tile is a fixed shape: its words keep 1.00x proportions
        # the flip: squeeze to nothing showing the back, then open showing the face
        t = self.flips.get(tile.slot)
        draw_rect = rect
        if t is not None:
            half = FLIP_TIME / 2
            if t < half:
                face_up = False
                scale = 1 - t / half
            else:
                scale = (t - half) / half
            draw_rect = pygame.Rect(0, 0, max(2, int(rect.w * scale)), rect.h)
            draw_rect.center = rect.center
        if legal:
            glow(surface, rect, th, strength=5, radius=8)
        small = th.font(13, bold=True, condensed=True)
        if tile.kind == "portal":
            panel(
                surface,
                draw_rect,
                th,
                fill=(52, 28, 70),
                rim=T.HIGHLIGHT if legal else (170, 110, 220),
            )
            pygame.draw.circle(
                surface, (120, 70, 170), draw_rect.center, draw_rect.w // 3, th.px(3)
            )
            draw_text(
                surface, "PORTAL", small, T.WHITE, (rect.centerx, rect.y + th.px(4)), align="center"
            )
            for i in range(sc.shards_needed):
                cx = rect.centerx + (i - 1) * th.px(18)
                cy = rect.centery - th.px(4)
                colour = (120, 210, 230) if i < sc.shards else (70, 60, 90)
                _diamond(surface, (cx, cy), th.px(7), colour)
            if sc.shards >= sc.shards_needed:
                draw_text(
                    surface,
                    "OPEN",
                    small,
                    T.HIGHLIGHT,
                    (rect.centerx, rect.centery + th.px(8)),
                    align="center",
                )
        elif tile.kind == "sands":
            panel(surface, draw_rect, th, fill=LEVEL_BACKS[0], rim=(120, 90, 50))
            draw_text(
                surface, "Crimson", small, T.INK, (rect.centerx, rect.y + th.px(4)), align="center"
            )
            draw_text(
                surface, "Sands", small, T.INK, (rect.centerx, rect.y + th.px(18)), align="center"
            )
        elif not face_up:
            back = LEVEL_BACKS.get(tile.level, LEVEL_BACKS[1])
            panel(surface, draw_rect, th, fill=back, rim=T.HIGHLIGHT if legal else T.BRASS)
            if draw_rect.w > rect.w // 2:
                inner = draw_rect.inflate(-th.px(10), -th.px(10))
                pygame.draw.rect(
                    surface, tuple(min(255, c + 30) for c in back), inner, 1, border_radius=th.px(6)
                )
                draw_text(
                    surface,
                    ROMAN.get(tile.level, "?"),
                    th.font(26, serif=True),
                    T.WHITE,
                    (rect.centerx, rect.centery - th.px(20)),
                    align="center",
                    shadow=True,
                )
        else:
            panel(
                surface,
                draw_rect,
                th,
                fill=T.PARCHMENT,
                rim=T.HIGHLIGHT if legal else LEVEL_BACKS.get(tile.level, T.BRASS),
                rim_width=3,
            )
            if draw_rect.w > rect.w // 2:
                name = tdef.get("name", "")
                mr = th.px(10)  # the Minion badge in the top-right corner
                corner = 2 * (mr + th.px(2)) if tdef.get("minion") else 0
                if legal:  # the move badge on the other corner
                    corner = max(corner, 2 * self.app.theme.px(13))
                room = rect.w - th.px(8) - corner
                lines = _wrap_two(small, name, room)
                for k, line in enumerate(lines):
                    draw_text(
                        surface,
                        line,
                        small,
                        T.INK,
                        (rect.centerx, rect.y + th.px(3) + k * th.px(14)),
                        align="center",
                    )
                y = rect.y + th.px(33)
                bits = []
                if tdef.get("cp"):
                    bits.append((f"+{tdef['cp']} CP", T.CP))
                if tdef.get("gold"):
                    bits.append((f"+{tdef['gold']} G", (150, 110, 20)))
                x = rect.x + th.px(5)
                for text, colour in bits:
                    surf = text_surface(small, text, colour)
                    if x + surf.get_width() > rect.right - th.px(4) and x > rect.x + th.px(5):
                        x, y = rect.x + th.px(5), y + small.get_linesize()  # next line
                    surface.blit(surf, (x, y))
                    x += surf.get_width() + th.px(5)
                if tdef.get("minion"):
                    # inside the corner, beside the title (not over it, not off the tile)
                    centre = (rect.right - mr - th.px(2), rect.y + mr + th.px(2))
                    pygame.draw.circle(surface, T.NEGATIVE, centre, mr)
                    draw_text(
                        surface,
                        ROMAN[int(tdef["minion"])],
                        th.font(13, bold=True, condensed=True),
                        T.WHITE,
                        (centre[0], centre[1] - th.px(8)),
                        align="center",
                    )
        # items still lying on the tile
        x = rect.x + th.px(10)
        y = rect.bottom - th.px(16)
        for item in tile.items:
            if item == "shard":
                _diamond(surface, (x + th.px(8), y), th.px(10), (120, 210, 230))
            elif item == "salve":
                pygame.draw.circle(surface, T.POSITIVE, (x + th.px(8), y), th.px(9))
                pygame.draw.circle(surface, T.WHITE, (x + th.px(8), y), th.px(9), 2)
                pygame.draw.line(surface, T.WHITE, (x + th.px(4), y), (x + th.px(12), y), 2)
                pygame.draw.line(
                    surface, T.WHITE, (x + th.px(8), y - th.px(4)), (x + th.px(8), y + th.px(4)), 2
                )
            elif item.startswith("chest"):
                rarity = item.split(":", 1)[-1]
                box = pygame.Rect(x, y - th.px(8), th.px(20), th.px(15))
                pygame.draw.rect(surface, RARITY_COLOURS.get(rarity, T.GOLD), box, border_radius=3)
                pygame.draw.rect(surface, T.INK, box, 2, border_radius=3)
                pygame.draw.line(
                    surface, T.INK, (box.x, box.y + th.px(5)), (box.right - 1, box.y + th.px(5)), 2
                )
            x += th.px(24)

    def _draw_minion(self, surface, rect, minion) -> None:
        th = self.app.theme.fixed()  # drawn on a tile: a fixed shape
        eng = self.engine
        dial = eng.dial(minion)
        r = max(th.px(12), min(th.px(22), rect.w // 6))
        centre = (rect.right - r - th.px(4), rect.bottom - r - th.px(10))
        pygame.draw.circle(surface, (90, 30, 28), centre, r)
        pygame.draw.circle(surface, T.NEGATIVE, centre, r, th.px(2))
        from game.ui.art import enemy_icon

        # the enemy's silhouette (its initials if it has no art yet)
        icon = enemy_icon(eng.hero(minion).id, eng.name(minion), int(r * 1.5), T.WHITE)
        surface.blit(icon, icon.get_rect(center=(centre[0], centre[1] - th.px(3))))
        tag = text_surface(th.font(13, bold=True), str(dial.health), T.WHITE)
        badge = tag.get_rect(midtop=(centre[0], centre[1] + r - th.px(6))).inflate(th.px(6), 0)
        pygame.draw.rect(surface, T.HEALTH, badge, border_radius=th.px(4))
        surface.blit(tag, tag.get_rect(center=badge.center))
        # an ongoing battle: the tile's rim turns red
        pygame.draw.rect(surface, T.NEGATIVE, rect, th.px(3), border_radius=th.px(10))

    def _draw_standee(self, surface, centre, r, player, active) -> None:
        from game.adventures.components import Adventurer
        from game.ui.art import hero_colour, hero_emblem

        th = self.app.theme.fixed()  # drawn on a tile: a fixed shape
        eng = self.engine
        hero = eng.hero(player).id
        adv = esper.component_for_entity(player, Adventurer)
        if active:
            pygame.draw.circle(surface, T.HIGHLIGHT, centre, r + th.px(4), th.px(3))
        pygame.draw.circle(surface, (20, 20, 20), centre, r)
        pygame.draw.circle(surface, hero_colour(hero), centre, r, th.px(2))
        emblem = hero_emblem(hero, int(r * 1.5))
        surface.blit(emblem, emblem.get_rect(center=centre))
        if adv.fallen:
            pygame.draw.line(
                surface,
                T.NEGATIVE,
                (centre[0] - r, centre[1] - r),
                (centre[0] + r, centre[1] + r),
                th.px(3),
            )

    def _draw_boss_panel(self, surface, area) -> None:
        from game.adventures.components import Scenario

        th = self.app.theme
        eng = self.engine
        panel(surface, area, th, fill=(36, 22, 30), rim=T.NEGATIVE)
        with eng.world.active():
            sc = esper.component_for_entity(eng.MATCH, Scenario)
            boss = sc.boss
            if boss is None:
                return
            name = eng.name(boss)
            dial = eng.dial(boss)
            hero_id = eng.hero(boss).id
        from game.ui.art import hero_emblem

        size = th.px(160)
        surface.blit(hero_emblem(hero_id, size), (area.centerx - size // 2, area.y + th.px(40)))
        draw_text(
            surface,
            name,
            th.font(32, serif=True),
            T.BRASS,
            (area.centerx, area.y + th.px(210)),
            align="center",
            shadow=True,
        )
        draw_text(
            surface,
            f"{dial.health} Health",
            th.font(24, bold=True),
            T.HEALTH,
            (area.centerx, area.y + th.px(256)),
            align="center",
        )
        draw_text(
            surface,
            "Boss Battle: the team shares one Health dial.",
            th.font(16),
            T.TEXT_DIM,
            (area.centerx, area.y + th.px(296)),
            align="center",
        )

    def _draw_heroes(self, surface, area) -> None:
        from game.adventures.components import Adventurer
        from game.adventures.crawl import heroes
        from game.ui.art import hero_emblem
        from game.ui.board_view import draw_dial  # noqa: F401 - same dial look as the duel

        th = self.app.theme
        eng = self.engine
        panel(surface, area, th)
        draw_text(
            surface,
            self.campaign.team_name,
            th.font(18, bold=True),
            T.BRASS,
            (area.x + th.px(12), area.y + th.px(6)),
        )
        choice = self.runner.pending
        active = choice.player if choice is not None else None
        self.hero_rects = {}
        with eng.world.active():
            players = heroes(eng)
            n = max(1, len(players))
            row_h = min(th.px(80), (area.h - th.px(36)) // n)
            y = area.y + th.px(32)
            for i, p in enumerate(players):
                seat = eng.seat(p)
                adv = esper.component_for_entity(p, Adventurer)
                dial = eng.dial(p)
                rect = pygame.Rect(area.x + th.px(8), y, area.w - th.px(16), row_h - th.px(4))
                self.hero_rects[seat] = rect
                if seat == active:
                    glow(surface, rect, th, strength=3, radius=6)
                panel(
                    surface,
                    rect,
                    th,
                    fill=T.WOOD_LIGHT,
                    rim=T.HIGHLIGHT if seat == active else T.BRASS_DARK,
                    radius=6,
                )
                size = rect.h - th.px(10)
                surface.blit(
                    hero_emblem(eng.hero(p).id, size), (rect.x + th.px(5), rect.y + th.px(5))
                )
                member = self.campaign.heroes[i] if i < len(self.campaign.heroes) else None
                who = "CPU" if member is not None and member.computer else "Human"
                x = rect.x + size + th.px(12)
                draw_text(
                    surface,
                    f"{eng.name(p)}",
                    th.font(16, bold=True),
                    T.TEXT,
                    (x, rect.y + th.px(4)),
                )
                draw_text(
                    surface,
                    who,
                    th.font(13),
                    T.TEXT_DIM,
                    (rect.right - th.px(8), rect.y + th.px(6)),
                    align="right",
                )
                line = rect.y + th.px(26)
                bar = pygame.Rect(x, line + th.px(3), th.px(110), th.px(12))
                pygame.draw.rect(surface, (60, 30, 30), bar, border_radius=3)
                frac = max(0.0, min(1.0, dial.health / max(1, dial.start)))
                pygame.draw.rect(
                    surface, T.HEALTH, (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=3
                )
                health_text = f"{dial.health}/{dial.start}"
                health_font = th.fit_font(14, health_text, th.px(52), bold=True)
                draw_text(surface, health_text, health_font, T.TEXT, (bar.right + th.px(6), line))
                cp_text = f"{eng.cp(p)} CP"
                cp_x = max(
                    bar.right + th.px(62),
                    bar.right + th.px(12) + health_font.size(health_text)[0],
                )
                draw_text(
                    surface,
                    cp_text,
                    th.fit_font(14, cp_text, rect.right - cp_x - th.px(8), bold=True),
                    T.CP,
                    (cp_x, line),
                )
                status = f"Salves {adv.salves}"
                if adv.fallen:
                    status += "  -  Fallen: a teammate's Salve can revive"
                elif adv.engaged is not None and eng.alive(adv.engaged):
                    status += f"  -  Fighting {eng.name(adv.engaged)}"
                if adv.unidentified:
                    status += f"  -  {len(adv.unidentified)} unidentified"
                if row_h > th.px(56):
                    colour = T.NEGATIVE if adv.fallen else (150, 214, 160)
                    draw_text(
                        surface,
                        status,
                        th.font(14),
                        colour,
                        (x, rect.y + th.px(48)),
                        width=rect.right - x - th.px(6),
                        max_height=th.px(18),
                    )
                y += row_h

    def _draw_prompt(self, surface, rect) -> None:
        th = self.app.theme
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS)
        choice = self.runner.pending
        if self.ticker or self.reveal_ready():
            text = self.current_line or "..."
            hint = "Space or a click skips the narration."
        elif choice is None:
            text, hint = "", ""
        else:
            who = self.seat_name(choice.player)
            if choice.player in self.controllers:
                text = f"{who} (computer) is deciding..."
                hint = ""
            else:
                text = f"{who}: {choice.prompt}"
                hint = "Click a lit tile to move there." if choice.kind == "adventure_move" else ""
        draw_text(
            surface,
            text,
            th.font(18, bold=True),
            T.HIGHLIGHT,
            (rect.x + th.px(12), rect.y + th.px(8)),
            width=rect.w - th.px(24),
            max_height=th.px(24),
        )
        if self.message:
            hint = self.message
        if hint:  # (wrapped: a "Could not save ..." with its folder ran past the panel)
            draw_text(
                surface,
                hint,
                th.font(14),
                T.TEXT_DIM,
                (rect.x + th.px(12), rect.y + th.px(32)),
                width=rect.w - th.px(24),
                max_height=th.px(34),
            )

    def seat_name(self, seat: int) -> str:
        eng = self.engine
        if eng is None:
            return ""
        with eng.world.active():
            return eng.name(eng.player(seat))

    def _draw_log(self, surface, rect) -> None:
        th = self.app.theme
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK)
        font = th.font(14)
        from game.ui.widgets import wrap

        lines: list[str] = []
        for text in self.log[-30:]:
            lines.extend(wrap(font, text, rect.w - th.px(20)))
        step = font.get_linesize()
        fit = (rect.h - th.px(12)) // step
        y = rect.y + th.px(6)
        for line in lines[-fit:]:
            surface.blit(text_surface(font, line, T.TEXT), (rect.x + th.px(10), y))
            y += step

    def _draw_reveal(self, surface, reveal) -> None:
        th = self.app.theme
        layer()
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        rect = pygame.Rect(0, 0, th.px(360), th.px(240))
        rect.center = (w // 2, h // 2)
        title = reveal["title"]
        rarity = title.split()[0].lower()
        colour = RARITY_COLOURS.get(rarity, T.GOLD)
        glow(surface, rect, th, color=colour, strength=5)
        panel(surface, rect, th, fill=T.PARCHMENT, rim=colour, rim_width=4)
        draw_text(
            surface,
            title,
            th.fit_font(24, title, rect.w - th.px(24), height=th.px(30), bold=True),
            T.INK,
            (rect.centerx, rect.y + th.px(14)),
            align="center",
        )
        if reveal.get("notice"):
            draw_text(
                surface,
                " ".join(reveal["lines"]),
                th.font(16),
                T.INK,
                (rect.x + th.px(16), rect.y + th.px(56)),
                width=rect.w - th.px(32),
                max_height=th.px(140),
            )
            draw_text(
                surface,
                "click or press Enter to go on",
                th.font(13),
                T.INK_SOFT,
                (rect.centerx, rect.bottom - th.px(22)),
                align="center",
            )
            return
        die = pygame.Rect(0, 0, th.px(64), th.px(64))
        die.center = (rect.centerx, rect.y + th.px(88))
        pygame.draw.polygon(
            surface,
            colour,
            [
                (die.centerx, die.y),
                (die.right, die.centery),
                (die.centerx, die.bottom),
                (die.x, die.centery),
            ],
        )
        draw_text(
            surface,
            str(reveal["roll"]),
            th.font(24, bold=True),
            T.INK,
            (die.centerx, die.centery - th.px(14)),
            align="center",
        )
        text = " ".join(([reveal["changed"]] if reveal.get("changed") else []) + reveal["lines"])
        text = text or "..."
        draw_text(
            surface,
            text,
            th.font(16),
            T.INK,
            (rect.x + th.px(16), rect.y + th.px(132)),
            width=rect.w - th.px(32),
            max_height=th.px(66),
        )
        draw_text(
            surface,
            "click to go on",
            th.font(13),
            T.INK_SOFT,
            (rect.centerx, rect.bottom - th.px(22)),
            align="center",
        )

    # ---- the shop and boss loot

    def shop_geometry(self, choice) -> dict[tuple, pygame.Rect]:
        """Where each shop option's button sits (buy under a dealt card, ...)."""
        th = self.app.theme
        w, h = self.app.screen.get_size()
        shop = self.runner.driver
        hero = shop.heroes[choice.player]
        geo: dict[tuple, pygame.Rect] = {}
        cw, ch = th.px(150), th.px(36)
        self.shop_cards = []
        x0, y0 = th.px(30), th.px(150)
        for i, card in enumerate(hero.dealt):
            rect = pygame.Rect(x0 + i * (cw + th.px(12)), y0, cw, th.px(200))
            self.shop_cards.append((rect, card))
            geo.setdefault(
                ("shop_buy", card, None), pygame.Rect(rect.x, rect.bottom + th.px(6), cw, ch)
            )
        self.shop_unid = []
        for i, entry in enumerate(hero.unidentified):
            rect = pygame.Rect(x0 + i * (cw + th.px(12)), th.px(460), cw, th.px(80))
            self.shop_unid.append((rect, entry))
            half = (cw - th.px(6)) // 2
            geo[("shop_identify", None, i)] = pygame.Rect(rect.x, rect.bottom + th.px(6), half, ch)
            geo[("shop_sell_unidentified", None, i)] = pygame.Rect(
                rect.x + half + th.px(6), rect.bottom + th.px(6), half, ch
            )
        loot = [c for c in dict.fromkeys(hero.deck) if self.content.cards[c].loot is not None]
        self.shop_loot = []
        lx = w - th.px(380)
        for i, card in enumerate(loot[:10]):
            row = pygame.Rect(lx, th.px(150) + i * th.px(40), th.px(350), th.px(36))
            self.shop_loot.append((row, card))
            geo[("shop_sell", card, None)] = pygame.Rect(
                row.right - th.px(80), row.y + th.px(2), th.px(76), th.px(32)
            )
            geo[("shop_remove", card, None)] = pygame.Rect(
                row.right - th.px(160), row.y + th.px(2), th.px(76), th.px(32)
            )
        geo[("shop_done", None, None)] = pygame.Rect(
            w - th.px(250), h - th.px(66), th.px(220), th.px(44)
        )
        return geo

    def _draw_shop(self, surface, choice) -> None:
        from game.ui.art import hero_emblem
        from game.ui.cards import card_back, card_face

        th = self.app.theme
        w, h = surface.get_size()
        shop = self.runner.driver
        hero = shop.heroes[choice.player]
        member = self.campaign.heroes[choice.player]
        self.shop_geometry(choice)
        draw_text(
            surface,
            "Rosella's Shop",
            th.font(40, serif=True),
            T.BRASS,
            (th.px(30), th.px(14)),
            shadow=True,
        )
        surface.blit(hero_emblem(member.hero, th.px(48)), (th.px(30), th.px(76)))
        hname = self.content.heroes[member.hero].name
        who = " (computer)" if member.computer else ""
        draw_text(
            surface,
            f"{hname}{who} shops: {hero.gold} Gold",
            th.font(24, bold=True),
            T.GOLD,
            (th.px(90), th.px(86)),
        )
        # every hero's Gold across the top right
        x = w - th.px(30)
        for i, other in enumerate(shop.heroes):
            name = self.content.heroes[self.campaign.heroes[i].hero].name
            txt = f"{name}: {other.gold} G"
            surf = text_surface(
                th.font(16, bold=True), txt, T.HIGHLIGHT if i == choice.player else T.TEXT
            )
            x -= surf.get_width()
            surface.blit(surf, (x, th.px(24)))
            x -= th.px(20)
        draw_text(surface, "Dealt cards", th.font(18, bold=True), T.TEXT, (th.px(30), th.px(120)))
        owner = self.content.heroes[member.hero]
        for rect, card in self.shop_cards:
            cdef = self.content.cards[card]
            face = card_face(cdef, owner, rect.w, th)
            surface.blit(face, rect.topleft)
            if cdef.loot is not None:
                colour = RARITY_COLOURS.get(cdef.loot.rarity, T.BRASS)
                pygame.draw.rect(
                    surface,
                    colour,
                    rect.inflate(th.px(6), th.px(6)),
                    th.px(3),
                    border_radius=th.px(9),
                )
            price = shop.price(card)
            tag = pygame.Rect(rect.x, rect.bottom + th.px(48), rect.w, th.px(22))
            affordable = price <= hero.gold
            draw_text(
                surface,
                f"Price {price} Gold",
                th.font(14, bold=True),
                T.GOLD if affordable else T.TEXT_DIM,
                (tag.centerx, tag.y),
                align="center",
            )
        if not self.shop_cards:
            draw_text(
                surface,
                "(no cards left on the counter)",
                th.font(15),
                T.TEXT_DIM,
                (th.px(30), th.px(160)),
            )
        draw_text(
            surface,
            "Unidentified loot (under the board)",
            th.font(18, bold=True),
            T.TEXT,
            (th.px(30), th.px(432)),
        )
        for rect, entry in self.shop_unid:
            rarity = entry.split(":", 1)[0]
            back = card_back(rect.w, th)
            surface.blit(pygame.transform.smoothscale(back, (rect.w, rect.h)), rect.topleft)
            pygame.draw.rect(
                surface, RARITY_COLOURS.get(rarity, T.BRASS), rect, th.px(3), border_radius=th.px(8)
            )
            draw_text(
                surface,
                rarity.capitalize(),
                th.font(16, bold=True),
                T.WHITE,
                (rect.centerx, rect.centery - th.px(10)),
                align="center",
                shadow=True,
            )
        if not self.shop_unid:
            draw_text(surface, "(none)", th.font(15), T.TEXT_DIM, (th.px(30), th.px(462)))
        lx = w - th.px(380)
        draw_text(
            surface,
            f"Loot in the deck ({len(hero.deck)} cards)",
            th.font(18, bold=True),
            T.TEXT,
            (lx, th.px(126)),
        )
        for row, card in self.shop_loot:
            panel(
                surface,
                row,
                th,
                fill=T.WOOD_LIGHT,
                rim=RARITY_COLOURS.get(self.content.cards[card].loot.rarity, T.BRASS),
                radius=6,
            )
            draw_text(
                surface,
                self.content.cards[card].name,
                th.font(15, bold=True, condensed=True),
                T.TEXT,
                (row.x + th.px(8), row.y + th.px(9)),
            )
        if not self.shop_loot:
            draw_text(surface, "(no loot cards yet)", th.font(15), T.TEXT_DIM, (lx, th.px(156)))
        prices = self.adv.prices
        tip = (
            f"Buy at the tagged price, identify for {prices.identify}, sell for {prices.sell}. "
            "Unbought and unidentified cards go back to the Loot decks."
        )
        draw_text(
            surface, tip, th.font(14), T.TEXT_DIM, (th.px(30), h - th.px(56)), width=w - th.px(320)
        )
        if self.message:
            draw_text(
                surface,
                self.message,
                th.font(15, bold=True),
                T.NEGATIVE,
                (th.px(30), h - th.px(30)),
            )

    def _draw_boss_loot(self, surface, choice) -> None:
        from game.ui.cards import card_face

        th = self.app.theme
        w, _h = surface.get_size()
        member = self.campaign.heroes[choice.player]
        draw_text(
            surface,
            "Boss Loot",
            th.font(40, serif=True),
            T.BRASS,
            (w // 2, th.px(20)),
            align="center",
            shadow=True,
        )
        hname = self.content.heroes[member.hero].name
        ctx = choice.context or {}
        draw_text(
            surface,
            f"{hname}: Loot die {ctx.get('roll')} - a {ctx.get('rarity')} card",
            th.font(22, bold=True),
            T.TEXT,
            (w // 2, th.px(80)),
            align="center",
        )
        card = ctx.get("card")
        if card in self.content.cards:
            face = card_face(
                self.content.cards[card], self.content.heroes[member.hero], th.px(220), th
            )
            rect = face.get_rect(midtop=(w // 2, th.px(124)))
            glow(
                surface,
                rect,
                th,
                color=RARITY_COLOURS.get(str(ctx.get("rarity")), T.GOLD),
                strength=5,
            )
            surface.blit(face, rect)
        draw_text(
            surface,
            "Keep it (it joins the deck) or discard it for 1 Scenario Point.",
            th.font(16),
            T.TEXT_DIM,
            (w // 2, th.px(470)),
            align="center",
        )

    def _draw_finished(self, surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        c = self.campaign
        title = "Campaign complete!" if c.completed else "The campaign ends"
        draw_text(
            surface,
            title,
            th.font(40, serif=True),
            T.BRASS,
            (w // 2, h // 3),
            align="center",
            shadow=True,
        )
        why = self.runner.stopped or f"{c.team_name} defeated the Mad King."
        draw_text(surface, why, th.font(20), T.TEXT, (w // 2, h // 3 + th.px(70)), align="center")
        draw_text(
            surface,
            f"Campaign score: {c.score}",
            th.font(28, bold=True),
            T.HIGHLIGHT,
            (w // 2, h // 3 + th.px(120)),
            align="center",
        )


def _diamond(surface, centre, r, colour) -> None:
    x, y = centre
    pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    pygame.draw.polygon(surface, (20, 30, 40), [(x, y - r), (x + r, y), (x, y + r), (x - r, y)], 1)


def _wrap_two(font, text: str, width: int) -> list[str]:
    from game.ui.widgets import wrap

    lines = wrap(font, text, width)
    if len(lines) > 2:
        lines = lines[:2]
        lines[1] = lines[1][: max(1, len(lines[1]) - 2)] + "..."
    return lines


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
        self.table = None  # two columns: the battle's hero and their foe
        self.ended = True  # the campaign scene, not the duel's end screen, follows a battle
        self.hotseat = False
        self.pending_events = list(events)
        self._focus()

    def enter(self) -> None:
        super().enter()
        if self.pending_events:
            # the duel board starts its log from the engine's; the events still to be paced
            # are logged when the presenter plays them, so they are not listed twice
            waiting = {id(e) for e in self.pending_events}
            self.presenter.log[:] = [
                (e.kind, e.text) for e in self.engine.log[-120:] if e.text and id(e) not in waiting
            ]
            self.presenter.feed(self.pending_events)
            self.pending_events = []

    def _focus(self) -> None:
        """The viewer is the hero whose battle this is (the one deciding, else the last)."""
        choice = self.engine.pending
        if choice is not None and not self.seats[choice.player].get("enemy"):
            self.viewer = choice.player

    def opponent_seat(self, view, me: int) -> int:
        from game.adventures.components import Adventurer, Scenario

        eng = self.engine
        with eng.world.active():
            sc = esper.component_for_entity(eng.MATCH, Scenario)
            if sc.boss is not None:
                return eng.seat(sc.boss)
            player = eng.player(me)
            adv = esper.try_component(player, Adventurer)
            if adv is not None and adv.engaged is not None:
                return eng.seat(adv.engaged)
        return super().opponent_seat(view, me)

    def seat_kind_label(self, seat: int) -> str:
        if self.seats[seat].get("enemy"):
            with self.engine.world.active():
                enemy = self.content.enemies.get(self.view.players[seat].hero)
            return "Boss" if enemy is not None and enemy.kind == "boss" else "Minion"
        return super().seat_kind_label(seat)

    def act(self, action: Action) -> None:
        from game.rules.view import match_view
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
        self.parent.ticker.extend(tail)
        self.presenter.feed(head)
        self.view = match_view(engine)
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
        super().update(dt)

    def _quit(self) -> None:
        """'Save and quit to title' (the duel's pause menu): the campaign is saved and the
        window goes to the title, as from every other game."""
        self.parent.quit_to_title()
