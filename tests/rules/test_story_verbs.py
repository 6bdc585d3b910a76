"""Story tests for the effect verb bodies (game/rules/effects/*_verbs.py) in the states their
content rarely reaches: an amount that has to be worked out, no damage to act on, a second
token, an Attack already made undefendable, a halving that holds while damage is dealt on its
own. Each story sets up a duel, resolves one effect list the way a card or token would (as
`resolve` below does), and checks the match and what the log tells the players. Written to
kill surviving mutants (docs/reliability.md, "Mutation testing").

The Gunslinger ("gun") and the Barbarian ("barb") play; where an Attack is needed she shoots
him with Revolver (three Bullets, 3 damage) and his Thick Skin roll (6, 6, 6) does nothing.
"""

from __future__ import annotations

from game.content.defs import freeze_effects
from game.rules import ops
from game.rules.effects import CAN_ACT
from game.rules.frames import EffectCtx, ResolveFrame
from tests.helpers import Table

REVOLVER = [1, 2, 3, 4, 4]
NOTHING = [6, 6, 6]


def duel(start_at: str = "main1", first: str = "gun", gun=None, barb=None) -> Table:
    gun_spec = {"hero": "gunslinger", "hand": [], **(gun or {})}
    barb_spec = {"hero": "barbarian", "hand": [], **(barb or {})}
    if first == "gun":
        return Table(first="gun", start_at=start_at, gun=gun_spec, barb=barb_spec)
    return Table(first="barb", start_at=start_at, barb=barb_spec, gun=gun_spec)


def gun_shooting(**kw) -> Table:
    """Her Revolver (3 damage) is on its way to the Barbarian, before his defense roll."""
    t = duel(start_at="offensive_roll", **kw)
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    return t


def resolve(
    t: Table, by: str, effects, opp: str | None = None, kind: str = "card", dice=()
) -> None:
    """`by` resolves `effects` now, as a card or token of theirs called "Test" would; the
    decision that was pending is asked again afterwards."""
    eng = t.engine
    with eng.world.active():
        me = eng.player(t.seat(by))
        other = eng.player(t.seat(opp)) if opp else None
        ctx = EffectCtx(
            me=me, opp=other, kind=kind, source="Test", dice=list(dice), scope=eng.new_scope()
        )
        eng.program.pending = None
        eng.push(ResolveFrame(effects=freeze_effects(effects), ctx=ctx))
        eng._run()


def offense_dice(t: Table) -> list[int]:
    with t.engine.world.active():
        return [t.engine.combat.offense_group]


def texts(t: Table, kind: str) -> list[str]:
    return [e.text for e in t.events(kind)]


def hp(t: Table, name: str) -> int:
    return t.player(name).health


# ---------------------------------------------------------------- CP and Health


def test_lose_and_steal_cp_work_out_their_amount_and_say_who_took_it():
    # The amounts are "as many as your own CP": the engine and the effect must both be read.
    t = duel(gun={"cp": 3}, barb={"cp": 5})
    resolve(t, "gun", [{"do": "lose_cp", "amount": {"own_cp": True}}])
    assert t.player("gun").cp == 0
    assert texts(t, "cp_changed")[-1] == "gun loses 3 CP (Test)."
    resolve(t, "gun", [{"do": "gain_cp", "amount": 2}])
    resolve(t, "gun", [{"do": "steal_cp", "amount": {"own_cp": True}}], opp="barb")
    assert (t.player("gun").cp, t.player("barb").cp) == (4, 3)
    assert texts(t, "cp_changed")[-2:] == [
        "barb loses 2 CP (stolen by gun).",
        "gun gains 2 CP (stolen from barb).",
    ]


