"""The vocabulary added for the Moon Elf, Pyromancer and Shadow Thief, tested on its own with the
Tester fixture hero (tests/heroes/fixtures): the triggers `offensive_roll_concluded` and
`damage_landing`, the verbs `fail_offensive_roll`, `lose_roll_attempts` and
`raise_stack_limit`, `on` with a count, the amounts `own_cp` / `own_tokens`, the conditions
`activated` / `opponent_roll_phase` / `self_has_flag`, the status field `no_defense`, and the
loader's checks for all of them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.content.loader import ContentError, load_content
from game.paths import content_dir
from tests.helpers import Table
from tests.heroes.common import FIXTURES, THICK_SKIN_NOTHING, kinds, landed, resolved


def table(tester=None, other=None, first="tester", other_hero="barbarian") -> Table:
    players = {
        "tester": {"hero": "tester", "hand": [], **(tester or {})},
        "other": {"hero": other_hero, "hand": [], **(other or {})},
    }
    if first == "other":
        players = {"other": players["other"], "tester": players["tester"]}
    return Table(first=first, start_at="offensive_roll", content=FIXTURES, **players)


# ---------------------------------------------------------------- offensive_roll_concluded


def test_fail_offensive_roll_stops_the_activated_ability():
    t = table(tester={"statuses": {"hex": 1}})
    t.do("roll", by="tester", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="tester", ability="pure_shot")
    t.settle()
    assert [e.data["ability"] for e in t.events("ability_failed")] == ["pure_shot"]
    assert "attack_declared" not in kinds(t) and "damage_pending" not in kinds(t)
    assert t.player("tester").statuses.get("hex", 0) == 0
    assert t.view.phase == "main2"


def test_fail_offensive_roll_never_stops_an_ultimate():
    t = table(tester={"statuses": {"hex": 1}})
    t.do("roll", by="tester", dice=[6, 6, 6, 6, 6])
    t.do("activate", by="tester", ability="volley")
    t.settle()
    assert "ability_failed" not in kinds(t)
    assert landed(t, "other") == [10]


def test_activated_none_when_the_roll_ends_without_an_ability():
    t = table(tester={"statuses": {"hex": 1}, "cp": 2})
    t.do("roll", by="tester", dice=[1, 2, 3, 4, 4])
    t.do("no_ability", by="tester")
    assert t.player("tester").cp == 3
    assert t.player("tester").statuses.get("hex", 0) == 0


# ---------------------------------------------------------------- lose_roll_attempts


def test_lose_roll_attempts_never_goes_below_zero_attempts():
    t = table(tester={"statuses": {"snare": 1}})
    assert t.pending.kind == "offensive_roll"
    assert t.pending.context["attempts_total"] == 0
    assert t.options("roll") == []
    lost = t.events("roll_attempts_lost")[0].data
    assert (lost["count"], lost["total"]) == (3, 0)


def test_with_no_attempts_left_the_roll_can_only_be_skipped():
    t = table(tester={"statuses": {"snare": 1}})
    assert [a.kind for a in t.options() if a.kind in ("roll", "no_ability")] == ["no_ability"]
    t.do("no_ability", by="tester")
    assert t.view.phase == "main2"


# ---------------------------------------------------------------- damage_landing / no_defense


def test_a_damage_landing_token_avoids_an_opponents_attack_and_forbids_the_defense():
    t = table(first="other", tester={"statuses": {"cloak": 1}})
    t.do("roll", by="other", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="other", ability="slap", row=0)
    t.settle()
    assert "defense_chosen" not in kinds(t)
    assert any("makes no defense" in e.text for e in t.engine.log)
    hit = resolved(t, "tester")
    assert (hit["incoming"], hit["avoided"], hit["amount"]) == (4, True, 0)


def test_opponent_roll_phase_is_false_in_the_holders_own_roll_phase():
    # The Tester attacks the Gunslinger and loses the Duel: that 1 damage comes in her own
    # Roll Phase, so the Cloak does not avoid it.
    t = table(tester={"statuses": {"cloak": 1}}, other_hero="gunslinger")
    t.do("roll", by="tester", dice=[6, 1, 1, 4, 4])
    t.do("activate", by="tester", ability="poke")
    t.do("roll", by="other", dice=[1])  # Duel: her defense die shows 1 ...
    t.do("accept", by="other", dice=[6])  # ... against the Tester's 6: she deals 1 back
    t.settle()
    assert landed(t, "tester") == [1]
    assert landed(t, "other") == [3]


# ---------------------------------------------------------------- raise_stack_limit


@pytest.mark.parametrize("bonus,limit,raised", [(0, 3, True), (2, 4, True), (3, 4, False)])
def test_raise_stack_limit_up_to_its_max(bonus, limit, raised):
    t = table(tester={"limits": {"charge": bonus}})
    t.do("roll", by="tester", dice=[5, 5, 5, 4, 4])
    t.do("activate", by="tester", ability="grow")
    t.settle()
    me = t.player("tester")
    assert (me.limits["charge"], me.statuses["charge"]) == (limit, limit)
    assert bool(t.events("stack_limit_raised")) is raised


# ---------------------------------------------------------------- own_cp / own_tokens


def test_amounts_read_the_resolvers_cp_and_tokens_without_spending_them():
    t = table(tester={"cp": 5, "statuses": {"charge": 1}})
    t.do("roll", by="tester", dice=[1, 1, 1, 1, 4])
    t.do("activate", by="tester", ability="cash")
    t.do("roll", by="other", dice=THICK_SKIN_NOTHING)
    t.settle()
    assert [e.data["amount"] for e in t.events("damage_pending")] == [5, 2]
    assert t.player("tester").cp == 5 and t.player("tester").statuses["charge"] == 1


# ---------------------------------------------------------------- on ... count


@pytest.mark.parametrize("defense,landed_damage", [([1, 2, 3], 2), ([1, 2, 4], 2), ([1, 4, 5], 4)])
def test_on_with_a_count_needs_that_many_and_applies_once(defense, landed_damage):
    t = table(first="other")
    t.do("roll", by="other", dice=[1, 2, 3, 4, 4])
    t.do("activate", by="other", ability="slap", row=0)
    t.do("roll", by="tester", dice=defense)
    t.settle()
    assert landed(t, "tester") == [landed_damage]


# ---------------------------------------------------------------- the loader's checks


@pytest.fixture
def data(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_dir(), target)
    return target


def _edit_status(root: Path, file: str, index: int, change) -> None:
    path = root / "statuses" / file
    raw = json.loads(path.read_text())
    change(raw[index])
    path.write_text(json.dumps(raw))


def _error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return info.value


@pytest.mark.parametrize(
    "change,words",
    [
        (
            lambda s: s["triggers"][0]["effects"][1].update(condition={"activated": "maybe"}),
            "offensive, ultimate, any or none",
        ),
        (
            lambda s: s["triggers"][0]["effects"][1]["effects"][0]["effects"][0].update(count=0),
            "at least 1",
        ),
        (lambda s: s["triggers"][0].update({"if": {"self_has_flag": "nope"}}), "unknown flag"),
        (lambda s: s["triggers"][0].update({"if": {"opponent_roll_phase": 1}}), "expected true"),
        (lambda s: s.update(no_defense="yes"), "boolean"),
    ],
)
def test_blind_file_mistakes_name_the_field(data, change, words):
    _edit_status(data, "moon_elf.json", 0, change)
    error = _error(data)
    assert error.file == "statuses/moon_elf.json" and words in error.message


def test_lose_roll_attempts_count_must_be_positive(data):
    _edit_status(data, "moon_elf.json", 1, lambda s: s["triggers"][0]["effects"][0].update(count=0))
    assert "at least 1" in _error(data).message


def test_own_tokens_must_name_a_known_status(data):
    path = data / "cards" / "pyromancer.json"
    raw = json.loads(path.read_text())
    card = next(c for c in raw["cards"] if c["id"] == "combustion")
    card["effects"][0]["amount"] = {"own_tokens": "fire_mystery"}
    path.write_text(json.dumps(raw))
    error = _error(data)
    assert "unknown status effect 'fire_mystery'" in error.message


def test_own_cp_must_be_true(data):
    path = data / "heroes" / "shadow_thief.json"
    raw = json.loads(path.read_text())
    slot = next(s for s in raw["slots"] if s["id"] == "blood_money")
    slot["levels"]["1"][0]["rows"][0]["effects"][2]["amount"] = {"own_cp": 1}
    path.write_text(json.dumps(raw))
    error = _error(data)
    assert error.field.endswith("amount.own_cp") and "expected true" in error.message


def test_raise_stack_limit_needs_a_positive_amount(data):
    path = data / "heroes" / "pyromancer.json"
    raw = json.loads(path.read_text())
    slot = next(s for s in raw["slots"] if s["id"] == "burning_soul")
    slot["levels"]["2"][0]["rows"][1]["effects"][0]["amount"] = 0
    path.write_text(json.dumps(raw))
    assert "at least 1" in _error(data).message
