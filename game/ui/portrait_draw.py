"""The shapes of a portrait (see game/ui/portraits.py): colour helpers, the SVG builder with the
style's one shading rule, backdrops, bodies and heads. Coordinates are on a 100x100 canvas."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.portraits import PortraitSpec

RGB = tuple[int, int, int]


# ------------------------------------------------------------------ colour helpers


def rgb(colour: str | RGB) -> RGB:
    c = pygame.Color(colour)
    return (c.r, c.g, c.b)


def hexc(colour) -> str:
    r, g, b = rgb(colour) if isinstance(colour, str) else colour
    return f"#{r:02X}{g:02X}{b:02X}"


def mix(a, b, t: float) -> RGB:
    a, b = rgb(a) if isinstance(a, str) else a, rgb(b) if isinstance(b, str) else b
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


INK = "#1E1610"
# Skin tones and creature colours used across the cast (recipes may use any hex colour).
S1, S2, S3, S4, S5 = "#F1CFAE", "#E0AC84", "#C68B5E", "#9A6540", "#6E4630"
GREEN, GREY, PALE, BONE, BARK = "#7FA35A", "#8E9196", "#C9D6E0", "#E6DCC0", "#7A5A38"


class Svg:
    """Collects shapes and the gradients they use into one SVG document."""

    def __init__(self) -> None:
        self.defs: list[str] = []
        self.body: list[str] = []
        self._grads: dict[str, str] = {}

    def _gradient(self, key: str, element: str) -> str:
        """Register a gradient once per key; `element` has `{gid}` where its id goes."""
        gid = self._grads.get(key)
        if gid is None:
            gid = self._grads[key] = f"g{len(self._grads)}"
            self.defs.append(element.replace("{gid}", gid))
        return f"url(#{gid})"

    def shade(self, colour: str, light: float = 0.28, dark: float = 0.38) -> str:
        """A top-lit vertical gradient of `colour` (the style's one way to shade a shape)."""
        top = hexc(mix(colour, (255, 250, 235), light))
        bottom = hexc(mix(colour, (10, 6, 4), dark))
        return self._gradient(
            f"v{colour}{light}{dark}",
            '<linearGradient id="{gid}" x1="0.2" y1="0" x2="0.6" y2="1">'
            f'<stop offset="0" stop-color="{top}"/><stop offset="0.55" stop-color="{colour}"/>'
            f'<stop offset="1" stop-color="{bottom}"/></linearGradient>',
        )

    def glow(self, colour: str) -> str:
        """A white-hot radial falloff into `colour` (magic eyes, orbs, halos, flames)."""
        return self._gradient(
            f"r{colour}",
            '<radialGradient id="{gid}" cx="0.5" cy="0.5" r="0.5">'
            f'<stop offset="0" stop-color="#FFFFF0"/><stop offset="0.35" stop-color="{colour}"/>'
            f'<stop offset="1" stop-color="{colour}" stop-opacity="0"/></radialGradient>',
        )

    def add(self, element: str) -> None:
        self.body.append(element)

    def shape(self, tag: str, colour: str, attrs: str, ink: float = 0.9) -> None:
        """A filled, shaded, inked shape."""
        stroke = f' stroke="{INK}" stroke-width="{ink}" stroke-linejoin="round"' if ink else ""
        self.add(f'<{tag} {attrs} fill="{self.shade(colour)}"{stroke}/>')

    def text(self) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f"<defs>{''.join(self.defs)}</defs>{''.join(self.body)}</svg>"
        )


# ------------------------------------------------------------------ backdrop


