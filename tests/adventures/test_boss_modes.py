"""Adventures rule 54: Boss vs Many and Boss vs Boss as duel-engine modes (docs/adventures.md)."""

from __future__ import annotations

import esper
import pytest

from game.adventures import boss_modes
from game.adventures.boss_modes import (
    BOSS_VS_MANY_NUMBERS,
    KINGS_HAND,
    boss_vs_boss_setup,
    boss_vs_many_setup,
)
from game.adventures.boss_modes_sim import play_one
from game.rules import ops, variants
from game.rules.components import Enemy, Piles
from game.rules.effects import adventure_verbs
from game.rules.engine import Engine, replay
from game.rules.frames import EffectCtx, ResolveFrame

HEROES = ["barbarian", "monk", "paladin", "gunslinger"]


def _events(engine, kind):
    return [e for e in engine.log if e.kind == kind]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_boss_vs_many_setup_uses_the_designed_numbers(count):
    setup = boss_vs_many_setup(HEROES[:count], "mad_king", seed=11)
    engine = Engine.new_match(setup)
    numbers = BOSS_VS_MANY_NUMBERS[count]
    with engine.world.active():
        players = engine.info.players
        boss = players[-1]
        assert engine.hero(boss).id == "mad_king"
        assert engine.dial(boss).start == numbers.health
        assert ops.status_count(engine, boss, KINGS_HAND) == numbers.kings_hand
        assert ops.status_count(engine, boss, boss_modes.MIGHT) == numbers.might
        # a player's seat: no enemy AI answers for it
        assert not esper.has_component(boss, Enemy)
        # an opening hand of Action cards and the rest of the Action deck as its deck
        piles = esper.component_for_entity(boss, Piles)
        assert len(piles.hand) == boss_modes.OPENING_HAND
        deck = engine.content.bosses["mad_king"].actions
        assert len(piles.hand) + len(piles.deck) == len(deck)
        for hero in players[:-1]:
            assert engine.dial(hero).start == boss_modes.HERO_HEALTH
            assert engine.team(hero) == boss_modes.HERO_TEAM
    upgraded = _events(engine, "boss_upgraded")[0]
    assert upgraded.data["spent"] <= numbers.upgrade_cp


def test_boss_vs_boss_setup_gives_each_boss_the_same_numbers():
    engine = Engine.new_match(boss_vs_boss_setup(["fallen_monk", "fallen_monk"], seed=4))
    numbers = boss_modes.BOSS_VS_BOSS_NUMBERS
    with engine.world.active():
        for boss in engine.info.players:
            assert engine.dial(boss).start == numbers.health
            assert ops.status_count(engine, boss, KINGS_HAND) == numbers.kings_hand
            assert not esper.has_component(boss, Enemy)
        assert engine.team(engine.info.players[0]) != engine.team(engine.info.players[1])


def test_boss_vs_boss_health_evens_out_the_boards():
    # the Mad King's board is the strongest, the Fallen Gunslinger's the weakest: each Boss
    # starts with its own Health (designed), everything else the same
    engine = Engine.new_match(boss_vs_boss_setup(["mad_king", "fallen_gunslinger"], seed=4))
    with engine.world.active():
        king, gunslinger = engine.info.players
        assert engine.dial(king).start == boss_modes.BOSS_VS_BOSS_HEALTH["mad_king"] == 34
        assert engine.dial(gunslinger).start == 61
        assert engine.dial(king).health == 34
    engine.close()


def test_bad_setups_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="2-4 heroes"):
        boss_vs_many_setup(["barbarian"], "mad_king", seed=1)
    with pytest.raises(ValueError, match="unknown boss"):
        boss_vs_many_setup(["barbarian", "monk"], "barbarian", seed=1)
    with pytest.raises(ValueError, match="unknown hero"):
        boss_vs_many_setup(["barbarian", "mad_king"], "mad_king", seed=1)
    with pytest.raises(ValueError, match="exactly 2 bosses"):
        boss_vs_boss_setup(["mad_king"], seed=1)


