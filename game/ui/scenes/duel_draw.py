"""Drawing the duel board: the bars, boards, tray, prompt, hand, log, panels, floaters and the
pass-the-screen page (`DuelScene` mixes this in; it never changes the match)."""

from __future__ import annotations

import pygame

from game.ai import LEVEL_NAMES
from game.rules.view import MatchView
from game.ui import hand as hand_fan
from game.ui import keymap, widgets
from game.ui import theme as T
from game.ui.board_view import Hotspot, draw_companions, draw_dial, draw_tokens
from game.ui.cards import card_back, card_face
from game.ui.table_view import LEADER_TIP, draw_crown
from game.ui.widgets import (
    draw_text,
    fit_lines,
    glow,
    panel,
    text_surface,
    wrap,
)

PHASES = [
    ("upkeep", "UP", "Upkeep"),
    ("income", "IN", "Income"),
    ("main1", "M1", "Main (1)"),
    ("offensive_roll", "OR", "Offensive Roll"),
    ("targeting_roll", "TR", "Targeting Roll"),
    ("defensive_roll", "DR", "Defensive Roll"),
    ("main2", "M2", "Main (2)"),
    ("discard", "D", "Discard"),
]
PHASE_TIPS = {
    "upkeep": "Upkeep: tokens and passive abilities that act at the start of the turn.",
    "income": "Income: +1 CP (up to 15) and draw a card. The first player skips it on turn 1.",
    "main1": "Main Phase (1): sell cards for 1 CP, play upgrades and Main Phase cards.",
    "offensive_roll": "Offensive Roll: up to 3 rolls of your 5 dice, then use one ability.",
    "targeting_roll": "Targeting Roll: with several opponents, decides who is attacked.",
    "defensive_roll": "Defensive Roll: the Defender rolls their defense dice once.",
    "main2": "Main Phase (2): like Main Phase (1).",
    "discard": "Discard: sell cards until you hold 6 or fewer.",
}


