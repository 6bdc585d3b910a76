"""The AI worker settles its heap when a match is set up: garbage collected, the rest frozen
out of the collector's full passes (which otherwise land inside decisions)."""

from __future__ import annotations

import gc
import weakref

from game.ai.worker import settle_heap


class _Node:
    pass


def test_settling_collects_dead_cycles_and_freezes_what_lives():
    dead = _Node()
    dead.self = dead  # a cycle only the collector can free
    gone = weakref.ref(dead)
    del dead
    alive = _Node()
    alive.self = alive
    try:
        settle_heap()
        assert gone() is None
        assert gc.get_freeze_count() > 0
        assert not any(o is alive for o in gc.get_objects())  # frozen: out of every pass
        # the previous freeze is undone first: a frozen cycle that died since is collected
        frozen = weakref.ref(alive)
        del alive
        settle_heap()
        assert frozen() is None
    finally:
        gc.unfreeze()


class _Script:
    """A connection that hands the worker's loop these messages, then stops it."""

    def __init__(self, messages):
        self.messages = list(messages)
        self.sent = []

    def recv(self):
        return self.messages.pop(0) if self.messages else ("stop",)

    def send(self, message):
        self.sent.append(message)

    def close(self):
        pass


def test_the_worker_settles_for_each_new_match_not_for_an_undo_of_the_same(monkeypatch):
    from game.ai import worker
    from game.modes.duel import duel_setup

    settled = []
    monkeypatch.setattr(worker, "settle_heap", lambda: settled.append(len(conn.sent)))
    first = duel_setup(["treant", "artificer"], 3).to_json()
    second = duel_setup(["huntress", "barbarian"], 4).to_json()
    conn = _Script(
        [
            ("reset", "match", first, [], False),
            ("reset", "match", first, [], False),  # an undo or a resync: the same match again
            ("reset", "match", second, [], False),
        ]
    )
    worker._serve(conn, {1: ("duel", "hard", 5)})
    assert len(settled) == 2
    assert not [m for m in conn.sent if m[0] == "error"]
