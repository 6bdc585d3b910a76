"""`python -m bench <name> [--json]`: print performance figures."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time


def bench_sim(games: int, seed: int) -> dict:
    """Engine throughput: duels played to the end by the simple AI, and by random-legal seats."""
    from game.cli import _controllers
    from game.content.loader import default_content
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    content = default_content()
    out = {}
    for ai in ("simple", "random"):
        actions = 0
        started = time.perf_counter()
        per_action = []
        for index in range(games):
            heroes = ["gunslinger", "barbarian"] if index % 2 == 0 else ["barbarian", "gunslinger"]
            engine = Engine.new_match(duel_setup(heroes, seed + index), content, keep_log=False)
            t0 = time.perf_counter()
            result = play_out(engine, _controllers(ai, seed + index, 2))
            per_action.append((time.perf_counter() - t0) / max(1, result.actions))
            actions += result.actions
            engine.close()
        elapsed = time.perf_counter() - started
        out[f"duels_per_second_{ai}_ai"] = round(games / elapsed, 2)
        out[f"actions_per_second_{ai}_ai"] = round(actions / elapsed, 1)
        out[f"ms_per_action_{ai}_ai_median"] = round(statistics.median(per_action) * 1000, 3)
    out["duels_per_second"] = out["duels_per_second_simple_ai"]
    out["games"] = games
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("name", choices=["sim"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = bench_sim(args.games, args.seed)
    figures["machine"] = (
        f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    if not args.json:
        for key, value in figures.items():
            print(f"{key}: {value}")
    print(json.dumps({"name": args.name, **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
