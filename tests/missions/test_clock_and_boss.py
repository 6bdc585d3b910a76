"""The Crisis Clock (rules 71-77) and Boss Fights (rules 94, 96-104)."""

from __future__ import annotations

from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _clock(engine, segments, at=0):
    """Replace the side's clock with these 8 segments (a test-only side)."""
    import dataclasses

    side = engine.side()
    new = dataclasses.replace(side, clock=tuple(segments))
    sides = list(engine.mission.sides)
    sides[engine.info.side] = new
    engine.mission = dataclasses.replace(engine.mission, sides=tuple(sides))
    engine.info.clock = at


def test_rule_71_one_segment_per_hero_plus_one_on_increased_difficulty():
    engine = make(heroes=("barbarian", "monk", "paladin"))
    _clock(engine, [None] * 8, at=2)
    drive(engine, engine._crisis_clock())
    assert engine.info.clock == 5
    hard = make(heroes=("barbarian",), difficulty_up=1)
    _clock(hard, [None] * 8, at=7)
    drive(hard, hard._crisis_clock())
    assert hard.info.clock == 1  # wraps clockwise past the top


def test_rules_72_76_every_passed_segment_fires_but_not_the_start_and_damage_pools():
    engine = make(heroes=("barbarian", "monk", "paladin"))
    clear_board(engine)
    for seat, hero in enumerate(engine.heroes):
        put(hero, (seat, 1))
    hero_damage = {"do": "heroes_damage", "amount": 2}
    _clock(engine, [hero_damage, hero_damage, None, hero_damage, None, None, None, None], at=0)
    drive(engine, engine._crisis_clock())
    # segments 1, 2, 3 fire (not 0, where it started): 2 + 2 = 4, landing once
    assert all(h.health == 25 - 4 for h in engine.heroes)
    hits = [e for e in engine.log if e.kind == "hero_damaged"]
    assert len(hits) == 3  # one pooled hit per Hero


def test_rule_73_generic_icons_hit_every_hero():
    engine = make(heroes=("barbarian", "monk"))
    for seat, hero in enumerate(engine.heroes):
        put(hero, (seat + 2, 1))
    _clock(
        engine,
        [None, {"do": "heroes_lose_cp", "amount": 1}, {"do": "heroes_discard", "count": 1}]
        + [None] * 5,
    )
    drive(engine, engine._crisis_clock())
    assert all(h.cp == 1 and len(h.hand) == 3 for h in engine.heroes)


def test_rules_74_77_each_undefeated_enemy_of_the_type_uses_its_crisis_ability():
    engine = make(heroes=("barbarian", "monk", "paladin"))
    clear_board(engine)
    for seat, hero in enumerate(engine.heroes):
        put(hero, (seat, 1))
    henchman(engine, "gunrunner", (6, 3))
    henchman(engine, "gunrunner", (7, 3))
    dead = henchman(engine, "gunrunner", (6, 4))
    dead.defeated = True
    gunrunner = {"do": "enemy_crisis", "enemy": "gunrunner"}
    _clock(engine, [None, {"do": "heroes_discard", "count": 1}, None, gunrunner] + [None] * 4)
    drive(engine, engine._crisis_clock())
    assert all(h.health == 25 - 2 and len(h.hand) == 3 for h in engine.heroes)


