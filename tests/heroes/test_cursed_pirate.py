"""Story tests for the Cursed Pirate: every ability row and level on both sides of her board,
the board flip (Fortune's Price, Dead Men Tell No Tales!), the Cursed passive, her defense and
Ultimate, every card of her own, and her tokens (Cursed Doubloon, Powder Keg, Wither) with the
rulebook clarifications about them (docs/heroes/cursed_pirate.md). Worked example Q9 with the
real hero is tests/scenarios/worked_examples/q09_cursed_pirate_powder_keg_and_wither.toml.

Her usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
Her Parry rolling only Booty (4, 5) prevents nothing (each Booty heals her 1).
"""

from __future__ import annotations

import pytest

from game.content.loader import default_content
from game.scenario import ScenarioError
from tests.helpers import Table
from tests.heroes.common import (
    FIXTURES,
    THICK_SKIN_NOTHING,
    deck_check,
    duel,
    landed,
    openers,
    resolved,
    statuses,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
PARRY_NOTHING = [4, 5, 4]  # prevents nothing (heals 3)
SKULLS = [6, 6, 6, 6, 6]


pirate_first, barb_first = openers("pirate", "cursed_pirate")


def strike(t: Table, roll, ability, row=None, defense=THICK_SKIN_NOTHING) -> Table:
    t.do("roll", by="pirate", dice=roll)
    fields = {"ability": ability}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="pirate", **fields)
    if defense is not None and t.pending and t.pending.kind == "defensive_roll":
        t.do("roll", by="barb", dice=defense)
    t.settle()
    return t


def coins(t: Table, name: str) -> int:
    return t.player(name).statuses.get("cursed_doubloon", 0)


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("cursed_pirate")


def test_dice_tokens_setup_and_human_side_first():
    hero = default_content().heroes["cursed_pirate"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "cutlass",
        "cutlass",
        "cutlass",
        "booty",
        "booty",
        "skull",
    ]
    assert hero.statuses == ("cursed_doubloon", "powder_keg", "wither", "parlay")
    assert hero.complexity == 4 and hero.weapon == "Cutlass"
    t = pirate_first(start_at="main1")
    assert coins(t, "pirate") == 3  # Hero Setup
    assert t.player("pirate").flipped is False
    for slot in hero.slots:  # every slot has a cursed side with the same levels
        assert slot.flipped is not None and set(slot.flipped) == set(slot.levels)


# ---------------------------------------------------------------- Cutlass Slash, both sides

CUTLASS_DICE = {0: [1, 2, 3, 4, 5], 1: [1, 2, 3, 1, 5], 2: [1, 2, 3, 1, 2]}
CUTLASS_DAMAGE = {
    False: {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)},
    True: {1: (6, 8, 10), 2: (7, 9, 11), 3: (8, 10, 12)},
}


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_cutlass_slash_each_row_level_and_side(flipped, level, row):
    t = pirate_first(pirate={"upgrades": {"cutlass_slash": level}, "flipped": flipped})
    strike(t, CUTLASS_DICE[row], "cutlass_slash", row)
    assert landed(t, "barb") == [CUTLASS_DAMAGE[flipped][level][row]]


# ---------------------------------------------------------------- Pieces of Eight / Blood Money

BOOTY = [4, 5, 4, 1, 6]


@pytest.mark.parametrize(
    "flipped,level,damage,cp_gain,coins_on_barb,wither",
    [
        (False, 1, 5, 1, 1, 0),
        (False, 2, 6, 2, 1, 0),
        (False, 3, 7, 2, 2, 0),
        (True, 1, 5, 0, 1, 1),
        (True, 2, 6, 1, 1, 1),
        (True, 3, 7, 1, 2, 1),
    ],
)
def test_pieces_of_eight_and_blood_money(flipped, level, damage, cp_gain, coins_on_barb, wither):
    t = pirate_first(pirate={"upgrades": {"pieces_of_eight": level}, "flipped": flipped, "cp": 2})
    t.do("roll", by="pirate", dice=BOOTY)
    t.do("activate", by="pirate", ability="pieces_of_eight")
    if flipped:  # Blood Money: she may take a Doubloon back for herself
        t.do("choose", by="pirate", option="Take")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [damage]
    assert t.player("pirate").cp == 2 + cp_gain
    assert coins(t, "pirate") == (4 if flipped else 3)
    assert coins(t, "barb") == coins_on_barb
    assert t.player("barb").statuses.get("wither", 0) == wither


