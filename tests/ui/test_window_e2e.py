"""End to end: the real window under Xvfb, driven by xdotool like a player.

New Duel -> Start Duel -> End Phase -> Roll -> keep die 1 -> Re-roll -> click Revolver ->
pass until the damage lands -> end the turn. The game writes its engine events to a file
(DICE_THRONE_EVENT_LOG), which is how the test checks the outcome. Dice are forced through the
engine's forced-dice queue (DICE_THRONE_FORCE_DICE) so the same ability is always reachable.
Screenshots land in build/test-artifacts/e2e.
"""

from __future__ import annotations

import time

from tests.ui.e2e_kit import needs_x, real_window
from tests.ui.test_scenes import human_first_seed


def layout_points(seed: int) -> dict[str, tuple[int, int]]:
    """Where the buttons and the Revolver's first row sit at 1280x720 (same layout code)."""
    from game.modes.duel import duel_setup
    from game.persistence.settings import Settings
    from game.rules.engine import Engine
    from game.ui.app import App
    from game.ui.scenes.duel import DuelScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    app = App(Settings(), size=(1280, 720))
    try:
        title = TitleScene(app)
        app.push(title)
        new_duel = next(b for b in title.buttons if b.label == "New Duel").rect.center
        setup = SetupScene(app)
        app.push(setup)
        start = setup.start.rect.center
        engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed, turn_limit=0))
        duel = DuelScene(app, engine, [{"kind": "human"}, {"kind": "computer", "level": "normal"}])
        app.push(duel)
        app.draw()
        row = next(s for s in duel.spots if s.kind == "row" and s.key == "revolver" and s.seat == 0)
        return {"new_duel": new_duel, "start": start, "revolver": row.rect.center}
    finally:
        app.close()


@needs_x
def test_new_duel_roll_keep_activate_and_end_turn_in_the_real_window(tmp_path):
    seed = human_first_seed()
    points = layout_points(seed)
    with real_window(tmp_path, seed, DICE_THRONE_FORCE_DICE="1,1,1,4,6,2,3,5,6") as (
        window,
        _home,
        _game,
    ):
        window.shot("01_title")
        window.click(points["new_duel"])
        time.sleep(0.8)
        window.shot("02_setup")
        window.click(points["start"])
        window.wait_for(
            lambda e: e["kind"] == "phase_changed" and e.get("phase") == "main1", what="Main 1"
        )
        time.sleep(1.5)  # the turn banner
        window.key("space")  # End Phase
        window.wait_for(
            lambda e: e["kind"] == "phase_changed" and e.get("phase") == "offensive_roll",
            what="the Offensive Roll",
        )
        time.sleep(0.5)
        window.key("r")
        window.wait_for(lambda e: e["kind"] == "dice_rolled", what="the first throw")
        time.sleep(2.0)  # let the dice settle
        window.shot("03_first_throw")
        window.key("1")
        time.sleep(0.5)
        window.key("r")
        reroll = window.wait_for(
            lambda e: e["kind"] == "dice_rolled" and list(e["rerolled"]) == [1, 2, 3, 4],
            what="a re-roll that kept die 1",
        )
        assert reroll["values"] == [1, 2, 3, 5, 6]
        time.sleep(2.0)
        window.shot("04_reroll_kept")
        window.click(points["revolver"])
        window.wait_for(
            lambda e: e["kind"] == "ability_announced" and e.get("ability") == "revolver",
            what="Revolver announced",
        )
        hit = window.wait_for(
            lambda e: e["kind"] == "damage_resolved",
            seconds=40,
            what="the damage",
            poke=lambda: window.key("space"),
        )
        assert hit["target"] == 1 and hit["incoming"] == 3
        window.shot("05_damage")
        window.wait_for(
            lambda e: e["kind"] == "turn_started" and e.get("player") == 1,
            seconds=40,
            what="the computer's turn",
            poke=lambda: window.key("space"),
        )
        window.shot("06_turn_passed")
        activated = [e for e in window.events() if e["kind"] == "ability_activated"]
        assert activated and activated[0]["ability"] == "revolver" and activated[0]["player"] == 0


def koth_points() -> dict[str, tuple[int, int]]:
    """Where the King of the Hill mode button and seat 1's "CPU Normal" sit (same layout code)."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    app = App(Settings(), size=(1280, 720))
    try:
        title = TitleScene(app)
        app.push(title)
        new_duel = next(b for b in title.buttons if b.label == "New Duel").rect.center
        setup = SetupScene(app)
        app.push(setup)
        mode = next(b for b in setup.mode_buttons if b.data["mode"] == "koth").rect.center
        setup.set_mode("koth")
        cpu = next(
            b
            for b in setup.controls
            if b.data.get("side") == 0 and b.data.get("kind") == "computer:normal"
        ).rect.center
        return {"new_duel": new_duel, "mode": mode, "cpu": cpu, "start": setup.start.rect.center}
    finally:
        app.close()


@needs_x
def test_king_of_the_hill_with_computer_seats_in_the_real_window(tmp_path):
    """Pick King of the Hill, make seat 1 a computer too, start: the three computers play at
    the table, one of them picks a target and damage lands."""
    points = koth_points()
    with real_window(tmp_path, 11) as (window, _home, _game):
        window.click(points["new_duel"])
        time.sleep(0.8)
        window.click(points["mode"])
        time.sleep(0.4)
        window.click(points["cpu"])
        time.sleep(0.4)
        window.shot("koth_01_setup")
        window.click(points["start"])
        started = window.wait_for(lambda e: e["kind"] == "match_started", what="the match")
        assert len(started["order"]) == 3
        chosen = window.wait_for(
            lambda e: e["kind"] == "target_chosen", seconds=120, what="a target chosen"
        )
        window.shot("koth_02_target_chosen")
        window.wait_for(
            lambda e: e["kind"] == "damage_resolved" and e["target"] == chosen["target"],
            seconds=60,
            what="damage on the chosen target",
        )
        time.sleep(0.5)
        window.shot("koth_03_damage")
