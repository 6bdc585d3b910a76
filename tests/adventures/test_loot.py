"""Loot (rules 77-85, 90-91): the Loot die and tables, Loot decks, Unidentified Loot, the deck
rules, and the Boss Loot decision driver."""

from __future__ import annotations

import pytest

from game.adventures.campaign import starting_deck
from game.adventures.content import default_adventures
from game.adventures.loot import (
    BossLoot,
    LootError,
    add_to_deck,
    boss_loot_rarity,
    check_add,
    chest_reward,
    draw_loot,
    new_loot_decks,
    open_chest,
    parse_unidentified,
    remove_from_deck,
    roll_loot_die,
    trim_deck,
)
from game.content.loader import default_content
from game.rules.actions import act
from game.rules.rng import seed_state


@pytest.fixture(scope="module")
def adv():
    return default_adventures()


@pytest.fixture(scope="module")
def cards():
    return default_content().cards


def barbarian_deck() -> list[str]:
    return starting_deck(default_content(), "barbarian")


def test_the_loot_die_is_a_d20_that_replays(adv):
    rolls = [roll_loot_die(seed_state(5)) for _ in range(3)]
    assert rolls[0] == rolls[1] == rolls[2]  # same seed, same result
    rng = seed_state(11)
    seen = {roll_loot_die(rng) for _ in range(400)}
    assert seen == set(range(1, 21))


def test_loot_die_ignores_forced_chaos_dice():
    rng = seed_state(3)
    rng.forced_dice.extend([6, 6])
    roll_loot_die(rng)
    assert rng.forced_dice == [6, 6]  # rule 78: only effects naming the Loot die change it


def test_chest_rows_by_rarity(adv):
    assert chest_reward(adv, "common", 1).kind == "cp"
    assert chest_reward(adv, "common", 20).rarity == "rare"
    legendary = chest_reward(adv, "legendary", 20)
    assert (legendary.kind, legendary.rarity) == ("unidentified", "legendary")
    assert boss_loot_rarity(adv, 1) == "common" and boss_loot_rarity(adv, 20) == "legendary"
    with pytest.raises(LootError):
        chest_reward(adv, "common", 21)
    with pytest.raises(LootError):
        chest_reward(adv, "golden", 5)


def test_an_unidentified_result_is_tucked_under_its_rarity(adv):
    decks = new_loot_decks(adv, seed_state(1))
    top = decks["rare"][0]
    tucked: list[str] = []
    result = open_chest(adv, "common", seed_state(0), decks, tucked, roll=20)
    assert result.reward.kind == "unidentified" and result.unidentified == f"rare:{top}"
    assert tucked == [f"rare:{top}"] and top not in decks["rare"]
    assert parse_unidentified(tucked[0]) == ("rare", top)
    cp = open_chest(adv, "common", seed_state(0), decks, tucked, roll=2)
    assert cp.reward.kind == "cp" and cp.unidentified is None and len(tucked) == 1


def test_an_empty_loot_deck_passes_to_the_next_higher_one():
    decks = {"common": [], "rare": [], "epic": ["e1", "e2"], "legendary": ["l1"]}
    assert draw_loot(decks, "common") == ("e1", "epic")  # rule 85
    assert draw_loot(decks, "epic") == ("e2", "epic")
    assert draw_loot(decks, "rare") == ("l1", "legendary")
    assert draw_loot(decks, "common") is None


def test_a_higher_level_replaces_the_lower_one(cards):
    deck = barbarian_deck()
    decks: dict[str, list[str]] = {"common": [], "rare": []}
    assert add_to_deck(deck, "so_wild_2", cards, decks) == "so_wild"  # the standard card leaves
    assert "so_wild" not in deck and decks["common"] == []
    assert add_to_deck(deck, "so_wild_3", cards, decks) == "so_wild_2"
    assert decks["common"] == ["so_wild_2"]  # a replaced Loot card goes to the bottom
    assert len(deck) == 33


def test_a_card_no_stronger_than_one_owned_is_refused(cards):
    deck = barbarian_deck()
    decks: dict[str, list[str]] = {}
    add_to_deck(deck, "so_wild_3", cards, decks)
    before = list(deck)
    plan = check_add(deck, "so_wild_2", cards)
    assert not plan.ok and "rule 82" in plan.reason
    with pytest.raises(LootError):
        add_to_deck(deck, "so_wild_2", cards, decks)
    assert deck == before


def test_a_printed_duplicate_loses_one_copy(cards):
    deck = barbarian_deck()
    assert deck.count("getting_paid") == 2
    add_to_deck(deck, "getting_paid_2", cards, {})
    assert deck.count("getting_paid") == 1 and "getting_paid_2" in deck
    # a level 3 replaces the strongest lower card of the family
    decks: dict[str, list[str]] = {"common": []}
    assert add_to_deck(deck, "getting_paid_3", cards, decks) == "getting_paid_2"
    assert decks["common"] == ["getting_paid_2"]


