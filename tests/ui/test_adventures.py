"""Adventures screens driven headless (SDL dummy driver): the campaign menu and its slots
(a damaged slot is shown as set aside), the Portal Crawl map built from a real crawl engine
(clicks on lit tiles send that move), every crawl / Shop / Boss Loot decision answerable with
the mouse, battles hosted on the duel board with the Minion as the opponent, the score sheet,
autosave and Continue mid-scenario.

Screenshots land in build/test-artifacts/screens.
"""

from __future__ import annotations

import esper
import pygame
import pytest

from game.adventures.components import Adventurer
from game.adventures.save import list_slots, save_campaign, slot_path
from game.online.adventure_table import LocalAdventureTable
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.adventure import (
    CRAWL_KINDS,
    DRIVER_KINDS,
    AdventureBattleScene,
    AdventureScene,
    controllers_for,
    is_battle_choice,
)
from game.ui.scenes.adventures_menu import CampaignMenuScene, ScoreSheetScene, new_runner
from game.ui.scenes.title import TitleScene
from tests.ui.uikit import OLD_PROMPTS, button, click, pump, shot


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    for scene in application.scenes:
        runner = getattr(scene, "runner", None)
        if runner is not None:
            runner.close()
    application.close()


def advance(runner, until, limit: int = 20_000) -> None:
    """Answer decisions the way the computer would until `until(runner)` holds."""
    ais = controllers_for(runner.campaign)
    from game.adventures.ai import AdventureAI

    for i in range(len(runner.campaign.heroes)):
        ais.setdefault(i, AdventureAI("normal", i))
    for _ in range(limit):
        if until(runner):
            return
        choice = runner.pending
        runner.apply(ais[choice.player].decide(runner.target, choice))
    raise AssertionError("condition not reached")


def human_runner(heroes=("barbarian", "moon_elf"), seed=5, slot=1, difficulty="easy"):
    return new_runner(difficulty, "Testers", [(h, "human") for h in heroes], slot, seed)


def test_title_opens_the_campaign_menu_and_a_new_campaign_starts_in_a_slot(app):
    app.push(TitleScene(app))
    app.frame(1 / 60)
    click(app, button(app.scene, "Adventures").rect.center)
    menu = app.scene
    assert isinstance(menu, CampaignMenuScene)
    # choose Hard, a second hero (Moon Elf, computer) and start
    rect = next(r for r, d in menu.diff_rects if d == "hard")
    click(app, rect.center)
    click(app, button(menu, "+ Add hero").rect.center)
    hero_rect = next(r for r, h in menu.hero_rects if h == "moon_elf")
    click(app, hero_rect.center)
    assert menu.members[1][0] == "moon_elf" and menu.members[1][1] == "normal"
    shot(app, "adventures_menu")
    click(app, button(menu, "Start campaign").rect.center)
    scene = app.scene
    assert isinstance(scene, (AdventureScene, AdventureBattleScene))
    adventure = scene if isinstance(scene, AdventureScene) else scene.parent
    c = adventure.campaign
    assert c.difficulty == "hard" and c.hero_ids == ["barbarian", "moon_elf"]
    assert [h.controller for h in c.heroes] == ["human", "normal"]
    assert slot_path(1).exists()  # autosaved at the scenario boundary
    infos, _ = list_slots()
    assert infos[0].team_name == "The Dawnbreakers" and infos[0].mid_scenario


def test_a_damaged_slot_is_shown_copied_aside_not_a_crash(app):
    path = slot_path(2)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    menu = CampaignMenuScene(app)
    app.push(menu)
    app.frame(1 / 60)
    info = menu.slots[1]
    assert info.problem and info.empty
    assert path.read_text() == "{ this is not json"  # copied aside, never moved or deleted
    assert any(p.name.startswith("slot-2.json.damaged-") for p in path.parent.iterdir())
    shot(app, "adventures_menu_damaged")