def test_rule_74_melee_only_crisis_hits_adjacent_heroes():
    engine = make("clocktower_siege", heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.heroes
    put(a, (3, 1))
    put(b, (0, 4))
    henchman(engine, "brute", (4, 1))
    _clock(engine, [None, {"do": "enemy_crisis", "enemy": "brute"}] + [None] * 6)
    drive(engine, engine._crisis_clock())
    assert a.health == 28 and b.health == 30


# ------------------------------------------------------------ Boss Fights


def _boss_side(engine):
    with engine.world.active():
        engine._next_side()
    return engine.enemies[0]


def test_rule_91_side_two_keeps_health_cards_momentum_and_face_down_tiles():
    engine = make()
    hero = engine.heroes[0]
    hero.health, hero.momentum, hero.cp = 20, 7, 5
    hand = list(hero.hand)
    hero.facedown = [3]
    engine.hexes[(3, 0)].tiles = [(5, True)]
    boss = _boss_side(engine)
    assert boss.kind == "boss" and boss.health == engine.db.bosses["captain_brine"].health[0]
    assert (hero.health, hero.momentum, hero.cp, hero.hand, hero.facedown) == (20, 7, 5, hand, [3])
    assert hero.pos is None and engine.info.side == 1
    assert 5 in engine.info.boost_discard  # tiles on the old map are discarded


def test_rule_99_red_dice_place_face_down_tiles_on_numbered_spaces_under_existing_ones():
    engine = make()
    boss = _boss_side(engine)
    hero = put(engine.heroes[0], engine.map.numbered(3))
    engine.hexes[engine.map.numbered(3)].tiles = [(0, True)]
    engine.info.enemy_dice = [("red", 3), ("red", 3), ("black", 5), ("black", 5)]
    before = list(engine.info.boost_pile[:2])
    drive(engine, engine._boss_roll(), choose("no_defense"))
    tiles = engine.hexes[engine.map.numbered(3)].tiles
    assert tiles == [(0, True), (before[0], False), (before[1], False)]
    assert hero.facedown == []  # a tile placed under a Hero is not collected
    assert boss.health == boss.start_health


def test_rules_100_101_first_matching_attack_only_and_crit_on_face_down_tiles():
    engine = make(heroes=("barbarian", "monk"))
    boss = _boss_side(engine)
    a, b = engine.turn_order()
    put(a, (boss.pos[0] - 1, boss.pos[1]))  # adjacent
    put(b, (0, 4))  # far away, holding a face-down tile -> CRIT
    b.facedown = [
        engine.db.boost_tiles.index(next(t for t in engine.db.boost_tiles if t.kind == "cp"))
    ]
    # Broadside (star + skull) matches, and so would Cutlass (2 fists): only Broadside fires
    engine.info.enemy_dice = [("red", 6), ("red", 1), ("black", 6), ("black", 1), ("black", 1)]
    drive(engine, engine._boss_roll(), choose("no_defense"))
    attacks = [e.text for e in engine.log if e.kind == "boss_attack"]
    assert attacks == ["Captain Brine uses Broadside."]
    broadside = engine.db.bosses["captain_brine"].attacks[0]
    assert a.health == 30 - broadside.melee[0]  # the melee part, no CRIT
    assert b.health == 30 - broadside.ranged[0]  # the range part + the CRIT status
    assert b.tokens.get("knockdown") == 1
    # rule 103: then the face-down tile is revealed and resolved (+CP)
    assert b.facedown == [] and b.cp > 2


def test_rule_100_no_matching_attack_means_no_attack():
    engine = make()
    boss = _boss_side(engine)
    hero = put(engine.heroes[0], (boss.pos[0] - 1, boss.pos[1]))
    engine.info.enemy_dice = [
        ("red", 5),
        ("red", 2),
        ("black", 4),
        ("black", 6),
    ]  # skull, bolt, bolt, skull
    bdef = engine.db.bosses["captain_brine"]
    assert not any(engine.objective_met(a.objective) for a in bdef.attacks[:1])
    drive(engine, engine._boss_roll(), choose("no_defense"))
    # Harpoon (2 bolts) matches
    assert [e.text for e in engine.log if e.kind == "boss_attack"] == [
        "Captain Brine uses Harpoon."
    ]
    assert hero.health == 45 - bdef.attacks[1].melee[0]
    engine.info.enemy_dice = [("red", 5), ("red", 1), ("black", 4), ("black", 6)]
    drive(engine, engine._boss_roll(), choose("no_defense"))
    assert any(e.kind == "no_attack" for e in engine.log)


def test_rule_97_collect_face_up_and_face_down_tiles_where_you_stop():
    engine = make()
    _boss_side(engine)
    hero = put(engine.heroes[0], (1, 0))
    for space in engine.hexes.values():
        space.tiles = []
    heal = next(i for i, t in enumerate(engine.db.boost_tiles) if t.kind == "heal")
    engine.hexes[(2, 0)].tiles = [(heal, True), (7, False), (8, False)]
    hero.health = 40

    def pick(choice):
        for o in choice.options:
            if (o.action.get("q"), o.action.get("r")) == (2, 0):
                return o.action
        raise AssertionError

    drive(engine, engine._movement(), pick)
    assert hero.health > 40 and hero.facedown == [7, 8]


def test_rules_87_and_104_boss_at_zero_wins_even_if_a_hero_fell_in_the_same_phase():
    engine = make(heroes=("barbarian", "monk"))
    boss = _boss_side(engine)
    engine.info.side_done = False
    boss.health = 0
    boss.defeated = True
    engine.heroes[0].defeated = True
    with engine.world.active():
        assert engine._end_of_phase()
    assert engine.info.result == "won" and engine.info.sides_completed == 1


def test_rule_87_a_fallen_hero_loses_at_the_end_of_the_phase():
    engine = make(heroes=("barbarian", "monk"))
    engine.heroes[1].defeated = True
    with engine.world.active():
        assert engine._end_of_phase()
    assert engine.info.result == "lost" and engine.over


def test_rules_89_90_bonus_before_main_and_perfect_reward_carried_to_side_two():
    engine = make()
    clear_board(engine)
    hero = engine.heroes[0]
    hero.health = 30
    engine.info.side_round = 4
    with engine.world.active():
        assert engine._end_of_phase()  # side 1 done -> flip
    assert engine.info.bonus_done and engine.info.perfect
    assert hero.momentum == 2  # bonus: finish within 5 rounds
    assert hero.health == 35  # perfect: heal 5 for the fight
    assert engine.info.side == 1 and engine.enemies[0].kind == "boss"


def test_rule_77_a_crisis_ability_rolls_two_enemy_dice_for_the_rest_of_it():
    # Rule 77's example: Chant hits the Heroes in melee for 2 collateral, then 2 Enemy Dice
    # decide the rest (the Gear Cultist: a Skull on them adds 1 more to each Hero it reached).
    from game.missions import hexgrid

    engine = make("clocktower_siege", heroes=("huntress", "cursed_pirate", "treant"))
    clear_board(engine)
    a, b, c = engine.heroes
    put(a, (0, 1))
    put(b, (1, 1))
    put(c, (6, 4))
    near_two = henchman(engine, "cultist", (0, 2))  # touches a and b
    near_one = henchman(engine, "cultist", (7, 4))  # touches c
    crisis = engine.db.henchmen["cultist"].crisis
    assert crisis.roll is not None and crisis.roll.dice == 2
    first, _second = sorted((near_two, near_one), key=lambda e: hexgrid.reading_key(e.pos))
    hits, misses = (6, 1), (2, 4)  # black dice: 6 is the Skull, 1-3 Fists, 4-5 Bolts
    force(engine, *(hits + misses if first is near_two else misses + hits))
    _clock(engine, [None, None, {"do": "enemy_crisis", "enemy": "cultist"}] + [None] * 5)
    drive(engine, engine._crisis_clock())
    assert (a.health, b.health, c.health) == (25 - 3, 25 - 3, 25 - 2)
    rolls = [ev.text for ev in engine.log if ev.kind == "crisis_roll"]
    assert len(rolls) == 2 and sum("hits home" in t for t in rolls) == 1


def test_rule_77_a_follow_up_roll_can_place_statuses_on_the_heroes_it_reached():
    engine = make("subway_sabotage", heroes=("artificer",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    henchman(engine, "saboteur", (4, 1))
    force(engine, 4, 5)  # two Bolts: Short Circuit's roll hits home
    _clock(engine, [None, {"do": "enemy_crisis", "enemy": "saboteur"}] + [None] * 6)
    drive(engine, engine._crisis_clock())
    assert hero.tokens.get("concussion") == 1
    assert hero.health == 45 - engine.db.henchmen["saboteur"].crisis.damage


def test_rule_122_a_boss_spends_flight_on_its_attack_the_first_hero_cannot_defend():
    # Bosses never spent Flight on the Boss Attack path (issue 16 item 8): rule 122 holds for
    # every enemy that activates a defendable Attack.
    engine = make(heroes=("huntress", "treant"))
    boss = _boss_side(engine)
    boss.tokens["flight"] = 1
    a, b = engine.turn_order()
    q, r = boss.pos
    put(a, (q - 1, r))
    put(b, (q + 1, r))
    cutlass = next(x for x in engine.db.bosses["captain_brine"].attacks if x.name == "Cutlass")
    assert cutlass.melee[1] == "normal"
    force(engine, 6, 2)  # the Flight roll: a 6
    _, asked = drive(engine, engine.boss_attack(boss, cutlass), choose("no_defense"))
    defenses = [c.player for c in asked if c.kind == "defense_choice"]
    assert defenses == [b.seat]  # the first Hero attacked cannot defend
    assert "flight" not in boss.tokens
    assert any(ev.kind == "flight" for ev in engine.log)


def test_rule_122_a_boss_flight_without_a_six_leaves_the_attack_defendable():
    engine = make(heroes=("cursed_pirate",))
    boss = _boss_side(engine)
    boss.tokens["flight"] = 2
    q, r = boss.pos
    hero = put(engine.heroes[0], (q - 1, r))
    cutlass = next(x for x in engine.db.bosses["captain_brine"].attacks if x.name == "Cutlass")
    force(engine, 1, 5)
    _, asked = drive(engine, engine.boss_attack(boss, cutlass), choose("no_defense"))
    assert [c.player for c in asked if c.kind == "defense_choice"] == [hero.seat]
    assert boss.tokens["flight"] == 1  # one spent per activated Attack
