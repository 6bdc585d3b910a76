"""Hero balance: a round robin of every pair of heroes played by the computer.

Each pair plays `games` duels in twins: one seed with the first hero in seat 0, the same seed
with the heroes swapped, so neither the seat nor the seed favours a side. Both seats are played
by the same level (Hard by default, the strongest). A draw counts half a win to each hero.

`python -m bench balance [--games N] [--jobs J] [--level hard] [--heroes a,b,..] [--json]`
writes the matrix to docs/balance.md (or `--out PATH`, `--out -` for none) and prints one JSON
object last: `min_hero_win_rate`, `max_hero_win_rate`, `max_pair_win_rate` and the rest.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

HERO_RANGE = (0.40, 0.60)  # every hero's overall win rate
PAIR_RANGE = (0.25, 0.75)  # every pairing


@dataclass(slots=True)
class PairResult:
    first: str
    second: str
    games: int = 0
    wins_first: int = 0
    wins_second: int = 0
    draws: int = 0
    turns: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def rate_first(self) -> float:
        """Win fraction of `first` (a draw counts half)."""
        if not self.games:
            return 0.5
        return (self.wins_first + 0.5 * self.draws) / self.games


def play_pair(job: tuple) -> PairResult:
    """(first, second, games, seed, level) -> PairResult. Top level so a pool can run it."""
    from game.ai.arena import play_one
    from game.content.loader import default_content

    first, second, games, seed, level = job
    content = default_content()
    out = PairResult(first, second)
    for index in range(games):
        heroes = (first, second) if index % 2 == 0 else (second, first)
        game_seed = seed + index // 2
        try:
            winner, _timed_out, turns, _digest = play_one(
                level, level, heroes, 0, game_seed, content
            )
        except Exception as exc:  # a broken duel is reported, never counted as a result
            out.errors.append(f"{heroes[0]} vs {heroes[1]} seed {game_seed}: {exc!r}")
            continue
        out.games += 1
        out.turns += turns
        if winner is None:
            out.draws += 1
        elif heroes[winner] == first:
            out.wins_first += 1
        else:
            out.wins_second += 1
    return out


def pair_seed(seed: int, first: str, second: str) -> int:
    """A fixed seed per pairing, independent of which other heroes are in the run."""
    import zlib

    return seed + zlib.crc32(f"{first}|{second}".encode()) % 1_000_000 * 1000


def run_balance(
    heroes: list[str], games: int, seed: int, level: str = "hard", jobs: int = 1, progress=None
) -> list[PairResult]:
    pairs = list(combinations(sorted(heroes), 2))
    tasks = [(a, b, games, pair_seed(seed, a, b), level) for a, b in pairs]
    results: list[PairResult] = []
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap(play_pair, tasks):
                results.append(result)
                if progress:
                    progress(result, len(results), len(tasks))
    else:
        for task in tasks:
            results.append(play_pair(task))
            if progress:
                progress(results[-1], len(results), len(tasks))
    return results


def summarize(results: list[PairResult], heroes: list[str]) -> dict:
    """Per-hero overall rates (every game of the hero, draws half) and the pair extremes."""
    won = {h: 0.0 for h in heroes}
    played = {h: 0 for h in heroes}
    for r in results:
        won[r.first] += r.wins_first + 0.5 * r.draws
        won[r.second] += r.wins_second + 0.5 * r.draws
        played[r.first] += r.games
        played[r.second] += r.games
    hero_rates = {h: round(won[h] / played[h], 4) if played[h] else 0.5 for h in heroes}
    pair_rates = [max(r.rate_first, 1 - r.rate_first) for r in results if r.games]
    worst = max(results, key=lambda r: abs(r.rate_first - 0.5)) if results else None
    errors = [e for r in results for e in r.errors]
    figures = {
        "min_hero_win_rate": min(hero_rates.values()) if hero_rates else 0.5,
        "max_hero_win_rate": max(hero_rates.values()) if hero_rates else 0.5,
        "max_pair_win_rate": round(max(pair_rates), 4) if pair_rates else 0.5,
        "worst_pair": (f"{worst.first} {worst.rate_first:.3f} vs {worst.second}" if worst else ""),
        "hero_win_rates": hero_rates,
        "pairs": len(results),
        "games": sum(r.games for r in results),
        "draws": sum(r.draws for r in results),
        "errors": len(errors),
        "error_samples": errors[:5],
    }
    figures["met"] = (
        figures["errors"] == 0
        and HERO_RANGE[0] <= figures["min_hero_win_rate"]
        and figures["max_hero_win_rate"] <= HERO_RANGE[1]
        and figures["max_pair_win_rate"] <= PAIR_RANGE[1]
    )
    return figures


def render_markdown(
    results: list[PairResult], heroes: list[str], figures: dict, command: str
) -> str:
    """The matrix as a Markdown page: row hero's win rate against the column hero."""
    names = sorted(heroes)
    rate = {}
    for r in results:
        rate[(r.first, r.second)] = r.rate_first
        rate[(r.second, r.first)] = 1 - r.rate_first
    short = {h: h.replace("_", " ").title() for h in names}
    lines = [
        "# Hero balance",
        "",
        "Written by `" + command + "`; do not edit by hand (except the Tuning log at the end, "
        "which is kept when the page is written again).",
        "",
        f"Every pair of the {len(names)} heroes played {results[0].games if results else 0} "
        "duels by the same computer level on both seats, seeds fixed, the two heroes swapping "
        "seats on every seed (twins). A draw counts half. Targets: every hero's overall win "
        f"rate within {HERO_RANGE[0]:.0%}-{HERO_RANGE[1]:.0%}, no pairing beyond "
        f"{PAIR_RANGE[0]:.0%}-{PAIR_RANGE[1]:.0%}.",
        "",
        "| figure | value |",
        "| --- | --- |",
        f"| lowest hero win rate | {figures['min_hero_win_rate']:.3f} |",
        f"| highest hero win rate | {figures['max_hero_win_rate']:.3f} |",
        f"| most lopsided pairing | {figures['max_pair_win_rate']:.3f} ({figures['worst_pair']}) |",
        f"| duels | {figures['games']} ({figures['draws']} draws, {figures['errors']} errors) |",
        f"| targets met | {'yes' if figures['met'] else 'no'} |",
        "",
        "## Overall",
        "",
        "| hero | win rate |",
        "| --- | --- |",
    ]
    for hero in sorted(names, key=lambda h: -figures["hero_win_rates"][h]):
        lines.append(f"| {short[hero]} | {figures['hero_win_rates'][hero]:.3f} |")
    lines += [
        "",
        "## Matrix (row hero's win rate against the column hero)",
        "",
        "| | " + " | ".join(short[h] for h in names) + " |",
        "| --- " * (len(names) + 1) + "|",
    ]
    for row in names:
        cells = []
        for col in names:
            if row == col:
                cells.append("-")
            else:
                value = rate.get((row, col))
                cells.append("" if value is None else f"{value:.2f}")
        lines.append(f"| **{short[row]}** | " + " | ".join(cells) + " |")
    lines.append("")
    return "\n".join(lines)


