"""Story tests for the Treant: every ability row and level, Nature's Grasp's damage frozen at
activation, Grow a Spirit, the three Spirits (companions: once per type per turn, not
removable), Barbed Vine, his defense, passive, Ultimate and every card of his own
(docs/heroes/treant.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
The Treant's Barkskin I rolling only Thorns (5) does nothing either.
"""

from __future__ import annotations

import pytest

from game.content.loader import default_content
from game.rules import ops
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    deck_check,
    duel,
    landed,
    openers,
    resolved,
    statuses,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
CRUSHING_BLOW = [1, 2, 3, 4, 6]  # small straight: Concussion and 8 dmg
BARK_NOTHING = [5, 5, 5]  # three Thorns: Barkskin I does nothing


treant_first, barb_first = openers("treant", "treant")


def spirits(t: Table) -> dict[str, int]:
    held = t.player("treant").statuses
    return {s: held.get(s, 0) for s in ("seedling", "sapling", "dryad")}


def strike(t: Table, roll, ability, row=None, defense=THICK_SKIN_NOTHING, grow=None) -> Table:
    t.do("roll", by="treant", dice=roll)
    fields = {"ability": ability}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="treant", **fields)
    for answer in grow or []:
        t.do("choose", by="treant", option=answer)
    if defense is not None:
        pass_to_defense(t)
        if t.pending and t.pending.kind == "defensive_roll":
            t.do("roll", by="barb", dice=defense)
    t.settle()
    return t


def pass_to_defense(t: Table) -> None:
    """Pass response windows (a Spirit on offer) until the Defensive Roll or the end."""
    for _ in range(20):
        choice = t.pending
        if choice is None or choice.kind != "respond":
            return
        t.apply(next(o.action for o in choice.options if o.action.kind == "pass"))


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("treant")


def test_dice_tokens_and_setup_gives_a_seedling():
    hero = default_content().heroes["treant"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "branch",
        "branch",
        "leaf",
        "leaf",
        "thorn",
        "spirit",
    ]
    assert hero.statuses == ("seedling", "sapling", "dryad", "barbed_vine")
    assert hero.complexity == 6 and hero.weapon == "Branches"
    t = treant_first(start_at="main1")
    assert spirits(t) == {"seedling": 1, "sapling": 0, "dryad": 0}
    assert t.player("treant").companion_tokens == {"seedling": 1}


def test_spirits_are_companions_not_status_effects():
    content = default_content()
    for sid in ("seedling", "sapling", "dryad"):
        sdef = content.statuses[sid]
        assert sdef.kind == "companion" and not sdef.removable and not sdef.transferable
    t = barb_first(barb={"hand": ["buh_bye", "transference"], "cp": 5}, start_at="main1")
    # The Treant's Seedling is the only token in play: nothing for those cards to take.
    assert not t.options("play")


# ---------------------------------------------------------------- Branch Bash

BRANCH_DICE = {0: [1, 2, 1, 3, 5], 1: [1, 2, 1, 2, 5], 2: [1, 1, 2, 2, 1]}
BRANCH_DAMAGE = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_branch_bash_each_row_and_level(level, row):
    t = treant_first(treant={"upgrades": {"branch_bash": level}})
    strike(t, BRANCH_DICE[row], "branch_bash", row)
    assert landed(t, "barb") == [BRANCH_DAMAGE[level][row]]


# ---------------------------------------------------------------- Grow a Spirit


def test_grow_asks_between_a_new_seedling_and_growing_one():
    t = treant_first()
    t.do("roll", by="treant", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="treant", ability="verdant_growth")
    assert sorted(t.labels()) == [
        "Gain a Seedling Spirit",
        "Turn a Seedling Spirit into a Sapling Spirit",
    ]
    t.do("choose", by="treant", option="Sapling")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert spirits(t) == {"seedling": 0, "sapling": 1, "dryad": 0}
    assert landed(t, "barb") == [4]


def test_grow_with_a_full_seedling_stack_can_only_grow_one_up():
    t = treant_first(treant={"statuses": {"seedling": 2}})  # 3 with the setup one
    strike(t, [3, 4, 3, 1, 5], "verdant_growth")  # one step possible: no question
    assert spirits(t) == {"seedling": 2, "sapling": 1, "dryad": 0}


def test_a_sapling_grows_into_the_single_dryad():
    t = treant_first(treant={"statuses": {"seedling": 2, "sapling": 2}})
    strike(t, [3, 4, 3, 1, 5], "verdant_growth")  # the only step left: no question
    assert spirits(t) == {"seedling": 3, "sapling": 1, "dryad": 1}


