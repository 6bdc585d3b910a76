"""Story tests for every status effect in statuses/core.json: Evasive, Reload, Knockdown,
Bounty, Stun and Concussion - what each does when spent or triggered, its stack limit, how it
is removed, whether it counts as positive or negative, when it acts, and the interactions the
status catalogue names (docs: /work/shared/spec/status_effects.md).

The Gunslinger ("gun") and the Barbarian ("barb") play. When the Barbarian defends with
Thick Skin I and rolls three Strength (6, 6, 6) his defense does nothing.
"""

from __future__ import annotations

import pytest

from game.rules import ops
from game.rules.options import ROLL_PHASES, Situation, spend_reason
from tests.helpers import Table

NOTHING = [6, 6, 6]  # Thick Skin I: no Heart, no Sword -> no healing, no prevention
SLAP = [1, 1, 1, 4, 6]  # Barbarian: three Swords -> Slap, 4 dmg
SMACK = [1, 2, 6, 6, 4]  # Barbarian: two Swords, two Strength -> Smack, 6 undefendable
REVOLVER = [1, 2, 3, 4, 4]  # Gunslinger: three Bullets -> Revolver, 3 dmg
DEADEYE = [6, 6, 6, 1, 4]  # Gunslinger: three Bullseyes -> Deadeye, 6 undefendable
NO_ABILITY = [1, 4, 5, 5, 6]  # Barbarian: satisfies nothing worth activating


def table(start_at: str = "offensive_roll", first: str = "gun", gun=None, barb=None, **kw):
    gun_spec = {"hero": "gunslinger", "hand": [], **(gun or {})}
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    if first == "gun":
        return Table(first="gun", start_at=start_at, gun=gun_spec, barb=barb_spec, **kw)
    return Table(first="barb", start_at=start_at, barb=barb_spec, gun=gun_spec, **kw)


def landed(t: Table, name: str) -> list[int]:
    seat = t.seat(name)
    return [e.data["amount"] for e in t.events("damage_resolved") if e.data["target"] == seat]


def resolved(t: Table, name: str) -> dict:
    seat = t.seat(name)
    hits = [e.data for e in t.events("damage_resolved") if e.data["target"] == seat]
    assert len(hits) == 1, hits
    return hits[0]


def kinds(t: Table) -> list[str]:
    return [e.kind for e in t.engine.log]


def tokens(t: Table, name: str, status: str) -> int:
    return t.player(name).statuses.get(status, 0)


def gained(t: Table, name: str, status: str) -> list[int]:
    seat = t.seat(name)
    return [
        e.data["count"]
        for e in t.events("status_gained")
        if e.data["player"] == seat and e.data["status"] == status
    ]


def spendable(t: Table) -> list[str]:
    """The statuses the deciding player is offered to spend right now."""
    return [a.get("status") for a in t.options("spend")]


def why_not_spend(t: Table, name: str, status: str, moment: str = "main") -> str | None:
    with t.engine.world.active():
        return spend_reason(t.engine, t.engine.player(t.seat(name)), status, Situation(moment))


def inflict(t: Table, name: str, status: str, by: str, count: int = 1) -> None:
    """Put a token on `name` as if `by` had inflicted it (a scenario file's `statuses` makes
    the holder its own inflicter)."""
    eng = t.engine
    with eng.world.active():
        ops.give_status(eng, eng.player(t.seat(name)), status, count, eng.player(t.seat(by)))


def barb_attacks(dice=SLAP, ability="slap", row=0, **gun) -> Table:
    t = table(first="barb", gun=gun)
    t.do("roll", by="barb", dice=dice)
    t.do("activate", by="barb", ability=ability, row=row)
    return t


def gun_attacks(dice=REVOLVER, ability="revolver", row=0, gun=None, barb=None) -> Table:
    t = table(gun=gun, barb=barb)
    t.do("roll", by="gun", dice=dice)
    t.do("activate", by="gun", ability=ability, row=row)
    return t


