"""Shared helpers for the hero story tests (tests/heroes/test_<hero>.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Table

DATA = Path(__file__).resolve().parents[2] / "game" / "content" / "data"
FIXTURES = "heroes/fixtures"  # relative to tests/: the Tester hero (pure / collateral damage)

# The Barbarian's Thick Skin I with three Strength does nothing: no healing, no prevention.
THICK_SKIN_NOTHING = [6, 6, 6]
GENERIC_CARDS = 18  # cards in a deck that are generic ones (one hero trades one for its own)
OWN_CARDS = {"cursed_pirate": 16}  # heroes with more than 33 - GENERIC_CARDS cards of their own


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
    """33 cards: generic ones plus 15 of the hero's own (16 for the Cursed Pirate, whose Parlay!
    takes the place of a second Getting Paid!), every own card in the deck, every upgrade naming
    a slot level the hero file defines."""
    hero = json.loads((DATA / "heroes" / f"{hero_id}.json").read_text())
    cards = json.loads((DATA / "cards" / f"{hero_id}.json").read_text())["cards"]
    generic = json.loads((DATA / "cards" / "generic.json").read_text())["cards"]
    assert sum(hero["deck"].values()) == 33
    own = {c["id"] for c in cards}
    assert own == {cid for cid in hero["deck"] if cid not in {g["id"] for g in generic}}
    own_count = OWN_CARDS.get(hero_id, 33 - GENERIC_CARDS)
    assert sum(n for cid, n in hero["deck"].items() if cid in own) == own_count
    slots = {s["id"]: s for s in hero["slots"]}
    for card in cards:
        if card["type"] == "upgrade":
            up = card["upgrade"]
            assert str(up["level"]) in slots[up["slot"]]["levels"], card["id"]


def openers(name: str, hero: str, foe: str = "barb"):
    """The two duels most of a hero's stories start from, as (hero_first, foe_first): the hero
    (player `name`) moves first, or the opponent (player `foe`, the Barbarian unless `other`
    names another hero) does. Both take the players' specs by name and `start_at`."""

    def opener(first: str):
        def table(start_at: str = "offensive_roll", other: str = "barbarian", **specs) -> Table:
            unknown = set(specs) - {name, foe}
            if unknown:
                raise TypeError(f"unknown player(s) {sorted(unknown)}")
            players = {
                name: {"hero": hero, **(specs.get(name) or {})},
                foe: {"hero": other, **(specs.get(foe) or {})},
            }
            second = foe if first == name else name
            return duel(
                first, start_at=start_at, **{first: players[first], second: players[second]}
            )

        return table

    return opener(name), opener(foe)


def strike_as(
    by: str,
    t: Table,
    roll,
    ability,
    row=None,
    defense=THICK_SKIN_NOTHING,
    defender: str = "barb",
    keep_turn: bool = False,
    **extra,
) -> Table:
    """`by` rolls these dice and activates `ability` (row); the defender rolls `defense`
    (None: no Defensive Roll is made); then everything settles. keep_turn: check it is still
    the attacker's turn afterwards (the defense belonged to this Attack)."""
    t.do("roll", by=by, dice=roll)
    fields = {"ability": ability, **extra}
    if row is not None:
        fields["row"] = row
    t.do("activate", by=by, **fields)
    if defense is not None:
        t.do("roll", by=defender, dice=defense)
    t.settle()
    if keep_turn:
        assert t.view.active == t.seat(by)
    return t


def cp(t: Table, name: str) -> int:
    return t.player(name).cp


def hp(t: Table, name: str) -> int:
    return t.player(name).health


def spend_offered(t: Table, status: str) -> bool:
    """The player who is asked now may spend `status`."""
    return any(a.kind == "spend" and a.get("status") == status for a in t.options())


def settle_noting(t: Table, name: str) -> list[str]:
    """Settle like `t.settle()`, noting every token `name` is offered to spend on the way."""
    seat = t.seat(name)
    seen: list[str] = []
    for _ in range(500):
        choice = t.pending
        if choice is None:
            break
        if choice.player == seat:
            seen += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        kinds = {o.action.kind: o.action for o in choice.options}
        if choice.kind == "respond" and "pass" in kinds:
            t.apply(kinds["pass"])
        elif choice.kind == "defensive_roll" and "accept" in kinds:
            t.apply(kinds["accept"])
        else:
            break
    return seen


def upgrade_played(first, name: str, card: str, slot: str, level: int, cost: int, cp: int = 6):
    """In `name`'s Main Phase (table `first`), playing the upgrade `card` from a hand with `cp`
    CP puts `slot` at `level` and costs `cost`."""
    t = first(start_at="main1", **{name: {"hand": [card], "cp": cp}})
    t.do("play", by=name, card=card)
    assert t.player(name).levels[slot] == level
    assert t.player(name).cp == cp - cost
    return t
