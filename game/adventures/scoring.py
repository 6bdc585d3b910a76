"""The Campaign Scoring sheet (rules 8, 94-97): rows for won and lost sessions, the next
Starting Salves, and the session and campaign totals. Plain data that round-trips through JSON.

Win (rule 94): +1 per unused Salve (they become the next Starting Salves); Portal Crawl: +1 per
5 unspent Gold after shopping and +5 if every tile was explored; Boss Battle: +1 per Unclaimed
Boss Loot card; plus the difficulty card's Scenario Score. Loss (rule 95): Session Score -10,
next Starting Salves = this session's Starting Salves + 3 (the difficulty card may say another
number), nothing else. Campaign Score = the sum of every session score, wins and losses (rule 97).

Designed (docs/adventures.md): each hero shops with the same rounded Gold (rule 86), so the
"unspent Gold" is the heroes' leftover Gold averaged (rounded down) - the score does not grow
with the number of heroes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

LOSS_SCORE = -10  # rule 95
LOSS_SALVES = 3  # rule 95
EXPLORED_BONUS = 5  # rule 94
GOLD_PER_POINT = 5  # rule 94


class ScoreError(ValueError):
    """A score sheet that cannot be read; the message names the field."""


@dataclass(slots=True)
class ScoreRow:
    """One line of the sheet. Boxes a rule leaves empty are 0."""

    scenario: int
    kind: str  # crawl | boss
    card: str  # the scenario card played
    result: str  # won | lost
    salves: int = 0
    gold: int = 0
    boss_loot: int = 0
    explored: int = 0
    scenario_score: int = 0
    session_score: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: Any, where: str = "row") -> ScoreRow:
        if not isinstance(data, dict):
            raise ScoreError(f"{where}: expected an object")
        names = {f.name for f in fields(ScoreRow)}
        for key in data:
            if key not in names:
                raise ScoreError(f"{where}.{key}: unknown field")
        try:
            row = ScoreRow(**data)
        except TypeError as exc:
            raise ScoreError(f"{where}: a field is missing ({exc})") from exc
        for f in fields(ScoreRow):
            value = getattr(row, f.name)
            want = str if f.name in ("kind", "card", "result") else int
            if isinstance(value, bool) or not isinstance(value, want):
                raise ScoreError(f"{where}.{f.name}: expected {want.__name__}")
        if row.result not in ("won", "lost"):
            raise ScoreError(f"{where}.result: expected won or lost")
        if row.kind not in ("crawl", "boss"):
            raise ScoreError(f"{where}.kind: expected crawl or boss")
        return row


def unspent_gold(gold_left: list[int]) -> int:
    """The team's unspent Gold after shopping: the heroes' leftovers averaged, rounded down."""
    if not gold_left:
        return 0
    return sum(gold_left) // len(gold_left)


def win_row(
    number: int,
    kind: str,
    card: str,
    scenario_score: int,
    salves_left: int,
    *,
    gold_left: int | list[int] = 0,
    unclaimed_boss_loot: int = 0,
    all_explored: bool = False,
) -> ScoreRow:
    """Rule 94. `scenario_score`: the difficulty card's value. `gold_left`: the team figure, or
    each hero's leftover Gold (then averaged, see `unspent_gold`)."""
    if kind not in ("crawl", "boss"):
        raise ScoreError(f"kind: expected crawl or boss, got '{kind}'")
    gold = unspent_gold(gold_left) if isinstance(gold_left, list) else gold_left
    row = ScoreRow(
        scenario=number,
        kind=kind,
        card=card,
        result="won",
        salves=max(0, salves_left),
        gold=gold // GOLD_PER_POINT if kind == "crawl" else 0,
        boss_loot=unclaimed_boss_loot if kind == "boss" else 0,
        explored=EXPLORED_BONUS if kind == "crawl" and all_explored else 0,
        scenario_score=scenario_score,
    )
    row.session_score = row.salves + row.gold + row.boss_loot + row.explored + row.scenario_score
    return row


def loss_row(number: int, kind: str, card: str) -> ScoreRow:
    """Rule 95: only the scenario number and a Session Score of -10."""
    if kind not in ("crawl", "boss"):
        raise ScoreError(f"kind: expected crawl or boss, got '{kind}'")
    return ScoreRow(scenario=number, kind=kind, card=card, result="lost", session_score=LOSS_SCORE)


def next_starting_salves(
    won: bool, salves_left: int, starting_salves: int, loss_salves: int = LOSS_SALVES
) -> int:
    """Rules 94-95 and 101: a win carries the unused Salves over; a loss gives this session's
    Starting Salves + 3 (leftover Salves do not count)."""
    return max(0, salves_left) if won else starting_salves + loss_salves


@dataclass(slots=True)
class ScoreSheet:
    """The Campaign Scoring sheet (rule 8) with its rows."""

    difficulty: str
    team_name: str
    players: list[str]
    heroes: list[str]
    scenario_score: int
    rows: list[ScoreRow] = field(default_factory=list)
    starting_salves: int | None = None  # the box for the next session (None: the card's value)

    def add(self, row: ScoreRow, next_salves: int) -> None:
        self.rows.append(row)
        self.starting_salves = next_salves

    def session_total(self, index: int) -> int:
        return self.rows[index].session_score

    def campaign_total(self) -> int:
        """Rule 97: every session score, wins and losses."""
        return sum(row.session_score for row in self.rows)

    def wins(self) -> int:
        return sum(1 for row in self.rows if row.result == "won")

    def losses(self) -> int:
        return sum(1 for row in self.rows if row.result == "lost")

    def to_json(self) -> dict[str, Any]:
        return {
            "difficulty": self.difficulty,
            "team_name": self.team_name,
            "players": list(self.players),
            "heroes": list(self.heroes),
            "scenario_score": self.scenario_score,
            "starting_salves": self.starting_salves,
            "rows": [row.to_json() for row in self.rows],
            "campaign_score": self.campaign_total(),
        }

    @staticmethod
    def from_json(data: Any) -> ScoreSheet:
        if not isinstance(data, dict):
            raise ScoreError("sheet: expected an object")
        try:
            sheet = ScoreSheet(
                difficulty=str(data["difficulty"]),
                team_name=str(data["team_name"]),
                players=[str(p) for p in data["players"]],
                heroes=[str(h) for h in data["heroes"]],
                scenario_score=int(data["scenario_score"]),
                starting_salves=data.get("starting_salves"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ScoreError(f"sheet: a field is missing or damaged ({exc})") from exc
        rows = data.get("rows", [])
        if not isinstance(rows, list):
            raise ScoreError("sheet.rows: expected a list")
        sheet.rows = [ScoreRow.from_json(r, f"sheet.rows[{i}]") for i, r in enumerate(rows)]
        return sheet
