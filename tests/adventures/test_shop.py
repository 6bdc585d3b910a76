"""Rosella's Shop (rules 86-89): Gold for each hero, the deal, buy / identify / sell, and the
clean-up; illegal actions are refused with a reason and change nothing."""

from __future__ import annotations

import copy

import pytest

from game.adventures.campaign import starting_deck
from game.adventures.content import default_adventures
from game.adventures.loot import add_to_deck
from game.adventures.shop import Shop, ShopError, ShopHero, shop_gold
from game.content.loader import default_content
from game.rules.actions import act


@pytest.fixture(scope="module")
def adv():
    return default_adventures()


@pytest.fixture(scope="module")
def cards():
    return default_content().cards


def loot_decks() -> dict[str, list[str]]:
    return {
        "common": ["so_wild_2", "field_rations", "whetstone", "pocket_change"],
        "rare": ["second_wind", "keen_blade", "iron_buckler"],
        "epic": ["treasure_trove", "battle_hymn"],
        "legendary": ["golden_touch"],
    }


def deck(hero: str = "barbarian") -> list[str]:
    return starting_deck(default_content(), hero)


def shop(adv, cards, gold=27, unidentified=None, heroes=2, **kw) -> Shop:
    team = [ShopHero(deck(), list(unidentified or []) if i == 0 else []) for i in range(heroes)]
    return Shop(adv, cards, team, gold, {"common": 2, "rare": 1}, loot_decks(), **kw)


def state(s: Shop):
    return copy.deepcopy((s.heroes, s.loot_decks, s.log))


def test_gold_is_rounded_up_to_five_for_every_hero(adv, cards):
    assert shop_gold(27) == 30 and shop_gold(30) == 30 and shop_gold(0) == 0 and shop_gold(1) == 5
    s = shop(adv, cards, gold=27)
    assert [h.gold for h in s.heroes] == [30, 30]  # rule 86's example: 27 -> 30 each


def test_each_hero_is_dealt_the_cards_the_scenario_card_lists(adv, cards):
    s = shop(adv, cards)
    assert s.heroes[0].dealt == ["so_wild_2", "field_rations", "second_wind"]
    assert s.heroes[1].dealt == ["whetstone", "pocket_change", "keen_blade"]
    assert s.loot_decks["common"] == [] and s.loot_decks["rare"] == ["iron_buckler"]


def test_buying_pays_the_price_tag_and_the_card_joins_the_deck(adv, cards):
    s = shop(adv, cards)
    choice = s.pending()
    assert choice.kind == "adventure_shop" and choice.player == 0
    assert "Buy So Wild! II (10 Gold)" in [o.label for o in choice.options]
    s.apply(act(0, "shop_buy", card="so_wild_2"))
    hero = s.heroes[0]
    assert hero.gold == 20 and "so_wild_2" in hero.deck and "so_wild" not in hero.deck
    s.apply(act(0, "shop_buy", card="second_wind"))  # rare: 15
    assert hero.gold == 5


def test_a_card_too_dear_is_refused_and_nothing_changes(adv, cards):
    s = shop(adv, cards, gold=12)
    s.apply(act(0, "shop_buy", card="field_rations"))
    before = state(s)
    with pytest.raises(ShopError, match="costs 15 Gold; you have 5"):
        s.apply(act(0, "shop_buy", card="second_wind"))
    assert state(s) == before
    assert not any(o.action.kind == "shop_buy" for o in s.pending().options)


@pytest.mark.parametrize(
    "action,words",
    [
        (act(1, "shop_buy", card="whetstone"), "hero 0's turn"),
        (act(0, "shop_buy", card="whetstone"), "not one of your Shop cards"),
        (act(0, "shop_identify", index=3), "no Unidentified"),
        (act(0, "shop_sell", card="slap_2"), "no Loot card"),
        (act(0, "shop_remove", card="so_wild_2"), "no Loot card"),
        (act(0, "shop_dance"), "unknown shop action"),
    ],
)
def test_illegal_shop_actions_are_refused_with_a_reason(adv, cards, action, words):
    s = shop(adv, cards)
    before = state(s)
    with pytest.raises(ShopError, match=words):
        s.apply(action)
    assert state(s) == before


