"""The campaign audit at Rosella's Shop: the cards a hero is dealt are face up (rule 87), so a
message naming them in the order they came off a Loot deck tells nothing secret, while the
order of what is still in the deck stays a secret.

An online co-op test failed now and then (the room's seed is random) when a hero was dealt
three cards of one rarity in a row: the audit compared the message with the Loot decks as the
crawl left them, which still had the dealt cards on top.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.adventures import content as adventures_content
from game.online.adventure_table import LocalAdventureTable
from game.online.audit import AdventureAuditor
from tests.ui.test_adventures import advance, human_runner


@pytest.fixture
def shop_runner(monkeypatch):
    """A one-hero campaign at its first Shop, where the hero is dealt three Rare cards (more
    than any scenario card deals, so three come off one deck in a row)."""
    real = adventures_content.crawl_numbers

    def three_rares(card, heroes, difficulty):
        return dataclasses.replace(real(card, heroes, difficulty), shop={"rare": 3})

    monkeypatch.setattr(adventures_content, "crawl_numbers", three_rares)
    runner = human_runner(heroes=("barbarian",), seed=4)
    advance(runner, lambda r: r.driver is not None and r.pending.kind == "adventure_shop")
    yield runner
    runner.close()


def test_a_hero_dealt_three_cards_off_one_deck_passes_the_audit(shop_runner):
    runner = shop_runner
    hero = runner.driver.heroes[0]
    assert len(hero.dealt) == 3
    auditor = AdventureAuditor(runner, 0)
    source = LocalAdventureTable(runner)
    source.refresh()
    update = json.loads(json.dumps(source.update))
    assert json.dumps(hero.dealt)[1:-1] in json.dumps(update)  # the dealt cards, in order
    assert auditor.check(update) == []


def test_the_order_left_in_a_loot_deck_is_still_caught_at_the_shop(shop_runner):
    runner = shop_runner
    auditor = AdventureAuditor(runner, 0)
    rare = runner.driver.loot_decks["rare"]
    assert len(rare) >= 3
    leak = {"type": "update", "state": {"note": list(rare[:4])}}
    assert "the order of the rare Loot deck is in the message" in auditor.check(leak)
