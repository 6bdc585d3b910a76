"""The computer player's caches give the same answers as computing afresh."""

from __future__ import annotations

import random

from game.ai.dice_solver import (
    ALL_FIVE,
    FIVE_INDEX,
    Solver,
    card_terminal,
    shared_solver,
)
from game.content.loader import default_content
from game.rules.dice import meets, meets_each


def _table(seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.choice([0.0, 1.0, rng.random() * 9, -rng.random()]) for _ in ALL_FIVE]


def test_a_shared_solver_is_exactly_a_fresh_one_whatever_was_asked_before():
    values = _table(1)
    # asked for 1 attempt, then 3 (the shared solve is extended), then 2 (a prefix)
    one, three, two = (shared_solver(values, n) for n in (1, 3, 2))
    for attempts, got in ((1, one), (2, two), (3, three)):
        fresh = Solver(values, attempts)
        assert got.attempts == attempts
        assert [got._v(r) for r in range(attempts + 1)] == [
            fresh._v(r) for r in range(attempts + 1)
        ]
        assert got.w == fresh.w
        for dice in ([1, 2, 3, 4, 6], [6, 6, 6, 1, 2], [2, 2, 3, 5, 5]):
            assert got.best_keep(dice, attempts) == fresh.best_keep(dice, attempts)
            assert got.value(dice, 3) == fresh.value(dice, 3)  # clamped to its own attempts
    assert len(one.v) <= 2 and len(one.w) == 1  # the solver handed out first did not grow


def _by_hand(values, mode):
    out = list(values)
    for j, s in enumerate(ALL_FIVE):
        for i in range(5):
            rest = list(s[:i] + s[i + 1 :])
            if mode == "set_six":
                targets = [6] if s[i] != 6 else []
            elif mode == "adjust_one":
                targets = [v for v in (s[i] - 1, s[i] + 1) if 1 <= v <= 6]
            else:  # copy_own
                targets = [v for v in rest if v != s[i]]
            for v in targets:
                out[j] = max(out[j], values[FIVE_INDEX[tuple(sorted([*rest, v]))]])
    return out


def test_one_die_card_tables_match_trying_every_change_by_hand():
    for seed in range(3):
        values = _table(seed)
        for mode in ("set_six", "adjust_one", "copy_own"):
            assert card_terminal(values, mode) == _by_hand(values, mode)


def test_set_any_card_reaches_every_result_one_die_away():
    values = [0.0] * len(ALL_FIVE)
    values[FIVE_INDEX[(2, 3, 4, 5, 6)]] = 1.0  # a large straight
    table = card_terminal(values, "set_any", 1)
    assert table[FIVE_INDEX[(2, 3, 4, 5, 5)]] == 1.0  # one die off: the card finishes it
    assert table[FIVE_INDEX[(2, 3, 4, 4, 4)]] == 0.0  # two off: it cannot
    assert card_terminal(values, "set_any", 2)[FIVE_INDEX[(2, 3, 4, 4, 4)]] == 1.0


def test_meets_each_agrees_with_meets_for_every_row_of_a_hero_with_a_setup_step():
    content = default_content()
    for hero_id in ("cursed_pirate", "treant", "artificer", "huntress"):
        hero = content.heroes[hero_id]
        for slot in hero.slots:
            for level in slot.levels.values():
                for ability in level:
                    for row in ability.rows:
                        table = meets_each(row.requirement, hero, ALL_FIVE)
                        assert table == tuple(meets(row.requirement, hero, s) for s in ALL_FIVE)


def test_players_of_one_process_share_tables_only_with_the_same_model():
    from game.ai.policy import SmartAI
    from game.modes.duel import duel_setup
    from game.rules.engine import Engine

    content = default_content()
    engine = Engine.new_match(duel_setup(["cursed_pirate", "huntress"], 5), content)
    a, b = SmartAI(1, hard=True), SmartAI(2)
    c = SmartAI(3, hard=True, params={"m_kill": 30.0})
    for player in (a, b, c):
        player.decide(engine, engine.pending)
    assert a.env is b.env  # Hard and Normal value outcomes the same way
    assert c.env is not a.env and c.env.params == {"kill": 30.0}
    engine.close()


_GAME = """
import sys
from game.ai.arena import pairings, play_one
from game.content.loader import default_content

content = default_content()
pairs = pairings(sorted(content.heroes), False)
for index in [int(i) for i in sys.argv[1:]]:
    pair = pairs[(index // 2) % len(pairs)]
    print(play_one("hard", "normal", pair, index % 2, 201000 + index // 2, content)[3])
"""


def test_a_match_plays_the_same_after_other_matches_in_the_process():
    """The shared tables hold no match's history: game 5 of the Hard-vs-Normal series
    (Artificer against Hard Cursed Pirate) after games 0-4 equals game 5 in a fresh process.
    (Upgrade gains shared between matches broke this.)"""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]

    def digests(*games: int) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", _GAME, *map(str, games)],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.split()

    assert digests(0, 1, 2, 3, 4, 5)[-1] == digests(5)[0]
