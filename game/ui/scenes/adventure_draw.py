"""Drawing the Adventures crawl map (AdventureDrawing, mixed into AdventureScene): the top bar,
the map of tiles, standees and Minions, the heroes' panels, the prompt and log, the Loot-die
reveals, the Shop, Boss Loot and the finished campaign. `draw` never changes state.

Everything drawn comes from the scene's `source` (`game/online/adventure_table.py`: the per-seat
campaign view, `adventure_view.py`), never from the engine or the campaign runner."""

from __future__ import annotations

import pygame

from game.ui import crawl_art, keymap, loot_art
from game.ui import theme as T
from game.ui.scenes.adventures_menu import scenario_label
from game.ui.widgets import (
    draw_fitted,
    draw_text,
    felt_background,
    fit_lines,
    glow,
    heading,
    layer,
    panel,
    text_surface,
    wrap,
)

LEVEL_BACKS = {
    0: (196, 160, 98),
    1: (58, 112, 78),
    2: (52, 88, 150),
    3: (112, 66, 140),
    4: (150, 48, 46),
}
RARITY_COLOURS = loot_art.RARITY_COLOURS
ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV"}
FLIP_TIME = 0.45  # seconds a tile takes to turn face up


class AdventureDrawing:
    """The crawl scene's drawing and the geometry its clicks share (tiles, badges, Shop)."""

    def draw(self, surface: pygame.Surface) -> None:
        felt_background(surface)
        rects = self.layout()
        src = self.source
        if src.finished:
            self._draw_finished(surface)
        elif src.conclusion is not None and src.pending is not None:
            if src.pending.kind == "adventure_shop":
                self._draw_shop(surface, src.pending)
            else:
                self._draw_boss_loot(surface, src.pending)
        elif src.scenario is not None:
            self._draw_top(surface, rects["top"])
            if self._scenario_kind() == "crawl":
                self._draw_map(surface, rects["map"])
            else:
                self._draw_boss_panel(surface, rects["map"])
            self._draw_heroes(surface, rects["heroes"])
            self._draw_prompt(surface, rects["prompt"])
            self._draw_log(surface, rects["log"])
        for button in self.buttons:
            button.draw(surface, self.app.theme)
        if self.reveal_ready():
            self._draw_reveal(surface, self.reveals[0])
        if self.paused:
            self.draw_pause_menu(surface)

    def _scenario_kind(self) -> str:
        return self.source.scenario.kind

    def _draw_top(self, surface, rect) -> None:
        th = self.app.theme
        panel(surface, rect, th, radius=8)
        sc = self.source.scenario
        card = self.adv.card(sc.card)
        gold, shards, need = sc.gold, sc.shards, sc.shards_needed
        kind = sc.kind
        title = f"{scenario_label(sc.number)}: {card.name}"
        x = rect.right - th.px(12)
        left = x
        if kind == "crawl":
            shards_text, gold_text = f"Shards {shards}/{need}", f"Team Gold {gold}"
            small = th.fit_font(18, shards_text, th.px(120), height=th.px(22), bold=True)
            draw_text(
                surface,
                shards_text,
                small,
                (120, 210, 230),
                (x, rect.y + th.px(11)),
                align="right",
            )
            x -= max(th.px(130), small.size(shards_text)[0] + th.px(16))
            gold_font = th.fit_font(18, gold_text, th.px(150), height=th.px(22), bold=True)
            draw_text(surface, gold_text, gold_font, T.GOLD, (x, rect.y + th.px(11)), align="right")
            left = x - gold_font.size(gold_text)[0] - th.px(16)
        room = left - rect.x - th.px(12)
        draw_text(
            surface,
            title,
            th.fit_font(20, title, room, height=th.px(24), bold=True, condensed=True),
            T.BRASS,
            (rect.x + th.px(12), rect.y + th.px(10)),
        )

    def _draw_map(self, surface, area: pygame.Rect) -> None:
        th = self.app.theme
        src = self.source
        panel(surface, area, th, fill=crawl_art.ROCK, rim=T.BRASS_DARK)
        inside = area.inflate(-th.px(8), -th.px(8))
        choice = src.pending
        legal = set()
        if choice is not None and choice.kind == "adventure_move":
            legal = {o.action.get("slot") for o in choice.options}
        sc = src.scenario
        tiles = list(src.tiles)
        xs = [t.x for t in tiles] or [0]
        ys = [t.y for t in tiles] or [0]
        cols = round((max(xs) - min(xs)) / 96) + 1
        rows = round((max(ys) - min(ys)) / 96) + 1
        cell = min((area.w - th.px(30)) / cols, (area.h - th.px(30)) / rows)
        ox = area.x + (area.w - cell * cols) / 2
        oy = area.y + (area.h - cell * rows) / 2
        size = int(cell * 0.9)
        self.tile_rects = {}
        centres = {}
        for tile in sorted(tiles, key=lambda t: t.slot):
            cx = ox + ((tile.x - min(xs)) / 96 + 0.5) * cell
            cy = oy + ((tile.y - min(ys)) / 96 + 0.5) * cell
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (int(cx), int(cy))
            self.tile_rects[tile.slot] = rect
            centres[tile.slot] = rect.center
        # corridors between neighbours, through doorways in the rooms' walls
        doors: dict[str, list[str]] = {}
        corridors = []
        for tile in tiles:
            for nb in tile.neighbours:
                if nb in centres:
                    doors.setdefault(tile.slot, []).append(
                        crawl_art.side_of(centres[tile.slot], centres[nb])
                    )
                    if nb > tile.slot:
                        a, b = centres[tile.slot], centres[nb]
                        corridors.append(
                            (
                                (a[0] - inside.x, a[1] - inside.y),
                                (b[0] - inside.x, b[1] - inside.y),
                            )
                        )
        width = max(th.px(10), int(cell * 0.2))
        surface.blit(crawl_art.ground(inside.size, tuple(corridors), width), inside)
        for tile in sorted(tiles, key=lambda t: t.slot):
            rect = self.tile_rects[tile.slot]
            face_up = tile.slot in self.shown_explored or tile.kind == "sands"
            tdef = tile.env if face_up and tile.kind == "env" else {}
            self._draw_tile(
                surface,
                rect,
                tile,
                face_up,
                tdef,
                sc,
                tile.slot in legal,
                tuple(doors.get(tile.slot, ())),
            )
        # standees: minions then heroes
        fights = set()
        for tile in tiles:
            if tile.fighting:
                rect = self.tile_rects[tile.slot]
                self._draw_minion(surface, rect, tile.minion)
                fights.add(tile.slot)
        by_tile: dict[str, list[int]] = {}
        for adv in src.heroes:
            by_tile.setdefault(adv.tile, []).append(adv.seat)
        active = choice.player if choice is not None else None
        for slot, players in by_tile.items():
            rect = self.tile_rects.get(slot)
            if rect is None:
                continue
            n = len(players)
            r = max(th.px(12), min(th.px(24), rect.w // 6))
            mid = rect.centerx - (r + th.px(4) if slot in fights else 0)
            for i, p in enumerate(players):
                x = mid + int((i - (n - 1) / 2) * (r * 2 + th.px(2)))
                y = rect.bottom - th.px(10)  # the standee's feet
                self._draw_standee(surface, (x, y), r, p, p == active)
        if choice is not None and choice.kind == "adventure_move" and len(choice.options) > 1:
            # the number of the move's button (and its key) on each lit tile
            font = th.font(15, bold=True)
            for i, option in enumerate(choice.options[:9]):
                rect = self.tile_rects.get(option.action.get("slot"))
                if rect is None:
                    continue
                badge = self.move_badge_rect(rect)
                r, centre = badge.w // 2, badge.center
                pygame.draw.circle(surface, T.HIGHLIGHT, centre, r)
                pygame.draw.circle(surface, T.INK, centre, r, max(1, th.px(2)))
                label = text_surface(font, str(i + 1), T.INK)
                surface.blit(label, label.get_rect(center=centre))

    def move_badge_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The numbered move badge of a lit tile: on its top-left corner, clear of the title."""
        r = self.app.theme.px(11)
        badge = pygame.Rect(0, 0, 2 * r, 2 * r)
        badge.center = (rect.x + self.app.theme.px(2), rect.y + self.app.theme.px(2))
        return badge

    def _draw_tile(self, surface, rect, tile, face_up, tdef, sc, legal, doors=()) -> None:
        """A tile as a room of the dungeon (game/ui/crawl_art.py): explored rooms lit with
        their name plate, unexplored ones under fog in their level's colour with the level's
        numeral, the Crimson Sands, the portal; a lit (legal) room glows with a gold rim."""
        th = self.app.theme.fixed()  # a tile is a fixed shape: its words keep 1.00x proportions
        # the flip: squeeze to nothing showing the fog, then open showing the room
        t = self.flips.get(tile.slot)
        draw_rect = rect
        if t is not None:
            half = FLIP_TIME / 2
            if t < half:
                face_up = False
                scale = 1 - t / half
            else:
                scale = (t - half) / half
            draw_rect = pygame.Rect(0, 0, max(2, int(rect.w * scale)), rect.h)
            draw_rect.center = rect.center
        if legal:
            glow(surface, rect, th, strength=5, radius=8)
        small = th.font(13, bold=True, condensed=True)
        level_colour = LEVEL_BACKS.get(tile.level, LEVEL_BACKS[1])
        if tile.kind == "portal":
            kind = "portal"
        elif tile.kind == "sands":
            kind = "sands"
        else:
            kind = "room" if face_up else "fog"
        picture = crawl_art.room(kind, tile.level, rect.w, doors, level_colour)
        if draw_rect.size != rect.size:
            picture = pygame.transform.scale(picture, draw_rect.size)
        surface.blit(picture, draw_rect)
        rim = T.HIGHLIGHT if legal else (level_colour if kind in ("room", "fog") else None)
        if rim is not None:
            pygame.draw.rect(surface, rim, draw_rect, th.px(3) if legal else 1)
        if tile.kind == "portal":
            plate = pygame.Rect(0, 0, small.size("PORTAL")[0] + th.px(10), th.px(17))
            plate.midtop = (rect.centerx, rect.y + th.px(5))
            crawl_art.plaque(surface, plate)
            draw_text(surface, "PORTAL", small, T.INK, plate.midtop, align="center")
            for i in range(sc.shards_needed):
                cx = rect.centerx + (i - 1) * th.px(18)
                cy = rect.centery - th.px(4)
                colour = (120, 210, 230) if i < sc.shards else (70, 60, 90)
                _diamond(surface, (cx, cy), th.px(7), colour)
            if sc.shards >= sc.shards_needed:
                draw_text(
                    surface,
                    "OPEN",
                    small,
                    T.HIGHLIGHT,
                    (rect.centerx, rect.centery + th.px(8)),
                    align="center",
                    shadow=True,
                )
        elif tile.kind == "sands":
            plate = pygame.Rect(0, 0, small.size("Crimson")[0] + th.px(12), th.px(31))
            plate.midtop = (rect.centerx, rect.y + th.px(4))
            crawl_art.plaque(surface, plate)
            draw_text(
                surface, "Crimson", small, T.INK, (rect.centerx, rect.y + th.px(4)), align="center"
            )
            draw_text(
                surface, "Sands", small, T.INK, (rect.centerx, rect.y + th.px(18)), align="center"
            )
        elif not face_up:
            if draw_rect.w > rect.w // 2:
                draw_text(
                    surface,
                    ROMAN.get(tile.level, "?"),
                    th.font(26, serif=True),
                    T.WHITE,
                    (rect.centerx, rect.centery - th.px(20)),
                    align="center",
                    shadow=True,
                )
        elif draw_rect.w > rect.w // 2:
            name = tdef.get("name", "")
            mr = th.px(10)  # the Minion badge in the top-right corner
            right = 2 * (mr + th.px(2)) if tdef.get("minion") else 0
            left = 2 * self.app.theme.px(13) if legal else 0  # the move badge, top-left
            # the plate sits between the corner badges, never under them
            span = pygame.Rect(rect.x + th.px(4) + left, rect.y, 0, 0)
            span.w = rect.w - th.px(8) - left - right
            top = rect.y + th.px(2)
            lines, font = _plate_lines(th, small, name, span.w - th.px(8))
            if "".join(lines).replace("-", "").replace(" ", "") != name.replace(" ", ""):
                # no room between the badges: the plate goes under them, the tile's width
                span = pygame.Rect(rect.x + th.px(4), rect.y, rect.w - th.px(8), 0)
                top = rect.y + max(2 * mr + th.px(4), 2 * self.app.theme.px(11) if legal else 0)
                lines, font = _plate_lines(th, small, name, span.w - th.px(8))
            widest = max([font.size(line)[0] for line in lines] + [th.px(30)])
            bits = []
            if tdef.get("cp"):
                bits.append((f"+{tdef['cp']} CP", T.CP))
            if tdef.get("gold"):
                bits.append((f"+{tdef['gold']} G", (150, 110, 20)))
            line_h = max(th.px(14), font.get_linesize() - th.px(1))
            plate = pygame.Rect(0, 0, min(span.w, widest + th.px(10)), 0)
            plate.h = th.px(4) + len(lines) * line_h
            plate.midtop = (span.centerx, top)
            crawl_art.plaque(surface, plate)
            for k, line in enumerate(lines):
                draw_text(
                    surface,
                    line,
                    font,
                    T.INK,
                    (plate.centerx, top + th.px(1) + k * line_h),
                    align="center",
                )
            y = max(rect.y + th.px(33), plate.bottom + th.px(3))
            x = rect.x + th.px(5)
            for text, colour in bits:  # what the room gives, on small chips
                surf = text_surface(small, text, colour)
                if x + surf.get_width() > rect.right - th.px(4) and x > rect.x + th.px(5):
                    x, y = rect.x + th.px(5), y + small.get_linesize()  # next line
                chip = surf.get_rect(topleft=(x, y)).inflate(th.px(4), 0)
                pygame.draw.rect(surface, T.PARCHMENT, chip, border_radius=th.px(4))
                surface.blit(surf, (x, y))
                x += surf.get_width() + th.px(7)
            if tdef.get("minion"):
                # inside the corner, beside the title (not over it, not off the tile)
                centre = (rect.right - mr - th.px(2), rect.y + mr + th.px(2))
                pygame.draw.circle(surface, T.NEGATIVE, centre, mr)
                pygame.draw.circle(surface, (60, 14, 10), centre, mr, 1)
                draw_text(
                    surface,
                    ROMAN[int(tdef["minion"])],
                    th.font(13, bold=True, condensed=True),
                    T.WHITE,
                    (centre[0], centre[1] - th.px(8)),
                    align="center",
                )
        # items still lying on the tile
        x = rect.x + th.px(10)
        y = rect.bottom - th.px(16)
        for item in tile.items:
            if item == "shard":
                _diamond(surface, (x + th.px(8), y), th.px(10), (120, 210, 230))
            elif item == "salve":
                pygame.draw.circle(surface, T.POSITIVE, (x + th.px(8), y), th.px(9))
                pygame.draw.circle(surface, T.WHITE, (x + th.px(8), y), th.px(9), 2)
                pygame.draw.line(surface, T.WHITE, (x + th.px(4), y), (x + th.px(12), y), 2)
                pygame.draw.line(
                    surface, T.WHITE, (x + th.px(8), y - th.px(4)), (x + th.px(8), y + th.px(4)), 2
                )
            elif item.startswith("chest"):  # a treasure chest banded in its rarity's colour
                rarity = item.split(":", 1)[-1]
                box = loot_art.chest(rarity, th.px(22))
                surface.blit(box, box.get_rect(midleft=(x, y)))
            x += th.px(24)

    def _draw_minion(self, surface, rect, minion) -> None:
        """The Minion (its seat) fighting in this room: its standee on a red base, its Health
        under it."""
        from game.ui import standee

        th = self.app.theme.fixed()  # drawn on a tile: a fixed shape
        dial = self.source.view.players[minion]
        r = max(th.px(12), min(th.px(22), rect.w // 6))
        foot = (rect.right - r - th.px(6), rect.bottom - th.px(14))
        standee.blit(surface, dial.hero, int(r * 2.0), T.NEGATIVE, foot)
        tag = text_surface(th.font(13, bold=True), str(dial.health), T.WHITE)
        badge = tag.get_rect(midtop=(foot[0], foot[1] - th.px(2))).inflate(th.px(6), 0)
        pygame.draw.rect(surface, T.HEALTH, badge, border_radius=th.px(4))
        pygame.draw.rect(surface, (40, 10, 10), badge, 1, border_radius=th.px(4))
        surface.blit(tag, tag.get_rect(center=badge.center))
        # an ongoing battle: the room's rim turns red
        pygame.draw.rect(surface, T.NEGATIVE, rect, th.px(3))

    def _draw_standee(self, surface, foot, r, player, active) -> None:
        """A hero's standee with its feet at `foot`, on a base in the hero's colour; the hero
        whose turn it is stands in a gold ring (`player`: the hero's seat)."""
        from game.ui import standee
        from game.ui.art import hero_colour

        th = self.app.theme.fixed()  # drawn on a tile: a fixed shape
        hero = self.source.view.players[player].hero
        adv = self.source.hero(player)
        size = int(r * 2.0)
        _rect, head = standee.blit(surface, hero, size, hero_colour(hero), foot)
        if active:
            pygame.draw.circle(surface, T.HIGHLIGHT, head, size // 2 + th.px(5), th.px(3))
        if adv.fallen:
            d = size // 2
            pygame.draw.line(
                surface,
                T.NEGATIVE,
                (head[0] - d, head[1] - d),
                (head[0] + d, head[1] + d),
                th.px(3),
            )

    def _draw_boss_panel(self, surface, area) -> None:
        th = self.app.theme
        panel(surface, area, th, fill=(36, 22, 30), rim=T.NEGATIVE)
        boss = self.source.scenario.boss
        if boss is None:
            return
        dial = self.source.view.players[boss]
        name, hero_id = dial.name, dial.hero
        from game.ui import standee

        # the boss's standee: its portrait crowned in gold, on a base
        standee.blit(
            surface, hero_id, th.px(124), T.GOLD, (area.centerx, area.y + th.px(192)), boss=True
        )
        heading(surface, th, name, (area.centerx, area.y + th.px(210)), size=32)
        draw_text(
            surface,
            f"{dial.health} Health",
            th.font(24, bold=True),
            T.HEALTH,
            (area.centerx, area.y + th.px(256)),
            align="center",
        )
        draw_text(
            surface,
            "Boss Battle: the team shares one Health dial.",
            th.font(16),
            T.TEXT_DIM,
            (area.centerx, area.y + th.px(296)),
            align="center",
        )

    def header_reserve(self, area) -> int:
        """Width kept free at the right of the heroes' header line."""
        return 0

    def _draw_heroes(self, surface, area) -> None:
        from game.ui.art import hero_emblem
        from game.ui.board_view import draw_dial  # noqa: F401 - same dial look as the duel

        th = self.app.theme
        src = self.source
        panel(surface, area, th)
        team = src.campaign["team_name"]
        room = area.w - th.px(24) - self.header_reserve(area)  # (online: the indicator)
        draw_text(
            surface,
            team,
            th.fit_font(18, team, room, height=th.px(24), bold=True),
            T.BRASS,
            (area.x + th.px(12), area.y + th.px(5)),
        )
        choice = src.pending
        active = choice.player if choice is not None else None
        self.hero_rects = {}
        members = src.campaign["heroes"]
        players = src.heroes
        n = max(1, len(players))
        row_h = min(th.px(80), (area.h - th.px(36)) // n)
        y = area.y + th.px(32)
        for i, adv in enumerate(players):
            seat = adv.seat
            dial = src.view.players[seat]
            rect = pygame.Rect(area.x + th.px(8), y, area.w - th.px(16), row_h - th.px(4))
            self.hero_rects[seat] = rect
            if seat == active:
                glow(surface, rect, th, strength=3, radius=6)
            panel(
                surface,
                rect,
                th,
                fill=T.WOOD_LIGHT,
                rim=T.HIGHLIGHT if seat == active else T.BRASS_DARK,
                radius=6,
            )
            size = rect.h - th.px(10)
            surface.blit(hero_emblem(dial.hero, size), (rect.x + th.px(5), rect.y + th.px(5)))
            member = members[i] if i < len(members) else None
            who = "CPU" if member is not None and member["computer"] else "Human"
            x = rect.x + size + th.px(12)
            who_font = th.font(13)
            draw_text(
                surface,
                who,
                who_font,
                T.TEXT_DIM,
                (rect.right - th.px(8), rect.y + th.px(6)),
                align="right",
            )
            name = dial.name
            room = rect.right - th.px(16) - who_font.size(who)[0] - x
            name_font = th.fit_font(16, name, room, height=th.px(21), bold=True)
            draw_text(surface, name, name_font, T.TEXT, (x, rect.y + th.px(3)))
            line = rect.y + th.px(26)
            bar = pygame.Rect(x, line + th.px(3), th.px(110), th.px(12))
            pygame.draw.rect(surface, (60, 30, 30), bar, border_radius=3)
            frac = max(0.0, min(1.0, dial.health / max(1, dial.start_health)))
            pygame.draw.rect(
                surface, T.HEALTH, (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=3
            )
            health_text = f"{dial.health}/{dial.start_health}"
            health_font = th.fit_font(14, health_text, th.px(52), bold=True)
            draw_text(surface, health_text, health_font, T.TEXT, (bar.right + th.px(6), line))
            cp_text = f"{dial.cp} CP"
            cp_x = max(
                bar.right + th.px(62),
                bar.right + th.px(12) + health_font.size(health_text)[0],
            )
            draw_text(
                surface,
                cp_text,
                th.fit_font(14, cp_text, rect.right - cp_x - th.px(8), bold=True),
                T.CP,
                (cp_x, line),
            )
            status = f"Salves {adv.salves}"
            if adv.fallen:
                status += "  -  Fallen: a teammate's Salve can revive"
            elif adv.engaged is not None and src.alive(adv.engaged):
                status += f"  -  Fighting {src.view.players[adv.engaged].name}"
            if adv.unidentified_rarities:
                status += f"  -  {len(adv.unidentified_rarities)} unidentified"
            if row_h > th.px(56):
                colour = T.NEGATIVE if adv.fallen else (150, 214, 160)
                top = rect.y + th.px(46)
                lines, font = fit_lines(
                    th, 14, status, rect.right - x - th.px(6), rect.bottom - top - th.px(2)
                )
                for k, text in enumerate(lines):
                    draw_text(surface, text, font, colour, (x, top + k * font.get_linesize()))
            y += row_h

    def _draw_prompt(self, surface, rect) -> None:
        th = self.app.theme
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS)
        choice = self.source.pending
        if self.ticker or self.reveal_ready():
            text = self.current_line or "..."
            hint = f"{keymap.hint('Space')} or a click skips the narration."
        elif choice is None:
            text, hint = "", ""
        else:
            who = self.seat_name(choice.player)
            if choice.player in self.controllers:
                text = f"{who} ({self.decider(choice.player)}) is deciding..."
                hint = ""
            else:
                text = f"{who}: {choice.prompt}"
                hint = "Click a lit tile to move there." if choice.kind == "adventure_move" else ""
        if self.message:
            hint = self.message
        width = rect.w - th.px(24)
        hint_font = th.font(14)
        hint_lines = wrap(hint_font, hint, width)[:2] if hint else []
        # the words stay above the decision's buttons when they sit in the panel (a long
        # name wraps the headline onto a second line at large scales)
        bottom = min((b.rect.y for b in self.buttons if b.rect.colliderect(rect)), default=0)
        bottom = bottom - th.px(2) if bottom else rect.bottom
        room = bottom - rect.y - th.px(14) - len(hint_lines) * hint_font.get_linesize()
        # the headline whole (wrapped, then smaller), the hint under its last line
        lines, font = fit_lines(th, 18, text, width, room, bold=True)
        y = rect.y + th.px(8)
        for line in lines:
            surface.blit(text_surface(font, line, T.HIGHLIGHT), (rect.x + th.px(12), y))
            y += font.get_linesize()
        if hint:  # (wrapped: a "Could not save ..." with its folder ran past the panel)
            draw_text(
                surface,
                hint,
                hint_font,
                T.TEXT_DIM,
                (rect.x + th.px(12), y),
                width=width,
                max_height=bottom - y - th.px(4),
            )

    def decider(self, seat: int) -> str:
        """Who decides for a seat this window does not play (offline: the computer)."""
        return "computer"

    def seat_name(self, seat: int) -> str:
        view = self.source.view
        if view is None or not 0 <= seat < len(view.players):
            return ""
        return view.players[seat].name

    def _draw_log(self, surface, rect) -> None:
        th = self.app.theme
        panel(surface, rect, th, fill=T.WOOD, rim=T.BRASS_DARK)
        font = th.font(14)
        lines: list[str] = []
        for text in self.log[-30:]:
            lines.extend(wrap(font, text, rect.w - th.px(20)))
        step = font.get_linesize()
        fit = (rect.h - th.px(12)) // step
        y = rect.y + th.px(6)
        for line in lines[-fit:]:
            surface.blit(text_surface(font, line, T.TEXT), (rect.x + th.px(10), y))
            y += step

    def _draw_reveal(self, surface, reveal) -> None:
        th = self.app.theme
        layer()
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        rect = pygame.Rect(0, 0, th.px(360), th.px(240))
        notice = None
        if reveal.get("notice"):  # only words: the card as tall as they need
            notice = fit_lines(th, 16, " ".join(reveal["lines"]), rect.w - th.px(32), th.px(140))
            rect.h = th.px(56) + len(notice[0]) * notice[1].get_linesize() + th.px(48)
        rect.center = (w // 2, h // 2)
        title = reveal["title"]
        rarity = title.split()[0].lower()
        colour = RARITY_COLOURS.get(rarity, T.GOLD)
        glow(surface, rect, th, color=colour, strength=5)
        panel(surface, rect, th, fill=T.PARCHMENT, rim=colour, rim_width=4)
        draw_text(
            surface,
            title,
            th.fit_font(24, title, rect.w - th.px(24), height=th.px(30), bold=True),
            T.INK,
            (rect.centerx, rect.y + th.px(14)),
            align="center",
        )
        if notice is not None:
            lines, font = notice
            y = rect.y + th.px(56)
            for line in lines:
                surface.blit(text_surface(font, line, T.INK), (rect.x + th.px(16), y))
                y += font.get_linesize()
            draw_text(
                surface,
                f"click or press {keymap.hint('Enter')} to go on",
                th.font(13),
                T.INK_SOFT,
                (rect.centerx, rect.bottom - th.px(22)),
                align="center",
            )
            return
        die = pygame.Rect(0, 0, th.px(64), th.px(64))
        die.center = (rect.centerx, rect.y + th.px(88))
        if "chest" in title.lower():  # the chest that was opened, beside the Loot die
            box = loot_art.chest(rarity, th.px(60))
            surface.blit(box, box.get_rect(midright=(die.x - th.px(24), die.centery)))
        pygame.draw.polygon(
            surface,
            colour,
            [
                (die.centerx, die.y),
                (die.right, die.centery),
                (die.centerx, die.bottom),
                (die.x, die.centery),
            ],
        )
        draw_text(
            surface,
            str(reveal["roll"]),
            th.font(24, bold=True),
            T.INK,
            (die.centerx, die.centery - th.px(14)),
            align="center",
        )
        text = " ".join(([reveal["changed"]] if reveal.get("changed") else []) + reveal["lines"])
        text = text or "..."
        draw_fitted(
            surface,
            th,
            16,
            text,
            T.INK,
            (rect.x + th.px(16), rect.y + th.px(132)),
            rect.w - th.px(32),
            th.px(66),
        )
        draw_text(
            surface,
            "click to go on",
            th.font(13),
            T.INK_SOFT,
            (rect.centerx, rect.bottom - th.px(22)),
            align="center",
        )

    # ---- the shop and boss loot

    def shop_geometry(self, choice) -> dict[tuple, pygame.Rect]:
        """Where each shop option's button sits (buy under a dealt card, ...)."""
        th = self.app.theme
        w, h = self.app.screen.get_size()
        hero = self.shop_hero_state(choice)
        geo: dict[tuple, pygame.Rect] = {}
        cw, ch = th.px(150), th.px(36)
        self.shop_cards = []
        x0, y0 = th.px(30), th.px(150)
        for i, card in enumerate(hero["dealt"]):
            rect = pygame.Rect(x0 + i * (cw + th.px(12)), y0, cw, th.px(200))
            self.shop_cards.append((rect, card))
            geo.setdefault(
                ("shop_buy", card, None), pygame.Rect(rect.x, rect.bottom + th.px(6), cw, ch)
            )
        self.shop_unid = []
        for i, entry in enumerate(hero["unidentified_rarities"]):
            rect = pygame.Rect(x0 + i * (cw + th.px(12)), th.px(460), cw, th.px(80))
            self.shop_unid.append((rect, entry))
            half = (cw - th.px(6)) // 2
            geo[("shop_identify", None, i)] = pygame.Rect(rect.x, rect.bottom + th.px(6), half, ch)
            geo[("shop_sell_unidentified", None, i)] = pygame.Rect(
                rect.x + half + th.px(6), rect.bottom + th.px(6), half, ch
            )
        loot = hero["deck_loot"]
        self.shop_loot = []
        lx = w - th.px(380)
        for i, card in enumerate(loot[:10]):
            row = pygame.Rect(lx, th.px(150) + i * th.px(40), th.px(350), th.px(36))
            self.shop_loot.append((row, card))
            geo[("shop_sell", card, None)] = pygame.Rect(
                row.right - th.px(80), row.y + th.px(2), th.px(76), th.px(32)
            )
            geo[("shop_remove", card, None)] = pygame.Rect(
                row.right - th.px(160), row.y + th.px(2), th.px(76), th.px(32)
            )
        geo[("shop_done", None, None)] = pygame.Rect(
            w - th.px(250), h - th.px(66), th.px(220), th.px(44)
        )
        return geo

    def shop_hero_state(self, choice) -> dict:
        """The shopping hero as the view tells it (Gold, dealt cards and their prices, the
        Unidentified cards as rarities, the Loot cards in the deck)."""
        return self.source.conclusion["heroes"][choice.player]

    def _draw_shop(self, surface, choice) -> None:
        from game.ui.art import hero_emblem
        from game.ui.cards import card_face

        th = self.app.theme
        w, h = surface.get_size()
        shop = self.source.conclusion
        hero = self.shop_hero_state(choice)
        member = self.source.campaign["heroes"][choice.player]
        self.shop_geometry(choice)
        heading(surface, th, "Rosella's Shop", (th.px(30), th.px(14)), align="left")
        surface.blit(hero_emblem(member["hero"], th.px(48)), (th.px(30), th.px(76)))
        hname = self.content.heroes[member["hero"]].name
        who = " (computer)" if member["computer"] else ""
        line = f"{hname}{who} shops: {hero['gold']} Gold"
        draw_text(
            surface,
            line,
            th.fit_font(24, line, w - th.px(90 + 30), height=th.px(30), bold=True),
            T.GOLD,
            (th.px(90), th.px(86)),
        )
        # every hero's Gold across the top right
        x = w - th.px(30)
        for i, other in enumerate(shop["heroes"]):
            name = self.content.heroes[self.source.campaign["heroes"][i]["hero"]].name
            txt = f"{name}: {other['gold']} G"
            surf = text_surface(
                th.font(16, bold=True), txt, T.HIGHLIGHT if i == choice.player else T.TEXT
            )
            x -= surf.get_width()
            surface.blit(surf, (x, th.px(24)))
            x -= th.px(20)

        def header(text: str, pos, width: int) -> None:  # fitted to its line, whatever the scale
            font = th.fit_font(18, text, width, height=th.px(24), bold=True)
            draw_text(surface, text, font, T.TEXT, pos)

        header("Dealt cards", (th.px(30), th.px(120)), w - th.px(420))
        owner = self.content.heroes[member["hero"]]
        for rect, card in self.shop_cards:
            cdef = self.content.cards[card]
            face = card_face(cdef, owner, rect.w, th)
            surface.blit(face, rect.topleft)
            if cdef.loot is not None:
                colour = RARITY_COLOURS.get(cdef.loot.rarity, T.BRASS)
                pygame.draw.rect(
                    surface,
                    colour,
                    rect.inflate(th.px(6), th.px(6)),
                    th.px(3),
                    border_radius=th.px(9),
                )
            price = hero["prices"][card]
            tag = pygame.Rect(rect.x, rect.bottom + th.px(48), rect.w, th.px(22))
            affordable = price <= hero["gold"]
            label = f"Price {price} Gold"
            font = th.fit_font(14, label, rect.w - th.px(4), height=th.px(20), bold=True)
            if font.size(label)[0] > rect.w - th.px(4):  # never run into the next card's tag
                label = f"{price} Gold"
                font = th.fit_font(14, label, rect.w - th.px(4), height=th.px(20), bold=True)
            draw_text(
                surface,
                label,
                font,
                T.GOLD if affordable else T.TEXT_DIM,
                (tag.centerx, tag.y),
                align="center",
            )
        if not self.shop_cards:
            draw_text(
                surface,
                "(no cards left on the counter)",
                th.font(15),
                T.TEXT_DIM,
                (th.px(30), th.px(160)),
            )
        header("Unidentified loot (under the board)", (th.px(30), th.px(432)), w - th.px(420))
        for rect, entry in self.shop_unid:
            # an unidentified card's back: a chest, its rarity in colour, gems and a ribbon
            rarity = entry.split(":", 1)[0]
            surface.blit(loot_art.loot_back(rarity, rect.w, rect.h), rect.topleft)
        if not self.shop_unid:
            draw_text(surface, "(none)", th.font(15), T.TEXT_DIM, (th.px(30), th.px(462)))
        lx = w - th.px(380)
        header(
            f"Loot in the deck ({hero['deck_size']} cards)", (lx, th.px(126)), w - lx - th.px(20)
        )
        for row, card in self.shop_loot:
            panel(
                surface,
                row,
                th,
                fill=T.WOOD_LIGHT,
                rim=RARITY_COLOURS.get(self.content.cards[card].loot.rarity, T.BRASS),
                radius=6,
            )
            draw_text(
                surface,
                self.content.cards[card].name,
                th.font(15, bold=True, condensed=True),
                T.TEXT,
                (row.x + th.px(8), row.y + th.px(9)),
            )
        if not self.shop_loot:
            draw_text(surface, "(no loot cards yet)", th.font(15), T.TEXT_DIM, (lx, th.px(156)))
        prices = self.adv.prices
        tip = (
            f"Buy at the tagged price, identify for {prices.identify}, sell for {prices.sell}. "
            "Unbought and unidentified cards go back to the Loot decks."
        )
        draw_text(
            surface, tip, th.font(14), T.TEXT_DIM, (th.px(30), h - th.px(56)), width=w - th.px(320)
        )
        if self.message:
            draw_text(
                surface,
                self.message,
                th.font(15, bold=True),
                T.NEGATIVE,
                (th.px(30), h - th.px(30)),
            )

    def _draw_boss_loot(self, surface, choice) -> None:
        from game.ui.cards import card_face

        th = self.app.theme
        w, _h = surface.get_size()
        member = self.source.campaign["heroes"][choice.player]
        heading(surface, th, "Boss Loot", (w // 2, th.px(20)))
        hname = self.content.heroes[member["hero"]].name
        loot = self.source.conclusion
        current = loot.get("current")
        ctx = loot["loot_draws"][current] if current is not None else {}  # the draw decided now
        draw_text(
            surface,
            f"{hname}: Loot die {ctx.get('roll')} - a {ctx.get('rarity')} card",
            th.font(22, bold=True),
            T.TEXT,
            (w // 2, th.px(80)),
            align="center",
        )
        card = ctx.get("card")
        if card in self.content.cards:
            face = card_face(
                self.content.cards[card], self.content.heroes[member["hero"]], th.px(220), th
            )
            rect = face.get_rect(midtop=(w // 2, th.px(124)))
            glow(
                surface,
                rect,
                th,
                color=RARITY_COLOURS.get(str(ctx.get("rarity")), T.GOLD),
                strength=5,
            )
            surface.blit(face, rect)
        draw_text(
            surface,
            "Keep it (it joins the deck) or discard it for 1 Scenario Point.",
            th.font(16),
            T.TEXT_DIM,
            (w // 2, th.px(470)),
            align="center",
        )

    def _draw_finished(self, surface) -> None:
        th = self.app.theme
        w, h = surface.get_size()
        c = self.source.campaign
        title = "Campaign complete!" if c["completed"] else "The campaign ends"
        heading(surface, th, title, (w // 2, h // 3))
        why = c["stopped"] or f"{c['team_name']} defeated the Mad King."
        draw_text(surface, why, th.font(20), T.TEXT, (w // 2, h // 3 + th.px(70)), align="center")
        draw_text(
            surface,
            f"Campaign score: {c['score']}",
            th.font(28, bold=True),
            T.HIGHLIGHT,
            (w // 2, h // 3 + th.px(120)),
            align="center",
        )


def _diamond(surface, centre, r, colour) -> None:
    x, y = centre
    pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    pygame.draw.polygon(surface, (20, 30, 40), [(x, y - r), (x + r, y), (x, y + r), (x - r, y)], 1)


def _plate_lines(th, font, name: str, width: int):
    """A room's name for its plate: two lines at most, in the plate's face, then the regular
    condensed face, then a long word broken with a hyphen ("Thorn-brush"); never cut."""
    from game.ui.widgets import fit_name, wrap

    faces = [font, th.font(13, condensed=True)]
    for face in faces:
        lines = wrap(face, name, width)
        if len(lines) <= 2 and all(face.size(line)[0] <= width for line in lines):
            return lines, face
    face = faces[-1]
    out: list[str] = []
    for word in name.split(" "):
        pieces = (
            fit_name(lambda _bold: face, word, width)[0] if face.size(word)[0] > width else [word]
        )
        for piece in pieces:
            if out and not out[-1].endswith("-") and face.size(f"{out[-1]} {piece}")[0] <= width:
                out[-1] = f"{out[-1]} {piece}"
            else:
                out.append(piece)
    return out, face
