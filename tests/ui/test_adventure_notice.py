"""Adventures: a human's hero never moves without the player seeing why. When the only move open
is made for them (the crawl takes a single option without asking), the narration stops on a
notice until it is clicked away; a move the player chose makes no notice."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene
from game.ui.scenes.adventures_menu import new_runner
from tests.ui.uikit import key, shot


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    for scene in application.scenes:
        runner = getattr(scene, "runner", None)
        if runner is not None:
            runner.close()
    application.close()


def humans(seed):
    return new_runner("easy", "Testers", [("barbarian", "human"), ("moon_elf", "human")], 1, seed)


def test_an_automatic_first_move_is_announced_and_waits_for_the_player(app):
    runner = humans(5)  # both heroes' first moves are forced: one tile each
    assert not runner.engine.actions
    scene = AdventureScene(app, runner)
    app.push(scene)
    for _ in range(5):  # the unhurt hero's Salve question is answered first (Settings)
        app.frame(1 / 60)
    notices = [r for r in scene.reveals if r.get("notice")]
    assert notices, "the forced move was made without a notice"
    assert "Moon Elf moves to" in notices[0]["lines"][0]
    assert "only move open" in notices[0]["lines"][0]
    for _ in range(30):  # instant speed: still held, the battle does not open underneath
        app.frame(1 / 60)
    assert app.scene is scene and scene.reveals
    shot(app, "adventure_auto_move_notice")
    seen = [notices[0]["lines"][0]]
    for _ in range(4):  # each notice waits for its click; the second hero's comes next
        if not scene.reveals:
            break
        key(app, pygame.K_RETURN)
        for _ in range(10):
            app.frame(1 / 60)
        seen += [r["lines"][0] for r in scene.reveals if r.get("notice")]
    assert any("Barbarian moves to" in line and "only move open" in line for line in seen)
    assert not scene.reveals
    assert isinstance(app.scene, AdventureBattleScene)


def test_the_notice_card_is_as_tall_as_its_words(app):
    """The notice holds only words: its card ends under them, the "go on" hint close below
    the last line (a fixed card left half of it empty)."""
    from game.ui import layoutcheck as L

    scene = AdventureScene(app, humans(5))
    app.push(scene)
    for _ in range(5):
        app.frame(1 / 60)
    assert any(r.get("notice") for r in scene.reveals)
    rec = L.record(scene, app.screen.get_size())
    hint = next(rect for rect, text, _lvl in rec.texts if text.endswith("to go on"))
    words = [rect for rect, text, _lvl in rec.texts if "only move open" in text or "made" in text]
    assert words, [text for _r, text, _l in rec.texts]
    gap = hint.top - max(rect.bottom for rect in words)
    assert 0 < gap <= app.theme.px(30), gap


def test_an_unhurt_hero_keeps_the_salves_without_a_question_unless_always_ask(app):

    runner = humans(1)
    assert runner.pending.kind == "adventure_salves"  # offered: a Salve may heal above start
    scene = AdventureScene(app, runner)
    app.push(scene)
    app.frame(1 / 60)
    assert runner.pending.kind != "adventure_salves"
    assert any("keeps the Salves" in line for line in scene.log)
    runner.close()


def test_always_ask_shows_the_salve_question(app):
    app.settings.auto_pass = "never"
    runner = humans(1)
    scene = AdventureScene(app, runner)
    app.push(scene)
    for _ in range(3):
        app.frame(1 / 60)
    assert runner.pending.kind == "adventure_salves"
    assert not any("keeps the Salves" in line for line in scene.log)


def test_a_hurt_hero_is_asked_about_salves():
    from game.rules.actions import Option, PendingChoice, act
    from game.ui.prompt_policy import ask_salves

    options = [Option(act(0, "done"), "no"), Option(act(0, "salve", target=0), "heal")]
    choice = PendingChoice(0, "adventure_salves", "Salves?", options)
    assert ask_salves("when_it_matters", choice, below_start=True)
    assert not ask_salves("when_it_matters", choice, below_start=False)
    revive = [*options, Option(act(0, "salve", target=1), "revive")]
    assert ask_salves("when_it_matters", PendingChoice(0, "adventure_salves", "?", revive), False)
    assert not ask_salves("always", choice, below_start=True)


def test_a_move_the_player_chose_makes_no_notice(app):
    runner = humans(1)
    scene = AdventureScene(app, runner)
    app.push(scene)
    app.frame(1 / 60)
    choice = runner.pending
    assert choice.kind == "adventure_move" and len(choice.options) > 1
    scene.act(choice.options[0].action)
    for _ in range(5):
        app.frame(1 / 60)
    assert not any(r.get("notice") for r in scene.reveals)
    assert any(e.kind == "hero_moved" for e in runner.engine.log)


def test_many_long_choices_stay_on_the_window_in_one_font(app):
    scene = AdventureScene(app, humans(1))
    app.push(scene)
    app.frame(1 / 60)
    labels = [
        "Brew a Salve: pay 3 Gold and gain 1 Salve",
        "Distil a potion of fire: deal 2 damage to a Minion of your choice",
        "Study the shelves: draw 2 cards and discard 1",
        "Leave the laboratory without touching anything",
    ]
    entries = [(label, None, i == 0, label) for i, label in enumerate(labels)]
    buttons = scene._button_row(entries, scene.layout()["prompt"], scene.layout()["prompt"].y)
    window = app.screen.get_rect()
    assert len(buttons) == 4 and buttons[0].primary and not buttons[1].primary
    assert all(window.contains(b.rect) for b in buttons)
    assert len({b.rect.w for b in buttons}) == 1  # one width: one font for every label
    for a, b in itertools.pairwise(buttons):
        assert not a.rect.colliderect(b.rect)


def test_the_mission_tray_hint_and_the_allies_line_share_the_bottom_of_the_tray(app):
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui import layoutcheck as L
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}], ["Player"])
    app.push(scene)
    oracle = MissionAI(11)
    for _ in range(200):
        choice = engine.pending
        if choice is not None and choice.kind == "offensive_roll":
            break
        scene.act(oracle.decide(engine, choice))
        for _ in range(3):
            app.frame(1 / 60)
    assert engine.pending.kind == "offensive_roll"
    hero = scene.hero(engine.pending.player)
    hero.allies = ["rooftop_scout", "field_medic", "sharpshooter", "bodyguard"]
    scene.source.refresh()  # the board draws from the seat's view (game/online/mission_table.py)
    for _ in range(30):
        app.frame(1 / 60)
    rec = L.record(scene, app.screen.get_size())
    texts = [t for _r, t, _l in rec.texts]
    assert any(t.startswith("Allies:") for t in texts)
    assert any(t.startswith("Roll attempts left") for t in texts)
    problems = [p for p in L.problems(rec, "mission", app.screen.get_size(), 1.0)]
    assert not [p for p in problems if "Allies" in p.what or "Roll attempts" in p.what]


def test_a_click_on_a_button_that_moved_under_the_pointer_is_not_taken(app):
    from game.adventures.ai import AdventureAI
    from game.ui.scenes.adventure import controllers_for
    from tests.ui.uikit import click

    runner = new_runner("easy", "Testers", [("barbarian", "human")], 1, 5)
    ais = controllers_for(runner.campaign)
    ais.setdefault(0, AdventureAI("normal", 0))
    for _ in range(20_000):
        if runner.driver is not None and runner.pending.kind == "adventure_shop":
            break
        runner.apply(ais[runner.pending.player].decide(runner.target, runner.pending))
    scene = AdventureScene(app, runner)
    scene.ticker.clear()
    app.push(scene)
    for _ in range(60):
        if scene.decided_for == runner.pending:
            break
        app.frame(1 / 60)
    target = scene.option_buttons[("shop_done", None, None)]
    pos = target.rect.center
    # an action was just taken with the pointer here, and another button used to be here
    scene.reflow_guard = (pos, ("Sell", "Sell something that was here before"))
    pending = runner.pending
    for e in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(e, pos=pos, button=1))
    app.frame(1 / 60)
    assert runner.pending == pending and "moved" in scene.message
    click(app, (pos[0] + 40, pos[1]))  # the pointer moves on ...
    click(app, pos)  # ... and back: now the click counts
    assert runner.pending != pending
    # act() remembers what was under the pointer
    scene.pointer = (5, 5)
    scene.buttons = [type(target)(pygame.Rect(0, 0, 20, 20), "Sell", None, tooltip="Sell X")]
    scene.act(runner.pending.options[0].action)
    assert scene.reflow_guard == ((5, 5), ("Sell", "Sell X"))


def test_a_click_anywhere_on_a_lit_mission_ability_uses_its_best_row(app):
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene
    from tests.ui.uikit import click

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}], ["Player"])
    app.push(scene)
    oracle = MissionAI(11)
    for _ in range(300):
        choice = engine.pending
        reached = choice is not None and choice.kind == "announce"
        if reached and any(o.action.kind == "activate" for o in choice.options):
            break
        scene.act(oracle.decide(engine, choice))
        for _ in range(3):
            app.frame(1 / 60)
    choice = engine.pending
    reached = [o.action for o in choice.options if o.action.kind == "activate"]
    assert choice.kind == "announce" and reached
    for _ in range(30):
        app.frame(1 / 60)
    ability = reached[0].get("ability")
    best = max((a for a in reached if a.get("ability") == ability), key=lambda a: a.get("row"))
    tile = next(s for s in scene.row_spots if s.kind == "ability" and s.key == ability)
    rows = [s.rect for s in scene.row_spots if s.kind == "row" and s.key == ability]
    spot = (tile.rect.centerx, tile.rect.bottom - 3)  # the tile's foot, below its rows
    assert not any(r.collidepoint(spot) for r in rows)
    count = len(engine.actions)
    click(app, spot)
    assert len(engine.actions) == count + 1 and engine.actions[-1] == best


def test_a_heros_damage_number_sits_on_the_portrait_not_the_name(app):
    """It rose from the Health dial into the panel above (over the Crisis Clock's objective);
    now it stays on the Hero's portrait in the Hero list, over no text."""
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui import layoutcheck as L
    from game.ui.scenes.mission import MissionScene

    engine = MissionEngine(MissionSetup("harbor_heist", ("cursed_pirate",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}], ["Player"])
    app.push(scene)
    app.frame(1 / 60)
    row = scene.roster_rects[0]
    scene._float_hero(0, "-3", (255, 0, 0))
    listed = [f for f in scene.floaters if not f.on_map]
    assert listed and row.collidepoint(listed[-1].pos)
    for age in (0.1, 0.7, 1.2):
        listed[-1].age = age
        rec = L.record(scene, app.screen.get_size())
        number = [r for r, text, _lvl in rec.texts if text == "-3"]
        assert number and all(row.contains(r) for r in number)
        others = [
            t for r, t, _lvl in rec.texts if t != "-3" and any(r.colliderect(n) for n in number)
        ]
        assert not others


def test_move_badges_leave_the_tile_titles_readable(app):
    import esper

    from game.adventures.components import Tile
    from game.adventures.crawl import scenario, tile_def
    from game.ui import layoutcheck as L

    runner = humans(1)
    scene = AdventureScene(app, runner)
    app.push(scene)
    app.frame(1 / 60)
    eng = runner.engine
    with eng.world.active():
        tiles = [t for _e, t in esper.get_component(Tile) if t.kind == "env"]
        sc = scenario(eng)
        named = [(t, tile_def(eng, t)) for t in tiles]
    named = [(t, d) for t, d in named if len(d.get("name", "")) > 10]
    assert named
    rect = pygame.Rect(100, 100, 93, 93)  # a lit, face-up tile with a long name at 1280x720
    surface = L.RecordingSurface(app.screen.get_size())
    rec = L.Recorder(surface)
    surface.recorder = rec
    from game.ui import widgets

    widgets.RECORDER = rec
    try:
        with eng.world.active():
            for tile, tdef in named:
                scene._draw_tile(surface, rect, tile, True, tdef, sc, True)
    finally:
        widgets.RECORDER = None
    badge = scene.move_badge_rect(rect)
    under = [t for r, t, _l in rec.texts if r.colliderect(badge)]
    assert rec.texts and not under, under


def test_with_no_roll_left_one_click_on_a_lit_ability_keeps_the_dice_and_uses_it(app):
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.ui.scenes.mission import MissionScene
    from tests.ui.uikit import click

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    scene = MissionScene(app, engine, [{"kind": "human"}], ["Player"])
    app.push(scene)
    oracle = MissionAI(11)
    for _ in range(400):
        choice = engine.pending
        if choice is not None and choice.kind == "offensive_roll":
            rerolls = [o.action for o in choice.options if o.action.kind == "reroll"]
            if not rerolls:
                break
            scene.act(rerolls[-1])  # throw everything again until no roll is left
        else:
            scene.act(oracle.decide(engine, choice))
        for _ in range(3):
            app.frame(1 / 60)
    choice = engine.pending
    assert choice.kind == "offensive_roll" and not scene.rolls_left(choice)
    for _ in range(30):
        app.frame(1 / 60)
    # the tile the computer would use after keeping these dice
    probe = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    for action in engine.actions:
        probe.apply(action)
    probe.apply(next(o.action for o in probe.pending.options if o.action.kind == "stop"))
    assert probe.pending.kind == "announce"  # these dice reach an ability
    reached = [o.action for o in probe.pending.options if o.action.kind == "activate"]
    ability = reached[0].get("ability")
    tile = next(s for s in scene.row_spots if s.kind == "ability" and s.key == ability)
    count = len(engine.actions)
    click(app, (tile.rect.centerx, tile.rect.bottom - 3))
    kinds = [a.kind for a in engine.actions[count:]]
    assert kinds[:2] == ["stop", "activate"]
    assert engine.actions[count + 1].get("ability") == ability


def test_a_crawl_turn_start_with_only_draw_or_cp_cards_goes_on_by_itself(app):
    runner = humans(2)  # the first hero holds Getting Paid! and Double Up! only
    assert runner.pending.kind == "adventure_salves"  # unhurt: kept by the same setting
    scene = AdventureScene(app, runner)
    app.push(scene)
    for _ in range(5):
        app.frame(1 / 60)
    assert any(a.kind == "done" for a in runner.engine.actions)
    assert any("goes on" in line for line in scene.log)


def test_always_ask_me_still_asks_at_a_crawl_turn_start(app):
    app.settings.auto_pass = "never"
    runner = humans(2)
    scene = AdventureScene(app, runner)
    app.push(scene)
    for _ in range(5):
        app.frame(1 / 60)
    assert runner.pending.kind == "adventure_salves"  # asked too: "always ask me"
    scene.act(next(o.action for o in runner.pending.options if o.action.kind == "done"))
    for _ in range(5):
        app.frame(1 / 60)
    assert runner.pending.kind == "adventure_instant"
    assert [a.kind for a in runner.engine.actions] == ["done"]
    assert scene.buttons[0].label == "Go on with the turn"