class DuelDrawing:
    """The duel board's drawing methods (split from duel.py along the draw seam)."""

    def _draw_bar(self, surface, view: MatchView, seat: int, rect: pygame.Rect, top: bool) -> None:
        th = self.app.theme
        player = view.players[seat]
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS, radius=8)
        hero = self.content.heroes[player.hero]
        size = rect.h - th.px(10) if top else th.px(56)
        x = rect.x + th.px(6)
        y = rect.y + th.px(5)
        try:
            from game.ui.art import hero_emblem

            surface.blit(hero_emblem(hero.id, size), (x, y))
        except ImportError:
            pass
        self.dial_rects[(seat, "portrait")] = pygame.Rect(x, y, size, size)
        x += size + th.px(8)
        active = view.active == seat and not view.over
        name_col = T.HIGHLIGHT if active else T.TEXT
        name_font = th.fit_font(18, player.name, rect.w // 3, height=th.px(21), bold=True)
        draw_text(surface, player.name, name_font, name_col, (x, y))
        if self.table is not None and seat in view.leaders:
            crown = pygame.Rect(0, 0, th.px(20), th.px(15))
            crown.topleft = (x + name_font.size(player.name)[0] + th.px(6), y + 2)
            draw_crown(surface, crown, T.GOLD)
            self.spots.append(Hotspot(crown, "leader", seat, None, LEADER_TIP))
        sub = self.bar_label(seat)
        if active:
            sub += " - to move"
        sub_font = th.fit_font(13, sub, rect.w // 2, height=th.px(14))
        draw_text(surface, sub, sub_font, T.TEXT_DIM, (x, y + th.px(22)))
        health = self.presenter.shown_health.get(seat, player.health)
        cp = self.presenter.shown_cp.get(seat, player.cp)
        if top:
            text_right = x + max(sub_font.size(sub)[0], name_font.size(player.name)[0])
            hx = max(rect.x + th.px(290), text_right + th.px(40))
            cy = rect.centery
            r = th.px(22)
        else:
            hx = rect.x + th.px(40)
            cy = rect.y + th.px(82)
            r = th.px(18)
        hrect = draw_dial(surface, (hx, cy), r, health, T.HEALTH, th)
        crect = draw_dial(surface, (hx + r * 2 + th.px(14), cy), r, cp, T.CP, th)
        self.dial_rects[(seat, "health")] = hrect
        self.dial_rects[(seat, "cp")] = crect
        self.spots.append(
            Hotspot(
                hrect,
                "health",
                seat,
                None,
                f"Health {health} (started at {player.start_health}; healing "
                f"can raise it to {player.start_health + 10}).",
            )
        )
        self.spots.append(
            Hotspot(
                crect,
                "cp",
                seat,
                None,
                f"Combat Points {cp} of 15: they pay for cards. "
                + ("Drop a card here to sell it for 1 CP." if seat == self.viewer else ""),
            )
        )
        if seat == self.viewer:
            self.cp_rect = crect
        if seat == self.viewer and (self.drag is not None and self.drag["moved"]):
            glow(surface, crect, th, color=T.CP, strength=4, radius=r)
        usable = set()
        choice = self.source.pending
        if choice is not None and choice.player == seat and self.human(seat):
            usable = {o.action.get("status") for o in choice.options if o.action.kind == "spend"}
        tx = crect.right + th.px(14)
        if player.companions:  # Nyra's own Health dial, beside the hero's
            comp_spots, tx = draw_companions(
                surface, player.companions, (tx, cy), int(r * 0.8), th, seat
            )
            self.spots += comp_spots
            tx += th.px(6)
        token_size = th.px(34)
        ty = rect.centery - token_size // 2 if top else rect.y + th.px(66)
        max_w = (rect.right - th.px(150) - tx) if top else rect.right - tx - th.px(6)
        self.spots += draw_tokens(
            surface,
            self.content,
            player.statuses,
            player.limits,
            (tx, ty),
            token_size,
            th,
            seat,
            usable,
            max_width=max_w,
        )
        info = f"Deck {player.deck_size}  Discard {len(player.discard)}"
        if top:
            info = f"Hand {len(player.hand)}   " + info
            draw_text(
                surface,
                info,
                th.font(14),
                T.TEXT,
                (rect.right - th.px(10), rect.centery - th.px(8)),
                align="right",
            )
        else:
            info_font = th.fit_font(13, info, rect.right - th.px(76) - rect.x, height=th.px(14))
            draw_text(surface, info, info_font, T.TEXT_DIM, (rect.x + th.px(70), y + th.px(38)))

    def bar_label(self, seat: int) -> str:
        """Who plays this seat, under its name (online: the player's connection)."""
        if seat in self.controllers:
            level = self.seats[seat].get("level", "normal")
            return f"Computer ({LEVEL_NAMES.get(level, level)})"
        return "You" if not self.hotseat else f"Player {seat + 1}"

    def _draw_board(self, surface, view: MatchView, seat: int, rect: pygame.Rect) -> None:
        th = self.app.theme
        player = view.players[seat]
        hero = self.content.heroes[player.hero]
        lit: dict[str, set[int]] = {}
        clickable: set[str] = set()
        choice = self.source.pending
        if choice is not None and choice.player == seat:
            for option in choice.options:
                if option.action.kind == "activate":
                    lit.setdefault(option.action.get("ability"), set()).add(
                        option.action.get("row")
                    )
                    if self.human(seat):
                        clickable.add(option.action.get("ability"))
        active = view.combat.ability if view.combat.attacker == seat else None
        if view.combat.defender == seat and view.combat.defense_ability:
            active = view.combat.defense_ability
        odds = self.odds(seat) if self.human(seat) else None
        self.spots += self.board.draw(
            surface,
            rect,
            th,
            seat,
            hero,
            player.levels,
            lit=lit,
            odds=odds,
            active=active,
            clickable=clickable,
            flipped=player.flipped,
        )

    def _draw_tray(self, surface) -> None:
        th = self.app.theme
        dice = list(self.tray_dice)

        def face(value: int, size: int, kept: bool, index: int | None = None) -> pygame.Surface:
            from game.ui import art

            hero_id = (
                dice[index][2]
                if index is not None and index < len(dice)
                else (dice[0][2] if dice else "gunslinger")
            )
            return art.die_face(self.content.heroes[hero_id], value, size, kept=kept)

        self.tray.draw(surface, face)
        choice = self.source.pending
        if choice is not None and choice.kind in ("offensive_roll", "defensive_roll"):
            left = choice.context.get("attempts_left", 0)
            total = choice.context.get("attempts_total", 0)
            x, y = self.tray_rect.x + th.px(14), self.tray_rect.bottom - th.px(26)
            font = th.font(15, bold=True)
            label = f"Roll attempts left: {left}"
            draw_text(surface, label, font, T.TEXT, (x, y))
            # one pip per attempt: filled while it is still to come, hollow once used
            r = th.px(6)
            cx = x + font.size(label)[0] + th.px(14)
            cy = y + font.get_linesize() // 2
            for i in range(total):
                centre = (cx + i * (2 * r + th.px(6)), cy)
                if i < left:
                    pygame.draw.circle(surface, T.HIGHLIGHT, centre, r)
                pygame.draw.circle(surface, T.BRASS, centre, r, max(1, th.px(2)))

    def _draw_prompt(self, surface, choice) -> None:
        th = self.app.theme
        rect = self.prompt_rect
        human_turn = choice is not None and self.human(choice.player) and self.pass_to is None
        panel(
            surface,
            rect,
            th,
            fill=T.WOOD,
            rim=T.HIGHLIGHT if human_turn else T.BRASS_DARK,
            radius=8,
        )
        text = self._prompt_text(choice)
        width = rect.w - th.px(20) - sum(b.rect.w + th.px(8) for b in self.buttons)
        lines, font = fit_lines(th, 16, text, width, rect.h - th.px(4), bold=True)
        y = rect.centery - (len(lines) * font.get_linesize()) // 2
        for line in lines:
            surface.blit(
                text_surface(font, line, T.HIGHLIGHT if human_turn else T.TEXT),
                (rect.x + th.px(12), y),
            )
            y += font.get_linesize()
        for button in self.buttons:
            button.draw(surface, th)

    def _prompt_text(self, choice) -> str:
        if self.message:
            text, self.message = self.message, ""
            self._last_message = text
            return text
        if self.source.over:
            return "The duel is over."
        if choice is None:
            return ""
        who = self.seat_name(choice.player)
        if not self.human(choice.player):
            if choice.kind == "choose_target":
                return f"{who} is choosing the target..."
            return f"{who} is thinking..."
        if self.presenter.busy:
            return "...  (click to hurry)"
        kind = choice.kind
        left = choice.context.get("attempts_left", 0)
        if kind == "main_phase":
            n = choice.context.get("phase", "main1")[-1]
            if self.confirm_end is choice:
                can = self.playable_now(choice)
                shown = ", ".join(can[:3]) + (f" and {len(can) - 3} more" if len(can) > 3 else "")
                return f"You can still play {shown}. End Main Phase ({n}) anyway?"
            return f"Main Phase ({n}): play or sell cards, then End Phase."
        if kind == "offensive_roll":
            if left == choice.context.get("attempts_total", 0):
                return "Your Offensive Roll: throw your five dice."
            if left > 0:
                return (
                    f"Click dice to keep them, then Re-roll ({left} left) - or click a lit "
                    "ability to use it."
                )
            return "No rolls left: click a lit ability to use it, or No Ability."
        if kind == "defensive_roll":
            if any(o.action.kind == "accept" for o in choice.options):
                return (
                    "Your defense roll is in. Use it (or re-roll, if a card gave you another try)."
                )
            return f"{who}, defend! Roll your defense dice."
        if kind == "respond":
            return f"{choice.prompt}  Use a glowing card or token, or Pass."
        if kind == "discard":
            return "Too many cards: click cards to sell them (1 CP each) until you hold 6."
        if kind == "choose_target":
            return f"{choice.prompt}  Click a glowing board (or a button)."
        return choice.prompt

    def _draw_hand(self, surface, view: MatchView, seat: int, deciding: int | None) -> None:
        """The hand fanned along the bottom (game/ui/hand.py); the hovered card is raised later,
        over everything but dialogs (`_draw_card_zoom`)."""
        th = self.app.theme
        player = view.players[seat]
        hero = self.content.heroes[player.hero]
        area = self.hand_area
        self.hand_rects = []
        cards = player.hand
        if not cards:
            self.hand_fan = None
            draw_text(
                surface,
                "No cards in hand",
                th.font(15),
                T.TEXT_DIM,
                (area.x + th.px(10), area.y + th.px(30)),
            )
            return
        ids = [card for card, _cid in cards]
        raised = ids.index(self.hover_card) if self.hover_card in ids else None
        if self.drag is not None or (self.hotseat and self.pass_to is not None):
            raised = None
        fan = self.hand_fan = hand_fan.layout(
            area, len(cards), th, raised=raised, window=surface.get_rect(), preferred=self.hand_card
        )
        self.hand_rects = [(fan.rect_of(i), card) for i, card in enumerate(ids)]
        choice = self.source.pending
        playable: set[str] = set()
        sellable = False
        if choice is not None and choice.player == seat and self.human(seat):
            playable = {
                self.card_id(o.action.get("card"))
                for o in choice.options
                if o.action.kind == "play"
            }
            sellable = choice.kind == "discard"
        hidden = self.hotseat and self.pass_to is not None
        lit = set()
        dim = {}
        for index, (_card, cid) in enumerate(cards):
            if hidden:
                continue
            if cid in playable or sellable:
                lit.add(index)
            elif choice is not None and choice.player == seat:
                dim[index] = 110

        def face(index: int, width: int, theme):
            card, cid = cards[index]
            if hidden:
                return card_back(width, theme)
            cost = self._cost(seat, card)
            return card_face(self.content.cards[cid], hero, width, theme, cost=cost)

        self._hand_face = face
        self._hand_marks = (lit, dim)
        hand_fan.draw(surface, fan, face, th, lit=lit, dim=dim, part="rest")

    def _cost(self, seat: int, card: int) -> int:
        """The card's cost now, as the seat's view says (an upgrade's discount included)."""
        return self.source.cost(card)

    def _draw_card_zoom(self, surface, card: int) -> None:
        """The hovered card of the hand, raised and enlarged over the table."""
        fan = getattr(self, "hand_fan", None)
        if fan is None or fan.raised is None or (self.hotseat and self.pass_to is not None):
            return
        lit, _dim = self._hand_marks
        hand_fan.draw(surface, fan, self._hand_face, self.app.theme, lit=lit, part="raised")

    def _draw_phase_track(self, surface, view: MatchView) -> None:
        th = self.app.theme
        rect = self.phase_rect
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=6)
        width = rect.w // len(PHASES)
        mouse = pygame.mouse.get_pos()
        for index, (phase, short, long) in enumerate(PHASES):
            cell = pygame.Rect(rect.x + index * width, rect.y, width, rect.h)
            current = view.phase == phase
            if current:
                pygame.draw.rect(
                    surface, T.BRASS, cell.inflate(-th.px(4), -th.px(6)), border_radius=th.px(5)
                )
            label = text_surface(th.font(13, bold=True), short, T.INK if current else T.TEXT_DIM)
            surface.blit(label, label.get_rect(center=cell.center))
            if cell.collidepoint(mouse):
                self.app.tooltip.offer(f"{long}. {PHASE_TIPS[phase]}", mouse)

    def _draw_log(self, surface) -> None:
        th = self.app.theme
        rect = self.log_rect
        panel(surface, rect, th, fill=(34, 29, 26), rim=T.BRASS_DARK, radius=8)
        font = th.font(13, condensed=True)
        line_h = font.get_linesize()
        inner_w = rect.w - th.px(20)
        lines: list[tuple[str, tuple]] = []
        for kind, text in self.presenter.log[-140:]:
            colour = T.TEXT
            if kind in ("turn_started",):
                colour = T.HIGHLIGHT
            elif kind in ("damage_resolved", "player_defeated"):
                colour = (255, 140, 120)
            elif kind in ("healed",):
                colour = (140, 225, 150)
            elif kind in ("phase_changed", "dice_rolled"):
                colour = T.TEXT_DIM
            for line in wrap(font, text, inner_w):
                lines.append((line, colour))
        visible = (rect.h - th.px(12)) // line_h
        end = max(0, len(lines) - self.log_scroll)
        start = max(0, end - visible)
        y = rect.y + th.px(6)
        for line, colour in lines[start:end]:
            surface.blit(text_surface(font, line, colour), (rect.x + th.px(10), y))
            y += line_h

    def _draw_table_info(self, surface, view: MatchView, me: int) -> None:
        """Last damage, and the hands of the viewer's teammates (teammates may see them)."""
        th = self.app.theme
        mates = [p for p in view.players if p.seat != me and p.team == view.players[me].team]
        if not mates:
            self._draw_info(surface, view)
            return
        top = self.info_rect.copy()
        top.h = th.px(64)
        self._draw_info(surface, view, top)
        rest = pygame.Rect(
            self.info_rect.x, top.bottom + th.px(4), self.info_rect.w, self.info_rect.h - top.h - 4
        )
        panel(surface, rest, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        self.spots += self.table.draw_mate_hand(
            surface, rest.inflate(-th.px(16), -th.px(10)), view, me
        )

    def _draw_info(self, surface, view: MatchView, rect: pygame.Rect | None = None) -> None:
        th = self.app.theme
        rect = rect or self.info_rect
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK, radius=8)
        x = rect.x + th.px(10)
        y = rect.y + th.px(6)
        width = rect.w - th.px(20)
        head = th.fit_font(14, "Last damage", width, height=th.px(16), bold=True)
        draw_text(surface, "Last damage", head, T.BRASS, (x, y))
        y += max(th.px(18), head.get_linesize())
        bottom = rect.bottom - th.px(4)
        combat = view.combat
        waiting = ""
        if combat.attacker is not None and view.phase in ("offensive_roll", "defensive_roll"):
            waiting = waiting_to_land(view)
        if waiting:
            lines, font = fit_lines(th, 13, waiting, width, th.px(34), condensed=True)
            wy = bottom - len(lines) * font.get_linesize()
            for line in lines:
                draw_text(surface, line, font, (255, 170, 140), (x, wy))
                wy += font.get_linesize()
            bottom -= len(lines) * font.get_linesize()
        # the whole breakdown in the room left: smaller type before any line is dropped
        text = self.presenter.breakdown or "Nothing has landed yet."
        self.spots.append(Hotspot(rect, "info", self.viewer, None, f"Last damage: {text}"))
        lines, font = fit_lines(  # (the panel's tooltip has it whole)
            th, 14, text, width, max(1, bottom - y), condensed=True, in_tooltip=True
        )
        for line in lines:
            draw_text(surface, line, font, T.TEXT, (x, y))
            y += font.get_linesize()

    def _draw_floaters(self, surface, view: MatchView, me: int, opp: int) -> None:
        """Each seat's floating numbers ("-7", "+1 CP") over its hero's portrait, which has
        no words on it: the name, the bar's lines and the dials they explain stay readable.
        Two at once share the portrait, Health above CP."""
        th = self.app.theme
        by_seat: dict[int, list] = {}
        for floater in self.presenter.floaters:
            by_seat.setdefault(floater.seat, []).append(floater)
        for seat, floaters in by_seat.items():
            portrait = self.dial_rects.get((seat, "portrait"))
            if portrait is None:
                continue
            newest = {f.anchor: f for f in floaters}  # one per dial: the latest change
            floaters = sorted(newest.values(), key=lambda f: f.anchor != "health")
            if len(floaters) > 1 and portrait.h // 2 < _ink_height(th.font_px(13, bold=True)):
                floaters = [max(floaters, key=lambda f: -f.age)]  # a small portrait: one
            count = min(2, len(floaters))
            slot_h = portrait.h // count
            for index, floater in enumerate(floaters[:count]):
                t = floater.age / floater.life
                alpha = int(255 * (1 - t * t))
                size = 38 if floater.anchor == "health" else 22
                room = portrait.w + th.px(4)
                text = floater.text
                font = _floater_font(th, size, text, room, slot_h)
                if font.size(text)[0] > room:  # a small team portrait: "+1" in the CP colour
                    text = text.split(" ")[0]
                    font = _floater_font(th, size, text, room, slot_h)
                surf = text_surface(font, text, floater.colour).copy()
                surf.set_alpha(alpha)
                if widgets.RECORDER is not None:  # the layout check sees a floater like any text
                    widgets.RECORDER.text(surf, text)
                centre = (
                    portrait.centerx,
                    portrait.y + slot_h * index + slot_h // 2 - int(th.px(4) * t),
                )
                pill = surf.get_rect(center=centre).inflate(th.px(6), 0)
                pill.w = max(pill.w, min(pill.h, portrait.w))
                pill.center = centre
                backing = pygame.Surface(pill.size, pygame.SRCALPHA)
                radius = min(pill.h, pill.w) // 2
                pygame.draw.rect(
                    backing,
                    (16, 12, 10, int(alpha * 0.85)),
                    backing.get_rect(),
                    border_radius=radius,
                )
                pygame.draw.rect(
                    backing, (*floater.colour, alpha), backing.get_rect(), 2, border_radius=radius
                )
                surface.blit(backing, pill)
                surface.blit(surf, surf.get_rect(center=centre))

    def _draw_banner(self, surface) -> None:
        banner = self.presenter.banner
        if banner is None:
            return
        th = self.app.theme
        t = banner.age / max(0.01, banner.life)
        alpha = int(255 * min(1.0, (1 - t) * 3, t * 8 + 0.2))
        font = th.font(28, bold=True)
        text = text_surface(font, banner.text, banner.colour)
        w = text.get_width() + th.px(60)
        rect = pygame.Rect(0, 0, w, th.px(56))
        rect.center = (self.tray_rect.centerx, self.tray_rect.y + th.px(44))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer, (20, 16, 14, min(220, alpha)), layer.get_rect(), border_radius=th.px(12)
        )
        pygame.draw.rect(
            layer, (*T.BRASS, alpha), layer.get_rect(), th.px(2), border_radius=th.px(12)
        )
        surface.blit(layer, rect)
        shown = text.copy()
        shown.set_alpha(alpha)
        surface.blit(shown, shown.get_rect(center=rect.center))
        if banner.card:
            hero_id = None
            for p in self.view.players:
                if self.content.cards[banner.card].hero == p.hero:
                    hero_id = p.hero
            hero = self.content.heroes.get(hero_id) if hero_id else None
            face = card_face(self.content.cards[banner.card], hero, th.px(170), th).copy()
            face.set_alpha(alpha)
            surface.blit(face, face.get_rect(midtop=(rect.centerx, rect.bottom + th.px(8))))

    def handoff_reason(self) -> str:
        """Why the screen changes hands: what the next player is asked (cards stay hidden)."""
        choice = self.source.pending
        if choice is None:
            return "Cards are hidden until the next player is ready."
        if choice.kind == "respond":
            return f"They may respond: {choice.prompt}"
        if choice.kind == "main_phase":
            return "Their turn: the Main Phase."
        return f"They are asked: {choice.prompt}"

    def _draw_pass_screen(self, surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        layer = pygame.Surface((w, h))
        layer.fill(T.FELT_DARK)
        surface.blit(layer, (0, 0))
        name = f"Player {self.pass_to + 1} ({self.seat_name(self.pass_to)})"
        title = f"Pass the screen to {name}"
        draw_text(
            surface,
            title,
            th.fit_font(36, title, w - th.px(40), serif=True),
            T.BRASS,
            (w // 2, h // 2 - th.px(60)),
            align="center",
        )
        reason = self.handoff_reason()
        draw_text(
            surface,
            reason,
            th.fit_font(18, reason, w - th.px(40)),
            T.TEXT,
            (w // 2, h // 2),
            align="center",
        )
        draw_text(
            surface,
            f"Click or press {keymap.hint('Enter')} when you are ready.",
            th.font(18, bold=True),
            T.HIGHLIGHT,
            (w // 2, h // 2 + th.px(40)),
            align="center",
        )


def waiting_to_land(view: MatchView) -> str:
    """'Waiting to land: ...' for the Last damage panel: per player, the damage that would land
    right now (the engine's Final Damage Total with every modifier, prevention and halving so
    far), what was dealt before modifiers when that differs, and any token that could still
    dodge it on a roll. Empty when nothing is waiting."""
    combat = view.combat
    seats = list(dict.fromkeys([*combat.incoming, *combat.landing]))
    parts = []
    for seat in seats:
        dealt = combat.incoming.get(seat, 0)
        lands = combat.landing.get(seat, dealt)
        if not dealt and not lands:
            continue
        text = f"{view.players[seat].name} {lands}"
        if not dealt:
            text += " (sent back)"
        elif lands != dealt:
            text += f" ({dealt} before modifiers)"
        if combat.may_avoid.get(seat):
            text += f", may be avoided ({', '.join(combat.may_avoid[seat])})"
        parts.append(text)
    return f"Waiting to land: {'; '.join(parts)}" if parts else ""


def _ink_height(font) -> int:
    return font.get_ascent() - font.get_descent()


def _floater_font(th, size: int, text: str, width: int, height: int):
    """The largest bold face from `size` (at the text scale) down to 13 px in which a floating
    number fits its place on the portrait."""
    top = max(13, round(size * th.text_scale))
    for real in range(top, 13, -1):
        font = th.font_px(real, bold=True)
        if font.size(text)[0] <= width and _ink_height(font) <= height:
            return font
    return th.font_px(13, bold=True)
