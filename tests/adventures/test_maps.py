"""Portal Crawl maps (maps/adventures/*.tmx) load with pytmx, pygame kept out; each has the
Crimson Sands, the Boss Portal, 3 Portal Shards and only reachable slots; a broken map names
the file and the object."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.adventures.content import default_adventures
from game.adventures.maps import ITEMS, load_crawl_map
from game.content.loader import ContentError
from game.paths import maps_dir

MAPS = maps_dir() / "adventures"
ROOT = Path(__file__).resolve().parents[2]
ALL = sorted(p.name for p in MAPS.glob("*.tmx"))


def test_there_is_one_map_per_portal_crawl_card():
    cards = default_adventures().crawl_cards
    assert len(ALL) == 16
    assert sorted(card.map for card in cards.values()) == ALL


@pytest.mark.parametrize("name", ALL)
def test_every_map_has_start_portal_three_shards_and_reachable_slots(name):
    m = load_crawl_map(MAPS / name)
    assert m.slots[m.start].kind == "start" and m.slots[m.portal].kind == "portal"
    assert m.slots[m.portal].level == 4
    assert len(m.shards()) == 3
    assert m.reachable() == set(m.slots)
    assert m.slots[m.portal].neighbours  # the portal can be walked to
    tiles = default_adventures()
    for level in (1, 2, 3, 4):  # the face-down tiles are drawn from that level's pile
        assert len(m.tile_slots(level)) <= len(tiles.tiles_of_level(level))
    for slot in m.slots.values():
        assert set(slot.items) <= set(ITEMS)
        if slot.kind != "tile":
            assert slot.items == ()
        for other in slot.neighbours:  # orthogonal and symmetric
            near = m.slots[other]
            assert abs(near.col - slot.col) + abs(near.row - slot.row) == 1
            assert slot.id in near.neighbours
    assert any("chest:" in i for s in m.slots.values() for i in s.items)
    assert any("salve" in s.items for s in m.slots.values())


def test_adjacency_is_up_down_left_right():
    m = load_crawl_map(MAPS / "s1_a.tmx")
    # row 0: S 1 1 2 .   row 1: . 1 . 2 2
    assert m.start == "c0r0"
    assert m.slots["c0r0"].neighbours == ("c1r0",)
    assert m.slots["c1r0"].neighbours == ("c0r0", "c1r1", "c2r0")
    assert m.slots["c2r0"].items == ("shard",)
    assert m.slots["c1r1"].items == ("chest:common",)


def test_the_committed_maps_match_the_generator():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_adventure_maps as gen
    finally:
        sys.path.pop(0)
    for name, (slots, items) in gen.LAYOUTS.items():
        assert (MAPS / f"{name}.tmx").read_text(encoding="utf-8") == gen.build(name, slots, items)


def test_loading_maps_keeps_pygame_out():
    code = (
        "import sys\n"
        "from game.adventures.maps import crawl_map\n"
        "crawl_map('s5_c')\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _broken(tmp_path, old: str, new: str, count: int = 1) -> Path:
    text = (MAPS / "s1_a.tmx").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "s1_a.tmx"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "old,new,field,words",
    [
        ('value="chest:common"', 'value="gem"', "objects[4].items", "unknown item 'gem'"),
        (
            'name="slot_kind" value="start"',
            'name="slot_kind" value="camp"',
            "objects[0].slot_kind",
            "expected one of",
        ),
        (
            '<property name="level" type="int" value="1"/>',
            '<property name="level" type="int" value="7"/>',
            "objects[1].level",
            "level 1-4",
        ),
        (
            'value="portal"/><property name="level" type="int" value="4"',
            'value="portal"/><property name="level" type="int" value="3"',
            "objects[12].level",
            "level 4",
        ),
        (
            'name="grid_col" type="int" value="4"/><property name="grid_row" type="int" value="3"',
            'name="grid_col" type="int" value="9"/><property name="grid_row" type="int" value="3"',
            "objects[12].grid_col",
            "outside",
        ),
        ('orientation="orthogonal"', 'orientation="isometric"', "orientation", "orthogonal"),
        ('name="slots"', 'name="things"', "layers", "slots"),
    ],
)
def test_a_broken_map_names_the_file_and_the_object(tmp_path, old, new, field, words):
    path = _broken(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_crawl_map(path)
    assert info.value.file == "maps/adventures/s1_a.tmx"
    assert info.value.field == field and words in info.value.message


def test_a_map_with_a_lost_shard_or_an_island_is_refused(tmp_path):
    path = _broken(tmp_path, '<property name="items" value="shard"/>', "")
    with pytest.raises(ContentError) as info:
        load_crawl_map(path)
    assert "3 Portal Shards" in info.value.message
    # move the start's neighbour far away: c1r0 becomes an island at (4, 0)
    island = _broken(
        tmp_path,
        'name="grid_col" type="int" value="1"/><property name="grid_row" type="int" value="0"',
        'name="grid_col" type="int" value="4"/><property name="grid_row" type="int" value="0"',
    )
    with pytest.raises(ContentError) as info:
        load_crawl_map(island)
    assert "cannot be reached" in info.value.message


def test_a_missing_or_unreadable_map(tmp_path):
    with pytest.raises(ContentError) as info:
        load_crawl_map(tmp_path / "nothing.tmx")
    assert info.value.message == "file not found"
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map")
    with pytest.raises(ContentError) as info:
        load_crawl_map(bad)
    assert "not a readable Tiled map" in info.value.message
