"""Movement (rules 31-36, 92) and Target & Resolve (rules 4, 40-45)."""

from __future__ import annotations

from game.missions import hexgrid
from tests.missions.helpers import choose, clear_board, drive, henchman, make, put


def _move_to(*targets):
    """Picker: each hero in turn moves to the next target."""
    queue = list(targets)

    def pick(choice):
        want = queue.pop(0)
        for option in choice.options:
            a = option.action
            if a.kind == "move" and (a.get("q"), a.get("r")) == want:
                return a
        raise AssertionError(f"{want} is not offered: {[o.label for o in choice.options]}")

    return pick


def test_rule_31_a_hero_may_stay_put():
    engine = make()
    hero = put(engine.heroes[0], (3, 0))
    with engine.world.active():
        assert (3, 0) in engine.movement_options(hero, set())
    drive(engine, engine._movement(), _move_to((3, 0)))
    assert hero.pos == (3, 0)


def test_rule_32_a_pawn_off_the_map_enters_by_the_entry_space():
    engine = make()
    hero = engine.heroes[0]
    with engine.world.active():
        options = engine.movement_options(hero, set())
    entry = engine.map.entries()[0]
    assert entry in options
    # every option is connected to the entry through passable spaces
    reach = hexgrid.reachable([entry], engine.passable)
    assert set(options) <= set(reach)


def test_rule_33_dark_spaces_block_unless_covered_by_a_defeat_tile():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    pocket = (6, 4)
    for n in hexgrid.neighbors(pocket):
        if n in engine.hexes:
            engine.hexes[n].dark = True
    with engine.world.active():
        assert pocket not in engine.movement_options(hero, set())
        gate = next(n for n in hexgrid.neighbors(pocket) if n in engine.hexes)
        engine.hexes[gate].defeat_tile = True
        options = engine.movement_options(hero, set())
    assert pocket in options and gate in options


def test_rule_34_heroes_may_swap_but_not_end_on_the_same_space():
    engine = make(heroes=("barbarian", "monk"))
    a, b = engine.turn_order()
    put(a, (3, 0))
    put(b, (4, 0))
    with engine.world.active():
        assert engine.passable((4, 0))  # a Hero's space never blocks movement
        assert (3, 0) not in engine.movement_options(b, {(3, 0)})
    _, asked = drive(engine, engine._movement(), _move_to((4, 0), (3, 0)))
    assert (a.pos, b.pos) == ((4, 0), (3, 0))
    assert [c.player for c in asked] == [a.seat, b.seat]  # the earlier Hero decides first


def test_rule_35_collect_every_tile_where_you_stop_but_not_on_the_way():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    for space in engine.hexes.values():
        space.tiles = []
    momentum_tile = next(
        i for i, t in enumerate(engine.db.boost_tiles) if t.kind == "momentum" and t.amount == 2
    )
    cp_tile = next(
        i for i, t in enumerate(engine.db.boost_tiles) if t.kind == "cp" and t.amount == 1
    )
    engine.hexes[(3, 0)].tiles = [(cp_tile, True)]  # on the way
    engine.hexes[(4, 0)].tiles = [(momentum_tile, True), (momentum_tile, True)]
    drive(engine, engine._movement(), _move_to((4, 0)))
    assert hero.momentum == 4 and hero.cp == 2
    assert engine.hexes[(3, 0)].tiles == [(cp_tile, True)] and engine.hexes[(4, 0)].tiles == []
    assert engine.info.boost_discard[-2:] == [momentum_tile, momentum_tile]  # rule 93


def test_rule_36_and_92_exit_opens_only_for_the_objective_and_the_hero_leaves():
    engine = make("clocktower_siege", heroes=("barbarian", "monk"))
    a, b = engine.heroes
    exit_hex = next(h for h, s in engine.hexes.items() if s.exit)
    put(a, (exit_hex[0] - 1, exit_hex[1]))
    put(b, (0, 1))
    with engine.world.active():
        assert exit_hex not in engine.movement_options(a, set())
        clear_board(engine)
        assert exit_hex in engine.movement_options(a, set())
    order = engine.turn_order()
    targets = [exit_hex if h is a else h.pos for h in order]
    drive(engine, engine._movement(), _move_to(*targets))
    assert a.exited and a.pos is None
    assert engine.active_heroes() == [b]
    # an exited Hero still counts for "number of Heroes": the clock moves 2 segments
    clock = engine.side().clock
    start = next(
        i for i in range(8) if all((clock[(i + k) % 8] or {}).get("do") != "threat" for k in (1, 2))
    )
    engine.info.clock = start  # (no threat segment, which could move the hand further)
    drive(engine, engine._crisis_clock())
    assert engine.info.clock == (start + 2) % 8


