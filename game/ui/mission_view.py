"""Drawing pieces for the Missions screens: the hex map (each space on the mission's ground
from game/ui/hex_terrain.py, the whole map drawn once per layout, changed spaces again, this
frame's highlights over it), the Crisis Clock, enemy dice and status tokens
(game/ui/scenes/mission.py and game/ui/scenes/missions_menu.py use them).

Geometry: pointy-top hexes in axial coordinates (game.missions.hexgrid); a `HexLayout` fits a
map's spaces into a rectangle and converts both ways (pixel -> hex with cube rounding), so a
click lands on exactly the space drawn under the pointer.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import pygame

from game.missions import hexgrid
from game.missions.hexgrid import Hex
from game.ui import theme as T
from game.ui.widgets import text_surface

SQRT3 = math.sqrt(3)

PANEL_COLOURS = {
    "green": (70, 140, 80),
    "blue": (60, 110, 190),
    "red": (190, 64, 56),
    "purple": (128, 84, 184),
    "orange": (214, 128, 44),
    "yellow": (206, 172, 52),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "teal": (50, 150, 150),
    "brown": (140, 96, 60),
    "black": (70, 70, 70),
    "white": (210, 210, 200),
    "pink": (210, 110, 160),
}
MOMENTUM = (142, 91, 214)
ENTRY = (72, 150, 104)
EXIT = (200, 150, 60)
NUMBERED = (196, 64, 56)
SEAT_COLOURS = ((228, 196, 90), (96, 170, 230), (226, 120, 180), (130, 210, 140))
PLOT = (150, 70, 150)
MYSTERY = (38, 112, 118)
CLEAR_SLAB = (150, 146, 132)


def _clear_open(sp) -> bool:
    """A Clear tile that may be entered: opened in play (clear_open) or from the map file."""
    return bool(getattr(sp, "clear_open", getattr(sp, "enterable", False)))


def _has_mystery(sp) -> bool:
    m = getattr(sp, "mystery", -1)  # a map Space says True; a HexSpace holds a tile index
    return m is True or (not isinstance(m, bool) and isinstance(m, int) and m >= 0)


def panel_colour(name: str) -> tuple[int, int, int]:
    return PANEL_COLOURS.get((name or "").lower(), T.BRASS)


@dataclass
class HexLayout:
    """Axial hex <-> pixel for one map drawn in one rectangle."""

    size: float  # centre to corner
    origin: tuple[float, float]  # pixel of axial (0, 0)

    @staticmethod
    def fit(hexes, rect: pygame.Rect, max_size: float = 60.0) -> HexLayout:
        hexes = list(hexes)
        if not hexes:
            return HexLayout(20.0, rect.center)
        xs = [SQRT3 * (q + r / 2) for q, r in hexes]
        ys = [1.5 * r for _q, r in hexes]
        span_w = max(xs) - min(xs) + SQRT3
        span_h = max(ys) - min(ys) + 2.0
        size = min(rect.w / span_w, rect.h / span_h, max_size)
        cx = (max(xs) + min(xs)) / 2 * size
        cy = (max(ys) + min(ys)) / 2 * size
        return HexLayout(size, (rect.centerx - cx, rect.centery - cy))

    def center(self, h: Hex) -> tuple[float, float]:
        q, r = h
        return (
            self.origin[0] + self.size * SQRT3 * (q + r / 2),
            self.origin[1] + self.size * 1.5 * r,
        )

    def corners(self, h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        s = self.size - shrink
        return [
            (
                cx + s * math.cos(math.radians(60 * i - 30)),
                cy + s * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]

    def hex_at(self, pos: tuple[float, float]) -> Hex:
        x = (pos[0] - self.origin[0]) / self.size
        y = (pos[1] - self.origin[1]) / self.size
        qf = SQRT3 / 3 * x - y / 3
        rf = 2 / 3 * y
        sf = -qf - rf
        q, r, s = round(qf), round(rf), round(sf)
        dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return (int(q), int(r))


def path_to(start_hexes, goal: Hex, passable) -> list[Hex]:
    """A shortest path over passable spaces (for the movement preview)."""
    starts = [s for s in start_hexes if passable(s) or s == goal]
    prev: dict[Hex, Hex | None] = {}
    queue: deque[Hex] = deque()
    for s in starts:
        prev[s] = None
        queue.append(s)
    while queue:
        h = queue.popleft()
        if h == goal:
            out = [h]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])
            return out[::-1]
        for n in hexgrid.neighbors(h):
            if n not in prev and (passable(n) or n == goal):
                prev[n] = h
                queue.append(n)
    return [goal]


# ------------------------------------------------------------------ small pieces


def token(status_id: str, name: str, kind: str, size: int) -> pygame.Surface:
    from game.ui import art

    return art._token(status_id, name, kind, size)


def draw_pips(
    surface: pygame.Surface, center: tuple[int, int], health: int, shields: int, th: T.Theme
) -> pygame.Rect:
    """Health as a red badge with the number, Shields as small blue pips beside it."""
    font = th.font(13, bold=True)
    label = text_surface(font, str(health), T.WHITE)
    w = max(label.get_width() + th.px(10), th.px(22))
    h = label.get_height() + th.px(2)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center
    pygame.draw.rect(surface, T.HEALTH, rect, border_radius=h // 2)
    pygame.draw.rect(surface, (40, 10, 10), rect, 1, border_radius=h // 2)
    surface.blit(label, label.get_rect(center=rect.center))
    if shields:
        r = th.px(6)
        sx = rect.right + r + th.px(2)
        for i in range(min(shields, 5)):
            c = (sx + i * (2 * r + th.px(1)), rect.centery)
            pygame.draw.circle(surface, T.CP, c, r)
            pygame.draw.circle(surface, T.WHITE, c, r, 1)
        if shields > 5:
            more = text_surface(th.font(11, bold=True), f"+{shields - 5}", T.WHITE)
            surface.blit(more, (sx + 5 * (2 * r + 1), rect.y))
    return rect


def _star(surf: pygame.Surface, center, radius: float, colour) -> None:
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append((center[0] + r * math.cos(a), center[1] + r * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


_ENEMY_FACES: dict[tuple, pygame.Surface] = {}


def enemy_die_face(colour: str, symbol: str, value: int, size: int, highlight=False):
    """A red or black Enemy Die: the symbol large, the number in a corner (red dice only point
    at numbered map spaces, so only they show the number big enough to read)."""
    key = (colour, symbol, value, size, highlight)
    surf = _ENEMY_FACES.get(key)
    if surf is not None:
        return surf
    from game.ui import art

    size = max(12, size)
    body = (170, 38, 36) if colour == "red" else (34, 32, 34)
    edge = (230, 110, 96) if colour == "red" else (120, 116, 110)
    # the same shaded, bevelled body as the heroes' dice (art.die_body), in the enemy's colours
    surf = art.die_body(size, body, tuple(c // 2 for c in body)).copy()
    radius = int(size * 0.22)
    pygame.draw.rect(
        surf,
        (highlight and T.HIGHLIGHT) or edge,
        surf.get_rect(),
        max(1, size // 20 + (2 if highlight else 0)),
        border_radius=radius,
    )
    ink = T.PARCHMENT
    icon_size = int(size * 0.55)
    if symbol == "star":
        _star(surf, (size / 2, size * 0.55), icon_size / 2, T.GOLD)
    else:
        icon = art.symbol_icon(symbol, icon_size, ink)
        surf.blit(icon, icon.get_rect(center=(size // 2, int(size * 0.55))))
    if size >= 22:
        font = art._font(max(8, size // 4))
        digit = font.render(str(value), True, T.GOLD if colour == "red" else ink)
        surf.blit(digit, (max(2, size // 12), 0))
    if len(_ENEMY_FACES) > 400:
        _ENEMY_FACES.clear()
    _ENEMY_FACES[key] = surf
    return surf


def objective_icons(
    surface: pygame.Surface, objective, pos: tuple[int, int], size: int, th: T.Theme
) -> int:
    """A roll objective ("2 Fist + 1 Skull") as small black dice; returns the width used."""
    x, y = pos
    for symbol, count in objective:
        for _ in range(count):
            face = enemy_die_face("black", symbol, 0, size)
            surface.blit(face, (x, y))
            x += size + th.px(2)
        x += th.px(4)
    return x - pos[0]


# ------------------------------------------------------------------ the Crisis Clock

CLOCK_WORDS = {
    "heroes_damage": ("DMG", T.HEALTH),
    "heroes_lose_cp": ("-CP", T.CP),
    "heroes_status": ("STS", T.NEGATIVE),
    "heroes_discard": ("CARD", (150, 120, 200)),
    "threat": ("THR", (220, 120, 40)),
    "enemy_crisis": ("ENE", T.BRASS),
    "boss_crisis": ("BOSS", T.GOLD),
}


def clock_segment_text(segment: dict | None, db) -> str:
    if segment is None:
        return "Empty segment: nothing happens."
    verb = segment["do"]
    if verb == "heroes_damage":
        return f"Every Hero on the map takes {segment['amount']} damage (pooled)."
    if verb == "heroes_lose_cp":
        return f"Every Hero loses {segment['amount']} CP."
    if verb == "heroes_status":
        return f"Every Hero gains {segment['count']} {segment['status']}."
    if verb == "heroes_discard":
        return f"Every Hero discards {segment['count']} card."
    if verb == "threat":
        return "The Unstoppable Threat acts."
    if verb == "enemy_crisis":
        hdef = db.henchmen.get(segment.get("enemy", ""))
        if hdef is not None:
            return f"Every {hdef.name} uses its Crisis Ability, {hdef.crisis.name}."
        return "Henchmen use their Crisis Ability."
    if verb == "boss_crisis":
        return "The boss uses its Crisis Ability."
    return verb


def clock_label(segment: dict | None, db) -> tuple[str, tuple[int, int, int]]:
    if segment is None:
        return ("", T.TEXT_DIM)
    word, colour = CLOCK_WORDS.get(segment["do"], ("?", T.TEXT))
    if segment["do"] == "enemy_crisis":
        hdef = db.henchmen.get(segment.get("enemy", ""))
        if hdef is not None:
            colour = panel_colour(hdef.icon)
            word = "".join(p[0] for p in hdef.name.split()[:2]).upper()
    elif segment["do"] == "heroes_damage":
        word = f"-{segment['amount']}\u2665"  # Health lost, as a heart
    return word, colour


LABEL_AT = 0.7  # segment labels sit at this fraction of the clock's radius
HAND_LENGTH = 0.46  # the hand's tip, well inside the labels


def draw_clock(
    surface: pygame.Surface,
    center: tuple[int, int],
    radius: int,
    segments,
    hand: float,
    th: T.Theme,
    db,
    lit: int | None = None,
) -> list[tuple[pygame.Rect, str]]:
    """Eight segments clockwise from the top, coloured by what they do, and the hand (a
    fractional segment index so it can sweep). Returns hover areas with their texts."""
    from game.ui import art

    cx, cy = center
    pygame.draw.circle(surface, (24, 20, 18), center, radius + th.px(6))
    pygame.draw.circle(surface, T.BRASS, center, radius + th.px(6), max(2, th.px(3)))
    spots = []
    font = th.fixed().font(11, bold=True, condensed=True)  # words inside a fixed segment
    for i in range(8):
        a0 = math.radians(-90 - 22.5 + 45 * i)
        a1 = math.radians(-90 + 22.5 + 45 * i)
        pts = [center]
        for k in range(9):
            a = a0 + (a1 - a0) * k / 8
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        seg = segments[i] if i < len(segments) else None
        word, colour = clock_label(seg, db)
        fill = tuple(int(c * 0.45) for c in colour) if seg else (48, 42, 38)
        if lit == i:
            fill = tuple(min(255, int(c * 0.9)) for c in colour) if seg else (90, 80, 60)
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, (20, 16, 14), pts, 1)
        mid = math.radians(-90 + 45 * i)
        tx, ty = cx + radius * LABEL_AT * math.cos(mid), cy + radius * LABEL_AT * math.sin(mid)
        enemy = seg.get("enemy", "") if seg and seg["do"] == "enemy_crisis" else ""
        if enemy and art.has_icon("enemies", enemy):  # a Henchman's crisis: its silhouette
            label = art.enemy_icon(enemy, word, max(12, int(radius * 0.36)), T.WHITE)
            surface.blit(label, label.get_rect(center=(tx, ty)))
        elif word:
            label = text_surface(font, word, T.WHITE)
            surface.blit(label, label.get_rect(center=(tx, ty)))
        hit = pygame.Rect(0, 0, th.px(30), th.px(24))
        hit.center = (int(tx), int(ty))
        spots.append((hit, f"Segment {i + 1}: {clock_segment_text(seg, db)}"))
    pygame.draw.circle(surface, T.BRASS_DARK, center, int(radius * 0.26))
    angle = math.radians(-90 + 45 * hand)
    # the hand stops short of the segment labels so it never covers the one it points at
    tip = (cx + radius * HAND_LENGTH * math.cos(angle), cy + radius * HAND_LENGTH * math.sin(angle))
    side = math.radians(-90 + 45 * hand + 90)
    w = radius * 0.09
    base1 = (cx + w * math.cos(side), cy + w * math.sin(side))
    base2 = (cx - w * math.cos(side), cy - w * math.sin(side))
    pygame.draw.polygon(surface, T.HIGHLIGHT, [base1, tip, base2])
    pygame.draw.circle(surface, T.HIGHLIGHT, center, max(3, int(radius * 0.1)))
    pygame.draw.circle(surface, T.INK, center, max(2, int(radius * 0.05)))
    return spots


# ------------------------------------------------------------------ the map


def draw_hex_map(
    surface: pygame.Surface,
    layout: HexLayout,
    spaces: dict,
    th: T.Theme,
    *,
    glow_hexes=(),
    path=(),
    hover: Hex | None = None,
    target_hexes=(),
    ring_hexes=(),
    terrain: str = "",
) -> None:
    """Every space on its ground (game/ui/hex_terrain.py: the mission's setting, floor raised,
    dark spaces sunk), with entry/exit marks, boost pads, red numbers, a Defeat tile, a Clear
    tile (sealed: hatched slab on the dark space; open: a plain slab you may walk on), Plot
    tokens and a face-down Mystery tile - drawn once per layout, changed spaces again
    (`map_layer`) - then this frame's highlights: legal moves (a gold wash, rim and centre
    diamond), the path under the pointer, targets (a red reticle) and melee reach (a dashed
    ring). `spaces` maps hex -> object with dark/entry/exit/boost(_space)/number/defeat_tile
    and optionally plot/mystery/clear; `terrain` is a mission or map id."""
    layer, at = map_layer(layout, spaces, th, terrain)
    surface.blit(layer, at)
    s = layout.size
    glow_set, path_set = set(glow_hexes), set(path)
    targets, rings = set(target_hexes), set(ring_hexes)
    for h in glow_set | path_set | targets | rings:
        if h not in spaces:
            continue
        cx, cy = layout.center(h)
        if h in glow_set or h in path_set:
            strength = 120 if h == hover else 80 if h in path_set else 36
            wash = _wash(s, T.HIGHLIGHT, strength)
            surface.blit(wash, wash.get_rect(center=(round(cx), round(cy))))
            pygame.draw.polygon(
                surface, T.HIGHLIGHT, layout.corners(h, shrink=2.0), max(2, th.px(2))
            )
            d = max(3, s * 0.1)  # a diamond in the middle: a shape, not only a colour
            pygame.draw.polygon(
                surface,
                T.HIGHLIGHT,
                [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)],
            )
            pygame.draw.polygon(
                surface, T.INK, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], 1
            )
        if h in targets:
            if h == hover:
                wash = _wash(s, (255, 96, 70), 90)
                surface.blit(wash, wash.get_rect(center=(round(cx), round(cy))))
            pygame.draw.polygon(
                surface, T.NEGATIVE, layout.corners(h, shrink=2.0), max(3, th.px(4))
            )
            _reticle(surface, (cx, cy), s, th)
        if h in rings:
            _dashed_hex(surface, layout.corners(h, shrink=s * 0.08), (240, 200, 120), th)


_WASH: dict[tuple, pygame.Surface] = {}


def _wash(size: float, colour, alpha: int) -> pygame.Surface:
    """A see-through hex of one colour (a highlight laid over the ground), drawn once."""
    key = (round(size, 1), tuple(colour), alpha)
    surf = _WASH.get(key)
    if surf is None:
        w, h = int(SQRT3 * size) + 2, int(2 * size) + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(
            surf, (*colour[:3], alpha), HexLayout(size - 1, (w / 2, h / 2)).corners((0, 0))
        )
        if len(_WASH) > 64:
            _WASH.clear()
        _WASH[key] = surf
    return surf


def _reticle(surface, centre, s: float, th: T.Theme) -> None:
    """A target's mark: four red ticks pointing in at the space's middle."""
    cx, cy = centre
    outer, inner = s * 0.95, s * 0.68
    for a in (45, 135, 225, 315):
        c, n = math.cos(math.radians(a)), math.sin(math.radians(a))
        pygame.draw.line(
            surface,
            (255, 96, 70),
            (cx + c * outer, cy + n * outer),
            (cx + c * inner, cy + n * inner),
            max(3, th.px(3)),
        )


def _dashed_hex(surface, corners, colour, th: T.Theme) -> None:
    for i in range(6):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 6]
        for k in range(4):  # two dashes per edge
            if k % 2:
                continue
            a, b = k / 4, (k + 1) / 4
            pygame.draw.line(
                surface,
                colour,
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                max(2, th.px(2)),
            )


@dataclass
class _Ground:
    """One map's drawn ground for one layout and scale: the layer, the floor's drop shadow
    under it, and the state of each space it shows."""

    layer: pygame.Surface
    at: tuple[int, int]
    shadow: pygame.Surface
    local: HexLayout
    states: dict
    boxes: dict  # hex -> the rectangle of the layer its space may draw in


_LAYERS: dict[tuple, _Ground] = {}


def _space_state(sp) -> tuple:
    return (
        bool(sp.dark),
        bool(getattr(sp, "entry", False)),
        bool(getattr(sp, "exit", False)),
        bool(getattr(sp, "boost_space", getattr(sp, "boost", False))),
        int(getattr(sp, "number", 0) or 0),
        bool(getattr(sp, "defeat_tile", False)),
        bool(getattr(sp, "clear", False)),
        _clear_open(sp),
        _has_mystery(sp),
        int(getattr(sp, "plot", 0) or 0),
    )


def map_layer(
    layout: HexLayout, spaces: dict, th: T.Theme, terrain: str = ""
) -> tuple[pygame.Surface, tuple[int, int]]:
    """The map's ground and what lies on it, drawn once per layout and scale, with where to
    blit it. When spaces change (a space opening, a Plot token moving), a new layer is made
    from the last one by drawing again only the changed spaces' rectangles (each with the
    neighbours reaching into it), not the whole map."""
    from game.ui import hex_terrain as HT

    setting = HT.terrain(terrain)
    order = sorted(spaces, key=hexgrid.reading_key)
    states = {h: _space_state(spaces[h]) for h in order}
    key = (
        setting,
        round(layout.size, 2),
        (round(layout.origin[0], 1), round(layout.origin[1], 1)),
        th.scale,
        tuple(order),
    )
    ground = _LAYERS.get(key)
    if ground is None:
        ground = _build_ground(layout, spaces, order, th, setting)
        ground.states = states
        if len(_LAYERS) > 4:
            _LAYERS.clear()
        _LAYERS[key] = ground
    elif ground.states != states:
        changed = [h for h in order if ground.states[h] != states[h]]
        ground.layer = ground.layer.copy()  # a layer handed out before stays as it was
        repaint_spaces(ground, changed, spaces, order, th, setting)
        ground.states = states
    return ground.layer, ground.at


def _build_ground(layout: HexLayout, spaces: dict, order, th: T.Theme, setting: str) -> _Ground:
    s = layout.size
    pts = [p for h in spaces for p in layout.corners(h)] or [layout.origin]
    x0 = int(min(p[0] for p in pts)) - 4
    y0 = int(min(p[1] for p in pts)) - 4
    x1 = int(max(p[0] for p in pts)) + 6
    y1 = int(max(p[1] for p in pts)) + 8
    layer = pygame.Surface((max(1, x1 - x0), max(1, y1 - y0)), pygame.SRCALPHA)
    local = HexLayout(s, (layout.origin[0] - x0, layout.origin[1] - y0))
    shadow = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    for h in spaces:  # the floor's drop shadow on the table, lower right
        sh = [(x + 2, y + 3) for x, y in local.corners(h)]
        pygame.draw.polygon(shadow, (0, 0, 0, 110), sh)
    layer.blit(shadow, (0, 0))
    for h in order:
        _draw_space(layer, local, h, spaces[h], th, setting)
    if pygame.display.get_surface() is not None:
        layer = layer.convert_alpha()
    reach_x, reach_y = _space_reach(s, th)
    size = (math.ceil(2 * reach_x) + 4, math.ceil(2 * reach_y) + 5)  # + the drop shadow
    boxes = {}
    for h in order:
        cx, cy = local.center(h)
        boxes[h] = pygame.Rect((math.floor(cx - reach_x), math.floor(cy - reach_y)), size)
    return _Ground(layer, (x0, y0), shadow, local, {}, boxes)


def _space_reach(s: float, th: T.Theme) -> tuple[float, float]:
    """How far from its centre a space's drawing may go, across and down (the tile with its
    bevel, or a word's plate wider than a small tile), with a margin."""
    font_tag = th.font_px(max(13, int(s * 0.26)), bold=True, condensed=True)
    word = max(font_tag.size(w)[0] for w in ("ENTRY", "EXIT", "CLEAR")) / 2 + 3
    return max(SQRT3 / 2 * s, word) + 4, s + 4


