"""The computer's worker process (game/ai/worker.py): the same game as deciding inline, a
window that falls back when the worker dies or drifts, and no process left behind."""

from __future__ import annotations

import time

import pytest

from game.ai.worker import ANSWER_TIMEOUT, AIWorker, controller, live_workers
from game.modes.duel import duel_setup
from game.rules.engine import Engine, keeping_resolved_pools

HEROES = ["cursed_pirate", "huntress"]  # both have a setup step (Curses, Nyra)


def _specs(seed: int) -> dict[int, tuple]:
    return {seat: ("duel", "hard", seed * 31 + seat) for seat in (0, 1)}


def _play(engine, worker: AIWorker | None, controllers, limit: int) -> int:
    """Computer against computer until the end (or `limit` actions); waits are counted."""
    waits = 0
    deadline = time.monotonic() + 120
    while not engine.over and len(engine.actions) < limit:
        choice = engine.pending
        seat = choice.player
        if worker is None:
            action = controllers[seat].decide(engine, choice)
        else:
            action = worker.decide(engine, choice, controllers[seat])
        if action is None:
            waits += 1
            assert time.monotonic() < deadline, "the worker never answered"
            time.sleep(0.002)
            continue
        engine.apply(action)
    return waits


def test_a_hard_duel_through_the_worker_is_the_inline_duel():
    seed = 11
    inline = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    _play(inline, None, {s: controller(spec) for s, spec in _specs(seed).items()}, 400)
    through = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    worker = AIWorker(_specs(seed), inline=False)
    try:
        fallback = {s: controller(spec) for s, spec in _specs(seed).items()}
        waits = _play(through, worker, fallback, 400)
        assert worker.warnings == [] and not worker.dead
        assert waits > 0  # the answers really came from the other process
        assert worker.proc is not None and worker.proc.pid is not None
    finally:
        worker.close()
    assert len(through.actions) == len(inline.actions) > 20
    assert through.digest() == inline.digest()
    inline.close()
    through.close()
    assert live_workers() == []


def test_an_undo_resyncs_the_worker():
    """The window took actions back (Undo restores a snapshot): the next question resets the
    worker's copy from the whole match instead of answering from a state that is gone."""
    seed = 5
    engine = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    specs = _specs(seed)
    worker = AIWorker(specs, inline=False)
    fallback = {s: controller(spec) for s, spec in specs.items()}
    try:
        _play(engine, worker, fallback, 30)
        snapshot = engine.snapshot()
        _play(engine, worker, fallback, 45)
        engine.restore(snapshot)
        _play(engine, worker, fallback, 60)
        assert worker.warnings == [] and not worker.dead
    finally:
        worker.close()
        engine.close()


def test_a_match_resumed_from_an_older_save_keeps_its_worker_in_step():
    """A save of the rules before version 4 resumes in an engine that keeps its resolved
    damage pools (tests/persistence/test_older_pool_saves.py): the worker's copy keeps them too,
    so the digests it checks agree and no decision falls back to the window."""
    seed = 9
    with keeping_resolved_pools():
        engine = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    specs = _specs(seed)
    worker = AIWorker(specs, inline=False)
    fallback = {s: controller(spec) for s, spec in specs.items()}
    try:
        _play(engine, worker, fallback, 120)  # many turns: many resolved pools
        assert worker.warnings == [] and not worker.dead
        with engine.world.active():
            assert len(engine.pools.pools) > 10
    finally:
        worker.close()
        engine.close()


def test_a_drifted_worker_is_caught_and_the_choice_made_inline():
    """The window's match differs from the worker's (here: a die forced in the window only):
    the digest check refuses the answer, a warning is logged, the decision is made inline."""
    seed = 7
    engine = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    with engine.world.active():
        engine.rng.forced_dice.extend([6, 6, 6, 6, 6])
    specs = _specs(seed)
    worker = AIWorker(specs, inline=False)
    fallback = {s: controller(spec) for s, spec in specs.items()}
    try:
        _play(engine, worker, fallback, 40)
    finally:
        worker.close()
    assert worker.warnings and "digest" in worker.warnings[0]
    assert worker.dead  # drifted twice: no longer trusted
    assert len(engine.actions) >= 40  # the game went on inline
    engine.close()


def test_no_process_in_inline_mode():
    worker = AIWorker(_specs(1), inline=True)
    engine = Engine.new_match(duel_setup(HEROES, 1, turn_limit=0), keep_log=False)
    fallback = {s: controller(spec) for s, spec in _specs(1).items()}
    assert _play(engine, worker, fallback, 20) == 0
    assert worker.proc is None
    engine.close()


# ------------------------------------------------------------------ in the window


@pytest.fixture
def app():
    from game.persistence.settings import Settings
    from game.ui.app import App

    app = App(Settings(sound_volume=0.0, music_volume=0.0), size=(1280, 720))
    yield app
    app.close()


def _frames_until(app, test, seconds: float = 60.0) -> None:
    from game.ui.app import STEP

    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the scene did not get there"
        app.frame(STEP)


