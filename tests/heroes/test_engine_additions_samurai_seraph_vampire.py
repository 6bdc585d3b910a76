"""Engine additions made for the Samurai, the Seraph, the Vampire Lord and the Tactician, tested
on their own: the conditions `attack_type` and `target_status_at_least`; the amounts
`roll_attempts` and `dealt`; the spend windows `opponent_dice` and `other_status_in_play`;
`alter_dice` with `whose: opponent`; the verbs `take_card` and `restart_offensive_roll`; and the
loader naming mistakes in each (docs/content.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.content.loader import ContentError, load_content
from game.paths import content_dir
from game.rules.effects import amount, condition
from game.rules.frames import EffectCtx, ResolveFrame
from tests.helpers import Table
from tests.heroes.common import THICK_SKIN_NOTHING, duel, statuses


def _frame(t: Table, me: str, opp: str | None = None) -> ResolveFrame:
    ctx = EffectCtx(
        me=t.engine.player(t.seat(me)),
        opp=t.engine.player(t.seat(opp)) if opp else None,
        kind="status",
        source="test",
        scope=t.engine.new_scope(),
    )
    return ResolveFrame(effects=(), ctx=ctx)


# ---------------------------------------------------------------- conditions and amounts


def test_attack_type_reads_the_attack_under_way():
    t = duel("a", a={"hero": "barbarian"}, b={"hero": "barbarian"})
    t.do("roll", by="a", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="a", ability="slap", row=0)
    assert t.pending.kind == "defensive_roll"
    with t.engine.world.active():
        frame = _frame(t, "a", "b")
        assert condition(t.engine, frame, {"attack_type": ["normal", "undefendable"]})
        assert not condition(t.engine, frame, {"attack_type": ["pure", "ultimate"]})
        assert condition(t.engine, frame, {"not": {"attack_type": ["pure"]}})


def test_attack_type_is_false_without_an_attack():
    t = duel("a", start_at="main1", a={"hero": "barbarian"}, b={"hero": "barbarian"})
    with t.engine.world.active():
        assert not condition(t.engine, _frame(t, "a"), {"attack_type": ["normal"]})


def test_target_status_at_least_counts_the_opponents_tokens():
    t = duel(
        "a",
        start_at="main1",
        a={"hero": "barbarian"},
        b={"hero": "barbarian", "statuses": {"bleed": 1}},
    )
    with t.engine.world.active():
        frame = _frame(t, "a", "b")
        cond = {"target_status_at_least": {"status": "bleed", "count": 2}}
        assert not condition(t.engine, frame, cond)
    t2 = duel(
        "a",
        start_at="main1",
        a={"hero": "barbarian"},
        b={"hero": "barbarian", "statuses": {"bleed": 2}},
    )
    with t2.engine.world.active():
        assert condition(t2.engine, _frame(t2, "a", "b"), cond)


def test_roll_attempts_counts_only_the_attackers_own_roll():
    t = duel("a", a={"hero": "barbarian"}, b={"hero": "barbarian"})
    t.do("roll", by="a", dice=[1, 1, 4, 4, 5])
    t.do("roll", by="a", reroll=[1], dice=[2])
    with t.engine.world.active():
        assert amount(t.engine, _frame(t, "a"), {"roll_attempts": True}) == 2
        assert amount(t.engine, _frame(t, "a"), {"roll_attempts": True, "times": 2}) == 4
        assert amount(t.engine, _frame(t, "b"), {"roll_attempts": True}) == 0


def test_dealt_is_zero_before_anything_lands():
    # What landed is read after the damage (Blood Power's 4-token effect, tested in
    # tests/heroes/test_vampire_lord.py): before, it is 0.
    t = duel("a", a={"hero": "barbarian"}, b={"hero": "barbarian"})
    t.do("roll", by="a", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="a", ability="slap", row=0)
    with t.engine.world.active():
        assert amount(t.engine, _frame(t, "a"), {"dealt": True}) == 0


# ---------------------------------------------------------------- spend windows, dice, cards


def test_opponent_dice_window_opens_only_on_an_opponents_alterable_die():
    t = duel(
        "vl",
        vl={"hero": "vampire_lord", "statuses": {"mesmerize": 1}},
        barb={"hero": "barbarian", "statuses": {"mesmerize": 1}},
    )
    t.do("roll", by="vl", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="vl", ability="rending_talons", row=0)
    # The Barbarian (an opponent of the roller) is offered his Mesmerize; she is not.
    assert (t.pending.player, t.pending.window) == (t.seat("barb"), "offensive_announce")
    assert any(a.kind == "spend" for a in t.options())


def test_alter_dice_whose_opponent_never_touches_own_dice():
    t = duel(
        "barb",
        barb={"hero": "barbarian"},
        vl={"hero": "vampire_lord", "statuses": {"mesmerize": 1}},
    )
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 6])
    t.do("activate", by="barb", ability="crushing_blow")
    t.do("spend", by="vl", status="mesmerize", dice=[6])
    labels = t.labels()
    assert labels and all("barb's die" in label for label in labels)


def test_other_status_in_play_ignores_the_spent_status_itself():
    t = duel(
        "vl",
        start_at="main1",
        vl={"hero": "vampire_lord", "statuses": {"blood_power": 2}},
        barb={"hero": "barbarian"},
    )
    assert not [a for a in t.options() if a.kind == "spend"]
    t2 = duel(
        "vl",
        start_at="main1",
        vl={"hero": "vampire_lord", "statuses": {"blood_power": 2}},
        barb={"hero": "barbarian", "statuses": {"stun": 0, "concussion": 1}},
    )
    assert [a for a in t2.options() if a.kind == "spend"]


def test_take_card_moves_the_chosen_card_from_discard_to_hand():
    t = duel(
        "vl",
        vl={"hero": "vampire_lord", "discard": ["hypnotic_gaze", "hypnotic_gaze", "life_tap"]},
        barb={"hero": "barbarian"},
    )
    t.do("roll", by="vl", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="vl", ability="exsanguinate")
    assert sorted(t.labels()) == ["Hypnotic Gaze!", "Life Tap!"]  # two copies: one choice
    t.do("choose", by="vl", option="Hypnotic Gaze!")
    t.settle()
    me = t.player("vl")
    assert [cid for _, cid in me.hand] == ["hypnotic_gaze"]
    assert sorted(me.discard) == ["hypnotic_gaze", "life_tap"]
    assert statuses(t, "barb") == {"bleed": 2}


# ---------------------------------------------------------------- loader


@pytest.fixture
def data(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_dir(), target)
    return target


def _error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return info.value


def _edit(root: Path, rel: str, change) -> None:
    path = root / rel
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


def _shame(raw):
    return next(s for s in raw if s["id"] == "shame")


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda r: _shame(r)["triggers"][0].update({"if": {"attack_type": "normal"}}), "list"),
        (lambda r: _shame(r)["triggers"][0].update({"if": {"attack_type": ["hard"]}}), "list"),
        (lambda r: _shame(r)["triggers"][0].update({"if": {"not": {"nope": 1}}}), "unknown"),
        (
            lambda r: _shame(r)["triggers"][0].update(
                {"if": {"target_status_at_least": {"status": "blead", "count": 2}}}
            ),
            "blead",
        ),
    ],
)
def test_condition_mistakes_name_the_file(data, change, words):
    _edit(data, "statuses/samurai.json", change)
    error = _error(data)
    assert error.file == "statuses/samurai.json" and words in error.message


def test_roll_attempts_and_dealt_must_be_true(data):
    def bad(raw):
        slot = next(s for s in raw["slots"] if s["id"] == "bushido")
        slot["levels"]["1"][0]["triggers"][0]["effects"][0]["count"] = {"roll_attempts": 2}

    _edit(data, "heroes/samurai.json", bad)
    error = _error(data)
    assert error.field.endswith("count.roll_attempts") and "expected true" in error.message


def test_unknown_spend_window_is_named(data):
    def bad(raw):
        next(s for s in raw if s["id"] == "mesmerize")["spend"]["when"] = ["rival_dice"]

    _edit(data, "statuses/vampire_lord.json", bad)
    error = _error(data)
    assert error.field.endswith("spend.when[0]") and "unknown window" in error.message


def test_take_card_is_a_known_verb(data):
    # It takes no parameters: an unknown one is named.
    def bad(raw):
        slot = next(s for s in raw["slots"] if s["id"] == "exsanguinate")
        slot["levels"]["1"][0]["rows"][0]["effects"][2]["from"] = "deck"

    _edit(data, "heroes/vampire_lord.json", bad)
    error = _error(data)
    assert error.field.endswith(".from") and "does not take this parameter" in error.message


def test_thick_skin_nothing_is_still_nothing():
    # Guard for the constant these stories rely on.
    assert THICK_SKIN_NOTHING == [6, 6, 6]


# ---------------------------------------------------------------- the Tactician's additions


def test_restart_offensive_roll_skips_the_defense_and_starts_a_new_roll_phase():
    t = duel("tac", tac={"hero": "tactician"}, barb={"hero": "barbarian"})
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="tac", ability="profiteer", dice=[6])
    assert not t.events("defense_chosen")
    assert any("counts as finished" in e.text for e in t.events("note"))
    phases = [e.data["phase"] for e in t.events("phase_changed")]
    assert phases.count("offensive_roll") == 2  # a second Offensive Roll Phase began
    assert t.pending.kind == "offensive_roll"
    with t.engine.world.active():
        assert t.engine.combat.no_defense is False  # a fresh Roll Phase


def test_restart_offensive_roll_is_forfeited_when_the_target_falls():
    t = duel("tac", tac={"hero": "tactician"}, barb={"hero": "barbarian", "health": 5})
    t.do("roll", by="tac", dice=[1, 2, 4, 5, 6])
    t.do("activate", by="tac", ability="profiteer", dice=[6])
    assert t.player("barb").defeated
    assert t.view.over


def test_restart_offensive_roll_never_after_an_ultimate_or_for_someone_else():
    # The verb only works for the attacker of a non-Ultimate Roll Phase: a Paladin defending
    # cannot use it (checked through the engine's guard directly).
    from game.rules.effects.roll_phase_verbs import restart_offensive_roll

    t = duel("barb", barb={"hero": "barbarian"}, tac={"hero": "tactician"})
    t.do("roll", by="barb", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="barb", ability="slap", row=0)
    with t.engine.world.active():
        frame = _frame(t, "tac", "barb")
        restart_offensive_roll(t.engine, frame, {})
        assert t.engine.combat.no_defense is False
        assert t.engine.combat.extra_rolls == []
