"""Team and free-for-all formats: 2v2, King of the Hill, 3v3 and 2v2v2 (docs/engine.md,
"Team and free-for-all modes"). Scenario files in tests/scenarios/variants/ cover the 2v2
targeting table, the shared dial, Q7 and Q8; these stories cover the rest."""

from __future__ import annotations

import pytest

from game.modes.duel import play_out
from game.modes.variants import HEALTH, MODES, SEATS, setup_for, team_of
from game.rules import ops, variants
from game.rules.engine import Engine, MatchSetup
from game.rules.view import match_view
from tests.helpers import Table

SIX = ["gunslinger", "barbarian", "paladin", "monk", "ninja", "moon_elf"]


# ---------------------------------------------------------------- setups


def test_setup_for_seats_teams_dials_and_errors():
    setup = setup_for("2v2", SIX[:4], seed=3, names=["Ann", "Bo", "Cy", "Di"])
    assert [s.team for s in setup.seats] == [0, 0, 1, 1]
    assert setup.mode == "2v2" and setup.health == 50 and setup.shared_team_dial
    assert [s.name for s in setup.seats] == ["Ann", "Bo", "Cy", "Di"]
    assert [team_of("3v3", i) for i in range(6)] == [0, 0, 0, 1, 1, 1]
    assert [team_of("2v2v2", i) for i in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [team_of("koth", i) for i in range(3)] == [0, 1, 2]
    koth = setup_for("koth", SIX[:3], seed=1)
    assert koth.health == 35 and not koth.shared_team_dial
    with pytest.raises(ValueError, match="unknown mode 'battle'"):
        setup_for("battle", SIX[:4], seed=1)
    with pytest.raises(ValueError, match="needs exactly 6 heroes"):
        setup_for("3v3", SIX[:4], seed=1)
    with pytest.raises(ValueError, match="seats 0-2"):
        team_of("koth", 3)


def test_match_setup_keeps_its_mode_and_old_saves_load_as_duels():
    setup = setup_for("2v2v2", SIX, seed=9)
    again = MatchSetup.from_json(setup.to_json())
    assert again == setup
    data = setup.to_json()
    del data["mode"]
    assert MatchSetup.from_json(data).mode == "duel"


@pytest.mark.parametrize(
    ("mode", "dial", "shared"),
    [("2v2", 50, True), ("3v3", 75, True), ("2v2v2", 50, True), ("koth", 35, False)],
)
def test_every_format_starts_with_its_dials(mode, dial, shared):
    eng = Engine.new_match(setup_for(mode, SIX[: SEATS[mode]], seed=2))
    try:
        view = match_view(eng)
        assert all(p.health == dial and p.start_health == dial for p in view.players)
        assert all(p.mode == mode for p in view.players)
        with eng.world.active():
            dials = {id(eng.dial(p)) for p in eng.info.players}
        assert len(dials) == (len(view.teams) if shared else SEATS[mode])
        assert HEALTH[mode] == dial
    finally:
        eng.close()


# ---------------------------------------------------------------- turn order


def test_zigzag_alternates_the_teams():
    assert variants.zigzag([0, 1, 2, 3], [0, 0, 1, 1]) == [0, 2, 1, 3]
    assert variants.zigzag(list(range(6)), [0, 0, 0, 1, 1, 1]) == [0, 3, 1, 4, 2, 5]
    assert variants.zigzag(list(range(6)), [0, 0, 1, 1, 2, 2]) == [0, 2, 4, 1, 3, 5]
    assert variants.zigzag([0, 1, 2], [0, 1, 2]) == [0, 1, 2]


@pytest.mark.parametrize("mode", ["2v2", "3v3", "2v2v2", "koth"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_start_roll_winner_leads_a_cycle_that_alternates_teams(mode, seed):
    eng = Engine.new_match(setup_for(mode, SIX[: SEATS[mode]], seed=seed))
    try:
        view = match_view(eng)
        order = view.turn_order
        assert order[0] == view.start == view.active
        assert sorted(order) == list(range(SEATS[mode]))
        teams = [team_of(mode, s) for s in order]
        count = len(set(teams))
        # every window of `count` consecutive turns holds each team once
        for i in range(len(order)):
            window = [teams[(i + k) % len(order)] for k in range(count)]
            assert len(set(window)) == count
        started = next(e for e in eng.log if e.kind == "match_started")
        assert started.data["order"] == order
        skipped = [e for e in eng.log if e.kind == "phase_skipped"]
        assert skipped and skipped[0].data == {"player": view.start, "phase": "income"}
    finally:
        eng.close()


def test_a_fallen_team_leaves_the_turn_order():
    t = Table(
        mode="2v2v2",
        first="a1",
        start_at="main1",
        a1={"hero": "pyromancer", "hand": ["firestorm"], "cp": 2},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": [], "health": 4},
        b2={"hero": "barbarian", "hand": []},
        c1={"hero": "monk", "hand": []},
        c2={"hero": "ninja", "hand": []},
    )
    assert t.view.turn_order == [0, 2, 4, 1, 3, 5]
    t.do("play", by="a1", card="firestorm")
    view = t.view
    assert view.players[2].defeated and view.players[3].defeated  # 2 + 2 off a dial of 4
    assert view.players[4].health == 46 and view.players[5].health == 46
    assert not view.over
    t.do("end_phase", by="a1")
    t.do("no_ability", by="a1")
    t.do("end_phase", by="a1")
    assert t.view.active == t.seat("c1")  # B1's turn is skipped
    assert [e.data["player"] for e in t.events("turn_started")][-1] == t.seat("c1")
    t.close()


def test_a_team_loses_when_its_shared_dial_reaches_zero():
    t = Table(
        mode="2v2",
        first="a1",
        start_at="main1",
        a1={"hero": "pyromancer", "hand": ["firestorm"], "cp": 2},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": [], "health": 3},
        b2={"hero": "monk", "hand": []},
    )
    t.do("play", by="a1", card="firestorm")
    view = t.view
    assert view.over and not view.draw and view.winner_team == 0
    over = t.events("game_over")[-1]
    assert over.data["winners"] == [0, 1]
    t.close()


def test_every_remaining_side_falling_at_once_is_a_draw():
    eng = Engine.new_match(setup_for("2v2v2", SIX, seed=4))
    try:
        with eng.world.active():
            ops.change_health(eng, eng.player(2), -50, "test")  # team B falls alone
            ops.settle_defeats(eng)
            assert not eng.info.over and not eng.alive(eng.player(3))
            eng.dial(eng.player(0)).health = 0  # then A and C at the same moment
            eng.dial(eng.player(4)).health = 0
            ops.settle_defeats(eng)
            assert eng.info.over and eng.info.draw and eng.info.winner_team is None
            assert [e.data["draw"] for e in eng.log if e.kind == "game_over"] == [True]
    finally:
        eng.close()


# ---------------------------------------------------------------- targeting tables


def test_the_targeting_tables_face_by_face():
    def faces(mode, n):
        return [variants.table_result(mode, v, n) for v in range(1, 7)]

    assert faces("2v2", 2) == [
        "left",
        "left",
        "right",
        "right",
        "opponents_choose",
        "attacker_chooses",
    ]
    assert faces("3v3", 3) == ["left", "left", "middle", "middle", "right", "right"]
    assert faces("3v3", 2) == faces("2v2", 2)
    assert faces("2v2v2", 4) == [
        "clockwise_1",
        "clockwise_2",
        "clockwise_3",
        "clockwise_4",
        "attacker_chooses",
        "attacker_chooses",
    ]
    assert faces("2v2v2", 2) == faces("2v2", 2)
    ordered = [3, 4, 5]
    assert variants.candidates("left", ordered) == [3]
    assert variants.candidates("middle", ordered) == [4]
    assert variants.candidates("right", ordered) == [5]
    assert variants.candidates("clockwise_4", [2, 3, 4]) == [2]  # counting goes round
    assert variants.candidates("attacker_chooses", ordered) == ordered
    assert variants.clockwise_from(1, [0, 2, 3], 4) == [2, 3, 0]


def _attack_with_revolver(t: Table, attacker: str, die: int) -> None:
    t.do("roll", by=attacker, dice=[1, 2, 3, 4, 6])
    t.do("activate", by=attacker, ability="revolver", row=0, dice=[die])


def _six(**changes):
    players = {
        "a1": {"hero": "gunslinger", "hand": []},
        "a2": {"hero": "gunslinger", "hand": []},
        "a3": {"hero": "gunslinger", "hand": []},
        "b1": {"hero": "barbarian", "hand": []},
        "b2": {"hero": "barbarian", "hand": []},
        "b3": {"hero": "barbarian", "hand": []},
    }
    players.update(changes)
    return players


@pytest.mark.parametrize(("die", "target"), [(1, "b1"), (3, "b2"), (4, "b2"), (6, "b3")])
def test_3v3_left_middle_right(die, target):
    t = Table(mode="3v3", first="a1", start_at="offensive_roll", **_six())
    _attack_with_revolver(t, "a1", die)
    rolled = t.events("targeting_roll")[-1].data
    assert rolled["table"] == "3v3" and rolled["value"] == die
    chosen = t.events("target_chosen")[-1].data
    assert chosen == {"attacker": 0, "target": t.seat(target), "leader_bonus": False}
    assert t.pending.kind == "defensive_roll" and t.pending.player == t.seat(target)
    assert t.player("a1").health == 75
    t.close()


@pytest.mark.parametrize(
    ("die", "target"), [(1, "b1"), (2, "b2"), (3, "c1"), (4, "c2"), (5, None), (6, None)]
)
def test_2v2v2_counts_opponents_clockwise_from_the_left(die, target):
    t = Table(
        mode="2v2v2",
        first="a2",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "barbarian", "hand": []},
        c1={"hero": "barbarian", "hand": []},
        c2={"hero": "barbarian", "hand": []},
    )
    _attack_with_revolver(t, "a2", die)
    if target is None:
        assert t.events("targeting_roll")[-1].data["result"] == "attacker_chooses"
        assert t.pending.kind == "choose_target" and t.pending.player == t.seat("a2")
        offered = sorted(a.get("option") for a in t.options())
        assert offered == [2, 3, 4, 5]
    else:
        assert t.events("target_chosen")[-1].data["target"] == t.seat(target)
    t.close()


def test_2v2v2_with_one_opposing_team_left_uses_the_2v2_table():
    t = Table(
        mode="2v2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "barbarian", "hand": []},
        c1={"hero": "barbarian", "hand": []},
        c2={"hero": "barbarian", "hand": []},
    )
    with t.engine.world.active():
        t.engine.dial(t.engine.player(2)).health = 0
        ops.settle_defeats(t.engine)
    _attack_with_revolver(t, "a1", 5)
    assert t.events("targeting_roll")[-1].data["result"] == "opponents_choose"
    assert t.pending.kind == "choose_target" and t.pending.player == t.seat("c1")
    t.close()


def test_a_lone_opponent_needs_no_targeting_roll():
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": []},
        b2={"hero": "barbarian", "hand": []},
    )
    with t.engine.world.active():
        t.engine.standing(t.engine.player(2)).defeated = True  # as if B1 alone had left
    t.do("roll", by="a1", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="a1", ability="revolver", row=0)
    assert not t.events("targeting_roll")
    assert t.pending.kind == "defensive_roll" and t.pending.player == t.seat("b2")
    t.close()


# ---------------------------------------------------------------- King of the Hill


def _koth(gun: int, barb: int, monk: int) -> Table:
    return Table(
        mode="koth",
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": [], "health": gun},
        barb={"hero": "barbarian", "hand": [], "health": barb},
        monk={"hero": "monk", "hand": [], "health": monk},
    )


def test_the_leader_bonus_card_comes_before_anything_else():
    t = _koth(20, 30, 25)
    assert t.view.leaders == [t.seat("barb")]
    assert [p.leader for p in t.view.players] == [False, True, False]
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="gun", ability="revolver", row=0)
    t.do("choose", by="gun", option="Target barb")
    kinds = [e.kind for e in t.engine.log]
    chosen = kinds.index("target_chosen")
    assert kinds[chosen + 1] == "card_drawn"
    assert kinds.index("damage_pending", chosen) > chosen + 1
    assert t.events("target_chosen")[-1].data["leader_bonus"] is True
    t.close()


