"""Story tests for the Moon Elf: every ability row and level, her defense, her Ultimate, every
card of her own, her tokens (Blind, Entangle, Targeted; Evasive is shared) and the rulebook
clarifications about them (docs/heroes/moon_elf.md).

Her usual opponent is the Barbarian: Thick Skin I rolling three Strength does nothing, so her
damage lands in full. When he attacks her, Missed Me rolling four Moons does nothing either.
"""

from __future__ import annotations

import json
from functools import partial

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
    DATA,
    FIXTURES,
    THICK_SKIN_NOTHING,
    deck_check,
    kinds,
    landed,
    offered_rows,
    openers,
    resolved,
    statuses,
    strike_as,
    upgrade_played,
)

MISSED_ME_NOTHING = [6, 6, 6, 6]  # four Moons: no Bow, no Feet (level I ignores Moons)
SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg


elf_first, barb_first = openers("elf", "moon_elf")
shoot = partial(strike_as, "elf", keep_turn=True)


def slap_the_elf(t: Table, defense=MISSED_ME_NOTHING, **extra) -> Table:
    """The Barbarian Slaps (4 dmg) and the Moon Elf defends with Missed Me."""
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0, **extra)
    if defense is not None:
        t.do("roll", by="elf", dice=defense)
    t.settle()
    return t


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("moon_elf")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["moon_elf"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == ["bow", "bow", "bow", "foot", "foot", "moon"]
    assert hero.statuses == ("evasive", "blind", "entangle", "targeted")
    assert hero.complexity == 2
    t = elf_first(start_at="main1")
    me = t.player("elf")
    assert (me.health, me.cp) == (50, 2)
    assert me.levels == {
        "longbow": 1,
        "entangling_shot": 1,
        "covered_shot": 1,
        "blinding_shot": 1,
        "exploding_arrow": 1,
        "starfall_volley": 1,
        "missed_me": 1,
        "moonfall": 1,
    }


# ---------------------------------------------------------------- Longbow

LONGBOW_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
LONGBOW_DAMAGE = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_longbow_each_row_and_level(level, row):
    t = shoot(elf_first(elf={"upgrades": {"longbow": level}}), LONGBOW_DICE[row], "longbow", row)
    assert landed(t, "barb") == [LONGBOW_DAMAGE[level][row]]
    assert t.player("barb").health == 50 - LONGBOW_DAMAGE[level][row]
    assert "entangle" not in statuses(t, "barb")


def test_longbow_rows_need_their_bows():
    t = elf_first()
    t.do("roll", by="elf", dice=[1, 2, 4, 5, 6])
    assert offered_rows(t, "longbow") == []
    t = elf_first()
    t.do("roll", by="elf", dice=[1, 1, 1, 1, 1])
    assert offered_rows(t, "longbow") == [0, 1, 2]


@pytest.mark.parametrize("level,entangled", [(2, False), (3, True)])
def test_longbow_iii_four_of_a_number_also_entangles(level, entangled):
    t = shoot(elf_first(elf={"upgrades": {"longbow": level}}), [2, 2, 2, 2, 5], "longbow", 1)
    assert ("entangle" in statuses(t, "barb")) is entangled
    assert landed(t, "barb") == [LONGBOW_DAMAGE[level][1]]


# ---------------------------------------------------------------- Entangling Shot / Entangle

ENTANGLING_DICE = [1, 2, 4, 5, 6]  # two Bows, two Feet


@pytest.mark.parametrize("level,damage", [(1, 5), (2, 7)])
def test_entangling_shot_inflicts_entangle_and_deals_damage(level, damage):
    t = shoot(
        elf_first(elf={"upgrades": {"entangling_shot": level}}), ENTANGLING_DICE, "entangling_shot"
    )
    assert statuses(t, "barb") == {"entangle": 1}
    assert landed(t, "barb") == [damage]


def test_entangling_shot_needs_two_bows_and_two_feet():
    t = elf_first()
    t.do("roll", by="elf", dice=[1, 2, 4, 6, 6])
    assert offered_rows(t, "entangling_shot") == []


def test_entangle_costs_one_roll_attempt_of_the_next_offensive_roll_then_goes():
    t = shoot(elf_first(), ENTANGLING_DICE, "entangling_shot")
    t.do("end_phase", by="elf")  # her Main (2); his turn begins
    t.do("end_phase", by="barb")  # his Main (1): the Offensive Roll Phase starts
    assert t.pending.kind == "offensive_roll"
    assert t.pending.context["attempts_total"] == 2
    assert "entangle" not in statuses(t, "barb")
    lost = t.events("roll_attempts_lost")[-1].data
    assert (lost["player"], lost["count"], lost["total"]) == (t.seat("barb"), 1, 2)
    t.do("roll", by="barb", dice=[1, 1, 4, 4, 6])
    t.do("roll", by="barb", reroll=[5], dice=[5])
    assert t.options("roll") == []  # two attempts used: no third
    # the attempt is not lost again on his following turn
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    t.do("end_phase", by="elf")
    t.do("no_ability", by="elf")  # her own turn: she attacks with nothing
    t.do("end_phase", by="elf")
    t.do("end_phase", by="barb")
    assert t.pending.context["attempts_total"] == 3


# ---------------------------------------------------------------- Covered Shot / Evasive


@pytest.mark.parametrize(
    "level,dice,row,damage,evasive",
    [
        (1, [4, 4, 5, 1, 6], 0, 4, 1),
        (2, [4, 4, 5, 1, 6], 0, 5, 1),
        (2, [4, 4, 5, 5, 1], 1, 6, 2),
    ],
)
def test_covered_shot_gains_evasive_and_deals_damage(level, dice, row, damage, evasive):
    t = shoot(elf_first(elf={"upgrades": {"covered_shot": level}}), dice, "covered_shot", row)
    assert statuses(t, "elf") == {"evasive": evasive}
    assert landed(t, "barb") == [damage]


def test_covered_shot_i_has_no_four_feet_row():
    t = elf_first()
    t.do("roll", by="elf", dice=[4, 4, 5, 5, 1])
    assert offered_rows(t, "covered_shot") == [0]


def test_evasive_from_covered_shot_dodges_the_next_attack():
    t = shoot(elf_first(), [4, 4, 5, 1, 6], "covered_shot", 0)
    t.do("end_phase", by="elf")
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="elf", dice=MISSED_ME_NOTHING)  # she may still defend
    t.do("spend", by="elf", status="evasive", dice=[2])
    t.settle()
    hit = [e.data for e in t.events("damage_resolved") if e.data["target"] == t.seat("elf")]
    assert hit[-1]["avoided"] is True and hit[-1]["amount"] == 0
    assert t.player("elf").health == 50
    assert "evasive" not in statuses(t, "elf")


