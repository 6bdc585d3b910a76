"""Every level plays whole duels choosing only legal options; same seed, same game."""

from __future__ import annotations

import pytest

from game.ai import BASELINES, LEVEL_NAMES, LEVELS, make_ai
from game.content.loader import default_content
from game.modes.duel import duel_setup
from game.rules.engine import Engine, replay


class Checked:
    """Wraps a controller: every answer must be one of the pending choice's options."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.decisions = 0
        self.kinds: set[str] = set()

    def decide(self, engine, choice):
        action = self.inner.decide(engine, choice)
        assert choice.find(action) is not None, (choice.kind, choice.prompt, action)
        self.decisions += 1
        self.kinds.add(choice.kind)
        return action


def play(levels, heroes, seed, content):
    engine = Engine.new_match(duel_setup(heroes, seed, turn_limit=200), content, keep_log=False)
    seats = [Checked(make_ai(level, seed * 31 + i)) for i, level in enumerate(levels)]
    while not engine.over:
        choice = engine.pending
        engine.apply(seats[choice.player].decide(engine, choice))
    return engine, seats


def test_levels_for_players_and_baselines():
    assert LEVELS == ("easy", "normal", "hard")
    assert set(LEVEL_NAMES) == set(LEVELS)
    assert "heuristic" in BASELINES and "heuristic" not in LEVELS
    for level in (*LEVELS, *BASELINES):
        assert hasattr(make_ai(level, 1), "decide")
    with pytest.raises(ValueError):
        make_ai("impossible", 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "heuristic", "random"])
def test_only_legal_options_over_many_seeded_duels(level):
    content = default_content()
    others = ["random", "hard", "easy", "normal"]
    kinds: set[str] = set()
    for index in range(8):
        heroes = [["gunslinger", "barbarian"], ["barbarian", "gunslinger"]][index % 2]
        if index % 4 == 3:
            heroes = [heroes[0], heroes[0]]
        levels = [level, others[index % len(others)]]
        if index % 2:
            levels.reverse()
        engine, seats = play(levels, heroes, 500 + index, content)
        assert engine.over
        for seat in seats:
            kinds |= seat.kinds
        engine.close()
    assert {"main_phase", "offensive_roll", "defensive_roll", "respond"} <= kinds


def test_same_seed_same_game_and_the_actions_replay():
    content = default_content()
    digests = []
    for _ in range(2):
        engine, _seats = play(["hard", "normal"], ["gunslinger", "barbarian"], 77, content)
        digests.append(engine.digest())
        again = replay(engine.setup, engine.actions, content)
        assert again.digest() == engine.digest()
        again.close()
        engine.close()
    assert digests[0] == digests[1]


def test_different_seeds_give_different_games():
    content = default_content()
    a, _ = play(["normal", "easy"], ["barbarian", "barbarian"], 1, content)
    b, _ = play(["normal", "easy"], ["barbarian", "barbarian"], 2, content)
    assert a.digest() != b.digest()
    a.close()
    b.close()


def test_a_computer_can_take_any_seat_in_a_three_player_match():
    # Free-for-all with three seats: targets must be chosen among several opponents.
    from game.rules.engine import MatchSetup, SeatSetup

    content = default_content()
    setup = MatchSetup(
        seats=(SeatSetup("gunslinger"), SeatSetup("barbarian"), SeatSetup("gunslinger")),
        seed=9,
        turn_limit=300,
    )
    engine = Engine.new_match(setup, content, keep_log=False)
    seats = [Checked(make_ai(level, i)) for i, level in enumerate(["hard", "normal", "easy"])]
    while not engine.over:
        choice = engine.pending
        engine.apply(seats[choice.player].decide(engine, choice))
    assert "choose_target" in set().union(*(s.kinds for s in seats))
    engine.close()
