"""Story tests for the Artificer: every ability row and level, Synth, building Bots (basic
before advanced, only by him, permanent), each Bot's activation (cost, limit per phase, Heal
Bot's restrictions, Shock Bot and Nanobot damage taking the Attack's type and pooling),
Nanites, his defense, passive, Ultimate and every card of his own (docs/heroes/artificer.md).

His usual opponent is the Barbarian, whose Thick Skin I rolling three Strength does nothing.
The Artificer's Deflector Field rolling only Spanners (1, 2) does nothing either.
"""

from __future__ import annotations

import pytest

from game.content.loader import default_content
from tests.helpers import Table
from tests.heroes.common import (
    THICK_SKIN_NOTHING,
    deck_check,
    landed,
    openers,
    resolved,
    spend_offered,
    statuses,
)

SLAP_DICE = [1, 2, 3, 4, 4]  # the Barbarian's Slap, first row: 4 dmg
CRUSHING_BLOW = [1, 2, 3, 4, 6]  # 8 dmg and Concussion
FIELD_NOTHING = [1, 2, 1]
GEARS = [3, 4, 3, 1, 5]  # Gear Up: 2 Synth, 5 dmg
BOTS = ("heal_bot", "heal_bot_2", "shock_bot", "shock_bot_2", "nanobot", "nanobot_2")


art_first, barb_first = openers("art", "artificer")


def synth(t: Table, name: str = "art") -> int:
    return t.player(name).statuses.get("synth", 0)


def bots(t: Table) -> dict[str, int]:
    return {b: n for b, n in t.player("art").statuses.items() if b in BOTS and n}


def pass_until(t: Table, kind: str) -> None:
    for _ in range(30):
        choice = t.pending
        if choice is None or choice.kind != "respond":
            return
        if kind == "respond":
            return
        t.apply(next(o.action for o in choice.options if o.action.kind == "pass"))


def strike(t: Table, roll, ability, row=None, defense=THICK_SKIN_NOTHING, then=None) -> Table:
    t.do("roll", by="art", dice=roll)
    fields = {"ability": ability}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="art", dice=then or [], **fields)
    pass_until(t, "defensive_roll")
    if defense is not None and t.pending and t.pending.kind == "defensive_roll":
        t.do("roll", by="barb", dice=defense)
    t.settle()
    return t


# ---------------------------------------------------------------- the hero itself


def test_deck_and_cards():
    deck_check("artificer")


def test_dice_tokens_and_setup():
    hero = default_content().heroes["artificer"]
    assert [hero.symbol_of(v) for v in range(1, 7)] == [
        "spanner",
        "spanner",
        "gear",
        "gear",
        "bolt",
        "core",
    ]
    assert hero.complexity == 6 and hero.weapon == "Robot Army"
    for bot in BOTS:
        assert default_content().statuses[bot].kind == "companion"
    t = art_first(start_at="main1")
    assert synth(t) == 2  # Hero Setup


# ---------------------------------------------------------------- Spanner Strike

SPANNER_DICE = {0: [1, 2, 1, 3, 5], 1: [1, 2, 1, 2, 5], 2: [1, 1, 2, 2, 1]}
SPANNER_DAMAGE = {1: (4, 6, 8), 2: (5, 7, 9), 3: (6, 8, 10)}


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("row", [0, 1, 2])
def test_spanner_strike_each_row_and_level(level, row):
    t = art_first(art={"upgrades": {"spanner_strike": level}})
    strike(t, SPANNER_DICE[row], "spanner_strike", row, then=[1])  # the roll: a Spanner
    assert landed(t, "barb") == [SPANNER_DAMAGE[level][row]]
    assert synth(t) == 2 and statuses(t, "barb") == {}


@pytest.mark.parametrize("face,gained,nanites", [(1, 0, 0), (3, 1, 0), (5, 0, 1), (6, 1, 1)])
def test_spanner_strike_roll_after_the_damage(face, gained, nanites):
    t = art_first()
    strike(t, SPANNER_DICE[0], "spanner_strike", 0, then=[face])
    assert synth(t) == 2 + gained
    assert t.player("barb").statuses.get("nanites", 0) == nanites


