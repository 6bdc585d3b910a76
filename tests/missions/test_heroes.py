"""A Hero's round: Hero Phase Parts 1 and 2, statuses, Momentum, Allies and Boost Tiles
(rules 25, 27, 37-39, 78-85, 93-95 and the status chart)."""

from __future__ import annotations

import pytest

from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _tile(engine, kind, amount=None, status=None):
    for i, t in enumerate(engine.db.boost_tiles):
        if (
            t.kind == kind
            and (amount is None or t.amount == amount)
            and (status is None or t.status == status)
        ):
            return i
    raise AssertionError(kind)


def _first_round_hero(engine):
    hero = put(engine.heroes[0], (3, 1))
    return hero


def test_rule_25_income_is_skipped_in_the_first_round_then_gives_cp_and_a_card():
    engine = make()
    hero = _first_round_hero(engine)
    engine.info.round = 1
    drive(engine, engine.turn.part_one(), choose("done"))
    assert hero.cp == 2 and len(hero.hand) == 4
    engine.info.round = 2
    drive(engine, engine.turn.part_one(), choose("done"))
    assert hero.cp == 3 and len(hero.hand) == 5


def test_concussion_skips_the_next_income():
    engine = make()
    hero = _first_round_hero(engine)
    hero.tokens["concussion"] = 1
    engine.info.round = 2
    drive(engine, engine.turn.part_one(), choose("done"))
    assert hero.cp == 2 and "concussion" not in hero.tokens


def test_upkeep_burn_poison_bleed_and_disruption_on_a_hero():
    engine = make()
    hero = _first_round_hero(engine)
    hero.tokens.update({"burn": 1, "poison": 2, "bleed": 1, "disruption": 1})
    force(engine, 2)  # bleed: 1 damage
    drive(engine, engine.turn.upkeep(hero), choose("take_damage"))
    assert hero.health == 45 - 2 - 2 - 1 - 2 and "disruption" not in hero.tokens
    hero.tokens["disruption"] = 1
    hero.tokens.pop("bleed")
    drive(engine, engine.turn.upkeep(hero), choose("lose_cp"))
    assert hero.cp == 1


def test_roll_attempts_entangle_and_barbed_vine():
    engine = make()
    hero = _first_round_hero(engine)
    hero.tokens.update({"entangle": 1, "barbed_vine": 1})
    force(engine, 1, 2, 3, 4, 5)
    _, asked = drive(engine, engine.turn.offensive_roll(hero), choose("reroll", dice=(0,)))
    rolls = [c for c in asked if c.kind == "offensive_roll"]
    assert rolls[0].context["attempts_left"] == 1  # 3 - 1 for Entangle
    assert len(rolls) == 1  # after the second attempt only "keep" is left: nothing to ask
    assert hero.health == 43  # Barbed Vine: a second Roll Attempt costs 2
    assert "entangle" not in hero.tokens and "barbed_vine" not in hero.tokens


def test_knockdown_pay_two_cp_or_skip_the_roll():
    engine = make()
    hero = _first_round_hero(engine)
    hero.tokens["knockdown"] = 1
    _, asked = drive(engine, engine.turn.offensive_roll(hero), choose("skip_roll"))
    assert hero.attack is None and len(asked) == 1 and "knockdown" not in hero.tokens


def test_silence_blocks_straights_and_hex_blanks_sixes():
    engine = make()
    hero = _first_round_hero(engine)
    with engine.world.active():
        names = {a.id for a, _i, _r in engine.turn.met_rows(hero, [1, 2, 3, 4, 5])}
        assert "reckless" in names
        hero.tokens["silence"] = 1
        names = {a.id for a, _i, _r in engine.turn.met_rows(hero, [1, 2, 3, 4, 5])}
        assert "reckless" not in names and "crushing_blow" not in names
        hero.tokens = {"hex": 1}
        assert not any(a.id == "rampage" for a, _i, _r in engine.turn.met_rows(hero, [6] * 5))


def test_blind_can_make_the_hero_roll_fail():
    engine = make()
    hero = _first_round_hero(engine)
    hero.tokens["blind"] = 1
    force(engine, 1, 1, 1, 1, 1, 2)  # 5 Swords, then the Blind roll 2
    drive(engine, engine.turn.offensive_roll(hero), choose("activate"))
    assert hero.attack is None and "blind" not in hero.tokens


