"""What the table shows for damage that has not landed yet (issue 17, "Waiting to land"): the
view's `landing` is the Final Damage Total the pipeline would land now, with every Attack
Modifier, prevention and halving so far; `may_avoid` names the tokens that could still dodge
it on a roll (Evasive, Flight), which no number can show."""

from __future__ import annotations

from game.rules.components import DamageMod
from tests.helpers import Table

REVOLVER = [1, 2, 3, 4, 4]  # Gunslinger: three Bullets -> Revolver, 3 damage


def gun_attacks(barb_statuses: dict) -> Table:
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": []},
        barb={"hero": "barbarian", "hand": [], "statuses": barb_statuses},
    )
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    return t


def test_waiting_damage_counts_attack_modifiers_and_names_evasive():
    t = gun_attacks({"bounty": 1, "evasive": 1})  # Bounty: the Attack deals 1 more
    combat = t.view.combat
    barb = t.seat("barb")
    assert combat.incoming == {barb: 3}  # as dealt
    assert combat.landing == {barb: 4}  # as it would land
    assert combat.may_avoid == {barb: ["Evasive"]}
    t.do("roll", by="barb", dice=[6, 6, 6])  # Thick Skin does nothing
    t.do("spend", by="barb", status="evasive", dice=[5])  # a miss: the token is gone
    combat = t.view.combat
    assert combat.landing == {barb: 4} and combat.may_avoid == {}
    t.settle()
    assert [e.data["amount"] for e in t.events("damage_resolved")] == [4]
    t.close()


def test_a_dodge_shows_nothing_waiting_to_land():
    t = gun_attacks({"evasive": 2})
    t.do("roll", by="barb", dice=[6, 6, 6])
    t.do("spend", by="barb", status="evasive", dice=[1])  # dodged
    combat = t.view.combat
    barb = t.seat("barb")
    assert combat.incoming == {barb: 3} and combat.landing == {barb: 0}
    assert combat.may_avoid == {}  # nothing left to dodge, though a token remains
    t.close()


def test_prevention_and_halving_in_the_pool_are_counted_once_each():
    t = gun_attacks({"bounty": 1})
    eng = t.engine
    with eng.world.active():
        barb = eng.player(t.seat("barb"))
        pool = eng.pools.pools[eng.combat.pool]
        pool.mods.append(DamageMod(target=barb, kind="prevent", amount=2, source=barb, label="x"))
        pool.mods.append(DamageMod(target=barb, kind="halve", amount=0, source=barb, label="y"))
    # 3 +1 added -2 prevented = 2, halved (rounded up) -1 -> 1
    assert t.view.combat.landing == {t.seat("barb"): 1}
    t.close()


def test_a_teammates_flight_may_turn_the_attack_away():
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "seraph", "hand": [], "statuses": {"flight": 1}},
        b2={"hero": "barbarian", "hand": []},
    )
    t.do("roll", by="a1", dice=REVOLVER)
    t.do("activate", by="a1", ability="revolver", row=0, dice=[3])  # 3: the right, B2
    combat = t.view.combat
    assert combat.defender == t.seat("b2")
    assert combat.may_avoid == {t.seat("b2"): ["Flight"]}
    t.close()


def test_shadows_are_named_as_the_damage_may_never_reach_the_thief():
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": []},
        thief={"hero": "shadow_thief", "hand": [], "statuses": {"shadows": 1, "evasive": 1}},
    )
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    thief = t.seat("thief")
    combat = t.view.combat
    assert t.pending.player == thief  # Evasive is on offer while the damage waits
    assert combat.landing == {thief: 3}
    assert combat.may_avoid == {thief: ["Evasive", "Shadows"]}
    t.do("pass", by="thief")
    t.settle()
    assert [e.data["amount"] for e in t.events("damage_resolved")] == [0]
    t.close()
