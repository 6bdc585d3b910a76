"""Story tests for the Paladin: every ability row and level, his passive (Tithe), his defense,
his Ultimate, every card of his own, his tokens (Protect, Retribution, Crit, Blessing of
Divinity) and the rulebook clarifications about them, including the worked example of the
Barbarian attacking the Paladin (core rules Q2) (docs/heroes/paladin.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
The Paladin's Divine Defense rolling only Swords (1, 2) does nothing either.
"""

from __future__ import annotations

from functools import partial

import pytest

from game.content.loader import default_content
from game.rules.options import Situation, spend_reason
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    cp,
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
CRUSHING_BLOW_DICE = [1, 2, 3, 4, 6]  # the Barbarian's small straight: Concussion and 8 dmg
DEFENSE_NOTHING = [1, 2, 1]  # Divine Defense: three Swords


paladin_first, barb_first = openers("paladin", "paladin")
strike = partial(strike_as, "paladin")
offered = spend_offered


def can_spend(t: Table, name: str, status: str) -> str | None:
    """None when `name` could spend `status` in a response window now, else the reason."""
    with t.engine.world.active():
        player = t.engine.player(t.seat(name))
        return spend_reason(t.engine, player, status, Situation("before_damage"))


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("paladin")


def test_dice_tokens_and_starting_board():
    hero = default_content().heroes["paladin"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "sword",
        "sword",
        "helm",
        "helm",
        "heart",
        "prayer",
    ]
    assert hero.statuses == ("protect", "retribution", "crit", "blessing_of_divinity")
    assert hero.complexity == 5
    t = paladin_first(start_at="main1")
    assert t.player("paladin").levels == {
        "righteous_combat": 1,
        "righteous_prayer": 1,
        "vengeance": 1,
        "holy_light": 1,
        "holy_attack": 1,
        "crusade": 1,
        "tithe": 1,
        "divine_defense": 1,
        "heavens_verdict": 1,
    }


# ---------------------------------------------------------------- Righteous Combat