def test_steal_health_takes_even_a_single_point_and_needs_someone_to_take_it_from():
    t = duel(gun={"health": 40, "cp": 0}, barb={"cp": 1})
    resolve(t, "gun", [{"do": "steal_health", "amount": {"own_cp": True}}], opp="barb")
    assert hp(t, "gun") == 40  # no CP: nothing to steal, nothing said
    assert texts(t, "health_changed") == []
    resolve(t, "barb", [{"do": "steal_health", "amount": {"own_cp": True}}], opp="gun")
    assert (hp(t, "gun"), hp(t, "barb")) == (39, 51)
    assert texts(t, "health_changed") == [
        "gun loses 1 Health (stolen by barb), now at 39.",
        "barb gains 1 Health (stolen from gun), now at 51.",
    ]
    resolve(t, "barb", [{"do": "steal_health", "amount": 3}])  # nobody to steal from
    assert (hp(t, "gun"), hp(t, "barb")) == (39, 51)


# ---------------------------------------------------------------- damage


def test_damage_dealt_on_its_own_is_halved_while_blinding_light_holds_but_not_an_ultimate():
    t = duel()
    with t.engine.world.active():
        ops.grant_flag(t.engine, t.engine.player(t.seat("barb")), "halve_isolated_damage", "x")
    resolve(t, "barb", [{"do": "deal_damage", "amount": 5, "isolated": True}], opp="gun")
    assert hp(t, "gun") == 50 - 2  # 5, half of it (rounded up) prevented
    resolve(
        t, "barb", [{"do": "deal_damage", "amount": 5, "type": "ultimate", "isolated": True}], "gun"
    )
    assert hp(t, "gun") == 48 - 5


def test_avoid_and_reflect_need_damage_heading_for_their_holder():
    # Her Revolver is on its way to the Barbarian; nothing is coming at her.
    t = gun_shooting()
    resolve(t, "gun", [{"do": "avoid_damage"}, {"do": "reflect_damage"}], opp="barb")
    assert texts(t, "note")[-2:] == [
        "Test: there is no damage to avoid.",
        "Test: there is no damage to send back.",
    ]
    assert not t.events("damage_avoided") and not t.events("damage_reflected")
    resolve(t, "barb", [{"do": "reflect_damage"}])  # nobody to send it back to
    assert texts(t, "note")[-1] == "Test: there is no damage to send back."
    resolve(t, "barb", [{"do": "reflect_damage"}], opp="gun")
    (sent,) = t.events("damage_reflected")
    assert sent.text == "Test: half of the damage heading for barb will also be dealt back to gun."
    assert (sent.data["target"], sent.data["back_to"]) == (t.seat("barb"), t.seat("gun"))
    before = hp(t, "gun")
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert hp(t, "gun") == before - 2  # half of Revolver's 3, rounded up


def test_a_single_point_of_damage_can_be_sent_back():
    t = gun_shooting()
    resolve(t, "gun", [{"do": "reduce_attack", "amount": 2}])
    resolve(t, "barb", [{"do": "reflect_damage"}], opp="gun")
    assert len(t.events("damage_reflected")) == 1


def test_avoid_damage_says_who_avoids_it():
    t = gun_shooting()
    before = hp(t, "barb")
    resolve(t, "barb", [{"do": "avoid_damage"}])
    assert texts(t, "damage_avoided") == ["Test: barb avoids all the damage gathered this phase!"]
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert hp(t, "barb") == before


def test_reduce_attack_lowers_an_undefendable_attack_even_by_one_and_ignores_zero():
    t = gun_shooting(gun={"cp": 0}, barb={"cp": 0})
    before = hp(t, "barb")
    resolve(t, "gun", [{"do": "make_undefendable"}])
    resolve(t, "barb", [{"do": "reduce_attack", "amount": 0}])
    resolve(t, "barb", [{"do": "reduce_attack", "amount": {"own_cp": True}}])
    assert not t.events("damage_reduced")  # he has no CP
    resolve(t, "barb", [{"do": "gain_cp", "amount": 1}])
    resolve(t, "barb", [{"do": "reduce_attack", "amount": {"own_cp": True}}])
    assert texts(t, "damage_reduced") == ["Test: the Attack deals 1 less damage."]
    t.do("roll", by="barb", dice=NOTHING)  # declared before it became undefendable
    t.settle()
    assert hp(t, "barb") == before - 2


