"""An online co-op Adventures campaign: the crawl scene, drawn from what the server sent this seat.

`OnlineAdventureScene` is the offline crawl scene (adventure.py, adventure_draw.py) with an
`AdventureTable` fed by an `OnlineLink` instead of a `LocalAdventureTable` fed by a campaign
runner: the same map, panels, Shop and Boss Loot are drawn by the same code from the campaign
view (`adventure_view.adventure_update`), the narration plays the updates' events, and a click
becomes the option number sent to the server. There is no engine and no runner in this window:
the server runs the campaign, its computer heroes and its save. A battle opens
`OnlineAdventureBattle`, the online duel board on the same table, showing the hero of the
battle and their foe; it hands the decision back to the crawl when the table's open decision
is no longer a battle's.
"""

from __future__ import annotations

import pygame

from game.online.adventure_table import AdventureTable
from game.online.link import OnlineLink
from game.online.view import SPECTATOR
from game.rules.actions import Action
from game.ui.app import Scene
from game.ui.scenes.adventure import (
    BATTLE_EVENTS,
    CRAWL_KINDS,
    DRIVER_KINDS,
    AdventureScene,
    split_battle,
)
from game.ui.scenes.online_duel import (
    ElsewhereSeat,
    OnlineDuelScene,
    clock_rect,
    draw_connection,
    draw_turn_clock,
    notice_text,
)


def table_in_battle(table: AdventureTable) -> bool:
    """True when the table's open decision is a Dice Throne decision (played on the duel
    board), from the campaign view alone: a decision of no crawl or Shop kind, during a
    scenario, while a battle goes on (a Boss Battle, or a hero engaged with a Minion). A card
    or token used on the map with no battle going on (rule 33), or a Bonus Damage token found
    on the map by a hero who fights nobody, asks on the map's buttons."""
    choice = table.pending
    if choice is None or table.conclusion is not None or table.scenario is None:
        return False
    if choice.kind in CRAWL_KINDS or choice.kind in DRIVER_KINDS:
        return False
    if table.scenario.boss is not None:
        return True
    hero = table.hero(choice.player)
    if choice.kind == "bonus_damage_full":
        # a Bonus Damage token at the stack limit: gained in the hero's battle (their step or
        # their Minion's), or found on the map (a tile, a chest: another hero's crawl turn)
        return (
            hero is not None
            and hero.engaged is not None
            and (table.view.active in (choice.player, hero.engaged))
        )
    if hero is None or hero.engaged is not None:
        return True
    # a hero on another tile answering in a teammate's battle (a card or token for it)
    return any(h.engaged is not None for h in table.heroes)


