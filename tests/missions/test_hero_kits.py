"""The heroes' own kits in Missions: companions (Nyra), Spirits and Bots that grow, a flipped
hero board, raised stack limits, a restarted Offensive Roll and Reload's re-roll."""

from __future__ import annotations

from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _picks(*pickers):
    seq = iter(pickers)
    return lambda c: next(seq, choose("done"))(c)


def _by_kind(**pickers):
    """Answer each decision by its kind (questions with one legal option are never asked)."""
    return lambda c: pickers.get(c.kind, choose("done"))(c)


# ------------------------------------------------------------ setup


def test_each_hero_starts_a_mission_with_the_setup_of_their_hero_file():
    engine = make(heroes=("huntress", "treant", "artificer", "cursed_pirate"))
    huntress, treant, artificer, pirate = engine.heroes
    assert huntress.companions == {"nyra": [12, 12]}
    assert huntress.tokens.get("nyras_bond") == 1
    assert treant.tokens.get("seedling") == 1
    assert artificer.tokens.get("synth") == 2
    assert pirate.tokens.get("cursed_doubloon") == 3
    assert not engine.unsupported


# ------------------------------------------------------------ Nyra


def test_nyras_bond_lets_nyra_take_part_of_an_enemy_attack():
    engine = make(heroes=("huntress",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    thug = henchman(engine, "dock_thug", (4, 1))
    before = hero.health
    picks = _picks(
        choose("no_defense"),
        choose("spend_token", status="nyras_bond"),
        choose("choose_option", index=0),  # let Nyra share the blow
        choose("split", amount=4),
    )
    _, asked = drive(
        engine, engine.turn.hero_takes_attack(hero, thug, 6, "normal", (), True), picks
    )
    split = next(c for c in asked if c.kind == "companion_split")
    assert [o.action.get("amount") for o in split.options] == list(range(7))
    assert hero.health == before - 2
    assert hero.companions["nyra"] == [8, 12]
    assert "nyras_bond" not in hero.tokens


def test_without_the_bond_nyra_takes_nothing_and_a_downed_nyra_switches_her_abilities_off():
    engine = make(heroes=("huntress",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens.pop("nyras_bond")
    thug = henchman(engine, "dock_thug", (4, 1))
    before = hero.health
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 5, "normal", (), True),
        _picks(choose("no_defense"), choose("take_damage")),
    )
    assert hero.health == before - 5 and hero.companions["nyra"] == [12, 12]
    turn = engine.turn
    ctx_active = {"companion_active": "nyra"}
    from game.missions.hero_turn import Ctx

    ctx = Ctx(hero, engine.hero_def(hero), [])
    assert turn.condition(ctx, ctx_active) is True
    turn.change_companion(hero, "nyra", -14, "test")
    assert hero.companions["nyra"] == [-2, 12]  # the excess stays on her
    assert turn.condition(ctx, ctx_active) is False
    # Nyra's Bond spent in a Main Phase heals her 3 at once (and she is up again at 1)
    hero.tokens["nyras_bond"] = 1
    drive(
        engine,
        turn.main_phase(hero, 1),
        _picks(choose("spend_token", status="nyras_bond")),
    )
    assert hero.companions["nyra"] == [1, 12]
    assert turn.condition(ctx, ctx_active) is True


def test_a_huntress_card_heals_nyra_but_never_above_her_start():
    engine = make(heroes=("huntress",))
    hero = engine.heroes[0]
    card = next(
        c
        for c in engine.content.cards.values()
        if c.type in ("main", "instant") and any(fx.verb == "heal_companion" for fx in c.effects)
    )
    assert engine.turn.card_fits(hero, card, "main")
    hero.companions["nyra"] = [10, 12]
    hero.hand, hero.cp = [card.id], card.cost
    drive(engine, engine.turn.main_phase(hero, 1), _picks(choose("play")))
    assert hero.companions["nyra"] == [12, 12]


def test_a_heal_at_full_health_is_logged_as_no_change_not_as_a_heal():
    engine = make(heroes=("huntress",))
    hero = engine.heroes[0]
    assert hero.companions["nyra"] == [12, 12]
    engine.log.clear()
    engine.turn.change_companion(hero, "nyra", 3, "healed")
    lines = [ev.text for ev in engine.log if ev.kind == "companion_health"]
    assert lines == ["Nyra: Health stays 12 (already at full Health)."]
    hero.companions["nyra"] = [10, 12]
    engine.turn.change_companion(hero, "nyra", 3, "healed")
    assert engine.log[-1].text == "Nyra: Health 10 -> 12 (healed)."


# ------------------------------------------------------------ Spirits and Bots


def test_the_treant_grows_a_seedling_into_a_sapling_with_a_card():
    engine = make(heroes=("treant",))
    hero = engine.heroes[0]
    hero.hand, hero.cp = ["sprout"], 1
    picks = _picks(choose("play"), lambda c: next(o.action for o in c.options if "Turn" in o.label))
    _, asked = drive(engine, engine.turn.main_phase(hero, 1), picks)
    grow = next(c for c in asked if c.kind == "grow")
    assert len(grow.options) == 2  # a new Seedling, or the Seedling grows
    assert hero.tokens.get("sapling") == 1 and "seedling" not in hero.tokens
    assert hero.cp == 0


def test_the_artificer_spends_synth_in_the_main_phase_to_build_one_bot_of_a_kind():
    engine = make(heroes=("artificer",))
    hero = engine.heroes[0]
    hero.hand = []
    hero.tokens["synth"] = 3
    drive(
        engine,
        engine.turn.main_phase(hero, 1),
        _picks(choose("spend_token", status="synth"), choose("grow", step=0)),
    )
    assert hero.tokens.get("heal_bot") == 1 and hero.tokens["synth"] == 1  # the token + 1 cost
    # a basic Bot is built once: the next Synth offers the other Bots or the upgrade
    _, asked = drive(
        engine,
        engine.turn.main_phase(hero, 1),
        _picks(choose("spend_token", status="synth"), choose("done")),
    )
    grow = next(c for c in asked if c.kind == "grow")
    labels = [o.label for o in grow.options]
    basic, advanced = (engine.content.statuses[s].name for s in ("heal_bot", "heal_bot_2"))
    assert f"Gain a {basic}" not in labels and f"Turn a {basic} into a {advanced}" in labels


def test_a_heal_bot_acts_for_synth_only_against_an_attack_of_three_or_more():
    engine = make(heroes=("artificer",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens.update(heal_bot=1, synth=2)
    thug = henchman(engine, "dock_thug", (4, 1))
    _, asked = drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 2, "normal", (), True),
        _picks(choose("no_defense"), choose("take_damage")),
    )
    spends = [c for c in asked if c.kind == "spend_tokens"]
    assert not any(o.action.get("status") == "heal_bot" for c in spends for o in c.options)
    before = hero.health
    force(engine, 6)  # the Heal Bot's roll: heal 3
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 5, "normal", (), True),
        _picks(
            choose("no_defense"), choose("spend_token", status="heal_bot"), choose("take_damage")
        ),
    )
    assert hero.health == before - 5 + 3
    assert hero.tokens["synth"] == 1 and hero.tokens["heal_bot"] == 1  # the Bot stays


