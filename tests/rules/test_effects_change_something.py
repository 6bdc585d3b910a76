"""Harness check (issue 16, item 5): a card that may be played or a token that may be spent
always changes something. In seeded random games - 1v1 and 2v2, with heroes that have a setup
step (Cursed Pirate, Huntress/Nyra, Treant/Seedling, Artificer/Synth) - every play and spend
offered is tried on a copy of the match and played out (others pass, questions get their first
answer); the match afterwards must differ from the same match where only the price was paid
(the card moved to the discard pile and its CP paid, or the token and its costs removed).
An optional part that finds nothing to do is fine: only "nothing at all" fails."""

from __future__ import annotations

import random

import pytest

from game.content.loader import load_content
from game.modes.duel import duel_setup
from game.modes.variants import setup_for
from game.rules import codec, ops
from game.rules.engine import Engine
from game.rules.options import card_cost

CONTENT = load_content()
IGNORED = {"Program", "TurnFlags"}  # what is being asked / spend counts: bookkeeping only


def _state(eng) -> list:
    with eng.world.active():
        return [
            (ent, [codec.encode(c) for c in comps if type(c).__name__ not in IGNORED])
            for ent, comps in eng.world.entities()
        ]


def _pay_only(eng, action) -> list:
    """The match as it would be if `action` only cost its price."""
    base = eng.clone()
    try:
        with base.world.active():
            player = base.player(action.player)
            if action.kind == "play":
                card = action.get("card")
                ops.lose_cp(base, player, card_cost(base, player, card), "price")
                piles = base.piles(player)
                piles.hand.remove(card)
                if ops.card_def(base, card).type != "upgrade":
                    piles.discard.append(card)
            else:
                status = action.get("status")
                spend = ops.status_def(base, status).spend
                if not spend.keep:
                    ops.remove_status(base, player, status, 1, quiet=True)
                for paid, count in spend.cost:
                    ops.remove_status(base, player, paid, count, why="price")
        return _state(base)
    finally:
        base.close()


def _changes_something(eng, action, price_only: list, depth: int | None = None, budget=None):
    """Whether some way of playing `action` out (others pass; each question of its own tried
    answer by answer, within a budget) leaves the match different from `price_only`."""
    budget = budget if budget is not None else [40]
    copy = eng.clone()
    try:
        if depth is None:
            with copy.world.active():
                depth = len(copy.program.frames)
        copy.apply(action)
        budget[0] -= 1
        for _ in range(200):
            with copy.world.active():
                busy = len(copy.program.frames) > depth
            if copy.over or not busy or copy.pending is None:
                return _state(copy) != price_only
            options = [o.action for o in copy.pending.options]
            passing = [a for a in options if a.kind in ("pass", "accept")]
            if passing:
                copy.apply(passing[0])
                continue
            for option in options[:8]:
                if budget[0] <= 0:
                    return True  # not judged: the budget is spent
                if _changes_something(copy, option, price_only, depth, budget):
                    return True
            return False
        return True  # not judged: no end in sight
    finally:
        copy.close()


def _upgrade(eng, action) -> bool:
    if action.kind != "play":
        return False
    with eng.world.active():
        return ops.card_def(eng, action.get("card")).type == "upgrade"


MATCHES = [
    ("duel", ["cursed_pirate", "huntress"], 3),
    ("duel", ["treant", "artificer"], 5),
    ("duel", ["gunslinger", "barbarian"], 7),
    ("duel", ["samurai", "seraph"], 11),
    ("2v2", ["moon_elf", "monk", "paladin", "vampire_lord"], 13),
    ("2v2", ["ninja", "shadow_thief", "pyromancer", "tactician"], 17),
]


@pytest.mark.parametrize("mode,heroes,seed", MATCHES, ids=[f"{m}-{s}" for m, _h, s in MATCHES])
def test_every_offered_card_and_token_changes_something(mode, heroes, seed):
    if mode == "duel":
        setup = duel_setup(heroes, seed, turn_limit=60)
    else:
        setup = setup_for(mode, heroes, seed, turn_limit=60)
    rng = random.Random(seed)
    eng = Engine.new_match(setup, CONTENT, keep_log=False)
    tried = 0
    try:
        for _step in range(400):
            if eng.over or eng.pending is None:
                break
            options = [o.action for o in eng.pending.options]
            seen = set()
            for action in options:
                if action.kind not in ("play", "spend") or _upgrade(eng, action):
                    continue
                key = (action.kind, action.get("status"), action.get("card"))
                if key in seen:
                    continue
                seen.add(key)
                tried += 1
                assert _changes_something(eng, action, _pay_only(eng, action)), (
                    f"{action} offered to seat {action.player} "
                    f"({eng.pending.prompt}) changed nothing but its price"
                )
            eng.apply(rng.choice(options))
    finally:
        eng.close()
    assert tried > 0
