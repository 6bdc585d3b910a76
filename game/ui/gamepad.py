"""Gamepads through SDL's game controller API (pygame-ce's `pygame._sdl2.controller`).

Controllers are opened when they are plugged in (CONTROLLERDEVICEADDED, also sent for the
ones present at start) and dropped when pulled out. Their buttons become the same actions the
keys have (game/ui/keymap.py), so every scene answers a gamepad without knowing about it:

- D-pad or left stick: move the focus ring to the nearest control in that direction;
  shoulder buttons: previous / next control.
- A: click the focused control (or Confirm when nothing is focused).
- B: in a game (duel, Mission, Adventures), Pass / next step (Space); in menus, Back (Esc),
  except on the first screen (where Esc quits the game).
- Start: in a game, Pause (Esc); in menus, Confirm. X: Roll. Y: Rules and help.
  Back / Select: Show the map / next hero.
"""

from __future__ import annotations

import logging

import pygame

from game.ui import keymap
from game.ui.focus import FOCUS

log = logging.getLogger(__name__)
STICK = 16000  # of 32767: past this the left stick counts as a D-pad press
_DIRECTIONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
}


class Gamepad:
    def __init__(self, app) -> None:
        self.app = app
        self.pads: dict[int, object] = {}  # instance id -> Controller
        self.stick = (0, 0)  # the left stick's last direction (a new one moves once)
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
        except (ImportError, pygame.error) as exc:  # no controller support: keys still work
            log.info("no game controller support: %s", exc)
            self._controller = None

    def plug(self, index: int) -> None:
        if self._controller is None:
            return
        try:
            pad = self._controller.Controller(index)
        except pygame.error as exc:
            log.info("controller %s could not open: %s", index, exc)
            return
        self.pads[pad.as_joystick().get_instance_id()] = pad

    def handle(self, event: pygame.event.Event) -> bool:
        """Turn a controller event into focus moves or action presses (True: used)."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self.plug(event.device_index)
            return True
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(getattr(event, "instance_id", -1), None)
            return True
        if event.type == pygame.CONTROLLERAXISMOTION:
            return self._axis(event)
        if event.type != pygame.CONTROLLERBUTTONDOWN:
            return event.type in (pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERDEVICEREMAPPED)
        button = event.button
        if button in _DIRECTIONS:
            FOCUS.move(*_DIRECTIONS[button])
        elif button == pygame.CONTROLLER_BUTTON_LEFTSHOULDER:
            FOCUS.step(-1)
        elif button == pygame.CONTROLLER_BUTTON_RIGHTSHOULDER:
            FOCUS.step(1)
        elif button == pygame.CONTROLLER_BUTTON_A:
            if not self.app.activate_focus():
                self._press("confirm")
        elif button == pygame.CONTROLLER_BUTTON_B:
            if self._in_game():
                self._press("advance")
            elif len(self.app.scenes) > 1:  # on the title, Back would quit the game: not B
                self._press("back")
        elif button == pygame.CONTROLLER_BUTTON_START:
            self._press("back" if self._in_game() else "confirm")
        elif button == pygame.CONTROLLER_BUTTON_X:
            self._press("roll")
        elif button == pygame.CONTROLLER_BUTTON_Y:
            self._press("help")
        elif button == pygame.CONTROLLER_BUTTON_BACK:
            self._press("view")
        return True

    def _in_game(self) -> bool:
        return bool(getattr(self.app.scene, "gamepad_play", False))

    def _press(self, action: str) -> None:
        if self.app.scene is not None:
            down = keymap.press(action)
            self.app.scene.handle(down)
            up = pygame.event.Event(pygame.KEYUP, key=down.key, mod=down.mod, scancode=0)
            if self.app.scene is not None:
                self.app.scene.handle(up)

    def _axis(self, event) -> bool:
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return True
        x, y = self.stick
        value = event.value
        side = 0 if abs(value) < STICK else (1 if value > 0 else -1)
        new = (side, y) if event.axis == pygame.CONTROLLER_AXIS_LEFTX else (x, side)
        if new != self.stick and side != 0:
            FOCUS.move(*((side, 0) if event.axis == pygame.CONTROLLER_AXIS_LEFTX else (0, side)))
        self.stick = new
        return True
