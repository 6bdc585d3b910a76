"""Missions content files and Tiled hex maps load; broken ones name the file and field."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.loader import ContentError
from game.missions.content import load_missions
from game.missions.maps import load_map
from game.paths import content_dir, maps_dir

DATA = content_dir() / "missions"
MAPS = maps_dir() / "missions"
ROOT = Path(__file__).resolve().parents[2]


def test_the_content_loads_with_everything_the_issue_asks_for():
    db = load_missions()
    assert len(db.statuses) == 22 and len(db.boost_tiles) == 30
    assert {t.kind for t in db.boost_tiles} == {
        "cp",
        "heal",
        "momentum",
        "draw",
        "status",
        "cleanse",
        "transfer",
    }
    assert sorted(db.momentum_levels) == [1, 2, 3, 4, 5]
    assert len(db.allies) >= 15
    kinds = {"recruit": 0, "kicker": 0, "offensive": 0, "exhaust": 0, "plus_exhaust": 0}
    for ally in db.allies.values():
        for kind in kinds:
            kinds[kind] += bool(getattr(ally, kind))
    assert all(kinds.values()), kinds
    assert len(db.missions) >= 3 and len(db.mythics) == 4
    for mission in db.missions.values():
        assert [s.kind for s in mission.sides] == ["run", "boss"]
        assert mission.sides[0].bonus and mission.sides[0].perfect
    for status in ("bonus_damage", "evasive", "flight", "shield"):
        assert db.statuses[status].enemy_ai


def _copy(tmp_path) -> Path:
    target = tmp_path / "missions"
    shutil.copytree(DATA, target)
    return target


def _edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "name,change,where",
    [
        (
            "enemies.json",
            lambda d: d["henchmen"][2]["attack"].update(reach="far"),
            "henchmen[2].attack.reach",
        ),
        (
            "enemies.json",
            lambda d: d["henchmen"][0]["objective"].update(moon=1),
            "henchmen[0].objective.moon",
        ),
        (  # a Crisis Ability's follow-up roll (rule 77)
            "enemies.json",
            lambda d: d["henchmen"][2]["crisis"]["roll"]["objective"].update(moon=1),
            "henchmen[2].crisis.roll.objective.moon",
        ),
        (
            "missions.json",
            lambda d: d["missions"][0]["sides"][0]["clock"].pop(),
            "missions[0].sides[0].clock",
        ),
        (
            "missions.json",
            lambda d: d["missions"][1]["sides"][0].update(threat="ghost"),
            "missions[1].sides[0].threat",
        ),
        (
            "allies.json",
            lambda d: d["allies"][3]["offensive"]["effects"][0].update(do="explode"),
            "allies[3].offensive.effects[0].do",
        ),
        ("boost_tiles.json", lambda d: d["tiles"].pop(), "tiles"),
        ("dice.json", lambda d: d["red"]["faces"][0].update(symbol="moon"), "red.faces[0].symbol"),
        (
            "statuses.json",
            lambda d: d["statuses"][0].update(stack_limit="two"),
            "statuses[0].stack_limit",
        ),
        ("perks.json", lambda d: d["rows"][0]["perks"].pop(), "rows[0].perks"),
        (
            "momentum_cards.json",
            lambda d: d["levels"][0]["actions"][0].update(cost=-1),
            "levels[0].actions[0].cost",
        ),
    ],
)
def test_a_broken_content_file_names_the_file_and_the_field(tmp_path, name, change, where):
    folder = _copy(tmp_path)
    _edit(folder, name, change)
    with pytest.raises(ContentError) as info:
        load_missions(folder)
    assert info.value.file == f"missions/{name}" and info.value.field == where


def test_an_unknown_status_is_caught(tmp_path):
    folder = _copy(tmp_path)
    _edit(
        folder,
        "enemies.json",
        lambda d: d["henchmen"][2]["attack"]["statuses"][0].update(status="sleepy"),
    )
    with pytest.raises(
        ContentError, match=r"henchmen\[2\]\.attack\.statuses\[0\]\.status: unknown Missions status"
    ):
        load_missions(folder)


# ------------------------------------------------------------ maps


def test_every_mission_map_loads():
    db = load_missions()
    for mission in db.missions.values():
        for side in mission.sides:
            m = load_map(MAPS / side.map)
            assert m.entries(), side.map
            assert any(s.boost for s in m.spaces.values())
            assert any(s.dark for s in m.spaces.values())
            if side.kind == "boss":
                assert m.boss is not None
                assert sorted(s.number for s in m.spaces.values() if s.number) == [1, 2, 3, 4, 5, 6]
            else:
                assert m.henchmen and max(slot for slot, _h in m.henchmen) < len(side.henchmen)
            if side.objective == "defeat_all_then_exit":
                assert any(s.exit for s in m.spaces.values())


def test_maps_are_generated_by_the_tool(tmp_path):
    from tools import make_mission_maps as tool

    for name, rows in tool.LAYOUTS.items():
        assert (MAPS / f"{name}.tmx").read_text() == tool.build(name, rows)


def _broken(tmp_path, old, new, name="harbor_heist_2.tmx"):
    text = (MAPS / name).read_text().replace(old, new, 1)
    assert old in (MAPS / name).read_text()
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "old,new,field",
    [
        ('orientation="hexagonal"', 'orientation="orthogonal"', "orientation"),
        (
            'name="number" type="int" value="1"',
            'name="number" type="int" value="9"',
            "objects[1].number",
        ),
        ('value="entry"', 'value="trapdoor"', "objects[0].space_kind"),
        ('name="terrain"', 'name="ground"', "layers"),
        ('<property name="grid_col" type="int" value="1"/>', "", "objects[0].grid_col"),
        (
            '<property name="space_kind" value="dark"/>',
            '<property name="space_kind" value="lava"/>',
            "terrain[2][7].space_kind",
        ),
    ],
)
def test_a_broken_map_names_the_file_and_the_field(tmp_path, old, new, field):
    path = _broken(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert info.value.file == "maps/missions/harbor_heist_2.tmx"
    assert info.value.field == field


def test_a_map_that_is_not_xml_is_reported(tmp_path):
    path = tmp_path / "junk.tmx"
    path.write_text("<map")
    with pytest.raises(ContentError, match="not a readable Tiled map"):
        load_map(path)


def test_missions_never_import_pygame_or_pymunk():
    code = (
        "import sys\n"
        "from game.missions.sim import run\n"
        "run('harbor_heist', ['barbarian'], 1, 0)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk')]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