def test_rule_38_part_one_ends_ready_to_attack_and_damage_waits_for_target_and_resolve():
    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    thug = henchman(engine, "dock_thug", (4, 1))
    force(engine, 1, 1, 1, 1, 1)
    engine.info.round = 1

    def pick(choice):
        if choice.kind == "main_phase":
            return choose("done")(choice)
        if choice.kind == "offensive_roll":
            return choose("stop")(choice)
        return choose("activate", ability="slap", row=2)(choice)

    drive(engine, engine.turn.part_one(), pick)
    assert hero.attack["ability"] == "slap" and thug.health == 6
    assert any(e.kind == "ready" for e in engine.log)
    drive(engine, engine.turn.target_and_resolve())
    assert thug.defeated


def test_rule_39_part_two_main_then_sell_down_to_six():
    engine = make()
    hero = _first_round_hero(engine)
    engine.draw(hero, 4)
    assert len(hero.hand) == 8
    drive(engine, engine.turn.part_two(), lambda c: c.options[0].action)
    assert len(hero.hand) == 6 and hero.cp == 4


def test_upgrade_cards_can_be_played_in_a_main_phase():
    engine = make()
    hero = _first_round_hero(engine)
    card = next(
        c
        for c in engine.content.cards.values()
        if c.hero == "barbarian" and c.type == "upgrade" and c.cost <= 2
    )
    hero.hand = [card.id]
    hero.cp = 5
    drive(engine, engine.turn.main_phase(hero, 1), choose("upgrade"))
    assert hero.levels[card.upgrade_slot] == card.upgrade_level and hero.cp == 5 - card.cost


# ------------------------------------------------------------ Momentum


def test_rule_78_momentum_never_goes_above_fifteen():
    engine = make()
    hero = engine.heroes[0]
    engine.gain_momentum(hero, 40)
    assert hero.momentum == 15


def test_rules_80_81_momentum_actions_cost_and_limits_depend_on_the_card_level():
    engine = make()
    hero = _first_round_hero(engine)
    hero.momentum = 15
    with engine.world.active():
        assert {a.id for a in engine.turn.momentum_actions(hero, "main")} == {"recruit_ally"}
        hero.momentum_level = 3
        assert {a.id for a in engine.turn.momentum_actions(hero, "main")} == {
            "recruit_ally",
            "gain_cp",
            "heal",
        }
        engine.turn.use_momentum(hero, "gain_cp")
        assert hero.cp == 3 and hero.momentum == 13
        assert "gain_cp" not in {
            a.id for a in engine.turn.momentum_actions(hero, "main")
        }  # once a round
        assert engine.turn.momentum_cost(hero, "gain_range") == 3


def test_momentum_reroll_of_own_die_during_the_roll():
    engine = make()
    hero = _first_round_hero(engine)
    hero.momentum = 3
    force(engine, 1, 1, 1, 1, 4, 1)
    picks = iter(["momentum_reroll", "stop", "activate"])
    drive(
        engine,
        engine.turn.offensive_roll(hero),
        lambda c: choose(
            next(picks), **({"die": 4} if c.kind == "offensive_roll" and hero.momentum == 3 else {})
        )(c),
    )
    assert hero.momentum == 0 and hero.attack["dice"] == [1, 1, 1, 1, 1]


# ------------------------------------------------------------ Allies


def _give_hq(engine, *allies):
    engine.info.ally_hq = list(allies)


def test_rule_82_recruit_pays_momentum_takes_the_ally_and_refills_the_hq():
    engine = make()
    hero = _first_round_hero(engine)
    hero.momentum = 6
    _give_hq(engine, "informant", "field_medic", "hacker")
    deck_top = engine.info.ally_deck[0]
    drive(
        engine,
        engine.turn.main_phase(hero, 1),
        lambda c: choose("recruit", ally="informant")(c) if not hero.allies else choose("done")(c),
    )
    assert hero.allies == ["informant"] and hero.momentum == 6 - 2 + 1  # recruit power: +1
    assert engine.info.ally_hq == ["field_medic", "hacker", deck_top]


def test_rule_83_one_ally_by_default_send_one_away_to_make_room():
    engine = make()
    hero = _first_round_hero(engine)
    hero.allies = ["informant"]
    hero.momentum = 10
    _give_hq(engine, "hacker", "field_medic", "reporter")
    drive(engine, engine.turn.recruit(hero, ally_id="hacker"))
    assert hero.allies == ["hacker"] and engine.info.ally_deck[-1] == "informant"


def test_rule_85_kicker_adds_to_the_ability_and_plus_exhaust_sends_the_ally_away():
    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    hero.allies = ["sharpshooter"]  # kicker: Range; +Exhaust: +3 damage
    attack = {"ability": "slap", "row": 0, "dice": [1] * 5}
    drive(engine, engine.turn.kickers(hero, attack), choose("plus_exhaust"))
    hero.attack = attack
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert thug.health == 20 - 4 - 3
    assert hero.allies == [] and engine.info.ally_deck[-1] == "sharpshooter"


