"""Space and the prompts: a held key never answers the next prompt, and ending a Main Phase with a
card still playable asks once more (a setting turns the question off)."""

from __future__ import annotations

import pygame
import pytest

from game.modes.duel import duel_setup
from game.persistence.settings import Settings
from game.rules.engine import Engine
from game.ui.app import STEP, App
from game.ui.layoutcheck import _human_main_phase, reach_main_phase
from game.ui.scenes.duel import DuelScene


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def main_phase_duel(app, seed=7):
    engine = Engine.new_match(duel_setup(["cursed_pirate", "barbarian"], seed, turn_limit=0))
    scene = DuelScene(app, engine, [{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    app.push(scene)
    reach_main_phase(app, scene)
    assert _human_main_phase(scene)
    app.frame(STEP)  # the controls are built
    return scene


def press(app, key, *, release=True):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=" "))
    if release:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    app.frame(STEP)


def test_ending_a_main_phase_with_a_playable_card_asks_once_more(app):
    scene = main_phase_duel(app)
    asked = scene.engine.pending
    choice = scene.source.pending  # the decision as the board shows it (the seat's view)
    assert scene.playable_now(choice), "the test needs a playable card in hand"
    press(app, pygame.K_SPACE)
    assert scene.engine.pending is asked  # still the Main Phase: it asks
    assert "anyway" in scene._prompt_text(choice)
    assert [b.label for b in scene.buttons][:2] == ["End Phase", "Keep playing"]
    press(app, pygame.K_ESCAPE)  # Keep playing
    assert scene.engine.pending is asked and scene.confirm_end is None
    press(app, pygame.K_SPACE)
    press(app, pygame.K_SPACE)  # pressed again at once (mashing Space): not yet
    assert scene.engine.pending is asked and scene.confirm_end is choice
    for _ in range(40):  # the question has been up for a moment
        app.frame(STEP)
    press(app, pygame.K_SPACE)  # a second, deliberate press ends it
    assert scene.engine.pending is not asked
    assert scene.engine.pending.kind != "main_phase"


def test_never_ask_ends_at_once_and_is_saved(app):
    scene = main_phase_duel(app)
    choice = scene.engine.pending
    press(app, pygame.K_SPACE)
    never = next(b for b in scene.buttons if b.label == "End, never ask")
    never.on_click()
    app.frame(STEP)
    assert scene.engine.pending is not choice
    assert app.settings.confirm_end_phase is False


def test_a_held_space_does_not_answer_the_next_prompt(app):
    app.settings.confirm_end_phase = False
    scene = main_phase_duel(app)
    press(app, pygame.K_SPACE, release=False)  # ends the Main Phase; the key stays down
    for _ in range(5):
        app.frame(STEP)
    roll = scene.engine.pending
    assert roll.kind == "offensive_roll"
    before = list(scene.engine.pending.context.items())
    press(app, pygame.K_SPACE, release=False)  # auto-repeat of the held key
    for _ in range(5):
        app.frame(STEP)
    assert scene.engine.pending is roll and list(roll.context.items()) == before
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    press(app, pygame.K_SPACE)  # a fresh press does act (it rolls)
    for _ in range(5):
        app.frame(STEP)
    assert scene.engine.pending is not roll


# ---------------------------------------------------------------- the prompt policy

import math  # noqa: E402
from types import SimpleNamespace as NS  # noqa: E402

from game.content.loader import default_content  # noqa: E402
from game.rules.actions import Action, Option  # noqa: E402
from game.ui.prompt_policy import should_ask  # noqa: E402

CARDS = {10: "double_up", 11: "tip_it", 12: "thick_fur"}


def window(name, cards, *, dice=(), spend=False, seat=0, attacker=1, defender=0):
    options = [Option(Action(seat, "play", (("card", c),)), "Play") for c in cards]
    if spend:
        options.append(Option(Action(seat, "spend", (("status", "evasive"),)), "Spend"))
    options.append(Option(Action(seat, "pass"), "Pass"))
    choice = NS(kind="respond", player=seat, window=name, options=options, context={"dice": dice})
    combat = NS(attacker=attacker, defender=defender, incoming={})
    view = NS(combat=combat, teams={}, active=attacker)
    return choice, view


def asks(policy, choice, view):
    return should_ask(policy, choice, view, default_content(), CARDS.get)


def test_a_draw_card_alone_does_not_stop_an_attack_when_it_matters():
    for name in ("before_defense", "before_damage", "after_damage", "dice_roll"):
        choice, view = window(name, [10], dice=[1, 2, 3])
        assert asks("never", choice, view)
        assert not asks("when_it_matters", choice, view)


def test_what_can_change_the_window_still_asks():
    choice, view = window("dice_roll", [10, 11], dice=[1, 2, 3])
    assert asks("when_it_matters", choice, view)  # Tip It! changes dice in play
    choice, view = window("before_damage", [12])
    assert asks("when_it_matters", choice, view)  # Thick Fur! prevents damage to the defender
    choice, view = window("before_damage", [12], attacker=2, defender=3)
    view.active = 2
    assert not asks("when_it_matters", choice, view)  # someone else's fight
    choice, view = window("after_damage", [10], spend=True)
    assert asks("when_it_matters", choice, view)  # a token the engine says is useful now
    assert not asks("always", choice, view)


def test_fewer_prompts_per_attack_in_seeded_duels():
    from bench.prompts import run_policy

    before = run_policy("never", 2, 1)
    after = run_policy("when_it_matters", 2, 1)
    assert before["attacks"] > 10
    assert after["prompts_per_attack"] < 0.75 * before["prompts_per_attack"]


def test_two_defeat_tiles_ask_two_different_momentum_questions():
    from game.missions.engine import MissionEngine, MissionSetup

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian", "huntress"), seed=3))
    with engine.world.active():
        engine._momentum_owed = 4  # two Defeat Tiles placed in one phase
        gen = engine._hand_out_momentum()
        prompts = []
        choice = next(gen)
        try:
            while True:
                prompts.append(choice.prompt)
                choice = gen.send(choice.options[0].action)
        except StopIteration:
            pass
    assert len(prompts) == 2 and prompts[0] != prompts[1]
    assert prompts[0].endswith("(1 of 2)") and prompts[1].endswith("(2 of 2)")


def test_mission_phase_labels_do_not_read_like_hero_numbers():
    from game.ui.scenes.mission import PHASES

    labels = [label for _key, label, _tip in PHASES]
    assert not any(label.startswith("Hero ") and label[-1].isdigit() for label in labels)


def test_a_token_whose_only_open_use_is_any_time_waits_for_the_players_turn():
    choice, view = window("before_damage", [], spend=True)
    content = default_content()
    only_any = lambda _c, _s: ["any_time"]  # noqa: E731
    blow = lambda _c, _s: ["incoming_damage", "any_time"]  # noqa: E731
    assert not should_ask("when_it_matters", choice, view, content, CARDS.get, only_any)
    assert should_ask("when_it_matters", choice, view, content, CARDS.get, blow)
    assert should_ask("never", choice, view, content, CARDS.get, only_any)


# ---------------------------------------------------------------- stale controls and dice


def test_no_pass_button_is_left_once_the_duel_is_over(app, monkeypatch):
    scene = main_phase_duel(app)
    assert scene.buttons  # End Phase is on offer
    # the board reads the end from the seat's view (its source)
    monkeypatch.setattr(type(scene.source), "over", property(lambda self: True))
    scene.update(STEP)
    assert scene.buttons == [] and scene.modal == []


def test_a_new_turn_starts_with_an_empty_tray(app):
    scene = main_phase_duel(app)
    scene.tray.show([1, 2, 3, 4, 5])
    scene.set_tray_dice([(0, i, "x") for i in range(5)])
    scene.turn_changed(1)
    assert scene.tray.dice == [] and scene.tray_dice == []


def test_last_damage_survives_continue(app):
    from game.persistence.duel_save import load_duel, resume

    scene = main_phase_duel(app)
    hits = [e for e in scene.engine.log if e.kind == "damage_resolved"]
    assert hits, "the opening turn deals damage with this seed"
    assert scene.presenter.breakdown == hits[-1].text
    scene._save()
    saved, _messages = load_duel()
    engine = resume(saved)
    again = DuelScene(app, engine, saved.seats)
    app.push(again)
    app.frame(STEP)
    assert again.presenter.breakdown == hits[-1].text


def test_the_log_names_a_roll_once_the_dice_have_landed(app):
    app.settings.confirm_end_phase = False
    scene = main_phase_duel(app)
    app.settings.animation_speed = "normal"
    press(app, pygame.K_SPACE)  # End Phase -> the Offensive Roll
    for _ in range(200):
        if scene.engine.pending.kind == "offensive_roll" and not scene.presenter.busy:
            break
        app.frame(STEP)
    press(app, pygame.K_r)  # throw
    assert scene.tray.rolling
    said = [text for kind, text in scene.presenter.log if kind == "dice_rolled"]
    mine = "Cursed Pirate rolls 5 dice (Offensive Roll, attempt 1"
    assert not any(mine in t for t in said)
    for _ in range(600):
        if not scene.tray.rolling:
            break
        app.frame(STEP)
    app.frame(STEP)
    said = [text for kind, text in scene.presenter.log if kind == "dice_rolled"]
    assert mine in said[-1]


def test_the_crisis_clock_hand_leaves_the_segment_label_readable():
    from game.missions.content import default_missions
    from game.ui import mission_view as MV
    from game.ui.theme import HIGHLIGHT, Theme

    pygame.font.init()
    db = default_missions()
    surface = pygame.Surface((300, 300))
    radius = 100
    for segment in range(8):
        surface.fill((0, 0, 0))
        MV.draw_clock(surface, (150, 150), radius, [None] * 8, segment, Theme(), db)
        angle = math.radians(-90 + 45 * segment)
        r = radius * MV.LABEL_AT - 8  # the inner edge of the label the hand points at
        x = int(150 + r * math.cos(angle))
        y = int(150 + r * math.sin(angle))
        assert tuple(surface.get_at((x, y)))[:3] != HIGHLIGHT


def test_an_answered_question_leaves_no_button_lit(app):
    app.settings.confirm_end_phase = False
    app.settings.animation_speed = "normal"
    scene = main_phase_duel(app)
    assert any(b.label == "End Phase" for b in scene.buttons)
    scene.end_main_phase(scene.engine.pending)
    assert scene.buttons == [] and scene.modal == []


def test_a_crawl_turn_start_asks_only_when_something_matters_before_moving():
    from game.ui.prompt_policy import ask_outside_battle

    content = default_content()
    ids = {20: "double_up", 21: "mercy"}  # Mercy only heals

    def start(cards, spend=False):
        options = [Option(Action(0, "done"), "Go on with the turn")]
        options += [Option(Action(0, "play", (("card", c),)), "Play") for c in cards]
        if spend:
            options.append(Option(Action(0, "spend", (("status", "x"),)), "Spend"))
        return NS(kind="adventure_instant", player=0, options=options, context={})

    def asks(policy, choice, hurt=True):
        return ask_outside_battle(policy, choice, content, ids.get, hurt)

    assert not asks("when_it_matters", start([20]))  # a draw card can wait for a battle
    assert asks("never", start([20]))  # "Always ask me" still asks
    assert asks("when_it_matters", start([20], spend=True))
    assert asks("when_it_matters", start([21]), hurt=True)
    assert not asks("when_it_matters", start([21]), hurt=False)  # nothing to heal
    assert not asks("always", start([21], spend=True))


def test_until_my_turn_passes_every_window_until_the_seats_own_turn(app):
    """'Until my turn' in a response window: that window and every later one pass by themselves
    (even under 'Always ask me'), and the seat is asked again once its own turn has begun."""
    app.settings.auto_pass = "never"  # "Always ask me": every window would stop
    engine = Engine.new_match(duel_setup(["huntress", "barbarian"], 11, turn_limit=0))
    scene = DuelScene(app, engine, [{"kind": "computer", "level": "easy"}, {"kind": "human"}])
    app.push(scene)
    for _ in range(4000):  # the computer's first turn: seat 1 gets a response window
        app.frame(STEP)
        choice = engine.pending
        if (
            choice is not None
            and choice.player == 1
            and choice.kind == "respond"
            and (scene.decided_for is scene.source.pending)
        ):
            break
    else:
        pytest.fail("no response window for the human during the computer's turn")
    until = next(b for b in scene.buttons if b.label == "Until my turn")
    until.on_click()
    assert scene.pass_until_turn == {1}
    assert any("passes until their turn" in text for _, text in scene.presenter.log)
    asked_before_turn = []
    for _ in range(6000):
        app.frame(STEP)
        choice = engine.pending
        if choice is None or choice.player != 1:
            continue
        if scene.view.active == 1:
            break
        if scene.decided_for is scene.source.pending:  # shown to the human: answer it
            asked_before_turn.append(choice.kind)
            scene.act(choice.options[0].action)
    else:
        pytest.fail("the human's turn never came")
    assert "respond" not in asked_before_turn
    # on their own turn a response window is shown again under "Always ask me"
    for _ in range(6000):
        app.frame(STEP)
        choice = engine.pending
        if choice is None or choice.player != 1 or scene.decided_for is not scene.source.pending:
            continue
        if choice.kind == "respond":
            break
        scene.act(choice.options[0].action)  # go on with the human's turn
    else:
        pytest.fail("no response window on the human's own turn")
    assert 1 not in scene.pass_until_turn
