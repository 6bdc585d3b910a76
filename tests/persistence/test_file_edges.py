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
        assert labels[0] == "Continue" and labels[-1] == "Quit"
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


def test_continue_on_a_tampered_campaign_slot_says_why_and_marks_the_slot(tmp_path, monkeypatch):
    """Seen in the window: Continue on a slot whose actions were cut short did nothing visible
    (the slot list's own message replaced the refusal, the slot still looked healthy)."""
    import json

    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.adventures_menu import CampaignMenuScene
    from tests.persistence.test_hostile_files import _home, _relative

    home = _home(tmp_path, "slots")
    good = home / _relative("campaign")
    data = json.loads(good.read_bytes())
    data["slot"] = 2
    data["session"]["actions"] = data["session"]["actions"][:5]
    tampered = good.parent / "slot-2.json"
    tampered.write_text(json.dumps(data))
    before = tampered.read_bytes()
    data["slot"], data["session"]["digest"] = 3, None  # a third slot with a listed problem
    (good.parent / "slot-3.json").write_text(json.dumps(data))
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    try:
        menu = CampaignMenuScene(app)
        app.push(menu)
        app.frame(1 / 60)
        assert not menu.slots[1].problem and menu.slots[2].problem
        menu.selected_slot = 2
        menu.continue_campaign()
        assert app.scene is menu
        assert "slot-2.json" in menu.message and "digest" in menu.message
        assert "slot-2.json" in menu.slots[1].problem
        assert not menu._slot_info(1).problem  # the good slot is still there to continue
        assert tampered.read_bytes() == before
        # the full text of a cut-short message is the tooltip over the slot
        rect = next(r for r, slot in menu.slot_rects if slot == 2)
        monkeypatch.setattr("pygame.mouse.get_pos", lambda: rect.center)
        menu.update(1 / 60)
        assert app.tooltip._next == menu.slots[1].problem
        monkeypatch.setattr("pygame.mouse.get_pos", lambda: menu.message_rect().center)
        menu.update(1 / 60)
        assert app.tooltip._next == menu.message
    finally:
        app.close()


def test_a_campaign_slot_naming_an_unknown_scenario_card_is_refused_at_the_menu(tmp_path):
    """Seen in the window: Continue on a slot whose session names a scenario card the game
    does not have (the session carries its own map and enemies, so it replays) drew the crash
    screen (KeyError in the top bar; the scenario's conclusion reads the card too). It is
    refused when the slots are listed, like an unknown hero, and the other slots stay."""
    import json

    from game.adventures.runner import CampaignRunner
    from game.adventures.save import list_slots
    from tests.persistence.test_hostile_files import _home, _relative

    home = _home(tmp_path, "card")
    good = home / _relative("campaign")
    data = json.loads(good.read_bytes())
    data["slot"] = 2
    (good.parent / "slot-2.json").write_text(json.dumps(data))
    adventure = json.loads(data["session"]["setup"]["adventure"])
    adventure["card"] = "no_such_card"
    data["slot"], data["session"]["setup"]["adventure"] = 1, json.dumps(adventure)
    good.write_text(json.dumps(data))
    before = good.read_bytes()
    infos, _messages = list_slots()
    assert "unknown scenario card 'no_such_card'" in infos[0].problem
    assert "slot-1.json" in infos[0].problem and not infos[1].empty
    runner, messages = CampaignRunner.resume(1)
    assert runner is None and "unknown scenario card" in messages[-1]
    assert good.read_bytes() == before
    runner, _ = CampaignRunner.resume(2)
    assert runner is not None
    runner.close()
    # the session's adventure text is parsed with the same bounds as a file
    data["session"]["setup"]["adventure"] = "[" * 3000 + "]" * 3000
    good.write_text(json.dumps(data))
    infos, _messages = list_slots()
    assert "session.setup.adventure is nested more than 40 levels deep" in infos[0].problem