# ------------------------------------------------------------ board flip, stack limit


def test_the_cursed_pirate_turns_her_board_for_the_rest_of_the_mission():
    engine = make(heroes=("cursed_pirate",))
    hero = engine.heroes[0]
    plain = [a.name for a, _i, _r in engine.turn.rows(hero)]
    hero.hand, hero.cp = ["dead_men_tell_no_tales"], 1
    drive(engine, engine.turn.main_phase(hero, 1), _picks(choose("play")))
    assert hero.flipped
    cursed = [a.name for a, _i, _r in engine.turn.rows(hero)]
    assert cursed != plain
    assert not engine.unsupported


def test_open_the_gates_raises_the_monks_chi_limit():
    engine = make(heroes=("monk",))
    hero = engine.heroes[0]
    limit = engine.stack_limit(hero, "chi")
    hero.tokens["chi"] = limit
    hero.hand, hero.cp = ["open_the_gates"], 2
    drive(engine, engine.turn.main_phase(hero, 1), _picks(choose("play")))
    assert engine.stack_limit(hero, "chi") == limit + 1
    assert hero.tokens["chi"] == limit + 1


# ------------------------------------------------------------ restart, Reload re-roll


def test_profiteer_on_a_six_gives_the_tactician_a_second_offensive_roll_at_once():
    engine = make(heroes=("tactician",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    thug = henchman(engine, "dock_thug", (4, 1), health=30)
    hero.attack = {"ability": "profiteer", "row": 0, "dice": [1, 1, 1, 1, 1], "kickers": []}
    force(engine, 6)  # Profiteer's own die
    _, asked = drive(
        engine,
        engine.turn.target_and_resolve(),
        lambda c: choose("stop")(c) if c.kind == "offensive_roll" else choose("target")(c),
    )
    assert [c.kind for c in asked].count("offensive_roll") == 1
    assert 30 - thug.health >= 5
    assert any(ev.kind == "restart_roll" for ev in engine.log)
    # on anything else there is no second roll
    hero.attack = {"ability": "profiteer", "row": 0, "dice": [1, 1, 1, 1, 1], "kickers": []}
    force(engine, 3)
    _, asked = drive(engine, engine.turn.target_and_resolve(), choose("target"))
    assert not any(c.kind == "offensive_roll" for c in asked)


def test_quick_draw_two_lets_a_spent_reload_be_rolled_again():
    engine = make(heroes=("gunslinger",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    thug = henchman(engine, "dock_thug", (4, 1), health=40)
    ability, _i, _row = engine.turn.rows(hero)[0]
    results = []
    for level in (1, 2):
        hero.levels["quick_draw"] = level
        hero.tokens["reload"] = 1
        thug.health = 40
        hero.attack = {"ability": ability.id, "row": 0, "dice": [1, 1, 1, 1, 1], "kickers": []}
        force(engine, *((1,) if level == 1 else (1, 6)))  # the Reload die (and its re-roll)
        _, asked = drive(
            engine,
            engine.turn.target_and_resolve(),
            _by_kind(
                choose_target=choose("target"),
                attack_modifiers=lambda c: choose(
                    "spend_token" if hero.tokens.get("reload") else "done"
                )(c),
                free_reroll=choose("reroll_once"),
            ),
        )
        results.append((40 - thug.health, any(c.kind == "free_reroll" for c in asked)))
    (plain, asked_plain), (again, asked_again) = results
    assert not asked_plain and asked_again
    assert again == plain + 2  # half of 6 instead of half of 1


def test_retribution_sends_half_of_an_enemy_attack_back():
    engine = make(heroes=("paladin",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens["retribution"] = 1
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    before = hero.health
    drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 5, "normal", (), True),
        _by_kind(
            defense_choice=choose("no_defense"),
            spend_tokens=choose("spend_token", status="retribution"),
        ),
    )
    assert thug.health == 20 - 3  # half of 5, rounded up
    assert hero.health == before - 5
    assert not engine.unsupported


# ------------------------------------------------------------ teammates during damage


def _hit(engine, target, teammate, amount, pick):
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    return drive(
        engine, engine.turn.hero_takes_attack(target, thug, amount, "normal", (), True), pick
    )


def test_a_teammate_plays_not_this_time_on_the_hero_being_hit():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    target, mate = engine.heroes
    put(target, (3, 1))
    put(mate, (1, 1))
    target.hand, target.cp = [], 0
    mate.hand, mate.cp = ["not_this_time", "palm_parry"], 3
    before = target.health
    _, asked = _hit(
        engine,
        target,
        mate,
        8,
        _by_kind(defense_choice=choose("no_defense"), protect_teammate=choose("play")),
    )
    offer = next(c for c in asked if c.kind == "protect_teammate")
    assert offer.player == mate.seat
    # only the card that may protect another player is offered ("heading for you" is not)
    assert [o.label for o in offer.options if o.action.kind == "play"] == [
        "Play Not This Time! (2 CP)"
    ]
    assert target.health == before - 2
    assert mate.cp == 1 and mate.hand == ["palm_parry"]


def test_a_teammate_may_let_the_blow_land_and_nobody_is_asked_without_a_way_to_help():
    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    target, mate = engine.heroes
    put(target, (3, 1))
    put(mate, (1, 1))
    target.hand, target.cp = [], 0
    mate.hand, mate.cp = ["not_this_time"], 3
    before = target.health
    _hit(
        engine,
        target,
        mate,
        5,
        _by_kind(defense_choice=choose("no_defense"), protect_teammate=choose("let_it_land")),
    )
    assert target.health == before - 5 and mate.hand == ["not_this_time"]
    mate.cp = 1  # cannot pay for the card: no question at all
    _, asked = _hit(engine, target, mate, 5, _by_kind(defense_choice=choose("no_defense")))
    assert not any(c.kind == "protect_teammate" for c in asked)


def test_the_computer_protects_a_teammate_from_a_lethal_blow_but_not_a_small_one():
    from game.missions.ai import MissionAI

    engine = make(heroes=("barbarian", "monk"))
    clear_board(engine)
    target, mate = engine.heroes
    put(target, (3, 1))
    put(mate, (1, 1))
    target.hand, target.cp = [], 0
    mate.hand, mate.cp = ["not_this_time"], 3
    ai = MissionAI()

    def pick(choice):  # the computer plays the teammate; the Hero hit takes it undefended
        if choice.player == mate.seat:
            return ai.decide(engine, choice)
        return choose("no_defense")(choice)

    target.health = 20
    _hit(engine, target, mate, 3, pick)
    assert mate.hand == ["not_this_time"] and target.health == 17
    target.health = 5
    _hit(engine, target, mate, 6, pick)
    assert mate.hand == [] and not target.defeated


def test_a_seedling_rerolls_a_die_in_the_offensive_roll_but_is_not_offered_without_dice():
    engine = make(heroes=("treant",))
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    assert hero.tokens.get("seedling") == 1
    _, asked = drive(engine, engine.turn.main_phase(hero, 1), choose("done"))
    assert not any(o.action.kind == "spend_token" for c in asked for o in c.options)
    force(engine, 1, 1, 1, 1, 1, 6)  # the roll, then the Seedling's re-roll of die 0
    _, asked = drive(
        engine,
        engine.turn.offensive_roll(hero),
        _by_kind(
            offensive_roll=lambda c: choose(
                "spend_token" if hero.tokens.get("seedling") else "stop"
            )(c),
            alter_dice=choose("alter_reroll", dice=(0,)),
            announce=choose("no_ability"),
        ),
    )
    assert "seedling" not in hero.tokens
    rolls = [c for c in asked if c.kind == "offensive_roll"]
    assert rolls[0].context["dice"] == (1, 1, 1, 1, 1)
    assert rolls[-1].context["dice"] == (6, 1, 1, 1, 1)
    # once a round: no second Seedling spend even if another one grows
    hero.tokens["seedling"] = 1
    _, asked = drive(
        engine, engine.turn.offensive_roll(hero), _by_kind(offensive_roll=choose("stop"))
    )
    assert not any(o.action.kind == "spend_token" for c in asked for o in c.options)
