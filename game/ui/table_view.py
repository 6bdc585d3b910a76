"""The table for 3-6 heroes: compact boards, turn order, teams, targets and the targeting roll.

The duel scene owns one `TableView` when a match has more than two seats. The viewer's own board
and hand stay big at the bottom (as in the duel); every other seat gets a compact board in a
strip along the top (emblem, name, Health, CP, tokens with counts, hand size). The seat in
focus (the active player, else the one hovered or clicked) is shown full size under the strip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.rules import variants as rules_variants
from game.ui import theme as T
from game.ui.board_view import Hotspot, draw_dial, draw_tokens
from game.ui.widgets import draw_text, glow, panel, text_surface

LEADER_TIP = (
    "Leader: the most Health at the table (a tie makes several Leaders). Whoever attacks a "
    "Leader draws a card at once."
)


def team_colour(team: int) -> tuple[int, int, int]:
    return T.TEAM_COLOURS[team % len(T.TEAM_COLOURS)]  # per palette (theme.set_palette)


def team_name(team: int) -> str:
    return f"Team {chr(ord('A') + team)}"


def leaders(view) -> set[int]:
    """King of the Hill Leaders (seats), as the match view reports them."""
    return set(view.leaders)


def turn_order(engine, view) -> list[int]:
    return list(view.turn_order) or [p.seat for p in view.players]


def shares_dial(engine) -> bool:
    return bool(getattr(engine.setup, "shared_team_dial", False))


@dataclass
class Targeting:
    """The last targeting roll, shown with its table for a few seconds."""

    attacker: int
    value: int
    result: str
    rows: list[tuple[str, str, bool]]  # (faces, meaning, matched)
    age: float = 0.0
    life: float = 3.2


def targeting_rows(view, attacker: int, value: int) -> list[tuple[str, str, bool]]:
    """The targeting table the attacker rolled on: (faces, meaning, matched) per row, the
    meaning naming the opponent(s) a row leaves (nearest clockwise first)."""
    total = len(view.players)
    opponents = [
        p.seat for p in view.players if p.team != view.players[attacker].team and not p.defeated
    ]
    ordered = rules_variants.clockwise_from(attacker, opponents, total)
    rows = []
    for low, high, result in rules_variants.table_for(view.mode, len(ordered)):
        faces = str(low) if low == high else f"{low}-{high}"
        meaning = rules_variants.result_text(result)
        picks = rules_variants.candidates(result, ordered)
        if len(picks) == 1:
            meaning = f"{view.players[picks[0]].name}: {meaning}"
        rows.append((faces, meaning[:1].upper() + meaning[1:], low <= value <= high))
    return rows


class TableView:
    """Layout and drawing of the seats around the table (more than two heroes)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.compact: dict[int, pygame.Rect] = {}  # seat -> compact board rect
        self.focus_pinned: int | None = None  # a compact board clicked open
        self.hover_seat: int | None = None
        self.targeting: Targeting | None = None
        self.order_rect = pygame.Rect(0, 0, 0, 0)
        self.mate_rects: list[tuple[pygame.Rect, str]] = []

    # ------------------------------------------------------------ who sits where

    def others(self, view, me: int) -> list[int]:
        """Every other seat, clockwise from the viewer's left."""
        n = len(view.players)
        return [(me + k) % n for k in range(1, n)]

    def layout(self, strip: pygame.Rect, view, me: int) -> None:
        th = self.scene.app.theme
        others = self.others(view, me)
        gap = th.px(6)
        width = (strip.w - gap * (len(others) - 1)) // max(1, len(others))
        self.compact = {
            seat: pygame.Rect(strip.x + i * (width + gap), strip.y, width, strip.h)
            for i, seat in enumerate(others)
        }

    def focus(self, view, me: int) -> int:
        """The seat shown full size under the strip."""
        choice = self.scene.engine.pending
        if self.hover_seat is not None and self.hover_seat != me:
            return self.hover_seat
        if self.focus_pinned is not None and self.focus_pinned != me:
            return self.focus_pinned
        if view.active != me and not view.players[view.active].defeated:
            return view.active
        defender = view.combat.defender
        if defender is not None and defender != me:
            return defender
        if choice is not None and choice.kind == "choose_target" and choice.options:
            # (online, another seat's decision comes without its options)
            return choice.options[0].action.get("option", self.others(view, me)[0])
        opponents = [
            s
            for s in self.others(view, me)
            if view.players[s].team != view.players[me].team and not view.players[s].defeated
        ]
        return opponents[0] if opponents else self.others(view, me)[0]

    def seat_at(self, pos) -> int | None:
        for seat, rect in self.compact.items():
            if rect.collidepoint(pos):
                return seat
        return None

    def target_options(self) -> dict[int, object]:
        """seat -> the action choosing that seat, while a target is being chosen."""
        choice = self.scene.engine.pending
        if choice is None or choice.kind != "choose_target":
            return {}
        if not self.scene.human(choice.player) or self.scene.pass_to is not None:
            return {}
        out = {}
        for option in choice.options:
            seat = option.action.get("option")
            if isinstance(seat, int):
                out[seat] = option.action
        return out

    # ------------------------------------------------------------ drawing

    def draw_strip(self, surface: pygame.Surface, view, me: int) -> list[Hotspot]:
        spots: list[Hotspot] = []
        lead = leaders(view)
        targets = self.target_options()
        shared = shares_dial(self.scene.engine)
        dial_shown: set[int] = {view.players[me].team} if shared else set()
        focus = self.focus(view, me)
        for seat, rect in self.compact.items():
            player = view.players[seat]
            spots += self._draw_compact(
                surface,
                rect,
                view,
                player,
                me,
                leader=seat in lead,
                target=seat in targets,
                focused=seat == focus,
                show_dial=not (shared and player.team in dial_shown),
            )
            if shared:
                dial_shown.add(player.team)
        return spots

    def _draw_compact(
        self, surface, rect, view, player, me, *, leader, target, focused, show_dial
    ) -> list[Hotspot]:
        from game.ui.art import hero_emblem, ui_icon

        scene = self.scene
        th = scene.app.theme
        seat = player.seat
        spots: list[Hotspot] = []
        colour = team_colour(player.team)
        active = view.active == seat and not view.over
        defender = view.combat.defender == seat and view.combat.attacker is not None
        if target:
            glow(surface, rect, th, strength=4, radius=8)
        elif active:
            glow(surface, rect, th, color=T.HIGHLIGHT, strength=2, radius=8)
        rim = T.HIGHLIGHT if (active or target) else (colour if not focused else T.BRASS)
        panel(surface, rect, th, fill=(50, 43, 38) if focused else T.WOOD, rim=rim, radius=8)
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(rect.x + th.px(3), rect.y + th.px(6), th.px(4), rect.h - th.px(12)),
            border_radius=th.px(2),
        )
        x = rect.x + th.px(10)
        y = rect.y + th.px(5)
        size = th.px(30)
        surface.blit(hero_emblem(player.hero, size), (x, y))
        scene.dial_rects[(seat, "portrait")] = pygame.Rect(x, y, size, size)
        name_x = x + size + th.px(6)
        right = rect.right - th.px(6)
        name = player.name
        tag = ""
        if leader:
            tag = "crown"
        room = right - name_x - (th.px(20) if tag else 0)
        font = th.fit_font(14, name, room, height=th.px(15), bold=True, condensed=True)
        while font.size(name)[0] > room and len(name) > 3:
            name = name[:-2] + "…"
        draw_text(surface, name, font, T.HIGHLIGHT if active else T.TEXT, (name_x, y - th.px(1)))
        if leader:
            crown_rect = pygame.Rect(0, 0, th.px(18), th.px(14))
            crown_rect.topleft = (name_x + font.size(name)[0] + th.px(4), y + th.px(1))
            draw_crown(surface, crown_rect, T.GOLD)
            spots.append(
                Hotspot(
                    crown_rect,
                    "leader",
                    seat,
                    None,
                    LEADER_TIP,
                )
            )
        team = team_name(player.team) if view.mode in rules_variants.TEAM_MODES else ""
        who = scene.seat_kind_label(seat)
        for sub in (f"{team} · {who}", f"{team} · {who.split(' ')[0]}", team or who):
            sub = sub.strip(" ·")
            small = th.fit_font(13, sub, right - name_x, height=th.px(14), condensed=True)
            if small.size(sub)[0] <= right - name_x:
                break
        draw_text(surface, sub, small, colour, (name_x, y + th.px(15)))
        # second row: Health (once per team when the dial is shared), CP, tokens, hand
        cy = rect.bottom - th.px(17)
        r = th.px(13)
        hx = x + r
        health = scene.presenter.shown_health.get(seat, player.health)
        cp = scene.presenter.shown_cp.get(seat, player.cp)
        if show_dial:
            hrect = draw_dial(surface, (hx, cy), r, health, T.HEALTH, th)
            tip = f"Health {health} (started at {player.start_health})."
            if shares_dial(scene.engine):
                tip = f"{team_name(player.team)}'s shared Health dial: {health}."
            spots.append(Hotspot(hrect, "health", seat, None, tip))
            scene.dial_rects[(seat, "health")] = hrect
        else:
            hrect = pygame.Rect(hx - r, cy - r, r * 2, r * 2)
            pygame.draw.circle(surface, colour, hrect.center, r, max(1, th.px(2)))
            heart = ui_icon("health", th.px(14), T.HEALTH)
            surface.blit(heart, heart.get_rect(center=hrect.center))
            spots.append(
                Hotspot(
                    hrect,
                    "health",
                    seat,
                    None,
                    f"Shares {team_name(player.team)}'s Health dial ({health}).",
                )
            )
            scene.dial_rects[(seat, "health")] = hrect
        crect = draw_dial(surface, (hx + 2 * r + th.px(6), cy), r, cp, T.CP, th)
        scene.dial_rects[(seat, "cp")] = crect
        spots.append(Hotspot(crect, "cp", seat, None, f"Combat Points {cp} of 15."))
        hand_text = f"{len(player.hand)}"
        hand_font = th.font(13, bold=True)
        hw = hand_font.size(hand_text)[0] + th.px(22)
        hand_rect = pygame.Rect(right - hw, cy - th.px(10), hw, th.px(20))
        pygame.draw.rect(surface, (30, 26, 23), hand_rect, border_radius=th.px(4))
        card = pygame.Rect(hand_rect.x + th.px(4), hand_rect.y + th.px(3), th.px(10), th.px(14))
        pygame.draw.rect(surface, T.PARCHMENT_DARK, card, border_radius=th.px(2))
        draw_text(
            surface,
            hand_text,
            hand_font,
            T.TEXT,
            (hand_rect.right - th.px(4), hand_rect.y + th.px(2)),
            align="right",
        )
        spots.append(
            Hotspot(
                hand_rect,
                "hand_back",
                seat,
                None,
                f"{len(player.hand)} cards in hand, {player.deck_size} in the deck.",
            )
        )
        tx = crect.right + th.px(6)
        max_w = hand_rect.x - th.px(4) - tx
        token_size = th.px(22)
        drawn = draw_tokens(
            surface,
            scene.content,
            player.statuses,
            player.limits,
            (tx, cy - token_size // 2),
            token_size,
            th,
            seat,
            max_width=max_w,
        )
        spots += drawn
        held = sum(1 for s, n in player.statuses.items() if n > 0 and s in scene.content.statuses)
        if held > len(drawn):
            more = text_surface(th.font(13, bold=True), f"+{held - len(drawn)}", T.TEXT)
            x_more = tx + len(drawn) * (token_size + th.px(6))
            if drawn:
                x_more = min(x_more, hand_rect.x - more.get_width() - th.px(2))
            surface.blit(more, (x_more, cy - more.get_height() // 2))
        if defender:
            label = text_surface(th.font(13, bold=True), "TARGET", T.WHITE)
            tag = label.get_rect(midbottom=(rect.centerx, rect.bottom + th.px(2)))
            pygame.draw.rect(surface, (190, 60, 46), tag.inflate(th.px(10), 0), border_radius=4)
            surface.blit(label, tag)
        if player.defeated:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((20, 20, 20, 170))
            surface.blit(shade, rect)
            text = text_surface(th.font(16, bold=True), "DEFEATED", (190, 190, 190))
            surface.blit(text, text.get_rect(center=rect.center))
        spots.append(
            Hotspot(
                rect,
                "seat",
                seat,
                None,
                ("Click to target this player." if target else "Click to keep this board open."),
            )
        )
        return spots

    def draw_focus_mark(self, surface, board: pygame.Rect, view, seat: int) -> None:
        """Ties the full-size board to its compact board: a notch under it, a rim in its team
        colour around the board."""
        th = self.scene.app.theme
        rect = self.compact.get(seat)
        if rect is None:
            return
        colour = team_colour(view.players[seat].team)
        pygame.draw.rect(surface, colour, board.inflate(th.px(4), th.px(4)), th.px(2), 10)
        x, y = rect.centerx, rect.bottom + th.px(1)
        size = th.px(7)
        pygame.draw.polygon(
            surface, colour, [(x - size, y), (x + size, y), (x, board.y - th.px(1))]
        )

    def draw_turn_order(self, surface, rect: pygame.Rect, view) -> list[Hotspot]:
        from game.ui.art import hero_emblem

        scene = self.scene
        th = scene.app.theme
        self.order_rect = rect
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=6)
        order = turn_order(scene.engine, view)
        label = text_surface(th.font(13, bold=True), "Order", T.TEXT_DIM)
        surface.blit(label, label.get_rect(midleft=(rect.x + th.px(8), rect.centery)))
        x = rect.x + th.px(16) + label.get_width()
        step = (rect.right - th.px(6) - x) // max(1, len(order))
        size = min(rect.h - th.px(8), step - th.px(14))
        spots = []
        for i, seat in enumerate(order):
            player = view.players[seat]
            cell = pygame.Rect(x + i * step, rect.y + th.px(4), size, size)
            if view.active == seat and not view.over:
                pygame.draw.circle(surface, T.HIGHLIGHT, cell.center, size // 2 + th.px(3))
            emblem = hero_emblem(player.hero, size)
            if player.defeated:
                emblem = emblem.copy()
                emblem.set_alpha(70)
            surface.blit(emblem, cell)
            pygame.draw.line(
                surface,
                team_colour(player.team),
                (cell.x, cell.bottom + th.px(1)),
                (cell.right, cell.bottom + th.px(1)),
                max(2, th.px(3)),
            )
            if player.defeated:
                pygame.draw.line(surface, (200, 60, 50), cell.topleft, cell.bottomright, 2)
            if i < len(order) - 1:
                arrow = text_surface(th.font(13, bold=True), "›", T.TEXT_DIM)
                surface.blit(
                    arrow, arrow.get_rect(center=(cell.right + (step - size) // 2, cell.centery))
                )
            state = " (defeated)" if player.defeated else ""
            if view.active == seat:
                state = " (now)"
            spots.append(Hotspot(cell, "order", seat, None, f"{i + 1}. {player.name}{state}"))
        return spots

    def draw_target_arrow(self, surface, view, anchors: dict[int, pygame.Rect]) -> None:
        """An arrow from the attacker to the defender while an attack is on."""
        combat = view.combat
        attacker, defender = combat.attacker, combat.defender
        if attacker is None or defender is None or attacker == defender:
            return
        if view.phase not in ("targeting_roll", "defensive_roll", "offensive_roll"):
            return
        a, b = anchors.get(attacker), anchors.get(defender)
        if a is None or b is None:
            return
        th = self.scene.app.theme
        start = pygame.Vector2(a.center)
        end = pygame.Vector2(b.center)
        if start.distance_to(end) < th.px(20):
            return
        start = _edge_point(a, end)
        end = _edge_point(b, start)
        colour = (236, 96, 72)
        pygame.draw.line(surface, (20, 10, 8), start, end, th.px(5))
        pygame.draw.line(surface, colour, start, end, th.px(3))
        direction = (end - start).normalize()
        normal = pygame.Vector2(-direction.y, direction.x)
        tip = end
        base = end - direction * th.px(16)
        pygame.draw.polygon(
            surface, colour, [tip, base + normal * th.px(9), base - normal * th.px(9)]
        )

    def draw_targeting(self, surface, area: pygame.Rect) -> None:
        """The targeting roll: the die and its table with the matched row lit."""
        info = self.targeting
        if info is None or self._new_throw():
            return  # a die in the air is never drawn under (or over) the table
        from game.ui.art import die_face

        scene = self.scene
        th = scene.app.theme.fixed()  # a table of fixed rows: its words keep 1.00x proportions
        t = info.age / info.life
        alpha = 255 if self.choosing() else int(255 * min(1.0, (1 - t) * 4, 0.3 + t * 10))
        rows = info.rows
        head = th.px(38)
        # under the banner line (its foot is 72 px down the tray), so "X targets Y" never
        # covers the table: the rows close up to fit the room left
        room = area.bottom - th.px(6) - (area.y + th.px(74)) - head
        row_h = max(th.px(18), min(th.px(24), room // max(1, len(rows))))
        w = min(area.w - th.px(20), th.px(540))
        h = head + row_h * max(1, len(rows)) + th.px(4)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (area.centerx, area.bottom - th.px(6))
        if self.choosing():
            # the choice's buttons take the tray's right part: the table moves left
            rect.w = self.panel_width()
            rect.bottomleft = (area.x + th.px(10), area.bottom - th.px(8))
            w = rect.w
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (24, 20, 18, 235), layer.get_rect(), border_radius=th.px(10))
        pygame.draw.rect(layer, T.BRASS, layer.get_rect(), th.px(2), border_radius=th.px(10))
        who = scene.seat_name(info.attacker)
        draw_text(layer, f"Targeting roll: {who}", th.font(17, bold=True), T.BRASS, (14, 8))
        hero = scene.content.heroes[scene.view.players[info.attacker].hero]
        face = die_face(hero, info.value, th.px(30))
        layer.blit(face, (w - th.px(40), th.px(4)))
        y = head
        size = 15 if row_h >= th.px(22) else 14
        for faces, meaning, matched in rows:
            row = pygame.Rect(th.px(10), y, w - th.px(20), row_h - th.px(2))
            if matched:
                pygame.draw.rect(layer, T.HIGHLIGHT, row, border_radius=th.px(5))
            colour = T.INK if matched else T.TEXT
            font = th.font(size, bold=True)
            top = row.centery - font.get_height() // 2
            draw_text(layer, faces, font, colour, (row.x + th.px(8), top))
            font = th.font(size)
            if font.size(meaning)[0] > row.w - th.px(76):
                font = th.font(size - 1, condensed=True)
            draw_text(layer, meaning, font, colour, (row.x + th.px(70), top))
            y += row_h
        if not rows and info.result:
            draw_text(layer, info.result, th.font(15), T.TEXT, (th.px(18), y))
        layer.set_alpha(alpha)
        surface.blit(layer, rect)

    def choosing(self) -> bool:
        choice = self.scene.engine.pending
        return choice is not None and choice.kind == "choose_target"

    def panel_width(self) -> int:
        return self.scene.app.theme.px(440)

    def _new_throw(self) -> bool:
        """Dice are tumbling in the tray (the table is shown only once its die has landed, so
        this is the next roll: the table has had its moment)."""
        tray = getattr(self.scene, "tray", None)
        return tray is not None and tray.rolling and not self.choosing()

    def update(self, dt: float) -> None:
        if self.targeting is not None:
            choice = self.scene.engine.pending
            if choice is not None and choice.kind == "choose_target":
                return  # someone is choosing because of this roll: keep the table up
            if self._new_throw():
                self.targeting = None
                return
            self.targeting.age += dt
            if self.targeting.age >= self.targeting.life:
                self.targeting = None

    def draw_mate_hand(self, surface, rect: pygame.Rect, view, me: int) -> list[Hotspot]:
        """Teammates see each other's hands: the viewer's teammates' cards as small tags."""
        scene = self.scene
        th = scene.app.theme
        self.mate_rects = []
        mates = [
            p
            for p in view.players
            if p.seat != me and p.team == view.players[me].team and not p.defeated
        ]
        if not mates:
            return []
        spots = []
        y = rect.y
        title = "Your team's hands (teammates may look)"
        draw_text(
            surface,
            title,
            th.fit_font(13, title, rect.w, bold=True, condensed=True),
            T.BRASS,
            (rect.x, y),
        )
        y += th.px(20)
        fixed = th.fixed()  # card-name tags of a fixed height
        font = fixed.font(13, condensed=True)
        bold = fixed.font(13, bold=True, condensed=True)
        from game.ui.cards import frame_colour

        for mate in mates:
            if y + th.px(20) > rect.bottom:
                break
            label = text_surface(bold, f"{mate.name}:", team_colour(mate.team))
            surface.blit(label, (rect.x, y + th.px(2)))
            x = rect.x + label.get_width() + th.px(6)
            hero = scene.content.heroes.get(mate.hero)
            for _card, cid in mate.hand:
                cdef = scene.content.cards[cid]
                wdt = min(font.size(cdef.name)[0] + th.px(12), th.px(140))
                if x + wdt > rect.right:
                    x = rect.x + th.px(12)
                    y += th.px(22)
                if y + th.px(20) > rect.bottom:
                    break
                tag = pygame.Rect(x, y, wdt, th.px(20))
                pygame.draw.rect(surface, T.PARCHMENT, tag, border_radius=th.px(4))
                pygame.draw.rect(
                    surface, frame_colour(cdef, hero), tag, th.px(2), border_radius=th.px(4)
                )
                shown = cdef.name
                while font.size(shown)[0] > wdt - th.px(10) and len(shown) > 3:
                    shown = shown[:-2] + "…"
                draw_text(surface, shown, font, T.INK, (x + th.px(6), y + th.px(2)))
                tip = f"{cdef.name} ({mate.name}'s card, cost {cdef.cost} CP): {cdef.text}"
                spots.append(Hotspot(tag, "mate_card", mate.seat, cid, tip))
                x += wdt + th.px(4)
            if not mate.hand:
                draw_text(surface, "no cards", font, T.TEXT_DIM, (x, y + th.px(2)))
            y += th.px(24)
        return spots


def draw_crown(surface, rect: pygame.Rect, colour) -> None:
    x, y, w, h = rect
    points = [
        (x, y + h),
        (x, y + h * 0.3),
        (x + w * 0.25, y + h * 0.6),
        (x + w * 0.5, y),
        (x + w * 0.75, y + h * 0.6),
        (x + w, y + h * 0.3),
        (x + w, y + h),
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, (90, 66, 20), points, 1)


def _edge_point(rect: pygame.Rect, towards: pygame.Vector2) -> pygame.Vector2:
    """Where the line from the rect's centre to `towards` leaves the rect."""
    centre = pygame.Vector2(rect.center)
    d = towards - centre
    if d.length() == 0:
        return centre
    sx = (rect.w / 2) / abs(d.x) if d.x else math.inf
    sy = (rect.h / 2) / abs(d.y) if d.y else math.inf
    return centre + d * min(sx, sy, 1.0)
