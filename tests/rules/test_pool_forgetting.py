"""Resolved damage pools are forgotten as a turn starts, unless something still points at them.

Before, a match kept every pool it had made: most of a long match's state, in every save and
digest. These stories play random-legal matches (Treant's companion, Cursed Pirate's setup
step, Vampire Lord's Bloodlust, Artificer's Nanites, a 2v2) and check at every turn's start that
only pools still waiting or still named by the match are kept; one story builds the case of a
damage window whose pool and saved focus are both resolved.
"""

from __future__ import annotations

import random

import pytest

from game.modes.duel import duel_setup
from game.modes.variants import setup_for
from game.rules import ops
from game.rules.components import DamagePool
from game.rules.engine import Engine
from game.rules.frames import DamageFrame


def _named(engine) -> set:
    pools = engine.pools
    named = {pools.current, pools.focus, engine.combat.pool}
    for frame in engine.program.frames:
        named.add(getattr(frame, "pool", None))
        named.add(getattr(frame, "previous_focus", None))
    return named


@pytest.mark.parametrize(
    "mode, heroes, seed",
    [
        ("duel", ["treant", "cursed_pirate"], 3),
        ("duel", ["vampire_lord", "artificer"], 4),
        ("2v2", ["moon_elf", "samurai", "huntress", "paladin"], 5),
    ],
)
def test_a_turn_starts_with_only_the_pools_still_in_use(mode, heroes, seed):
    setup = duel_setup(heroes, seed) if mode == "duel" else setup_for(mode, heroes, seed)
    engine = Engine.new_match(setup, keep_log=False)
    rng = random.Random(seed)
    turns_seen = 0
    try:
        with engine.world.active():
            turn = engine.info.turn
        while not engine.over and len(engine.actions) < 900:
            with engine.world.active():
                made_before = engine.pools.next_id  # pools made by this action are newer
            engine.apply(rng.choice(engine.pending.options).action)
            with engine.world.active():
                if engine.info.turn != turn:  # a turn started during that action
                    turn = engine.info.turn
                    turns_seen += 1
                    named = _named(engine)
                    for pid, pool in engine.pools.pools.items():
                        assert not pool.resolved or pid in named or pid >= made_before
                waiting = [p for p in engine.pools.pools.values() if not p.resolved]
                assert ops.pools_waiting(engine) == waiting
        with engine.world.active():
            assert engine.pools.next_id > 3 * len(engine.pools.pools)
    finally:
        engine.close()
    assert turns_seen >= 4


def test_a_resolved_pool_a_damage_window_still_names_is_kept():
    engine = Engine.new_match(duel_setup(["barbarian", "monk"], 1), keep_log=False)
    try:
        with engine.world.active():
            pools = engine.pools
            old = [ops.new_pool(engine, f"old {n}") for n in range(4)]
            for pool in old:
                pool.resolved = True
            engine.program.frames.append(DamageFrame(pool=old[1].id, previous_focus=old[2].id))
            pools.focus = old[3].id
            waiting = ops.new_pool(engine, "waiting")
            ops.forget_resolved_pools(engine)
            kept = set(pools.pools)
            engine.program.frames.pop()
            assert old[0].id not in kept
            assert {old[1].id, old[2].id, old[3].id, waiting.id} <= kept
            assert isinstance(pools.pools[waiting.id], DamagePool)
            assert ops.pools_waiting(engine) == [waiting]
    finally:
        engine.close()
