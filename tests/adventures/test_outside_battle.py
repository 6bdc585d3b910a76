"""Rule 33 (Instant cards and spendable statuses outside battles) and rule 78 (only effects
naming the Loot die may change it), in the Portal Crawl driver."""

from __future__ import annotations

import pytest

from game.adventures import crawl
from game.adventures.ai import AdventureAI
from game.rules import ops
from game.rules.actions import IllegalAction, act
from game.rules.engine import Engine, MatchSetup, SeatSetup, replay
from game.rules.invariants import check_invariants
from tests.adventures.crawl_kit import crawl_json, kinds, world

# Four cards: the whole deck is the opening hand.
HAND = ("getting_paid", "so_wild", "quick_guard", "lucky_coin")


def deck_crawl(deck=HAND, hero: str = "barbarian", seed: int = 3, **kw) -> Engine:
    setup = MatchSetup(
        seats=(SeatSetup(hero, team=0, deck=tuple(deck)),),
        seed=seed,
        mode="adventure_crawl",
        health=25,
        adventure=crawl_json(**kw),
    )
    return Engine.new_match(setup)


def offered(eng: Engine) -> dict[str, object]:
    """label -> action of the open question."""
    return {o.label: o.action for o in eng.pending.options}


def hand_ids(eng: Engine, seat: int = 0) -> list[str]:
    with world(eng):
        return sorted(eng.card_id(c) for c in eng.piles(eng.player(seat)).hand)


def test_rule_33_a_hero_between_battles_may_play_instants_but_no_roll_or_dice_cards():
    eng = deck_crawl()
    choice = eng.pending
    assert choice.kind == "adventure_instant"  # the first turn, before moving
    labels = set(offered(eng))
    assert labels == {
        "Go on with the turn",
        "Play Getting Paid! (0 CP)",
        "Play Lucky Coin (0 CP)",
    }  # So Wild! (Roll Phase, alters dice) and Quick Guard (needs incoming damage) are not
    with world(eng):
        before = eng.cp(eng.player(0))
    events = eng.apply(offered(eng)["Play Getting Paid! (0 CP)"])
    assert "card_played" in kinds(events)
    with world(eng):
        me = eng.player(0)
        assert eng.cp(me) > before
        assert "getting_paid" in [eng.card_id(c) for c in eng.piles(me).discard]
    # asked again with what is left, then the turn goes on to the move
    assert eng.pending.kind == "adventure_instant"
    assert "Play Getting Paid! (0 CP)" not in offered(eng)
    events = eng.apply(offered(eng)["Go on with the turn"])
    # the hero moved and explored; the solo hero's next turn asks again (Lucky Coin is left)
    assert kinds(events).index("hero_moved") < kinds(events).index("crawl_turn")
    with world(eng):
        check_invariants(eng)


def test_rule_33_a_card_that_cannot_be_paid_is_not_offered_and_others_are_refused():
    eng = deck_crawl(deck=("second_look", "so_wild", "tip_it", "six_it"))
    assert set(offered(eng)) == {"Go on with the turn", "Play Second Look (1 CP)"}
    with world(eng):
        me = eng.player(0)
        so_wild = next(c for c in eng.piles(me).hand if eng.card_id(c) == "so_wild")
        cp = eng.cp(me)
        ops.lose_cp(eng, me, cp, "test")
        assert crawl.instant_options(eng, me) == []  # Second Look costs 1 CP
        ops.gain_cp(eng, me, cp, "test")
    digest = eng.digest()
    with pytest.raises(IllegalAction):
        eng.apply(act(0, "play", card=so_wild))  # a Roll Phase card on the map
    assert eng.digest() == digest


def test_rule_33_a_status_is_offered_when_its_effect_works_off_the_board_and_is_spent():
    eng = deck_crawl(deck=("so_wild", "tip_it", "six_it", "so_wild"), hero="monk", seed=9)
    # nothing to play: the first turn went straight to the move
    assert eng.pending.kind == "adventure_move"
    with world(eng):
        me = eng.player(0)
        ops.give_status(eng, me, "cleanse", 1, None)
        assert crawl.instant_options(eng, me) == []  # no negative token: nothing to cleanse
        ops.give_status(eng, me, "knockdown", 1, None)
        labels = [o.label for o in crawl.instant_options(eng, me)]
        assert labels == ["Go on with the turn", "Spend Cleanse"]
    eng.apply(eng.pending.options[0].action)  # move and explore; the next turn asks
    assert eng.pending.kind == "adventure_instant"
    with world(eng):
        hurt = eng.dial(me).health
    events = kinds(eng.apply(act(0, "spend", status="cleanse")))
    # spent, then nothing is left to use: the turn goes on to the move
    assert events.index("status_spent") < events.index("hero_moved")
    assert "status_removed" in events
    with world(eng):
        assert ops.status_count(eng, me, "knockdown") == 0
        assert ops.status_count(eng, me, "cleanse") == 0
        assert eng.dial(me).health == hurt


