"""The per-seat view of a match played in this window (hot-seat and against the computer).

`LocalTable` is a `RemoteTable` fed from an engine in this process instead of a server: every
update is the very message the server would send the seat at the screen (`view.seat_update`:
its filtered events, its table, its own choice with numbered options and the rules' hints), so
the offline board draws from exactly what the online board draws from and answers with an
option number. The engine is held here and by the scene's controller part (applying answers,
the computer seats, undo, saves), never by the drawing code.

Hot-seat: the table shows one seat at a time (`sit`); handing the screen to a seat of another
team starts the table afresh from that seat's view of the whole event stream, so the source
never holds a card that seat may not see (another team's hand, a card drawn into it).
"""

from __future__ import annotations

from game.online.table import RemoteSetup, RemoteTable
from game.online.view import seat_update
from game.rules.events import Event


class LocalTable(RemoteTable):
    def __init__(self, engine, seat: int) -> None:
        super().__init__(engine.content, seat)
        self._engine = engine
        self.log_kept = None  # the end screen's tallies read the whole match offline
        self.sit(seat)

    @property
    def seq(self) -> int:
        """The number of the decision now open (the count of actions applied so far)."""
        return len(self._engine.actions)

    def _update(self, events, seat: int | None = None) -> dict:
        return seat_update(self._engine, self.seat if seat is None else seat, events, self.seq)

    def take(self, update: dict) -> list[Event]:
        events = super().take(update)
        self.taken = update["seq"]  # the engine's action count this table shows
        setup = self._engine.setup
        self.setup = RemoteSetup(
            self.setup.mode, setup.seed, bool(getattr(setup, "shared_team_dial", False))
        )
        return events

    def sit(self, seat: int) -> None:
        """Show the table as `seat` may see it, from the match's first event: nothing this
        seat was not shown is kept from the seat shown before."""
        self.seat = seat
        self.cards = {}
        self.log = []
        self.take(self._update(list(self._engine.log)))

    def sync(self, events: list[Event]) -> list[Event]:
        """The engine moved on with these events: take the seat's update for them; returns the
        events as this seat may see them (for the presenter)."""
        return self.take(self._update(events))

    def peek(self, seat: int) -> RemoteTable:
        """Another seat's table now, without its history (the controller reads a hot-seat
        player's open decision before handing the screen over; nothing draws from it)."""
        table = RemoteTable(self.content, seat)
        table.take(self._update([], seat))
        return table
