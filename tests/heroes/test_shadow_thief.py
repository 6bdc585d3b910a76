"""Story tests for the Shadow Thief: every ability row and level, both defenses, her Ultimate,
every card of her own, her tokens (Poison, Sneak Attack, Shadows) and the rulebook
clarifications about them (docs/heroes/shadow_thief.md).

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
When he attacks her she must first pick one of her two Defensive Abilities; Shadow Defense
rolling four Cards does nothing.
"""

from __future__ import annotations

import json
from functools import partial

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
    DATA,
    THICK_SKIN_NOTHING,
    cp,
    deck_check,
    duel,
    kinds,
    landed,
    offered_rows,
    openers,
    resolved,
    statuses,
    strike_as,
    upgrade_played,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
SHADOW_DEFENSE_NOTHING = [5, 5, 5, 5]  # four Cards


thief_first, barb_first = openers("thief", "shadow_thief")
strike = partial(strike_as, "thief", keep_turn=True)


def slap_the_thief(t: Table, defense="shadow_defense", dice=SHADOW_DEFENSE_NOTHING) -> Table:
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    if defense is not None:
        t.do("choose", by="thief", option=defense)
        t.do("roll", by="thief", dice=dice)
    t.settle()
    return t


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("shadow_thief")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["shadow_thief"]
    faces = [hero.symbol_of(v) for v in range(1, 7)]
    assert faces == ["dagger", "dagger", "bag", "bag", "card", "shadow"]
    assert hero.statuses == ("poison", "sneak_attack", "shadows")
    assert hero.complexity == 4
    t = thief_first(start_at="main1")
    assert t.player("thief").levels == {
        "dagger_strike": 1,
        "plunder": 1,
        "card_trick": 1,
        "pickpocket": 1,
        "shadow_dance": 1,
        "blood_money": 1,
        "shadow_defense": 1,
        "quick_hands": 1,
        "from_the_dark": 1,
    }


# ---------------------------------------------------------------- Dagger Strike / Poison

DAGGER_DICE = {0: [1, 2, 1, 3, 5], 1: [1, 2, 1, 2, 5], 2: [1, 1, 1, 2, 2]}
DAGGER_DAMAGE = {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_dagger_strike_each_row_and_level(level, row):
    t = thief_first(thief={"upgrades": {"dagger_strike": level}})
    strike(t, DAGGER_DICE[row], "dagger_strike", row)
    assert landed(t, "barb") == [DAGGER_DAMAGE[level][row]]
    assert t.player("barb").statuses.get("poison", 0) == (1 if level == 3 else 0)


@pytest.mark.parametrize("level", [1, 2])
def test_dagger_strike_on_a_shadow_inflicts_poison(level):
    t = thief_first(thief={"upgrades": {"dagger_strike": level}})
    strike(t, [1, 2, 1, 6, 6], "dagger_strike", 0)
    assert statuses(t, "barb") == {"poison": 1}  # "on": once, however many Shadows


def test_dagger_strike_needs_three_daggers():
    t = thief_first()
    t.do("roll", by="thief", dice=[1, 2, 3, 4, 5])
    assert offered_rows(t, "dagger_strike") == []


def test_poison_deals_one_per_token_in_each_upkeep_and_stays():
    t = duel(
        "barb",
        start_at="upkeep",
        barb={"hero": "barbarian", "statuses": {"poison": 3}},
        thief={"hero": "shadow_thief"},
    )
    assert t.view.phase == "main1"
    assert landed(t, "barb") == [3]
    assert statuses(t, "barb") == {"poison": 3}


def test_poison_stacks_to_three():
    t = thief_first(thief={"upgrades": {"dagger_strike": 3}}, barb={"statuses": {"poison": 3}})
    strike(t, DAGGER_DICE[0], "dagger_strike", 0)
    assert statuses(t, "barb") == {"poison": 3}


# ---------------------------------------------------------------- Plunder, Card Trick, Pickpocket


@pytest.mark.parametrize(
    "level,dice,row,gain,damage",
    [
        (1, [3, 3, 4, 1, 5], 0, 2, 4),
        (2, [3, 3, 4, 1, 5], 0, 2, 5),
        (2, [3, 3, 4, 4, 1], 1, 3, 6),
    ],
)
def test_plunder(level, dice, row, gain, damage):
    t = thief_first(thief={"upgrades": {"plunder": level}})
    strike(t, dice, "plunder", row, defense=None)
    assert cp(t, "thief") == 2 + gain
    assert landed(t, "barb") == [damage]
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"


@pytest.mark.parametrize("level,stolen,damage", [(1, 1, 4), (2, 2, 5)])
def test_card_trick_draws_steals_and_hits(level, stolen, damage):
    t = thief_first(thief={"upgrades": {"card_trick": level}}, barb={"cp": 5})
    strike(t, [5, 5, 1, 2, 3], "card_trick")
    assert len(t.player("thief").hand) == 1
    assert (cp(t, "thief"), cp(t, "barb")) == (2 + stolen, 5 - stolen)
    assert landed(t, "barb") == [damage]


@pytest.mark.parametrize("level,stolen,damage", [(1, 2, 6), (2, 3, 7)])
def test_pickpocket(level, stolen, damage):
    t = thief_first(thief={"upgrades": {"pickpocket": level}}, barb={"cp": 5})
    strike(t, [1, 2, 3, 4, 1], "pickpocket")
    assert (cp(t, "thief"), cp(t, "barb")) == (2 + stolen, 5 - stolen)
    assert landed(t, "barb") == [damage]


def test_stealing_takes_only_what_the_opponent_has():
    t = thief_first(barb={"cp": 1})
    strike(t, [1, 2, 3, 4, 1], "pickpocket")
    assert (cp(t, "thief"), cp(t, "barb")) == (3, 0)


# ---------------------------------------------------------------- Blood Money: damage from CP


@pytest.mark.parametrize("level,gain,base,poison", [(1, 2, 3, 0), (2, 3, 4, 1)])
def test_blood_money_deals_damage_from_her_cp_without_spending_it(level, gain, base, poison):
    t = thief_first(thief={"upgrades": {"blood_money": level}, "cp": 4})
    strike(t, [1, 2, 3, 4, 5], "blood_money")
    assert cp(t, "thief") == 4 + gain  # kept
    assert landed(t, "barb") == [base + 4 + gain]
    assert t.player("barb").statuses.get("poison", 0) == poison


def test_blood_money_damage_is_fixed_when_it_resolves():
    # Spending CP on an Attack Modifier afterwards does not shrink the damage already dealt.
    t = thief_first(thief={"cp": 6, "hand": ["coated_blade"]})
    t.do("roll", by="thief", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="thief", ability="blood_money")
    t.do("play", by="thief", card="coated_blade")
    assert cp(t, "thief") == 7
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3 + 8, 1, 12)