# ------------------------------------------------------------ Target & Resolve


def _ready(engine, hero, ability, row=0, dice=(1, 1, 1, 1, 1)):
    hero.attack = {"ability": ability, "row": row, "dice": list(dice), "kickers": []}


def test_rules_4_and_41_a_melee_attack_needs_an_adjacent_enemy_or_nothing_happens():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    thug = henchman(engine, "dock_thug", (5, 0))
    _ready(engine, hero, "slap")  # Barbarian: 3 Swords -> 4 damage
    _, asked = drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 6
    assert not asked  # nothing could be targeted: no question
    assert any(ev.kind == "no_target" for ev in engine.log)


def test_rule_40_and_45_adjacent_only_targets_are_offered():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    near = henchman(engine, "dock_thug", (4, 1))
    far = henchman(engine, "dock_thug", (7, 1))
    _ready(engine, hero, "slap")
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target"))
    # the only legal target is taken without asking (rule 45's Wolverine); the hand's
    # Attack Modifier cards may still be offered once the target is set
    assert [c for c in asked if c.kind != "attack_modifiers"] == []
    assert near.health == 6 - 4 and far.health == 6
    # with a second adjacent enemy the Hero picks (rule 45's Storm)
    other = henchman(engine, "dock_thug", (3, 2))
    _ready(engine, hero, "slap")
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target", enemy=2))
    offered = {o.action.get("enemy") for o in asked[0].options if o.action.kind == "target"}
    assert offered == {engine.enemies.index(near), engine.enemies.index(other)}
    assert other.health == 2 and near.health == 2


def test_rule_42_range_bought_with_momentum_reaches_any_enemy():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    hero.momentum = 5
    far = henchman(engine, "dock_thug", (7, 1))
    _ready(engine, hero, "slap")
    picks = iter(["buy_range", "target", "done"])
    _, asked = drive(engine, engine.turn.target_and_resolve(), lambda c: choose(next(picks))(c))
    # buying Range is asked (with a way to refuse it), then any enemy may be targeted
    assert [c.kind for c in asked] == ["choose_target", "choose_target", "attack_modifiers"]
    assert hero.momentum == 5 - 4  # Level 1 card: Range costs 4
    assert far.health == 2


def test_rule_43_an_ultimate_targets_anyone_without_range():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    far = henchman(engine, "dock_thug", (7, 1), health=20)
    _ready(engine, hero, "rampage", dice=(6, 6, 6, 6, 6))
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert far.health == 20 - 15
    assert asked[0].kind == "choose_target"  # the far enemy was offered without Range
    # rule 49's choice was offered for the Stun (the first option, Momentum the other)
    stun = next(c for c in asked if c.kind == "status_or_momentum")
    assert [o.action.kind for o in stun.options] == ["place_status", "take_momentum"]


def test_rule_43_a_heal_is_not_an_attack_and_needs_no_target():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    hero.health = 30
    henchman(engine, "dock_thug", (7, 1))
    _ready(engine, hero, "fortitude")  # 3 Hearts: heal 4
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("no_target"))
    assert hero.health == 34
    assert any(o.action.kind == "target" for o in asked[0].options)  # any enemy may be picked


def test_rule_49_take_one_momentum_instead_of_placing_a_status():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(engine, hero, "crushing_blow", dice=(1, 2, 3, 4, 6))  # Concussion + 8
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("take_momentum"))
    assert [c.kind for c in asked if c.kind != "attack_modifiers"] == ["status_or_momentum"]
    assert hero.momentum == 1 and "concussion" not in thug.tokens and thug.health == 12


