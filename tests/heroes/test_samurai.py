"""Story tests for the Samurai: every ability row and level, Bushido (Honor per Roll Attempt),
Counterstrike, his Ultimate, every card of his own, his tokens (Honor, Shame, Back Strike) and
the rulebook clarifications about them (docs/heroes/samurai.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
Counterstrike rolling three 6s (Mons) gains him a Back Strike and does nothing else.
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
    FIXTURES,
    THICK_SKIN_NOTHING,
    cp,
    deck_check,
    landed,
    offered_rows,
    openers,
    resolved,
    statuses,
    strike_as,
    upgrade_played,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
CRUSHING_BLOW_DICE = [1, 2, 3, 4, 6]  # the Barbarian's small straight: Concussion and 8 dmg


samurai_first, barb_first = openers("samurai", "samurai")
strike = partial(strike_as, "samurai")


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("samurai")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["samurai"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "katana",
        "katana",
        "katana",
        "kabuto",
        "kabuto",
        "mon",
    ]
    assert hero.statuses == ("honor", "shame", "back_strike")
    assert hero.complexity == 3
    t = samurai_first(start_at="main1")
    assert t.player("samurai").levels == {
        "katana_slice": 1,
        "disgrace": 1,
        "iai_strike": 1,
        "way_of_the_sword": 1,
        "falling_blossoms": 1,
        "bushido": 1,
        "counterstrike": 1,
        "final_judgment": 1,
    }


# ---------------------------------------------------------------- Katana Slice

KATANA_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
KATANA_DAMAGE = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_katana_slice_each_row_and_level(level, row):
    t = samurai_first(samurai={"upgrades": {"katana_slice": level}})
    strike(t, KATANA_DICE[row], "katana_slice", row)
    assert landed(t, "barb") == [KATANA_DAMAGE[level][row]]
    assert statuses(t, "barb") == ({} if row == 0 else {"shame": 1})
    # One Roll Attempt: Bushido gave 1 Honor; the five-Katana row one more.
    assert statuses(t, "samurai") == {"honor": 2 if row == 2 else 1}


def test_achievement_katana_slice_8_shame_and_honor():
    t = samurai_first()
    strike(t, KATANA_DICE[2], "katana_slice", 2)
    gained = [e.data["status"] for e in t.events("status_gained")]
    assert gained.count("shame") == 1 and gained.count("honor") >= 1
    assert landed(t, "barb") == [8]


# ---------------------------------------------------------------- Bushido


def test_bushido_one_honor_per_roll_attempt():
    t = samurai_first()
    t.do("roll", by="samurai", dice=[4, 4, 6, 6, 5])
    t.do("roll", by="samurai", reroll=[1, 2, 3, 4, 5], dice=[4, 4, 6, 6, 5])
    t.do("no_ability", by="samurai")
    t.settle()
    assert statuses(t, "samurai") == {"honor": 2}
    assert [e.data["status"] for e in t.events("status_gained")] == ["honor"]


def test_bushido_only_one_honor_for_a_single_attempt():
    t = samurai_first()
    t.do("roll", by="samurai", dice=[4, 4, 6, 6, 5])
    t.do("no_ability", by="samurai")
    t.settle()
    assert statuses(t, "samurai") == {"honor": 1}


def test_bushido_counts_attempts_even_when_fewer_are_allowed():
    # Entangle takes an attempt away: two attempts made, two Honor.
    t = samurai_first(samurai={"statuses": {"entangle": 1}})
    t.do("roll", by="samurai", dice=[4, 4, 6, 6, 5])
    t.do("roll", by="samurai", reroll=[1], dice=[4])
    assert not [o for o in t.options() if o.kind == "roll"]  # no third attempt
    t.do("no_ability", by="samurai")
    t.settle()
    assert statuses(t, "samurai") == {"honor": 2}


def test_bushido_ii_pays_a_cp_for_a_mon_in_an_activated_ability():
    t = samurai_first(samurai={"upgrades": {"bushido": 2}})
    strike(t, [1, 2, 3, 4, 6], "katana_slice", 0)
    assert cp(t, "samurai") == 3
    t2 = samurai_first(samurai={"upgrades": {"bushido": 2}})
    strike(t2, [1, 2, 3, 4, 4], "katana_slice", 0)
    assert cp(t2, "samurai") == 2


# ---------------------------------------------------------------- Honor


def test_one_honor_adds_one():
    t = samurai_first(samurai={"statuses": {"honor": 1}})
    t.do("roll", by="samurai", dice=KATANA_DICE[0])
    t.do("activate", by="samurai", ability="katana_slice", row=0)
    t.do("spend", by="samurai", status="honor")
    t.do("choose", by="samurai", option="1 more damage")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5]
    assert statuses(t, "samurai") == {"honor": 1}  # the one Bushido gave is left


def test_two_honor_add_three():
    t = samurai_first(samurai={"statuses": {"honor": 1}})
    t.do("roll", by="samurai", dice=KATANA_DICE[0])
    t.do("activate", by="samurai", ability="katana_slice", row=0)
    t.do("spend", by="samurai", status="honor")
    t.do("choose", by="samurai", option="second Honor")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["added"] == 3
    assert landed(t, "barb") == [7]
    assert statuses(t, "samurai") == {}


def test_honor_over_the_limit_is_lost():
    # Two Honor held: Bushido's one and the five-Katana Slice's one find no room (limit 2).
    t = samurai_first(samurai={"statuses": {"honor": 2}})
    strike(t, KATANA_DICE[2], "katana_slice", 2)
    assert statuses(t, "samurai")["honor"] == 2
    gains = [e for e in t.events("status_gained") if e.data["status"] == "honor"]
    assert [(e.data["count"], e.data["total"]) for e in gains] == [(0, 2), (0, 2)]
    assert all("over the stack limit lost" in e.text for e in gains)


# ---------------------------------------------------------------- Shame


def test_shame_lowers_the_holders_next_attack_by_two_each_and_leaves():
    t = barb_first(barb={"statuses": {"shame": 2}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="samurai", dice=[4, 4, 6])  # Counterstrike: 2 prevented
    t.settle()
    hit = resolved(t, "samurai")
    assert hit["incoming"] == 8
    assert statuses(t, "barb") == {}
    assert [e.data["amount"] for e in t.events("damage_reduced")] == [2]
    assert t.player("samurai").health == 50 - (8 - 2 - 2)


def test_shame_all_tokens_leave_even_on_a_small_hit():
    t = barb_first(barb={"statuses": {"shame": 2}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="samurai", dice=[6, 6, 6])
    t.settle()
    assert landed(t, "samurai") == [2]
    assert statuses(t, "barb") == {}
    assert [e.data["amount"] for e in t.events("damage_reduced")] == [2]


def test_shame_cannot_reduce_an_ultimate_but_still_leaves():
    t = barb_first(barb={"statuses": {"shame": 2}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert statuses(t, "barb") == {}
    assert not t.events("damage_reduced")
    assert t.player("samurai").health == 35


def test_shame_stays_when_no_attack_is_made():
    # Fortitude heals and deals no damage: no Attack, so the Shame stays.
    t = barb_first(barb={"statuses": {"shame": 1}, "health": 40})
    t.do("roll", by="barb", dice=[5, 5, 5, 1, 2])
    t.do("activate", by="barb", ability="fortitude", row=0)
    t.settle()
    assert statuses(t, "barb") == {"shame": 1}


def test_shame_stays_after_a_pure_damage_attack():
    # An Offensive Ability dealing only pure (or collateral) damage removes no Shame.
    t = Table(
        first="tester",
        start_at="offensive_roll",
        content=FIXTURES,
        tester={"hero": "tester", "hand": [], "statuses": {"shame": 2}},
        samurai={"hero": "samurai", "hand": []},
    )
    t.do("roll", by="tester", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="tester", ability="pure_shot")
    t.settle()
    assert landed(t, "samurai") == [3]
    assert statuses(t, "tester") == {"shame": 2}


# ---------------------------------------------------------------- his other abilities


@pytest.mark.parametrize("level,damage,gained", [(1, 4, {}), (2, 5, {"back_strike": 1})])
def test_disgrace(level, damage, gained):
    t = samurai_first(samurai={"upgrades": {"disgrace": level}})
    strike(t, [4, 4, 5, 1, 6], "disgrace")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"shame": 2}
    assert statuses(t, "samurai") == {"honor": 1, **gained}


@pytest.mark.parametrize("level,damage,honor", [(1, 5, 1), (2, 6, 2)])
def test_iai_strike(level, damage, honor):
    t = samurai_first(samurai={"upgrades": {"iai_strike": level}})
    strike(t, [1, 2, 4, 5, 6], "iai_strike")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "samurai") == {"honor": honor, "back_strike": 1}


@pytest.mark.parametrize("level,damage,shame", [(1, 6, {}), (2, 7, {"shame": 1})])
def test_way_of_the_sword_small_straight(level, damage, shame):
    t = samurai_first(samurai={"upgrades": {"way_of_the_sword": level}})
    strike(t, [1, 2, 3, 4, 1], "way_of_the_sword")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == shame
    assert statuses(t, "samurai") == {"honor": 2}


@pytest.mark.parametrize("level,damage,shame,honor", [(1, 9, 1, 1), (2, 10, 2, 2)])
def test_falling_blossoms_large_straight_is_undefendable(level, damage, shame, honor):
    t = samurai_first(samurai={"upgrades": {"falling_blossoms": level}})
    strike(t, [2, 3, 4, 5, 6], "falling_blossoms", defense=None)
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"shame": shame}
    assert statuses(t, "samurai") == {"honor": honor}


def test_falling_blossoms_needs_a_large_straight():
    t = samurai_first()
    t.do("roll", by="samurai", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "falling_blossoms") == []


def test_final_judgment_ultimate_and_honor_can_raise_it():
    t = samurai_first()
    t.do("roll", by="samurai", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="samurai", ability="final_judgment")
    assert t.events("ability_activated")[0].data["ultimate"] is True
    t.do("spend", by="samurai", status="honor")
    t.do("choose", by="samurai", option="second Honor")
    t.settle()
    assert statuses(t, "barb") == {"shame": 2}
    hit = resolved(t, "barb")
    assert hit["unavoidable"] == 16  # 13, plus 3 from two Honor
    assert t.player("barb").health == 50 - 16
    assert statuses(t, "samurai") == {}  # 1 from Bushido + 2 gained = 2 (the limit), both spent


# ---------------------------------------------------------------- Counterstrike and Back Strike


@pytest.mark.parametrize("level,dice", [(1, [1, 4, 5]), (2, [1, 2, 4, 5])])
def test_counterstrike_each_level(level, dice):
    t = barb_first(samurai={"upgrades": {"counterstrike": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="samurai", dice=dice)
    t.settle()
    katanas = sum(1 for v in dice if v <= 3)
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "samurai")["prevented"] == 2  # 1 per Kabuto
    assert landed(t, "samurai") == [6]
    assert landed(t, "barb") == [katanas]


def test_achievement_six_damage_on_defense_with_back_strike():
    # Counterstrike II: 3 Katanas deal 3, a Mon gains Back Strike, spent at once: a 5 rolls 3.
    t = barb_first(samurai={"upgrades": {"counterstrike": 2}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="samurai", dice=[1, 2, 3, 6])
    t.do("spend", by="samurai", status="back_strike", dice=[5])
    t.settle()
    assert landed(t, "barb") == [6]
    assert landed(t, "samurai") == [8]
    assert statuses(t, "samurai") == {"concussion": 1}


@pytest.mark.parametrize("value,back", [(1, 1), (4, 2), (5, 3), (6, 3)])
def test_back_strike_half_the_die_rounded_up_lands_with_the_rest(value, back):
    t = barb_first(samurai={"statuses": {"back_strike": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="samurai", status="back_strike", dice=[value])
    assert not t.events("damage_resolved")  # pooled, not dealt yet
    t.do("roll", by="samurai", dice=[6, 6, 6])
    t.settle()
    assert landed(t, "barb") == [back]
    assert landed(t, "samurai") == [4]
    assert statuses(t, "samurai") == {"back_strike": 1}  # the Mons on defense gave a new one


def test_back_strike_not_against_an_ultimate():
    t = barb_first(samurai={"statuses": {"back_strike": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert not any(o.action.kind == "spend" for o in (t.pending.options if t.pending else []))
    t.settle()
    assert statuses(t, "samurai").get("back_strike") == 1
    assert not landed(t, "barb")


# ---------------------------------------------------------------- his cards

UPGRADES = [
    ("katana_slice_2", "katana_slice", 2, 2),
    ("katana_slice_3", "katana_slice", 3, 4),
    ("disgrace_2", "disgrace", 2, 2),
    ("iai_strike_2", "iai_strike", 2, 2),
    ("way_of_the_sword_2", "way_of_the_sword", 2, 3),
    ("falling_blossoms_2", "falling_blossoms", 2, 3),
    ("bushido_2", "bushido", 2, 2),
    ("counterstrike_2", "counterstrike", 2, 3),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(samurai_first, "samurai", card, slot, level, cost)


def test_brand_of_shame():
    t = samurai_first(samurai={"hand": ["brand_of_shame"], "cp": 3}, start_at="main1")
    t.do("play", by="samurai", card="brand_of_shame")
    t.settle()
    assert statuses(t, "barb") == {"shame": 1}
    assert cp(t, "samurai") == 1


@pytest.mark.parametrize(
    "card,gained", [("honor_bound", "honor"), ("eye_for_an_eye", "back_strike")]
)
def test_token_cards(card, gained):
    t = samurai_first(samurai={"hand": [card], "cp": 2}, start_at="main1")
    t.do("play", by="samurai", card=card)
    assert statuses(t, "samurai") == {gained: 1}
    assert cp(t, "samurai") == 1


def test_clean_cut_adds_two():
    t = samurai_first(samurai={"hand": ["clean_cut"], "cp": 1})
    t.do("roll", by="samurai", dice=KATANA_DICE[0])
    t.do("activate", by="samurai", ability="katana_slice", row=0)
    t.do("play", by="samurai", card="clean_cut")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [6]
    assert cp(t, "samurai") == 0


def test_composure_sheds_a_negative_status():
    t = samurai_first(
        samurai={"hand": ["composure"], "cp": 2, "statuses": {"shame": 1}}, start_at="main1"
    )
    t.do("play", by="samurai", card="composure")
    t.settle()
    assert statuses(t, "samurai") == {}
    assert cp(t, "samurai") == 0


def test_patient_breath_adds_a_roll_attempt_and_bushido_counts_it():
    t = samurai_first(samurai={"hand": ["patient_breath"], "cp": 1})
    t.do("roll", by="samurai", dice=[4, 4, 6, 6, 5])
    t.do("play", by="samurai", card="patient_breath")
    for _ in range(3):
        t.do("roll", by="samurai", reroll=[1], dice=[4])
    t.do("no_ability", by="samurai")
    t.settle()
    assert len(t.events("dice_rolled")) == 4
    assert statuses(t, "samurai") == {"honor": 2}  # four attempts, but the limit is 2


def test_achievement_shame_lowers_a_lethal_attack_so_he_survives():
    # Slap's 4 would take his last 4 Health; one Shame lowers it to 3.
    t = barb_first(samurai={"health": 4}, barb={"statuses": {"shame": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="samurai", dice=[6, 6, 6])  # three Mons: no prevention, only Back Strike
    t.settle()
    assert landed(t, "samurai") == [3]
    assert t.player("samurai").health == 1
    assert not t.player("samurai").defeated