# ---------------------------------------------------------------- Shadow Dance / Shadows


@pytest.mark.parametrize("level,damage,tokens", [(1, 3, {"shadows": 1}), (2, 4, None)])
def test_shadow_dance(level, damage, tokens):
    t = thief_first(thief={"upgrades": {"shadow_dance": level}})
    strike(t, [6, 6, 6, 1, 2], "shadow_dance", defense=None)
    assert landed(t, "barb") == [damage]
    expected = tokens or {"shadows": 1, "sneak_attack": 1}
    assert statuses(t, "thief") == expected


def test_shadow_dance_shakes_off_one_negative_status():
    t = thief_first(thief={"statuses": {"burn": 1, "poison": 2}})
    t.do("roll", by="thief", dice=[6, 6, 6, 1, 2])
    t.do("activate", by="thief", ability="shadow_dance")
    assert t.pending.kind == "choose"  # which one: her choice
    t.do("choose", by="thief", option="burn")
    t.settle()
    assert statuses(t, "thief") == {"shadows": 1, "poison": 2}


def test_shadows_ignore_the_attack_and_she_makes_no_defense():
    t = slap_the_thief(barb_first(thief={"statuses": {"shadows": 1}}), defense=None)
    assert t.events("attack_declared")  # the ability still succeeds as an Attack
    assert "defense_chosen" not in kinds(t)
    assert t.pending is None or t.pending.kind != "defense_choice"
    hit = resolved(t, "thief")
    assert (hit["incoming"], hit["avoided"], hit["amount"]) == (4, True, 0)
    assert t.player("thief").health == 50
    assert statuses(t, "thief") == {"shadows": 1}