def test_the_duel_scene_falls_back_when_its_worker_is_killed(app, monkeypatch):
    from game.ui.scenes.duel import DuelScene

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "process")
    engine = Engine.new_match(duel_setup(HEROES, 3, turn_limit=0))
    cpu = {"kind": "computer", "level": "hard"}
    scene = DuelScene(app, engine, [cpu, cpu])
    app.push(scene)
    assert scene.worker.active and scene.worker.proc is not None
    _frames_until(app, lambda: len(engine.actions) >= 6)
    assert scene.worker.warnings == []
    scene.worker.proc.kill()  # the worker dies mid-game
    reached = len(engine.actions)
    # noticed at once (not after ANSWER_TIMEOUT): the game goes on inline
    _frames_until(app, lambda: len(engine.actions) >= reached + 6, seconds=ANSWER_TIMEOUT / 2)
    assert scene.worker.dead and scene.worker.proc is None
    # how it is noticed depends on timing (a broken pipe, EOF or the exit code): always said
    assert any("now decides inline" in w for w in scene.worker.warnings)
    app.pop()
    assert live_workers() == []
    engine.close()


def test_leaving_the_scene_stops_its_worker(app, monkeypatch):
    from game.ui.scenes.duel import DuelScene

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "process")
    engine = Engine.new_match(duel_setup(HEROES, 4, turn_limit=0))
    scene = DuelScene(app, engine, [{"kind": "human"}, {"kind": "computer", "level": "hard"}])
    app.push(scene)
    proc = scene.worker.proc
    assert proc is not None and proc.is_alive()
    app.pop()
    assert not proc.is_alive() and live_workers() == []
    engine.close()


def test_a_mission_through_the_worker_is_the_inline_mission():
    """The Missions engine runs on a live generator (it cannot be copied): the worker replays
    the setup and the window's actions, and its computer plays exactly as inline."""
    from game.missions.engine import MissionEngine, MissionSetup
    from game.missions.invariants import mission_digest

    setup = MissionSetup("harbor_heist", ("treant", "huntress"), seed=9)
    specs = {seat: ("mission", 9 * 31 + seat) for seat in (0, 1)}
    inline = MissionEngine(setup)
    _play(inline, None, {s: controller(spec) for s, spec in specs.items()}, 150)
    through = MissionEngine(setup)
    worker = AIWorker(specs, inline=False)
    try:
        waits = _play(through, worker, {s: controller(spec) for s, spec in specs.items()}, 150)
        assert worker.warnings == [] and waits > 0
    finally:
        worker.close()
    assert len(through.actions) == len(inline.actions) > 50
    assert mission_digest(through) == mission_digest(inline)


def test_odds_come_from_the_worker_without_waiting():
    """The first odds for a hero take a solve (tens of ms): the worker does it, the window
    gets None until the answer is in, then the very table inline code computes."""
    from game.ai.odds import odds
    from game.rules import ops

    engine = Engine.new_match(duel_setup(HEROES, 2, turn_limit=0), keep_log=False)
    with engine.world.active():
        player = engine.player(0)
        hero = engine.hero(player)
        abilities = ops.abilities(engine, player, ("offensive", "ultimate"))
    engine.close()
    worker = AIWorker({}, inline=False)
    try:
        key = ("test", (3, 3, 4, 5, 6), 2)
        assert worker.odds(key, hero, abilities, (3, 3, 4, 5, 6), 2) is None
        deadline = time.monotonic() + 60
        got = None
        while got is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
            got = worker.odds(key, hero, abilities, (3, 3, 4, 5, 6), 2)
        assert worker.proc is not None
    finally:
        worker.close()
    assert got == odds(hero, abilities, (3, 3, 4, 5, 6), 2)
    assert len(got) >= 4 and any(0 < p < 1 for p in got.values())


def test_the_heap_is_settled_for_a_new_scene_and_released_on_close(app):
    import gc

    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    app.settle_heap()
    assert gc.get_freeze_count() > 1000  # content, fonts and the scene: out of the full passes
    app.close()
    assert gc.get_freeze_count() == 0


def test_an_adventure_and_its_battles_share_one_worker(monkeypatch):
    """Computer heroes on the Portal Crawl map and on the duel board of its battles ask the
    campaign scene's one worker; the crawl goes on with no warning and no process is left."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene
    from game.ui.scenes.adventures_menu import new_runner

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "process")
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    runner = new_runner("easy", "Bots", [("barbarian", "hard")], 4, 5)
    scene = AdventureScene(app, runner)
    app.push(scene)
    battles = []
    try:
        assert scene.worker.proc is not None
        _frames_until(
            app,
            lambda: (
                (battles.append(app.scene) if isinstance(app.scene, AdventureBattleScene) else None)
                or (battles and runner.engine is not None and len(runner.engine.actions) >= 40)
            ),
            seconds=120,
        )
        assert battles and all(b.worker is scene.worker for b in battles)
        assert scene.worker.rid > 10 and scene.worker.warnings == []
    finally:
        runner.close()
        app.close()
    assert live_workers() == []


def test_a_worker_that_stops_answering_is_given_up_after_the_timeout(monkeypatch):
    import os
    import signal

    from game.ai import worker as worker_module

    seed = 6
    engine = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0), keep_log=False)
    specs = _specs(seed)
    worker = AIWorker(specs, inline=False)
    fallback = {s: controller(spec) for s, spec in specs.items()}
    try:
        _play(engine, worker, fallback, 10)
        os.kill(worker.proc.pid, signal.SIGSTOP)  # alive, but never answers again
        monkeypatch.setattr(worker_module, "ANSWER_TIMEOUT", 1.0)
        started = time.monotonic()
        _play(engine, worker, fallback, 20)
        assert time.monotonic() - started < 15
        assert worker.dead and any("no answer" in w for w in worker.warnings)
    finally:
        worker.close()
        engine.close()
    assert live_workers() == []
