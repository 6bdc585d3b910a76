"""The Missions board's source: a co-op Mission as one seat was told it, with no engine.

`MissionTable` keeps what a seat was sent (`mission_view.mission_update`) in the shapes the
Missions drawing code reads from a `MissionEngine`: `info`, `heroes`, `enemies`, `hexes`,
`pending` (a `PendingChoice` with the real `Action`s, for the deciding seat only), `log`, and
the engine's read-only queries (`side`, `hero_def`, `enemy_at`, `objective_met` ...), which are
the engine's own functions run on these fields. A hand not sent (a spectator's view) is that
many empty card ids (`HIDDEN`); a face-down Boost Tile is `(-1, False)`; a face-down Mystery
tile is `True`.

`LocalMissionTable` is fed from a `MissionEngine` in this process (the offline window): every
update is the very message the server sends that seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from game.missions.engine import MissionEngine
from game.missions.hero_turn import HeroTurn
from game.missions.maps import MissionMap
from game.online.mission_view import mission_update
from game.online.table import LOG_KEPT, choice_from, event_from

HIDDEN = ""  # a card in a hand this seat is not sent (a spectator's view)


def _hex(value) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


def _hero(item: dict[str, Any]) -> SimpleNamespace:
    out = dict(item)
    out["pos"] = _hex(item["pos"])
    out["hand"] = list(item["hand"]) if "hand" in item else [HIDDEN] * item["hand_size"]
    out["facedown"] = [-1] * item["facedown_tiles"]
    return SimpleNamespace(**out)


def _enemy(item: dict[str, Any]) -> SimpleNamespace:
    out = dict(item)
    out["pos"] = _hex(item["pos"])
    out["extra"] = tuple(_hex(h) for h in item["extra"])
    out["spaces"] = (out["pos"], *out["extra"])
    return SimpleNamespace(**out)


def _space(item: dict[str, Any]) -> SimpleNamespace:
    out = dict(item)
    out["hex"] = _hex(item["hex"])
    out["tiles"] = [(i, True) for i in item["tiles_up"]] + [(-1, False)] * item["tiles_down"]
    out["mystery"] = bool(item["mystery_here"])  # as a map Space says it (ui.mission_view)
    return SimpleNamespace(**out)


class MapSeen:
    """The map's spaces as the view shows them (`entries` is the map's own query)."""

    def __init__(self, spaces: dict) -> None:
        self.spaces = spaces

    entries = MissionMap.entries
    numbered = MissionMap.numbered


@dataclass(slots=True)
class MissionSetupSeen:
    """What the drawing code reads from the setup: the mission (its terrain) and a seed for
    the dice tray's tumbling only (the faces come from the view)."""

    mission: str
    seed: int = 0


class MissionTable:
    """Stands where the Missions scene held its engine, for the drawing code."""

    def __init__(self, db, content, seat: int) -> None:
        self.db = db
        self.content = content
        self.seat = seat
        self.info: SimpleNamespace | None = None
        self.heroes: list[SimpleNamespace] = []
        self.enemies: list[SimpleNamespace] = []
        self.hexes: dict[tuple[int, int], SimpleNamespace] = {}
        self.remote = None
        self.log: list = []
        self.fresh: list = []  # events taken and not yet told (`drain`)
        self.setup = MissionSetupSeen("")
        self.mission = None
        self.map: MapSeen | None = None
        self.turn = HeroTurn(self)  # its read-only queries (`rows`, `met_rows`) on these fields
        self.time_left: float | None = None  # the turn timer, when the update came
        self.time_at = 0.0  # (time.monotonic() then)

    @property
    def pending(self):
        return None if self.remote is None else self.remote.choice

    @property
    def over(self) -> bool:
        return bool(self.info and self.info.over)

    def take(self, update: dict[str, Any]) -> list:
        """Apply one `update` message; returns its events."""
        state = update["state"]
        events = [event_from(e) for e in update.get("events", [])]
        skip = ("heroes", "enemies", "spaces")
        self.info = SimpleNamespace(**{k: v for k, v in state.items() if k not in skip})
        self.info.enemy_dice = [tuple(d) for d in self.info.enemy_dice]
        self.info.moves = {int(k): _hex(h) for k, h in state["moves"].items()}
        self.heroes = [_hero(h) for h in state["heroes"]]
        self.enemies = [_enemy(e) for e in state["enemies"]]
        self.hexes = {s.hex: s for s in map(_space, state["spaces"])}
        self.map = MapSeen(self.hexes) if self.hexes else None
        self.mission = self.db.missions[self.info.mission]
        self.setup = MissionSetupSeen(self.info.mission, self.setup.seed)
        self.remote = choice_from(update.get("choice"))
        self.time_left, self.time_at = update.get("time_left"), time.monotonic()
        self.log.extend(events)
        del self.log[:-LOG_KEPT]
        self.fresh.extend(events)
        return events

    def seconds_left(self) -> float | None:
        """What the turn timer says now (None: no timer, or nothing to decide)."""
        if self.time_left is None or self.remote is None:
            return None
        return max(0.0, self.time_left - (time.monotonic() - self.time_at))

    def drain(self) -> list:
        """The events taken since the last call, in order (for the narration)."""
        out, self.fresh = self.fresh, []
        return out

    # the engine's read-only queries, run on the fields above
    side = MissionEngine.side
    hero_def = MissionEngine.hero_def
    living_enemies = MissionEngine.living_enemies
    enemy_at = MissionEngine.enemy_at
    adjacent = MissionEngine.adjacent
    passable = MissionEngine.passable
    dice_symbols = MissionEngine.dice_symbols
    objective_met = MissionEngine.objective_met

    def max_health(self, hero) -> int:
        return hero.max_health


class LocalMissionTable(MissionTable):
    """A `MissionTable` fed from the window's own `MissionEngine`: the seat at the screen gets
    exactly what the server would send it. With several people at one screen the table sits at
    whichever of `people`'s seats decides now (it stays put while a computer Hero decides)."""

    def __init__(self, engine, people: set[int] | None = None) -> None:
        self.people = set(range(len(engine.heroes))) if people is None else set(people)
        super().__init__(engine.db, engine.content, min(self.people, default=0))
        self._engine = engine
        self.setup = MissionSetupSeen(engine.setup.mission, engine.setup.seed)
        self.taken: tuple[int, int, int, int] | None = None
        self.sync()

    def sync(self) -> None:
        """Follow the engine: take the seat's update when it moved on (the events since)."""
        engine = self._engine
        choice = engine.pending
        if choice is not None and choice.player in self.people:
            self.seat = choice.player
        now = (len(engine.actions), len(engine.log), self.seat, id(choice))
        if now == self.taken:
            return
        start = 0 if self.taken is None else min(self.taken[1], len(engine.log))
        self.take(mission_update(engine, self.seat, engine.log[start:], len(engine.actions)))
        self.setup = MissionSetupSeen(engine.setup.mission, engine.setup.seed)
        self.taken = now

    def refresh(self) -> None:
        """Take the table afresh after the engine was changed outside an action (a test's
        shortcut): `sync` sees only new actions, events and decisions."""
        self.taken = None if self.taken is None else (-1, *self.taken[1:])
        self.sync()
