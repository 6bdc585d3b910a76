"""Which dice a dice-altering effect may touch (`game.rules.effects.dice_verbs`): yours, your
side's, an opponent's or any, never a locked die, and how a die is named in the question; and
the `game.rules.options` checks built on the same table (being attacked, spend windows, spend
conditions, refusal texts). Written to kill surviving mutants (docs/reliability.md, "Mutation
testing")."""

from __future__ import annotations

import pytest

from game.rules import ops
from game.rules.effects import dice_verbs
from game.rules.frames import EffectCtx, ResolveFrame
from tests.helpers import Table
from tests.rules.test_story_generic_cards import SLAP, gun_rolled


@pytest.fixture
def table_with_three_rolls():
    # His offense dice, her defense die and a die of his rolled for a token lie on the table.
    t = Table(
        first="barb",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": []},
        barb={"hero": "barbarian", "hand": []},
    )
    t.do("roll", by="barb", dice=SLAP)
    t.do("activate", by="barb", ability="slap", row=0)
    eng = t.engine
    with eng.world.active():
        gun, barb = eng.player(t.seat("gun")), eng.player(t.seat("barb"))
        token = ops.new_group(eng, barb, "barbarian", 1, "status")
        token.values = [3]
        own = ops.new_group(eng, gun, "gunslinger", 2, "card")
        own.values = [2, 5]
        offense = eng.combat.offense_group
        yield eng, gun, barb, [token.id, offense, own.id]
    t.close()


def groups(eng, me, dice, whose):
    ctx = EffectCtx(me=me, opp=None, kind="card", source="test", dice=list(dice))
    return [g.id for g in dice_verbs._groups(eng, ResolveFrame(effects=(), ctx=ctx), whose)]


def test_whose_dice(table_with_three_rolls):
    eng, gun, barb, (token, offense, own) = table_with_three_rolls
    dice = [token, offense, own]
    assert groups(eng, gun, dice, "any") == dice
    assert groups(eng, gun, dice, "own") == [own]
    assert groups(eng, gun, dice, "team") == [own]
    assert groups(eng, barb, dice, "own") == [token, offense]
    assert groups(eng, barb, dice, "team") == [token, offense]
    # "opponent" looks at every opponent die on the table, not only the ones in context
    assert groups(eng, gun, [], "opponent") == [offense, token]
    assert groups(eng, barb, [], "opponent") == [own]


def test_locked_dice_are_never_offered(table_with_three_rolls):
    eng, gun, barb, (token, offense, own) = table_with_three_rolls
    eng.dice.groups[token].locked = True
    assert groups(eng, gun, [token, offense, own], "any") == [offense, own]
    assert groups(eng, gun, [], "opponent") == [offense]
    assert groups(eng, barb, [token, offense, own], "own") == [offense]


def test_which_dice_each_mode_can_change(table_with_three_rolls):
    eng, _gun, _barb, (token, offense, _own) = table_with_three_rolls
    group = eng.dice.groups[offense]
    group.values = [6, 6, 6, 6, 6]
    single = eng.dice.groups[token]
    assert dice_verbs._changeable([group], "set_six") == []
    assert dice_verbs._changeable([group, single], "set_six") == [(single, 0)]
    assert dice_verbs._changeable([group, single], "copy_own") == []
    group.values = [6, 6, 6, 6, 2]
    assert len(dice_verbs._changeable([group, single], "copy_own")) == 5
    assert len(dice_verbs._changeable([group, single], "set_any")) == 6


def test_a_die_is_named_with_its_number_and_symbol():
    t = gun_rolled([1, 2, 6, 4, 5], hand=["six_it"], cp=1)
    t.do("play", by="gun", card="six_it")
    assert "gun's die 1 (shows 1, Bullet)" in t.labels()
    assert "gun's die 4 (shows 4, Dash)" in t.labels()
    assert not any("die 3" in label for label in t.labels())  # already a 6


# ---------------------------------------------------------------- being attacked (options)


