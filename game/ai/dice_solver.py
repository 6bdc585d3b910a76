"""Exact optimal keeping of dice.

For a value on every final result (a sorted multiset of five die values) and a number of Roll
Attempts left, it computes the expected value of playing the remaining attempts perfectly.

The trick that keeps this cheap: after choosing which dice to keep, the expectation depends
only on the multiset kept, not on the dice thrown away. So with V_r(s) the value of holding s
with r attempts left and W_r(K) the expected V_r after keeping K and rolling the rest:

    W_r(K)   = sum over outcomes o of the 5-|K| rolled dice of P(o) * V_r(K + o)
    V_0(s)   = value(s)
    V_r(s)   = max(value(s), max over K within s of W_{r-1}(K))

There are 462 multisets of at most five dice, so a whole three-attempt solve is a few
thousand sums. Probabilities for single objectives reproduce exact enumeration (tests check
the reference figures: 3 of a two-face symbol 84.18 %, small straight 61.54 %, large straight
26.11 %, five of a one-face symbol 1.33 %).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

Multiset = tuple[int, ...]

FACES = (1, 2, 3, 4, 5, 6)
ALL_FIVE: tuple[Multiset, ...] = tuple(combinations_with_replacement(FACES, 5))


@cache
def outcomes(n: int) -> tuple[tuple[Multiset, float], ...]:
    """Every multiset n dice can show, with its probability."""
    out = []
    total = 6**n
    for combo in combinations_with_replacement(FACES, n):
        ways = factorial(n)
        for face in FACES:
            ways //= factorial(combo.count(face))
        out.append((combo, ways / total))
    return tuple(out)


@cache
def sub_multisets(s: Multiset) -> tuple[Multiset, ...]:
    """Every multiset you can keep from s (including nothing and everything)."""
    counts = [(face, s.count(face)) for face in FACES if face in s]
    out = []
    for picks in product(*(range(c + 1) for _f, c in counts)):
        kept: list[int] = []
        for (face, _c), k in zip(counts, picks, strict=True):
            kept.extend([face] * k)
        out.append(tuple(kept))
    return tuple(out)


@cache
def _merge_table() -> dict[tuple[Multiset, Multiset], Multiset]:
    table = {}
    for k in range(6):
        for kept in combinations_with_replacement(FACES, k):
            for rolled, _p in outcomes(5 - k):
                table[(kept, rolled)] = tuple(sorted(kept + rolled))
    return table


class Solver:
    """Optimal play of the remaining Roll Attempts for one value function."""

    def __init__(self, values: Sequence[float], attempts: int) -> None:
        # values[i] is the value of ALL_FIVE[i]
        self.attempts = attempts
        self.v0 = dict(zip(ALL_FIVE, values, strict=True))
        merge = _merge_table()
        self.v: list[dict[Multiset, float]] = [self.v0]
        self.w: list[dict[Multiset, float]] = []
        for r in range(1, attempts + 1):
            prev = self.v[r - 1]
            w: dict[Multiset, float] = {}
            for k in range(6):
                rolled = outcomes(5 - k)
                for kept in combinations_with_replacement(FACES, k):
                    w[kept] = sum(p * prev[merge[(kept, o)]] for o, p in rolled)
            self.w.append(w)  # self.w[r-1]: expectations with r-1 attempts left after rolling
            v = {}
            for s in ALL_FIVE:
                best = self.v0[s]
                for kept in sub_multisets(s):
                    if w[kept] > best:
                        best = w[kept]
                v[s] = best
            self.v.append(v)

    def before_first_roll(self) -> float:
        """Expected value with all attempts still to use (nothing rolled yet)."""
        if self.attempts == 0:
            return 0.0
        return self.w[self.attempts - 1][()]

    def value(self, dice: Sequence[int], attempts_left: int) -> float:
        return self.v[min(attempts_left, self.attempts)][tuple(sorted(dice))]

    def best_keep(self, dice: Sequence[int], attempts_left: int) -> tuple[Multiset | None, float]:
        """The multiset to keep before the next roll (None = stop now) and its expectation."""
        s = tuple(sorted(dice))
        stop = self.v0[s]
        if attempts_left <= 0:
            return None, stop
        w = self.w[min(attempts_left, self.attempts) - 1]
        best_kept, best = None, stop
        for kept in sub_multisets(s):
            if kept == s:
                continue
            if w[kept] > best + 1e-12:
                best_kept, best = kept, w[kept]
        return best_kept, best


def reroll_indices(dice: Sequence[int], kept: Multiset) -> tuple[int, ...]:
    """Which positions to re-roll so that exactly `kept` stays."""
    remaining = list(kept)
    out = []
    for index, value in enumerate(dice):
        if value in remaining:
            remaining.remove(value)
        else:
            out.append(index)
    return tuple(out)


def solve(value_of: Callable[[Multiset], float], attempts: int) -> Solver:
    return Solver([value_of(s) for s in ALL_FIVE], attempts)


@lru_cache(maxsize=4096)
def cached_solver(values: tuple[float, ...], attempts: int) -> Solver:
    return Solver(values, attempts)