def repaint_spaces(ground: _Ground, changed, spaces: dict, order, th: T.Theme, setting: str):
    """Draw `changed` spaces' rectangles of the layer again: cleared, the drop shadow, then
    every space whose rectangle meets it, in the full drawing's order, clipped to it - the
    same pixels a full drawing gives there. Returns how many spaces were drawn."""
    layer = ground.layer
    bounds = layer.get_rect()
    drawn = 0
    for h in changed:
        box = ground.boxes[h].clip(bounds)
        layer.set_clip(box)
        layer.fill((0, 0, 0, 0), box)
        layer.blit(ground.shadow, box.topleft, box)
        for other in order:
            if ground.boxes[other].colliderect(box):
                _draw_space(layer, ground.local, other, spaces[other], th, setting)
                drawn += 1
    layer.set_clip(None)
    return drawn


def _draw_space(surface, layout: HexLayout, h: Hex, sp, th: T.Theme, setting: str) -> None:
    from game.ui import hex_terrain as HT

    s = layout.size
    font_tag = th.font_px(max(13, int(s * 0.26)), bold=True, condensed=True)
    cx, cy = layout.center(h)
    clear = getattr(sp, "clear", False) and not getattr(sp, "defeat_tile", False)
    dark = sp.dark and not getattr(sp, "defeat_tile", False) and not (clear and _clear_open(sp))
    tile = HT.hex_tile(setting, dark, s - 1.0, HT.variant_of(h))
    surface.blit(tile, tile.get_rect(center=(round(cx), round(cy))))
    if dark:
        if clear:  # a sealed Clear tile: it opens when the side's Plot is complete
            slab = layout.corners(h, shrink=s * 0.3)
            pygame.draw.polygon(surface, (84, 82, 76), slab)
            d = s * 0.32
            for k in (-1, 0, 1):
                off = k * s * 0.22
                pygame.draw.line(
                    surface,
                    (52, 50, 46),
                    (cx - d + off, cy + d * 0.6),
                    (cx + d * 0.2 + off, cy - d * 0.6),
                    max(1, th.px(2)),
                )
            pygame.draw.polygon(surface, CLEAR_SLAB, slab, max(1, th.px(2)))
        return
    tags = s >= th.px(20)
    if getattr(sp, "entry", False):
        _painted_ring(surface, layout.corners(h, shrink=s * 0.12), ENTRY, th)
        if tags:
            _tag(surface, font_tag, "ENTRY", (210, 250, 220), (cx, cy + s * 0.55))
    if getattr(sp, "exit", False):
        _painted_ring(surface, layout.corners(h, shrink=s * 0.12), EXIT, th)
        if tags:
            _tag(surface, font_tag, "EXIT", (255, 230, 170), (cx, cy + s * 0.55))
    if getattr(sp, "boost_space", getattr(sp, "boost", False)):  # a brass pad set in the floor
        r = int(s * 0.36)
        pygame.draw.circle(surface, (40, 32, 18), (int(cx) + 1, int(cy) + 2), r)
        pygame.draw.circle(surface, (96, 80, 44), (int(cx), int(cy)), r)
        pygame.draw.circle(surface, (196, 160, 90), (int(cx), int(cy)), r, max(1, th.px(2)))
        pygame.draw.circle(surface, (60, 50, 28), (int(cx), int(cy)), int(r * 0.6), 1)
    number = getattr(sp, "number", 0)
    if number:  # a red enamel plaque with the number
        c = (int(cx - s * 0.5), int(cy - s * 0.42))
        rr = int(s * 0.2) + 2
        pygame.draw.circle(surface, (30, 10, 8), (c[0] + 1, c[1] + 2), rr)
        pygame.draw.circle(surface, NUMBERED, c, rr)
        pygame.draw.circle(surface, (250, 190, 170), c, rr, 1)
        lab = text_surface(th.font_px(max(13, int(s * 0.3)), bold=True), str(number), T.WHITE)
        surface.blit(lab, lab.get_rect(center=c))
    if clear:  # an open Clear tile over a dark space: walkable
        slab = layout.corners(h, shrink=s * 0.14)
        pygame.draw.polygon(surface, CLEAR_SLAB, slab)
        pygame.draw.polygon(surface, (70, 68, 60), slab, max(1, th.px(2)))
        if tags:
            tag = text_surface(font_tag, "CLEAR", (40, 40, 36))
            surface.blit(tag, tag.get_rect(center=(cx, cy + s * 0.5)))
    if _has_mystery(sp):  # face down: a teal diamond with a question mark
        r = s * 0.3
        mc = (cx - s * 0.28, cy + s * 0.18)
        diamond = [(mc[0], mc[1] - r), (mc[0] + r, mc[1]), (mc[0], mc[1] + r), (mc[0] - r, mc[1])]
        pygame.draw.polygon(surface, (14, 30, 32), [(x + 1, y + 2) for x, y in diamond])
        pygame.draw.polygon(surface, MYSTERY, diamond)
        pygame.draw.polygon(surface, (180, 230, 226), diamond, max(1, th.px(1.5)))
        lab = text_surface(th.font_px(max(13, int(s * 0.3)), bold=True), "?", T.WHITE)
        surface.blit(lab, lab.get_rect(center=(int(mc[0]), int(mc[1]))))
    plot = getattr(sp, "plot", 0)
    if plot:  # Plot tokens: a plum disc with the count
        pc = (int(cx + s * 0.3), int(cy + s * 0.2))
        pr = max(7, int(s * 0.22))
        pygame.draw.circle(surface, (30, 14, 30), (pc[0] + 1, pc[1] + 2), pr)
        pygame.draw.circle(surface, PLOT, pc, pr)
        pygame.draw.circle(surface, (236, 200, 236), pc, pr, max(1, th.px(1.5)))
        word = "P" if plot == 1 else f"P{plot}"
        lab = text_surface(th.font_px(max(13, int(s * 0.26)), bold=True), word, T.WHITE)
        surface.blit(lab, lab.get_rect(center=pc))
    if getattr(sp, "defeat_tile", False):
        inner = layout.corners(h, shrink=s * 0.3)
        pygame.draw.polygon(surface, (70, 50, 40), inner)
        pygame.draw.polygon(surface, T.BRASS_DARK, inner, 2)
        d = s * 0.2
        pygame.draw.line(
            surface, (180, 80, 60), (cx - d, cy - d), (cx + d, cy + d), max(2, th.px(3))
        )
        pygame.draw.line(
            surface, (180, 80, 60), (cx - d, cy + d), (cx + d, cy - d), max(2, th.px(3))
        )


