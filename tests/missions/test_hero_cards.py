"""Hero cards, hero tokens, Bonus Damage, Hex, large enemies and Instant Ally powers in
Missions (rules 37, 41, 49, 54, 56, 62, 69, 84, 85 and the status chart)."""

from __future__ import annotations

from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _ready(hero, ability="slap", dice=(1, 1, 1, 1, 1)):
    hero.attack = {"ability": ability, "row": 0, "dice": list(dice), "kickers": []}


# ------------------------------------------------------------ rule 37


def test_rule_37_main_phase_cards_reach_a_teammate_only_in_the_same_phase():
    engine = make(heroes=("barbarian", "monk"))
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (4, 2))
    b.tokens["poison"] = 1
    a.hand, a.cp = ["buh_bye"], 3
    # Main (1): everyone sits in the Main Phase together, so the teammate can be chosen
    a.phase = b.phase = "main1"
    picks = iter([choose("play"), choose("choose_hero", hero=b.seat)])
    _, asked = drive(engine, engine.turn.main_phase(a, 1), lambda c: next(picks, choose("done"))(c))
    chooser = next(c for c in asked if c.kind == "choose")
    assert {o.action.get("hero") for o in chooser.options} == {a.seat, b.seat}
    assert "poison" not in b.tokens
    # a teammate who has gone on to the Offensive Roll cannot be reached: only yourself
    b.tokens["poison"] = 1
    a.tokens["poison"] = 1
    a.hand, a.cp = ["buh_bye"], 3
    b.phase = "roll"
    _, asked = drive(engine, engine.turn.main_phase(a, 1), choose("play"))
    assert engine.turn.teammates_in_phase(a) == []
    assert "poison" in b.tokens and "poison" not in a.tokens  # (one option: taken unasked)


def test_rule_37_part_one_puts_every_hero_in_main_one_before_anyone_rolls():
    engine = make(heroes=("barbarian", "monk"))
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (4, 2))
    engine.info.round = 1
    seen = []

    def pick(choice):
        if choice.kind == "main_phase":
            seen.append((choice.player, a.phase, b.phase))
            return choose("done")(choice)
        if choice.kind == "offensive_roll":
            seen.append((choice.player, a.phase, b.phase))
            return choose("stop")(choice)
        return choice.options[0].action

    drive(engine, engine.turn.part_one(), pick)
    assert seen[0] == (a.seat, "main1", "main1") and seen[1] == (b.seat, "main1", "main1")
    # the first Hero rolls while the second waits in Main (1); then the first is ready
    assert (a.seat, "roll", "main1") in seen and (b.seat, "ready", "roll") in seen


# ------------------------------------------------------------ Roll Phase cards


def test_roll_phase_card_changes_your_own_die_and_one_more_time_adds_an_attempt():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand, hero.cp = ["six_it", "one_more_time"], 5
    force(engine, 1, 2, 3, 4, 5)
    picks = iter(
        [
            choose("play", index=0),  # Six-It!: a die becomes 6
            choose("set_die", die=0),
            choose("reroll", dice=(1,)),
            choose("reroll", dice=(1,)),
            choose("play"),  # One More Time!: a third re-roll becomes possible
            choose("reroll", dice=(1,)),
            choose("stop"),
        ]
    )
    force(engine, 2, 2, 2)
    _, asked = drive(
        engine,
        engine.turn.offensive_roll(hero),
        lambda c: (
            next(picks, None)(c)
            if c.kind in ("offensive_roll", "alter_dice")
            else choose("no_ability")(c)
        ),
    )
    rolls = [c for c in asked if c.kind == "offensive_roll"]
    assert rolls[1].context["dice"][0] == 6
    # three attempts used, then the card's fourth is offered (the last roll asks nothing more)
    assert [c.context["attempts_left"] for c in rolls] == [2, 2, 1, 0, 1]
    assert hero.cp == 5 - 1 - 1 and hero.hand == []


