"""Command line: `python -m game [play|sim|scenario|content|selftest] ...`."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Every command runs inside the crash guard: an error anywhere, even before the window's
    first frame, is written up as a crash report (a unique file) instead of a bare traceback."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.persistence.crash import guard

    def run() -> int:
        from game.cli import run as cli

        return cli(sys.argv[1:] if argv is None else argv)

    return guard("startup", run)


if __name__ == "__main__":
    # the computer's worker process (game/ai/worker.py) starts through this file in a
    # PyInstaller build: freeze_support runs it there instead of a second game
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
