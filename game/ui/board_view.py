"""Drawing a hero's side of the table: the bar (emblem, Health, CP, tokens, cards) and the
board (every ability with its dice requirement, level and damage)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.content.defs import AbilityDef, ContentDB, HeroDef
from game.rules.dice import describe_requirement
from game.ui import theme as T
from game.ui.ability_tile import TileState, draw_tile, main_number
from game.ui.widgets import glow, text_surface


def _art():
    try:
        from game.ui import art

        return art
    except ImportError:  # pragma: no cover - art module missing
        return None


@dataclass
class Hotspot:
    """A clickable / hoverable area and what it stands for."""

    rect: pygame.Rect
    kind: str  # ability | row | token | health | cp | deck | discard | card | hand_back
    seat: int
    key: str | int | None = None
    tooltip: str = ""
    row: int = 0


DTYPE_WORDS = {
    "normal": "",
    "undefendable": "undefendable",
    "pure": "pure",
    "collateral": "collateral",
    "ultimate": "ultimate",
}


class BoardView:
    """Lays out and draws one player's ability tiles in a rectangle."""

    def __init__(self, content: ContentDB) -> None:
        self.content = content

    def tiles(
        self, hero: HeroDef, levels: dict[str, int], flipped: bool = False
    ) -> list[AbilityDef]:
        """The abilities to show, at their levels, on the board's current side."""
        out: list[AbilityDef] = []
        order = {"offensive": 0, "ultimate": 1, "passive": 2, "defensive": 3}
        slots = sorted(hero.slots, key=lambda s: order[s.kind])
        for slot in slots:
            side = slot.flipped if flipped and slot.flipped else slot.levels
            out.extend(side[levels.get(slot.id, 1)])
        return out

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        th: T.Theme,
        seat: int,
        hero: HeroDef,
        levels: dict[str, int],
        *,
        lit: dict[str, set[int]] | None = None,
        odds: dict[tuple[str, int], float] | None = None,
        active: str | None = None,
        clickable: set[str] | None = None,
        flipped: bool = False,
    ) -> list[Hotspot]:
        """Draw the tiles; returns hotspots (abilities and their rows)."""
        lit = lit or {}
        clickable = clickable or set()
        abilities = self.tiles(hero, levels, flipped)
        spots: list[Hotspot] = []
        gap = th.px(5)
        count = max(1, len(abilities))
        width = (rect.w - gap * (count - 1)) // count
        for index, ability in enumerate(abilities):
            tile = pygame.Rect(rect.x + index * (width + gap), rect.y, width, rect.h)
            best = None
            if odds is not None and ability.rows:
                best = max(
                    (odds.get((ability.id, r), 0.0) for r in range(len(ability.rows))),
                    default=0.0,
                )
            state = TileState(
                lit_rows=tuple(sorted(lit.get(ability.id, ()))),
                any_lit=bool(lit),
                active=ability.id == active,
                clickable=ability.id in clickable,
                odds=f"{best:.0%}" if best is not None else "",
            )
            level = levels.get(ability.slot, 1)
            drawn = draw_tile(surface, tile, th, hero, ability, level, state)
            tip = f"{ability.name}: {ability.text}"
            for r, row_rect in drawn.rows:
                row = ability.rows[r]
                number = main_number(ability, row)
                row_tip = f"{ability.name} - {describe_requirement(row.requirement, hero)}: "
                row_tip += row.text or ability.text
                if number.kind in DTYPE_WORDS and DTYPE_WORDS[number.kind] and number.text:
                    row_tip += f" ({DTYPE_WORDS[number.kind]} damage)"
                if odds is not None and (ability.id, r) in odds:
                    row_tip += (
                        f"  Chance to reach with the attempts left: {odds[(ability.id, r)]:.0%}"
                    )
                spots.append(
                    Hotspot(row_rect.move(tile.topleft), "row", seat, ability.id, row_tip, r)
                )
            spots.append(Hotspot(tile, "ability", seat, ability.id, tip))
        return spots


def draw_dial(
    surface: pygame.Surface,
    center: tuple[int, int],
    radius: int,
    value: int,
    colour,
    th: T.Theme,
    icon: str | None = None,
    caption: str = "",
) -> pygame.Rect:
    pygame.draw.circle(surface, (24, 20, 18), center, radius)
    pygame.draw.circle(surface, colour, center, radius, max(2, th.px(4)))
    pygame.draw.circle(surface, T.BRASS, center, radius + max(1, th.px(1.5)), max(1, th.px(1.5)))
    dial_mark(surface, center, radius, colour, th)
    font = th.font_px(max(13, int(radius * 0.95)), bold=True)
    label = text_surface(font, str(value), T.WHITE)
    surface.blit(label, label.get_rect(center=(center[0], center[1] + th.px(1))))
    if caption:
        small = text_surface(th.font(11, bold=True), caption, colour)
        surface.blit(small, small.get_rect(midtop=(center[0], center[1] + radius + th.px(1))))
    return pygame.Rect(center[0] - radius, center[1] - radius, radius * 2, radius * 2)