def test_attack_modifier_card_adds_damage_once_the_target_is_chosen():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    hero.hand, hero.cp = ["brute_force"], 2
    _ready(hero)  # Slap: 4 damage
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("play"))
    assert any(c.kind == "attack_modifiers" for c in asked)
    assert thug.health == 20 - 4 - 3 and hero.cp == 0


def test_rule_62_a_card_changes_an_enemy_die_before_it_is_read():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand, hero.cp = ["tip_it"], 1
    engine.info.enemy_dice = [("red", 1), ("red", 2), ("black", 3), ("black", 5)]
    picks = iter([choose("play"), choose("set_die", die=3, value=6), choose("done")])
    drive(engine, engine.turn.alter_enemy_dice(), lambda c: next(picks)(c))
    assert engine.info.enemy_dice[3] == ("black", 6) and hero.cp == 0


def test_an_instant_card_prevents_damage_heading_for_you():
    engine = make(heroes=("monk",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand, hero.cp = ["palm_parry"], 1  # prevent 2 and gain Chi
    thug = henchman(engine, "dock_thug", (4, 1))
    picks = iter([choose("no_defense"), choose("play"), choose("take_damage")])
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 5, "normal", (), melee=True),
        lambda c: next(picks)(c),
    )
    assert hero.health == 45 - 3 and hero.tokens.get("chi") == 1


# ------------------------------------------------------------ hero tokens, Bonus Damage


def test_hero_tokens_spend_on_the_attack_and_against_enemy_damage():
    engine = make(heroes=("monk",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens["chi"] = 2
    thug = henchman(engine, "dock_thug", (4, 1), health=30)
    hero.attack = {"ability": "fists_of_fury", "row": 0, "dice": [1, 1, 1, 2, 2], "kickers": []}
    picks = iter([choose("spend_token", status="chi"), choose("choose_option"), choose("done")])
    drive(engine, engine.turn.target_and_resolve(), lambda c: next(picks, choose("done"))(c))
    dealt = 30 - thug.health
    assert hero.tokens["chi"] == 1
    # the same Attack without Chi deals one less
    thug2 = henchman(engine, "dock_thug", (3, 2), health=30)
    hero.attack = {"ability": "fists_of_fury", "row": 0, "dice": [1, 1, 1, 2, 2], "kickers": []}
    drive(
        engine,
        engine.turn.target_and_resolve(),
        lambda c: (
            choose("done")(c) if c.kind == "attack_modifiers" else choose("target", enemy=1)(c)
        ),
    )
    assert 30 - thug2.health == dealt - 1
    # Chi against an enemy Attack: prevent 1
    picks = iter(
        [
            choose("no_defense"),
            choose("spend_token", status="chi"),
            choose("choose_option"),
            choose("take_damage"),
        ]
    )
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 4, "normal", (), melee=True),
        lambda c: next(picks)(c),
    )
    assert hero.health == 45 - 3 and "chi" not in hero.tokens


def test_a_hero_chooses_which_bonus_damage_tokens_to_spend():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    engine.add_status(hero, "bonus_damage", 1, 2)
    engine.add_status(hero, "bonus_damage", 1, 3)
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(hero)
    picks = iter([choose("spend_bonus", index=1), choose("done")])
    _, asked = drive(engine, engine.turn.target_and_resolve(), lambda c: next(picks)(c))
    offered = [o.label for o in asked[0].options]
    assert "Spend +2 Bonus Damage" in offered and "Spend +3 Bonus Damage" in offered
    assert thug.health == 20 - 4 - 3
    assert hero.bonus == [2] and hero.tokens["bonus_damage"] == 1


# ------------------------------------------------------------ Hex on enemies (rule 69)


def _saboteur_roll(engine, hexed):
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    tokens = {"hex": 1} if hexed else {}
    sab = henchman(engine, "saboteur", (7, 1), **tokens)
    force(engine, 1, 2, 6, 6)  # red fist, red bolt, two black skulls (both sixes)
    drive(engine, engine._enemy_roll(), choose("done"))
    return hero, sab


