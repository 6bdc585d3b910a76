"""Headgear, hair and signature props of a portrait (see game/ui/portraits.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.portrait_draw import GREY, INK, Svg, cos, hexc, mix, sin

if TYPE_CHECKING:
    from game.ui.portraits import PortraitSpec


# ------------------------------------------------------------------ headgear


def gear(svg: Svg, sp: PortraitSpec) -> None:
    g, hair, acc = sp.gear, sp.hair, sp.accent
    if g == "cowboy":
        svg.shape("path", hair, 'd="M38 26 Q38 8 50 10 Q62 8 62 26 Z"')
        svg.add(f'<path d="M38.5 23 L61.5 23" stroke="{acc}" stroke-width="2.4"/>')
        svg.shape("path", hair, 'd="M18 28 Q30 20 50 24 Q70 20 82 28 Q70 32 50 30 Q30 32 18 28 Z"')
    elif g in ("horned_helm", "great_helm", "visor_helm", "kabuto"):
        metal = acc if g != "kabuto" else hair
        if g == "horned_helm":
            svg.shape("path", "#EDE4CC", 'd="M36 30 Q20 28 18 8 Q26 20 38 22 Z"')
            svg.shape("path", "#EDE4CC", 'd="M64 30 Q80 28 82 8 Q74 20 62 22 Z"')
        if g == "kabuto":
            svg.shape("path", acc, 'd="M38 22 Q30 10 32 2 Q40 12 46 18 Z"')
            svg.shape("path", acc, 'd="M62 22 Q70 10 68 2 Q60 12 54 18 Z"')
            svg.shape("path", metal, 'd="M28 40 Q30 18 50 16 Q70 18 72 40 L64 36 L36 36 Z"')
            svg.shape("path", metal, 'd="M30 36 L22 48 L34 46 Z"', 0.6)
            svg.shape("path", metal, 'd="M70 36 L78 48 L66 46 Z"', 0.6)
            return
        if g == "great_helm":
            svg.shape(
                "path",
                metal,
                'd="M34 40 Q34 18 50 16 Q66 18 66 40 L66 56 Q58 62 50 62 Q42 62 34 56 Z"',
            )
            svg.add(f'<rect x="38" y="39" width="24" height="3.4" rx="1" fill="{INK}"/>')
            svg.add(
                f'<path d="M50 18 L50 60 M50 46 L46 54 M50 46 L54 54" stroke="{INK}" stroke-opacity="0.5" stroke-width="1"/>'
            )
            svg.shape("path", "#C8413A", 'd="M48 16 Q50 4 60 2 Q56 10 52 16 Z"', 0.5)
            return
        svg.shape("path", metal, 'd="M34 38 Q34 18 50 16 Q66 18 66 38 L62 34 L38 34 Z"')
        svg.add(f'<path d="M50 16 L50 34" stroke="{INK}" stroke-opacity="0.5" stroke-width="1.2"/>')
        if g == "visor_helm":
            svg.shape("path", metal, 'd="M34 36 L66 36 L64 52 Q50 58 36 52 Z"')
            for y in (42, 47):
                svg.add(
                    f'<rect x="39" y="{y - 1.2}" width="22" height="2.4" fill="{sp.eyes}" fill-opacity="0.85"/>'
                )
        else:
            svg.add(
                f'<path d="M47 34 L47 50 L53 50 L53 34" fill="{svg.shade(metal)}" stroke="{INK}" stroke-width="0.8"/>'
            )
    elif g in (
        "long_hair",
        "wild_hair",
        "slick",
        "ponytail",
        "bun",
        "flame_hair",
        "mohawk",
        "shaved",
        "topknot",
    ):
        if g == "long_hair":
            svg.shape(
                "path",
                hair,
                'd="M34 40 Q32 18 50 18 Q68 18 66 40 L70 70 L62 66 L62 34 Q50 26 38 34 L38 66 L30 70 Z"',
            )
        elif g == "wild_hair":
            svg.shape(
                "path",
                hair,
                'd="M30 50 L26 30 L34 32 L32 18 L42 24 L46 12 L52 22 L60 12 L62 24 L70 18 L68 32 L76 30 L70 50 L64 36 Q50 28 36 36 Z"',
            )
        elif g == "slick":
            svg.shape("path", hair, 'd="M34 40 Q32 18 50 19 Q68 18 66 40 L62 30 L50 36 L38 30 Z"')
        elif g == "ponytail":
            svg.shape("path", hair, 'd="M62 28 Q76 30 74 54 Q70 44 64 36 Z"')
            svg.shape(
                "path", hair, 'd="M35 38 Q34 18 50 18 Q66 18 65 38 Q56 28 50 28 Q42 28 35 38 Z"'
            )
            svg.add(
                f'<path d="M36 30 Q50 24 64 30" stroke="{acc}" stroke-width="2.2" fill="none"/>'
            )
        elif g == "bun":
            svg.shape("circle", hair, 'cx="50" cy="14" r="8"')
            svg.shape(
                "path", hair, 'd="M35 38 Q34 18 50 18 Q66 18 65 38 Q58 26 50 27 Q42 26 35 38 Z"'
            )
            svg.add(f'<path d="M44 10 L58 18" stroke="{acc}" stroke-width="1.6"/>')
        elif g == "flame_hair":
            svg.shape(
                "path",
                hair,
                'd="M34 36 Q28 20 38 8 Q38 18 44 16 Q44 4 52 0 Q50 12 58 12 Q60 6 66 8 Q72 22 66 36 Q58 26 50 26 Q42 26 34 36 Z"',
            )
            svg.add(
                '<path d="M44 16 Q46 8 52 4 Q50 14 56 16 Z" fill="#FFE08A" fill-opacity="0.8"/>'
            )
        elif g == "mohawk":
            svg.shape("path", hair, 'd="M46 24 L44 8 L50 12 L52 4 L56 10 L58 6 L56 24 Z"')
        elif g == "topknot":
            svg.shape("circle", hair, 'cx="50" cy="17" r="5"')
            svg.add(
                f'<path d="M36 32 Q50 22 64 32" stroke="{hair}" stroke-opacity="0.35" stroke-width="3" fill="none"/>'
            )
        elif g == "shaved":
            svg.add(
                f'<path d="M36 32 Q50 20 64 32" stroke="{hair}" stroke-opacity="0.45" stroke-width="4" fill="none"/>'
            )
    elif g == "hood":
        svg.shape(
            "path", hair, 'd="M26 70 Q26 28 50 14 Q74 28 74 70 L66 66 Q66 30 50 26 Q34 30 34 66 Z"'
        )
        svg.add(
            f'<path d="M34 40 Q50 26 66 40 L66 32 Q50 20 34 32 Z" fill="{INK}" fill-opacity="0.35"/>'
        )
        if sp.head == "human" and sp.prop == "dagger":
            svg.shape("path", hair, 'd="M36 46 L64 46 L62 58 Q50 62 38 58 Z"', 0.7)
    elif g == "ninja_mask":
        svg.shape("path", hair, 'd="M34 40 Q34 18 50 18 Q66 18 66 40 L66 36 L34 36 Z"')
        svg.shape("path", hair, 'd="M34 46 L66 46 L64 56 Q50 64 36 56 Z"', 0.7)
        svg.shape("path", acc, 'd="M34 32 L66 32 L66 35 L34 35 Z"', 0.5)
        svg.shape("path", acc, 'd="M66 33 L80 28 L76 36 Z"', 0.5)
    elif g == "tricorn":
        svg.shape("path", hair, 'd="M22 30 Q34 8 50 14 Q66 8 78 30 Q64 22 50 26 Q36 22 22 30 Z"')
        svg.add(f'<path d="M30 24 Q50 14 70 24" stroke="{acc}" stroke-width="1.6" fill="none"/>')
        svg.add(
            '<circle cx="50" cy="19" r="3" fill="#F0F0E0" stroke="#1E1610" stroke-width="0.6"/>'
        )
    elif g == "bicorne":
        svg.shape("path", hair, 'd="M18 28 Q30 6 50 14 Q70 6 82 28 Q66 24 50 26 Q34 24 18 28 Z"')
        svg.add(f'<circle cx="50" cy="18" r="3.4" fill="{acc}" stroke="{INK}" stroke-width="0.6"/>')
    elif g == "halo":
        svg.shape("path", hair, 'd="M35 38 Q32 18 50 18 Q68 18 65 38 Q60 26 50 27 Q40 26 35 38 Z"')
        svg.add(
            f'<ellipse cx="50" cy="10" rx="15" ry="4" fill="none" stroke="{svg.glow(acc)}" stroke-width="5"/>'
        )
        svg.add(
            '<ellipse cx="50" cy="10" rx="15" ry="4" fill="none" stroke="#FFF4C0" stroke-width="1.6"/>'
        )
    elif g == "goggles":
        svg.shape("path", hair, 'd="M35 36 Q34 18 50 18 Q66 18 65 36 Q58 28 50 28 Q42 28 35 36 Z"')
        svg.add(f'<path d="M34 30 L66 30" stroke="{INK}" stroke-width="2.5"/>')
        for x in (43, 57):
            svg.shape("circle", acc, f'cx="{x}" cy="30" r="5.5"', 1.0)
            svg.add(f'<circle cx="{x}" cy="30" r="3.4" fill="#A8E0F0" fill-opacity="0.85"/>')
    elif g in ("crown", "leaf_crown", "thorns"):
        if g == "crown":
            svg.shape(
                "path",
                "#E0B441",
                'd="M36 30 L36 14 L42 22 L46 10 L50 20 L54 10 L58 22 L64 14 L64 30 Z"',
            )
            for x in (42, 50, 58):
                svg.add(f'<circle cx="{x}" cy="26" r="1.8" fill="#C8413A"/>')
        elif g == "leaf_crown":
            for x, y, a in (
                (34, 26, -40),
                (42, 18, -20),
                (50, 14, 0),
                (58, 18, 20),
                (66, 26, 40),
                (38, 20, -30),
                (62, 20, 30),
            ):
                svg.shape(
                    "ellipse",
                    hair,
                    f'cx="{x}" cy="{y}" rx="5" ry="9" transform="rotate({a} {x} {y})"',
                    0.6,
                )
            svg.add('<circle cx="58" cy="22" r="2" fill="#E86A8A"/>')
        else:
            for x, a in ((36, -40), (44, -15), (50, 0), (56, 15), (64, 40)):
                svg.shape(
                    "path",
                    hair,
                    f'd="M{x - 3} 26 L{x} 8 L{x + 3} 26 Z" transform="rotate({a} {x} 26)"',
                    0.6,
                )
    elif g == "witch_hat":
        svg.shape("path", hair, 'd="M38 28 L56 0 L58 6 L62 28 Z"')
        svg.add(f'<path d="M39 25 L61.5 25" stroke="{acc}" stroke-width="2.5"/>')
        svg.shape("path", hair, 'd="M20 30 Q50 20 80 30 Q50 34 20 30 Z"')
        svg.shape("path", "#6A6A5A", 'd="M35 32 L32 54 L37 48 Z M65 32 L68 54 L63 48 Z"', 0.5)
    elif g in (
        "bandana",
        "headscarf",
        "knit_cap",
        "cap",
        "leather_cap",
        "beret",
        "captain_hat",
        "conductor_cap",
        "top_hat",
        "monocle",
    ):
        if g == "bandana":
            svg.shape(
                "path", acc, 'd="M34 36 Q34 20 50 20 Q66 20 66 36 Q58 30 50 30 Q42 30 34 36 Z"'
            )
            svg.shape("path", acc, 'd="M64 32 L74 40 L68 42 L76 48 L64 40 Z"', 0.6)
            for x in (42, 50, 58):
                svg.add(f'<circle cx="{x}" cy="25" r="1.2" fill="#F6F0E0" fill-opacity="0.8"/>')
        elif g == "headscarf":
            svg.shape(
                "path",
                hair,
                'd="M32 50 Q28 18 50 16 Q72 18 68 50 L64 40 Q62 28 50 28 Q38 28 36 40 Z"',
            )
            svg.add(
                f'<path d="M34 28 Q50 18 66 28" stroke="{acc}" stroke-width="1.8" fill="none" stroke-dasharray="2 2"/>'
            )
            for x in (35, 65):
                svg.add(
                    f'<circle cx="{x}" cy="52" r="2" fill="#E0B441" stroke="{INK}" stroke-width="0.5"/>'
                )
        elif g == "knit_cap":
            svg.shape("path", acc, 'd="M34 32 Q34 12 50 12 Q66 12 66 32 Z"')
            svg.shape(
                "rect",
                hexc(mix(acc, (0, 0, 0), 0.2)),
                'x="33" y="28" width="34" height="6" rx="2"',
                0.6,
            )
        elif g in ("cap", "leather_cap", "beret", "conductor_cap", "captain_hat"):
            colour = acc if g in ("leather_cap", "captain_hat") else hair
            if g == "beret":
                svg.shape("path", sp.costume, 'd="M32 30 Q30 14 52 14 Q72 16 68 28 Q50 24 32 30 Z"')
                svg.add(f'<circle cx="52" cy="14" r="1.6" fill="{INK}"/>')
                return
            if g == "captain_hat":
                svg.shape("path", "#1E2A3A", 'd="M30 30 Q28 10 50 12 Q72 10 70 30 Z"')
                svg.shape("path", "#F0F0E8", 'd="M30 28 L70 28 L68 33 L32 33 Z"', 0.6)
                svg.add(
                    f'<circle cx="50" cy="22" r="3.2" fill="{acc}" stroke="{INK}" stroke-width="0.6"/>'
                )
                return
            svg.shape("path", colour, 'd="M34 32 Q34 14 50 14 Q66 14 66 32 Z"')
            svg.shape(
                "path",
                hexc(mix(colour, (0, 0, 0), 0.3)),
                'd="M30 32 Q50 28 70 32 L66 36 Q50 33 34 36 Z"',
                0.6,
            )
            if g == "conductor_cap":
                svg.add(
                    f'<rect x="44" y="20" width="12" height="5" fill="{acc}" stroke="{INK}" stroke-width="0.5"/>'
                )
        elif g == "top_hat":
            svg.shape("rect", hair, 'x="38" y="2" width="24" height="26" rx="2"')
            svg.add(f'<rect x="38" y="20" width="24" height="4" fill="{acc}"/>')
            svg.shape("ellipse", hair, 'cx="50" cy="28" rx="20" ry="3.5"')
        elif g == "monocle":
            svg.shape(
                "path",
                hair,
                'd="M34 40 Q30 30 36 30 Q34 22 42 24 L40 34 Z M66 40 Q70 30 64 30 Q66 22 58 24 L60 34 Z"',
                0.6,
            )
            svg.add(
                f'<circle cx="56" cy="42" r="4.4" fill="#E8F4FF" fill-opacity="0.3" stroke="{acc}" stroke-width="1.4"/>'
            )
            svg.add(
                f'<path d="M60 44 Q64 58 58 66" stroke="{acc}" stroke-width="0.7" fill="none"/>'
            )


# ------------------------------------------------------------------ props


def prop(svg: Svg, sp: PortraitSpec) -> None:
    p, acc = sp.prop, sp.accent
    metal, wood, gold = "#B8BEC8", "#7A5230", "#E0B441"
    parts: list[tuple[str, str, str]] = []  # (tag, colour, attrs) in local coords around (0,0)
    angle = 20
    if p in ("sword", "dagger", "cutlass", "katana"):
        length = {"dagger": 18, "sword": 30, "cutlass": 26, "katana": 32}[p]
        blade = f"M-2.4 4 L-2.4 {-length} L0 {-length - 5} L2.4 {-length} L2.4 4 Z"
        if p in ("cutlass", "katana"):
            blade = f"M-2 4 Q-4 {-length / 2} 1 {-length - 5} Q4 {-length / 2} 2.4 4 Z"
        parts += [
            ("path", metal, f'd="{blade}"'),
            (
                "rect",
                gold if p != "katana" else "#2A2A2A",
                'x="-7" y="3" width="14" height="3.4" rx="1.2"',
            ),
            (
                "rect",
                wood if p != "katana" else acc,
                'x="-2" y="6.4" width="4" height="11" rx="1.5"',
            ),
        ]
    elif p in ("axe", "hammer", "mace", "club"):
        parts.append(("rect", wood, 'x="-2" y="-22" width="4" height="42" rx="1.5"'))
        if p == "axe":
            parts.append(("path", metal, 'd="M2 -20 Q16 -24 18 -10 Q16 2 2 -4 Z"'))
        elif p == "hammer":
            parts.append(("rect", GREY, 'x="-10" y="-26" width="20" height="11" rx="2"'))
        elif p == "mace":
            parts.append(("circle", metal, 'cx="0" cy="-22" r="7"'))
            parts += [
                ("path", metal, f'd="M{x} {y} l2 -4 l2 4 Z"')
                for x, y in ((-10, -20), (6, -20), (-2, -31))
            ]
        else:
            parts.append(("path", wood, 'd="M-3 18 L-6 -16 Q0 -26 6 -16 L3 18 Z"'))
    elif p in ("bow",):
        parts += [("path", wood, 'd="M-2 -26 Q14 0 -2 26 L0 26 Q17 0 0 -26 Z"')]
        svg_extra = '<path d="M-1 -26 L-1 26" stroke="#EDE4CC" stroke-width="0.7"/>'
        parts.append(("raw", "", svg_extra))
    elif p in ("staff", "spear", "trident", "scepter", "scythe") or p in (
        "baton",
        "baton_white",
        "flag",
        "branch",
    ):
        top = {
            "scythe": -30,
            "staff": -30,
            "spear": -30,
            "trident": -30,
            "scepter": -16,
            "baton": -14,
            "baton_white": -18,
            "flag": -30,
            "branch": -26,
        }[p]
        shaft = {
            "scepter": gold,
            "baton": "#2A2A32",
            "baton_white": "#F4F0E4",
            "branch": "#6A4A28",
        }.get(p, wood)
        width = 2.4 if p != "baton_white" else 1.4
        parts.append(
            (
                "rect",
                shaft,
                f'x="{-width / 2}" y="{top}" width="{width}" height="{24 - top}" rx="1"',
            )
        )
        if p == "staff":
            parts.append(
                ("raw", "", f'<circle cx="0" cy="{top - 3}" r="9" fill="{svg.glow(acc)}"/>')
            )
            parts.append(("circle", acc, f'cx="0" cy="{top - 3}" r="4"'))
        elif p == "spear":
            parts.append(("path", metal, f'd="M-3.5 {top} L0 {top - 12} L3.5 {top} Z"'))
        elif p == "trident":
            parts.append(
                (
                    "path",
                    gold,
                    f'd="M-8 {top - 10} L-8 {top + 2} L8 {top + 2} L8 {top - 10} L6 {top - 10} L6 {top - 2} L1 {top - 2} L1 {top - 12} L-1 {top - 12} L-1 {top - 2} L-6 {top - 2} L-6 {top - 10} Z"',
                )
            )
        elif p == "scythe":
            parts.append(
                (
                    "path",
                    metal,
                    f'd="M1 {top} Q-20 {top - 6} -30 {top + 14} Q-16 {top + 2} 1 {top + 5} Z"',
                )
            )
            angle = 12
        elif p == "scepter":
            parts.append(("circle", "#C8413A", f'cx="0" cy="{top - 4}" r="4.5"'))
            parts.append(("rect", gold, f'x="-5" y="{top}" width="10" height="3" rx="1"'))
        elif p == "flag":
            parts.append(("path", acc, f'd="M1 {top} L22 {top + 5} L1 {top + 12} Z"'))
            angle = 8
        elif p == "branch":
            parts += [
                (
                    "ellipse",
                    "#8CC45A",
                    f'cx="{x}" cy="{y}" rx="3.2" ry="6" transform="rotate({a} {x} {y})"',
                )
                for x, y, a in ((4, -24, 30), (-4, -18, -30), (5, -10, 40))
            ]
    elif p in ("fireball", "orb"):
        colour = "#FF8A2A" if p == "fireball" else acc
        parts.append(("raw", "", f'<circle cx="0" cy="-6" r="17" fill="{svg.glow(colour)}"/>'))
        if p == "fireball":
            parts.append(
                ("path", colour, 'd="M-8 0 Q-10 -14 0 -24 Q-2 -12 6 -14 Q12 -6 6 2 Q0 6 -8 0 Z"')
            )
        else:
            parts.append(("circle", colour, 'cx="0" cy="-6" r="7"'))
        angle = 0
    elif p == "shield":
        parts.append(("path", acc, 'd="M-14 -18 L14 -18 L14 -2 Q14 14 0 22 Q-14 14 -14 -2 Z"'))
        parts.append(
            ("raw", "", '<path d="M0 -14 L0 16 M-10 -4 L10 -4" stroke="#8E2A24" stroke-width="4"/>')
        )
        angle = -8
    elif p == "shuriken":
        parts.append(("path", metal, 'd="M0 -16 L4 -4 L16 0 L4 4 L0 16 L-4 4 L-16 0 L-4 -4 Z"'))
        parts.append(("raw", "", '<circle cx="0" cy="0" r="2.4" fill="#1E1610"/>'))
        angle = 15
    elif p == "beads":
        for i in range(12):
            x, y = 12 * cos(i * 30), 12 * sin(i * 30)
            parts.append(
                ("circle", "#7A3E12" if i % 4 else gold, f'cx="{x:.1f}" cy="{y:.1f}" r="3"')
            )
        angle = 0
    elif p == "revolver":
        parts += [
            ("rect", metal, 'x="-2.4" y="-22" width="5" height="20" rx="1"'),
            ("rect", GREY, 'x="-4.5" y="-6" width="9" height="9" rx="2"'),
            ("path", wood, 'd="M-3 3 L4 3 L8 16 L0 17 Z"'),
        ]
    elif p == "rifle":
        parts += [
            ("rect", metal, 'x="-1.6" y="-30" width="3.2" height="30" rx="1"'),
            ("rect", "#2A2A32", 'x="2" y="-20" width="4" height="12" rx="1.5"'),
            ("path", wood, 'd="M-3 0 L3 0 L5 20 L-4 20 Z"'),
        ]
    elif p == "wrench":
        parts += [
            ("rect", metal, 'x="-2.4" y="-16" width="4.8" height="34" rx="2"'),
            ("path", metal, 'd="M-8 -22 L-3 -14 L3 -14 L8 -22 L4 -24 L2 -18 L-2 -18 L-4 -24 Z"'),
        ]
    elif p == "feather":
        parts.append(("path", "#F6F4EC", 'd="M0 20 Q-10 -4 2 -26 Q10 -4 0 20 Z"'))
        parts.append(
            (
                "raw",
                "",
                '<path d="M0 20 Q1 -2 2 -24" stroke="#C9A66B" stroke-width="1" fill="none"/>',
            )
        )
    elif p == "goblet":
        parts += [
            (
                "path",
                gold,
                'd="M-9 -16 L9 -16 Q9 -2 1.5 0 L1.5 10 L7 14 L-7 14 L-1.5 10 L-1.5 0 Q-9 -2 -9 -16 Z"',
            ),
            ("ellipse", "#8E0E1E", 'cx="0" cy="-15" rx="8" ry="2"'),
        ]
        angle = 0
    elif p == "claws":
        for k in range(3):
            x = -8 + k * 8
            parts.append(
                (
                    "path",
                    "#F0E8D8",
                    f'd="M{x - 3} 10 Q{x - 2} -10 {x + 4} -18 Q{x + 1} -4 {x + 3} 10 Z"',
                )
            )
        angle = 10
    elif p == "candle":
        parts += [
            ("rect", "#EDE4CC", 'x="-4" y="-10" width="8" height="24" rx="1"'),
            ("raw", "", f'<circle cx="0" cy="-16" r="8" fill="{svg.glow("#FFB040")}"/>'),
            ("path", "#FFD04A", 'd="M0 -21 Q3 -15 0 -12 Q-3 -15 0 -21 Z"'),
        ]
        angle = 0
    elif p in ("tome", "ledger"):
        cover = "#2E4A2A" if p == "tome" else "#5A3A1E"
        parts += [
            ("rect", cover, 'x="-12" y="-14" width="24" height="28" rx="2"'),
            ("rect", "#EDE4CC", 'x="-10" y="-12" width="2" height="24"'),
        ]
        mark = (
            f'<circle cx="2" cy="0" r="5" fill="none" stroke="{acc}" stroke-width="1.6"/>'
            if p == "tome"
            else f'<path d="M-4 -6 L8 -6 M-4 0 L8 0 M-4 6 L6 6" stroke="{acc}" stroke-width="1.4"/>'
        )
        parts.append(("raw", "", mark))
        angle = -12
    elif p == "purse":
        parts += [
            ("path", "#8A6A3A", 'd="M-10 14 Q-14 -2 -4 -8 L4 -8 Q14 -2 10 14 Z"'),
            (
                "raw",
                "",
                f'<path d="M-5 -8 Q0 -14 5 -8" stroke="{INK}" stroke-width="1.4" fill="none"/><circle cx="0" cy="4" r="3" fill="{gold}"/>',
            ),
        ]
        angle = 0
    elif p == "coins":
        for k, (x, y) in enumerate(((-8, 8), (4, 10), (-2, 0), (8, -2), (-6, -8))):
            parts.append(("ellipse", gold, f'cx="{x}" cy="{y}" rx="6" ry="{4 if k % 2 else 5}"'))
        angle = 0
    elif p == "hook":
        parts += [
            ("rect", wood, 'x="-4" y="6" width="8" height="14" rx="2"'),
            (
                "raw",
                "",
                f'<path d="M0 6 L0 -14 Q0 -22 -7 -20 Q-12 -16 -8 -10" stroke="{metal}" stroke-width="3" fill="none" stroke-linecap="round"/>',
            ),
        ]
    elif p == "bomb":
        parts += [
            ("circle", "#2A2A32", 'cx="0" cy="0" r="12"'),
            (
                "raw",
                "",
                f'<path d="M6 -10 Q12 -18 8 -22" stroke="#C9A66B" stroke-width="1.6" fill="none"/><circle cx="8" cy="-23" r="5" fill="{svg.glow("#FFB040")}"/><circle cx="-4" cy="-4" r="3" fill="#FFFFFF" fill-opacity="0.35"/>',
            ),
        ]
        angle = 0
    elif p == "clock":
        parts += [
            ("circle", gold, 'cx="0" cy="0" r="13"'),
            ("circle", "#F6F0E0", 'cx="0" cy="0" r="10"'),
            (
                "raw",
                "",
                f'<path d="M0 0 L0 -7 M0 0 L5 3" stroke="{INK}" stroke-width="1.4"/><path d="M0 -13 L0 -20" stroke="{gold}" stroke-width="3"/>',
            ),
        ]
        angle = 0
    elif p == "lantern":
        parts += [
            ("raw", "", f'<circle cx="0" cy="0" r="16" fill="{svg.glow(acc)}"/>'),
            ("rect", "#2A2A32", 'x="-8" y="-12" width="16" height="3" rx="1"'),
            ("rect", "#2A2A32", 'x="-8" y="10" width="16" height="3" rx="1"'),
            (
                "raw",
                "",
                f'<rect x="-6" y="-9" width="12" height="19" fill="{acc}" fill-opacity="0.6" stroke="#2A2A32" stroke-width="1.2"/><path d="M-4 -12 Q0 -20 4 -12" stroke="#2A2A32" stroke-width="1.4" fill="none"/>',
            ),
        ]
        angle = 0
    if not parts:
        return
    svg.add(f'<g transform="translate(75 76) rotate({angle})">')
    for tag, colour, attrs in parts:
        if tag == "raw":
            svg.add(attrs)
        else:
            svg.shape(tag, colour, attrs, 0.8)
    svg.add("</g>")
