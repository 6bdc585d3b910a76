"""A hand of cards fanned along the bottom of a scene: one layout and one painter for the duel
(and Adventures battles, which are duels) and the Missions board.

Every card is drawn whole inside the hand's area, overlapping its neighbours and turned a few
degrees along a shallow arc; the card under the pointer (or any card the scene names) is raised,
straightened and enlarged on top of the others so its text can be read. The fan is a declared
layer for the layout check (game/ui/layoutcheck.py): its cards may overlap each other, but each
must lie wholly in the window.

The raised card also keeps its place in the fan (drawn there as at rest), so the pointer that
raised it never finds another card under it. Hit-testing follows what is drawn: the raised card
first (it lies on top, over the top of its neighbours), then the resting cards from the last
drawn (rightmost) to the first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import theme as T
from game.ui import widgets

CARD_RATIO = 1.4  # a card's height over its width (game/ui/cards.py)
MAX_TILT = 5.0  # degrees: the outermost cards of a full hand
TILT_PER_CARD = 1.2  # degrees between neighbours before the fan reaches MAX_TILT
_ARC = 0.05  # the outermost cards sit this share of a card's height lower than the middle one
LIFTED_OVER = 0.4  # the raised card's foot lies this share of a resting card down the fan


@dataclass(frozen=True)
class Slot:
    """One resting card: its centre, turn (degrees, counter-clockwise as pygame.transform) and
    the bounding box of the turned card."""

    index: int
    centre: tuple[float, float]
    angle: float
    bounds: pygame.Rect


@dataclass
class HandLayout:
    area: pygame.Rect
    width: int  # a resting card's width (height = width * CARD_RATIO)
    slots: list[Slot]
    raised: int | None = None
    raised_width: int = 0
    raised_rect: pygame.Rect | None = None  # the raised card, upright, on top

    @property
    def height(self) -> int:
        return int(self.width * CARD_RATIO)

    def contains(self, slot: Slot, pos) -> bool:
        """True when `pos` lies on the turned card of `slot`."""
        dx, dy = pos[0] - slot.centre[0], pos[1] - slot.centre[1]
        # undo the card's turn (pygame turns counter-clockwise with y pointing down)
        a = math.radians(slot.angle)
        x = dx * math.cos(a) - dy * math.sin(a)
        y = dx * math.sin(a) + dy * math.cos(a)
        return abs(x) <= self.width / 2 and abs(y) <= self.height / 2

    def card_at(self, pos) -> int | None:
        """The index of the topmost card under `pos` (None when none is)."""
        if self.raised_rect is not None and self.raised_rect.collidepoint(pos):
            return self.raised
        for slot in reversed(self.slots):
            if self.contains(slot, pos):
                return slot.index
        return None

    def point_on(self, index: int, fx: float, fy: float) -> tuple[int, int]:
        """The window point at (`fx`, `fy`) of resting card `index`'s width and height (0-1)."""
        slot = self.slots[index]
        x, y = (fx - 0.5) * self.width, (fy - 0.5) * self.height
        a = math.radians(slot.angle)
        return (
            round(slot.centre[0] + x * math.cos(a) + y * math.sin(a)),
            round(slot.centre[1] - x * math.sin(a) + y * math.cos(a)),
        )

    def visible_point(self, index: int) -> tuple[int, int] | None:
        """A point where card `index` shows (a click there picks it), its upper left first."""
        for fy in (0.15, 0.3, 0.5, 0.7):
            for fx in (0.1, 0.2, 0.3, 0.5, 0.7):
                point = self.point_on(index, fx, fy)
                if self.card_at(point) == index:
                    return point
        return None

    def rect_of(self, index: int) -> pygame.Rect:
        """Where card `index` is drawn (its raised rectangle when raised)."""
        if index == self.raised and self.raised_rect is not None:
            return self.raised_rect
        return self.slots[index].bounds


def card_width(area: pygame.Rect, th: T.Theme, preferred: float = 104) -> int:
    """The widest card (up to `preferred` base pixels) whose turned, arced fan fits `area`'s
    height."""
    tilt = math.radians(MAX_TILT)
    room = area.h - 2 * th.px(3)
    # height of a turned card's box: h cos t + w sin t; the arc drops the outer cards by arc(h)
    per_w = CARD_RATIO * math.cos(tilt) + math.sin(tilt) + CARD_RATIO * _ARC
    return max(20, min(th.px(preferred), int(room / per_w)))