# ---------------------------------------------------------------- Powder Blast / Hellfire Keg


@pytest.mark.parametrize(
    "flipped,level,damage", [(False, 1, 6), (False, 2, 7), (True, 1, 7), (True, 2, 8)]
)
def test_powder_blast_inflicts_a_keg(flipped, level, damage):
    t = pirate_first(pirate={"upgrades": {"powder_blast": level}, "flipped": flipped})
    strike(t, [1, 2, 4, 5, 6], "powder_blast")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {"powder_keg": 1}


# ---------------------------------------------------------------- Shiver Me Timbers


@pytest.mark.parametrize("level,base,cp_gain", [(1, 3, 0), (2, 4, 1)])
def test_shiver_me_timbers_pays_2_per_doubloon_and_throws_them_all_away(level, base, cp_gain):
    t = pirate_first(pirate={"upgrades": {"shiver_me_timbers": level}, "cp": 2})
    assert coins(t, "pirate") == 3
    strike(t, [6, 6, 1, 4, 5], "shiver_me_timbers")
    assert landed(t, "barb") == [base + 2 * 3]
    assert coins(t, "pirate") == 0
    assert t.player("pirate").cp == 2 + cp_gain


def test_removing_the_last_doubloon_does_not_flip_the_board_that_turn_but_next_upkeep():
    t = pirate_first()
    strike(t, [6, 6, 1, 4, 5], "shiver_me_timbers")
    assert coins(t, "pirate") == 0
    t.do("end_phase", by="pirate")  # Main Phase 2 ends; discard; end of turn
    t.settle()
    assert t.view.active == t.seat("barb")
    assert t.player("pirate").flipped is False  # not at the end of the same turn
    # The Barbarian's turn, then the Pirate's Upkeep: Fortune's Price turns her board.
    t.do("roll", by="barb", dice=[2, 2, 3, 3, 5])  # nothing activatable for the Barbarian
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    t.settle()
    assert t.view.active == t.seat("pirate")
    assert t.player("pirate").flipped is True
    assert [e.kind for e in t.events("board_flipped")] == ["board_flipped"]


def test_the_board_never_flips_back_even_with_doubloons_again():
    t = pirate_first(pirate={"flipped": True}, start_at="main1")
    assert coins(t, "pirate") == 3
    assert t.player("pirate").flipped is True
    assert [a.name for a in _abilities(t, "pirate") if a.slot == "cursed"] == ["Cursed"]


def _abilities(t: Table, name: str):
    from game.rules import ops

    with t.engine.world.active():
        player = t.engine.player(t.seat(name))
        return ops.abilities(t.engine, player, ("offensive", "ultimate", "defensive", "passive"))


@pytest.mark.parametrize("take", [True, False])
def test_dead_mans_wages_doubloons_are_optional(take):
    t = pirate_first(pirate={"flipped": True})
    t.do("roll", by="pirate", dice=[6, 6, 1, 4, 5])
    t.do("activate", by="pirate", ability="shiver_me_timbers")
    t.do("choose", by="pirate", option="Take 2" if take else "Refuse")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [4]
    assert coins(t, "pirate") == (5 if take else 3)
    assert t.player("barb").statuses.get("wither") == 1


# ---------------------------------------------------------------- straights


@pytest.mark.parametrize(
    "flipped,level,damage,expected",
    [
        (False, 1, 7, {"wither": 1}),
        (False, 2, 8, {"wither": 1}),
        (True, 1, 8, {"wither": 1}),
        (True, 2, 9, {"wither": 1}),
    ],
)
def test_broadside_small_straight(flipped, level, damage, expected):
    t = pirate_first(pirate={"upgrades": {"broadside": level}, "flipped": flipped})
    strike(t, [1, 2, 3, 4, 4], "broadside")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == expected