def backdrop(svg: Svg, colour: RGB, motif: str) -> None:
    light = hexc(mix(colour, (255, 240, 210), 0.5))
    dark = hexc(mix(colour, (8, 6, 6), 0.45))
    svg.defs.append(
        '<radialGradient id="bg" cx="0.38" cy="0.32" r="0.75">'
        f'<stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{dark}"/>'
        "</radialGradient>"
    )
    svg.add('<rect x="0" y="0" width="100" height="100" fill="url(#bg)"/>')
    faint = hexc(mix(colour, (255, 245, 220), 0.6))
    o = 'fill-opacity="0.22"'
    so = f'stroke="{faint}" stroke-opacity="0.25" fill="none"'
    m = motif
    if m in ("rays", "sun"):
        for i in range(12):
            svg.add(
                f'<path d="M50 40 L{50 + 80 * cos(i * 30 - 4):.1f} {40 + 80 * sin(i * 30 - 4):.1f} '
                f'L{50 + 80 * cos(i * 30 + 4):.1f} {40 + 80 * sin(i * 30 + 4):.1f} Z" fill="{faint}" {o}/>'
            )
        if m == "sun":
            svg.add(f'<circle cx="50" cy="40" r="30" fill="{faint}" fill-opacity="0.3"/>')
    elif m == "moon":
        svg.add('<circle cx="72" cy="24" r="16" fill="#F4F0E0" fill-opacity="0.55"/>')
        svg.add(f'<circle cx="66" cy="20" r="14" fill="{dark}" fill-opacity="0.6"/>')
        for x, y in ((14, 14), (24, 30), (86, 48), (10, 44), (34, 10)):
            svg.add(f'<circle cx="{x}" cy="{y}" r="1.2" fill="#FFFFFF" fill-opacity="0.7"/>')
    elif m == "flames":
        for x in range(-5, 110, 16):
            svg.add(
                f'<path d="M{x} 100 Q{x - 6} 70 {x + 6} 50 Q{x + 4} 72 {x + 14} 100 Z" fill="#FFB040" {o}/>'
            )
    elif m in ("peaks", "cave"):
        svg.add(
            f'<path d="M0 70 L20 38 L34 58 L52 28 L72 56 L86 36 L100 60 L100 100 L0 100 Z" fill="{faint}" {o}/>'
        )
        if m == "cave":
            svg.add(
                f'<path d="M0 0 L100 0 L100 14 L86 24 L74 12 L60 22 L46 10 L30 24 L16 12 L0 20 Z" fill="{dark}" fill-opacity="0.6"/>'
            )
    elif m in ("smoke", "mist"):
        for i, (x, y, r) in enumerate(
            ((20, 30, 18), (70, 22, 20), (84, 60, 16), (12, 66, 14), (46, 14, 12))
        ):
            svg.add(
                f'<circle cx="{x}" cy="{y}" r="{r}" fill="{faint}" fill-opacity="{0.12 + 0.03 * i:.2f}"/>'
            )
    elif m in ("forest", "bamboo"):
        for x in (8, 22, 78, 92):
            if m == "forest":
                svg.add(
                    f'<path d="M{x} 8 L{x + 10} 40 L{x - 10} 40 Z M{x} 26 L{x + 12} 62 L{x - 12} 62 Z" fill="{faint}" {o}/>'
                )
            else:
                svg.add(f'<path d="M{x} 0 L{x} 100" {so} stroke-width="4"/>')
                svg.add(
                    f'<path d="M{x - 3} 30 L{x + 3} 30 M{x - 3} 60 L{x + 3} 60" {so} stroke-width="1.5"/>'
                )
    elif m == "waves":
        for y in (20, 34, 48):
            svg.add(
                f'<path d="M0 {y} Q12 {y - 8} 25 {y} T50 {y} T75 {y} T100 {y}" {so} stroke-width="3"/>'
            )
    elif m == "gears":
        for cx, cy, r in ((18, 22, 12), (82, 30, 15), (88, 70, 9)):
            svg.add(
                f'<circle cx="{cx}" cy="{cy}" r="{r}" {so} stroke-width="5" stroke-dasharray="3 3"/>'
            )
            svg.add(f'<circle cx="{cx}" cy="{cy}" r="{r * 0.4:.1f}" {so} stroke-width="2"/>')
    elif m == "lotus":
        for a in range(-60, 61, 30):
            svg.add(
                f'<ellipse cx="50" cy="30" rx="7" ry="24" transform="rotate({a} 50 58)" fill="{faint}" {o}/>'
            )
    elif m == "wings":
        for side in (-1, 1):
            for k in range(4):
                x = 50 + side * (22 + k * 7)
                svg.add(
                    f'<ellipse cx="{x}" cy="{44 + k * 5}" rx="6" ry="26" transform="rotate({side * (30 + k * 12)} {x} {44 + k * 5})" fill="#FFFFFF" fill-opacity="0.3"/>'
                )
    elif m == "bats":
        for x, y in ((18, 20), (80, 16), (70, 34), (12, 48)):
            svg.add(
                f'<path d="M{x - 8} {y} Q{x - 4} {y - 4} {x} {y + 1} Q{x + 4} {y - 4} {x + 8} {y} Q{x + 4} {y + 2} {x} {y + 4} Q{x - 4} {y + 2} {x - 8} {y} Z" fill="#100608" fill-opacity="0.5"/>'
            )
        svg.add('<circle cx="50" cy="36" r="30" fill="#E02838" fill-opacity="0.12"/>')
    elif m == "map":
        for x in range(0, 101, 20):
            svg.add(f'<path d="M{x} 0 L{x} 100 M0 {x} L100 {x}" {so} stroke-width="0.8"/>')
        svg.add(
            f'<path d="M10 70 Q30 50 50 60 T90 30" stroke="{faint}" stroke-opacity="0.4" stroke-dasharray="3 2" fill="none" stroke-width="1.5"/>'
        )
    elif m == "runes":
        svg.add(f'<circle cx="50" cy="44" r="40" {so} stroke-width="1.5"/>')
        svg.add(f'<circle cx="50" cy="44" r="33" {so} stroke-width="0.8"/>')
        for i in range(8):
            x, y = 50 + 36.5 * cos(i * 45), 44 + 36.5 * sin(i * 45)
            svg.add(
                f'<path d="M{x - 2} {y - 2} L{x + 2} {y + 2} M{x + 2} {y - 2} L{x} {y}" {so} stroke-width="1"/>'
            )
    elif m == "graves":
        for x in (12, 86):
            svg.add(
                f'<path d="M{x - 8} 70 L{x - 8} 52 Q{x} 42 {x + 8} 52 L{x + 8} 70 Z" fill="{faint}" {o}/>'
            )
        svg.add('<circle cx="76" cy="18" r="9" fill="#E8F0D0" fill-opacity="0.35"/>')
    elif m == "bricks":
        for row, y in enumerate(range(0, 100, 10)):
            off = 10 if row % 2 else 0
            for x in range(-off, 100, 20):
                svg.add(f'<rect x="{x}" y="{y}" width="19" height="9" {so} stroke-width="0.8"/>')
    elif m in ("grid", "crosshair"):
        if m == "grid":
            for x in range(0, 101, 10):
                svg.add(f'<path d="M{x} 0 L{x} 100 M0 {x} L100 {x}" {so} stroke-width="0.5"/>')
        else:
            svg.add(f'<circle cx="50" cy="40" r="34" {so} stroke-width="2"/>')
            svg.add(f'<path d="M50 0 L50 100 M0 40 L100 40" {so} stroke-width="1.2"/>')
    elif m in ("crates", "stalls"):
        for x, y in ((4, 60), (80, 54), (86, 74), (0, 80)):
            svg.add(
                f'<rect x="{x}" y="{y}" width="18" height="18" fill="{faint}" {o} stroke="{faint}" stroke-opacity="0.4"/>'
            )
        if m == "stalls":
            svg.add(
                '<path d="M0 8 L100 8 L100 20 Q90 26 80 20 Q70 26 60 20 Q50 26 40 20 Q30 26 20 20 Q10 26 0 20 Z" fill="#E0B441" fill-opacity="0.25"/>'
            )
    elif m == "throne":
        svg.add(
            '<path d="M22 100 L22 24 Q26 6 34 18 Q42 2 50 16 Q58 2 66 18 Q74 6 78 24 L78 100 Z" fill="#E0B441" fill-opacity="0.22"/>'
        )
    elif m == "bars":
        for x in range(6, 100, 12):
            svg.add(
                f'<rect x="{x}" y="0" width="4" height="100" fill="{dark}" fill-opacity="0.35"/>'
            )
    elif m == "rails":
        svg.add(f'<path d="M0 86 L100 86 M0 94 L100 94" {so} stroke-width="2"/>')
        for x in range(0, 100, 8):
            svg.add(f'<rect x="{x}" y="84" width="3" height="12" fill="{faint}" {o}/>')
        svg.add(f'<circle cx="20" cy="24" r="12" fill="{faint}" fill-opacity="0.2"/>')
    elif m == "frames":
        for x, y, w, h in ((6, 10, 22, 28), (74, 8, 20, 26), (80, 44, 16, 20)):
            svg.add(
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{dark}" fill-opacity="0.3" stroke="#E0B441" stroke-opacity="0.4" stroke-width="1.5"/>'
            )