def test_nothing_left_to_grow():
    t = treant_first(treant={"statuses": {"seedling": 2, "sapling": 2, "dryad": 1}})
    strike(t, [3, 4, 3, 1, 5], "verdant_growth")
    assert spirits(t) == {"seedling": 3, "sapling": 2, "dryad": 1}
    assert any("nothing left to grow" in e.text for e in t.events("note"))


@pytest.mark.parametrize("level,damage,healed", [(1, 4, 0), (2, 5, 2)])
def test_verdant_growth_levels(level, damage, healed):
    t = treant_first(treant={"upgrades": {"verdant_growth": level}, "health": 40})
    strike(t, [3, 4, 3, 1, 5], "verdant_growth", grow=["Gain"])
    assert landed(t, "barb") == [damage]
    assert t.player("treant").health == 40 + healed
    assert spirits(t)["seedling"] == 2


# ---------------------------------------------------------------- Barbed Lash and Barbed Vine


@pytest.mark.parametrize("level,damage,grown", [(1, 6, 0), (2, 7, 1)])
def test_barbed_lash_inflicts_barbed_vine(level, damage, grown):
    t = treant_first(treant={"upgrades": {"barbed_lash": level}})
    strike(t, [5, 5, 1, 2, 3], "barbed_lash", grow=["Gain"] if grown else None)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"barbed_vine": 1}  # not removed at the end of HIS Roll Phase
    assert spirits(t)["seedling"] == 1 + grown


@pytest.mark.parametrize("attempts,damage", [(1, 0), (2, 1), (3, 2)])
def test_barbed_vine_costs_1_per_extra_attempt_at_most_2_at_the_end_of_the_roll_phase(
    attempts, damage
):
    t = barb_first(barb={"statuses": {"barbed_vine": 1}})
    t.do("roll", by="barb", dice=[2, 2, 3, 3, 5])
    for _ in range(attempts - 1):
        t.do("roll", by="barb", reroll=[5], dice=[5])
        assert landed(t, "barb") == []  # nothing lands while he is still rolling
    t.do("no_ability", by="barb")
    t.settle()
    assert landed(t, "barb") == ([damage] if damage else [])
    assert statuses(t, "barb") == {}


def test_barbed_vine_only_hurts_if_still_there_when_the_roll_phase_ends():
    t = barb_first(barb={"statuses": {"barbed_vine": 1}})
    t.do("roll", by="barb", dice=[2, 2, 3, 3, 5])
    t.do("roll", by="barb", reroll=[5], dice=[5])
    t.do("roll", by="barb", reroll=[5], dice=[5])
    with t.engine.world.active():  # something took the vine off before the phase ended
        ops.remove_status(t.engine, t.engine.player(t.seat("barb")), "barbed_vine", 1)
    t.do("no_ability", by="barb")
    t.settle()
    assert landed(t, "barb") == []


def test_barbed_vine_damage_is_pooled_with_the_rest_of_that_roll_phase():
    # 000: the vine's damage is accumulated with the other damage of the Roll Phase and lands
    # with it, as one total (here with the 2 the Cursed Pirate's Parry sends back on a Skull).
    t = duel(
        "barb",
        barb={"hero": "barbarian", "statuses": {"barbed_vine": 1}},
        pirate={"hero": "cursed_pirate"},
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 5])
    t.do("roll", by="barb", reroll=[4], dice=[4])
    t.do("roll", by="barb", reroll=[4], dice=[4])  # two extra attempts: 2
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=[6, 4, 4])  # a Skull: 2 back to the Barbarian
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["amount"]) == (2 + 2, 4)
    assert statuses(t, "barb") == {}


# ---------------------------------------------------------------- Nature's Grasp


@pytest.mark.parametrize("level,base", [(1, 2), (2, 3)])
def test_natures_grasp_deals_2_per_spirit(level, base):
    t = treant_first(treant={"upgrades": {"natures_grasp": level}, "statuses": {"sapling": 1}})
    strike(t, [3, 4, 6, 1, 5], "natures_grasp")
    if level == 2:  # then (after the damage) Grow a Spirit
        t.do("choose", by="treant", option="Gain")
        assert spirits(t)["seedling"] == 2
    assert landed(t, "barb") == [base + 2 * 2]