# ---------------------------------------------------------------- Blinding Shot / Blind

STRAIGHT_DICE = [1, 2, 3, 4, 6]


@pytest.mark.parametrize("level,damage", [(1, 6), (2, 8)])
def test_blinding_shot_inflicts_blind_and_deals_damage(level, damage):
    t = shoot(elf_first(elf={"upgrades": {"blinding_shot": level}}), STRAIGHT_DICE, "blinding_shot")
    assert statuses(t, "barb") == {"blind": 1}
    assert landed(t, "barb") == [damage]


@pytest.mark.parametrize("die", [1, 2])
def test_blind_on_1_or_2_the_whole_offensive_roll_fails(die):
    t = slap_the_elf(barb_first(barb={"statuses": {"blind": 1}}), defense=None, dice=[die])
    assert [e.data["purpose"] for e in t.events("dice_rolled")][-1] == "Blind"
    failed = t.events("ability_failed")
    assert len(failed) == 1 and failed[0].data["ability"] == "slap"
    assert "attack_declared" not in kinds(t)
    assert "damage_pending" not in kinds(t)
    assert t.player("elf").health == 50
    assert "blind" not in statuses(t, "barb")
    assert t.view.phase == "main2"


@pytest.mark.parametrize("die", [3, 6])
def test_blind_on_3_to_6_the_ability_goes_ahead_and_the_token_is_gone(die):
    t = slap_the_elf(barb_first(barb={"statuses": {"blind": 1}}), dice=[die])
    assert "ability_failed" not in kinds(t)
    assert landed(t, "elf") == [4]
    assert "blind" not in statuses(t, "barb")


