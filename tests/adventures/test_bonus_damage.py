"""Adventures rule 100 and the status catalog: Bonus Damage tokens.

Each token shows a number (our design: +1, +2 or +3; the Loot Table's "N Bonus Damage" is one
token showing +N). Stack limit 2. Gaining one at the limit asks its owner: swap it for one held,
or throw the new one away. Spending one (an Attack Modifier) adds its number; the highest
goes first."""

from __future__ import annotations

import esper
import pytest

from game.adventures.ai import AdventureAI
from game.content.loader import default_content
from game.rules.components import CardInstance
from game.rules.effects import adventure_verbs
from game.rules.effects.adventure_verbs import BONUS_FULL, bonus_choices, bonus_faces
from tests.adventures import crawl_kit
from tests.helpers import Table

SMACK_DICE = [1, 2, 6, 6, 4]  # the Barbarian's Smack: 6 undefendable damage at level 1


STAND_INS = ["get_some", "head_bash", "rest_up", "intimidate"]


def table(hand: list[str], cp: int = 6) -> Table:
    """A duel in the Barbarian's Main Phase with these Loot cards in hand (as if his deck had
    grown them: each stands in for one of his own cards)."""
    t = Table(
        first="barb",
        barb={"hero": "barbarian", "hand": STAND_INS[: len(hand)], "cp": cp},
        foe={"hero": "barbarian", "hand": []},
        start_at="main1",
    )
    with t.engine.world.active():
        cards = t.engine.piles(t.engine.player(t.seat("barb"))).hand
        for card, loot in zip(cards, hand, strict=True):
            esper.component_for_entity(card, CardInstance).card = loot
        t.engine.program.pending = None  # ask the Main Phase question again with these cards
        t.engine._run()
    return t


def faces(t: Table, name: str) -> list[int]:
    with t.engine.world.active():
        return list(bonus_faces(t.engine, t.engine.player(t.seat(name))))


def test_the_status_holds_two_at_most():
    assert default_content().statuses["bonus_damage"].stack_limit == 2


def test_a_loot_card_gives_one_token_showing_its_number():
    t = table(["war_banner", "battle_hymn"])
    t.do("play", by="barb", card="war_banner")
    t.do("play", by="barb", card="battle_hymn")
    assert t.player("barb").statuses["bonus_damage"] == 2
    assert faces(t, "barb") == [3, 2]


def test_at_the_limit_the_owner_may_swap_a_held_token_for_the_new_one():
    t = table(["battle_hymn", "battle_hymn", "war_banner"], cp=6)
    t.do("play", by="barb", card="battle_hymn")
    t.do("play", by="barb", card="battle_hymn")
    assert faces(t, "barb") == [2, 2]
    t.do("play", by="barb", card="war_banner")
    choice = t.pending
    assert choice.kind == BONUS_FULL and choice.player == t.seat("barb")
    assert [o.label for o in choice.options] == [
        "Replace your +2 token with the new +3",
        "Replace your +2 token with the new +3",
        "Throw the new +3 token away",
    ]
    t.apply(choice.options[1].action)
    assert faces(t, "barb") == [2, 3]
    assert t.player("barb").statuses["bonus_damage"] == 2


def test_at_the_limit_the_owner_may_throw_the_new_token_away():
    t = table(["war_banner", "war_banner", "battle_hymn"], cp=6)
    t.do("play", by="barb", card="war_banner")
    t.do("play", by="barb", card="war_banner")
    t.do("play", by="barb", card="battle_hymn")
    choice = t.pending
    assert choice.kind == BONUS_FULL
    assert choice.options[0].label == "Throw the new +2 token away"  # the sensible answer
    t.apply(choice.options[0].action)
    assert faces(t, "barb") == [3, 3]


def test_spending_adds_the_number_on_the_token_the_highest_first():
    t = table(["battle_hymn", "war_banner"], cp=6)
    t.do("play", by="barb", card="battle_hymn")
    t.do("play", by="barb", card="war_banner")
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=SMACK_DICE)
    t.do("activate", by="barb", ability="smack", row=0)
    t.do("spend", by="barb", status="bonus_damage")
    assert faces(t, "barb") == [2]  # the +3 went first
    t.do("spend", by="barb", status="bonus_damage")
    t.settle()
    assert t.player("foe").health == 50 - (6 + 3 + 2)
    assert t.player("barb").statuses.get("bonus_damage", 0) == 0
    spent = [e.data["value"] for e in t.events("bonus_face") if e.data.get("spent")]
    assert spent == [3, 2]


@pytest.mark.parametrize(
    ("held", "new", "first"),
    [([1, 2], 3, 0), ([2, 1], 3, 1), ([3, 3], 2, "discard"), ([2, 2], 2, "discard")],
)
def test_the_sensible_answer_replaces_the_lowest_only_for_a_better_token(held, new, first):
    assert bonus_choices(held, new)[0][0] == first


def test_a_computer_hero_keeps_the_better_tokens():
    t = table(["war_banner", "battle_hymn", "war_banner"], cp=6)
    t.do("play", by="barb", card="battle_hymn")
    t.do("play", by="barb", card="war_banner")
    t.do("play", by="barb", card="war_banner")
    choice = t.pending
    assert choice.kind == BONUS_FULL
    for level in ("easy", "simple", "normal", "hard"):
        action = AdventureAI(level, 1).decide(t.engine, choice)
        assert choice.find(action).label == "Replace your +2 token with the new +3"


def test_a_loot_chest_bonus_row_gives_one_token_showing_the_rows_number(monkeypatch):
    """Rule 79: "take 1 corresponding token" - the Rare chest's 12-13 row is one +2 token."""
    engine = crawl_kit.new_crawl()
    with engine.world.active():
        from game.adventures import crawl_rewards

        player = engine.player(0)
        monkeypatch.setattr(crawl_rewards, "roll_loot_die", lambda eng, p, why: 12)
        crawl_rewards.grant_chest(engine, player, "rare", "a test chest")
        engine.program.pending = None  # the open question is asked again after the gain
        engine._run()
        assert bonus_faces(engine, player) == [2]
        assert esper.has_component(player, adventure_verbs.BonusFaces)
    engine.close()


def test_a_boss_cards_bonus_damage_hero_bonus_is_one_token_of_that_number():
    from game.adventures import boss

    engine = crawl_kit.new_boss()
    with engine.world.active():
        me = engine.player(0)
        boss.grant_hero_bonus(engine, me, "bonus_damage", 2, "a test card")
        engine.program.pending = None
        engine._run()
        assert bonus_faces(engine, me) == [2]
        assert engine.pending.player is not None  # play goes on
    engine.close()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_computer_spends_bonus_damage_before_its_damage_lands(level):
    """The computer reads a token's number from the spend effects (a face it cannot know is
    guessed as +2); with nothing to go on it would never spend one."""
    from game.ai import make_ai

    t = table(["battle_hymn", "war_banner"], cp=6)
    t.do("play", by="barb", card="battle_hymn")
    t.do("play", by="barb", card="war_banner")
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=SMACK_DICE)
    t.do("activate", by="barb", ability="smack", row=0)
    for _ in range(20):
        choice = t.pending
        if choice.window == "before_damage" and choice.player == t.seat("barb"):
            break
        t.apply(next(o.action for o in choice.options if o.action.kind == "pass"))
    else:
        raise AssertionError("no window before the damage")
    action = make_ai(level, 1).decide(t.engine, choice)
    assert (action.kind, action.get("status")) == ("spend", "bonus_damage")
