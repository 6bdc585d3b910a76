"""Defects seen in the window (issue 17, "What was seen"), each driven as a player meets it."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.persistence.settings import Settings
from game.ui.app import STEP, App


@pytest.fixture
def app():
    application = App(Settings(animation_speed="normal", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def _tray_pixels(scene, targeting) -> bytes:
    kept = scene.table.targeting
    scene.table.targeting = targeting
    surface = pygame.Surface(scene.app.screen.get_size())
    scene.draw(surface)
    scene.table.targeting = kept
    return pygame.image.tobytes(surface.subsurface(scene.tray_rect).copy(), "RGB")


def test_no_die_is_thrown_under_or_over_the_targeting_table(app):
    """Team game: the Targeting Roll's table comes up once its die has landed and leaves when
    the next dice are thrown (they tumbled under it, then showed through it as it faded)."""
    from game.modes import variants
    from game.rules.engine import Engine
    from game.ui.scenes.duel import DuelScene

    pool = ["cursed_pirate", "barbarian", "pyromancer", "moon_elf"]
    engine = Engine.new_match(variants.setup_for("2v2", pool, 7))
    scene = DuelScene(app, engine, [{"kind": "computer", "level": "easy"}] * 4)
    app.push(scene)
    tables = throws_after = 0
    for _ in range(8000):
        before = scene.table.targeting
        app.update(STEP)
        info = scene.table.targeting
        if info is not None and before is None:
            tables += 1
            assert not scene.tray.rolling  # its die is down
            assert _tray_pixels(scene, info) != _tray_pixels(scene, None)  # it is shown
        if before is not None and scene.tray.rolling and not scene.table.choosing():
            throws_after += 1  # a throw while a table was up: it is gone, nothing hides dice
            assert info is None
            assert _tray_pixels(scene, before) == _tray_pixels(scene, None)
        if tables >= 2 and throws_after >= 2:
            break
    assert tables >= 2 and throws_after >= 2


def test_missions_a_chosen_start_space_shows_the_pawn_there_and_says_so(app):
    """Two Heroes enter the map: after the first picks a space (by clicking it), its pawn stands
    there and the log says so while the second is still choosing."""
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene
    from tests.ui.uikit import click, pump

    app.settings.animation_speed = "instant"
    engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate", "huntress"), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}] * 2, ["Player", ""])
    app.push(scene)

    def asked_to_move():
        choice = engine.pending
        return (
            choice is not None
            and choice.kind == "move"
            and not scene.narrating()
            and scene.decided_for is choice
        )

    pump(app, asked_to_move)
    first = scene.hero(engine.pending.player)
    assert first.pos is None
    action = engine.pending.options[0].action
    dest = (action.get("q"), action.get("r"))
    layout = scene.map_layout()
    click(app, layout.center(dest))
    pump(app, asked_to_move)
    second = scene.hero(engine.pending.player)
    assert second is not first and first.pos is None  # the Heroes move together, later
    app.frame(STEP)
    x, y = scene.pawn_px[first.seat]
    cx, cy = layout.center(dest)
    assert abs(x - cx) < 2 and abs(y - cy) < 2  # its pawn stands on the chosen space
    assert scene.shown_pos(second) is None  # the other still waits beside the map
    assert any(first.name in line and "start space" in line for line in scene.log)


def test_adventures_the_top_board_shows_the_minion_whose_turn_is_narrated():
    """Two heroes each fight their own Minion: when the narration reaches one Minion's turn,
    the board shows that Minion over the hero it fights, not another battle's Minion."""
    import esper

    from game.adventures.components import Adventurer
    from game.rules.events import Event
    from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene, is_battle_choice
    from tests.ui.test_adventures import advance, human_runner
    from tests.ui.uikit import OLD_PROMPTS, pump

    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    app = App(settings, size=(1280, 720))
    runner = human_runner(heroes=("barbarian", "moon_elf"), seed=5)
    try:

        def engaged(r):
            eng = r.engine
            with eng.world.active():
                pairs = {}
                for player in eng.info.players:
                    adv = esper.try_component(player, Adventurer)
                    if adv is not None and adv.engaged is not None:
                        pairs[eng.seat(player)] = eng.seat(adv.engaged)
            return pairs

        advance(runner, lambda r: is_battle_choice(r) and len(set(engaged(r).values())) >= 2)
        pairs = engaged(runner)
        scene = AdventureScene(app, runner)
        app.push(scene)
        pump(app, lambda: isinstance(app.scene, AdventureBattleScene))
        battle = app.scene
        me = battle.viewer
        other_hero = next(h for h in pairs if h != me)
        other_minion = pairs[other_hero]
        assert battle.opponent_seat(battle.view, me) == pairs[me]
        # the presenter reaches the other battle's Minion's turn
        turn = Event("turn_started", {"player": other_minion, "turn": 9}, "Turn 9")
        battle.presenter._start(turn)
        assert battle.viewer == other_hero
        assert battle.opponent_seat(battle.view, battle.viewer) == other_minion
    finally:
        runner.close()
        app.close()


