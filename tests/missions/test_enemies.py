"""Enemies: Henchmen, the Enemy Roll, defending, Shields, Defeat tiles, threats and the enemy
AI's token rules (rules 46-70, 120-124)."""

from __future__ import annotations

from game.missions.content import Strike
from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _dice(engine, *faces):
    """Set the Enemy Dice directly: ('red', 1), ('black', 4) ..."""
    engine.info.enemy_dice = list(faces)


def test_enemy_dice_faces_and_red_numbers():
    engine = make()
    red, black = engine.db.dice["red"], engine.db.dice["black"]
    assert red.faces == ("fist", "bolt", "bolt", "skull", "skull", "star")
    assert black.faces == ("fist", "fist", "fist", "bolt", "bolt", "skull")
    _dice(engine, ("red", 6), ("red", 2), ("black", 1), ("black", 6))
    assert engine.dice_symbols() == {"star": 1, "bolt": 1, "fist": 1, "skull": 1}
    assert engine.objective_met((("fist", 1), ("skull", 1)))
    assert not engine.objective_met((("fist", 2),))


def test_rules_62_to_65_panels_left_to_right_henchmen_in_reading_order():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.heroes
    put(a, (3, 1))
    put(b, (0, 5))
    henchman(engine, "gunrunner", (2, 4))  # panel 1 (right), lower row
    henchman(engine, "gunrunner", (6, 0))  # panel 1, top row
    henchman(engine, "dock_thug", (4, 1))  # panel 0 (left), adjacent to a only
    henchman(engine, "dock_thug", (7, 3))  # panel 0, nobody adjacent
    engine.info.threat = None
    # the engine's own Enemy Roll (a copy of its loop here could not catch a wrong order):
    # red 1, red 2, black 1, 4, 1 -> 3 fists, 2 bolts, no star (the threat stays put)
    force(engine, 1, 2, 1, 4, 1)
    drive(engine, engine._enemy_roll(), choose("no_defense"))
    assert len(engine.info.enemy_dice) == 5
    attacks = [ev.text for ev in engine.log if ev.kind in ("enemy_attack", "no_target")]
    assert attacks == [
        "Dock Thug uses Crowbar Swing.",  # panel 0 first: the thug next to a
        "Dock Thug's Crowbar Swing finds no Hero and does nothing.",  # the lonely one (rule 65)
        "Gunrunner uses Spray and Pray.",  # panel 1, top row first
        "Gunrunner uses Spray and Pray.",
    ]
    # thug: its damage to a; each gunrunner: its damage to both (range multi-strike)
    thug = engine.db.henchmen["dock_thug"].attack.damage
    gun = engine.db.henchmen["gunrunner"].attack.damage
    assert a.health == 30 - thug - 2 * gun and b.health == 30 - 2 * gun


def test_rule_67_the_unstoppable_threat_acts_last():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    henchman(engine, "dock_thug", (4, 1))
    assert engine.db.threats["harbor_crane"].objective == (("star", 1),)
    force(engine, 1, 6, 1, 6)  # red 1, red 6, black 1, black 6: 2 fists, a star
    drive(engine, engine._enemy_roll(), choose("no_defense"))
    kinds = [ev.kind for ev in engine.log if ev.kind in ("enemy_attack", "threat")]
    assert kinds == ["enemy_attack", "threat"]
    crane = engine.db.threats["harbor_crane"].effects[0]["amount"]
    assert hero.health == 45 - engine.db.henchmen["dock_thug"].attack.damage - crane


def test_rule_68_defend_adjacent_melee_but_ranged_only_with_range():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    gun = henchman(engine, "gunrunner", (7, 1))
    strike = engine.db.henchmen["gunrunner"].attack
    _, asked = drive(engine, engine.enemy_attack(gun, strike))
    assert asked == []  # no Range, no Momentum: no Defense Roll is offered
    assert hero.health == 43
    hero.momentum = 4
    _, asked = drive(engine, engine.enemy_attack(gun, strike), choose("range_defend"))
    assert [o.action.kind for o in asked[0].options] == ["no_defense", "range_defend"]
    assert hero.momentum == 0  # paid for Range to defend


