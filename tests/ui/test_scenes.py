"""Headless scene tests: each scene driven through real pygame events (SDL dummy driver).

Every test also saves a screenshot of what it drove under build/test-artifacts/screens.
"""

from __future__ import annotations

import json

import pygame
import pytest

from game.modes.duel import duel_setup
from game.persistence.settings import Settings, load_settings
from game.rules.engine import Engine
from game.ui.app import App
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from tests.ui.uikit import OLD_PROMPTS, button, click, continue_game, key, pump, shot, type_text


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


def human_first_seed(heroes=("gunslinger", "barbarian")) -> int:
    """A seed whose start-player roll gives seat 0 (the human) the first turn."""
    for seed in range(1, 200):
        engine = Engine.new_match(duel_setup(list(heroes), seed, turn_limit=0))
        first = engine.pending.player
        engine.close()
        if first == 0:
            return seed
    raise AssertionError("no seed found")


def start_duel(app, seats, seed=None, heroes=("gunslinger", "barbarian")) -> DuelScene:
    seed = human_first_seed(heroes) if seed is None else seed
    engine = Engine.new_match(duel_setup(list(heroes), seed, turn_limit=0))
    scene = DuelScene(app, engine, seats)
    app.push(scene)
    app.frame(1 / 60)
    return scene


def pass_until(app, duel, until, frames: int = 3000) -> None:
    """Play on, pressing Space (Pass) whenever a human is asked to respond."""
    for _ in range(frames):
        if until():
            return
        choice = duel.engine.pending
        if (
            choice is not None
            and choice.kind == "respond"
            and duel.human(choice.player)
            and not duel.presenter.busy
            and duel.pass_to is None
        ):
            key(app, pygame.K_SPACE)
        else:
            app.frame(1 / 60)
    raise AssertionError(f"condition not reached in {frames} frames")


def force(duel, values) -> None:
    """The next die results (the engine's forced-dice queue, as scenario files use)."""
    with duel.engine.world.active():
        duel.engine.rng.forced_dice.extend(values)


HUMAN = {"kind": "human"}
COMPUTER = {"kind": "computer", "level": "normal"}


def my_decision(scene, kind, seat=0):
    def check():
        choice = scene.engine.pending
        return (
            choice is not None
            and choice.player == seat
            and choice.kind == kind
            and not scene.presenter.busy
            and scene.pass_to is None
        )

    return check


# ---------------------------------------------------------------- title and setup


def test_title_new_duel_opens_setup_and_start_builds_the_duel(app):
    app.push(TitleScene(app))
    app.frame(1 / 60)
    shot(app, "title")
    title = app.scene
    labels = [b.label for b in title.buttons]
    assert labels == [
        "New Duel",
        "Online",
        "Missions",
        "Adventures",
        "Rules Reference",
        "Settings",
        "Quit",
    ]
    click(app, button(title, "New Duel").rect.center)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    # Pick the Barbarian for player 1 and make player 2 an Easy computer.
    tile = next(
        b
        for b in setup.controls
        if b.data.get("side") == 0 and setup.heroes[b.data["hero"]].id == "barbarian"
    )
    click(app, tile.rect.center)
    easy = next(
        b
        for b in setup.controls
        if b.data.get("side") == 1 and b.data.get("kind") == "computer:easy"
    )
    click(app, easy.rect.center)
    shot(app, "setup")
    key(app, pygame.K_RETURN)
    duel = app.scene
    assert isinstance(duel, DuelScene)
    heroes = [p.hero for p in duel.view.players]
    assert heroes[0] == "barbarian"
    assert 0 not in duel.controllers and 1 in duel.controllers
    assert duel.seats == [{"kind": "human"}, {"kind": "computer", "level": "easy"}]


def test_setup_lists_every_ability_including_the_ultimate(app):
    app.push(SetupScene(app))
    app.frame(1 / 60)
    # Every level-1 ability of the shown hero is drawn; the last (ultimate) must not be cut off.
    setup = app.scene
    hero = setup.heroes[setup.choice[0]]
    assert any(slot.kind == "ultimate" for slot in hero.slots)
    drawn = setup.drawn_abilities[0]
    assert drawn == [a.name for s in hero.slots for a in s.levels[1]]


# ---------------------------------------------------------------- the duel