def test_turns_go_clockwise_with_the_boss_taking_its_own_turn():
    _setup, engine, _result = play_one(
        "boss_vs_many",
        HEROES[:3],
        ["fallen_barbarian"],
        seed=5,
        ai="easy",
        content=None,
        keep_log=True,
    )
    seats = [e.data["player"] for e in _events(engine, "turn_started")]
    assert len(seats) >= 8
    first = seats[0]
    # the first two rounds: seat order 0 -> 1 -> 2 -> 3 (the Boss) -> 0 ... from the Start
    # Player, the Boss included (nobody falls that early in this seeded game)
    assert seats[:8] == [(first + i) % 4 for i in range(8)]


@pytest.mark.parametrize(
    ("heroes", "values"),
    [
        (2, {1: "left", 2: "left", 3: "right", 4: "right", 5: "opponents_choose"}),
        (3, {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right"}),
        (4, {1: "clockwise_1", 2: "clockwise_2", 3: "clockwise_3", 4: "clockwise_4"}),
    ],
)
def test_the_boss_targeting_table_for_each_hero_count(heroes, values):
    for value, result in values.items():
        assert variants.table_result("boss_vs_many", value, heroes) == result
    # the Chaos face (6) always lets the Boss choose
    assert variants.table_result("boss_vs_many", 6, heroes) == "attacker_chooses"
    if heroes == 4:
        assert variants.table_result("boss_vs_many", 5, 4) == "opponents_choose"
    assert variants.uses_table("boss_vs_many")


def test_heroes_always_target_the_boss_and_the_boss_rolls_to_target():
    setup, engine, _result = play_one(
        "boss_vs_many", HEROES[:3], ["mad_king"], seed=8, ai="easy", content=None, keep_log=True
    )
    boss_seat = len(setup.seats) - 1
    attacks = _events(engine, "attack_declared")
    hero_attacks = [a for a in attacks if a.data["attacker"] != boss_seat]
    assert hero_attacks and len(hero_attacks) < len(attacks)  # both sides attacked
    assert {a.data["defender"] for a in hero_attacks} == {boss_seat}
    rolls = _events(engine, "targeting_roll")
    assert rolls and all(r.data["attacker"] == boss_seat for r in rolls)
    assert all(r.data["table"] == "boss_vs_many" for r in rolls)


def test_the_start_player_collects_income_in_boss_vs_many_but_not_in_boss_vs_boss():
    many = Engine.new_match(boss_vs_many_setup(HEROES[:2], "fallen_monk", seed=3))
    boss = Engine.new_match(boss_vs_boss_setup(["fallen_monk", "mad_king"], seed=3))
    # run each to its first Main Phase decision
    for engine in (many, boss):
        with engine.world.active():
            start = engine.info.start_player
            assert engine.info.turn == 1 and engine.info.active == start
    income = [e for e in many.log if e.kind == "cp_changed" and "Income" in e.text]
    assert len(income) == 1
    assert not [e for e in many.log if e.kind == "phase_skipped"]
    assert [e for e in boss.log if e.kind == "phase_skipped" and e.data["phase"] == "income"]


def test_kings_hand_has_a_stack_limit_of_5_and_cannot_be_removed():
    engine = Engine.new_match(boss_vs_boss_setup(["mad_king", "fallen_monk"], seed=2))
    sdef = engine.content.statuses[KINGS_HAND]
    assert sdef.stack_limit == 5 and not sdef.removable and not sdef.transferable
    assert sdef.id != "kings_hand"  # the campaign's automatic King's Hand is untouched
    with engine.world.active():
        boss = engine.info.players[0]
        ops.give_status(engine, boss, KINGS_HAND, 10, None)
        assert ops.status_count(engine, boss, KINGS_HAND) == 5


def test_loot_die_rows_follow_the_documented_table():
    ranges = engine_ranges()
    rows = [adventure_verbs.loot_row(ranges, v) for v in range(1, 21)]
    assert rows == [0] * 5 + [1] * 5 + [2] * 4 + [3] * 3 + [4] * 2 + [5]
    with pytest.raises(ValueError):
        adventure_verbs.loot_row(ranges, 21)


def engine_ranges():
    from game.content.loader import default_content

    return default_content().statuses[KINGS_HAND].spend.effects[0]["ranges"]


@pytest.mark.parametrize(
    ("value", "kinds"),
    [
        (3, set()),
        (12, {"cp_changed"}),
        (16, {"healed"}),
        (18, {"card_drawn"}),
    ],
)
def test_spending_kings_hand_applies_the_loot_die_row(monkeypatch, value, kinds):
    monkeypatch.setattr(adventure_verbs, "roll_loot_die", lambda eng: value)

    def spend(engine):  # the spend's effects resolve before the roll for the first turn
        boss = engine.info.players[0]
        engine.dial(boss).health -= 10  # room to heal
        sdef = engine.content.statuses[KINGS_HAND]
        ctx = EffectCtx(me=boss, opp=None, kind="status", source="King's Hand", scope=0)
        engine.push(ResolveFrame(effects=sdef.spend.effects, ctx=ctx))

    engine = Engine.new_match(
        boss_vs_boss_setup(["fallen_barbarian", "fallen_monk"], seed=9), before_start=spend
    )
    first_roll = next(i for i, e in enumerate(engine.log) if e.kind == "start_roll")
    before = engine.log[:first_roll]
    rolled = [e for e in before if e.kind == "loot_die"]
    assert len(rolled) == 1 and rolled[0].data["value"] == value
    after = before[before.index(rolled[0]) + 1 :]
    assert {e.kind for e in after} == kinds
    if value == 12:
        assert "gains 2 CP" in after[0].text
    if value == 16:
        assert "heals 3" in after[0].text


@pytest.mark.parametrize("mode", ["boss_vs_many", "boss_vs_boss"])
def test_a_whole_seeded_computer_game_ends_with_a_winner_and_replays(mode):
    heroes = HEROES[:3] if mode == "boss_vs_many" else []
    bosses = ["fallen_gunslinger"] if mode == "boss_vs_many" else ["fallen_barbarian", "mad_king"]
    setup, engine, result = play_one(mode, heroes, bosses, seed=21, ai="normal", content=None)
    assert engine.over and not result.draw
    assert result.winner_team in (0, 1)
    again = replay(setup, list(engine.actions))
    assert again.digest() == engine.digest()
    with again.world.active():
        assert again.info.winner_team == result.winner_team


def test_the_boss_targets_whom_its_chaos_die_names_in_a_real_game():
    """In a played game every fixed table result hits the hero it names: heroes sit in seats
    0.. and the Boss last, so from the Boss the nearest clockwise ("left") is the lowest living
    seat and "right" the highest."""
    checked = 0
    for seed in (8, 9, 10):
        setup, engine, _result = play_one(
            "boss_vs_many",
            HEROES,
            ["fallen_monk"],
            seed=seed,
            ai="easy",
            content=None,
            keep_log=True,
        )
        fallen: set[int] = set()
        pending = None
        for event in engine.log:
            if event.kind == "player_defeated":
                fallen.add(event.data["player"])
            elif event.kind == "targeting_roll":
                pending = event
            elif event.kind == "target_chosen" and pending is not None:
                living = [s for s in range(len(setup.seats) - 1) if s not in fallen]
                result = variants.table_result("boss_vs_many", pending.data["value"], len(living))
                picks = variants.candidates(result, living)
                assert event.data["target"] in picks
                if len(picks) == 1:
                    checked += 1
                pending = None
    assert checked >= 3


def test_a_boss_action_card_aimed_at_the_active_hero_lets_the_boss_choose_the_hero():
    """Boss vs Many: outside an Attack "the active hero" of an Action card has several
    candidates, so the Boss's player picks one of the standing heroes."""

    def play_axe(engine):
        boss = engine.info.players[-1]
        card = engine.content.cards["fallen_barbarian_thrown_axe"]
        ctx = EffectCtx(me=boss, opp=None, kind="card", source=card.name, scope=0)
        engine.push(ResolveFrame(effects=card.effects, ctx=ctx))

    setup = boss_vs_many_setup(HEROES[:3], "fallen_barbarian", seed=4)
    engine = Engine.new_match(setup, before_start=play_axe)
    choice = engine.pending
    assert choice.player == 3  # the Boss's seat decides
    assert sorted(o.action.get("option") for o in choice.options) == [0, 1, 2]
    option = next(o for o in choice.options if o.action.get("option") == 1)
    events = engine.apply(option.action)
    aimed = [e for e in events if e.kind == "damage_pending"]
    assert [(e.data["target"], e.data["amount"]) for e in aimed] == [(1, 3)]


def _boss_main_phase_with(card_id: str, seed: int = 3):
    """A Boss vs Many game run by the computer up to the Boss's first Main Phase question with
    CP to spare, with `card_id` standing in for the first card of the Boss's hand."""
    from game.ai import make_ai
    from game.rules.components import CardInstance, CombatPoints

    setup = boss_vs_many_setup(["barbarian", "monk"], "mad_king", seed=seed)
    engine = Engine.new_match(setup)
    players = [make_ai("simple", i) for i in range(3)]
    for _ in range(2000):
        choice = engine.pending
        if choice.player == 2 and choice.kind == "main_phase":
            with engine.world.active():
                boss = engine.player(2)
                piles = engine.piles(boss)
                if piles.hand and engine.cp(boss) >= 3:
                    card, *rest = piles.hand
                    piles.hand[:] = [card]  # the only card in hand
                    piles.discard.extend(rest)
                    esper.component_for_entity(card, CardInstance).card = card_id
                    for hero in engine.info.players[:2]:
                        esper.component_for_entity(hero, CombatPoints).cp = 4  # CP to take
                    engine.program.pending = None  # ask again with this hand
                    engine._run()
                    return engine
        engine.apply(players[choice.player].decide(engine, choice))
    raise AssertionError("the Boss never reached its Main Phase with 3 CP")


@pytest.mark.parametrize(  # (easy and simple play Main Phase cards at random)
    ("level", "card_id"),
    [
        (level, card)
        for level in ("normal", "hard")
        for card in ("mad_king_execution_order", "mad_king_royal_tax", "mad_king_tithe")
    ]
    + [("hard", "mad_king_dungeon")],  # Normal finds 3 CP too dear for a Knockdown
)
def test_a_computer_boss_plays_its_main_phase_action_cards_instead_of_selling_them(level, card_id):
    """Rule 54, issue 16 item 9: Deal 3 dmg / take CP / gain CP / inflict Knockdown cards are
    worth playing; the computer Boss used to sell or hoard them (bench/boss_cards.py)."""
    from game.ai import make_ai

    engine = _boss_main_phase_with(card_id)
    choice = engine.pending
    plays = [o for o in choice.options if o.action.kind == "play"]
    ours = [o for o in plays if engine.content.cards[card_id].name in o.label]
    assert ours, [o.label for o in choice.options]
    action = make_ai(level, 5).decide(engine, choice)
    assert action.kind == "play", choice.find(action).label
    engine.close()


def test_boss_action_card_texts_read_right_in_every_mode():
    """Boss vs Many and Boss vs Boss have no "active hero": the cards say "an opponent" (in a
    Boss Battle the Boss's opponent is the hero whose turn it is, rule 76)."""
    content = Engine.new_match(boss_vs_boss_setup(["mad_king", "fallen_monk"], seed=1)).content
    aimed = 0
    for deck in content.bosses.values():
        for action in deck.actions:
            card = content.cards[action.card]
            assert "active hero" not in card.text.lower(), card.id
            aims = any(fx.get("target") == "opponent" for fx in card.effects)
            if card.type == "main" and aims:  # (an Attack Modifier hits the Attack's target)
                assert "opponent" in card.text.lower(), card.id
                aimed += 1
    assert aimed >= 11
