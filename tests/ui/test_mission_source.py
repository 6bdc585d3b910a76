"""One presentation path for the Missions board: everything it draws, tells and offers (panels,
map, header, prompt, ticker, the Hero overlay with its board, lit rows, odds and hand, the
buttons, tips, focus targets and the narration of events) comes from the per-seat view of the
seat at the screen (the scene's `source`, a `LocalMissionTable` fed
`mission_view.mission_update`); only the controller part of `MissionScene` (applying answers,
the computer Heroes, saves) reads the engine.

Driven with the SDL dummy driver like tests/ui/test_missions.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup
from game.online.mission_table import LocalMissionTable
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.focus_targets import mission_targets
from game.ui.scenes.mission import MissionScene
from tests.ui.test_seat_source import NoEngine, _engine_reads

UI = Path(__file__).resolve().parents[2] / "game" / "ui"

# MissionScene methods that are the controller's part: they apply answers, run the computer
# Heroes, save, or feed the source (`source`; `hero` is the tests' shortcut to the engine)
CONTROLLER = {
    "__init__",
    "hero",
    "source",
    "act",
    "_save",
    "_autosave",
    "update",
    "_prepare",
    "finish_instantly",
}


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def test_the_moved_drawing_code_never_names_the_engine():
    """The drawing, narration and controls modules never touch an engine; in mission.py only
    the controller's methods do (a new method reading `self.engine` fails here)."""
    parts = ("mission_panels.py", "mission_draw.py", "mission_narration.py", "mission_controls.py")
    for name in parts:
        tree = ast.parse((UI / "scenes" / name).read_text())
        assert _engine_reads(tree) == [], f"{name} reads the engine"
    focus = ast.parse((UI / "scenes/focus_targets.py").read_text())
    targets = next(
        n for n in ast.walk(focus) if isinstance(n, ast.FunctionDef) and n.name == "mission_targets"
    )
    assert _engine_reads(targets) == []
    mission = ast.parse((UI / "scenes/mission.py").read_text())
    scene = next(
        n for n in mission.body if isinstance(n, ast.ClassDef) and n.name == "MissionScene"
    )
    readers = {
        f.name
        for f in scene.body
        if isinstance(f, ast.FunctionDef) and _engine_reads(f) and f.name not in CONTROLLER
    }
    assert readers == set(), f"MissionScene methods reading the engine: {readers}"


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
        scene.app.draw()  # the whole board
        scene._hover()
        scene._update_animation(1 / 60)
        mission_targets(scene)
        for h in scene.source.hexes:
            scene._hex_tip(h)
            scene.hex_action(h)
        choice = scene.source.pending
        scene.buttons, scene.modal = [], []
        scene.handlers[choice.kind](choice)  # the decision's controls, built again
        assert scene.buttons or scene.modal or scene.options()
        scene._collect_events()  # the narration's events come from the source
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
    deciding person's seat and holds every Hero's hand as it is (teammates, core rule 110)."""
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
                assert hero.hand == engine.heroes[hero.seat].hand
            _draw_from_the_source(scene)
            drawn += 1
            kinds_seen.add(choice.kind)
            scene.act(ais[choice.player].decide(engine, choice))
        assert drawn >= 10 and {"move", "main_phase"} <= kinds_seen, kinds_seen
    finally:
        app.pop()
        engine.close()
