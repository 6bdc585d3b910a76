"""One esper world per match, entered through a context manager that always switches back.

esper keeps its database in module globals; every engine call runs inside `MatchWorld.active()`
so two matches (a game and an AI's look-ahead copy, or two tests) never see each other's
entities. Entities are never deleted, so a snapshot restores to identical entity ids.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import esper

_names = itertools.count(1)


class _Entered:
    """The context manager `MatchWorld.active` returns (a small class: entered thousands of
    times a match, it costs less than a generator-based one)."""

    __slots__ = ("name", "previous")

    def __init__(self, name: str) -> None:
        self.name = name
        self.previous: str | None = None

    def __enter__(self) -> None:
        previous = esper.current_world
        if previous != self.name:
            self.previous = previous
            esper.switch_world(self.name)

    def __exit__(self, *_exc) -> None:
        if self.previous is not None:
            esper.switch_world(self.previous)


class MatchWorld:
    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"match-{next(_names)}"
        self.closed = False
        self._db: dict[int, dict[type, Any]] | None = None

    def components(self, entity: int) -> dict[type, Any]:
        """An entity's components by type, read without switching worlds (esper 3.9 keeps
        each world's entity table in one dict for the world's life: `clear_database` empties
        it in place). For reads of the match's own state between steps (`Engine.pending`)."""
        if self.closed:
            raise RuntimeError(f"world {self.name} was closed")
        db = self._db
        if db is None:
            with self.active():
                db = self._db = esper._entities
        return db[entity]

    def active(self) -> _Entered:
        """`with world.active():` runs the block in this world and switches back to the
        world that was current before (nothing to switch when it already is this one)."""
        if self.closed:
            raise RuntimeError(f"world {self.name} was closed")
        return _Entered(self.name)

    def entities(self) -> list[tuple[int, list[Any]]]:
        """Every entity with its components, in id order (call inside `active`)."""
        return [
            (ent, list(esper.components_for_entity(ent))) for ent in sorted(esper.get_entities())
        ]

    def snapshot(self) -> list[tuple[int, list[Any]]]:
        with self.active():
            return copy.deepcopy(self.entities())

    def restore(self, snapshot: list[tuple[int, list[Any]]], *, take: bool = False) -> None:
        """Replace this world's entities with a copy of `snapshot` (`take=True`: with the
        snapshot's own components, for a snapshot nothing else will use, such as a clone's)."""
        with self.active():
            esper.clear_database()
            for ent, components in snapshot if take else copy.deepcopy(snapshot):
                created = esper.create_entity(*components)
                if created != ent:  # pragma: no cover - would mean an entity was deleted
                    raise RuntimeError(f"snapshot entity {ent} restored as {created}")

    def close(self) -> None:
        if self.closed:
            return
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        self.closed = True