def test_rule_85_kicker_requirement_must_be_met():
    engine = make()
    hero = _first_round_hero(engine)
    hero.allies = ["tactician"]  # needs 3 of a kind
    attack = {"ability": "slap", "row": 0, "dice": [1, 2, 1, 2, 3]}
    drive(engine, engine.turn.kickers(hero, attack))
    assert attack["kickers"] == []
    attack = {"ability": "slap", "row": 0, "dice": [1, 1, 1, 2, 3]}
    drive(engine, engine.turn.kickers(hero, attack))
    assert attack["kickers"] == ["tactician"]


def test_rule_85_an_ally_offensive_ability_counts_as_the_heroes_own():
    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    hero.allies = ["brawler"]  # Haymaker: 4 matching symbols -> 7 damage, melee
    force(engine, 4, 4, 4, 4, 6)  # 4 hearts (any matching symbols)
    drive(
        engine,
        engine.turn.offensive_roll(hero),
        lambda c: choose("stop")(c) if c.kind == "offensive_roll" else choose("activate_ally")(c),
    )
    assert hero.attack["ally"] == "brawler"
    drive(engine, engine.turn.target_and_resolve())
    assert thug.health == 13


def test_rule_85_exhaust_power_in_a_main_phase():
    engine = make()
    hero = _first_round_hero(engine)
    hero.allies = ["field_medic"]
    hero.health = 30
    drive(
        engine,
        engine.turn.main_phase(hero, 1),
        lambda c: choose("exhaust")(c) if hero.allies else choose("done")(c),
    )
    assert hero.health == 36 and hero.allies == []


# ------------------------------------------------------------ Boost Tiles


@pytest.mark.parametrize(
    "kind,check",
    [
        ("cp", lambda h, t: h.cp == 2 + t.amount),
        ("heal", lambda h, t: h.health == 30 + t.amount),
        ("momentum", lambda h, t: h.momentum == t.amount),
        ("draw", lambda h, t: len(h.hand) == 4 + t.amount),
        ("status", lambda h, t: h.tokens == {t.status: 1}),
    ],
)
def test_rule_95_boost_tile_kinds(kind, check):
    engine = make()
    hero = engine.heroes[0]
    hero.health = 30
    index = _tile(engine, kind)
    tile = engine.db.boost_tiles[index]
    assert kind == "status" or tile.amount > 0  # a tile that gives nothing would prove nothing
    drive(engine, engine.turn.resolve_boost(hero, index))
    assert check(hero, tile)


def test_rule_95_cleanse_removes_a_status_or_gives_one_momentum():
    engine = make()
    hero = engine.heroes[0]
    hero.tokens["burn"] = 1
    drive(
        engine,
        engine.turn.resolve_boost(hero, _tile(engine, "cleanse")),
        choose("remove", status="burn"),
    )
    assert "burn" not in hero.tokens
    drive(engine, engine.turn.resolve_boost(hero, _tile(engine, "cleanse")))
    assert hero.momentum == 1


def test_rule_95_transfer_moves_a_status_or_gives_two_momentum():
    engine = make()
    clear_board(engine)
    hero = engine.heroes[0]
    thug = henchman(engine, "dock_thug", (4, 1))
    hero.tokens["poison"] = 1
    drive(
        engine,
        engine.turn.resolve_boost(hero, _tile(engine, "transfer")),
        choose("transfer", status="poison", dst=1),
    )
    assert thug.tokens == {"poison": 1} and "poison" not in hero.tokens
    drive(
        engine, engine.turn.resolve_boost(hero, _tile(engine, "transfer")), choose("take_momentum")
    )
    assert hero.momentum == 2


def test_rule_93_an_empty_boost_pile_reshuffles_the_discards():
    engine = make()
    engine.info.boost_pile = []
    engine.info.boost_discard = [4, 9]
    with engine.world.active():
        tile = engine.draw_boost()
    assert tile in (4, 9) and len(engine.info.boost_pile) == 1 and engine.info.boost_discard == []


# ------------------------------------------------------------ Feats and Mythic abilities


def test_feats_are_used_once_per_mission():
    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    hero.feats = ["feat_add_die"]
    thug = henchman(engine, "dock_thug", (4, 1), health=30)
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}
    force(engine, 5)
    picks = iter(["feat", "target"])
    drive(engine, engine.turn.target_and_resolve(), lambda c: choose(next(picks))(c))
    assert thug.health == 30 - 4 - 5 and hero.feats == []


