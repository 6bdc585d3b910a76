"""One ability tile on a hero board, drawn the same way in duels, Missions and Adventures battles.

A tile shows, from the top: the ability's name (one or two lines, never cut inside a word) with
its level as a gold badge (II / III) in the top-right corner; then one line per row of the
ability: the dice it asks for as the hero's own dice (art.requirement_die, the same face as in the
tray) with the count before each ("3" then a sword die), straights as 4 or 5 numbered dice of
growing size; and at the right the row's main number in a circle (black: damage; red: a damage
type that ignores defence or an Ultimate; green with a "+": healing). A foot line names a damage
type other than normal in words and shows the odds of reaching the ability.

When the rows do not fit under the name (a narrow team table, a large interface scale), an
ability whose rows differ only in how many of one symbol they ask for is drawn in columns: the
symbol once, then "x3 x4 x5" over the three numbers.

Requirement dice are at least as tall as the tile's text. Lit rows (the dice reach them) get a
gold band, a tile the dice cannot reach is dimmed while others are lit, an Ultimate has a crimson
face and a gold rim. Each drawn tile is cached by everything it shows; while the layout check
records a frame, tiles are drawn straight onto the screen so each text is checked.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from game.content.defs import AbilityDef, AbilityRow, HeroDef
from game.ui import art, widgets
from game.ui import theme as T
from game.ui.widgets import fit_lines, fit_name, glow, panel, text_surface

ROMAN = {2: "II", 3: "III", 4: "IV"}
_ROMAN_TAIL = re.compile(r"\s+(II|III|IV)$")
KIND_WORDS = {
    "undefendable": ("Undefendable", "Undef."),
    "pure": ("Pure damage", "Pure"),
    "collateral": ("Collateral", "Collat."),
    "ultimate": ("Ultimate", "Ult."),
    "heal": ("Heal", "Heal"),
}
ULTIMATE_FILL = (78, 30, 30)
LIT_FILL = (92, 80, 52)
LIT_BAND = (126, 104, 50)
STRAIGHT_STEP = 0.55  # each die of a straight steps this much of a die to the right
NUMBER_FILL = {"normal": (20, 18, 16), "heal": (40, 112, 62)}


def base_name(name: str) -> str:
    """The name without its level numeral ("Overpower II" -> "Overpower"): the badge says it."""
    return _ROMAN_TAIL.sub("", name)


@dataclass(frozen=True)
class MainNumber:
    text: str  # "" when the row has no number (it gives tokens, say)
    kind: str  # normal | undefendable | pure | collateral | ultimate | heal | none


def main_number(ability: AbilityDef, row: AbilityRow) -> MainNumber:
    """The number a row is about: its damage to the opponent (a "?" for a part that depends on
    the game, "7|5" for a roll-off, "3d6" for three dice), else what it heals."""
    parts: list[str] = []
    kind = ""
    heal = 0
    for fx in row.effects:
        if fx.verb == "deal_damage" and fx.get("target", "opponent") == "opponent":
            dtype = fx.get("type", ability.damage_type)
            if kind and dtype != kind:
                continue  # a second kind (a collateral splash): said in the tooltip
            kind = dtype
            amount = fx["amount"]
            parts.append(str(amount) if isinstance(amount, int) else "?")
        elif fx.verb == "roll_off":
            wins = [str(f["amount"]) for f in fx["win"] if f.verb == "deal_damage"]
            loses = [str(f["amount"]) for f in fx["lose"] if f.verb == "deal_damage"]
            if wins and loses:
                parts.append(f"{wins[0]}|{loses[0]}")
                kind = kind or ability.damage_type
        elif fx.verb == "roll":
            inner = [f for f in fx["effects"] if f.verb == "deal_damage"]
            if any(not isinstance(f["amount"], int) for f in inner):
                if fx["count"] == 3 and len(inner) == 1:
                    parts.append("3d6")
                else:
                    parts.extend(str(f["amount"]) for f in inner if isinstance(f["amount"], int))
                    parts.append("?")
                kind = kind or ability.damage_type
        elif (
            fx.verb == "heal"
            and isinstance(fx.get("amount"), int)
            and fx.get("target", "self") == "self"
        ):
            heal += fx["amount"]
    if parts:
        if "?" in parts:  # "4+?": a known part and more that depends on the game
            known = [p for p in parts if p != "?"]
            parts = [*known[:1], "?"]
        text = "+".join(parts)
        if ability.kind == "ultimate":
            kind = "ultimate"
        return MainNumber(text, kind or "normal")
    if heal:
        return MainNumber(f"+{heal}", "heal")
    return MainNumber("", "none")


# ------------------------------------------------------------------ drawing


@dataclass(frozen=True)
class TileState:
    lit_rows: tuple[int, ...] = ()
    any_lit: bool = False  # some tile on this board is lit (the others are dimmed)
    active: bool = False
    clickable: bool = False
    odds: str = ""  # "62%" or ""


@dataclass
class Drawn:
    """Where things went, relative to the tile's top-left corner (for hotspots and tests)."""

    rows: list[tuple[int, pygame.Rect]]
    texts: list[tuple[str, pygame.Rect]]
    icons: list[pygame.Rect]
    text_height: int  # the tile's requirement/count text height
    number_height: int  # height of the main numbers' font
    layout: str  # rows | stacked | columns | text
    name_lines: list[str] = field(default_factory=list)
    level_mark: str = ""  # badge | pips | "" (level 1)