def test_the_last_opponent_in_king_of_the_hill_can_still_be_a_leader():
    t = _koth(20, 30, 25)
    with t.engine.world.active():
        t.engine.dial(t.engine.player(2)).health = 0
        ops.settle_defeats(t.engine)
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="gun", ability="revolver", row=0)
    chosen = t.events("target_chosen")[-1].data
    assert chosen == {"attacker": 0, "target": 1, "leader_bonus": True}
    assert t.player("gun").hand and len(t.player("gun").hand) == 1
    t.close()


def test_a_duel_never_draws_a_leader_card():
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": [], "health": 20},
        barb={"hero": "barbarian", "hand": []},
    )
    t.do("roll", by="gun", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="gun", ability="revolver", row=0)
    assert not t.events("target_chosen") and not t.events("card_drawn")
    t.close()


# ---------------------------------------------------------------- what the view shows


def test_teammates_may_see_each_others_hands():
    eng = Engine.new_match(setup_for("3v3", SIX, seed=5))
    try:
        view = match_view(eng)
        assert view.teams == {0: [0, 1, 2], 1: [3, 4, 5]}
        assert view.players[1].hand_visible_to == [0, 1, 2]
        assert view.players[4].hand_visible_to == [3, 4, 5]
        assert view.leaders == []
    finally:
        eng.close()