def test_after_damage_with_no_attack_resolves_at_once():
    t = duel(gun={"cp": 0})
    resolve(t, "gun", [{"do": "after_damage", "effects": [{"do": "gain_cp", "amount": 2}]}])
    assert t.player("gun").cp == 2


# ---------------------------------------------------------------- status effects


def test_remove_self_takes_one_token_of_a_stack():
    t = duel(gun={"statuses": {"evasive": 2}})
    eng = t.engine
    with eng.world.active():
        me = eng.player(t.seat("gun"))
        ctx = EffectCtx(me=me, opp=None, kind="status", source="Evasive", status="evasive")
        ctx.scope = eng.new_scope()
        eng.program.pending = None
        eng.push(ResolveFrame(effects=freeze_effects([{"do": "remove_self"}]), ctx=ctx))
        eng._run()
    assert t.player("gun").statuses == {"evasive": 1}


def test_remove_status_with_a_worked_out_count_and_nothing_to_remove():
    t = duel(gun={"cp": 2}, barb={"statuses": {"bounty": 1, "knockdown": 1}})
    none = {"own_tokens": "evasive"}  # she holds no Evasive: 0 worked out means none, not all
    resolve(t, "gun", [{"do": "remove_status", "status": "all", "count": none}], opp="barb")
    assert t.player("barb").statuses == {"bounty": 1, "knockdown": 1}
    resolve(t, "gun", [{"do": "gain_status", "status": "evasive"}])
    one = {"own_tokens": "evasive"}
    resolve(t, "gun", [{"do": "remove_status", "status": "knockdown", "count": one}], "barb")
    assert t.player("barb").statuses == {"bounty": 1}


def test_transfer_status_moves_the_count_asked_for_and_says_so():
    t = duel(gun={"statuses": {"evasive": 2, "knockdown": 1}})
    resolve(t, "gun", [{"do": "transfer_status", "count": 2}])
    assert t.pending.prompt == "Move which status effect?"
    t.do("choose", by="gun", option="Evasive on gun")  # one other player: no second question
    assert t.player("barb").statuses == {"evasive": 2}
    assert t.player("gun").statuses == {"knockdown": 1}
    (moved,) = t.events("status_transferred")
    assert moved.text == "Test: Evasive moves from gun to barb."
    assert moved.data["count"] == 2 and moved.data["source"] == t.seat("gun")


def test_transfer_status_with_no_token_in_play_says_so():
    t = duel()
    resolve(t, "gun", [{"do": "transfer_status"}])
    assert texts(t, "note")[-1] == "Test: there is no status effect to move."


# ---------------------------------------------------------------- cards and CP, can act


def test_discard_makes_the_opponent_choose_cards_one_at_a_time():
    t = duel(barb={"hand": ["so_wild", "tip_it", "six_it"]})
    resolve(t, "gun", [{"do": "discard", "count": 2}], opp="barb")
    assert t.pending.player == t.seat("barb") and t.pending.prompt == "Discard which card?"
    t.do("choose", by="barb", option="Tip It!")
    t.do("choose", by="barb", option="Six-It!")
    assert [cid for _card, cid in t.player("barb").hand] == ["so_wild"]
    assert sorted(t.player("barb").discard) == ["six_it", "tip_it"]


def test_take_card_offers_each_card_of_the_discard_pile_once():
    t = duel(gun={"discard": ["six_it", "six_it", "tip_it"]})
    resolve(t, "gun", [{"do": "take_card"}])
    assert t.pending.prompt == "Test: take which card?"
    assert sorted(t.labels()) == ["Six-It!", "Tip It!"]
    t.do("choose", by="gun", option="Six-It!")
    assert [cid for _card, cid in t.player("gun").hand] == ["six_it"]
    assert sorted(t.player("gun").discard) == ["six_it", "tip_it"]
    (taken,) = t.events("card_taken")
    assert taken.text == "gun takes Six-It! from the discard pile into hand."
    assert taken.data["card_id"] == "six_it" and taken.data["player"] == t.seat("gun")