def pass_roll_phase(t: Table, forbidden: str | None = None) -> None:
    """Pass / accept until the Roll Phase is over or a new Offensive Roll is asked for;
    `forbidden` must never be asked anything."""
    for _ in range(100):
        if t.view.phase not in ROLL_PHASES or t.pending.kind == "offensive_roll":
            return
        if forbidden is not None:
            assert t.pending.player != t.seat(forbidden), (t.pending.kind, t.labels())
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    raise AssertionError("the Roll Phase did not end")


def end_turn(t: Table, name: str) -> None:
    """From Main (2) of `name`'s turn to the next player's Main (1)."""
    t.do("end_phase", by=name)


# ================================================================ Evasive


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_evasive_rolls_a_die_and_dodges_everything_on_1_or_2(die):
    t = barb_attacks(SMACK, "smack", statuses={"evasive": 1})
    assert spendable(t) == ["evasive"]
    t.do("spend", by="gun", status="evasive", dice=[die])
    t.settle()
    dodged = die in (1, 2)
    assert bool(t.events("damage_avoided")) is dodged
    assert landed(t, "gun") == [0 if dodged else 6]
    assert t.player("gun").health == (50 if dodged else 44)
    assert tokens(t, "gun", "evasive") == 0  # spent either way


def test_evasive_after_a_miss_she_may_try_again_and_one_success_avoids_it_all():
    t = barb_attacks(SMACK, "smack", statuses={"evasive": 3})
    t.do("spend", by="gun", status="evasive", dice=[5])
    assert not t.events("damage_avoided")
    assert spendable(t) == ["evasive"]  # a miss: she may try again
    t.do("spend", by="gun", status="evasive", dice=[1])
    assert t.events("damage_avoided")
    # nothing left to dodge: the third Evasive is no longer offered and stays on her board
    assert "evasive" not in spendable(t)
    t.settle()
    assert landed(t, "gun") == [0]
    assert tokens(t, "gun", "evasive") == 1


def test_evasive_dodge_leaves_her_defense_and_the_rest_of_the_attack():
    # She dodges the Slap, then still rolls Duel; the Bounty on her still pays the attacker.
    t = barb_attacks(SLAP, "slap", statuses={"evasive": 1, "bounty": 1})
    t.do("spend", by="gun", status="evasive", dice=[2])
    t.do("roll", by="gun", dice=[5])  # Duel: her die 5 ...
    t.do("accept", by="gun", dice=[1])  # ... against his 1: she wins
    t.do("choose", by="gun", option="deal")
    t.settle()
    assert landed(t, "gun") == [0]
    assert landed(t, "barb") == [3]
    assert t.player("barb").cp == 3  # Bounty's CP comes even though nothing landed


def test_evasive_only_while_damage_is_heading_her_way():
    t = table(start_at="main1", gun={"statuses": {"evasive": 2}})
    assert "evasive" not in spendable(t)
    assert why_not_spend(t, "gun", "evasive") == "not useful at this moment"
    # her own Attack: the damage heads for him, not for her
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    assert "evasive" not in spendable(t)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert tokens(t, "gun", "evasive") == 2


