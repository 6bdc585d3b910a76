"""Heroes' own statuses in Missions: the Upkeep triggers of a Hero's own tokens (the Nanobot's
detonation), hero statuses placed on enemies (Nanites, Cursed Doubloons, Powder Kegs, Delayed
Poison) and when the computer places them instead of taking rule 49's Momentum, tokens that
rest in the round they were gained, and Nyra while the Huntress is Stunned."""

from __future__ import annotations

from game.missions.ai import MissionAI
from game.missions.hero_turn import Ctx
from tests.missions.helpers import choose, clear_board, drive, force, henchman, make, put


def _picks(*pickers):
    seq = iter(pickers)
    return lambda c: next(seq, choose("done"))(c)


def _artificer_and_thug(**tokens):
    engine = make(heroes=("artificer",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens.update(tokens)
    thug = henchman(engine, "dock_thug", (6, 3), health=12)
    return engine, hero, thug


# ------------------------------------------------------------ own tokens in the Upkeep


def test_a_nanobot_may_detonate_the_nanites_on_an_enemy_in_the_upkeep():
    engine, hero, thug = _artificer_and_thug(nanobot=1, synth=1)
    thug.tokens["nanites"] = 2
    _, asked = drive(engine, engine.turn.upkeep(hero), choose("choose_option", index=0))
    assert [c.kind for c in asked] == ["choose"]
    assert thug.health == 12 - 4  # 2 Nanites: 4 damage, far from the Artificer
    assert "nanites" not in thug.tokens
    assert hero.tokens["synth"] == 1  # 1 + 1 from the Artificer's passive, 1 paid
    assert hero.tokens["nanobot"] == 1
    assert not engine.unsupported


def test_the_artificer_may_leave_the_nanites_and_is_not_asked_without_any():
    engine, hero, thug = _artificer_and_thug(nanobot_2=1, synth=1)
    thug.tokens["nanites"] = 3
    drive(engine, engine.turn.upkeep(hero), choose("choose_option", index=1))
    assert thug.tokens["nanites"] == 3 and thug.health == 12 and hero.tokens["synth"] == 2
    del thug.tokens["nanites"]
    _, asked = drive(engine, engine.turn.upkeep(hero))
    assert asked == []


def test_a_nanobot_spent_in_the_attack_adds_the_targets_blast_to_the_attack():
    engine, hero, thug = _artificer_and_thug(nanobot_2=1, synth=1)
    thug.tokens["nanites"] = 1
    ctx = Ctx(hero, engine.hero_def(hero), [1, 1, 1, 1, 1], target=thug)
    ctx.damage.append((4, "normal"))
    with engine.world.active():
        opts = engine.turn.token_spends(hero, "own_attack", ctx)
        assert any(o.action.get("status") == "nanobot_2" for o in opts)
    drive(engine, engine.turn.spend_token(hero, "nanobot_2", ctx, "own_attack"))
    assert ctx.damage == [(4, "normal"), (3, "normal")]
    assert "nanites" not in thug.tokens and thug.health == 12  # lands with the Attack


# ------------------------------------------------------------ hero statuses on enemies


def test_enemy_upkeep_resolves_doubloons_delayed_poison_nanites_and_kegs():
    engine = make(heroes=("cursed_pirate",))
    clear_board(engine)
    a = henchman(engine, "dock_thug", (3, 1), health=20, cursed_doubloon=2, delayed_poison=1)
    b = henchman(engine, "dock_thug", (6, 3), health=20, nanites=2, powder_keg=1)
    force(engine, 6, 3, 1)  # b's two Nanites dice, then b's keg die (1: it blows up)
    drive(engine, engine._enemy_upkeep())
    assert a.health == 20 - 2 - 3 and "delayed_poison" not in a.tokens
    assert a.tokens["cursed_doubloon"] == 2  # Doubloons stay
    assert b.tokens.get("nanites") == 1 and "powder_keg" not in b.tokens
    assert b.health == 20 - 3
    b.tokens["powder_keg"] = 1
    force(engine, 5, 6)  # the Nanite stays; the keg is kicked away
    drive(engine, engine._enemy_upkeep())
    assert b.health == 17 and "powder_keg" not in b.tokens


def test_a_second_powder_keg_blows_up_the_first():
    engine = make(heroes=("cursed_pirate",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=10, powder_keg=1)
    ctx = Ctx(hero, engine.hero_def(hero), [], target=thug)
    drive(engine, engine.turn.status_or_momentum(ctx, "powder_keg", 1), choose("place_status"))
    assert thug.health == 7 and thug.tokens["powder_keg"] == 1


def _computer_answer(engine, hero, thug, status):
    ctx = Ctx(hero, engine.hero_def(hero), [], target=thug)
    ai = MissionAI()
    _, asked = drive(
        engine,
        engine.turn.status_or_momentum(ctx, status, 1),
        lambda c: ai.decide(engine, c),
    )
    return asked[0]


def test_the_computer_places_a_status_only_where_it_does_something():
    engine = make(heroes=("cursed_pirate", "artificer"))
    clear_board(engine)
    pirate, artificer = engine.heroes
    put(pirate, (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=10)
    _computer_answer(engine, pirate, thug, "cursed_doubloon")
    assert thug.tokens["cursed_doubloon"] == 1 and pirate.momentum == 0
    thug.tokens["cursed_doubloon"] = 3  # at the limit: Momentum is worth more
    choice = _computer_answer(engine, pirate, thug, "cursed_doubloon")
    assert choice.context["useful"] is False and pirate.momentum == 1
    _computer_answer(engine, pirate, thug, "disruption")  # enemies have endless CP
    assert "disruption" not in thug.tokens and pirate.momentum == 2
    _computer_answer(engine, pirate, thug, "shame")  # no Missions behaviour
    assert "shame" not in thug.tokens and pirate.momentum == 3
    # Nanites only with an Artificer who has a Nanobot or Synth to build one
    artificer.tokens.pop("synth", None)
    _computer_answer(engine, pirate, thug, "nanites")
    assert "nanites" not in thug.tokens and pirate.momentum == 4
    artificer.tokens["nanobot"] = 1
    _computer_answer(engine, pirate, thug, "nanites")
    assert thug.tokens["nanites"] == 1 and pirate.momentum == 4


# ------------------------------------------------------------ tokens gained this round


def test_a_seedling_grown_this_round_rests_until_the_next_round():
    engine = make(heroes=("treant",))
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens.pop("seedling", None)
    hero.used_this_round = {}
    engine.add_status(hero, "seedling", 1)  # grown this round

    def offered():
        force(engine, 1, 1, 1, 1, 1)
        _, asked = drive(engine, engine.turn.offensive_roll(hero), choose("stop"))
        return any(
            o.action.get("status") == "seedling"
            for c in asked
            if c.kind == "offensive_roll"
            for o in c.options
        )

    assert not offered()
    hero.used_this_round = {}  # a new round
    assert offered()


def test_a_fresh_chi_may_prevent_damage_but_not_add_to_an_attack():
    engine = make(heroes=("monk",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    thug = henchman(engine, "dock_thug", (4, 1))
    hero.tokens.pop("chi", None)
    hero.used_this_round = {}
    engine.add_status(hero, "chi", 1)
    ctx = Ctx(hero, engine.hero_def(hero), [1, 1, 1, 1, 1], target=thug)
    with engine.world.active():
        attack = engine.turn.token_spends(hero, "own_attack", ctx)
        defend = engine.turn.token_spends(hero, "incoming_damage", ctx)
    assert not any(o.action.get("status") == "chi" for o in attack)
    assert any(o.action.get("status") == "chi" for o in defend)
    hero.tokens["chi"] = 2  # one older Chi: it may add damage
    with engine.world.active():
        attack = engine.turn.token_spends(hero, "own_attack", ctx)
    assert any(o.action.get("status") == "chi" for o in attack)


# ------------------------------------------------------------ Nyra


def test_nyra_takes_nothing_while_the_huntress_is_stunned():
    engine = make(heroes=("huntress",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    hero.tokens["stun"] = 1
    thug = henchman(engine, "dock_thug", (4, 1))
    before = hero.health
    _, asked = drive(
        engine,
        engine.turn.hero_takes_attack(hero, thug, 6, "normal", (), True),
        _picks(
            choose("no_defense"),
            choose("spend_token", status="nyras_bond"),
            choose("choose_option", index=0),
            choose("split", amount=4),
        ),
    )
    assert not any(c.kind == "companion_split" for c in asked)
    assert hero.health == before - 6 and hero.companions["nyra"] == [12, 12]


def test_holy_presence_hurts_the_enemies_the_seraph_touches_in_her_upkeep():
    engine = make(heroes=("seraph",))
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.tokens["holy_presence"] = 2
    near = henchman(engine, "dock_thug", (4, 1), health=10)
    far = henchman(engine, "dock_thug", (7, 4), health=10)
    drive(engine, engine.turn.own_token_upkeep(hero))
    assert near.health == 8 and far.health == 10
    assert hero.tokens["holy_presence"] == 2
