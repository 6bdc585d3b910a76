"""Events: what happened, in order, returned by `Engine.apply`.

An event is a kind plus plain data (seat indices, ids, numbers) and a sentence in our own
words for the game log. The window animates from the data; tests assert on both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data, "text": self.text}


_new = object.__new__
_SET_KIND = Event.kind.__set__  # the slots' own descriptors (the class is frozen)
_SET_DATA = Event.data.__set__
_SET_TEXT = Event.text.__set__


def make_event(kind: str, data: dict[str, Any], text: str) -> Event:
    """`Event(kind, data, text)` without the frozen dataclass's `__init__` (the engine makes a
    few events per step): its three slots written directly."""
    event = _new(Event)
    _SET_KIND(event, kind)
    _SET_DATA(event, data)
    _SET_TEXT(event, text)
    return event


# Kinds used by the engine (the window and tests rely on these names):
KINDS = (
    "match_started",
    "start_roll",
    "turn_started",
    "phase_changed",
    "cp_changed",
    "card_drawn",
    "deck_shuffled",
    "card_sold",
    "card_played",
    "card_discarded",
    "upgrade_played",
    "dice_rolled",
    "die_changed",
    "ability_announced",
    "ability_activated",
    "no_ability",
    "attack_declared",
    "defense_chosen",
    "status_gained",
    "status_removed",
    "status_spent",
    "status_transferred",
    "damage_added",
    "damage_prevented",
    "damage_avoided",
    "damage_resolved",
    "healed",
    "health_changed",
    "player_defeated",
    "game_over",
    "phase_skipped",
    "window_opened",
    "passed",
    "note",
)