def test_evasive_is_useless_against_an_ultimate():
    t = table(first="barb", gun={"statuses": {"evasive": 3}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    pass_roll_phase(t, forbidden="gun")  # never offered, not even with damage waiting
    assert landed(t, "gun") == [15]
    assert tokens(t, "gun", "evasive") == 3


@pytest.mark.parametrize(
    "held,ability,dice,after,count",
    [
        (3, "take_cover", [4, 4, 5, 6, 1], 3, 0),  # gains 1 at the limit: wasted
        (2, "fan_the_hammer", [1, 2, 3, 4, 5], 3, 1),  # gains 2, room for 1
        (0, "fan_the_hammer", [1, 2, 3, 4, 5], 2, 2),
    ],
)
def test_evasive_stack_limit_is_3_and_the_excess_is_lost(held, ability, dice, after, count):
    t = gun_attacks(dice, ability, gun={"statuses": {"evasive": held}})
    assert tokens(t, "gun", "evasive") == after
    assert gained(t, "gun", "evasive") == [count]
    assert t.player("gun").limits["evasive"] == 3


@pytest.mark.parametrize("answer,spent", [("Spend a Evasive first", 1), ("Keep them", 0)])
def test_evasive_make_room_rule_offers_a_spend_before_gaining_past_the_limit(answer, spent):
    # At 3 Evasive, with damage heading her way, Dodge Roll! would waste its Evasive: she may
    # first spend one (and roll for it), then gain the new one.
    t = barb_attacks(SMACK, "smack", statuses={"evasive": 3}, hand=["dodge_roll"], cp=1)
    t.do("play", by="gun", card="dodge_roll", window="before_defense")
    assert t.pending.kind == "choose"
    assert t.pending.prompt == "Evasive is at its stack limit: spend one before gaining more?"
    assert t.labels() == ["Spend a Evasive first", "Keep them (the extra is lost)"]
    t.do("choose", by="gun", option=answer.split()[0].lower(), dice=[4] * spent)
    assert len(t.events("status_spent")) == spent
    assert tokens(t, "gun", "evasive") == 3
    t.settle()
    assert landed(t, "gun") == [6]


def test_evasive_buh_bye_takes_one_token_off_her_stack():
    t = table(
        start_at="main1",
        barb={"hand": ["buh_bye"], "cp": 1},
        gun={"statuses": {"evasive": 2}},
        first="barb",
    )
    t.do("play", by="barb", card="buh_bye")
    assert tokens(t, "gun", "evasive") == 1
    assert t.events("status_removed")[-1].data["status"] == "evasive"


def test_evasive_is_positive_so_shaking_off_a_negative_status_never_takes_it():
    # Fortitude II (4 Hearts) removes one negative status: only Bounty and Concussion are
    # offered, never Evasive or Reload.
    t = table(
        first="barb",
        barb={
            "upgrades": {"fortitude": 2},
            "statuses": {"evasive": 1, "reload": 1, "bounty": 1, "concussion": 1},
        },
    )
    t.do("roll", by="barb", dice=[4, 4, 5, 5, 1])
    t.do("activate", by="barb", ability="fortitude", row=1)
    assert t.pending.kind == "choose"
    assert sorted(t.labels()) == ["Bounty", "Concussion"]
    t.do("choose", by="barb", option="bounty")
    assert t.player("barb").statuses == {"evasive": 1, "reload": 1, "concussion": 1}


# ================================================================ Reload


@pytest.mark.parametrize("die,added", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_reload_adds_half_its_die_rounded_up(die, added):
    t = gun_attacks(gun={"statuses": {"reload": 1}})
    assert "reload" in spendable(t)
    t.do("spend", by="gun", status="reload", dice=[die])
    assert tokens(t, "gun", "reload") == 0
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3, added, 3 + added)


def test_reload_may_be_spent_after_the_defense_and_two_of_them_both_count():
    t = gun_attacks(gun={"statuses": {"reload": 2}})
    t.do("spend", by="gun", status="reload", dice=[6])  # +3 before his defense
    t.do("roll", by="barb", dice=NOTHING)
    t.do("spend", by="gun", status="reload", window="before_damage", dice=[4])  # +2 after it
    t.settle()
    assert resolved(t, "barb")["added"] == 5
    assert landed(t, "barb") == [3 + 5]


def test_reload_keeps_the_attacks_undefendable_type():
    t = gun_attacks(DEADEYE, "deadeye", gun={"statuses": {"reload": 1}})
    t.do("spend", by="gun", status="reload", dice=[5])
    t.settle()
    assert "defense_chosen" not in kinds(t)
    assert landed(t, "barb") == [6 + 3]


def test_reload_only_on_her_own_attack():
    # Main Phase, her roll before anything is activated, and an ability without damage: no.
    t = table(start_at="main1", gun={"statuses": {"reload": 2}, "upgrades": {"take_cover": 2}})
    assert "reload" not in spendable(t)
    assert why_not_spend(t, "gun", "reload") == "not useful at this moment"
    t.do("roll", by="gun", dice=[6, 6, 1, 2, 4])
    assert "reload" not in spendable(t)
    t.do("activate", by="gun", ability="mark_the_target")  # no damage: no Attack
    assert "reload" not in spendable(t)
    t.settle()
    assert tokens(t, "gun", "reload") == 2
    # ... nor when she is the one being attacked
    t = barb_attacks(statuses={"reload": 2})
    asked = 0
    for _ in range(10):
        if t.view.phase not in ROLL_PHASES:
            break
        if t.pending.player == t.seat("gun"):
            asked += 1
            assert "reload" not in spendable(t)
        if t.pending.kind == "defensive_roll" and not t.options("accept"):
            t.do("roll", by="gun", dice=[1])
            continue
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    assert asked, "she was asked during his Roll Phase"
    assert tokens(t, "gun", "reload") == 2


def test_reload_stack_limit_is_2():
    t = gun_attacks(
        [2, 3, 4, 5, 6],
        "fan_the_hammer",
        gun={"statuses": {"reload": 2}, "upgrades": {"fan_the_hammer": 2}},
    )
    assert tokens(t, "gun", "reload") == 2
    assert gained(t, "gun", "reload") == [0]
    assert t.player("gun").limits["reload"] == 2


# ================================================================ Knockdown


@pytest.mark.parametrize("cp", [2, 6])
def test_knockdown_pay_2_cp_to_keep_the_offensive_roll(cp):
    t = table(start_at="main1", gun={"statuses": {"knockdown": 1}, "cp": cp})
    assert tokens(t, "gun", "knockdown") == 1  # nothing happens in Main (1)
    t.do("end_phase", by="gun")
    assert t.pending.kind == "choose" and t.pending.player == t.seat("gun")
    assert len(t.labels()) == 2
    t.do("choose", by="gun", option="pay 2 cp")
    assert t.player("gun").cp == cp - 2
    assert tokens(t, "gun", "knockdown") == 0
    assert t.pending.kind == "offensive_roll"
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3]


def test_knockdown_skip_misses_the_offensive_roll_and_then_goes():
    t = table(start_at="main1", gun={"statuses": {"knockdown": 1}, "cp": 5})
    t.do("end_phase", by="gun")
    t.do("choose", by="gun", option="skip")
    skipped = [e.data for e in t.events("phase_skipped")]
    assert skipped == [{"player": t.seat("gun"), "phase": "offensive_roll"}]
    assert "dice_rolled" not in kinds(t)
    assert t.view.phase == "main2"
    assert t.player("gun").cp == 5
    assert tokens(t, "gun", "knockdown") == 0


def test_knockdown_without_2_cp_the_roll_is_simply_skipped():
    t = table(start_at="main1", gun={"statuses": {"knockdown": 1}, "cp": 1})
    t.do("end_phase", by="gun")
    assert t.view.phase == "main2"
    assert [e.data["phase"] for e in t.events("phase_skipped")] == ["offensive_roll"]
    assert t.player("gun").cp == 1
    assert tokens(t, "gun", "knockdown") == 0


def test_knockdown_waits_for_its_holders_own_offensive_roll():
    # He is knocked down during her turn: her Roll Phase is untouched, his next one asks.
    t = table(barb={"statuses": {"knockdown": 1}, "cp": 4})
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert tokens(t, "barb", "knockdown") == 1
    end_turn(t, "gun")
    assert t.view.active == t.seat("barb") and t.view.phase == "main1"
    assert tokens(t, "barb", "knockdown") == 1  # not in his Upkeep, Income or Main (1)
    t.do("end_phase", by="barb")
    assert t.pending.kind == "choose" and t.pending.player == t.seat("barb")
    t.do("choose", by="barb", option="pay")
    assert t.player("barb").cp == 5 - 2  # 4 + 1 Income - 2
    assert t.pending.kind == "offensive_roll"


def test_knockdown_stack_limit_is_1():
    t = gun_attacks(DEADEYE, "deadeye", barb={"statuses": {"knockdown": 1}})
    t.settle()
    assert tokens(t, "barb", "knockdown") == 1
    assert gained(t, "barb", "knockdown") == [0]
    assert t.player("barb").limits.get("knockdown", 1) == 1


def test_knockdown_is_negative_and_can_be_shaken_off():
    # Knocked down during his own Offensive Roll (its moment has passed): Fortitude II's
    # "remove a negative status effect" takes it.
    t = table(first="barb", barb={"upgrades": {"fortitude": 2}})
    inflict(t, "barb", "knockdown", by="gun")
    t.do("roll", by="barb", dice=[4, 4, 5, 5, 1])
    t.do("activate", by="barb", ability="fortitude", row=1)
    t.settle()
    assert tokens(t, "barb", "knockdown") == 0
    assert t.events("status_removed")[-1].data["status"] == "knockdown"


# ================================================================ Bounty


def test_bounty_attack_deals_1_more_and_the_attacker_collects_1_cp():
    t = gun_attacks(barb={"statuses": {"bounty": 1}})
    assert t.player("gun").cp == 3  # collected as the Attack is made, before his defense
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3, 1, 4)
    assert t.player("gun").cp == 3
    assert tokens(t, "barb", "bounty") == 1  # persistent: the Attack does not use it up


