"""Story tests for the Vampire Lord: every ability row and level, Bloodlust, Mist Form,
Exsanguinate, every card of her own, her tokens (Blood Power, Bleed, Mesmerize) and the rulebook
clarifications about them (docs/heroes/vampire_lord.md).

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
Her Mist Form rolling three Talons prevents nothing (it only Bleeds the attacker).
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from game.rules import ops
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    cp,
    deck_check,
    hp,
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
MIST_NOTHING = [1, 2, 3]  # three Talons: Bleed on the attacker, nothing prevented


vl_first, barb_first = openers("vl", "vampire_lord")
strike = partial(strike_as, "vl")


def test_deck_and_cards():
    deck_check("vampire_lord")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["vampire_lord"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "talon",
        "talon",
        "talon",
        "bat",
        "bat",
        "blood",
    ]
    assert hero.statuses == ("blood_power", "bleed", "mesmerize")
    assert hero.complexity == 4
    t = vl_first(start_at="main1")
    assert t.player("vl").levels == {
        "rending_talons": 1,
        "bat_swarm": 1,
        "drain": 1,
        "crimson_hunger": 1,
        "blood_feast": 1,
        "bloodlust": 1,
        "mist_form": 1,
        "exsanguinate": 1,
    }


# ---------------------------------------------------------------- Rending Talons

TALON_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
TALON_DAMAGE = {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)}
TALON_BLEED = {0: 0, 1: 1, 2: 2}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_rending_talons_each_row_and_level(level, row):
    t = vl_first(vl={"upgrades": {"rending_talons": level}})
    strike(t, TALON_DICE[row], "rending_talons", row)
    assert landed(t, "barb") == [TALON_DAMAGE[level][row]]
    bleed = 1 if (level == 3 and row == 0) else TALON_BLEED[row]
    assert statuses(t, "barb") == ({"bleed": bleed} if bleed else {})


# ---------------------------------------------------------------- Bat Swarm, Drain


@pytest.mark.parametrize(
    "level,dice,row,damage,gained",
    [
        (1, [4, 4, 5, 1, 2], 0, 5, {"mesmerize": 1}),
        (2, [4, 4, 5, 1, 2], 0, 6, {"mesmerize": 1}),
        (2, [4, 4, 5, 5, 2], 1, 7, {"mesmerize": 1, "blood_power": 2}),
    ],
)
def test_bat_swarm(level, dice, row, damage, gained):
    t = vl_first(vl={"upgrades": {"bat_swarm": level}})
    strike(t, dice, "bat_swarm", row)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "vl") == gained


# Drain I steals 1 Health (2 until the balance pass of 2026-11-26: docs/heroes/vampire_lord.md).
@pytest.mark.parametrize(
    "level,stolen,damage,gained", [(1, 1, 4, {}), (2, 3, 5, {"blood_power": 1})]
)
def test_drain_steals_health_which_is_not_damage(level, stolen, damage, gained):
    t = vl_first(vl={"upgrades": {"drain": level}, "health": 40})
    strike(t, [1, 2, 4, 5, 6], "drain", defense=[1, 2, 6])  # Thick Skin: 2 Swords prevent 2
    hit = resolved(t, "barb")
    assert hit["prevented"] == 2
    assert hit["incoming"] == damage  # the stolen Health never entered the damage
    assert hp(t, "vl") == 40 + stolen
    assert hp(t, "barb") == 50 - stolen - hit["amount"]
    assert statuses(t, "vl") == gained


def test_steal_health_takes_only_what_they_have():
    t = vl_first(vl={"upgrades": {"drain": 2}}, barb={"health": 2})  # Drain II steals 3
    t.do("roll", by="vl", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="vl", ability="drain")
    t.settle()
    assert hp(t, "vl") == 52
    assert t.player("barb").defeated


# ---------------------------------------------------------------- Crimson Hunger, Blood Feast


@pytest.mark.parametrize("level,power,damage", [(1, 2, 6), (2, 3, 7)])
def test_crimson_hunger_small_straight(level, power, damage):
    t = vl_first(vl={"upgrades": {"crimson_hunger": level}})
    strike(t, [1, 2, 3, 4, 1], "crimson_hunger")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"bleed": 1}
    assert statuses(t, "vl") == {"blood_power": power}


@pytest.mark.parametrize("level,stolen,power,damage", [(1, 2, 0, 8), (2, 3, 2, 9)])
def test_blood_feast_large_straight(level, stolen, power, damage):
    t = vl_first(vl={"upgrades": {"blood_feast": level}, "health": 40})
    strike(t, [2, 3, 4, 5, 6], "blood_feast")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"bleed": 2}
    assert hp(t, "vl") == 40 + stolen
    # The 2 Bleed land before the Attack is made, so Bloodlust pays 2 Blood Power as well.
    assert statuses(t, "vl") == {"blood_power": power + 2}


def test_blood_feast_needs_a_large_straight():
    t = vl_first()
    t.do("roll", by="vl", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "blood_feast") == []


# ---------------------------------------------------------------- Exsanguinate


def test_exsanguinate_takes_a_card_from_the_discard_pile_and_may_play_it_at_once():
    t = vl_first(vl={"discard": ["savage_bite", "open_vein"], "cp": 1, "health": 40})
    t.do("roll", by="vl", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="vl", ability="exsanguinate")
    assert t.events("ability_activated")[0].data["ultimate"] is True
    t.do("choose", by="vl", option="Savage Bite")
    assert [e.data["card_id"] for e in t.events("card_taken")] == ["savage_bite"]
    t.do("play", by="vl", card="savage_bite")  # a Roll Phase card: played at once
    t.settle()
    assert hp(t, "vl") == 44
    assert statuses(t, "barb") == {"bleed": 2}  # 2, and Savage Bite's Bleed is over the limit
    hit = resolved(t, "barb")
    assert hit["unavoidable"] == 13
    assert hp(t, "barb") == 50 - 4 - 13


def test_exsanguinate_with_an_empty_discard_pile_draws():
    t = vl_first()
    t.do("roll", by="vl", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="vl", ability="exsanguinate")
    t.settle()
    assert len(t.events("card_drawn")) == 1
    assert hp(t, "barb") == 50 - 4 - 12


# ---------------------------------------------------------------- Mist Form


@pytest.mark.parametrize(
    "level,dice,prevented,stolen", [(1, [4, 6, 1], 2, 1), (2, [4, 5, 6, 6], 4, 2)]
)
def test_mist_form_each_level(level, dice, prevented, stolen):
    t = barb_first(vl={"upgrades": {"mist_form": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="vl", dice=dice)
    t.settle()
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "vl")["prevented"] == prevented
    assert hp(t, "vl") == 50 + stolen - (8 - prevented)
    assert hp(t, "barb") == 50 - stolen
    assert statuses(t, "barb") == {}


def test_mist_form_two_talons_bleed_the_attacker():
    t = barb_first()
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="vl", dice=MIST_NOTHING)
    t.settle()
    assert statuses(t, "barb") == {"bleed": 1}
    assert landed(t, "vl") == [4]


# ---------------------------------------------------------------- Bleed


def bleed_upkeep(barb: dict, dice: list[int]) -> Table:
    """The Vampire Lord ends her turn; the Barbarian's Upkeep rolls his Bleed with `dice`."""
    t = vl_first(barb=barb, start_at="main2")
    t.do("end_phase", by="vl", dice=dice)
    t.settle()
    return t


