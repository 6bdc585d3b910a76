"""Computer seats as the worker processes decide them (called here in-process)."""

from __future__ import annotations

from game.ai import make_ai
from game.modes.variants import setup_for
from game.online import workers
from game.rules.engine import Engine


def test_a_worker_catches_up_from_what_it_holds_and_replays_a_different_history():
    setup = setup_for("duel", ["huntress", "treant"], seed=21)
    engine = Engine.new_match(setup)
    ai = make_ai("random", 3)
    try:
        seen = []
        while not engine.over and len(engine.actions) < 40:
            choice = engine.pending
            actions = [a.to_json() for a in engine.actions]
            index = workers.decide("R1", setup.to_json(), actions, choice.player, "normal", 5)
            assert 0 <= index < len(choice.options)
            seen.append(id(workers._cache["R1"][0]))
            engine.apply(ai.decide(engine, choice))
        assert len(set(seen)) == 1  # one engine, brought up to date step by step
        held = workers._cache["R1"][0]
        assert held.actions == engine.actions[: len(held.actions)]
        # a history that went another way (a different room file under the same code) is
        # replayed from scratch rather than trusted
        other = Engine.new_match(setup)
        try:
            choice = other.pending
            last = next(o.action for o in choice.options if o.action != engine.actions[0])
            other.apply(last)
            workers.decide("R1", setup.to_json(), [last.to_json()], other.pending.player, "easy", 1)
            assert workers._cache["R1"][0].actions == [last]
        finally:
            other.close()
    finally:
        workers.forget("R1")
        engine.close()


def test_a_worker_decides_for_a_mission_hero_from_seed_and_actions():
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup

    setup = MissionSetup("harbor_heist", ("cursed_pirate", "treant"), seed=31)
    engine = MissionEngine(setup)
    ai = MissionAI(2)
    try:
        seen = []
        while not engine.over and len(engine.actions) < 30:
            choice = engine.pending
            actions = [a.to_json() for a in engine.actions]
            index = workers.decide("M1", setup.to_json(), actions, choice.player, "normal", 4, True)
            assert 0 <= index < len(choice.options)
            seen.append(id(workers._cache["M1"][0]))
            engine.apply(ai.decide(engine, choice))
        assert len(set(seen)) == 1  # the Mission's live generator is kept and advanced
        assert isinstance(workers._cache["M1"][0], MissionEngine)
    finally:
        workers.forget("M1")
        engine.close()