def _painted_ring(surface, corners, colour, th: T.Theme) -> None:
    """Paint on the floor: a dark under-stroke and the colour over it."""
    pygame.draw.polygon(surface, tuple(c // 3 for c in colour), corners, max(3, th.px(5)))
    pygame.draw.polygon(surface, colour, corners, max(2, th.px(3)))


def _tag(surface, font, word: str, colour, centre) -> None:
    tag = text_surface(font, word, colour)
    box = tag.get_rect(center=(int(centre[0]), int(centre[1]))).inflate(6, 0)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    plate.fill((12, 12, 10, 150))
    surface.blit(plate, box)
    surface.blit(tag, tag.get_rect(center=box.center))


def clear_cache() -> None:
    _LAYERS.clear()
    _WASH.clear()
    _ENEMY_FACES.clear()


def draw_boost_tiles(
    surface, layout: HexLayout, h: Hex, tiles, th: T.Theme, labels, corner: bool = False
) -> None:
    """Boost Tiles lying on a space: face up as gold coins with their kind, face down as
    dark coins with a '?'. `labels` gives a short word per tile index."""
    if not tiles:
        return
    cx, cy = layout.center(h)
    s = layout.size
    r = max(8, int(s * (0.24 if corner else 0.32)))
    if corner:  # someone stands here: the tiles sit at the space's upper right
        cx, cy = cx + s * 0.55, cy - s * 0.45
    for n, (tile, up) in enumerate(tiles[:3]):
        c = (int(cx + n * r * 0.45), int(cy - n * r * 0.35))
        pygame.draw.circle(surface, (20, 16, 10), (c[0] + 1, c[1] + 2), r)
        pygame.draw.circle(surface, T.GOLD if up else (70, 60, 80), c, r)
        pygame.draw.circle(surface, T.BRASS_DARK if up else T.TEXT_DIM, c, r, max(1, th.px(1.5)))
        word = labels(tile) if up else "?"
        lab = text_surface(th.font(12, bold=True, condensed=True), word, T.INK if up else T.WHITE)
        if lab.get_width() > r * 2 - 2:
            lab = pygame.transform.smoothscale(
                lab, (r * 2 - 2, max(6, int(lab.get_height() * (r * 2 - 2) / lab.get_width())))
            )
        surface.blit(lab, lab.get_rect(center=c))