def test_a_card_the_deck_rules_forbid_cannot_be_bought(adv, cards):
    team = [ShopHero(deck()), ShopHero(deck())]
    add_to_deck(team[0].deck, "so_wild_3", cards, {})
    s = Shop(adv, cards, team, 30, {"common": 1}, loot_decks())
    assert s.heroes[0].dealt == ["so_wild_2"]
    with pytest.raises(ShopError, match="rule 82"):
        s.apply(act(0, "shop_buy", card="so_wild_2"))


def test_identify_costs_ten_and_the_card_goes_straight_into_the_deck(adv, cards):
    s = shop(adv, cards, unidentified=["epic:adrenaline"])
    s.apply(act(0, "shop_identify", index=0))
    hero = s.heroes[0]
    assert hero.gold == 20 and "adrenaline" in hero.deck and hero.unidentified == []


def test_an_identified_card_the_deck_cannot_take_shows_the_next_one(adv, cards):
    team = [ShopHero(deck(), ["common:so_wild_2"])]
    add_to_deck(team[0].deck, "so_wild_3", cards, {})
    s = Shop(adv, cards, team, 10, {}, loot_decks())
    s.apply(act(0, "shop_identify", index=0))
    hero = s.heroes[0]
    assert "field_rations" in hero.deck and hero.gold == 0
    assert s.loot_decks["common"][-1] == "so_wild_2"


def test_selling_gives_five_gold_and_returns_the_card(adv, cards):
    s = shop(adv, cards, unidentified=["rare:iron_buckler"])
    s.loot_decks["rare"].remove("iron_buckler")
    s.apply(act(0, "shop_sell_unidentified", index=0))
    assert s.heroes[0].gold == 35 and s.loot_decks["rare"][-1] == "iron_buckler"
    s.apply(act(0, "shop_buy", card="so_wild_2"))
    s.apply(act(0, "shop_sell", card="so_wild_2"))
    hero = s.heroes[0]
    assert hero.gold == 30 and "so_wild" in hero.deck and "so_wild_2" not in hero.deck
    assert s.loot_decks["common"][-1] == "so_wild_2"


def test_clean_up_returns_unbought_and_unidentified_cards(adv, cards):
    s = shop(adv, cards, unidentified=["legendary:crown_of_plenty"])
    s.apply(act(0, "shop_buy", card="field_rations"))
    s.apply(act(0, "shop_done"))
    assert s.pending().player == 1
    with pytest.raises(ShopError, match="still shopping"):
        s.close()
    s.apply(act(1, "shop_done"))
    assert s.pending() is None
    result = s.close()
    assert result.gold_left == [20, 30]
    assert "field_rations" in result.decks[0]
    assert result.loot_decks["common"] == ["so_wild_2", "whetstone", "pocket_change"]
    assert result.loot_decks["rare"] == ["iron_buckler", "second_wind", "keen_blade"]
    assert result.loot_decks["legendary"] == ["golden_touch", "crown_of_plenty"]
    with pytest.raises(ShopError):
        s.close()


def test_a_deck_over_fifty_must_shrink_before_leaving(adv, cards):
    s = shop(adv, cards, heroes=1, limit=33)
    s.apply(act(0, "shop_buy", card="field_rations"))
    with pytest.raises(ShopError, match="rule 84"):
        s.apply(act(0, "shop_done"))
    assert not any(o.action.kind == "shop_done" for o in s.pending().options)
    s.apply(act(0, "shop_remove", card="field_rations"))
    assert s.heroes[0].gold == 20  # returned for nothing
    s.apply(act(0, "shop_done"))


def test_a_difficulty_discount_lowers_every_price(adv, cards):
    s = shop(adv, cards, discount=3)
    s.apply(act(0, "shop_buy", card="second_wind"))
    assert s.heroes[0].gold == 30 - 12


def test_an_ai_can_answer_the_shop_from_its_options(adv, cards):
    s = shop(adv, cards, gold=50, unidentified=["epic:adrenaline"], heroes=3)
    steps = 0
    while (choice := s.pending()) is not None:
        steps += 1
        assert choice.options  # never a dead end
        s.apply(choice.options[0].action)  # buy, identify or sell first, then leave
        assert steps < 100
    result = s.close()
    assert len(result.decks) == 3 and all(g >= 0 for g in result.gold_left)