def test_shadows_do_not_stop_an_ultimate():
    t = barb_first(thief={"statuses": {"shadows": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert landed(t, "thief")[0] == 15


@pytest.mark.parametrize("status,count,damage", [("poison", 2, 2), ("burn", 1, 2)])
def test_shadows_do_not_stop_poison_or_burn(status, count, damage):
    t = duel(
        "thief",
        start_at="upkeep",
        thief={"hero": "shadow_thief", "statuses": {"shadows": 1, status: count}},
        barb={"hero": "barbarian"},
    )
    assert t.view.phase == "main1"
    assert landed(t, "thief") == [damage]


def test_stunned_in_shadows_takes_no_damage_but_the_attacker_still_rolls_again():
    t = duel(
        "pyro",
        start_at="offensive_roll",
        pyro={"hero": "pyromancer", "hand": []},
        thief={"hero": "shadow_thief", "hand": [], "statuses": {"shadows": 1}},
    )
    t.do("roll", by="pyro", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="pyro", ability="meteor")
    t.settle()
    assert t.events("damage_avoided")
    assert t.player("thief").health == 50
    assert "stun" not in statuses(t, "thief")
    assert t.pending.player == t.seat("pyro") and t.view.phase == "offensive_roll"
    # the extra Offensive Roll Phase is ignored too
    t.do("roll", by="pyro", dice=[1, 1, 1, 4, 4])
    t.do("activate", by="pyro", ability="fireball", row=0)
    t.settle()
    assert t.player("thief").health == 50


def test_shadows_gained_on_her_turn_last_until_the_end_of_her_next_turn():
    t = thief_first()
    strike(t, [6, 6, 6, 1, 2], "shadow_dance", defense=None)
    t.do("end_phase", by="thief")  # her Main (2): the turn ends, Shadows stay
    assert statuses(t, "thief") == {"shadows": 1}
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.settle()
    assert t.player("thief").health == 50
    t.do("end_phase", by="barb")  # his Main (2): her second turn begins with Shadows
    t.do("end_phase", by="thief")
    t.do("no_ability", by="thief")
    assert statuses(t, "thief") == {"shadows": 1}
    t.do("end_phase", by="thief")  # that turn ends: the Shadows leave
    assert "shadows" not in statuses(t, "thief")
    assert t.view.active == t.seat("barb")


def test_shadows_from_her_defense_take_effect_at_once_and_leave_after_her_next_turn():
    t = barb_first()
    slap_the_thief(t, dice=[6, 6, 1, 5])  # two Shadows (and a Dagger)
    assert statuses(t, "thief") == {"shadows": 1, "sneak_attack": 1}
    hit = resolved(t, "thief")
    assert hit["avoided"] is True and t.player("thief").health == 50
    t.do("end_phase", by="barb")
    assert statuses(t, "thief")["shadows"] == 1  # her turn: started with it
    t.do("end_phase", by="thief")
    t.do("no_ability", by="thief")
    t.do("end_phase", by="thief")
    assert "shadows" not in statuses(t, "thief")


def test_shadows_can_be_transferred_and_then_protect_the_new_holder():
    t = barb_first(
        start_at="main1",
        barb={"hand": ["transference"], "cp": 1},
        thief={"statuses": {"shadows": 1}},
    )
    t.do("play", by="barb", card="transference")
    assert statuses(t, "barb") == {"shadows": 1}
    assert statuses(t, "thief") == {}
    t.do("end_phase", by="barb")
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")  # he did not start this turn with it: it stays
    assert statuses(t, "barb") == {"shadows": 1}
    t.do("end_phase", by="thief")
    t.do("roll", by="thief", dice=DAGGER_DICE[0])
    t.do("activate", by="thief", ability="dagger_strike", row=0)
    t.settle()
    assert "defense_chosen" not in kinds(t)
    assert t.player("barb").health == 50


# ---------------------------------------------------------------- Sneak Attack


def test_sneak_attack_adds_the_full_number_rolled():
    t = thief_first(thief={"statuses": {"sneak_attack": 1}})
    t.do("roll", by="thief", dice=DAGGER_DICE[0])
    t.do("activate", by="thief", ability="dagger_strike", row=0)
    t.do("spend", by="thief", status="sneak_attack", dice=[6])
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (5, 6, 11)
    assert statuses(t, "thief") == {}


def test_sneak_attack_can_only_be_spent_on_her_own_attack():
    t = thief_first(start_at="main1", thief={"statuses": {"sneak_attack": 1}})
    assert not [a for a in t.options() if a.kind == "spend"]
    t.do("end_phase", by="thief")
    t.do("roll", by="thief", dice=[1, 3, 5, 6, 4])
    assert not [a for a in t.options() if a.kind == "spend"]


# ---------------------------------------------------------------- From the Dark (Ultimate)


def test_from_the_dark_with_sneak_attack_on_top():
    t = thief_first(thief={"cp": 2})
    t.do("roll", by="thief", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="thief", ability="from_the_dark")
    assert statuses(t, "thief") == {"shadows": 1, "sneak_attack": 1}
    assert statuses(t, "barb") == {"poison": 2}
    t.do("spend", by="thief", status="sneak_attack", dice=[4])
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["unavoidable"], hit["amount"]) == (8 + 5 + 4, 17)
    assert cp(t, "thief") == 5


# ---------------------------------------------------------------- her two defenses


def test_she_chooses_her_defense_before_rolling():
    t = barb_first()
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.settle()
    assert t.pending.kind == "defense_choice"
    assert [a.get("option") for a in t.options()] == ["shadow_defense", "quick_hands"]
    assert not [e for e in t.events("dice_rolled") if e.data["player"] == t.seat("thief")]


def test_shadow_defense_prevents_per_dagger_and_bag():
    t = slap_the_thief(barb_first(), dice=[1, 3, 5, 6])
    assert landed(t, "thief") == [2]
    assert statuses(t, "thief") == {}  # one Shadow is not enough


def test_shadow_defense_two_shadows_avoid_a_big_attack():
    t = barb_first()
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 5])
    t.do("activate", by="barb", ability="reckless")  # 15 dmg
    t.do("choose", by="thief", option="shadow_defense")
    t.do("roll", by="thief", dice=[6, 6, 6, 6])
    t.settle()
    hit = resolved(t, "thief")
    assert (hit["incoming"], hit["avoided"], hit["amount"]) == (15, True, 0)


