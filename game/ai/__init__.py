"""Computer players. `make_ai(level, seed)` gives a controller with `decide(engine, choice)`.

Levels players pick (LEVELS, in the setup screen): easy, normal, hard. Baselines for the
benchmark (accepted by make_ai, not offered to players): random (uniform among the legal
options), heuristic (single-die-rule dice), simple (the first computer player).
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
BASELINES = ("random", "heuristic", "simple")


def make_ai(level: str, seed: int):
    from game.ai.heuristic import EasyAI, HeuristicAI
    from game.ai.policy import SmartAI
    from game.ai.simple import RandomAI, SimpleAI

    if level == "easy":
        return EasyAI(seed)
    if level == "normal":
        return SmartAI(seed)
    if level == "hard":
        return SmartAI(seed, hard=True)
    if level == "random":
        return RandomAI(seed)
    if level == "heuristic":
        return HeuristicAI(seed)
    if level == "simple":
        return SimpleAI(seed)
    known = ", ".join((*LEVELS, *BASELINES))
    raise ValueError(f"unknown computer level '{level}' (known: {known})")
