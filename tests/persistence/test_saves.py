"""Settings and duel saves: atomic, versioned, and a broken file never stops the game."""

from __future__ import annotations

import json

from game.ai.simple import SimpleAI
from game.modes.duel import duel_setup
from game.persistence.duel_save import duel_path, load_duel, resume, save_duel
from game.persistence.files import FileKind, load, write_json
from game.persistence.schema import SettingsFile
from game.persistence.settings import Settings, load_settings, save_settings, settings_path
from game.rules.engine import Engine


def test_settings_round_trip_and_an_out_of_range_file_is_refused_with_its_field():
    settings = Settings(ui_scale=1.5, animation_speed="fast", sound_volume=0.2)
    save_settings(settings)
    loaded, messages = load_settings()
    assert messages == []
    assert (loaded.ui_scale, loaded.animation_speed, loaded.sound_volume) == (1.5, "fast", 0.2)
    settings_path().write_text(json.dumps({"version": 1, "ui_scale": 99}))
    settings_path().with_name("settings.json.bak").unlink(missing_ok=True)
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert "settings.json" in messages[0] and "ui_scale" in messages[0]
    assert "damaged-" in messages[0]  # where the copy is


def test_garbled_settings_are_copied_aside_and_defaults_used():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{not json")
    loaded, messages = load_settings()
    assert loaded == Settings()
    assert messages and "not valid JSON" in messages[0] and "a copy is kept as" in messages[0]
    names = [p.name for p in settings_path().parent.iterdir()]
    assert "settings.json" in names  # copied, never moved or deleted
    assert any(n.startswith("settings.json.damaged-") for n in names)


def test_write_keeps_the_previous_good_copy(tmp_path):
    kind = FileKind(label="the settings file", model=SettingsFile, version=1)
    path = tmp_path / "x.json"
    write_json(path, {"version": 1, "window_width": 1300})
    write_json(path, {"version": 1, "window_width": 1400})
    assert json.loads(path.with_name("x.json.bak").read_text())["window_width"] == 1300
    path.write_text("garbage")
    loaded = load(path, kind)
    assert loaded.value.window_width == 1300 and loaded.messages
    write_json(path, {"version": 1, "window_width": 1500})  # the garbage is not rotated in
    assert json.loads(path.with_name("x.json.bak").read_text())["window_width"] == 1300


def _mid_match(seed: int) -> Engine:
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed))
    ai = [SimpleAI(1), SimpleAI(2)]
    for _ in range(70):
        choice = engine.pending
        engine.apply(ai[choice.player].decide(engine, choice))
    return engine


def test_a_duel_saved_mid_match_resumes_to_the_same_position():
    engine = _mid_match(5)
    seats = [{"kind": "human"}, {"kind": "computer", "level": "normal"}]
    save_duel(engine, seats)
    saved, messages = load_duel()
    assert messages == [] and saved is not None
    assert saved.seats == seats
    again = resume(saved)
    assert again.digest() == engine.digest()
    assert again.pending.options == engine.pending.options
    assert again.log  # the game log is rebuilt for the window
    engine.close()
    again.close()


def test_a_truncated_duel_save_is_copied_aside_with_a_message():
    engine = _mid_match(6)
    save_duel(engine, [{}, {}])
    path = duel_path()
    path.write_text(path.read_text()[:200])
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    saved, messages = load_duel()
    assert saved is None and messages
    engine.close()


def test_a_save_from_a_newer_version_is_refused_clearly():
    engine = _mid_match(7)
    save_duel(engine, [{}, {}])
    data = json.loads(duel_path().read_text())
    data["version"] = 99
    duel_path().write_text(json.dumps(data))
    saved, messages = load_duel()
    assert saved is None
    assert any("newer version" in m for m in messages)
    engine.close()
