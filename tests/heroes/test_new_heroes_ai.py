"""Every computer level answers every decision the Treant, Huntress, Artificer and Cursed
Pirate bring (growing Spirits, building Bots, Nyra's damage split, passing a Powder Keg, a
flipped board ...) with a legal option, over whole seeded duels."""

from __future__ import annotations

import pytest

from game.ai import make_ai
from game.content.loader import default_content
from game.modes.duel import duel_setup
from game.rules.engine import Engine

NEW = ["treant", "huntress", "artificer", "cursed_pirate"]
PAIRS = [
    ["treant", "huntress"],
    ["artificer", "cursed_pirate"],
    ["huntress", "artificer"],
    ["cursed_pirate", "treant"],
    ["artificer", "artificer"],
    ["cursed_pirate", "cursed_pirate"],
]


def play(levels, heroes, seed):
    engine = Engine.new_match(
        duel_setup(heroes, seed, turn_limit=200), default_content(), keep_log=False
    )
    ais = [make_ai(level, seed * 31 + i) for i, level in enumerate(levels)]
    kinds: set[str] = set()
    prompts: set[str] = set()
    while not engine.over:
        choice = engine.pending
        action = ais[choice.player].decide(engine, choice)
        assert choice.find(action) is not None, (levels, choice.kind, choice.prompt, action)
        kinds.add(choice.kind)
        prompts.add(choice.prompt.split(":")[0])
        engine.apply(action)
    engine.close()
    return kinds, prompts


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "heuristic", "random", "simple"])
def test_every_level_plays_the_new_heroes_legally(level):
    kinds: set[str] = set()
    for index, heroes in enumerate(PAIRS):
        other = ["random", "simple", "normal"][index % 3]
        found, _ = play([level, other], heroes, 900 + index)
        kinds |= found
    assert {"main_phase", "offensive_roll", "choose"} <= kinds
