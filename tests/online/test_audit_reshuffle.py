"""The duel audit and a deck made again from the discard pile within one update.

An online test failed now and then (the room's seed is random): a Huntress played Thick Fur,
which went to her discard pile, and later in the same step her deck ran out, so the discard
pile, Thick Fur in it, was shuffled into a new deck. The update rightly told that she played
that card, but the audit compared it with the match as the step left it, where the card lies
in a deck. A card a public event of the update names was public when it happened; a card in a
deck named anywhere else is still a leak.
"""

from __future__ import annotations

import pytest

from game.cli import _controllers
from game.content.loader import default_content
from game.modes.duel import duel_setup
from game.online.audit import Auditor
from game.online.view import seat_update
from game.rules.engine import Engine

SEED = 141  # Cursed Pirate against Huntress, random-legal: the reshuffle after a card


@pytest.fixture
def reshuffled():
    """(auditor for seat 1, the update seat 1 got for the step, the played card) at the step
    where a played card was shuffled into a new deck."""
    content = default_content()
    setup = duel_setup(["cursed_pirate", "huntress"], SEED)
    engine = Engine.new_match(setup, content)
    auditor = Auditor(setup, 1, content)
    players = _controllers("random", SEED, 2)
    try:
        while not engine.over:
            choice = engine.pending
            events = engine.apply(players[choice.player].decide(engine, choice))
            auditor.advance(engine.actions[-1])
            shuffled = any(e.kind == "deck_shuffled" for e in events)
            played = [e.data["card"] for e in events if e.kind == "card_played"]
            if shuffled and played:
                with engine.world.active():
                    deck = set(engine.piles(engine.player(1)).deck)
                if played[0] in deck:
                    update = seat_update(engine, 1, events, len(engine.actions))
                    yield auditor, update, played[0]
                    return
        pytest.fail("the match never shuffled a card it had just played into a new deck")
    finally:
        engine.close()
        auditor.close()


def test_a_card_played_then_shuffled_into_a_new_deck_passes_the_audit(reshuffled):
    auditor, update, card = reshuffled
    assert any(e.get("card") == card for e in update["events"])
    assert auditor.check(update) == []


def test_a_card_in_a_deck_named_outside_a_public_event_is_still_caught(reshuffled):
    auditor, update, card = reshuffled
    leak = {**update, "state": {**update["state"], "peek": {"card": card}}}
    assert any(f"card {card} lies in a deck" in p for p in auditor.check(leak))
    hidden = {**update, "events": [{"kind": "card_drawn", "card": card}]}
    assert any(f"card {card} lies in a deck" in p for p in auditor.check(hidden))