def test_bounty_is_persistent_and_pays_again_on_the_next_attack():
    t = gun_attacks(barb={"statuses": {"bounty": 1}})
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    end_turn(t, "gun")
    # his turn: he rolls nothing useful
    t.do("roll", by="barb", dice=NO_ABILITY)
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    # her next turn: another Attack on him, another +1 and another CP
    assert t.view.active == t.seat("gun")
    cp = t.player("gun").cp
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [4, 4]
    assert t.player("gun").cp == cp + 1
    assert tokens(t, "barb", "bounty") == 1


def test_bounty_cp_comes_even_when_all_the_damage_is_dodged():
    t = barb_attacks(SMACK, "smack", statuses={"bounty": 1, "evasive": 1})
    t.do("spend", by="gun", status="evasive", dice=[1])
    t.settle()
    assert landed(t, "gun") == [0]
    assert t.player("barb").cp == 3


def test_bounty_needs_an_attack():
    # Mark the Target deals no damage: no Attack, so no CP; Fortitude neither.
    t = gun_attacks(
        [6, 6, 1, 2, 4],
        "mark_the_target",
        gun={"upgrades": {"take_cover": 2}},
        barb={"statuses": {"bounty": 1}},
    )
    t.settle()
    assert t.player("gun").cp == 2
    t = table(first="barb", gun={"statuses": {"bounty": 1}}, barb={"health": 40})
    t.do("roll", by="barb", dice=[4, 4, 5, 1, 2])
    t.do("activate", by="barb", ability="fortitude")
    t.settle()
    assert t.player("barb").cp == 2
    assert t.player("barb").health == 44