def test_roll_keep_reroll_and_activate_through_the_window(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)  # End Phase -> Offensive Roll
    pump(app, my_decision(duel, "offensive_roll"))
    # The first throw: 1,1,1 are Bullets, 4 a Dash, 6 a Bullseye.
    force(duel, [1, 1, 1, 4, 6])
    key(app, pygame.K_r)
    pump(app, my_decision(duel, "offensive_roll"))
    assert duel.engine.pending.context["attempts_left"] == 2
    key(app, pygame.K_1)  # keep the first die
    assert duel.kept == [True, False, False, False, False]
    force(duel, [2, 3, 5, 6])
    key(app, pygame.K_r)
    rolled = [e for e in duel.engine.log if e.kind == "dice_rolled"][-1]
    assert list(rolled.data["rerolled"]) == [1, 2, 3, 4]
    assert list(rolled.data["values"]) == [1, 2, 3, 5, 6]
    pump(app, my_decision(duel, "offensive_roll"))
    shot(app, "duel_dice_settled")
    app.draw()
    spot = next(s for s in duel.spots if s.kind == "row" and s.key == "revolver" and s.seat == 0)
    click(app, spot.rect.center)
    kinds = [(e.kind, e.data.get("ability")) for e in duel.engine.log]
    assert ("ability_announced", "revolver") in kinds
    pass_until(app, duel, lambda: any(e.kind == "damage_resolved" for e in duel.engine.log))
    hit = next(e for e in duel.engine.log if e.kind == "damage_resolved")
    assert hit.data["target"] == 1 and hit.data["incoming"] == 3
    shot(app, "duel_damage")
    pass_until(app, duel, my_decision(duel, "main_phase"))
    assert duel.view.phase == "main2"
    key(app, pygame.K_SPACE)  # end Main 2: the turn passes to the computer
    pump(app, lambda: duel.view.active == 1)


