"""Missions status chart, Bonus Damage (stack limit 2): a token gained at the limit is not
simply lost - its owner swaps it for one they hold or throws the new one away."""

from __future__ import annotations

from game.missions.ai import MissionAI
from game.rules.effects.adventure_verbs import BONUS_FULL
from tests.missions.helpers import choose, clear_board, drive, henchman, make, put


def _ready(hero, ability="slap", dice=(1, 1, 1, 1, 1)):
    hero.attack = {"ability": ability, "row": 0, "dice": list(dice), "kickers": []}


def _hero_at_the_limit(engine, new: int, held=(1, 2)):
    clear_board(engine)
    hero = put(engine.heroes[0], (3, 1))
    hero.hand = []
    for value in held:
        engine.add_status(hero, "bonus_damage", 1, value)
    engine.add_status(hero, "bonus_damage", 1, new)
    return hero


def test_a_hero_at_the_limit_is_asked_and_may_swap_a_held_token():
    engine = make()
    hero = _hero_at_the_limit(engine, 3)
    assert hero.bonus == [1, 2] and hero.bonus_waiting == [3]
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(hero)
    picks = iter([choose("bonus_swap", index=0), choose("spend_bonus", index=0), choose("done")])
    _, asked = drive(engine, engine.turn.target_and_resolve(), lambda c: next(picks)(c))
    assert asked[0].kind == BONUS_FULL and asked[0].player == hero.seat
    assert [o.label for o in asked[0].options] == [
        "Replace your +1 token with the new +3",
        "Replace your +2 token with the new +3",
        "Throw the new +3 token away",
    ]
    assert "Spend +3 Bonus Damage" in [o.label for o in asked[1].options]
    assert thug.health == 20 - 4 - 3  # Slap's 4 and the swapped-in +3
    assert hero.bonus == [2] and hero.tokens["bonus_damage"] == 1 and not hero.bonus_waiting


def test_a_hero_at_the_limit_may_throw_the_new_token_away():
    engine = make()
    hero = _hero_at_the_limit(engine, 1, held=(2, 3))
    henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(hero)
    picks = iter([choose("bonus_keep"), choose("done")])
    _, asked = drive(engine, engine.turn.target_and_resolve(), lambda c: next(picks)(c))
    assert asked[0].kind == BONUS_FULL
    assert asked[0].options[0].label == "Throw the new +1 token away"  # the sensible answer
    assert hero.bonus == [2, 3] and hero.tokens["bonus_damage"] == 2


def test_the_computer_hero_takes_the_better_token():
    engine = make()
    hero = _hero_at_the_limit(engine, 3, held=(2, 1))
    henchman(engine, "dock_thug", (4, 1), health=20)
    _ready(hero)
    ai = MissionAI(1)
    answered = []

    def pick(choice):
        if choice.kind == BONUS_FULL:
            action = ai.decide(engine, choice)
            answered.append(choice.find(action).label)
            return action
        return choose("done")(choice)

    drive(engine, engine.turn.target_and_resolve(), pick)
    assert answered == ["Replace your +1 token with the new +3"]
    assert hero.bonus == [2, 3]


def test_an_enemy_at_the_limit_keeps_its_better_tokens():
    engine = make()
    clear_board(engine)
    thug = henchman(engine, "dock_thug", (4, 1), health=20)
    engine.add_status(thug, "bonus_damage", 1, 1)
    engine.add_status(thug, "bonus_damage", 1, 2)
    engine.add_status(thug, "bonus_damage", 1, 3)  # replaces the +1
    assert thug.bonus == [3, 2]
    engine.add_status(thug, "bonus_damage", 1, 1)  # worse than both: thrown away
    assert thug.bonus == [3, 2] and thug.tokens["bonus_damage"] == 2