def test_bounty_does_nothing_for_its_own_holder_when_she_attacks():
    t = gun_attacks(gun={"statuses": {"bounty": 1}})
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert landed(t, "barb") == [3]
    assert t.player("gun").cp == 2


def test_bounty_boosts_an_ultimate_too():
    t = table(first="barb", gun={"statuses": {"bounty": 1}})
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    pass_roll_phase(t, forbidden="gun")
    hit = resolved(t, "gun")
    assert hit["unavoidable"] == 16 and hit["amount"] == 16
    assert t.player("barb").cp == 3


def marksman(ability: str, dice: list[int]) -> Table:
    t = Table(
        first="m",
        start_at="offensive_roll",
        content="rules/fixtures/marksman",
        m={"hero": "marksman", "hand": []},
        barb={"hero": "barbarian", "hand": [], "statuses": {"bounty": 1}},
    )
    t.do("roll", by="m", dice=dice)
    t.do("activate", by="m", ability=ability)
    t.settle()
    return t


def test_bounty_gives_pure_damage_no_boost_but_still_pays():
    t = marksman("pure_shot", [1, 2, 3, 4, 6])
    hit = resolved(t, "barb")
    assert (hit["incoming"], hit["added"], hit["amount"]) == (3, 0, 3)
    assert t.player("m").cp == 3  # a pure-damage Attack is still an Attack