def test_keeping_dice_is_refused_before_the_first_throw(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pump(app, my_decision(duel, "offensive_roll"))
    key(app, pygame.K_1)
    assert not any(duel.kept)


def test_sell_by_right_click_and_undo_restores_hand_and_cp(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    app.draw()
    before = duel.view.players[0]
    hand, cp = list(before.hand), before.cp
    rect, _card = duel.hand_rects[0]
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.frame(1 / 60)
    after = duel.view.players[0]
    assert after.cp == min(15, cp + 1) and len(after.hand) == len(hand) - 1
    pump(app, my_decision(duel, "main_phase"))
    assert button(duel, "Undo")
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    restored = duel.view.players[0]
    assert restored.cp == cp and sorted(restored.hand) == sorted(hand)


def test_undo_never_crosses_a_die_roll(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    app.draw()
    rect, _card = duel.hand_rects[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=3))
    app.frame(1 / 60)
    assert duel.undo_stack
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pump(app, my_decision(duel, "offensive_roll"))
    key(app, pygame.K_r)
    assert duel.undo_stack == []


def test_hot_seat_hides_the_hand_until_the_next_player_confirms(app):
    duel = start_duel(app, [HUMAN, HUMAN])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pump(app, my_decision(duel, "offensive_roll"))
    force(duel, [1, 1, 1, 1, 1])
    key(app, pygame.K_r)
    pump(app, my_decision(duel, "offensive_roll"))
    app.draw()
    spot = next(s for s in duel.spots if s.kind == "row" and s.key == "revolver" and s.row == 2)
    click(app, spot.rect.center)
    # The defender (seat 1) must answer now: the window asks to pass the screen first.
    pump(app, lambda: duel.pass_to == 1, frames=600)
    assert duel.viewer == 0
    app.draw()
    shot(app, "duel_pass_screen")
    key(app, pygame.K_RETURN)
    assert duel.pass_to is None and duel.viewer == 1


def test_f1_opens_the_rules_and_escape_pauses(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is duel
    key(app, pygame.K_ESCAPE)
    assert duel.paused
    key(app, pygame.K_ESCAPE)
    assert not duel.paused


def test_a_computer_duel_reaches_the_end_screen_and_rematch_starts_a_new_one(app):
    duel = start_duel(app, [COMPUTER, COMPUTER], seed=11)
    duel.finish_instantly()
    pump(app, lambda: isinstance(app.scene, EndScene))
    end = app.scene
    view = duel.view
    assert view.over
    app.frame(1 / 60)
    shot(app, "end")
    # the numbers shown reconcile: one hero's Damage dealt is the other's from other heroes
    # (plus a companion's share), and the parts of Damage taken add up to it
    a, b = (end.seat_stats(p) for p in view.players)
    assert a.dealt_total == b.from_others + b.companions_took
    assert b.dealt_total == a.from_others + a.companions_took
    for player in view.players:
        lines = end.number_lines(player, end.seat_stats(player))
        assert lines[0][0] == "Damage taken"
        assert lines[0][1] == sum(value for _label, value, part in lines if part)
    if view.draw:
        assert end.headline() == "A draw!"
    else:
        winner = next(p.name for p in view.players if p.team == view.winner_team)
        assert end.headline() == f"{winner} wins!"
    click(app, button(end, "Rematch").rect.center)
    assert isinstance(app.scene, DuelScene) and app.scene is not duel
    assert [p.hero for p in app.scene.view.players] == [p.hero for p in view.players]


def test_a_duel_is_saved_each_turn_and_continue_resumes_it(app):
    duel = start_duel(app, [HUMAN, COMPUTER])
    pump(app, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pump(app, my_decision(duel, "offensive_roll"))
    key(app, pygame.K_r)
    pump(app, my_decision(duel, "offensive_roll"))
    button(duel, "No Ability").on_click()
    pass_until(app, duel, my_decision(duel, "main_phase"))
    key(app, pygame.K_SPACE)
    pass_until(app, duel, lambda: duel.view.turn >= 2, frames=4000)
    digest_turn = duel.view.turn
    app.reset(TitleScene(app))
    title = app.scene
    assert title.buttons[0].label == "Continue"
    continue_game(app, title, "match")
    resumed = app.scene
    assert isinstance(resumed, DuelScene)
    assert resumed.view.turn == digest_turn
    assert [p.hero for p in resumed.view.players] == ["gunslinger", "barbarian"]


# ---------------------------------------------------------------- rules and settings


def test_rules_reference_search_filters_entries(app):
    app.push(RulesScene(app))
    app.frame(1 / 60)
    rules = app.scene
    everything = len(rules.shown)
    type_text(app, "evasive")
    found = rules.shown
    assert 0 < len(found) < everything
    assert any("Evasive" in e.title for e in found)
    shot(app, "rules_search")
    key(app, pygame.K_BACKSPACE)
    assert rules.query == "evasiv"


def test_settings_are_saved_to_the_user_folder(app):
    app.push(SettingsScene(app))
    app.frame(1 / 60)
    scene = app.scene
    scene._speed_step(1)
    scene._volume("sound_volume", -1)
    wanted = (scene.draft.animation_speed, scene.draft.sound_volume)
    shot(app, "settings")
    click(app, scene.save.rect.center)
    loaded, messages = load_settings()
    assert messages == []
    assert (loaded.animation_speed, loaded.sound_volume) == wanted
    assert wanted != ("instant", 0.0)


def test_a_corrupt_settings_file_is_reported_and_defaults_are_used(tmp_path):
    from game.persistence.settings import settings_path

    path = settings_path()
    path.write_text("{not json", encoding="utf-8")
    settings, messages = load_settings()
    assert settings == Settings()
    assert messages and "settings" in messages[0].lower()
    json.loads(json.dumps(messages))


def test_the_end_screen_folds_rows_that_do_not_fit_into_other_and_keeps_the_total(app):
    from game.rules.stats import SeatStats
    from game.ui.layoutcheck import problems, record

    duel = start_duel(app, [COMPUTER, COMPUTER], seed=11)
    duel.finish_instantly()
    pump(app, lambda: isinstance(app.scene, EndScene))
    end = app.scene
    many = SeatStats(dealt={f"Ability {n:02}": n + 1 for n in range(30)}, dealt_to={1: 465})
    end.stats[0] = many
    rec = record(end, app.screen.get_size())
    words = [text for _rect, text, _level in rec.texts]
    assert "Total 465" in words
    (other,) = [w for w in words if w.startswith("Other (")]
    shown = [w for w in words if w.startswith("Ability ")]
    assert other == f"Other ({30 - len(shown)})"
    assert problems(rec, "end", app.screen.get_size(), 1.0) == []


@pytest.mark.parametrize(
    "mode,heroes",
    [("1v1", ["cursed_pirate", "huntress"]), ("2v2", ["treant", "artificer", "monk", "seraph"])],
)
def test_finishing_at_once_ends_as_playing_action_by_action(mode, heroes, app):
    """`finish_instantly` applies the computers' answers to the engine and shows them once;
    the board, its log, the replay and the removed save end as they do when every answer goes
    through `apply` (heroes with a setup step and a team table among them)."""
    from game.modes.variants import setup_for
    from game.persistence import writer
    from game.persistence.replay import load_replay

    ends = []
    for fast in (True, False):
        setup = duel_setup(heroes, 5, turn_limit=0) if mode == "1v1" else setup_for(mode, heroes, 5)
        engine = Engine.new_match(setup)
        seats = [{"kind": "computer", "level": "easy"}] * len(heroes)
        scene = DuelScene(app, engine, seats)
        app.push(scene)
        app.frame(1 / 60)
        scene._save()  # a save to remove at the end, as a match in play has
        assert scene.save_path.exists()
        if fast:
            scene.finish_instantly()
        else:  # every answer through `apply`, as a computer seat's turn is played
            while not engine.over:
                choice = engine.pending
                scene.apply(scene.controllers[choice.player].decide(engine, choice))
            scene.presenter.skip()
        writer.flush()
        assert engine.over and not scene.save_path.exists()
        replay = load_replay(scene.replay_path)
        ends.append(
            (
                engine.digest(),
                [e.text for e in scene.source.log],
                scene.view,
                (replay.digest, replay.actions),
                not scene.undo_stack,
            )
        )
        app.reset(TitleScene(app))
    assert ends[0] == ends[1]