def test_take_card_with_an_empty_discard_pile_draws_one():
    t = duel()
    resolve(t, "gun", [{"do": "take_card"}])
    assert len(t.player("gun").hand) == 1 and len(t.events("card_drawn")) == 1


def can_act(t: Table, by: str, fx: dict, opp: str | None = None) -> bool:
    eng = t.engine
    with eng.world.active():
        me = eng.player(t.seat(by))
        other = eng.player(t.seat(opp)) if opp else None
        ctx = EffectCtx(me=me, opp=other, kind="card", source="Test", scope=eng.new_scope())
        (effect,) = freeze_effects([fx])
        return CAN_ACT[fx["do"]](eng, ResolveFrame(effects=(effect,), ctx=ctx), effect)


def test_losing_or_stealing_cp_can_act_only_where_there_is_cp():
    t = duel(gun={"cp": 0}, barb={"cp": 2})
    assert not can_act(t, "gun", {"do": "lose_cp", "amount": 1})
    assert can_act(t, "barb", {"do": "lose_cp", "amount": 1})
    assert can_act(t, "gun", {"do": "steal_cp", "amount": 1}, opp="barb")
    assert not can_act(t, "barb", {"do": "steal_cp", "amount": 1}, opp="gun")
    assert not can_act(t, "gun", {"do": "steal_cp", "amount": 1})


# ---------------------------------------------------------------- dice


def test_changing_a_die_asks_which_and_offers_every_other_number_or_one_step():
    t = duel(start_at="offensive_roll")
    t.do("roll", by="gun", dice=REVOLVER)  # 1, 2, 3, 4, 4
    offense = offense_dice(t)
    resolve(t, "gun", [{"do": "alter_dice", "mode": "set_any", "whose": "own"}], dice=offense)
    assert t.pending.prompt == "Test: change which die?"
    t.do("choose", by="gun", option="gun's die 2 (shows 2, bullet)")
    assert t.pending.prompt == "Test: change it to?"
    assert t.labels() == [f"Make it a {v}" for v in (1, 3, 4, 5, 6)]
    t.do("choose", by="gun", option="Make it a 1")
    assert texts(t, "die_changed")[-1] == "gun changes a die of gun from 2 to 1 (Test)."
    resolve(t, "gun", [{"do": "alter_dice", "mode": "adjust_one", "whose": "own"}], dice=offense)
    t.do("choose", by="gun", option="gun's die 3 (shows 3, bullet)")
    assert t.pending.prompt == "Test: one up or one down?"
    t.do("choose", by="gun", option="Make it a 2")
    resolve(t, "gun", [{"do": "alter_dice", "mode": "adjust_one", "whose": "own"}], dice=offense)
    t.do("choose", by="gun", option="gun's die 3 (shows 2, bullet)")
    assert t.labels() == ["Make it a 1", "Make it a 3"]


def test_copying_a_die_offers_only_the_other_numbers_of_the_roll():
    t = duel(start_at="offensive_roll")
    t.do("roll", by="gun", dice=REVOLVER)  # 1, 2, 3, 4, 4
    offense = offense_dice(t)
    resolve(t, "gun", [{"do": "alter_dice", "mode": "copy_own", "whose": "own"}], dice=offense)
    t.do("choose", by="gun", option="gun's die 4 (shows 4, dash)")
    assert t.pending.prompt == "Test: copy which die's value?"
    assert t.labels() == ["Make it a 1", "Make it a 2", "Make it a 3"]


def test_a_reroll_asks_which_dice_and_says_why_they_were_rolled():
    t = duel(start_at="offensive_roll")
    t.do("roll", by="gun", dice=REVOLVER)
    offense = offense_dice(t)
    resolve(t, "gun", [{"do": "alter_dice", "mode": "reroll", "whose": "own"}], dice=offense)
    assert t.pending.prompt == "Test: re-roll which dice?"
    t.do("choose", by="gun", option="Re-roll gun's die 1", dice=[5])
    assert "(Test)" in texts(t, "dice_rolled")[-1]