# ---------------------------------------------------------------- what the log says


def _team_b(**b) -> Table:
    """2v2: the Paladin sits first on team B's shared dial, the Barbarian second."""
    return Table(
        mode="2v2",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        pal={"hero": "paladin", "hand": [], "health": 40},
        bar={"hero": "barbarian", "hand": []},
        **b,
    )


def test_a_shared_dial_names_the_teammate_who_healed():
    t = Table(
        mode="2v2",
        first="bar",
        start_at="offensive_roll",
        pal={"hero": "paladin", "hand": [], "health": 40},
        bar={"hero": "barbarian", "hand": []},
        b1={"hero": "gunslinger", "hand": []},
        b2={"hero": "monk", "hand": []},
    )
    t.do("roll", by="bar", dice=[4, 4, 5, 1, 6])
    t.do("activate", by="bar", ability="fortitude", row=0)  # Fortitude: heal 4
    t.settle()
    assert t.player("pal").health == t.player("bar").health == 44  # one dial for both
    healed = t.events("healed")[-1]
    assert healed.data["player"] == t.seat("bar") and healed.text == "bar heals 4."
    changed = t.events("health_changed")[-1]
    assert changed.data["player"] == t.seat("bar")
    assert changed.text == "bar: shared Health 40 -> 44."
    t.close()


