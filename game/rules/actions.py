"""Actions, the options a decision offers, and the decision itself.

Every choice any player makes is a `PendingChoice`; an `Action` is legal only if it equals one
of the choice's options. Players are named by seat index (0, 1, ...), never by entity id, so
actions read the same in logs, replays and scenario files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """`kind` names what is done; `args` are (name, value) pairs with plain, hashable values."""

    player: int
    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "kind": self.kind}
        for key, value in self.args:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or "player" not in data or "kind" not in data:
            raise ValueError("an action needs 'player' and 'kind'")
        args = []
        for key in sorted(k for k in data if k not in ("player", "kind")):
            value = data[key]
            args.append((key, tuple(value) if isinstance(value, list) else value))
        return Action(int(data["player"]), str(data["kind"]), tuple(args))


def act(player: int, kind: str, **args: Any) -> Action:
    return Action(player, kind, tuple(sorted(args.items())))


@dataclass(frozen=True, slots=True)
class Option:
    action: Action
    label: str
    detail: str = ""


def option(player: int, kind: str, label: str, detail: str = "", **args: Any) -> Option:
    """`Option(act(player, kind, **args), label, detail)`, made once for the same arguments:
    options and actions are frozen, so one object serves every decision that offers it (a
    Pass, a card to sell or play, a token to spend are offered again and again)."""
    key = (player, kind, label, detail, *args.items())
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= 50_000:  # a bound: seats x cards and tokens x labels stay far below
            _OPTIONS.clear()
        found = _OPTIONS[key] = Option(act(player, kind, **args), label, detail)
    return found


_OPTIONS: dict[tuple, Option] = {}


@dataclass(slots=True)
class PendingChoice:
    """A question to one player. `kind` says what sort of decision it is (for UIs and AIs):

    main_phase, offensive_roll, defensive_roll, respond (a response window), defense_choice,
    choose (an effect's choice: a die, a value, a player, an option), discard, order_triggers.
    """

    player: int
    kind: str
    prompt: str
    options: list[Option]
    window: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    def actions(self) -> list[Action]:
        return [o.action for o in self.options]

    def find(self, action: Action) -> Option | None:
        """The first option whose action equals `action` (mostly the very object offered)."""
        if type(action) is not Action:
            for option in self.options:
                if option.action == action:
                    return option
            return None
        # Two exact Actions are equal when their fields are (the dataclass's `__eq__`),
        # compared here without a call per option: kind and args tell most options apart.
        player, kind, args = action.player, action.kind, action.args
        for option in self.options:
            offered = option.action
            if offered is action:
                return option
            if type(offered) is not Action:
                if offered == action:
                    return option
            elif offered.kind == kind and offered.args == args and offered.player == player:
                return option
        return None


class IllegalAction(Exception):
    """Raised by `Engine.apply` for an action that is not among the pending options.

    The match state is untouched when this is raised.
    """
