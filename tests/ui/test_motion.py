"""The duel's motions and their sound cues (game/ui/motion.py), headless (SDL dummy driver).

Each event kind the presenter plays starts its motion and its cue; reduced motion and the
'instant' speed give no travel and no shaking; a click or a key ends the motions at once; and
the scene takes the next decision while motions are still playing (the engine never waits).
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.modes.duel import duel_setup
from game.persistence.settings import Settings, load_settings, save_settings
from game.rules.engine import Engine
from game.rules.events import Event
from game.ui.app import STEP, App
from game.ui.motion import BIG_HIT
from game.ui.scenes.duel import DuelScene
from tests.ui.uikit import click, key, shot

HUMAN = {"kind": "human"}
COMPUTER = {"kind": "computer", "level": "normal"}
HEROES = ["gunslinger", "barbarian"]


def make_app(speed: str = "normal", reduced: bool = False) -> App:
    return App(
        Settings(
            animation_speed=speed,
            reduced_motion=reduced,
            sound_volume=0.0,
            confirm_end_phase=False,  # an End click ends the phase (no question)
        ),
        size=(1280, 720),
    )


@pytest.fixture
def played(monkeypatch):
    """Every sound the window asks for, in order (the board itself may be silent here)."""
    names: list[str] = []
    monkeypatch.setattr(App, "play", lambda self, name, volume=1.0: names.append(name))
    return names


def human_first_seed() -> int:
    for seed in range(1, 200):
        engine = Engine.new_match(duel_setup(HEROES, seed, turn_limit=0))
        first = engine.pending.player
        engine.close()
        if first == 0:
            return seed
    raise AssertionError("no seed found")


def duel(app: App, seats=(HUMAN, COMPUTER)) -> DuelScene:
    engine = Engine.new_match(duel_setup(HEROES, human_first_seed(), turn_limit=0))
    scene = DuelScene(app, engine, list(seats))
    app.push(scene)
    app.frame(STEP)
    # let the opening beats (start roll, first turn) play out, then start from a quiet board
    for _ in range(2000):
        if not scene.presenter.busy:
            break
        app.frame(STEP)
    scene.motion.skip()
    scene.motion.cues.clear()
    return scene


def events(scene: DuelScene) -> dict[str, Event]:
    hand = scene.view.players[0].hand
    card, card_id = hand[0]
    status = next(iter(scene.content.statuses))
    return {
        "card_played": Event("card_played", {"player": 0, "card": card, "card_id": card_id}),
        "damage_resolved": Event(
            "damage_resolved", {"target": 1, "amount": BIG_HIT + 1, "unavoidable": 0}
        ),
        "status_gained": Event("status_gained", {"player": 0, "status": status, "count": 1}),
        "ability_activated": Event(
            "ability_activated",
            {"player": 0, "ability": "fill_em_with_lead", "row": 0, "ultimate": True},
        ),
        "game_over": Event("game_over", {"winners": [0]}),
    }


MOTION_OF = {
    "card_played": ("card", ["card"]),
    "damage_resolved": ("damage", ["whoosh", "hit", "impact"]),
    "status_gained": ("token", ["token"]),
    "ability_activated": ("ultimate", ["ultimate"]),
    "game_over": ("victory", ["victory"]),
}


def frames(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.frame(STEP)


@pytest.mark.parametrize("kind", list(MOTION_OF))
def test_each_event_kind_starts_its_motion_and_its_sound_cue(kind, played):
    app = make_app()
    try:
        scene = duel(app)
        played.clear()
        scene.presenter.feed([events(scene)[kind]])
        app.frame(STEP)
        motion, sounds = MOTION_OF[kind]
        assert motion in scene.motion.kinds()
        frames(app, 0.5)  # damage lands after its flight: the hit and the shake come then
        assert [s for s in played if s in sounds] == sounds
        shot(app, f"motion_{kind}")
    finally:
        app.close()


def test_damage_flies_from_the_attacker_and_the_dial_ticks_down_a_point_at_a_time(played):
    app = make_app()
    try:
        scene = duel(app)
        ev = events(scene)
        before = scene.presenter.shown_health[1]
        scene.presenter.feed(
            [
                ev["ability_activated"],
                ev["damage_resolved"],
                Event("health_changed", {"player": 1, "health": before - 9, "delta": -9}),
            ]
        )
        app.frame(STEP)
        flight = None
        for _ in range(60):
            app.frame(STEP)
            flight = next((m for m in scene.motion.motions if m.kind == "damage"), flight)
        assert flight is not None and flight.data["origin"] == 0  # from the attacker
        assert flight.data["red"], "damage during an Ultimate is drawn in a red circle"
        shown = []
        for _ in range(240):
            app.frame(STEP)
            shown.append(scene.presenter.shown_health[1])
        steps = [a - b for a, b in itertools.pairwise(shown) if a != b]
        assert shown[-1] == before - 9
        assert len(steps) >= 5 and all(step == 1 for step in steps), steps
    finally:
        app.close()


def test_a_big_hit_shakes_the_board_and_a_small_one_does_not(played):
    app = make_app()
    try:
        scene = duel(app)
        small = Event("damage_resolved", {"target": 1, "amount": BIG_HIT - 1, "unavoidable": 0})
        scene.presenter.feed([small])
        offsets = []
        for _ in range(90):
            app.frame(STEP)
            offsets.append(scene.motion.shake_offset())
        assert set(offsets) == {(0, 0)} and "impact" not in played
        scene.presenter.feed([events(scene)["damage_resolved"]])
        offsets = []
        for _ in range(90):
            app.frame(STEP)
            offsets.append(scene.motion.shake_offset())
        assert any(offset != (0, 0) for offset in offsets) and "impact" in played
    finally:
        app.close()


def test_a_played_card_travels_from_its_place_in_the_hand_to_the_table():
    app = make_app()
    try:
        scene = duel(app)
        card, _cid = scene.view.players[0].hand[0]
        start = next(rect for rect, c in scene.hand_rects if c == card)
        scene.presenter.feed([events(scene)["card_played"]])
        app.frame(STEP)
        travel = next(m for m in scene.motion.motions if m.kind == "card")
        assert travel.data["source"] == start and not travel.fade
        assert scene.presenter.banner.card is None  # the banner's card is the one travelling
        frames(app, 1.0)
        assert "card" not in scene.motion.kinds()
        assert scene.presenter.banner is None or scene.presenter.banner.card is not None
    finally:
        app.close()


@pytest.mark.parametrize("speed,reduced", [("instant", False), ("normal", True), ("slow", True)])
def test_reduced_motion_and_the_instant_speed_give_no_travel_and_no_shake(speed, reduced, played):
    app = make_app(speed, reduced)
    try:
        scene = duel(app)
        played.clear()
        ev = events(scene)
        scene.presenter.feed([ev[k] for k in MOTION_OF])
        seen: set[str] = set()
        for frame in range(480):
            app.frame(STEP)
            assert scene.motion.shake_offset() == (0, 0)
            for motion in scene.motion.motions:
                seen.add(motion.kind)
                assert motion.fade, f"{motion.kind} moves although motion is reduced"
            if frame == 20:
                shot(app, f"motion_reduced_{speed}")
        if speed == "instant":
            assert seen == set(), "nothing is drawn in motion at the instant speed"
        else:
            assert {"card", "damage", "token", "ultimate", "victory"} <= seen
        # the cues still sound (each with its still picture); nothing flies, so no whoosh
        assert [s for s in played if s in ("card", "hit", "token", "ultimate", "victory")] == [
            "card",
            "hit",
            "token",
            "ultimate",
            "victory",
        ]
        assert "whoosh" not in played
    finally:
        app.close()


@pytest.mark.parametrize("how", ["click", "key"])
def test_a_click_or_a_key_ends_the_running_motions_at_once(how, played):
    app = make_app("slow")
    try:
        scene = duel(app)
        ev = events(scene)
        before = scene.presenter.shown_health[1]
        scene.presenter.feed(
            [
                ev["ability_activated"],
                ev["card_played"],
                ev["status_gained"],
                ev["damage_resolved"],
                Event("health_changed", {"player": 1, "health": before - 9, "delta": -9}),
            ]
        )
        frames(app, 0.3)
        assert scene.motion.motions
        if how == "click":
            click(app, (scene.log_rect.centerx, scene.log_rect.centery))
        else:
            key(app, pygame.K_SPACE)
        assert scene.motion.motions == [] and scene.motion.ticks == {}
        assert scene.motion.shake_offset() == (0, 0)
        assert scene.presenter.shown_health[1] == before - 9  # the dial shows where it landed
        assert not scene.presenter.busy
    finally:
        app.close()


@pytest.mark.parametrize("how", ["click", "key"])
def test_a_click_or_a_key_ends_motions_that_outlast_their_beat(how, played):
    app = make_app("slow")
    try:
        scene = duel(app)
        scene.presenter.feed([events(scene)["ability_activated"]])
        for _ in range(600):
            app.frame(STEP)
            if not scene.presenter.busy:
                break
        assert not scene.presenter.busy and "ultimate" in scene.motion.kinds()
        # scrolling the log (wheel "buttons" 4 and 5) is not a skip
        for wheel in (4, 5):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=wheel))
        app.frame(STEP)
        assert "ultimate" in scene.motion.kinds()
        if how == "click":
            click(app, (scene.log_rect.centerx, scene.log_rect.centery))
        else:
            key(app, pygame.K_LSHIFT)
        assert scene.motion.motions == []
    finally:
        app.close()


def test_the_next_decision_is_taken_while_motions_still_play(played):
    app = make_app("slow")
    try:
        scene = duel(app)
        assert scene.engine.pending.player == 0
        ev = events(scene)
        scene.presenter.feed([ev["ability_activated"], ev["status_gained"]])
        for _ in range(600):
            app.frame(STEP)
            if not scene.presenter.busy:
                break
        assert not scene.presenter.busy
        assert "ultimate" in scene.motion.kinds(), "the Ultimate's moment is still playing"
        choice = scene.source.pending  # the decision as the board shows it
        assert scene.decided_for is choice and scene.buttons  # the controls are up already
        end = next(b for b in scene.buttons if b.label.startswith("End"))
        before = len(scene.engine.log)
        end.on_click()  # acting does not wait for the motion either
        assert len(scene.engine.log) > before
    finally:
        app.close()


def test_the_end_screen_waits_for_the_victory_flourish_not_the_engine(played):
    app = make_app("fast")
    try:
        scene = duel(app, seats=(COMPUTER, COMPUTER))
        scene.finish_instantly()  # everything skipped: the flourish still closes the match
        assert scene.engine.over and scene.motion.finale and "victory" in played
        app.frame(STEP)
        assert app.scene is scene
        frames(app, 0.5)
        shot(app, "motion_victory")
        frames(app, 1.0)
        assert app.scene is not scene  # the end screen came after the flourish
    finally:
        app.close()


def test_reduced_motion_is_saved_and_offered_in_the_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_THRONE_HOME", str(tmp_path))
    save_settings(Settings(reduced_motion=True))
    loaded, messages = load_settings()
    assert loaded.reduced_motion is True and not messages
    (tmp_path / "settings.json").write_text('{"version": 1, "reduced_motion": "sometimes"}')
    loaded, messages = load_settings()
    assert loaded.reduced_motion is False and any("reduced_motion" in m for m in messages)
    app = make_app()
    try:
        from game.ui.scenes.settings import SettingsScene

        app.push(SettingsScene(app))
        app.frame(STEP)
        row = next(r for r in app.scene.rows if r[0] == "Reduced motion")
        assert row[1]() == "Off"
        row[2](1)
        assert row[1]() == "On" and app.scene.draft.reduced_motion is True
    finally:
        app.close()
