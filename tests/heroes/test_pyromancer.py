"""Story tests for the Pyromancer: every ability row and level, her defense, her Ultimate, every
card of her own, her tokens (Burn, Fire Mastery; Stun is shared with the Barbarian) and the
rulebook clarifications about them (docs/heroes/pyromancer.md).

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
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


pyro_first, barb_first = openers("pyro", "pyromancer")
cast = partial(strike_as, "pyro", keep_turn=True)


def mastery(t: Table) -> int:
    return t.player("pyro").statuses.get("fire_mastery", 0)


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("pyromancer")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["pyromancer"]
    faces = [hero.symbol_of(v) for v in range(1, 7)]
    assert faces == ["fire", "fire", "fire", "magma", "magma", "fiery_soul"]
    assert hero.statuses == ("burn", "fire_mastery", "stun")
    assert hero.complexity == 3
    t = pyro_first(start_at="main1")
    me = t.player("pyro")
    assert (me.health, me.cp, me.limits["fire_mastery"]) == (50, 2, 5)
    assert me.levels == {
        "fireball": 1,
        "lava_flow": 1,
        "hot_streak": 1,
        "burning_soul": 1,
        "meteor": 1,
        "flame_ward": 1,
        "pyroclasm": 1,
    }


# ---------------------------------------------------------------- Fireball / Fire Mastery

FIREBALL_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
FIREBALL_DAMAGE = {1: (4, 5, 7), 2: (5, 6, 8), 3: (6, 7, 9)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_fireball_each_row_and_level(level, row):
    t = cast(
        pyro_first(pyro={"upgrades": {"fireball": level}}), FIREBALL_DICE[row], "fireball", row
    )
    assert landed(t, "barb") == [FIREBALL_DAMAGE[level][row]]
    assert mastery(t) == 1
    burned = level == 3 and row == 2
    assert ("burn" in statuses(t, "barb")) is burned


def test_fireball_rows_need_their_fire():
    t = pyro_first()
    t.do("roll", by="pyro", dice=[1, 2, 4, 5, 6])
    assert offered_rows(t, "fireball") == []


def test_fire_mastery_never_goes_past_its_limit():
    t = cast(pyro_first(pyro={"statuses": {"fire_mastery": 5}}), FIREBALL_DICE[0], "fireball", 0)
    assert mastery(t) == 5
    gained = [e.data for e in t.events("status_gained") if e.data["status"] == "fire_mastery"]
    assert gained[-1]["count"] == 0


def test_fire_mastery_cools_off_by_one_in_each_of_her_upkeeps():
    t = duel(
        "pyro",
        start_at="upkeep",
        pyro={"hero": "pyromancer", "statuses": {"fire_mastery": 3}},
        barb={"hero": "barbarian"},
    )
    assert t.view.phase == "main1"
    assert mastery(t) == 2
    removed = t.events("status_removed")
    assert removed and removed[-1].data["status"] == "fire_mastery"


def test_fire_mastery_does_not_cool_in_the_opponents_upkeep():
    t = duel(
        "barb",
        start_at="upkeep",
        barb={"hero": "barbarian"},
        pyro={"hero": "pyromancer", "statuses": {"fire_mastery": 3}},
    )
    assert t.view.phase == "main1"
    assert mastery(t) == 3


# ---------------------------------------------------------------- Lava Flow (collateral)

LAVA_DICE = [4, 4, 5, 1, 6]  # three Magma


@pytest.mark.parametrize("level,base,splash", [(1, 4, 2), (2, 5, 3), (3, 6, 3)])
def test_lava_flow_adds_fire_mastery_then_splashes_collateral(level, base, splash):
    t = pyro_first(pyro={"upgrades": {"lava_flow": level}, "statuses": {"fire_mastery": 2}})
    cast(t, LAVA_DICE, "lava_flow")
    amounts = [(e.data["amount"], e.data["dtype"]) for e in t.events("damage_pending")]
    assert amounts == [(base, "normal"), (2, "normal"), (splash, "collateral")]
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["amount"]) == (base + 2 + splash, base + 2 + splash)
    assert mastery(t) == 2  # read, not spent


def test_lava_flow_without_fire_mastery_deals_its_base():
    t = cast(pyro_first(), LAVA_DICE, "lava_flow")
    assert landed(t, "barb") == [4 + 2]


def team_table() -> Table:
    """2v2 on shared dials: Pyromancer and Gunslinger against two Barbarians."""
    return Table(
        first="pyro",
        start_at="offensive_roll",
        shared_dial=True,
        pyro={"hero": "pyromancer", "hand": [], "team": 0},
        barb1={"hero": "barbarian", "hand": [], "team": 1},
        gun={"hero": "gunslinger", "hand": [], "team": 0},
        barb2={"hero": "barbarian", "hand": [], "team": 1},
    )


def test_collateral_to_every_opponent_hits_each_one_on_the_shared_dial():
    t = team_table()
    t.do("roll", by="pyro", dice=LAVA_DICE)
    t.do("activate", by="pyro", ability="lava_flow")
    t.do("choose", by="pyro", option="barb1")  # the Attack's target
    t.do("roll", by="barb1", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb1") == [4 + 2]
    assert landed(t, "barb2") == [2]
    # one dial for the team: 4 from the Attack and 2 collateral for each of them
    assert t.player("barb1").health == t.player("barb2").health == 50 - 8
    assert t.player("pyro").health == t.player("gun").health == 50


# ---------------------------------------------------------------- Hot Streak


@pytest.mark.parametrize("level,held,damage", [(1, 0, 4 + 1), (1, 2, 4 + 3), (2, 0, 5 + 1)])
def test_hot_streak_gains_mastery_first_then_counts_it(level, held, damage):
    t = pyro_first(pyro={"upgrades": {"hot_streak": level}, "statuses": {"fire_mastery": held}})
    cast(t, [1, 2, 3, 4, 6], "hot_streak")
    assert landed(t, "barb") == [damage]
    assert mastery(t) == held + 1


# ---------------------------------------------------------------- Burning Soul / Burn

SOULS_3 = [6, 6, 6, 1, 2]
SOULS_4 = [6, 6, 6, 6, 1]


@pytest.mark.parametrize("level,damage", [(1, 5), (2, 6)])
def test_burning_soul_three_souls(level, damage):
    t = pyro_first(pyro={"upgrades": {"burning_soul": level}})
    cast(t, SOULS_3, "burning_soul", 0, defense=None)  # undefendable: no Defensive Roll
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"
    assert "defense_chosen" not in kinds(t)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"burn": 1}
    assert mastery(t) == 2


def test_burning_soul_i_has_no_four_soul_row():
    t = pyro_first()
    t.do("roll", by="pyro", dice=SOULS_4)
    assert offered_rows(t, "burning_soul") == [0]


def test_burning_soul_ii_four_souls_raise_the_fire_mastery_limit_for_the_rest_of_the_game():
    t = pyro_first(pyro={"upgrades": {"burning_soul": 2}, "statuses": {"fire_mastery": 4}})
    cast(t, SOULS_4, "burning_soul", 1, defense=None)
    raised = t.events("stack_limit_raised")[0].data
    assert (raised["status"], raised["limit"]) == ("fire_mastery", 6)
    assert mastery(t) == 6  # 4 + 3, capped by the new limit of 6
    assert landed(t, "barb") == [8]
    assert statuses(t, "barb") == {"burn": 1}
    # a full round later the limit is still 6 (her Upkeep cooled one token off)
    t.do("end_phase", by="pyro")
    t.do("end_phase", by="barb")
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    assert t.view.active == t.seat("pyro") and t.view.phase == "main1"
    assert t.player("pyro").limits["fire_mastery"] == 6
    assert mastery(t) == 5


def test_the_raised_limit_stops_at_8():
    t = pyro_first(pyro={"upgrades": {"burning_soul": 2}, "limits": {"fire_mastery": 3}})
    cast(t, SOULS_4, "burning_soul", 1, defense=None)
    assert "stack_limit_raised" not in kinds(t)
    assert t.player("pyro").limits["fire_mastery"] == 8


def test_burn_deals_2_in_each_of_the_holders_upkeeps_and_stays():
    t = duel(
        "barb",
        start_at="upkeep",
        barb={"hero": "barbarian", "statuses": {"burn": 1}},
        pyro={"hero": "pyromancer"},
    )
    assert t.view.phase == "main1"
    assert landed(t, "barb") == [2]
    assert t.player("barb").health == 48
    assert statuses(t, "barb") == {"burn": 1}  # persistent


def test_burn_has_a_stack_limit_of_one():
    t = cast(pyro_first(barb={"statuses": {"burn": 1}}), SOULS_3, "burning_soul", 0, defense=None)
    assert statuses(t, "barb") == {"burn": 1}


# ---------------------------------------------------------------- Meteor / Stun


@pytest.mark.parametrize("level,damage,extra", [(1, 8, {}), (2, 9, {"burn": 1})])
def test_meteor_stuns_before_the_damage_and_gives_another_offensive_roll(level, damage, extra):
    t = cast(
        pyro_first(pyro={"upgrades": {"meteor": level}}),
        [1, 2, 3, 4, 5],
        "meteor",
        defense=None,
    )
    assert "defense_chosen" not in kinds(t)  # stunned: no defense
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == extra  # Stun is gone once the Attack is over
    assert t.pending.kind == "offensive_roll" and t.pending.player == t.seat("pyro")
    assert t.view.phase == "offensive_roll"


# ---------------------------------------------------------------- Pyroclasm (Ultimate)


@pytest.mark.parametrize("held,damage", [(0, 13), (2, 15)])
def test_pyroclasm(held, damage):
    t = pyro_first(pyro={"statuses": {"fire_mastery": held}})
    cast(t, [6, 6, 6, 6, 6], "pyroclasm", defense=None)
    assert mastery(t) == held + 3
    hit = resolved(t, "barb")
    assert (hit["unavoidable"], hit["amount"]) == (damage, damage)
    assert statuses(t, "barb") == {"burn": 1}
    assert t.pending.player == t.seat("pyro") and t.view.phase == "offensive_roll"


# ---------------------------------------------------------------- Flame Ward


def slap_the_pyro(t: Table, defense) -> Table:
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pyro", dice=defense)
    t.settle()
    return t


def test_flame_ward_i_burns_back_prevents_and_gains_mastery():
    t = slap_the_pyro(barb_first(), [1, 4, 6])
    assert landed(t, "pyro") == [4 - 2]
    assert landed(t, "barb") == [1]
    assert mastery(t) == 1


def test_flame_ward_on_a_fiery_soul_is_once_however_many():
    t = slap_the_pyro(barb_first(), [6, 6, 6])
    assert mastery(t) == 1
    assert landed(t, "pyro") == [4]


def test_flame_ward_ii_rolls_four_dice():
    t = slap_the_pyro(barb_first(pyro={"upgrades": {"flame_ward": 2}}), [1, 2, 4, 5])
    assert landed(t, "pyro") == [0]
    assert landed(t, "barb") == [2]


def test_flame_ward_iii_fiery_soul_gives_two_mastery_and_two_more_damage():
    t = slap_the_pyro(barb_first(pyro={"upgrades": {"flame_ward": 3}}), [6, 1, 2, 3])
    assert mastery(t) == 2
    assert landed(t, "barb") == [3 + 2]  # five damage during her own defense
    assert landed(t, "pyro") == [4]


# ---------------------------------------------------------------- her cards

UPGRADES = [
    c
    for c in json.loads((DATA / "cards" / "pyromancer.json").read_text())["cards"]
    if c["type"] == "upgrade"
]


@pytest.mark.parametrize("card", UPGRADES, ids=[c["id"] for c in UPGRADES])
def test_each_upgrade_card_raises_its_ability(card):
    up = card["upgrade"]
    upgrade_played(pyro_first, "pyro", card["id"], up["slot"], up["level"], card["cost"], cp=5)


def test_stoke_the_flames_gains_two_mastery():
    t = pyro_first(start_at="main1", pyro={"hand": ["stoke_the_flames"], "cp": 1})
    t.do("play", by="pyro", card="stoke_the_flames")
    assert mastery(t) == 2 and t.player("pyro").cp == 0


def test_firestorm_is_collateral_not_an_attack():
    t = pyro_first(
        start_at="main1",
        pyro={"hand": ["firestorm"], "cp": 2},
        barb={"statuses": {"targeted": 1}},
    )
    t.do("play", by="pyro", card="firestorm")
    t.settle()
    assert "attack_declared" not in kinds(t)
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (2, 0, 2)  # Targeted adds nothing


def test_combustion_adds_one_per_fire_mastery():
    t = pyro_first(pyro={"hand": ["combustion"], "cp": 2, "statuses": {"fire_mastery": 3}})
    t.do("roll", by="pyro", dice=FIREBALL_DICE[0])
    t.do("activate", by="pyro", ability="fireball", row=0)
    t.do("play", by="pyro", card="combustion")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (4, 4, 8)  # 3 + the fresh one


def test_ignite_inflicts_burn():
    t = pyro_first(start_at="main1", pyro={"hand": ["ignite"], "cp": 3})
    t.do("play", by="pyro", card="ignite")
    assert statuses(t, "barb") == {"burn": 1}
    assert t.player("pyro").cp == 0


def test_searing_heat_adds_one_and_gains_mastery():
    t = pyro_first(pyro={"hand": ["searing_heat"], "cp": 1})
    t.do("roll", by="pyro", dice=FIREBALL_DICE[0])
    t.do("activate", by="pyro", ability="fireball", row=0)
    t.do("play", by="pyro", card="searing_heat")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["amount"] == 5
    assert mastery(t) == 2