def test_missions_the_log_names_the_enemy_dice_once_they_have_landed(app):
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("huntress",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "computer", "level": "easy"}], ["Player"])
    app.push(scene)
    for _ in range(30000):
        app.frame(STEP)
        if scene.current is not None and scene.current.kind == "enemy_roll":
            break
    line = scene.current.text
    assert line.startswith("Enemy dice:") and scene.enemy_tray.rolling
    assert line not in scene.log  # the dice are still in the air
    while scene.enemy_tray.rolling:
        assert line not in scene.log
        app.frame(STEP)
    app.frame(STEP)
    assert scene.log.count(line) >= 1 and line in scene.log[-3:]


def _texts_in(rec, rect) -> list[str]:
    return [text for r, text, _lvl in rec.texts if rect.contains(r)]


def test_missions_ally_names_and_the_objective_are_shown_whole_at_1_5x():
    """Ally HQ buttons read "Off-Duty..." and the Crisis Clock's objective "Defeat every
    Henchma..." at 1.5x: names and objectives wrap or shrink, never cut (docs/ui.md)."""
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui import layoutcheck as L
    from game.ui.scenes.mission import MissionScene

    application = App(Settings(ui_scale=1.5, sound_volume=0.0), size=(1280, 720))
    try:
        engine = MissionEngine(MissionSetup("harbor_heist", ("huntress", "barbarian"), seed=3))
        engine.info.ally_hq = ["firefighter", "archer", "demolitions"]
        scene = MissionScene(application, engine, [{"kind": "human"}] * 2, ["Player", ""])
        application.push(scene)
        rec = L.record(scene, (1280, 720))
        hq = " ".join(_texts_in(rec, scene.hq_rect))
        for ally in engine.info.ally_hq:
            for word in engine.db.allies[ally].name.split():
                assert word in hq
        clock = _texts_in(rec, scene.clock_rect)
        assert " ".join(clock).endswith(engine.side().objective_text.split()[-1])
        assert not [t for t in _texts_in(rec, scene.right) if t.endswith("...")]
    finally:
        application.close()


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_duel_floating_numbers_cover_no_text_of_the_hero_bars(mode, scale, monkeypatch):
    """A "+1 CP" (and a "-7") floating number covered the hero bar's second line: the numbers
    float beside the dials they explain, over no name, no line of the bar and no other text."""
    from game.ui import layoutcheck as L
    from game.ui.presenter import Floater

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "inline")
    application = App(
        Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=(1280, 720)
    )
    try:
        scene = L.SCENES[f"duel:{mode}"](application)
        seats = range(len(scene.view.players))
        for t in (0.05, 0.5, 0.9):
            scene.presenter.floaters = []
            for seat in seats:
                for text, anchor in (("-7", "health"), ("+1 CP", "cp")):
                    floater = Floater(text, (255, 90, 80), seat, anchor)
                    floater.age = floater.life * t
                    scene.presenter.floaters.append(floater)
            found = L.problems(L.record(scene, (1280, 720)), mode, (1280, 720), scale)
            hits = [str(p) for p in found if any(f"'{t}'" in p.what for t in ("-7", "+1 CP", "+1"))]
            assert not hits, "\n".join(hits[:8])
    finally:
        application.close()