def cos(deg: float) -> float:
    return math.cos(math.radians(deg))


def sin(deg: float) -> float:
    return math.sin(math.radians(deg))


# ------------------------------------------------------------------ body


def body(svg: Svg, sp: PortraitSpec) -> None:
    c, a = sp.costume, sp.accent
    if sp.body in ("cape", "wings") or sp.backdrop == "wings":
        if sp.body == "wings":
            for side in (-1, 1):
                x = 50 + side * 44
                svg.shape(
                    "path",
                    c,
                    f'd="M50 66 L{x} 30 L{50 + side * 36} 48 L{50 + side * 46} 60 L{50 + side * 34} 68 L{50 + side * 40} 84 Z"',
                )
        elif sp.body == "cape":
            svg.shape("path", a, 'd="M14 100 L20 58 L32 50 L50 62 L68 50 L80 58 L86 100 Z"')
    torso = 'd="M8 100 C10 80 22 70 38 67 L62 67 C78 70 90 80 92 100 Z"'
    colour = {"bare": sp.skin, "ribs": sp.skin, "stone": sp.skin, "scales": sp.skin}.get(sp.body, c)
    if sp.body == "machine":
        svg.shape("path", c, 'd="M30 100 L34 70 L66 70 L70 100 Z"')
        svg.shape("rect", a, 'x="44" y="78" width="12" height="8" rx="2"', 0.6)
        return
    svg.shape("path", colour, torso)
    if sp.body == "armour":
        for x in (24, 76):
            svg.shape("ellipse", a, f'cx="{x}" cy="76" rx="15" ry="9"')
        svg.shape("path", a, 'd="M38 70 L62 70 L58 100 L42 100 Z"')
        svg.add(f'<path d="M50 74 L50 96" stroke="{INK}" stroke-opacity="0.5" stroke-width="1.2"/>')
    elif sp.body == "fur":
        for i, x in enumerate(range(16, 88, 8)):
            y = 72 + (3 if i % 2 else 0)
            svg.shape(
                "ellipse",
                a if i % 3 else hexc(mix(a, (255, 255, 255), 0.2)),
                f'cx="{x}" cy="{y}" rx="6" ry="5"',
                0.6,
            )
    elif sp.body == "coat":
        svg.shape("path", a, 'd="M38 67 L50 90 L44 100 L36 100 L30 72 Z"', 0.7)
        svg.shape("path", a, 'd="M62 67 L50 90 L56 100 L64 100 L70 72 Z"', 0.7)
        for y in (84, 92):
            svg.add(
                f'<circle cx="50" cy="{y}" r="1.4" fill="{a}" stroke="{INK}" stroke-width="0.4"/>'
            )
    elif sp.body == "robe":
        svg.shape("path", a, 'd="M36 68 L50 84 L64 68 L60 67 L50 78 L40 67 Z"', 0.6)
        svg.add(f'<path d="M50 84 L50 100" stroke="{a}" stroke-width="3"/>')
    elif sp.body == "cape":
        svg.shape("path", a, 'd="M28 70 L38 56 L44 68 Z"', 0.6)
        svg.shape("path", a, 'd="M72 70 L62 56 L56 68 Z"', 0.6)
        svg.add(
            f'<circle cx="50" cy="72" r="2.6" fill="#E0B441" stroke="{INK}" stroke-width="0.5"/>'
        )
    elif sp.body == "ribs":
        for y in (74, 80, 86, 92):
            svg.add(
                f'<path d="M36 {y} Q50 {y + 4} 64 {y}" stroke="{INK}" stroke-opacity="0.6" stroke-width="2" fill="none"/>'
            )
        svg.shape("path", c, 'd="M8 100 C10 84 18 76 30 72 L36 100 Z"', 0.6)
    elif sp.body == "bark":
        for x in (30, 44, 58, 70):
            svg.add(
                f'<path d="M{x} 72 Q{x + 3} 86 {x - 2} 100" stroke="{INK}" stroke-opacity="0.45" stroke-width="1.3" fill="none"/>'
            )
        svg.shape("ellipse", a, 'cx="26" cy="74" rx="8" ry="5"', 0.5)
    elif sp.body in ("scales", "stone"):
        for x in range(20, 82, 9):
            for y in (78, 88):
                svg.add(
                    f'<path d="M{x} {y} q4.5 5 9 0" stroke="{INK}" stroke-opacity="0.35" stroke-width="1" fill="none"/>'
                )
    elif sp.body == "bare":
        svg.add(
            f'<path d="M36 80 Q50 86 64 80" stroke="{INK}" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>'
        )
        svg.shape("path", c, 'd="M24 100 L28 92 L72 92 L76 100 Z"', 0.6)
    elif sp.body == "rags":
        svg.shape(
            "path",
            a,
            'd="M20 100 L24 80 L30 92 L36 78 L44 94 L52 80 L58 94 L66 78 L72 92 L78 82 L82 100 Z"',
            0.6,
        )
    else:  # tunic
        svg.shape("path", a, 'd="M40 67 L50 80 L60 67 Z"', 0.6)
        svg.add(f'<path d="M14 90 L86 90" stroke="{a}" stroke-width="3"/>')


