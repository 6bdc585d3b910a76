"""Plot tokens, Mystery tiles and Clear tiles (rules 7 and 33; the seeds leave their use to each
mission, so the design is ours - see docs/missions.md)."""

from __future__ import annotations

import json
import shutil

import pytest

from game.content.loader import ContentError
from game.missions.content import load_missions
from game.missions.maps import load_map
from game.paths import content_dir, maps_dir
from tests.missions.helpers import choose, clear_board, drive, make, put

MAPS = maps_dir() / "missions"


def _space(engine, **want):
    return next(
        s
        for s in sorted(engine.hexes.values(), key=lambda s: (s.hex[1], s.hex[0]))
        if all(getattr(s, k) == v for k, v in want.items())
    )


def _move_to(engine, hero, h):
    """One Movement Phase in which `hero` ends on `h` (everyone else stays)."""

    def pick(choice):
        if choice.kind == "move" and choice.player == hero.seat:
            return choose("move", q=h[0], r=h[1])(choice)
        return choice.options[0].action

    return drive(engine, engine._movement(), pick)


# ------------------------------------------------------------ maps and content


def test_two_missions_carry_plot_tokens_mystery_tiles_and_clear_tiles_in_their_maps():
    db = load_missions()
    with_plot = [m.id for m in db.missions.values() if any(s.plot for s in m.sides)]
    assert sorted(with_plot) == ["market_mayhem", "museum_midnight"]
    for mission in with_plot:
        side = db.missions[mission].sides[0]
        m = load_map(MAPS / side.map)
        spaces = list(m.spaces.values())
        assert sum(s.plot for s in spaces) >= side.plot["needed"]
        assert any(s.mystery for s in spaces)
        clear = [s for s in spaces if s.clear]
        assert clear and all(s.dark for s in clear)
    market = load_map(MAPS / "market_mayhem_1.tmx")
    assert sorted(s.enterable for s in market.spaces.values() if s.clear) == [False, True]
    assert len(db.mystery_tiles) == 7


def _map(tmp_path, rows):
    from tools import make_mission_maps as tool

    path = tmp_path / "test_1.tmx"
    path.write_text(tool.build("test_1", rows))
    return path


@pytest.mark.parametrize(
    "rows,field,message",
    [
        (["E.MMMM", "MMMM.a"], "objects", "8 Mystery tiles on one map; the box has 7"),
        (["E.C.a"], "objects[1].space_kind", "clear at (2, 0) must be on a dark space"),
    ],
)
def test_a_map_breaking_the_component_rules_names_the_field(tmp_path, rows, field, message):
    path = _map(tmp_path, rows)
    if "C" in rows[0]:  # a Clear tile written onto a floor space by hand
        path.write_text(path.read_text().replace("1,1,2,1,1", "1,1,1,1,1"))
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert info.value.field == field and message in str(info.value)


def test_a_mystery_tile_with_an_unknown_verb_names_the_file_and_the_field(tmp_path):
    folder = tmp_path / "missions"
    shutil.copytree(content_dir() / "missions", folder)
    path = folder / "mystery_tiles.json"
    data = json.loads(path.read_text())
    data["tiles"][4]["effects"][0]["do"] = "explode"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as info:
        load_missions(folder)
    assert info.value.file == "missions/mystery_tiles.json"
    assert info.value.field == "tiles[4].effects[0].do"


# ------------------------------------------------------------ play


def test_plot_tokens_are_picked_up_and_a_complete_plot_opens_the_clear_tiles():
    engine = make("museum_midnight", heroes=("barbarian",), seed=2)
    clear_board(engine)
    hero = engine.heroes[0]
    closed = [s for s in engine.hexes.values() if s.clear]
    assert closed and not any(s.clear_open for s in closed)
    assert not any(engine.passable(s.hex) for s in closed)
    plots = [s for s in engine.hexes.values() if s.plot]
    assert sum(s.plot for s in plots) == 3
    cp = hero.cp
    for space in plots[:2]:
        _move_to(engine, hero, space.hex)
        assert space.plot == 0
    assert engine.info.plot == 2 and not engine.info.plot_done
    assert not any(s.clear_open for s in closed)
    _move_to(engine, hero, plots[2].hex)
    assert engine.info.plot == 3 and engine.info.plot_done
    assert all(s.clear_open and engine.passable(s.hex) for s in closed)
    assert hero.cp == cp  # the Museum's Plot only opens the doors
    assert hero.pos == plots[2].hex


