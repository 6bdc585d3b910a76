"""What lets the suite run in parallel processes (pytest-xdist workers, `make test`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_processes_asking_for_a_display_at_once_never_get_the_same_number():
    code = (
        "import time; from tests.ui.e2e_kit import free_display; "
        "print(free_display(), flush=True); time.sleep(1.5)"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    numbers = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert all(n.isdigit() for n in numbers), numbers
    assert len(set(numbers)) == 4, numbers


def test_match_worlds_in_one_process_get_distinct_names():
    from game.rules.world import MatchWorld

    assert len({MatchWorld().name for _ in range(50)}) == 50
