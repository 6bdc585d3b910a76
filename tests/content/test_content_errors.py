"""A broken content file gives an error naming the file and the field - never a traceback."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from game.content.loader import ContentError, load_content
from game.paths import content_dir


@pytest.fixture
def data(tmp_path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(content_dir(), target)
    return target


def edit(path: Path, change) -> None:
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


def load_error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return info.value


def test_the_shipped_content_loads():
    db = load_content()
    assert {"gunslinger", "barbarian"} <= set(db.heroes)


def hero_path(root: Path) -> Path:
    return root / "heroes" / "gunslinger.json"


def first_row_effect(raw) -> dict:
    return raw["slots"][0]["levels"]["1"][0]["rows"][0]["effects"][0]


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda r: r.pop("name"), "name", "missing"),
        (lambda r: r.update(complexity="two"), "complexity", "integer"),
        (lambda r: r.update(complexity=9), "complexity", "1 to 6"),
        (
            lambda r: first_row_effect(r).update({"do": "explode"}),
            "effects[0].do",
            "unknown effect verb",
        ),
        (lambda r: first_row_effect(r).update(amount="three"), "effects[0].amount", "amount"),
        (lambda r: first_row_effect(r).update(colour="red"), "effects[0].colour", "does not take"),
        (lambda r: r["deck"].update(no_such_card=1), "deck.no_such_card", "unknown card"),
        (lambda r: r["statuses"].append("no_such_status"), "statuses[4]", "unknown status"),
        (lambda r: r.update(dice=r["dice"][:5]), "dice", "six faces"),
        (
            lambda r: r["slots"][0]["levels"]["1"][0]["rows"][0]["requirement"].update(
                symbols={"laser": 3}
            ),
            "requirement.symbols.laser",
            "unknown die symbol",
        ),
        (lambda r: r["deck"].update(getting_paid=5), "deck", "33 cards"),
        (lambda r: r.update(id="gunslinger_two"), "id", "file name"),
        (
            lambda r: r.update(slots=[s for s in r["slots"] if s["kind"] != "ultimate"]),
            "slots",
            "ultimate",
        ),
    ],
)
def test_hero_file_mistakes_name_the_field(data, change, field, words):
    edit(hero_path(data), change)
    error = load_error(data)
    assert error.file == "heroes/gunslinger.json"
    assert field in error.field
    assert words in str(error)


def test_card_file_mistakes_name_the_field(data):
    path = data / "cards" / "generic.json"
    edit(path, lambda r: r["cards"][3].update(type="sorcery"))
    error = load_error(data)
    assert (error.file, error.field) == ("cards/generic.json", "cards[3].type")


def test_a_negative_cost_is_refused(data):
    edit(data / "cards" / "generic.json", lambda r: r["cards"][1].update(cost=-1))
    assert load_error(data).field == "cards[1].cost"


def test_an_unknown_play_condition_is_refused(data):
    edit(data / "cards" / "generic.json", lambda r: r["cards"][1].update(play_when=["at_dawn"]))
    assert load_error(data).field == "cards[1].play_when[0]"


def test_an_upgrade_for_a_missing_slot_is_refused(data):
    edit(
        data / "cards" / "gunslinger.json", lambda r: r["cards"][0]["upgrade"].update(slot="laser")
    )
    error = load_error(data)
    assert "laser" in str(error)


def test_status_file_mistakes_name_the_field(data):
    edit(data / "statuses" / "core.json", lambda r: r[0].update(stack_limit="3"))
    error = load_error(data)
    assert (error.file, error.field) == ("statuses/core.json", "[0].stack_limit")


def test_invalid_json_names_line_and_column(data):
    path = data / "statuses" / "core.json"
    path.write_text(path.read_text().replace('"evasive"', "evasive", 1))
    error = load_error(data)
    assert error.file == "statuses/core.json"
    assert "line" in error.field and "column" in error.field


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, (*path, index))


def _mutate(raw, rng: random.Random):
    nodes = [p for p, _v in _nodes(raw) if p]
    path = rng.choice(nodes)
    parent = raw
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    choice = rng.randrange(4)
    if choice == 0 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1 and isinstance(parent, dict):
        parent[f"{key}_typo"] = parent.pop(key)
    else:
        parent[key] = rng.choice([None, "nonsense", -3, 2.5, True, [], {}, [1, "x"], {"do": "x"}])


@pytest.mark.parametrize(
    "name",
    [
        "heroes/gunslinger.json",
        "heroes/barbarian.json",
        "cards/generic.json",
        "cards/gunslinger.json",
        "statuses/core.json",
    ],
)
def test_random_mutations_only_ever_give_content_errors(data, name):
    path = data / name
    original = path.read_text()
    rng = random.Random(name)
    errors = 0
    for _ in range(60):
        raw = json.loads(original)
        _mutate(raw, rng)
        path.write_text(json.dumps(raw))
        try:
            load_content(data)
        except ContentError as exc:
            errors += 1
            assert exc.file and str(exc)
    path.write_text(original)
    assert errors > 20  # most mutations must be caught, and none may crash
