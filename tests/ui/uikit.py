"""Driving the window's scenes with synthetic events (SDL dummy driver) in tests."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.ui.app import STEP

# Most scene tests drive every response window and end phases with one press; they keep the
# old prompt settings (tests/ui/test_prompts.py covers the prompt policy and End Phase).
OLD_PROMPTS = {"auto_pass": "never", "confirm_end_phase": False}

ARTIFACTS = Path(os.environ.get("DICE_THRONE_ARTIFACTS", "build/test-artifacts/screens"))


def button(scene, label: str):
    for b in list(getattr(scene, "buttons", [])) + list(getattr(scene, "modal", [])):
        if b.label == label:
            return b
    labels = [b.label for b in getattr(scene, "buttons", [])]
    raise AssertionError(f"no button {label!r} on {type(scene).__name__} (has {labels})")


def click(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(STEP)


def key(app, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    app.frame(STEP)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(STEP)


def pump(app, until, frames: int = 3000) -> None:
    for _ in range(frames):
        if until():
            return
        app.frame(STEP)
    raise AssertionError(f"condition not reached in {frames} frames")


def shot(app, name: str) -> Path:
    return app.screenshot(ARTIFACTS / f"{name}.png")


def continue_game(app, title, kind: str):
    """Title -> Continue -> the newest row of `kind` ("match", "mission", "adventure") is
    clicked; returns the Continue list scene."""
    click(app, button(title, "Continue").rect.center)
    listing = app.scene
    index = next(i for i, e in enumerate(listing.entries) if e.kind == kind)
    listing.focus = index
    listing._layout_rows()
    rect = next(r for r, i in listing.rows if i == index)
    click(app, rect.center)
    return listing
