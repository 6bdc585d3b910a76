"""Shared test setup: headless SDL, a throwaway user data folder, and the Table helper."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# scenes decide inline (frame-exact tests); tests/ui/test_ai_worker.py runs the worker process
os.environ.setdefault("DICE_THRONE_AI_WORKER", "inline")
# headless windows (the dummy video driver shows nothing) send every frame whole instead of
# comparing it with the last one for the changed parts: the comparison was 15-20 % of the CPU
# of the tests that play through a window. The dirty rectangles keep their own tests
# (tests/ui/test_screen_updates.py, through an App too, and _x11.py in a real X server), and
# every real-window game (tests/ui/e2e_kit.py) runs as a player's does, with them.
os.environ.setdefault("DICE_THRONE_FULL_FLIP", "1")

import pytest

# Files whose tests take seconds each (real windows under Xvfb, real servers, whole matches
# audited seat by seat, every tile or hand at every size): they are collected first, heaviest
# first, so that under pytest-xdist (`-n auto --dist worksteal`, which hands each worker a
# contiguous share and lets an idle one take the tail of another's) they start at the
# beginning and the run ends on short tests, instead of one worker finishing a 15-20 s
# real-window test alone (tests/ui came last in the plain order). Order only, no test skipped.
RUN_FIRST = (
    "tests/ui/test_adventures_e2e.py",
    "tests/online/test_adventure_rooms.py",
    "tests/ui/test_window_e2e.py",
    "tests/online/test_seat_view.py",
    "tests/ui/test_missions_e2e.py",
    "tests/online/test_window.py",
    "tests/online/test_window_adventure.py",
    "tests/online/test_coop_difficulty.py",
    "tests/adventures/test_save_kill.py",
    "tests/online/test_boss_rooms.py",
    "tests/ui/test_missions.py",
    "tests/ui/test_demo.py",
    "tests/online/test_mission_rooms.py",
    "tests/online/test_room_settings.py",
    "tests/online/test_server.py",
    "tests/online/test_window_rooms.py",
    "tests/online/test_window_mission.py",
    "tests/content/test_content_errors.py",
    "tests/ui/test_hand.py",
    "tests/ui/test_layout.py",
    "tests/release/test_reliability.py",
    "tests/release/test_mission_reliability.py",
    "tests/ui/test_ability_tiles.py",
)


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the machine has cores. About a tenth of the suite's time
    is spent waiting (real windows settling under Xvfb, servers and clients answering, worker
    processes starting), during which a core would otherwise stand idle: on 2 cores, 3 workers
    took 216-238 s (three runs) where 2 took 259 s (docs/speed.md, "Fourth pass: where
    issue 18 stands")."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(RUN_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


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
