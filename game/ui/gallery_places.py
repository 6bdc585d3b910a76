"""Gallery pages of the places (game/ui/gallery.py adds them): every Missions map on its ground
with standees and this frame's highlights, a stretch of the Adventures dungeon (rooms, fog,
corridors, the Sands, the portal, standees, a chest), and the unidentified Loot backs."""

from __future__ import annotations

from collections.abc import Iterator


def mission_map_pages(size: tuple[int, int]) -> Iterator[tuple[str, object]]:
    """Every side of every mission, four to a page: henchmen and the boss standing on their start
    spaces, two heroes at the entry, legal moves lit, one target marked, melee reach dashed."""
    import pygame

    from game.missions.content import default_missions
    from game.missions.hexgrid import neighbors
    from game.missions.maps import mission_map
    from game.ui import mission_view as MV
    from game.ui import standee
    from game.ui import theme as T
    from game.ui.widgets import text_surface

    db = default_missions()
    width, height = size
    th = T.Theme()
    th.resize(width, height)
    sides = [(mid, side) for mid, m in sorted(db.missions.items()) for side in m.sides]
    title_font = th.font(24, bold=True)
    cap_font = th.font(16, bold=True)
    margin = th.px(16)
    top = margin + title_font.get_linesize() + th.px(6)
    pages = -(-len(sides) // 4)
    for page in range(pages):
        surf = pygame.Surface(size)
        surf.fill(T.FELT)
        name = f"Missions maps ({page + 1}/{pages})"
        surf.blit(text_surface(title_font, name, T.TEXT), (margin, margin))
        cell_w = (width - 3 * margin) // 2
        cell_h = (height - top - 2 * margin) // 2
        for n, (mid, side) in enumerate(sides[page * 4 : page * 4 + 4]):
            x = margin + (n % 2) * (cell_w + margin)
            y = top + (n // 2) * (cell_h + margin)
            caption = text_surface(cap_font, f"{db.missions[mid].name}: {side.map}", T.TEXT_DIM)
            surf.blit(caption, (x, y))
            area = pygame.Rect(x, y + caption.get_height(), cell_w, cell_h - caption.get_height())
            mm = mission_map(side.map)
            layout = MV.HexLayout.fit(mm.spaces.keys(), area, max_size=th.px(52))
            entries = [h for h, sp in mm.spaces.items() if sp.entry]
            start = entries[0] if entries else next(iter(mm.spaces))
            moves = [h for h in neighbors(start) if h in mm.spaces and not mm.spaces[h].dark]
            foes = [h for _slot, h in mm.henchmen]
            MV.draw_hex_map(
                surf,
                layout,
                mm.spaces,
                th,
                glow_hexes=moves,
                path=moves[:1],
                hover=moves[0] if moves else None,
                target_hexes=foes[:1],
                ring_hexes=[h for h in neighbors(start) if h in mm.spaces],
                terrain=side.map,
            )
            s = layout.size
            for slot, h in mm.henchmen:
                foe = side.henchmen[slot] if slot < len(side.henchmen) else ""
                if foe:
                    colour = MV.panel_colour(db.henchmen[foe].icon)
                    cx, cy = layout.center(h)
                    standee.blit(surf, foe, int(s * 1.08), colour, (cx, cy + s * 0.42))
                    MV.draw_pips(surf, (int(cx), int(cy + s * 0.52)), 6, 1, th)
            if mm.boss is not None and getattr(side, "boss", None):
                cx, cy = layout.center(mm.boss)
                standee.blit(surf, side.boss, int(s * 1.3), T.GOLD, (cx, cy + s * 0.42), boss=True)
            for seat, hero in enumerate(("barbarian", "moon_elf")[: len(entries)]):
                cx, cy = layout.center(entries[seat])
                ring = MV.SEAT_COLOURS[seat]
                standee.blit(surf, hero, int(s * 1.05), ring, (cx, cy + s * 0.42))
        yield name, surf


def crawl_page(size: tuple[int, int]) -> tuple[str, object]:
    """A stretch of dungeon: the Sands, explored rooms, rooms under fog of each level, the
    portal, corridors and doorways, hero and Minion standees, a chest, a shard."""
    import pygame

    from game.ui import crawl_art, loot_art, standee
    from game.ui import theme as T
    from game.ui.scenes.adventure_draw import LEVEL_BACKS
    from game.ui.widgets import text_surface

    width, height = size
    th = T.Theme()
    th.resize(width, height)
    surf = pygame.Surface(size)
    surf.fill(T.FELT)
    title_font = th.font(24, bold=True)
    name = "Adventures crawl map: rooms, fog, corridors, portal"
    margin = th.px(16)
    surf.blit(text_surface(title_font, name, T.TEXT), (margin, margin))
    top = margin + title_font.get_linesize() + th.px(6)
    area = pygame.Rect(margin, top, width - 2 * margin, height - top - margin)
    surf.blit(crawl_art.rock(area.size), area)
    # (column, row, kind, level)
    plan = [
        (0, 1, "sands", 0),
        (1, 1, "room", 1),
        (2, 1, "room", 1),
        (2, 0, "fog", 1),
        (1, 2, "fog", 2),
        (2, 2, "fog", 2),
        (3, 1, "fog", 3),
        (3, 2, "fog", 4),
        (4, 2, "portal", 0),
    ]
    cell = min(area.w // 5, area.h // 3)
    room = int(cell * 0.82)
    ox = area.x + (area.w - 5 * cell) // 2
    oy = area.y + (area.h - 3 * cell) // 2
    centres = {(c, r): (ox + c * cell + cell // 2, oy + r * cell + cell // 2) for c, r, *_ in plan}
    links = [((0, 1), (1, 1)), ((1, 1), (2, 1)), ((2, 1), (2, 0)), ((1, 1), (1, 2))]
    links += [((1, 2), (2, 2)), ((2, 1), (3, 1)), ((3, 1), (3, 2)), ((3, 2), (4, 2))]
    doors: dict[tuple, list[str]] = {}
    for a, b in links:
        crawl_art.corridor(surf, centres[a], centres[b], max(10, int(cell * 0.2)))
        doors.setdefault(a, []).append(crawl_art.side_of(centres[a], centres[b]))
        doors.setdefault(b, []).append(crawl_art.side_of(centres[b], centres[a]))
    rects = {}
    for c, r, kind, level in plan:
        tint = LEVEL_BACKS.get(level, LEVEL_BACKS[1])
        picture = crawl_art.room(kind, level, room, tuple(doors.get((c, r), ())), tint)
        rects[(c, r)] = picture.get_rect(center=centres[(c, r)])
        surf.blit(picture, rects[(c, r)])
    small = th.font(14, bold=True)
    for key, word in (((1, 1), "Thornbrush Path"), ((2, 1), "Rubble Field")):
        plate = pygame.Rect(0, 0, small.size(word)[0] + th.px(10), small.get_linesize() + 4)
        plate.midtop = (rects[key].centerx, rects[key].y + th.px(4))
        crawl_art.plaque(surf, plate)
        surf.blit(text_surface(small, word, T.INK), (plate.x + th.px(5), plate.y + 2))
    r1 = rects[(1, 1)]
    for i, hero in enumerate(("barbarian", "moon_elf")):
        foot = (r1.centerx - room // 5 + i * room * 2 // 5, r1.bottom - th.px(14))
        standee.blit(surf, hero, int(room * 0.34), (150, 120, 80), foot)
    r2 = rects[(2, 1)]
    standee.blit(
        surf, "skeleton_archer", int(room * 0.34), T.NEGATIVE, (r2.centerx, r2.bottom - 14)
    )
    chest = loot_art.chest("epic", int(room * 0.24))
    surf.blit(
        chest, chest.get_rect(midbottom=(rects[(2, 2)].x + room // 4, rects[(2, 2)].bottom - 8))
    )
    return name, surf


def loot_items() -> list[tuple[str, object]]:
    """The unidentified Loot backs (one per rarity) and the chests on crawl tiles."""
    import pygame

    from game.ui import loot_art

    items = []
    for rarity in loot_art.RARITIES:
        items.append((f"unidentified {rarity}", lambda s, r=rarity: loot_art.loot_back(r, s)))
    for rarity in loot_art.RARITIES:

        def draw(s, r=rarity):
            surf = pygame.Surface((s, int(s * 1.4)), pygame.SRCALPHA)
            box = loot_art.chest(r, int(s * 0.7))
            surf.blit(box, box.get_rect(center=(s // 2, int(s * 0.7))))
            return surf

        items.append((f"{rarity} chest", draw))
    return items
