"""Shared helpers for the hero story tests (tests/heroes/test_<hero>.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Table

DATA = Path(__file__).resolve().parents[2] / "game" / "content" / "data"
FIXTURES = "heroes/fixtures"  # relative to tests/: the Tester hero (pure / collateral damage)

# The Barbarian's Thick Skin I with three Strength does nothing: no healing, no prevention.
THICK_SKIN_NOTHING = [6, 6, 6]
GENERIC_CARDS = 18


def duel(first: str, start_at: str = "offensive_roll", **players) -> Table:
    """A Table whose players are given as name -> spec; hands are empty unless given."""
    specs = {name: {"hand": [], **spec} for name, spec in players.items()}
    return Table(first=first, start_at=start_at, **specs)


def landed(t: Table, name: str) -> list[int]:
    """Damage amounts that landed on `name`, in order."""
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("damage_resolved") if e.data["target"] == seat]


def resolved(t: Table, name: str) -> dict:
    """The one damage_resolved event for `name`."""
    seat = t.seat(name)
    hits = [e.data for e in t.events("damage_resolved") if e.data["target"] == seat]
    assert len(hits) == 1, hits
    return hits[0]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.engine.log]


def offered_rows(t: Table, ability: str) -> list[int]:
    return sorted(a.get("row") for a in t.options("activate") if a.get("ability") == ability)


def statuses(t: Table, name: str) -> dict[str, int]:
    return {k: v for k, v in t.player(name).statuses.items() if v}


def deck_check(hero_id: str) -> None:
    """33 cards: the 18 generic ones plus 15 of the hero's own, every own card in the deck,
    every upgrade naming a slot level the hero file defines."""
    hero = json.loads((DATA / "heroes" / f"{hero_id}.json").read_text())
    cards = json.loads((DATA / "cards" / f"{hero_id}.json").read_text())["cards"]
    generic = json.loads((DATA / "cards" / "generic.json").read_text())["cards"]
    assert sum(hero["deck"].values()) == 33
    own = {c["id"] for c in cards}
    assert own == {cid for cid in hero["deck"] if cid not in {g["id"] for g in generic}}
    assert sum(n for cid, n in hero["deck"].items() if cid in own) == 33 - GENERIC_CARDS
    slots = {s["id"]: s for s in hero["slots"]}
    for card in cards:
        if card["type"] == "upgrade":
            up = card["upgrade"]
            assert str(up["level"]) in slots[up["slot"]]["levels"], card["id"]
