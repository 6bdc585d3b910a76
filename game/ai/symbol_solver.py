"""Optimal keeping for a value that reads only the symbols the dice show.

Most ability rows ask for symbols alone ("3 Arrow", "2 Bow + 2 Moon"): two results that show
the same symbols meet them alike, so keeping a die is worth the same whichever of its symbol's
faces it shows. The recursion of `dice_solver` (read its docstring) then runs over multisets
of symbols instead of faces: a hero with three symbols has 56 of them (0-5 dice) against 462,
four symbols 126, and a die shows symbol s with the chance p(s) = faces with s / 6:

    W_r(K) = sum over symbols s of p(s) * W_r(K + s)     for |K| < 5

The answers equal the face solver's (the same expectation summed in another order: they may
differ in the last bits of a double). `game.ai.odds` uses this for symbol-only rows.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

SymbolSet = tuple[int, ...]  # sorted symbol numbers (0 .. symbols - 1)


class SymbolSpace:
    """The multisets of 0-5 symbols of one dice key (its faces' symbols, in face order), with
    what the recursion reads: adding one die, taking one away, the chance of each symbol."""

    __slots__ = (
        "add",
        "five",
        "five_counts",
        "five_index",
        "five_start",
        "less",
        "names",
        "of_face",
        "sets",
    )

    def __init__(self, key: Sequence[str]) -> None:
        self.names = names = tuple(sorted(set(key)))
        number = {name: i for i, name in enumerate(names)}
        self.of_face = tuple(number[name] for name in key)  # face value - 1 -> its symbol
        count = len(names)
        self.sets: tuple[SymbolSet, ...] = tuple(
            m for size in range(6) for m in combinations_with_replacement(range(count), size)
        )
        index = {m: i for i, m in enumerate(self.sets)}
        self.five: tuple[SymbolSet, ...] = tuple(m for m in self.sets if len(m) == 5)
        self.five_start = len(self.sets) - len(self.five)
        self.five_index = {m: i for i, m in enumerate(self.five)}
        # each five-set as (symbol name, dice showing it) pairs, for `rules.dice.symbols_meet`
        self.five_counts: tuple[tuple[tuple[str, int], ...], ...] = tuple(
            tuple((names[s], m.count(s)) for s in sorted(set(m))) for m in self.five
        )
        chance = [self.of_face.count(s) / 6.0 for s in range(count)]
        # add[i]: (chance of s, index of sets[i] + s) for each symbol a die can show
        self.add: tuple[tuple[tuple[float, int], ...], ...] = tuple(
            tuple((chance[s], index[tuple(sorted((*m, s)))]) for s in range(count) if chance[s])
            if len(m) < 5
            else ()
            for m in self.sets
        )
        # less[i]: indices of sets[i] with one die (of each symbol present) taken away
        self.less: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[_remove(m, s)] for s in sorted(set(m))) for m in self.sets
        )

    def five_of(self, values: Sequence[int]) -> int:
        """Index (among the five-symbol sets) of what these five die values show."""
        return self.five_index[tuple(sorted(self.of_face[v - 1] for v in values))]


def _remove(m: SymbolSet, s: int) -> SymbolSet:
    out = list(m)
    out.remove(s)
    return tuple(out)


@lru_cache(maxsize=64)
def symbol_space(key: tuple[str, ...]) -> SymbolSpace:
    return SymbolSpace(key)


class SymbolSolver:
    """`dice_solver.Solver` over symbol sets: `values[j]` is the value of the five-symbol
    set `space.five[j]` as a final result."""

    __slots__ = ("space", "v", "v0", "w")

    def __init__(self, space: SymbolSpace, values: Sequence[float], attempts: int) -> None:
        self.space = space
        self.v0 = array("d", values)
        self.v: list[array] = [self.v0]  # v[r][j]: five-set j with r attempts left
        self.w: list[array] = []  # w[r][i]: keep sets[i], roll the rest, r attempts after
        for r in range(attempts):
            self.w.append(self._expand(self.v[r]))
            if r + 1 < attempts:
                self.v.append(self._best(self.w[r]))

    def _expand(self, five: array) -> array:
        space = self.space
        start = space.five_start
        w = [0.0] * len(space.sets)
        w[start:] = five
        add = space.add
        for i in range(start - 1, -1, -1):
            total = 0.0
            for p, j in add[i]:
                total += p * w[j]
            w[i] = total
        return array("d", w)

    def _best(self, w: array) -> array:
        """v[r + 1] from w[r]: each five-set's value, stopping or keeping the best part."""
        best: list[float] = []
        add = best.append
        for m, less in zip(w, self.space.less, strict=True):
            for j in less:
                b = best[j]
                if b > m:
                    m = b
            add(m)
        start = self.space.five_start
        return array("d", [b if b > x else x for b, x in zip(best[start:], self.v0, strict=True)])

    @property
    def attempts(self) -> int:
        return len(self.w)

    def before_first_roll(self, attempts: int | None = None) -> float:
        r = self.attempts if attempts is None else min(attempts, self.attempts)
        return self.w[r - 1][0] if r > 0 else 0.0

    def value(self, dice: Sequence[int], attempts_left: int) -> float:
        r = max(0, min(attempts_left, self.attempts))
        if r >= len(self.v):  # v[attempts] is only made when a rolled hand asks for it
            self.v.append(self._best(self.w[r - 1]))
        return self.v[r][self.space.five_of(dice)]
