"""Speed work must not change a single decision: seeded matches end in exactly the state
recorded from main before the speed changes of issue 18 (commit 75b8850).

Each case plays a seeded match to its end and compares the final state's digest and the
number of actions taken. Heroes with a setup step (Cursed Pirate, Huntress and Nyra, Treant
and its Seedling, Artificer and Synth) and team formats are among them; the random-legal and
mixed-level cases cover what `game fuzz` plays. If a case fails after a change meant only to
be faster, that change altered a decision or a rule.
"""

from __future__ import annotations

import hashlib

import pytest

from game.ai import make_ai
from game.content.loader import default_content
from game.modes.duel import duel_setup, play_out
from game.modes.variants import setup_for
from game.rules.engine import Engine

# (mode, heroes in seating order, seed, one controller kind per seat)
CASES = [
    ("duel", ["cursed_pirate", "huntress"], 11, ["hard", "hard"]),
    ("duel", ["treant", "artificer"], 12, ["hard", "hard"]),
    ("duel", ["artificer", "moon_elf"], 13, ["hard", "normal"]),
    ("duel", ["seraph", "vampire_lord"], 14, ["hard", "hard"]),
    ("duel", ["gunslinger", "barbarian"], 19, ["hard", "hard"]),
    ("duel", ["pyromancer", "shadow_thief"], 20, ["hard", "hard"]),
    ("duel", ["monk", "paladin"], 21, ["hard", "hard"]),
    ("duel", ["samurai", "tactician"], 22, ["hard", "hard"]),
    ("duel", ["ninja", "huntress"], 23, ["hard", "easy"]),
    ("duel", ["tactician", "ninja"], 15, ["random", "random"]),
    ("2v2", ["treant", "artificer", "huntress", "cursed_pirate"], 16, ["hard"] * 4),
    ("koth", ["samurai", "treant", "pyromancer"], 17, ["hard", "easy", "random"]),
    (
        "3v3",
        ["huntress", "monk", "artificer", "paladin", "shadow_thief", "cursed_pirate"],
        18,
        ["random", "normal", "hard", "easy", "random", "hard"],
    ),
    (
        "2v2v2",
        ["vampire_lord", "seraph", "treant", "gunslinger", "moon_elf", "artificer"],
        24,
        ["hard", "normal", "hard", "random", "easy", "hard"],
    ),
]

# recorded from commit 75b8850 (main before the speed changes):
# (final state digest, digest of every action taken, number of actions)
EXPECTED: list[tuple[str, str, int]] = [
    ("0f8fee332003137b3c94bf40716c68e2", "0c2b96fe4220db30", 245),
    ("2c374acde34d975e44eb8c8981e711ce", "34e2d5a0946e2eea", 336),
    ("a3a6ae8122341fef6b5854121b52082d", "18c61fb6275d9007", 504),
    ("e4f660bc3200f16a20b5e10244c6c568", "c3a164e763b8ecaf", 399),
    ("bfe5a6a69ed77e82f18acdc16821e906", "833243e7cb10b53e", 142),
    ("6b5896368b627f539859fa32302da56b", "8d2815410d798496", 187),
    ("a4e12d92f88bb1131abac3f2f05f94c5", "bd37eeb02e9a47d0", 302),
    ("dde6742cdfd897e28d33e4e3520f1bc4", "8d635ad0e3d7168e", 229),
    ("f7cb7e666d7dc94649cfdaa54e4f932b", "d153bd7f1c1ee49e", 167),
    ("3dab897b82bc2f8ac707e2c4c632349b", "211aaa37737b3c3a", 598),
    ("f65e3d5fba0815c4b7ebb24dc2570e73", "8d18dd7d273edd7d", 434),
    ("6f92848af3e14b2b1e22a829db33f1c4", "9ddeb05b88ef315f", 278),
    ("0870a422fe28c59baab3f175f69f06b7", "44a7911d98e1472d", 522),
    ("2f6a5bb00db72bc9731917d3ea1fb98e", "e7b5bd5026afa05c", 922),
]


def play(mode: str, heroes: list[str], seed: int, kinds: list[str]) -> tuple[str, str, int]:
    content = default_content()
    if mode == "duel":
        setup = duel_setup(heroes, seed)
    else:
        setup = setup_for(mode, heroes, seed, turn_limit=400)
    engine = Engine.new_match(setup, content, keep_log=False)
    controllers = [make_ai(kind, seed * 31 + i) for i, kind in enumerate(kinds)]
    result = play_out(engine, controllers)
    actions = hashlib.sha256(repr(list(engine.actions)).encode()).hexdigest()[:16]
    engine.close()
    return result.digest[:32], actions, result.actions


@pytest.mark.parametrize("index", range(len(CASES)))
def test_a_seeded_match_ends_exactly_as_recorded_before_the_speed_work(index):
    mode, heroes, seed, kinds = CASES[index]
    assert play(mode, heroes, seed, kinds) == EXPECTED[index]
