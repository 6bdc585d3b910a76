"""Dice results and activation requirements.

A requirement is met by the Final Dice Result (values 1-6, mapped to the hero's symbols by its
dice key). Straights and n-of-a-kind look at numbers; symbol requirements at symbols.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from game.content.defs import HeroDef, Requirement


def symbols_of(hero: HeroDef, values: Sequence[int]) -> list[str]:
    return [hero.dice[v - 1].symbol for v in values]


def longest_run(values: Sequence[int]) -> int:
    present = set(values)
    best = run = 0
    for v in range(1, 7):
        run = run + 1 if v in present else 0
        best = max(best, run)
    return best


def meets(requirement: Requirement, hero: HeroDef, values: Sequence[int]) -> bool:
    """True when these die values satisfy the requirement for this hero's dice."""
    return _meets(requirement, hero.id, tuple(s.symbol for s in hero.dice), tuple(sorted(values)))


def meeter(hero: HeroDef, values: Sequence[int]) -> Callable[[Requirement], bool]:
    """`meets` for many requirements against the same dice: the hero's dice key and the
    sorted values are worked out once, and each answer is kept per hero, sorted values and
    requirement (by identity: content is frozen, and the requirement is kept beside its
    answer, so its id() cannot pass to another object), so a requirement asked before
    costs one lookup instead of hashing it."""
    held = _MET.get(id(hero))
    if held is None or held[0] is not hero:
        if len(_MET) >= 256:  # a bound far above the heroes one process loads
            _MET.clear()
        held = _MET[id(hero)] = (hero, tuple(s.symbol for s in hero.dice), {})
    ordered = tuple(sorted(values))
    known = held[2].get(ordered)
    if known is None:
        known = held[2][ordered] = {}
    hero_id, key = hero.id, held[1]

    def met(requirement: Requirement) -> bool:
        hit = known.get(id(requirement))
        if hit is not None:
            return hit[1]
        answer = _meets_uncached(requirement, hero_id, key, ordered)
        known[id(requirement)] = (requirement, answer)  # kept: its id() is not reused
        return answer

    return met


# id(hero) -> (the hero, its dice key, {sorted values: {id(requirement): (it, met)}}):
# `meeter`'s answers; the hero and requirement are kept so that their id()s are not reused
_MET: dict[int, tuple[HeroDef, tuple[str, ...], dict[tuple[int, ...], dict[int, tuple]]]] = {}


def meets_each(
    requirement: Requirement, hero: HeroDef, results: Sequence[tuple[int, ...]]
) -> tuple[bool, ...]:
    """`meets` for many results at once (each a sorted tuple of values), e.g. every result
    five dice can show: a whole table without the per-call lookups. A requirement on symbols
    alone (no straight, of a kind, full house or numbers) reads only how many dice show each
    symbol, so it is checked once per distinct count of symbols among the results."""
    key = tuple(s.symbol for s in hero.dice)
    r = requirement
    if r.straight and not (
        r.of_a_kind or r.full_house or r.values or r.symbols or r.same_symbol or r.any_dice
    ):  # a straight alone: each result's longest run
        return tuple(run >= r.straight for run in _runs(results))
    if r.straight or r.of_a_kind or r.full_house or r.values:
        return tuple(_meets_uncached(r, hero.id, key, values) for values in results)
    out = [False] * len(results)
    for first, members in _symbol_groups(key, results):
        if _meets_uncached(r, hero.id, key, first):
            for j in members:
                out[j] = True
    return tuple(out)


_GROUPS: dict[tuple, tuple] = {}
_RUNS: dict[int, tuple] = {}


def _runs(results: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Each result's longest run of numbers, kept per list of results (by identity, the list
    kept beside it: the callers pass the same table of every result each time)."""
    hit = _RUNS.get(id(results))
    if hit is not None and hit[0] is results:
        return hit[1]
    runs = tuple(longest_run(values) for values in results)
    if len(_RUNS) > 64:
        _RUNS.clear()
    _RUNS[id(results)] = (results, runs)
    return runs


def _symbol_groups(key: tuple[str, ...], results: Sequence[tuple[int, ...]]) -> tuple:
    """The results grouped by the symbols they show (as counts): (the first result of the
    group, the indices of all of them), for each distinct count. Kept per dice key and list
    of results (by identity: the callers pass the same table of every result each time)."""
    memo_key = (key, id(results))
    hit = _GROUPS.get(memo_key)
    if hit is not None and hit[0] is results:
        return hit[1]
    groups: dict[tuple[str, ...], list[int]] = {}
    for j, values in enumerate(results):
        groups.setdefault(tuple(sorted(key[v - 1] for v in values)), []).append(j)
    made = tuple((results[members[0]], tuple(members)) for members in groups.values())
    if len(_GROUPS) > 256:
        _GROUPS.clear()
    _GROUPS[memo_key] = (results, made)
    return made


def _meets_uncached(
    requirement: Requirement, _hero_id: str, key: tuple[str, ...], values: tuple[int, ...]
) -> bool:
    if requirement.straight and longest_run(values) < requirement.straight:
        return False
    numbers: dict[int, int] = {}  # a plain dict: Counter costs more than the check itself
    for v in values:
        numbers[v] = numbers.get(v, 0) + 1
    if requirement.of_a_kind and max(numbers.values(), default=0) < requirement.of_a_kind:
        return False
    if requirement.full_house:
        counts = sorted(numbers.values(), reverse=True)
        if not (len(counts) >= 2 and counts[0] >= 3 and counts[1] >= 2):
            return False
    for value, count in requirement.values:
        if numbers.get(value, 0) < count:
            return False
    if requirement.symbols or requirement.same_symbol or requirement.any_dice:
        symbols: dict[str, int] = {}
        for v in values:
            symbol = key[v - 1]
            symbols[symbol] = symbols.get(symbol, 0) + 1
        return symbols_meet(requirement, symbols, len(values))
    return True


def symbols_meet(requirement: Requirement, symbols: dict[str, int], dice: int) -> bool:
    """The symbol part of a requirement (symbols, matching symbols, any dice) against how many
    of `dice` dice show each symbol. `symbols` is used up: pass a dict of the caller's own."""
    used = 0
    for symbol, count in requirement.symbols:
        if symbols.get(symbol, 0) < count:
            return False
        symbols[symbol] = symbols.get(symbol, 0) - count
        used += count
    if requirement.same_symbol:
        if max(symbols.values(), default=0) < requirement.same_symbol:
            return False
        used += requirement.same_symbol
    return dice - used >= requirement.any_dice


# Cached by its arguments (a plain wrap, not a decorator, so mutation testing reaches the body).
_meets = lru_cache(maxsize=200_000)(_meets_uncached)


def describe_requirement(requirement: Requirement, hero: HeroDef) -> str:
    """A short label in our own words, e.g. '3 Bullet', 'Small Straight', '2 Dash + 1 Bullseye'."""
    parts = []
    if requirement.straight == 4:
        parts.append("Small Straight")
    elif requirement.straight == 5:
        parts.append("Large Straight")
    if requirement.of_a_kind:
        parts.append(f"{requirement.of_a_kind} of a kind")
    if requirement.full_house:
        parts.append("Full House")
    for symbol, count in requirement.symbols:
        parts.append(f"{count} {hero.symbols.get(symbol, symbol)}")
    if requirement.same_symbol:
        parts.append(f"{requirement.same_symbol} matching symbols")
    if requirement.any_dice:
        parts.append(f"{requirement.any_dice} any")
    for value, count in requirement.values:
        parts.append(f"{count}x[{value}]")
    return " + ".join(parts)
