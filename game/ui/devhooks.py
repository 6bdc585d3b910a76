"""Developer and test hooks, read from the environment (unset in normal play).

- `DICE_THRONE_SEED`: the seed of every new duel started from the setup screen.
- `DICE_THRONE_FORCE_DICE`: comma-separated die results the next rolls of a new duel take
  (the engine's forced-dice queue, the same one scenario files use).
- `DICE_THRONE_EVENT_LOG`: a file that receives every engine event of the window's duels as
  one JSON object per line, so an outside test driving the real window can check the outcome.
"""

from __future__ import annotations

import json
import os

from game.rules.events import Event


def dev_seed() -> int | None:
    value = os.environ.get("DICE_THRONE_SEED", "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"DICE_THRONE_SEED must be a whole number, not {value!r}") from None


def dev_forced_dice() -> list[int]:
    value = os.environ.get("DICE_THRONE_FORCE_DICE", "").strip()
    if not value:
        return []
    try:
        dice = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise SystemExit(f"DICE_THRONE_FORCE_DICE must be numbers 1-6, not {value!r}") from None
    if any(not 1 <= d <= 6 for d in dice):
        raise SystemExit(f"DICE_THRONE_FORCE_DICE must be numbers 1-6, not {value!r}")
    return dice


def record_events(events: list[Event]) -> None:
    path = os.environ.get("DICE_THRONE_EVENT_LOG")
    if not path or not events:
        return
    with open(path, "a", encoding="utf-8") as handle:
        for event in events:
            handle.write(json.dumps(event.to_json(), default=str) + "\n")