def test_blind_cannot_stop_an_ultimate_it_is_just_removed():
    t = barb_first(barb={"statuses": {"blind": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert "Blind" not in [e.data["purpose"] for e in t.events("dice_rolled")]
    assert "ability_failed" not in kinds(t)
    assert "blind" not in statuses(t, "barb")
    assert landed(t, "elf") == [15]


def test_blind_is_removed_when_the_offensive_roll_ends_with_nothing_activated():
    t = barb_first(barb={"statuses": {"blind": 1}})
    t.do("roll", by="barb", dice=[1, 1, 4, 4, 6])
    t.do("no_ability", by="barb")
    assert "blind" not in statuses(t, "barb")
    assert "Blind" not in [e.data["purpose"] for e in t.events("dice_rolled")]


def test_blind_waits_for_the_holders_own_offensive_roll():
    # Blinded during her own turn, the Barbarian keeps it until his next Offensive Roll ends.
    t = shoot(elf_first(), STRAIGHT_DICE, "blinding_shot")
    t.do("end_phase", by="elf")
    assert statuses(t, "barb") == {"blind": 1}
    t.do("end_phase", by="barb")
    assert statuses(t, "barb") == {"blind": 1}
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0, dice=[1])
    assert t.events("ability_failed")
    assert "blind" not in statuses(t, "barb")


def test_the_blind_die_can_be_altered_by_the_blinded_player():
    t = barb_first(barb={"statuses": {"blind": 1}, "hand": ["helping_hand"], "cp": 1})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0, dice=[1])
    assert t.pending.window == "dice_roll"
    t.do("play", by="barb", card="helping_hand", dice=[5])  # one die on the table: no question
    t.do("roll", by="elf", dice=MISSED_ME_NOTHING)
    t.settle()
    assert "ability_failed" not in kinds(t)
    assert landed(t, "elf") == [4]


# ---------------------------------------------------------------- Exploding Arrow

ARROW_DICE = [6, 6, 6, 1, 4]  # three Moons
BLAST = [1, 2, 4, 5, 6]  # two Bows, two Feet, a Moon


@pytest.mark.parametrize("level,damage", [(1, 3 + 2), (2, 4 + 2 + 2)])
def test_exploding_arrow_blast_damage_cp_loss_and_blind(level, damage):
    t = elf_first(elf={"upgrades": {"exploding_arrow": level}}, barb={"cp": 5})
    shoot(t, ARROW_DICE, "exploding_arrow", dice=BLAST)
    assert landed(t, "barb") == [damage]  # level II: Targeted adds 2
    assert t.player("barb").cp == 3  # two Feet
    expected = {"blind": 1} if level == 1 else {"blind": 1, "targeted": 1}
    assert statuses(t, "barb") == expected


def test_exploding_arrow_without_feet_or_moon_takes_no_cp_and_does_not_blind():
    t = elf_first(barb={"cp": 5})
    shoot(t, ARROW_DICE, "exploding_arrow", dice=[1, 1, 1, 2, 3])
    assert landed(t, "barb") == [3 + 5]
    assert t.player("barb").cp == 5
    assert statuses(t, "barb") == {}


def test_exploding_arrow_not_this_time_can_be_played_before_the_cp_goes():
    # The CP loss comes after a pause: the opponent may first spend that CP on a card.
    t = elf_first(barb={"cp": 2, "hand": ["not_this_time"]})
    t.do("roll", by="elf", dice=ARROW_DICE)
    t.do("activate", by="elf", ability="exploding_arrow", dice=BLAST)
    assert t.pending.window == "then" or t.pending.player == t.seat("barb")
    assert t.player("barb").cp == 2  # nothing lost yet
    t.do("play", by="barb", card="not_this_time", window="then")  # only he has damage coming
    assert t.player("barb").cp == 0
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["prevented"], hit["amount"]) == (5, 6, 0)
    losses = [e.data for e in t.events("cp_changed") if e.data["player"] == t.seat("barb")]
    assert [c["delta"] for c in losses] == [-2, 0]  # the card, then the blast finds nothing


