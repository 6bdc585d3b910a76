"""Loot cards work in the duel engine with existing verbs: Equipment stays in play as a
non-removable status (rule 81), Bonus Damage is an Attack Modifier (rules 79, 100)."""

from __future__ import annotations

from game.content.loader import default_content
from game.rules.engine import Engine, MatchSetup, SeatSetup
from game.rules.view import match_view
from tests.helpers import Table

SMACK_DICE = [1, 2, 6, 6, 4]  # the Barbarian's Smack: 6 undefendable damage at level 1


def duel(first: str, barb: dict, foe: dict | None = None, **kw) -> Table:
    return Table(
        first=first,
        barb={"hero": "barbarian", "hand": [], **barb},
        foe={"hero": "barbarian", "hand": [], **(foe or {})},
        **kw,
    )


def test_a_keen_blade_adds_one_damage_once_per_turn_and_stays():
    t = duel("barb", {"statuses": {"keen_blade": 1}}, start_at="offensive_roll")
    t.do("roll", by="barb", dice=SMACK_DICE)
    t.do("activate", by="barb", ability="smack", row=0)
    t.do("spend", by="barb", status="keen_blade")
    assert not any(a.kind == "spend" for a in t.options())  # once per turn
    t.settle()
    assert t.player("foe").health == 50 - 7
    assert t.player("barb").statuses == {"keen_blade": 1}  # kept: Equipment stays in play


def test_an_iron_buckler_prevents_two_of_an_attack():
    t = duel("foe", {"statuses": {"iron_buckler": 1}}, start_at="offensive_roll")
    t.do("roll", by="foe", dice=SMACK_DICE)
    t.do("activate", by="foe", ability="smack", row=0)
    t.do("spend", by="barb", status="iron_buckler")
    t.settle()
    assert t.player("barb").health == 50 - 4
    assert t.player("barb").statuses == {"iron_buckler": 1}


def test_a_healers_satchel_heals_in_the_upkeep_and_a_crown_pays_in_the_income():
    t = duel(
        "barb",
        {"health": 30, "cp": 2, "statuses": {"healers_satchel": 1, "crown_of_plenty": 1}},
        start_at="upkeep",
        first_turn=False,
    )
    t.settle()
    me = t.player("barb")
    assert me.health == 31
    assert me.cp == 2 + 1 + 1  # Income +1, the Crown +1
    assert len(me.hand) == 2  # Income draw + the Crown's draw


def test_equipment_cannot_be_cleared_away():
    t = duel("barb", {"statuses": {"tower_shield": 1}}, start_at="main1")
    status = default_content().statuses["tower_shield"]
    assert not status.removable and not status.transferable and status.persistent
    assert t.player("barb").statuses == {"tower_shield": 1}


def test_bonus_damage_tokens_add_one_each_to_an_attack():
    t = duel("barb", {"statuses": {"bonus_damage": 2}}, start_at="offensive_roll")
    t.do("roll", by="barb", dice=SMACK_DICE)
    t.do("activate", by="barb", ability="smack", row=0)
    t.do("spend", by="barb", status="bonus_damage")
    t.do("spend", by="barb", status="bonus_damage")
    t.settle()
    assert t.player("foe").health == 50 - 8
    assert t.player("barb").statuses.get("bonus_damage", 0) == 0


def test_playing_an_equipment_card_from_a_loot_grown_deck_puts_it_in_play():
    content = default_content()
    deck = tuple(["tower_shield"] * 20 + ["getting_paid_2"] * 13)
    eng = Engine.new_match(
        MatchSetup(
            seats=(SeatSetup("barbarian", deck=deck), SeatSetup("barbarian", deck=deck)), seed=3
        ),
        content,
    )
    try:
        for _ in range(300):
            choice = eng.pending
            tower = [o for o in choice.options if o.action.kind == "play" and "Tower" in o.label]
            if choice.kind == "main_phase" and tower:
                seat = choice.player
                cp = match_view(eng).players[seat].cp
                eng.apply(tower[0].action)
                me = match_view(eng).players[seat]
                assert me.statuses.get("tower_shield") == 1
                assert me.cp == cp - 4
                return
            main = choice.kind == "main_phase"
            eng.apply(choice.options[-1].action if main else choice.options[0].action)
        raise AssertionError("Tower Shield was never playable")
    finally:
        eng.close()


def test_every_loot_card_can_be_played_in_a_duel():
    """Computer players with decks made only of Loot cards: every card is played at least
    once and no game breaks (random choices reach odd corners of each card)."""
    from game.adventures.content import default_adventures
    from game.ai import make_ai

    content = default_content()
    loot = [cid for cards in default_adventures().loot_cards.values() for cid in cards]
    played: set[str] = set()
    pairs = (("barbarian", "monk"), ("gunslinger", "pyromancer"), ("ninja", "paladin"))
    for seed in range(6):
        for heroes in pairs:
            setup = MatchSetup(
                seats=tuple(SeatSetup(h, deck=tuple(loot)) for h in heroes), seed=seed
            )
            eng = Engine.new_match(setup, content)
            try:
                players = [make_ai("random", seed * 10 + i) for i in range(2)]
                for _ in range(3000):
                    if eng.over:
                        break
                    choice = eng.pending
                    eng.apply(players[choice.player].decide(eng, choice))
                played |= {e.data["card_id"] for e in eng.log if e.kind == "card_played"}
            finally:
                eng.close()
    assert sorted(set(loot) - played) == []
