"""The window with 3-6 heroes: setup per format, compact boards, targeting, hand privacy.

Driven like tests/ui/test_scenes.py (SDL dummy driver, synthetic events); screenshots go to
build/test-artifacts/screens/table_*.png.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.modes import variants
from game.persistence.settings import Settings
from game.rules.engine import Engine
from game.ui.app import App
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import fit_name
from tests.ui.uikit import OLD_PROMPTS, button, click, key, pump, shot

HUMAN = {"kind": "human"}
CPU = {"kind": "computer", "level": "normal"}
HEROES = ["gunslinger", "barbarian", "pyromancer", "moon_elf", "monk", "paladin"]


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


def seed_where(mode: str, first: int) -> int:
    """A seed whose start roll gives seat `first` the first decision."""
    heroes = HEROES[: variants.SEATS[mode]]
    for seed in range(1, 400):
        engine = Engine.new_match(variants.setup_for(mode, heroes, seed))
        player = engine.pending.player
        engine.close()
        if player == first:
            return seed
    raise AssertionError("no seed found")


def start_table(app, mode: str, seats, first: int = 0) -> DuelScene:
    seed = seed_where(mode, first)
    engine = Engine.new_match(variants.setup_for(mode, HEROES[: len(seats)], seed))
    scene = DuelScene(app, engine, seats)
    app.push(scene)
    app.frame(1 / 60)
    return scene


def force(scene, values) -> None:
    with scene.engine.world.active():
        scene.engine.rng.forced_dice.extend(values)


def decision(scene, kind, seat=0):
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


def play_until(app, scene, until, frames=4000) -> None:
    """Run the table, passing every response window a human at the screen is asked."""
    for _ in range(frames):
        if until():
            return
        choice = scene.engine.pending
        if (
            choice is not None
            and choice.kind == "respond"
            and scene.human(choice.player)
            and not scene.presenter.busy
            and scene.pass_to is None
        ):
            key(app, pygame.K_SPACE)
        else:
            app.frame(1 / 60)
    raise AssertionError(f"condition not reached in {frames} frames")


# ---------------------------------------------------------------- setup


def test_setup_2v2_builds_four_seats_with_teams_and_levels(app):
    app.push(SetupScene(app))
    app.frame(1 / 60)
    setup = app.scene
    mode = next(b for b in setup.mode_buttons if b.data["mode"] == "2v2")
    click(app, mode.rect.center)
    assert setup.mode == "2v2" and len(setup.seat_rows) == 4
    assert setup.start.label == "Start Match"
    # Seat 4 plays the Monk, seat 2 is an Easy computer, seat 3 a human.
    click(app, setup.seat_rows[3].midleft)
    assert setup.selected == 3
    monk = next(
        b
        for b in setup.controls
        if b.data.get("side") == 3
        and "hero" in b.data
        and setup.heroes[b.data["hero"]].id == "monk"
    )
    click(app, monk.rect.center)
    for seat, kind in ((1, "computer:easy"), (2, "human")):
        control = next(
            b for b in setup.controls if b.data.get("side") == seat and b.data.get("kind") == kind
        )
        click(app, control.rect.center)
    assert setup.selected == 3  # the kind buttons did not select their row
    shot(app, "table_setup_2v2")
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, DuelScene) and scene.table is not None
    view = scene.view
    assert view.mode == "2v2"
    assert [p.team for p in view.players] == [variants.team_of("2v2", s) for s in range(4)]
    assert view.players[3].hero == "monk"
    assert scene.seats == [HUMAN, {"kind": "computer", "level": "easy"}, HUMAN, CPU]
    assert scene.engine.setup.shared_team_dial


@pytest.mark.parametrize("mode", variants.MODES)
def test_every_format_lays_out_seat_rows_and_kind_buttons_that_fit(app, mode):
    app.push(SetupScene(app))
    setup = app.scene
    setup.set_mode(mode)
    app.frame(1 / 60)
    seats = variants.SEATS[mode]
    assert len(setup.choice) == len(setup.kind) == seats
    kinds = [b for b in setup.controls if "kind" in b.data]
    assert len(kinds) == 4 * seats
    th = app.theme
    for b in kinds:  # every label fits its button at the smaller button size at least
        assert th.font(14, bold=True, condensed=True).size(b.label)[0] <= b.rect.w - th.px(10)
    screen = app.screen.get_rect()
    for b in setup.controls:
        assert screen.contains(b.rect), b.data
    if mode != "duel":
        rows = setup.seat_rows
        assert all(a.bottom <= b.top for a, b in itertools.pairwise(rows))
        assert rows[-1].bottom <= setup.seat_panel.bottom
    shot(app, f"table_setup_{mode}")


def test_hero_names_always_fit_their_tiles(app):
    th = app.theme
    from game.content.loader import default_content

    names = [h.name for h in default_content().heroes.values()] + [
        "Barbarian",
        "Gunslinger",
        "Pyromancer",
        "Shadow Thief",
        "Moon Elf",
        "Cursed Pirate",
        "Vampire Lord",
        "Tactician",
        "Huntress",
        "Artificer",
    ]
    for width in (58, 62, 70):
        for name in names:
            lines, font = fit_name(lambda bold: th.font(13, bold=bold, condensed=True), name, width)
            assert 1 <= len(lines) <= 2
            assert all(font.size(line)[0] <= width for line in lines), (name, lines)
            joined = "".join(lines).replace("-", "").replace(" ", "")
            assert joined == name.replace(" ", ""), (name, lines)  # nothing cut off


def test_sixteen_heroes_wrap_into_readable_tiles(app):
    app.push(SetupScene(app))
    setup = app.scene
    setup.heroes = (setup.heroes * 2)[:16]
    setup.resize()
    app.frame(1 / 60)
    tiles = [b for b in setup.controls if "hero" in b.data and b.data["side"] == 0]
    assert len(tiles) == 16
    assert min(t.rect.w for t in tiles) >= app.theme.px(52)
    assert len({t.rect.y for t in tiles}) == 2  # two rows
    col = setup.columns[0]
    assert all(col.contains(t.rect) for t in tiles)


# ---------------------------------------------------------------- the table


def test_3v3_table_shows_five_compact_boards_and_one_dial_per_team(app):
    scene = start_table(app, "3v3", [HUMAN] + [CPU] * 5)
    app.draw()
    assert sorted(scene.table.compact) == [1, 2, 3, 4, 5]
    rects = list(scene.table.compact.values())
    assert all(a.right < b.left for a, b in itertools.pairwise(rects))
    assert all(scene.opp_bar.contains(r) for r in rects)
    dials = [s for s in scene.spots if s.kind == "health"]
    numbered = {s.seat for s in dials if "shared Health dial:" in s.tooltip}
    shares = {s.seat for s in dials if s.tooltip.startswith("Shares")}
    # Team A's dial is on the viewer's own bar, so teammates 1 and 2 only link to it;
    # team B's dial is drawn once (seat 3), seats 4 and 5 link to it.
    assert numbered == {3}
    assert shares == {1, 2, 4, 5}
    order = [s for s in scene.spots if s.kind == "order"]
    assert [s.seat for s in order] == scene.view.turn_order
    shot(app, "table_3v3")


def test_hovering_and_clicking_a_compact_board_opens_it(app):
    scene = start_table(app, "2v2", [HUMAN] + [CPU] * 3)
    pump(app, decision(scene, "main_phase"))
    app.draw()
    rect = scene.table.compact[3]
    click(app, rect.center)
    assert scene.table.focus_pinned == 3
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 700), rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.mouse.set_pos((5, 700))
    app.frame(1 / 60)
    assert scene.table.focus(scene.view, 0) == 3
    drawn = [s for s in scene.spots if s.kind in ("ability", "row") and s.seat == 3]
    assert drawn, "the pinned seat's full board is drawn"
    click(app, rect.center)
    assert scene.table.focus_pinned is None


def test_koth_attacker_chooses_the_target_by_clicking_its_board(app):
    scene = start_table(app, "koth", [HUMAN, CPU, CPU])
    assert scene.view.leaders == [0, 1, 2]  # everyone starts at 35: all lead
    pump(app, decision(scene, "main_phase"))
    app.draw()
    crowns = {s.seat for s in scene.spots if s.kind == "leader"}
    assert crowns == {0, 1, 2}
    key(app, pygame.K_SPACE)
    pump(app, decision(scene, "offensive_roll"))
    force(scene, [1, 1, 1, 1, 1])
    key(app, pygame.K_r)
    pump(app, decision(scene, "offensive_roll"))
    app.draw()
    row = next(s for s in scene.spots if s.kind == "row" and s.key == "revolver" and s.seat == 0)
    click(app, row.rect.center)
    play_until(app, scene, decision(scene, "choose_target"))
    app.draw()
    assert set(scene.table.target_options()) == {1, 2}
    seat_spots = {s.seat: s for s in scene.spots if s.kind == "seat"}
    assert "Click to target" in seat_spots[2].tooltip
    shot(app, "table_koth_choose_target")
    click(app, scene.table.compact[2].center)
    chosen = [e for e in scene.engine.log if e.kind == "target_chosen"]
    assert chosen and chosen[-1].data["attacker"] == 0 and chosen[-1].data["target"] == 2
    # every seat led (a tie), so going after one of them earns the attacker a card
    assert chosen[-1].data["leader_bonus"] is True
    assert scene.view.combat.defender == 2


def test_2v2_targeting_roll_is_shown_with_its_table(app):
    scene = start_table(app, "2v2", [CPU] * 4)
    play_until(app, scene, lambda: scene.table.targeting is not None, frames=20000)
    info = scene.table.targeting
    event = [e for e in scene.engine.log if e.kind == "targeting_roll"][-1]
    assert info.value == event.data["value"] and info.attacker == event.data["attacker"]
    matched = [row for row in info.rows if row[2]]
    assert len(matched) == 1
    faces = matched[0][0]
    low, _, high = faces.partition("-")
    assert int(low) <= info.value <= int(high or low)
    assert [r[0] for r in info.rows] == ["1-2", "3-4", "5", "6"]
    app.draw()
    shot(app, "table_2v2_targeting")


def test_teammates_share_the_screen_but_opponents_get_the_privacy_screen(app):
    # 2v2: seats 0 and 1 are team A, 2 and 3 team B; humans in seats 0, 1 and 2.
    scene = start_table(app, "2v2", [HUMAN, HUMAN, HUMAN, CPU], first=1)
    pump(app, lambda: scene.engine.pending.player == 1, frames=10)
    app.frame(1 / 60)
    assert scene.pass_to is None and scene.viewer == 1  # a teammate: no screen to pass
    app.draw()
    mates = [s for s in scene.spots if s.kind == "mate_card"]
    assert {s.seat for s in mates} <= {0} and len(mates) == len(scene.view.players[0].hand)
    app.pop()
    scene2 = start_table(app, "2v2", [HUMAN, HUMAN, HUMAN, CPU], first=2)
    app.frame(1 / 60)
    assert scene2.pass_to == 2 and scene2.viewer == 0
    app.draw()
    assert not [s for s in scene2.spots if s.kind == "mate_card" and s.seat == 2]
    key(app, pygame.K_RETURN)
    assert scene2.viewer == 2 and scene2.pass_to is None


def test_computer_seats_get_their_own_level(app):
    seats = [HUMAN, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "hard"}]
    scene = start_table(app, "koth", seats)
    assert set(scene.controllers) == {1, 2}
    assert type(scene.controllers[1]).__name__ != type(scene.controllers[2]).__name__
    assert scene.seat_kind_label(1) == "CPU Easy" and scene.seat_kind_label(2) == "CPU Hard"


def test_end_screen_and_rematch_keep_the_format(app):
    scene = start_table(app, "koth", [CPU] * 3)
    scene.finish_instantly()
    play_until(app, scene, lambda: type(app.scene).__name__ == "EndScene", frames=4000)
    end = app.scene
    app.draw()
    shot(app, "table_koth_end")
    assert "win" in end.headline() or "draw" in end.headline()
    click(app, button(end, "Rematch").rect.center)
    again = app.scene
    assert isinstance(again, DuelScene)
    assert again.engine.setup.mode == "koth" and len(again.view.players) == 3


def test_a_team_match_is_saved_and_resumes_in_its_format(app):
    from game.persistence.duel_save import load_duel, match_path, resume

    seats = [{"kind": "computer", "level": "easy"}] + [CPU] * 3
    scene = start_table(app, "2v2", seats)
    play_until(
        app,
        scene,
        lambda: sum(e.kind == "turn_started" for e in scene.engine.log) >= 2,
        frames=6000,
    )
    saved, messages = load_duel(match_path("2v2"))  # its own format's save
    assert saved is not None, messages
    engine = resume(saved)
    assert engine.setup.mode == "2v2" and len(engine.setup.seats) == 4
    assert saved.seats == seats
    restored = DuelScene(app, engine, saved.seats)
    app.push(restored)
    app.frame(1 / 60)
    assert restored.table is not None and sorted(restored.table.compact) == [1, 2, 3]


def test_opponents_choose_the_target_by_clicking_a_board_or_their_own_bar(app):
    # A computer-only 2v2 until a targeting roll of 5 hands the choice to the opponents; then
    # the chooser becomes the human at the screen and picks by clicking.
    scene = start_table(app, "2v2", [CPU] * 4)

    def opponents_choose():
        choice = scene.engine.pending
        return (
            choice is not None
            and choice.kind == "choose_target"
            and choice.player != scene.view.active
        )

    for _ in range(6000):  # every die shows 5: a 5 on the targeting roll = the opponents choose
        if opponents_choose():
            break
        with scene.engine.world.active():
            queue = scene.engine.rng.forced_dice
            if len(queue) < 10:
                queue.extend([5] * 10)
        app.frame(1 / 60)
    assert opponents_choose(), [e.text for e in scene.engine.log[-12:]]
    chooser = scene.engine.pending.player
    del scene.controllers[chooser]
    scene.viewer = chooser
    pump(app, lambda: not scene.presenter.busy)
    app.frame(1 / 60)
    app.draw()
    options = scene.table.target_options()
    assert chooser in options and len(options) == 2  # the chooser or their teammate
    assert scene.view.players[chooser].team != scene.view.players[scene.view.active].team
    shot(app, "table_2v2_opponents_choose")
    click(app, scene.my_bar.center)  # "target me"
    chosen = [e for e in scene.engine.log if e.kind == "target_chosen"][-1]
    assert chosen.data["target"] == chooser