def test_the_map_shows_the_crawl_and_a_click_on_a_lit_tile_moves_there(app):
    runner = human_runner()
    advance(runner, lambda r: r.pending.kind == "adventure_move")
    scene = AdventureScene(app, runner)
    app.push(scene)
    app.frame(1 / 60)
    app.frame(1 / 60)
    choice = runner.pending
    legal = [o.action.get("slot") for o in choice.options]
    assert set(legal) <= set(scene.tile_rects)
    # every move option has a button too, naming the tile as the map shows it (never a slot id)
    labels = [b.label for b in scene.buttons]
    assert labels == [scene.move_button_label(s) for s in legal]
    assert all(label.startswith(("Level ", "Join: ", "Boss Portal")) for label in labels)
    shot(app, "adventures_map")
    # a click on a tile that is not lit changes nothing
    illegal = next(s for s in scene.tile_rects if s not in legal)
    before = len(runner.engine.actions)
    click(app, scene.tile_rects[illegal].center)
    assert len(runner.engine.actions) == before and "cannot move" in scene.message
    # a click on a lit tile is that move
    target = legal[-1]
    with runner.engine.world.active():
        player = runner.engine.player(choice.player)
    click(app, scene.tile_rects[target].center)
    assert runner.engine.actions[-1] == next(
        o.action for o in choice.options if o.action.get("slot") == target
    )
    with runner.engine.world.active():
        assert esper.component_for_entity(player, Adventurer).tile == target


def test_every_crawl_decision_kind_is_answered_with_buttons(app):
    runner = human_runner(seed=9)
    seen = set()
    scene = AdventureScene(app, runner)
    app.push(scene)
    ais = controllers_for(runner.campaign)
    from game.adventures.ai import AdventureAI

    ai = AdventureAI("normal", 1)
    for _ in range(3000):
        choice = runner.pending
        if runner.driver is not None:
            break
        if choice.kind in CRAWL_KINDS:
            scene.ticker.clear()
            scene.reveals.clear()
            scene._build_controls(choice)
            if choice.kind == "adventure_move":
                labels = [b.label for b in scene.buttons]
                assert labels == [
                    scene.move_button_label(o.action.get("slot")) for o in choice.options
                ]
            else:
                assert [b.label for b in scene.buttons] == [o.label for o in choice.options]
            seen.add(choice.kind)
            wanted = ai.decide(runner.target, choice)
            index = [o.action for o in choice.options].index(wanted)
            scene.buttons[index].on_click()  # the button for that option
        else:
            runner.apply(ai.decide(runner.target, choice))
    del ais
    assert "adventure_move" in seen
    assert "adventure_instant" in seen  # rule 33: Instant cards played from the map's buttons
    assert seen <= CRAWL_KINDS


def test_a_question_asked_by_a_card_played_on_the_map_stays_on_the_map():
    from types import SimpleNamespace

    from game.adventures import crawl
    from game.rules.actions import PendingChoice
    from tests.adventures.test_outside_battle import deck_crawl

    eng = deck_crawl()
    assert eng.pending.kind == "adventure_instant"
    which = PendingChoice(player=0, kind="choose", prompt="Remove which status effect?", options=[])
    runner = SimpleNamespace(engine=eng, driver=None, pending=which)
    assert not is_battle_choice(runner)  # e.g. Smelling Salts asking which token
    with eng.world.active():
        frame = next(f for f in eng.program.frames if isinstance(f, crawl.CrawlTurnFrame))
        frame.stage = "hero_step"
    assert is_battle_choice(runner)  # the same question in a Hero Step is a battle's
    eng.close()


