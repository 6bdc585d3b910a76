"""Exact optimal keeping of five dice.

Given a value for every final result (a sorted multiset of five die values) and a number of
Roll Attempts left, it computes the expected value of playing the remaining attempts perfectly.

Every multiset of 0..5 dice gets an integer index (462 in all). With V_r(s) the value of
holding s with r attempts left and W_r(K) the expected V_r after keeping K and rolling the
other 5-|K| dice:

    W_r(s)   = V_r(s)                                   for |s| = 5
    W_r(K)   = 1/6 * sum over faces f of W_r(K + f)     for |K| < 5   (dice are independent)
    V_0(s)   = value(s)
    V_r(s)   = max over K within s of W_{r-1}(K)        (K = s: stop, or roll nothing)

and the best kept sub-multiset of s follows from M(K) = max(W(K), max over one die less of
M(K - die)). A three-attempt solve is a few thousand float operations (about a millisecond in
CPython), so the computer player solves its whole turn exactly at every decision and caches.
Probabilities for single objectives reproduce exact enumeration (tests check the reference
figures: 3 of a two-face symbol 84.18 %, small straight 61.54 %, large straight 26.11 %, five
of a one-face symbol 1.33 %).

`card_terminal` turns a value table into the table after the best use of one dice card at the
end of the roll (turn a die to any face, to a 6, one up or down, copy another die, re-roll one
or two dice), so keeping plans for "finish the straight with a card".
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial
from operator import itemgetter

Multiset = tuple[int, ...]

FACES = (1, 2, 3, 4, 5, 6)
ALL_FIVE: tuple[Multiset, ...] = tuple(combinations_with_replacement(FACES, 5))

# ---------------------------------------------------------------- the multiset index

MULTISETS: tuple[Multiset, ...] = tuple(
    m for size in range(6) for m in combinations_with_replacement(FACES, size)
)
INDEX: dict[Multiset, int] = {m: i for i, m in enumerate(MULTISETS)}
FIVE_START = len(MULTISETS) - len(ALL_FIVE)  # indices of the five-dice multisets start here
FIVE_INDEX: dict[Multiset, int] = {m: i for i, m in enumerate(ALL_FIVE)}
SMALL = range(FIVE_START - 1, -1, -1)  # multisets of fewer than five dice, largest first


def _add(m: Multiset, face: int) -> Multiset:
    return tuple(sorted((*m, face)))


def _remove(m: Multiset, face: int) -> Multiset:
    out = list(m)
    out.remove(face)
    return tuple(out)


# ADD[i]: index of MULTISETS[i] with one more die of each face (only for fewer than 5 dice)
ADD: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[_add(m, f)] for f in FACES) if len(m) < 5 else () for m in MULTISETS
)
# LESS[i]: indices of MULTISETS[i] with one die (of each distinct face present) taken away
LESS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[_remove(m, f)] for f in sorted(set(m))) for m in MULTISETS
)


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
def _sub_indices(s: Multiset) -> tuple[int, ...]:
    return tuple(INDEX[k] for k in sub_multisets(s))


# (i, ADD[i] unpacked) for the smaller multisets, largest first: expand's loop reads them
# as plain names
_SMALL_ADD = tuple((i, *ADD[i]) for i in SMALL)


def expand(values: Sequence[float]) -> list[float]:
    """A table over ALL_FIVE (252 values) as a table over every multiset (462), expectations
    of rolling the missing dice filled in (no further attempts)."""
    w = [0.0] * len(MULTISETS)
    w[FIVE_START:] = values
    for i, a0, a1, a2, a3, a4, a5 in _SMALL_ADD:
        w[i] = (w[a0] + w[a1] + w[a2] + w[a3] + w[a4] + w[a5]) / 6.0
    return w


class Solver:
    """Optimal play of the remaining Roll Attempts for one value table.

    `values[i]` is the value of ALL_FIVE[i] as a final result."""

    __slots__ = ("attempts", "v", "v0", "w")

    # The tables are kept as arrays of doubles (the same numbers): a process keeps thousands
    # of solvers, and lists of floats would make every full garbage collection walk them.

    def __init__(self, values: Sequence[float], attempts: int) -> None:
        self.attempts = 0
        self.v0 = array("d", values)
        # v[r][j]: value of ALL_FIVE[j], r attempts left. The last one, v[attempts], is made
        # on its first read (`_v`): only `value` and a further extension read it, while
        # keeping (`best_keep`) and `before_first_roll` read w alone.
        self.v: list[array] = [self.v0]
        self.w: list[array] = []  # w[r][i]: keep MULTISETS[i], roll, r attempts left after
        self._extend(attempts)

    def _extend(self, attempts: int) -> None:
        """Solve up to `attempts` (each attempt builds on the one before)."""
        for r in range(self.attempts, attempts):
            self.w.append(array("d", expand(self._v(r))))
        self.attempts = max(self.attempts, attempts)

    def _v(self, r: int) -> array:
        """v[r] (r <= attempts), made from w[r - 1] if not yet made."""
        v = self.v
        if r < len(v):
            return v[r]
        w = self.w[r - 1]
        best: list[float] = []  # best[i]: the best W over the sub-multisets of MULTISETS[i]
        add = best.append
        for m, less in zip(w, LESS, strict=True):
            for j in less:
                b = best[j]
                if b > m:
                    m = b
            add(m)
        # stop now, or keep the best sub-multiset
        out = array(
            "d", [b if b > x else x for b, x in zip(best[FIVE_START:], self.v0, strict=True)]
        )
        v.append(out)
        return out

    def prefix(self, attempts: int) -> Solver:
        """The solver for the same table with fewer attempts: exactly what a fresh
        `Solver(values, attempts)` would be (the tables for r attempts never depend on more)."""
        out = Solver.__new__(Solver)
        out.attempts = attempts
        out.v0 = self.v0
        out.v = self.v[: attempts + 1]
        out.w = self.w[:attempts]
        return out

    def before_first_roll(self, attempts: int | None = None) -> float:
        """Expected value with `attempts` (default: all) still to use and nothing rolled."""
        r = self.attempts if attempts is None else min(attempts, self.attempts)
        if r <= 0:
            return 0.0
        return self.w[r - 1][0]

    def value(self, dice: Sequence[int], attempts_left: int) -> float:
        r = max(0, min(attempts_left, self.attempts))
        return self._v(r)[FIVE_INDEX[tuple(sorted(dice))]]

    def keep_value(self, kept: Sequence[int], attempts_after: int) -> float:
        """Expected value of keeping `kept`, rolling the rest, with `attempts_after` left."""
        return self.w[max(0, min(attempts_after, self.attempts - 1))][INDEX[tuple(sorted(kept))]]

    def best_keep(self, dice: Sequence[int], attempts_left: int) -> tuple[Multiset | None, float]:
        """The multiset to keep before the next roll (None = stop now) and its expectation."""
        s = tuple(sorted(dice))
        stop = self.v0[FIVE_INDEX[s]]
        if attempts_left <= 0 or self.attempts <= 0:
            return None, stop
        w = self.w[min(attempts_left, self.attempts) - 1]
        best_kept, best = None, stop
        own = INDEX[s]
        for k in _sub_indices(s):
            if k != own and w[k] > best + 1e-9:
                best_kept, best = MULTISETS[k], w[k]
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


_SOLVERS: dict[tuple[float, ...], Solver] = {}


def shared_solver(values: Sequence[float], attempts: int) -> Solver:
    """A solver for this table, shared by every caller of the process: one solve per distinct
    table (extended when more attempts are asked for), handed out as a private prefix so a
    later extension never changes a solver already given out."""
    key = tuple(values)
    master = _SOLVERS.get(key)
    if master is None:
        if len(_SOLVERS) >= 4096:
            _SOLVERS.clear()
        master = Solver(key, attempts)
        _SOLVERS[key] = master
    elif master.attempts < attempts:
        master._extend(attempts)
    return master.prefix(attempts)


# ---------------------------------------------------------------- dice cards at the end


def completion(values: Sequence[float]) -> list[float]:
    """c[i]: the best final value reachable by adding any faces to MULTISETS[i]."""
    c = [0.0] * len(MULTISETS)
    c[FIVE_START:] = values
    for i in SMALL:
        a = ADD[i]
        c[i] = max(c[a[0]], c[a[1]], c[a[2]], c[a[3]], c[a[4]], c[a[5]])
    return c


def _best_less(table: Sequence[float], s: Multiset, changeable: int = 1) -> float:
    """Max of table over s with `changeable` dice taken away (table over MULTISETS)."""
    best = float("-inf")
    for i in _less_layer(FIVE_INDEX[s], changeable):
        if table[i] > best:
            best = table[i]
    return best


@cache
def _less_layer(j: int, changeable: int) -> tuple[int, ...]:
    """Indices of ALL_FIVE[j] with `changeable` dice taken away (computed once)."""
    layer = {INDEX[ALL_FIVE[j]]}
    for _ in range(changeable):
        layer = {i for k in layer for i in LESS[k]}
    return tuple(sorted(layer))


@cache
def _within(count: int) -> tuple[tuple[int, ...], ...]:
    """For each of the 252 results, the smaller multisets left when 1..count dice are taken
    away (computed once per count)."""
    return tuple(
        tuple(sorted({i for n in range(1, count + 1) for i in _less_layer(j, n)}))
        for j in range(len(ALL_FIVE))
    )


@cache
def _within_getters(count: int) -> tuple[itemgetter, ...]:
    """`_within(count)` as getters of those entries of a table, each returning a tuple (a
    lone entry is asked for twice)."""
    return tuple(
        itemgetter(*reach, *reach[:1]) if len(reach) == 1 else itemgetter(*reach)
        for reach in _within(count)
    )


@cache
def _moves(mode: str) -> tuple[tuple[int, ...], ...]:
    """For each of the 252 results, the results one use of a one-die card (set_six,
    adjust_one, copy_own) can turn it into (computed once per mode)."""
    out = []
    for j, s in enumerate(ALL_FIVE):
        reach = []
        # LESS lists the multiset without one die of each face present, faces in order
        for face, rest_index in zip(sorted(set(s)), LESS[FIVE_START + j], strict=True):
            rest = MULTISETS[rest_index]
            if mode == "set_six":
                targets: Sequence[int] = (6,) if face != 6 else ()
            elif mode == "adjust_one":
                targets = [v for v in (face - 1, face + 1) if 1 <= v <= 6]
            elif mode == "copy_own":
                targets = [v for v in sorted(set(rest)) if v != face]
            else:
                raise ValueError(f"unknown card mode {mode}")
            reach.extend(ADD[rest_index][v - 1] - FIVE_START for v in targets)
        out.append(tuple(reach))
    return tuple(out)


def card_terminal(values: Sequence[float], mode: str, count: int = 1) -> list[float]:
    """The value of each final result when one dice card (of `mode`) may be used on it.

    set_any     turn `count` dice to faces of your choice
    set_six     turn one die to a 6
    adjust_one  move one die one up or one down
    copy_own    make one die show another die's number
    reroll      re-roll up to `count` dice (the expectation)
    Values never drop: not using the card is always allowed. Tables of which results reach
    which are built once per mode; a call is then one max per result."""
    out = list(values)
    if mode in ("set_any", "reroll"):
        table = completion(values) if mode == "set_any" else expand(values)
        for j, reach in enumerate(_within_getters(count)):
            best = max(reach(table))
            if best > out[j]:
                out[j] = best
        return out
    for j, reach in enumerate(_moves(mode)):
        best = out[j]
        for k in reach:
            if values[k] > best:
                best = values[k]
        out[j] = best
    return out


def card_change(
    values: Sequence[float], dice: Sequence[int], mode: str, count: int = 1
) -> tuple[float, list[tuple[int, int]] | tuple[int, ...] | None]:
    """The best use of a card on these dice: (value, plan).

    The plan is [(position, new value), ...] for deterministic modes, or the positions to
    re-roll for `reroll`; None when not using the card is best."""
    s = tuple(sorted(dice))
    base = values[FIVE_INDEX[s]]
    best, plan = base, None
    positions = range(len(dice))
    if mode == "reroll":
        w = expand(values)
        for n in range(1, count + 1):
            for subset in _combos(len(dice), n):
                kept = tuple(sorted(d for i, d in enumerate(dice) if i not in subset))
                if w[INDEX[kept]] > best + 1e-9:
                    best, plan = w[INDEX[kept]], subset
        return best, plan
    changes: list[list[tuple[int, int]]] = []
    if mode == "set_any":
        singles = [[(i, v)] for i in positions for v in FACES if v != dice[i]]
        changes = list(singles)
        if count >= 2:
            for a in range(len(dice)):
                for b in range(a + 1, len(dice)):
                    for va in FACES:
                        for vb in FACES:
                            if va != dice[a] and vb != dice[b]:
                                changes.append([(a, va), (b, vb)])
    elif mode == "set_six":
        changes = [[(i, 6)] for i in positions if dice[i] != 6]
    elif mode == "adjust_one":
        changes = [[(i, v)] for i in positions for v in (dice[i] - 1, dice[i] + 1) if 1 <= v <= 6]
    elif mode == "copy_own":
        changes = [
            [(i, dice[j])] for i in positions for j in positions if i != j and dice[j] != dice[i]
        ]
    # the result after a change, by the multiset index tables: the dice left untouched, then
    # each new face added (the same result as sorting the changed dice)
    dice = list(dice)
    left: dict[tuple[int, ...], int] = {}
    for change in changes:
        where = tuple(i for i, _v in change)
        rest = left.get(where)
        if rest is None:
            kept = tuple(sorted(d for i, d in enumerate(dice) if i not in where))
            rest = left[where] = INDEX[kept]
        for _i, v in change:
            rest = ADD[rest][v - 1]
        value = values[rest - FIVE_START]
        if value > best + 1e-9:
            best, plan = value, change
    return best, plan


@cache
def _combos(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    from itertools import combinations

    return tuple(combinations(range(n), k))