def test_bounty_ignores_collateral_damage_which_is_no_attack():
    t = marksman("splash", [4, 5, 1, 2, 6])
    assert "attack_declared" not in kinds(t)
    assert landed(t, "barb") == [2]
    assert t.player("m").cp == 2


def test_bounty_stack_limit_is_1():
    t = gun_attacks([1, 2, 4, 5, 4], "bounty_hunter", barb={"statuses": {"bounty": 1}})
    t.settle()
    assert tokens(t, "barb", "bounty") == 1
    assert gained(t, "barb", "bounty") == [0]
    assert landed(t, "barb") == [1 + 1]  # still only +1


def test_bounty_is_removed_only_by_something_that_removes_it():
    t = table(
        start_at="main1",
        first="barb",
        barb={"hand": ["what_status_effects"], "cp": 2, "statuses": {"bounty": 1}},
    )
    t.do("play", by="barb", card="what_status_effects")
    t.do("choose", by="barb", option="barb")
    assert tokens(t, "barb", "bounty") == 0


# ================================================================ Stun


def stunned_gun_is_attacked(**gun) -> Table:
    """The Barbarian has stunned her; now he Slaps her (normal, defendable damage). He holds
    Getting Paid! (free) so that he is asked in every window."""
    t = table(first="barb", gun=gun, barb={"hand": ["getting_paid"]})
    inflict(t, "gun", "stun", by="barb")
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    return t


def test_stun_holder_can_do_nothing_at_all():
    t = stunned_gun_is_attacked(
        statuses={"evasive": 2}, hand=["not_this_time", "getting_paid", "tip_it"], cp=5
    )
    pass_roll_phase(t, forbidden="gun")
    assert "defense_chosen" not in kinds(t)  # no defense either
    assert landed(t, "gun") == [4]
    gun = t.player("gun")
    assert gun.statuses.get("evasive") == 2
    assert gun.cp == 5 and len(gun.hand) == 3


def test_stun_goes_when_the_attack_is_over_and_the_stunner_attacks_again():
    t = stunned_gun_is_attacked(hand=["getting_paid"], cp=0)
    # during the Attack (up to its after_damage window) she is still stunned
    for _ in range(20):
        if t.pending.window == "after_damage" or t.pending.kind == "offensive_roll":
            break
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options["accept"])
    assert landed(t, "gun") == [4]
    assert tokens(t, "gun", "stun") == 1
    pass_roll_phase(t, forbidden="gun")
    assert tokens(t, "gun", "stun") == 0
    # another Offensive Roll Phase for him, against her, and now she may act and defend
    assert t.view.phase == "offensive_roll" and t.pending.player == t.seat("barb")
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    assert t.pending.player == t.seat("gun")
    t.do("roll", by="gun", dice=[1])
    assert t.events("defense_chosen")[-1].data["player"] == t.seat("gun")
    t.do("accept", by="gun")
    t.do("pass", by="barb", window="dice_roll", dice=[6])  # his roll-off die: she loses
    t.settle()
    assert landed(t, "gun") == [4, 4]
    assert t.view.phase == "main2"  # only one extra Roll Phase


