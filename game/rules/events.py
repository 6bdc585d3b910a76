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
