"""Space and the prompts: a held key never answers the next prompt, and ending a Main Phase with a
card still playable asks once more (a setting turns the question off)."""

from __future__ import annotations

import pygame
import pytest

from game.modes.duel import duel_setup
from game.persistence.settings import Settings
from game.rules.engine import Engine
from game.ui.app import STEP, App
from game.ui.layoutcheck import _human_main_phase, reach_main_phase
from game.ui.scenes.duel import DuelScene


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def main_phase_duel(app, seed=7):
    engine = Engine.new_match(duel_setup(["cursed_pirate", "barbarian"], seed, turn_limit=0))
    scene = DuelScene(app, engine, [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    app.push(scene)
    reach_main_phase(app, scene)
    assert _human_main_phase(scene)
    app.frame(STEP)  # the controls are built
    return scene


def press(app, key, *, release=True):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=" "))
    if release:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    app.frame(STEP)


def test_ending_a_main_phase_with_a_playable_card_asks_once_more(app):
    scene = main_phase_duel(app)
    choice = scene.engine.pending
    assert scene.playable_now(choice), "the test needs a playable card in hand"
    press(app, pygame.K_SPACE)
    assert scene.engine.pending is choice  # still the Main Phase: it asks
    assert "anyway" in scene._prompt_text(choice)
    assert [b.label for b in scene.buttons][:2] == ["End Phase", "Keep playing"]
    press(app, pygame.K_ESCAPE)  # Keep playing
    assert scene.engine.pending is choice and scene.confirm_end is None
    press(app, pygame.K_SPACE)
    press(app, pygame.K_SPACE)  # a second, deliberate press ends it
    assert scene.engine.pending is not choice
    assert scene.engine.pending.kind != "main_phase"


def test_never_ask_ends_at_once_and_is_saved(app):
    scene = main_phase_duel(app)
    choice = scene.engine.pending
    press(app, pygame.K_SPACE)
    never = next(b for b in scene.buttons if b.label == "End, never ask")
    never.on_click()
    app.frame(STEP)
    assert scene.engine.pending is not choice
    assert app.settings.confirm_end_phase is False


def test_a_held_space_does_not_answer_the_next_prompt(app):
    app.settings.confirm_end_phase = False
    scene = main_phase_duel(app)
    press(app, pygame.K_SPACE, release=False)  # ends the Main Phase; the key stays down
    for _ in range(5):
        app.frame(STEP)
    roll = scene.engine.pending
    assert roll.kind == "offensive_roll"
    before = list(scene.engine.pending.context.items())
    press(app, pygame.K_SPACE, release=False)  # auto-repeat of the held key
    for _ in range(5):
        app.frame(STEP)
    assert scene.engine.pending is roll and list(roll.context.items()) == before
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    press(app, pygame.K_SPACE)  # a fresh press does act (it rolls)
    for _ in range(5):
        app.frame(STEP)
    assert scene.engine.pending is not roll