@pytest.mark.parametrize(
    "flipped,level,damage,expected",
    [
        (False, 1, 9, {"powder_keg": 1}),
        (False, 2, 10, {"powder_keg": 1, "cursed_doubloon": 1}),
        (True, 1, 10, {"powder_keg": 1, "wither": 1}),
        (True, 2, 11, {"powder_keg": 1, "wither": 1, "cursed_doubloon": 1}),
    ],
)
def test_sink_em_all_large_straight(flipped, level, damage, expected):
    t = pirate_first(pirate={"upgrades": {"sink_em_all": level}, "flipped": flipped})
    strike(t, [1, 2, 3, 4, 5], "sink_em_all")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == expected


# ---------------------------------------------------------------- Ultimate


@pytest.mark.parametrize(
    "flipped,damage,expected",
    [
        (False, 13, {"powder_keg": 1, "wither": 2}),
        (True, 15, {"powder_keg": 1, "wither": 2, "cursed_doubloon": 1}),
    ],
)
def test_ultimate_on_each_side(flipped, damage, expected):
    t = pirate_first(pirate={"flipped": flipped})
    t.do("roll", by="pirate", dice=SKULLS)
    t.do("activate", by="pirate", ability="davy_jones_locker")
    t.settle()
    assert landed(t, "barb") == [damage]
    assert resolved(t, "barb")["unavoidable"] == damage
    assert statuses(t, "barb") == expected


# ---------------------------------------------------------------- Parry


@pytest.mark.parametrize(
    "flipped,level,dice,prevented,back",
    [
        (False, 1, [1, 6, 4], 2, 2),
        (False, 2, [1, 6, 4, 1], 3, 2),
        (False, 3, [1, 6, 4, 6], 3, 6),
        (True, 1, [1, 6, 4], 3, 2),
        (True, 2, [1, 6, 4, 1], 4, 2),
    ],
)
def test_parry_each_level_and_side(flipped, level, dice, prevented, back):
    t = barb_first(pirate={"upgrades": {"parry": level}, "flipped": flipped})
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])  # Crushing Blow: 8 dmg (+ Concussion)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="pirate", dice=dice)
    t.settle()
    assert resolved(t, "pirate")["prevented"] == prevented
    assert landed(t, "barb") == [back]
    booty = sum(1 for v in dice if v in (4, 5))  # each Booty heals 1, with the hit
    assert t.player("pirate").health == 50 - (8 - prevented) + booty


def test_a_parry_without_a_skull_logs_no_prevention_of_0():
    """Parry prevents per Cutlass and per Skull: with no Skull rolled, the log says only what
    the Cutlasses prevent (a second line, "prevents no damage", read as if the first were
    undone); the event of the Skulls' 0 is still there for the board, with no text."""
    t = barb_first()
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])  # Crushing Blow: 8 dmg (+ Concussion)
    t.do("activate", by="barb", ability="crushing_blow")
    events = t.do("roll", by="pirate", dice=[1, 1, 4])  # two Cutlasses, a Booty, no Skull
    t.settle()
    prevented = t.events("damage_prevented")
    assert [e.data["amount"] for e in prevented] == [2, 0]
    assert [e.text for e in prevented] == ["Parry: pirate will prevent 2 incoming damage.", ""]
    assert resolved(t, "pirate")["prevented"] == 2 and events


@pytest.mark.parametrize("take", [True, False])
def test_spectral_parry_iii_may_take_a_doubloon_on_booty(take):
    t = barb_first(pirate={"upgrades": {"parry": 3}, "flipped": True})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=[4, 4, 4, 4])
    t.do("choose", by="pirate", option="Take" if take else "Refuse")
    t.settle()
    assert coins(t, "pirate") == (4 if take else 3)


# ---------------------------------------------------------------- passives


def test_fortunes_price_does_nothing_while_she_holds_a_doubloon():
    t = pirate_first(start_at="upkeep")
    assert t.view.phase == "main1"
    assert t.player("pirate").flipped is False


def test_cursed_passive_hurts_her_in_upkeep_only_without_doubloons():
    t = pirate_first(pirate={"flipped": True}, start_at="upkeep")
    assert landed(t, "pirate") == []  # 3 Doubloons from her setup: no curse damage
    assert t.player("pirate").health == 50