@pytest.mark.parametrize(
    "tokens,dice,damage,left",
    [(1, [3], 1, 1), (1, [5], 0, 0), (2, [1, 6], 1, 1), (2, [4, 2], 2, 2)],
)
def test_bleed_rolls_one_die_per_token_in_upkeep(tokens, dice, damage, left):
    t = bleed_upkeep({"statuses": {"bleed": tokens}}, dice)
    assert sum(landed(t, "barb")) == damage
    assert statuses(t, "barb") == ({"bleed": left} if left else {})


def test_achievement_defeat_with_bleed():
    t = bleed_upkeep({"statuses": {"bleed": 2}, "health": 2}, [1, 1])
    assert t.player("barb").defeated


# ---------------------------------------------------------------- Bloodlust


def test_bloodlust_two_bleed_and_damage_dealt_gives_two_blood_power_after_landing():
    t = vl_first(barb={"statuses": {"bleed": 2}})
    strike(t, TALON_DICE[0], "rending_talons", 0)
    assert statuses(t, "vl") == {"blood_power": 2}
    log = [e.kind for e in t.engine.log]
    assert log.index("damage_resolved") < max(
        i for i, e in enumerate(t.engine.log) if e.kind == "status_gained"
    )


def test_bloodlust_nothing_with_one_bleed_or_no_damage():
    t = vl_first(barb={"statuses": {"bleed": 1}})
    strike(t, TALON_DICE[0], "rending_talons", 0)
    assert statuses(t, "vl") == {}
    t2 = vl_first(barb={"statuses": {"bleed": 2, "protect": 1}}, other="paladin")
    t2.do("roll", by="vl", dice=[1, 2, 4, 5, 4])  # Drain: 4 dmg
    t2.do("activate", by="vl", ability="drain")
    t2.do("roll", by="barb", dice=[3, 3, 3])  # Divine Defense: 3 Helms prevent 3
    t2.do("spend", by="barb", status="protect", window="before_damage")
    t2.settle()
    assert landed(t2, "barb") == [0]
    assert "blood_power" not in statuses(t2, "vl")


