"""The computer's shortcuts give exactly the numbers working them out in full would.

Each test sets up the content a shortcut relies on (rows that read tokens or dice, heroes with
a setup step, defenses rolled on dice, a match in progress) and compares the shortcut's answer
with the long way. If one fails, a speed change has altered what the computer decides.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from itertools import permutations

from game.ai import model, odds, resolve
from game.ai.dice_solver import (
    ADD,
    ALL_FIVE,
    FACES,
    FIVE_INDEX,
    FIVE_START,
    MULTISETS,
    Solver,
    _sub_indices,
    card_change,
    outcomes,
    shared_solver,
)
from game.ai.model import Env, Fighter
from game.ai.policy import SmartAI
from game.ai.resolve import dice_reads, walk_rolls
from game.content.loader import default_content
from game.modes.variants import setup_for
from game.rules.dice import meets
from game.rules.engine import Engine
from game.rules.view import LazyMatchView, MatchView, match_view


def _ability(hero, ability_id: str, level: int):
    for slot in hero.slots:
        for ability in slot.levels.get(level, ()):
            if ability.id == ability_id:
                return ability
    raise KeyError(ability_id)


def _branch_key(branches) -> tuple:
    return tuple(sorted((round(p, 12), o.key()) for p, o in branches))


def test_a_row_read_only_through_tokens_is_resolved_once_dice_rows_per_result():
    content = default_content()
    pyro = content.heroes["pyromancer"]
    lava = _ability(pyro, "lava_flow", 1)  # damage per Fire Mastery token: not the dice
    state = (0, (("fire_mastery", 2),), ())
    sets, per = model.row_branch_sets(pyro, lava, 0, state)
    assert per is None and len(sets) == 1
    ctx = model.WalkCtx(
        faces=model.hero_faces(pyro), dtype=lava.damage_type, facts=model.facts_of(state, lava)
    )
    once = _branch_key(sets[0])
    assert all(_branch_key(model.walk(lava.rows[0].effects, ctx, s)) == once for s in ALL_FIVE)
    # rows that do read the activating dice still get one value per result
    thief = content.heroes["shadow_thief"]
    dagger = _ability(thief, "dagger_strike", 1)  # Poison on a shadow shown
    assert model.row_branch_sets(thief, dagger, 0, None)[1] is not None
    gun = content.heroes["gunslinger"]
    revolver = _ability(gun, "revolver", 2)  # Knockdown on four of a kind
    assert model.row_branch_sets(gun, revolver, 0, None)[1] is not None


def test_a_rows_value_does_not_depend_on_the_attackers_own_levels():
    content = default_content()
    for hero_id, opp_id, statuses in (
        ("treant", "artificer", (("seedling", 1),)),
        ("cursed_pirate", "huntress", (("cursed_doubloon", 3),)),
        ("pyromancer", "monk", (("fire_mastery", 2),)),
    ):
        hero = content.heroes[hero_id]
        levels = tuple(sorted((slot.id, max(slot.levels)) for slot in hero.slots))
        me = Fighter(0, hero_id, levels, 23, 60, 4, statuses)
        opp = Fighter(1, opp_id, (), 19, 60, 2, (("evasive", 1),))
        for ability, index, _row in model.offense_rows(hero, levels):
            full = Env(content).row_value(hero, ability, index, me, opp)
            bare = Env(content).row_value(hero, ability, index, replace(me, levels=()), opp)
            assert full == bare, (hero_id, ability.id, index)


def test_the_lazily_built_view_is_the_match_view_of_that_moment():
    content = default_content()
    # a companion (Nyra), a flipped board (Cursed Pirate), King of the Hill's Leaders, and
    # moments with damage waiting (the combat part's incoming, landing and may_avoid)
    for heroes, mode, seed in (
        (["artificer", "cursed_pirate"], "duel", 9),
        (["huntress", "treant"], "duel", 4),
        (["barbarian", "moon_elf", "huntress"], "koth", 5),
    ):
        engine = Engine.new_match(setup_for(mode, heroes, seed), content)
        players = [SmartAI(1 + i, hard=True) for i in range(len(heroes))]
        names = [f.name for f in fields(MatchView)]
        waiting = 0
        for step in range(240):
            if engine.over:
                break
            if step % 3 == 0 or match_view(engine).combat.incoming:
                view = match_view(engine)
                waiting += bool(view.combat.incoming)
                for first in ("players", "dice", "combat", "turn", "teams"):
                    lazy = LazyMatchView(engine)
                    assert set(lazy.__dict__) == {"_engine"}  # nothing built before a read
                    assert getattr(lazy, first) == getattr(view, first), first
                    for name in names:
                        assert getattr(lazy, name) == getattr(view, name), (first, name)
            engine.apply(players[engine.pending.player].decide(engine, engine.pending))
        assert waiting, heroes  # some moments had damage waiting
        engine.close()


def test_a_defense_is_worth_the_same_whatever_the_order_of_its_dice():
    content = default_content()
    player = SmartAI(4, hard=True)
    rng = random.Random(3)
    for hero_id in ("barbarian", "moon_elf", "shadow_thief", "treant", "huntress"):
        hero = content.heroes[hero_id]
        for ability in model.defenses(hero, ()):
            for _ in range(4):
                dice = [rng.randint(1, 6) for _ in range(ability.defense_dice)]
                for incoming in (3, 7):
                    worths = {
                        player._defense_worth(hero, ability, list(order), incoming)
                        for order in permutations(dice)
                    }
                    assert len(worths) == 1, (hero_id, ability.id, dice)
                    assert player.defense_worth(hero, ability, dice, incoming) in worths


def _walked_key(walks) -> tuple:
    """Walks as exact numbers (no rounding: sharing a walk must not move a single bit)."""
    return tuple((p, tuple((q, o.key()) for q, o in branches)) for p, branches in walks)


def _kinds_read(effects, found: set) -> None:
    """Every `dice_reads` kind of an effect list and of the lists its own rolls resolve."""
    found.update(kind for kind, _arg in dice_reads(effects))
    for fx in effects:
        for key in ("effects", "else", "win", "lose"):
            if key in fx:
                _kinds_read(fx[key], found)
        for opt in fx.get("options", ()) if fx.verb == "choose_one" else ():
            _kinds_read(opt["effects"], found)


def test_dice_results_an_effect_list_cannot_tell_apart_share_one_walk_with_the_same_branches(
    monkeypatch,
):
    """`walk_rolls` walks one result per `dice_key` group (also for the rolls an effect list
    makes itself). For every hero's defenses and offensive rows (every level), every card and
    the token effects the computer reads, that gives, result by result and bit for bit, the
    branches walking each result would; and a defense's worth, memoized by dice it cannot
    tell apart, is the one worked out for those very dice."""
    content = default_content()
    player = SmartAI(4, hard=True)
    rng = random.Random(5)
    kinds = set()
    cases = []
    for hero in content.heroes.values():
        faces = model.hero_faces(hero)
        for slot in hero.slots:
            for level in slot.levels.values():
                for ability in level:
                    if ability.kind == "defensive":
                        cases.append((faces, ability.effects, ability.defense_dice))
                    for row in ability.rows:
                        cases.append((faces, row.effects, 5))
        for card in content.cards.values():
            if card.hero in (None, hero.id):
                cases.append((faces, card.effects, 1))
        for status in content.statuses.values():
            if status.spend is not None:
                cases.append((faces, status.spend.effects, 1))
            landing = [t for t in status.triggers if t.on == "damage_landing"]  # Env.shield
            cases.extend((faces, trig.effects, 1) for trig in landing)
    shared = []
    for faces, effects, count in cases:
        ctx = model.WalkCtx(faces=faces, incoming=5)
        shared.append(_walked_key(walk_rolls(effects, ctx, count)))
        _kinds_read(effects, kinds)

    def every_result_its_own(reads, faces, count):
        return tuple(range(len(outcomes(count)))), tuple(d for d, _p in outcomes(count))

    monkeypatch.setattr(resolve, "roll_groups", every_result_its_own)
    for (faces, effects, count), got in zip(cases, shared, strict=True):
        ctx = model.WalkCtx(faces=faces, incoming=5)
        assert got == _walked_key(walk_rolls(effects, ctx, count)), (faces, effects)
    monkeypatch.undo()
    # the content exercises every way of reading dice that a key sums up
    assert {"symbol", "values", "sum", "of_a_kind", "full"} <= kinds, kinds
    for hero in content.heroes.values():
        for ability in model.defenses(hero, ()):
            for _ in range(3):
                dice = [rng.randint(1, 6) for _ in range(ability.defense_dice)]
                worth = player.defense_worth(hero, ability, dice, 6)
                assert worth == player._defense_worth(hero, ability, sorted(dice), 6)


def test_card_change_finds_the_best_change_as_sorting_every_changed_roll_would():
    rng = random.Random(11)
    for _ in range(300):
        values = [rng.choice([0.0, 1.0, 2.5, rng.random() * 6]) for _ in ALL_FIVE]
        dice = [rng.randint(1, 6) for _ in range(5)]
        value, plan = card_change(values, dice, "set_any", 2)
        best = values[FIVE_INDEX[tuple(sorted(dice))]]
        for a in range(5):
            for b in range(a, 5):
                for va in FACES:
                    for vb in FACES:
                        new = list(dice)
                        new[a] = va
                        new[b] = vb
                        best = max(best, values[FIVE_INDEX[tuple(sorted(new))]])
        assert value == best
        if plan is not None:
            new = list(dice)
            for i, v in plan:
                new[i] = v
            assert values[FIVE_INDEX[tuple(sorted(new))]] == value


def _solve_in_full(values, attempts):
    """The keeping solve the long way: every attempt's W over all multisets, then V as the
    best W over every sub-multiset of each result (or stopping)."""
    v = [list(values)]
    w = []
    for _r in range(attempts):
        table = [0.0] * len(MULTISETS)
        table[FIVE_START:] = v[-1]
        for i in range(FIVE_START - 1, -1, -1):
            table[i] = sum(table[ADD[i][f]] for f in range(6)) / 6.0
        w.append(table)
        v.append(
            [max(values[j], *(table[k] for k in _sub_indices(s))) for j, s in enumerate(ALL_FIVE)]
        )
    return v, w


def test_the_solver_made_on_demand_equals_the_full_solve_at_every_attempt():
    # the last attempt's V is made on its first read, also after a solve is extended or cut
    rng = random.Random(5)
    for n in range(40):
        values = [rng.choice([0.0, 0.0, 1.5, 3.25, rng.random() * 8]) for _ in ALL_FIVE]
        v, w = _solve_in_full(values, 3)
        grown = Solver(values, 1 + n % 2)
        grown._extend(3)
        for solver, attempts in (
            (Solver(values, 1), 1),
            (Solver(values, 2), 2),
            (Solver(values, 3), 3),
            (grown, 3),
            (grown.prefix(2), 2),
            (shared_solver(values, 3).prefix(1), 1),
        ):
            assert solver.before_first_roll() == w[attempts - 1][0]
            for r in range(attempts + 1):
                for j, s in enumerate(ALL_FIVE):
                    assert solver.value(s, r) == v[r][j], (n, attempts, r, s)
            for i in range(0, len(MULTISETS), 7):
                assert solver.keep_value(MULTISETS[i], attempts - 1) == w[attempts - 1][i]


def _cleanse_the_long_way(player, engine, view, choice):
    """The first spendable token whose spend cleanses, if we hold a removable negative status,
    found by reading our statuses first and each token's spend profile for our hero."""
    spends = [o.action for o in choice.options if o.action.kind == "spend"]
    if not spends:
        return None
    me_f = player.fighter(view, choice.player)
    statuses = engine.content.statuses
    bad = [s for s, n in me_f.statuses if n and statuses[s].kind == "negative"]
    if not [s for s in bad if statuses[s].removable]:
        return None
    hero = engine.content.heroes[me_f.hero]
    for action in spends:
        status = action.get("status")
        if model.spend_profile(engine.content, status, hero, "own_negative_status").cleanse:
            return action
    return None


