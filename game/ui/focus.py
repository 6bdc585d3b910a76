"""Keyboard and gamepad focus, one mechanism for every scene.

While the top scene draws, every enabled `Button` (and whatever a scene lists in its optional
`focus_targets()`: dice, ability tiles, hand cards, seats, map spaces) registers a target here.
Next/Previous control (Tab / Shift+Tab, the shoulder buttons) step through the targets in
drawing order, the arrow keys and the D-pad move to the nearest target in that direction, and
Confirm (Enter, the A button) activates the focused target by a click at its point, so it does
exactly what a click there does. A ring with a dark outer edge and a bright inner edge marks the
focus (visible on light and dark backgrounds); moving the mouse hides it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(slots=True)
class Target:
    rect: pygame.Rect
    label: str
    point: tuple[int, int]
    layer: int = 0


class Focus:
    def __init__(self) -> None:
        self.targets: list[Target] = []
        self._frame: list[Target] = []
        self._layer = 0
        self.collecting = False
        self.visible = False  # shown after a focus key; the mouse hides it
        self.current: Target | None = None
        self.owner = None

    # ------------------------------------------------------------ collecting, once per frame

    def begin(self, owner=None) -> None:
        """Start collecting the targets `owner` (the top scene) draws; a new top scene starts
        with nothing focused."""
        if owner is not self.owner:
            self.owner = owner
            self.current = None
        self._frame = []
        self._layer = 0
        self.collecting = True

    def layer(self) -> None:
        if self.collecting:
            self._layer += 1

    def add(self, rect: pygame.Rect, label: str = "", point=None, layer=None) -> None:
        if not self.collecting or rect.w <= 0 or rect.h <= 0:
            return
        rect = pygame.Rect(rect)
        if any(t.rect == rect for t in self._frame):
            return
        layer = self._layer if layer is None else layer
        self._frame.append(Target(rect, label, tuple(point or rect.center), layer))

    def end(self, bounds: pygame.Rect) -> None:
        self.collecting = False
        frame = [t for t in self._frame if bounds.colliderect(t.rect)]
        top = max((t.layer for t in frame), default=0)
        # a dialog's own controls come first, then the rest of the screen
        self.targets = [t for t in frame if t.layer == top] + [t for t in frame if t.layer != top]
        if self.current is not None:
            self.current = self._same(self.current)

    def _same(self, old: Target) -> Target | None:
        """The target that is `old` in this frame (same place, else same label, else nearest)."""
        for t in self.targets:
            if t.rect == old.rect:
                return t
        for t in self.targets:
            if old.label and t.label == old.label:
                return t
        if not self.targets:
            return None
        return min(self.targets, key=lambda t: _distance(t.rect.center, old.rect.center))

    # ------------------------------------------------------------ moving and activating

    def step(self, d: int) -> Target | None:
        self.visible = True
        if not self.targets:
            self.current = None
            return None
        if self.current is None or self.current not in self.targets:
            self.current = self.targets[0 if d > 0 else -1]
        else:
            index = self.targets.index(self.current)
            self.current = self.targets[(index + d) % len(self.targets)]
        return self.current

    def move(self, dx: int, dy: int) -> Target | None:
        """To the nearest target whose centre lies in direction (dx, dy)."""
        self.visible = True
        if self.current is None or self.current not in self.targets:
            return self.step(1)
        cx, cy = self.current.rect.center
        best = None
        for t in self.targets:
            if t is self.current:
                continue
            tx, ty = t.rect.center
            along = (tx - cx) * dx + (ty - cy) * dy
            if along <= 0:
                continue
            across = abs((tx - cx) * dy) + abs((ty - cy) * dx)
            score = along + 2 * across
            if best is None or score < best[0]:
                best = (score, t)
        if best is not None:
            self.current = best[1]
        return self.current

    def hide(self) -> None:
        self.visible = False

    def active(self) -> Target | None:
        """The focused target when the ring shows (None: keys go to the scene as they are)."""
        if self.visible and self.current is not None and self.current in self.targets:
            return self.current
        return None

    def clicks(self) -> list[pygame.event.Event]:
        """The events a click on the focused target makes."""
        target = self.active()
        if target is None:
            return []
        pos = target.point
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]

    def draw(self, surface: pygame.Surface, th) -> None:
        target = self.active()
        if target is None:
            return
        from game.ui import theme as T

        width = max(2, th.px(3))
        outer = target.rect.inflate(width * 4, width * 4)
        pygame.draw.rect(surface, (0, 0, 0), outer, width + 2, border_radius=th.px(8))
        pygame.draw.rect(
            surface, T.HIGHLIGHT, target.rect.inflate(width * 2, width * 2), width, th.px(6)
        )
        # corner ticks: the ring is a shape, not only a colour
        size = th.px(10)
        for x, y, sx, sy in (
            (outer.left, outer.top, 1, 1),
            (outer.right - 1, outer.top, -1, 1),
            (outer.left, outer.bottom - 1, 1, -1),
            (outer.right - 1, outer.bottom - 1, -1, -1),
        ):
            pygame.draw.line(surface, (255, 255, 255), (x, y), (x + sx * size, y), width)
            pygame.draw.line(surface, (255, 255, 255), (x, y), (x, y + sy * size), width)


def _distance(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


FOCUS = Focus()