def test_being_attacked_and_a_teammate_being_attacked():
    from game.rules.options import _teammate_attacked, being_attacked

    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "barbarian", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "monk", "hand": []},
    )
    eng = t.engine
    with eng.world.active():
        players = {name: eng.player(t.seat(name)) for name in ("a1", "a2", "b1", "b2")}
        nobody = [being_attacked(eng, p) for p in players.values()]
    assert nobody == [False] * 4  # no Attack yet
    t.do("roll", by="a1", dice=[1, 2, 3, 4, 4])  # three Bullets: Revolver
    t.do("activate", by="a1", ability="revolver", row=0)
    for _ in range(20):
        with eng.world.active():
            if eng.combat.attack and eng.combat.pool is not None:
                break
        options = {a.kind: a for a in t.options()}
        t.apply(options.get("pass") or options.get("choose") or t.options()[0])
    with eng.world.active():
        defender = eng.combat.defender
        mate = next(p for p in (players["b1"], players["b2"]) if p != defender)
        assert being_attacked(eng, defender)
        assert not any(being_attacked(eng, p) for p in players.values() if p != defender)
        assert _teammate_attacked(eng, mate)
        assert not _teammate_attacked(eng, defender)
        assert not _teammate_attacked(eng, players["a2"])
        pool = eng.pools.pools[eng.combat.pool]
        ops.add_mod(pool, ops_mod(defender))
        assert not being_attacked(eng, defender)  # avoided
        assert not _teammate_attacked(eng, mate)
    t.close()


def ops_mod(target):
    from game.rules.components import DamageMod

    return DamageMod(target=target, kind="avoid", amount=0, source=target, label="t")


def test_alterable_groups_skip_locked_and_others_dice(table_with_three_rolls):
    from game.rules.options import Situation, alterable_groups, spent_key

    eng, gun, barb, (token, offense, own) = table_with_three_rolls
    sit = Situation("dice_roll", [token, offense, own, 999])  # 999: a group no longer there
    assert alterable_groups(eng, gun, sit, False) == [token, offense, own]
    assert alterable_groups(eng, gun, sit, True) == [own]
    assert alterable_groups(eng, barb, sit, True) == [token, offense]
    eng.dice.groups[token].locked = True
    assert alterable_groups(eng, gun, sit, False) == [offense, own]
    seat = eng.seat(gun)
    assert spent_key(eng, gun, "evasive") == f"{seat}:evasive"
    assert spent_key(eng, gun, "evasive", "main1") == f"{seat}:evasive@main1"


# ---------------------------------------------------------------- spend windows (options)


def test_spend_windows_read_the_table(table_with_three_rolls):
    from game.rules import options

    eng, gun, barb, (token, offense, own) = table_with_three_rolls
    sit = options.Situation("dice_roll", [token, offense, own])
    assert options._opponent_die_alterable(eng, gun, sit)  # his dice are in the window
    assert not options._opponent_die_alterable(eng, gun, options.Situation("x", [own]))
    assert options._opponent_die_alterable(eng, barb, options.Situation("x", [own]))
    assert not options._negative_held(eng, gun)
    assert not options._other_status_in_play(eng, "evasive")
    ops.give_status(eng, gun, "evasive", 1, gun)
    assert not options._other_status_in_play(eng, "evasive")  # only itself
    assert options._other_status_in_play(eng, "bounty")
    ops.give_status(eng, gun, "bounty", 1, barb)
    assert options._negative_held(eng, gun) and not options._negative_held(eng, barb)


def test_a_spend_condition_is_judged_against_the_other_party(table_with_three_rolls, monkeypatch):
    import dataclasses

    from game.rules import options

    eng, gun, barb, _dice = table_with_three_rolls
    real = ops.status_def
    evasive = real(eng, "evasive")
    spend = dataclasses.replace(evasive.spend, condition={"target_has_status": "bounty"})
    changed = dataclasses.replace(evasive, spend=spend)
    monkeypatch.setattr(ops, "status_def", lambda e, s: changed if s == "evasive" else real(e, s))
    # he attacks her: for her the other party is him, for him it is her
    assert not options._spend_condition(eng, gun, "evasive")
    ops.give_status(eng, barb, "bounty", 1, gun)
    assert options._spend_condition(eng, gun, "evasive")
    assert not options._spend_condition(eng, barb, "evasive")
    ops.give_status(eng, gun, "bounty", 1, barb)
    assert options._spend_condition(eng, barb, "evasive")
    eng.combat.attacker = eng.combat.defender = None  # no Attack: the only opponent
    assert options._spend_condition(eng, barb, "evasive")
    ops.remove_status(eng, gun, "bounty", 0)
    assert not options._spend_condition(eng, barb, "evasive")


