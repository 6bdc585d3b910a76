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
    _computer_answer(engine, pirate, thug, "shame")  # lowers the enemy's next Attack
    assert thug.tokens["shame"] == 1 and pirate.momentum == 2
    # Nanites only with an Artificer who has a Nanobot or Synth to build one
    artificer.tokens.pop("synth", None)
    _computer_answer(engine, pirate, thug, "nanites")
    assert "nanites" not in thug.tokens and pirate.momentum == 3
    artificer.tokens["nanobot"] = 1
    _computer_answer(engine, pirate, thug, "nanites")
    assert thug.tokens["nanites"] == 1 and pirate.momentum == 3


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


# ------------------------------------------------- Shame, Bounty, Stun, Blinding Light, Parlay
# (issue 16 item 8: these five had no Missions behaviour on an enemy; our design is in
# docs/missions.md, "Hero statuses on enemies")


def _thug_between_two(heroes=("samurai", "treant"), health=20, **tokens):
    engine = make(heroes=heroes)
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    thug = henchman(engine, "dock_thug", (4, 1), health=health, **tokens)  # Crowbar Swing: 4
    return engine, a, b, thug


def _thug_swings(engine, thug):
    return drive(
        engine,
        engine.enemy_attack(thug, engine.db.henchmen["dock_thug"].attack),
        choose("no_defense"),
    )


def test_shame_on_an_enemy_lowers_its_next_attack_on_the_first_hero_and_leaves():
    engine, a, b, thug = _thug_between_two(shame=2)
    start = a.health
    _thug_swings(engine, thug)
    assert (a.health, b.health) == (start - (4 - 2), start - 4)  # first Hero only, as rule 120
    assert "shame" not in thug.tokens
    _thug_swings(engine, thug)
    assert a.health == start - 2 - 4  # gone: the next swing is whole


def test_bounty_on_an_enemy_adds_one_to_every_hero_attack_and_pays_one_cp():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    thug = henchman(engine, "dock_thug", (4, 1), health=30, bounty=1)
    cp = hero.cp
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}  # 4 damage
    drive(engine, engine.turn.target_and_resolve(), choose("done"))
    assert thug.health == 30 - 4 - 1 and hero.cp == cp + 1
    assert thug.tokens["bounty"] == 1  # it stays
    thug.tokens["shield"] = 2  # every point stopped: the CP still comes
    hero.attack = {"ability": "slap", "row": 0, "dice": [1] * 5, "kickers": []}
    drive(engine, engine.turn.target_and_resolve(), choose("done"))
    assert thug.health == 25 and hero.cp == cp + 2


def _barbarian_picks(thug_index):
    def pick(choice):
        kinds = {o.action.kind: o.action for o in choice.options}
        if choice.kind == "status_or_momentum":
            return kinds["place_status"]
        if choice.kind == "offensive_roll":
            return kinds["stop"]
        if choice.kind == "announce":
            return next(
                o.action
                for o in choice.options
                if o.action.kind == "activate" and o.action.get("ability") == "slap"
            )
        if choice.kind == "choose_target":
            return choose("target", enemy=thug_index)(choice)
        return choose("done")(choice)

    return pick


def test_a_stun_from_a_heros_attack_gives_that_hero_another_roll_against_the_same_enemy():
    engine = make()
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    target = henchman(engine, "dock_thug", (4, 1), health=40)
    other = henchman(engine, "dock_thug", (3, 2), health=40)  # also adjacent
    hero.attack = {"ability": "rampage", "row": 0, "dice": [6] * 5, "kickers": []}
    force(engine, 1, 1, 1, 1, 1)  # the new Offensive Roll: 3+ Swords for Slap (4 damage)
    _, asked = drive(engine, engine.turn.target_and_resolve(), _barbarian_picks(0))
    assert [c.kind for c in asked if c.kind in ("offensive_roll", "announce")] == [
        "offensive_roll",
        "announce",
    ]
    # the second Target & Resolve may only pick the Stunned enemy: not even asked
    assert sum(c.kind == "choose_target" for c in asked) == 1
    assert target.health == 40 - 15 - 4 and other.health == 40
    assert "stun" not in target.tokens
    assert any(ev.kind == "stun" for ev in engine.log)


def test_a_stun_placed_outside_an_attack_makes_the_enemy_lose_its_next_activation():
    engine, a, b, thug = _thug_between_two(heroes=("huntress", "barbarian"), stun=1)
    start = (a.health, b.health)
    _, asked = _thug_swings(engine, thug)
    assert (a.health, b.health) == start and asked == []
    assert "stun" not in thug.tokens
    _thug_swings(engine, thug)
    assert b.health == start[1] - 4


def test_blinding_light_on_an_enemy_may_make_it_miss_or_halve_its_damage():
    engine, a, b, thug = _thug_between_two(heroes=("seraph", "monk"), blinding_light=1)
    start = (a.health, b.health)
    force(engine, 2)  # a 2: half of 4, rounded up, is stopped
    _thug_swings(engine, thug)
    assert (a.health, b.health) == (start[0] - 2, start[1] - 4)
    assert "blinding_light" not in thug.tokens
    thug.tokens["blinding_light"] = 1
    force(engine, 1)  # a 1: the Attack fails against the first Hero
    _thug_swings(engine, thug)
    assert (a.health, b.health) == (start[0] - 2, start[1] - 8)
    thug.tokens["blinding_light"] = 1
    force(engine, 5)  # 4-6: no effect, but the token is gone
    _thug_swings(engine, thug)
    assert a.health == start[0] - 6 and "blinding_light" not in thug.tokens


def test_parlay_on_an_enemy_takes_all_damage_out_of_its_next_attack_but_not_its_statuses():
    engine = make("clocktower_siege", heroes=("cursed_pirate", "artificer"))
    clear_board(engine)
    a, b = engine.turn_order()
    put(a, (3, 1))
    put(b, (5, 1))
    cultist = henchman(engine, "cultist", (4, 1), health=20, parlay=1)  # Ritual Blade: 3 + Bleed
    start = (a.health, b.health)
    blade = engine.db.henchmen["cultist"].attack
    drive(engine, engine.enemy_attack(cultist, blade), choose("no_defense"))
    assert (a.health, b.health) == start  # no damage to anyone this activation
    assert a.tokens.get("bleed") == 1 and b.tokens.get("bleed") == 1
    assert "parlay" not in cultist.tokens
    drive(engine, engine.enemy_attack(cultist, blade), choose("no_defense"))
    assert a.health == start[0] - 3


def test_a_stunned_boss_loses_its_attack_and_parlay_works_on_the_boss_attack_path():
    engine = make(heroes=("paladin",))
    with engine.world.active():
        engine._next_side()
    boss = engine.enemies[0]
    q, r = boss.pos
    hero = put(engine.heroes[0], (q - 1, r))
    cutlass = next(x for x in engine.db.bosses["captain_brine"].attacks if x.name == "Cutlass")
    boss.tokens["stun"] = 1
    start = hero.health
    drive(engine, engine.boss_attack(boss, cutlass), choose("no_defense"))
    assert hero.health == start and "stun" not in boss.tokens
    boss.tokens["parlay"] = 1
    drive(engine, engine.boss_attack(boss, cutlass), choose("no_defense"))
    assert hero.health == start and "parlay" not in boss.tokens
    drive(engine, engine.boss_attack(boss, cutlass), choose("no_defense"))
    assert hero.health == start - cutlass.melee[0]