def test_rule_68_an_enemy_killed_by_a_defense_still_finishes_its_attack():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    engine.info.start_player = 1  # the Monk defends first
    monk, barbarian = engine.turn_order()
    put(monk, (3, 1))
    put(barbarian, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=1)
    force(engine, 1, 1, 2)  # Meditation: two Fists deal 2 damage back, one prevents

    def pick(choice):
        return choose("defend" if choice.player == monk.seat else "no_defense")(choice)

    drive(engine, engine.enemy_attack(thug, Strike("Test Swing", "melee", True, 3, "normal")), pick)
    assert thug.defeated
    kinds = [e.kind for e in engine.log if e.kind in ("enemy_defeated", "hero_damaged")]
    assert kinds[0] == "enemy_defeated" and barbarian.health == 30 - 3  # still hit afterwards


def test_rule_69_blind_only_affects_the_first_target():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1), blind=1)
    force(engine, 2)  # the Blind roll: 1-2 misses the first Hero
    drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        choose("no_defense"),
    )
    assert a.health == 30 and b.health == 30 - engine.db.henchmen["dock_thug"].attack.damage
    assert "blind" not in thug.tokens


def test_rule_66_and_69_statuses_and_paralyze_on_the_first_target_only():
    engine = make("clocktower_siege", heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    cultist = henchman(engine, "cultist", (4, 1), paralyze=1)
    drive(
        engine,
        engine.enemy_attack(cultist, engine.db.henchmen["cultist"].attack),
        choose("no_defense"),
    )
    assert "bleed" not in a.tokens and b.tokens.get("bleed") == 1
    assert "paralyze" not in cultist.tokens


def test_rule_120_enemy_bonus_damage_all_spent_first_target_only():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1))
    engine.add_status(thug, "bonus_damage", 1, 3)
    engine.add_status(thug, "bonus_damage", 1, 2)
    drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        choose("no_defense"),
    )
    hit = engine.db.henchmen["dock_thug"].attack.damage
    assert a.health == 30 - hit - 3 - 2 and b.health == 30 - hit
    assert "bonus_damage" not in thug.tokens


def test_rule_122_enemy_flight_makes_the_attack_undefendable_for_the_first_hero():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1), flight=1)
    force(engine, 6, 1)  # Flight works
    _, asked = drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        choose("no_defense"),
    )
    defenses = [c.player for c in asked if c.kind == "defense_choice"]
    assert defenses == [b.seat]  # only the second Hero may defend
    assert "flight" not in thug.tokens


def test_rules_54_and_123_henchmen_spend_shields_against_defendable_attacks_only():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=20, shield=3)
    hero.attack = {"ability": "slap", "row": 1, "dice": [1] * 5, "kickers": []}  # 6 damage
    drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 20 and thug.tokens["shield"] == 1  # 2 Shields stop 6
    hero.attack = {
        "ability": "smack",
        "row": 0,
        "dice": [1, 1, 6, 6, 4],
        "kickers": [],
    }  # 6 undefendable
    drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 14 and thug.tokens["shield"] == 1  # not spent, not removed


def test_rule_54_one_shield_is_spent_even_if_it_stops_only_one():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=20, shield=2)
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}  # 4 damage
    drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 20 and "shield" not in thug.tokens


def test_rule_121_enemy_evasive_only_against_four_or_more():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=20, evasive=1)
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}  # 4 damage
    force(engine, 1)  # Evasive succeeds
    drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 20 and "evasive" not in thug.tokens
    small = henchman(engine, "dock_thug", (3, 2), health=20, evasive=1)
    from game.missions.hero_turn import Ctx

    ctx = Ctx(hero, engine.hero_def(hero), [1] * 5, small, damage=[(3, "normal")])
    with engine.world.active():
        engine.turn.land_on_enemy(hero, small, ctx, True)
    assert small.health == 17 and small.tokens["evasive"] == 1  # 3 is not worth spending it


def test_rules_56_57_defeat_tile_and_two_momentum_from_the_start_player():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    thug = henchman(engine, "dock_thug", (4, 1), health=2)
    with engine.world.active():
        engine.damage_enemy(thug, 5, "test")
    assert thug.defeated and engine.hexes[(4, 1)].defeat_tile
    assert engine.passable((4, 1))
    chooser = engine.info.start_player
    _, asked = drive(engine, engine._hand_out_momentum(), lambda c: c.options[-1].action)
    assert asked[0].player == chooser
    assert sum(h.momentum for h in engine.heroes) == 2


