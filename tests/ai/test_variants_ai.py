"""Computer players in team and free-for-all games: every level answers every new decision
legally, picks targets sensibly and can bend the targeting die for its side."""

from __future__ import annotations

import pytest

from game.ai import make_ai
from game.ai.policy import SmartAI
from game.ai.simple import SimpleAI
from game.ai.targeting import targeting_die_worth
from game.modes.duel import play_out
from game.modes.variants import SEATS, setup_for
from game.rules.actions import IllegalAction
from game.rules.engine import Engine
from game.rules.view import match_view
from tests.helpers import Table

SIX = ["gunslinger", "barbarian", "paladin", "monk", "ninja", "moon_elf"]
LEVELS = ("easy", "normal", "hard", "random", "heuristic", "simple")


class Checked:
    """Wraps a controller: every answer must be one of the options, and we count the kinds."""

    def __init__(self, inner, seen: set) -> None:
        self.inner = inner
        self.seen = seen

    def decide(self, engine, choice):
        action = self.inner.decide(engine, choice)
        if choice.find(action) is None:
            raise IllegalAction(f"{self.inner.name} answered {action} to {choice.kind}")
        self.seen.add(choice.kind)
        return action


@pytest.mark.parametrize("mode", ["2v2", "koth", "3v3", "2v2v2"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_format_legally(mode, level):
    seen: set = set()
    seats = SEATS[mode]
    for seed in (1, 2):
        eng = Engine.new_match(
            setup_for(mode, SIX[:seats], seed=seed, turn_limit=300), keep_log=False
        )
        controllers = [Checked(make_ai(level, seed * 10 + i), seen) for i in range(seats)]
        result = play_out(eng, controllers)
        assert result.draw or result.winner_team is not None
        eng.close()
    assert "choose_target" in seen or mode != "koth"  # King of the Hill always asks


def test_a_mixed_table_of_levels_finishes():
    eng = Engine.new_match(setup_for("2v2v2", SIX, seed=8, turn_limit=300), keep_log=False)
    controllers = [make_ai(level, i) for i, level in enumerate(LEVELS)]
    result = play_out(eng, controllers)
    assert result.draw or result.winner_team is not None
    eng.close()


def _koth_choice(gun: int, barb: int, monk: int) -> Table:
    # "monk" plays a second Barbarian, so only Health and the Leader's card tell them apart
    t = Table(
        mode="koth",
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": [], "health": gun},
        barb={"hero": "barbarian", "hand": [], "health": barb},
        monk={"hero": "barbarian", "hand": [], "health": monk},
    )
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="gun", ability="revolver", row=0)
    assert t.pending.kind == "choose_target"
    return t


@pytest.mark.parametrize("level", (*LEVELS[:3], "simple"))
def test_king_of_the_hill_goes_for_the_leaders_card(level):
    t = _koth_choice(20, 34, 30)
    action = make_ai(level, 1).decide(t.engine, t.pending)
    if level != "easy":  # Easy keeps its rules of thumb too, but may wander elsewhere
        assert action.get("option") == t.seat("barb")
    assert t.pending.find(action) is not None
    t.close()


def test_the_simple_level_finishes_a_weak_opponent_before_taking_a_card():
    t = _koth_choice(20, 34, 5)
    action = SimpleAI(1).decide(t.engine, t.pending)
    assert action.get("option") == t.seat("monk")
    t.close()


def _opponents_choose(b2_statuses: dict) -> Table:
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "gunslinger", "hand": [], "statuses": b2_statuses},
    )
    t.do("roll", by="a1", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="a1", ability="revolver", row=0, dice=[5])
    assert t.pending.kind == "choose_target" and t.pending.player == t.seat("b1")
    return t


@pytest.mark.parametrize("level", ["simple", "heuristic", "easy"])
def test_the_attacked_team_hands_the_attack_to_the_sturdier_teammate(level):
    t = _opponents_choose({"evasive": 2})
    action = make_ai(level, 1).decide(t.engine, t.pending)
    assert action.get("option") == t.seat("b2")  # two Evasive to dodge with
    t.close()


def test_the_smart_levels_answer_for_the_attacked_team_against_the_attacker():
    t = _opponents_choose({})
    ai = SmartAI(1, hard=True)
    ai._prepare(t.engine)
    view = match_view(t.engine)
    worth = ai._target_worth(view)
    action = ai.decide(t.engine, t.pending)
    picked = action.get("option")
    other = t.seat("b1") if picked == t.seat("b2") else t.seat("b2")
    assert worth(0, picked) <= worth(0, other)  # the one the Attack is worth less against
    t.close()


def test_targeting_die_worth_reads_the_table():
    view = match_view(
        Table(
            mode="2v2",
            first="a1",
            a1={"hero": "gunslinger"},
            a2={"hero": "gunslinger"},
            b1={"hero": "barbarian"},
            b2={"hero": "barbarian"},
        ).engine
    )
    worth = {2: 10.0, 3: 0.0}
    faces = [targeting_die_worth(view, 0, v, lambda a, t: worth[t]) for v in range(1, 7)]
    assert faces == [10.0, 10.0, 0.0, 0.0, 0.0, 10.0]  # 5: they pick, 6: we pick


def test_the_hard_level_bends_the_targeting_die_for_its_teammate():
    """A1's Revolver is worth more against the other Gunslinger (B2, on the right: a weaker
    defense against it) than against the Barbarian. The targeting die shows 5 - the opponents
    would choose the Barbarian - so A2, A1's teammate, plays Tip It! to make it a 6 (or 4) and
    get B2 hit."""
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": ["tip_it"], "cp": 5},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "gunslinger", "hand": []},
    )
    t.do("roll", by="a1", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="a1", ability="revolver", row=0)
    t.do("pass", by="a2", window="offensive_announce", dice=[5])
    assert t.pending.window == "dice_roll" and t.pending.player == t.seat("a2")
    ai = SmartAI(3, hard=True)
    action = ai.decide(t.engine, t.pending)
    assert action.kind == "play"
    t.apply(action)
    while t.pending is not None and t.pending.player == t.seat("a2"):
        t.apply(ai.decide(t.engine, t.pending))
    assert t.events("target_chosen")[-1].data["target"] == t.seat("b2") or (
        t.pending.kind == "choose_target" and t.pending.player == t.seat("a1")
    )
    t.close()