def test_exploding_arrow_needs_three_moons():
    t = elf_first()
    t.do("roll", by="elf", dice=[6, 6, 1, 2, 4])
    assert offered_rows(t, "exploding_arrow") == []


# ---------------------------------------------------------------- Starfall Volley / Targeted


@pytest.mark.parametrize("level,damage,evasive", [(1, 8, 1), (2, 10, 2)])
def test_starfall_volley_marks_binds_and_hits(level, damage, evasive):
    t = shoot(
        elf_first(elf={"upgrades": {"starfall_volley": level}}), [1, 2, 3, 4, 5], "starfall_volley"
    )
    assert statuses(t, "barb") == {"entangle": 1, "targeted": 1}
    assert statuses(t, "elf") == {"evasive": evasive}
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (damage, 2, damage + 2)


def test_targeted_adds_2_to_every_attack_and_stays():
    t = shoot(elf_first(barb={"statuses": {"targeted": 1}}), LONGBOW_DICE[0], "longbow", 0)
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (4, 2, 6)
    assert statuses(t, "barb") == {"targeted": 1}  # persistent


def test_targeted_boosts_undefendable_attacks_of_any_attacker():
    t = barb_first(elf={"statuses": {"targeted": 1}})
    t.do("roll", by="barb", dice=[1, 2, 6, 6, 4])  # Smack: 2 Swords + 2 Strength
    t.do("activate", by="barb", ability="smack")
    t.settle()
    hit = resolved(t, "elf")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (6, 2, 8)


def attack_by_tester(ability: str, dice: list[int]) -> Table:
    t = Table(
        first="tester",
        start_at="offensive_roll",
        content=FIXTURES,
        tester={"hero": "tester", "hand": []},
        elf={"hero": "moon_elf", "hand": [], "statuses": {"targeted": 1}},
    )
    t.do("roll", by="tester", dice=dice)
    t.do("activate", by="tester", ability=ability)
    t.settle()
    return t


def test_targeted_does_not_boost_pure_damage():
    t = attack_by_tester("pure_shot", [1, 2, 3, 4, 6])
    assert t.events("attack_declared")[0].data["dtype"] == "pure"  # still an Attack
    hit = resolved(t, "elf")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3, 0, 3)


def test_targeted_does_not_boost_collateral_damage():
    t = attack_by_tester("splash", [4, 5, 1, 1, 1])
    assert "attack_declared" not in kinds(t)  # collateral only: not an Attack
    hit = resolved(t, "elf")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (2, 0, 2)
    assert statuses(t, "elf") == {"targeted": 1}


# ---------------------------------------------------------------- Moonfall (Ultimate)


def test_moonfall_gains_evasive_inflicts_three_tokens_then_deals_12_plus_targeted():
    t = shoot(elf_first(), [6, 6, 6, 6, 6], "moonfall", defense=None)
    assert statuses(t, "elf") == {"evasive": 2}
    assert statuses(t, "barb") == {"blind": 1, "entangle": 1, "targeted": 1}
    assert "defense_chosen" not in kinds(t)
    hit = resolved(t, "barb")
    assert (hit["unavoidable"], hit["amount"]) == (14, 14)  # Targeted enhances the Ultimate
    assert t.player("barb").health == 36


# ---------------------------------------------------------------- Missed Me


def test_missed_me_two_feet_prevent_one_each_then_half():
    t = slap_the_elf(barb_first(), defense=[4, 5, 6, 6])
    hit = resolved(t, "elf")  # 4 - 2 (a Foot each) = 2, then half of it (rounded up)
    assert (hit["incoming"], hit["prevented"], hit["halved"], hit["amount"]) == (4, 2, [1], 1)
    assert landed(t, "barb") == []


def test_missed_me_four_feet_still_prevent_half_only_once():
    t = slap_the_elf(barb_first(elf={"health": 40}), defense=[4, 4, 5, 5])
    hit = resolved(t, "elf")  # 4 - 4 = 0: one halving of nothing
    assert (hit["prevented"], hit["halved"], hit["amount"]) == (4, [0], 0)
    t = barb_first()
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])  # Crushing Blow: 8
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="elf", dice=[4, 4, 5, 5])
    t.settle()
    hit = resolved(t, "elf")  # 8 - 4 = 4, halved once: 2
    assert (hit["prevented"], hit["halved"], hit["amount"]) == (4, [2], 2)


