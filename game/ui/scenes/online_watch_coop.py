"""Watching a co-op room without a seat: the online Missions board and the online Adventures
crawl for a spectator.

`WatchMissionScene` is `OnlineMissionScene` and `WatchAdventureScene` is `OnlineAdventureScene`
with the table fed from what the server sends a spectator (seat `SPECTATOR`: every hand only as
its size, no decision to answer). Every Hero's seat is decided elsewhere; the hand's place says
who holds how many cards and holds Leave; a click that would act is answered here ("You are
watching") and nothing is ever sent. A battle of the campaign opens `WatchAdventureBattle`, the
campaign's duel board with the same spectator's rules.
"""

from __future__ import annotations

import pygame

from game.online.link import OnlineLink
from game.rules.actions import Action
from game.ui import theme as T
from game.ui.layout import anchored
from game.ui.scenes.online_adventure import OnlineAdventureBattle, OnlineAdventureScene
from game.ui.scenes.online_duel import ElsewhereSeat
from game.ui.scenes.online_mission import OnlineMissionScene
from game.ui.scenes.online_watch import WATCHING, WatchingBoard, open_watch_pause
from game.ui.widgets import Button, draw_text

LEAVE_TIP = "Stop watching (the match goes on without you)."


def held_line(link: OnlineLink, heroes) -> tuple[str, str]:
    """The spectator's two lines: the room and its watchers, and every hand's size."""
    held = ", ".join(f"{name}: {size}" for name, size in heroes)
    watchers = (link.room or {}).get("spectators", 0)
    return f"Watching room {link.code} ({watchers} watching).", f"Cards in hand - {held}."


def draw_lines(surface, th, lines, area: pygame.Rect) -> None:
    y = area.y + th.px(12)
    for text in lines:
        font = th.fit_font(15, text, area.w - th.px(20), height=th.px(20))
        draw_text(surface, text, font, T.TEXT_DIM, (area.x + th.px(10), y))
        y += th.px(24)


class WatchMissionScene(OnlineMissionScene):
    """The online Missions board for a spectator: no hand, no decisions, Leave only."""

    def __init__(self, app, link: OnlineLink, db=None, content=None) -> None:
        super().__init__(app, link, db, content)
        self.controllers = {s: ElsewhereSeat() for s in range(len(self.source.heroes))}

    def resize(self) -> None:
        super().resize()
        th = self.app.theme
        self.leave_button = Button(
            anchored((th.px(150), th.px(40)), self.hand_area, "bottomright", th.px(10)),
            "Leave",
            self._quit,
            tooltip=LEAVE_TIP,
        )

    def act(self, action: Action | None) -> None:
        if action is not None:
            self.say(WATCHING)  # nothing is sent: the server would refuse it
        self.decided_for = None

    def handle(self, event: pygame.event.Event) -> None:
        if not self.paused and self.leave_button.handle(event):
            self.app.play("button")
            return
        super().handle(event)

    def _open_pause(self) -> None:
        open_watch_pause(self, "Mission", self._quit)

    def _draw_hand(self, surface, hero, choice) -> None:
        """No hand of its own: who holds how many cards, and Leave."""
        self.hand_rects, self.hand_fan = [], None
        heroes = [(self.source.hero_def(h).name, len(h.hand)) for h in self.source.heroes]
        draw_lines(surface, self.app.theme, held_line(self.link, heroes), self.hand_area)
        self.leave_button.draw(surface, self.app.theme)


class WatchAdventureScene(OnlineAdventureScene):
    """The online Adventures crawl for a spectator: no controls but Leave."""

    def __init__(self, app, link: OnlineLink, content=None) -> None:
        super().__init__(app, link, content)
        heroes = len(self.source.campaign.get("heroes", []))
        self.controllers = {s: ElsewhereSeat() for s in range(max(heroes, 1))}
        self.leave_button: Button | None = None

    def apply(self, action: Action) -> bool:
        self.message = WATCHING  # nothing is sent: the server would refuse it
        self.decided_for = None
        return False

    def _leave_button(self) -> Button:
        th = self.app.theme
        prompt = self.layout()["prompt"]
        rect = anchored((th.px(150), th.px(40)), prompt, "bottomright", th.px(8))
        if self.leave_button is None or self.leave_button.rect != rect:
            self.leave_button = Button(rect, "Leave", self.quit_to_title, tooltip=LEAVE_TIP)
        return self.leave_button

    def handle(self, event: pygame.event.Event) -> None:
        if not self.paused and self._leave_button().handle(event):
            self.app.play("button")
            return
        super().handle(event)

    def open_battle(self, events: list) -> None:
        self.battle = WatchAdventureBattle(self.app, self, events)
        self.app.push(self.battle)

    def open_pause(self) -> None:
        open_watch_pause(self, "campaign", self.quit_to_title)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.paused:
            return
        if not self.buttons:  # (the end of the campaign has its own buttons)
            self._leave_button().draw(surface, self.app.theme)


class WatchAdventureBattle(WatchingBoard, OnlineAdventureBattle):
    """A battle of the campaign on the duel board, for a spectator."""

    def __init__(self, app, parent: WatchAdventureScene, events: list) -> None:
        super().__init__(app, parent, events)
        self.controllers = {s: ElsewhereSeat() for s in range(len(self.seats))}
        self.viewer = self._fighter()

    def _fighter(self) -> int:
        choice = self.source.pending
        if choice is not None and not self.seats[choice.player].get("enemy"):
            return choice.player
        heroes = self.source.heroes
        return next((h.seat for h in heroes if h.engaged is not None), 0)

    def _take_updates(self) -> None:
        super()._take_updates()
        for seat in range(len(self.seats)):
            self.controllers[seat] = ElsewhereSeat()
