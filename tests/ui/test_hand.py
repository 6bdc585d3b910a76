"""The hand's fan (game/ui/hand.py) in the duel and on the Missions board: every card whole inside
the window at each window size and interface scale, a click picks the topmost card under the
pointer, and the hovered card is raised and enlarged on top."""

from __future__ import annotations

import pygame
import pytest

from game.persistence.settings import Settings
from game.ui import dice_tray
from game.ui import hand as H
from game.ui import layoutcheck as L
from game.ui import theme as T
from game.ui.app import App, offered_scales

SIZES = [(1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]


def scales(size):
    """The interface scales offered for a window of `size`, and 2.0x (where it is not offered,
    the table keeps its size and the text alone grows)."""
    return sorted(set(offered_scales(size)) | {2.0})


@pytest.fixture(scope="module", autouse=True)
def _every_tray_kept():
    """The felt tray behind the dice is drawn once per size and kept (the game keeps the last 8
    sizes, and forgets them when the window closes); each case below goes through 16-20
    window sizes and scales with an App of its own, so each drew all of those trays again, a
    third of its time (the felt's speckle is set pixel by pixel). The tray depends only on
    its size, the die size and the palette (never changed here): this module keeps every one
    it drew, across cases."""
    real = dice_tray.tray_background
    kept: dict = {}

    def tray_background(size, die_size):
        if (size, die_size) not in kept:
            kept[size, die_size] = real.__wrapped__(size, die_size)
        return kept[size, die_size]

    tray_background.cache_clear = lambda: None  # what closing an App asks of the real one
    dice_tray.tray_background = tray_background
    yield
    dice_tray.tray_background = real


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def resize(app, size, scale) -> None:
    app.screen = pygame.display.set_mode(size)
    app.theme = T.Theme(scale)
    app.theme.resize(*size)
    for scene in app.scenes:
        scene.resize()


def duel_with_cards(app, count: int):
    """A Cursed Pirate duel at the human's Main Phase holding `count` cards."""
    scene = L.SCENES["duel:1v1"](app)
    engine = scene.engine
    with engine.world.active():
        piles = engine.piles(engine.player(scene.viewer))
        while len(piles.hand) < count:
            piles.hand.append(piles.deck.pop(0))
        while len(piles.hand) > count:
            piles.deck.append(piles.hand.pop())
    scene.refresh()
    app.draw()
    return scene


def mission_with_cards(app, count: int):
    """A Huntress (Nyra) and Cursed Pirate Mission at a Hero's Main Phase holding `count` cards."""
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate", "huntress"), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}] * 2, ["Player", ""])
    app.push(scene)
    ai = MissionAI(11)
    for _ in range(4000):
        app.update(1 / 60)
        choice = engine.pending
        if choice is None or scene.narrating() or scene.decided_for is not choice:
            continue
        if choice.kind == "main_phase":
            break
        scene.act(ai.decide(engine, choice))
    assert engine.pending.kind == "main_phase"
    hero = scene.hero(engine.pending.player)
    with engine.world.active():
        while len(hero.hand) < count:
            hero.hand.append(hero.hand[0])
    scene.source.refresh()  # the board draws from the seat's view (game/online/mission_table.py)
    app.draw()
    return scene


def assert_whole(scene, app, size, count) -> None:
    window = pygame.Rect(0, 0, *size)
    fan = scene.hand_fan
    assert fan is not None and len(fan.slots) == count
    for slot in fan.slots:
        # the turned card's four corners, not only its box, lie in the window and the hand's area
        corners = [fan.point_on(slot.index, fx, fy) for fx in (0, 1) for fy in (0, 1)]
        for corner in corners:
            assert window.collidepoint(corner), (size, app.theme.ui_scale, slot)
            assert scene.hand_area.inflate(2, 2).collidepoint(corner), (size, slot)
        assert window.contains(slot.bounds)
    # cards stay big enough to read: a name line needs ~60 px at 1280x720
    assert fan.width >= app.theme.px(72), (size, app.theme.ui_scale, fan.width)


@pytest.mark.parametrize("count", [1, 6, 10, 12])
def test_every_duel_card_is_whole_inside_the_window_at_every_size_and_scale(app, count):
    scene = duel_with_cards(app, count)
    for size in SIZES:
        for scale in scales(size):
            resize(app, size, scale)
            app.draw()
            assert_whole(scene, app, size, count)
            # the raised card stays in the window too
            scene.hover_card = scene.hand_rects[count - 1][1]
            app.draw()
            assert pygame.Rect(0, 0, *size).contains(scene.hand_fan.raised_rect)
            scene.hover_card = None


def test_every_missions_card_is_whole_inside_the_window_at_every_size_and_scale(app):
    scene = mission_with_cards(app, 10)
    for size in SIZES:
        for scale in scales(size):
            resize(app, size, scale)
            app.draw()
            assert_whole(scene, app, size, 10)


def test_a_point_picks_the_card_drawn_on_top_there():
    """Paint a fan of plain coloured cards; wherever a card's own colour shows, card_at names
    that card (pixels on anti-aliased edges are skipped)."""
    pygame.init()
    th = T.Theme(1.0)
    th.resize(1024, 576)
    area = pygame.Rect(200, 420, 560, 150)
    colours = [(20 + 20 * i, 250 - 20 * i, (90 * i) % 256) for i in range(11)]
    for raised in (None, 4):
        fan = H.layout(area, 11, th, raised=raised, window=pygame.Rect(0, 0, 1024, 576))
        assert fan.slots[1].centre[0] - fan.slots[0].centre[0] < fan.width  # they overlap

        def face(index, width, theme, fan=fan):
            surf = pygame.Surface((width, int(width * H.CARD_RATIO)), pygame.SRCALPHA)
            surf.fill((*colours[index], 255))
            return surf

        surface = pygame.Surface((1024, 576))
        surface.fill((0, 0, 0))
        H.draw(surface, fan, face, th)
        checked = 0
        for x in range(0, 1024, 3):
            for y in range(0, 576, 3):
                pixel = tuple(surface.get_at((x, y)))[:3]
                picked = fan.card_at((x, y))
                if pixel == (0, 0, 0):
                    assert picked is None or _near_edge(fan, picked, (x, y)), (x, y, picked)
                elif pixel in colours:
                    shown = colours.index(pixel)
                    assert picked == shown or _near_edge(fan, picked, (x, y)), ((x, y), raised)
                    checked += picked == shown
        assert checked > 5000


def _near_edge(fan, index, pos) -> bool:
    for dx in (-2, 0, 2):
        for dy in (-2, 0, 2):
            if fan.card_at((pos[0] + dx, pos[1] + dy)) != index:
                return True
    return False


def test_hovering_a_card_raises_and_enlarges_it_on_top_and_a_click_there_sells_it(app):
    scene = duel_with_cards(app, 10)
    resize(app, (1024, 576), 1.0)
    app.draw()
    fan = scene.hand_fan
    assert fan.slots[1].centre[0] - fan.slots[0].centre[0] < fan.width  # the fan overlaps
    target = 2  # a card dealt before the hand was filled: the Main Phase offers its sale
    card = scene.hand_rects[target][1]
    assert scene.find_card("sell", card) is not None
    point = fan.visible_point(target)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0,) * 3)
    )
    pygame.mouse.set_pos(point)
    app.frame(1 / 60)
    fan = scene.hand_fan
    assert scene.hover_card == card and fan.raised == target
    big = fan.raised_rect
    assert big.w > fan.width * 1.5 and big.top < fan.area.top  # enlarged and lifted
    assert pygame.Rect(0, 0, 1024, 576).contains(big)
    # the raised card is on top: the tops of its neighbours under it now pick it; their lower
    # parts, outside it, still pick them
    assert fan.card_at(big.center) == target
    top_of_next = fan.point_on(target + 1, 0.2, 0.05)
    assert big.collidepoint(top_of_next) and fan.card_at(top_of_next) == target
    foot_of_next = fan.point_on(target + 1, 0.2, 0.9)
    assert not big.collidepoint(foot_of_next) and fan.card_at(foot_of_next) == target + 1
    # a right click on the part lifted above the fan sells that very card
    above = (big.centerx, fan.area.top - 10)
    assert fan.card_at(above) == target
    hand_before = [c for c, _cid in scene.view.players[scene.viewer].hand]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=above, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=above, button=3))
    app.frame(1 / 60)
    hand_after = [c for c, _cid in scene.view.players[scene.viewer].hand]
    assert set(hand_before) - set(hand_after) == {card}


