"""Large Henchmen take the shape drawn in the map file (rule 56): `enemy_part` features name
their head; without a drawn shape the fixed one (east, then south-east) is used."""

from __future__ import annotations

import pytest

from game.content.loader import ContentError
from game.missions.hexgrid import offset_to_axial
from game.missions.maps import load_map
from tests.missions.helpers import make


def _map(tmp_path, rows, edit=None):
    from tools import make_mission_maps as tool

    text = tool.build("shape_1", rows)
    if edit:
        text = edit(text)
    path = tmp_path / "shape_1.tmx"
    path.write_text(text)
    return path


def test_a_drawn_shape_names_its_head_and_its_parts_in_reading_order(tmp_path):
    m = load_map(_map(tmp_path, ["E.....", "..a+..", "...+.."]))
    head = offset_to_axial(2, 1)
    assert m.parts == {head: [offset_to_axial(3, 1), offset_to_axial(3, 2)]}


def test_the_tool_refuses_a_part_that_touches_two_henchmen_or_none(tmp_path):
    from tools import make_mission_maps as tool

    with pytest.raises(ValueError, match="touches two Henchmen"):
        tool.build("x", ["E.a+b."])
    with pytest.raises(ValueError, match="touches no Henchman"):
        tool.build("x", ["E+..a."])


def test_a_part_pointing_at_no_henchman_names_the_field(tmp_path):
    path = _map(
        tmp_path,
        ["E.a+.."],
        edit=lambda t: t.replace(
            'name="head_col" type="int" value="2"', 'name="head_col" type="int" value="0"'
        ),
    )
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert info.value.field == "objects[2].head_col"
    assert "not a Henchman space" in str(info.value)


def test_missions_use_the_drawn_shape_and_refuse_one_of_the_wrong_size():
    engine = make("museum_midnight")
    brutes = [e for e in engine.enemies if e.enemy == "brute"]
    assert len(brutes) == 2
    for brute in brutes:
        assert brute.extra == tuple(engine.map.parts[brute.pos])
    # the first Brute's part lies south-west of it: not the old fixed east space
    assert brutes[0].extra != ((brutes[0].pos[0] + 1, brutes[0].pos[1]),)
    sniper = engine.db.henchmen["sniper"]  # one space only
    with engine.world.active(), pytest.raises(ValueError, match="map draws 2"):
        engine._large_spaces("museum_midnight_1.tmx", sniper, brutes[0].pos, placed=())
