"""Every effect condition (`game.rules.effects.condition`) answers true and false in the
states that decide it, and every amount expression (`amount`) counts what it says. Written to
kill surviving mutants (docs/reliability.md, "Mutation testing"): each case changes only the
input its condition reads."""

from __future__ import annotations

import pytest

from game.content import schema
from game.rules import ops
from game.rules.effects import _CONDITIONS, amount, condition
from game.rules.frames import EffectCtx, ResolveFrame
from tests.helpers import Table


@pytest.fixture
def duel():
    # The Gunslinger has rolled 1, 1, 3, 5, 6 (two Bullets, ...); the Barbarian waits.
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": [], "cp": 4, "statuses": {"evasive": 1}},
        barb={"hero": "barbarian", "hand": [], "statuses": {"bounty": 1}},
    )
    t.do("roll", by="gun", dice=[1, 1, 3, 5, 6])
    eng = t.engine
    with eng.world.active():
        gun, barb = eng.player(t.seat("gun")), eng.player(t.seat("barb"))
        ctx = EffectCtx(
            me=gun, opp=barb, kind="offensive", source="test", rolled=eng.combat.offense_group
        )
        ctx.scope = eng.new_scope()
        frame = ResolveFrame(effects=(), ctx=ctx)
        yield eng, frame, gun, barb
    t.close()


def holds(eng, frame, cond) -> bool:
    return condition(eng, frame, cond)


def test_resources_and_tokens(duel):
    eng, frame, _gun, _barb = duel
    assert holds(eng, frame, {"cp_at_least": 4}) and not holds(eng, frame, {"cp_at_least": 5})
    assert holds(eng, frame, {"self_has_status": "evasive"})
    assert not holds(eng, frame, {"self_has_status": "bounty"})
    assert holds(eng, frame, {"target_has_status": "bounty"})
    assert not holds(eng, frame, {"target_has_status": "evasive"})
    assert holds(eng, frame, {"opponent_has_status": "bounty"})
    assert not holds(eng, frame, {"opponent_has_status": "evasive"})
    assert holds(eng, frame, {"self_status_at_least": {"status": "evasive", "count": 1}})
    assert not holds(eng, frame, {"self_status_at_least": {"status": "evasive", "count": 2}})
    assert holds(eng, frame, {"target_status_at_least": {"status": "bounty", "count": 1}})
    assert not holds(eng, frame, {"target_status_at_least": {"status": "bounty", "count": 2}})
    assert holds(eng, frame, {"not": {"self_has_status": "bounty"}})
    assert not holds(eng, frame, {"not": {"self_has_status": "evasive"}})
    assert holds(eng, frame, {"own_hero_status": "evasive"})  # a Gunslinger token
    assert not holds(eng, frame, {"own_hero_status": "bounty_hunter_x"})
    frame.ctx.opp = None
    assert not holds(eng, frame, {"target_has_status": "bounty"})
    assert not holds(eng, frame, {"target_status_at_least": {"status": "bounty", "count": 1}})


def test_variables_flags_and_windows(duel):
    eng, frame, gun, _barb = duel
    eng.program.vars[frame.ctx.scope].update({"hits": 2, "window:own_attack": 1})
    assert holds(eng, frame, {"var_at_least": {"name": "hits", "value": 2}})
    assert not holds(eng, frame, {"var_at_least": {"name": "hits", "value": 3}})
    assert not holds(eng, frame, {"var_at_least": {"name": "misses", "value": 1}})
    assert holds(eng, frame, {"spend_window": "own_attack"})
    assert not holds(eng, frame, {"spend_window": "incoming_damage"})
    assert not holds(eng, frame, {"self_has_flag": "share_with_companion"})
    ops.grant_flag(eng, gun, "share_with_companion", "end_of_turn")
    assert holds(eng, frame, {"self_has_flag": "share_with_companion"})


def test_the_roll_being_resolved(duel):
    eng, frame, _gun, _barb = duel
    assert holds(eng, frame, {"rolled_values": [3]})
    assert not holds(eng, frame, {"rolled_values": [2, 4]})
    assert holds(eng, frame, {"rolled_of_a_kind": 2})
    assert not holds(eng, frame, {"rolled_of_a_kind": 3})
    symbols = ops.group_symbols(eng, eng.dice.groups[frame.ctx.rolled])
    assert holds(eng, frame, {"rolled_symbol": symbols[0]})
    assert not holds(eng, frame, {"rolled_symbol": "no_such_symbol"})
    frame.ctx.rolled = None
    assert not holds(eng, frame, {"rolled_values": [3]})
    assert not holds(eng, frame, {"rolled_of_a_kind": 1})


