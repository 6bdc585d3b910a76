"""The valuation the computer players aim their dice with."""

from __future__ import annotations

import pytest

from game.ai import model
from game.ai.arena import play_series
from game.ai.model import Env, Fighter
from game.content.loader import default_content


@pytest.fixture(scope="module")
def content():
    return default_content()


def fighter(content, seat, hero, health=50, statuses=(), cp=2):
    h = content.heroes[hero]
    return Fighter(
        seat=seat,
        hero=hero,
        levels=tuple(sorted((slot.id, 1) for slot in h.slots)),
        health=health,
        cap=h.health + 10,
        cp=cp,
        statuses=tuple(sorted(statuses)),
        limits=tuple((sid, s.stack_limit) for sid, s in content.statuses.items()),
    )


def row_value(content, env, me, opp, ability_id, row=0):
    hero = content.heroes[me.hero]
    for ability, index, _row in model.offense_rows(hero, me.levels):
        if ability.id == ability_id and index == row:
            value = env.row_value(hero, ability, index, me, opp)
            return value if isinstance(value, float) else max(value)
    raise KeyError(ability_id)


def test_thick_skin_profile_is_a_distribution_with_the_right_expectations(content):
    hero = content.heroes["barbarian"]
    skin = hero.slot("thick_skin").levels[1][0]
    profile = model.defense_profile(hero, skin, 6)
    assert sum(p for p, *_ in profile) == pytest.approx(1.0)
    # 3 dice: a Heart (2 faces of 6) heals 2 each, a Sword (3 of 6) prevents 1 each.
    assert sum(p * heal for p, _f, _b, heal, _i in profile) == pytest.approx(2.0)
    assert sum(p * final for p, final, *_ in profile) == pytest.approx(6 - 1.5)


def test_undefendable_damage_is_worth_more_against_a_defender(content):
    env = Env(content)
    gun = fighter(content, 0, "gunslinger")
    barb = fighter(content, 1, "barbarian")
    # Smack (6 undefendable) against Crushing Blow's 8 dealt into a defense, seen from a
    # Gunslinger's Deadeye (6 undefendable) and Take Cover (5 normal): undefendable wins.
    assert row_value(content, env, gun, barb, "deadeye") > row_value(
        content, env, gun, barb, "take_cover"
    )


def test_a_kill_is_worth_more_than_its_damage(content):
    env = Env(content)
    barb = fighter(content, 0, "barbarian")
    healthy = fighter(content, 1, "gunslinger", health=50)
    dying = fighter(content, 1, "gunslinger", health=5)
    assert row_value(content, env, barb, dying, "smack") > 30
    assert row_value(content, env, barb, healthy, "smack") < 10


def test_tokens_change_what_an_attack_is_worth(content):
    env = Env(content)
    barb = fighter(content, 0, "barbarian")
    plain = fighter(content, 1, "gunslinger")
    evasive = fighter(content, 1, "gunslinger", statuses=[("evasive", 3)])
    bounty = fighter(content, 1, "gunslinger", statuses=[("bounty", 1)])
    base = row_value(content, env, barb, plain, "slap", 2)
    assert row_value(content, env, barb, evasive, "slap", 2) < base
    assert row_value(content, env, barb, bounty, "slap", 2) > base


def test_spend_profiles_of_tokens(content):
    hero = content.heroes["gunslinger"]
    evasive = model.spend_profile(content, "evasive", hero, "incoming_damage")
    assert evasive.p_avoid == pytest.approx(1 / 3)
    reload = model.spend_profile(content, "reload", hero, "own_attack")
    assert reload.add == pytest.approx(2.0)  # half of a die, rounded up: (1+1+2+2+3+3)/6


def test_two_equal_players_score_exactly_one_half():
    series = play_series("normal", "normal", 4, seed=11)
    assert series.fraction == 0.5
    assert series.games == 4 and series.wins_a == series.wins_b
