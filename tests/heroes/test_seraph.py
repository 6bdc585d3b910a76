"""Story tests for the Seraph: every ability row and level, Heavenly Host, Wings of Light, her
Ultimate, every card of her own, her tokens (Flight, Blinding Light, Holy Presence, Blessing of
Divinity) and the rulebook clarifications about them (docs/heroes/seraph.md).

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
Wings of Light rolling only 1s... prevents 1 each, so her "nothing" defense is not used: tests
that need an untouched hit use her Attacks on the Barbarian.
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
    duel,
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


seraph_first, barb_first = openers("seraph", "seraph")
strike = partial(strike_as, "seraph")


def test_deck_and_cards():
    deck_check("seraph")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["seraph"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "blade",
        "blade",
        "blade",
        "wing",
        "wing",
        "halo",
    ]
    assert hero.statuses == ("flight", "blinding_light", "holy_presence", "blessing_of_divinity")
    assert hero.complexity == 3
    t = seraph_first(start_at="main1")
    assert t.player("seraph").levels == {
        "angelic_blades": 1,
        "take_wing": 1,
        "dazzle": 1,
        "purify": 1,
        "sanctify": 1,
        "heavenly_host": 1,
        "wings_of_light": 1,
        "wrath_of_heaven": 1,
    }


# ---------------------------------------------------------------- Angelic Blades

BLADE_DICE = {0: [1, 2, 3, 4, 4], 1: [1, 2, 3, 1, 4], 2: [1, 2, 3, 1, 2]}
BLADE_DAMAGE = {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_angelic_blades_each_row_and_level(level, row):
    t = seraph_first(seraph={"upgrades": {"angelic_blades": level}})
    strike(t, BLADE_DICE[row], "angelic_blades", row)
    assert landed(t, "barb") == [BLADE_DAMAGE[level][row]]
    assert statuses(t, "seraph") == ({"flight": 1} if row == 2 else {})


# ---------------------------------------------------------------- Take Wing and Flight


@pytest.mark.parametrize(
    "level,dice,row,flight,damage",
    [(1, [4, 4, 5, 1, 2], 0, 2, 4), (2, [4, 4, 5, 1, 2], 0, 2, 5), (2, [4, 4, 5, 5, 2], 1, 3, 7)],
)
def test_take_wing(level, dice, row, flight, damage):
    t = seraph_first(seraph={"upgrades": {"take_wing": level}})
    strike(t, dice, "take_wing", row)
    assert landed(t, "barb") == [damage]
    assert statuses(t, "seraph") == {"flight": flight}


def test_flight_gained_now_makes_this_attack_undefendable_on_a_six():
    t = seraph_first()
    t.do("roll", by="seraph", dice=[4, 4, 5, 1, 2])
    t.do("activate", by="seraph", ability="take_wing", row=0)
    t.do("spend", by="seraph", status="flight", dice=[2, 3])  # no 6: fails
    assert not t.events("note") or all("undefendable" not in e.text for e in t.events("note"))
    t.do("spend", by="seraph", status="flight", dice=[6, 1])  # the achievement: 2 spent
    t.settle()
    assert not t.events("defense_chosen")
    assert resolved(t, "barb")["incoming"] == 4
    assert statuses(t, "seraph") == {}


def test_flight_on_defense_avoids_all_the_damage_and_she_still_defends():
    t = barb_first(seraph={"statuses": {"flight": 1}, "health": 6})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("spend", by="seraph", status="flight", dice=[5, 6])
    t.do("roll", by="seraph", dice=[1, 1, 1])
    t.settle()
    assert t.events("defense_chosen")
    assert t.player("seraph").health == 6  # survived an Attack that would have killed her
    assert not t.player("seraph").defeated


def test_flight_never_avoids_an_ultimate():
    t = barb_first(seraph={"statuses": {"flight": 2}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert not any(o.action.kind == "spend" for o in t.pending.options)
    t.settle()
    assert statuses(t, "seraph").get("flight") == 2
    assert t.player("seraph").health == 35


def test_flight_gained_from_a_halo_on_defense_may_be_spent_at_once():
    t = barb_first()
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="seraph", dice=[6, 1, 1])
    t.do("spend", by="seraph", status="flight", dice=[6, 6])
    t.settle()
    assert t.player("seraph").health == 50


# ---------------------------------------------------------------- Dazzle and Blinding Light


@pytest.mark.parametrize("level,damage,gained", [(1, 5, {}), (2, 6, {"flight": 1})])
def test_dazzle(level, damage, gained):
    t = seraph_first(seraph={"upgrades": {"dazzle": level}})
    strike(t, [1, 2, 4, 5, 6], "dazzle")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"blinding_light": 1}
    assert statuses(t, "seraph") == gained


def test_blinding_light_on_a_one_the_ability_fails():
    t = barb_first(barb={"statuses": {"blinding_light": 1}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow", dice=[1])
    t.settle()
    assert not t.events("attack_declared")
    assert t.player("seraph").health == 50
    assert statuses(t, "barb") == {}
    assert statuses(t, "seraph") == {}


@pytest.mark.parametrize("value", [2, 3])
def test_blinding_light_on_two_or_three_all_damage_is_halved(value):
    t = barb_first(barb={"statuses": {"blinding_light": 1}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow", dice=[value])
    t.do("roll", by="seraph", dice=[1, 4, 1])  # 2 + 1 + 1 prevented: subtotal 4
    t.settle()
    hit = resolved(t, "seraph")
    assert (hit["subtotal"], hit["halved"], hit["amount"]) == (4, [2], 2)
    assert statuses(t, "barb") == {"concussion": 0} or statuses(t, "barb") == {}


@pytest.mark.parametrize("value", [4, 5, 6])
def test_blinding_light_otherwise_nothing(value):
    t = barb_first(barb={"statuses": {"blinding_light": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0, dice=[value])
    t.do("roll", by="seraph", dice=[1, 1, 1])
    t.settle()
    assert landed(t, "seraph") == [1]
    assert statuses(t, "barb") == {}


def test_blinding_light_goes_when_nothing_is_activated():
    t = barb_first(barb={"statuses": {"blinding_light": 1}})
    t.do("roll", by="barb", dice=[1, 1, 4, 4, 5])
    t.do("no_ability", by="barb")
    t.settle()
    assert statuses(t, "barb") == {}
    assert len(t.events("dice_rolled")) == 1  # no Blinding Light roll


def test_blinding_light_cannot_stop_an_ultimate():
    t = barb_first(barb={"statuses": {"blinding_light": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert statuses(t, "barb") == {}
    assert t.player("seraph").health == 35


# ---------------------------------------------------------------- Purify


@pytest.mark.parametrize("level,damage", [(1, 5), (2, 6)])
def test_purify_strips_the_opponents_positives_and_her_negatives(level, damage):
    t = seraph_first(
        seraph={"upgrades": {"purify": level}, "statuses": {"poison": 2, "shame": 1}},
        barb={"statuses": {"protect": 1, "retribution": 1}},
        other="paladin",
    )
    t.do("roll", by="seraph", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="seraph", ability="purify")
    t.do("roll", by="barb", dice=[1, 2, 1])  # Divine Defense: three Swords, nothing
    t.settle()
    assert statuses(t, "barb") == {}
    assert statuses(t, "seraph") == ({"flight": 1} if level == 2 else {})
    assert landed(t, "barb") == [damage]


def test_purify_the_opponent_may_spend_a_token_in_response():
    t = seraph_first(barb={"statuses": {"protect": 1}}, other="paladin")
    t.do("roll", by="seraph", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="seraph", ability="purify")
    assert t.pending.window == "then"
    t.do("spend", by="barb", status="protect", window="then")
    t.do("roll", by="barb", dice=[1, 2, 1])  # Divine Defense: three Swords, nothing
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["subtotal"], hit["halved"], hit["amount"]) == (5, [3], 2)


# ---------------------------------------------------------------- Sanctify and Holy Presence


@pytest.mark.parametrize("level,damage,presence", [(1, 8, 1), (2, 9, 2)])
def test_sanctify_large_straight(level, damage, presence):
    t = seraph_first(seraph={"upgrades": {"sanctify": level}})
    strike(t, [2, 3, 4, 5, 6], "sanctify")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "seraph") == {"holy_presence": presence}


def test_sanctify_needs_a_large_straight():
    t = seraph_first()
    t.do("roll", by="seraph", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "sanctify") == []


def test_holy_presence_hurts_every_opponent_in_her_upkeep():
    t = Table(
        first="seraph",
        start_at="upkeep",
        seraph={"hero": "seraph", "hand": [], "statuses": {"holy_presence": 2}},
        barb={"hero": "barbarian", "hand": []},
        elf={"hero": "moon_elf", "hand": []},
    )
    t.settle()
    assert landed(t, "barb") == [2]
    assert landed(t, "elf") == [2]
    assert statuses(t, "seraph") == {"holy_presence": 2}


def test_holy_presence_cannot_be_moved():
    t = seraph_first(
        seraph={"statuses": {"holy_presence": 1}},
        barb={"hand": ["transference"], "cp": 3},
        start_at="main1",
    )
    t2 = barb_first(
        seraph={"statuses": {"holy_presence": 1}},
        barb={"hand": ["transference"], "cp": 3},
        start_at="main1",
    )
    assert t.player("seraph").statuses["holy_presence"] == 1
    assert not t2.options("play")  # nothing in play can be moved


# ---------------------------------------------------------------- Wrath of Heaven


def test_wrath_of_heaven():
    t = seraph_first()
    strike(t, [6, 6, 6, 6, 6], "wrath_of_heaven", defense=None)
    assert t.events("ability_activated")[0].data["ultimate"] is True
    assert statuses(t, "seraph") == {"blessing_of_divinity": 1, "holy_presence": 1}
    assert statuses(t, "barb") == {"blinding_light": 1}
    assert resolved(t, "barb")["unavoidable"] == 12


# ---------------------------------------------------------------- Wings of Light


@pytest.mark.parametrize("level,dice,prevented", [(1, [4, 1, 2], 4), (2, [4, 5, 1, 3], 6)])
def test_wings_of_light_each_level(level, dice, prevented):
    t = barb_first(seraph={"upgrades": {"wings_of_light": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="seraph", dice=dice)
    t.settle()
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "seraph")["prevented"] == prevented
    assert statuses(t, "seraph") == {"concussion": 1}


# ---------------------------------------------------------------- Heavenly Host


def later_turn(seraph) -> Table:
    """The Seraph's Upkeep on a turn after her first (the Start Player skips her first Income)."""
    return Table(
        first="seraph",
        start_at="upkeep",
        first_turn=False,
        seraph={"hero": "seraph", "hand": [], **seraph},
        barb={"hero": "barbarian", "hand": []},
    )