def test_natures_grasp_damage_is_frozen_when_activated():
    """Spending a Spirit during the Attack does not lower it (damage counted at activation)."""
    t = treant_first(treant={"statuses": {"sapling": 1}})
    t.do("roll", by="treant", dice=[3, 4, 6, 1, 5])
    t.do("activate", by="treant", ability="natures_grasp")
    t.do("spend", by="treant", status="sapling")  # +2 to this Attack
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert spirits(t)["sapling"] == 0
    assert landed(t, "barb") == [2 + 2 * 2 + 2]


# ---------------------------------------------------------------- straights and Ultimate


@pytest.mark.parametrize("level,damage,vine", [(1, 8, False), (2, 9, True)])
def test_rooted_strike(level, damage, vine):
    t = treant_first(treant={"upgrades": {"rooted_strike": level}})
    strike(t, [1, 2, 3, 4, 6], "rooted_strike", grow=["Gain"])
    assert landed(t, "barb") == [damage]
    assert ("barbed_vine" in statuses(t, "barb")) is vine
    assert spirits(t)["seedling"] == 2


@pytest.mark.parametrize("level,damage,healed", [(1, 10, 0), (2, 11, 2)])
def test_forest_awakening_grows_twice(level, damage, healed):
    t = treant_first(treant={"upgrades": {"forest_awakening": level}, "health": 40})
    strike(t, [1, 2, 3, 4, 5], "forest_awakening", grow=["Gain", "Gain"])
    assert landed(t, "barb") == [damage]
    assert spirits(t)["seedling"] == 3
    assert t.player("treant").health == 40 + healed


def test_wrath_of_the_grove_ultimate():
    t = treant_first()
    t.do("roll", by="treant", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="treant", ability="wrath_of_the_grove")
    t.do("choose", by="treant", option="Sapling")
    t.do("choose", by="treant", option="Gain")
    t.settle()
    assert landed(t, "barb") == [13]
    assert resolved(t, "barb")["unavoidable"] == 13
    assert statuses(t, "barb") == {"barbed_vine": 1}
    assert spirits(t) == {"seedling": 1, "sapling": 1, "dryad": 0}


# ---------------------------------------------------------------- Barkskin


