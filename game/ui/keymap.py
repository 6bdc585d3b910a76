"""The keys: every scene asks this module whether a key event means an action ("confirm",
"roll", ...), so a player's remapping (Settings > Controls, stored in settings.json as
`keys`) reaches every screen.

A binding is written as a key name with optional modifiers: "space", "return", "f1",
"ctrl+z", "shift+tab". Key names are pygame's `K_` constants without the prefix, lower case
("kp_enter", "backspace", "a"). The number keys 1-9 (pick a die, an option, a card) are fixed
and not listed here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class Action:
    id: str
    label: str
    defaults: tuple[str, ...]


ACTIONS: tuple[Action, ...] = (
    Action("confirm", "Confirm / choose", ("return", "kp_enter")),
    Action("advance", "Pass / End Phase", ("space",)),
    Action("roll", "Roll the dice", ("r",)),
    Action("undo", "Undo", ("ctrl+z",)),
    Action("help", "Rules and help", ("f1",)),
    Action("back", "Pause / back", ("escape",)),
    Action("next_focus", "Next control", ("tab",)),
    Action("prev_focus", "Previous control", ("shift+tab",)),
    Action("up", "Up", ("up",)),
    Action("down", "Down", ("down",)),
    Action("left", "Left / less", ("left",)),
    Action("right", "Right / more", ("right",)),
    Action("view", "Map / next hero", ("m",)),
    Action("erase", "Erase / back", ("backspace",)),
    Action("screenshot", "Screenshot", ("f12",)),
)
BY_ID = {a.id: a for a in ACTIONS}
ACTION_IDS = tuple(BY_ID)
# keys that stay fixed: choosing by number, and the text-entry keys
FIXED = tuple(f"{n}" for n in range(1, 10))

_MODS = (("ctrl", pygame.KMOD_CTRL), ("shift", pygame.KMOD_SHIFT), ("alt", pygame.KMOD_ALT))
_MOD_KEYS = {
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LALT,
    pygame.K_RALT,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCKCLEAR,
}
KEY_CODES: dict[str, int] = {
    name[2:].lower(): getattr(pygame, name)
    for name in dir(pygame)
    if name.startswith("K_") and isinstance(getattr(pygame, name), int)
}
_KEY_NAMES: dict[int, str] = {}
for _name, _code in sorted(KEY_CODES.items()):
    _KEY_NAMES.setdefault(_code, _name)
_PRETTY = {
    "return": "Enter",
    "kp_enter": "Keypad Enter",
    "escape": "Esc",
    "space": "Space",
    "backspace": "Backspace",
    "tab": "Tab",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
}


class BindingRefused(ValueError):
    """A binding that cannot be used (unknown key, fixed key, or taken by another action)."""


def parse(spec: str) -> tuple[int, frozenset[str]]:
    """'ctrl+z' -> (K_z, {'ctrl'}); ValueError naming the part that is not a key."""
    parts = [p for p in spec.lower().split("+") if p]
    if not parts:
        raise ValueError("an empty key")
    *mods, name = parts
    for mod in mods:
        if mod not in dict(_MODS):
            raise ValueError(f"'{mod}' is not a modifier (ctrl, shift, alt)")
    if name not in KEY_CODES:
        raise ValueError(f"'{name}' is not a key name")
    return KEY_CODES[name], frozenset(mods)


def spec_of(key: int, mod: int) -> str:
    """The binding a key press would make ('shift+tab')."""
    mods = [m for m, flag in _MODS if mod & flag]
    return "+".join([*mods, _KEY_NAMES.get(key, str(key))])


def pretty(spec: str) -> str:
    """A binding as the player reads it: 'Ctrl+Z', 'Enter', 'F1'."""
    *mods, name = spec.split("+")
    words = [m.capitalize() for m in mods]
    words.append(_PRETTY.get(name, name.upper() if len(name) <= 3 else name.capitalize()))
    return "+".join(words)


class Keymap:
    """Action -> bindings, the defaults with the player's overrides laid over them."""

    def __init__(self, overrides: dict[str, list[str]] | None = None) -> None:
        self.bindings: dict[str, tuple[str, ...]] = {a.id: a.defaults for a in ACTIONS}
        self._lookup: dict[tuple[int, frozenset[str]], str] = {}
        for action, specs in (overrides or {}).items():
            if action in self.bindings:
                try:
                    for spec in specs:
                        parse(spec)
                except ValueError:
                    continue  # a hand-edited file with a bad key: that action keeps its default
                self.bindings[action] = tuple(specs)
        self._index()

    def _index(self) -> None:
        self._lookup = {}
        for action, specs in self.bindings.items():
            for spec in specs:
                self._lookup.setdefault(parse(spec), action)

    def overrides(self) -> dict[str, list[str]]:
        """What differs from the defaults (what settings.json keeps)."""
        return {
            a.id: list(self.bindings[a.id]) for a in ACTIONS if self.bindings[a.id] != a.defaults
        }

    def action_of(self, spec: str) -> str | None:
        return self._lookup.get(parse(spec))

    def check(self, action: str, spec: str) -> str | None:
        """Why `spec` cannot be bound to `action` (None: it can)."""
        try:
            key, mods = parse(spec)
        except ValueError as exc:
            return str(exc)
        if key in _MOD_KEYS:
            return "A modifier alone cannot be a key; hold it with another key."
        if not mods and _KEY_NAMES.get(key) in FIXED:
            return f"{pretty(spec)} is kept for choosing by number."
        owner = self._lookup.get((key, mods))
        if owner is not None and owner != action:
            return f"{pretty(spec)} is already '{BY_ID[owner].label}'. Change that one first."
        return None

    def bind(self, action: str, spec: str) -> None:
        """Make `spec` the one key for `action`; a conflict is refused with a reason
        (BindingRefused) and nothing changes."""
        if action not in self.bindings:
            raise BindingRefused(f"'{action}' is not an action")
        reason = self.check(action, spec)
        if reason is not None:
            raise BindingRefused(reason)
        self.bindings[action] = (spec,)
        self._index()

    def reset(self) -> None:
        self.bindings = {a.id: a.defaults for a in ACTIONS}
        self._index()

    def matches(self, event: pygame.event.Event, action: str) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        mods = frozenset(m for m, flag in _MODS if event.mod & flag)
        return self._lookup.get((event.key, mods)) == action or (
            # a binding without Shift also answers with Shift held when nothing claims that
            "shift" in mods
            and (event.key, mods) not in self._lookup
            and self._lookup.get((event.key, mods - {"shift"})) == action
        )

    def first_key(self, action: str) -> tuple[int, int]:
        """The key (and modifier flags) of `action`'s first binding, for synthetic presses."""
        key, mods = parse(self.bindings[action][0])
        flags = 0
        for name, _flag in _MODS:
            if name in mods:
                flags |= {"ctrl": pygame.KMOD_LCTRL, "shift": pygame.KMOD_LSHIFT}.get(
                    name, pygame.KMOD_LALT
                )
        return key, flags

    def label(self, action: str) -> str:
        return " / ".join(pretty(s) for s in self.bindings[action])


