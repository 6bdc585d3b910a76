"""`python -m bench compare REV [--json]`: this tree against git revision REV, as ratios.

REV is checked out into a temporary git worktree (removed afterwards). Each figure comes from
each tree's own public commands, run in fresh processes and interleaved (round by round, the
order of the two trees alternating), so both see the same machine load:

- Hard-vs-Hard duels (`game sim --ai hard --heroes A,B --json`) over a fixed list of random
  distinct hero pairs: duels per second of the sim's own clock, and whether the seeded
  results (digests) are the same on both trees;
- random-legal duels (`game sim --ai random ...`): engine steps (decisions answered) per
  second; a tree whose sim does not report `actions` is credited with the other tree's count
  when the digests agree (the same games take the same steps). When they do not (REV's rules
  differ, so its games do), each tree counts its own steps as `bench steps` does (its
  `duel_setup`, `Engine.new_match` and `play_out` in a warm process, CPU time, the same
  duels on both, four passes a round): that figure says how it was measured;
- `game fuzz --json`: games per second with every invariant checked.

Each figure is printed for both trees with the ratio (this tree / REV; above 1 is faster).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def hero_pairs(count: int, seed: int) -> list[tuple[str, str]]:
    """A fixed list of distinct random hero pairs (distinct heroes, no pair twice)."""
    from game.content.loader import default_content

    heroes = sorted(default_content().heroes)
    rng = random.Random(seed)
    pairs: list[tuple[str, str]] = []
    while len(pairs) < min(count, len(heroes) * (len(heroes) - 1) // 2):
        a, b = rng.sample(heroes, 2)
        if (a, b) not in pairs and (b, a) not in pairs:
            pairs.append((a, b))
    return pairs


def resolve_commit(rev: str, cwd: Path) -> str:
    """The full commit id of git revision `rev` (RuntimeError naming it when unknown)."""
    resolved = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"],
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    if resolved.returncode != 0:
        raise RuntimeError(f"unknown git revision '{rev}'")
    return resolved.stdout.strip()


def add_worktree(commit: str, cwd: Path, prefix: str) -> Path:
    """A detached temporary worktree of `commit` (remove it with `remove_worktree`)."""
    path = Path(tempfile.mkdtemp(prefix=prefix)) / "tree"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), commit],
        cwd=cwd,
        check=True,
        capture_output=True,
    )
    return path


def remove_worktree(path: Path, cwd: Path) -> None:
    subprocess.run(
        ["git", "worktree", "remove", "--force", str(path)], cwd=cwd, capture_output=True
    )
    subprocess.run(["git", "worktree", "prune"], cwd=cwd, capture_output=True)


def _run(tree: Path, args: list[str], timeout: float) -> dict:
    """One public command in a fresh process of `tree`; its last JSON line."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYTHONPATH"] = str(tree)  # that tree's `game` package, whatever the venv points at
    done = subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"{tree}: game {' '.join(args)} printed no JSON: {done.stderr[-500:]}")
    return json.loads(lines[-1])


