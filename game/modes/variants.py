"""Every format the game offers, and the MatchSetup each one needs.

    setup = setup_for("2v2", ["gunslinger", "paladin", "barbarian", "monk"], seed=7)

Heroes are given in seating order, clockwise around the table; in team formats teammates sit
together, so the team of seat i is `team_of(mode, i)` (2v2: seats 0-1 are team 0, seats 2-3
team 1; 3v3: 0-2 and 3-5; 2v2v2: 0-1, 2-3 and 4-5). Turn order, targeting tables and the
Leader rule live in `game.rules.variants`; docs/engine.md ("Team and free-for-all modes")
explains the choices made where the rulebooks are silent.
"""

from __future__ import annotations

from game.rules.engine import MatchSetup, SeatSetup

MODES = ("duel", "2v2", "koth", "3v3", "2v2v2")
SEATS = {"duel": 2, "2v2": 4, "koth": 3, "3v3": 6, "2v2v2": 6}
MODE_NAMES = {
    "duel": "Duel",
    "2v2": "2 vs 2",
    "koth": "King of the Hill",
    "3v3": "3 vs 3",
    "2v2v2": "2 vs 2 vs 2",
}
TEAM_SIZE = {"duel": 1, "2v2": 2, "koth": 1, "3v3": 3, "2v2v2": 2}
# Starting Health of each dial (None: the hero's own). Team dials are shared by teammates.
HEALTH = {"duel": None, "2v2": 50, "koth": 35, "3v3": 75, "2v2v2": 50}
SHARED_DIAL = {"duel": False, "2v2": True, "koth": False, "3v3": True, "2v2v2": True}


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown mode '{mode}' (known: {', '.join(MODES)})")


def team_of(mode: str, seat: int) -> int:
    """The team of the hero in seat `seat` (seats clockwise, teammates side by side)."""
    _check_mode(mode)
    if not 0 <= seat < SEATS[mode]:
        raise ValueError(f"{MODE_NAMES[mode]} has seats 0-{SEATS[mode] - 1}, not {seat}")
    return seat // TEAM_SIZE[mode]


def setup_for(
    mode: str,
    heroes: list[str],
    seed: int,
    names: list[str] | None = None,
    *,
    turn_limit: int = 0,
) -> MatchSetup:
    """The MatchSetup of a `mode` game with these heroes (seating order, clockwise)."""
    _check_mode(mode)
    seats = SEATS[mode]
    if len(heroes) != seats:
        raise ValueError(
            f"{MODE_NAMES[mode]} needs exactly {seats} heroes, one per seat (got {len(heroes)})"
        )
    if names is not None and len(names) != seats:
        raise ValueError(f"{MODE_NAMES[mode]} needs {seats} player names (got {len(names)})")
    return MatchSetup(
        seats=tuple(
            SeatSetup(hero=hero, team=team_of(mode, i), name=names[i] if names else "")
            for i, hero in enumerate(heroes)
        ),
        seed=seed,
        mode=mode,
        health=HEALTH[mode],
        shared_team_dial=SHARED_DIAL[mode],
        turn_limit=turn_limit,
    )