def layout(
    area: pygame.Rect,
    count: int,
    th: T.Theme,
    *,
    raised: int | None = None,
    window: pygame.Rect | None = None,
    preferred: float = 104,
    raised_width: float = 200,
) -> HandLayout:
    """The fan of `count` cards in `area`; card `raised` lifted and enlarged (inside `window`)."""
    width = card_width(area, th, preferred)
    height = int(width * CARD_RATIO)
    hand = HandLayout(pygame.Rect(area), width, [])
    if count <= 0:
        return hand
    tilt = min(MAX_TILT, TILT_PER_CARD * (count - 1) / 2)
    # room a turned card needs beside its centre, so the outermost stays inside the area
    t = math.radians(tilt)
    half_w = (width * math.cos(t) + height * math.sin(t)) / 2
    span_max = max(0.0, area.w - 2 * half_w - 2 * th.px(2))
    gap = th.px(6)
    step = min(width + gap, span_max / (count - 1)) if count > 1 else 0.0
    span = step * (count - 1)
    x0 = area.centerx - span / 2
    arc = _ARC * height
    box_h = height * math.cos(t) + width * math.sin(t)
    top_y = area.y + th.px(3) + box_h / 2  # centre of the middle card
    for index in range(count):
        u = (index - (count - 1) / 2) / ((count - 1) / 2) if count > 1 else 0.0
        angle = -tilt * u  # left cards lean left (counter-clockwise), right ones right
        cx = x0 + index * step
        cy = top_y + arc * u * u
        a = math.radians(abs(angle))
        bw = width * math.cos(a) + height * math.sin(a)
        bh = height * math.cos(a) + width * math.sin(a)
        bounds = pygame.Rect(0, 0, math.ceil(bw), math.ceil(bh))
        bounds.center = (round(cx), round(cy))
        hand.slots.append(Slot(index, (cx, cy), angle, bounds))
    if raised is not None and 0 <= raised < count:
        window = window or pygame.Rect(area)
        big_w = max(width, round(th.px(raised_width) * raised_zoom(th)))
        big_h = int(big_w * CARD_RATIO)
        if big_h > window.h - 2 * th.px(4):
            big_h = window.h - 2 * th.px(4)
            big_w = int(big_h / CARD_RATIO)
        rect = pygame.Rect(0, 0, big_w, big_h)
        rect.centerx = round(hand.slots[raised].centre[0])
        # lifted out of the fan: it covers only the top of its neighbours, whose lower parts
        # still take the pointer, so moving along the fan moves from card to card
        rect.bottom = round(area.y + LIFTED_OVER * height)
        rect.clamp_ip(window.inflate(-2 * th.px(4), -2 * th.px(4)))
        hand.raised, hand.raised_width, hand.raised_rect = raised, big_w, rect
    return hand


def raised_zoom(th: T.Theme) -> float:
    """How much larger than at 1.00x the raised card is drawn: a larger interface scale reads
    it larger (up to half as large again)."""
    return min(1.5, max(1.0, th.text_scale / max(th.scale, 0.01)))


def zoomed(th: T.Theme, zoom: float) -> T.Theme:
    """`th` with its layout and text `zoom` times larger: a card face drawn with it keeps its
    proportions at the larger width (its words grow with it)."""
    if zoom == 1.0:
        return th
    twin = th.fixed()
    twin.scale = twin.text_scale = th.scale * zoom
    return twin


_TURNED: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}


def _turned(face: pygame.Surface, angle: float, lit: bool, alpha: int, th: T.Theme):
    """`face` with its glow (when lit) and faded to `alpha`, turned by `angle` (cached)."""
    key = (id(face), round(angle, 2), lit, alpha)
    cached = _TURNED.get(key)
    if cached is not None and cached[0] is face:  # (an id may be reused once a face is freed)
        return cached[1]
    pad = th.px(8)
    card = pygame.Surface(
        (face.get_width() + 2 * pad, face.get_height() + 2 * pad), pygame.SRCALPHA
    )
    if lit:
        widgets.glow(card, face.get_rect(topleft=(pad, pad)), th, strength=4)
    card.blit(face, (pad, pad))
    if alpha < 255:
        card.set_alpha(alpha)
        flat = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        flat.blit(card, (0, 0))
        card = flat
    surf = pygame.transform.rotozoom(card, angle, 1.0) if angle else card
    if len(_TURNED) > 300:
        _TURNED.clear()
    _TURNED[key] = (face, surf)
    return surf


def draw(
    surface: pygame.Surface,
    hand: HandLayout,
    face: Callable[[int, int, T.Theme], pygame.Surface],
    th: T.Theme,
    *,
    lit: set[int] | frozenset[int] = frozenset(),
    dim: dict[int, int] | None = None,
    part: str = "all",
) -> None:
    """Paint the fan: `face(index, width, theme)` gives a card's face at a width, drawn with that
    theme (the raised card's is zoomed by the interface scale); `lit` cards glow (they
    can be used now); `dim` maps a card to its opacity (0-255). `part` is "rest" (the resting
    cards), "raised" (the raised card alone, to draw it over later layers) or "all"."""
    dim = dim or {}
    recorder = widgets.RECORDER
    for slot in hand.slots if part in ("all", "rest") else ():
        image = _turned(
            face(slot.index, hand.width, th),
            slot.angle,
            slot.index in lit,
            dim.get(slot.index, 255),
            th,
        )
        surface.blit(image, image.get_rect(center=(round(slot.centre[0]), round(slot.centre[1]))))
        if recorder is not None:
            recorder.card(surface, slot.bounds, "hand")
    if part in ("all", "raised") and hand.raised is not None and hand.raised_rect is not None:
        rect = hand.raised_rect
        big = face(hand.raised, hand.raised_width, zoomed(th, raised_zoom(th)))
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 100), shadow.get_rect(), border_radius=th.px(8))
        surface.blit(shadow, rect.move(th.px(5), th.px(6)))
        if hand.raised in lit:
            widgets.glow(surface, rect, th, strength=4)
        surface.blit(big, rect)
        if recorder is not None:
            recorder.card(surface, rect, "hand:raised")
