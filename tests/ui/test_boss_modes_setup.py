"""The duel setup screen starts Boss vs Many and Boss vs Boss (Adventures rule 54)."""

from __future__ import annotations

import pytest

from game.persistence.settings import Settings
from game.ui.app import STEP, App
from game.ui.scenes.duel import DuelScene
from game.ui.scenes.setup import SetupScene
from tests.ui.uikit import OLD_PROMPTS, click, shot


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


def _mode_button(setup, mode):
    return next(b for b in setup.mode_buttons if b.data["mode"] == mode)


def _tile(setup, seat, hero_id):
    return next(
        b
        for b in setup.controls
        if b.data.get("side") == seat
        and "hero" in b.data
        and setup.pool(seat)[b.data["hero"]].id == hero_id
    )


def test_the_picker_starts_boss_vs_many_with_three_heroes_and_a_chosen_boss(app):
    app.push(SetupScene(app))
    app.frame(STEP)
    setup = app.scene
    click(app, _mode_button(setup, "boss_vs_many").rect.center)
    assert setup.mode == "boss_vs_many" and setup.seat_count() == 3
    click(app, setup.count_button.rect.center)  # 2 -> 3 heroes
    assert setup.seat_count() == 4
    # the last seat picks among the Bosses only
    row = setup.seat_rows[3]
    click(app, (row.x + 30, row.centery))  # the row itself, left of its player buttons
    assert setup.selected == 3
    assert [h.id for h in setup.pool(3)] == [
        "fallen_barbarian",
        "fallen_gunslinger",
        "fallen_monk",
        "mad_king",
    ]
    click(app, _tile(setup, 3, "mad_king").rect.center)
    shot(app, "boss_vs_many_setup")
    setup.begin(seed=5)
    duel = app.scene
    assert isinstance(duel, DuelScene)
    assert duel.engine.setup.mode == "boss_vs_many"
    assert [s.hero for s in duel.engine.setup.seats][-1] == "mad_king"
    assert len(duel.engine.setup.seats) == 4
    app.frame(STEP)


def test_the_picker_starts_boss_vs_boss(app):
    app.push(SetupScene(app))
    app.frame(STEP)
    setup = app.scene
    click(app, _mode_button(setup, "boss_vs_boss").rect.center)
    assert setup.mode == "boss_vs_boss" and setup.seat_count() == 2
    click(app, _tile(setup, 0, "fallen_monk").rect.center)
    click(app, _tile(setup, 1, "fallen_gunslinger").rect.center)
    setup.begin(seed=3)
    duel = app.scene
    assert isinstance(duel, DuelScene)
    assert [s.hero for s in duel.engine.setup.seats] == ["fallen_monk", "fallen_gunslinger"]
    # back to a hero format: the seats pick heroes again
    app.push(SetupScene(app))
    app.frame(STEP)
    again = app.scene
    again.set_mode("boss_vs_boss")
    again.set_mode("2v2")
    assert all(again.pool(s) is again.heroes for s in range(4))
    assert len(set(again.choice)) == 4
