"""Motion that explains what the engine just did, each with its sound cue.

The presenter hands every event it plays to `MotionLayer.on_event`; the layer starts a short
drawn motion and plays its sound:

* a played card travels from the hand (or the opponent's bar) to the table - "card";
* damage flies from the attacker to the defender's Health dial - "whoosh" as it leaves, "hit"
  when it lands - and the dial ticks down to the new value;
* a big hit (8 or more, or an Ultimate's) shakes the board - "impact";
* a gained token pops onto its owner's token row - "token";
* an Ultimate gets its own moment: the table dims, rays and the hero's portrait - "ultimate";
* the end of the match: a flourish of rays and confetti at the winner - "victory" / "defeat".

Motions never hold the engine back: the presenter's `busy` ignores them, so the scene takes the
next decision while they play. Their length follows the animation-speed setting (none at
'instant', where only the sound plays); with the reduced-motion setting nothing travels or
shakes: each motion is a fade in place. A click or a key ends them all at once (`skip`).
Positions are read from the scene's own layout (bars, dials, hand, tokens); nothing is moved.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.ui import theme as T

BIG_HIT = 8  # damage (after everything) from which the board shakes
LIFE = {"card": 0.55, "damage": 0.7, "token": 0.5, "ultimate": 1.6, "shake": 0.42, "victory": 1.8}
FLIGHT = 0.65  # share of the damage motion spent flying; then it lands and bursts
ULTIMATE_STRIKE = 0.72  # share of the Ultimate's moment at which the blow lands (the sound's)
TICK_SECONDS = 0.05  # per point of Health the dial ticks
CUED_KINDS = {"card_played", "damage_resolved", "status_gained", "game_over"}


@dataclass
class Motion:
    kind: str  # card | damage | token | ultimate | shake | victory
    life: float
    fade: bool = False  # reduced motion: drawn in place, fading in and out
    delay: float = 0.0
    age: float = 0.0
    data: dict = field(default_factory=dict)
    landed: bool = False

    @property
    def t(self) -> float:
        return max(0.0, min(1.0, self.age / self.life)) if self.life > 0 else 1.0

    @property
    def started(self) -> bool:
        return self.delay <= 0


def _ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def _ease_back(t: float) -> float:
    """Overshoots a little and settles (a pop)."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def _arc(a, b, t: float, lift: float) -> tuple[float, float]:
    """A point on a quadratic curve from a to b bowed sideways by `lift` pixels."""
    ax, ay = a
    bx, by = b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    cx, cy = mx - dy / length * lift, my + dx / length * lift
    u = 1 - t
    return (u * u * ax + 2 * u * t * cx + t * t * bx, u * u * ay + 2 * u * t * cy + t * t * by)