def test_an_enterable_clear_tile_may_be_crossed_from_the_start():
    engine = make("market_mayhem", heroes=("barbarian",), seed=2)
    open_tile = _space(engine, clear=True, clear_open=True)
    closed = _space(engine, clear=True, clear_open=False)
    assert engine.passable(open_tile.hex) and not engine.passable(closed.hex)
    hero = put(engine.heroes[0], open_tile.hex)
    assert open_tile.hex in engine.movement_options(hero, set())


def test_a_mystery_tile_is_turned_up_resolved_once_and_removed():
    engine = make("market_mayhem", heroes=("barbarian",), seed=2)
    clear_board(engine)
    hero = engine.heroes[0]
    dealt = sorted(s.mystery for s in engine.hexes.values() if s.mystery >= 0)
    assert len(dealt) == 3 and len(set(dealt)) == 3  # three different tiles of the seven
    crate = engine.db.mystery_tiles.index(
        next(t for t in engine.db.mystery_tiles if t.id == "supply_crate")
    )
    space = _space(engine, mystery=dealt[0])
    space.mystery = crate  # the test decides which tile lies here
    cp = hero.cp
    _move_to(engine, hero, space.hex)
    assert hero.cp == cp + 2 and space.mystery == -1
    assert any(ev.kind == "mystery" and "Supply Crate" in ev.text for ev in engine.log)
    # standing there again turns up nothing
    _move_to(engine, hero, space.hex)
    assert hero.cp == cp + 2


def test_mystery_tiles_of_our_own_design_each_do_what_they_say():
    engine = make("market_mayhem", heroes=("barbarian",), seed=2)
    hero = engine.heroes[0]
    tiles = {t.id: i for i, t in enumerate(engine.db.mystery_tiles)}
    with engine.world.active():
        health = hero.health
        engine.reveal_mystery(hero, tiles["tripwire"])
        assert hero.health == health - 2
        engine.reveal_mystery(hero, tiles["torn_ledger"])
        assert engine.info.plot == 1
        shields = [e.tokens.get("shield", 0) for e in engine.living_enemies()]
        assert shields  # enemies to raise the alarm for: an empty list would prove nothing
        engine.reveal_mystery(hero, tiles["alarm_bell"])
        assert [e.tokens.get("shield", 0) for e in engine.living_enemies()] == [
            min(5, n + 1) for n in shields
        ]
        hand = len(hero.hand)
        engine.reveal_mystery(hero, tiles["lucky_charm"])
        assert len(hero.hand) == hand + 1 and hero.bonus == [2]


def test_the_plot_complete_bonus_objective_reads_the_plot_and_the_reward_is_paid_once():
    engine = make("market_mayhem", heroes=("barbarian", "monk"), seed=2)
    assert engine._bonus_met({"kind": "plot_complete"}) is False
    cps = [h.cp for h in engine.heroes]
    with engine.world.active():
        engine.gain_plot(2, "test")
        engine.gain_plot(1, "test")
    assert engine._bonus_met({"kind": "plot_complete"}) is True
    assert [h.cp for h in engine.heroes] == [c + 1 for c in cps]  # Market: 1 CP each, once


def test_a_mission_without_a_plot_has_no_plot_tokens_or_tiles():
    a = make("harbor_heist", heroes=("barbarian",), seed=5)
    assert not any(s.mystery >= 0 or s.plot or s.clear for s in a.hexes.values())
    assert a.info.plot == 0 and a.side().plot is None
