"""Drawing the mission board (MissionDrawing, mixed into MissionScene): the phase track, the hex
map with enemies and pawns, a Hero's turn on the duel board parts, the hand, the ticker, the
prompt and the modal. `draw` never changes state; the side panels are in mission_panels.py."""

from __future__ import annotations

import math
import re

import pygame

from game.missions import hexgrid
from game.online.mission_table import HIDDEN
from game.ui import hand as hand_fan
from game.ui import keymap, widgets
from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.cards import card_back, card_face
from game.ui.widgets import (
    draw_text,
    felt_background,
    fit_lines,
    glow,
    panel,
    text_surface,
)

PHASES = (
    ("pass", "Pass", "The Start Player token passes to the left (not in round 1)."),
    ("movement", "Move", "Every Hero moves any distance; they may pass through each other."),
    ("hero_part_1", "Turn A", "Heroes' turns, part A: Upkeep, Income, Main (1), Offensive Roll."),
    ("target_resolve", "Target", "In turn order, each Hero picks a target and resolves."),
    ("hero_part_2", "Turn B", "Heroes' turns, part B: Main Phase (2), then sell down to 6 cards."),
    ("enemy_upkeep", "E.Upk", "Enemies take Burn, Poison and Bleed damage."),
    ("enemy_roll", "E.Roll", "One roll of the Enemy Dice; panels activate left to right."),
    ("crisis_clock", "Clock", "The Crisis Clock advances one segment per Hero."),
)
ENEMY_EVENTS = {"enemy_attack", "no_target", "boss_attack", "no_attack", "crisis", "crisis_roll"}


def enemy_spaces(enemy) -> tuple:
    """Every space an enemy stands on (large enemies cover more than one)."""
    return (enemy.pos, *getattr(enemy, "extra", ()))


