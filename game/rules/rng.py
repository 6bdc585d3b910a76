"""The match's only source of randomness.

A small, fully specified generator (SplitMix64) whose whole state is one integer, so it
serializes into saves and replays exactly on every Python version and platform. Tests and
scenario files can queue forced die results; those are consumed before the random stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field

_MASK = (1 << 64) - 1


@dataclass(slots=True)
class RngState:
    """Component on the match entity: generator state plus queued forced die faces."""

    state: int
    forced_dice: list[int] = field(default_factory=list)
    draws: int = 0


def _next64(rng: RngState) -> int:
    rng.state = (rng.state + 0x9E3779B97F4A7C15) & _MASK
    z = rng.state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    rng.draws += 1
    return z ^ (z >> 31)


def below(rng: RngState, n: int) -> int:
    """Uniform integer in [0, n) without modulo bias."""
    limit = _LIMITS.get(n)
    if limit is None:
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        if len(_LIMITS) < 4096:
            _LIMITS[n] = limit
    while True:
        value = _next64(rng)
        if value < limit:
            return value % n


_LIMITS: dict[int, int] = {}  # n -> the largest multiple of n up to 2**64 (`below`)


def roll_die(rng: RngState) -> int:
    """One six-sided die: a forced face if one is queued, else a random face."""
    if rng.forced_dice:
        return rng.forced_dice.pop(0)
    return below(rng, 6) + 1


def shuffle(rng: RngState, items: list) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> RngState:
    return RngState(state=seed & _MASK)