# ---------------------------------------------------------------- the other abilities


@pytest.mark.parametrize(
    "ability,dice,level,damage,gained,nanites",
    [
        ("gear_up", [3, 4, 3, 1, 5], 1, 5, 2, 0),
        ("gear_up", [3, 4, 3, 1, 5], 2, 7, 2, 0),
        ("nanite_swarm", [5, 5, 1, 3, 6], 1, 4, 0, 2),
        ("nanite_swarm", [5, 5, 1, 3, 6], 2, 6, 0, 2),
        ("overclock", [1, 2, 3, 4, 6], 1, 6, 1, 0),
        ("overclock", [1, 2, 3, 4, 6], 2, 7, 2, 0),
        ("assembly_line", [1, 2, 3, 4, 1], 1, 7, 2, 0),
        ("assembly_line", [1, 2, 3, 4, 1], 2, 8, 2, 1),
        ("robot_uprising", [1, 2, 3, 4, 5], 1, 9, 3, 1),
        ("robot_uprising", [1, 2, 3, 4, 5], 2, 10, 3, 2),
    ],
)
def test_abilities_each_level(ability, dice, level, damage, gained, nanites):
    t = art_first(art={"upgrades": {ability: level}})
    strike(t, dice, ability)
    assert landed(t, "barb") == [damage]
    assert synth(t) == min(7, 2 + gained)
    assert t.player("barb").statuses.get("nanites", 0) == nanites


def test_omega_protocol_ultimate():
    t = art_first()
    t.do("roll", by="art", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="art", ability="omega_protocol")
    t.settle()
    assert landed(t, "barb") == [12]
    assert resolved(t, "barb")["unavoidable"] == 12
    assert synth(t) == 5 and statuses(t, "barb") == {"nanites": 3}


@pytest.mark.parametrize(
    "level,dice,prevented,back,gained",
    [(1, [3, 5, 6], 2, 1, 1), (2, [3, 4, 5, 1], 4, 1, 0), (3, [3, 6, 6, 5], 6, 1, 1)],
)
def test_deflector_field_each_level(level, dice, prevented, back, gained):
    t = barb_first(art={"upgrades": {"deflector_field": level}})
    t.do("roll", by="barb", dice=CRUSHING_BLOW)
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="art", dice=dice)
    t.settle()
    assert resolved(t, "art")["prevented"] == prevented
    assert landed(t, "barb") == [back]
    assert synth(t) == 2 + gained


@pytest.mark.parametrize("level,gained", [(1, 1), (2, 2)])
def test_scrap_collector_gains_synth_in_upkeep(level, gained):
    t = art_first(art={"upgrades": {"scrap_collector": level}}, start_at="upkeep")
    assert synth(t) == 2 + gained


# ---------------------------------------------------------------- building Bots


def test_building_a_bot_costs_2_synth_in_the_main_phase():
    t = art_first(start_at="main1")
    t.do("spend", by="art", status="synth")
    assert sorted(t.labels()) == ["Gain a Heal Bot", "Gain a Nanobot", "Gain a Shock Bot"]
    t.do("choose", by="art", option="Shock Bot")
    assert bots(t) == {"shock_bot": 1}
    assert synth(t) == 0
    assert not spend_offered(t, "synth")


def test_one_synth_is_not_enough_to_build():
    from game.rules import ops
    from game.rules.options import Situation, spend_reason

    t = art_first(start_at="main1")
    with t.engine.world.active():
        art = t.engine.player(t.seat("art"))
        assert spend_reason(t.engine, art, "synth", Situation("main")) is None
        ops.remove_status(t.engine, art, "synth", 1)
        assert spend_reason(t.engine, art, "synth", Situation("main")) == "it costs 1 Synth"


def test_basic_before_advanced_and_each_bot_built_once():
    t = art_first(art={"statuses": {"synth": 5, "heal_bot": 1}}, start_at="main1")
    t.do("spend", by="art", status="synth")
    labels = t.labels()
    assert "Turn a Heal Bot into a Advanced Heal Bot" in labels
    assert "Gain a Heal Bot" not in labels  # already built
    assert not any("Advanced Shock Bot" in label for label in labels)  # no basic Shock Bot yet
    t.do("choose", by="art", option="Advanced Heal Bot")
    assert bots(t) == {"heal_bot_2": 1}
    t.do("spend", by="art", status="synth")
    assert "Gain a Heal Bot" not in t.labels()  # the advanced one is that Bot