@pytest.mark.parametrize("bleed,gained", [(1, 1), (2, 3)])
def test_bloodlust_ii(bleed, gained):
    t = vl_first(vl={"upgrades": {"bloodlust": 2}}, barb={"statuses": {"bleed": bleed}})
    strike(t, TALON_DICE[0], "rending_talons", 0)
    assert statuses(t, "vl") == {"blood_power": gained}


# ---------------------------------------------------------------- Blood Power


def spend_power(t: Table, option: str, **extra) -> None:
    t.do("spend", by="vl", status="blood_power", **extra)
    t.do("choose", by="vl", option=option)


def test_blood_power_one_adds_two_and_only_once_per_turn():
    t = vl_first(vl={"statuses": {"blood_power": 3}})
    t.do("roll", by="vl", dice=TALON_DICE[0])
    t.do("activate", by="vl", ability="rending_talons", row=0)
    spend_power(t, "deals 2 more")
    t.do("spend", by="vl", status="blood_power")
    labels = t.labels()
    assert not any("2 more" in label for label in labels)
    t.do("choose", by="vl", option="remove a status")  # nothing is in play: a wasted spend
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert statuses(t, "vl") == {}
    assert resolved(t, "barb")["added"] == 2
    assert landed(t, "barb") == [7]


def test_achievement_blood_power_two_more_kills():
    t = vl_first(vl={"statuses": {"blood_power": 1}}, barb={"health": 6})
    t.do("roll", by="vl", dice=TALON_DICE[0])
    t.do("activate", by="vl", ability="rending_talons", row=0)
    spend_power(t, "deals 2 more")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert t.player("barb").defeated