def test_six_it_on_two_dice_stops_when_no_die_is_left_to_change():
    t = duel(start_at="offensive_roll")
    t.do("roll", by="gun", dice=[6, 6, 6, 6, 5])
    offense = offense_dice(t)
    fx = {"do": "alter_dice", "mode": "set_six", "whose": "own", "count": 2}
    resolve(t, "gun", [fx], dice=offense)
    assert t.pending.kind == "offensive_roll"  # the only die below 6 was changed, no question
    assert t.view.dice[-1].values == [6, 6, 6, 6, 6]


def test_dice_of_an_opponent_can_be_altered_outside_their_context():
    t = duel(start_at="offensive_roll")
    t.do("roll", by="gun", dice=REVOLVER)
    fx = {"do": "alter_dice", "mode": "set_any", "whose": "opponent"}
    assert can_act(t, "barb", fx) and not can_act(t, "gun", fx)
    resolve(t, "barb", [{"do": "alter_dice", "mode": "set_any", "whose": "own"}])
    assert texts(t, "note")[-1] == "Test: there are no dice it can change."


# ---------------------------------------------------------------- choosing who is hurt


def test_preventing_damage_for_a_chosen_opponent_looks_only_at_opponents():
    # Damage heads for both of them; the Barbarian's card may only help an opponent of his.
    t = gun_shooting()
    resolve(t, "gun", [{"do": "deal_damage", "amount": 2, "target": "self"}])
    fx = {"do": "prevent_damage", "amount": 1}
    resolve(t, "barb", [{**fx, "target": "chosen_opponent"}])
    (prevented,) = t.events("damage_prevented")
    assert prevented.data["target"] == t.seat("gun")  # the only opponent: nothing to ask
    resolve(t, "barb", [{**fx, "target": "chosen_player"}])
    assert t.pending.prompt == "Choose a player with damage heading their way"
    assert sorted(t.labels()) == ["barb", "gun"]


def test_parlay_cancels_only_the_holders_own_roll_phase_damage():
    # Under Parlay her Revolver deals him nothing; a Parlay resolved by him (not the attacker)
    # would change nothing.
    t = gun_shooting(gun={"statuses": {"parlay": 1}})
    before = hp(t, "barb")
    resolve(t, "barb", [{"do": "cancel_own_damage"}])
    assert not t.events("damage_avoided")
    t.do("roll", by="barb", dice=NOTHING)
    t.settle()
    assert hp(t, "barb") == before
    assert texts(t, "damage_avoided") == ["Parlay: barb avoids all the damage gathered this phase!"]


def test_gaining_cp_or_tokens_can_act_only_where_there_is_room():
    t = duel(gun={"cp": 15, "statuses": {"evasive": 3}}, barb={"statuses": {"knockdown": 1}})
    assert not can_act(t, "gun", {"do": "gain_cp", "amount": 1})  # at the 15 CP cap
    assert can_act(t, "gun", {"do": "gain_cp", "amount": 1, "target": "opponent"}, opp="barb")
    assert not can_act(t, "gun", {"do": "gain_status", "status": "evasive"})  # 3 of 3
    assert can_act(t, "barb", {"do": "gain_status", "status": "evasive"})
    assert not can_act(t, "gun", {"do": "inflict_status", "status": "knockdown"}, opp="barb")
    assert can_act(t, "gun", {"do": "inflict_status", "status": "bounty"}, opp="barb")


def test_removing_a_named_or_a_positive_token_touches_nothing_else():
    t = duel(gun={"statuses": {"evasive": 1}}, barb={"statuses": {"knockdown": 1, "evasive": 1}})
    fx = {"do": "remove_status", "status": "knockdown", "target": "chosen_player"}
    resolve(t, "gun", [fx])  # the only Knockdown in play: nothing to ask
    assert t.player("barb").statuses == {"evasive": 1}
    assert t.player("gun").statuses == {"evasive": 1}
    resolve(t, "barb", [{"do": "gain_status", "status": "bounty"}], opp="gun")
    resolve(t, "gun", [{"do": "remove_status", "status": "any_positive"}], opp="barb")
    assert t.player("barb").statuses == {"bounty": 1}