def test_stun_stack_limit_is_1_and_gives_only_one_extra_roll_phase():
    t = table(first="barb", barb={"hand": ["getting_paid"]})
    inflict(t, "gun", "stun", by="barb")
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")  # inflicts a second Stun: wasted
    assert tokens(t, "gun", "stun") == 1
    assert gained(t, "gun", "stun")[-1] == 0
    pass_roll_phase(t, forbidden="gun")
    assert tokens(t, "gun", "stun") == 0
    t.do("roll", by="barb", dice=NO_ABILITY)
    t.do("no_ability", by="barb")
    assert t.view.phase == "main2"


def test_stun_from_rampage_lands_before_the_damage():
    t = table(
        first="barb", gun={"hand": ["not_this_time"], "cp": 2}, barb={"hand": ["getting_paid"]}
    )
    t.do("roll", by="barb", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="barb", ability="rampage")
    assert tokens(t, "gun", "stun") == 1
    assert "damage_pending" not in kinds(t)  # "Inflict Stun. Then deal 15"
    pass_roll_phase(t, forbidden="gun")
    assert landed(t, "gun") == [15]
    assert tokens(t, "gun", "stun") == 0


# ================================================================ Concussion


def test_concussion_skips_the_next_income_then_goes():
    t = table(start_at="upkeep", first_turn=False, gun={"statuses": {"concussion": 1}, "cp": 3})
    assert t.view.phase == "main1"
    gun = t.player("gun")
    assert gun.cp == 3 and len(gun.hand) == 0
    assert [e.data["phase"] for e in t.events("phase_skipped")] == ["income"]
    assert tokens(t, "gun", "concussion") == 0
    assert "card_drawn" not in kinds(t)


def test_concussion_only_once_the_following_income_is_normal():
    t = table(start_at="main1", gun={"statuses": {"concussion": 1}, "cp": 3})
    # on his turn her Concussion waits (it is not his Income) ...
    t.do("end_phase", by="gun")
    t.do("roll", by="gun", dice=NO_ABILITY)
    t.do("no_ability", by="gun")
    t.do("end_phase", by="gun")
    assert t.view.active == t.seat("barb")
    assert tokens(t, "gun", "concussion") == 1
    assert t.player("barb").cp == 3  # his Income happened
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=NO_ABILITY)
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    # ... her next Income is skipped
    assert t.view.active == t.seat("gun") and t.view.phase == "main1"
    assert t.player("gun").cp == 3 and len(t.player("gun").hand) == 0
    assert tokens(t, "gun", "concussion") == 0
    # and the one after that is normal again
    t.do("end_phase", by="gun")
    t.do("roll", by="gun", dice=NO_ABILITY)
    t.do("no_ability", by="gun")
    t.do("end_phase", by="gun")
    t.do("end_phase", by="barb")
    t.do("roll", by="barb", dice=NO_ABILITY)
    t.do("no_ability", by="barb")
    t.do("end_phase", by="barb")
    assert t.view.active == t.seat("gun") and t.view.phase == "main1"
    assert t.player("gun").cp == 4 and len(t.player("gun").hand) == 1


def test_concussion_waits_through_the_start_players_first_turn_without_income():
    # The Start Player has no Income Phase on her first turn, so there is none to skip yet:
    # the Concussion stays for her next real Income Phase.
    t = table(start_at="upkeep", gun={"statuses": {"concussion": 1}, "cp": 3})
    assert t.view.phase == "main1"
    assert tokens(t, "gun", "concussion") == 1
    assert t.player("gun").cp == 3


def test_concussion_stack_limit_is_1():
    t = table(first="barb", gun={"statuses": {"concussion": 1}})
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("roll", by="gun", dice=[1])
    t.do("accept", by="gun", dice=[6])
    t.settle()
    assert tokens(t, "gun", "concussion") == 1
    assert gained(t, "gun", "concussion") == [0]


