"""`Table`: set up a match exactly as a story test needs it, act, and look at the result.

    t = Table(p1={"hero": "gunslinger", "hand": ["so_wild"], "cp": 5},
              p2={"hero": "barbarian"}, start_at="offensive_roll")
    t.do("roll", by="p1", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="p1", ability="fill_em_with_lead")
    t.settle()
    assert t.player("p2").health == 39  # 10, +1 for the Bounty it just inflicted

Steps use the scenario-file vocabulary (docs/scenarios.md): `do` is the action kind, `dice`
forces the next die results, other fields pick the option (ability, row, card, status, option,
reroll, keep, window). Windows and finished defense rolls are passed automatically when the
step's action is not on offer, exactly as in scenario files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.rules.actions import Action
from game.rules.engine import Engine
from game.rules.events import Event
from game.rules.view import PlayerView, match_view
from game.scenario import Scenario, build, check, from_data, run_steps, settle


class Table:
    def __init__(
        self,
        *,
        first: str = "p1",
        start_at: str = "main1",
        seed: int = 1,
        content: str | None = None,
        first_turn: bool = True,
        shared_dial: bool = False,
        mode: str | None = None,
        **players: dict[str, Any],
    ) -> None:
        setup: dict[str, Any] = {
            "first": first,
            "start_at": start_at,
            "seed": seed,
            "first_turn": first_turn,
        }
        if shared_dial:  # team games: teammates (players' "team") share one Health dial
            setup["shared_dial"] = True
        if content:
            setup["content"] = content
        if mode:  # a format of game.modes.variants: its seats, teams, dials and turn order
            setup["mode"] = mode
        data = {"title": "story test", "setup": setup, "players": players}
        here = Path(__file__).parent / "story.toml"
        self.scenario: Scenario = from_data(data, here)
        self.engine: Engine = build(self.scenario)
        self.names = self.scenario.names

    # ------------------------------------------------------------ acting

    def do(self, do: str, by: str | None = None, **fields: Any) -> list[Event]:
        step = {"do": do, **fields}
        if by is not None:
            step["by"] = by
        mark = len(self.engine.log)
        self.scenario.data["step"] = [step]
        run_steps(self.engine, self.scenario)
        return self.engine.log[mark:]

    def apply(self, action: Action) -> list[Event]:
        return self.engine.apply(action)

    def settle(self) -> None:
        settle(self.engine)

    def expect(self, **expect: Any) -> None:
        check(self.engine, self.scenario, expect, "expect")

    # ------------------------------------------------------------ looking

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def player(self, name: str) -> PlayerView:
        return match_view(self.engine).players[self.seat(name)]

    @property
    def view(self):
        return match_view(self.engine)

    @property
    def pending(self):
        return self.engine.pending

    def options(self, kind: str | None = None) -> list[Action]:
        choice = self.engine.pending
        if choice is None:
            return []
        return [o.action for o in choice.options if kind is None or o.action.kind == kind]

    def labels(self) -> list[str]:
        choice = self.engine.pending
        return [o.label for o in choice.options] if choice else []

    def events(self, kind: str | None = None) -> list[Event]:
        return [e for e in self.engine.log if kind is None or e.kind == kind]

    def close(self) -> None:
        self.engine.close()
