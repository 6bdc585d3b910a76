"""`python -m bench steps --rev REV[,REV2] [--level L]`: engine steps per CPU-second, tree by tree.

Random-legal duels (every seat picks uniformly among the legal options, `make_ai("random")`;
`--level hard` etc. plays that computer level on both seats instead, and the figure then
includes its decisions: duels per CPU-second say more there) over a fixed list of random
distinct hero pairs, each played by each tree's own `duel_setup`,
`Engine.new_match` and `play_out`. Each tree runs in one long-lived worker process (this file
run with that tree's `game` package first on the path): a warm-up duel first, then passes over
the same duels, the trees taking turns pass by pass (the order alternating) so that both see
the same machine load. Each pass plays new seeds (the same duels on every tree), so no tree
gains from tables it kept while playing the very same games before. Only the CPU time
(`time.process_time`) of each `play_out` is counted, the final digest included; a tree's
figure is over all its passes. Engine steps are the decisions
answered, counted by each tree itself (the same seeds give different games on trees whose
rules differ; the digests say whether they are the same games).

`bench compare` measures wall time of fresh `game sim` processes; this measures the engine's
own CPU in warm processes, which the machine's load disturbs much less.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _worker() -> int:
    """Answer one JSON line per request on stdin: play the given duels, report CPU and steps."""
    from game.cli import _controllers
    from game.content.loader import default_content
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    content = default_content()

    def duel(a: str, b: str, seed: int, level: str) -> tuple[float, int, str]:
        engine = Engine.new_match(duel_setup([a, b], seed), content, keep_log=False)
        controllers = _controllers(level, seed, 2)
        started = time.process_time()
        result = play_out(engine, controllers)
        spent = time.process_time() - started
        engine.close()
        return spent, result.actions, result.digest

    for line in sys.stdin:
        request = json.loads(line)
        cpu = 0.0
        steps = 0
        digests = hashlib.sha256()
        for a, b, seed in request["duels"]:
            spent, actions, digest = duel(a, b, seed, request.get("level", "random"))
            cpu += spent
            steps += actions
            digests.update(digest.encode())
        print(json.dumps({"cpu": cpu, "steps": steps, "digest": digests.hexdigest()}), flush=True)
    return 0


class _Tree:
    """One tree's worker process."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        env = {**os.environ, "PYTHONPATH": str(path), "PYTHONDONTWRITEBYTECODE": ""}
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            cwd=path,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.passes: list[dict] = []

    def play(self, duels: list[tuple[str, str, int]], level: str) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"duels": duels, "level": level}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name}: the worker stopped (see its error output)")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def steps(
    revs: list[str],
    pairs: int = 20,
    games: int = 2,
    passes: int = 3,
    seed: int = 5,
    level: str = "random",
) -> dict:
    from bench.compare import add_worktree, remove_worktree, resolve_commit

    commits = [resolve_commit(rev, HERE) for rev in revs]
    made: list[Path] = []
    try:
        for commit in commits:
            made.append(add_worktree(commit, HERE, "bench-steps-"))
        paths = {"current": HERE, **dict(zip(revs, made, strict=True))}
        return steps_on(paths, pairs, games, passes, seed, level)
    finally:
        for path in made:
            remove_worktree(path, HERE)


def steps_on(
    paths: dict[str, Path],
    pairs: int = 20,
    games: int = 2,
    passes: int = 3,
    seed: int = 5,
    level: str = "random",
) -> dict:
    """The measurement of `steps` on trees already checked out (name -> path; the first is
    the one the ratios are taken against, "current" for `steps`)."""
    from bench.compare import hero_pairs

    fixed = hero_pairs(pairs, seed)

    def duels_of(round_index: int) -> list[tuple[str, str, int]]:
        """Round 0 is the warm-up; every pass plays new seeds (the same on every tree), so a
        tree's tables kept from earlier duels help only as much as new games let them."""
        out = []
        for index, (a, b) in enumerate(fixed):
            for game in range(games):
                order = (a, b) if game % 2 == 0 else (b, a)
                out.append((*order, seed * 1000 + round_index * 100_003 + index * games + game))
        return out

    trees: list[_Tree] = []
    try:
        for name, path in paths.items():
            trees.append(_Tree(name, path))
        load_before = os.getloadavg()
        for tree in trees:  # warm-up: imports, content, first tables
            tree.play(duels_of(0)[:1], level)
        for index in range(passes):
            order = trees if index % 2 == 0 else trees[::-1]
            duels = duels_of(index + 1)
            for tree in order:
                tree.passes.append(tree.play(duels, level))
        load_after = os.getloadavg()
    finally:
        for tree in trees:
            tree.close()
    figures = {}
    for tree in trees:
        cpu = sum(p["cpu"] for p in tree.passes)
        steps_taken = sum(p["steps"] for p in tree.passes)
        figures[tree.name] = {
            "steps": steps_taken,
            "cpu_seconds": round(cpu, 3),
            "steps_per_cpu_second": round(steps_taken / cpu, 1),
            "duels_per_cpu_second": round(len(duels) * passes / cpu, 2),
            "every_pass": [round(p["steps"] / p["cpu"], 1) for p in tree.passes],
            "digest": hashlib.sha256(
                "".join(p["digest"] for p in tree.passes).encode()
            ).hexdigest()[:16],
        }
    here = figures[trees[0].name]
    for f in figures.values():
        f["ratio_current_to_this"] = round(
            here["steps_per_cpu_second"] / f["steps_per_cpu_second"], 3
        )
        f["duels_ratio_current_to_this"] = round(
            here["duels_per_cpu_second"] / f["duels_per_cpu_second"], 3
        )
        f["same_games_as_current"] = f["digest"] == here["digest"]
    return {
        "duels": len(duels) * passes,
        "level": level,
        "pairs": [list(p) for p in fixed],
        "passes": passes,
        "seed": seed,
        "trees": figures,
        "load_average": [round(load_before[0], 2), round(load_after[0], 2)],
    }


def print_table(result: dict) -> None:
    print(
        f"{result['duels']} duels ({result['level']} on both seats), "
        f"{result['passes']} passes of new duels, "
        f"load {result['load_average'][0]} -> {result['load_average'][1]}"
    )
    print(
        f"{'tree':12} {'steps':>8} {'steps/CPU-s':>12} {'duels/CPU-s':>12} {'current/this':>13}"
        "  same games"
    )
    for name, f in result["trees"].items():
        print(
            f"{name:12} {f['steps']:>8} {f['steps_per_cpu_second']:>12} "
            f"{f['duels_per_cpu_second']:>12} "
            f"{f['ratio_current_to_this']:>12}x  {f['same_games_as_current']}"
        )


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    sys.exit(_worker())
