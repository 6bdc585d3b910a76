"""Property tests: whatever legal choices the players make, the invariants hold."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.modes.duel import duel_setup
from game.rules.engine import Engine
from game.rules.invariants import check_invariants
from game.rules.view import match_view

HEROES = ["gunslinger", "barbarian"]


def _play(seed: int, picks: list[int], heroes: list[str], max_actions: int = 900) -> Engine:
    engine = Engine.new_match(duel_setup(heroes, seed, turn_limit=60))
    last_active = None
    for index in range(max_actions):
        if engine.over:
            break
        choice = engine.pending
        assert choice is not None and choice.options, "someone must always have a legal choice"
        option = choice.options[picks[index % len(picks)] % len(choice.options)]
        events = engine.apply(option.action)
        problems = check_invariants(engine)
        assert problems == [], f"after {option.label}: {problems}"
        for event in events:
            if event.kind == "turn_started":
                if last_active is not None:
                    hand = len(match_view(engine).players[last_active].hand)
                    assert hand <= 6, f"seat {last_active} ended a turn holding {hand} cards"
                last_active = event.data["player"]
    return engine


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60),
    swap=st.booleans(),
)
def test_random_legal_play_keeps_every_invariant(seed, picks, swap):
    heroes = HEROES[::-1] if swap else HEROES
    engine = _play(seed, picks, heroes)
    engine.close()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_mirror_matches_keep_every_invariant(seed):
    for hero in HEROES:
        engine = _play(seed, [seed % 97, 3, 1, 4, 1, 5, 9, 2, 6], [hero, hero])
        engine.close()


def test_health_never_exceeds_start_plus_ten_with_heavy_healing():
    # Barbarian heals a lot (Fortitude, Thick Skin, Rest Up): the cap is starting Health + 10.
    engine = _play(7, [0, 1, 2, 3], ["barbarian", "barbarian"])
    for player in match_view(engine).players:
        assert player.health <= player.start_health + 10
    engine.close()
