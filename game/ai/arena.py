"""Computer-vs-computer matches for measuring strength and decision time.

`play_series(a, b, games, seed)` plays `games` duels between levels a and b (any name
`make_ai` accepts) in twins: each seed is played twice with the same heroes in the same
seats and the two sides swapped, so two equal players score exactly one half. Hero pairings
cycle from twin to twin. It returns the win fraction of `a` (a draw counts half) with
per-level decision times.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import product

from game.ai import make_ai
from game.modes.duel import duel_setup
from game.rules.engine import Engine


@dataclass(slots=True)
class Series:
    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    timeouts: int = 0
    turns: int = 0
    digest: str = ""
    times: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per decision
    # the same decisions in CPU seconds of the deciding thread (unaffected by other processes)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    @property
    def fraction(self) -> float:
        if not self.games:
            return 0.0
        return (self.wins_a + 0.5 * self.draws) / self.games


def pairings(heroes: list[str], mirror: bool) -> list[tuple[str, str]]:
    if mirror:
        return [(h, h) for h in heroes]
    return list(product(heroes, repeat=2))


def controller(level: str, seed: int):
    """make_ai's levels, plus 'smart:feature,feature' (a SmartAI with just those features,
    for experiments) and 'hard-feature' (Hard without one feature)."""
    from game.ai.policy import HARD, SmartAI

    params = {}
    if "@" in level:
        level, _, spec = level.partition("@")
        for item in spec.split(","):
            key, _, value = item.partition("=")
            params[key] = float(value)
    if level.startswith("smart:"):
        features = [f for f in level.split(":", 1)[1].split(",") if f]
        return SmartAI(seed, features=features, params=params)
    if level.startswith("hard-"):
        drop = set(level.split("-", 1)[1].split(","))
        return SmartAI(seed, features=HARD - drop, params=params)
    if params and level in ("normal", "hard"):
        return SmartAI(seed, hard=level == "hard", params=params)
    return make_ai(level, seed)


def play_one(
    a: str, b: str, heroes: tuple[str, str], a_seat: int, seed: int, content, times=None, cpu=None
) -> tuple[int | None, bool, int, str]:
    """One duel; returns (winning seat or None, timed out, turns, digest)."""
    levels = [a, b] if a_seat == 0 else [b, a]
    controllers = [controller(level, seed * 31 + i) for i, level in enumerate(levels)]
    engine = Engine.new_match(
        duel_setup(list(heroes), seed, turn_limit=200), content, keep_log=False
    )
    clock = time.perf_counter
    cpu_clock = time.thread_time
    try:
        while not engine.over:
            choice = engine.pending
            cpu_started = cpu_clock()
            started = clock()
            action = controllers[choice.player].decide(engine, choice)
            spent = clock() - started
            cpu_spent = cpu_clock() - cpu_started
            if choice.find(action) is None:
                raise AssertionError(f"{levels[choice.player]} picked an illegal {action}")
            if times is not None:
                times.setdefault(levels[choice.player], []).append(spent)
            if cpu is not None:
                cpu.setdefault(levels[choice.player], []).append(cpu_spent)
            engine.apply(action)
        from game.rules.view import match_view

        view = match_view(engine)
        winner = None if view.draw else view.winner_team
        return winner, view.timed_out, view.turn, engine.digest()
    finally:
        engine.close()


def play_series(
    a: str,
    b: str,
    games: int,
    seed: int,
    heroes: list[str] | None = None,
    mirror: bool = False,
    content=None,
    timed: bool = True,
    first: int = 0,
) -> Series:
    """Games number `first` .. `first + games - 1` of the series (so chunks played in
    separate processes add up to the same games)."""
    import hashlib

    from game.content.loader import default_content

    content = content or default_content()
    heroes = heroes or sorted(content.heroes)
    pairs = pairings(heroes, mirror)
    out = Series(a, b)
    digest = hashlib.sha256()
    for index in range(first, first + games):
        # Games come in twins: the same seed and heroes, the two sides in swapped seats.
        pair = pairs[(index // 2) % len(pairs)]
        a_seat = index % 2
        game_seed = seed + index // 2
        winner, timed_out, turns, dig = play_one(
            a,
            b,
            pair,
            a_seat,
            game_seed,
            content,
            out.times if timed else None,
            out.cpu if timed else None,
        )
        digest.update(dig.encode())
        out.games += 1
        out.turns += turns
        out.timeouts += int(timed_out)
        if winner is None:
            out.draws += 1
        elif winner == a_seat:
            out.wins_a += 1
        else:
            out.wins_b += 1
    out.digest = digest.hexdigest()
    return out


def play_chunk(job: tuple) -> Series:
    """(a, b, games, seed, mirror, first) -> Series; a top-level function so a process pool
    can run it."""
    a, b, games, seed, mirror, first = job
    return play_series(a, b, games, seed, mirror=mirror, first=first)


def merge(parts: list[Series]) -> Series:
    """One series from chunks played separately (in order)."""
    import hashlib

    out = Series(parts[0].a, parts[0].b)
    digest = hashlib.sha256()
    for part in parts:
        out.games += part.games
        out.wins_a += part.wins_a
        out.wins_b += part.wins_b
        out.draws += part.draws
        out.timeouts += part.timeouts
        out.turns += part.turns
        digest.update(part.digest.encode())
        for level, times in part.times.items():
            out.times.setdefault(level, []).extend(times)
        for level, times in part.cpu.items():
            out.cpu.setdefault(level, []).extend(times)
    out.digest = digest.hexdigest()
    return out


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]