def test_rule_33_battle_turns_do_not_get_the_outside_battle_question():
    lair = dict(id="lair", name="Lair", minion=1)
    eng = deck_crawl(deck=HAND, tiles=[lair] * 4, seed=5)
    ai = AdventureAI("simple", 1)
    asked_engaged = []
    for _ in range(400):
        if eng.over:
            break
        choice = eng.pending
        if choice.kind == "adventure_instant":
            with world(eng):
                asked_engaged.append(crawl.adventurer(eng.player(0)).engaged is not None)
        if "hero_step" in kinds(eng.log) and len(asked_engaged) >= 1:
            break
        eng.apply(ai.decide(eng, choice))
    assert "hero_step" in kinds(eng.log)  # a battle was fought...
    assert asked_engaged and not any(asked_engaged)  # ...and only the free turn was asked


def test_rule_78_a_lucky_coin_adds_3_to_the_next_loot_die_only():
    eng = deck_crawl()
    with world(eng):
        me = eng.player(0)
    plain = eng.clone()
    with world(plain):
        raw = [crawl.roll_loot_die(plain, plain.player(0), "test") for _ in range(2)]
    plain.close()
    eng.apply(offered(eng)["Play Lucky Coin (0 CP)"])
    with world(eng):
        assert ops.status_count(eng, me, "lucky_coin") == 1
        first = crawl.roll_loot_die(eng, me, "test")
        second = crawl.roll_loot_die(eng, me, "test")
        assert first == min(20, raw[0] + 3)
        assert second == raw[1]  # the coin is used up
        assert ops.status_count(eng, me, "lucky_coin") == 0
    changed = [e for e in eng.log if e.kind == "loot_die_changed"]
    assert len(changed) == (1 if raw[0] < 20 else 0)


def test_rule_78_second_look_rolls_the_loot_die_again_and_keeps_the_higher():
    eng = deck_crawl()
    with world(eng):
        me = eng.player(0)
    plain = eng.clone()
    with world(plain):
        a, b = (crawl.roll_loot_die(plain, plain.player(0), "test") for _ in range(2))
    plain.close()
    with world(eng):
        ops.give_status(eng, me, "second_look", 1, None)
        assert crawl.roll_loot_die(eng, me, "a chest") == max(a, b)
        assert ops.status_count(eng, me, "second_look") == 0


def test_rule_78_any_die_cards_never_reach_the_loot_die_and_a_chest_uses_the_changed_value():
    eng = deck_crawl(deck=("so_wild", "tip_it", "lucky_coin", "helping_hand"))
    # "any die" cards are Roll Phase cards: not offered outside a battle
    assert set(offered(eng)) == {"Go on with the turn", "Play Lucky Coin (0 CP)"}
    eng.apply(offered(eng)["Play Lucky Coin (0 CP)"])
    with world(eng):
        me = eng.player(0)
        crawl.grant_chest(eng, me, "common", "test chest")
    rolled = [e for e in eng.log if e.kind == "loot_die" and e.data["why"] == "common Loot Chest"]
    assert len(rolled) == 1
    raw = rolled[0].data["value"]
    if raw < 20:
        change = next(e for e in eng.log if e.kind == "loot_die_changed")
        assert change.data["before"] == raw and change.data["value"] == min(20, raw + 3)


def test_the_computer_plays_a_loot_die_card_on_the_map_but_keeps_cp_cards_for_battle():
    eng = deck_crawl()
    ai = AdventureAI("normal", 4)
    first = ai.decide(eng, eng.pending)
    assert first.kind == "play"
    with world(eng):
        assert eng.card_id(first.get("card")) == "lucky_coin"
    eng.apply(first)
    second = ai.decide(eng, eng.pending)
    assert second.kind == "done"  # Getting Paid! waits for the Hero Step
    eng.apply(second)
    assert "getting_paid" in hand_ids(eng)


def test_a_crawl_with_cards_played_on_the_map_replays_to_the_same_digest():
    lair = dict(id="lair", name="Lair", minion=1)
    eng = deck_crawl(deck=HAND * 3, tiles=[lair] * 4, seed=11)
    ai = AdventureAI("simple", 2)
    for _ in range(3000):
        if eng.over:
            break
        eng.apply(ai.decide(eng, eng.pending))
    assert any(e.kind == "card_played" and e.data["card_id"] == "lucky_coin" for e in eng.log)
    again = replay(eng.setup, list(eng.actions), eng.content)
    assert again.digest() == eng.digest()
    again.close()