def test_mythic_last_stand_and_long_arm():
    engine = make(mythics=("mythic_resolve",))
    hero = engine.heroes[0]
    engine.damage_hero(hero, 100, "test")
    assert hero.health == 1 and not hero.defeated
    engine.damage_hero(hero, 5, "test")
    assert hero.defeated
    far = make(mythics=("mythic_reach",))
    far.info.round = 0
    with far.world.active():
        gen = far._round()
        next(gen)  # the round starts; Range is granted for it
    assert far.heroes[0].has_range


def test_thick_skin_two_refuses_a_second_copy_of_a_held_status():
    engine = make("clocktower_siege")
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.levels["thick_skin"] = 2
    hero.tokens["bleed"] = 1
    cultist = henchman(engine, "cultist", (4, 1))
    force(engine, 1, 1, 1, 1)  # four Swords: prevent 4
    drive(
        engine, engine.enemy_attack(cultist, engine.db.henchmen["cultist"].attack), choose("defend")
    )
    assert hero.tokens["bleed"] == 1 and hero.health == 45
    drive(
        engine,
        engine.enemy_attack(cultist, engine.db.henchmen["cultist"].attack),
        choose("no_defense"),
    )
    assert hero.tokens["bleed"] == 2


def test_hero_passives_run_in_missions_upkeep_and_attacking():
    engine = make(heroes=("gunslinger", "paladin"))
    clear_board(engine)
    gunslinger, paladin = engine.heroes
    put(gunslinger, (3, 1))
    put(paladin, (5, 1))
    drive(engine, engine.turn.upkeep(gunslinger))
    assert gunslinger.tokens.get("reload") == 1  # Quick Draw: a Reload every Upkeep
    thug = henchman(engine, "dock_thug", (4, 1), health=30)
    hero_def = engine.hero_def(paladin)
    holy = next(a for a, _i, _r in engine.turn.rows(paladin) if a.id == "holy_attack")
    prayer = next(f.value for f in hero_def.dice if f.symbol == "prayer")
    paladin.attack = {"ability": holy.id, "row": 0, "dice": [prayer] * 5, "kickers": []}
    cp = paladin.cp
    drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert paladin.cp == cp + 1 and thug.health < 30  # Tithe: +1 CP for a Prayer


def test_main_phase_cards_with_a_missions_meaning_can_be_played():
    engine = make(heroes=("pyromancer",))
    clear_board(engine)
    hero = _first_round_hero(engine)
    a = henchman(engine, "dock_thug", (6, 3))
    b = henchman(engine, "dock_thug", (1, 5), shield=2)
    hero.hand = ["firestorm", "ignite"]
    hero.cp = 10
    picks = iter(
        [("play", {"index": 0}), ("play", {"index": 0}), ("target", {"enemy": 0}), ("done", {})]
    )

    def pick(choice):
        if choice.kind == "status_or_momentum":
            return choose("place_status")(choice)
        kind, args = next(picks)
        return choose(kind, **args)(choice)

    drive(engine, engine.turn.main_phase(hero, 1), pick)
    assert a.health == 4 and b.health == 4 and b.tokens["shield"] == 2  # collateral: no Shields
    assert a.tokens.get("burn") == 1 and hero.cp == 10 - 2 - 3
    assert hero.discard == ["firestorm", "ignite"]


def test_cards_without_a_missions_meaning_are_only_sold():
    engine = make()
    hero = _first_round_hero(engine)
    hero.hand = ["transference"]
    hero.cp = 10
    _, asked = drive(engine, engine.turn.main_phase(hero, 1), choose("done"))
    assert {o.action.kind for o in asked[0].options} == {"done", "sell"}


def test_a_hero_spends_flight_to_make_the_attack_undefendable_past_shields():
    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    hero.tokens["flight"] = 1
    thug = henchman(engine, "dock_thug", (4, 1), health=20, shield=2)
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}
    force(engine, 6, 2)
    picks = iter(["spend_flight", "target"])
    drive(engine, engine.turn.target_and_resolve(), lambda c: choose(next(picks))(c))
    assert thug.health == 16 and thug.tokens["shield"] == 2 and "flight" not in hero.tokens


def test_steal_health_from_an_enemy_ignores_shields():
    from game.missions.hero_turn import Ctx

    engine = make()
    clear_board(engine)
    hero = _first_round_hero(engine)
    hero.health = 30
    thug = henchman(engine, "dock_thug", (4, 1), health=2, shield=3)
    ctx = Ctx(hero, engine.hero_def(hero), [], thug)
    drive(engine, engine.turn.run(ctx, [{"do": "steal_health", "amount": 3}]))
    assert thug.defeated and hero.health == 32  # only what it had