# ------------------------------------------------------------------ heads


def eyes(svg: Svg, sp: PortraitSpec, y: float = 42, dx: float = 6, size: float = 2.2) -> None:
    glow = rgb(sp.eyes)
    bright = sum(glow) > 330
    for x in (50 - dx, 50 + dx):
        if bright:
            svg.add(f'<circle cx="{x}" cy="{y}" r="{size * 2.4:.1f}" fill="{svg.glow(sp.eyes)}"/>')
            svg.add(
                f'<ellipse cx="{x}" cy="{y}" rx="{size}" ry="{size * 0.7:.1f}" fill="{sp.eyes}"/>'
            )
        else:
            svg.add(
                f'<ellipse cx="{x}" cy="{y}" rx="{size}" ry="{size * 0.75:.1f}" fill="#F6F0E4"/>'
            )
            svg.add(f'<circle cx="{x + 0.4}" cy="{y}" r="{size * 0.6:.1f}" fill="{sp.eyes}"/>')
            svg.add(f'<circle cx="{x - 0.3}" cy="{y - 0.6}" r="0.5" fill="#FFFFFF"/>')


def face(svg: Svg, sp: PortraitSpec, jaw: str = "human") -> None:
    skin = sp.skin
    svg.shape("rect", skin, 'x="43" y="52" width="14" height="17" rx="3"')
    ears = {
        "elf": "M36 42 L24 30 L37 49 Z|M64 42 L76 30 L63 49 Z",
        "goblin": "M36 42 L18 36 L36 50 Z|M64 42 L82 36 L64 50 Z",
        "orc": "M36 42 L28 36 L36 50 Z|M64 42 L72 36 L64 50 Z",
    }
    if jaw in ears:
        for d in ears[jaw].split("|"):
            svg.shape("path", skin, f'd="{d}"')
    else:
        for x in (35.5, 64.5):
            svg.shape("ellipse", skin, f'cx="{x}" cy="44" rx="3" ry="4.5"')
    if jaw == "orc":
        svg.shape(
            "path", skin, 'd="M35 34 Q35 22 50 22 Q65 22 65 34 L66 50 Q62 62 50 62 Q38 62 34 50 Z"'
        )
    elif jaw == "goblin":
        svg.shape(
            "path", skin, 'd="M36 36 Q36 24 50 24 Q64 24 64 36 L62 50 Q56 60 50 60 Q44 60 38 50 Z"'
        )
    else:
        svg.shape(
            "path", skin, 'd="M35 38 Q35 22 50 22 Q65 22 65 38 L64 48 Q60 60 50 61 Q40 60 36 48 Z"'
        )
    # cheek shade on the side away from the light
    svg.add('<path d="M58 44 Q63 50 56 58 Q62 56 64 46 Z" fill="#000000" fill-opacity="0.12"/>')
    eyes(svg, sp)
    for x1, x2 in ((40, 47), (53, 60)):
        svg.add(
            f'<path d="M{x1} 38 L{x2} 37.2" stroke="{INK}" stroke-width="1.3" stroke-linecap="round"/>'
        )
    svg.add(
        f'<path d="M50 43 L48 50 L51.5 50.5" stroke="{INK}" stroke-opacity="0.55" stroke-width="0.9" fill="none"/>'
    )
    svg.add(
        f'<path d="M46 55 Q50 {56.5 if jaw != "orc" else 54} 54 55" stroke="{INK}" stroke-width="1" fill="none"/>'
    )
    if jaw == "orc":
        for x in (44, 56):
            svg.add(
                f'<path d="M{x - 1.5} 56 L{x} 51 L{x + 1.5} 56 Z" fill="#F6F0E0" stroke="{INK}" stroke-width="0.4"/>'
            )
    if sp.beard == "beard":
        svg.shape(
            "path",
            sp.hair,
            'd="M36 46 Q38 58 44 64 Q50 70 56 64 Q62 58 64 46 Q60 56 54 54 Q50 52 46 54 Q40 56 36 46 Z"',
        )
    elif sp.beard == "moustache":
        svg.shape(
            "path", sp.hair, 'd="M43 54 Q47 50 50 52 Q53 50 57 54 Q53 53 50 54 Q47 53 43 54 Z"', 0.5
        )
    elif sp.beard == "stubble":
        svg.add(
            f'<path d="M38 50 Q42 60 50 61 Q58 60 62 50 Q58 58 50 58 Q42 58 38 50 Z" fill="{sp.hair}" fill-opacity="0.45"/>'
        )


