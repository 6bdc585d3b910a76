"""Adventures enemy seats in the duel engine: content, seats joining mid-match, decks, replays.

Rule numbers are those of ../shared/spec/adventures_rules.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.adventures import enemies as E
from game.content.defs import CHAOS_DIE
from game.content.loader import ContentError, default_content, load_content
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup, SeatSetup, replay


def test_every_minion_level_has_six_minions_with_fitting_health():
    content = default_content()
    minions = [e for e in content.enemies.values() if e.kind == "minion"]
    ranges = {1: (8, 12), 2: (13, 18), 3: (19, 25), 4: (25, 35)}
    for level, (low, high) in ranges.items():
        group = [m for m in minions if m.level == level]
        assert len(group) >= 6, level
        assert all(low <= m.health <= high for m in group), [(m.id, m.health) for m in group]
    assert any(m.first_strike for m in minions)
    assert any(m.kings_hand for m in minions)
    assert any(m.unique_defense for m in minions)
    assert any(s.kind == "passive" for m in minions for s in m.board.slots)
    # every minion hands out rewards, with a loot chest for everyone (rule 46)
    assert all(any(r.kind == "loot_chest" for r in m.rewards) for m in minions)


def test_the_four_bosses_have_boards_upgrade_and_action_decks():
    content = default_content()
    for boss_id in ("fallen_barbarian", "fallen_gunslinger", "fallen_monk", "mad_king"):
        boss = content.enemies[boss_id]
        kinds = [s.kind for s in boss.board.slots]
        assert 4 <= kinds.count("offensive") <= 6
        assert {"ultimate", "defensive", "passive"} <= set(kinds)
        # rule 73: every attack has a priority number; the Ultimate ranks highest
        numbers = dict(boss.priorities)
        ultimate = next(s.id for s in boss.board.slots if s.kind == "ultimate")
        assert numbers[ultimate] == max(numbers.values())
        deck = content.bosses[boss_id]
        assert 8 <= len(deck.upgrades) <= 12
        assert len(deck.actions) >= 12
        types = {content.cards[a.card].type for a in deck.actions}
        assert types == {"main", "roll"}


def test_enemies_roll_the_chaos_die_and_are_not_heroes():
    content = default_content()
    goblin = content.enemies["goblin_cutpurse"]
    assert goblin.board.dice == CHAOS_DIE
    assert "goblin_cutpurse" not in content.heroes  # the hero list stays heroes only
    assert content.heroes["goblin_cutpurse"] is goblin.board  # but a seat can read its board


def _write(tmp_path: Path, name: str, data) -> None:
    folder = tmp_path / "adventures" / "enemies"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def _minion(**enemy):
    block = {
        "kind": "minion",
        "level": 1,
        "health": 9,
        "roll_objective": {"symbols": {"strike": 3}},
    }
    block.update(enemy)
    return {
        "id": "bad_imp",
        "name": "Bad Imp",
        "slots": [
            {
                "id": "poke",
                "kind": "offensive",
                "levels": {
                    "1": [
                        {
                            "id": "poke",
                            "name": "Poke",
                            "text": "3 Strike: 2 dmg.",
                            "rows": [
                                {
                                    "requirement": {"symbols": {"strike": 3}},
                                    "effects": [{"do": "deal_damage", "amount": 2}],
                                }
                            ],
                        }
                    ]
                },
            }
        ],
        "enemy": block,
    }


def test_a_broken_enemy_file_names_its_file_and_field(tmp_path):
    _write(tmp_path, "bad_imp.json", _minion(level=7))
    with pytest.raises(ContentError) as err:
        load_content(extra=(tmp_path,))
    assert err.value.file == "adventures/enemies/bad_imp.json"
    assert err.value.field == "enemy.level"


def test_an_unknown_symbol_in_a_roll_objective_is_refused(tmp_path):
    _write(tmp_path, "bad_imp.json", _minion(roll_objective={"symbols": {"sword": 3}}))
    with pytest.raises(ContentError) as err:
        load_content(extra=(tmp_path,))
    assert err.value.field == "enemy.roll_objective.symbols.sword"


def test_a_loot_chest_reward_needs_a_rarity(tmp_path):
    _write(tmp_path, "bad_imp.json", _minion(rewards=[{"kind": "loot_chest"}]))
    with pytest.raises(ContentError) as err:
        load_content(extra=(tmp_path,))
    assert err.value.field == "enemy.rewards[0].rarity"


def _battle(seed=3, hero="barbarian", enemy="goblin_cutpurse", **kw) -> Engine:
    seats = (SeatSetup(hero, team=0), SeatSetup(enemy, team=1))
    return Engine.new_match(
        MatchSetup(seats=seats, seed=seed, mode="adventure_battle", turn_limit=80), **kw
    )


def test_an_adventure_battle_starts_without_a_start_roll_and_the_hero_gets_income():
    eng = _battle()
    kinds = [e.kind for e in eng.log]
    assert "start_roll" not in kinds and "match_started" not in kinds
    # rule 41: no skipped first Income in a battle
    assert any(e.kind == "cp_changed" and e.data["delta"] == 1 for e in eng.log)
    assert not any(e.kind == "phase_skipped" and e.data["phase"] == "income" for e in eng.log)
    assert eng.pending.player == 0 and eng.pending.kind == "main_phase"


def test_a_seat_deck_overrides_the_hero_deck():
    deck = ("get_some", "get_some", "so_wild", "tip_it", "tip_it", "tip_it")
    setup = MatchSetup(
        seats=(SeatSetup("barbarian", team=0, deck=deck), SeatSetup("goblin_cutpurse", team=1)),
        seed=2,
        mode="adventure_battle",
    )
    eng = Engine.new_match(setup)
    with eng.world.active():
        piles = eng.piles(eng.player(0))
        cards = sorted(eng.card_id(c) for c in piles.deck + piles.hand + piles.discard)
    assert cards == sorted(deck)
    assert MatchSetup.from_json(setup.to_json()) == setup


def test_a_seat_deck_with_an_unknown_card_is_refused():
    setup = MatchSetup(
        seats=(SeatSetup("barbarian", deck=("no_such_card",)), SeatSetup("gunslinger")), seed=1
    )
    with pytest.raises(ValueError, match="no_such_card"):
        Engine.new_match(setup)


def test_a_minion_joins_a_running_match_and_its_defeat_is_visible():
    eng = _battle()
    seat = E.add_enemy_outside(eng, "fen_witch")
    with eng.world.active():
        witch = eng.player(seat)
        assert E.is_enemy(witch) and eng.team(witch) == E.ENEMY_TEAM
        assert eng.health(witch) == 14
        # rule 37: a Minion showing the King's Hand symbol starts with 1 token
        assert eng.standing(witch).defeated is False
        from game.rules import ops

        assert ops.status_count(eng, witch, "kings_hand") == 1
        assert [r.kind for r in E.rewards_of(eng, witch)] == ["loot_chest", "cp"]
        assert E.rewards_of(eng, witch)[0].rarity == "rare"
        ops.change_health(eng, witch, -14, "test")
        ops.settle_defeats(eng)
        assert E.defeated(eng, witch)
        assert E.living_enemies(eng) == [eng.player(1)]  # the goblin still stands
        assert not eng.info.over  # one enemy left: the battle goes on


def _play(eng: Engine, seed: int, level: str = "simple") -> int:
    from game.ai import make_ai

    ai = make_ai(level, seed)
    moves = 0
    while not eng.over:
        eng.apply(ai.decide(eng, eng.pending))
        moves += 1
        assert moves < 5000
    return moves


def test_enemy_answers_are_not_recorded_and_a_battle_replays_exactly():
    eng = _battle(seed=11)
    _play(eng, 11)
    assert eng.actions and all(a.player == 0 for a in eng.actions)  # only the hero's
    enemy_attacks = [e for e in eng.log if e.kind == "attack_declared" and e.data["attacker"] != 0]
    assert enemy_attacks  # the Minion did decide things (its answers just were not recorded)
    again = replay(eng.setup, list(eng.actions))
    assert again.digest() == eng.digest()


def test_an_enemy_decision_is_never_left_pending():
    eng = _battle(seed=5)
    while not eng.over:
        choice = eng.pending
        assert choice.player == 0
        eng.apply(choice.options[0].action)
    assert isinstance(eng.actions[0], Action)


def test_fifty_minion_battles_run_to_an_end_without_errors():
    """One hero vs a level-I minion, the simple computer answering the hero: 50 seeds."""
    content = default_content()
    level_one = sorted(
        e.id for e in content.enemies.values() if e.kind == "minion" and e.level == 1
    )
    heroes = ["barbarian", "gunslinger", "monk", "moon_elf", "ninja"]
    ends = {"heroes": 0, "enemy": 0, "limit": 0}
    for seed in range(50):
        eng = _battle(
            seed=seed,
            hero=heroes[seed % len(heroes)],
            enemy=level_one[seed % len(level_one)],
        )
        _play(eng, seed)
        with eng.world.active():
            info = eng.info
            if info.timed_out:
                ends["limit"] += 1
            elif info.winner_team == E.HERO_TEAM:
                ends["heroes"] += 1
            else:
                ends["enemy"] += 1
    assert ends["limit"] == 0
    assert ends["heroes"] + ends["enemy"] == 50


def test_players_in_a_battle_only_see_the_enemies_of_that_battle():
    eng = _battle()
    seat = E.add_enemy_outside(eng, "bog_rats")
    with eng.world.active():
        hero, goblin, rats = eng.player(0), eng.player(1), eng.player(seat)
        assert eng.opponents(hero) == [goblin, rats]
        E.set_battle(eng, hero, 1)
        E.set_battle(eng, goblin, 1)
        E.set_battle(eng, rats, 2)
        assert eng.opponents(hero) == [goblin]
        assert eng.opponents(rats) == []
        E.set_battle(eng, hero, None)
        assert eng.opponents(hero) == [goblin, rats]


def test_rule68_the_team_wins_when_it_and_the_enemy_fall_together():
    eng = _battle()
    with eng.world.active():
        from game.rules import ops

        hero, goblin = eng.player(0), eng.player(1)
        ops.change_health(eng, hero, -100, "test")
        ops.change_health(eng, goblin, -100, "test")
        ops.settle_defeats(eng)
        assert eng.info.over and eng.info.winner_team == E.HERO_TEAM


def test_rule40_a_hero_step_after_the_minion_fell_still_allows_side_benefits():
    from game.adventures.enemies import HeroStepFrame

    def arrange(eng):
        hero, goblin = eng.player(0), eng.player(1)
        E.set_battle(eng, hero, 1)
        E.set_battle(eng, goblin, 1)
        eng.standing(goblin).defeated = True  # it fell during its own (First Strike) step
        eng.dial(hero).health = 30
        eng.program.frames[:] = [HeroStepFrame(hero=hero, foe=goblin)]
        eng.rng.forced_dice.extend([4, 4, 5, 1, 2])

    eng = Engine.new_match(
        MatchSetup(
            seats=(SeatSetup("barbarian", team=0), SeatSetup("goblin_cutpurse", team=1)),
            seed=1,
            mode="adventure",  # a crawl: a fallen Minion does not end the match
        ),
        before_start=arrange,
    )
    choice = eng.pending
    eng.apply(next(o.action for o in choice.options if o.action.kind == "end_phase"))
    eng.apply(eng.pending.options[0].action)  # roll 4, 4, 5, 1, 2
    fortitude = next(
        o.action for o in eng.pending.options if o.action.get("ability") == "fortitude"
    )
    eng.apply(fortitude)
    healed = [e for e in eng.log if e.kind == "healed"]
    assert healed and healed[-1].data["amount"] == 4
    assert not eng.over
