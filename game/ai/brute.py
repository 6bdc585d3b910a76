"""Reference figures for the dice solver by plain enumeration (slow; for tests and the bench).

Nothing here shares code with `dice_solver`: it walks ordered dice, every subset of positions
to re-roll and every ordered outcome of those dice, exactly as a player at the table would.
The only shortcut is memoizing a position by its sorted dice (the order of dice on the table
cannot change what can still happen).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

Objective = Callable[[tuple[int, ...]], float]


def _subsets(n: int) -> list[tuple[int, ...]]:
    return [c for size in range(1, n + 1) for c in combinations(range(n), size)]


def enumerate_values(objective: Objective, attempts: int, dice: int = 5):
    """{sorted dice: expected value with `attempts` re-rolls still allowed, played
    perfectly} for every result of `dice` dice."""
    faces = range(1, 7)
    layer: dict[tuple[int, ...], float] = {}
    for roll in product(faces, repeat=dice):
        key = tuple(sorted(roll))
        if key not in layer:
            layer[key] = float(objective(key))
    stop = dict(layer)
    subsets = _subsets(dice)
    rolls = {n: list(product(faces, repeat=n)) for n in range(1, dice + 1)}  # ordered outcomes
    for _ in range(attempts):
        nxt: dict[tuple[int, ...], float] = {}
        for key in layer:
            best = stop[key]
            for positions in subsets:
                kept = tuple(v for i, v in enumerate(key) if i not in positions)
                total = 0.0
                count = 0
                for faces_rolled in rolls[len(positions)]:
                    total += layer[tuple(sorted(kept + faces_rolled))]
                    count += 1
                if total / count > best:
                    best = total / count
            nxt[key] = best
        layer = nxt
    return layer


def before_first_roll(objective: Objective, attempts: int, dice: int = 5) -> float:
    """Expected value of `attempts` Roll Attempts (the first one rolls every die)."""
    layer = enumerate_values(objective, attempts - 1, dice)
    total = 0.0
    count = 0
    for roll in product(range(1, 7), repeat=dice):
        total += layer[tuple(sorted(roll))]
        count += 1
    return total / count


def count_at_least(faces: tuple[int, ...], needed: int) -> Objective:
    return lambda dice: 1.0 if sum(1 for v in dice if v in faces) >= needed else 0.0


def straight(length: int) -> Objective:
    def objective(dice: tuple[int, ...]) -> float:
        present = set(dice)
        run = best = 0
        for v in range(1, 7):
            run = run + 1 if v in present else 0
            best = max(best, run)
        return 1.0 if best >= length else 0.0

    return objective