class OnlineAdventureScene(AdventureScene):
    def __init__(self, app, link: OnlineLink, content=None) -> None:
        from game.adventures.content import default_adventures
        from game.content.loader import default_content

        Scene.__init__(self, app)
        self.link = link
        self.runner = None
        self.campaign = None
        self.content = content or default_content()
        self.adv = default_adventures()
        self.viewer = SPECTATOR if link.seat is None else link.seat  # a spectator: no seat
        self._source = AdventureTable(self.content, self.viewer)
        for update in link.updates or [link.latest]:
            self._source.take(update)
        link.updates.clear()
        heroes = len(self._source.campaign.get("heroes", []))
        self.controllers = {s: ElsewhereSeat() for s in range(max(heroes, 1)) if s != self.viewer}
        self.worker = None
        self.log = [e.text for e in self._source.log[-40:] if e.text]
        self.ticker: list = []
        self.tick_timer = 0.0
        self.engine_ref = None
        self.log_index = 0
        self.shown_explored = {t.slot for t in self._source.tiles if t.explored}
        self.flips: dict[str, float] = {}
        self.reveals: list[dict] = []
        self.reveal_timer = 0.0
        self.rows_seen = len(self._source.campaign.get("rows", []))
        self.sheet_due = False
        self.buttons = []
        self.tile_rects: dict[str, pygame.Rect] = {}
        self.hero_rects: dict[int, pygame.Rect] = {}
        self.decided_for = None
        self.ai_timer = 0.0
        self.message = ""
        self.paused = False
        self.battle: OnlineAdventureBattle | None = None
        self.current_line = ""
        self.shop_hero = 0
        self.chosen_moves: list[tuple[int, str]] = []
        self.pointer = (0, 0)
        self.reflow_guard = None
        self.sent_for = None  # the decision answered here (waiting for the server)

    # ------------------------------------------------------------ no engine here

    @property
    def engine(self):
        return None

    @property
    def source(self) -> AdventureTable:
        return self._source

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        """Leaving the board (or closing the window) ends the link and a hosted server."""
        self.link.close()

    def _sync_engine(self, prime: bool = False) -> None:
        pass

    def collect(self) -> list:
        return []

    def take_updates(self) -> None:
        """Everything the server sent since the last frame, onto the table and the ticker."""
        for update in self.link.updates:
            self.ticker.extend(self._source.take(update))
            self.decided_for = None
            self.sent_for = None
            self.buttons = []
        self.link.updates.clear()
        for notice in getattr(self.link, "notices", []):
            self.log.append(notice_text(notice))
        self.link.notices.clear()

    def decider(self, seat: int) -> str:
        """The room's player at that seat (their name), or the server's computer."""
        seats = (self.link.room or {}).get("seats", [])
        info = seats[seat] if 0 <= seat < len(seats) else None
        if info is None or info["kind"] == "computer" or info.get("computer_standing_in"):
            return "computer"
        name = info.get("name") or f"P{seat + 1}"
        return name if info.get("connected") else f"{name}, away"

    # ------------------------------------------------------------ acting

    def apply(self, action: Action) -> bool:
        """Send one option of the open decision to the server as its number."""
        if self.link.state != "connected":
            self.message = "Not connected: wait until the connection is back."
            self.decided_for = None
            return False
        answer = self._source.answer(action)
        if answer is None:
            self.message = "That is not possible right now."
            self.decided_for = None
            return False
        self.link.act(*answer)
        self.sent_for = self._source.pending
        self.decided_for = self.sent_for  # no controls until the server replies
        self.message = ""
        return True

    # ------------------------------------------------------------ loop

    def in_battle(self) -> bool:
        return table_in_battle(self._source)

    def update(self, dt: float) -> None:
        self.link.poll()
        if self.link.error:
            self.message = self.link.error
            self.link.error = ""
            self.sent_for = None
            self.decided_for = None
        if self.app.scene is not self:
            return
        self.take_updates()
        for slot in list(self.flips):
            self.flips[slot] += dt
            if self.flips[slot] >= 0.6:
                del self.flips[slot]
        self._hover()
        if self.paused:
            return
        speed = self.app.settings.speed_factor
        if self.sheet_owed():  # a session was scored: its sheet, as offline
            self.rows_seen = len(self._source.campaign["rows"])
            self.show_sheet("Session over")
            return
        if self.reveal_ready():
            self.reveal_timer += dt
            if not self.reveals[0].get("notice") and speed == 0:
                self.dismiss_reveal()
            return
        if self.ticker:
            self.tell_ticker(dt, speed)
            return
        if self.reveals:
            return
        if self._source.finished:
            if self.decided_for != "finished":
                self._build_finished()
            return
        choice = self._source.pending
        if choice is None:
            return
        if table_in_battle(self._source):
            if self._source.remote is not None and self._source.remote.mine:
                self.open_battle([])
            return
        if choice.player in self.controllers or self.sent_for is not None:
            self.buttons = []
            return
        if choice.kind == "adventure_instant" and self._go_on_by_itself(choice):
            return
        if choice.kind == "adventure_salves" and self._keep_salves_by_itself(choice):
            return
        if self.decided_for is not choice and self.decided_for != choice:
            self._build_controls(choice)

    def sheet_owed(self) -> bool:
        """The score sheet has a row more than this board last showed (a session was scored;
        the battle board may have taken that update)."""
        return len(self._source.campaign.get("rows", [])) > self.rows_seen

    def skip(self) -> None:
        while self.ticker:
            if any(r.get("notice") for r in self.reveals):
                break
            if table_in_battle(self._source) and self.ticker[0].kind in BATTLE_EVENTS:
                return
            self.narrate(self.ticker.pop(0))
        self.reveals = [r for r in self.reveals if r.get("notice")]
        self.flips.clear()

    def open_battle(self, events: list) -> None:
        self.battle = OnlineAdventureBattle(self.app, self, events)
        self.app.push(self.battle)

    def battle_closed(self, tail: list) -> None:
        self.battle = None
        self.ticker.extend(tail)
        self.decided_for = None

    # ------------------------------------------------------------ leaving

    def leave(self) -> None:
        self.quit_to_title()

    def quit_to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.link.close()
        self.app.reset(TitleScene(self.app))

    def open_pause(self) -> None:
        self.open_pause_menu(
            [
                ("Resume", self._resume),
                ("Score sheet", self.show_sheet),
                ("Rules Reference", self._rules),
                ("Settings", self._settings),
                ("Leave to title", self.quit_to_title),
            ],
            note="The campaign stays on the server: Continue on the title takes you back to it.",
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.paused:
            return
        th = self.app.theme
        rect = self.connection_rect()
        draw_connection(surface, th, self.link, rect)
        draw_turn_clock(surface, th, self._source, rect)

    def header_reserve(self, area) -> int:
        """The header's right end kept for the connection indicator (and the turn timer's
        clock when the room has a timer)."""
        th = self.app.theme
        rect = self.connection_rect()
        if self._source.time_left is not None:
            rect = clock_rect(th, rect)
        return area.right - rect.x + th.px(4)

    def connection_rect(self) -> pygame.Rect:
        """The right end of the heroes' header line (the team's name keeps left of it)."""
        th = self.app.theme
        heroes = self.layout()["heroes"]
        w = min(th.px(170), heroes.w // 2)
        return pygame.Rect(heroes.right - w - th.px(8), heroes.y + th.px(7), w, th.px(24))


class OnlineAdventureBattle(OnlineDuelScene):
    """The online duel board on the campaign's table: the hero of the battle at the bottom,
    the Minion (or the Boss) they fight at the top. Updates that carry no scenario (the Shop,
    Boss Loot) are left to the crawl scene."""

    def __init__(self, app, parent: OnlineAdventureScene, events: list) -> None:
        from game.ui.scenes.duel import DuelScene

        self.parent = parent
        self.link = parent.link
        table = parent.source
        heroes = len(table.campaign.get("heroes", []))
        seats = [{"kind": "human", "enemy": i >= heroes} for i in range(len(table.view.players))]
        DuelScene.__init__(self, app, None, seats, source=table)
        self.viewer = self.link.seat or 0
        self.hotseat = False
        self.controllers = {s: ElsewhereSeat() for s in range(len(seats)) if s != self.viewer}
        self.ended = True
        self.shown_end = True  # the campaign, not the duel's end screen, follows a battle
        self.sent_for = None
        self.drop_shown = {}
        self.last_refusal = ""
        self.table = None
        self.pending_events = list(events)

    def enter(self) -> None:
        super().enter()
        if self.pending_events:
            logged = self.source.log[: max(0, len(self.source.log) - len(self.pending_events))]
            self.presenter.log[:] = [(e.kind, e.text) for e in logged[-120:] if e.text]
            self.presenter.feed(self.pending_events)
            self.pending_events = []

    def exit(self) -> None:
        pass  # the crawl scene keeps the link

    def _take_updates(self) -> None:
        """Take updates while the scenario goes on; the crawl's part of their events goes to
        the crawl scene's narration."""
        while self.link.updates:
            update = self.link.updates[0]
            if "match" not in update["state"]:
                return  # the Shop or Boss Loot: the crawl scene takes it
            self.link.updates.pop(0)
            events = self.source.take(update)
            for seat in range(len(self.seats), len(self.source.view.players)):
                # a Minion placed since the board opened (another hero's tile): a seat too
                self.seats.append({"kind": "human", "enemy": True})
                self.controllers[seat] = ElsewhereSeat()
            if table_in_battle(self.source):
                head, tail = events, []
            else:
                head, tail = split_battle(events)
            self.parent.ticker.extend(tail)
            self.presenter.feed(head)
            self.view = self.source.view
            self.decided_for = None
            self.sent_for = None
            self.buttons, self.modal, self.confirm_end = [], [], None
            self.odds_cache.clear()
            if not table_in_battle(self.source):
                return
        for notice in self.link.notices:
            self.presenter.log.append(("notice", notice_text(notice)))
        self.link.notices.clear()

    def battle_over(self) -> bool:
        return (
            not table_in_battle(self.source) or bool(self.link.updates) or self.parent.sheet_owed()
        )

    def update(self, dt: float) -> None:
        if not self.presenter.busy and not self.paused and self.battle_over():
            if self.app.scene is self:
                self.app.pop()
                self.parent.battle_closed([])
            return
        super().update(dt)

    def _fighting(self, enemy_seat: int) -> int | None:
        return next((h.seat for h in self.source.heroes if h.engaged == enemy_seat), None)

    def opponent_seat(self, view, me: int) -> int:
        crawl = self.source
        if crawl.scenario is not None and crawl.scenario.boss is not None:
            return crawl.scenario.boss
        adv = crawl.hero(me)
        if adv is not None and adv.engaged is not None:
            return adv.engaged
        return super().opponent_seat(view, me)

    def seat_kind_label(self, seat: int) -> str:
        if self.seats[seat].get("enemy"):
            enemy = self.content.enemies.get(self.view.players[seat].hero)
            return "Boss" if enemy is not None and enemy.kind == "boss" else "Minion"
        return super().seat_kind_label(seat)

    def _quit(self) -> None:
        self.parent.quit_to_title()
