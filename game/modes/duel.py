"""Duels played by computer seats from start to finish (headless), and their setups."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.engine import Engine, MatchSetup, SeatSetup
from game.rules.view import match_view

MAX_ACTIONS = 50_000  # a harness guard; a real duel takes a few hundred actions


def duel_setup(heroes: list[str], seed: int, turn_limit: int = 400) -> MatchSetup:
    if len(heroes) != 2:
        raise ValueError("a duel has exactly two heroes")
    return MatchSetup(
        seats=tuple(SeatSetup(hero=h) for h in heroes),
        seed=seed,
        mode="duel",
        turn_limit=turn_limit,
    )


@dataclass(slots=True)
class MatchResult:
    winner_team: int | None
    draw: bool
    turns: int
    actions: int
    digest: str
    timed_out: bool


def play_out(engine: Engine, controllers: list) -> MatchResult:
    """Let each seat's controller answer until the match ends.

    The match's world stays the active one for the whole loop: every `apply` and every
    controller's reading of the table would otherwise switch esper's world in and back out
    (a few per step). A controller may still switch to another world; it switches back."""
    actions = 0
    with engine.world.active():
        while not engine.over:
            choice = engine.pending
            if choice is None:  # pragma: no cover - the engine always asks or ends
                raise RuntimeError("no pending decision in a running match")
            engine.apply(controllers[choice.player].decide(engine, choice))
            actions += 1
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"match exceeded {MAX_ACTIONS} actions")
    view = match_view(engine)
    return MatchResult(
        winner_team=view.winner_team,
        draw=view.draw,
        turns=view.turn,
        actions=actions,
        digest=engine.digest(),
        timed_out=view.timed_out,
    )