@pytest.mark.parametrize("legal", [False, True])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_adventures_a_long_room_name_keeps_clear_of_the_corner_badges(legal, scale, monkeypatch):
    """ "Thornbrush" ran under a room's Minion badge on the crawl map: a room's name plate lies
    between the corner badges (Minion top-right, move number top-left), whole."""
    from types import SimpleNamespace

    from game.ui import layoutcheck as L

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "inline")
    application = App(
        Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=(1280, 720)
    )
    try:
        scene = L.SCENES["adventure:crawl"](application)
        L.record(scene, application.screen.get_size())  # lays the map out
        rect = next(iter(scene.tile_rects.values()))
        tile = SimpleNamespace(slot=-1, level=1, kind="room", items=[])
        tdef = {"name": "Thornbrush Path", "minion": 1, "cp": 1, "gold": 1}
        surface = L.RecordingSurface(application.screen.get_size())
        rec = L.Recorder(surface)
        surface.recorder = rec
        from game.ui import widgets

        widgets.RECORDER = rec
        try:
            from game.adventures.crawl import scenario

            with scene.engine.world.active():
                sc = scenario(scene.engine)
                scene._draw_tile(surface, rect, tile, True, tdef, sc, legal)
        finally:
            widgets.RECORDER = None
        th = application.theme.fixed()
        mr = th.px(10)
        minion = pygame.Rect(0, 0, 2 * mr, 2 * mr)
        minion.center = (rect.right - mr - th.px(2), rect.y + mr + th.px(2))
        badges = [minion] + ([scene.move_badge_rect(rect)] if legal else [])
        words = [(r, t) for r, t, _lvl in rec.texts if t not in ("I",)]
        assert "".join(t for _r, t in words).replace("-", "").startswith("ThornbrushPath")
        over = [(t, tuple(r)) for r, t in words for b in badges if r.colliderect(b)]
        assert not over
        assert all(rect.contains(r) for r, _t in words)
    finally:
        for s in application.scenes:
            runner = getattr(s, "runner", None)
            if runner is not None:
                runner.close()
        application.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 576)])
def test_prompt_buttons_at_150_show_their_words_at_the_text_scale(size):
    """At interface scale 1.50x the duel's prompt buttons ("End Phase [Space]", the End Phase
    question's three answers) kept their 1.00x width, so their words were drawn smaller than
    the prompt beside them: now each is as wide as its words at the text scale, inside the
    prompt strip, none over another."""
    from game.modes.duel import duel_setup
    from game.rules.engine import Engine
    from game.ui.layoutcheck import fill_hand, reach_main_phase
    from game.ui.scenes.duel import DuelScene

    application = App(
        Settings(ui_scale=1.5, animation_speed="instant", sound_volume=0.0), size=size
    )
    try:
        th = application.theme
        engine = Engine.new_match(duel_setup(["cursed_pirate", "barbarian"], 7, turn_limit=0))
        scene = DuelScene(application, engine, [{"kind": "human"}, {"kind": "computer"}])
        application.push(scene)
        reach_main_phase(application, scene)
        fill_hand(scene, 10)
        choice = engine.pending
        scene._build_controls(choice)
        seen = [[b.label for b in scene.buttons]]
        scene.confirm_end = choice  # the "still playable" question: three answers
        scene._build_controls(choice)
        seen.append([b.label for b in scene.buttons])
        assert seen == [["End Phase"], ["End Phase", "Keep playing", "End, never ask"]]
        full = th.font(17, bold=True, condensed=True)
        for button in scene.buttons:
            room = button.rect.w - th.px(10)
            words = button.caption() if len(scene.buttons) == 1 else button.label
            drawn = th.fit_font(17, words, room, height=button.rect.h, bold=True, condensed=True)
            assert drawn is full, words  # the three answers may drop their keys, not shrink
            assert scene.prompt_rect.contains(button.rect)
        for a, b in itertools.pairwise(scene.buttons):
            assert b.rect.right < a.rect.x  # right to left, apart
    finally:
        application.close()


