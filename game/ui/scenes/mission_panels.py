"""The mission board's side panels (MissionPanels, mixed into MissionScene): Henchman, Threat and
Boss panels, the Crisis Clock, the Heroes' roster with their Momentum cards, the Enemy Dice,
the Ally HQ and the log."""

from __future__ import annotations

import pygame

from game.ui import mission_view as MV
from game.ui import theme as T
from game.ui.board_view import draw_dial
from game.ui.layout import inset
from game.ui.widgets import (
    draw_text,
    fit_lines,
    glow,
    panel,
    shortened,
    text_surface,
    whole_lines,
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
        plans = []
        cells = [pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h) for i in range(len(kinds))]
        for i, hid in enumerate(kinds):
            plans.append(self._henchman_plan(cells[i], i, self.db.henchmen[hid]))
        if any(plan["badges"] for plan in plans):  # one way of showing Health on every panel
            plans = [
                self._henchman_plan(cells[i], i, self.db.henchmen[hid], badges=True)
                for i, hid in enumerate(kinds)
            ]
        if side.threat:
            cell = pygame.Rect(
                rect.x + len(kinds) * (w + gap),
                rect.y,
                rect.right - rect.x - len(kinds) * (w + gap),
                rect.h,
            )
            plans.append(self._threat_plan(cell, self.db.threats[side.threat]))
        # one size for the names and one for the words of every panel: the largest at which
        # each panel's fit
        heads = [plan["head"] for plan in plans if len(plan["head"]["lines"]) == 1]
        if heads:
            smallest = min((head["font"] for head in heads), key=lambda f: f.get_height())
            for head in heads:
                head["font"] = smallest
        fits = [plan["fit"] for plan in plans]
        if all(fits):
            cap = min(font.get_height() for font, _blocks in fits)
            for plan in plans:
                plan["fit"] = self._fit_body(plan["body"], plan["texts"], cap)
        for plan in plans:
            if plan["kind"] == "threat":
                self._draw_threat_panel(surface, plan)
            else:
                self._draw_henchman_panel(surface, plan)

    def _objective_met(self, objective) -> bool:
        return (
            bool(self.source.info.enemy_dice)
            and self.source.objective_met(objective)
            and self.source.info.phase == "enemy_roll"
        )

    def _henchman_plan(self, cell, panel_index, hdef, badges: bool = False) -> dict:
        """Where a Henchman panel's parts go and in which size its words fit whole (`badges`:
        Health as icons on the Rolls line even where the words fit without)."""
        th = self.app.theme
        living = [
            e
            for e in self.source.enemies
            if e.kind == "henchman" and e.panel == panel_index and not e.defeated
        ]
        left = f"{len(living)} left"
        head = self._head_plan(cell, f"{panel_index + 1}. {hdef.name}", left)
        a = hdef.attack
        reach = "Melee" if a.reach == "melee" else "Range"
        kind = "" if a.dtype == "normal" else f" {a.dtype}"
        line = f"{a.name}: {reach} {a.damage}{kind}" + (" - Multi-Strike" if a.multi_strike else "")
        extra = ", ".join(f"+{s}" for s, _n in a.statuses)
        c = hdef.crisis
        effects = []
        if c.damage:
            effects.append(f"{c.damage} dmg" + (" (adjacent)" if c.melee_only else ""))
        if c.heal:
            effects.append(f"heal {c.heal}")
        effects += [f"+{s}" for s, _n in c.gain]
        ctext = f"Crisis - {c.name}: " + " ".join(effects)
        texts = [(line + (f" ({extra})" if extra else ""), T.TEXT), (ctext, T.TEXT_DIM)]
        foot = f"Health {hdef.health}" + (f"  Shields {hdef.shields}" if hdef.shields else "")
        if not head["beside"]:
            foot += f"  ·  {left}"
        # Health and Shields on the bottom line; where the words then do not fit whole, as
        # icons and numbers on the Rolls line, which gives the words the bottom line too
        x = cell.x + th.px(8)
        y = head["rect"].bottom + th.px(4)
        foot_font = self._foot_font(cell, foot)
        top = cell.bottom - th.px(3) - foot_font.get_linesize()
        body = pygame.Rect(x, y + th.px(24), cell.w - th.px(16), top - th.px(2) - y - th.px(24))
        fit = self._fit_body(body, texts)
        wanted, badges = badges, []
        if fit is None or wanted:
            badges = [("health", hdef.health)] + (
                [("shield", hdef.shields)] if hdef.shields else []
            )
            if not head["beside"]:
                badges.append(("", len(living)))
            if self._rolls_room(cell, x, hdef.objective, badges):
                body = pygame.Rect(body.x, body.y, body.w, cell.bottom - th.px(4) - body.y)
                fit = self._fit_body(body, texts)
            else:
                badges = []
        return {
            "kind": "henchman",
            "cell": cell,
            "index": panel_index,
            "def": hdef,
            "head": head,
            "x": x,
            "y": y,
            "body": body,
            "texts": texts,
            "fit": fit,
            "badges": badges,
            "foot": (foot, foot_font, top),
            "tip": f"{hdef.name}: {hdef.text} Activates when the Enemy Dice show "
            + self._objective_words(hdef.objective)
            + f". {ctext}. {len(living)} of this panel left on the map; they act in "
            "reading order (top row first).",
        }

    def _draw_henchman_panel(self, surface, plan: dict) -> None:
        th = self.app.theme
        cell, panel_index, hdef = plan["cell"], plan["index"], plan["def"]
        colour = MV.panel_colour(hdef.icon)
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
        self._draw_head(surface, plan["head"], colour)
        self._rolls_row(surface, cell, plan["x"], plan["y"], hdef.objective, active, plan["badges"])
        if not plan["badges"]:
            foot, font, top = plan["foot"]
            draw_text(surface, foot, font, T.TEXT_DIM, (cell.x + th.px(8), top))
        self._draw_body(surface, plan["body"], plan["texts"], plan["fit"])
        self.tips.append((cell, plan["tip"]))

    def _head_plan(self, cell, title: str, right: str = "") -> dict:
        """An enemy panel's coloured title strip: the whole name (one line, smaller, or two
        lines) and, when there is room beside it, `right` ("2 left", else only its number;
        the tooltip says what it counts), both in one size."""
        th = self.app.theme
        width = cell.w - th.px(18)
        top = max(13, round(14 * th.text_scale))
        lines, font, words = None, None, ""
        for words in (right, right.split(" ")[0]) if right else ():
            for real in range(top, 12, -1):
                face = th.font_px(real, bold=True, condensed=True)
                fits = face.get_ascent() - face.get_descent() <= th.px(20)
                if fits and face.size(title)[0] + face.size(words)[0] + th.px(8) <= width:
                    lines, font = [title], face
                    break
            if lines:
                break
        beside = lines is not None
        if not beside:
            words = ""
            font = th.fit_font(14, title, width, height=th.px(20), bold=True, condensed=True)
            lines = [title]
            if font.size(title)[0] > width:
                two = th.font_px(13, bold=True, condensed=True).get_linesize() * 2
                lines, font = fit_lines(th, 14, title, width, two, bold=True, condensed=True)
        height = max(th.px(24), len(lines) * font.get_linesize() + th.px(4))
        rect = pygame.Rect(cell.x + th.px(3), cell.y + th.px(3), cell.w - th.px(6), height)
        return {"rect": rect, "lines": lines, "font": font, "right": words, "beside": beside}

    def _draw_head(self, surface, head: dict, colour) -> None:
        th = self.app.theme
        rect, font = head["rect"], head["font"]
        pygame.draw.rect(surface, colour, rect, border_radius=th.px(6))
        if head["right"]:
            surf = text_surface(font, head["right"], T.WHITE)
            surface.blit(surf, surf.get_rect(midright=(rect.right - th.px(6), rect.centery)))
        y = rect.centery - len(head["lines"]) * font.get_linesize() // 2
        for line in head["lines"]:
            surface.blit(text_surface(font, line, T.WHITE), (rect.x + th.px(6), y))
            y += font.get_linesize()

    def _foot_font(self, cell, text: str):
        """The font of an enemy panel's bottom line (Health, Shields)."""
        th = self.app.theme
        width = cell.w - th.px(16)
        font = th.fit_font(12, text, width, height=th.px(14), bold=True)
        if font.size(text)[0] > width:
            font = th.fit_font(12, text, width, height=th.px(14), bold=True, condensed=True)
        return font

    def _rolls_room(self, cell, x, objective, badges) -> bool:
        """Whether the dice objective and `badges` fit an enemy panel's Rolls line."""
        th = self.app.theme
        return self._badges(badges)[1] + self._dice_width(objective) <= cell.right - th.px(8) - x

    def _dice_width(self, objective) -> int:
        th = self.app.theme
        return sum(n * (th.px(24) + th.px(2)) + th.px(4) for _s, n in objective)

    def _badges(self, badges):
        """(icon name, number) badges as (name, number surface, width), and their width."""
        th = self.app.theme
        font = self._rolls_font()
        icon = th.px(16)
        parts = []
        for name, value in badges:
            num = text_surface(font, str(value), T.WHITE)
            parts.append((name, num, (icon + th.px(2) if name else 0) + num.get_width()))
        return parts, sum(w + th.px(6) for _n, _s, w in parts)

    def _rolls_font(self):
        th = self.app.theme
        return th.fit_font(13, "Rolls:", th.px(200), height=th.px(16), bold=True)

    def _rolls_row(self, surface, cell, x, y, objective, active, badges) -> None:
        """An enemy panel's "Rolls:" line: the dice objective, "ACTIVATES" when the roll meets
        it, and `badges` (icon name, number; "" for a plain number) at its right. A label with
        no room gives way to the dice: "Rolls:" first (the tooltip says it), then "ACTIVATES"
        (the panel's thicker rim still shows it)."""
        th = self.app.theme
        size = th.px(24)
        font = self._rolls_font()
        icon = th.px(16)
        parts, badges_w = self._badges(badges)
        room = cell.right - th.px(8) - x - badges_w
        label = text_surface(font, "Rolls:", T.TEXT_DIM)
        tag = text_surface(th.font(12, bold=True), "ACTIVATES", T.HIGHLIGHT) if active else None
        shown = [label, tag] if tag else [label]
        dice_w = self._dice_width(objective)
        while shown and sum(s.get_width() + th.px(6) for s in shown) + dice_w > room:
            shown.pop(0)
        ix = x
        if label in shown:
            surface.blit(label, (x, y + th.px(3)))
            ix += label.get_width() + th.px(6)
        MV.objective_icons(surface, objective, (ix, y - th.px(2)), size, th)
        if tag is not None and tag in shown:
            right = cell.right - th.px(8) - badges_w
            surface.blit(tag, tag.get_rect(topright=(right, y + th.px(3))))
        from game.ui import art

        bx = cell.right - th.px(8)
        for name, num, w in reversed(parts):
            bx -= w
            if name:
                colour = T.HEALTH if name == "health" else T.PARCHMENT
                surface.blit(art.ui_icon(name, icon, colour), (bx, y + th.px(4)))
                surface.blit(num, (bx + icon + th.px(2), y + th.px(3)))
            else:
                surface.blit(num, (bx, y + th.px(3)))
            bx -= th.px(6)

    def _fit_body(self, box: pygame.Rect, texts, cap: int | None = None):
        """An enemy panel's words (attack, Crisis ability, Threat text) wrapped in the largest
        size (from 13 at the text scale down to 13 px; no taller than `cap` px) at which all
        fit `box` whole: (font, lines of each), or None."""
        th = self.app.theme
        top = max(13, round(13 * th.text_scale))
        gap = th.px(2)
        for real in range(top, 12, -1):
            font = th.font_px(real, condensed=True)
            if cap is not None and font.get_height() > cap and real > 13:
                continue
            blocks = [wrap(font, text, box.w) for text, _c in texts]
            height = sum(len(b) for b in blocks) * font.get_linesize() + gap * (len(texts) - 1)
            if height <= box.h and all(font.size(t)[0] <= box.w for b in blocks for t in b):
                return font, blocks
        return None

    def _draw_body(self, surface, box: pygame.Rect, texts, fit) -> None:
        """The words `_fit_body` fitted; where even 13 px could not hold them whole, the last
        is shortened (the panel's tooltip has it whole)."""
        th = self.app.theme
        if fit is None:
            font = th.font_px(13, condensed=True)
            blocks = [wrap(font, text, box.w) for text, _c in texts]
            room = box.h - sum(len(b) for b in blocks[:-1]) * font.get_linesize()
            room = max(room, font.get_linesize())
            blocks[-1] = fit_lines(
                th, 13, texts[-1][0], box.w, room, condensed=True, in_tooltip=True
            )[0]
        else:
            font, blocks = fit
        y = box.y
        for block, (_text, colour) in zip(blocks, texts, strict=True):
            for line in block:
                surface.blit(text_surface(font, line, colour), (box.x, y))
                y += font.get_linesize()
            y += th.px(2)

    def _objective_words(self, objective) -> str:
        return " and ".join(f"{n} {self.db.symbols.get(s, s)}" for s, n in objective)

    def _threat_plan(self, cell, tdef) -> dict:
        th = self.app.theme
        head = self._head_plan(cell, tdef.name)
        x = cell.x + th.px(8)
        y = head["rect"].bottom + th.px(4)
        body = pygame.Rect(x, y + th.px(25), cell.w - th.px(16), cell.bottom - th.px(6) - y)
        body.h -= th.px(25)
        texts = [
            ("Unstoppable Threat: never targeted, acts last.", (230, 150, 90)),
            (tdef.text, T.TEXT),
        ]
        return {
            "kind": "threat",
            "cell": cell,
            "def": tdef,
            "head": head,
            "x": x,
            "y": y,
            "body": body,
            "texts": texts,
            "fit": self._fit_body(body, texts),
        }

    def _draw_threat_panel(self, surface, plan: dict) -> None:
        th = self.app.theme
        cell, tdef = plan["cell"], plan["def"]
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
        self._draw_head(surface, plan["head"], (150, 70, 30))
        self._rolls_row(surface, cell, plan["x"], plan["y"], tdef.objective, active, [])
        self._draw_body(surface, plan["body"], plan["texts"], plan["fit"])
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
            room = bottom - y - about_h - head_h
            found = whole_lines(th, 13, objective, width, room)
            if found is not None and found[1].get_height() >= th.font_px(top).get_height():
                break
        lines, font = found or fit_lines(th, 13, objective, width, room, in_tooltip=True)
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
        emblem = min(th.px(40), row_h - th.px(3) - th.px(8))
        tag_font, with_cards = self._seat_line_font(heroes, th.px(170) - emblem - th.px(10))
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
            tag, cards = self._seat_tag(hero), f"{len(hero.hand)} cards"
            if with_cards:
                tag, cards = f"{tag} · {cards}", ""
            draw_text(
                surface,
                tag,
                tag_font,
                T.TEXT_DIM if not hero.defeated else T.NEGATIVE,
                (x, row.y + th.px(20)),
            )
            token_y = row.y + th.px(20) + tag_font.get_linesize()
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
            words = f"Lv{hero.momentum_level}"
            face = th.fit_font(12, words, lv.w - th.px(4), height=lv.h - th.px(2), bold=True)
            lab = text_surface(face, words, T.WHITE)
            surface.blit(lab, lab.get_rect(center=lv.center))
            self.tips.append((lv, f"Momentum card level {hero.momentum_level}: {lines}"))
            # the tokens under the name and seat, the Allies (whole: wrapped, then smaller)
            # right of the dials
            tx = x
            tsize = min(th.px(20), row.bottom - th.px(2) - token_y)
            names = [self.db.allies[a].name for a in hero.allies]
            box = pygame.Rect(lv.right, row.y, row.right - lv.right, row.h)
            box = inset(box, th.px(4), th.px(2))
            if cards and names and self._roster_extra(box, cards, names) is None:
                # the hand size goes before the tokens (the Allies take the box alone), or,
                # with no room there either, into the row's tooltip
                face = th.fit_font(12, cards, th.px(170), height=tsize, bold=True)
                if token_y + face.get_ascent() <= row.bottom - th.px(2):
                    draw_text(surface, cards, face, T.TEXT_DIM, (tx, token_y))
                    tx += face.size(cards)[0] + th.px(6)
                else:
                    shortened(cards, in_tooltip=True)
                    self.tips.append((row, f"{hero.name}: {cards} in hand."))
                cards = ""
            for status, count in sorted(hero.tokens.items()):
                if count <= 0 or tx + tsize > row.x + th.px(170):
                    continue
                sinfo = self.db.statuses.get(status) or self.content.statuses.get(status)
                sname = sinfo.name if sinfo else status
                skind = getattr(sinfo, "kind", "unique") if sinfo else "unique"
                icon = MV.token(status, sname, skind, tsize)
                trect = pygame.Rect(tx, token_y, tsize, tsize)
                surface.blit(icon, trect)
                if count > 1:
                    b = text_surface(th.font(11, bold=True), str(count), T.WHITE)
                    surface.blit(b, b.get_rect(bottomright=trect.bottomright))
                self.tips.append((trect, f"{sname} x{count}: {getattr(sinfo, 'text', '')}"))
                tx += tsize + th.px(3)
            self._draw_roster_extra(surface, box, cards, names)
        free_y = rect.y + th.px(8) + n * row_h
        if rect.bottom - free_y >= th.px(70) and heroes:
            self._draw_momentum_card(
                surface,
                pygame.Rect(
                    rect.x + th.px(8), free_y, rect.w - th.px(16), rect.bottom - free_y - th.px(6)
                ),
            )

    def _seat_tag(self, hero) -> str:
        if hero.defeated:
            return "DEFEATED"
        return "EXITED" if hero.exited else self.seat_label(hero.seat)

    def _seat_line_font(self, heroes, room: int):
        """(the one font of every Hero row's seat line, whether the hand size shares it): the
        first face (bold, bold condensed, condensed) in which every row's "seat · N cards"
        fits `room`, else every row shows its seat alone in bold."""
        th = self.app.theme
        lines = [f"{self._seat_tag(h)} · {len(h.hand)} cards" for h in heroes]
        for bold, cond in ((True, False), (True, True), (False, True)):
            fonts = [
                th.fit_font(12, line, room, height=th.px(14), bold=bold, condensed=cond)
                for line in lines
            ]
            font = min(fonts, key=lambda f: f.get_height(), default=None)
            if font is not None and all(font.size(line)[0] <= room for line in lines):
                return font, True
        tags = [self._seat_tag(h) for h in heroes]
        fonts = [th.fit_font(12, tag, room, height=th.px(14), bold=True) for tag in tags]
        return min(fonts, key=lambda f: f.get_height(), default=th.font(12, bold=True)), False

    @staticmethod
    def _roster_text(cards: str, names) -> str:
        allies = ("Ally: " if len(names) == 1 else "Allies: ") + ", ".join(names)
        return " · ".join(filter(None, [cards, allies if names else ""]))

    def _roster_extra(self, box: pygame.Rect, cards: str, names):
        """The lines and font in which a Hero's hand size and Allies fit `box` whole, or None."""
        text = self._roster_text(cards, names)
        return whole_lines(self.app.theme, 12, text, box.w, box.h, condensed=True)

    def _draw_roster_extra(self, surface, box: pygame.Rect, cards: str, names) -> None:
        """A Hero's Allies (and hand size, when the seat line had no room for it) right of
        their dials: every name whole, wrapped and then smaller; where even 13 px cannot
        hold them (four Heroes in a small window) they are shortened and the row's tooltip
        names them."""
        th = self.app.theme
        text = self._roster_text(cards, names)
        if not text:
            return
        found = self._roster_extra(box, cards, names)
        if found is None:
            found = fit_lines(th, 12, text, box.w, box.h, condensed=True, in_tooltip=True)
            self.tips.append((box, text))
        lines, font = found
        y = box.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            surface.blit(text_surface(font, line, T.TEXT_DIM), (box.x, y))
            y += font.get_linesize()

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
        # the card is a reminder: what does not fit is cut, and the Momentum level badge of
        # each Hero in the list has the whole card as its tooltip
        for action in self.db.momentum_levels.get(hero.momentum_level, ()):
            if y > box.bottom - th.px(16):
                shortened(f"{action.cost} - {action.text}", in_tooltip=True)
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
                in_tooltip=True,
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

    def hq_height(self) -> int:
        """The Ally HQ panel's height: its title and cells two lines of 13 px tall (an Ally's
        name and cost over two lines, whole), at least 60 at the layout scale."""
        th = self.app.theme
        two = 2 * th.font_px(13, bold=True, condensed=True).get_linesize()
        return max(th.px(60), th.px(22) + two)

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
        # every name whole (wrapped, then smaller; never cut: docs/ui.md), all in one size;
        # the lines' own leading is the cell's padding
        fits = [
            fit_lines(th, 12, text, w - th.px(8), h, bold=True, condensed=True) for text in labels
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