def test_missed_me_one_foot_prevents_only_1_and_bows_shoot_back():
    t = slap_the_elf(barb_first(), defense=[1, 2, 4, 6])
    assert landed(t, "elf") == [3]
    assert landed(t, "barb") == [2]
    assert t.player("barb").health == 48


@pytest.mark.parametrize("level", [2, 3])
def test_missed_me_ii_and_iii_roll_five_dice_and_a_moon_blinds_the_attacker(level):
    t = barb_first(elf={"upgrades": {"missed_me": level}})
    slap_the_elf(t, defense=[4, 5, 6, 1, 6])
    assert len(t.events("dice_rolled")[-1].data["values"]) == 5
    assert statuses(t, "barb") == {"blind": 1}
    assert landed(t, "elf") == [1]  # 4 - 2, halved
    assert landed(t, "barb") == [1]
    assert "evasive" not in statuses(t, "elf")


@pytest.mark.parametrize("level,evasive", [(2, 0), (3, 1)])
def test_missed_me_iii_three_feet_also_give_evasive(level, evasive):
    t = barb_first(elf={"upgrades": {"missed_me": level}})
    slap_the_elf(t, defense=[4, 5, 4, 1, 2])
    assert t.player("elf").statuses.get("evasive", 0) == evasive
    assert landed(t, "elf") == [0]  # 4 - 3, halved (rounded up)


# ---------------------------------------------------------------- her cards

UPGRADES = [
    c
    for c in json.loads((DATA / "cards" / "moon_elf.json").read_text())["cards"]
    if c["type"] == "upgrade"
]


@pytest.mark.parametrize("card", UPGRADES, ids=[c["id"] for c in UPGRADES])
def test_each_upgrade_card_raises_its_ability(card):
    up = card["upgrade"]
    upgrade_played(elf_first, "elf", card["id"], up["slot"], up["level"], card["cost"], cp=5)


def test_moon_veil_gains_evasive_at_instant_speed():
    t = slap_the_elf(barb_first(elf={"hand": ["moon_veil"], "cp": 1}), defense=None)
    # defense=None stops before her Defensive Roll: play the card, roll, then dodge
    t.do("play", by="elf", card="moon_veil")
    assert statuses(t, "elf") == {"evasive": 1} and t.player("elf").cp == 0
    t.do("roll", by="elf", dice=MISSED_ME_NOTHING)
    t.do("spend", by="elf", status="evasive", dice=[1])
    t.settle()
    assert t.player("elf").health == 50


def test_hunters_mark_inflicts_targeted():
    t = elf_first(start_at="main1", elf={"hand": ["hunters_mark"], "cp": 2})
    t.do("play", by="elf", card="hunters_mark")
    assert statuses(t, "barb") == {"targeted": 1}
    assert t.player("elf").cp == 0


def test_snaring_roots_inflicts_entangle():
    t = elf_first(start_at="main1", elf={"hand": ["snaring_roots"], "cp": 1})
    t.do("play", by="elf", card="snaring_roots")
    assert statuses(t, "barb") == {"entangle": 1}
    assert t.player("elf").cp == 0


def test_flash_of_moonlight_blinds_an_attacker_after_he_announces():
    t = barb_first(elf={"hand": ["flash_of_moonlight"], "cp": 3})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    assert t.pending.window == "offensive_announce"
    t.do("play", by="elf", card="flash_of_moonlight", dice=[2])
    t.settle()
    assert t.events("ability_failed")
    assert t.player("elf").health == 50 and t.player("elf").cp == 0
    assert "blind" not in statuses(t, "barb")


def test_piercing_arrow_adds_2_and_marks_the_target():
    t = elf_first(elf={"hand": ["piercing_arrow"], "cp": 2})
    t.do("roll", by="elf", dice=LONGBOW_DICE[0])
    t.do("activate", by="elf", ability="longbow", row=0)
    t.do("play", by="elf", card="piercing_arrow")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (4, 2, 6)
    assert statuses(t, "barb") == {"targeted": 1}