def test_a_click_on_the_visible_strip_of_an_overlapped_card_takes_that_card(app):
    scene = duel_with_cards(app, 10)
    resize(app, (1024, 576), 1.0)
    app.draw()
    fan = scene.hand_fan
    target = 1
    card = scene.hand_rects[target][1]
    assert scene.find_card("sell", card) is not None
    # the card's top left corner: covered by nothing (the next card starts to its right)
    point = fan.point_on(target, 0.12, 0.2)
    assert fan.point_on(target + 1, 0, 0.2)[0] > point[0]
    hand_before = [c for c, _cid in scene.view.players[scene.viewer].hand]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0,) * 3)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=3))
    app.frame(1 / 60)
    hand_after = [c for c, _cid in scene.view.players[scene.viewer].hand]
    assert set(hand_before) - set(hand_after) == {card}


def test_the_layout_check_sees_a_hand_card_leaving_the_window():
    surface = L.RecordingSurface((200, 100))
    rec = L.Recorder(surface)
    surface.recorder = rec
    rec.card(surface, pygame.Rect(10, 10, 50, 70), "hand")
    rec.card(surface, pygame.Rect(40, 10, 50, 70), "hand")  # overlapping: a declared layer
    assert L.problems(rec, "probe", (200, 100), 1.0) == []
    rec.card(surface, pygame.Rect(170, 60, 50, 70), "hand")
    kinds = [p.kind for p in L.problems(rec, "probe", (200, 100), 1.0)]
    assert kinds == ["offscreen"]