def test_each_spend_window_opens_when_it_should(table_with_three_rolls, monkeypatch):
    import dataclasses

    from game.rules import options

    eng, gun, barb, (_token, offense, own) = table_with_three_rolls
    real = ops.status_def
    evasive = real(eng, "evasive")
    shape = {}

    def fake(e, status):
        if status != "evasive":
            return real(e, status)
        spend = dataclasses.replace(evasive.spend, **shape)
        return dataclasses.replace(evasive, spend=spend)

    monkeypatch.setattr(ops, "status_def", fake)

    def windows(player, when, sit=None, **more):
        shape.clear()
        shape.update(when=tuple(when), **more)
        return options.open_spend_windows(eng, player, "evasive", sit or options.Situation("x"))

    assert windows(gun, ["any_time"]) == ["any_time"]
    assert windows(barb, ["own_main_phase"], options.Situation("main")) == ["own_main_phase"]
    assert windows(gun, ["own_main_phase"], options.Situation("main")) == []  # not her turn
    assert windows(barb, ["own_main_phase"]) == []  # not a Main Phase
    assert windows(gun, ["teammate_attacked", "any_time"]) == ["any_time"]
    assert windows(gun, ["own_negative_status"]) == []
    assert windows(gun, ["opponent_dice"], options.Situation("x", [own])) == []
    assert windows(gun, ["opponent_dice"], options.Situation("x", [offense])) == ["opponent_dice"]
    ops.give_status(eng, gun, "bounty", 1, barb)
    assert windows(gun, ["own_negative_status", "opponent_dice"]) == ["own_negative_status"]
    # a window closed to tokens gained this turn: her only Evasive is fresh
    ops.give_status(eng, gun, "evasive", 1, gun)
    closed = {"not_on_turn_gained": ("any_time",)}
    assert windows(gun, ["any_time"], **closed) == []
    assert windows(gun, ["any_time", "own_negative_status"], **closed) == ["own_negative_status"]
    assert windows(barb, ["any_time"], **closed) == []  # he holds none: none gained earlier


def test_every_play_condition_explains_a_refusal_in_its_own_words():
    from game.rules.options import Situation, _condition_reason

    t = Table(
        first="gun",
        start_at="main1",
        gun={"hero": "gunslinger", "hand": []},
        barb={"hero": "barbarian", "hand": []},
    )
    eng = t.engine
    with eng.world.active():
        gun, barb = eng.player(t.seat("gun")), eng.player(t.seat("barb"))
        main = Situation("main")
        expected = {
            "own_attack": "only while your Attack is waiting to land",
            "alterable_die": "no dice can be altered now",
            "own_alterable_die": "none of your dice can be altered now",
            "team_alterable_die": "none of your side's dice can be altered now",
            "own_offensive_roll": "only during your own Offensive Roll",
            "defensive_roll": "only during your own Defensive Roll",
            "offensive_roll_open": "only while an Offensive Roll is under way",
            "defensive_roll_open": "only while a Defensive Roll is under way",
            "someone_taking_damage": "nobody has damage waiting to land",
            "status_in_play": "no status effects are in play",
            "transferable_status_in_play": "no status effects can be moved",
        }
        for cond, text in expected.items():
            assert _condition_reason(eng, gun, cond, None, main) == text, cond
        assert _condition_reason(eng, gun, "after_own_attack_damage", 3, main) == (
            "only right after your Attack deals at least 3 damage"
        )
        assert _condition_reason(eng, gun, "after_own_attack_damage", None, main) == (
            "only right after your Attack deals at least 1 damage"
        )
        # the roller's own moment, and the same moment seen by someone else
        eng.combat.attacker, eng.combat.defender = gun, barb
        rolling = Situation("offensive_roll")
        assert _condition_reason(eng, gun, "own_offensive_roll", None, rolling) is None
        assert _condition_reason(eng, barb, "own_offensive_roll", None, rolling) is not None
        defending = Situation("defensive_roll")
        assert _condition_reason(eng, barb, "defensive_roll", None, defending) is None
        assert _condition_reason(eng, gun, "defensive_roll", None, defending) is not None
        ops.give_status(eng, barb, "bounty", 1, gun)
        assert _condition_reason(eng, gun, "status_in_play", None, main) is None
        with pytest.raises(ValueError):
            _condition_reason(eng, gun, "no_such_condition", None, main)
    t.close()
