"""The dice tray: dice thrown with pymunk physics, settling on the faces the engine chose.

Physics never decides a result. When dice are thrown, the whole throw is simulated ahead in a
private pymunk space (top-down, walled, damped) and recorded frame by frame; the tray then plays
the recording back at a pleasant speed, showing random tumbling faces while a die spins fast and
the engine's value once it slows. Collision impulses recorded during the simulation come back from
`update()` as volumes (0..1) for the clatter sound, so louder hits sound louder.

Kept dice leave the throwing area and line up in the "kept" row at the top of the tray; a re-roll
only throws the others. The tray's own random generator is seeded, so the same throw looks the
same every time; it is separate from the match's RNG and has no effect on the rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame
import pymunk

from game.ui import theme as T

SIM_DT = 1 / 120
MAX_SIM_SECONDS = 3.2
PLAYBACK_SPEED = 1.4  # simulated seconds per real second
SETTLE_SPEED = 12.0  # px/s below which a die counts as still
FACE_SPIN = 2.2  # rad/s above which a die shows tumbling faces

FaceFn = Callable[[int, int, bool, int], pygame.Surface]


@dataclass
class Die:
    value: int
    x: float
    y: float
    angle: float = 0.0
    kept: bool = False
    shown: int = 0  # face shown while tumbling
    # Playback of a throw: (x, y, angle, spinning) per recorded frame.
    track: list[tuple[float, float, float, bool]] = field(default_factory=list)
    # Sliding to/from the kept row.
    slide_from: tuple[float, float, float] | None = None
    slide_to: tuple[float, float, float] | None = None
    slide_t: float = 0.0
    rest: tuple[float, float, float] | None = None  # where it lay before being kept


class DiceTray:
    def __init__(self, rect: pygame.Rect, die_size: int = 54, seed: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.die_size = die_size
        self.rng = random.Random(seed)
        self.dice: list[Die] = []
        self.values: list[int] = []
        self.highlighted: set[int] = set()
        self.frame = 0.0  # playback position in recorded frames
        self.frames = 0
        self.impulses: list[list[float]] = []  # per recorded frame
        self._emitted = 0
        self.last_settle_seconds = 0.0

    # ------------------------------------------------------------------ geometry

    @property
    def kept_strip(self) -> pygame.Rect:
        pad = max(4, self.die_size // 8)
        return pygame.Rect(
            self.rect.x + pad,
            self.rect.y + pad,
            self.rect.w - 2 * pad,
            int(self.die_size * 1.25),
        )

    @property
    def arena(self) -> pygame.Rect:
        """Where thrown dice roll (below the kept row, above the footer line)."""
        strip = self.kept_strip
        pad = max(4, self.die_size // 8)
        top = strip.bottom + pad
        bottom = self.rect.bottom - max(pad, int(self.die_size * 0.5))
        return pygame.Rect(self.rect.x + pad, top, self.rect.w - 2 * pad, max(10, bottom - top))

    def set_rect(self, rect: pygame.Rect) -> None:
        old = self.rect
        self.rect = pygame.Rect(rect)
        if old.size != self.rect.size or old.topleft != self.rect.topleft:
            self.show(self.values, [d.kept for d in self.dice] if self.dice else None)

    def kept_slot(self, index: int) -> tuple[float, float, float]:
        kept_order = [i for i, d in enumerate(self.dice) if d.kept]
        slot = kept_order.index(index) if index in kept_order else len(kept_order)
        strip = self.kept_strip
        step = self.die_size + max(6, self.die_size // 6)
        x = strip.x + self.die_size * 1.6 + slot * step
        return (x, strip.centery, 0.0)

    # ------------------------------------------------------------------ state

    @property
    def rolling(self) -> bool:
        """A throw is being played back (sliding kept dice does not count: it never blocks)."""
        return self.frames > 0 and self.frame < self.frames

    @property
    def sliding(self) -> bool:
        return any(d.slide_to is not None for d in self.dice)

    def show(self, values: list[int] | None, kept: list[bool] | None = None) -> None:
        """Lay dice out at rest, without animation."""
        values = list(values or [])
        kept = (
            list(kept) if kept is not None and len(kept) == len(values) else [False] * len(values)
        )
        self.values = values
        self.frames = 0
        self.frame = 0.0
        self.impulses = []
        self._emitted = 0
        self.dice = [Die(v, 0.0, 0.0, kept=k) for v, k in zip(values, kept, strict=True)]
        loose = [i for i, d in enumerate(self.dice) if not d.kept]
        arena = self.arena
        step = arena.w / max(1, len(loose) + 1)
        for n, i in enumerate(loose):
            d = self.dice[i]
            d.x = arena.x + step * (n + 1) + self.rng.uniform(-6, 6)
            d.y = arena.centery + self.rng.uniform(-arena.h * 0.18, arena.h * 0.18)
            d.angle = self.rng.uniform(-0.35, 0.35)
            d.shown = d.value
        for i, d in enumerate(self.dice):
            if d.kept:
                d.x, d.y, d.angle = self.kept_slot(i)
                d.shown = d.value

    def set_kept(self, kept: list[bool]) -> None:
        """Slide newly kept dice to the kept row and released ones back to the table."""
        if len(kept) != len(self.dice):
            return
        for i, (d, k) in enumerate(zip(self.dice, kept, strict=True)):
            if d.kept == k:
                continue
            start = (d.x, d.y, d.angle)
            if k:
                d.rest = start
                d.kept = True
                target = self.kept_slot(i)
            else:
                d.kept = False
                target = d.rest or self._free_spot(i)
            d.slide_from, d.slide_to, d.slide_t = start, target, 0.0
        # Keep the kept row packed left to right in die order.
        for i, d in enumerate(self.dice):
            if d.kept:
                target = self.kept_slot(i)
                if d.slide_to is None and (abs(d.x - target[0]) > 1 or abs(d.y - target[1]) > 1):
                    d.slide_from, d.slide_to, d.slide_t = (d.x, d.y, d.angle), target, 0.0
                elif d.slide_to is not None:
                    d.slide_to = target

    def _free_spot(self, index: int) -> tuple[float, float, float]:
        arena = self.arena
        x = arena.x + arena.w * (index + 1) / (len(self.dice) + 1)
        return (x, arena.centery, self.rng.uniform(-0.3, 0.3))

    def highlight(self, indices) -> None:
        self.highlighted = set(indices or ())

    def die_at(self, pos: tuple[int, int]) -> int | None:
        half = self.die_size / 2 + 3
        for i in reversed(range(len(self.dice))):
            d = self.dice[i]
            if abs(pos[0] - d.x) <= half and abs(pos[1] - d.y) <= half:
                return i
        return None

    # ------------------------------------------------------------------ throwing

    def throw(
        self,
        values: list[int],
        reroll: list[int] | None = None,
        kept: list[bool] | None = None,
        from_side: str = "bottom",
    ) -> None:
        """Throw the dice at `reroll` (all by default); they will settle showing `values`."""
        values = list(values)
        reroll = sorted(set(range(len(values)) if reroll is None else reroll))
        kept = list(kept) if kept is not None and len(kept) == len(values) else None
        if len(self.dice) != len(values):
            self.show(values, [False] * len(values))
            reroll = reroll if reroll else list(range(len(values)))
        for i, d in enumerate(self.dice):
            d.value = values[i]
            d.slide_to = None
            if kept is not None:
                d.kept = kept[i] and i not in reroll
            if i in reroll:
                d.kept = False
        for i, d in enumerate(self.dice):
            if d.kept:
                d.x, d.y, d.angle = self.kept_slot(i)
                d.shown = d.value
        self.values = values
        thrown = [i for i in reroll if 0 <= i < len(self.dice)]
        self._simulate(thrown, from_side)

    def _simulate(self, thrown: list[int], from_side: str) -> None:
        arena = self.arena
        space = pymunk.Space()
        space.damping = 0.12
        walls = [
            ((arena.left, arena.top), (arena.right, arena.top)),
            ((arena.right, arena.top), (arena.right, arena.bottom)),
            ((arena.right, arena.bottom), (arena.left, arena.bottom)),
            ((arena.left, arena.bottom), (arena.left, arena.top)),
        ]
        for a, b in walls:
            seg = pymunk.Segment(space.static_body, a, b, 4)
            seg.elasticity = 0.55
            seg.friction = 0.8
            seg.collision_type = 2
            space.add(seg)
        bodies: dict[int, pymunk.Body] = {}
        size = self.die_size
        # Dice lying in the arena that are not thrown are obstacles the others bounce off.
        for i, d in enumerate(self.dice):
            if i in thrown or d.kept:
                continue
            resting = pymunk.Body(body_type=pymunk.Body.STATIC)
            resting.position = (d.x, d.y)
            resting.angle = d.angle
            block = pymunk.Poly.create_box(resting, (size, size), radius=size * 0.08)
            block.elasticity = 0.4
            block.friction = 0.8
            block.collision_type = 2
            space.add(resting, block)
        for n, i in enumerate(thrown):
            mass = 1.0
            body = pymunk.Body(mass, pymunk.moment_for_box(mass, (size, size)))
            spread = arena.w * 0.55
            x = arena.centerx + (n - (len(thrown) - 1) / 2) * min(size * 1.15, spread / 4)
            x += self.rng.uniform(-size * 0.2, size * 0.2)
            if from_side == "top":
                y = arena.top + size * 0.75
                vy = self.rng.uniform(380, 620)
            else:
                y = arena.bottom - size * 0.75
                vy = -self.rng.uniform(380, 620)
            body.position = (x, y)
            body.angle = self.rng.uniform(0, math.tau)
            body.velocity = (self.rng.uniform(-260, 260), vy)
            body.angular_velocity = self.rng.uniform(-14, 14)
            shape = pymunk.Poly.create_box(body, (size, size), radius=size * 0.08)
            shape.elasticity = 0.45
            shape.friction = 0.7
            shape.collision_type = 1
            space.add(body, shape)
            bodies[i] = body

        hits: list[float] = []

        def post_solve(arbiter: pymunk.Arbiter, _space, _data) -> None:
            if arbiter.is_first_contact:
                strength = arbiter.total_impulse.length
                if strength > 60:
                    hits.append(min(1.0, strength / 900))

        space.on_collision(1, 1, post_solve=post_solve)
        space.on_collision(1, 2, post_solve=post_solve)

        for i in thrown:
            self.dice[i].track = []
        self.impulses = []
        steps = int(MAX_SIM_SECONDS / SIM_DT)
        still_for = 0
        for _step in range(steps):
            hits.clear()
            space.step(SIM_DT)
            self.impulses.append(list(hits))
            moving = False
            for i, body in bodies.items():
                speed = body.velocity.length
                spin = abs(body.angular_velocity)
                if speed > SETTLE_SPEED or spin > 0.6:
                    moving = True
                self.dice[i].track.append(
                    (body.position.x, body.position.y, body.angle, spin > FACE_SPIN or speed > 160)
                )
            still_for = 0 if moving else still_for + 1
            if still_for > 12:
                break
        self.frames = len(self.impulses)
        self.frame = 0.0
        self._emitted = 0
        self.last_settle_seconds = self.frames * SIM_DT / PLAYBACK_SPEED
        for i in thrown:
            d = self.dice[i]
            d.shown = self.rng.randint(1, 6)
            if d.track:
                d.x, d.y, d.angle, _ = d.track[0]

    # ------------------------------------------------------------------ animation

    def update(self, dt: float) -> list[float]:
        """Advance the animation; returns the volumes of the collisions that just happened."""
        out: list[float] = []
        for d in self.dice:
            if d.slide_to is not None and d.slide_from is not None:
                d.slide_t = min(1.0, d.slide_t + dt / 0.22)
                t = 1 - (1 - d.slide_t) ** 3
                (x0, y0, a0), (x1, y1, a1) = d.slide_from, d.slide_to
                d.x, d.y, d.angle = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, a0 + (a1 - a0) * t
                if d.slide_t >= 1.0:
                    d.slide_from = d.slide_to = None
        if self.frames <= 0 or self.frame >= self.frames:
            return out
        self.frame = min(float(self.frames), self.frame + dt / SIM_DT * PLAYBACK_SPEED)
        index = min(self.frames - 1, int(self.frame))
        for k in range(self._emitted, index + 1):
            out.extend(self.impulses[k])
        self._emitted = index + 1
        for d in self.dice:
            if not d.track:
                continue
            x, y, angle, spinning = d.track[min(index, len(d.track) - 1)]
            d.x, d.y, d.angle = x, y, angle
            if spinning and self.frame < self.frames - 1:
                if self.rng.random() < 0.35:
                    d.shown = self.rng.randint(1, 6)
            else:
                d.shown = d.value
        if self.frame >= self.frames:
            for d in self.dice:
                d.shown = d.value
                d.track = []
        return out[:6]

    def finish(self) -> None:
        """Jump to the end of the current throw (skip the animation)."""
        while self.rolling or self.sliding:
            self.update(1.0)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, face: FaceFn) -> None:
        rect = self.rect
        surface.blit(tray_background(rect.size, self.die_size), rect.move(-RIM, -RIM))
        strip = self.kept_strip
        radius = max(8, self.die_size // 4)
        if any(d.kept for d in self.dice):
            shelf = pygame.Surface(strip.size, pygame.SRCALPHA)
            pygame.draw.rect(shelf, (0, 0, 0, 60), shelf.get_rect(), border_radius=radius // 2)
            surface.blit(shelf, strip)
            pygame.draw.rect(surface, T.BRASS_DARK, strip, 1, border_radius=radius // 2)
            font = _small_font(max(13, self.die_size // 4))
            label = font.render("KEPT", True, T.BRASS)
            surface.blit(label, label.get_rect(midleft=(strip.x + 8, strip.centery)))
        size = self.die_size
        order = sorted(range(len(self.dice)), key=lambda i: self.dice[i].kept)
        for i in order:
            d = self.dice[i]
            value = d.shown or d.value
            img = face(value, size, d.kept, i)
            if i in self.highlighted and not self.rolling:
                surface.blit(_glow(size), _glow(size).get_rect(center=(d.x, d.y)))
            # a thrown die in the air casts its shadow further away and looks a little bigger
            lift = 0.0
            if d.track and self.rolling:
                *_pos, spinning = d.track[min(int(self.frame), len(d.track) - 1)]
                lift = 1.0 if spinning else 0.0
            if lift:  # rolling over: the top face foreshortens and the next face comes up
                img = _tumbling(img, self.frame * 0.5 + i * 1.3)
            shadow = _shadow(size)
            if abs(d.angle) > 0.01:
                img = pygame.transform.rotozoom(img, -math.degrees(d.angle), 1.0 + 0.08 * lift)
                shadow = pygame.transform.rotate(shadow, -math.degrees(d.angle))
            off = size * (0.06 + 0.1 * lift)
            surface.blit(shadow, shadow.get_rect(center=(d.x + off, d.y + off * 1.3)))
            surface.blit(img, img.get_rect(center=(round(d.x), round(d.y))))


TRAY_FELT = (38, 86, 62)  # the tray's cloth: a shade brighter than the table so it reads as a dish
SPECK_SHADES = (-10, -6, 6, 9)  # the felt's weave: specks this much darker or lighter
RIM = 3  # px of the wooden rim drawn outside the tray's rect (4 more lie inside it)


@lru_cache(maxsize=8)
def tray_background(size: tuple[int, int], die_size: int) -> pygame.Surface:
    """The tray drawn once per size: a wooden rim with a brass inlay and a felt floor with a woven
    speckle and an inner shadow along the top and left walls."""
    w, h = size
    radius = max(8, die_size // 4)
    out = pygame.Surface((w + 2 * RIM, h + 2 * RIM), pygame.SRCALPHA)
    outer = out.get_rect()
    # wood: a vertical gradient with a few darker grain lines
    for y in range(outer.h):
        t = y / max(1, outer.h - 1)
        colour = tuple(
            round(a + (b - a) * t) for a, b in zip((84, 62, 44), (48, 34, 24), strict=True)
        )
        pygame.draw.line(out, colour, (0, y), (outer.w, y))
    rng = random.Random(w * 7919 + h)
    for _ in range(max(6, outer.h // 6)):
        y = rng.randrange(outer.h)
        pygame.draw.line(out, (60, 44, 32), (0, y), (outer.w, y + rng.randint(-2, 2)), 1)
    mask = pygame.Surface(outer.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), outer, border_radius=radius + RIM)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, T.BRASS_DARK, outer, 2, border_radius=radius + RIM)
    # felt floor
    floor = pygame.Rect(RIM + 4, RIM + 4, w - 8, h - 8)
    w, h = floor.size
    felt = _speckled_felt(w, h, rng)
    light = pygame.Surface((w, h), pygame.SRCALPHA)  # a lamp above the middle of the table
    for r in range(10, 0, -1):
        ell = pygame.Rect(0, 0, w * (0.4 + 0.07 * r), h * (0.4 + 0.07 * r))
        ell.center = (w // 2, h // 2)
        pygame.draw.ellipse(light, (255, 255, 230, 5), ell)
    felt.blit(light, (0, 0))
    for k in range(max(4, die_size // 6)):  # inner shadow under the top and left walls
        alpha = int(90 * (1 - k / max(4, die_size // 6)))
        pygame.draw.line(felt, (0, 0, 0, alpha), (0, k), (w, k))
        pygame.draw.line(felt, (0, 0, 0, alpha // 2), (k, 0), (k, h))
    fmask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(fmask, (255, 255, 255, 255), fmask.get_rect(), border_radius=radius)
    felt.blit(fmask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(felt, floor)
    pygame.draw.rect(out, T.BRASS, floor.inflate(2, 2), 1, border_radius=radius + 1)
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


def _speckled_felt(w: int, h: int, rng: random.Random) -> pygame.Surface:
    """The felt with the weave of the cloth: about one pixel in 18 a shade darker or lighter
    (-10, -6, +6 or +9), picked by `rng`. Made as bytes, one lookup per random byte: with
    set_at and two randrange calls per speck the whole tray cost 15, 62 and 373 ms of CPU at
    707x155, 1369x339 and 2766x975 px (the first frame of a board, and each resize), this way
    8, 34 and 188 ms."""
    count = w * h
    noise = rng.randbytes(count)  # a byte under 14 (14 in 256) is a speck, its value the shade
    pixels = bytearray(4 * count)
    for channel, colour in enumerate(TRAY_FELT):
        table = bytes(
            max(0, min(255, colour + SPECK_SHADES[v % 4])) if v < 14 else colour for v in range(256)
        )
        pixels[channel::4] = noise.translate(table)
    pixels[3::4] = b"\xff" * count
    return pygame.image.frombytes(bytes(pixels), (w, h), "RGBA")


def _tumbling(img: pygame.Surface, phase: float) -> pygame.Surface:
    """A die caught rolling over one edge: the face it shows squashed toward that edge, and the
    next face (the same picture, in shade) rising on the other side, so the cube reads as 3D."""
    w, h = img.get_size()
    top_h = max(1, round(h * (0.55 + 0.45 * abs(math.cos(phase)))))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    face = pygame.transform.smoothscale(img, (w, top_h))
    if h - top_h >= 2:
        side = pygame.transform.smoothscale(img, (w, h - top_h))
        side.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        rising = math.sin(phase) > 0
        out.blit(side, (0, 0) if rising else (0, top_h))
        out.blit(face, (0, h - top_h) if rising else (0, 0))
    else:
        out.blit(face, (0, 0))
    return out


@lru_cache(maxsize=8)
def _shadow(size: int) -> pygame.Surface:
    """A soft shadow for a die: a dark rounded square blurred by shrinking and growing it."""
    pad = size // 4
    big = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(
        big, (0, 0, 0, 120), big.get_rect().inflate(-pad * 2, -pad * 2), border_radius=size // 4
    )
    small = pygame.transform.smoothscale(
        big, (max(1, big.get_width() // 4), max(1, big.get_height() // 4))
    )
    return pygame.transform.smoothscale(small, big.get_size())


@lru_cache(maxsize=8)
def _glow(size: int) -> pygame.Surface:
    glow = pygame.Surface((size + 18, size + 18), pygame.SRCALPHA)
    for k in range(3):
        pygame.draw.rect(
            glow,
            (*T.HIGHLIGHT, 50 + 30 * k),
            glow.get_rect().inflate(-6 * k, -6 * k),
            border_radius=size // 4 + 8 - 3 * k,
        )
    return glow


_FONTS: dict[int, pygame.font.Font] = {}


def _small_font(size: int) -> pygame.font.Font:
    font = _FONTS.get(size)
    if font is None:
        from game.paths import assets_dir

        font = pygame.font.Font(str(assets_dir() / "fonts" / "DejaVuSans-Bold.ttf"), size)
        _FONTS[size] = font
    return font
