"""One presentation path: the duel board draws only from the per-seat view of the seat at the
screen (its `source`, a `LocalTable` offline, a `RemoteTable` online) and answers by option
number; the engine is read only by the controller part of the scene.

Driven with the SDL dummy driver like tests/ui/test_scenes.py.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pygame
import pytest

from game.online import view as seat_view
from game.online.local_table import LocalTable
from game.online.rooms import match_setup
from game.online.table import HIDDEN_CARD
from game.persistence.settings import Settings
from game.rules.engine import Engine
from game.rules.view import match_view
from game.ui.app import STEP, App
from game.ui.layoutcheck import reach_main_phase
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.focus_targets import duel_targets
from tests.helpers import Table
from tests.ui.uikit import OLD_PROMPTS, key

HUMAN = {"kind": "human"}
CPU = {"kind": "computer", "level": "easy"}
UI = Path(__file__).resolve().parents[2] / "game" / "ui"

# DuelScene methods that are the controller's part: they apply answers, run the computer
# seats, undo, save, or follow the engine when it moved outside the scene
CONTROLLER = {
    "__init__",
    "send",
    "apply",
    "_show",
    "_label",
    "undo",
    "_save",
    "update",
    "finish_instantly",
    "refresh",
}


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


class NoEngine:
    """Stands where the scene's engine was: any use of it fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the drawing code read the engine ({name})")


def _engine_reads(tree: ast.AST) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("engine", "_engine")
    ]


def test_the_duel_drawing_code_never_names_the_engine():
    """The drawing modules never touch an engine; in duel.py only the controller's methods
    do (a new drawing method reading `self.engine` fails here)."""
    for name in ("scenes/duel_draw.py", "scenes/duel_controls.py", "table_view.py"):
        tree = ast.parse((UI / name).read_text())
        assert _engine_reads(tree) == [], f"{name} reads the engine"
    focus = ast.parse((UI / "scenes/focus_targets.py").read_text())
    duel_targets_def = next(
        n for n in ast.walk(focus) if isinstance(n, ast.FunctionDef) and n.name == "duel_targets"
    )
    assert _engine_reads(duel_targets_def) == []
    duel = ast.parse((UI / "scenes/duel.py").read_text())
    scene = next(n for n in duel.body if isinstance(n, ast.ClassDef) and n.name == "DuelScene")
    readers = {
        f.name
        for f in scene.body
        if isinstance(f, ast.FunctionDef) and _engine_reads(f) and f.name not in CONTROLLER
    }
    assert readers == set(), (
        f"DuelScene methods reading the engine outside the controller: {readers}"
    )


def start(app, mode: str, heroes: list[str], seats: list[dict], seed: int = 7) -> DuelScene:
    engine = Engine.new_match(match_setup(mode, heroes, seed))
    scene = DuelScene(app, engine, seats)
    app.push(scene)
    app.frame(STEP)
    return scene


@pytest.mark.parametrize(
    ("mode", "heroes"),
    [
        ("duel", ["cursed_pirate", "huntress"]),
        ("2v2", ["treant", "artificer", "cursed_pirate", "huntress"]),
        ("boss_vs_many", ["barbarian", "huntress", "mad_king"]),
    ],
)
def test_the_board_draws_and_decides_with_the_engine_taken_away(app, mode, heroes):
    """At the human's Main Phase the board is drawn, hovered, its controls built, its cards'
    tooltips, costs and reasons read and frames run, with the scene's engine replaced by an
    object that fails on any use: all of it comes from the source."""
    seats = [HUMAN] + [CPU] * (len(heroes) - 1)
    engine = Engine.new_match(match_setup(mode, heroes, 7))
    scene = DuelScene(app, engine, seats)
    app.push(scene)
    reach_main_phase(app, scene)
    assert isinstance(scene.source, LocalTable)
    scene.engine = NoEngine()
    try:
        for _ in range(5):
            app.frame(STEP)  # the human's decision: controls built, hover, odds
        app.draw()
        assert scene.buttons and scene.decided_for is scene.source.pending
        duel_targets(scene)
        hand = scene.view.players[scene.viewer].hand
        assert hand
        for card, _cid in hand:
            scene._card_tip(card)
            scene._why_not(card)
            scene._cost(scene.viewer, card)
        scene._build_controls(scene.source.pending)
        scene.odds(scene.viewer)
    finally:
        scene.engine = engine
    app.pop()
    engine.close()


def test_the_view_carries_the_upgrade_discount_and_the_reason_a_card_waits():
    """Level III over level II costs the difference in the seat's view (the hand's card face
    shows it), and a card that cannot be played carries the rules' reason, for the owner only."""
    t = Table(
        start_at="main1",
        first="barb",
        barb={"hero": "barbarian", "hand": ["slap_2", "slap_3", "thick_skin_3"], "cp": 5},
        foe={"hero": "barbarian", "hand": []},
    )
    try:
        t.do("play", by="barb", card="slap_2")  # 3 CP: 2 left
        engine, barb = t.engine, t.seat("barb")
        card = {cid: c for c, cid in match_view(engine).players[barb].hand}
        mine = LocalTable(engine, barb)
        assert mine.cost(card["slap_3"]) == 2  # printed 5, 3 already paid for level II
        assert mine.cost(card["thick_skin_3"]) == 5
        reason = mine.why_not(card["thick_skin_3"])
        assert reason and "CP" in reason
        assert mine.why_not(card["slap_3"]) == ""  # playable: no reason
        foe = LocalTable(engine, t.seat("foe"))
        assert foe.costs == {} and foe.reasons == {}
        message = seat_view.seat_update(engine, t.seat("foe"), [], len(engine.actions))
        assert "why_not" not in (message["choice"] or {})
    finally:
        t.close()