def test_a_small_hand_card_shows_its_whole_name_and_type_line(monkeypatch):
    """At the smallest window a hand card is 66-80 px wide: every card's name and type line
    still fit their room (a smaller face, a hyphen, a shorter wording; never a word cut at the
    card's edge), and from 72 px no name is shortened."""
    from game.content.loader import default_content
    from game.ui import cards

    content = default_content()
    types, names = [], []
    real_type, real_name = cards.type_label, cards.card_name_lines

    def spy_type(card, hero, th, small, room):
        text, font = real_type(card, hero, th, small, room)
        types.append((card.id, text, font.size(text)[0], room))
        return text, font

    def spy_name(th, name, room, small):
        lines, font = real_name(th, name, room, small)
        widest = max(font.size(line)[0] for line in lines)
        shortened = any(line.endswith(".") and not name.endswith(".") for line in lines)
        names.append((name, lines, widest, room, shortened))
        return lines, font

    monkeypatch.setattr(cards, "type_label", spy_type)
    monkeypatch.setattr(cards, "card_name_lines", spy_name)
    monkeypatch.setattr(cards, "_CACHE", {})
    pygame.init()
    th = T.Theme(1.0)
    th.resize(1024, 576)
    for width in (66, 72, 79, 86, 98):
        names.append(width)
        for hero in content.heroes.values():
            for card in content.cards.values():
                if card.hero in (None, hero.id):
                    cards.card_face(card, hero, width, th)
    assert len(types) > 1000
    assert not [t for t in types if t[2] > t[3]]
    drawn = [n for n in names if not isinstance(n, int)]
    assert not [n for n in drawn if n[2] > n[3]]
    from_72 = names[names.index(72) :]
    assert not [n for n in from_72 if not isinstance(n, int) and n[4]]