def test_concussion_is_negative_and_shaken_off_by_fortitude_ii():
    t = table(first="barb", barb={"upgrades": {"fortitude": 2}, "statuses": {"concussion": 1}})
    t.do("roll", by="barb", dice=[4, 4, 5, 5, 1])
    t.do("activate", by="barb", ability="fortitude", row=1)
    t.settle()
    assert tokens(t, "barb", "concussion") == 0


# ================================================================ all of them


STATUSES = ["evasive", "reload", "knockdown", "bounty", "stun", "concussion"]


@pytest.mark.parametrize("status", STATUSES)
def test_every_status_can_be_moved_by_transference(status):
    t = table(
        start_at="main1", gun={"hand": ["transference"], "cp": 1}, barb={"statuses": {status: 1}}
    )
    t.do("play", by="gun", card="transference")  # one token, one other player: no question
    assert tokens(t, "barb", status) == 0
    assert tokens(t, "gun", status) == 1
    moved = t.events("status_transferred")[-1].data
    assert (moved["status"], moved["source"], moved["target"]) == (
        status,
        t.seat("barb"),
        t.seat("gun"),
    )


@pytest.mark.parametrize("status", STATUSES)
def test_every_status_can_be_removed_by_buh_bye(status):
    t = table(start_at="main1", gun={"hand": ["buh_bye"], "cp": 1}, barb={"statuses": {status: 1}})
    t.do("play", by="gun", card="buh_bye")
    assert tokens(t, "barb", status) == 0
    assert t.player("gun").cp == 0


def test_spend_refusals_name_their_reason():
    # A token that is never spent, one not held, a Synth without the second Synth its price
    # asks for, one held while Stunned, and a Dryad spent again in the same turn: each refusal
    # gives its own reason, word for word.
    t = Table(
        first="art",
        start_at="main1",
        art={"hero": "artificer", "hand": [], "statuses": {"bounty": 1}},
        tree={"hero": "treant", "hand": []},
    )
    with t.engine.world.active():  # her setup gave her two Synth: one is left
        ops.find_stack(t.engine.player(t.seat("art")), "synth").count = 1
    assert why_not_spend(t, "art", "bounty") == "cannot be spent"
    assert why_not_spend(t, "art", "evasive") == "none held"
    assert why_not_spend(t, "art", "synth") == "it costs 1 Synth"
    inflict(t, "art", "synth", by="art")
    assert why_not_spend(t, "art", "synth") is None
    inflict(t, "art", "stun", by="tree")
    assert why_not_spend(t, "art", "synth") == "you cannot act right now"

    t = Table(
        first="tree",
        start_at="main1",
        tree={"hero": "treant", "hand": [], "statuses": {"dryad": 1}, "health": 20},
        art={"hero": "artificer", "hand": []},
    )
    assert why_not_spend(t, "tree", "dryad") is None
    t.do("spend", by="tree", status="dryad")
    assert t.player("tree").health == 22
    inflict(t, "tree", "dryad", by="tree")
    assert why_not_spend(t, "tree", "dryad") == "already used this turn"

    # Heal Bot may be paid for twice per phase: the third time the limit is the reason.
    t = Table(
        first="barb",
        start_at="offensive_roll",
        barb={"hero": "barbarian", "hand": []},
        art={"hero": "artificer", "hand": [], "statuses": {"heal_bot": 1}, "health": 20},
    )
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap")
    t.do("spend", by="art", status="heal_bot", dice=[6])
    t.do("spend", by="art", status="heal_bot", dice=[6])
    assert t.player("art").statuses == {"heal_bot": 1}  # both Synth paid, the Bot kept
    inflict(t, "art", "synth", by="art")
    reason = why_not_spend(t, "art", "heal_bot", t.pending.kind)
    assert reason == "its activation limit for this phase is reached"
