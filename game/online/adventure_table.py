"""The Adventures crawl as one seat was told it (`adventure_view.adventure_update`), with no engine.

`AdventureTable` keeps the last campaign update in the shapes the crawl map draws from: the
scenario's match as a `MatchView` (through `RemoteTable`: the Minions' and the Boss's hands as
face-down placeholders), the crawl (`scenario`: tiles, heroes, dials), the Shop or Boss Loot
(`conclusion`), the campaign sheet (`campaign`) and the seat's own `PendingChoice`.
`LocalAdventureTable` feeds it from a `CampaignRunner` in this process: every update is the
very message a co-op Adventures room sends that seat, so the window's crawl map draws from the
same data an online one would. Tiles and heroes are `SimpleNamespace`s of the view's fields.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

from game.online.adventure_view import adventure_event, adventure_update
from game.online.table import RemoteTable, choice_from, event_from
from game.rules.events import Event
from game.rules.view import match_view


class AdventureTable(RemoteTable):
    def __init__(self, content, seat: int) -> None:
        super().__init__(content, seat)
        self.scenario: SimpleNamespace | None = None  # the crawl (None between scenarios)
        self.tiles: list[SimpleNamespace] = []  # by slot
        self.heroes: list[SimpleNamespace] = []  # the heroes' crawl state, by seat
        self.conclusion: dict[str, Any] | None = None  # Rosella's Shop or Boss Loot
        self.campaign: dict[str, Any] = {}
        self.log_kept = None

    @property
    def finished(self) -> bool:
        return bool(self.campaign.get("finished"))

    def take(self, update: dict[str, Any]) -> list[Event]:
        state = update["state"]
        if "match" in state:
            events = super().take({**update, "state": state["match"]})
        else:  # the Shop or Boss Loot: no scenario on the table
            events = [Event(e["kind"], {}, e.get("text", "")) for e in update.get("events", [])]
            self.view = None
            self.remote = choice_from(update.get("choice"))
            self.time_left, self.time_at = update.get("time_left"), time.monotonic()
            self.log.extend(events)
        crawl = state.get("scenario")
        if crawl is None:
            self.scenario, self.tiles, self.heroes = None, [], []
        else:
            fields = {k: v for k, v in crawl.items() if k not in ("tiles", "heroes")}
            self.scenario = SimpleNamespace(**fields)
            self.tiles = [SimpleNamespace(**t) for t in crawl["tiles"]]
            self.heroes = [SimpleNamespace(**h) for h in crawl["heroes"]]
        self.conclusion = state.get("conclusion")
        self.campaign = state["campaign"]
        return events

    def hero(self, seat: int) -> SimpleNamespace | None:
        """A hero's crawl state (tile, Salves, engagement, fall, Unidentified rarities)."""
        return next((h for h in self.heroes if h.seat == seat), None)

    def alive(self, seat: int | None) -> bool:
        return (
            seat is not None
            and self.view is not None
            and 0 <= seat < len(self.view.players)
            and not self.view.players[seat].defeated
        )


def runner_moves(runner) -> tuple:
    """What changes whenever the campaign moves on (the key a local table refreshes on)."""
    engine, driver = runner.engine, runner.driver
    return (
        id(engine),
        len(engine.actions) if engine is not None else -1,
        id(driver),
        len(runner._session.post_actions) if runner._session is not None else -1,
        len(runner.campaign.rows),
        runner.finished,
    )


class LocalAdventureTable(AdventureTable):
    """The table fed from this window's campaign runner for the seat at the screen: the hero
    deciding now (all heroes are one team, core rule 110, so the heroes' views differ only in
    whose choice carries its options)."""

    def __init__(self, runner) -> None:
        super().__init__(runner.content, 0)
        self._runner = runner
        self._key: tuple | None = None
        self.update: dict = {}  # the last message taken (what a room would have sent)
        self.refresh()

    def refresh(self) -> AdventureTable:
        """Take the seat's update if the campaign moved on since the last one."""
        runner = self._runner
        key = runner_moves(runner)
        if key == self._key:
            return self
        self._key = key
        choice = runner.pending
        if choice is not None and choice.player < len(runner.campaign.heroes):
            self.seat = choice.player
        self.update = adventure_update(runner, self.seat, [], key[1] + key[3])
        self.take(self.update)
        return self

    def seen(self, events: list[Event]) -> list[Event]:
        """These engine events as the seat at the screen may see them, the very events a room
        sends (a card drawn into a Minion's or the Boss's hand is the fact only); for the
        narration and the log."""
        engine = self._runner.engine
        view = match_view(engine) if engine is not None and events else None
        out = []
        for event in events:
            message = adventure_event(event, self.seat, view)
            if message.get("kind") != "unlisted":
                out.append(event_from(message))
        return out