class MissionDrawing:
    """The mission scene's drawing of the board, the Heroes' turns and the ticker."""

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        felt_background(surface)
        self.tips = []
        self._draw_top(surface)
        overlay = self.hero_overlay()
        if overlay is None:
            self._draw_map(surface)
        else:
            self._draw_hero_turn(surface, overlay)
        self._draw_ticker(surface)
        self._draw_prompt(surface)
        self._draw_panels(surface)
        self._draw_clock(surface)
        self._draw_roster(surface)
        self._draw_enemy_dice(surface)
        self._draw_hq(surface)
        self._draw_log(surface)
        self._draw_floaters(surface, overlay)
        if self.modal:
            self._draw_modal(surface)
        if overlay is not None:
            room = self.side_rect.w - th.px(16)
            view, back = keymap.key_label("view"), keymap.key_label("back")
            words = f"{view}: look at the map   {back}: menu"
            font = th.fit_font(12, words, room)
            if font.size(words)[0] > room:
                words = f"{view}: map   {back}: menu"
                font = th.fit_font(12, words, room)
            hint = text_surface(font, words, T.TEXT_DIM)
            surface.blit(
                hint,
                hint.get_rect(
                    bottomleft=(self.side_rect.x + th.px(8), self.side_rect.bottom - th.px(5))
                ),
            )
        for b in self.buttons:
            b.draw(surface, th)
        if self.paused:
            self.draw_pause_menu(surface)

    def warm_up(self) -> None:
        """Draw each Hero's turn once off screen when the scene comes up (App.scene_came_up):
        the first sight of a board - its ability tiles, the tray, the hand - and the Hero's
        dice faces are then drawn before play instead of in one long frame of it. What the
        drawing records for clicks and tips is put back afterwards."""
        from game.ui import art

        size = self.app.screen.get_size()
        if getattr(self, "warmed_for", None) == (size, self.app.theme.scale):
            return  # back from an overlay: drawn already at this size
        saved = dict(self.__dict__)
        self.tips = []
        scratch = pygame.Surface(size)
        try:
            for hero in self.source.heroes:
                self._draw_hero_turn(scratch, hero.seat)
                hero_def = self.source.hero_def(hero)
                for value in range(1, 7):
                    for kept in (False, True):
                        art.die_face(hero_def, value, self.tray.die_size, kept=kept)
        finally:
            self.__dict__.clear()
            self.__dict__.update(saved)
        self.warmed_for = (size, self.app.theme.scale)

    def _draw_floaters(self, surface, overlay) -> None:
        """Damage numbers rising from pawns, enemies and the Hero list."""
        th = self.app.theme
        for f in self.floaters:
            if f.on_map and overlay is not None:
                continue
            alpha = max(0, min(255, int(255 * (1.4 - f.age) / 0.5)))
            if f.on_map:  # rising from a pawn or an enemy
                rise = th.px(34) * min(1.0, f.age / 1.2)
                font = th.font(24, bold=True)
            else:  # on a portrait in the Hero list: it stays there, as wide as the portrait
                rise = 0
                font = th.fit_font(24, f.text, th.px(44), bold=True)
            label = text_surface(font, f.text, f.colour).copy()
            shadow = text_surface(font, f.text, (0, 0, 0)).copy()
            if widgets.RECORDER is not None:  # the layout check sees a floater like any text
                widgets.RECORDER.text(label, f.text)
                widgets.RECORDER.text(shadow, f.text)
            label.set_alpha(alpha)
            shadow.set_alpha(alpha)
            r = label.get_rect(center=(f.pos[0], f.pos[1] - rise))
            surface.blit(shadow, r.move(2, 2))
            surface.blit(label, r)

    def _draw_top(self, surface) -> None:
        th = self.app.theme
        info = self.source.info
        rect = self.top_rect
        panel(surface, rect, th, radius=8)
        mission = self.source.mission
        kind = "Mission Run" if self.source.side().kind == "run" else "Boss Fight"
        font = th.font(12, bold=True, condensed=True)
        cells_w = sum(max(th.px(40), font.size(short)[0] + th.px(10)) for _p, short, _t in PHASES)
        room = rect.w - cells_w - th.px(24)
        title_font = th.font(15, bold=True, condensed=True)
        r = self.round_shown()
        for title in (
            f"{mission.name}  |  Side {info.side + 1}: {kind}  |  Round {r}",
            f"{mission.name}  |  Side {info.side + 1}  |  Round {r}",
            f"Side {info.side + 1}  |  Round {r}",
        ):
            if title_font.size(title)[0] <= room:
                break
        draw_text(surface, title, title_font, T.BRASS, (rect.x + th.px(10), rect.y + th.px(8)))
        x = rect.right - th.px(6)
        for pid, short, tip in reversed(PHASES):
            w = max(th.px(40), font.size(short)[0] + th.px(10))
            x -= w
            cell = pygame.Rect(x, rect.y + th.px(6), w - th.px(3), rect.h - th.px(12))
            now = self.phase_shown() == pid
            pygame.draw.rect(
                surface, (120, 96, 48) if now else T.WOOD_LIGHT, cell, border_radius=th.px(4)
            )
            if now:
                pygame.draw.rect(
                    surface, T.HIGHLIGHT, cell, max(1, th.px(2)), border_radius=th.px(4)
                )
            lab = text_surface(font, short, T.INK if False else (T.WHITE if now else T.TEXT_DIM))
            surface.blit(lab, lab.get_rect(center=cell.center))
            self.tips.append((cell, tip))

    # ---- the map

    def _legal_hexes(self):
        choice = self.source.pending
        if choice is None or choice.player in self.controllers or self.narrating():
            return set(), set()
        moves, targets = set(), set()
        for action in self.options():
            if action.kind == "move":
                moves.add((action.get("q"), action.get("r")))
            elif action.kind in ("target", "choose_enemy"):
                index = action.get("enemy")
                if index is not None and index < len(self.source.enemies):
                    targets.update(enemy_spaces(self.source.enemies[index]))
        return moves, targets

    def _draw_map(self, surface) -> None:
        th = self.app.theme
        engine = self.source
        rect = self.map_rect
        panel(surface, rect, th, fill=(34, 40, 36), rim=T.BRASS_DARK, radius=10)
        layout = self.map_layout()
        moves, targets = self._legal_hexes()
        path = ()
        choice = engine.pending
        rings = set()
        if choice is not None and self.hover_hex in moves:
            hero = engine.heroes[choice.player]
            starts = [hero.pos] if hero.pos else (engine.map.entries() if engine.map else [])
            path = MV.path_to(starts, self.hover_hex, engine.passable)
        if choice is not None and choice.kind == "choose_target" and not self.narrating():
            hero = engine.heroes[choice.player]
            if hero.pos is not None:
                rings = {n for n in hexgrid.neighbors(hero.pos) if n in engine.hexes}
        MV.draw_hex_map(
            surface,
            layout,
            engine.hexes,
            th,
            glow_hexes=moves,
            path=path,
            hover=self.hover_hex,
            target_hexes=targets,
            ring_hexes=rings,
            terrain=engine.setup.mission,
        )
        if self.flash_hex is not None and self.flash_hex in engine.hexes:
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 80)
            pygame.draw.polygon(
                surface,
                (255, 200, 90),
                layout.corners(self.flash_hex, shrink=1.0 + pulse * 3),
                max(3, th.px(4)),
            )
        occupied = {h for e in engine.enemies if not e.defeated for h in enemy_spaces(e)}
        occupied |= {hero.pos for hero in engine.heroes if hero.pos is not None}
        for h, space in engine.hexes.items():
            MV.draw_boost_tiles(
                surface, layout, h, space.tiles, th, self._boost_label, corner=h in occupied
            )
        if len(path) > 1:
            pts = [layout.center(h) for h in path]
            pygame.draw.lines(surface, T.HIGHLIGHT, False, pts, max(2, th.px(3)))
            pygame.draw.circle(surface, T.HIGHLIGHT, [int(v) for v in pts[-1]], th.px(5))
        self.enemy_rects = {}
        for index, enemy in enumerate(engine.enemies):
            if enemy.defeated:
                continue
            self._draw_enemy(surface, layout, index, enemy, enemy.pos in targets)
        for hero in engine.heroes:
            self._draw_pawn(surface, layout, hero)
        self._draw_waiting_pawns(surface)
        if choice is not None and choice.kind == "move" and not self.narrating():
            hero = engine.heroes[choice.player]
            if hero.pos is not None and hero.seat in self.pawn_px:
                px = self.pawn_px[hero.seat]
                glow(
                    surface,
                    pygame.Rect(
                        px[0] - layout.size * 0.6,
                        px[1] - layout.size * 0.6,
                        layout.size * 1.2,
                        layout.size * 1.2,
                    ),
                    th,
                    strength=4,
                    radius=int(layout.size * 0.6 / th.scale),
                )

    def _draw_enemy(self, surface, layout, index, enemy, targeted: bool) -> None:
        th = self.app.theme
        s = layout.size
        cx, cy = layout.center(enemy.pos)
        boss = enemy.kind == "boss"
        if boss:
            colour = (150, 40, 60)
        else:
            colour = MV.panel_colour(self.db.henchmen[enemy.enemy].icon)
        r = int(s * (0.68 if boss else 0.55))
        extra = [h for h in enemy_spaces(enemy)[1:] if h in self.source.hexes]
        for h in extra:  # a large enemy: one long base reaches over its other spaces
            ex, ey = layout.center(h)
            a, b = (cx, cy + s * 0.4), (ex, ey + s * 0.4)
            for colour_, width, lift in (
                ((20, 14, 12), int(s * 0.5), -3),
                (tuple(int(c * 0.5) for c in colour), int(s * 0.44), 0),
                (colour, int(s * 0.26), 3),
            ):
                a2, b2 = (a[0], a[1] - lift), (b[0], b[1] - lift)
                pygame.draw.line(surface, colour_, a2, b2, width)
                for end in (a2, b2):
                    pygame.draw.circle(surface, colour_, (int(end[0]), int(end[1])), width // 2)
        acting = self.acting == index
        if acting:
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 90)
            pygame.draw.circle(
                surface,
                (255, 90, 60),
                (int(cx), int(cy)),
                r + th.px(6) + int(pulse * th.px(4)),
                max(2, th.px(3)),
            )
        # a standee: the enemy's portrait on a base in its colour (a boss: gold, crowned)
        from game.ui import standee

        size = int(s * (1.3 if boss else 1.08))
        rim = T.GOLD if boss else colour
        if targeted:
            rim = (255, 110, 80)
        standee.blit(surface, enemy.enemy, size, rim, (cx, cy + s * 0.42), boss=boss)
        MV.draw_pips(
            surface,
            (int(cx - th.px(4)), int(cy + s * 0.52)),
            enemy.health,
            enemy.tokens.get("shield", 0),
            th,
        )
        others = [(k, v) for k, v in sorted(enemy.tokens.items()) if k != "shield" and v > 0]
        size = max(th.px(16), int(s * 0.4))
        for n, (status, count) in enumerate(others[:4]):
            info = self.db.statuses.get(status)
            icon = MV.token(
                status, info.name if info else status, info.kind if info else "unique", size
            )
            x = cx - s * 0.85 + (n % 2) * (size - 2)
            y = cy - s * 0.75 + (n // 2) * (size - 2)
            surface.blit(icon, (x, y))
            if count > 1:
                badge = text_surface(th.font(11, bold=True), str(count), T.WHITE)
                surface.blit(badge, (x + size - badge.get_width(), y + size - badge.get_height()))
        hit = pygame.Rect(cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6)
        self.enemy_rects[index] = hit

    def _draw_pawn(self, surface, layout, hero) -> None:
        th = self.app.theme
        if self.shown_pos(hero) is None or hero.seat not in self.pawn_px:
            return
        x, y = self.pawn_px[hero.seat]
        ring = MV.SEAT_COLOURS[hero.seat % 4]
        # a standee: the hero's portrait on a base in the seat's colour
        from game.ui import standee

        size = int(layout.size * 1.05)
        standee.blit(surface, hero.hero, size, ring, (x, y + layout.size * 0.42))
        y -= layout.size * 0.1  # the marks below sit on the portrait, which stands raised
        if hero.facedown:
            pygame.draw.circle(
                surface, (70, 60, 80), (int(x + size * 0.4), int(y - size * 0.4)), th.px(8)
            )
            q = text_surface(th.font(11, bold=True), "?", T.WHITE)
            surface.blit(q, q.get_rect(center=(int(x + size * 0.4), int(y - size * 0.4))))
        if hero.defeated:
            pygame.draw.line(
                surface, T.NEGATIVE, (x - size / 2, y - size / 2), (x + size / 2, y + size / 2), 4
            )

    def _draw_waiting_pawns(self, surface) -> None:
        """Heroes not yet on the map wait beside it (rule 17); exited ones show EXITED."""
        from game.ui import art

        th = self.app.theme
        off = [h for h in self.source.heroes if self.shown_pos(h) is None]
        if not off:
            return
        x = self.map_rect.x + th.px(12)
        y = self.map_rect.bottom - th.px(40)
        draw_text(surface, "Off the map:", th.font(13, bold=True), T.TEXT_DIM, (x, y - th.px(20)))
        for hero in off:
            emblem = art.hero_emblem(hero.hero, th.px(32))
            surface.blit(emblem, (x, y))
            pygame.draw.circle(
                surface,
                MV.SEAT_COLOURS[hero.seat % 4],
                (x + th.px(16), y + th.px(16)),
                th.px(17),
                2,
            )
            if hero.exited:
                tag = text_surface(th.font(11, bold=True), "EXITED", T.GOLD)
                surface.blit(tag, (x, y + th.px(32)))
            x += th.px(42)

    # ---- the hero's turn (board, dice, hand)

    def _draw_hero_turn(self, surface, seat: int) -> None:
        from game.ui import art

        th = self.app.theme
        hero = self.source.heroes[seat]
        hero_def = self.source.hero_def(hero)
        rect = self.hero_rect
        panel(surface, rect, th, fill=(40, 34, 30), rim=MV.SEAT_COLOURS[seat % 4], radius=10)
        emblem = art.hero_emblem(hero.hero, th.px(30))
        surface.blit(emblem, (rect.x + th.px(10), rect.y + th.px(5)))
        choice = self.source.pending
        phase = {
            "main_phase": "Main Phase",
            "offensive_roll": "Offensive Roll",
            "announce": "choose an ability",
            "discard": "sell down to 6 cards",
        }.get(choice.kind if choice else "", "")
        head = f"{hero.name} ({self.seat_label(seat)})  -  {phase}"
        stats = (
            f"Health {hero.health}   CP {hero.cp}   Momentum {hero.momentum}   "
            f"Cards {len(hero.hand)}"
        )
        # the name on the left and the numbers on the right share the header line
        stats_font = th.fit_font(14, stats, rect.w // 2, bold=True)
        head_x = rect.x + th.px(48)
        room = rect.right - th.px(12) - stats_font.size(stats)[0] - th.px(16) - head_x
        head_font = th.fit_font(17, head, room, bold=True)
        if head_font.size(head)[0] > room:  # a long player's name: the party panel has it
            head = f"{hero.name}  -  {phase}"
            head_font = th.fit_font(17, head, room, bold=True)
        draw_text(surface, head, head_font, T.BRASS, (head_x, rect.y + th.px(10)))
        draw_text(
            surface,
            stats,
            stats_font,
            T.TEXT,
            (rect.right - th.px(12), rect.y + th.px(12)),
            align="right",
        )
        lit: dict[str, set[int]] = {}
        dice = list(choice.context.get("dice", ())) if choice is not None else []
        if dice and not self.tray.rolling and choice.kind in ("offensive_roll", "announce"):
            for ability, index, _row in self.source.turn.met_rows(hero, dice):
                lit.setdefault(ability.id, set()).add(index)
        odds = self.odds(seat, choice)
        clickable = (
            set(lit)
            if choice is not None and choice.kind == "announce" and self.human(seat)
            else set()
        )
        self.row_spots = [
            s
            for s in self.board.draw(
                surface,
                self.board_rect,
                th,
                seat,
                hero_def,
                hero.levels,
                lit=lit,
                clickable=clickable,
                odds=odds,
            )
            if s.kind in ("row", "ability")
        ]
        self.row_spots.sort(key=lambda s: s.kind != "row")  # a row first, then its whole tile
        self.tray.highlight(())
        self.tray.draw(
            surface, lambda v, size, kept, i=None: art.die_face(hero_def, v, size, kept=kept)
        )
        # the bottom line of the tray: the hint on the left, the Allies on the right, each in
        # its own half so they never run into each other
        half = self.tray_rect.w // 2 - th.px(18)
        allies_w = 0
        if hero.allies:
            names = ", ".join(self.db.allies[a].name for a in hero.allies)
            allies = f"Allies: {names}"
            allies_font = th.fit_font(13, allies, half, bold=True, condensed=True)
            if allies_font.size(allies)[0] > half:
                allies = f"Allies: {len(hero.allies)} (hover the Hero list for names)"
                allies_font = th.fit_font(13, allies, half, bold=True, condensed=True)
            allies_w = allies_font.size(allies)[0] + th.px(16)
            draw_text(
                surface,
                allies,
                allies_font,
                T.TEXT,
                (self.tray_rect.right - th.px(12), self.tray_rect.bottom - th.px(24)),
                align="right",
            )
        room = self.tray_rect.w - th.px(24) - allies_w
        hint, colour = "", T.TEXT
        if choice is not None and choice.kind == "offensive_roll":
            left = choice.context.get("attempts_left", 0)
            hint = f"Roll attempts left: {left}"
            if self.human(seat):
                hint += "  -  click dice (keys 1-5) to keep, R rolls"
        elif choice is not None and choice.kind == "announce" and self.human(seat):
            hint, colour = "Click a lit ability row to use it.", T.HIGHLIGHT
        if hint:
            font = th.fit_font(14, hint, room, bold=True, condensed=True)
            if font.size(hint)[0] > room:
                hint = hint.split("  -  ")[0]
            draw_text(
                surface,
                hint,
                font,
                colour,
                (self.tray_rect.x + th.px(12), self.tray_rect.bottom - th.px(24)),
            )
        if not self.tray.dice:
            words = "The Offensive Roll follows the Main Phase."
            draw_text(
                surface,
                words,
                th.fit_font(16, words, self.tray_rect.w - th.px(24), bold=True),
                (70, 100, 84),
                self.tray_rect.center,
                align="center",
            )
        self._draw_hand(surface, hero, choice)
        if not (self.modal and self.modal_side):
            self._draw_hero_notes(surface, hero)

    def _draw_hero_notes(self, surface, hero) -> None:
        """Beside the tray when nothing else is offered: what the Hero carries."""
        th = self.app.theme
        box = self.side_rect
        panel(surface, box, th, fill=(46, 38, 32), rim=T.BRASS_DARK, radius=8)
        x, y = box.x + th.px(8), box.y + th.px(6)
        draw_text(surface, hero.name, th.font(13, bold=True), T.BRASS, (x, y))
        y += th.px(20)
        notes = []
        for status, count in sorted(hero.tokens.items()):
            info = self.db.statuses.get(status) or self.content.statuses.get(status)
            notes.append(f"{info.name if info else status} x{count}")
        if hero.allies:
            notes.append("Allies: " + ", ".join(self.db.allies[a].name for a in hero.allies))
        if hero.facedown:
            notes.append(f"{len(hero.facedown)} face-down Boost Tile(s): a CRIT target")
        if hero.has_range:
            notes.append("Range this round")
        if hero.feats:
            notes.append(
                "Feats left: "
                + ", ".join(f.removeprefix("feat_").replace("_", " ") for f in hero.feats)
            )
        if hero.mythic:
            from game.ui.scenes.missions_menu import mythic_name, mythic_names

            notes.append("Mythic: " + mythic_name(hero.mythic, mythic_names()))
        if not notes:
            notes = ["No tokens, Allies or Feats yet."]
        font = th.font(12, condensed=True)
        for note in notes:
            if y > box.bottom - th.px(16):
                break
            y += draw_text(
                surface,
                note,
                font,
                T.TEXT,
                (x, y),
                width=box.w - th.px(16),
                line_gap=0,
                max_height=box.bottom - y - th.px(4),
            )

    def odds(self, seat: int, choice) -> dict | None:
        """Each ability row's chance with the attempts left (human seats, as in the duel)."""
        if choice is None or choice.kind != "offensive_roll" or not self.human(seat):
            return None
        hero = self.source.heroes[seat]
        dice = tuple(choice.context.get("dice", ()))
        left = choice.context.get("attempts_left", 0)
        key = (seat, dice, left, tuple(sorted(hero.levels.items())))
        cache = self.__dict__.setdefault("_odds", {})
        if key not in cache:
            abilities = list({a.id: a for a, _i, _row in self.source.turn.rows(hero)}.values())
            hero_def = self.source.hero_def(hero)
            which = (hero_def.id, tuple((a.id, a.level) for a in abilities), dice, left)
            # solved in the worker process: None (no odds drawn) until the answer is in
            result = self.worker.odds(which, hero_def, abilities, dice, left)
            if result is None:
                return None
            cache.clear()
            cache[key] = result
        return cache[key]

    def _draw_hand(self, surface, hero, choice) -> None:
        """The Hero's hand fanned under the tray (game/ui/hand.py), the hovered card raised."""
        th = self.app.theme
        area = self.hand_area
        self.hand_rects = []
        self.hand_fan = None
        cards = hero.hand
        hero_def = self.source.hero_def(hero)
        if not cards:
            draw_text(
                surface,
                "No cards in hand",
                th.font(14),
                T.TEXT_DIM,
                (area.x + th.px(8), area.y + th.px(8)),
            )
            return
        usable = set()
        dim = {}
        if choice is not None and self.human(choice.player):
            for action in self.options():
                wanted = action.kind in ("upgrade", "play") or choice.kind == "discard"
                if wanted and action.get("index") is not None:
                    usable.add(action.get("index"))
            if choice.kind == "main_phase":
                dim = {i: 150 for i in range(len(cards)) if i not in usable}
        raised = self.hover_card if self.hover_card is not None else None
        fan = self.hand_fan = hand_fan.layout(
            area, len(cards), th, raised=raised, window=self.hero_rect, preferred=self.hand_card
        )
        self.hand_rects = [(fan.rect_of(i), i) for i in range(len(cards))]

        def face(index: int, width: int, theme):
            if cards[index] == HIDDEN:  # a hand not sent (a spectator's view holds its size)
                return card_back(width, theme)
            return card_face(self.content.cards[cards[index]], hero_def, width, theme)

        hand_fan.draw(surface, fan, face, th, lit=usable, dim=dim)

    # ---- ticker, prompt

    BANNERS = {"side": T.BRASS, "side_done": T.POSITIVE, "won": T.GOLD, "lost": T.NEGATIVE}

    def _draw_ticker(self, surface) -> None:
        th = self.app.theme
        event = self.current
        if event is None:
            return
        if event.kind in self.BANNERS:  # the big moments get a banner across the map
            colour = self.BANNERS[event.kind]
            box = pygame.Rect(0, 0, self.map_rect.w - th.px(80), th.px(96))
            box.center = self.map_rect.center
            panel(surface, box, th, fill=(24, 20, 18), rim=colour, radius=14, alpha=235)
            head = {
                "side": f"Side {self.source.info.side + 1}",
                "side_done": "Side complete!",
                "won": "Mission complete!",
                "lost": "Mission lost",
            }[event.kind]
            draw_text(
                surface,
                head,
                th.font(30, serif=True),
                colour,
                (box.centerx, box.y + th.px(10)),
                align="center",
            )
            draw_text(
                surface,
                event.text,
                th.font(16, bold=True),
                T.WHITE,
                (box.centerx, box.y + th.px(56)),
                align="center",
            )
            return
        text = event.text
        font = th.font(18, bold=True)
        hint = text_surface(th.font(12), "Space: skip", T.TEXT_DIM)
        faces = self._ticker_dice(event)
        die = th.px(26)
        dice_w = (die + th.px(4)) * len(faces)
        room = self.map_rect.w - th.px(40) - hint.get_width() - dice_w
        if font.size(text)[0] > room:
            font = th.font(15, bold=True, condensed=True)
        w = min(
            self.map_rect.w - th.px(24),
            font.size(text)[0] + hint.get_width() + dice_w + th.px(48),
        )
        rect = pygame.Rect(0, 0, w, th.px(38))
        rect.midtop = (self.map_rect.centerx, self.map_rect.y + th.px(6))
        colour = (
            T.NEGATIVE
            if event.kind in ENEMY_EVENTS or event.kind in ("threat", "crit", "lost")
            else T.BRASS
        )
        panel(surface, rect, th, fill=(30, 24, 22), rim=colour, radius=10, alpha=235)
        draw_text(
            surface,
            text,
            font,
            T.WHITE,
            (rect.x + th.px(14), rect.y + th.px(9)),
            width=rect.w - hint.get_width() - dice_w - th.px(36),
            max_height=th.px(24),
        )
        x = rect.right - hint.get_width() - th.px(18) - dice_w
        for face in faces:
            surface.blit(face, (x, rect.centery - die // 2))
            x += die + th.px(4)
        surface.blit(hint, hint.get_rect(midright=(rect.right - th.px(10), rect.centery)))

    def _ticker_dice(self, event) -> list:
        """A Hero's defense dice shown as their own dice faces beside the line."""
        if event.kind != "defense":
            return []
        from game.ui import art

        hero = next((h for h in self.source.heroes if event.text.startswith(h.name)), None)
        found = re.search(r"\[([\d, ]*)\]", event.text)
        if hero is None or found is None:
            return []
        hero_def = self.source.hero_def(hero)
        size = self.app.theme.px(26)
        values = [int(v) for v in re.findall(r"\d", found.group(1))]
        return [art.die_face(hero_def, v, size) for v in values[:6]]

    def decider(self, seat: int) -> str:
        """Who decides for a seat this window does not play (offline: the computer)."""
        return "computer"

    def prompt_text(self) -> str:
        choice = self.source.pending
        if self.narrating():
            return (
                "The enemies are acting..."
                if self.source.info.phase in ("enemy_roll", "enemy_upkeep", "crisis_clock")
                else "..."
            )
        if self.source.over:
            return "The mission is over."
        if choice is None:
            return ""
        hero = self.source.heroes[choice.player]
        if choice.player in self.controllers:
            return f"{hero.name} ({self.decider(choice.player)}) is deciding..."
        who = f"{hero.name}: " if len(self.source.heroes) > 1 else ""
        kind = choice.kind
        if kind == "move":
            where = (
                "an ENTRY space or any space you can reach from it"
                if hero.pos is None
                else "any space you can reach"
            )
            return f"{who}click a glowing space to end your move ({where})."
        if kind == "choose_target":
            targets = [self.source.enemies[a.get("enemy")] for a in self.options("target")]
            far = any(not self.source.adjacent(hero.pos, e.pos) for e in targets)
            if not targets:
                return f"{who}no enemy is adjacent: buy Range, or keep the Momentum (no Attack)."
            reach = " (any enemy may be chosen)." if far else " (melee: an adjacent enemy)."
            return f"{who}click an enemy ringed in red to target it" + reach
        if kind == "main_phase":
            return (
                f"{who}Main Phase: click a lit card to play it, right-click to sell; End when done."
            )
        if kind == "offensive_roll":
            left = choice.context.get("attempts_left", 0)
            return f"{who}keep dice by clicking them, then Roll ({left} left) or keep these."
        if kind == "announce":
            return f"{who}click a lit ability row, or activate nothing."
        if kind == "discard":
            return f"{who}{choice.prompt}: click a card to sell it for 1 CP."
        if kind == "enemy_dice":
            return f"{who}change an Enemy Die before it is read? Click a die in the tray."
        if any(o.action.kind in ("target", "choose_enemy") for o in choice.options):
            return f"{who}{choice.prompt} Click an enemy ringed in red on the map."
        if any(o.action.kind == "choose_hero" for o in choice.options):
            return f"{who}{choice.prompt} Click a Hero on the right (or a button)."
        if choice.prompt.startswith(hero.name):
            return choice.prompt  # the engine's question already names the Hero
        return f"{who}{choice.prompt}"

    def _draw_prompt(self, surface) -> None:
        th = self.app.theme
        rect = self.prompt_rect
        choice = self.source.pending
        mine = choice is not None and choice.player not in self.controllers and not self.narrating()
        if mine:
            glow(surface, rect, th, strength=3)
        panel(
            surface,
            rect,
            th,
            fill=(58, 48, 36) if mine else T.WOOD,
            rim=T.HIGHLIGHT if mine else T.BRASS_DARK,
            radius=8,
        )
        text = self.prompt_text()
        text = text[:1].upper() + text[1:]
        if self.message and self.message_age < 4.0 and not self.narrating():
            text = self.message
        right = min((b.rect.x for b in self.buttons), default=rect.right) - th.px(10)
        width = max(th.px(100), right - rect.x - th.px(16))
        lines, font = fit_lines(th, 15, text, width, rect.h - th.px(4), bold=True)
        y = rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            draw_text(surface, line, font, T.HIGHLIGHT if mine else T.TEXT, (rect.x + th.px(12), y))
            y += font.get_linesize()

    def _draw_modal(self, surface) -> None:
        th = self.app.theme
        if self.modal_side:
            if self.hero_overlay() is None:
                return
            box = self.side_rect
            panel(surface, box, th, fill=(46, 38, 32), rim=T.BRASS_DARK, radius=8)
            font = th.fit_font(13, self.modal_title, box.w - th.px(16), height=th.px(16), bold=True)
            title = text_surface(font, self.modal_title, T.BRASS)
            surface.blit(title, (box.x + th.px(8), box.y + th.px(6)))
            for b in self.modal:
                b.draw(surface, th)
            return
        area = (
            self.modal[0].rect.unionall([b.rect for b in self.modal]).inflate(th.px(30), th.px(30))
        )
        area.y -= th.px(30)
        area.h += th.px(30)
        shadow = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=th.px(10))
        surface.blit(shadow, area.move(th.px(4), th.px(5)))
        panel(surface, area, th, fill=T.WOOD, rim=T.HIGHLIGHT, radius=10)
        draw_text(
            surface,
            self.modal_title,
            th.font(17, bold=True),
            T.BRASS,
            (area.centerx, area.y + th.px(10)),
            align="center",
        )
        for b in self.modal:
            b.draw(surface, th)

    # ---- bottom panels