@pytest.mark.parametrize("mode", ["2v2v2", "duel"])
def test_setup_buttons_of_one_row_draw_their_words_at_one_size_at_150(mode, monkeypatch):
    """At 1.50x the setup's equal-width buttons drew "King of the Hill" and "CPU Normal" smaller
    than their neighbours (their words did not fit an equal share): each row now sizes its
    buttons from their words at one shared size (widgets.button_row)."""
    from game.ui import widgets
    from game.ui.scenes.setup import SetupScene

    application = App(
        Settings(ui_scale=1.5, animation_speed="instant", sound_volume=0.0), size=(1280, 720)
    )
    try:
        th = application.theme
        scene = SetupScene(application)
        application.push(scene)
        scene.set_mode(mode)
        drawn = {}
        real = widgets.text_surface

        def spy(font, text, colour):
            drawn[text] = font.get_height()
            return real(font, text, colour)

        monkeypatch.setattr(widgets, "text_surface", spy)
        kinds = [b for b in scene.controls if b.data.get("side") == 0 and "kind" in b.data]
        assert [b.label for b in kinds][2] == "CPU Normal"
        surface = pygame.Surface(application.screen.get_size())
        for group in (scene.mode_buttons, kinds):
            drawn.clear()
            for button in group:
                button.draw(surface, th)
            assert len(drawn) == len(group)
            assert len(set(drawn.values())) == 1, drawn  # one size for the whole row
            assert all(b.rect.right <= c.rect.x for b, c in itertools.pairwise(group))
        # and no smaller than "CPU Normal" was in an equal quarter of the strip
        strip = kinds[-1].rect.right - kinds[0].rect.x
        quarter = (strip - 3 * th.px(6)) // 4 - th.px(10)
        old = th.fit_font(17, "CPU Normal", quarter, bold=True, condensed=True)
        assert drawn["CPU Normal"] >= old.get_height()
    finally:
        application.close()


@pytest.mark.parametrize(
    ("size", "scale"), [((1280, 720), 1.25), ((1280, 720), 1.5), ((1024, 576), 1.5)]
)
def test_the_perk_sheet_fits_at_larger_interface_scales(size, scale):
    """The Perk sheet (not in `uicheck`'s scenes) had its title over the points line, its
    cells' words over each other and "Mythic abilities (locked)" out of its panel at 1.25x and
    1.50x: the header is now stacked and fitted, the table keeps its 1.00x words."""
    from game.missions import perks as P
    from game.ui.layoutcheck import problems, record
    from game.ui.scenes.perk_sheet import PerkSheetScene

    application = App(
        Settings(ui_scale=scale, animation_speed="instant", sound_volume=0.0), size=size
    )
    try:
        P.save_sheet(P.PerkSheet("Player", points=[3, 3]), "Player")
        scene = PerkSheetScene(application, "Player", limit=3)
        application.push(scene)
        application.frame(1 / 60)
        assert problems(record(scene, size), "perk", size, scale) == []
    finally:
        application.close()


def test_online_format_buttons_draw_their_words_at_one_size_at_150(monkeypatch):
    """At 1.50x the Online screen's format grid drew "King of the Hill" smaller than "Duel"
    beside it: both lines of format buttons now share one text size."""
    from game.ui import widgets
    from game.ui.layoutcheck import SCENES

    application = App(
        Settings(ui_scale=1.5, animation_speed="instant", sound_volume=0.0), size=(1280, 720)
    )
    try:
        scene = SCENES["online:menu"](application)
        drawn = {}
        real = widgets.text_surface

        def spy(font, text, colour):
            drawn[text] = font.get_height()
            return real(font, text, colour)

        monkeypatch.setattr(widgets, "text_surface", spy)
        surface = pygame.Surface(application.screen.get_size())
        for button in scene.mode_buttons:
            button.draw(surface, application.theme)
        assert "King of the Hill" in drawn and len(drawn) == len(scene.mode_buttons)
        assert len(set(drawn.values())) == 1, drawn
        assert all(scene.host_box.contains(b.rect) for b in scene.mode_buttons)
    finally:
        for s in application.scenes:
            if getattr(s, "runner", None) is not None:
                s.runner.close()
        application.close()
