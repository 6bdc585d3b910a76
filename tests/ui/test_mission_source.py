"""The Missions board on the way to one presentation path: the drawing code (panels, map,
header, prompt, ticker, the Hero overlay with its board, lit rows, odds and hand) draws from
the per-seat view of the seat at the screen (the scene's `source`, a `LocalMissionTable` fed
`mission_view.mission_update`); the controller, clicks, tips and animations still read the
engine (docs/online.md, "Not built yet").

Driven with the SDL dummy driver like tests/ui/test_missions.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup
from game.online.mission_table import HIDDEN, LocalMissionTable
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.mission import MissionScene
from tests.ui.test_seat_source import NoEngine, _engine_reads

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def test_the_moved_drawing_code_never_names_the_engine():
    for name in ("scenes/mission_panels.py", "scenes/mission_draw.py"):
        tree = ast.parse((UI / name).read_text())
        assert _engine_reads(tree) == [], f"{name} reads the engine"
    narration = ast.parse((UI / "scenes/mission_narration.py").read_text())
    for f in ast.walk(narration):
        if isinstance(f, ast.FunctionDef) and f.name in ("phase_shown", "round_shown", "shown_pos"):
            assert _engine_reads(f) == [], f.name


def _draw_from_the_source(scene) -> None:
    """Everything moved to the source, with the engine taken away."""
    surface = scene.app.screen
    engine = scene.engine
    scene.engine = NoEngine()
    try:
        scene.layout = None  # the map's layout is worked out again, from the source
        scene.map_layout()
        scene._draw_top(surface)
        scene._draw_map(surface)
        scene._draw_panels(surface)
        scene._draw_clock(surface)
        scene._draw_roster(surface)
        scene._draw_enemy_dice(surface)
        scene._draw_hq(surface)
        scene._draw_waiting_pawns(surface)
        scene._draw_prompt(surface)
        scene._draw_momentum_card(surface, scene.hero_rect.copy())
        for seat in range(len(scene.source.heroes)):  # the deciding Hero's hand, others' backs
            scene._draw_hero_turn(surface, seat)
        assert scene.prompt_text()
        scene.options()
        scene.phase_shown(), scene.round_shown()
    finally:
        scene.engine = engine


@pytest.mark.parametrize(
    ("mission", "heroes", "kinds"),
    [
        ("harbor_heist", ("cursed_pirate", "huntress"), ["human", "computer"]),
        ("clocktower_siege", ("artificer", "treant", "barbarian"), ["human", "human", "human"]),
    ],
)
def test_the_board_draws_with_the_engine_taken_away(app, mission, heroes, kinds):
    """At each decision of the first rounds the moved drawing code runs with the scene's
    engine replaced by an object that fails on any use; the source always sits at the
    deciding person's seat and holds that Hero's hand, no other Hero's."""
    engine = MissionEngine(MissionSetup(mission, heroes, seed=11))
    seats = [{"kind": k} for k in kinds]
    scene = MissionScene(app, engine, seats, ["Player"] + [""] * (len(heroes) - 1))
    app.push(scene)
    ais = [MissionAI(seat) for seat in range(len(heroes))]
    kinds_seen, drawn = set(), 0
    try:
        for _ in range(3000):
            if engine.over or drawn >= 40:
                break
            app.frame(1 / 60)
            choice = engine.pending
            ready = (
                choice is not None
                and not scene.narrating()
                and scene.decided_for is choice
                and kinds[choice.player] == "human"
                and not scene.tray.rolling
            )
            if not ready:
                continue
            source = scene.source
            assert isinstance(source, LocalMissionTable) and source.seat == choice.player
            assert [o.action for o in source.pending.options] == [o.action for o in choice.options]
            for hero in source.heroes:
                mine = engine.heroes[hero.seat].hand
                if hero.seat == choice.player:
                    assert hero.hand == mine
                else:
                    assert hero.hand == [HIDDEN] * len(mine)
            _draw_from_the_source(scene)
            drawn += 1
            kinds_seen.add(choice.kind)
            scene.act(ais[choice.player].decide(engine, choice))
        assert drawn >= 10 and {"move", "main_phase"} <= kinds_seen, kinds_seen
    finally:
        app.pop()
        engine.close()