def test_a_cleansing_token_is_found_before_the_table_is_read_with_the_same_answer():
    content = default_content()
    answers = {"cleanse": 0, "other tokens": 0}
    for heroes, seed in ((["monk", "shadow_thief"], 3), (["vampire_lord", "monk"], 8)):
        engine = Engine.new_match(setup_for("duel", heroes, seed), content)
        players = [SmartAI(seed + i, hard=True) for i in range(2)]
        while not engine.over:
            choice = engine.pending
            player = players[choice.player]
            if choice.kind == "respond":
                view = LazyMatchView(engine)
                fast = player._cleanse(engine, view, choice)
                assert fast == _cleanse_the_long_way(player, engine, match_view(engine), choice)
                if fast is not None:
                    answers["cleanse"] += 1
                elif any(o.action.kind == "spend" for o in choice.options):
                    answers["other tokens"] += 1
            engine.apply(player.decide(engine, choice))
        engine.close()
    assert answers["cleanse"] and answers["other tokens"], answers


def test_requirement_tables_by_symbol_counts_equal_checking_every_result_for_ai_and_odds():
    content = default_content()
    checked = set()
    for hero in content.heroes.values():
        for slot in hero.slots:
            for level in slot.levels.values():
                for ability in level:
                    for row in ability.rows:
                        table = model.requirement_table(hero, row.requirement)
                        long_way = tuple(meets(row.requirement, hero, r) for r in ALL_FIVE)
                        assert table == long_way, (hero.id, ability.id)
                        assert odds._table(
                            odds._HeroKey(hero), model.hero_faces(hero), row.requirement
                        ) == tuple(1.0 if hit else 0.0 for hit in long_way)
                        checked.add(bool(row.requirement.symbols or row.requirement.same_symbol))
    assert checked == {True, False}  # symbol requirements (the shortcut) and number ones