def test_a_bonus_damage_question_found_on_the_map_stays_on_the_map():
    """Rule 100: a token from a tile or a chest at the stack limit is asked on the map; the
    same question inside a battle (a Loot card played there) is the battle's."""
    from types import SimpleNamespace

    from game.adventures.enemies import HeroStepFrame
    from game.rules.actions import PendingChoice
    from tests.adventures.crawl_kit import new_crawl

    eng = new_crawl()
    full = PendingChoice(player=0, kind="bonus_damage_full", prompt="Swap or throw?", options=[])
    runner = SimpleNamespace(engine=eng, driver=None, pending=full)
    assert not is_battle_choice(runner)
    with eng.world.active():
        eng.program.frames.append(HeroStepFrame(hero=eng.player(0), foe=eng.player(0)))
    assert is_battle_choice(runner)
    eng.close()


def test_the_shop_buttons_cover_every_option_and_a_purchase_goes_through(app):
    runner = human_runner(seed=5)
    advance(runner, lambda r: r.driver is not None and r.pending.kind == "adventure_shop")
    scene = AdventureScene(app, runner)
    scene.ticker.clear()
    app.push(scene)
    pump(app, lambda: scene.decided_for == runner.pending)
    choice = runner.pending
    keys = {(o.action.kind, o.action.get("card"), o.action.get("index")) for o in choice.options}
    assert keys == set(scene.option_buttons)  # every option of the shop has its button
    shot(app, "adventures_shop")
    shop = runner.driver
    hero = shop.heroes[choice.player]
    buys = [o.action for o in choice.options if o.action.kind == "shop_buy"]
    if buys:
        gold = hero.gold
        card = buys[0].get("card")
        click(app, scene.option_buttons[("shop_buy", card, None)].rect.center)
        assert hero.gold == gold - shop.price(card)
        assert card in hero.deck
    # leave the shop for every hero: the session is scored and the sheet shows up
    for _ in range(10):
        if runner.driver is None:
            break
        pump(app, lambda: scene.decided_for == runner.pending or runner.driver is None)
        if runner.driver is None:
            break
        click(app, scene.option_buttons[("shop_done", None, None)].rect.center)
    assert runner.campaign.rows, "the session was written on the score sheet"
    pump(app, lambda: isinstance(app.scene, ScoreSheetScene))
    shot(app, "adventures_score_sheet")
    click(app, button(app.scene, "Continue").rect.center)
    assert app.scene is scene or isinstance(app.scene, AdventureBattleScene)


def test_boss_loot_offers_keep_and_discard_as_buttons(app):
    runner = human_runner(heroes=("barbarian",), seed=4)
    advance(runner, lambda r: r.driver is not None and r.pending.kind == "adventure_boss_loot")
    scene = AdventureScene(app, runner)
    scene.ticker.clear()
    app.push(scene)
    pump(app, lambda: scene.decided_for == runner.pending)
    choice = runner.pending
    assert [b.label for b in scene.buttons] == [o.label for o in choice.options]
    shot(app, "adventures_boss_loot")
    before = len(runner.driver.decks[choice.player]) if hasattr(runner.driver, "decks") else 0
    click(app, scene.buttons[0].rect.center)  # keep
    if hasattr(runner.driver or object(), "decks"):
        assert len(runner.driver.decks[choice.player]) >= before


def test_a_battle_is_played_on_the_duel_board_against_the_minion(app):
    runner = human_runner(heroes=("barbarian",), seed=5)
    advance(runner, lambda r: is_battle_choice(r))
    scene = AdventureScene(app, runner)
    app.push(scene)
    pump(app, lambda: isinstance(app.scene, AdventureBattleScene))
    battle = app.scene
    eng = runner.engine
    with eng.world.active():
        hero = eng.player(battle.viewer)
        minion = esper.component_for_entity(hero, Adventurer).engaged
        assert minion is not None
        assert battle.opponent_seat(battle.view, battle.viewer) == eng.seat(minion)
        assert battle.seat_kind_label(eng.seat(minion)) == "Minion"
    pump(app, lambda: battle.buttons or battle.decided_for is not None, frames=600)
    shot(app, "adventures_battle")
    # an answer from the board goes through the runner (the slot is saved with it)
    before = len(eng.actions)
    choice = eng.pending
    battle.act(choice.options[0].action)
    assert len(eng.actions) == before + 1
    battle.act(choice.options[0].action)  # a stale option is refused, nothing changes
    assert len(eng.actions) == before + 1


