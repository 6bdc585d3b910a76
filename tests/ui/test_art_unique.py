"""Every content id has its own art: each hero, enemy and boss its own portrait recipe and picture,
each card its own picture; every image loads; no placeholder picture or label is left.

Pictures are compared by a hash of their rendered pixels, so two ids drawn alike fail here even
if their recipes differ in name only.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from pathlib import Path

import pygame
import pytest

from game.content.loader import default_content
from game.missions.content import default_missions
from game.paths import assets_dir
from game.ui import art, card_art, portraits

CONTENT = default_content()
MISSIONS = default_missions()
HERO_IDS = sorted(CONTENT.heroes)
ENEMY_IDS = sorted(CONTENT.enemies)
MISSION_IDS = sorted(MISSIONS.henchmen) + sorted(MISSIONS.bosses)
PORTRAIT_IDS = HERO_IDS + ENEMY_IDS + MISSION_IDS


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    art.clear_cache()
    card_art.clear_cache()
    yield
    art.clear_cache()
    card_art.clear_cache()


def _digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def _duplicates(pictures: dict[str, pygame.Surface]) -> list[list[str]]:
    by_hash: dict[str, list[str]] = {}
    for cid, surf in pictures.items():
        by_hash.setdefault(_digest(surf), []).append(cid)
    return [ids for ids in by_hash.values() if len(ids) > 1]


def _visible(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return sum(surface.get_at((x, y)).a > 128 for x in range(0, w, 2) for y in range(0, h, 2))


def test_every_hero_enemy_and_boss_has_its_own_recipe():
    recipes = portraits.specs()
    missing = [cid for cid in PORTRAIT_IDS if cid not in recipes]
    assert not missing, f"no portrait recipe in assets/art/portraits.json for {missing}"
    # the recipes themselves differ (not only the backdrop colour the id happens to get)
    seen: dict[portraits.PortraitSpec, str] = {}
    for cid in PORTRAIT_IDS:
        assert recipes[cid] not in seen, f"{cid} has the same recipe as {seen.get(recipes[cid])}"
        seen[recipes[cid]] = cid


def test_no_two_portraits_share_a_picture_and_each_is_drawn():
    pictures = {cid: art.hero_emblem(cid, 72) for cid in PORTRAIT_IDS}
    assert not _duplicates(pictures)
    for cid, surf in pictures.items():
        assert surf.get_size() == (72, 72)
        # a full round portrait, not an outline or an empty frame
        assert _visible(surf) > 0.7 * 3.14 * 18 * 18, cid


def test_portraits_are_not_the_old_silhouette_or_initials():
    for cid in ("gunslinger", "goblin_cutpurse", "boss_magda"):
        picture = art.hero_emblem(cid, 64)
        initials = art._initials(cid, 64, (242, 230, 201))
        assert _digest(picture) != _digest(initials)
        # many colours: an illustration, not a two-tone silhouette on a disc
        colours = {
            tuple(picture.get_at((x, y)))[:3] for x in range(8, 56, 2) for y in range(8, 56, 2)
        }
        assert len(colours) > 60, f"{cid}: only {len(colours)} colours"


def test_no_two_cards_share_a_picture():
    pictures = {}
    for cid in sorted(CONTENT.cards):
        card = CONTENT.cards[cid]
        hero = CONTENT.heroes.get(card.hero) if card.hero else None
        pictures[cid] = card_art.card_picture(card, hero, 120, 64)
    assert len(pictures) == len(CONTENT.cards)
    assert not _duplicates(pictures)
    # each picture has its pictogram: the middle of the panel is not just backdrop
    blank = pygame.Surface((120, 64), pygame.SRCALPHA)
    for cid, surf in pictures.items():
        assert _digest(surf) != _digest(blank), cid


def test_every_card_pictogram_is_drawn_art_not_initials():
    kinds = {"token": "tokens", "symbol": "symbols", "ui": "ui"}
    for cid in sorted(CONTENT.cards):
        card = CONTENT.cards[cid]
        hero = CONTENT.heroes.get(card.hero) if card.hero else None
        main, second, _amount = card_art.pictograms(card, hero)
        for kind, name in (main, second) if second else (main,):
            if kind == "die":
                assert name.partition(":")[0] in card_art._TRICKS, (cid, name)
            else:
                assert art.has_icon(kinds[kind], name), f"{cid}: no {kind} icon {name!r}"


def test_card_faces_carry_the_picture_and_keep_their_text():
    from game.ui import theme as T
    from game.ui.cards import card_face

    th = T.Theme()
    card = CONTENT.cards["adrenaline"]
    face = card_face(card, None, 200, th)
    picture = card_art.card_picture(card, None, 200 - 2 * max(4, 200 // 18) - 8, 10)
    assert face.get_size() == (200, 280)
    assert picture.get_width() > 0
    # a card with a lot of text still gets its picture, faded behind the text
    long = max(CONTENT.cards.values(), key=lambda c: len(c.text))
    hero = CONTENT.heroes.get(long.hero) if long.hero else None
    card_face(long, hero, 104, th)
    assert any(key[0] == "watermark" and key[1] == long.id for key in card_art._PICTURES)


def test_every_svg_and_the_recipe_file_load():
    paths = sorted(assets_dir().rglob("*.svg"))
    assert any(p.name == "card_back.svg" for p in paths)
    for path in paths:
        image = pygame.image.load_sized_svg(str(path), (32, 32))
        assert max(image.get_size()) == 32 and min(image.get_size()) > 8, path
    data = json.loads((assets_dir() / portraits.SPECS_FILE).read_text(encoding="utf-8"))
    assert set(data) == set(portraits.specs())


def test_a_broken_recipe_names_the_file_id_and_field(tmp_path, monkeypatch):
    good = json.loads((assets_dir() / portraits.SPECS_FILE).read_text(encoding="utf-8"))
    cases = [
        ({**good, "gunslinger": {**good["gunslinger"], "prop": "lightsaber"}}, "gunslinger.prop"),
        ({**good, "barbarian": {**good["barbarian"], "skin": "not-a-colour"}}, "barbarian.skin"),
        (
            {**good, "monk": {k: v for k, v in good["monk"].items() if k != "costume"}},
            "monk.costume",
        ),
        ({**good, "ninja": {**good["ninja"], "hat": "x"}}, "ninja.hat"),
    ]
    (tmp_path / "art").mkdir()
    monkeypatch.setattr(portraits, "assets_dir", lambda: tmp_path)
    try:
        for data, where in cases:
            (tmp_path / portraits.SPECS_FILE).write_text(json.dumps(data), encoding="utf-8")
            portraits.specs.cache_clear()
            with pytest.raises(portraits.PortraitError, match=re.escape(where)) as err:
                portraits.specs()
            assert "portraits.json" in str(err.value)
        (tmp_path / portraits.SPECS_FILE).write_text("{not json", encoding="utf-8")
        portraits.specs.cache_clear()
        with pytest.raises(portraits.PortraitError, match=r"portraits\.json"):
            portraits.specs()
    finally:
        portraits.specs.cache_clear()


def test_unknown_ids_still_get_a_portrait_not_initials():
    picture = art.hero_emblem("a_hero_added_later", 64)
    assert picture.get_size() == (64, 64)
    assert _visible(picture) > 0.7 * 3.14 * 16 * 16


def test_no_placeholder_label_left_in_the_drawing_code():
    root = Path(art.__file__).parent
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for label in ('"Dice tray"', '"TODO"', '"placeholder"', '"No art"'):
            assert label not in text, f"{path.name} still draws {label}"


def test_the_empty_tray_draws_without_a_label_and_the_tray_is_cached():
    from game.ui import dice_tray

    dice_tray.tray_background.cache_clear()
    tray = dice_tray.DiceTray(pygame.Rect(10, 10, 400, 240), die_size=54)
    tray.show([])
    screen = pygame.Surface((420, 260))
    tray.draw(screen, lambda *a: pygame.Surface((54, 54)))
    tray.draw(screen, lambda *a: pygame.Surface((54, 54)))
    info = dice_tray.tray_background.cache_info()
    assert (info.misses, info.hits) == (1, 1)


def test_the_trays_felt_is_speckled_about_one_pixel_in_18_with_its_four_shades():
    from game.ui import dice_tray

    felt = dice_tray._speckled_felt(400, 150, random.Random(5))
    counts: dict = {}
    for x in range(400):
        for y in range(150):
            colour = tuple(felt.get_at((x, y)))
            counts[colour] = counts.get(colour, 0) + 1
    plain = (*dice_tray.TRAY_FELT, 255)
    shades = {
        (*(max(0, min(255, c + s)) for c in dice_tray.TRAY_FELT), 255)
        for s in dice_tray.SPECK_SHADES
    }
    assert set(counts) == {plain} | shades  # every shade shows, and nothing else
    specks = 400 * 150 - counts[plain]
    assert 400 * 150 / 22 < specks < 400 * 150 / 15
    again = dice_tray._speckled_felt(400, 150, random.Random(5))
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(felt, "RGBA")


def test_gallery_refuses_a_file_for_out(tmp_path, capsys):
    from game.cli import run

    target = tmp_path / "a_file.png"
    target.write_bytes(b"x")
    assert run(["gallery", "--out", str(target)]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err
    assert target.read_bytes() == b"x"


def test_gallery_renders_every_page_and_a_contact_sheet(tmp_path):
    from game.ui.gallery import render_gallery

    written = render_gallery(tmp_path / "out", resolutions=((1280, 720),))
    names = [p.name for p in written]
    assert "contact_sheet.png" in names
    assert any("heroes" in n for n in names) and any("dice_trays" in n for n in names)
    assert any("ability_tiles" in n for n in names)
    for path in written:
        image = pygame.image.load(str(path))
        if path.name != "contact_sheet.png":
            assert image.get_size() == (1280, 720), path.name


def test_demo_and_gallery_sizes_are_checked(capsys):
    from game.cli import run
    from game.cli_args import window_size

    assert window_size("1920x1080") == (1920, 1080)
    assert window_size("1024x576") == (1024, 576)  # the smallest supported window
    for bad in ("1000x576", "100x100", "big", "1920", "1920x1080x2"):
        assert run(["demo", "--size", bad]) == 2
        assert "--size" in capsys.readouterr().err


def test_clearing_the_art_cache_forgets_every_drawn_once_picture():
    # reset_caches() relies on this after pygame.quit(): a kept Surface would be dead
    from game.ui import cards, dice_tray
    from game.ui import theme as T

    art.hero_emblem("monk", 40)
    cards.card_face(CONTENT.cards["adrenaline"], None, 120, T.Theme())
    dice_tray.tray_background((200, 120), 40)
    art.clear_cache()
    assert portraits.portrait.cache_info().currsize == 0
    assert not card_art._PICTURES
    assert cards._frame.cache_info().currsize == 0
    assert dice_tray.tray_background.cache_info().currsize == 0


# ---------------------------------------------------------------- Missions, Adventures and loot

LOOT_IDS = sorted(cid for cid, card in CONTENT.cards.items() if card.loot is not None)


def _colours(surface: pygame.Surface, step: int = 3) -> int:
    w, h = surface.get_size()
    return len(
        {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}
    )


def _brightness(surface: pygame.Surface) -> float:
    w, h = surface.get_size()
    px = [surface.get_at((x, y)) for x in range(0, w, 2) for y in range(0, h, 2)]
    px = [p for p in px if p.a > 200]
    return sum(p.r + p.g + p.b for p in px) / (3 * len(px))


def test_every_loot_card_has_its_own_picture_of_drawn_icons():
    assert len(LOOT_IDS) >= 40  # the Adventures Loot decks
    pictures = {cid: card_art.card_picture(CONTENT.cards[cid], None, 120, 64) for cid in LOOT_IDS}
    assert not _duplicates(pictures)
    kinds = {"token": "tokens", "symbol": "symbols", "ui": "ui"}
    for cid in LOOT_IDS:
        main, second, _amount = card_art.pictograms(CONTENT.cards[cid], None)
        for kind, name in (main, second) if second else (main,):
            if kind == "die":
                assert name.partition(":")[0] in card_art._TRICKS, (cid, name)
            else:
                assert art.has_icon(kinds[kind], name), f"{cid}: no {kind} icon {name!r}"
        assert _colours(pictures[cid]) > 30, f"{cid}: its picture is nearly blank"


def test_unidentified_loot_has_a_card_back_of_its_own_for_each_rarity():
    from game.ui import loot_art
    from game.ui import theme as T
    from game.ui.cards import card_back

    rarities = sorted({CONTENT.cards[cid].loot.rarity for cid in LOOT_IDS})
    assert set(rarities) <= set(loot_art.RARITIES)
    backs = {r: loot_art.loot_back(r, 120) for r in loot_art.RARITIES}
    assert not _duplicates(backs)
    plain = card_back(120, T.Theme())
    for rarity, back in backs.items():
        assert back.get_size() == (120, 168)
        assert _digest(back) != _digest(plain), rarity
        # an illustration (chest, gems, ribbon on a backdrop), not a box with a cross
        assert _colours(back) > 50, f"{rarity}: only {_colours(back)} colours"
        assert loot_art.loot_back(rarity, 120) is back  # drawn once
    chests = {r: loot_art.chest(r, 40) for r in loot_art.RARITIES}
    assert not _duplicates(chests)


def test_every_mission_has_its_ground_and_dark_spaces_are_sunk_below_it():
    from game.ui import hex_terrain as HT

    for mission_id in MISSIONS.missions:
        assert HT.terrain(mission_id), f"{mission_id} has no setting for its map's ground"
        for side in MISSIONS.missions[mission_id].sides:
            assert HT.terrain(side.map) == HT.terrain(mission_id), side.map
    tiles = {}
    for setting in HT.SETTINGS:
        floor, low = HT.hex_tile(setting, False, 30), HT.hex_tile(setting, True, 30)
        tiles[f"{setting}-floor"], tiles[f"{setting}-low"] = floor, low
        # the low ground reads darker than the floor, in a greyscale view too
        assert _brightness(low) < _brightness(floor) - 15, setting
        assert HT.hex_tile(setting, False, 30) is floor  # drawn once
    assert not _duplicates(tiles)


def test_the_hex_map_is_drawn_once_and_again_only_when_a_space_changes():
    from game.missions.maps import mission_map
    from game.ui import mission_view as MV
    from game.ui import theme as T

    th = T.Theme()
    mm = mission_map(MISSIONS.missions["harbor_heist"].sides[0].map)
    layout = MV.HexLayout.fit(mm.spaces.keys(), pygame.Rect(0, 0, 600, 400))
    first, _at = MV.map_layer(layout, mm.spaces, th, "harbor_heist")
    assert MV.map_layer(layout, mm.spaces, th, "harbor_heist")[0] is first
    screen = pygame.Surface((600, 400))
    moves = list(mm.spaces)[:3]
    MV.draw_hex_map(screen, layout, mm.spaces, th, glow_hexes=moves, terrain="harbor_heist")
    # a legal move is marked by a shape (the diamond in its middle), not only by a colour
    cx, cy = layout.center(moves[0])
    assert tuple(screen.get_at((int(cx), int(cy))))[:3] == T.HIGHLIGHT
    h = next(h for h, sp in mm.spaces.items() if not sp.dark and not sp.entry)
    spaces = dict(mm.spaces)
    spaces[h] = dataclasses.replace(mm.spaces[h], dark=True)
    assert MV.map_layer(layout, spaces, th, "harbor_heist")[0] is not first


def test_standees_stand_each_portrait_on_a_base_and_are_drawn_once():
    from game.ui import standee

    ids = ["barbarian", "moon_elf", ENEMY_IDS[0], MISSION_IDS[0], MISSION_IDS[-1]]
    pictures = {cid: standee.standee(cid, 48, (200, 60, 50)) for cid in ids}
    assert not _duplicates(pictures)
    for cid, surf in pictures.items():
        assert standee.standee(cid, 48, (200, 60, 50)) is surf
        assert _colours(surf) > 60, cid
    boss = standee.standee(MISSION_IDS[-1], 48, (200, 60, 50), boss=True)
    assert _digest(boss) != _digest(pictures[MISSION_IDS[-1]])


def test_crawl_rooms_explored_fogged_sands_and_portal_differ_and_are_drawn_once():
    from game.ui import crawl_art

    rooms = {
        kind: crawl_art.room(kind, 1, 100, ("e", "s"), (58, 112, 78))
        for kind in ("room", "fog", "sands", "portal")
    }
    assert not _duplicates(rooms)
    assert crawl_art.room("room", 1, 100, ("s", "e"), (58, 112, 78)) is rooms["room"]
    # the fog hides the room: darker than a lit one
    assert _brightness(rooms["fog"]) < _brightness(rooms["room"])
    # a doorway opens the wall where a corridor leads
    closed = crawl_art.room("room", 1, 100, (), (58, 112, 78))
    assert _digest(closed) != _digest(rooms["room"])