def test_only_the_artificer_builds_bots():
    t = barb_first(barb={"statuses": {"synth": 4}}, start_at="main1")
    assert not any(a.kind == "spend" and a.get("status") == "synth" for a in t.options())


def test_bots_are_permanent():
    t = barb_first(
        art={"statuses": {"shock_bot": 1}}, barb={"hand": ["buh_bye"], "cp": 3}, start_at="main1"
    )
    t.do("play", by="barb", card="buh_bye")
    labels = t.labels()
    assert labels and not any("Shock Bot" in label for label in labels)


# ---------------------------------------------------------------- Heal Bot


def _attacked_with_heal_bot(art=None, dice=SLAP_DICE, row=0, ability="slap", defense=FIELD_NOTHING):
    t = barb_first(art={"statuses": {"heal_bot": 1, **(art or {})}, "health": 40})
    t.do("roll", by="barb", dice=dice)
    fields = {"ability": ability}
    if row is not None:
        fields["row"] = row
    t.do("activate", by="barb", **fields)
    if ability != "rampage":
        t.do("roll", by="art", dice=defense)
    return t


def test_heal_bot_heals_with_the_attack_for_1_synth():
    t = _attacked_with_heal_bot()
    t.do("spend", by="art", status="heal_bot", dice=[6])
    assert synth(t) == 1 and bots(t) == {"heal_bot": 1}  # the Bot stays
    t.settle()
    assert landed(t, "art") == [4]
    assert t.player("art").health == 40 - 4 + 3
    changed = [
        e.data["delta"] for e in t.events("health_changed") if e.data["player"] == t.seat("art")
    ]
    assert changed == [-1]  # healing pooled with the damage: one change


def test_heal_bot_twice_per_phase_at_most():
    t = _attacked_with_heal_bot(
        art={"synth": 3}, dice=CRUSHING_BLOW, row=None, ability="crushing_blow"
    )
    t.do("spend", by="art", status="heal_bot", dice=[1])
    t.do("spend", by="art", status="heal_bot", dice=[4])
    assert synth(t) == 3
    assert not spend_offered(t, "heal_bot")
    t.settle()
    assert t.player("art").health == 40 - 8 + 1 + 2


def test_advanced_heal_bot_heals_more():
    t = barb_first(art={"statuses": {"heal_bot_2": 1}, "health": 40})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="art", dice=FIELD_NOTHING)
    t.do("spend", by="art", status="heal_bot_2", dice=[5])
    t.settle()
    assert t.player("art").health == 40 - 4 + 3


def test_heal_bot_needs_an_attack_of_at_least_3():
    t = barb_first(art={"statuses": {"heal_bot": 1}}, barb={"statuses": {"wither": 2}})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)  # 4 dmg: enough (Wither is a modifier)
    t.do("roll", by="art", dice=FIELD_NOTHING)
    assert spend_offered(t, "heal_bot")


def test_heal_bot_not_against_an_ultimate():
    t = _attacked_with_heal_bot(dice=[6, 6, 6, 6, 6], row=None, ability="rampage")
    seen = []
    for _ in range(30):
        choice = t.pending
        if choice is None or choice.kind in ("main_phase", "offensive_roll"):
            break  # (Rampage's Stun gives the Barbarian another Roll Phase)
        seen += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        t.apply(choice.options[0].action)
    assert landed(t, "art") == [15]
    assert "heal_bot" not in seen


