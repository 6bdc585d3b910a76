"""Story tests for the Tactician: every ability row and level, Higher Ground, Hold the Line,
Checkmate, every card of his own, Tactical Advantage (and the Targeted and Protect his
clarifications cover), Profiteer's new Offensive Roll Phase and Carpet Bomb hitting several
opponents (docs/heroes/tactician.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
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
TA = "tactical_advantage"


tac_first, barb_first = openers("tac", "tactician")
strike = partial(strike_as, "tac")


def test_deck_and_cards():
    deck_check("tactician")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["tactician"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "saber",
        "saber",
        "saber",
        "map",
        "map",
        "crown",
    ]
    assert hero.statuses == (TA, "targeted", "protect")
    assert hero.complexity == 5
    t = tac_first(start_at="main1")
    assert t.player("tac").levels == {
        "saber_strike": 1,
        "survey": 1,
        "profiteer": 1,
        "flanking_maneuver": 1,
        "carpet_bomb": 1,
        "higher_ground": 1,
        "hold_the_line": 1,
        "checkmate": 1,
    }


# ---------------------------------------------------------------- Saber Strike

SABER_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
SABER_DAMAGE = {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_saber_strike_each_row_and_level(level, row):
    t = tac_first(tac={"upgrades": {"saber_strike": level}})
    strike(t, SABER_DICE[row], "saber_strike", row)
    assert landed(t, "barb") == [SABER_DAMAGE[level][row]]
    assert statuses(t, "tac") == ({TA: 1} if row == 2 else {})


# ---------------------------------------------------------------- Survey and the limit


@pytest.mark.parametrize(
    "level,dice,row,gained,damage",
    [(1, [4, 4, 5, 1, 2], 0, 2, 4), (2, [4, 4, 5, 1, 2], 0, 3, 5), (2, [4, 4, 5, 5, 2], 1, 3, 6)],
)
def test_survey(level, dice, row, gained, damage):
    t = tac_first(tac={"upgrades": {"survey": level}})
    strike(t, dice, "survey", row)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "tac") == {TA: gained}


def test_survey_ii_raises_the_limit_for_the_rest_of_the_game_up_to_seven():
    t = tac_first(tac={"upgrades": {"survey": 2}, "statuses": {TA: 5}, "limits": {TA: 1}})
    strike(t, [4, 4, 5, 5, 2], "survey", 1)
    assert statuses(t, "tac") == {TA: 7}  # the achievement: a limit of 7
    t2 = tac_first(tac={"upgrades": {"survey": 2}, "statuses": {TA: 7}, "limits": {TA: 2}})
    strike(t2, [4, 4, 5, 5, 2], "survey", 1)
    assert statuses(t2, "tac") == {TA: 7}


# ---------------------------------------------------------------- Profiteer


@pytest.mark.parametrize("level,damage,gained", [(1, 5, {}), (2, 6, {TA: 1})])
def test_profiteer_without_a_six_is_an_ordinary_attack(level, damage, gained):
    t = tac_first(tac={"upgrades": {"profiteer": level}})
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="tac", ability="profiteer", dice=[3])
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [damage]
    assert cp(t, "tac") == 4
    assert statuses(t, "tac") == gained
    assert t.events("defense_chosen")


def test_profiteer_on_a_six_ends_the_roll_phase_without_defense_and_starts_another():
    t = tac_first()
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="tac", ability="profiteer", dice=[6])
    # No Defensive Roll: the damage lands and a new Offensive Roll Phase begins.
    assert t.pending.kind == "offensive_roll" and t.pending.player == t.seat("tac")
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [5]
    assert cp(t, "tac") == 4
    # The achievement: Profiteer three times in one turn.
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 3])
    t.do("activate", by="tac", ability="profiteer", dice=[6])
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 3])
    t.do("activate", by="tac", ability="profiteer", dice=[1])
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5, 5, 5]
    assert cp(t, "tac") == 8
    assert len(t.events("defense_chosen")) == 1


def test_profiteer_removes_roll_phase_tokens_at_the_end_of_the_first_roll_phase():
    # Blinding Light (the Seraph's, gone when an Offensive Roll ends) is gone after the first.
    t = tac_first(tac={"statuses": {"blinding_light": 1}})
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="tac", ability="profiteer", dice=[5, 6])
    assert statuses(t, "tac") == {}
    assert t.pending.kind == "offensive_roll"


# ---------------------------------------------------------------- Flanking Maneuver and Targeted


@pytest.mark.parametrize("level,damage,gained", [(1, 6, 1), (2, 7, 2)])
def test_flanking_maneuver_small_straight(level, damage, gained):
    t = tac_first(tac={"upgrades": {"flanking_maneuver": level}})
    strike(t, [1, 2, 3, 4, 1], "flanking_maneuver")
    assert statuses(t, "barb") == {"targeted": 1}
    assert statuses(t, "tac") == {TA: gained}
    # Targeted was placed before the Attack was made: it already adds 2.
    assert landed(t, "barb") == [damage + 2]


def test_targeted_does_not_raise_pure_damage():
    # The Tactician clarification: Targeted adds to an Attack, never to pure or collateral.
    t = Table(
        first="tester",
        start_at="offensive_roll",
        content="heroes/fixtures",
        tester={"hero": "tester", "hand": []},
        tac={"hero": "tactician", "hand": [], "statuses": {"targeted": 1}},
    )
    t.do("roll", by="tester", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="tester", ability="pure_shot")
    t.settle()
    assert landed(t, "tac") == [3]


# ---------------------------------------------------------------- Carpet Bomb


@pytest.mark.parametrize("level,damage,gained", [(1, 7, 1), (2, 8, 2)])
def test_carpet_bomb_hits_every_opponent(level, damage, gained):
    t = Table(
        first="tac",
        start_at="offensive_roll",
        tac={"hero": "tactician", "hand": [], "upgrades": {"carpet_bomb": level}},
        barb={"hero": "barbarian", "hand": []},
        elf={"hero": "moon_elf", "hand": []},
    )
    t.do("roll", by="tac", dice=[2, 3, 4, 5, 6])
    t.do("activate", by="tac", ability="carpet_bomb")
    t.do("choose", by="tac", option="barb")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [damage]
    assert landed(t, "elf") == [damage]  # the achievement: two opponents
    assert statuses(t, "tac") == {TA: gained}
    assert [e.data["defender"] for e in t.events("attack_declared")] == [t.seat("barb")]


def test_carpet_bomb_needs_a_large_straight():
    t = tac_first()
    t.do("roll", by="tac", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "carpet_bomb") == []


# ---------------------------------------------------------------- Checkmate


def test_checkmate():
    t = tac_first(tac={"statuses": {TA: 4}})
    strike(t, [6, 6, 6, 6, 6], "checkmate", defense=None)
    assert t.events("ability_activated")[0].data["ultimate"] is True
    assert statuses(t, "tac") == {TA: 7}  # limit 5 + 2
    assert statuses(t, "barb") == {"targeted": 1}
    hit = resolved(t, "barb")
    assert hit["unavoidable"] == 14  # 12 and Targeted's 2


# ---------------------------------------------------------------- Hold the Line


@pytest.mark.parametrize(
    "level,dice,prevented,gained",
    [(1, [1, 2, 6, 3], 3, {TA: 2}), (2, [1, 4, 4, 6, 5], 4, {TA: 2, "protect": 1})],
)
def test_hold_the_line_each_level(level, dice, prevented, gained):
    t = barb_first(tac={"upgrades": {"hold_the_line": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="tac", dice=dice)
    t.settle()
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "tac")["prevented"] == prevented
    assert statuses(t, "tac") == {"concussion": 1, **gained}


def test_hold_the_line_protect_may_be_spent_at_once():
    t = barb_first()
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="tac", dice=[4, 5, 6, 6])  # 2 Maps: 2 prevented, Protect gained
    t.do("spend", by="tac", status="protect")
    t.settle()
    hit = resolved(t, "tac")
    assert (hit["subtotal"], hit["halved"], hit["amount"]) == (6, [3], 3)


# ---------------------------------------------------------------- Higher Ground


@pytest.mark.parametrize("level,gained", [(1, 1), (2, 2)])
def test_higher_ground(level, gained):
    t = Table(
        first="tac",
        start_at="upkeep",
        first_turn=False,
        tac={"hero": "tactician", "hand": [], "upgrades": {"higher_ground": level}},
        barb={"hero": "barbarian", "hand": []},
    )
    assert t.pending.kind == "main_phase"
    assert statuses(t, "tac") == {TA: gained}


# ---------------------------------------------------------------- Tactical Advantage


def spend_ta(t: Table, option: str, **extra) -> None:
    """Spend one and pick the move (when only one move is open it is taken without asking)."""
    t.do("spend", by="tac", status=TA, **extra)
    if any(option in label for label in t.labels()):
        t.do("choose", by="tac", option=option)


def test_ta_two_add_two_to_his_attack_and_may_be_used_again():
    t = tac_first(tac={"statuses": {TA: 4}})
    t.do("roll", by="tac", dice=SABER_DICE[0])
    t.do("activate", by="tac", ability="saber_strike", row=0)
    spend_ta(t, "deals 2 more")
    spend_ta(t, "deals 2 more")  # no limit on uses in a turn
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [SABER_DAMAGE[1][0] + 2 + 2]
    assert statuses(t, "tac") == {}


def test_ta_two_prevent_three():
    t = barb_first(tac={"statuses": {TA: 2}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    spend_ta(t, "prevent 3", window="before_defense")
    t.do("roll", by="tac", dice=[6, 6, 6, 6])  # Hold the Line: four Crowns, 2 TA only
    t.settle()
    assert resolved(t, "tac")["prevented"] == 3
    assert statuses(t, "tac") == {"concussion": 1, TA: 2}


def test_ta_one_makes_an_opponent_reroll_a_die_four_times_in_a_turn():
    t = barb_first(tac={"statuses": {TA: 5}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    for value in (6, 6, 6, 5):
        spend_ta(t, "re-rolls one")
        t.do("choose", by="tac", option="die 5", dice=[value])
        if t.pending.kind == "offensive_roll":
            t.do("activate", by="barb", ability="crushing_blow")
    rerolls = [e for e in t.events("dice_rolled") if e.data["player"] == t.seat("barb")]
    assert len(rerolls) == 5  # his roll and four forced re-rolls (the achievement)
    assert statuses(t, "tac") == {TA: 1}


def test_ta_three_moves_a_status_to_another_player():
    t = barb_first(tac={"statuses": {TA: 3, "targeted": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    spend_ta(t, "move a status")
    t.settle()
    assert statuses(t, "barb").get("targeted") == 1
    assert "targeted" not in statuses(t, "tac")


def test_ta_usable_the_turn_it_is_gained():
    t = tac_first()
    t.do("roll", by="tac", dice=[4, 4, 5, 1, 2])
    t.do("activate", by="tac", ability="survey")
    spend_ta(t, "deals 2 more")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [6]
    assert statuses(t, "tac") == {}


def test_ta_gained_all_at_once_the_excess_is_lost():
    t = tac_first(tac={"statuses": {TA: 4}})
    strike(t, [4, 4, 5, 1, 2], "survey")
    assert statuses(t, "tac") == {TA: 5}


# ---------------------------------------------------------------- his cards

UPGRADES = [
    ("saber_strike_2", "saber_strike", 2, 2),
    ("saber_strike_3", "saber_strike", 3, 4),
    ("survey_2", "survey", 2, 2),
    ("profiteer_2", "profiteer", 2, 2),
    ("flanking_maneuver_2", "flanking_maneuver", 2, 3),
    ("carpet_bomb_2", "carpet_bomb", 2, 3),
    ("higher_ground_2", "higher_ground", 2, 3),
    ("hold_the_line_2", "hold_the_line", 2, 3),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(tac_first, "tac", card, slot, level, cost)


@pytest.mark.parametrize(
    "card,cost,gained", [("plan_of_attack", 1, {TA: 2}), ("fortify", 2, {"protect": 1})]
)
def test_token_cards(card, cost, gained):
    t = tac_first(tac={"hand": [card], "cp": 2}, start_at="main1")
    t.do("play", by="tac", card=card)
    assert statuses(t, "tac") == gained
    assert cp(t, "tac") == 2 - cost


def test_spotter():
    t = tac_first(tac={"hand": ["spotter"], "cp": 2}, start_at="main1")
    t.do("play", by="tac", card="spotter")
    t.settle()
    assert statuses(t, "barb") == {"targeted": 1}


@pytest.mark.parametrize("held,added", [(0, 0), (2, 2), (5, 3)])
def test_press_the_advantage(held, added):
    t = tac_first(tac={"hand": ["press_the_advantage"], "cp": 1, "statuses": {TA: held}})
    t.do("roll", by="tac", dice=SABER_DICE[0])
    t.do("activate", by="tac", ability="saber_strike", row=0)
    t.do("play", by="tac", card="press_the_advantage")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [SABER_DAMAGE[1][0] + added]
    assert statuses(t, "tac") == ({TA: held} if held else {})


def test_war_chest():
    t = tac_first(tac={"hand": ["war_chest"], "cp": 2}, start_at="main1")
    t.do("play", by="tac", card="war_chest")
    assert cp(t, "tac") == 4