TUNING_LOG = "## Tuning log"


def kept_log(path: Path) -> str:
    """The hand-written "Tuning log" section of an existing page (from its heading to the end),
    carried over when the page is written again; "" when there is none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    at = text.find(TUNING_LOG)
    return "\n" + text[at:].rstrip() + "\n" if at >= 0 else ""


def _cpu_seconds() -> float:
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def bench_balance(
    games: int,
    seed: int,
    jobs: int,
    level: str,
    heroes: list[str] | None,
    out: str,
    verbose: bool,
) -> dict:
    from game.content.loader import default_content

    content = default_content()
    names = sorted(heroes or content.heroes)
    unknown = [h for h in names if h not in content.heroes]
    if unknown:
        raise SystemExit(f"unknown hero(es): {', '.join(unknown)}")
    if len(names) < 2:
        raise SystemExit("balance needs at least two heroes")
    games += games % 2  # whole twins
    started = time.perf_counter()
    cpu_started = _cpu_seconds()

    def progress(result: PairResult, done: int, total: int) -> None:
        if verbose:
            print(
                f"[{done}/{total}] {result.first} {result.rate_first:.3f} vs {result.second} "
                f"({time.perf_counter() - started:.0f}s)",
                flush=True,
            )

    results = run_balance(names, games, seed, level, jobs, progress)
    figures = summarize(results, names)
    figures.update(
        games_per_pair=games,
        level=level,
        seed=seed,
        seconds=round(time.perf_counter() - started, 1),
        # CPU of this process and its finished workers: what a shared machine's load does
        # not inflate much (the duels' share of an idle machine's cores)
        cpu_seconds=round(_cpu_seconds() - cpu_started, 1),
        matrix={f"{r.first}|{r.second}": round(r.rate_first, 4) for r in results},
    )
    if out != "-":
        command = f"python -m bench balance --games {games} --seed {seed} --level {level}"
        if heroes:
            command += f" --heroes {','.join(names)}"
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        page = render_markdown(results, names, figures, command)
        Path(out).write_text(page + kept_log(Path(out)), encoding="utf-8")
        figures["written"] = out
    return figures