def _hidden_from(engine, seat: int) -> tuple[set[int], set[str]]:
    """Card entities in hands `seat` may not see (never face up), and the names of their
    cards that never showed face up anywhere and are not in a hand `seat` sees."""
    view = match_view(engine)
    public = {"card_played", "card_sold", "card_discarded", "card_taken"}
    face_up = {e.data.get("card") for e in engine.log if e.kind in public}
    face_up_ids = {e.data.get("card_id") for e in engine.log if e.kind in public}
    seen_ids = {cid for p in view.players if seat in p.hand_visible_to for _c, cid in p.hand}
    cards, names = set(), set()
    for p in view.players:
        if seat in p.hand_visible_to:
            continue
        for card, cid in p.hand:
            if card in face_up:
                continue
            cards.add(card)
            if cid not in face_up_ids and cid not in seen_ids:
                names.add(engine.content.cards[cid].name)
    return cards, names


@pytest.mark.parametrize(
    ("mode", "heroes"),
    [
        ("2v2", ["treant", "artificer", "cursed_pirate", "huntress"]),
        # people on both sides: the Boss's Action hand is hidden from the heroes and theirs from it
        ("boss_vs_many", ["barbarian", "huntress", "mad_king"]),
    ],
)
def test_hot_seat_the_source_never_holds_the_other_teams_hand(app, mode, heroes):
    """People of two teams at one screen: whoever sits at the screen, the board's source holds
    none of the other team's hand cards (not in the view, the card names it knows, the log,
    the costs or reasons), and the log panel never names a card drawn into that hand."""
    scene = start(app, mode, heroes, [HUMAN] * len(heroes), seed=5)
    engine, rng = scene.engine, random.Random(3)
    checked, viewers, handoffs = 0, set(), 0
    for _ in range(6000):
        if engine.over or checked >= 160:
            break
        if scene.pass_to is not None:
            handoffs += 1
            key(app, pygame.K_RETURN)
            continue
        source = scene.source
        choice = source.pending
        if choice is None or scene.presenter.busy or scene.decided_for is not choice:
            app.frame(STEP)
            continue
        # a decision shown to the seat at the screen: check what the board holds, answer it
        seat = scene.viewer
        assert source.seat == seat and choice.player == seat
        cards, names = _hidden_from(engine, seat)
        held = set(source.cards) | set(source.costs) | set(source.reasons)
        held |= {e.data.get("card") for e in source.log}
        for p in source.view.players:
            if seat not in p.hand_visible_to:
                assert set(p.hand) <= {HIDDEN_CARD}
            held |= {c for c, _cid in p.hand}
        assert not cards & held, f"seat {seat}'s board holds the other team's cards"
        shown = " ".join(text for _kind, text in scene.presenter.log)
        assert not [n for n in names if n in shown], "the log names a hidden card"
        checked += 1
        viewers.add(seat)
        scene.act(rng.choice(choice.options).action)
        app.frame(STEP)
    print(mode, "decisions checked", checked, "hand-offs", handoffs, "seats", sorted(viewers))
    assert checked >= 40 and handoffs >= 2
    assert len({scene.view.players[v].team for v in viewers}) == 2  # both teams sat there


def test_hot_seat_a_window_the_setting_passes_never_asks_for_the_screen(app):
    """Hot-seat duel under "Never ask": the controller reads the other player's own update
    (`LocalTable.peek`) and passes their response windows without handing the screen over;
    the screen changes hands only for decisions that are shown."""
    app.settings.auto_pass = "always"
    scene = start(app, "duel", ["cursed_pirate", "huntress"], [HUMAN, HUMAN], seed=5)
    engine, rng = scene.engine, random.Random(4)
    handoffs, passed_elsewhere = [], 0
    for _ in range(4000):
        if engine.over or len(engine.actions) > 150:
            break
        if scene.pass_to is not None:
            handoffs.append(engine.pending.kind)
            key(app, pygame.K_RETURN)
            continue
        choice = scene.source.pending
        if choice is not None and scene.decided_for is choice and not scene.presenter.busy:
            scene.act(rng.choice(choice.options).action)
        asked = engine.pending
        elsewhere = asked is not None and asked.kind == "respond" and asked.player != scene.viewer
        app.frame(STEP)
        passed_elsewhere += elsewhere and engine.pending is not asked and scene.pass_to is None
    assert handoffs and "respond" not in handoffs
    assert passed_elsewhere > 0
