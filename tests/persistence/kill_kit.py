"""Save-kill tests' one loop: fork a writer, SIGKILL it at a random moment, check the file."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable


def kill_at_random_moments(
    writer: Callable[[int], None],
    check: Callable[[int], None],
    attempts: int,
    seed: int,
    delay: tuple[float, float] = (0.0, 0.03),
) -> None:
    """`attempts` times: run `writer(attempt)` in a forked child (it saves in a loop until
    killed), kill it after a random delay, then `check(attempt)` what it left on disk."""
    rng = random.Random(seed)
    for attempt in range(attempts):
        pid = os.fork()
        if pid == 0:  # child
            try:
                writer(attempt)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(*delay))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        check(attempt)