def test_damage_on_its_way_is_announced_with_its_type_target_and_when_it_lands():
    # Outside an Attack damage lands at once; hurting yourself is untyped; collateral damage
    # says so; during her Revolver her extra damage joins the Attack's pool.
    t = duel()
    hit = {"do": "deal_damage", "type": "normal"}
    resolve(t, "gun", [{**hit, "amount": 2}], opp="barb")
    resolve(t, "gun", [{**hit, "amount": 1, "target": "self"}], opp="barb")
    resolve(t, "gun", [{"do": "deal_damage", "amount": 2, "type": "collateral"}], opp="barb")
    assert texts(t, "damage_pending") == [
        "Test: 2 damage heads for barb (lands at once).",
        "Test: 1 damage heads for gun (lands at once).",
        "Test: 2 collateral damage heads for barb (lands at once).",
    ]
    gun, barb = t.seat("gun"), t.seat("barb")
    sent = [e.data for e in t.events("damage_pending")]
    assert [(d["source"], d["target"], d["amount"], d["dtype"], d["attack"]) for d in sent] == [
        (gun, barb, 2, "normal", False),
        (gun, gun, 1, "none", False),
        (gun, barb, 2, "collateral", False),
    ]
    assert len({d["pool"] for d in sent}) == 3 and None not in {d["pool"] for d in sent}
    assert hp(t, "gun") == 49 and hp(t, "barb") == 46

    t = gun_shooting()
    resolve(t, "gun", [{**hit, "amount": 2}], opp="barb", kind="offensive")
    last = t.events("damage_pending")[-1]
    assert last.text == "Test: 2 damage heads for barb (lands when the phase ends)."
    assert last.data["attack"] is True and last.data["dtype"] == "normal"
    # Once the Attack is undefendable, its further normal damage is undefendable too.
    resolve(t, "gun", [{"do": "make_undefendable"}], opp="barb", kind="offensive")
    resolve(t, "gun", [{**hit, "amount": 1}], opp="barb", kind="offensive")
    last = t.events("damage_pending")[-1]
    assert last.text == "Test: 1 undefendable damage heads for barb (lands when the phase ends)."
    assert last.data["dtype"] == "undefendable"
    # Isolated damage lands at once even during the Attack; untyped damage is no part of the
    # Attack; no damage at all is not announced.
    before = len(t.events("damage_pending"))
    resolve(t, "gun", [{**hit, "amount": 1, "isolated": True}], opp="barb", kind="offensive")
    resolve(t, "gun", [{**hit, "amount": 1, "type": "none"}], opp="barb", kind="offensive")
    resolve(t, "gun", [{**hit, "amount": 0}], opp="barb", kind="offensive")
    isolated, untyped = t.events("damage_pending")[before:]
    assert isolated.text == "Test: 1 undefendable damage heads for barb (lands at once)."
    assert untyped.data["attack"] is False and untyped.data["dtype"] == "none"


def test_a_second_powder_keg_sets_off_the_first_one():
    # The Cursed Pirate places a Powder Keg on the Barbarian, who already has one: the old
    # keg blows up at once (3 damage to him, on its own: his own keg's damage to himself),
    # then the new one is placed - one keg left.
    t = Table(
        first="pirate",
        start_at="main1",
        pirate={"hero": "cursed_pirate", "hand": []},
        barb={"hero": "barbarian", "hand": []},
    )
    resolve(t, "pirate", [{"do": "inflict_status", "status": "powder_keg"}], opp="barb")
    assert t.player("barb").statuses.get("powder_keg") == 1
    assert t.events("damage_pending") == []
    resolve(t, "pirate", [{"do": "inflict_status", "status": "powder_keg"}], opp="barb")
    t.settle()
    assert t.player("barb").statuses.get("powder_keg") == 1
    blast = t.events("damage_pending")
    assert [e.text for e in blast] == ["Powder Keg: 3 damage heads for barb (lands at once)."]
    barb = t.seat("barb")
    assert (blast[0].data["source"], blast[0].data["target"]) == (barb, barb)
    assert hp(t, "barb") == 47