def head(svg: Svg, sp: PortraitSpec) -> None:
    h, skin, acc = sp.head, sp.skin, sp.accent
    if h in ("human", "elf", "orc", "goblin"):
        face(svg, sp, h)
    elif h in ("beast", "rat", "troll", "bull", "ghoul", "gargoyle", "imp"):
        svg.shape("rect", skin, 'x="42" y="52" width="16" height="17" rx="3"')
        if h in ("beast", "rat"):
            ear = "M36 34 L34 14 L46 26 Z|M64 34 L66 14 L54 26 Z" if h == "beast" else ""
            for d in ear.split("|") if ear else ():
                svg.shape("path", skin, f'd="{d}"')
            if h == "rat":
                for x in (34, 66):
                    svg.shape("circle", skin, f'cx="{x}" cy="26" r="9"')
                    svg.add(f'<circle cx="{x}" cy="26" r="5" fill="{acc}" fill-opacity="0.7"/>')
        if h == "bull":
            svg.shape("path", acc, 'd="M36 30 Q18 30 14 12 Q24 22 38 24 Z"')
            svg.shape("path", acc, 'd="M64 30 Q82 30 86 12 Q76 22 62 24 Z"')
        if h in ("gargoyle", "imp"):
            svg.shape(
                "path",
                acc if h == "gargoyle" else "#3A1A10",
                'd="M40 28 Q34 16 38 6 Q40 18 46 24 Z"',
            )
            svg.shape(
                "path",
                acc if h == "gargoyle" else "#3A1A10",
                'd="M60 28 Q66 16 62 6 Q60 18 54 24 Z"',
            )
            ear = "M36 40 L22 32 L36 48 Z|M64 40 L78 32 L64 48 Z"
            for d in ear.split("|"):
                svg.shape("path", skin, f'd="{d}"')
        wide = {"troll": 19, "bull": 17, "beast": 15, "rat": 13}.get(h, 15)
        svg.shape("ellipse", skin, f'cx="50" cy="40" rx="{wide}" ry="16"')
        if h in ("beast", "rat", "bull"):
            muzzle = hexc(mix(skin, (240, 220, 200), 0.25))
            ry = 8 if h != "rat" else 7
            svg.shape(
                "ellipse",
                muzzle,
                f'cx="50" cy="{52 if h != "rat" else 53}" rx="{9 if h != "rat" else 7}" ry="{ry}"',
            )
            svg.add(
                f'<ellipse cx="50" cy="{48 if h != "rat" else 51}" rx="3.2" ry="2.2" fill="{INK}"/>'
            )
            if h == "bull":
                svg.add(
                    '<circle cx="50" cy="56" r="3" fill="none" stroke="#D8C8A0" stroke-width="1.4"/>'
                )
            if h in ("beast", "rat"):
                for x in (46, 54):
                    svg.add(
                        f'<path d="M{x - 1.2} 57 L{x} 62 L{x + 1.2} 57 Z" fill="#F6F0E0" stroke="{INK}" stroke-width="0.4"/>'
                    )
            if h == "rat":
                for s in (-1, 1):
                    svg.add(
                        f'<path d="M{50 + s * 4} 52 L{50 + s * 16} 50 M{50 + s * 4} 54 L{50 + s * 16} 56" stroke="{INK}" stroke-width="0.6"/>'
                    )
            eyes(svg, sp, y=37, dx=7, size=2.2)
        else:
            svg.add(
                f'<path d="M40 36 L48 39 M60 36 L52 39" stroke="{INK}" stroke-width="1.6" stroke-linecap="round"/>'
            )
            eyes(svg, sp, y=42, dx=6, size=2.2)
            svg.add(f'<path d="M50 44 L47 50 L53 50 Z" fill="{INK}" fill-opacity="0.35"/>')
            if h in ("troll", "ghoul", "imp"):
                svg.add(
                    f'<path d="M42 54 Q50 {60 if h == "imp" else 57} 58 54" stroke="{INK}" stroke-width="1.2" fill="#3A1010"/>'
                )
                for x in (45, 55):
                    svg.add(
                        f'<path d="M{x - 1.2} 54.5 L{x} {51 if h == "troll" else 58} L{x + 1.2} 54.5 Z" fill="#F6F0E0"/>'
                    )
            else:
                svg.add(f'<path d="M44 54 L56 54" stroke="{INK}" stroke-width="1.2"/>')
    elif h in ("bat", "drake"):
        if h == "bat":
            for s in (-1, 1):
                svg.shape(
                    "path", skin, f'd="M{50 + s * 8} 32 L{50 + s * 22} 8 L{50 + s * 18} 36 Z"'
                )
                svg.add(
                    f'<path d="M{50 + s * 10} 30 L{50 + s * 19} 14 L{50 + s * 16} 32 Z" fill="{acc}" fill-opacity="0.5"/>'
                )
            svg.shape("ellipse", skin, 'cx="50" cy="42" rx="14" ry="13"')
            svg.shape(
                "path", hexc(mix(skin, (0, 0, 0), 0.3)), 'd="M46 46 L50 42 L54 46 L50 50 Z"', 0.5
            )
            eyes(svg, sp, y=39, dx=6, size=2.4)
            for x in (46, 54):
                svg.add(
                    f'<path d="M{x - 1.2} 52 L{x} 57 L{x + 1.2} 52 Z" fill="#F6F0E0" stroke="{INK}" stroke-width="0.4"/>'
                )
        else:
            svg.shape("rect", skin, 'x="42" y="50" width="16" height="20" rx="4"')
            for s in (-1, 1):
                svg.shape(
                    "path",
                    acc,
                    f'd="M{50 + s * 8} 28 Q{50 + s * 20} 20 {50 + s * 24} 6 Q{50 + s * 14} 16 {50 + s * 4} 24 Z"',
                )
                if sp.gear == "frill":
                    svg.shape(
                        "path",
                        acc,
                        f'd="M{50 + s * 12} 34 L{50 + s * 28} 28 L{50 + s * 22} 38 L{50 + s * 30} 42 L{50 + s * 14} 44 Z"',
                        0.6,
                    )
            svg.shape(
                "path",
                skin,
                'd="M34 36 Q36 22 50 22 Q64 22 66 36 L62 48 Q58 60 50 62 Q42 60 38 48 Z"',
            )
            svg.shape(
                "path",
                hexc(mix(skin, (240, 220, 180), 0.2)),
                'd="M42 48 Q50 64 58 48 Q50 52 42 48 Z"',
                0.6,
            )
            for x in (47, 53):
                svg.add(f'<ellipse cx="{x}" cy="50" rx="1" ry="0.7" fill="{INK}"/>')
            svg.add(
                f'<path d="M40 35 L48 38 M60 35 L52 38" stroke="{INK}" stroke-width="1.6" stroke-linecap="round"/>'
            )
            eyes(svg, sp, y=41, dx=6, size=2.3)
    elif h == "skull":
        svg.shape("rect", BONE, 'x="45" y="54" width="10" height="14" rx="2"')
        svg.shape(
            "path",
            skin,
            'd="M35 38 Q35 22 50 22 Q65 22 65 38 Q65 48 60 52 L60 60 L40 60 L40 52 Q35 48 35 38 Z"',
        )
        for x in (43.5, 56.5):
            svg.add(f'<ellipse cx="{x}" cy="41" rx="4.6" ry="4" fill="{INK}"/>')
        eyes(svg, sp, y=41, dx=6.5, size=1.5)
        svg.add(f'<path d="M50 46 L47.5 51 L52.5 51 Z" fill="{INK}"/>')
        for x in range(42, 59, 4):
            svg.add(f'<path d="M{x} 55 L{x} 60" stroke="{INK}" stroke-width="0.8"/>')
        svg.add(f'<path d="M41 55 L59 55" stroke="{INK}" stroke-width="0.8"/>')
    elif h == "wraith":
        svg.shape(
            "path", sp.costume, 'd="M26 70 Q28 26 50 16 Q72 26 74 70 Q62 60 50 62 Q38 60 26 70 Z"'
        )
        svg.add('<ellipse cx="50" cy="44" rx="13" ry="16" fill="#06040A" fill-opacity="0.92"/>')
        if sp.gear == "wild_hair":
            svg.shape("ellipse", skin, 'cx="50" cy="44" rx="11" ry="14"')
            svg.add(f'<ellipse cx="50" cy="56" rx="4" ry="5" fill="{INK}"/>')
        eyes(svg, sp, y=42, dx=5.5, size=2.2)
    elif h in ("robot", "golem", "drone"):
        if h == "drone":
            svg.shape("ellipse", acc, 'cx="50" cy="18" rx="34" ry="4"', 0.6)
            svg.add(f'<path d="M50 18 L50 26" stroke="{INK}" stroke-width="2"/>')
            svg.shape("ellipse", skin, 'cx="50" cy="44" rx="22" ry="17"')
            svg.shape("ellipse", "#1A2420", 'cx="50" cy="46" rx="11" ry="9"')
            eyes(svg, sp, y=46, dx=0.01, size=4)
        else:
            svg.shape("rect", skin, 'x="30" y="22" width="40" height="38" rx="6"')
            svg.add(
                f'<path d="M34 30 L44 34 M66 30 L56 34 M40 54 L60 54" stroke="{INK}" stroke-width="1.5"/>'
            )
            for d in ("M30 40 L36 44", "M70 36 L64 42", "M48 22 L52 30"):
                svg.add(f'<path d="{d}" stroke="{acc}" stroke-opacity="0.8" stroke-width="1.2"/>')
            eyes(svg, sp, y=42, dx=8, size=3)
    elif h == "tree":
        svg.shape(
            "path",
            skin,
            'd="M38 70 L40 50 Q34 40 36 26 Q44 18 50 18 Q58 18 64 26 Q66 40 60 50 L62 70 Z"',
        )
        for x in (42, 50, 58):
            svg.add(
                f'<path d="M{x} 22 Q{x + 2} 40 {x - 1} 66" stroke="{INK}" stroke-opacity="0.35" stroke-width="1" fill="none"/>'
            )
        svg.add(f'<path d="M43 52 Q50 56 57 52" stroke="{INK}" stroke-width="1.4" fill="#1A120A"/>')
        eyes(svg, sp, y=40, dx=6, size=2.2)
