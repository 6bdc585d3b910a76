"""Drawing a hero's side of the table: the bar (emblem, Health, CP, tokens, cards) and the
board (every ability with its dice requirement, level and damage)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.content.defs import AbilityDef, AbilityRow, ContentDB, HeroDef
from game.rules.dice import describe_requirement
from game.ui import theme as T
from game.ui.widgets import draw_text, fit_name, glow, panel, text_surface

LEVEL_MARK = {1: "", 2: "II", 3: "III"}


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


def ability_summary(ability: AbilityDef, row: AbilityRow) -> tuple[str, str]:
    """(damage text, damage type) of a row, from its effects, for the badge."""
    total = []
    dtype = ability.damage_type
    for fx in row.effects:
        if fx.verb == "deal_damage" and fx.get("target", "opponent") != "self":
            amount = fx["amount"]
            total.append(str(amount) if isinstance(amount, int) else "?")
            dtype = fx.get("type", dtype)
        elif fx.verb == "roll_off":
            wins = [str(f["amount"]) for f in fx["win"] if f.verb == "deal_damage"]
            loses = [str(f["amount"]) for f in fx["lose"] if f.verb == "deal_damage"]
            if wins and loses:
                total.append(f"{wins[0]}|{loses[0]}")
        elif fx.verb == "roll":
            for inner in fx["effects"]:
                if inner.verb == "deal_damage" and not isinstance(inner["amount"], int):
                    total.append("3d6" if fx["count"] == 3 else "dice")
    return (" + ".join(total), dtype)


def requirement_icons(
    surface: pygame.Surface,
    hero: HeroDef,
    row: AbilityRow,
    pos: tuple[int, int],
    size: int,
    th: T.Theme,
    width: int,
) -> None:
    """The requirement drawn as small dice symbols (straights as escalating numbers)."""
    art = _art()
    x, y = pos
    req = row.requirement
    if req.straight:
        label = "SMALL STRAIGHT" if req.straight == 4 else "LARGE STRAIGHT"
        values = range(1, req.straight + 1)
        if art is not None:
            step = min(size, (width - 4) // req.straight)
            for i, value in enumerate(values):
                face = art.die_face(hero, value, step - 2)
                surface.blit(face, (x + i * step, y))
        else:
            draw_text(surface, label, th.font(11, bold=True, condensed=True), T.TEXT, (x, y))
        return
    items: list[tuple[str, int]] = list(req.symbols)
    if art is None:
        draw_text(
            surface,
            describe_requirement(req, hero),
            th.font(12, condensed=True),
            T.TEXT,
            (x, y),
            width=width,
        )
        return
    step = size
    count = sum(c for _s, c in items)
    if count * step > width:
        step = max(8, width // max(1, count))
    for symbol, number in items:
        for _ in range(number):
            icon = art.symbol_icon(symbol, step - 1, color=T.PARCHMENT)
            surface.blit(icon, (x, y))
            x += step
    # what has no icon (N of a kind, a Full House, N matching symbols, N any dice, numbers)
    rest = describe_requirement(replace(req, symbols=()), hero)
    if rest:
        font = th.font(12, bold=True, condensed=True)
        left = pos[0] + width - x
        draw_text(surface, ("+ " if items else "") + rest, font, T.TEXT, (x + 2, y), width=left)


def damage_badge(
    surface: pygame.Surface, text: str, dtype: str, center: tuple[int, int], th: T.Theme
) -> pygame.Rect:
    """Normal damage in a black circle; other types in a red one (with the type in words)."""
    font = th.font(13, bold=True, condensed=True)
    label = text_surface(font, text, T.WHITE)
    radius = max(label.get_width() // 2 + th.px(5), th.px(11))
    colour = (20, 18, 16) if dtype == "normal" else T.DAMAGE_RED
    rect = pygame.Rect(0, 0, radius * 2, th.px(22))
    rect.center = center
    pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, T.PARCHMENT, rect, max(1, th.px(1.5)), border_radius=rect.h // 2)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


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
        art = _art()
        for index, ability in enumerate(abilities):
            tile = pygame.Rect(rect.x + index * (width + gap), rect.y, width, rect.h)
            is_lit = ability.id in lit
            if ability.id == active:
                glow(surface, tile, th, color=T.HIGHLIGHT, strength=5)
            elif is_lit and ability.id in clickable:
                glow(surface, tile, th, color=T.HIGHLIGHT, strength=3)
            fill = T.WOOD_LIGHT if not is_lit else (92, 80, 52)
            rim = T.BRASS if ability.kind != "ultimate" else T.GOLD
            if ability.kind == "defensive":
                rim = T.POSITIVE
            elif ability.kind == "passive":
                rim = T.UPGRADE_COLOURS["passive"]
            panel(surface, tile, th, fill=fill, rim=rim, radius=7)
            if is_lit:
                lit_mark(surface, tile, th)
            colour = T.GOLD if ability.kind == "ultimate" else T.TEXT
            y = tile.y + th.px(4)
            level = levels.get(ability.slot, 1)
            mark_text = LEVEL_MARK.get(level, "")
            if mark_text and ability.name.split(" ")[-1] in LEVEL_MARK.values():
                mark_text = ""  # the name says its level already ("Overpower II")
            mark = (
                text_surface(th.font(12, bold=True), mark_text, T.HIGHLIGHT) if mark_text else None
            )
            room = tile.w - th.px(8) - (mark.get_width() + th.px(3) if mark else 0)
            name_font = th.fit_font(
                13, ability.name, room, height=th.px(20), bold=True, condensed=True
            )
            if name_font.size(ability.name)[0] > room:
                # narrow tiles (team tables): a smaller face, then two lines, never a cut word
                fixed = th.fixed()
                name_lines, name_font = fit_name(
                    lambda bold, f=fixed: f.font(11, bold=bold, condensed=True),
                    ability.name,
                    room,
                )
            else:
                name_lines = [ability.name]
            for line in name_lines:
                surf = text_surface(name_font, line, colour)
                surface.blit(surf, (tile.x + th.px(5), y))
                y += surf.get_height() - (th.px(2) if len(name_lines) > 1 else 0)
            y += th.px(2) + (th.px(2) if len(name_lines) > 1 else 0)
            if mark is not None:
                surface.blit(
                    mark, mark.get_rect(topright=(tile.right - th.px(5), tile.y + th.px(3)))
                )
            tip = f"{ability.name}: {ability.text}"
            if ability.rows:
                row_h = max(th.px(22), (tile.bottom - y - th.px(4)) // max(1, len(ability.rows)))
                row_h = min(row_h, th.px(34))
                for r, row in enumerate(ability.rows):
                    row_rect = pygame.Rect(
                        tile.x + th.px(3), y, tile.w - th.px(6), row_h - th.px(2)
                    )
                    if r in lit.get(ability.id, set()):
                        pygame.draw.rect(surface, (120, 100, 50), row_rect, border_radius=th.px(4))
                    icon_size = min(th.px(18), row_h - th.px(6))
                    text, dtype = ability_summary(ability, row)
                    badge_w = th.px(16) + th.px(7) * len(text) if text else 0
                    requirement_icons(
                        surface,
                        hero,
                        row,
                        (row_rect.x + th.px(2), row_rect.y + (row_rect.h - icon_size) // 2),
                        icon_size,
                        th,
                        row_rect.w - badge_w - th.px(6),
                    )
                    if text:
                        damage_badge(
                            surface,
                            text,
                            dtype,
                            (row_rect.right - badge_w // 2 - th.px(1), row_rect.centery),
                            th,
                        )
                    row_tip = f"{ability.name} - {describe_requirement(row.requirement, hero)}: "
                    row_tip += row.text or ability.text
                    if dtype != "normal" and text:
                        row_tip += f" ({DTYPE_WORDS.get(dtype, dtype)} damage)"
                    if odds is not None and (ability.id, r) in odds:
                        row_tip += (
                            f"  Chance to reach with the attempts left: {odds[(ability.id, r)]:.0%}"
                        )
                    spots.append(Hotspot(row_rect, "row", seat, ability.id, row_tip, r))
                    y += row_h
                if odds is not None:
                    best = max(
                        (odds.get((ability.id, r), 0.0) for r in range(len(ability.rows))),
                        default=0.0,
                    )
                    pct = text_surface(
                        th.font(12, bold=True),
                        f"{best:.0%}",
                        T.HIGHLIGHT if best > 0.5 else T.TEXT_DIM,
                    )
                    surface.blit(
                        pct,
                        pct.get_rect(bottomright=(tile.right - th.px(5), tile.bottom - th.px(3))),
                    )
            else:
                body = th.font(12, condensed=True)
                if ability.kind == "defensive" and art is not None:
                    shield = art.ui_icon("shield", th.px(22))
                    surface.blit(shield, (tile.x + th.px(5), y))
                    dice_text = (
                        f"{ability.defense_dice} {'die' if ability.defense_dice == 1 else 'dice'}"
                    )
                    draw_text(
                        surface,
                        dice_text,
                        th.fit_font(13, dice_text, tile.right - th.px(34) - tile.x, bold=True),
                        T.TEXT,
                        (tile.x + th.px(30), y + th.px(3)),
                    )
                    y += th.px(26)
                label = "PASSIVE" if ability.kind == "passive" else "DEFENSE"
                draw_text(
                    surface,
                    label,
                    th.font(11, bold=True, condensed=True),
                    T.TEXT_DIM,
                    (tile.x + th.px(5), y),
                )
                y += th.px(15)
                draw_text(
                    surface,
                    ability.text,
                    body,
                    T.TEXT,
                    (tile.x + th.px(5), y),
                    width=tile.w - th.px(10),
                    line_gap=0,
                    max_height=tile.bottom - th.px(4) - y,
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


def lit_mark(surface, tile: pygame.Rect, th: T.Theme) -> None:
    """A lit ability (the dice reach it) gets a corner flag as well as its warmer fill."""
    size = th.px(12)
    corner = [
        (tile.right - size - th.px(2), tile.y + th.px(2)),
        (tile.right - th.px(2), tile.y + th.px(2)),
        (tile.right - th.px(2), tile.y + size + th.px(2)),
    ]
    pygame.draw.polygon(surface, T.HIGHLIGHT, corner)
    pygame.draw.polygon(surface, T.INK, corner, 1)


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