def _compile(tree: Path) -> None:
    """Compile the tree's modules to bytecode once, as an installed game has them: with
    PYTHONDONTWRITEBYTECODE set (as on this machine) every fresh process would otherwise
    compile every module it imports inside the timed part of a short run, and the tree with
    more code would pay more."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "game"],
        cwd=tree,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""},
        capture_output=True,
        check=False,
    )


class Tally:
    """Sums for one figure on one tree."""

    def __init__(self) -> None:
        self.games = 0
        self.seconds = 0.0
        self.actions = 0
        self.digests: list[str] = []
        self.errors = 0


def _sim_args(ai: str, pair: tuple[str, str], games: int, seed: int) -> list[str]:
    heroes = ",".join(pair)
    return ["sim", "--ai", ai, "--heroes", heroes, "--games", str(games), "--seed", str(seed)]


def compare(
    rev: str,
    pairs: int = 6,
    games: int = 4,
    rounds: int = 2,
    fuzz_games: int = 20,
    seed: int = 2024,
    verbose: bool = True,
) -> dict:
    here = Path(__file__).resolve().parent.parent
    top = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=here, capture_output=True, text=True
    )
    if top.returncode != 0:
        raise RuntimeError("bench compare needs a git checkout")
    commit = resolve_commit(rev, here)
    fixed = hero_pairs(pairs, seed)
    other = add_worktree(commit, here, "bench-compare-")
    trees = {"current": here, "rev": other}
    for tree in trees.values():
        _compile(tree)
    tallies = {name: {"hard": Tally(), "random": Tally(), "fuzz": Tally()} for name in trees}
    started = time.perf_counter()
    try:
        for round_index in range(rounds):
            order = ["current", "rev"] if round_index % 2 == 0 else ["rev", "current"]
            round_seed = seed + 1000 * round_index
            for index, pair in enumerate(fixed):
                for ai in ("hard", "random"):
                    for name in order:
                        out = _run(
                            trees[name],
                            [*_sim_args(ai, pair, games, round_seed + index), "--json"],
                            900,
                        )
                        tally = tallies[name][ai]
                        tally.games += out["games"]
                        tally.seconds += out["seconds"]
                        tally.actions += out.get("actions", -1)
                        tally.digests.append(out["digest"])
                        tally.errors += out.get("errors", 0)
            for name in order:
                out = _run(
                    trees[name],
                    ["fuzz", "--games", str(fuzz_games), "--seed", str(round_seed), "--json"],
                    1800,
                )
                tally = tallies[name]["fuzz"]
                tally.games += out["games"]
                tally.seconds += out["seconds"]
                tally.errors += int(out.get("errors", 0))
            if verbose:
                spent = time.perf_counter() - started
                print(f"round {round_index + 1}/{rounds} done in {spent:.0f}s", flush=True)
        counted = None
        if not _sims_count_steps(tallies):
            from bench.steps import steps_on

            # the sims cannot tell REV's engine steps: each tree counts its own in warm
            # processes instead (`bench steps`'s measurement, four passes a round)
            counted = steps_on({"current": here, "rev": other}, passes=4 * rounds)
            if verbose:
                spent = time.perf_counter() - started
                print(f"engine steps counted in warm processes in {spent:.0f}s", flush=True)
    finally:
        remove_worktree(other, here)
    return _figures(rev, commit, fixed, games, rounds, fuzz_games, tallies, counted)


def _sims_count_steps(tallies: dict) -> bool:
    """Whether the random-legal sims give both trees' engine steps: each tree's sim reports
    its `actions`, or the games were the same (then the count of either holds for both)."""
    cur, old = tallies["current"]["random"], tallies["rev"]["random"]
    return (cur.actions >= 0 and old.actions >= 0) or cur.digests == old.digests


def _figures(rev, commit, fixed, games, rounds, fuzz_games, tallies, counted=None) -> dict:
    cur, old = tallies["current"], tallies["rev"]
    same_random = cur["random"].digests == old["random"].digests
    for a, b in ((cur["random"], old["random"]), (old["random"], cur["random"])):
        if a.actions < 0 and same_random:  # an older sim without `actions`: the same games
            a.actions = b.actions

    def rate(t: Tally, what: str) -> float:
        amount = t.actions if what == "actions" else t.games
        return amount / t.seconds if t.seconds > 0 and amount >= 0 else 0.0

    figures = {}
    for name, key, what in (
        ("hard_duels_per_second", "hard", "games"),
        ("engine_steps_per_second", "random", "actions"),
        ("random_duels_per_second", "random", "games"),
        ("fuzz_games_per_second", "fuzz", "games"),
    ):
        a, b = rate(cur[key], what), rate(old[key], what)
        figures[name] = {
            "current": round(a, 2),
            "rev": round(b, 2),
            "ratio": round(a / b, 2) if b > 0 else None,
        }
    if counted is not None:  # REV's sim does not report its steps (see `compare`)
        cur_steps, old_steps = (counted["trees"][name] for name in ("current", "rev"))
        a, b = cur_steps["steps_per_cpu_second"], old_steps["steps_per_cpu_second"]
        figures["engine_steps_per_second"] = {
            "current": a,
            "rev": b,
            "ratio": round(a / b, 2) if b > 0 else None,
            "measured": (
                f"CPU of warm processes, {counted['duels']} random-legal duels a tree "
                f"({counted['passes']} passes), as `bench steps`"
            ),
        }
    return {
        "rev": rev,
        "commit": commit[:12],
        "pairs": [list(p) for p in fixed],
        "games_per_pair": games,
        "rounds": rounds,
        "fuzz_games_per_round": fuzz_games,
        "figures": figures,
        "hard_digests_identical": cur["hard"].digests == old["hard"].digests,
        "random_digests_identical": same_random,
        "errors": {name: {key: t.errors for key, t in tallies[name].items()} for name in tallies},
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def print_table(result: dict) -> None:
    print(f"this tree vs {result['rev']} ({result['commit']}), load {result['load_average']}")
    print(f"{'figure':28} {'current':>10} {'rev':>10} {'ratio':>7}")
    for name, f in result["figures"].items():
        ratio = "-" if f["ratio"] is None else f"{f['ratio']:.2f}x"
        print(f"{name:28} {f['current']:>10} {f['rev']:>10} {ratio:>7}")
    for name, f in result["figures"].items():
        if "measured" in f:
            print(f"{name}: {f['measured']}")
    print(f"Hard duels with the same seeded results: {result['hard_digests_identical']}")
    print(f"random-legal duels with the same results: {result['random_digests_identical']}")