def test_continue_resumes_a_campaign_mid_scenario(app):
    runner = human_runner(seed=6, slot=3)
    advance(runner, lambda r: len(r.engine.actions) >= 12 and r.pending.kind in CRAWL_KINDS)
    runner.save()
    digest = runner.engine.digest()
    actions = len(runner.engine.actions)
    runner.close()
    menu = CampaignMenuScene(app)
    app.push(menu)
    app.frame(1 / 60)
    rect = next(r for r, s in menu.slot_rects if s == 3)
    click(app, rect.center)
    shot(app, "adventures_menu_slots")
    click(app, button(menu, "Continue").rect.center)
    scene = app.scene
    assert isinstance(scene, (AdventureScene, AdventureBattleScene))
    resumed = scene.runner if isinstance(scene, AdventureScene) else scene.parent.runner
    assert len(resumed.engine.actions) == actions
    assert resumed.engine.digest() == digest
    history = scene.log if isinstance(scene, AdventureScene) else scene.presenter.log
    assert history, "a resumed campaign shows what happened before, not an empty log"


def test_the_score_sheet_shows_the_rows_and_the_campaign_total(app):
    runner = human_runner(heroes=("barbarian",), seed=4)
    advance(runner, lambda r: len(r.campaign.rows) >= 2)
    c = runner.campaign
    sheet = ScoreSheetScene(app, LocalAdventureTable(runner).campaign)
    app.push(sheet)
    app.frame(1 / 60)
    shot(app, "adventures_sheet_rows")
    assert c.score == sum(r.session_score for r in c.rows)
    assert [line[-1] for line in sheet.lines()] == [str(r.session_score) for r in c.rows]
    assert sheet.total() == f"Campaign total: {c.score}"
    runner.close()


def test_computer_heroes_play_a_session_through_the_window(app):
    runner = new_runner("easy", "Bots", [("barbarian", "normal")], 4, 5)
    scene = AdventureScene(app, runner)
    app.push(scene)
    pump(
        app,
        lambda: len(runner.campaign.rows) >= 1 or isinstance(app.scene, ScoreSheetScene),
        40_000,
    )
    assert runner.campaign.rows[0].scenario == 1
    pump(app, lambda: isinstance(app.scene, ScoreSheetScene))
    click(app, button(app.scene, "Continue").rect.center)
    # on into the Boss Battle: its board opens on the new engine with the Boss at the top
    pump(app, lambda: isinstance(app.scene, AdventureBattleScene), 20_000)
    battle = app.scene
    assert battle.engine is runner.engine and runner.campaign.scenario == 2
    assert battle.seat_kind_label(battle.opponent_seat(battle.view, battle.viewer)) == "Boss"
    shot(app, "adventures_boss_battle")
    save_campaign(4, runner.campaign, runner.record())
    assert pygame.display.get_surface() is not None
    assert DRIVER_KINDS  # the driver kinds the scene handles are named in one place


def test_a_loot_reveal_shows_the_loot_die_a_token_changed(app):
    from game.rules.events import Event

    scene = AdventureScene(app, human_runner(seed=3))
    app.push(scene)
    scene.reveals.clear()
    scene.narrate(Event("loot_die", {"why": "common Loot Chest", "value": 9, "player": 0}, "9"))
    changed = "Barbarian flips a Lucky Coin: the Loot die goes from 9 to 12."
    scene.narrate(Event("loot_die_changed", {"value": 12, "before": 9, "player": 0}, changed))
    scene.narrate(Event("card_drawn", {"player": 0}, "Barbarian draws a card."))
    reveal = scene.reveals[-1]
    assert reveal["roll"] == 12  # the value that counts, not the first roll
    assert reveal["changed"] == changed and reveal["lines"] == ["Barbarian draws a card."]
    scene._draw_reveal(app.screen, reveal)  # draws without error