class MotionLayer:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.motions: list[Motion] = []
        self.cues: list[tuple[str, str]] = []  # (sound, motion kind) in the order played
        self.ticks: dict[int, list[float]] = {}  # seat -> [shown, target, delay]
        self.written: dict[int, int] = {}  # seat -> the Health value this layer last showed
        self.hands: dict[int, pygame.Rect] = {}  # card instance -> where the hand showed it
        self.attacker: int | None = None
        self.rng = random.Random(7)

    # ------------------------------------------------------------ settings

    @property
    def speed(self) -> float:
        return self.scene.app.settings.speed_factor

    @property
    def reduced(self) -> bool:
        return bool(getattr(self.scene.app.settings, "reduced_motion", False))

    @property
    def active(self) -> bool:
        return bool(self.motions) or bool(self.ticks)

    @property
    def finale(self) -> bool:
        """The victory flourish is playing (the end screen waits for it, not the engine)."""
        return any(m.kind == "victory" for m in self.motions)

    def kinds(self) -> list[str]:
        return [m.kind for m in self.motions]

    # ------------------------------------------------------------ events

    def owns_sound(self, event) -> bool:
        """True when this layer plays the event's cue (the presenter then stays quiet)."""
        if event.kind == "ability_activated":
            return bool(event.data.get("ultimate"))
        if event.kind == "damage_resolved":
            return event.data.get("amount", 0) > 0
        return event.kind in CUED_KINDS

    def on_event(self, event, instant: bool = False) -> None:
        kind, data = event.kind, event.data
        if kind == "ability_activated":
            self.attacker = data.get("player")
        if kind == "turn_started":
            self.attacker = None
        if not self.owns_sound(event):
            return
        if instant and self.speed > 0 and kind != "game_over":
            return  # hurried past by a skip: no motion, no sound
        handler = getattr(self, f"_{kind}")
        handler(data, self.speed <= 0)

    def _start(self, kind: str, life_scale: float = 1.0, **data) -> Motion:
        motion = Motion(
            kind, LIFE[kind] * life_scale * max(self.speed, 0.3), fade=self.reduced, data=data
        )
        self.motions.append(motion)
        return motion

    def cue(self, sound: str, kind: str, volume: float = 1.0) -> None:
        self.cues.append((sound, kind))
        del self.cues[:-50]
        self.scene.play(sound, volume)

    def _ability_activated(self, data: dict, instant: bool) -> None:
        self.cue("ultimate", "ultimate", 0.9)
        if instant:
            return
        motion = self._start("ultimate", seat=data["player"], ability=data.get("ability"))
        if not motion.fade:
            shake = self._start("shake", 1.3)
            shake.delay = motion.life * ULTIMATE_STRIKE

    def _card_played(self, data: dict, instant: bool) -> None:
        self.cue("card", "card")
        if instant:
            return
        self.hands_seen()  # the hand as last drawn still shows the card
        banner = self.scene.presenter.banner
        hidden = None
        if banner is not None and banner.card == data.get("card_id"):
            hidden, banner.card = banner.card, None  # the travelling card is the banner's
        self._start(
            "card",
            seat=data["player"],
            card_id=data["card_id"],
            source=self.hands.get(data.get("card")),
            banner=banner,
            hidden=hidden,
        )

    def _damage_resolved(self, data: dict, instant: bool) -> None:
        amount = data["amount"]
        target = data["target"]
        big = amount >= BIG_HIT or self._ultimate_running()
        red = bool(data.get("unavoidable")) or self._ultimate_running()
        if instant:
            self.cue("hit", "damage", min(1.0, 0.4 + amount / 15))
            return
        floaters = self.scene.presenter.floaters
        floater = floaters.pop() if floaters and floaters[-1].seat == target else None
        origin = self.attacker if self.attacker not in (None, target) else None
        motion = self._start(
            "damage", amount=amount, target=target, origin=origin, big=big, red=red, floater=floater
        )
        if motion.fade:  # reduced motion: it lands at once, in place
            self._land(motion)
        else:
            self.cue("whoosh", "damage", 0.6)

    def _status_gained(self, data: dict, instant: bool) -> None:
        self.cue("token", "token", 0.7)
        if not instant and data.get("count", 1):
            self._start("token", seat=data["player"], status=data["status"])

    def _game_over(self, data: dict, instant: bool) -> None:
        winners = list(data.get("winners") or [])
        scene = self.scene
        humans = [s for s in range(len(scene.view.players)) if scene.human(s)]
        lost = humans and not set(winners) & set(humans) and not data.get("draw")
        self.cue("defeat" if lost else "victory", "victory")
        if self.speed > 0:
            self._start("victory", seat=winners[0] if winners else None, lost=bool(lost))

    def _ultimate_running(self) -> bool:
        return any(m.kind == "ultimate" for m in self.motions)

    # ------------------------------------------------------------ time

    def skip(self) -> None:
        """End every motion at once (a click or a key): cards and numbers are where they land."""
        for motion in self.motions:
            self._finish(motion)
        self.motions.clear()
        self.settle()

    def settle(self) -> None:
        """Dials show their values at once (after a skip), without ticking toward them."""
        presenter = self.scene.presenter
        for seat, (_shown, target, _delay) in self.ticks.items():
            presenter.shown_health[seat] = int(target)
        self.ticks.clear()
        self.written.update(presenter.shown_health)

    def update(self, dt: float) -> None:
        presenter = self.scene.presenter
        self.hands_seen()
        for motion in list(self.motions):
            if motion.delay > 0:
                motion.delay -= dt
                continue
            motion.age += dt
            if motion.kind == "damage" and not motion.landed and motion.t >= FLIGHT:
                self._land(motion)
            if motion.age >= motion.life:
                self._finish(motion)
                self.motions.remove(motion)
        self._tick_dials(presenter, dt)

    def hands_seen(self) -> None:
        """Remember where the hand shows each card (it has left the hand once it is played)."""
        rects = getattr(self.scene, "hand_rects", [])
        for rect, card in rects:
            self.hands[card] = rect.copy()
        if len(self.hands) > 200:
            self.hands = {card: rect.copy() for rect, card in rects}

    def _land(self, motion: Motion) -> None:
        motion.landed = True
        data = motion.data
        if data.get("floater") is not None:
            data["floater"].age = 0.0
            self.scene.presenter.floaters.append(data.pop("floater"))
        self.cue("hit", "damage", min(1.0, 0.4 + data["amount"] / 15))
        target = data["target"]
        if target in self.ticks:
            self.ticks[target][2] = 0.0
        if data["big"] and not self._ultimate_running():
            self.cue("impact", "shake", 0.9)
            self._start("shake", 1.0 + min(1.0, data["amount"] / 20))

    def _finish(self, motion: Motion) -> None:
        if motion.kind == "card":
            banner = motion.data.get("banner")
            if banner is not None and motion.data.get("hidden"):
                banner.card = motion.data["hidden"]  # the card has arrived: the banner shows it
        elif motion.kind == "damage" and not motion.landed:
            floater = motion.data.pop("floater", None)
            if floater is not None:
                self.scene.presenter.floaters.append(floater)

    def _tick_dials(self, presenter, dt: float) -> None:
        """Count a dial down (or up) a point at a time after its value changed."""
        for seat, value in presenter.shown_health.items():
            if seat in self.ticks:
                if value != self.written.get(seat):  # a new value (or an undo) came in
                    self.ticks[seat][1] = value
                continue
            before = self.written.get(seat)
            if before is not None and before != value and self.speed > 0:
                flying = any(
                    m.kind == "damage" and not m.landed and m.data["target"] == seat
                    for m in self.motions
                )
                delay = 0.6 if flying else 0.0  # wait for the damage to land (it releases it)
                self.ticks[seat] = [float(before), float(value), delay]
            self.written[seat] = value
        for seat in list(self.ticks):
            tick = self.ticks[seat]
            if tick[2] > 0:
                tick[2] -= dt
                presenter.shown_health[seat] = self.written[seat] = round(tick[0])
                continue
            step = dt / (TICK_SECONDS * max(self.speed, 0.3))
            shown, target = tick[0], tick[1]
            shown = max(target, shown - step) if shown > target else min(target, shown + step)
            tick[0] = shown
            presenter.shown_health[seat] = self.written[seat] = round(shown)
            if shown == target:
                del self.ticks[seat]

    # ------------------------------------------------------------ where things are

    def seat_rect(self, seat: int | None) -> pygame.Rect | None:
        scene = self.scene
        if seat is None:
            return None
        if seat == scene.viewer:
            return scene.my_bar
        table = getattr(scene, "table", None)
        if table is not None and seat in table.compact:
            return table.compact[seat]
        return scene.opp_bar

    def portrait_point(self, seat: int | None) -> tuple[int, int]:
        rect = self.seat_rect(seat)
        th = self.scene.app.theme
        if rect is None:
            return self.scene.tray_rect.center
        size = min(rect.h - th.px(10), th.px(56))
        return (rect.x + th.px(6) + size // 2, rect.y + th.px(5) + size // 2)

    def dial_rect(self, seat: int) -> pygame.Rect:
        rect = self.scene.dial_rects.get((seat, "health"))
        if rect is not None:
            return rect
        bar = self.seat_rect(seat)
        return pygame.Rect(bar.center, (1, 1))

    def token_rect(self, seat: int, status: str) -> pygame.Rect:
        for spot in self.scene.spots:
            if spot.kind == "token" and spot.seat == seat and spot.key == status:
                return spot.rect
        return self.dial_rect(seat)

    def table_spot(self, height: int) -> pygame.Rect:
        """Where the banner shows a played card, under the banner over the tray."""
        th = self.scene.app.theme
        tray = self.scene.tray_rect
        rect = pygame.Rect(0, 0, th.px(170), height)
        rect.midtop = (tray.centerx, tray.y + th.px(44) + th.px(28) + th.px(8))
        return rect

    # ------------------------------------------------------------ drawing

    def shake_offset(self) -> tuple[int, int]:
        th = self.scene.app.theme
        dx = dy = 0.0
        for m in self.motions:
            if m.kind != "shake" or not m.started or m.fade:
                continue
            strength = th.px(9) * (1 - m.t) ** 2 * m.life / LIFE["shake"] / max(self.speed, 0.3)
            dx += math.sin(m.age * 71.0) * strength
            dy += math.cos(m.age * 53.0) * strength * 0.6
        return round(dx), round(dy)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.motions:
            return
        order = ("ultimate", "victory", "card", "token", "damage")
        for kind in order:
            for motion in self.motions:
                if motion.kind == kind and motion.started:
                    getattr(self, f"_draw_{kind}")(surface, motion)
        dx, dy = self.shake_offset()
        if dx or dy:
            surface.scroll(dx, dy)
            w, h = surface.get_size()
            if dx:
                surface.fill(T.FELT_DARK, (0 if dx > 0 else w + dx, 0, abs(dx), h))
            if dy:
                surface.fill(T.FELT_DARK, (0, 0 if dy > 0 else h + dy, w, abs(dy)))
        for motion in self.motions:
            if motion.kind == "shake" and motion.started and motion.fade:
                self._draw_flash(surface, motion)

    def _veil(self, surface, colour, alpha: int) -> None:
        """The whole board under a see-through colour (one plain surface, kept per size)."""
        veil = getattr(self, "_veil_surface", None)
        if veil is None or veil.get_size() != surface.get_size():
            veil = self._veil_surface = pygame.Surface(surface.get_size())
        veil.fill(colour)
        veil.set_alpha(alpha)
        surface.blit(veil, (0, 0))

    @staticmethod
    def _fade_alpha(t: float) -> int:
        return int(255 * max(0.0, min(1.0, t * 5, (1 - t) * 3)))

    def _draw_card(self, surface, motion: Motion) -> None:
        from game.ui.cards import card_face

        scene = self.scene
        th = scene.app.theme
        data = motion.data
        cdef = scene.content.cards[data["card_id"]]
        hero = scene.content.heroes.get(scene.view.players[data["seat"]].hero)
        face = card_face(
            cdef, hero if cdef.hero == getattr(hero, "id", None) else None, th.px(170), th
        )
        end = self.table_spot(face.get_height())
        if motion.fade:
            shown = face.copy()
            shown.set_alpha(int(255 * min(1.0, motion.t * 2.5)))
            surface.blit(shown, end)
            return
        source = data.get("source")
        if source is None:
            bar = self.seat_rect(data["seat"])
            source = pygame.Rect(0, 0, th.px(60), th.px(84))
            source.center = (bar.right - th.px(80), bar.centery) if bar else end.center
        e = _ease_out(motion.t)
        w = max(8, round(source.w + (end.w - source.w) * e))
        h = max(8, round(w * face.get_height() / face.get_width()))
        x, y = _arc(source.center, end.center, e, th.px(60))
        card = pygame.transform.smoothscale(face, (w, h))
        angle = (1 - e) * (-14 if data["seat"] == scene.viewer else 14)
        if angle:
            card = pygame.transform.rotate(card, angle)
        shadow = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, int(70 * (1 - e) + 30)))
        lift = th.px(4) + round(th.px(10) * math.sin(math.pi * e))
        surface.blit(shadow, shadow.get_rect(center=(x + lift, y + lift)))
        surface.blit(card, card.get_rect(center=(round(x), round(y))))

    def _draw_damage(self, surface, motion: Motion) -> None:
        scene = self.scene
        th = scene.app.theme
        data = motion.data
        end = self.dial_rect(data["target"]).center
        start = self.portrait_point(data["origin"]) if data["origin"] is not None else None
        if start is None:
            start = scene.tray_rect.center
        colour = (200, 40, 36) if data["red"] else (22, 18, 16)
        r = th.px(22 if data["big"] else 18)
        font = th.font(24 if data["big"] else 20, bold=True)
        text = font.render(str(data["amount"]), True, (255, 255, 255))
        if motion.fade:  # a ring round the dial fades in and out; its number stays readable
            dial = self.dial_rect(data["target"])
            radius = dial.w // 2 + th.px(5)
            ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
            alpha = self._fade_alpha(motion.t)
            pygame.draw.circle(ring, (255, 90, 80, alpha), (radius + 2, radius + 2), radius, 4)
            surface.blit(ring, ring.get_rect(center=end))
            return
        if motion.landed:
            after = (motion.t - FLIGHT) / (1 - FLIGHT)
            self._burst(surface, end, r, after)
            self._badge(surface, end, r, colour, text, int(255 * (1 - after)))
            return
        e = (motion.t / FLIGHT) ** 2  # it gathers speed on its way
        for back in (0.18, 0.12, 0.06):  # a trail of fading copies behind it
            if e - back > 0:
                p = _arc(start, end, e - back, th.px(50))
                trail = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
                pygame.draw.circle(trail, (255, 150, 90, int(170 * (1 - back * 4))), (r, r), r)
                surface.blit(trail, trail.get_rect(center=(round(p[0]), round(p[1]))))
        x, y = _arc(start, end, e, th.px(50))
        self._badge(surface, (round(x), round(y)), r, colour, text, 255)

    def _badge(self, surface, centre, r: int, colour, text, alpha: int) -> None:
        """A damage number in its circle (black: normal damage; red: undefendable or Ultimate)."""
        layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        c = (r + 2, r + 2)
        pygame.draw.circle(layer, (*colour, alpha), c, r)
        pygame.draw.circle(layer, (*T.BRASS, alpha), c, r, 2)
        shown = text.copy()
        shown.set_alpha(alpha)
        layer.blit(shown, shown.get_rect(center=c))
        surface.blit(layer, layer.get_rect(center=centre))

    def _burst(self, surface, centre, r: int, t: float) -> None:
        if not 0 <= t < 1:
            return
        th = self.scene.app.theme
        radius = round(r + th.px(30) * _ease_out(t))
        alpha = int(220 * (1 - t))
        layer = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
        pygame.draw.circle(layer, (255, 200, 120, alpha), (radius + 2, radius + 2), radius, 3)
        surface.blit(layer, layer.get_rect(center=centre))

    def _draw_token(self, surface, motion: Motion) -> None:
        from game.ui.art import token_icon

        scene = self.scene
        th = scene.app.theme
        sdef = scene.content.statuses.get(motion.data["status"])
        rect = self.token_rect(motion.data["seat"], motion.data["status"])
        base = max(rect.w, th.px(30))
        kind = sdef.kind if sdef is not None else "unique"
        rim = {"positive": T.POSITIVE, "negative": T.NEGATIVE}.get(kind, T.UNIQUE)
        if motion.fade:
            alpha = self._fade_alpha(motion.t)
            ring = pygame.Surface((base + 12, base + 12), pygame.SRCALPHA)
            pygame.draw.circle(
                ring, (*rim, alpha), (base // 2 + 6, base // 2 + 6), base // 2 + 5, 3
            )
            surface.blit(ring, ring.get_rect(center=rect.center))
            return
        scale = 2.2 - 1.2 * _ease_back(min(1.0, motion.t * 1.6))
        size = max(8, round(base * scale))
        icon = token_icon(sdef if sdef is not None else motion.data["status"], size)
        if motion.t < 0.6:
            surface.blit(icon, icon.get_rect(center=rect.center))
        ring_t = motion.t
        radius = round(base / 2 + th.px(26) * _ease_out(ring_t))
        layer = pygame.Surface((2 * radius + 6, 2 * radius + 6), pygame.SRCALPHA)
        pygame.draw.circle(
            layer, (*rim, int(230 * (1 - ring_t))), (radius + 3, radius + 3), radius, 3
        )
        surface.blit(layer, layer.get_rect(center=rect.center))

    def _draw_ultimate(self, surface, motion: Motion) -> None:
        from game.ui.art import hero_colour, hero_emblem

        scene = self.scene
        th = scene.app.theme
        w, h = surface.get_size()
        t = motion.t
        strike = ULTIMATE_STRIKE
        dim = min(1.0, t / 0.2, (1 - t) / 0.2)
        self._veil(surface, (8, 6, 12), int(150 * dim))
        hero_id = scene.view.players[motion.data["seat"]].hero
        colour = hero_colour(hero_id)
        centre = scene.tray_rect.center
        if not motion.fade:
            # drawn at a quarter of the size and scaled up: soft edges, and cheap
            small = pygame.Surface((max(1, w // 4), max(1, h // 4)))
            glow = tuple(int(c * 0.28 * dim) for c in colour)  # added light: a faint wash
            reach = max(w, h) / 4
            cx, cy = centre[0] / 4, centre[1] / 4
            turn = t * 0.9
            for i in range(12):
                a = turn + i * math.tau / 12
                b = a + 0.11
                points = [
                    (cx, cy),
                    (cx + math.cos(a) * reach, cy + math.sin(a) * reach),
                    (cx + math.cos(b) * reach, cy + math.sin(b) * reach),
                ]
                pygame.draw.polygon(small, glow, points)
            rays = pygame.transform.smoothscale(small, (w, h))
            surface.blit(rays, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        grow = _ease_back(min(1.0, t / strike)) if not motion.fade else 1.0
        full = hero_emblem(hero_id, th.px(150))  # cached; scaled while it grows
        size = max(16, round(th.px(150) * grow))
        face = (
            full.copy()
            if size == full.get_width()
            else pygame.transform.smoothscale(full, (size, size))
        )
        face.set_alpha(int(255 * dim))
        surface.blit(face, face.get_rect(center=(centre[0], centre[1] - th.px(20))))
        name = scene.ability_name(motion.data["seat"], motion.data.get("ability") or "")
        font = th.font(40, serif=True)
        for text, dy, col, f in (
            ("ULTIMATE", th.px(78), T.HIGHLIGHT, font),
            (name, th.px(114), (245, 240, 230), th.font(24, bold=True)),
        ):
            label = f.render(text, True, col)
            label.set_alpha(int(255 * dim))
            surface.blit(label, label.get_rect(center=(centre[0], centre[1] + dy)))
        if not motion.fade and strike <= t < strike + 0.12:
            self._veil(surface, (255, 245, 220), int(110 * (1 - (t - strike) / 0.12)))

    def _draw_victory(self, surface, motion: Motion) -> None:
        from game.ui.art import hero_colour

        scene = self.scene
        th = scene.app.theme
        t = motion.t
        seat = motion.data.get("seat")
        centre = self.portrait_point(seat) if seat is not None else scene.tray_rect.center
        hero_id = scene.view.players[seat].hero if seat is not None else None
        colour = hero_colour(hero_id) if hero_id else T.GOLD
        alpha = self._fade_alpha(t)
        radius = round(th.px(40) + th.px(120) * _ease_out(t))
        ring = pygame.Surface((2 * radius + 8, 2 * radius + 8), pygame.SRCALPHA)
        for k, width in ((0, 6), (th.px(14), 3)):
            rr = max(2, radius - k)
            pygame.draw.circle(ring, (*T.GOLD, alpha), (radius + 4, radius + 4), rr, width)
        surface.blit(ring, ring.get_rect(center=centre))
        if motion.fade:
            return
        pieces = motion.data.get("pieces")
        if pieces is None:  # confetti: thrown up from the winner and from the table, falling
            rng = random.Random(len(scene.source.log))
            table = scene.tray_rect.center
            pieces = [
                (
                    centre if i % 2 else table,
                    rng.uniform(-1.0, 1.0) * th.px(460),
                    -rng.uniform(0.5, 1.0) * th.px(640),
                    rng.choice((T.GOLD, T.HIGHLIGHT, colour, T.BRASS, (245, 240, 230))),
                    rng.uniform(0, math.tau),
                )
                for i in range(110)
            ]
            motion.data["pieces"] = pieces
        seconds = t * 1.8
        gravity = th.px(760)
        size = th.px(10)
        for (ox, oy), vx, vy, col, spin in pieces:
            x = ox + vx * seconds
            y = oy + vy * seconds + gravity * seconds * seconds / 2
            a = spin + seconds * 9
            dx, dy = math.cos(a) * size, abs(math.sin(a)) * size * 0.6 + 1
            rect = pygame.Rect(0, 0, max(2, round(abs(dx)) + 2), max(2, round(dy)))
            rect.center = (round(x), round(y))
            surface.fill(col, rect)

    def _draw_flash(self, surface, motion: Motion) -> None:
        """Reduced motion's big hit: the edges glow red and fade, the board stays still."""
        w, h = surface.get_size()
        alpha = self._fade_alpha(motion.t) // 3
        if alpha <= 0:
            return
        band = self.scene.app.theme.px(14)
        for rect in (
            (0, 0, w, band),
            (0, h - band, w, band),
            (0, 0, band, h),
            (w - band, 0, band, h),
        ):
            strip = pygame.Surface(rect[2:])
            strip.fill(T.HEALTH)
            strip.set_alpha(alpha)
            surface.blit(strip, rect[:2])