def test_a_hexed_henchman_reads_sixes_as_blanks_and_hex_leaves_after_its_turn():
    engine = make("market_mayhem")
    hero, sab = _saboteur_roll(engine, hexed=False)
    assert hero.health == 45 - 3  # Incendiary: 3 undefendable
    engine = make("market_mayhem")
    hero, sab = _saboteur_roll(engine, hexed=True)
    assert hero.health == 45 and "hex" not in sab.tokens


def test_rule_69_hex_leaves_after_the_first_target_and_the_attack_goes_on():
    engine = make("market_mayhem", heroes=("barbarian", "monk"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1), hex=1)
    drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        lambda c: (
            choose("no_defense")(c) if c.kind == "defense_choice" else choose("take_damage")(c)
        ),
    )
    hit = engine.db.henchmen["dock_thug"].attack.damage
    assert a.health == 30 - hit and b.health == 30 - hit and "hex" not in thug.tokens


# ------------------------------------------------------------ large enemies (rule 56)


def test_rule_56_a_large_enemy_fills_two_spaces_and_its_defeat_tile_covers_both():
    from game.missions import hexgrid

    engine = make("clocktower_siege")
    brute = next(e for e in engine.enemies if e.enemy == "brute")
    # the map draws the Brute's second space (south-west of it, not the fixed east)
    assert len(brute.spaces) == 2 and brute.extra == tuple(engine.map.parts[brute.pos])
    assert brute.extra != ((brute.pos[0] + 1, brute.pos[1]),)
    other = brute.extra[0]
    assert engine.enemy_at(other) is brute and not engine.passable(other)
    beside = next(
        n
        for n in hexgrid.neighbors(other)
        if n in engine.hexes and not hexgrid.adjacent(n, brute.pos) and n != brute.pos
    )
    hero = put(engine.heroes[0], beside)  # next to the second space only
    assert engine.touching(hero.pos, brute)
    engine.damage_enemy(brute, 99, "test")
    assert all(engine.hexes[h].defeat_tile for h in brute.spaces)
    assert engine.passable(other)


def test_a_large_enemy_that_does_not_fit_is_a_content_error_naming_the_map():
    import pytest

    engine = make("clocktower_siege")
    hdef = engine.db.henchmen["brute"]
    with engine.world.active(), pytest.raises(ValueError, match=r"clocktower_siege_1\.tmx"):
        dark = next(h for h, s in engine.hexes.items() if s.dark)
        engine._large_spaces("clocktower_siege_1.tmx", hdef, (dark[0] - 1, dark[1]))


# ------------------------------------------------------------ Instant Ally powers (rule 84)


def test_rule_84_an_instant_ally_power_is_used_while_damage_comes_in():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.allies = ["riot_medic"]
    thug = henchman(engine, "dock_thug", (4, 1))
    picks = iter(
        [choose("no_defense"), choose("exhaust", ally="riot_medic"), choose("take_damage")]
    )
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 6, "normal", (), melee=True),
        lambda c: next(picks)(c),
    )
    assert hero.health == 45 - 2 and hero.allies == []
    assert engine.info.ally_deck[-1] == "riot_medic"  # to the bottom of the Ally deck


def test_an_instant_ally_power_also_works_in_a_main_phase():
    engine = make()
    hero = put(engine.heroes[0], (3, 1))
    hero.allies = ["fixer"]
    cp, cards = hero.cp, len(hero.hand)
    drive(engine, engine.turn.main_phase(hero, 1), choose("exhaust", ally="fixer"))
    assert hero.cp == cp + 2 and len(hero.hand) == cards + 1 and hero.allies == []


def test_there_are_25_allies_and_some_have_instant_powers():
    engine = make()
    assert len(engine.db.allies) == 25
    assert (
        sum(1 for a in engine.db.allies.values() if a.exhaust and a.exhaust.phase == "instant") >= 4
    )