def test_a_shared_dial_names_the_teammate_who_was_hit():
    t = _team_b(first="a1")
    _attack_with_revolver(t, "a1", 3)  # 3: the opponent on the right, the Barbarian
    t.do("roll", by="bar", dice=[4, 6, 6])  # Thick Skin: one Heart heals 2, nothing prevented
    t.settle()
    assert t.player("pal").health == 39
    hit = t.events("damage_resolved")[-1]
    assert hit.data["target"] == t.seat("bar") and hit.text.startswith("bar takes 3 damage")
    healed = t.events("healed")[-1]
    assert healed.data["player"] == t.seat("bar") and healed.text == "bar heals 2."
    changed = t.events("health_changed")[-1]
    assert changed.data == {"player": t.seat("bar"), "delta": -1, "health": 39}
    assert "pal" not in changed.text
    t.close()


def test_damage_to_each_teammate_is_told_under_their_own_name():
    t = Table(
        mode="2v2",
        first="a1",
        start_at="main1",
        a1={"hero": "pyromancer", "hand": ["firestorm"], "cp": 2},
        a2={"hero": "gunslinger", "hand": []},
        pal={"hero": "paladin", "hand": []},
        bar={"hero": "barbarian", "hand": []},
    )
    t.do("play", by="a1", card="firestorm")  # 2 damage to each opponent, one after the other
    hits = sorted(e.data["target"] for e in t.events("damage_resolved"))
    changed = t.events("health_changed")
    assert hits == sorted(e.data["player"] for e in changed) == [t.seat("pal"), t.seat("bar")]
    assert sorted(e.text.split(":")[0] for e in changed) == ["bar", "pal"]
    assert t.player("bar").health == 46
    t.close()


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("mode", [m for m in MODES if m != "duel"])
def test_whole_games_finish_and_replay(mode):
    from game.ai import make_ai
    from game.rules.engine import replay

    setup = setup_for(mode, SIX[: SEATS[mode]], seed=11, turn_limit=400)
    eng = Engine.new_match(setup)
    result = play_out(eng, [make_ai("simple", 11 + i) for i in range(SEATS[mode])])
    assert result.draw or result.winner_team is not None
    kinds = {e.kind for e in eng.log}
    assert "target_chosen" in kinds
    assert ("targeting_roll" in kinds) == (mode != "koth")
    again = replay(setup, eng.actions)
    assert again.digest() == eng.digest()
    again.close()
    eng.close()


