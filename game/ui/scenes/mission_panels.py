"""The mission board's side panels (MissionPanels, mixed into MissionScene): Henchman, Threat and
Boss panels, the Crisis Clock, the Heroes' roster with their Momentum cards, the Enemy Dice,
the Ally HQ and the log."""

from __future__ import annotations

import pygame

from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.board_view import draw_dial
from game.ui.widgets import (
    draw_text,
    fit_lines,
    glow,
    panel,
    text_surface,
    wrap,
)


class MissionPanels:
    """The mission scene's panels around the map."""

    def _draw_panels(self, surface) -> None:
        th = self.app.theme
        rect = self.panels_rect
        side = self.source.side()
        if side.kind == "boss":
            self._draw_boss_panel(surface, rect)
            return
        kinds = list(side.henchmen)
        count = len(kinds) + (1 if side.threat else 0)
        gap = th.px(6)
        w = (rect.w - gap * (count - 1)) // max(1, count)
        for i, hid in enumerate(kinds):
            cell = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)
            self._draw_henchman_panel(surface, cell, i, self.db.henchmen[hid])
        if side.threat:
            cell = pygame.Rect(
                rect.x + len(kinds) * (w + gap),
                rect.y,
                rect.right - rect.x - len(kinds) * (w + gap),
                rect.h,
            )
            self._draw_threat_panel(surface, cell, self.db.threats[side.threat])

    def _objective_met(self, objective) -> bool:
        return (
            bool(self.source.info.enemy_dice)
            and self.source.objective_met(objective)
            and self.source.info.phase == "enemy_roll"
        )

    def _draw_henchman_panel(self, surface, cell, panel_index, hdef) -> None:
        th = self.app.theme
        colour = MV.panel_colour(hdef.icon)
        living = [
            e
            for e in self.source.enemies
            if e.kind == "henchman" and e.panel == panel_index and not e.defeated
        ]
        active = self._objective_met(hdef.objective)
        acting = (
            self.acting is not None
            and self.acting < len(self.source.enemies)
            and self.source.enemies[self.acting].panel == panel_index
            and self.source.enemies[self.acting].kind == "henchman"
        )
        if acting:
            glow(surface, cell, th, color=(255, 110, 80), strength=4)
        panel(surface, cell, th, fill=T.WOOD, rim=colour, radius=8, rim_width=3 if active else 2)
        head = pygame.Rect(cell.x + th.px(3), cell.y + th.px(3), cell.w - th.px(6), th.px(24))
        pygame.draw.rect(surface, colour, head, border_radius=th.px(6))
        alive = text_surface(th.font(13, bold=True), f"{len(living)} left", T.WHITE)
        surface.blit(alive, alive.get_rect(midright=(head.right - th.px(6), head.centery)))
        draw_text(
            surface,
            f"{panel_index + 1}. {hdef.name}",
            th.font(14, bold=True, condensed=True),
            T.WHITE,
            (head.x + th.px(6), head.y + th.px(4)),
            width=head.w - alive.get_width() - th.px(16),
            max_height=th.px(18),
        )
        y = head.bottom + th.px(5)
        x = cell.x + th.px(8)
        label = text_surface(th.font(13, bold=True), "Rolls:", T.TEXT_DIM)
        surface.blit(label, (x, y + th.px(3)))
        ix = x + label.get_width() + th.px(6)
        MV.objective_icons(surface, hdef.objective, (ix, y - th.px(2)), th.px(24), th)
        if active:
            tag = text_surface(th.font(12, bold=True), "ACTIVATES", T.HIGHLIGHT)
            surface.blit(tag, tag.get_rect(topright=(cell.right - th.px(8), y + th.px(3))))
        y += th.px(27)
        a = hdef.attack
        reach = "Melee" if a.reach == "melee" else "Range"
        kind = "" if a.dtype == "normal" else f" {a.dtype}"
        line = f"{a.name}: {reach} {a.damage}{kind}" + (" - Multi-Strike" if a.multi_strike else "")
        extra = ", ".join(f"+{s}" for s, _n in a.statuses)
        y += draw_text(
            surface,
            line + (f" ({extra})" if extra else ""),
            th.font(13, condensed=True),
            T.TEXT,
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
        )
        c = hdef.crisis
        ctext = (
            f"Crisis - {c.name}: "
            + (f"{c.damage} dmg" + (" (adjacent)" if c.melee_only else "") if c.damage else "")
            + (f" heal {c.heal}" if c.heal else "")
            + "".join(f" +{s}" for s, _n in c.gain)
        )
        y += draw_text(
            surface,
            ctext,
            th.font(13, condensed=True),
            T.TEXT_DIM,
            (x, y + th.px(2)),
            width=cell.w - th.px(16),
            line_gap=0,
            max_height=cell.bottom - y - th.px(26),
        )
        hp = f"Health {hdef.health}" + (f"  Shields {hdef.shields}" if hdef.shields else "")
        draw_text(surface, hp, th.font(12, bold=True), T.TEXT_DIM, (x, cell.bottom - th.px(20)))
        self.tips.append(
            (
                cell,
                f"{hdef.name}: {hdef.text} Activates when the Enemy Dice show "
                + self._objective_words(hdef.objective)
                + ". Henchmen of this panel act in reading order (top row first).",
            )
        )

    def _objective_words(self, objective) -> str:
        return " and ".join(f"{n} {self.db.symbols.get(s, s)}" for s, n in objective)

    def _draw_threat_panel(self, surface, cell, tdef) -> None:
        th = self.app.theme
        active = self._objective_met(tdef.objective)
        current = self.current
        if current is not None and current.kind == "threat":
            glow(surface, cell, th, color=(255, 110, 80), strength=4)
        panel(
            surface,
            cell,
            th,
            fill=(46, 30, 30),
            rim=(220, 120, 40),
            radius=8,
            rim_width=3 if active else 2,
        )
        head = pygame.Rect(cell.x + th.px(3), cell.y + th.px(3), cell.w - th.px(6), th.px(24))
        pygame.draw.rect(surface, (150, 70, 30), head, border_radius=th.px(6))
        draw_text(
            surface,
            tdef.name,
            th.font(14, bold=True, condensed=True),
            T.WHITE,
            (head.x + th.px(6), head.y + th.px(4)),
        )
        y = head.bottom + th.px(5)
        x = cell.x + th.px(8)
        label = text_surface(th.font(13, bold=True), "Rolls:", T.TEXT_DIM)
        surface.blit(label, (x, y + th.px(3)))
        ix = x + label.get_width() + th.px(6)
        MV.objective_icons(surface, tdef.objective, (ix, y - th.px(2)), th.px(24), th)
        y += th.px(25)
        y += draw_text(
            surface,
            "Unstoppable Threat: never targeted, acts last.",
            th.font(12, bold=True, condensed=True),
            (230, 150, 90),
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
        )
        draw_text(
            surface,
            tdef.text,
            th.font(13, condensed=True),
            T.TEXT,
            (x, y),
            width=cell.w - th.px(16),
            line_gap=0,
            max_height=cell.bottom - y - th.px(6),
        )
        self.tips.append(
            (
                cell,
                f"{tdef.name} (Unstoppable Threat): {tdef.text} It acts when the Enemy Dice "
                f"show {self._objective_words(tdef.objective)}.",
            )
        )

    def _draw_boss_panel(self, surface, rect) -> None:
        th = self.app.theme
        boss = next(iter(self.source.living_enemies("boss")), None) or next(
            (e for e in self.source.enemies if e.kind == "boss"), None
        )
        if boss is None:
            return
        bdef = self.db.bosses[boss.enemy]
        acting = self.acting is not None
        if acting:
            glow(surface, rect, th, color=(255, 110, 80), strength=4)
        panel(surface, rect, th, fill=(44, 28, 32), rim=T.GOLD, radius=8)
        left = pygame.Rect(rect.x + th.px(8), rect.y + th.px(6), th.px(210), rect.h - th.px(12))
        draw_text(surface, bdef.name, th.font(18, bold=True), T.GOLD, left.topleft)
        y = left.y + th.px(26)
        MV.draw_pips(
            surface,
            (left.x + th.px(24), y + th.px(10)),
            boss.health,
            boss.tokens.get("shield", 0),
            th,
        )
        draw_text(
            surface,
            f"of {boss.start_health}",
            th.font(13),
            T.TEXT_DIM,
            (left.x + th.px(70), y + th.px(2)),
        )
        y += th.px(26)
        defense = f"Defense - {bdef.defense_name}"
        if bdef.unique_defense:
            defense += f"; {bdef.unique_defense[0]} at {bdef.unique_defense[1]}+ damage"
        y += draw_text(
            surface,
            defense,
            th.font(13, condensed=True),
            T.TEXT,
            (left.x, y),
            width=left.w,
            line_gap=0,
        )
        draw_text(
            surface,
            f"Crisis - {bdef.crisis.name}",
            th.font(13, condensed=True),
            T.TEXT_DIM,
            (left.x, y + th.px(2)),
            width=left.w,
        )
        x = left.right + th.px(10)
        cols = len(bdef.attacks)
        w = (rect.right - x - th.px(8) - th.px(6) * (cols - 1)) // max(1, cols)
        for i, attack in enumerate(bdef.attacks):
            cell = pygame.Rect(x + i * (w + th.px(6)), rect.y + th.px(6), w, rect.h - th.px(12))
            met = self._objective_met(attack.objective)
            first = met and not any(self._objective_met(a.objective) for a in bdef.attacks[:i])
            panel(
                surface,
                cell,
                th,
                fill=(60, 40, 40) if first else T.WOOD_LIGHT,
                rim=T.HIGHLIGHT if first else T.BRASS_DARK,
                radius=6,
            )
            draw_text(
                surface,
                f"{i + 1}. {attack.name}",
                th.font(14, bold=True, condensed=True),
                T.WHITE,
                (cell.x + th.px(6), cell.y + th.px(4)),
            )
            MV.objective_icons(
                surface, attack.objective, (cell.x + th.px(6), cell.y + th.px(23)), th.px(24), th
            )
            yy = cell.y + th.px(52)
            lines = []
            if attack.melee:
                lines.append(
                    f"Adjacent: {attack.melee[0]}"
                    + ("" if attack.melee[1] == "normal" else f" {attack.melee[1]}")
                )
            if attack.ranged:
                lines.append(
                    f"Others: {attack.ranged[0]}"
                    + ("" if attack.ranged[1] == "normal" else f" {attack.ranged[1]}")
                )
            crit = []
            if attack.crit_damage:
                crit.append(f"+{attack.crit_damage}")
            if attack.crit_status:
                crit.append(attack.crit_status[0])
            if crit:
                lines.append("CRIT: " + " ".join(crit))
            for line in lines:
                yy += draw_text(
                    surface,
                    line,
                    th.font(13, condensed=True),
                    T.TEXT,
                    (cell.x + th.px(6), yy),
                    width=cell.w - th.px(12),
                    line_gap=0,
                )
            self.tips.append(
                (
                    cell,
                    f"{attack.name}: the boss uses the first Attack (left to right) "
                    "whose dice objective the roll meets. CRIT hits Heroes standing on or "
                    "holding a face-down Boost Tile.",
                )
            )
        self.tips.append((left, f"{bdef.name}: {bdef.text}"))

    # ---- right column

    def _draw_clock(self, surface) -> None:
        th = self.app.theme
        rect = self.clock_rect
        panel(surface, rect, th, radius=10)
        radius = th.px(68)
        center = (rect.x + radius + th.px(16), rect.centery)
        segments = self.source.side().clock
        lit = round(self.hand_shown) % 8 if self.phase_shown() == "crisis_clock" else None
        for hit, text in MV.draw_clock(
            surface, center, radius, segments, self.hand_shown, th, self.db, lit=lit
        ):
            self.tips.append((hit, text))
        x = center[0] + radius + th.px(22)
        y = rect.y + th.px(10)
        draw_text(surface, "Crisis Clock", th.font(16, bold=True), T.BRASS, (x, y))
        info = self.source.info
        steps = len(self.source.heroes) + (1 if info.clock_plus else 0)
        y += th.px(22)
        width = rect.right - x - th.px(8)
        about = (
            f"Advances {steps} segment{'s' if steps != 1 else ''} a round; "
            "every segment passed fires."
        )
        objective = self.source.side().objective_text
        plot = self.source.side().plot
        if plot:  # the side's Plot (Plot tokens held; Clear tiles open once it is complete)
            if info.plot_done:
                objective += " Plot complete: the Clear tiles are open."
            else:
                objective += f" Plot tokens: {info.plot} / {plot['needed']}."
        objective_font = th.fit_font(14, "Objective", rect.right - x, height=th.px(16), bold=True)
        head_h = max(th.px(18), objective_font.get_linesize())
        bottom = rect.bottom - th.px(6)
        # the objective is what the side plays for: it is shown whole, at full size where it
        # can be; the clock's description shrinks, then gives way to it (it stays in the tooltip)
        top = max(13, round(13 * th.text_scale))
        for about_font in (th.font(13), th.font_px(13), None):
            about_lines = wrap(about_font, about, width) if about_font else []
            about_h = len(about_lines) * about_font.get_linesize() + th.px(6) if about_font else 0
            lines, font = fit_lines(th, 13, objective, width, bottom - y - about_h - head_h)
            if " ".join(lines) == objective and font.get_height() >= th.font_px(top).get_height():
                break
        for line in about_lines:
            surface.blit(text_surface(about_font, line, T.TEXT_DIM), (x, y))
            y += about_font.get_linesize()
        if about_lines:
            y += th.px(6)
        draw_text(surface, "Objective", objective_font, T.BRASS, (x, y))
        y += head_h
        for line in lines:
            surface.blit(text_surface(font, line, T.TEXT), (x, y))
            y += font.get_linesize()
        self.tips.append(
            (pygame.Rect(x, rect.y, rect.right - x, rect.h), f"Crisis Clock: {about} {objective}")
        )

    def _draw_roster(self, surface) -> None:
        from game.ui import art

        th = self.app.theme
        rect = self.roster_rect
        panel(surface, rect, th, radius=10)
        heroes = self.source.heroes
        n = max(1, len(heroes))
        row_h = min(th.px(80), (rect.h - th.px(8)) // n)
        choice = self.source.pending
        self.roster_rects = {}
        for i, hero in enumerate(heroes):
            row = pygame.Rect(
                rect.x + th.px(4),
                rect.y + th.px(4) + i * row_h,
                rect.w - th.px(8),
                row_h - th.px(3),
            )
            self.roster_rects[hero.seat] = row
            deciding = choice is not None and choice.player == hero.seat and not self.narrating()
            picking = (
                choice is not None
                and self._hero_action(hero.seat) is not None
                and self.human(choice.player)
            )
            fill = (70, 58, 40) if deciding else T.WOOD_LIGHT
            if picking:
                glow(surface, row, th, strength=3)
            pygame.draw.rect(surface, fill, row, border_radius=th.px(6))
            pygame.draw.rect(
                surface,
                MV.SEAT_COLOURS[hero.seat % 4],
                row,
                max(1, th.px(2)),
                border_radius=th.px(6),
            )
            size = min(th.px(40), row.h - th.px(8))
            surface.blit(
                art.hero_emblem(hero.hero, size), (row.x + th.px(4), row.y + (row.h - size) // 2)
            )
            x = row.x + size + th.px(10)
            name = hero.name + ("  *" if self.source.info.start_player == hero.seat else "")
            room = row.x + th.px(170) - x  # the dials start there
            draw_text(
                surface,
                name,
                th.fit_font(14, name, room, height=th.px(16), bold=True, condensed=True),
                T.WHITE,
                (x, row.y + th.px(3)),
            )
            tag = self.seat_label(hero.seat)
            if hero.defeated:
                tag = "DEFEATED"
            elif hero.exited:
                tag = "EXITED"
            draw_text(
                surface,
                tag,
                th.fit_font(12, tag, room, height=th.px(14), bold=True),
                T.TEXT_DIM if not hero.defeated else T.NEGATIVE,
                (x, row.y + th.px(20)),
            )
            dial_r = min(th.px(16), row.h // 2 - th.px(4))
            cx = row.x + th.px(190)
            draw_dial(surface, (cx, row.centery), dial_r, hero.health, T.HEALTH, th)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"Health {hero.health} (maximum {self.source.max_health(hero)}).",
                )
            )
            cx += dial_r * 2 + th.px(6)
            draw_dial(surface, (cx, row.centery), dial_r, hero.cp, T.CP, th)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"CP {hero.cp} (up to 15).",
                )
            )
            cx += dial_r * 2 + th.px(6)
            draw_dial(surface, (cx, row.centery), dial_r, hero.momentum, MV.MOMENTUM, th)
            card = self.db.momentum_levels.get(hero.momentum_level, ())
            lines = "; ".join(f"{a.text} ({a.cost})" for a in card)
            self.tips.append(
                (
                    pygame.Rect(cx - dial_r, row.centery - dial_r, dial_r * 2, dial_r * 2),
                    f"Momentum {hero.momentum} of {self.db.max_momentum}. "
                    f"Momentum card level {hero.momentum_level}: {lines}",
                )
            )
            lv = pygame.Rect(cx + dial_r + th.px(4), row.centery - th.px(10), th.px(34), th.px(20))
            pygame.draw.rect(surface, MV.MOMENTUM, lv, border_radius=th.px(4))
            lab = text_surface(th.font(12, bold=True), f"Lv{hero.momentum_level}", T.WHITE)
            surface.blit(lab, lab.get_rect(center=lv.center))
            self.tips.append((lv, f"Momentum card level {hero.momentum_level}: {lines}"))
            tx = lv.right + th.px(6)
            tsize = th.px(20)
            for status, count in sorted(hero.tokens.items()):
                if count <= 0 or tx + tsize > row.right - th.px(4):
                    continue
                sinfo = self.db.statuses.get(status) or self.content.statuses.get(status)
                sname = sinfo.name if sinfo else status
                skind = getattr(sinfo, "kind", "unique") if sinfo else "unique"
                icon = MV.token(status, sname, skind, tsize)
                trect = pygame.Rect(tx, row.y + th.px(4), tsize, tsize)
                surface.blit(icon, trect)
                if count > 1:
                    b = text_surface(th.font(11, bold=True), str(count), T.WHITE)
                    surface.blit(b, b.get_rect(bottomright=trect.bottomright))
                self.tips.append((trect, f"{sname} x{count}: {getattr(sinfo, 'text', '')}"))
                tx += tsize + th.px(3)
            extra = f"{len(hero.hand)} cards"
            if hero.allies:
                extra += "  Allies: " + ", ".join(self.db.allies[a].name for a in hero.allies)
            draw_text(
                surface,
                extra,
                th.font(12, condensed=True),
                T.TEXT_DIM,
                (lv.right + th.px(6), row.bottom - th.px(18)),
                width=row.right - lv.right - th.px(10),
                max_height=th.px(16),
            )
        free_y = rect.y + th.px(8) + n * row_h
        if rect.bottom - free_y >= th.px(70) and heroes:
            self._draw_momentum_card(
                surface,
                pygame.Rect(
                    rect.x + th.px(8), free_y, rect.w - th.px(16), rect.bottom - free_y - th.px(6)
                ),
            )

    def _draw_momentum_card(self, surface, box: pygame.Rect) -> None:
        """The Momentum card of the Hero deciding now (or the first Hero): its actions."""
        th = self.app.theme
        choice = self.source.pending
        seat = choice.player if choice is not None else 0
        hero = self.source.heroes[seat]
        pygame.draw.rect(surface, (48, 36, 64), box, border_radius=th.px(6))
        pygame.draw.rect(surface, MV.MOMENTUM, box, 1, border_radius=th.px(6))
        title = f"{hero.name}'s Momentum card - Level {hero.momentum_level}"
        title_font = th.fit_font(13, title, box.w - th.px(16), height=th.px(16), bold=True)
        draw_text(surface, title, title_font, T.WHITE, (box.x + th.px(8), box.y + th.px(5)))
        y = box.y + th.px(24)
        for action in self.db.momentum_levels.get(hero.momentum_level, ()):
            if y > box.bottom - th.px(16):
                break
            limit = f", {action.per_round}/round" if action.per_round else ""
            line = f"{action.cost} - {action.text} ({action.phase}{limit})"
            colour = T.TEXT if action.cost <= hero.momentum else T.TEXT_DIM
            y += draw_text(
                surface,
                line,
                th.fixed().font(12, condensed=True),
                colour,
                (box.x + th.px(8), y),
                width=box.w - th.px(16),
                line_gap=0,
                max_height=box.bottom - y,
            )

    def _draw_enemy_dice(self, surface) -> None:
        th = self.app.theme
        rect = self.enemy_rect
        heading = th.fit_font(14, "Enemy Dice", rect.w // 2, height=th.px(16), bold=True)
        draw_text(surface, "Enemy Dice", heading, T.BRASS, (rect.x, rect.y - th.px(20)))
        info = self.source.info
        colours = [c for c, _v in info.enemy_dice]
        pool = f"{info.red_dice} red + {info.black_dice} black"
        draw_text(
            surface,
            pool,
            th.fit_font(12, pool, rect.w // 2, height=th.px(14)),
            T.TEXT_DIM,
            (rect.right, rect.y - th.px(18)),
            align="right",
        )
        choice = self.source.pending
        highlight = choice is not None and choice.kind == "enemy_dice" and self.human(choice.player)

        def face(value, size, kept, index=None):
            colour = colours[index] if index is not None and index < len(colours) else "black"
            die = self.db.dice.get(colour)
            symbol = die.faces[value - 1] if die and 1 <= value <= 6 else "fist"
            return MV.enemy_die_face(colour, symbol, value, size, highlight=highlight)

        self.enemy_tray.draw(surface, face)
        if not self.enemy_tray.dice:
            draw_text(
                surface,
                "thrown in the Enemy Roll phase",
                th.font(13),
                (70, 100, 84),
                rect.center,
                align="center",
            )
        self.tips.append(
            (
                rect,
                "The Enemy Dice: red dice carry numbers 1-6 that point at numbered map spaces; "
                "symbols: Fist, Bolt, Skull, Star (red only). Panels whose objective the "
                "roll meets activate, left to right.",
            )
        )

    def _draw_hq(self, surface) -> None:
        th = self.app.theme
        rect = self.hq_rect
        panel(surface, rect, th, radius=8)
        draw_text(
            surface,
            "Ally HQ",
            th.fit_font(13, "Ally HQ", rect.w, height=th.px(15), bold=True),
            T.BRASS,
            (rect.x + th.px(8), rect.y + th.px(4)),
        )
        self.hq_rects = []
        hq = self.source.info.ally_hq
        x = rect.x + th.px(8)
        w = (rect.w - th.px(16) - th.px(6) * 2) // 3
        h = rect.h - th.px(22)
        labels = [f"{self.db.allies[a].name} ({self.db.allies[a].cost})" for a in hq]
        # every name whole (wrapped, then smaller; never cut: docs/ui.md), all in one size
        fits = [
            fit_lines(th, 12, text, w - th.px(8), h - th.px(4), bold=True, condensed=True)
            for text in labels
        ]
        font = min((f for _lines, f in fits), key=lambda f: f.get_height(), default=None)
        for ally_id, label in zip(hq, labels, strict=True):
            ally = self.db.allies[ally_id]
            cell = pygame.Rect(x, rect.y + th.px(19), w, h)
            can = (
                self.find("recruit", ally=ally_id) is not None
                and self.human(self.source.pending.player)
                if self.source.pending
                else False
            )
            if can:
                glow(surface, cell, th, strength=3, radius=6)
            pygame.draw.rect(surface, (60, 50, 70), cell, border_radius=th.px(5))
            pygame.draw.rect(surface, MV.MOMENTUM, cell, 1, border_radius=th.px(5))
            lines = wrap(font, label, cell.w - th.px(8))
            ty = cell.centery - len(lines) * font.get_linesize() // 2
            for line in lines:
                surface.blit(text_surface(font, line, T.WHITE), (cell.x + th.px(4), ty))
                ty += font.get_linesize()
            powers = [
                p for p in ("kicker", "offensive", "exhaust", "plus_exhaust") if getattr(ally, p)
            ]
            tip = (
                f"{ally.name} - recruit for {ally.cost} Momentum: {ally.text} "
                f"Powers: {', '.join(powers) or 'on recruit only'}."
            )
            if can:
                tip += " Click to recruit."
            self.tips.append((cell, tip))
            self.hq_rects.append((cell, ally_id))
            x += w + th.px(6)

    def _draw_log(self, surface) -> None:
        th = self.app.theme
        rect = self.log_rect
        panel(surface, rect, th, fill=(30, 26, 23), radius=8)
        font = th.font(13)
        line_h = font.get_linesize()
        width = rect.w - th.px(16)
        lines: list[str] = []
        from game.ui.widgets import wrap

        for text in self.log[-12:]:
            lines.extend(wrap(font, text, width))
        fit = max(1, (rect.h - th.px(10)) // line_h)
        y = rect.y + th.px(5)
        shown = lines[-fit:]
        for n, line in enumerate(shown):
            colour = T.TEXT if n >= len(shown) - 2 else T.TEXT_DIM
            surface.blit(text_surface(font, line, colour), (rect.x + th.px(8), y))
            y += line_h