def test_selling_a_swap_gives_the_standard_card_back(cards):
    deck = barbarian_deck()
    decks: dict[str, list[str]] = {"rare": []}
    add_to_deck(deck, "so_wild_3", cards, decks)
    assert remove_from_deck(deck, "so_wild_3", cards, decks) == "so_wild"
    assert "so_wild" in deck and decks["rare"] == ["so_wild_3"]
    add_to_deck(deck, "field_rations", cards, decks)
    assert remove_from_deck(deck, "field_rations", cards, decks) is None
    with pytest.raises(LootError):
        remove_from_deck(deck, "slap_2", cards, decks)


def test_a_deck_over_fifty_returns_loot_cards(adv, cards):
    deck = barbarian_deck()
    decks = new_loot_decks(adv, seed_state(2))
    new = [c for r in ("common", "rare", "epic", "legendary") for c in adv.loot_cards[r]]
    for card_id in new:
        if check_add(deck, card_id, cards).ok:
            add_to_deck(deck, card_id, cards, decks)
    assert len(deck) > 50
    removed = trim_deck(deck, cards, decks)
    assert len(deck) == 50  # rule 84
    assert removed and all(cards[c].loot.replaces is None for c in removed)
    assert cards[removed[0]].loot.rarity == "common"  # the weakest go first
    for card_id in removed:
        assert card_id in decks[cards[card_id].loot.rarity]


def _boss_loot(adv, cards, seed=4, chests=2, heroes=2):
    decks = [barbarian_deck() for _ in range(heroes)]
    return BossLoot(adv, cards, decks, new_loot_decks(adv, seed_state(1)), seed_state(seed), chests)


def test_boss_loot_keep_or_discard_for_a_point(adv, cards):
    loot = _boss_loot(adv, cards)
    answers = []
    while (choice := loot.pending()) is not None:
        assert choice.kind == "adventure_boss_loot"
        kind = "boss_loot_keep" if len(answers) % 2 == 0 else "boss_loot_discard"
        action = next(o.action for o in choice.options if o.action.kind == kind)
        answers.append((choice.player, choice.context["card"], kind))
        loot.apply(action)
    result = loot.result()
    assert len(answers) == 4  # 2 chests x 2 heroes (rule 90)
    assert [p for p, _, _ in answers] == [0, 1, 0, 1]
    assert result.unclaimed == 2
    for hero, card_id, kind in answers:
        assert (card_id in result.decks[hero]) == (kind == "boss_loot_keep")
        if kind == "boss_loot_discard":  # back into the deck of its own rarity
            assert card_id in result.loot_decks[cards[card_id].loot.rarity]


def test_boss_loot_replays_the_same_with_the_same_seed(adv, cards):
    def run():
        loot = _boss_loot(adv, cards, seed=9)
        while (choice := loot.pending()) is not None:
            loot.apply(choice.options[0].action)
        return loot.summary(), loot.result().decks

    assert run() == run()


def test_a_lower_level_boss_loot_card_is_put_back_and_another_drawn(adv, cards):
    deck = barbarian_deck()
    add_to_deck(deck, "so_wild_3", cards, {})
    loot_decks = {"common": ["so_wild_2", "field_rations"], "rare": [], "epic": [], "legendary": []}
    rng = seed_state(0)
    # find a seed whose first Loot die gives "common" (1-6 on the Boss Loot table)
    seed = next(s for s in range(200) if roll_loot_die(seed_state(s)) <= 6)
    rng = seed_state(seed)
    loot = BossLoot(adv, cards, [deck], loot_decks, rng, chests=1)
    choice = loot.pending()
    assert choice.context["card"] == "field_rations"  # rule 91: So Wild! II went to the bottom
    assert loot.draws[0].redrawn == ["so_wild_2"]
    loot.apply(act(0, "boss_loot_keep", card="field_rations"))
    assert loot.result().loot_decks["common"] == ["so_wild_2"]


def test_an_illegal_boss_loot_answer_changes_nothing(adv, cards):
    loot = _boss_loot(adv, cards, chests=1)
    choice = loot.pending()
    before = (loot.summary(), [list(d) for d in loot.decks])
    with pytest.raises(LootError):
        loot.apply(act(1 - choice.player, "boss_loot_keep", card=choice.context["card"]))
    with pytest.raises(LootError):
        loot.apply(act(choice.player, "boss_loot_keep", card="not_a_card"))
    assert (loot.summary(), [list(d) for d in loot.decks]) == before
    with pytest.raises(LootError):
        loot.result()
