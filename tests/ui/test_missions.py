"""Missions screens driven headless (SDL dummy driver): mission select, the mission board
(every map and side builds and renders, clicks land on the right hex, every decision kind is
answerable with the mouse), pause / save / continue, the result and the Perk sheet.

Screenshots of what the tests drove land in build/test-artifacts/screens.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.missions import perks as P
from game.missions.ai import MissionAI
from game.missions.content import default_missions
from game.missions.engine import MissionEngine, MissionSetup
from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.mission import CHOICE_KINDS, MissionScene
from game.ui.scenes.missions_menu import (
    MissionResultScene,
    MissionSelectScene,
    PerkSheetScene,
    has_mission_save,
)
from game.ui.scenes.title import TitleScene
from tests.ui.uikit import button, click, continue_game, key, pump, shot

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app():
    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def start(app, heroes=("barbarian",), mission="harbor_heist", seed=3, kinds=None, profiles=None):
    engine = MissionEngine(MissionSetup(mission, tuple(heroes), seed=seed))
    seats = [{"kind": k} for k in (kinds or ["human"] * len(heroes))]
    scene = MissionScene(app, engine, seats, profiles or ["Player"] + [""] * (len(heroes) - 1))
    app.push(scene)
    app.frame(1 / 60)
    return scene


def flip_to_side_two(engine) -> None:
    """Test shortcut: turn the board over as completing Side 1 does (engine._next_side)."""
    with engine.world.active():
        engine._next_side()


def ready(scene):
    def check():
        return (
            scene.engine.pending is not None
            and not scene.narrating()
            and scene.decided_for is scene.engine.pending
            and not scene.tray.rolling
        )

    return check


# ---------------------------------------------------------------- answering by mouse


def button_for(scene, action):
    for b in scene.modal + scene.buttons:
        if b.data.get("action") == action and b.enabled:
            return b
    return None


def die_point(tray, index: int):
    """A point on die `index` that no die lying above it covers (None if there is none)."""
    die = tray.dice[index]
    half = tray.die_size // 2 - 2
    for dx in (0, -half, half, 0, 0):
        for dy in (0, 0, 0, -half, half):
            point = (int(die.x + dx), int(die.y + dy))
            if tray.die_at(point) == index:
                return point
    return None


def answer_by_click(app, scene, action) -> str:
    """Perform `action` through the window the way a player would; returns what was clicked."""
    engine = scene.engine
    kind = action.kind
    if kind == "move":
        b = button_for(scene, action)
        if b is not None:
            click(app, b.rect.center)
            return "button"
        point = scene.map_layout().center((action.get("q"), action.get("r")))
        click(app, point)
        return "hex"
    if kind in ("target", "choose_enemy") and scene.hero_overlay() is None:
        enemy = engine.enemies[action.get("enemy")]
        click(app, scene.map_layout().center(enemy.pos))
        return "enemy"
    if kind == "reroll":
        wanted = set(action.get("dice"))
        for i in range(len(scene.tray.dice)):
            keep = i not in wanted
            if scene.kept[i] != keep:
                point = die_point(scene.tray, i)
                if point is not None:
                    click(app, point)
                else:  # buried under another die: the number key does the same
                    key(app, pygame.K_1 + i)
        assert [not k for k in scene.kept] == [i in wanted for i in range(5)]
        click(
            app, button(scene, f"Roll ({engine.pending.context['attempts_left']} left)").rect.center
        )
        return "dice"
    if kind == "momentum_reroll":
        b = next(b for b in scene.buttons if b.label.startswith("Re-roll 1 die"))
        click(app, b.rect.center)
        click(app, die_point(scene.tray, action.get("die")))
        return "die"
    if kind == "activate":
        spot = next(
            s
            for s in scene.row_spots
            if s.key == action.get("ability") and s.row == action.get("row")
        )
        click(app, spot.rect.center)
        return "row"
    by_card = kind in ("upgrade", "play", "sell") or engine.pending.kind == "discard"
    if by_card and scene.hero_overlay() is not None:
        index = action.get("index")
        # the visible part of a card in the fan (later cards overlap the rest)
        point = scene.hand_fan.visible_point(index)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
        )
        app.frame(1 / 60)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEBUTTONUP,
                pos=point,
                button=3 if kind == "sell" and engine.pending.kind == "main_phase" else 1,
            )
        )
        app.frame(1 / 60)
        return "card"
    if kind == "reroll_enemy":
        b = next(b for b in scene.buttons if b.label == f"Re-roll a die ({action.get('way')})")
        click(app, b.rect.center)
        click(app, die_point(scene.enemy_tray, action.get("die")))
        return "enemy die"
    b = button_for(scene, action)
    if b is None and kind == "recruit":
        rect = next(r for r, ally in scene.hq_rects if ally == action.get("ally"))
        click(app, rect.center)
        return "hq"
    if b is None and kind == "choose_hero":
        click(app, scene.roster_rects[action.get("hero")].center)
        return "roster"
    assert b is not None, (
        f"no control for {action} in {engine.pending.kind}: "
        f"{[x.label for x in scene.modal + scene.buttons]}"
    )
    click(app, b.rect.center)
    return "button"


def play_by_clicks(app, scene, decisions: int, oracle=None) -> dict[str, int]:
    """Answer up to `decisions` human decisions by clicking what the computer would choose."""
    oracle = oracle or MissionAI(11)
    seen: dict[str, int] = {}
    for _ in range(decisions):
        if scene.engine.over:
            break
        pump(app, ready(scene))
        choice = scene.engine.pending
        action = oracle.decide(scene.engine, choice)
        count = len(scene.engine.actions)
        how = answer_by_click(app, scene, action)
        assert len(scene.engine.actions) == count + 1, f"{choice.kind}: clicking {how} did nothing"
        assert scene.engine.actions[-1] == action, f"{choice.kind}: {how} sent the wrong option"
        seen[choice.kind] = seen.get(choice.kind, 0) + 1
        app.frame(1 / 60)
    return seen


# ---------------------------------------------------------------- mission select


def test_title_has_missions_and_the_select_screen_shows_difficulty_and_perfect_records(app):
    sheet = P.PerkSheet("Player", perfected=["harbor_heist"])
    P.save_sheet(sheet, "Player")
    title = TitleScene(app)
    app.push(title)
    click(app, button(title, "Missions").rect.center)
    select = app.scene
    assert isinstance(select, MissionSelectScene)
    app.frame(1 / 60)
    rows = [b for b in select.buttons if "mission" in b.data]
    assert len(rows) == len(default_missions().missions) == 6
    difficulties = [select.db.missions[b.data["mission"]].difficulty for b in rows]
    assert difficulties == sorted(difficulties) and difficulties[0] == 1 and difficulties[-1] == 5
    perfect_tips = [text for _r, text in select.tips if "completed" in text]
    assert perfect_tips == ["Player completed Harbor Heist with its perfect reward."]
    shot(app, "missions_select")


def test_select_builds_a_co_op_setup_with_cpu_seats_perks_and_difficulty(app):
    sheet = P.PerkSheet("Player")
    sheet.circles["grit:1"] = 2  # +1 starting Health
    P.save_sheet(sheet, "Player")
    select = MissionSelectScene(app)
    app.push(select)
    click(
        app, next(b for b in select.buttons if b.data.get("mission") == "reactor_run").rect.center
    )
    click(app, next(b for b in select.buttons if b.data.get("add")).rect.center)
    click(app, next(b for b in select.buttons if b.data.get("hero") == "monk").rect.center)
    click(app, next(b for b in select.buttons if b.data.get("up") == 1).rect.center)
    setup = select.setup(seed=4)
    assert setup.mission == "reactor_run"
    assert setup.heroes == ("barbarian", "monk")
    assert setup.difficulty_up == 1
    assert setup.perks[0]["health"] == 1 and setup.perks[1] is None
    assert [s["kind"] for s in select.seats] == ["human", "computer"]
    # easier options switch the harder level off (they do not combine)
    click(app, next(b for b in select.buttons if b.data.get("easier") == "health").rect.center)
    assert select.difficulty_up == 0 and select.setup(seed=4).easier == ("health",)
    click(app, button(select, "Start Mission").rect.center)
    scene = app.scene
    assert isinstance(scene, MissionScene)
    assert scene.controllers.keys() == {1}
    shot(app, "missions_select_started")


# ---------------------------------------------------------------- the board


@pytest.mark.parametrize("mission", sorted(default_missions().missions))
def test_every_map_and_side_builds_renders_and_clicks_land_on_their_hex(app, mission):
    scene = start(app, heroes=("barbarian", "monk"), mission=mission, kinds=["human", "computer"])
    engine = scene.engine
    for side in (0, 1):
        if side == 1:
            flip_to_side_two(engine)
        app.frame(1 / 60)
        assert engine.info.side == side
        layout = scene.map_layout()
        assert len(engine.hexes) == len(engine.map.spaces) > 20
        for h in engine.hexes:
            x, y = layout.center(h)
            assert scene.map_rect.collidepoint(x, y), f"{mission} side {side}: {h} off the map area"
            for dx, dy in ((0.7, 0), (-0.35, 0.6), (0, -0.75), (0.45, 0.45)):
                assert layout.hex_at((x + dx * layout.size, y + dy * layout.size)) == h
        shot(app, f"mission_{mission}_side{side + 1}")
    engine.close()


def test_a_click_on_a_glowing_space_moves_the_hero_there(app):
    scene = start(app)
    pump(app, ready(scene))
    choice = scene.engine.pending
    assert choice.kind == "move"
    moves, _targets = scene._legal_hexes()
    entries = set(scene.engine.map.entries())
    goal = sorted(moves - entries)[0]
    dark = next(h for h, s in scene.engine.hexes.items() if s.dark)
    click(app, scene.map_layout().center(dark))
    assert scene.engine.actions == [] and "dark" in scene.message.lower()
    click(app, scene.map_layout().center(goal))
    assert scene.engine.actions[-1].kind == "move"
    assert (scene.engine.actions[-1].get("q"), scene.engine.actions[-1].get("r")) == goal
    pump(app, lambda: not scene.narrating())
    assert scene.engine.heroes[0].pos == goal
    shot(app, "mission_after_move")


def test_every_decision_kind_has_a_handler_matching_the_engine():
    # the engine and HeroTurn are split over several modules of game/missions
    sources = "".join(f.read_text() for f in sorted((ROOT / "game/missions").glob("*.py")))
    asked = set(re.findall(r'ask\(\s*[\w.]+,\s*"(\w+)"', sources))
    asked |= set(re.findall(r'PendingChoice\(\s*[\w.]+,\s*"(\w+)"', sources))
    assert asked, "no decision kinds found in the engine sources"
    assert asked <= set(CHOICE_KINDS), (
        f"kinds without a window handler: {asked - set(CHOICE_KINDS)}"
    )


def test_a_solo_mission_is_played_by_mouse_through_every_decision_it_asks(app):
    scene = start(app, heroes=("barbarian",), seed=3)
    seen = play_by_clicks(app, scene, decisions=400)
    for kind in ("move", "main_phase", "offensive_roll", "announce", "choose_target"):
        assert seen.get(kind), f"never asked {kind}: {seen}"
    shot(app, "mission_solo_by_mouse")


def test_co_op_with_two_humans_answers_each_seat_by_mouse(app):
    scene = start(app, heroes=("monk", "gunslinger"), seed=8, kinds=["human", "human"])
    seen = play_by_clicks(app, scene, decisions=150)
    players = {a.player for a in scene.engine.actions}
    assert players == {0, 1}
    assert seen.get("give_momentum", 0) + seen.get("move", 0) > 0


def test_computer_seats_play_at_a_pace_and_the_ticker_narrates_enemies(app):
    app.apply_settings(Settings(animation_speed="fast", sound_volume=0.0))
    scene = start(app, heroes=("barbarian", "paladin"), kinds=["computer", "computer"], seed=2)
    told: list[str] = []
    for _ in range(6000):
        app.frame(1 / 60)
        if scene.current is not None and (not told or told[-1] != scene.current.text):
            told.append(scene.current.text)
            if scene.current.kind == "enemy_attack":
                assert scene.acting is not None
                assert scene.engine.enemies[scene.acting].name in scene.current.text
        if scene.engine.info.round >= 2 and any("Enemy dice" in t for t in told):
            break
    assert any("Enemy dice" in t for t in told)
    assert scene.engine.info.round >= 2


def test_space_skips_the_narration(app):
    app.apply_settings(Settings(animation_speed="slow", sound_volume=0.0))
    scene = start(app, heroes=("barbarian",), kinds=["computer"], seed=5)
    pump(app, lambda: scene.narrating() and len(scene.queue) > 0, frames=4000)
    key(app, pygame.K_SPACE)
    assert not scene.narrating()


# ---------------------------------------------------------------- pause, save, continue


def test_escape_pauses_and_save_and_quit_lets_continue_resume_the_mission(app):
    scene = start(app)
    play_by_clicks(app, scene, decisions=6)
    done = list(scene.engine.actions)
    key(app, pygame.K_ESCAPE)
    assert scene.paused
    click(
        app, next(b for b in scene.pause_buttons if b.label == "Save and quit to title").rect.center
    )
    title = app.scene
    assert isinstance(title, TitleScene) and has_mission_save()
    continue_game(app, title, "mission")
    resumed = app.scene
    assert isinstance(resumed, MissionScene)
    assert resumed.engine.actions == done
    assert resumed.profiles == ["Player"] and resumed.seats == [{"kind": "human"}]
    play_by_clicks(app, resumed, decisions=3)


# ---------------------------------------------------------------- result and Perk sheet


def test_the_result_awards_perk_points_and_the_sheet_spends_them_by_column(app):
    scene = start(app, heroes=("barbarian",), seed=3)
    ai = MissionAI(1)
    engine = scene.engine
    while not engine.over:  # the player's seat played by the computer, straight through
        engine.apply(ai.decide(engine, engine.pending))
    scene._collect_events()
    pump(app, lambda: isinstance(app.scene, MissionResultScene), frames=6000)
    result = app.scene
    sheet, _ = P.load_sheet("Player")
    expected = P.perk_points(engine.result(), P.PerkSheet("Player"))
    assert result.awards == [("Player", expected)]
    assert sheet.unspent == expected
    assert not has_mission_save()
    shot(app, "mission_result")
    if not expected:
        return
    click(app, button(result, "Spend Perk Points").rect.center)
    perks_scene = app.scene
    assert isinstance(perks_scene, PerkSheetScene)
    app.frame(1 / 60)
    assert perks_scene.limit == engine.result()["total_difficulty"] == 1
    # column 2 is above this mission's difficulty: nothing to click there
    assert all(column <= 1 for _r, _row, column in perks_scene.cells)
    rect, _row, _column = next(c for c in perks_scene.cells if c[1] == "grit")
    click(app, rect.center)
    saved, _ = P.load_sheet("Player")
    assert saved.circles.get("grit:1") == 1 and saved.unspent == expected - 1
    shot(app, "perk_sheet")


def test_perk_sheet_restart_with_a_plus_opens_the_mythics(app):
    P.save_sheet(P.PerkSheet("Player", points=[3, 3]), "Player")
    scene = PerkSheetScene(app, "Player", limit=3)
    app.push(scene)
    b = next(b for b in scene.buttons if b.label.startswith("Start over"))
    click(app, b.rect.center)
    click(app, next(b for b in scene.buttons if b.label.startswith("Really")).rect.center)
    sheet, _ = P.load_sheet("Player")
    assert sheet.plus == 1 and sheet.display_name == "Player+" and sheet.mythic_access()
    select = MissionSelectScene(app)
    app.push(select)
    mythic = next(b for b in select.buttons if b.data.get("mythic"))
    click(app, mythic.rect.center)
    assert select.setup(seed=1).mythics[0] in default_missions().mythics


def test_perk_setup_choices_and_an_enemy_die_re_roll_are_answered_on_the_board(app):
    """Perks ask at setup (which Hero gains Flight: a roster click; which enemy gets Focus
    Fire: a map click); the Feat re-rolls an Enemy Die: a click on that die in the tray."""
    bonus = {
        "hero_statuses": [["flight", 1, 2]],
        "enemy_statuses": [["focus_fire", 1]],
        "feats": ["feat_reroll_enemy"],
    }
    setup = MissionSetup("harbor_heist", ("barbarian", "monk"), seed=6, perks=(bonus, None))
    engine = MissionEngine(setup)
    scene = MissionScene(app, engine, [{"kind": "human"}, {"kind": "computer"}], ["Player", ""])
    app.push(scene)
    pump(app, ready(scene))
    assert engine.pending.kind == "choose" and "flight" in scene.prompt_text().lower()
    click(app, scene.roster_rects[1].center)
    assert engine.heroes[1].tokens.get("flight") == 1
    pump(app, ready(scene))
    target = engine.enemies[3]
    click(app, scene.map_layout().center(target.pos))
    assert target.tokens.get("focus_fire") == 1
    oracle = MissionAI(2)
    for _ in range(300):
        pump(app, ready(scene))
        choice = engine.pending
        if choice.kind == "enemy_dice" and choice.player == 0:
            break
        answer_by_click(app, scene, oracle.decide(engine, choice))
    else:
        raise AssertionError("the Enemy Dice were never offered to the Feat")
    pump(app, lambda: not scene.enemy_tray.rolling)
    click(app, next(b for b in scene.buttons if b.label == "Re-roll a die (feat)").rect.center)
    die = scene.enemy_tray.dice[1]
    click(app, (die.x, die.y))
    last = engine.actions[-1]
    assert (last.kind, last.get("die"), last.get("way")) == ("reroll_enemy", 1, "feat")
    assert "feat_reroll_enemy" not in engine.heroes[0].feats
    shot(app, "mission_enemy_dice_reroll")


def test_dice_changing_cards_pick_dice_then_the_re_roll_or_the_new_value(app):
    """alter_dice (a card or token changing dice): select dice on the buttons, then re-roll
    them, or pick the single die and its new face. The question is staged on the scene (the
    choice is built here, the action recorded instead of sent)."""
    from itertools import combinations

    from game.rules.actions import Option, PendingChoice, act

    scene = start(app)
    pump(app, ready(scene))
    sent = []
    scene.act = sent.append
    reroll = PendingChoice(
        0,
        "alter_dice",
        "Re-roll which dice?",
        [
            Option(act(0, "alter_reroll", dice=c), f"Re-roll dice {c}")
            for n in (1, 2)
            for c in combinations(range(3), n)
        ],
        context={"dice": (4, 2, 6)},
    )
    scene.engine.pending = reroll
    app.frame(1 / 60)
    assert button(scene, "Select dice to re-roll").enabled is False
    click(app, button(scene, "Die 1: 4").rect.center)
    app.frame(1 / 60)
    click(app, button(scene, "Die 3: 6").rect.center)
    app.frame(1 / 60)
    click(app, button(scene, "Re-roll selected").rect.center)
    assert sent == [act(0, "alter_reroll", dice=(0, 2))]
    set_face = PendingChoice(
        0,
        "alter_dice",
        "Change which die?",
        [
            Option(act(0, "set_die", die=i, value=v), f"Die {i + 1}: make it {v}")
            for i, cur in enumerate((4, 2))
            for v in range(1, 7)
            if v != cur
        ],
        context={"dice": (4, 2)},
    )
    scene.engine.pending = set_face
    app.frame(1 / 60)
    click(app, button(scene, "Die 2: 2").rect.center)
    app.frame(1 / 60)
    labels = [b.label for b in scene.buttons + scene.modal]
    assert "Make it 2" not in labels and "Make it 6" in labels
    click(app, button(scene, "Make it 6").rect.center)
    assert sent[-1] == act(0, "set_die", die=1, value=6)
    shot(app, "mission_alter_dice")


def test_a_long_list_of_options_is_paged_and_every_option_is_reachable(app):
    from game.rules.actions import Option, PendingChoice, act

    scene = start(app)
    pump(app, ready(scene))
    sent = []
    scene.act = sent.append
    options = [Option(act(0, "choose_option", index=i), f"Choice number {i}") for i in range(40)]
    scene.engine.pending = PendingChoice(0, "choose", "Choose one", options)
    app.frame(1 / 60)
    reachable = set()
    for _ in range(10):
        for b in scene.modal + scene.buttons:
            action = b.data.get("action")
            if action is not None:
                reachable.add(action.get("index"))
        more = next((b for b in scene.modal if b.label.startswith("More options")), None)
        if more is None:
            break
        click(app, more.rect.center)
        app.frame(1 / 60)
    assert reachable == set(range(40))
    click(app, next(b for b in scene.modal if b.data.get("action") is not None).rect.center)
    assert len(sent) == 1


@pytest.mark.parametrize("mission", sorted(default_missions().missions))
def test_each_mission_is_playable_by_mouse_with_two_heroes(app, mission):
    """Every map (large enemies, EXIT objectives, different panels) answers by clicks."""
    scene = start(app, heroes=("monk", "moon_elf"), mission=mission, seed=5, kinds=["human"] * 2)
    seen = play_by_clicks(app, scene, decisions=50, oracle=MissionAI(5))
    assert seen.get("move") and seen.get("offensive_roll")
    scene.engine.close()


def test_number_keys_press_the_buttons_in_order(app):
    from game.rules.actions import Option, PendingChoice, act

    scene = start(app)
    pump(app, ready(scene))
    sent = []
    scene.act = sent.append
    options = [Option(act(0, "choose_option", index=i), f"Option {i}") for i in range(3)]
    scene.engine.pending = PendingChoice(0, "choose", "Choose one", options)
    app.frame(1 / 60)
    key(app, pygame.K_2)
    assert sent == [options[1].action]


def test_a_damaged_mission_save_is_copied_aside_and_reported_on_continue(app):
    from game.missions.save import default_path

    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "setup": {"mission": "harbor_heist"}, "actions": []}')
    title = TitleScene(app)
    app.push(title)
    listing = continue_game(app, title, "mission")
    assert app.scene is listing  # listed with its reason; it cannot be picked
    assert "cannot be resumed" in listing.message
    assert "mission_save.json" in listing.message and "damaged-" in listing.message
    assert "mission_save.json" in app.messages[-1] and "damaged-" in app.messages[-1]
    assert has_mission_save()  # nothing deleted: the file stays, a copy is kept beside it
    assert list(path.parent.glob("mission_save.json.damaged-*"))


def test_a_new_profile_is_typed_in_and_gets_its_own_sheet(app):
    select = MissionSelectScene(app)
    app.push(select)
    click(app, button(select, "New profile").rect.center)
    for ch in "Zoe 2":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame(1 / 60)
    key(app, pygame.K_RETURN)
    assert select.profile == "Zoe 2" and select.seats[0]["profile"] == "Zoe 2"
    assert P.sheet_path("Zoe 2").exists()
    assert "Zoe 2" in MissionSelectScene(app).profiles


def test_buying_range_comes_with_a_button_to_keep_the_momentum(app):
    # issue 16 item 6: with no adjacent enemy the engine offers "buy Range" and "keep the
    # Momentum"; the window shows both and clicking the second sends the decline
    from game.rules.actions import Option, PendingChoice, act

    scene = start(app)
    pump(app, ready(scene))
    sent = []
    scene.act = sent.append
    options = [
        Option(act(0, "buy_range"), "Spend 4 Momentum for Range"),
        Option(act(0, "let_go"), "Keep the Momentum: the Attack does nothing"),
    ]
    scene.engine.pending = PendingChoice(0, "choose_target", "Barbarian: choose a target", options)
    app.frame(1 / 60)
    assert button(scene, "Spend 4 Momentum for Range") is not None
    click(app, button(scene, "Keep the Momentum: the Attack does nothing").rect.center)
    assert sent[-1] == act(0, "let_go")
