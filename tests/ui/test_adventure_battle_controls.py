"""An Adventures battle's Main Phase: the End Phase button is on the window (a helper saw none
in a headless render), at 1.00x and 1.50x."""

from __future__ import annotations

import pygame
import pytest

from game.persistence.settings import Settings
from game.ui.app import App
from game.ui.scenes.adventure import AdventureBattleScene, AdventureScene, is_battle_choice
from tests.ui.test_adventures import advance, human_runner
from tests.ui.uikit import OLD_PROMPTS, pump


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_an_adventures_battle_main_phase_shows_end_phase(scale, monkeypatch):
    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "inline")
    settings = Settings(animation_speed="instant", sound_volume=0.0, ui_scale=scale, **OLD_PROMPTS)
    app = App(settings, size=(1280, 720))
    runner = human_runner(heroes=("barbarian",), seed=5)
    try:
        advance(runner, lambda r: is_battle_choice(r) and r.pending.kind == "main_phase")
        app.push(AdventureScene(app, runner))
        pump(app, lambda: isinstance(app.scene, AdventureBattleScene))
        battle = app.scene
        pump(app, lambda: battle.decided_for is battle.source.pending and battle.buttons, 2000)
        assert battle.engine.pending.kind == "main_phase"
        surface = pygame.Surface(app.screen.get_size())
        battle.draw(surface)
        labels = {b.label: b for b in battle.buttons}
        assert "End Phase" in labels, sorted(labels)
        end = labels["End Phase"]
        assert end.enabled and surface.get_rect().contains(end.rect)
    finally:
        runner.close()
        app.close()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_shop_text_stays_in_the_window_and_off_other_text(scale, monkeypatch):
    """Rosella's Shop at 1.5x: "Loot in the deck (33 cards" ran off the window, the price tags
    ran into each other ("Price 10 Gold Price 10 Gold") and the hero line over "Dealt cards"."""
    from game.ui import layoutcheck as L

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "inline")
    settings = Settings(animation_speed="instant", sound_volume=0.0, ui_scale=scale, **OLD_PROMPTS)
    app = App(settings, size=(1280, 720))
    runner = human_runner(seed=5)
    try:
        advance(runner, lambda r: r.driver is not None and r.pending.kind == "adventure_shop")
        scene = AdventureScene(app, runner)
        scene.ticker.clear()
        app.push(scene)
        pump(app, lambda: scene.decided_for == runner.pending)
        found = L.problems(L.record(scene, (1280, 720)), "shop", (1280, 720), scale)
        texts = [str(p) for p in found if "text" in p.what or p.kind == "overlap"]
        assert not texts, "\n".join(texts[:10])
    finally:
        runner.close()
        app.close()


def test_two_chests_opened_at_once_each_show_their_own_result(monkeypatch):
    """Two heroes open Loot Chests together: the first card read "..." while its hero's
    result went on the other hero's card. Each result goes on its own hero's card."""
    from game.rules.events import Event
    from game.ui import layoutcheck as L

    monkeypatch.setenv("DICE_THRONE_AI_WORKER", "inline")
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    try:
        scene = L.SCENES["adventure:crawl"](app)
        scene.reveals.clear()
        why = {"why": "common Loot Chest"}
        events = [
            Event("loot_die", {"player": 0, "value": 14, **why}, "A rolls the Loot die: 14."),
            Event("loot_die", {"player": 1, "value": 19, **why}, "B rolls the Loot die: 19."),
            Event("loot_unidentified", {"player": 1}, "B tucks an unidentified card."),
            Event("status_gained", {"player": 0}, "A gains 1 Bonus Damage."),
        ]
        for event in events:
            scene.narrate(event)
        assert [r["lines"] for r in scene.reveals] == [
            ["A gains 1 Bonus Damage."],
            ["B tucks an unidentified card."],
        ]
    finally:
        for s in app.scenes:
            runner = getattr(s, "runner", None)
            if runner is not None:
                runner.close()
        app.close()
