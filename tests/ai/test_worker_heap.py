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