def test_shadow_defense_ii_rolls_five_dice():
    t = slap_the_thief(barb_first(thief={"upgrades": {"shadow_defense": 2}}), dice=[1, 2, 3, 5, 5])
    assert len([e for e in t.events("dice_rolled")][-1].data["values"]) == 5
    assert landed(t, "thief") == [1]


def test_quick_hands_prevents_two_per_dagger_and_steals_per_bag():
    t = slap_the_thief(barb_first(barb={"cp": 3}), defense="quick_hands", dice=[1, 3, 5])
    assert landed(t, "thief") == [2]
    assert (cp(t, "thief"), cp(t, "barb")) == (3, 2)


def test_quick_hands_ii_rolls_four_and_draws_on_a_card():
    t = barb_first(thief={"upgrades": {"quick_hands": 2}})
    slap_the_thief(t, defense="quick_hands", dice=[1, 2, 5, 6])
    assert landed(t, "thief") == [0]
    assert len(t.player("thief").hand) == 1


# ---------------------------------------------------------------- her cards

UPGRADES = [
    c
    for c in json.loads((DATA / "cards" / "shadow_thief.json").read_text())["cards"]
    if c["type"] == "upgrade"
]


@pytest.mark.parametrize("card", UPGRADES, ids=[c["id"] for c in UPGRADES])
def test_each_upgrade_card_raises_its_ability(card):
    up = card["upgrade"]
    upgrade_played(thief_first, "thief", card["id"], up["slot"], up["level"], card["cost"], cp=5)


def test_coated_blade_adds_one_and_poisons():
    t = thief_first(thief={"hand": ["coated_blade"], "cp": 1})
    t.do("roll", by="thief", dice=DAGGER_DICE[0])
    t.do("activate", by="thief", ability="dagger_strike", row=0)
    t.do("play", by="thief", card="coated_blade")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["amount"] == 6
    assert statuses(t, "barb") == {"poison": 1}


def test_vanish_gains_shadows():
    t = thief_first(start_at="main1", thief={"hand": ["vanish"], "cp": 5})
    t.do("play", by="thief", card="vanish")
    assert statuses(t, "thief") == {"shadows": 1} and cp(t, "thief") == 0


def test_skim_steals_one_cp_at_instant_speed():
    t = barb_first(thief={"hand": ["skim"], "cp": 0}, barb={"cp": 3})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("play", by="thief", card="skim")
    assert (cp(t, "thief"), cp(t, "barb")) == (1, 2)


def test_envenom_inflicts_two_poison():
    t = thief_first(start_at="main1", thief={"hand": ["envenom"], "cp": 3})
    t.do("play", by="thief", card="envenom")
    assert statuses(t, "barb") == {"poison": 2} and cp(t, "thief") == 0


def test_lurk_gains_sneak_attack():
    t = thief_first(start_at="main1", thief={"hand": ["lurk"], "cp": 2})
    t.do("play", by="thief", card="lurk")
    assert statuses(t, "thief") == {"sneak_attack": 1} and cp(t, "thief") == 0