def test_cursed_passive_1_damage_when_her_pockets_are_empty():
    t = duel(
        "barb",
        start_at="main2",
        barb={"hero": "barbarian"},
        pirate={"hero": "cursed_pirate", "flipped": True},
    )
    with t.engine.world.active():
        from game.rules import ops

        ops.remove_status(t.engine, t.engine.player(t.seat("pirate")), "cursed_doubloon", 0)
    t.do("end_phase", by="barb")
    t.settle()
    assert t.view.active == t.seat("pirate")
    assert landed(t, "pirate") == [1]


# ---------------------------------------------------------------- Cursed Doubloon


def test_doubloons_hurt_anyone_but_the_pirate_1_each_in_their_upkeep():
    t = barb_first(barb={"statuses": {"cursed_doubloon": 2}}, start_at="upkeep")
    assert landed(t, "barb") == [2]
    assert coins(t, "barb") == 2  # persistent


def test_doubloon_stack_limit_is_5_on_the_pirate_and_3_on_others():
    t = pirate_first(
        pirate={"statuses": {"cursed_doubloon": 4}}, barb={"statuses": {"cursed_doubloon": 3}}
    )
    assert coins(t, "pirate") == 5  # 4 arranged + 3 from setup, capped at 5
    assert coins(t, "barb") == 3
    assert t.player("pirate").limits["cursed_doubloon"] == 5
    assert t.player("barb").limits["cursed_doubloon"] == 3
    with pytest.raises(ScenarioError, match="the stack limit is 3"):  # 4 cannot be set up on him
        pirate_first(barb={"statuses": {"cursed_doubloon": 4}})


def test_opponents_cannot_remove_or_move_doubloons_with_cards():
    t = barb_first(
        barb={"statuses": {"cursed_doubloon": 1}, "hand": ["buh_bye", "transference"], "cp": 5},
        start_at="main1",
    )
    offered = [
        t.engine.content.cards[t.engine.card_id(a.get("card"))].id for a in t.options("play")
    ]
    # Buh Bye and Transference have nothing they may touch: no removable/movable token.
    assert "buh_bye" not in offered and "transference" not in offered


# ---------------------------------------------------------------- Powder Keg


def _barb_upkeep_with_keg(roll: int) -> Table:
    """The Pirate's turn ends; the Barbarian's Upkeep rolls `roll` for his Powder Keg."""
    t = pirate_first(barb={"statuses": {"powder_keg": 1}}, start_at="main2")
    t.do("end_phase", by="pirate", dice=[roll])
    return t


@pytest.mark.parametrize("roll,exploded", [(1, True), (2, True), (3, False), (5, False)])
def test_powder_keg_upkeep_roll(roll, exploded):
    t = _barb_upkeep_with_keg(roll)
    t.settle()
    assert t.view.active == t.seat("barb")
    if exploded:
        assert landed(t, "barb") == [3]
        assert statuses(t, "barb") == {}
    else:
        assert landed(t, "barb") == []
        assert statuses(t, "barb") == {"powder_keg": 1}


@pytest.mark.parametrize("pass_it", [True, False])
def test_powder_keg_on_a_6_may_be_passed_to_anyone(pass_it):
    t = _barb_upkeep_with_keg(6)
    t.do("choose", by="barb", option="Pass" if pass_it else "Keep")
    t.settle()
    assert landed(t, "barb") == []
    if pass_it:
        assert statuses(t, "barb") == {}
        assert t.player("pirate").statuses.get("powder_keg") == 1
    else:
        assert statuses(t, "barb") == {"powder_keg": 1}


def test_a_second_keg_blows_up_the_first_at_once_before_the_attack_damage():
    t = pirate_first(barb={"statuses": {"powder_keg": 1}})
    strike(t, [1, 2, 4, 5, 6], "powder_blast")
    hits = landed(t, "barb")
    assert hits == [3, 6]  # the old Keg on its own first (isolated), then the Attack
    assert statuses(t, "barb") == {"powder_keg": 1}  # the new Keg stays
    explosion = next(e for e in t.events("damage_resolved") if e.data["amount"] == 3)
    attack = next(e for e in t.events("damage_resolved") if e.data["amount"] == 6)
    assert explosion.data["pool"] != attack.data["pool"]


