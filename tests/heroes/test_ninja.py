"""Story tests for the Ninja: every ability row and level, her defense, her Ultimate, every card
of her own, her tokens (Ninjutsu, Smoke Bomb, Delayed Poison) and the rulebook clarifications
about them (docs/heroes/ninja.md).

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
Her own Substitution I rolling three Smoke (6) does nothing either.
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    deck_check,
    landed,
    offered_rows,
    openers,
    resolved,
    settle_noting,
    spend_offered,
    statuses,
    strike_as,
    upgrade_played,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
SUBSTITUTION_NOTHING = [6, 6, 6]
SLASH_DICE = {0: [1, 2, 3, 4, 6], 1: [1, 2, 3, 1, 6], 2: [1, 2, 3, 1, 2]}


ninja_first, barb_first = openers("ninja", "ninja")
strike = partial(strike_as, "ninja")
offered = spend_offered


def slash(t: Table) -> None:
    """Ninjatō Slash, first row (4 dmg), up to the moment the Barbarian must defend."""
    t.do("roll", by="ninja", dice=SLASH_DICE[0])
    t.do("activate", by="ninja", ability="ninjato_slash", row=0)


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("ninja")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["ninja"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "ninjato",
        "ninjato",
        "ninjato",
        "shuriken",
        "shuriken",
        "smoke",
    ]
    assert hero.statuses == ("ninjutsu", "smoke_bomb", "delayed_poison")
    assert hero.complexity == 2
    t = ninja_first(start_at="main1")
    assert t.player("ninja").levels == {
        "ninjato_slash": 1,
        "shuriken_storm": 1,
        "smoke_and_mirrors": 1,
        "walk_the_line": 1,
        "thousand_cuts": 1,
        "substitution": 1,
        "silent_death": 1,
    }


# ---------------------------------------------------------------- Ninjatō Slash

SLASH_DAMAGE = {1: (5, 6, 7), 2: (6, 7, 9), 3: (7, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_ninjato_slash_each_row_and_level(level, row):
    t = ninja_first(ninja={"upgrades": {"ninjato_slash": level}})
    strike(t, SLASH_DICE[row], "ninjato_slash", row)
    assert landed(t, "barb") == [SLASH_DAMAGE[level][row]]


# ---------------------------------------------------------------- Shuriken Storm


@pytest.mark.parametrize(
    "level,dice,row,poison,damage",
    [(1, [4, 5, 4, 1, 2], 0, 1, 4), (2, [4, 5, 4, 1, 2], 0, 1, 5), (2, [4, 5, 4, 5, 1], 1, 2, 6)],
)
def test_shuriken_storm(level, dice, row, poison, damage):
    t = ninja_first(ninja={"upgrades": {"shuriken_storm": level}})
    strike(t, dice, "shuriken_storm", row)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"delayed_poison": poison}


# ---------------------------------------------------------------- Smoke and Mirrors


@pytest.mark.parametrize("level,damage", [(1, 5), (2, 7)])
def test_smoke_and_mirrors_is_undefendable(level, damage):
    t = ninja_first(ninja={"upgrades": {"smoke_and_mirrors": level}})
    strike(t, [4, 5, 6, 6, 1], "smoke_and_mirrors", defense=None)
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "ninja") == {"smoke_bomb": 1, "ninjutsu": 1}


# ---------------------------------------------------------------- Walk the Line


@pytest.mark.parametrize(
    "level,extra,gained,poison",
    [(1, 0, {}, {}), (2, 2, {"ninjutsu": 1}, {}), (3, 3, {"ninjutsu": 1}, {"delayed_poison": 1})],
)
def test_walk_the_line_deals_damage_from_two_dice(level, extra, gained, poison):
    t = ninja_first(ninja={"upgrades": {"walk_the_line": level}})
    strike(t, [1, 2, 3, 4, 1], "walk_the_line", dice=[3, 5])
    rolls = [e.data["values"] for e in t.events("dice_rolled") if e.data["purpose"] != "offense"]
    assert rolls[0] == [3, 5]
    assert landed(t, "barb") == [extra + 8]
    assert statuses(t, "ninja") == gained
    assert statuses(t, "barb") == poison


def test_walk_the_line_damage_follows_its_dice_after_they_are_altered():
    t = ninja_first(barb={"hand": ["so_wild"], "cp": 2})
    t.do("roll", by="ninja", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="ninja", ability="walk_the_line")
    t.do("play", by="barb", card="so_wild", window="dice_roll", dice=[6, 6])
    t.do("choose", by="barb", option="die 1")
    t.do("choose", by="barb", option="make it a 1")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [7]


# ---------------------------------------------------------------- Thousand Cuts


@pytest.mark.parametrize("level,damage", [(1, 8), (2, 10)])
def test_thousand_cuts_large_straight(level, damage):
    t = ninja_first(ninja={"upgrades": {"thousand_cuts": level}})
    strike(t, [2, 3, 4, 5, 6], "thousand_cuts")
    assert statuses(t, "ninja") == {"ninjutsu": 1, "smoke_bomb": 1}
    assert statuses(t, "barb") == {"delayed_poison": 1}
    assert landed(t, "barb") == [damage]


def test_thousand_cuts_needs_a_large_straight():
    t = ninja_first()
    t.do("roll", by="ninja", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "thousand_cuts") == []
    assert offered_rows(t, "walk_the_line") == [0]


# ---------------------------------------------------------------- Silent Death (Ultimate)


def test_silent_death():
    t = ninja_first()
    strike(t, [6, 6, 6, 6, 6], "silent_death", defense=None)
    assert t.events("ability_activated")[0].data["ultimate"] is True
    assert statuses(t, "ninja") == {"smoke_bomb": 1}
    assert statuses(t, "barb") == {"delayed_poison": 2}
    assert resolved(t, "barb")["unavoidable"] == 12
    assert t.player("barb").health == 38


# ---------------------------------------------------------------- Substitution (defense)


@pytest.mark.parametrize(
    "level,dice,prevented,back,gained",
    [
        (1, [1, 4, 6], 1, 1, {}),
        (2, [1, 4, 6, 6], 5, 1, {}),
        (3, [1, 4, 5, 6], 1, 4, {"smoke_bomb": 1}),
    ],
)
def test_substitution_each_level(level, dice, prevented, back, gained):
    t = barb_first(ninja={"upgrades": {"substitution": level}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="ninja", dice=dice)
    t.settle()
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "ninja")["prevented"] == prevented
    assert landed(t, "ninja") == [max(0, 4 - prevented)]
    assert landed(t, "barb") == [back]
    assert statuses(t, "ninja") == gained


# ---------------------------------------------------------------- Ninjutsu


@pytest.mark.parametrize(
    "die,added,undefendable,poison",
    [
        (1, 2, False, 0),
        (2, 2, False, 0),
        (3, 1, False, 1),
        (4, 1, False, 1),
        (5, 1, True, 0),
        (6, 1, True, 0),
    ],
)
def test_ninjutsu_before_the_defense(die, added, undefendable, poison):
    t = ninja_first(ninja={"statuses": {"ninjutsu": 1}})
    slash(t)
    t.do("spend", by="ninja", status="ninjutsu", dice=[die])
    if not undefendable:
        t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert bool(t.events("defense_chosen")) is not undefendable
    hit = resolved(t, "barb")
    assert hit["added"] == added
    assert hit["amount"] == 5 + added
    assert statuses(t, "barb") == ({"delayed_poison": 1} if poison else {})


def test_ninjutsu_after_the_defense_roll_can_no_longer_make_it_undefendable():
    t = ninja_first(ninja={"statuses": {"ninjutsu": 1}})
    slash(t)
    t.do("roll", by="barb", dice=[5, 5, 1])  # Thick Skin: heal 4, prevent 1
    t.do("spend", by="ninja", status="ninjutsu", dice=[6], window="before_damage")
    t.settle()
    assert not [e for e in t.engine.log if "undefendable" in e.text]
    hit = resolved(t, "barb")
    assert (hit["added"], hit["prevented"], hit["amount"]) == (2, 1, 6)


def test_ninjutsu_is_spent_only_from_activation_until_damage():
    t = ninja_first(ninja={"statuses": {"ninjutsu": 2}}, start_at="main1")
    assert not offered(t, "ninjutsu")  # Main Phase
    t.do("roll", by="ninja", dice=SLASH_DICE[0])
    assert t.pending.kind == "offensive_roll"
    assert not offered(t, "ninjutsu")  # rolling, nothing activated
    t.do("activate", by="ninja", ability="ninjato_slash", row=0)
    assert t.pending.window == "before_defense"
    assert offered(t, "ninjutsu")  # the Attack is under way
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.do("spend", by="ninja", status="ninjutsu", window="before_damage", dice=[1])
    t.settle()
    assert t.view.phase == "main2"
    assert not offered(t, "ninjutsu")  # the damage has landed
    assert statuses(t, "ninja") == {"ninjutsu": 1}
    assert landed(t, "barb") == [7]


def test_ninjutsu_make_room_rule():
    t = ninja_first(ninja={"statuses": {"ninjutsu": 3}, "hand": ["hidden_technique"]})
    slash(t)
    t.do("play", by="ninja", card="hidden_technique")
    assert "stack limit" in t.pending.prompt
    t.do("choose", by="ninja", option="spend", dice=[1])
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert statuses(t, "ninja") == {"ninjutsu": 3}
    assert resolved(t, "barb")["added"] == 2


def test_ninjutsu_at_its_limit_the_extra_is_lost_if_she_keeps_them():
    t = ninja_first(ninja={"statuses": {"ninjutsu": 3}, "hand": ["hidden_technique"]})
    slash(t)
    t.do("play", by="ninja", card="hidden_technique")
    t.do("choose", by="ninja", option="keep")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert statuses(t, "ninja") == {"ninjutsu": 3}
    assert landed(t, "barb") == [5]


# ---------------------------------------------------------------- Smoke Bomb


@pytest.mark.parametrize("die,avoided", [(1, True), (3, True), (4, False), (6, False)])
def test_smoke_bomb_avoids_on_one_to_three(die, avoided):
    t = barb_first(ninja={"statuses": {"smoke_bomb": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="ninja", status="smoke_bomb", dice=[die])
    t.do("roll", by="ninja", dice=[4, 6, 6])  # and she still defends: 1 Shuriken hits back
    t.settle()
    assert landed(t, "ninja") == [0 if avoided else 4]
    assert landed(t, "barb") == [1]
    assert statuses(t, "ninja") == {}


def test_smoke_bomb_covers_damage_added_later_but_not_other_effects():
    t = barb_first(ninja={"statuses": {"smoke_bomb": 1}}, barb={"hand": ["get_some"], "cp": 2})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="ninja", status="smoke_bomb", dice=[2])
    t.do("roll", by="ninja", dice=SUBSTITUTION_NOTHING)
    t.do("play", by="barb", card="get_some", window="before_damage")
    t.settle()
    hit = resolved(t, "ninja")
    assert (hit["added"], hit["avoided"], hit["amount"]) == (2, True, 0)
    assert statuses(t, "ninja") == {"concussion": 1}


def test_a_second_smoke_bomb_may_follow_a_miss():
    t = barb_first(ninja={"statuses": {"smoke_bomb": 1}, "upgrades": {"substitution": 3}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="ninja", status="smoke_bomb", dice=[5])  # a miss
    t.do("roll", by="ninja", dice=[6, 5, 5, 5])  # Substitution III: a new Smoke Bomb
    t.do("spend", by="ninja", status="smoke_bomb", dice=[1])
    t.settle()
    assert len(t.events("status_spent")) == 2
    assert landed(t, "ninja") == [0]
    assert landed(t, "barb") == [6]


def test_smoke_bomb_works_against_damage_from_any_source():
    t = ninja_first(ninja={"statuses": {"smoke_bomb": 1, "delayed_poison": 1}}, start_at="main2")
    t.do("end_phase", by="ninja")
    t.do("spend", by="ninja", status="smoke_bomb", dice=[3])
    t.settle()
    assert landed(t, "ninja") == [0]
    assert t.player("ninja").health == 50


def test_smoke_bomb_is_no_help_against_an_ultimate():
    t = barb_first(ninja={"statuses": {"smoke_bomb": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert settle_noting(t, "ninja") == []
    assert not t.events("status_spent")
    assert resolved(t, "ninja")["unavoidable"] == 15
    assert statuses(t, "ninja") == {"smoke_bomb": 1}


# ---------------------------------------------------------------- Delayed Poison


def test_two_delayed_poison_land_together_at_the_end_of_the_holders_turn():
    t = barb_first(barb={"statuses": {"delayed_poison": 2}}, start_at="main2")
    t.do("end_phase", by="barb")
    t.settle()
    assert landed(t, "barb") == [6]  # one landing of 3 + 3, not two of 3
    assert statuses(t, "barb") == {}
    assert t.view.active == t.seat("ninja")


def test_delayed_poison_waits_for_the_end_of_the_victims_own_turn():
    t = ninja_first()
    strike(t, [4, 5, 4, 1, 2], "shuriken_storm")
    assert statuses(t, "barb") == {"delayed_poison": 1}
    t.do("end_phase", by="ninja")  # the end of the Ninja's turn: nothing yet
    assert statuses(t, "barb") == {"delayed_poison": 1}
    assert t.player("barb").health == 46
    t.do("end_phase", by="barb")
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    t.settle()
    assert t.player("barb").health == 43
    assert statuses(t, "barb") == {}


def test_delayed_poison_stacks_to_two():
    t = ninja_first(barb={"statuses": {"delayed_poison": 1}})
    strike(t, [6, 6, 6, 6, 6], "silent_death", defense=None)
    assert statuses(t, "barb") == {"delayed_poison": 2}


# ---------------------------------------------------------------- her cards

UPGRADES = [
    ("ninjato_slash_2", "ninjato_slash", 2, 2),
    ("ninjato_slash_3", "ninjato_slash", 3, 4),
    ("shuriken_storm_2", "shuriken_storm", 2, 2),
    ("smoke_and_mirrors_2", "smoke_and_mirrors", 2, 3),
    ("walk_the_line_2", "walk_the_line", 2, 2),
    ("walk_the_line_3", "walk_the_line", 3, 4),
    ("thousand_cuts_2", "thousand_cuts", 2, 3),
    ("substitution_2", "substitution", 2, 3),
    ("substitution_3", "substitution", 3, 5),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(ninja_first, "ninja", card, slot, level, cost)


def test_venom_edge_adds_one_and_poisons():
    t = ninja_first(ninja={"hand": ["venom_edge"], "cp": 1})
    slash(t)
    t.do("play", by="ninja", card="venom_edge")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [6]
    assert statuses(t, "barb") == {"delayed_poison": 1}


def test_silent_strike_before_the_defense_makes_the_attack_undefendable():
    t = ninja_first(ninja={"hand": ["silent_strike"], "cp": 2})
    slash(t)
    t.do("play", by="ninja", card="silent_strike")
    t.settle()
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [7]


def test_silent_strike_after_the_defense_only_adds_damage():
    t = ninja_first(ninja={"hand": ["silent_strike"], "cp": 2})
    slash(t)
    t.do("roll", by="barb", dice=[5, 1, 6])  # heal 2, prevent 1
    t.do("play", by="ninja", card="silent_strike", window="before_damage")
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["added"], hit["prevented"], hit["amount"]) == (2, 1, 6)
    assert not [e for e in t.engine.log if "undefendable" in e.text]


@pytest.mark.parametrize(
    "card,cost,gained", [("smoke_screen", 2, "smoke_bomb"), ("hidden_technique", 1, "ninjutsu")]
)
def test_token_cards(card, cost, gained):
    t = ninja_first(ninja={"hand": [card], "cp": 2}, start_at="main1")
    t.do("play", by="ninja", card=card)
    assert statuses(t, "ninja") == {gained: 1}
    assert t.player("ninja").cp == 2 - cost


def test_caltrops_poisons_an_opponent():
    t = ninja_first(ninja={"hand": ["caltrops"]}, start_at="main1")
    t.do("play", by="ninja", card="caltrops")
    t.settle()
    assert statuses(t, "barb") == {"delayed_poison": 1}
    assert t.player("ninja").cp == 0


def test_patience_draws_and_gains_ninjutsu():
    t = ninja_first(ninja={"hand": ["patience"]}, start_at="main1")
    t.do("play", by="ninja", card="patience")
    assert len(t.player("ninja").hand) == 1
    assert statuses(t, "ninja") == {"ninjutsu": 1}
    assert t.player("ninja").cp == 1