def test_heal_bot_not_against_damage_from_a_defensive_ability():
    t = art_first(art={"statuses": {"heal_bot": 1}}, other="cursed_pirate")
    t.do("roll", by="art", dice=SPANNER_DICE[0])
    t.do("activate", by="art", ability="spanner_strike", row=0, dice=[1])
    t.do("roll", by="barb", dice=[6, 6, 4])  # Parry: 4 dmg back to the Artificer
    offered = []
    for _ in range(20):
        choice = t.pending
        if choice is None or choice.kind == "main_phase":
            break
        if choice.player == t.seat("art"):
            offered += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        kinds = {o.action.kind: o.action for o in choice.options}
        t.apply(kinds.get("pass") or kinds.get("accept") or choice.options[0].action)
    assert landed(t, "art") == [4]
    assert "heal_bot" not in offered


def test_synth_gained_on_defense_powers_a_bot_that_same_turn():
    t = barb_first(art={"statuses": {"heal_bot": 1}, "health": 40})
    with t.engine.world.active():
        from game.rules import ops

        ops.remove_status(t.engine, t.engine.player(t.seat("art")), "synth", 0)
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="art", dice=[6, 1, 1])  # a Core: 1 Synth
    t.do("spend", by="art", status="heal_bot", dice=[6])
    t.settle()
    assert t.player("art").health == 40 - 4 + 3 - 0
    assert synth(t) == 0


# ---------------------------------------------------------------- Shock Bot


@pytest.mark.parametrize("bot,added", [("shock_bot", 2), ("shock_bot_2", 3)])
def test_shock_bot_adds_damage_to_his_attack_once_per_turn(bot, added):
    t = art_first(art={"statuses": {bot: 1, "synth": 2}})
    t.do("roll", by="art", dice=GEARS)
    t.do("activate", by="art", ability="gear_up")
    t.do("spend", by="art", status=bot)
    assert not spend_offered(t, bot)
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5 + added]
    assert resolved(t, "barb")["added"] == added
    assert synth(t) == 4 + 2 - 1


def test_shock_bot_damage_takes_the_attacks_type():
    t = art_first(art={"statuses": {"shock_bot": 1}})
    t.do("roll", by="art", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="art", ability="omega_protocol")
    # An Ultimate: the Bot's 2 join the unstoppable damage.
    t.do("spend", by="art", status="shock_bot")
    t.settle()
    assert landed(t, "barb") == [14]
    assert resolved(t, "barb")["unavoidable"] == 14


# ---------------------------------------------------------------- Nanobot and Nanites


def upkeep_with_nanobot(bot="nanobot", nanites=2) -> Table:
    """His Upkeep with a Bot and Nanites on the Barbarian: Scrap Collector and the Bot both act,
    so he orders them (the Bot first here)."""
    t = art_first(
        art={"statuses": {bot: 1}},  # and the 2 Synth of his Hero Setup
        barb={"statuses": {"nanites": nanites}},
        start_at="upkeep",
    )
    t.do(
        "choose",
        by="art",
        option=f"Resolve {'Nanobot' if bot == 'nanobot' else 'Advanced Nanobot'} next",
    )
    return t


@pytest.mark.parametrize(
    "bot,count,damage",
    [("nanobot", 1, 2), ("nanobot", 2, 4), ("nanobot", 3, 7), ("nanobot_2", 2, 5)],
)
def test_nanobot_detonates_nanites_in_his_upkeep(bot, count, damage):
    # 000: the Nanobot acts in its owner's Upkeep; the blast lands with the Upkeep's damage.
    t = upkeep_with_nanobot(bot, count)
    t.do("choose", by="art", option="Pay 1 Synth: detonate every Nanite")
    t.settle()
    assert landed(t, "barb") == [damage]
    assert statuses(t, "barb") == {}
    assert synth(t) == 2 - 1 + 1  # paid 1, Scrap Collector gives 1
    assert not spend_offered(t, bot)  # not a Main Phase action


def test_nanobot_in_upkeep_is_optional():
    t = upkeep_with_nanobot()
    t.do("choose", by="art", option="Leave the Nanites for now")
    t.settle()
    assert landed(t, "barb") == []
    assert statuses(t, "barb") == {"nanites": 2}


def test_nanobot_is_no_main_phase_action():
    t = art_first(
        art={"statuses": {"nanobot": 1}}, barb={"statuses": {"nanites": 2}}, start_at="main1"
    )
    assert synth(t) == 2
    assert not spend_offered(t, "nanobot")