def test_the_roll_phase_in_progress(duel):
    eng, frame, gun, barb = duel
    combat = eng.combat
    assert holds(eng, frame, {"own_roll_phase": True})
    assert not holds(eng, frame, {"own_roll_phase": False})
    assert holds(eng, frame, {"activated": "none"}) and not holds(eng, frame, {"activated": "any"})
    assert not holds(eng, frame, {"opponent_roll_phase": True})
    combat.ability, combat.ultimate = "revolver", False
    assert holds(eng, frame, {"activated": "any"})
    assert holds(eng, frame, {"activated": "offensive"})
    assert not holds(eng, frame, {"activated": "ultimate"})
    assert not holds(eng, frame, {"activated": "none"})
    assert holds(eng, frame, {"activated_ability": "revolver"})
    assert not holds(eng, frame, {"activated_ability": "deadeye"})
    combat.ultimate = True
    assert holds(eng, frame, {"activated": "ultimate"})
    assert not holds(eng, frame, {"activated": "offensive"})
    assert not holds(eng, frame, {"defense_rolled": True})
    assert holds(eng, frame, {"defense_rolled": False})
    combat.damage_landed = 3
    assert holds(eng, frame, {"dealt_at_least": 3}) and not holds(eng, frame, {"dealt_at_least": 4})
    assert not holds(eng, frame, {"attack_type": ["normal"]})  # no Attack yet
    combat.attack, combat.attack_type = True, "undefendable"
    assert holds(eng, frame, {"attack_type": ["undefendable"]})
    assert not holds(eng, frame, {"attack_type": ["normal", "pure"]})
    # seen from the Barbarian: it is his opponent's Roll Phase, not his own
    frame.ctx.me, frame.ctx.opp = barb, gun
    assert holds(eng, frame, {"opponent_roll_phase": True})
    assert holds(eng, frame, {"own_roll_phase": False})
    assert not holds(eng, frame, {"activated_ability": "revolver"})
    assert holds(eng, frame, {"activated": "none"})


def test_an_unknown_condition_is_refused(duel):
    eng, frame, _gun, _barb = duel
    with pytest.raises(ValueError, match="unknown condition"):
        holds(eng, frame, {"no_such_condition": 1})


def test_every_condition_the_content_may_name_has_a_check():
    """The conditions are looked up in a table by key: each key the content schema accepts
    has an entry, and the table holds no key the schema does not name."""
    assert set(_CONDITIONS) == set(schema.CONDITIONS)


def test_amounts_count_what_they_say(duel):
    eng, frame, gun, _barb = duel
    assert amount(eng, frame, 7) == 7
    assert amount(eng, frame, {"per_value": [1], "times": 3}) == 6
    assert amount(eng, frame, {"per_value": [1, 6]}) == 3
    assert amount(eng, frame, {"sum": True}) == 16
    assert amount(eng, frame, {"sum": True, "times": 2}) == 32
    assert amount(eng, frame, {"half_sum": True}) == 8
    assert amount(eng, frame, {"sum": True, "max": 10}) == 10
    assert amount(eng, frame, {"sum": True, "max": 20}) == 16
    assert amount(eng, frame, {"own_cp": True, "times": 2}) == 8
    assert amount(eng, frame, {"own_tokens": "evasive"}) == 1
    ops.give_status(eng, gun, "evasive", 1, gun)
    assert amount(eng, frame, {"own_tokens": "evasive", "times": 3}) == 6
    assert amount(eng, frame, {"own_tokens_sum": ["evasive", "bounty"], "times": 3}) == 6
    eng.program.vars[frame.ctx.scope]["hits"] = 4
    assert amount(eng, frame, {"var": "hits", "times": 2}) == 8
    assert amount(eng, frame, {"var": "misses"}) == 0
    eng.combat.attempts_used = 1
    assert amount(eng, frame, {"attempts_beyond_first": True}) == 0
    eng.combat.attempts_used = 3
    assert amount(eng, frame, {"roll_attempts": True, "times": 2}) == 6
    assert amount(eng, frame, {"attempts_beyond_first": True}) == 2
    eng.combat.damage_landed = 5
    assert amount(eng, frame, {"dealt": True, "times": 2}) == 10
    symbols = ops.group_symbols(eng, eng.dice.groups[frame.ctx.rolled])
    bullet = symbols[0]
    assert amount(eng, frame, {"per_symbol": bullet, "times": 2}) == 2 * symbols.count(bullet)
    frame.ctx.me = eng.player(1 - eng.seat(gun))  # not the attacker: no attempts of theirs
    assert amount(eng, frame, {"roll_attempts": True}) == 0
    assert amount(eng, frame, {"attempts_beyond_first": True}) == 0


def test_companions_growth_and_the_attack_so_far():
    from game.rules.components import DamageInstance

    t = Table(
        first="hunt",
        start_at="offensive_roll",
        hunt={"hero": "huntress", "hand": []},
        art={"hero": "artificer", "hand": []},
    )
    eng = t.engine
    with eng.world.active():
        hunt, art = eng.player(t.seat("hunt")), eng.player(t.seat("art"))
        frame = ResolveFrame(effects=(), ctx=EffectCtx(me=hunt, opp=art, kind="x", source="t"))
        assert holds(eng, frame, {"companion_active": "nyra"})
        frame.ctx.me = art
        assert not holds(eng, frame, {"companion_active": "nyra"})  # not his companion
        frame.ctx.me = hunt
        ops.find_companion(hunt, "nyra").downed = True
        assert not holds(eng, frame, {"companion_active": "nyra"})
        chains = [["heal_bot", "heal_bot_2"]]
        assert not holds(eng, frame, {"can_grow": {"chains": chains}})  # not her Bots
        frame.ctx.me = art
        assert holds(eng, frame, {"can_grow": {"chains": chains}})
        assert not holds(eng, frame, {"companion_active": "nyra"})
        # the Attack's own damage so far
        assert not holds(eng, frame, {"attack_base_at_least": 1})
        combat = eng.combat
        pool = ops.new_pool(eng, "test")
        combat.attack, combat.pool, combat.attacker, combat.defender = True, pool.id, hunt, art
        hit = DamageInstance(
            source=hunt, target=art, amount=4, dtype="normal", attack=True, label="x"
        )
        ops.add_damage_instance(pool, hit)
        assert holds(eng, frame, {"attack_base_at_least": 4})
        assert not holds(eng, frame, {"attack_base_at_least": 5})
    t.close()