def test_heavenly_host_gives_flight_only_when_she_has_none():
    t = later_turn({})
    assert t.pending.kind == "main_phase"
    assert statuses(t, "seraph") == {"flight": 1}
    t2 = later_turn({"statuses": {"flight": 2}})
    assert statuses(t2, "seraph") == {"flight": 2}


def test_heavenly_host_ii():
    t = later_turn(
        {
            "upgrades": {"heavenly_host": 2},
            "statuses": {"flight": 1, "holy_presence": 1},
            "health": 40,
        }
    )
    assert statuses(t, "seraph") == {"flight": 2, "holy_presence": 1}
    assert t.player("seraph").health == 42


# ---------------------------------------------------------------- her cards

UPGRADES = [
    ("angelic_blades_2", "angelic_blades", 2, 2),
    ("angelic_blades_3", "angelic_blades", 3, 4),
    ("take_wing_2", "take_wing", 2, 2),
    ("dazzle_2", "dazzle", 2, 2),
    ("purify_2", "purify", 2, 3),
    ("sanctify_2", "sanctify", 2, 3),
    ("heavenly_host_2", "heavenly_host", 2, 3),
    ("wings_of_light_2", "wings_of_light", 2, 3),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(seraph_first, "seraph", card, slot, level, cost)


@pytest.mark.parametrize(
    "card,cost,gained",
    [
        ("feather_fall", 1, "flight"),
        ("halo_of_grace", 3, "holy_presence"),
        ("divine_intervention", 4, "blessing_of_divinity"),
    ],
)
def test_token_cards(card, cost, gained):
    t = seraph_first(seraph={"hand": [card], "cp": 4}, start_at="main1")
    t.do("play", by="seraph", card=card)
    assert statuses(t, "seraph") == {gained: 1}
    assert cp(t, "seraph") == 4 - cost


def test_searing_glare():
    t = seraph_first(seraph={"hand": ["searing_glare"], "cp": 2}, start_at="main1")
    t.do("play", by="seraph", card="searing_glare")
    t.settle()
    assert statuses(t, "barb") == {"blinding_light": 1}


def test_smite_adds_two():
    t = seraph_first(seraph={"hand": ["smite"], "cp": 1})
    t.do("roll", by="seraph", dice=BLADE_DICE[0])
    t.do("activate", by="seraph", ability="angelic_blades", row=0)
    t.do("play", by="seraph", card="smite")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [7]


def test_mercy_heals_three():
    t = seraph_first(seraph={"hand": ["mercy"], "cp": 1, "health": 40}, start_at="main1")
    t.do("play", by="seraph", card="mercy")
    t.settle()
    assert t.player("seraph").health == 43


def test_holy_presence_in_2v2_both_hits_land_on_the_shared_dial():
    t = Table(
        first="seraph",
        start_at="upkeep",
        shared_dial=True,
        seraph={"hero": "seraph", "hand": [], "team": 0, "statuses": {"holy_presence": 2}},
        barb1={"hero": "barbarian", "hand": [], "team": 1},
        gun={"hero": "gunslinger", "hand": [], "team": 0},
        barb2={"hero": "barbarian", "hand": [], "team": 1},
    )
    assert landed(t, "barb1") == [2]
    assert landed(t, "barb2") == [2]
    assert t.player("barb1").health == t.player("barb2").health == 50 - 4
    assert t.player("seraph").health == 50


# ---------------------------------------------------------------- Flight for a teammate


def team_table(flight: int = 1) -> Table:
    """2v2: the Seraph and a Barbarian against two Barbarians; B1 Attacks."""
    return Table(
        mode="2v2",
        first="b1",
        start_at="offensive_roll",
        a1={"hero": "seraph", "hand": [], "statuses": {"flight": flight}},
        a2={"hero": "barbarian", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "barbarian", "hand": []},
    )


@pytest.mark.parametrize("flight_dice,damage", [([6, 2], 0), ([1, 5], 8)])
def test_flight_spent_by_the_seraph_protects_a_teammate_who_is_attacked(flight_dice, damage):
    # 002 achievement: a teammate prevents damage with Flight (team formats).
    t = team_table()
    t.do("roll", by="b1", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="b1", ability="crushing_blow", dice=[3])  # targeting roll 3: A2
    assert [e.data["defender"] for e in t.events("attack_declared")] == [t.seat("a2")]
    t.do("spend", by="a1", status="flight", dice=flight_dice)
    t.do("roll", by="a2", dice=THICK_SKIN_NOTHING)  # avoiding does not stop a defense
    t.settle()
    assert landed(t, "a2") == [damage]
    assert landed(t, "a1") == []
    assert statuses(t, "a1") == {}


def test_flight_is_not_offered_for_a_teammate_against_an_ultimate():
    t = team_table()
    t.do("roll", by="b1", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="b1", ability="rampage", dice=[3])
    assert not [o for o in t.options() if o.kind == "spend" and o.player == t.seat("a1")]
    t.settle()
    assert landed(t, "a2") and landed(t, "a2")[0] > 0


# ---------------------------------------------------------------- Blinding Light: isolated damage


@pytest.mark.parametrize("value,explosion", [(2, 1), (3, 1), (5, 3)])
def test_blinding_light_halves_isolated_damage_of_that_roll_phase_too(value, explosion):
    # 000: on 2-3 all damage of that Roll Phase is halved, isolated sources included. Here a
    # second Powder Keg placed during it blows up the first at once, on its own: 3 dmg, half of
    # it (rounded up) prevented -> 1.
    t = duel(
        "pirate",
        pirate={"hero": "cursed_pirate", "statuses": {"blinding_light": 1}},
        seraph={"hero": "seraph", "statuses": {"powder_keg": 1}},
    )
    t.do("roll", by="pirate", dice=[1, 2, 4, 5, 6])  # Powder Blast: Powder Keg, 6 dmg
    t.do("activate", by="pirate", ability="powder_blast", dice=[value])
    t.settle()
    assert landed(t, "seraph")[0] == explosion