def _blit_text(surface, drawn: Drawn, origin, font, text, colour, pos, anchor="topleft"):
    surf = text_surface(font, text, colour)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect.move(origin))
    drawn.texts.append((text, rect))
    return rect


def _symbol_items(row: AbilityRow) -> list[tuple[str, int]]:
    return list(row.requirement.symbols)


def _other_text(row: AbilityRow, hero: HeroDef) -> str:
    from dataclasses import replace

    from game.rules.dice import describe_requirement

    rest = replace(row.requirement, symbols=(), straight=0)
    return "" if rest.is_empty() else describe_requirement(rest, hero)


def _requirement_width(row, hero, s, count_font, gap) -> int:
    req = row.requirement
    width = 0
    if req.straight:
        width += s + (req.straight - 1) * int(s * STRAIGHT_STEP) + gap
    for _symbol, count in _symbol_items(row):
        width += (count_font.size(str(count))[0] + 1 if count > 1 else 0) + s + gap
    other = _other_text(row, hero)
    if other:
        width += count_font.size(other)[0] + gap
    return width


def _draw_requirement(surface, drawn, origin, hero, row, x, cy, s, count_font, gap, right):
    """The dice a row asks for, left to right from x, centred on cy."""
    req = row.requirement
    if req.straight:
        step = int(s * STRAIGHT_STEP)
        for i in range(req.straight):
            size = int(s * (0.7 + 0.3 * i / max(1, req.straight - 1)))
            die = art.number_die(hero, i + 1, size)
            rect = die.get_rect(midleft=(x + i * step, cy + (s - size) // 2))
            surface.blit(die, rect.move(origin))
            drawn.icons.append(pygame.Rect(rect.x, cy - s // 2, s, s))
        x += s + (req.straight - 1) * step + gap
    for symbol, count in _symbol_items(row):
        if count > 1:
            r = _blit_text(
                surface, drawn, origin, count_font, str(count), T.TEXT, (x, cy), "midleft"
            )
            x = r.right + 1
        die = art.requirement_die(hero, symbol, s)
        rect = die.get_rect(midleft=(x, cy))
        surface.blit(die, rect.move(origin))
        drawn.icons.append(rect)
        x = rect.right + gap
    other = _other_text(row, hero)
    if other and count_font.size(other)[0] <= right - x:
        _blit_text(surface, drawn, origin, count_font, other, T.TEXT, (x, cy), "midleft")


def _number_badge(
    surface, drawn, origin, number: MainNumber, font, centre, th, pad_x: int = 8
) -> pygame.Rect:
    label = text_surface(font, number.text, T.WHITE)
    h = font.get_ascent() + th.px(4)
    w = max(h, label.get_width() + th.px(pad_x))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = centre
    fill = NUMBER_FILL.get(number.kind, T.DAMAGE_RED)
    pygame.draw.rect(surface, fill, rect.move(origin), border_radius=h // 2)
    rim = T.GOLD if number.kind == "ultimate" else T.PARCHMENT
    pygame.draw.rect(surface, rim, rect.move(origin), max(1, th.px(1.5)), border_radius=h // 2)
    _blit_text(surface, drawn, origin, font, number.text, T.WHITE, rect.center, "center")
    return rect


def _number_font(th: T.Theme, text: str, width: int, height: int, floor: pygame.font.Font):
    """The largest bold face from 20 (base) down whose badge fits width x height (the condensed
    face at the smallest sizes); the row text's face if none does."""
    top = max(13, round(20 * th.text_scale))
    for real in range(top, 12, -1):
        for condensed in (False, True):
            font = th.font_px(real, bold=True, condensed=condensed)
            if font.get_ascent() + th.px(4) <= height and font.size(text)[0] + th.px(8) <= width:
                return font
    narrow = th.font_px(13, bold=True, condensed=True)
    return narrow if narrow.size(text)[0] <= width else floor


def _columns_fit(ability: AbilityDef) -> str | None:
    """The one symbol an ability's rows differ on only by count (3/4/5 Sword), else None."""
    symbols = set()
    for row in ability.rows:
        req = row.requirement
        if req.straight or len(req.symbols) != 1 or _other_text_raw(req):
            return None
        symbols.add(req.symbols[0][0])
    return symbols.pop() if len(symbols) == 1 else None


def _other_text_raw(req) -> bool:
    return bool(req.of_a_kind or req.full_house or req.same_symbol or req.any_dice or req.values)


def _fit_tile_name(th: T.Theme, name: str, room: int, height: int):
    """(lines, font) for a tile's name in the largest face (from 14 base down) in which it fits
    on one line, or on two split at a space (or a hyphen) within `height`; at the smallest face,
    as many lines as it takes; never cut inside a word."""
    top = max(13, round(14 * th.text_scale))
    for real in range(top, 12, -1):  # the largest face: on one line, else on two
        font = th.font_px(real, True, True)
        if font.size(name)[0] <= room:
            return [name], font
        lines, font = fit_name(lambda bold, r=real: th.font_px(r, bold, True), name, room, False)
        step = font.get_ascent() - font.get_descent()
        if (
            _whole_words(lines, name)
            and len(lines) * step <= height
            and all(font.size(x)[0] <= room for x in lines)
        ):
            return lines, font
    # the smallest face, over as many lines as it takes, a word too long for a line broken
    # with a hyphen ("Broad-side")
    font = th.font_px(13, False, True)
    pieces: list[str] = []
    for word in name.split(" "):
        if font.size(word)[0] > room:
            split = fit_name(lambda _bold: font, word, room, False)[0]
            pieces.extend(split if _whole_words(split, word) else _hyphenate(word, font, room))
        else:
            pieces.append(word)
    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]} {piece}" if lines and not lines[-1].endswith("-") else piece
        if lines and not lines[-1].endswith("-") and font.size(trial)[0] <= room:
            lines[-1] = trial
        else:
            lines.append(piece)
    return lines, font


def _hyphenate(word: str, font: pygame.font.Font, room: int) -> list[str]:
    """A word too long for `room` in pieces that fit, each but the last ending in a hyphen."""
    out = []
    while font.size(word)[0] > room and len(word) > 3:
        fits = [k for k in range(2, len(word) - 1) if font.size(word[:k] + "-")[0] <= room]
        cut = max(fits, default=2)
        out.append(word[:cut] + "-")
        word = word[cut:]
    return [*out, word]


def _whole_words(lines: list[str], name: str) -> bool:
    """True when `lines` spell `name` with no word cut short (a hyphen break is allowed)."""
    return " ".join(lines) == name or (
        len(lines) == 2 and lines[0].endswith("-") and lines[0][:-1] + lines[1] == name
    )


def paint_tile(
    surface: pygame.Surface,
    origin: tuple[int, int],
    size: tuple[int, int],
    th: T.Theme,
    hero: HeroDef,
    ability: AbilityDef,
    level: int,
    state: TileState,
) -> Drawn:
    """Draw one tile with its top-left corner at `origin`; returns where things went."""
    w, h = size
    tile = pygame.Rect(0, 0, w, h)
    drawn = Drawn([], [], [], 0, 0, "rows")
    ox, oy = origin
    if state.active:
        glow(surface, tile.move(origin), th, color=T.HIGHLIGHT, strength=5)
    elif state.lit_rows and state.clickable:
        glow(surface, tile.move(origin), th, color=T.HIGHLIGHT, strength=3)
    ultimate = ability.kind == "ultimate"
    fill = LIT_FILL if state.lit_rows else (ULTIMATE_FILL if ultimate else T.WOOD_LIGHT)
    rim = {
        "ultimate": T.GOLD,
        "defensive": T.POSITIVE,
        "passive": T.UPGRADE_COLOURS["passive"],
    }.get(ability.kind, T.BRASS)
    panel(
        surface, tile.move(origin), th, fill=fill, rim=rim, radius=7, rim_width=3 if ultimate else 2
    )
    pad = th.px(5)
    mark = ROMAN.get(level, "")
    name = base_name(ability.name)
    colour = T.GOLD if ultimate else T.TEXT
    full = w - 2 * pad
    # the level: a gold badge with its numeral in the top-right corner; on a tile too narrow
    # for the name beside it, a column of gold pips (one per level) down the right edge
    badge = None
    if mark:
        bfont = th.font(13, bold=True)
        label = text_surface(bfont, mark, T.INK)
        bh = bfont.get_ascent() + th.px(2)
        badge = pygame.Rect(0, 0, max(bh, label.get_width() + th.px(8)), bh)
        badge.topright = (w - th.px(3), th.px(3))
    room = full - (badge.w + th.px(2) if badge else 0)
    lines, font = _fit_tile_name(th, name, room, int(h * 0.4))
    if badge is not None and len(lines) > 2:
        # the pips sit on the right rim, so the name keeps nearly the whole width
        pip = max(3, th.px(4))
        room = w - pad - (2 * pip + 1) - th.px(1)
        lines, font = _fit_tile_name(th, name, room, int(h * 0.4))
        for i in range(level):
            centre = (w - 1 - pip, th.px(5) + pip + i * (2 * pip + th.px(2)))
            pygame.draw.circle(surface, T.GOLD, (centre[0] + ox, centre[1] + oy), pip)
            pygame.draw.circle(surface, T.INK, (centre[0] + ox, centre[1] + oy), pip, 1)
        drawn.level_mark = "pips"
        badge = None
    elif badge is not None:
        pygame.draw.rect(surface, T.GOLD, badge.move(origin), border_radius=badge.h // 2)
        pygame.draw.rect(surface, T.INK, badge.move(origin), 1, border_radius=badge.h // 2)
        _blit_text(surface, drawn, origin, bfont, mark, T.INK, badge.center, "center")
        drawn.level_mark = "badge"
    drawn.name_lines = lines
    y = th.px(3)
    step = font.get_ascent() - font.get_descent() + 1
    for line in lines:
        _blit_text(surface, drawn, origin, font, line, colour, (pad, y))
        y += step - (th.px(1) if len(lines) > 1 else 0)
    if badge is not None:
        y = max(y, badge.bottom)
    y += th.px(2)
    s = th.px(20)
    gap = th.px(3)
    if ability.rows:
        _paint_rows(surface, drawn, origin, th, hero, ability, state, tile, y, pad, gap)
    else:
        drawn.layout = "text"
        small = th.font(13, bold=True, condensed=True)
        drawn.text_height = small.get_height()
        s = max(small.get_height(), s)
        _paint_text_tile(surface, drawn, origin, th, ability, tile, y, pad, s)
    if state.any_lit and not state.lit_rows and not state.active:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, (16, 12, 10, 110), tile, border_radius=th.px(7))
        surface.blit(shade, (ox, oy))
    return drawn


@dataclass
class _Plan:
    layout: str  # rows | stacked | columns
    s: int  # requirement dice size
    row_h: int
    foot: bool
    avail: int
    small: pygame.font.Font  # counts, foot line


def _plan_rows(th, hero, ability, numbers, tile, y, pad, gap, want_foot) -> _Plan:
    """The roomiest arrangement that fits, trying in turn: rows (the dice and the number side by
    side) with the foot line, without it, rows stacked (the number under its dice), then columns
    (the symbol once, the numbers side by side); the dice as large as the room allows but never
    shorter than the text, the text shrinking from 13 base down to 13 px before giving up."""
    n = len(ability.rows)
    bottom = tile.bottom - th.px(4)
    inner = tile.w - 2 * pad
    longest = max((x.text for x in numbers), key=len)
    column_symbol = _columns_fit(ability) if n > 1 else None
    top = max(13, round(13 * th.text_scale))
    foots = [True, False] if want_foot else [False]
    small = th.font_px(top, True, True)
    for real in range(top, 12, -1):
        small = th.font_px(real, True, True)
        text_h = small.get_height()
        low = max(text_h, th.px(16))
        high = max(low, th.px(28))
        foot_h = small.get_ascent() - small.get_descent()
        narrow = th.font_px(13, True, True)
        min_badge = (narrow.size(longest)[0] + th.px(8)) if longest else 0
        num_h = max(text_h, narrow.get_ascent() + th.px(4))
        big = th.font_px(max(13, round(16 * th.text_scale)), True)
        want_badge = (big.size(longest)[0] + th.px(8)) if longest else 0
        # the foot line (odds, damage kind) with a little air above it where there is room,
        # so no number badge touches it; then without the air; then no foot
        for foot, air in [(f, a) for f in foots for a in ((th.px(3), 0) if f else (0,))]:
            avail = bottom - y - (foot_h + air if foot else 0)
            # the dice beside a number at least 16 base tall (the dice no smaller than 20
            # base), else the number under the dice, else any number that fits beside them
            mid = max(low, min(high, th.px(20)))
            tries = [("rows", want_badge, mid), ("stacked", 0, low), ("rows", min_badge, low)]
            for layout, badge, floor in tries:
                for size in range(high, floor - 1, -1):
                    widest = max(
                        _requirement_width(r, hero, size, small, gap) for r in ability.rows
                    )
                    if layout == "rows":
                        fits = n * (size + th.px(1)) <= avail and widest + gap + badge <= inner
                    else:
                        fits = n * (size + num_h + th.px(1)) <= avail and widest <= inner
                    if fits:
                        return _Plan(layout, size, avail // n, foot, avail, small)
        for foot in foots:
            avail = bottom - y - (foot_h if foot else 0)
            if column_symbol is None:
                break
            counts = "/".join(str(r.requirement.symbols[0][1]) for r in ability.rows)
            if (
                avail >= low + num_h
                and low + gap + small.size(counts)[0] <= inner
                and narrow.size(longest)[0] + th.px(3) <= inner // n
            ):
                return _Plan("columns", low, avail, foot, avail, small)
    low = max(small.get_height(), th.px(16))
    return _Plan("rows", low, max(1, (bottom - y) // n), False, bottom - y, small)


def _paint_rows(surface, drawn, origin, th, hero, ability, state, tile, y, pad, gap):
    numbers = [main_number(ability, row) for row in ability.rows]
    kinds = {n.kind for n in numbers if n.text}
    foot_words = ""
    if len(kinds) == 1 and (kind := kinds.pop()) in KIND_WORDS:
        foot_words = kind
    plan = _plan_rows(th, hero, ability, numbers, tile, y, pad, gap, bool(foot_words or state.odds))
    small, s, avail = plan.small, plan.s, plan.avail
    drawn.layout = plan.layout
    drawn.text_height = small.get_height()
    n = len(ability.rows)
    lit_rows = set(state.lit_rows)
    longest = max((x.text for x in numbers), key=len)
    if plan.layout in ("rows", "stacked"):
        stacked = plan.layout == "stacked"
        row_h = plan.row_h if stacked else min(plan.row_h, s + th.px(14))
        top = y + max(0, (avail - n * row_h) // 2) if n == 1 else y
        widest = max(_requirement_width(row, hero, s, small, gap) for row in ability.rows)
        if stacked:
            num_font = _number_font(th, longest, tile.w - 2 * pad, row_h - s - th.px(1), small)
        else:
            badge_room = tile.w - 2 * pad - widest - gap
            num_font = _number_font(th, longest, max(badge_room, 0), row_h, small)
        for r, (row, number) in enumerate(zip(ability.rows, numbers, strict=True)):
            rect = pygame.Rect(th.px(3), top + r * row_h, tile.w - th.px(6), row_h - th.px(1))
            if r in lit_rows:
                _lit_band(surface, rect.move(origin), th)
            drawn.rows.append((r, rect))
            cy = rect.y + s // 2 + th.px(1) if stacked else rect.centery
            _draw_requirement(
                surface, drawn, origin, hero, row, pad, cy, s, small, gap, tile.right - pad
            )
            if number.text:
                bw = max(num_font.get_ascent() + th.px(4), num_font.size(number.text)[0] + th.px(8))
                if stacked:
                    centre = (tile.right - pad - bw // 2, (cy + s // 2 + rect.bottom) // 2)
                else:
                    centre = (tile.right - pad - bw // 2, cy)
                _number_badge(surface, drawn, origin, number, num_font, centre, th)
                drawn.number_height = num_font.get_height()
    else:
        # the symbol once with its counts ("3/4/5"), then the rows' numbers side by side
        symbol = ability.rows[0].requirement.symbols[0][0]
        die = art.requirement_die(hero, symbol, s)
        band = max(s, small.get_ascent() - small.get_descent() + 1)
        rect = die.get_rect(topleft=(pad, y))
        surface.blit(die, rect.move(origin))
        drawn.icons.append(rect)
        counts = "/".join(str(row.requirement.symbols[0][1]) for row in ability.rows)
        _blit_text(
            surface,
            drawn,
            origin,
            small,
            counts,
            T.TEXT,
            (rect.right + gap, rect.centery),
            "midleft",
        )
        cell_w = (tile.w - 2 * pad) // n
        num_font = _number_font(th, longest, cell_w - th.px(2), avail - band, small)
        drawn.number_height = num_font.get_height()
        for r, number in enumerate(numbers):
            cell = pygame.Rect(pad + r * cell_w, y + band, cell_w, avail - band)
            if r in lit_rows:
                _lit_band(surface, cell.move(origin), th)
            drawn.rows.append((r, cell))
            if number.text:
                _number_badge(surface, drawn, origin, number, num_font, cell.center, th, 3)
    if plan.foot:
        fy = tile.bottom - th.px(5) - (small.get_ascent() - small.get_descent())
        odds_w = small.size(state.odds)[0] if state.odds else 0
        if state.odds:
            best = float(state.odds.rstrip("%")) / 100
            tint = T.HIGHLIGHT if best > 0.5 else T.TEXT_DIM
            _blit_text(
                surface, drawn, origin, small, state.odds, tint, (tile.right - pad, fy), "topright"
            )
        if foot_words:
            room = tile.w - 2 * pad - odds_w - gap
            long_word, short_word = KIND_WORDS[foot_words]
            word = long_word if small.size(long_word)[0] <= room else short_word
            if small.size(word)[0] <= room:
                tint = {"heal": T.POSITIVE, "ultimate": T.GOLD}.get(foot_words, (236, 110, 96))
                _blit_text(surface, drawn, origin, small, word, tint, (pad, fy))


def _lit_band(surface, rect, th) -> None:
    pygame.draw.rect(surface, LIT_BAND, rect, border_radius=th.px(4))
    pygame.draw.rect(surface, T.HIGHLIGHT, rect, 1, border_radius=th.px(4))


def _paint_text_tile(surface, drawn, origin, th, ability, tile, y, pad, s):
    small = th.font(13, bold=True, condensed=True)
    room = tile.w - 2 * pad
    if ability.kind == "defensive":
        shield = art.ui_icon("shield", s)
        rect = shield.get_rect(topleft=(pad, y))
        surface.blit(shield, rect.move(origin))
        drawn.icons.append(rect)
        dice = f"{ability.defense_dice} {'die' if ability.defense_dice == 1 else 'dice'}"
        if small.size(dice)[0] > room - rect.w - th.px(3):
            dice = str(ability.defense_dice)
        _blit_text(
            surface,
            drawn,
            origin,
            small,
            dice,
            T.TEXT,
            (rect.right + th.px(3), rect.centery),
            "midleft",
        )
        y = rect.bottom + th.px(1)
    elif small.size("PASSIVE")[0] <= room:
        r = _blit_text(surface, drawn, origin, small, "PASSIVE", T.TEXT_DIM, (pad, y))
        y = r.bottom + th.px(1)
    height = tile.bottom - th.px(4) - y
    if height < 13:
        return
    # the board's hotspot has the whole text as its tooltip
    lines, font = fit_lines(
        th, 12, ability.text, tile.w - 2 * pad, height, condensed=True, in_tooltip=True
    )
    step = font.get_linesize()
    for line in lines:
        _blit_text(surface, drawn, origin, font, line, T.TEXT, (pad, y))
        y += step


# ------------------------------------------------------------------ the cache

_CACHE: OrderedDict[tuple, tuple[pygame.Surface, Drawn]] = OrderedDict()
CACHE_SIZE = 128  # tiles kept: a 6-seat table shows up to 54, twice as many states fit


def draw_tile(
    surface: pygame.Surface,
    rect: pygame.Rect,
    th: T.Theme,
    hero: HeroDef,
    ability: AbilityDef,
    level: int,
    state: TileState,
) -> Drawn:
    """Draw a tile at `rect` from the cache (drawn on a miss); returns its layout moved to `rect`.

    While the layout check records a frame the tile is drawn straight onto the screen."""
    if widgets.RECORDER is not None:
        drawn = paint_tile(surface, rect.topleft, rect.size, th, hero, ability, level, state)
    else:
        key = (hero.id, ability.id, ability.name, level, rect.size, th.scale, th.text_scale, state)
        hit = _CACHE.get(key)
        if hit is None:
            margin = _margin(th, state)
            surf = pygame.Surface((rect.w + 2 * margin, rect.h + 2 * margin), pygame.SRCALPHA)
            drawn = paint_tile(surf, (margin, margin), rect.size, th, hero, ability, level, state)
            hit = (surf, drawn)
            _CACHE[key] = hit
            if len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
        else:
            _CACHE.move_to_end(key)
        surf, drawn = hit
        margin = _margin(th, state)
        surface.blit(surf, (rect.x - margin, rect.y - margin))
    return drawn


def _margin(th: T.Theme, state: TileState) -> int:
    """Room around a cached tile for its glow (none when it does not glow)."""
    return th.px(12) if state.active or (state.lit_rows and state.clickable) else 0


def clear_cache() -> None:
    _CACHE.clear()
