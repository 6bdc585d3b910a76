"""Autosaves are written off the render thread (game/persistence/writer.py), in order, and
every reader waits for the writes queued before it."""

from __future__ import annotations

import threading

import pytest

from game.modes.duel import duel_setup
from game.persistence import files, writer
from game.persistence.duel_save import load_duel, match_path
from game.persistence.settings import Settings
from game.rules.engine import Engine


@pytest.fixture
def app():
    from game.ui.app import App

    application = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    yield application
    application.close()


def duel_scene(app, heroes=("cursed_pirate", "huntress")):
    from game.ui.scenes.duel import DuelScene

    engine = Engine.new_match(duel_setup(list(heroes), 5))
    return DuelScene(app, engine, [{"kind": "human"}, {"kind": "human"}])


def test_an_autosave_returns_before_its_file_is_written_and_lands_after(app, monkeypatch):
    """The render thread hands the write over and goes on; the save is on disk once the
    writer has run (and a reader - the loader - waits for it)."""
    import game.ui.scenes.duel as duel_module

    scene = duel_scene(app)
    release = threading.Event()
    real_write = files.write_json

    def slow_disk(path, data):
        assert release.wait(30), "the test never let the disk go on"
        real_write(path, data)

    monkeypatch.setattr(duel_module, "write_json", slow_disk)
    path = match_path("duel")
    scene._save(later=True)  # returns with the write still held up
    assert not path.exists() and writer.WRITER.pending() == 1
    threading.Timer(0.2, release.set).start()
    saved, messages = load_duel(path)  # waits for the queued write
    assert messages == [] and saved is not None
    assert saved.setup.seed == 5 and next(s.hero for s in saved.setup.seats) == "cursed_pirate"


def test_writes_and_the_delete_at_game_over_keep_their_order(tmp_path):
    path = tmp_path / "order.json"
    for n in range(5):
        writer.submit(lambda n=n: files.write_json(path, {"n": n}), "write")
    writer.flush()
    assert files.read_bounded(path) == {"n": 4}
    writer.submit(lambda: files.write_json(path, {"n": 5}), "write")
    writer.submit(lambda: files.remove_save(path), "delete")
    writer.flush()
    assert not path.exists() and not files.backup_of(path).exists()


def test_an_autosave_the_disk_refuses_is_said_on_a_later_frame(app):
    scene = duel_scene(app, ("artificer", "treant"))
    app.push(scene)
    files.disable_saving("the disk is full")
    try:
        scene._save(later=True)
        writer.flush()
        assert scene.message == ""  # not yet: the scene hears of it on its next update
        scene.update(0.0)
        assert scene.message.startswith("Could not save the duel: saving is switched off")
    finally:
        files.enable_saving()
    assert not match_path("duel").exists()


def test_a_failing_job_does_not_stop_the_writer(tmp_path):
    writer.flush()
    writer.errors()  # what earlier tests in this process left unread

    def broken():
        raise ValueError("a bug in a save job")

    writer.submit(broken, "Broken job")
    path = tmp_path / "after.json"
    writer.submit(lambda: files.write_json(path, {"ok": True}), "write")
    writer.flush()
    assert files.read_bounded(path) == {"ok": True}
    assert writer.errors() == ["Broken job: ValueError: a bug in a save job"]
