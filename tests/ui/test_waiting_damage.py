"""The Last damage panel's "Waiting to land" line (issue 17): the damage that would land now,
Attack Modifiers included, and a note (not a number) when a token could still dodge it."""

from __future__ import annotations

import pytest

from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes import duel_draw
from game.ui.scenes.duel import DuelScene
from tests.helpers import Table
from tests.ui.uikit import OLD_PROMPTS

REVOLVER = [1, 2, 3, 4, 4]  # Gunslinger: three Bullets -> Revolver, 3 damage


@pytest.fixture
def app():
    settings = Settings(animation_speed="instant", sound_volume=0.0, **OLD_PROMPTS)
    application = App(settings, size=(1280, 720))
    yield application
    application.close()


def bountied_gunslinger_attack() -> Table:
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": []},
        barb={"hero": "barbarian", "hand": [], "statuses": {"bounty": 1, "evasive": 1}},
    )
    t.do("roll", by="gun", dice=REVOLVER)
    t.do("activate", by="gun", ability="revolver", row=0)
    return t


def test_waiting_damage_line_counts_the_bounty_and_notes_evasive(app, monkeypatch):
    t = bountied_gunslinger_attack()
    assert t.view.phase == "defensive_roll"
    drawn: list[str] = []
    real = duel_draw.draw_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(duel_draw, "draw_text", record)
    scene = DuelScene(app, t.engine, [{"kind": "human"}, {"kind": "human"}])
    app.push(scene)
    app.frame(1 / 60)
    panel_text = " ".join(drawn)
    assert "Waiting to land: barb 4" in panel_text and "barb 3" not in panel_text
    assert "Evasive" in panel_text
    expected = "Waiting to land: barb 4 (3 before modifiers), may be avoided (Evasive)"
    assert duel_draw.waiting_to_land(t.view) == expected


def test_nothing_waiting_shows_no_line():
    t = Table(
        first="gun",
        start_at="offensive_roll",
        gun={"hero": "gunslinger", "hand": []},
        barb={"hero": "barbarian", "hand": []},
    )
    assert duel_draw.waiting_to_land(t.view) == ""
    t.close()
