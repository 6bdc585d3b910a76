"""Changing a player's stack limits (they last for the rest of the game)."""

from __future__ import annotations

import esper

from game.rules import ops
from game.rules.components import StatusLimits
from game.rules.effects import DONE, register


def raise_stack_limit(eng, frame, fx):
    """The resolving player may hold `amount` more of this status for the rest of the game
    (never more than `max` in all, when given)."""
    me = frame.ctx.me
    status = fx["status"]
    limits = esper.component_for_entity(me, StatusLimits)
    before = ops.stack_limit(eng, me, status)
    after = ops.raised_stack_limit(before, fx["amount"], fx.get("max"))
    if after == before:
        eng.emit(
            "note",
            f"{frame.ctx.source}: the {ops.status_def(eng, status).name} limit is already "
            f"{before}.",
        )
        return DONE
    limits.bonus[status] = limits.bonus.get(status, 0) + after - before
    eng.emit(
        "stack_limit_raised",
        f"{frame.ctx.source}: {eng.name(me)} may now hold {after} "
        f"{ops.status_def(eng, status).name} (for the rest of the game).",
        player=eng.seat(me),
        status=status,
        limit=after,
    )
    return DONE


register(
    verbs={
        "raise_stack_limit": raise_stack_limit,
    },
)