def dial_mark(surface, center, radius: int, colour, th: T.Theme) -> None:
    """A shape on a Health dial (a heart) or a CP dial (a diamond) at its lower right, so the
    two never differ by colour alone (both palettes)."""
    colour = tuple(colour)[:3]
    if colour not in (tuple(T.HEALTH), tuple(T.CP)):
        return
    r = max(4, int(radius * 0.38))
    x = center[0] + int(radius * 0.72)
    y = center[1] + int(radius * 0.72)
    if colour == tuple(T.HEALTH):
        lobe = max(2, r // 2)
        points = [(x - r, y - lobe // 2), (x, y + r), (x + r, y - lobe // 2)]
        pygame.draw.circle(surface, (24, 20, 18), (x, y), r + 2)
        pygame.draw.circle(surface, colour, (x - lobe, y - lobe // 2), lobe)
        pygame.draw.circle(surface, colour, (x + lobe, y - lobe // 2), lobe)
        pygame.draw.polygon(surface, colour, points)
    else:
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.circle(surface, (24, 20, 18), (x, y), r + 2)
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, T.WHITE, points, 1)


def draw_companions(
    surface: pygame.Surface,
    companions: list,
    pos: tuple[int, int],
    radius: int,
    th: T.Theme,
    seat: int,
) -> tuple[list[Hotspot], int]:
    """Each companion with a Health dial (Nyra) as a small dial in the companion colour, its
    name under it; a Downed companion greys out. Returns (hotspots, x after the last)."""
    art = _art()
    colour = art.COMPANION_COLOUR if art is not None else T.UNIQUE
    x, cy = pos
    spots = []
    for comp in companions:
        centre = (x + radius, cy)
        ring = (110, 110, 110) if comp.downed else colour
        rect = draw_dial(surface, centre, radius, comp.health, ring, th)
        if art is not None:  # a paw badge marks it as a companion's dial (name in the tooltip)
            badge = max(8, int(radius * 0.8))
            bc = (rect.left + badge // 3, rect.top + badge // 3)
            pygame.draw.circle(surface, (20, 18, 16), bc, badge // 2 + th.px(2))
            paw = art.symbol_icon("track", badge, color=ring)
            surface.blit(paw, paw.get_rect(center=bc))
        if comp.downed:
            cross = max(2, th.px(2))
            pygame.draw.line(surface, T.NEGATIVE, rect.topleft, rect.bottomright, cross)
        state = "Downed - she takes no damage and helps no ability" if comp.downed else "Active"
        tip = (
            f"{comp.name}: Health {comp.health} of {comp.start_health} ({state}). A companion, "
            "not a player: statuses, status damage, collateral and Ultimate damage never reach her."
        )
        spots.append(Hotspot(rect, "companion", seat, comp.companion, tip))
        x += radius * 2 + th.px(8)
    return spots, x


def draw_tokens(
    surface: pygame.Surface,
    content: ContentDB,
    statuses: dict[str, int],
    limits: dict[str, int],
    pos: tuple[int, int],
    size: int,
    th: T.Theme,
    seat: int,
    usable: set[str] | None = None,
    max_width: int = 10_000,
) -> list[Hotspot]:
    art = _art()
    usable = usable or set()
    x, y = pos
    spots = []
    for status, count in sorted(statuses.items()):
        if count <= 0:
            continue
        sdef = content.statuses.get(status)
        if sdef is None:
            continue
        rect = pygame.Rect(x, y, size, size)
        if rect.right > pos[0] + max_width:
            break
        if status in usable:
            glow(surface, rect, th, strength=3, radius=size // 2)
        if art is not None:
            surface.blit(art.token_icon(sdef, size), rect)
        else:
            colour = {"positive": T.POSITIVE, "negative": T.NEGATIVE}.get(sdef.kind, T.UNIQUE)
            pygame.draw.circle(surface, colour, rect.center, size // 2)
        badge = text_surface(th.font(12, bold=True), str(count), T.WHITE)
        bc = (rect.right - th.px(5), rect.bottom - th.px(5))
        pygame.draw.circle(surface, (20, 18, 16), bc, th.px(9))
        pygame.draw.circle(surface, T.BRASS, bc, th.px(9), 1)
        surface.blit(badge, badge.get_rect(center=bc))
        limit = limits.get(status, sdef.stack_limit)
        kind = {
            "positive": "Positive",
            "negative": "Negative",
            "unique": "Unique",
            "companion": "Companion",
        }.get(sdef.kind, sdef.kind.title())
        tip = f"{sdef.name} ({kind}, {count} of {limit}): {sdef.text}"
        if status in usable:
            tip += "  Click to spend it now."
        spots.append(Hotspot(rect, "token", seat, status, tip))
        x += size + th.px(6)
    return spots
