"""A seed plus the action list replays a match exactly; snapshots restore exactly."""

from __future__ import annotations

import random

import pytest

from game.ai.simple import SimpleAI
from game.modes.duel import duel_setup, play_out
from game.rules import codec
from game.rules.actions import IllegalAction, act
from game.rules.engine import Engine, MatchSetup, replay


def _played(seed: int) -> Engine:
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed))
    play_out(engine, [SimpleAI(seed), SimpleAI(seed + 1)])
    return engine


@pytest.mark.parametrize("seed", [1, 2, 3, 17, 99])
def test_seed_and_actions_replay_to_the_same_digest(seed):
    engine = _played(seed)
    again = replay(engine.setup, engine.actions)
    assert again.digest() == engine.digest()
    assert again.over
    engine.close()
    again.close()


def test_setup_round_trips_through_json_for_replay_files():
    setup = duel_setup(["barbarian", "gunslinger"], 5)
    assert MatchSetup.from_json(setup.to_json()) == setup


def test_different_seeds_give_different_matches():
    a, b = _played(1), _played(2)
    assert a.digest() != b.digest()
    a.close()
    b.close()


def test_snapshot_restore_returns_to_the_exact_state():
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], 11))
    ai = [SimpleAI(1), SimpleAI(2)]
    for _ in range(40):
        choice = engine.pending
        engine.apply(ai[choice.player].decide(engine, choice))
    snap = engine.snapshot()
    before = engine.digest()
    pending_before = engine.pending
    for _ in range(60):
        if engine.over:
            break
        choice = engine.pending
        engine.apply(ai[choice.player].decide(engine, choice))
    assert engine.digest() != before
    engine.restore(snap)
    assert engine.digest() == before
    assert engine.pending.options == pending_before.options
    engine.close()


def test_clone_is_independent():
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], 12))
    copy = engine.clone()
    choice = copy.pending
    copy.apply(choice.options[0].action)
    assert copy.digest() != engine.digest()
    assert engine.pending.options == choice.options
    copy.close()
    engine.close()


def test_state_encodes_to_plain_json_and_decodes_back():
    import json

    engine = _played(4)
    data = engine.state_data()
    text = json.dumps(data)
    decoded = codec.decode(json.loads(text))
    assert codec.encode(decoded) == data
    assert codec.digest(decoded) == engine.digest()
    engine.close()


def test_decoding_refuses_unknown_record_types():
    with pytest.raises(ValueError, match="unknown record type"):
        codec.decode({"__t": "os.system", "f": {}})


def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], 21))
    before = engine.digest()
    choice = engine.pending
    other = 1 - choice.player
    with pytest.raises(IllegalAction, match="decision"):
        engine.apply(act(other, "end_phase"))
    with pytest.raises(IllegalAction, match="not a legal option"):
        engine.apply(act(choice.player, "activate", ability="revolver", row=0))
    with pytest.raises(IllegalAction):
        engine.apply("end_phase")  # type: ignore[arg-type]
    assert engine.digest() == before
    assert engine.actions == []
    engine.close()


def test_nothing_can_be_done_after_the_match_ends():
    engine = _played(6)
    with pytest.raises(IllegalAction, match="over"):
        engine.apply(act(0, "pass"))
    engine.close()


def test_every_question_offers_at_least_one_option_in_random_play():
    rng = random.Random(5)
    for seed in range(8):
        engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed, turn_limit=120))
        while not engine.over:
            choice = engine.pending
            assert choice is not None and choice.options
            engine.apply(rng.choice(choice.options).action)
        engine.close()
