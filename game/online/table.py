"""The client's side of a match: the table as one seat was told it, with no engine.

`RemoteTable` keeps what the server sent a seat (`view.seat_update`: its filtered events, its
table, its own choice) in the shapes the window's drawing code reads offline: a
`rules.view.MatchView` (another team's hand is a list of that many face-down placeholders,
`HIDDEN_CARD`), engine `Event`s, and a `PendingChoice` whose options carry the real `Action`s
(so a click is matched to an option exactly as offline) plus the option number the server
wants back. Nothing here can run a rule: a window that plays online never has an engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game.modes.variants import SHARED_DIAL
from game.rules.actions import Action, Option, PendingChoice
from game.rules.events import Event
from game.rules.stats import SeatStats, match_stats
from game.rules.view import CombatView, CompanionView, DiceView, MatchView, PlayerView

HIDDEN_CARD = (-1, "")  # a card in a hand this seat may not look at
LOG_KEPT = 400  # events kept for the log (the end screen's tallies come from the server)


@dataclass(slots=True)
class RemoteSetup:
    """What the drawing code reads from a match's setup (never the seed: the server keeps it)."""

    mode: str
    seed: int = 0  # only the dice tray's tumbling uses it; the faces come from the server
    shared_team_dial: bool = False


def _ints(mapping: dict[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in mapping.items()}


def view_from_state(state: dict[str, Any]) -> MatchView:
    """A `MatchView` built from the per-seat state one seat received."""
    players = []
    for p in state["players"]:
        if "hand" in p:
            hand = [(c["card"], c["card_id"]) for c in p["hand"]]
        else:
            hand = [HIDDEN_CARD] * int(p["hand_size"])
        players.append(
            PlayerView(
                seat=p["seat"],
                name=p["name"],
                hero=p["hero"],
                team=p["team"],
                health=p["health"],
                start_health=p["start_health"],
                cp=p["cp"],
                hand=hand,
                deck_size=p["deck_size"],
                discard=list(p["discard"]),
                statuses=dict(p["statuses"]),
                limits=dict(p["limits"]),
                levels=dict(p["levels"]),
                defeated=p["defeated"],
                flags=list(p["flags"]),
                leader=p["leader"],
                hand_visible_to=list(p["hand_visible_to"]),
                mode=state["mode"],
                flipped=p["flipped"],
                companions=[CompanionView(**c) for c in p.get("companions", [])],
                companion_tokens=dict(p["companion_tokens"]),
            )
        )
    combat = dict(state["combat"])
    combat["incoming"] = _ints(combat["incoming"])
    combat["landing"] = _ints(combat["landing"])
    combat["may_avoid"] = {int(k): list(v) for k, v in combat["may_avoid"].items()}
    return MatchView(
        mode=state["mode"],
        phase=state["phase"],
        turn=state["turn"],
        round=state["round"],
        active=state["active"],
        start=state["start"],
        over=state["over"],
        winner_team=state["winner_team"],
        draw=state["draw"],
        timed_out=state["timed_out"],
        players=players,
        dice=[DiceView(**d) for d in state["dice"]],
        combat=CombatView(**combat),
        turn_order=list(state["turn_order"]),
        leaders=list(state["leaders"]),
        teams={int(t): list(s) for t, s in state["teams"].items()},
    )


def board_abilities(content, player: PlayerView, kinds: tuple[str, ...]) -> list:
    """The abilities on this player's board at their levels and on its side, from the view
    (what `rules.ops.abilities` reads from the engine)."""
    hero = content.heroes[player.hero]
    out = []
    for slot in hero.slots:
        if slot.kind not in kinds:
            continue
        side = slot.flipped if player.flipped and slot.flipped else slot.levels
        out.extend(side[player.levels.get(slot.id, 1)])
    return out


def event_from(message: dict[str, Any]) -> Event:
    data = {k: v for k, v in message.items() if k not in ("kind", "text")}
    return Event(message["kind"], data, message.get("text", ""))


@dataclass(slots=True)
class RemoteChoice:
    """The open decision: a `PendingChoice` for the drawing code, and its decision number."""

    choice: PendingChoice
    seq: int
    mine: bool

    def option_number(self, action: Action) -> int | None:
        for index, option in enumerate(self.choice.options):
            if option.action == action:
                return index
        return None


def choice_from(message: dict[str, Any] | None) -> RemoteChoice | None:
    """The choice part of an update. Another seat's decision has no options (the server
    only says who decides and what kind of decision it is)."""
    if message is None:
        return None
    options = [
        Option(Action.from_json(o["action"]), o["label"], o.get("detail", ""))
        for o in message.get("options", [])
    ]
    choice = PendingChoice(
        player=message["player"],
        kind=message["kind"],
        prompt=message.get("prompt", ""),
        options=options,
        window=message.get("window", ""),
        context=dict(message.get("context", {})),
    )
    return RemoteChoice(choice, message["seq"], bool(message.get("mine")))


class RemoteTable:
    """Stands where the offline scenes hold an engine, holding only what this seat was sent.

    `pending`, `over`, `log`, `setup` and `content` are read by the shared drawing code; there
    is no `apply`: an answer goes to the server as an option number (`answer`)."""

    def __init__(self, content, seat: int) -> None:
        self.content = content
        self.seat = seat
        self.view: MatchView | None = None
        self.remote: RemoteChoice | None = None
        self.log: list[Event] = []
        self.setup = RemoteSetup("duel")
        self.cards: dict[int, str] = {}  # card entity -> card id, for every card seen face up
        self.time_left: float | None = None  # the turn timer, when the update came
        self.time_at = 0.0  # (time.monotonic() then)
        self.log_kept: int | None = LOG_KEPT
        self.costs: dict[int, int] = {}  # card in a hand this seat sees -> its cost now
        self.reasons: dict[int, str] = {}  # card in this seat's hand -> why it is not playable
        self.windows: dict[str, list[str]] = {}  # token an option spends -> spend windows open
        self.tallies: dict[str, Any] | None = None  # the server's totals, once the match is over

    @property
    def pending(self) -> PendingChoice | None:
        return None if self.remote is None else self.remote.choice

    @property
    def over(self) -> bool:
        return bool(self.view and self.view.over)

    def take(self, update: dict[str, Any]) -> list[Event]:
        """Apply one `update` message; returns its events (to be played back)."""
        events = [event_from(e) for e in update.get("events", []) if e.get("kind") != "unlisted"]
        self.view = view_from_state(update["state"])
        mode = self.view.mode
        self.setup = RemoteSetup(mode, shared_team_dial=SHARED_DIAL.get(mode, False))
        self.remote = choice_from(update.get("choice"))
        choice = update.get("choice") or {}
        self.reasons = {int(k): v for k, v in choice.get("why_not", {}).items()}
        self.windows = {k: list(v) for k, v in choice.get("spend_windows", {}).items()}
        self.costs = {
            c["card"]: c["cost"]
            for p in update["state"]["players"]
            for c in p.get("hand", [])
            if "cost" in c
        }
        self.time_left = update.get("time_left")
        if update.get("tallies") is not None:
            self.tallies = update["tallies"]
        self.time_at = time.monotonic()
        for event in events:
            card, card_id = event.data.get("card"), event.data.get("card_id")
            if isinstance(card, int) and isinstance(card_id, str):
                self.cards[card] = card_id
        for player in self.view.players:
            for card, card_id in player.hand:
                if card_id:
                    self.cards[card] = card_id
        self.log.extend(events)
        if self.log_kept is not None:
            del self.log[: -self.log_kept]
        return events

    def card_id(self, card: int) -> str:
        return self.cards.get(card, "")

    # ------------------------------------------------------------ what the rules worked out

    def cost(self, card: int) -> int:
        """What a card in a hand this seat sees costs now (a level III upgrade over level II
        costs the difference); the printed cost of any other card."""
        if card in self.costs:
            return self.costs[card]
        return self.content.cards[self.card_id(card)].cost

    def why_not(self, card: int) -> str:
        """Why this card of the seat's hand cannot be played now ("" when it can, or when the
        decision is not this seat's)."""
        return self.reasons.get(card, "")

    def spend_windows(self, choice, status: str) -> list[str]:
        """The token's spend windows open now (for the auto-pass setting,
        `ui.prompt_policy.should_ask`)."""
        return self.windows.get(status, [])

    def end_stats(self) -> dict[int, SeatStats]:
        """The end screen's numbers: the server's totals over the whole match (this table
        keeps only the last `LOG_KEPT` events, and a resumed seat or a spectator saw only the
        end of the log); from the events kept here only if the server sent none."""
        if self.tallies is None:
            return match_stats(self.log)
        fields = set(SeatStats.__dataclass_fields__)
        out = {}
        try:
            for seat, numbers in self.tallies.items():
                numbers = {k: v for k, v in numbers.items() if k in fields}
                numbers["dealt_to"] = _ints(numbers.get("dealt_to", {}))
                out[int(seat)] = SeatStats(**numbers)
        except (AttributeError, TypeError, ValueError):  # not the shape sent: count here
            return match_stats(self.log)
        return out

    def seconds_left(self) -> float | None:
        """What the turn timer says now (None: no timer, or nothing to decide)."""
        if self.time_left is None or self.remote is None:
            return None
        return max(0.0, self.time_left - (time.monotonic() - self.time_at))

    def answer(self, action: Action) -> tuple[int, int] | None:
        """(decision number, option number) for this action, or None if it answers nothing
        open to this seat."""
        remote = self.remote
        if remote is None or not remote.mine:
            return None
        number = remote.option_number(action)
        return None if number is None else (remote.seq, number)
