"""Things that must hold after every action of every match (tests and the fuzzer check them)."""

from __future__ import annotations

import esper

from game.rules import ops
from game.rules.components import CardInstance, HealthDial, StatusStack

# Modes that hand a seat cards beyond its setup deck (a Boss's Action deck) add a counter here:
# fn(engine, player) -> how many extra cards that player was given.
EXTRA_CARDS: list = []


def cards_dealt(eng, player: int) -> int:
    """How many cards a player owns for the whole match: the seat's own deck list when the setup
    gives one (loot-grown Adventures decks), else the hero's printed deck, plus extra decks."""
    seat = eng.seat(player)
    seats = eng.setup.seats
    override = seats[seat].deck if seat < len(seats) else None
    count = len(override) if override is not None else eng.hero(player).deck_size()
    return count + sum(extra(eng, player) for extra in EXTRA_CARDS)


def check_invariants(engine) -> list[str]:
    """Every broken invariant, as a sentence (an empty list means all is well)."""
    problems: list[str] = []
    with engine.world.active():
        eng = engine
        for dial_ent, dial in esper.get_component(HealthDial):
            if not 0 <= dial.health <= dial.cap:
                problems.append(f"dial {dial_ent} at {dial.health} outside 0..{dial.cap}")
        owners: dict[int, int] = {}
        for card, inst in esper.get_component(CardInstance):
            owners[card] = inst.owner
        seen: dict[int, str] = {}
        for player in eng.info.players:
            name = eng.name(player)
            cp = eng.cp(player)
            if not 0 <= cp <= ops.CP_MAX:
                problems.append(f"{name} has {cp} CP")
            piles = eng.piles(player)
            places = {
                "deck": piles.deck,
                "hand": piles.hand,
                "discard": piles.discard,
                "resolving": piles.resolving,
            }
            for slot, cards in eng.board(player).upgrades.items():
                places[f"board:{slot}"] = cards
            count = 0
            for place, cards in places.items():
                for card in cards:
                    count += 1
                    if card in seen:
                        problems.append(f"card {card} is both in {seen[card]} and {place}")
                    seen[card] = place
                    if owners.get(card) != player:
                        problems.append(f"card {card} in {name}'s {place} belongs to someone else")
            expected = cards_dealt(eng, player)
            if count != expected:
                problems.append(f"{name} has {count} cards in all, not {expected}")
            for slot, level in eng.board(player).levels.items():
                if level not in eng.hero(player).slot(slot).levels:
                    problems.append(f"{name}'s {slot} at level {level}, which does not exist")
        missing = set(owners) - set(seen)
        if missing:
            problems.append(f"cards {sorted(missing)[:5]} are nowhere")
        for _ent, stack in esper.get_component(StatusStack):
            limit = ops.stack_limit(eng, stack.holder, stack.status)
            if not 0 <= stack.count <= limit:
                problems.append(
                    f"{eng.name(stack.holder)} holds {stack.count} {stack.status} (limit {limit})"
                )
            if len(stack.sources) != stack.count:
                problems.append(f"{stack.status} on {eng.name(stack.holder)}: sources out of step")
        if not eng.info.over:
            choice = eng.program.pending
            if choice is None or not choice.options:
                problems.append("the match is running but nobody has a legal choice")
    return problems
