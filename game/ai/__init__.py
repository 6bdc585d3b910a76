"""Computer players. `make_ai(level, seed)` gives a controller with `decide(engine, choice)`."""

from __future__ import annotations

LEVELS = ("easy", "normal")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal"}


def make_ai(level: str, seed: int):
    from game.ai.simple import RandomAI, SimpleAI

    if level == "easy":
        return SimpleAI(seed, loose=True)
    if level == "normal":
        return SimpleAI(seed)
    if level == "random":
        return RandomAI(seed)
    raise ValueError(f"unknown computer level '{level}' (known: {', '.join(LEVELS)}, random)")