def test_the_missions_menu_message_stays_in_the_window_with_its_full_text_as_tooltip(
    tmp_path, monkeypatch
):
    """Seen in the window: a damaged Perk sheet (and a .bak that is valid JSON with a wrong
    field) gave two messages joined and wrapped below the window's bottom edge."""
    import json

    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.missions_menu import MissionSelectScene
    from tests.persistence.test_hostile_files import _home, _relative

    home = _home(tmp_path, "perks")
    sheet = home / _relative("perks")
    sheet.write_bytes(b'{"vers\xff')
    sheet.with_name("Ann.json.bak").write_text(json.dumps({"version": 1, "points": "x"}))
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    try:
        menu = MissionSelectScene(app)
        app.push(menu)
        app.frame(1 / 60)
        assert any("perk_sheets/Ann.json.bak" in m for m in app.messages)
        box = menu.message_rect()
        assert box.bottom <= 720 and box.h < 2 * app.theme.font(13).get_linesize()
        monkeypatch.setattr("pygame.mouse.get_pos", lambda: box.center)
        menu.update(1 / 60)
        assert app.tooltip._next == app.messages[-1]
        assert sheet.read_bytes() == b'{"vers\xff'
    finally:
        app.close()


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda d: d["campaign"]["heroes"][0].update(hero="no_such_hero"), "unknown hero"),
        (lambda d: d["campaign"].update(difficulty="impossible"), "unknown difficulty"),
    ],
)
def test_replay_of_a_slot_naming_an_unknown_id_says_it_is_refused_not_that_it_differs(
    change, said, tmp_path, capsys
):
    """Seen: "final state DIFFERS from the recorded digest: has a wrong field: ..." - no
    replay ran; the slot is refused like any other wrong field."""
    import json

    from game.cli import run as cli
    from tests.persistence.test_hostile_files import _home, _relative

    path = _home(tmp_path, "ids") / _relative("campaign")
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data))
    assert cli(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the campaign slot has a wrong field: campaign." in out and said in out
    assert "it cannot be checked (not a match)" in out and "DIFFERS" not in out


def test_a_damaged_spend_limits_file_is_told_on_the_perk_sheet(tmp_path):
    """The spend limits file was refused and copied aside without a word to the player."""
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.missions_menu import PerkSheetScene
    from tests.persistence.test_hostile_files import _home, _relative

    path = _home(tmp_path, "limits") / _relative("limits")
    path.write_text('{"version": 1, "limits": {"Ann": 1e999}}')
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    try:
        scene = PerkSheetScene(app, "Ann")
        assert scene.limit == 0
        text = " ".join(app.messages)
        assert "missions/spend_limits.json" in text and "limits.Ann holds 1e999" in text
        assert "spend_limits.json.damaged-" in text
        assert path.read_text() == '{"version": 1, "limits": {"Ann": 1e999}}'
    finally:
        app.close()


def test_the_crash_screen_does_not_speak_of_a_duel_when_an_adventure_crashed():
    """Seen after a crash in an Adventures scenario: "Your saved duel was not touched."."""
    from game.ui.scenes.crash import CrashScene

    assert "duel" not in CrashScene.BODY and "Your saves were not touched." in CrashScene.BODY


@pytest.mark.parametrize("token", ["1e999", "9" * 5000, "[" * 3000 + "]" * 3000])
def test_replay_of_a_save_holding_a_refused_number_or_nesting_exits_2(token, tmp_path, capsys):
    """What docs/reliability.md says of `replay`: the bounded parse refuses the file before
    its kind is known, so it is 'cannot replay' (exit 2), never a match."""
    import json

    from game.cli import run as cli
    from tests.persistence.test_hostile_files import _home, _relative

    path = _home(tmp_path, "numbers") / _relative("duel")
    data = json.loads(path.read_bytes())
    data["setup"]["seed"] = "__X__"
    path.write_text(json.dumps(data).replace('"__X__"', token))
    before = path.read_bytes()
    assert cli(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert "cannot replay" in out.err and "matches" not in out.out + out.err
    assert "Traceback" not in out.out + out.err and path.read_bytes() == before


def test_could_not_save_the_campaign_is_wrapped_inside_the_prompt_panel(monkeypatch):
    """Seen with a read-only data folder: the message with the folder's path ran past the
    Adventures prompt panel's right edge."""
    from game.adventures.campaign import new_campaign
    from game.adventures.runner import CampaignRunner
    from game.persistence import files
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes import adventure, adventure_draw

    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    runner = CampaignRunner(new_campaign("normal", "T", [("monk", "A", "human")], seed=2), slot=4)
    files.disable_saving("the data folder /a/long/path/to/the/data cannot be written (read-only)")
    try:
        scene = adventure.AdventureScene(app, runner)
        app.push(scene)
        runner.save()
        scene.update(1 / 60)
        assert scene.message.startswith("Could not save the campaign: saving is switched off")
        drawn = []
        real = adventure_draw.draw_text
        monkeypatch.setattr(
            adventure_draw,
            "draw_text",
            lambda s, text, *a, **k: drawn.append((text, k)) or real(s, text, *a, **k),
        )
        scene.ticker = []
        scene.draw(app.screen)
        kwargs = [k for text, k in drawn if text == scene.message]
        assert kwargs and kwargs[0].get("width") and kwargs[0].get("max_height")
    finally:
        files.enable_saving()
        runner.close()
        app.close()