def test_rule_46_an_enemy_heals_no_higher_than_its_start_plus_ten():
    engine = make()
    with engine.world.active():
        engine._next_side()
    boss = engine.enemies[0]  # Captain Brine's crisis ability heals 3
    boss.health = boss.start_health + 9
    _clock_boss = {"do": "boss_crisis"}
    drive(engine, engine._crisis_segment(_clock_boss, __import__("collections").Counter()))
    assert boss.health == boss.start_health + 10


def test_rule_48_cp_statuses_do_nothing_to_enemies():
    engine = make()
    clear_board(engine)
    thug = henchman(engine, "dock_thug", (4, 1), disruption=1, knockdown=1, burn=1)
    drive(engine, engine._enemy_upkeep())
    assert thug.health == 6 - 2  # Burn hurts; Disruption does nothing to an enemy
    assert thug.tokens["disruption"] == 1


def test_rule_47_entangle_does_not_change_the_enemy_dice():
    engine = make()
    clear_board(engine)
    henchman(engine, "dock_thug", (4, 1), entangle=1)
    with engine.world.active():
        engine.roll_enemy_dice()
    assert len(engine.info.enemy_dice) == 4


def test_enemy_upkeep_poison_and_bleed():
    engine = make()
    clear_board(engine)
    thug = henchman(engine, "dock_thug", (4, 1), health=10, poison=2, bleed=1)
    force(engine, 3)  # Bleed: 1 damage
    drive(engine, engine._enemy_upkeep())
    assert thug.health == 10 - 2 - 1 and thug.tokens["bleed"] == 1
    force(engine, 6)  # Bleed comes off
    drive(engine, engine._enemy_upkeep())
    assert thug.health == 5 and "bleed" not in thug.tokens


def test_rule_61_defeat_all_ignores_the_unstoppable_threat():
    engine = make()
    clear_board(engine)
    assert engine.info.threat == "harbor_crane"
    with engine.world.active():
        assert engine._objective_met()


def test_attack_modifiers_on_heroes_focus_fire_targeted_oppression_and_enemy_wither():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens.update({"focus_fire": 1, "targeted": 1, "oppression": 2})
    thug = henchman(engine, "dock_thug", (4, 1), wither=1)
    drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        choose("no_defense"),
    )
    assert hero.health == 45 - (engine.db.henchmen["dock_thug"].attack.damage + 1 + 2 + 2 - 1)


def _answer(**by_kind):
    """Answer each decision kind with the first option of the given action kind."""

    def pick(choice):
        kind, args = by_kind[choice.kind]
        return choose(kind, **args)(choice)

    return pick


def test_hero_shield_tokens_stop_three_each_against_defendable_damage():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens["shield"] = 2
    brute = henchman(engine, "dock_thug", (4, 1))
    pick = _answer(defense_choice=("no_defense", {}), spend_tokens=("spend_shield", {"count": 2}))
    _, asked = drive(
        engine, engine.enemy_attack(brute, Strike("Big", "melee", True, 5, "normal")), pick
    )
    offered = [o.action.get("count") for o in asked[-1].options if o.action.kind == "spend_shield"]
    assert offered == [1, 2]
    assert hero.health == 45 and "shield" not in hero.tokens
    # undefendable damage: Shields are not offered at all
    hero.tokens["shield"] = 2
    _, asked = drive(
        engine, engine.enemy_attack(brute, Strike("Big", "melee", True, 5, "undefendable"))
    )
    assert asked == [] and hero.health == 40 and hero.tokens["shield"] == 2


def test_hero_evasive_is_the_heros_choice():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens["evasive"] = 1
    thug = henchman(engine, "dock_thug", (4, 1))
    force(engine, 2)
    pick = _answer(defense_choice=("no_defense", {}), spend_tokens=("spend_evasive", {}))
    drive(engine, engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack), pick)
    assert hero.health == 45 and "evasive" not in hero.tokens