SWORD_DICE = {0: [1, 2, 1, 3, 5], 1: [1, 2, 1, 2, 5], 2: [1, 1, 2, 2, 1]}
SWORD_DAMAGE = {1: (5, 7, 9), 2: (6, 8, 10), 3: (7, 9, 11)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_righteous_combat_each_row_and_level(level, row):
    t = paladin_first(paladin={"upgrades": {"righteous_combat": level}})
    strike(t, SWORD_DICE[row], "righteous_combat", row)
    assert landed(t, "barb") == [SWORD_DAMAGE[level][row]]


# ---------------------------------------------------------------- Righteous Prayer and Crit


@pytest.mark.parametrize("level,damage,gained", [(1, 7, {}), (2, 8, {"protect": 1})])
def test_righteous_prayer_gains_crit_only_after_its_damage(level, damage, gained):
    t = paladin_first(paladin={"upgrades": {"righteous_prayer": level}})
    t.do("roll", by="paladin", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="paladin", ability="righteous_prayer")
    assert statuses(t, "paladin") == gained  # no Crit yet
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    assert not offered(t, "crit")
    t.settle()
    assert landed(t, "barb") == [damage]
    assert statuses(t, "paladin") == {**gained, "crit": 1}
    kinds = [e.kind for e in t.engine.log]
    assert kinds.index("damage_resolved") < max(
        i for i, e in enumerate(t.engine.log) if e.kind == "status_gained"
    )
    assert not t.events("status_spent")


def test_a_crit_already_held_boosts_righteous_prayer_and_a_new_one_follows():
    t = paladin_first(paladin={"statuses": {"crit": 1}})
    t.do("roll", by="paladin", dice=[3, 4, 3, 1, 5])
    t.do("activate", by="paladin", ability="righteous_prayer")
    t.do("spend", by="paladin", status="crit")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["added"] == 4
    assert landed(t, "barb") == [11]
    assert statuses(t, "paladin") == {"crit": 1}


@pytest.mark.parametrize("row,base,offered_now", [(0, 5, False), (1, 7, True)])
def test_crit_needs_the_abilitys_own_damage_to_reach_six(row, base, offered_now):
    t = paladin_first(paladin={"statuses": {"crit": 1}})
    t.do("roll", by="paladin", dice=SWORD_DICE[row])
    t.do("activate", by="paladin", ability="righteous_combat", row=row)
    assert offered(t, "crit") is offered_now
    if offered_now:
        t.do("spend", by="paladin", status="crit")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [base + (4 if offered_now else 0)]


def test_crit_threshold_ignores_attack_modifiers():
    # Bounty on the Barbarian adds 1: 5 + 1 would reach 6, but the ability's own damage is 5.
    t = paladin_first(paladin={"statuses": {"crit": 1}}, barb={"statuses": {"bounty": 1}})
    t.do("roll", by="paladin", dice=SWORD_DICE[0])
    t.do("activate", by="paladin", ability="righteous_combat", row=0)
    assert t.pending.kind == "defensive_roll"  # the Paladin was not asked: no Crit to spend
    assert can_spend(t, "paladin", "crit") == "its condition is not met"
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert resolved(t, "barb")["added"] == 1
    assert landed(t, "barb") == [6]
    assert statuses(t, "paladin") == {"crit": 1}


# ---------------------------------------------------------------- Vengeance, Holy Light


@pytest.mark.parametrize("level,gain_cp,damage", [(1, 0, 7), (2, 1, 8)])
def test_vengeance(level, gain_cp, damage):
    t = paladin_first(paladin={"upgrades": {"vengeance": level}})
    strike(t, [1, 2, 3, 4, 5], "vengeance")
    assert statuses(t, "paladin") == {"retribution": 1}
    assert cp(t, "paladin") == 2 + gain_cp
    assert landed(t, "barb") == [damage]


@pytest.mark.parametrize(
    "level,dice,row,health,gained",
    [
        (1, [5, 5, 1, 2, 3], 0, 43, {}),
        (1, [5, 5, 5, 1, 2], 1, 45, {"protect": 1}),
        (2, [5, 5, 1, 2, 3], 0, 44, {"protect": 1}),
        (2, [5, 5, 5, 1, 2], 1, 46, {"protect": 1, "retribution": 1}),
    ],
)
def test_holy_light_heals_without_attacking(level, dice, row, health, gained):
    # The achievement "Heal 5" is Holy Light's three Hearts.
    t = paladin_first(paladin={"upgrades": {"holy_light": level}, "health": 40})
    strike(t, dice, "holy_light", row, defense=None)
    assert t.player("paladin").health == health
    assert statuses(t, "paladin") == gained
    assert not t.events("attack_declared")


@pytest.mark.parametrize("level", [1, 2])
def test_holy_light_sheds_every_negative_status_but_keeps_the_positive_ones(level):
    t = paladin_first(
        paladin={
            "upgrades": {"holy_light": level},
            "health": 40,
            "statuses": {"burn": 1, "concussion": 1, "protect": 1},
        }
    )
    strike(t, [5, 5, 1, 2, 3], "holy_light", 0, defense=None)
    assert "burn" not in statuses(t, "paladin")
    assert "concussion" not in statuses(t, "paladin")
    assert statuses(t, "paladin")["protect"] == 1


# ---------------------------------------------------------------- Holy Attack and Tithe


@pytest.mark.parametrize("level,healed,damage", [(1, 2, 7), (2, 4, 8)])
def test_holy_attack_small_straight(level, healed, damage):
    t = paladin_first(paladin={"upgrades": {"holy_attack": level}, "health": 40})
    strike(t, [1, 2, 3, 4, 1], "holy_attack")
    assert landed(t, "barb") == [damage]
    assert t.player("paladin").health == 40 + healed
    assert cp(t, "paladin") == 2  # no Prayer among the dice: no Tithe


def test_tithe_pays_a_cp_when_a_prayer_serves_holy_attack():
    t = paladin_first()
    strike(t, [3, 4, 5, 6, 1], "holy_attack")
    assert cp(t, "paladin") == 3
    assert [e.data["delta"] for e in t.events("cp_changed")] == [1]


def test_tithe_ignores_prayers_used_for_other_abilities():
    t = paladin_first()
    strike(t, [1, 2, 3, 4, 6], "vengeance")
    assert cp(t, "paladin") == 2


@pytest.mark.parametrize(
    "dice,ability,gain_cp",
    [
        ([1, 2, 3, 4, 6], "vengeance", 1),  # a Prayer shows
        ([1, 2, 3, 4, 1], "holy_attack", 2),  # Holy Attack without a Prayer
        ([3, 4, 5, 6, 6], "holy_attack", 3),  # both
        ([1, 2, 3, 4, 5], "vengeance", 0),
    ],
)
def test_tithe_ii(dice, ability, gain_cp):
    t = paladin_first(paladin={"upgrades": {"tithe": 2}})
    strike(t, dice, ability)
    assert cp(t, "paladin") == 2 + gain_cp


# ---------------------------------------------------------------- Crusade


def test_crusade_large_straight():
    t = paladin_first()
    strike(t, [1, 2, 3, 4, 5], "crusade")
    assert statuses(t, "paladin") == {"protect": 1}
    assert landed(t, "barb") == [9]


def test_crusade_ii_gains_a_crit_it_may_spend_at_once():
    t = paladin_first(paladin={"upgrades": {"crusade": 2}})
    t.do("roll", by="paladin", dice=[2, 3, 4, 5, 6])
    t.do("activate", by="paladin", ability="crusade")
    t.do("spend", by="paladin", status="crit")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [14]
    assert statuses(t, "paladin") == {"protect": 1}


def test_crusade_needs_a_large_straight():
    t = paladin_first()
    t.do("roll", by="paladin", dice=[1, 2, 3, 4, 6])
    assert offered_rows(t, "crusade") == []


# ---------------------------------------------------------------- Heaven's Verdict (Ultimate)


def test_heavens_verdict():
    t = paladin_first(paladin={"health": 40})
    strike(t, [6, 6, 6, 6, 6], "heavens_verdict", defense=None)
    assert t.events("ability_activated")[0].data["ultimate"] is True
    assert statuses(t, "paladin") == {"blessing_of_divinity": 1, "protect": 1}
    assert t.player("paladin").health == 45
    assert resolved(t, "barb")["unavoidable"] == 12
    assert t.player("barb").health == 38


# ---------------------------------------------------------------- Divine Defense


@pytest.mark.parametrize(
    "level,dice,prevented,healed",
    [(1, [3, 5, 6], 3, 2), (2, [3, 4, 5, 6], 4, 2), (3, [3, 5, 5, 1], 1, 4)],
)
def test_divine_defense_each_level(level, dice, prevented, healed):
    t = barb_first(paladin={"upgrades": {"divine_defense": level}, "health": 40})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="paladin", dice=dice)
    t.settle()
    assert len(t.events("dice_rolled")[-1].data["values"]) == len(dice)
    assert resolved(t, "paladin")["prevented"] == prevented
    assert t.player("paladin").health == 40 - (8 - prevented) + healed
    assert statuses(t, "paladin") == {"concussion": 1}