# ---------------------------------------------------------------- Wither


@pytest.mark.parametrize("count,expected", [(1, 3), (2, 2)])
def test_wither_lowers_the_holders_attack_1_per_token(count, expected):
    t = barb_first(barb={"statuses": {"wither": count}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=PARRY_NOTHING)
    t.settle()
    assert landed(t, "pirate") == [4 - count]
    assert resolved(t, "pirate")["reduced"] == count
    assert statuses(t, "barb") == {"wither": count}  # persistent: stays after the Attack


def test_wither_does_not_reduce_an_ultimate():
    t = barb_first(barb={"statuses": {"wither": 2}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert resolved(t, "pirate")["reduced"] == 0


def test_wither_stack_limit_is_2():
    t = pirate_first(barb={"statuses": {"wither": 2}})
    strike(t, [1, 2, 3, 4, 4], "broadside")
    assert statuses(t, "barb") == {"wither": 2}


# ---------------------------------------------------------------- her cards


def test_dead_men_tell_no_tales_flips_the_board_at_once():
    t = pirate_first(pirate={"hand": ["dead_men_tell_no_tales"], "cp": 3}, start_at="main1")
    t.do("play", by="pirate", card="dead_men_tell_no_tales")
    assert t.player("pirate").flipped is True
    assert t.player("pirate").cp == 2


def test_walk_the_plank_adds_2_and_withers():
    t = pirate_first(pirate={"hand": ["walk_the_plank"], "cp": 3})
    t.do("roll", by="pirate", dice=CUTLASS_DICE[0])
    t.do("activate", by="pirate", ability="cutlass_slash", row=0)
    t.do("play", by="pirate", card="walk_the_plank")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [7]
    assert statuses(t, "barb") == {"wither": 1}


def test_light_the_fuse_and_tainted_tribute():
    t = pirate_first(
        pirate={"hand": ["light_the_fuse", "tainted_tribute"], "cp": 5}, start_at="main1"
    )
    t.do("play", by="pirate", card="light_the_fuse")
    t.do("play", by="pirate", card="tainted_tribute")
    assert statuses(t, "barb") == {"powder_keg": 1, "cursed_doubloon": 1}
    assert t.player("pirate").cp == 2


def test_yo_ho_ho_rerolls_two_of_her_own_dice():
    t = pirate_first(pirate={"hand": ["yo_ho_ho"], "cp": 2})
    t.do("roll", by="pirate", dice=[1, 2, 4, 4, 5])
    t.do("play", by="pirate", card="yo_ho_ho")
    t.do("choose", by="pirate", option="dice 4, 5", dice=[6, 6])
    group = next(d for d in t.view.dice if d.purpose == "offense")
    assert group.values == [1, 2, 4, 6, 6]


# ---------------------------------------------------------------- Cursed: collateral-only abilities


def _tester_splashes(flipped: bool, tester_statuses=None) -> Table:
    t = Table(
        first="tester",
        start_at="offensive_roll",
        content=FIXTURES,
        tester={"hero": "tester", "hand": [], "statuses": tester_statuses or {}},
        pirate={"hero": "cursed_pirate", "hand": [], "flipped": flipped},
    )
    t.do("roll", by="tester", dice=[4, 5, 1, 2, 3])  # two Splash
    t.do("activate", by="tester", ability="splash")
    t.settle()
    return t


@pytest.mark.parametrize("flipped,keg", [(True, 1), (False, 0)])
def test_cursed_side_gives_a_keg_to_an_opponent_whose_ability_only_deals_collateral(flipped, keg):
    t = _tester_splashes(flipped)
    assert landed(t, "pirate") == [2]
    assert t.player("tester").statuses.get("powder_keg", 0) == keg


def test_no_keg_when_the_ability_is_an_attack():
    t = pirate_first(pirate={"flipped": True}, start_at="main2")
    t.do("end_phase", by="pirate")  # the Barbarian's turn: an Attack, not collateral
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=PARRY_NOTHING)
    t.settle()
    assert "powder_keg" not in statuses(t, "barb")


# ---------------------------------------------------------------- Parlay (000 L3286, 002)


def test_parlay_the_holders_offensive_roll_deals_no_damage_but_everything_else_happens():
    # Parlay: that Offensive Roll Phase deals no damage; other effects still happen and the
    # token is removed when the Roll Phase ends.
    t = barb_first(barb={"statuses": {"parlay": 1}}, pirate={"health": 40})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=PARRY_NOTHING)  # an Attack is still an Attack: she defends
    t.settle()
    assert t.events("attack_declared")
    assert landed(t, "pirate") == [0]
    assert t.player("pirate").health == 43  # her Parry's healing (3 Booty) still happens
    assert "parlay" not in statuses(t, "barb")


def test_an_attack_that_deals_0_because_of_parlay_gives_no_keg_from_cursed():
    # 000: an Attack that deals 0 due to Parlay still counts as an Attack, so no Powder Keg.
    t = barb_first(barb={"statuses": {"parlay": 1}}, pirate={"flipped": True})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="pirate", dice=PARRY_NOTHING)
    t.settle()
    assert landed(t, "pirate") == [0]
    assert statuses(t, "barb") == {}


