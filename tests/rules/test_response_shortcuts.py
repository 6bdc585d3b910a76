"""The response windows' shortcuts offer exactly what the full checks offer.

`response_options` skips a card its type or play conditions rule out at the moment
(`index.card_gate`) and a token none of whose spend windows could be open
(`options._WINDOW_NEEDS`) without running their full checks. These stories play seeded
random-legal matches of heroes with setup steps, companions and tokens of every spend window
and, at every decision, ask every player in every situation a window could be in, comparing
the offered cards and tokens with a reference that runs the full check on each of them.
"""

from __future__ import annotations

import random

import pytest

from game.content import schema
from game.content.loader import default_content
from game.modes.duel import duel_setup
from game.modes.variants import setup_for
from game.rules import ops, options
from game.rules.engine import Engine
from game.rules.options import Situation

MOMENTS = (
    "main",
    "offensive_roll",
    "defensive_roll",
    "card_response",
    "offensive_announce",
    "then",
    "dice_roll",
    "before_defense",
    "before_damage",
    "after_damage",
)


def reference_options(eng, player: int, sit: Situation) -> list[tuple[str, object]]:
    """What a window offers, every card and token through its full check."""
    if options.locked_out(eng, player):
        return []
    out = []
    seen = set()
    for card in eng.piles(player).hand:
        cid = eng.card_id(card)
        if cid in seen:
            continue
        if options._card_reason(eng, player, eng.content.cards[cid], sit) is None:
            seen.add(cid)
            out.append(("play", card))
    for stack in ops.held_statuses(eng, player):
        sdef = eng.content.statuses[stack.status]
        spend_ok = sdef.spend is not None
        if spend_ok and options._spend_reason(eng, player, stack.status, sdef, sit) is None:
            out.append(("spend", stack.status))
    return out


def offered(eng, player: int, sit: Situation) -> list[tuple[str, object]]:
    return [
        (o.action.kind, o.action.get("card") if o.action.kind == "play" else o.action.get("status"))
        for o in options.response_options(eng, player, sit)
    ]


def check_every_situation(engine: Engine) -> int:
    checked = 0
    with engine.world.active():
        groups = list(engine.dice.groups)
        for player in engine.info.players:
            for moment in MOMENTS:
                for dice in ([], groups):
                    sit = Situation(moment, list(dice))
                    assert offered(engine, player, sit) == reference_options(engine, player, sit), (
                        f"seat {engine.seat(player)} at {moment} with dice {dice}"
                    )
                    checked += 1
    return checked


CASES = [
    ("duel", ["treant", "artificer"], 31),
    ("duel", ["cursed_pirate", "huntress"], 32),
    ("duel", ["monk", "seraph"], 33),
    ("duel", ["shadow_thief", "vampire_lord"], 34),
    ("duel", ["barbarian", "gunslinger"], 36),
    ("duel", ["samurai", "pyromancer"], 37),
    ("2v2", ["moon_elf", "samurai", "ninja", "paladin"], 35),
]


@pytest.mark.parametrize("mode, heroes, seed", CASES)
def test_windows_offer_what_the_full_checks_offer_all_match_long(mode, heroes, seed):
    content = default_content()
    setup = duel_setup(heroes, seed) if mode == "duel" else setup_for(mode, heroes, seed)
    engine = Engine.new_match(setup, content, keep_log=False)
    rng = random.Random(seed)
    checked = 0
    try:
        while not engine.over and len(engine.actions) < 260:
            checked += check_every_situation(engine)
            choice = engine.pending
            engine.apply(rng.choice(choice.options).action)
    finally:
        engine.close()
    assert checked > 500


def test_every_spend_window_the_content_may_name_has_a_shortcut_rule():
    assert set(schema.SPEND_WINDOWS) == set(options._WINDOW_NEEDS)