CURRENT = Keymap()


def use(overrides: dict[str, list[str]] | None) -> Keymap:
    """Make the player's keymap the one every scene reads."""
    global CURRENT
    CURRENT = Keymap(overrides)
    return CURRENT


def pressed(event: pygame.event.Event, *actions: str) -> bool:
    """Whether `event` is a key press bound to one of `actions`."""
    return any(CURRENT.matches(event, a) for a in actions)


def number(event: pygame.event.Event) -> int | None:
    """0-8 for the fixed number keys 1-9 (None for any other event)."""
    if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
        return event.key - pygame.K_1
    return None


def text_key(event: pygame.event.Event) -> str | None:
    """The fixed keys of a text field: 'erase' (Backspace), 'done' (Enter, Tab), 'cancel' (Esc).
    They stay fixed so that a letter bound to an action still types."""
    if event.type != pygame.KEYDOWN:
        return None
    return {
        pygame.K_BACKSPACE: "erase",
        pygame.K_RETURN: "done",
        pygame.K_KP_ENTER: "done",
        pygame.K_TAB: "done",
        pygame.K_ESCAPE: "cancel",
    }.get(event.key)


_HINTS = {
    "Space": "advance",
    "Enter": "confirm",
    "Esc": "back",
    "R": "roll",
    "Ctrl+Z": "undo",
    "F1": "help",
}


def hint(text: str) -> str:
    """A button's key hint as written for the default keys ("Space", "Esc") in the player's
    current keys (so a remapped Pass shows its own key)."""
    action = _HINTS.get(text)
    if action is None:
        return text
    return pretty(CURRENT.bindings[action][0])


def key_label(action: str) -> str:
    """The current key(s) of `action`, for hints on buttons ("[Space]")."""
    return CURRENT.label(action)


def press(action: str) -> pygame.event.Event:
    """A synthetic key press of `action`'s key (the gamepad and tests use it)."""
    key, mod = CURRENT.first_key(action)
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