def test_parlay_does_not_stop_an_ultimate():
    t = barb_first(barb={"statuses": {"parlay": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    t.settle()
    assert landed(t, "pirate")[0] > 0
    assert "parlay" not in statuses(t, "barb")


def test_parlay_card_inflicts_parlay_for_2_cp():
    t = pirate_first(pirate={"hand": ["parlay_card"], "cp": 3}, start_at="main1")
    t.do("play", by="pirate", card="parlay_card")
    t.settle()
    assert statuses(t, "barb") == {"parlay": 1}
    assert t.player("pirate").cp == 1


# ---------------------------------------------------------------- Pirate mirror: distinct Doubloons


def pirates(a=None, b=None, first="a", start_at="main1") -> Table:
    return duel(
        first,
        start_at=start_at,
        a={"hero": "cursed_pirate", **(a or {})},
        b={"hero": "cursed_pirate", **(b or {})},
    )


def test_in_a_mirror_one_pirates_doubloon_on_the_other_is_a_rival_doubloon():
    # 000/002: in a Pirate mirror match each Pirate's Cursed Doubloons are distinct.
    t = pirates(a={"hand": ["tainted_tribute"], "cp": 2})
    t.do("play", by="a", card="tainted_tribute")
    t.settle()
    assert statuses(t, "b") == {"cursed_doubloon": 3, "rival_doubloon": 1}
    assert coins(t, "a") == 3


def test_rival_doubloons_hurt_the_other_pirate_in_her_upkeep_her_own_do_not():
    t = pirates(b={"statuses": {"rival_doubloon": 2}}, first="b", start_at="upkeep")
    assert landed(t, "b") == [2]
    assert statuses(t, "b") == {"cursed_doubloon": 3, "rival_doubloon": 2}  # persistent


def test_rival_doubloons_have_their_own_limit_of_3_beside_her_own_5():
    t = pirates(a={"hand": ["tainted_tribute"], "cp": 4}, b={"statuses": {"cursed_doubloon": 2}})
    assert coins(t, "b") == 5
    t.do("play", by="a", card="tainted_tribute")
    t.settle()
    with t.engine.world.active():
        from game.rules import ops

        ops.give_status(
            t.engine,
            t.engine.player(t.seat("b")),
            "cursed_doubloon",
            5,
            t.engine.player(t.seat("a")),
        )
    assert statuses(t, "b") == {"cursed_doubloon": 5, "rival_doubloon": 3}


def test_shiver_me_timbers_counts_and_throws_away_only_her_own_doubloons():
    t = pirates(a={"statuses": {"rival_doubloon": 2}}, start_at="offensive_roll")
    t.do("roll", by="a", dice=[6, 6, 1, 4, 5])
    t.do("activate", by="a", ability="shiver_me_timbers")
    t.do("roll", by="b", dice=PARRY_NOTHING)
    t.settle()
    assert resolved(t, "b")["incoming"] == 3 + 2 * 3
    assert statuses(t, "a") == {"rival_doubloon": 2}