@pytest.mark.parametrize(
    "level,dice,prevented,back,grown",
    [
        (1, [3, 4, 6], 3, 0, 1),
        (2, [3, 4, 1, 5], 3, 0, 0),
        (3, [3, 5, 5, 6], 2, 4, 1),
    ],
)
def test_barkskin_each_level(level, dice, prevented, back, grown):
    t = barb_first(treant={"upgrades": {"barkskin": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="treant", dice=dice)
    if grown:
        t.do("choose", by="treant", option="Gain")
    t.settle()
    assert resolved(t, "treant")["prevented"] == prevented
    assert landed(t, "barb") == ([back] if back else [])
    assert spirits(t)["seedling"] == 1 + grown


def test_a_seedling_grown_on_defense_cannot_reroll_that_defense():
    t = barb_first(treant={"statuses": {}})
    with t.engine.world.active():  # no Seedling held from an earlier turn
        ops.remove_status(t.engine, t.engine.player(t.seat("treant")), "seedling", 0)
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="treant", dice=[6, 1, 1])
    offered = []
    for _ in range(20):
        choice = t.pending
        if choice is None or choice.kind == "main_phase":
            break
        if choice.player == t.seat("treant"):
            offered += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        kinds = {o.action.kind: o.action for o in choice.options}
        t.apply(kinds.get("pass") or kinds.get("accept") or choice.options[0].action)
    assert spirits(t)["seedling"] == 1  # grown by the Spirit he rolled
    assert "seedling" not in offered


# ---------------------------------------------------------------- Old Growth


@pytest.mark.parametrize(
    "level,held,healed",
    [
        (1, {}, 1),
        (1, {"sapling": 2}, 3),
        (1, {"seedling": 2, "sapling": 2}, 3),
        (2, {"sapling": 2, "dryad": 1}, 4),
    ],
)
def test_old_growth_heals_per_spirit_in_upkeep(level, held, healed):
    t = treant_first(
        treant={"upgrades": {"old_growth": level}, "statuses": held, "health": 30},
        start_at="upkeep",
    )
    assert t.player("treant").health == 30 + healed


# ---------------------------------------------------------------- the Spirits


def test_seedling_rerolls_one_of_his_dice_once_per_turn():
    t = treant_first(treant={"statuses": {"seedling": 1}}, start_at="offensive_roll")
    with t.engine.world.active():  # both Seedlings held since an earlier turn
        t.engine.turn_flags.gained.clear()
    t.do("roll", by="treant", dice=[1, 2, 3, 4, 5])
    t.do("spend", by="treant", status="seedling")
    t.do("choose", by="treant", option="die 5", dice=[1])
    group = next(d for d in t.view.dice if d.purpose == "offense")
    assert group.values == [1, 2, 3, 4, 1]
    assert spirits(t)["seedling"] == 1
    assert not any(a.kind == "spend" and a.get("status") == "seedling" for a in t.options())


def test_sapling_prevents_2_when_damage_comes_and_only_one_per_turn():
    t = barb_first(treant={"statuses": {"sapling": 2}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="treant", dice=BARK_NOTHING)
    t.do("spend", by="treant", status="sapling")
    assert not any(a.kind == "spend" and a.get("status") == "sapling" for a in t.options())
    t.settle()
    assert landed(t, "treant") == [6]
    assert spirits(t)["sapling"] == 1


def test_dryad_spent_before_the_ability_resolves_stops_its_status():
    t = barb_first(treant={"statuses": {"dryad": 1}, "health": 40})
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    assert t.pending.kind == "respond" and t.pending.player == t.seat("treant")
    t.do("spend", by="treant", status="dryad")
    t.do("roll", by="treant", dice=BARK_NOTHING)
    t.settle()
    assert "concussion" not in statuses(t, "treant")
    assert t.player("treant").health == 40 - 8 + 2


def test_without_a_dryad_the_concussion_lands():
    t = barb_first()
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="treant", dice=BARK_NOTHING)
    t.settle()
    assert statuses(t, "treant").get("concussion") == 1


def test_no_spirit_during_an_opponents_ultimate():
    t = barb_first(treant={"statuses": {"sapling": 1, "dryad": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    seen = []
    for _ in range(50):
        choice = t.pending
        if choice is None or choice.kind == "main_phase":
            break
        if choice.window != "offensive_announce":  # before activation he still may
            seen += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        t.apply(choice.options[0].action)
    assert t.events("damage_resolved")  # the Ultimate landed
    assert "sapling" not in seen and "dryad" not in seen


# ---------------------------------------------------------------- cards


def test_sprout_and_overgrowth():
    t = treant_first(treant={"hand": ["sprout", "overgrowth"], "cp": 5}, start_at="main1")
    t.do("play", by="treant", card="sprout")
    t.do("choose", by="treant", option="Gain")
    t.do("play", by="treant", card="overgrowth")
    t.do("choose", by="treant", option="Sapling")
    t.do("choose", by="treant", option="Dryad")
    assert spirits(t) == {"seedling": 1, "sapling": 0, "dryad": 1}
    assert t.player("treant").cp == 1


def test_thorny_embrace_inflicts_barbed_vine():
    t = treant_first(treant={"hand": ["thorny_embrace"], "cp": 2}, start_at="main1")
    t.do("play", by="treant", card="thorny_embrace")
    assert statuses(t, "barb") == {"barbed_vine": 1}


@pytest.mark.parametrize("held,added", [({}, 1), ({"seedling": 2, "sapling": 2}, 3)])
def test_sap_surge_adds_1_per_spirit_at_most_3(held, added):
    t = treant_first(treant={"hand": ["sap_surge"], "cp": 2, "statuses": held})
    t.do("roll", by="treant", dice=BRANCH_DICE[0])
    t.do("activate", by="treant", ability="branch_bash", row=0)
    t.do("play", by="treant", card="sap_surge")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [BRANCH_DAMAGE[1][0] + added]


def test_deep_roots_prevents_2():
    t = barb_first(treant={"hand": ["deep_roots"], "cp": 2})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="treant", dice=BARK_NOTHING)
    t.do("play", by="treant", card="deep_roots")
    t.settle()
    assert landed(t, "treant") == [2]


def test_a_sapling_grown_this_turn_may_be_spent_if_none_was_spent_before():
    t = treant_first()
    t.do("roll", by="treant", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="treant", ability="verdant_growth")
    t.do("choose", by="treant", option="Sapling")  # the Seedling grows up during his Attack
    t.do("spend", by="treant", status="sapling")  # and may be spent at once: +2
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [4 + 2]
    assert spirits(t) == {"seedling": 0, "sapling": 0, "dryad": 0}


def test_growing_a_spirit_up_is_not_spending_the_lower_one():
    t = treant_first(treant={"hand": ["sprout"], "cp": 2}, start_at="main1")
    t.do("play", by="treant", card="sprout")
    t.do("choose", by="treant", option="Sapling")
    assert not t.events("status_spent")  # the Seedling left without its own effect
    assert spirits(t) == {"seedling": 0, "sapling": 1, "dryad": 0}