def test_a_stunned_player_leaves_the_opponents_choice_to_a_teammate():
    t = Table(
        mode="2v2",
        first="a1",
        start_at="offensive_roll",
        a1={"hero": "gunslinger", "hand": []},
        a2={"hero": "gunslinger", "hand": []},
        b1={"hero": "barbarian", "hand": [], "statuses": {"stun": 1}},
        b2={"hero": "barbarian", "hand": []},
    )
    _attack_with_revolver(t, "a1", 5)
    assert t.pending.kind == "choose_target" and t.pending.player == t.seat("b2")
    assert t.pending.context == {"attacker": 0, "reason": "opponents_choose"}
    t.close()


def test_the_rules_reference_explains_every_format():
    from game.modes.variants import MODE_NAMES
    from game.ui.rules_text import glossary

    titles = {e.title: e.text for e in glossary()}
    for mode in ("2v2", "koth", "3v3", "2v2v2"):
        assert MODE_NAMES[mode] in titles
    assert "75" in titles["3 vs 3"] and "35 Health" in titles["King of the Hill"]
    assert "5-6 you choose" in titles["2 vs 2 vs 2"]


# ---------------------------------------------------------------- the sim command


@pytest.mark.parametrize(
    ("mode", "heroes", "labels"),
    [
        ("koth", "gunslinger,barbarian,monk", {"gunslinger", "barbarian", "monk"}),
        ("2v2", "gunslinger,barbarian,paladin,monk", {"gunslinger+barbarian", "paladin+monk"}),
    ],
)
def test_sim_plays_a_format_and_prints_the_duels_json_fields(capsys, mode, heroes, labels):
    import json

    from game.cli import run as cli

    assert cli(["sim", "--mode", mode, "--heroes", heroes, "--games", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["mode"] == mode and data["games"] == 3 and data["errors"] == 0
    assert set(data["wins"]) == labels
    assert sum(data["wins"].values()) + data["draws"] == 3
    assert sum(data["wins_by_seat"]) + data["draws"] == 3
    for key in ("timeouts", "mean_turns", "games_per_second", "digest", "failures", "ai"):
        assert key in data


def test_sim_keeps_two_sides_with_the_same_heroes_apart(capsys):
    import json

    from game.cli import run as cli

    args = ["sim", "--mode", "2v2", "--heroes", "monk,monk,monk,monk", "--games", "4", "--json"]
    assert cli(args) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(data["wins"]) == {"1:monk+monk", "2:monk+monk"}
    assert sum(data["wins"].values()) + data["draws"] == 4


def test_sim_refuses_a_wrong_table(capsys):
    from game.cli import run as cli

    assert cli(["sim", "--mode", "3v3", "--heroes", "gunslinger,barbarian"]) == 2
    assert "needs exactly 6 heroes" in capsys.readouterr().err
    assert cli(["sim", "--mode", "4v4", "--heroes", "gunslinger,barbarian"]) == 2
    assert "invalid choice: '4v4'" in capsys.readouterr().err
    assert cli(["sim", "--ai", "genius", "--games", "1"]) == 2
    assert "invalid choice: 'genius'" in capsys.readouterr().err
