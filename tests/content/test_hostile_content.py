"""Hostile content files (issue 15, items 4 and 6): real JSON content and Tiled maps, mutated
(non-finite and huge numbers, deep nesting, wrong types, unknown properties, bytes that are not
UTF-8, truncation), go through the real loaders. Each ends in a ContentError naming the file
(and the field, where one is at fault), never another exception; `python -m game content` on
such a folder exits 2 with that message."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.adventures.content import load_adventures
from game.adventures.maps import load_crawl_map
from game.content.loader import ContentError, default_content, load_content
from game.missions.content import load_missions
from game.missions.maps import load_map
from game.paths import content_dir, maps_dir

DATA = content_dir()
FAST = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
HOSTILE_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "9" * 5000, "1" * 60]


def _paths(data, prefix=()):
    """Every position in a JSON tree (as key tuples), the root excluded."""
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def _replace(data, where: tuple, value):
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value


MARK = "__hostile_value__"


def _with_literal(raw: dict | list, where: tuple, literal: str) -> bytes:
    """The JSON text of `raw` with the value at `where` replaced by `literal` (written as is:
    NaN, a 5,000-digit number, a deep nest ...)."""
    data = json.loads(json.dumps(raw))
    _replace(data, where, MARK)
    return json.dumps(data, indent=1).replace(json.dumps(MARK), literal).encode()


def _check(load, file_rel: str) -> None:
    try:
        load()
    except ContentError as exc:
        assert str(exc).startswith(file_rel), str(exc)
        return
    # only a mutation that left the file valid may load (e.g. one string for another)


# ---------------------------------------------------------------- Missions and Adventures JSON


@pytest.fixture(scope="module")
def content():
    return default_content()


@pytest.fixture()
def tree(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(DATA / "missions", root / "missions")
    shutil.copytree(DATA / "adventures", root / "adventures")
    return root


KINDS = [
    ("missions", "missions.json"),
    ("missions", "enemies.json"),
    ("missions", "perks.json"),
    ("adventures", "scenarios.json"),
    ("adventures", "difficulties.json"),
    ("adventures", "shop.json"),
]


def _loader(tree: Path, folder: str, content):
    if folder == "missions":
        return lambda: load_missions(tree / "missions")
    return lambda: load_adventures(tree / "adventures", content)


@FAST
@given(
    kind=st.sampled_from(KINDS),
    pick=st.integers(min_value=0),
    literal=st.sampled_from([*HOSTILE_NUMBERS, "[" * 3000 + "]" * 3000, "[" * 45 + "]" * 45]),
)
def test_a_hostile_value_anywhere_in_a_json_file_names_file_and_field(
    tree, content, kind, pick, literal
):
    folder, name = kind
    path = tree / folder / name
    raw = json.loads(path.read_text(encoding="utf-8"))
    where = list(_paths(raw))[pick % len(list(_paths(raw)))]
    original = path.read_bytes()
    path.write_bytes(_with_literal(raw, where, literal))
    try:
        with pytest.raises(ContentError) as caught:
            _loader(tree, folder, content)()
    finally:
        path.write_bytes(original)
    message = str(caught.value)
    assert message.startswith(f"{folder}/{name}"), message
    if len(literal) < 3000 and not literal.startswith("["):  # a number: the field is named
        assert caught.value.field, message


@FAST
@given(
    kind=st.sampled_from(KINDS),
    cut=st.floats(min_value=0.0, max_value=1.0),
    flips=st.lists(st.tuples(st.floats(0.0, 1.0), st.integers(0, 7)), max_size=4),
    junk=st.sampled_from([b"", b"\xff\xfe", b"\xc3\x28", b"\x80"]),
    wrong=st.sampled_from([None, True, "x", 3.5, [], {}]),
    pick=st.integers(min_value=0),
)
def test_damaged_json_bytes_or_wrong_types_end_in_a_content_error(
    tree, content, kind, cut, flips, junk, wrong, pick
):
    """Truncation, bit flips, bytes that are not UTF-8, or a value of the wrong type: a
    ContentError naming the file, or (a flip that left valid JSON) a clean load."""
    folder, name = kind
    path = tree / folder / name
    original = path.read_bytes()
    raw = json.loads(original)
    where = list(_paths(raw))[pick % len(list(_paths(raw)))]
    data = json.loads(original)
    _replace(data, where, wrong)
    text = bytearray(json.dumps(data).encode())
    for at, bit in flips:
        text[int(at * (len(text) - 1))] ^= 1 << bit
    text = bytes(text[: max(1, int(cut * len(text)))]) + junk if cut < 1 else bytes(text) + junk
    path.write_bytes(text)
    try:
        _check(_loader(tree, folder, content), f"{folder}/{name}")
    finally:
        path.write_bytes(original)


def test_missions_json_that_is_not_utf8_is_named(tree):
    (tree / "missions" / "missions.json").write_bytes(b'\xff\xfe{"missions": []}')
    with pytest.raises(ContentError, match=r"^missions/missions.json: cannot be read"):
        load_missions(tree / "missions")


# ---------------------------------------------------------------- hero content (the big loader)


@pytest.fixture(scope="module")
def heroes_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("content") / "data"
    shutil.copytree(DATA, root)
    return root


@pytest.mark.parametrize(
    "literal", ["NaN", "-Infinity", "1e999", "9" * 5000, "[" * 3000 + "]" * 3000]
)
def test_hero_file_with_a_hostile_number_or_nest_is_named(heroes_root, literal):
    path = heroes_root / "heroes" / "treant.json"
    original = path.read_bytes()
    raw = json.loads(original)
    where = ("slots", 0, "levels", "1", 0, "rows", 0, "effects", 0, "amount")
    path.write_bytes(_with_literal(raw, where, literal))
    try:
        with pytest.raises(ContentError) as caught:
            load_content(heroes_root)
    finally:
        path.write_bytes(original)
    assert str(caught.value).startswith("heroes/treant.json: "), str(caught.value)
    if not literal.startswith("["):
        assert caught.value.field == "slots[0].levels.1[0].rows[0].effects[0].amount"


def test_the_content_command_exits_2_naming_a_broken_file(heroes_root, monkeypatch, capsys):
    from game import cli
    from game.content import loader

    path = heroes_root / "cards" / "generic.json"
    original = path.read_bytes()
    path.write_bytes(original.replace(b"[", b"[" * 2000, 1))
    monkeypatch.setattr(loader, "content_dir", lambda: heroes_root)
    monkeypatch.setattr(loader, "_CACHE", {}, raising=False)
    try:
        code = cli.run(["content"])
    finally:
        path.write_bytes(original)
    err = capsys.readouterr().err
    assert code == 2
    assert "cards/generic.json" in err and "nested more than" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------- Tiled maps

MISSION_MAP = maps_dir() / "missions" / "harbor_heist_1.tmx"
CRAWL_MAP = maps_dir() / "adventures" / "s1_a.tmx"


def _load_text(tmp_path: Path, loader, name: str, text: str | bytes):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return loader(path)


def test_a_features_layer_that_is_a_tile_layer_is_named(tmp_path):
    src = MISSION_MAP.read_text(encoding="utf-8")
    terrain = re.search(r' <layer id="1" name="terrain".*?</layer>\n', src, re.S).group(0)
    as_tiles = terrain.replace('id="1" name="terrain"', 'id="9" name="features"')
    text = re.sub(
        r' <objectgroup id="2" name="features">.*?</objectgroup>\n',
        as_tiles,
        src,
        count=0,
        flags=re.S,
    )
    with pytest.raises(ContentError, match=r"layers.features: must be an object layer"):
        _load_text(tmp_path, load_map, "m.tmx", text)


def test_a_slots_layer_that_is_a_tile_layer_is_named(tmp_path):
    src = CRAWL_MAP.read_text(encoding="utf-8")
    fake = (
        ' <layer id="9" name="slots" width="1" height="1"><data encoding="csv">0</data></layer>\n'
    )
    text = re.sub(
        r' <objectgroup[^>]*name="slots".*?</objectgroup>\n', fake, src, count=0, flags=re.S
    )
    with pytest.raises(ContentError, match=r"layers.slots: must be an object layer"):
        _load_text(tmp_path, load_crawl_map, "c.tmx", text)


PROPERTY = re.compile(r'<property name="([a-z_]+)"')


@FAST
@given(which=st.sampled_from(["mission", "crawl"]), pick=st.integers(min_value=0))
def test_an_unknown_tmx_property_is_refused_like_an_unknown_json_key(tmp_path, which, pick):
    source, loader = (MISSION_MAP, load_map) if which == "mission" else (CRAWL_MAP, load_crawl_map)
    src = source.read_text(encoding="utf-8")
    spots = list(PROPERTY.finditer(src))
    spot = spots[pick % len(spots)]
    text = src[: spot.start(1)] + "zz_" + src[spot.start(1) :]
    with pytest.raises(ContentError, match=r"unknown property"):
        _load_text(tmp_path, loader, "p.tmx", text)


@FAST
@given(
    which=st.sampled_from(["mission", "crawl"]),
    pick=st.integers(min_value=0),
    value=st.sampled_from(["nan", "inf", "-1", "9" * 400, "x", "", "1.5", "true"]),
    cut=st.floats(min_value=0.0, max_value=1.0),
    junk=st.sampled_from([b"", b"\xff", b"<"]),
)
def test_hostile_tmx_values_or_bytes_end_in_a_content_error(
    tmp_path, which, pick, value, cut, junk
):
    source, loader = (MISSION_MAP, load_map) if which == "mission" else (CRAWL_MAP, load_crawl_map)
    src = source.read_text(encoding="utf-8")
    values = list(re.finditer(r'value="([^"]*)"', src))
    spot = values[pick % len(values)]
    text = (src[: spot.start(1)] + value + src[spot.end(1) :]).encode()
    if cut < 0.95:
        text = text[: int(cut * len(text))] + junk
    try:
        _load_text(tmp_path, loader, "v.tmx", text)
    except ContentError as exc:
        assert str(exc).startswith(f"maps/{'missions' if which == 'mission' else 'adventures'}/")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (b'[{"term": "a", "text": NaN}]', "[0].text"),
        (b"[" * 3000 + b"]" * 3000, ""),
        (b'[{"term": "a"}]', "[0]"),
        (b"\xff\xfe[]", ""),
    ],
)
def test_a_broken_glossary_is_named(tmp_path, monkeypatch, text, field):
    from game.ui import rules_text

    (tmp_path / "glossary.json").write_bytes(text)
    monkeypatch.setattr(rules_text, "content_dir", lambda: tmp_path)
    with pytest.raises(ContentError) as caught:
        rules_text.glossary()
    assert str(caught.value).startswith("glossary.json")
    assert caught.value.field == field