def test_rule_49_paralyze_removes_the_momentum_option_and_the_status():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens["paralyze"] = 1
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(engine, hero, "crushing_blow", dice=(1, 2, 3, 4, 6))
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert all(c.kind != "status_or_momentum" for c in asked)
    assert hero.momentum == 0 and not thug.tokens and thug.health == 12
    assert "paralyze" not in hero.tokens  # gone when the Roll Phase ends


def test_rule_59_unstoppable_threats_are_never_targets():
    engine = make()
    hero = put(engine.heroes[0], (2, 0))
    _ready(engine, hero, "rampage", dice=(6, 6, 6, 6, 6))
    living = {i for i, e in enumerate(engine.enemies) if not e.defeated}
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert engine.info.threat == "harbor_crane" and living  # a Threat and Henchmen
    offered = {o.action.get("enemy") for o in asked[0].options if o.action.kind == "target"}
    # an Ultimate may target anyone: exactly the living enemies are offered, nothing more
    assert offered == living
    assert not any("Crane" in o.label for o in asked[0].options)


def test_rule_44_and_98_boss_defense_triggers_automatically_then_shields():
    engine = make("clocktower_siege")
    with engine.world.active():
        engine._next_side()
    boss = engine.enemies[0]  # Horologist: Clockwork Parry prevents 2, 1 Shield + 1 extra
    hero = put(engine.heroes[0], (boss.pos[0] - 1, boss.pos[1]))
    shields = boss.tokens["shield"]
    start = boss.health
    _ready(engine, hero, "slap", row=2, dice=(1, 1, 1, 1, 1))  # 5 Swords -> 8 damage
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    # 8 - 2 (defense) = 6 -> the unique defense (8+) does not trigger; 2 Shields stop 6
    assert boss.health == start and boss.tokens.get("shield", 0) == shields - 2


def test_rule_98_unique_defense_resolves_last_when_its_condition_holds():
    engine = make("clocktower_siege")
    with engine.world.active():
        engine._next_side()
    boss = engine.enemies[0]
    boss.tokens.clear()
    hero = put(engine.heroes[0], (boss.pos[0] - 1, boss.pos[1]))
    start = boss.health
    hero.attack = {"ability": "reckless", "row": 0, "dice": [1, 2, 3, 4, 5], "kickers": []}  # 15
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    # 15 - 2 = 13 >= 8: Rewind gives a Shield after the damage total is known, then it is spent
    assert boss.health == start - 13 + 3
    assert boss.tokens.get("shield", 0) == 0


def test_rules_42_80_range_is_never_bought_without_asking_and_may_be_refused():
    # No adjacent enemy and no Range: buying Range was the only option, and the engine took
    # single options by itself, so 4 Momentum went without a question (issue 16 item 6).
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (2, 0))
    hero.momentum = 5
    far = henchman(engine, "dock_thug", (7, 1))
    _ready(engine, hero, "slap")  # Barbarian: 3 Swords -> 4 damage, melee
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("let_go"))
    assert [c.kind for c in asked] == ["choose_target"]
    kinds = [o.action.kind for o in asked[0].options]
    assert "buy_range" in kinds and "let_go" in kinds
    assert hero.momentum == 5 and far.health == far.start_health
    assert any("does nothing" in ev.text for ev in engine.log)


def test_a_single_option_that_spends_is_still_asked_and_an_invariant_catches_a_missing_decline():
    from game.missions.invariants import check_mission_invariants
    from game.rules.actions import Option, PendingChoice, act

    engine = make()
    spend = [Option(act(0, "buy_range"), "Spend 4 Momentum for Range")]
    _, asked = drive(engine, engine.ask(0, "choose_target", "target?", spend))
    assert len(asked) == 1  # not answered by the engine
    free = [Option(act(0, "no_target"), "Resolve without a target")]
    _, asked = drive(engine, engine.ask(0, "choose_target", "target?", free))
    assert asked == []  # a lone free option is still taken without asking
    engine.pending = PendingChoice(0, "choose_target", "target?", spend)
    assert any("no way to decline" in p for p in check_mission_invariants(engine))
    engine.pending = PendingChoice(0, "choose_target", "target?", spend + free)
    assert not any("no way to decline" in p for p in check_mission_invariants(engine))