def test_the_turn_key_of_a_fighter_is_the_fighter_with_seat_hand_and_cp_set_aside():
    content = default_content()
    player = SmartAI(2, hard=True)
    engine = Engine.new_match(setup_for("duel", ["monk", "cursed_pirate"], 1), content)
    player._prepare(engine)
    engine.close()
    for hero in ("monk", "cursed_pirate", "treant"):
        reads_cp = ("cp",) in model.hero_reads(content.heroes[hero])
        for seat, cp, hand, stunned in ((1, 5, 4, True), (0, 1, 0, False), (1, 2, 6, False)):
            f = Fighter(seat, hero, (("a", 2),), 17, 60, cp, (("x", 1),), (("x", 3),), hand)
            f = replace(f, stunned=stunned)
            key = player.key_fighter(f)
            assert key == replace(f, seat=0, cp=cp if reads_cp else min(cp, 2), hand=0)
            assert hash(key) == hash(replace(key))


def test_a_turn_table_reads_the_attackers_offensive_levels_and_the_defenders_defensive_ones():
    """`turn` keys its table by the attacker's offensive and ultimate levels and the
    defender's defensive levels only: the table is the one worked out with every level,
    and levels of the other kinds share it."""
    content = default_content()
    matchups = (("barbarian", "moon_elf"), ("treant", "cursed_pirate"), ("monk", "paladin"))
    for me_id, opp_id in matchups:
        player, fresh = SmartAI(2, hard=True), SmartAI(3, hard=True)
        engine = Engine.new_match(setup_for("duel", [me_id, opp_id], 1), content)
        player._prepare(engine)
        fresh._prepare(engine)
        engine.close()
        me_hero, opp_hero = content.heroes[me_id], content.heroes[opp_id]
        kinds = {slot.kind for slot in me_hero.slots} | {slot.kind for slot in opp_hero.slots}
        assert {"offensive", "defensive"} <= kinds
        for top in (2, 3):
            me = Fighter(1, me_id, _levels(me_hero, top), 21, 60, 3, (), (), 4)
            opp = Fighter(0, opp_id, _levels(opp_hero, top), 17, 60, 1, (), (), 2)
            t = player.turn(me, opp)
            long_way = fresh._new_turn(fresh.key_fighter(me), fresh.key_fighter(opp))
            assert (list(t.base), list(t.best_row), t.rows) == (
                list(long_way.base),
                list(long_way.best_row),
                long_way.rows,
            )
            # the other kinds' levels at 1: the same table
            me_other = replace(me, levels=_levels(me_hero, top, ("offensive", "ultimate")))
            opp_other = replace(opp, levels=_levels(opp_hero, top, ("defensive",)))
            assert me_other.levels != me.levels or opp_other.levels != opp.levels
            assert player.turn(me_other, opp_other) is t
            # a level the table reads gives another one
            raised = replace(opp, levels=_levels(opp_hero, 1))
            if raised.levels != opp.levels and any(
                s.kind == "defensive" and max(s.levels) > 1 for s in opp_hero.slots
            ):
                assert player.turn(me, raised) is not t


def _levels(hero, top: int, kinds: tuple[str, ...] | None = None) -> tuple:
    """Each slot at `top` (or its highest level below that); slots of other kinds than
    `kinds` (when given) at level 1."""
    return tuple(
        sorted(
            (slot.id, min(top, max(slot.levels)) if kinds is None or slot.kind in kinds else 1)
            for slot in hero.slots
        )
    )
