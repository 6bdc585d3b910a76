"""`python -m game gallery --out DIR`: every piece of drawn art on PNG pages, to look at.

Renders, headless, at 1280x720 and 1920x1080: the portraits of every hero, enemy and boss, one card
of each card type, every card of every hero and the shared decks, each hero's die set (all six
faces, plain and kept), a dice tray with kept and loose dice and every hero's ability tiles
(level 1, upgraded with rows lit, the Cursed Pirate's flipped side); then a contact sheet of all the
1280x720 pages (`contact_sheet.png`). Pages are plain screens on the table colour, drawn with the
same functions the game uses, so what you see here is what the window shows. With `--scenes` it
also plays the duel, Missions and Adventures demos headless at both sizes and keeps their
screenshots (each scene's busiest moments: dice in flight, prompts, the map, battles, the end).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

RESOLUTIONS = ((1280, 720), (1920, 1080))
Item = tuple[str, Callable[[int], object]]  # (caption, draw(size) -> Surface)


def _init_pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return pygame


def _grid_pages(
    title: str, items: Sequence[Item], size: tuple[int, int], cell_w: int, aspect: float
):
    """Lay items out in a grid of cells `cell_w` wide; yields (page title, Surface) per page."""
    import pygame

    from game.ui import theme as T
    from game.ui.widgets import text_surface

    width, height = size
    th = T.Theme()
    th.resize(width, height)
    title_font = th.font(24, bold=True)
    cap_font = th.font(13, condensed=True)
    margin = th.px(16)
    top = margin + title_font.get_linesize() + th.px(6)
    gap = th.px(10)
    cell_w = th.px(cell_w)
    cell_h = int(cell_w * aspect) + cap_font.get_linesize() + th.px(4)
    cols = max(1, (width - 2 * margin + gap) // (cell_w + gap))
    rows = max(1, (height - top - margin + gap) // (cell_h + gap))
    per_page = cols * rows
    pages = max(1, -(-len(items) // per_page))
    for page in range(pages):
        surf = pygame.Surface(size)
        surf.fill(T.FELT)
        name = title if pages == 1 else f"{title} ({page + 1}/{pages})"
        surf.blit(text_surface(title_font, name, T.TEXT), (margin, margin))
        chunk = items[page * per_page : (page + 1) * per_page]
        for n, (caption, draw) in enumerate(chunk):
            x = margin + (n % cols) * (cell_w + gap)
            y = top + (n // cols) * (cell_h + gap)
            image = draw(cell_w)
            surf.blit(image, image.get_rect(midtop=(x + cell_w // 2, y)))
            cap = text_surface(cap_font, caption, T.TEXT_DIM)
            if cap.get_width() > cell_w:
                cap = pygame.transform.smoothscale(
                    cap, (cell_w, max(1, cap.get_height() * cell_w // cap.get_width()))
                )
            surf.blit(cap, cap.get_rect(midtop=(x + cell_w // 2, y + int(cell_w * aspect) + 2)))
        yield name, surf


def _portrait_items(ids_names: Sequence[tuple[str, str]]) -> list[Item]:
    from game.ui import art

    return [(name, lambda s, i=cid: art.hero_emblem(i, s)) for cid, name in ids_names]


def _card_items(cards, heroes, th) -> list[Item]:
    from game.ui.cards import card_face

    out: list[Item] = []
    for card in cards:
        hero = heroes.get(card.hero) if card.hero else None
        out.append((card.id, lambda s, c=card, h=hero: card_face(c, h, s, th)))
    return out


def _dice_items(hero) -> list[Item]:
    from game.ui import art

    items: list[Item] = []
    for value in range(1, len(hero.dice) + 1):
        items.append(
            (f"{value} {hero.symbol_of(value)}", lambda s, v=value: art.die_face(hero, v, s))
        )
    items.append(("kept", lambda s: art.die_face(hero, 6, s, kept=True)))
    return items


def _tray_page(hero, size: tuple[int, int]):
    import pygame

    from game.ui import art
    from game.ui import theme as T
    from game.ui.dice_tray import DiceTray

    width, height = size
    th = T.Theme()
    th.resize(width, height)
    surf = pygame.Surface(size)
    surf.fill(T.FELT)
    rect = pygame.Rect(th.px(40), th.px(60), th.px(700), th.px(330))
    tray = DiceTray(rect, die_size=th.px(54), seed=3)
    tray.show([1, 3, 4, 6, 6], [False, False, False, True, True])
    tray.highlight({0})
    tray.draw(surf, lambda v, s, kept, i=None: art.die_face(hero, v, s, kept=kept))
    empty = DiceTray(pygame.Rect(th.px(780), th.px(60), th.px(460), th.px(330)), th.px(54))
    empty.show([])
    empty.draw(surf, lambda v, s, kept, i=None: art.die_face(hero, v, s, kept=kept))
    return surf


def _board_pages(content, size: tuple[int, int]):
    """Every hero's ability tiles as the duel draws them (at the duel board's size): level 1
    with none lit, then fully upgraded with two rows lit (the other tiles dim) and odds shown,
    and the Cursed Pirate's flipped side. Yields (page title, Surface)."""
    import pygame

    from game.ui import theme as T
    from game.ui.board_view import BoardView
    from game.ui.widgets import text_surface

    width, height = size
    th = T.Theme()
    th.resize(width, height)
    view = BoardView(content)
    boards = []
    for hero in content.heroes.values():
        first = {s.id: 1 for s in hero.slots}
        top = {s.id: max(s.levels) for s in hero.slots}
        boards.append((f"{hero.name}, level 1", hero, first, False))
        boards.append((f"{hero.name}, upgraded, two rows lit", hero, top, False))
        if any(s.flipped for s in hero.slots):
            boards.append((f"{hero.name}, flipped side", hero, top, True))
    board_w = width - th.px(372) - th.px(24)  # the duel's board width
    board_h = th.px(118)
    caption = th.font(13, condensed=True)
    title_font = th.font(24, bold=True)
    margin = th.px(16)
    top_y = margin + title_font.get_linesize() + th.px(6)
    step = caption.get_linesize() + board_h + th.px(10)
    per_page = max(1, (height - top_y - margin) // step)
    pages = -(-len(boards) // per_page)
    for page in range(pages):
        surf = pygame.Surface(size)
        surf.fill(T.FELT)
        name = f"Ability tiles ({page + 1}/{pages})"
        surf.blit(text_surface(title_font, name, T.TEXT), (margin, margin))
        y = top_y
        for label, hero, levels, flipped in boards[page * per_page : (page + 1) * per_page]:
            surf.blit(text_surface(caption, label, T.TEXT_DIM), (margin, y))
            y += caption.get_linesize()
            tiles = view.tiles(hero, levels, flipped)
            lit = {}
            odds = None
            if levels[hero.slots[0].id] > 1:
                rows = [a for a in tiles if a.rows]
                lit = {rows[0].id: {0}, rows[-1].id: {len(rows[-1].rows) - 1}}
                odds = {(a.id, r): 0.6 for a in rows for r in range(len(a.rows))}
            rect = pygame.Rect(margin, y, board_w, board_h)
            view.draw(surf, rect, th, 0, hero, levels, lit=lit, odds=odds, flipped=flipped)
            y += board_h + th.px(10)
        yield name, surf


def render_gallery(out: Path, resolutions=RESOLUTIONS) -> list[Path]:
    """Write every gallery page for each resolution into `out`; returns the files written."""
    pygame = _init_pygame()
    from game.content.loader import default_content
    from game.missions.content import default_missions
    from game.ui import art
    from game.ui import gallery_places as places
    from game.ui import theme as T

    content = default_content()
    missions = default_missions()
    heroes = content.heroes
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for width, height in resolutions:
        art.clear_cache()
        th = T.Theme()
        th.resize(width, height)
        pages: list[tuple[str, object]] = []
        hero_items = _portrait_items([(h.id, h.name) for h in heroes.values()])
        pages += _grid_pages("Heroes", hero_items, (width, height), 140, 1.0)
        enemies = sorted(content.enemies.values(), key=lambda e: (e.kind != "minion", e.id))
        pages += _grid_pages(
            "Adventures enemies and bosses",
            _portrait_items([(e.id, e.name) for e in enemies]),
            (width, height),
            112,
            1.0,
        )
        mission_foes = [(h, missions.henchmen[h].name) for h in sorted(missions.henchmen)]
        mission_foes += [(b, missions.bosses[b].name) for b in sorted(missions.bosses)]
        pages += _grid_pages(
            "Missions henchmen and bosses", _portrait_items(mission_foes), (width, height), 140, 1.0
        )
        samples = []
        seen: set[tuple] = set()
        for card in sorted(content.cards.values(), key=lambda c: c.id):
            hero = heroes.get(card.hero) if card.hero else None
            kind = card.type
            if card.type == "upgrade" and hero is not None and card.upgrade_slot:
                with contextlib.suppress(KeyError):
                    kind = f"upgrade {hero.slot(card.upgrade_slot).kind}"
            if kind not in seen:
                seen.add(kind)
                samples.append(card)
        from game.ui.cards import card_back

        type_items = _card_items(samples, heroes, th)
        type_items.append(("card back", lambda s, th=th: card_back(s, th)))
        pages += _grid_pages("Card types", type_items, (width, height), 200, 1.4)
        for hero in heroes.values():
            cards = sorted((c for c in content.cards.values() if c.hero == hero.id), key=_order)
            pages += _grid_pages(
                f"{hero.name} cards", _card_items(cards, heroes, th), (width, height), 150, 1.4
            )
        shared = sorted((c for c in content.cards.values() if c.hero is None), key=_order)
        pages += _grid_pages(
            "Shared and loot cards", _card_items(shared, heroes, th), (width, height), 150, 1.4
        )
        dice_items: list[Item] = []
        for hero in heroes.values():
            dice_items += [(f"{hero.id[:10]} {cap}", draw) for cap, draw in _dice_items(hero)]
        pages += _grid_pages("Dice sets", dice_items, (width, height), 64, 1.0)
        pages += _board_pages(content, (width, height))
        pages.append(
            ("Dice trays: kept, loose and empty", _tray_page(heroes["gunslinger"], (width, height)))
        )
        # the places: Missions maps, the crawl, unidentified Loot (game/ui/gallery_places.py)
        pages += list(places.mission_map_pages((width, height)))
        pages.append(places.crawl_page((width, height)))
        pages += _grid_pages(
            "Unidentified loot and chests", places.loot_items(), (width, height), 200, 1.4
        )
        for n, (name, surf) in enumerate(pages):
            slug = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
            path = out / f"{width}x{height}_{n:02d}_{slug}.png"
            pygame.image.save(surf, str(path))
            written.append(path)
        if (width, height) == resolutions[0]:
            sheet = contact_sheet([s for _, s in pages])
            path = out / "contact_sheet.png"
            pygame.image.save(sheet, str(path))
            written.append(path)
    return written


def _order(card) -> tuple:
    return ({"upgrade": 0, "main": 1, "roll": 2, "instant": 3}.get(card.type, 4), card.id)


def contact_sheet(pages: Sequence, cols: int = 6, thumb_w: int = 320):
    """All pages shrunk into one image, `cols` across."""
    import pygame

    from game.ui import theme as T

    if not pages:
        return pygame.Surface((thumb_w, 10))
    w0, h0 = pages[0].get_size()
    thumb_h = thumb_w * h0 // w0
    rows = -(-len(pages) // cols)
    sheet = pygame.Surface((cols * (thumb_w + 4) + 4, rows * (thumb_h + 4) + 4))
    sheet.fill(T.WOOD)
    for n, page in enumerate(pages):
        thumb = pygame.transform.smoothscale(page, (thumb_w, thumb_h))
        sheet.blit(thumb, (4 + (n % cols) * (thumb_w + 4), 4 + (n // cols) * (thumb_h + 4)))
    return sheet


# Each scene's busiest moment comes from the demos' own screenshots (game/ui/demo.py).
SCENE_DEMOS = (
    ("duel", ["--mode", "duel", "--seconds", "25"]),
    ("missions", ["--mode", "missions", "--seconds", "40", "--heroes", "barbarian,monk"]),
    ("adventure", ["--mode", "adventure", "--seconds", "45"]),
)


def render_scenes(out: Path, resolutions=RESOLUTIONS) -> list[Path]:
    """Play each demo headless at each size (its own process: a demo owns the window and the
    engines) and keep its screenshots in out/scenes_WxH_MODE/; returns the PNGs written."""
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    written: list[Path] = []
    for width, height in resolutions:
        for mode, args in SCENE_DEMOS:
            folder = out / f"scenes_{width}x{height}_{mode}"
            folder.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "game", "demo", *args]
            cmd += ["--screenshots", str(folder), "--size", f"{width}x{height}"]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(f"gallery: the {mode} demo at {width}x{height} failed:\n{done.stderr}")
            written += sorted(folder.glob("*.png"))
    return written


def main(out: Path, scenes: bool = False) -> int:
    written = render_gallery(out)
    if scenes:
        written += render_scenes(out)
    print(f"wrote {len(written)} PNGs to {out}")
    return 0