def test_divine_defense_iii_gains_a_protect_he_may_spend_at_once():
    t = barb_first(paladin={"upgrades": {"divine_defense": 3}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="paladin", dice=[3, 6, 1, 1])  # prevent 1 + 2, and gain Protect
    t.do("spend", by="paladin", status="protect")
    t.settle()
    assert [e.data["status"] for e in t.events("status_gained")] == ["concussion", "protect"]
    assert statuses(t, "paladin") == {"concussion": 1}
    hit = resolved(t, "paladin")
    assert (hit["subtotal"], hit["halved"], hit["amount"]) == (5, [3], 2)


# ---------------------------------------------------------------- Protect and Retribution


def test_protect_prevents_half_rounded_up():
    t = barb_first(paladin={"statuses": {"protect": 1}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("spend", by="paladin", status="protect")
    t.do("roll", by="paladin", dice=[3, 1, 1])  # 1 prevented: subtotal 7
    t.settle()
    hit = resolved(t, "paladin")
    assert (hit["subtotal"], hit["halved"], hit["amount"]) == (7, [4], 3)


def test_retribution_sends_half_back_without_lessening_the_hit():
    t = barb_first(paladin={"statuses": {"retribution": 1}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("spend", by="paladin", status="retribution")
    t.do("roll", by="paladin", dice=DEFENSE_NOTHING)
    t.settle()
    assert landed(t, "paladin") == [4]
    assert landed(t, "barb") == [2]
    assert statuses(t, "paladin") == {}


def test_retribution_is_only_for_an_attack():
    # Damage from a token is not an Attack: Retribution is not offered, so the Paladin is not
    # even asked before his Delayed Poison lands.
    t = paladin_first(
        paladin={"statuses": {"retribution": 1, "delayed_poison": 1}}, start_at="main2"
    )
    t.do("end_phase", by="paladin")
    assert (t.pending.player, t.pending.kind) == (t.seat("barb"), "main_phase")
    assert landed(t, "paladin") == [3]
    assert statuses(t, "paladin") == {"retribution": 1}


def test_q2_barbarian_against_paladin():
    """Core rules Q2. Overpower rolls 6 + 5 + 4 = 15. The Paladin spends Retribution and
    Protect; Divine Defense III prevents 3 and gains another Protect; Get Some! adds 2;
    Absolution! prevents 3; the second Protect is spent. Subtotal 15 - 3 + 2 - 3 = 11 (odd):
    each Protect prevents 6, so the Paladin takes 0, and Retribution sends 6 back."""
    t = barb_first(
        barb={"hand": ["get_some"], "cp": 2},
        paladin={
            "hand": ["absolution"],
            "statuses": {"retribution": 1, "protect": 1},
            "upgrades": {"divine_defense": 3},
        },
    )
    t.do("roll", by="barb", dice=[6, 6, 6, 1, 2])
    t.do("activate", by="barb", ability="overpower", dice=[6, 5, 4])
    t.do("spend", by="paladin", status="retribution")
    t.do("spend", by="paladin", status="protect")
    t.do("roll", by="paladin", dice=[3, 6, 1, 2])
    t.do("play", by="barb", card="get_some", window="before_damage")
    t.do("play", by="paladin", card="absolution", window="before_damage")
    t.do("spend", by="paladin", status="protect", window="before_damage")
    t.settle()
    hit = resolved(t, "paladin")
    assert hit["incoming"] == 15
    assert (hit["added"], hit["prevented"], hit["subtotal"]) == (2, 6, 11)
    assert hit["halved"] == [6, 6]
    assert hit["amount"] == 0
    assert landed(t, "barb") == [6]
    assert t.player("paladin").health == 50
    assert t.player("barb").health == 44
    assert statuses(t, "paladin") == {"concussion": 1}


# ---------------------------------------------------------------- Blessing of Divinity


def test_blessing_resets_health_even_against_an_ultimate():
    t = barb_first(paladin={"statuses": {"blessing_of_divinity": 1, "protect": 1}, "health": 5})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert settle_noting(t, "paladin") == []  # Protect is never offered against it
    t.do("no_ability", by="barb")  # the extra Roll Phase from Stun
    t.settle()
    averted = t.events("defeat_averted")
    assert [(e.data["status"], e.data["health"]) for e in averted] == [("blessing_of_divinity", 1)]
    assert t.player("paladin").health == 1
    assert not t.player("paladin").defeated
    assert statuses(t, "paladin") == {"protect": 1}  # Protect can't touch an Ultimate
    assert not t.view.over


def test_blessing_works_once_and_a_later_poison_still_finishes_him():
    t = paladin_first(
        paladin={"statuses": {"blessing_of_divinity": 1, "delayed_poison": 2}, "health": 3},
        start_at="main2",
    )
    t.do("end_phase", by="paladin")  # 4 damage at the end of his turn
    t.settle()
    assert t.player("paladin").health == 1
    assert statuses(t, "paladin") == {}
    # Next Upkeep: Poison (the Shadow Thief's) takes the last point.
    t2 = paladin_first(paladin={"statuses": {"poison": 1}, "health": 1}, start_at="upkeep")
    assert t2.player("paladin").defeated
    assert t2.view.winner_team == t2.seat("barb")


def test_without_blessing_the_same_damage_defeats_him():
    t = paladin_first(paladin={"statuses": {"delayed_poison": 2}, "health": 3}, start_at="main2")
    t.do("end_phase", by="paladin")
    t.settle()
    assert t.player("paladin").defeated
    assert not t.events("defeat_averted")


def test_blessing_cannot_be_removed_or_moved():
    t = barb_first(
        barb={"hand": ["buh_bye", "transference", "what_status_effects"], "cp": 10},
        paladin={"statuses": {"blessing_of_divinity": 1}},
        start_at="main1",
    )
    playable = {a.get("card") for a in t.options("play")}
    with t.engine.world.active():
        names = {t.engine.card_id(c) for c in playable}
    assert names == set()  # nothing else is in play, and the Blessing does not count
    t2 = barb_first(
        barb={"hand": ["what_status_effects"], "cp": 10},
        paladin={"statuses": {"blessing_of_divinity": 1, "protect": 1}},
        start_at="main1",
    )
    t2.do("play", by="barb", card="what_status_effects")
    t2.do("choose", by="barb", option="paladin")
    t2.settle()
    assert statuses(t2, "paladin") == {"blessing_of_divinity": 1}


# ---------------------------------------------------------------- his cards

UPGRADES = [
    ("righteous_combat_2", "righteous_combat", 2, 2),
    ("righteous_combat_3", "righteous_combat", 3, 4),
    ("righteous_prayer_2", "righteous_prayer", 2, 3),
    ("vengeance_2", "vengeance", 2, 2),
    ("holy_light_2", "holy_light", 2, 2),
    ("holy_attack_2", "holy_attack", 2, 3),
    ("crusade_2", "crusade", 2, 3),
    ("tithe_2", "tithe", 2, 2),
    ("divine_defense_2", "divine_defense", 2, 3),
    ("divine_defense_3", "divine_defense", 3, 5),
]


@pytest.mark.parametrize("card,slot,level,cost", UPGRADES)
def test_every_upgrade_card(card, slot, level, cost):
    upgrade_played(paladin_first, "paladin", card, slot, level, cost)


def test_absolution_prevents_three():
    t = barb_first(paladin={"hand": ["absolution"]})
    t.do("roll", by="barb", dice=CRUSHING_BLOW_DICE)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("play", by="paladin", card="absolution")
    t.do("roll", by="paladin", dice=DEFENSE_NOTHING)
    t.settle()
    assert resolved(t, "paladin")["prevented"] == 3
    assert landed(t, "paladin") == [5]
    assert cp(t, "paladin") == 1


@pytest.mark.parametrize(
    "card,cost,gained",
    [
        ("divine_favor", 3, "blessing_of_divinity"),
        ("shield_of_faith", 2, "protect"),
        ("oath_of_vengeance", 1, "retribution"),
    ],
)
def test_token_cards(card, cost, gained):
    t = paladin_first(paladin={"hand": [card], "cp": 3}, start_at="main1")
    t.do("play", by="paladin", card=card)
    assert statuses(t, "paladin") == {gained: 1}
    assert cp(t, "paladin") == 3 - cost


def test_zeal_gains_a_crit_for_this_very_attack():
    t = paladin_first(paladin={"hand": ["zeal"], "cp": 1})
    t.do("roll", by="paladin", dice=SWORD_DICE[1])
    t.do("activate", by="paladin", ability="righteous_combat", row=1)
    t.do("play", by="paladin", card="zeal")
    t.do("spend", by="paladin", status="crit")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [11]
    assert cp(t, "paladin") == 0