def test_blood_power_two_removes_a_chosen_status_and_is_an_instant_action():
    t = barb_first(vl={"statuses": {"blood_power": 2}}, barb={"statuses": {"crit": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    spend_power(t, "remove a status")
    t.settle()
    assert "crit" not in statuses(t, "barb")
    assert statuses(t, "vl").get("blood_power", 0) == 0


def test_blood_power_four_heals_what_the_attack_dealt_after_prevention():
    t = vl_first(vl={"statuses": {"blood_power": 5}, "health": 30})
    t.do("roll", by="vl", dice=TALON_DICE[2])
    t.do("activate", by="vl", ability="rending_talons", row=2)
    spend_power(t, "heal as much")
    assert hp(t, "vl") == 30  # not yet
    t.do("roll", by="barb", dice=[1, 1, 5])  # Thick Skin: 2 Swords prevent 2, Heart heals 2
    t.settle()
    assert landed(t, "barb") == [7]
    assert hp(t, "vl") == 37  # his healing does not lower it
    # 5 - 4 spent, + 2 from Bloodlust (the 2 Bleed of five Talons were on him when Attacked)
    assert statuses(t, "vl") == {"blood_power": 3}


def test_blood_power_four_heals_the_full_amount_even_past_their_health():
    # Three players, so the match goes on when the Barbarian (3 Health) falls to 8 damage.
    t = Table(
        first="vl",
        start_at="offensive_roll",
        vl={"hero": "vampire_lord", "hand": [], "statuses": {"blood_power": 4}, "health": 20},
        barb={"hero": "barbarian", "hand": [], "health": 3},
        elf={"hero": "moon_elf", "hand": []},
    )
    t.do("roll", by="vl", dice=TALON_DICE[2])
    t.do("activate", by="vl", ability="rending_talons", row=2)
    t.do("choose", by="vl", option="barb")
    spend_power(t, "heal as much")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert t.player("barb").defeated
    assert hp(t, "vl") == 29  # all 9 dealt, though he had only 3 Health


def test_blood_power_once_per_turn_counts_the_opponents_turn_too():
    # She removes a status on the Barbarian's turn; on that same turn she cannot again, but on
    # her own next turn the effect is back.
    t = barb_first(
        vl={"statuses": {"blood_power": 5}}, barb={"statuses": {"crit": 1, "protect": 1}}
    )
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    spend_power(t, "remove a status")
    t.do("choose", by="vl", option="Crit")
    with t.engine.world.active():
        assert ops.has_flag(t.engine, t.engine.player(t.seat("vl")), "blood_power_cleanse")
    # The cleanse is used this turn and her other choices need her own Attack: spending now
    # would change nothing, so it is not offered.
    assert not [a for a in t.options("spend") if a.get("status") == "blood_power"]
    t.do("roll", by="vl", dice=MIST_NOTHING)
    t.settle()
    assert statuses(t, "barb") == {"protect": 1, "bleed": 1}
    assert statuses(t, "vl") == {"blood_power": 3}
    t.do("end_phase", by="barb")
    assert t.pending.player == t.seat("vl")
    with t.engine.world.active():
        assert not ops.has_flag(t.engine, t.engine.player(t.seat("vl")), "blood_power_cleanse")


# ---------------------------------------------------------------- Mesmerize


def test_mesmerize_on_five_or_six_forces_a_reroll():
    t = barb_first(vl={"statuses": {"mesmerize": 1}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("spend", by="vl", status="mesmerize", dice=[5])
    t.do("choose", by="vl", option="die 5", dice=[5])
    assert t.pending.kind == "offensive_roll"  # his small straight is gone: he decides again
    assert statuses(t, "vl") == {}
    t.do("no_ability", by="barb")  # the achievement: his Roll Phase fails
    t.settle()
    assert not t.events("attack_declared")


def test_mesmerize_fails_below_five():
    t = barb_first(vl={"statuses": {"mesmerize": 1}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("spend", by="vl", status="mesmerize", dice=[4])
    t.do("roll", by="vl", dice=MIST_NOTHING)
    t.settle()
    assert landed(t, "vl") == [8]


def test_mesmerize_is_not_offered_without_an_opponent_die():
    t = vl_first(vl={"statuses": {"mesmerize": 1}}, start_at="main1")
    assert not [o for o in t.options() if o.kind == "spend"]


# ---------------------------------------------------------------- her cards

UPGRADES = [
    ("rending_talons_2", "rending_talons", 2, 2),
    ("rending_talons_3", "rending_talons", 3, 4),
    ("bat_swarm_2", "bat_swarm", 2, 2),
    ("drain_2", "drain", 2, 2),
    ("crimson_hunger_2", "crimson_hunger", 2, 3),
    ("blood_feast_2", "blood_feast", 2, 3),
    ("bloodlust_2", "bloodlust", 2, 2),
    ("mist_form_2", "mist_form", 2, 3),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(vl_first, "vl", card, slot, level, cost)


def test_open_vein():
    t = vl_first(vl={"hand": ["open_vein"], "cp": 2}, start_at="main1")
    t.do("play", by="vl", card="open_vein")
    t.settle()
    assert statuses(t, "barb") == {"bleed": 1}
    assert cp(t, "vl") == 0


@pytest.mark.parametrize(
    "card,cost,gained",
    [("hypnotic_gaze", 1, {"mesmerize": 1}), ("blood_tithe", 1, {"blood_power": 2})],
)
def test_token_cards(card, cost, gained):
    t = vl_first(vl={"hand": [card], "cp": 2}, start_at="main1")
    t.do("play", by="vl", card=card)
    assert statuses(t, "vl") == gained
    assert cp(t, "vl") == 2 - cost


def test_savage_bite():
    t = vl_first(vl={"hand": ["savage_bite"], "cp": 1})
    t.do("roll", by="vl", dice=TALON_DICE[0])
    t.do("activate", by="vl", ability="rending_talons", row=0)
    t.do("play", by="vl", card="savage_bite")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [6]
    assert statuses(t, "barb") == {"bleed": 1}


def test_life_tap_steals_two():
    t = vl_first(vl={"hand": ["life_tap"], "cp": 2, "health": 40}, start_at="main1")
    t.do("play", by="vl", card="life_tap")
    t.settle()
    assert hp(t, "vl") == 42
    assert hp(t, "barb") == 48
    assert not t.events("damage_resolved")


def test_mesmerize_works_even_against_an_ultimate_roll():
    # 000: Mesmerize may force a re-roll even of the dice that rolled an Ultimate (achievement:
    # make an opponent's Offensive Roll fail with it).
    t = barb_first(vl={"statuses": {"mesmerize": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.do("spend", by="vl", status="mesmerize", dice=[6])
    t.do("choose", by="vl", option="die 1", dice=[1])
    assert t.pending.kind == "offensive_roll"  # five Strength no more: he decides again
    assert "rampage" not in {a.get("ability") for a in t.options("activate")}
    t.do("no_ability", by="barb")
    t.settle()
    assert not t.events("ability_activated")
    assert t.player("vl").health == 50
