"""Edges found by launching the real game against hostile data folders (issue 15 check):
a full disk, a data folder that is a file, and the messages the player reads about them."""

from __future__ import annotations

import os

import pytest


def _full_disk_writes(monkeypatch):
    """Writes through os.fdopen fail as on a full disk (the file is created, no byte fits)."""
    from game.persistence import files

    real = os.fdopen

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, _data):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fdopen", lambda fd, *a, **k: Full(real(fd, *a, **k)))


def test_a_copy_aside_that_does_not_fit_leaves_no_empty_damaged_file(tmp_path, monkeypatch):
    from game.persistence.settings import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1,')
    _full_disk_writes(monkeypatch)
    _settings, messages = load_settings()
    assert "no copy could be made: No space left on device" in messages[0]
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]
    assert path.read_text() == '{"version": 1,'


def test_a_data_folder_that_is_a_file_is_named_so_and_a_failed_probe_is_removed(
    tmp_path, monkeypatch
):
    from game.paths import check_data_folder

    home = tmp_path / "data"
    monkeypatch.setenv("DICE_THRONE_HOME", str(home))
    home.write_text("not a folder")
    problem = check_data_folder()
    assert "is a file, not a folder" in problem and "File exists" not in problem

    home.unlink()
    home.mkdir()

    def full(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.paths.os.fsync", full)
    assert "No space left on device" in check_data_folder()
    assert list(home.iterdir()) == []  # the probe file did not stay behind


@pytest.mark.parametrize("token", ["1e999", "9" * 5000])
def test_a_refused_number_is_explained_in_plain_words(tmp_path, token):
    from game.persistence.settings import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "window_width": ' + token + "}")
    _settings, messages = load_settings()
    assert "window_width holds" in messages[0]
    assert "is not a number it accepts" not in messages[0]
    assert "too large for the game" in messages[0]


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_the_title_message_panel_never_hides_a_button(tmp_path, scale):
    """Seen at ui_scale 1.25 with a damaged save: the panel covered Settings and Quit."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene
    from game.ui.widgets import wrap
    from tests.persistence.test_hostile_files import _home

    _home(tmp_path, "title")  # a saved duel and a saved mission: the longest column
    app = App(
        Settings(animation_speed="instant", sound_volume=0.0, ui_scale=scale), size=(1280, 720)
    )
    try:
        long = "The saved duel (saves/duel.json) has a wrong field: setup.seed holds 1e999. " * 3
        app.messages.extend([long, long, long])
        title = TitleScene(app)
        app.push(title)
        app.frame(1 / 60)
        labels = [b.label for b in title.buttons]
        assert labels[:2] == ["Continue", "Continue Mission"] and labels[-1] == "Quit"
        panel = title.message_rect()
        for b in title.buttons:
            assert b.rect.bottom <= panel.top, (b.label, b.rect, panel)
            assert b.rect.top >= int(720 * 0.14) + app.theme.px(112)  # under "digital edition"
            assert b.rect.h >= app.theme.px(24)
        assert panel.bottom <= 720
        font = app.theme.font(15)
        lines = len(wrap(font, title._message_text(), panel.w - app.theme.px(24)))
        assert lines > 2  # the panel holds at least 2 lines, more when there is room
        assert panel.h >= 2 * (font.get_linesize() + 2) + app.theme.px(20)
        app.messages.append("One more, from another screen.")
        app.frame(1 / 60)  # the column is laid out again for it
        assert all(b.rect.bottom <= title.message_rect().top for b in title.buttons)
    finally:
        app.close()
