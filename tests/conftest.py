"""Shared test setup: headless SDL, a throwaway user data folder, and the Table helper."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# scenes decide inline (frame-exact tests); tests/ui/test_ai_worker.py runs the worker process
os.environ.setdefault("DICE_THRONE_AI_WORKER", "inline")

import pytest


@pytest.fixture(autouse=True)
def _user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_THRONE_HOME", str(tmp_path / "userdata"))
    yield


@pytest.fixture(autouse=True)
def _no_worker_leaks():
    """No test may leave a computer's worker process running."""
    yield
    from game.ai.worker import live_workers

    left = live_workers()
    for worker in left:
        worker.close()
    assert not left, f"{len(left)} AI worker process(es) left running"


@pytest.fixture(autouse=True)
def _no_world_leaks():
    """Each test's matches must not leave esper worlds behind (or switch the default): the
    worlds a test made are deleted after it. (No full garbage collection first: it cost
    10-100 ms a test once content and the computer's tables are loaded, and an engine the
    collector frees later finds its world already gone, which `MatchWorld.close` allows.)"""
    import esper

    before = set(esper.list_worlds())
    yield
    assert esper.current_world == "default"
    leaked = set(esper.list_worlds()) - before
    for name in leaked:
        esper.delete_world(name)