def test_nanobot_during_his_attack_pools_with_the_attacks_type():
    t = art_first(art={"statuses": {"nanobot": 1}}, barb={"statuses": {"nanites": 2}})
    t.do("roll", by="art", dice=GEARS)
    t.do("activate", by="art", ability="gear_up")
    t.do("spend", by="art", status="nanobot")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert hit["amount"] == 5 + 4 and hit["incoming"] == 9  # one Final Damage Total


def test_nanobot_waits_for_nanites_on_the_opponent():
    t = art_first(art={"statuses": {"nanobot": 1}}, start_at="upkeep")
    assert not t.events("choice_made")
    assert t.pending.kind == "main_phase"  # nothing asked in his Upkeep


def test_nanobot_detonates_nanites_anyone_placed():
    t = art_first(art={"statuses": {"nanobot": 1}}, barb={"statuses": {"nanites": 1}})
    with t.engine.world.active():  # as if another Artificer had placed them
        from game.rules import ops

        stack = ops.find_stack(t.engine.player(t.seat("barb")), "nanites")
        stack.sources[:] = [t.engine.player(t.seat("barb"))]
    t.do("roll", by="art", dice=GEARS)
    t.do("activate", by="art", ability="gear_up")
    t.do("spend", by="art", status="nanobot")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [5 + 2]
    assert statuses(t, "barb") == {}


@pytest.mark.parametrize("rolls,left", [([6, 6], 0), ([6, 2], 1), ([1, 2], 2)])
def test_nanites_each_6_in_the_holders_upkeep_removes_one(rolls, left):
    t = art_first(barb={"statuses": {"nanites": 2}}, start_at="main2")
    t.do("end_phase", by="art", dice=rolls)
    t.settle()
    assert t.view.active == t.seat("barb")
    assert t.player("barb").statuses.get("nanites", 0) == left


# ---------------------------------------------------------------- cards


def test_spare_parts_and_power_surge():
    t = art_first(art={"hand": ["spare_parts", "power_surge"], "cp": 5})
    t.do("roll", by="art", dice=GEARS)
    t.do("activate", by="art", ability="gear_up")
    t.do("play", by="art", card="power_surge")
    t.do("play", by="art", card="spare_parts")
    t.do("roll", by="barb", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert landed(t, "barb") == [7]
    assert synth(t) == 2 + 2 + 1 + 2


def test_rapid_prototype_builds_without_synth():
    t = art_first(art={"hand": ["rapid_prototype"], "cp": 3}, start_at="main1")
    t.do("play", by="art", card="rapid_prototype")
    t.do("choose", by="art", option="Nanobot")
    assert bots(t) == {"nanobot": 1} and synth(t) == 2


def test_nanite_injection_and_emergency_repairs():
    t = barb_first(art={"hand": ["nanite_injection", "emergency_repairs"], "cp": 5})
    t.do("roll", by="barb", dice=SLAP_DICE)
    t.do("activate", by="barb", ability="slap", row=0)
    t.do("roll", by="art", dice=FIELD_NOTHING)
    t.do("play", by="art", card="emergency_repairs")
    t.do("play", by="art", card="nanite_injection")
    t.settle()
    assert landed(t, "art") == [2]
    assert statuses(t, "barb") == {"nanites": 2}


def test_heal_bot_not_against_collateral_damage():
    from tests.heroes.common import FIXTURES

    t = Table(
        first="tester",
        start_at="offensive_roll",
        content=FIXTURES,
        tester={"hero": "tester", "hand": []},
        art={"hero": "artificer", "hand": [], "statuses": {"heal_bot": 1}},
    )
    t.do("roll", by="tester", dice=[4, 5, 1, 2, 3])  # two Splash: 2 collateral dmg
    t.do("activate", by="tester", ability="splash")
    offered = []
    for _ in range(20):
        choice = t.pending
        if choice is None or choice.kind == "main_phase":
            break
        offered += [o.action.get("status") for o in choice.options if o.action.kind == "spend"]
        t.apply(next(o.action for o in choice.options if o.action.kind in ("pass", "accept")))
    assert landed(t, "art") == [2]
    assert "heal_bot" not in offered
