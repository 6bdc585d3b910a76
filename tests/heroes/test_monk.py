"""Story tests for the Monk: every ability row and level, his passive, his defense, his
Ultimate, every card of his own, his tokens (Chi, Evasive, Cleanse) and the rulebook
clarifications about them (docs/heroes/monk.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
The Monk's own defense, Meditation, has no empty face: Fists hit back, Palms parry, Taiji and
Lotus give Chi.
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from game.rules.components import DamageInstance
from game.rules.engine import Engine, MatchSetup, SeatSetup
from game.rules.options import Situation, response_options, spend_reason
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    deck_check,
    landed,
    offered_rows,
    openers,
    resolved,
    settle_noting,
    statuses,
    strike_as,
    upgrade_played,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg


monk_first, barb_first = openers("monk", "monk")
strike = partial(strike_as, "monk")


def slap_the_monk(t: Table, meditation=(1, 1, 1)) -> Table:
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    if meditation is not None:
        t.do("roll", by="monk", dice=list(meditation))
    t.settle()
    return t


def chi_spends_offered(t: Table) -> bool:
    return any(a.kind == "spend" and a.get("status") == "chi" for a in t.options())


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("monk")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["monk"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "fist",
        "fist",
        "palm",
        "palm",
        "taiji",
        "lotus",
    ]
    assert hero.statuses == ("chi", "evasive", "cleanse")
    assert hero.complexity == 4
    t = monk_first(start_at="main1")
    assert t.player("monk").levels == {
        "fists_of_fury": 1,
        "open_palm": 1,
        "taiji_strike": 1,
        "serenity": 1,
        "tempest_rush": 1,
        "dragon_dance": 1,
        "inner_peace": 1,
        "meditation": 1,
        "transcendence": 1,
    }
    assert t.player("monk").limits["chi"] == 5


# ---------------------------------------------------------------- Fists of Fury

FIST_DICE = {0: [1, 2, 1, 3, 5], 1: [1, 2, 1, 2, 5], 2: [1, 1, 2, 2, 1]}
FIST_DAMAGE = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_fists_of_fury_each_row_and_level(level, row):
    t = monk_first(monk={"upgrades": {"fists_of_fury": level}})
    strike(t, FIST_DICE[row], "fists_of_fury", row)
    assert landed(t, "barb") == [FIST_DAMAGE[level][row]]
    assert statuses(t, "monk") == ({"chi": 1} if level == 3 else {})


def test_fists_of_fury_needs_three_fists():
    t = monk_first()
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 5])
    assert offered_rows(t, "fists_of_fury") == []


# ---------------------------------------------------------------- Open Palm, Taiji Strike


@pytest.mark.parametrize(
    "level,dice,row,chi,damage",
    [(1, [3, 4, 3, 1, 5], 0, 2, 4), (2, [3, 4, 3, 1, 5], 0, 2, 5), (2, [3, 4, 3, 4, 1], 1, 3, 7)],
)
def test_open_palm(level, dice, row, chi, damage):
    t = monk_first(monk={"upgrades": {"open_palm": level}})
    strike(t, dice, "open_palm", row)
    assert statuses(t, "monk") == {"chi": chi}
    assert landed(t, "barb") == [damage]


@pytest.mark.parametrize("level,chi,damage", [(1, 0, 6), (2, 1, 7)])
def test_taiji_strike_is_undefendable(level, chi, damage):
    t = monk_first(monk={"upgrades": {"taiji_strike": level}})
    strike(t, [3, 4, 5, 5, 1], "taiji_strike", defense=None)
    assert t.events("attack_declared")[0].data["dtype"] == "undefendable"
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [damage]
    assert statuses(t, "monk") == ({"chi": chi} if chi else {})


# ---------------------------------------------------------------- Serenity: no Attack


@pytest.mark.parametrize(
    "level,health,gained",
    [(1, 43, {"cleanse": 1, "chi": 2}), (2, 44, {"cleanse": 1, "chi": 2, "evasive": 1})],
)
def test_serenity_heals_and_gathers_tokens_without_attacking(level, health, gained):
    t = monk_first(monk={"upgrades": {"serenity": level}, "health": 40})
    strike(t, [5, 5, 6, 1, 2], "serenity", defense=None)
    assert t.player("monk").health == health
    assert statuses(t, "monk") == gained
    assert not t.events("attack_declared")
    assert t.view.phase == "main2"


# ---------------------------------------------------------------- Tempest Rush


@pytest.mark.parametrize("level,chi,base", [(1, 1, 5), (2, 1, 6), (3, 2, 7)])
def test_tempest_rush_deals_its_base_plus_a_die(level, chi, base):
    t = monk_first(monk={"upgrades": {"tempest_rush": level}})
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="monk", ability="tempest_rush", dice=[3])
    if level == 3:  # the 2 Chi just gained could turn the 3 into a 6
        t.do("choose", by="monk", option="keep the number")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [base + 3]
    assert statuses(t, "monk") == {"chi": chi}


def test_tempest_rush_two_chi_turn_a_one_into_a_six():
    # The achievement: spend 2 Chi to turn a 1 into a 6.
    t = monk_first(monk={"statuses": {"chi": 2}})
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="monk", ability="tempest_rush", dice=[1])
    assert t.pending.prompt == "Tempest Rush: choose one"
    t.do("choose", by="monk", option="spend 2 chi")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    changed = t.events("die_changed")
    assert [(e.data["old"], e.data["value"]) for e in changed] == [(1, 6)]
    assert landed(t, "barb") == [5 + 6]
    assert statuses(t, "monk") == {"chi": 1}  # 2 held + 1 gained - 2 spent


def test_tempest_rush_may_keep_the_number():
    t = monk_first(monk={"statuses": {"chi": 3}})
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="monk", ability="tempest_rush", dice=[2])
    t.do("choose", by="monk", option="keep the number")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5 + 2]
    assert statuses(t, "monk") == {"chi": 4}


@pytest.mark.parametrize("chi,die", [(1, 2), (5, 6)])
def test_tempest_rush_offers_no_chi_choice_on_a_six_or_without_two_chi(chi, die):
    # With 1 Chi held the gained one makes 2, so start below that: hold 0 and gain 1.
    held = 0 if chi == 1 else chi
    t = monk_first(monk={"statuses": {"chi": held}})
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 1])
    t.do("activate", by="monk", ability="tempest_rush", dice=[die])
    assert t.pending.kind != "choose"  # no question was asked
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5 + die]


# ---------------------------------------------------------------- Dragon Dance


@pytest.mark.parametrize(
    "level,gained,damage",
    [(1, {"evasive": 1, "chi": 2}, 9), (2, {"evasive": 1, "cleanse": 1, "chi": 2}, 11)],
)
def test_dragon_dance_large_straight(level, gained, damage):
    t = monk_first(monk={"upgrades": {"dragon_dance": level}})
    strike(t, [1, 2, 3, 4, 5], "dragon_dance")
    assert statuses(t, "monk") == gained
    assert landed(t, "barb") == [damage]


def test_dragon_dance_needs_a_large_straight():
    t = monk_first()
    t.do("roll", by="monk", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "dragon_dance") == []
    assert offered_rows(t, "tempest_rush") == [0]


# ---------------------------------------------------------------- Transcendence (Ultimate)


def test_transcendence_raises_the_chi_limit_for_the_rest_of_the_game():
    t = monk_first(monk={"statuses": {"chi": 5}})
    strike(t, [6, 6, 6, 6, 6], "transcendence", defense=None)
    assert t.events("ability_activated")[0].data["ultimate"] is True
    raised = t.events("stack_limit_raised")
    assert [(e.data["status"], e.data["limit"]) for e in raised] == [("chi", 6)]
    assert statuses(t, "monk") == {"chi": 6, "evasive": 1, "cleanse": 1}
    assert not t.events("defense_chosen")
    assert resolved(t, "barb")["unavoidable"] == 12
    assert t.player("barb").health == 38
    # A whole round later the limit is still 6.
    t.do("end_phase", by="monk")
    t.do("end_phase", by="barb")
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    t.settle()
    assert t.view.active == t.seat("monk")
    assert t.player("monk").limits["chi"] == 6
    assert statuses(t, "monk")["chi"] == 6


def test_transcendence_limit_never_goes_past_eight():
    t = monk_first(monk={"limits": {"chi": 3}})
    strike(t, [6, 6, 6, 6, 6], "transcendence", defense=None)
    assert t.player("monk").limits["chi"] == 8
    assert not t.events("stack_limit_raised")


# ---------------------------------------------------------------- Inner Peace (passive)


@pytest.mark.parametrize("held,after", [(0, 1), (1, 2), (2, 2), (4, 4)])
def test_inner_peace_gives_chi_in_upkeep_only_below_two(held, after):
    t = monk_first(monk={"statuses": {"chi": held}}, start_at="upkeep")
    assert t.view.phase == "main1"
    assert statuses(t, "monk").get("chi", 0) == after


# ---------------------------------------------------------------- Meditation (defense)


@pytest.mark.parametrize(
    "level,dice,chi,prevented,back",
    [
        (1, [1, 3, 5], 1, 1, 1),
        (1, [6, 3, 2], 1, 1, 1),  # level I: a Lotus gives Chi but prevents nothing
        (2, [1, 3, 6, 5], 2, 2, 1),  # the Lotus prevents too
        (3, [1, 2, 3, 6], 1, 2, 4),
    ],
)
def test_meditation_each_level(level, dice, chi, prevented, back):
    t = barb_first(monk={"upgrades": {"meditation": level}})
    slap_the_monk(t, meditation=dice)
    assert t.events("defense_chosen")[0].data["ability"] == "meditation"
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert statuses(t, "monk") == {"chi": chi}
    assert resolved(t, "monk")["prevented"] == prevented
    assert landed(t, "monk") == [4 - prevented]
    assert landed(t, "barb") == [back]


# ---------------------------------------------------------------- Chi


def test_chi_prevents_one_damage_per_token():
    t = barb_first(monk={"statuses": {"chi": 3}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="monk", status="chi")
    t.do("spend", by="monk", status="chi")
    t.do("roll", by="monk", dice=[1, 1, 1])
    t.settle()
    assert [e.data["amount"] for e in t.events("damage_prevented")][:2] == [1, 1]
    assert landed(t, "monk") == [2]
    assert statuses(t, "monk") == {"chi": 1}


def test_chi_adds_to_the_monks_own_attack():
    t = monk_first(monk={"statuses": {"chi": 2}})
    t.do("roll", by="monk", dice=FIST_DICE[0])
    t.do("activate", by="monk", ability="fists_of_fury", row=0)
    t.do("spend", by="monk", status="chi")
    t.do("spend", by="monk", status="chi")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["added"] == 2
    assert landed(t, "barb") == [6]


def test_chi_added_damage_stays_undefendable():
    t = monk_first(monk={"statuses": {"chi": 2}})
    t.do("roll", by="monk", dice=[3, 4, 5, 5, 1])
    t.do("activate", by="monk", ability="taiji_strike")
    t.do("spend", by="monk", status="chi")
    assert t.pending.window is not None  # he may spend the other one: the Attack is open
    with t.engine.world.active():
        pool = t.engine.pools.pools[t.engine.combat.pool]
        added = [m for m in pool.mods if m.kind == "add"]
    assert [(m.amount, m.dtype) for m in added] == [(1, "undefendable")]
    t.settle()
    assert not t.events("defense_chosen")
    assert landed(t, "barb") == [7]


def test_chi_gained_this_turn_cannot_add_damage_yet():
    t = monk_first()
    t.do("roll", by="monk", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="monk", ability="open_palm")
    # The two Chi just gained are held, but none may boost this Attack: the Monk is never
    # asked anything before the Barbarian's defense.
    assert statuses(t, "monk") == {"chi": 2}
    assert t.pending.kind == "defensive_roll"
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    assert not chi_spends_offered(t)
    t.settle()
    assert landed(t, "barb") == [4]


def test_only_chi_held_from_an_earlier_turn_can_boost():
    t = monk_first(monk={"statuses": {"chi": 1}})
    t.do("roll", by="monk", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="monk", ability="open_palm")
    assert chi_spends_offered(t)
    t.do("spend", by="monk", status="chi")
    assert statuses(t, "monk") == {"chi": 2}
    assert not chi_spends_offered(t)  # the two left were gained this turn
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5]


def test_chi_gained_this_turn_may_still_prevent_damage():
    # Gained during his own defense, Chi shields him at once.
    t = barb_first()
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="monk", dice=[5, 5, 5])  # three Taiji: 3 Chi, nothing prevented
    t.do("spend", by="monk", status="chi")
    t.settle()
    assert landed(t, "monk") == [3]
    assert statuses(t, "monk") == {"chi": 2}


def test_chi_cannot_protect_a_teammate():
    setup = MatchSetup(
        seats=(
            SeatSetup("monk", team=0),
            SeatSetup("barbarian", team=1),
            SeatSetup("gunslinger", team=0),
            SeatSetup("barbarian", team=1),
        ),
        seed=3,
        mode="2v2",
        shared_team_dial=True,
    )
    eng = Engine.new_match(setup)
    try:
        with eng.world.active():
            from game.rules import ops

            monk, barb, gun = eng.player(0), eng.player(1), eng.player(2)
            ops.give_status(eng, monk, "chi", 3, None)
            pool = ops.new_pool(eng, "test")
            pool.instances.append(
                DamageInstance(
                    source=barb, target=gun, amount=5, dtype="normal", attack=False, label="test"
                )
            )
            eng.pools.current = pool.id
            sit = Situation("before_damage")
            assert spend_reason(eng, monk, "chi", sit) == "not useful at this moment"
            assert not [o for o in response_options(eng, monk, sit) if o.action.kind == "spend"]
            # Damage heading for the Monk himself: now he may.
            pool.instances.append(
                DamageInstance(
                    source=barb, target=monk, amount=5, dtype="normal", attack=False, label="test"
                )
            )
            assert spend_reason(eng, monk, "chi", sit) is None
    finally:
        eng.close()


def test_chi_and_evasive_are_no_help_against_an_ultimate():
    t = barb_first(monk={"statuses": {"chi": 3, "evasive": 2}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert settle_noting(t, "monk") == []
    assert not t.events("status_spent")
    assert resolved(t, "monk")["unavoidable"] == 15
    assert t.player("monk").health == 35
    assert statuses(t, "monk") == {"chi": 3, "evasive": 2}


def test_chi_limit_is_five():
    t = monk_first(monk={"statuses": {"chi": 4}})
    strike(t, [3, 4, 3, 1, 5], "open_palm")
    assert statuses(t, "monk") == {"chi": 5}
    assert [e.data["count"] for e in t.events("status_gained")] == [1]


# ---------------------------------------------------------------- Evasive (as the Gunslinger's)


def test_evasive_retries_avoid_everything_and_he_still_defends():
    t = barb_first(monk={"statuses": {"evasive": 2}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="monk", status="evasive", dice=[3])  # a miss
    t.do("spend", by="monk", status="evasive", dice=[2])  # a dodge
    t.do("roll", by="monk", dice=[1, 1, 2])  # and still Meditation: 3 Fists hit back
    t.settle()
    assert len(t.events("damage_avoided")) == 1
    assert resolved(t, "monk")["avoided"] is True
    assert landed(t, "monk") == [0]
    assert landed(t, "barb") == [3]
    assert statuses(t, "monk") == {}


# ---------------------------------------------------------------- Cleanse


def test_cleanse_removes_a_negative_status_at_any_time():
    t = monk_first(monk={"statuses": {"cleanse": 1, "concussion": 1, "chi": 1}}, start_at="main1")
    t.do("spend", by="monk", status="cleanse")
    assert statuses(t, "monk") == {"chi": 1}


def test_cleanse_is_only_offered_with_a_negative_status_on_him():
    t = monk_first(monk={"statuses": {"cleanse": 1, "chi": 1}}, start_at="main1")
    assert not [a for a in t.options() if a.kind == "spend" and a.get("status") == "cleanse"]


def test_cleanse_saves_him_from_a_lethal_status():
    # The achievement: Cleanse a lethal status. Two Delayed Poison would deal 4 at the end of
    # his turn with 3 Health left.
    spec = {"statuses": {"cleanse": 2, "delayed_poison": 2}, "health": 3}
    t = monk_first(monk=spec, start_at="main2")
    t.do("spend", by="monk", status="cleanse")
    t.do("spend", by="monk", status="cleanse")
    t.do("end_phase", by="monk")
    t.settle()
    assert t.view.active == t.seat("barb")
    assert t.player("monk").health == 3
    assert not t.events("damage_resolved")


def test_without_cleanse_the_delayed_poison_kills_him():
    t = monk_first(monk={"statuses": {"delayed_poison": 2}, "health": 3}, start_at="main2")
    t.do("end_phase", by="monk")
    t.settle()
    assert landed(t, "monk") == [6]
    assert t.view.winner_team == t.seat("barb")


# ---------------------------------------------------------------- his cards

UPGRADES = [
    ("fists_of_fury_2", "fists_of_fury", 2, 2),
    ("fists_of_fury_3", "fists_of_fury", 3, 4),
    ("open_palm_2", "open_palm", 2, 2),
    ("taiji_strike_2", "taiji_strike", 2, 3),
    ("serenity_2", "serenity", 2, 2),
    ("tempest_rush_2", "tempest_rush", 2, 2),
    ("tempest_rush_3", "tempest_rush", 3, 4),
    ("dragon_dance_2", "dragon_dance", 2, 3),
    ("meditation_2", "meditation", 2, 3),
    ("meditation_3", "meditation", 3, 5),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(monk_first, "monk", card, slot, level, cost)


def test_deep_breath_gains_two_chi():
    t = monk_first(monk={"hand": ["deep_breath"]}, start_at="main1")
    t.do("play", by="monk", card="deep_breath")
    assert statuses(t, "monk") == {"chi": 2}
    assert t.player("monk").cp == 1


def test_cleansing_breath_gains_cleanse():
    t = monk_first(monk={"hand": ["cleansing_breath"]}, start_at="main1")
    t.do("play", by="monk", card="cleansing_breath")
    assert statuses(t, "monk") == {"cleanse": 1}


def test_open_the_gates_raises_the_limit_up_to_eight():
    t = monk_first(
        monk={"hand": ["open_the_gates"], "cp": 15, "limits": {"chi": 2}}, start_at="main1"
    )
    t.do("play", by="monk", card="open_the_gates")
    assert t.player("monk").limits["chi"] == 8
    assert statuses(t, "monk") == {"chi": 2}
    t2 = monk_first(monk={"hand": ["open_the_gates"], "cp": 2}, start_at="main1")
    t2.do("play", by="monk", card="open_the_gates")
    assert t2.player("monk").limits["chi"] == 6


def test_flurry_adds_two_and_a_chi():
    t = monk_first(monk={"hand": ["flurry"], "cp": 3})
    t.do("roll", by="monk", dice=FIST_DICE[0])
    t.do("activate", by="monk", ability="fists_of_fury", row=0)
    t.do("play", by="monk", card="flurry")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [6]
    assert statuses(t, "monk") == {"chi": 1}
    assert t.player("monk").cp == 1


def test_palm_parry_prevents_two_and_gains_a_chi():
    t = barb_first(monk={"hand": ["palm_parry"]})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("play", by="monk", card="palm_parry")
    t.do("roll", by="monk", dice=[1, 1, 1])
    t.settle()
    assert resolved(t, "monk")["prevented"] == 2
    assert landed(t, "monk") == [2]
    assert statuses(t, "monk") == {"chi": 1}
