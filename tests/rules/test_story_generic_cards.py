"""Story tests for every generic action card (cards/generic.json, docs/cards.md): each can be
played only in its window and with enough CP - otherwise it is refused with a reason and the
match is left exactly as it was - it does what its text says, and its cost is paid.

The Gunslinger ("gun") and the Barbarian ("barb") play. When the Barbarian defends with
Thick Skin I and rolls three Strength (6, 6, 6) his defense does nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.actions import IllegalAction, act
from game.rules.options import ROLL_PHASES, Situation, playable_reason
from tests.helpers import Table

DATA = Path(__file__).resolve().parents[2] / "game" / "content" / "data"
GENERIC = {c["id"]: c for c in json.loads((DATA / "cards" / "generic.json").read_text())["cards"]}

NOTHING = [6, 6, 6]  # Thick Skin I: no Heart, no Sword
SLAP = [1, 1, 1, 4, 6]  # Barbarian: three Swords -> Slap, 4 dmg
SMACK = [1, 2, 6, 6, 4]  # Barbarian: Smack, 6 undefendable
REVOLVER = [1, 2, 3, 4, 4]  # Gunslinger: three Bullets -> Revolver, 3 dmg
NO_ABILITY = [1, 4, 5, 5, 6]  # Barbarian: nothing worth activating


def table(start_at: str = "offensive_roll", first: str = "gun", gun=None, barb=None, **kw):
    gun_spec = {"hero": "gunslinger", "hand": [], **(gun or {})}
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    if first == "gun":
        return Table(first="gun", start_at=start_at, gun=gun_spec, barb=barb_spec, **kw)
    return Table(first="barb", start_at=start_at, barb=barb_spec, gun=gun_spec, **kw)


def landed(t: Table, name: str) -> list[int]:
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("damage_resolved") if e.data["target"] == seat]


def resolved(t: Table, name: str) -> dict:
    seat = t.seat(name)
    hits = [e.data for e in t.events("damage_resolved") if e.data["target"] == seat]
    assert len(hits) == 1, hits
    return hits[0]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.engine.log]


def tokens(t: Table, name: str, status: str) -> int:
    return t.player(name).statuses.get(status, 0)


def card_in_hand(t: Table, name: str, card_id: str) -> int:
    for card, cid in t.player(name).hand:
        if cid == card_id:
            return card
    raise AssertionError(f"{name} holds no {card_id}")


def hand_ids(t: Table, name: str) -> list[str]:
    return [cid for _card, cid in t.player(name).hand]


def offered(t: Table, name: str) -> list[str]:
    """Ids of the cards `name` is offered to play right now."""
    if t.pending is None or t.pending.player != t.seat(name):
        return []
    with t.engine.world.active():
        return [t.engine.card_id(a.get("card")) for a in t.options("play")]


def why_not(t: Table, name: str, card_id: str) -> str | None:
    """The reason shown for a card that cannot be played now (as the window computes it)."""
    choice = t.pending
    moment = {
        "main_phase": "main",
        "offensive_roll": "offensive_roll",
        "defensive_roll": "defensive_roll",
    }.get(choice.kind, choice.window or "")
    dice = choice.context.get("dice", [])
    eng = t.engine
    with eng.world.active():
        player = eng.player(t.seat(name))
        return playable_reason(eng, player, card_in_hand(t, name, card_id), Situation(moment, dice))


def refused(t: Table, name: str, card_id: str, reason: str | None = None) -> None:
    """`name` cannot play `card_id` now: it is not offered, the reason (if given) is the one
    shown, word for word, playing it anyway raises IllegalAction, and nothing in the match
    changes."""
    before = t.engine.digest()
    assert card_id not in offered(t, name)
    if reason is not None:
        why = why_not(t, name, card_id)
        assert why == reason, why
    card = card_in_hand(t, name, card_id)
    with pytest.raises(IllegalAction):
        t.apply(act(t.seat(name), "play", card=card))
    assert t.engine.digest() == before
    assert card_id in hand_ids(t, name)


def paid(t: Table, card_id: str) -> int:
    played = [e.data for e in t.events("card_played") if e.data["card_id"] == card_id]
    assert len(played) == 1, played
    return played[0]["cost"]


def pass_until(t: Table, window: str, name: str) -> None:
    """Pass / accept until `name` is asked in `window`."""
    for _ in range(50):
        choice = t.pending
        if choice.window == window and choice.player == t.seat(name):
            return
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    raise AssertionError(f"{name} was never asked in {window}")


def barb_announces(dice=SLAP, ability="slap", row=0, **gun) -> Table:
    """The Barbarian rolls and announces; she is asked whether to alter his dice."""
    t = table(first="barb", gun=gun)
    t.do("roll", by="barb", dice=dice)
    t.do("activate", by="barb", ability=ability, row=row)
    assert t.pending.window == "offensive_announce" and t.pending.player == t.seat("gun")
    return t


def gun_rolled(dice=REVOLVER, **gun) -> Table:
    """She has made her first Roll Attempt and is deciding."""
    t = table(gun=gun)
    t.do("roll", by="gun", dice=dice)
    assert t.pending.kind == "offensive_roll"
    return t


def offense_values(t: Table, name: str) -> list[int]:
    seat = t.seat(name)
    groups = [d for d in t.view.dice if d.owner == seat and d.purpose == "offense"]
    assert len(groups) == 1
    return groups[0].values


def activatable(t: Table) -> set[str]:
    return {a.get("ability") for a in t.options("activate")}


# ================================================================ every card: cost and window


def ready(card_id: str, cp: int) -> Table:
    """A moment where the Gunslinger could play `card_id`, holding it with `cp` CP."""
    spec = {"hand": [card_id], "cp": cp}
    kind = GENERIC[card_id]["type"]
    if card_id in ("better_d", "not_this_time"):
        t = table(first="barb", gun=spec)
        t.do("roll", by="barb", dice=SLAP)
        t.do("activate", by="barb", ability="slap", row=0)
        pass_until(t, "", "gun")  # her Defensive Roll
        assert t.pending.kind == "defensive_roll"
        return t
    if kind == "roll":
        return gun_rolled(**spec)
    # Main Phase cards and instants: her own Main Phase, with a status on the Barbarian
    return table(start_at="main1", gun=spec, barb={"statuses": {"bounty": 1}})


COSTED = sorted(cid for cid, c in GENERIC.items() if c["cost"] > 0)


def test_every_generic_card_is_covered_here():
    assert set(GENERIC) == {
        "getting_paid",
        "so_wild",
        "twice_as_wild",
        "samesies",
        "tip_it",
        "six_it",
        "try_try_again",
        "helping_hand",
        "one_more_time",
        "better_d",
        "not_this_time",
        "buh_bye",
        "transference",
        "what_status_effects",
        "double_up",
        "triple_up",
    }


@pytest.mark.parametrize("card_id", COSTED)
def test_card_is_refused_one_cp_short(card_id):
    cost = GENERIC[card_id]["cost"]
    t = ready(card_id, cost - 1)
    refused(t, "gun", card_id, f"needs {cost} CP (you have {cost - 1})")
    assert t.player("gun").cp == cost - 1


@pytest.mark.parametrize("card_id", sorted(GENERIC))
def test_card_with_exactly_its_cost_is_played_and_paid_for(card_id):
    cost = GENERIC[card_id]["cost"]
    t = ready(card_id, cost)
    assert card_id in offered(t, "gun")
    assert why_not(t, "gun", card_id) is None
    t.do("play", by="gun", card=card_id)
    assert paid(t, card_id) == cost
    assert t.player("gun").cp == (2 if card_id == "getting_paid" else 0)
    assert card_id not in hand_ids(t, "gun")


@pytest.mark.parametrize("card_id", sorted(c for c, d in GENERIC.items() if d["type"] == "roll"))
def test_roll_phase_cards_are_refused_in_a_main_phase(card_id):
    t = table(start_at="main1", gun={"hand": [card_id], "cp": 5})
    refused(t, "gun", card_id, "only during a Roll Phase")


@pytest.mark.parametrize("card_id", ["transference", "what_status_effects"])
def test_main_phase_cards_are_refused_during_a_roll_phase(card_id):
    t = barb_announces(SLAP, hand=[card_id, "tip_it"], cp=5, statuses={"evasive": 1})
    refused(t, "gun", card_id, "only in your own Main Phase")
    t = gun_rolled(hand=[card_id], cp=5, statuses={"evasive": 1})
    refused(t, "gun", card_id, "only in your own Main Phase")


@pytest.mark.parametrize("card_id", sorted(GENERIC))
def test_no_card_is_played_in_the_discard_phase(card_id):
    others = ["tip_it", "samesies", "double_up", "triple_up", "so_wild", "helping_hand", "buh_bye"]
    hand = [card_id, *[c for c in others if c != card_id][:6]]  # 7 cards
    t = table(start_at="discard", gun={"hand": hand, "cp": 10}, barb={"statuses": {"bounty": 1}})
    assert t.pending.kind == "discard"
    assert {a.kind for a in t.options()} == {"sell"}
    refused(t, "gun", card_id)


@pytest.mark.parametrize("card_id", sorted(GENERIC))
def test_no_card_against_an_ultimate(card_id):
    # From the activation of his Ultimate to the end of the Roll Phase she can do nothing.
    t = table(
        first="barb",
        gun={"hand": [card_id], "cp": 10, "statuses": {"evasive": 1}},
        barb={"hand": ["getting_paid"]},
    )
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    checked = False
    for _ in range(60):
        if t.view.phase not in ROLL_PHASES or t.pending.kind == "offensive_roll":
            break
        if t.events("ability_activated"):
            assert t.pending.player != t.seat("gun"), t.labels()
            if not checked:
                assert why_not(t, "gun", card_id) == "you cannot act right now"
                checked = True
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    assert checked
    assert card_id in hand_ids(t, "gun") and t.player("gun").cp == 10


# ================================================================ Getting Paid!


def test_getting_paid_gains_2_cp_for_free_and_is_discarded():
    t = table(start_at="main1", gun={"hand": ["getting_paid"], "cp": 3})
    t.do("play", by="gun", card="getting_paid")
    assert t.player("gun").cp == 5
    assert paid(t, "getting_paid") == 0
    assert t.player("gun").discard == ["getting_paid"]


def test_getting_paid_is_an_instant_usable_on_the_opponents_turn():
    t = barb_announces(SLAP, hand=["getting_paid"], cp=0)
    t.do("play", by="gun", card="getting_paid")
    assert t.player("gun").cp == 2


@pytest.mark.parametrize("cp,after", [(13, 15), (14, 15)])
def test_getting_paid_stops_at_15_cp(cp, after):
    t = table(start_at="main1", gun={"hand": ["getting_paid"], "cp": cp})
    t.do("play", by="gun", card="getting_paid")
    assert t.player("gun").cp == after


# ================================================================ So Wild!


def test_so_wild_turns_an_opponents_die_to_any_face_and_breaks_his_ability():
    t = barb_announces(SLAP, hand=["so_wild"], cp=2)
    t.do("play", by="gun", card="so_wild")
    t.do("choose", by="gun", option="barb's die 1")
    assert sorted(t.labels()) == [f"Make it a {v}" for v in (2, 3, 4, 5, 6)]  # any other face
    t.do("choose", by="gun", option="Make it a 6")
    assert offense_values(t, "barb") == [6, 1, 1, 4, 6]
    assert t.player("gun").cp == 0
    # his Slap no longer stands: he must decide again
    assert "ability_activated" not in kinds(t)
    assert t.pending.player == t.seat("barb") and t.pending.kind == "offensive_roll"
    assert "slap" not in activatable(t)
    assert t.player("gun").discard == ["so_wild"]


def test_so_wild_on_her_own_die_completes_an_ability():
    t = gun_rolled([6, 6, 1, 2, 4], hand=["so_wild"], cp=2)
    assert "deadeye" not in activatable(t)
    t.do("play", by="gun", card="so_wild")
    t.do("choose", by="gun", option="gun's die 3")
    t.do("choose", by="gun", option="Make it a 6")
    assert offense_values(t, "gun") == [6, 6, 6, 2, 4]
    assert "deadeye" in activatable(t)


def test_so_wild_needs_a_die_on_the_table():
    t = table(gun={"hand": ["so_wild"], "cp": 2})  # her Roll Phase, nothing rolled yet
    assert t.pending.kind == "offensive_roll"
    refused(t, "gun", "so_wild", "no dice can be altered now")


def test_so_wild_on_the_defenders_die_during_his_defensive_roll():
    # Thick Skin: his Sword (a 3) would prevent 1; she turns it into a Strength (6).
    t = table(gun={"hand": ["so_wild"], "cp": 2})
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=[3, 6, 6])
    t.do("play", by="gun", card="so_wild", window="dice_roll")
    t.do("choose", by="gun", option="barb's die 1")
    t.do("choose", by="gun", option="Make it a 6")
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["prevented"], hit["amount"]) == (0, 3)


# ================================================================ Twice as Wild!


def test_twice_as_wild_sets_two_dice_and_costs_3():
    t = gun_rolled([6, 6, 6, 1, 4], hand=["twice_as_wild"], cp=3)
    assert "fill_em_with_lead" not in activatable(t)
    t.do("play", by="gun", card="twice_as_wild")
    t.do("choose", by="gun", option="gun's die 4")
    t.do("choose", by="gun", option="Make it a 6")
    t.do("choose", by="gun", option="gun's die 5")
    t.do("choose", by="gun", option="Make it a 6")
    assert offense_values(t, "gun") == [6, 6, 6, 6, 6]
    assert "fill_em_with_lead" in activatable(t)
    assert paid(t, "twice_as_wild") == 3 and t.player("gun").cp == 0
    changed = [e.data for e in t.events("die_changed")]
    assert [(c["old"], c["value"]) for c in changed] == [(1, 6), (4, 6)]


def test_twice_as_wild_on_an_opponents_roll():
    t = barb_announces(SLAP, hand=["twice_as_wild"], cp=3)
    t.do("play", by="gun", card="twice_as_wild")
    t.do("choose", by="gun", option="barb's die 1")
    t.do("choose", by="gun", option="Make it a 5")
    t.do("choose", by="gun", option="barb's die 2")
    t.do("choose", by="gun", option="Make it a 5")
    assert offense_values(t, "barb") == [5, 5, 1, 4, 6]


# ================================================================ Samesies!


def test_samesies_copies_another_of_her_dice_from_the_same_roll():
    t = gun_rolled([6, 6, 1, 2, 4], hand=["samesies"], cp=1)
    t.do("play", by="gun", card="samesies")
    t.do("choose", by="gun", option="gun's die 3")
    # only the numbers her other dice show (and not its own)
    assert sorted(t.labels()) == ["Make it a 2", "Make it a 4", "Make it a 6"]
    t.do("choose", by="gun", option="Make it a 6")
    assert offense_values(t, "gun") == [6, 6, 6, 2, 4]
    assert "deadeye" in activatable(t)
    assert t.player("gun").cp == 0


def test_samesies_never_touches_an_opponents_dice():
    t = barb_announces(SLAP, hand=["samesies", "tip_it"], cp=5)
    refused(t, "gun", "samesies", "none of your dice can be altered now")
    assert "tip_it" in offered(t, "gun")


# ================================================================ Tip It!


@pytest.mark.parametrize(
    "index,value,choices",
    [(3, 3, [2, 4]), (1, 1, [2]), (5, 6, [5])],
)
def test_tip_it_moves_one_die_one_number_up_or_down(index, value, choices):
    dice = [1, 2, 3, 4, 6]
    assert dice[index - 1] == value
    t = gun_rolled(dice, hand=["tip_it"], cp=1)
    t.do("play", by="gun", card="tip_it")
    t.do("choose", by="gun", option=f"gun's die {index}")
    if len(choices) > 1:
        assert sorted(t.labels()) == [f"Make it a {v}" for v in choices]
        t.do("choose", by="gun", option=f"Make it a {choices[-1]}")
    after = list(dice)
    after[index - 1] = choices[-1]
    assert offense_values(t, "gun") == after
    assert t.player("gun").cp == 0


def test_tip_it_works_on_an_opponents_die():
    t = barb_announces(SMACK, "smack", hand=["tip_it"], cp=1)
    t.do("play", by="gun", card="tip_it")
    t.do("choose", by="gun", option="barb's die 3")  # a 6 can only go down
    assert offense_values(t, "barb") == [1, 2, 5, 6, 4]
    assert "smack" not in activatable(t)  # one Strength left


# ================================================================ Six-It!


def test_six_it_turns_one_of_her_dice_to_a_6():
    t = gun_rolled([6, 6, 1, 2, 4], hand=["six_it"], cp=1)
    t.do("play", by="gun", card="six_it")
    assert not any("shows 6" in label for label in t.labels())  # a 6 is no choice
    t.do("choose", by="gun", option="gun's die 5")
    assert offense_values(t, "gun") == [6, 6, 1, 2, 6]
    assert "deadeye" in activatable(t)
    assert t.player("gun").cp == 0


def test_six_it_on_her_own_defense_die():
    t = table(first="barb", gun={"hand": ["six_it"], "cp": 1})
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="gun", dice=[2])
    t.do("play", by="gun", card="six_it")  # her only die: no question
    t.do("accept", by="gun", dice=[5])  # his roll-off die
    off = t.events("roll_off")[-1].data
    assert (off["mine"], off["theirs"], off["won"]) == (6, 5, True)


def test_six_it_never_touches_an_opponents_dice():
    t = barb_announces(SLAP, hand=["six_it", "tip_it"], cp=2)
    refused(t, "gun", "six_it", "none of your dice can be altered now")


# ================================================================ Try, Try Again!


def test_try_try_again_rerolls_up_to_two_of_her_dice_without_using_an_attempt():
    t = gun_rolled([6, 6, 1, 2, 4], hand=["try_try_again"], cp=1)
    attempts = t.view.combat.attempts_used
    t.do("play", by="gun", card="try_try_again")
    labels = t.labels()
    assert "Re-roll gun's dice 3, 4" in labels and "Re-roll gun's die 5" in labels
    assert not any(label.count(",") >= 2 for label in labels)  # never three dice
    t.do("choose", by="gun", option="Re-roll gun's dice 3, 4", dice=[6, 5])
    assert offense_values(t, "gun") == [6, 6, 6, 5, 4]
    assert t.view.combat.attempts_used == attempts
    assert t.player("gun").cp == 0


def test_try_try_again_never_on_an_opponents_dice():
    # Rule 122: you or a teammate only (team games: tests/rules/test_story_fidelity.py).
    t = barb_announces(SLAP, hand=["try_try_again", "tip_it"], cp=2)
    refused(t, "gun", "try_try_again", "none of your side's dice can be altered now")


# ================================================================ Helping Hand!


def test_helping_hand_rerolls_one_opponents_die():
    t = barb_announces(SLAP, hand=["helping_hand"], cp=1)
    t.do("play", by="gun", card="helping_hand")
    assert not any("dice" in label for label in t.labels())  # one die only
    t.do("choose", by="gun", option="Re-roll barb's die 1", dice=[5])
    assert offense_values(t, "barb") == [5, 1, 1, 4, 6]
    assert t.player("gun").cp == 0


def test_helping_hand_rerolls_a_die_rolled_for_a_token():
    # She rolls her Evasive: a 1 that would dodge his Smack. He re-rolls that very die with
    # Helping Hand! - a 4: the Smack lands.
    t = table(
        first="barb", gun={"statuses": {"evasive": 1}}, barb={"hand": ["helping_hand"], "cp": 1}
    )
    t.do("roll", by="barb", dice=SMACK)
    t.do("activate", by="barb", ability="smack")
    t.do("spend", by="gun", status="evasive", dice=[1])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("barb")
    t.do("play", by="barb", card="helping_hand", dice=[4])
    t.settle()
    assert not t.events("damage_avoided")
    assert landed(t, "gun") == [6]
    assert t.player("barb").cp == 0


# ================================================================ One More Time!


def test_one_more_time_gives_a_fourth_roll_attempt():
    t = gun_rolled([1, 1, 4, 5, 6], hand=["one_more_time"], cp=1)
    t.do("roll", by="gun", reroll=[5], dice=[2])
    t.do("roll", by="gun", reroll=[5], dice=[3])
    assert t.view.combat.attempts_used == 3
    assert not any(a.kind == "roll" for a in t.options())  # out of attempts
    t.do("play", by="gun", card="one_more_time")
    assert t.view.combat.attempts_total == 4
    t.do("roll", by="gun", reroll=[5], dice=[1])
    assert offense_values(t, "gun") == [1, 1, 4, 5, 1]
    assert "revolver" in activatable(t)
    assert t.player("gun").cp == 0


def test_one_more_time_is_optional_to_use():
    t = gun_rolled(REVOLVER, hand=["one_more_time"], cp=1)
    t.do("play", by="gun", card="one_more_time")
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3]


def test_one_more_time_only_during_an_offensive_roll():
    # Rule 88: on his roll too (he may decline: tests/rules/test_story_fidelity.py).
    t = barb_announces(SLAP, hand=["one_more_time", "tip_it"], cp=5)
    assert "one_more_time" in offered(t, "gun")
    t.do("pass", by="gun", window="offensive_announce")
    t.do("roll", by="gun", dice=[1])  # her Defensive Roll
    refused(t, "gun", "one_more_time", "only while an Offensive Roll is under way")


# ================================================================ Better D!


def test_better_d_gives_another_defensive_roll_attempt():
    t = table(first="barb", gun={"hand": ["better_d"], "cp": 1})
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="gun", dice=[1])
    assert not any(a.kind == "roll" for a in t.options())  # one attempt only
    t.do("play", by="gun", card="better_d")
    t.do("roll", by="gun", dice=[6])
    t.do("accept", by="gun", dice=[2])  # his roll-off die: her 6 beats it
    off = t.events("roll_off")[-1].data
    assert (off["mine"], off["won"]) == (6, True)
    assert t.player("gun").cp == 0


def test_better_d_only_during_a_defensive_roll():
    t = gun_rolled(REVOLVER, hand=["better_d"], cp=1)
    refused(t, "gun", "better_d", "only while a Defensive Roll is under way")
    t = barb_announces(SLAP, hand=["better_d", "tip_it"], cp=1)
    refused(t, "gun", "better_d", "only while a Defensive Roll is under way")


# ================================================================ Not This Time!


def test_not_this_time_prevents_6_of_the_damage_heading_for_a_player():
    t = table(barb={"hand": ["not_this_time"], "cp": 2})
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="gun", ability="fan_the_hammer")  # 7 dmg
    pass_until(t, "before_defense", "barb")
    t.do("play", by="barb", card="not_this_time")
    # only he has damage heading his way, so he is the player chosen (no question)
    assert t.pending.kind != "choose"
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["prevented"], hit["amount"]) == (7, 6, 1)
    assert t.player("barb").cp == 0
    assert t.player("barb").discard == ["not_this_time"]


def test_not_this_time_chooses_among_the_players_with_damage_waiting():
    # His Slap (4) heads for her, her Duel sends 3 back: both have damage waiting, and he
    # picks whose damage to prevent.
    t = table(first="barb", barb={"hand": ["not_this_time"], "cp": 2})
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="gun", dice=[6])
    t.do("accept", by="gun")
    t.do("pass", by="barb", window="dice_roll", dice=[1])  # his roll-off die: she wins
    t.do("choose", by="gun", option="deal")
    pass_until(t, "before_damage", "barb")
    t.do("play", by="barb", card="not_this_time")
    assert sorted(t.labels()) == ["barb", "gun"]
    t.do("choose", by="barb", option="barb")
    t.settle()
    assert resolved(t, "barb")["prevented"] == 6
    assert landed(t, "barb") == [0]
    assert landed(t, "gun") == [4]


def test_not_this_time_needs_damage_waiting():
    t = table(start_at="main1", gun={"hand": ["not_this_time"], "cp": 2})
    refused(t, "gun", "not_this_time", "nobody has damage waiting to land")


def test_not_this_time_cannot_stop_an_ultimate():
    # Even the attacker himself (not locked out) finds no damage it could prevent.
    t = table(first="barb", barb={"hand": ["not_this_time", "getting_paid"], "cp": 2})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    for _ in range(20):
        if "damage_pending" in kinds(t) and t.pending.player == t.seat("barb"):
            break
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    refused(t, "barb", "not_this_time", "nobody has damage waiting to land")


# ================================================================ Buh, Bye!


def test_buh_bye_removes_one_token_of_the_players_choice_from_anyone():
    t = table(
        start_at="main1",
        gun={"hand": ["buh_bye"], "cp": 1, "statuses": {"evasive": 2}},
        barb={"statuses": {"bounty": 1, "concussion": 1}},
    )
    t.do("play", by="gun", card="buh_bye")
    assert sorted(t.labels()) == ["Bounty on barb", "Concussion on barb", "Evasive on gun"]
    t.do("choose", by="gun", option="Bounty on barb")
    assert t.player("barb").statuses == {"concussion": 1}
    assert t.player("gun").statuses == {"evasive": 2}
    assert t.player("gun").cp == 0
    assert t.player("gun").discard == ["buh_bye"]


def test_buh_bye_takes_only_one_of_a_stack():
    t = table(
        start_at="main1",
        first="barb",
        barb={"hand": ["buh_bye"], "cp": 1},
        gun={"statuses": {"evasive": 3}},
    )
    t.do("play", by="barb", card="buh_bye")
    assert tokens(t, "gun", "evasive") == 2


def test_buh_bye_is_an_instant_on_the_opponents_turn():
    # Before his Slap is even resolved she takes the Bounty off herself.
    t = barb_announces(SLAP, hand=["buh_bye"], cp=1, statuses={"bounty": 1})
    t.do("play", by="gun", card="buh_bye")
    assert tokens(t, "gun", "bounty") == 0
    t.do("roll", by="gun", dice=[1])
    t.do("accept", by="gun", dice=[6])
    t.settle()
    assert landed(t, "gun") == [4]  # no Bounty boost any more
    assert t.player("barb").cp == 2


def test_buh_bye_needs_a_status_in_play():
    t = table(start_at="main1", gun={"hand": ["buh_bye"], "cp": 1})
    refused(t, "gun", "buh_bye", "no status effects are in play")


def test_buh_bye_cannot_interrupt_a_spent_token():
    # Her Evasive is being spent: while its die is on the table he may only alter that die.
    t = table(
        first="barb",
        gun={"statuses": {"evasive": 2}},
        barb={"hand": ["buh_bye", "tip_it"], "cp": 5},
    )
    t.do("roll", by="barb", dice=SMACK)
    t.do("activate", by="barb", ability="smack")
    t.do("spend", by="gun", status="evasive", dice=[4])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("barb")
    assert offered(t, "barb") == ["tip_it"]
    refused(t, "barb", "buh_bye")


# ================================================================ Transference!


def test_transference_moves_a_token_from_one_player_to_another():
    # She passes her Knockdown on to him before her Roll Phase: she rolls, he will have to pay.
    t = table(
        start_at="main1",
        gun={"hand": ["transference"], "cp": 1, "statuses": {"knockdown": 1, "evasive": 1}},
    )
    t.do("play", by="gun", card="transference")
    assert sorted(t.labels()) == ["Evasive on gun", "Knockdown on gun"]
    t.do("choose", by="gun", option="Knockdown on gun")  # one other player: no second question
    assert t.player("gun").statuses == {"evasive": 1}
    assert t.player("barb").statuses == {"knockdown": 1}
    assert t.player("gun").cp == 0
    t.do("end_phase", by="gun")
    assert t.pending.kind == "offensive_roll"  # no Knockdown question for her any more


def test_transference_can_take_a_positive_token_from_the_opponent():
    t = table(
        start_at="main1", gun={"hand": ["transference"], "cp": 1}, barb={"statuses": {"evasive": 2}}
    )
    t.do("play", by="gun", card="transference")
    assert tokens(t, "barb", "evasive") == 1
    assert tokens(t, "gun", "evasive") == 1
    assert t.events("status_transferred")[-1].data["target"] == t.seat("gun")


def test_transference_can_be_answered_before_it_resolves():
    # A Main Phase card: he clears the only token with Buh, Bye! first - nothing is left to move
    # and her CP is spent all the same.
    t = table(
        start_at="main1",
        gun={"hand": ["transference"], "cp": 1},
        barb={"statuses": {"evasive": 1}, "hand": ["buh_bye"], "cp": 1},
    )
    t.do("play", by="gun", card="transference")
    assert t.pending.window == "card_response" and t.pending.player == t.seat("barb")
    t.do("play", by="barb", card="buh_bye")
    t.settle()
    assert "status_transferred" not in kinds(t)
    assert t.player("gun").statuses == {} and t.player("barb").statuses == {}
    assert t.player("gun").cp == 0 and t.player("gun").discard == ["transference"]


def test_transference_needs_a_token_in_play_and_her_own_main_phase():
    t = table(start_at="main1", gun={"hand": ["transference"], "cp": 1})
    refused(t, "gun", "transference", "no status effects can be moved")


# ================================================================ What Status Effects?


def test_what_status_effects_clears_every_token_good_or_bad_from_the_chosen_player():
    t = table(
        start_at="main1",
        gun={"hand": ["what_status_effects"], "cp": 2, "statuses": {"evasive": 1}},
        barb={"statuses": {"evasive": 3, "reload": 2, "bounty": 1, "concussion": 1}},
    )
    t.do("play", by="gun", card="what_status_effects")
    assert sorted(t.labels()) == ["barb", "gun"]
    t.do("choose", by="gun", option="barb")
    assert t.player("barb").statuses == {}
    assert t.player("gun").statuses == {"evasive": 1}  # only the chosen player
    assert paid(t, "what_status_effects") == 2 and t.player("gun").cp == 0


def test_what_status_effects_needs_a_status_in_play():
    t = table(start_at="main1", gun={"hand": ["what_status_effects"], "cp": 2})
    refused(t, "gun", "what_status_effects", "no status effects are in play")


# ================================================================ Double Up! / Triple Up!


@pytest.mark.parametrize("card_id,count", [("double_up", 2), ("triple_up", 3)])
def test_draw_cards(card_id, count):
    t = table(start_at="main1", gun={"hand": [card_id], "cp": 2})
    deck = t.player("gun").deck_size
    t.do("play", by="gun", card=card_id)
    assert len(t.player("gun").hand) == count
    assert t.player("gun").deck_size == deck - count
    assert t.player("gun").cp == 2 - GENERIC[card_id]["cost"]
    assert t.player("gun").discard == [card_id]


@pytest.mark.parametrize("card_id,count", [("double_up", 2), ("triple_up", 3)])
def test_draw_over_6_on_his_turn_and_sell_down_only_in_her_own_discard_phase(card_id, count):
    hand = [card_id, "tip_it", "samesies", "so_wild", "six_it", "helping_hand"]
    t = table(first="barb", gun={"hand": hand, "cp": 2})
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("play", by="gun", card=card_id)
    held = 6 - 1 + count
    assert len(t.player("gun").hand) == held > 6
    t.do("roll", by="gun", dice=[1])
    t.do("accept", by="gun", dice=[6])
    t.settle()
    t.do("end_phase", by="barb")  # Main (2) -> his Discard: she keeps them all
    assert t.view.active == t.seat("gun")
    assert len(t.player("gun").hand) == held + 1  # her Income draw as well
    t.do("end_phase", by="gun")  # Main (1)
    t.do("roll", by="gun", dice=NO_ABILITY)
    t.do("no_ability", by="gun")
    t.do("end_phase", by="gun")  # Main (2) -> her Discard Phase
    assert t.pending.kind == "discard" and t.pending.player == t.seat("gun")
    cp = t.player("gun").cp
    while t.pending.kind == "discard":
        t.apply(t.options("sell")[0])
    assert len(t.player("gun").hand) == 6
    assert t.player("gun").cp == cp + held + 1 - 6


def test_upgrade_and_turn_refusals_name_their_reason():
    # An upgrade for another hero, an upgrade to the level already reached, a Main Phase card
    # on someone else's turn and a card still in the deck are each refused with their reason.
    t = table(
        start_at="main1",
        gun={"hand": ["revolver_2", "showdown_2"], "cp": 10},
        barb={"hand": ["transference", "slap_2"], "cp": 5, "statuses": {"evasive": 1}},
    )
    eng = t.engine
    with eng.world.active():
        gun, barb = eng.player(t.seat("gun")), eng.player(t.seat("barb"))
        # She took his Slap II (as take_card does), and Showdown is already at level II.
        slap = card_in_hand(t, "barb", "slap_2")
        eng.piles(barb).hand.remove(slap)
        eng.piles(gun).hand.append(slap)
        eng.board(gun).levels["showdown"] = 2
    t.do("play", by="gun", card="revolver_2")  # an upgrade of her own, one level up
    assert t.player("gun").cp == 8
    refused(t, "gun", "slap_2", "not an upgrade for your hero")
    refused(t, "gun", "showdown_2", "that ability is already at level 2")
    refused(t, "barb", "transference", "only on your own turn")
    with eng.world.active():
        in_deck = eng.piles(gun).deck[0]
        assert playable_reason(eng, gun, in_deck, Situation("main")) == "not in hand"
