"""Hostile input for every file on the player's disk (issue 15): settings, duel save, replay,
crash report, mission save, the mission window's seats file, spend limits, Adventures campaign
slot, Perk sheet. Each is mutated (truncation, bit flips, wrong types, huge and non-finite
numbers, deep nesting, unknown ids, newer versions, a folder where the file should be) and run
through its real loader, the `replay` command and a headless start of the game. Every case
must end in a clear message naming the file, with nothing deleted, the last good .bak intact
and the other saves untouched; never a traceback. Examples are bounded (a few seconds each).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.persistence.files import SaveError

KINDS = (
    "settings",
    "duel",
    "replay",
    "crash",
    "mission",
    "mission_ui",
    "limits",
    "campaign",
    "perks",
)
FEW = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# ---------------------------------------------------------------- one good file of each kind


def _relative(kind: str) -> str:
    return {
        "settings": "settings.json",
        "duel": "saves/duel.json",
        "replay": "replays/duel.json",
        "crash": "crashes/crash.json",
        "mission": "missions/mission_save.json",
        "mission_ui": "missions/mission_ui.json",
        "limits": "missions/spend_limits.json",
        "campaign": "saves/adventures/slot-1.json",
        "perks": "perk_sheets/Ann.json",
    }[kind]


@functools.lru_cache(maxsize=1)
def good_files() -> dict[str, bytes]:
    """Real files written by the game's own savers (made once, in a scratch folder)."""
    import tempfile

    from game.adventures.campaign import new_campaign
    from game.adventures.save import SessionRecord, save_campaign
    from game.ai.simple import SimpleAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.missions.perks import PerkSheet, save_sheet
    from game.modes.duel import duel_setup
    from game.paths import data_root
    from game.persistence.crash import write_crash_report
    from game.persistence.duel_save import save_duel
    from game.persistence.replay import record_replay
    from game.persistence.settings import Settings, save_settings
    from game.rules.engine import Engine
    from game.ui.scenes.missions_menu import save_mission_ui, set_spend_limit
    from tests.adventures.crawl_kit import ais, new_crawl, step

    old = os.environ.get("DICE_THRONE_HOME")
    home = tempfile.mkdtemp(prefix="hostile-")
    os.environ["DICE_THRONE_HOME"] = home
    try:
        save_settings(Settings(ui_scale=1.25, animation_speed="fast"))
        # a hero with a setup step (Cursed Pirate) against the Huntress and her companion
        duel = Engine.new_match(duel_setup(["cursed_pirate", "huntress"], 11))
        bots = [SimpleAI(1), SimpleAI(2)]
        for _ in range(40):
            if duel.over:
                break
            duel.apply(bots[duel.pending.player].decide(duel, duel.pending))
        seats = [{"kind": "human"}, {"kind": "computer", "level": "normal"}]
        save_duel(duel, seats)
        replay = record_replay(duel, seats)
        shutil.move(replay, data_root() / "replays" / "duel.json")
        crash = write_crash_report(RuntimeError("boom"), engine=duel, seats=seats)
        shutil.move(crash, data_root() / "crashes" / "crash.json")
        duel.close()
        mission = MissionEngine(MissionSetup("harbor_heist", ("barbarian", "monk"), seed=3))
        for _ in range(6):
            mission.apply(mission.pending.options[0].action)
        save_mission_ui(mission, [{"kind": "human"}, {"kind": "computer"}], ["Ann", ""])
        mission.close()
        set_spend_limit("Ann", 3)
        crawl = new_crawl(("treant", "monk"), seed=21, salves=2)
        controllers = ais(crawl)
        for _ in range(10):
            step(crawl, controllers)
        team = [("treant", "Ann", "human"), ("monk", "Ann", "easy")]
        save_campaign(1, new_campaign("normal", "Dawn", team, seed=1), SessionRecord.of(crawl))
        crawl.close()
        save_sheet(PerkSheet("Ann", circles={"grit:1": 1}, new_game_plus=[2], points=[1, 2]), "Ann")
        return {kind: (Path(home) / _relative(kind)).read_bytes() for kind in KINDS}
    finally:
        if old is None:
            os.environ.pop("DICE_THRONE_HOME", None)
        else:
            os.environ["DICE_THRONE_HOME"] = old
        shutil.rmtree(home, ignore_errors=True)


# ---------------------------------------------------------------- mutations


INF_MARK = "__hostile_raw__"


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:6]):
            yield from _paths(value, (*prefix, index))


def _replace(data, path, value):
    if not path:
        return value
    head, *rest = path
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _replace(copy[head], tuple(rest), value)
    return copy


RAW = {
    "inf": "1e999",
    "nan": "NaN",
    "minus_infinity": "-Infinity",
    "huge_int": "9" * 5000,
    "deep": "[" * 3000 + "]" * 3000,
}
VALUES = {
    "string": "x",
    "negative": -1,
    "big": 10**15,
    "float": 3.5,
    "bool": True,
    "null": None,
    "list": [1, "a"],
    "object": {"unknown": 1},
    "unknown_id": "no_such_thing",
}


@st.composite
def mutations(draw, kind: str):
    raw = good_files()[kind]
    how = draw(st.sampled_from(["truncate", "flip", "value", "raw", "version", "unknown_key"]))
    if how == "truncate":
        return how, raw[: draw(st.integers(0, max(0, len(raw) - 1)))]
    if how == "flip":
        at = draw(st.integers(0, len(raw) - 1))
        bit = draw(st.integers(0, 7))
        return how, raw[:at] + bytes([raw[at] ^ (1 << bit)]) + raw[at + 1 :]
    data = json.loads(raw)
    if how == "version":
        key = "file_version" if kind == "crash" else "version"
        field = draw(st.sampled_from([key, "rules_version"]))
        return how, json.dumps({**data, field: 99}).encode()
    if how == "unknown_key":
        return how, json.dumps({**data, "surprise": 1}).encode()
    path = draw(st.sampled_from(sorted(_paths(data), key=repr)[:400]))
    if how == "value":
        value = VALUES[draw(st.sampled_from(sorted(VALUES)))]
        return how, json.dumps(_replace(data, path, value)).encode()
    token = RAW[draw(st.sampled_from(sorted(RAW)))]
    text = json.dumps(_replace(data, path, INF_MARK))
    return how, text.replace(f'"{INF_MARK}"', token).encode()


# ---------------------------------------------------------------- the real loaders


def _home(tmp_path: Path, name: str) -> Path:
    home = tmp_path / name
    if home.exists():
        shutil.rmtree(home)
    home.mkdir(parents=True)
    os.environ["DICE_THRONE_HOME"] = str(home)
    for kind, raw in good_files().items():
        path = home / _relative(kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
    return home


def _load(kind: str) -> tuple[bool, list[str]]:
    """Run the kind's real loader: (something usable came back, messages). Never raises."""
    if kind == "settings":
        from game.persistence.settings import Settings, load_settings

        value, messages = load_settings()
        return value != Settings() or not messages, messages
    if kind == "duel":
        from game.persistence.duel_save import load_duel

        value, messages = load_duel()
        return value is not None, messages
    if kind in ("replay", "crash"):
        from game.persistence.verify import replay_file

        code = replay_file(Path(os.environ["DICE_THRONE_HOME"]) / _relative(kind))
        return code == 0, []
    if kind in ("mission", "mission_ui"):
        from game.ui.scenes.missions_menu import load_mission_ui

        try:
            engine, _seats, _profiles, messages = load_mission_ui()
        except SaveError as exc:
            return False, [str(exc)]
        engine.close()
        return True, messages
    if kind == "limits":
        from game.ui.scenes.missions_menu import spend_limit

        return spend_limit("Ann") == 3, []
    if kind == "campaign":
        from game.adventures.save import list_slots, load_campaign

        infos, listed = list_slots()
        assert len(infos) == 6
        value, messages = load_campaign(1)
        return value is not None, listed + messages
    if kind == "perks":
        from game.missions.perks import PerkSheet, load_sheet

        value, messages = load_sheet("Ann")
        return value != PerkSheet("Ann"), messages
    raise AssertionError(kind)


def _snapshot(home: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in home.rglob("*")
        if p.is_file() and ".damaged-" not in p.name
    }


def _check(kind: str, home: Path, mutated: bytes, capsys) -> None:
    path = home / _relative(kind)
    before = _snapshot(home)
    usable, messages = _load(kind)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    after = _snapshot(home)
    # nothing deleted or changed: every file that was there is there, byte for byte
    assert after == before
    assert path.read_bytes() == mutated
    if not usable and kind not in ("replay", "crash", "limits"):
        assert messages, f"{kind}: refused without a word"
        text = " ".join(messages)
        assert path.name in text or "mission" in text, text
    copies = list(path.parent.glob(path.name + ".damaged-*"))
    for copy in copies:  # a copy is the damaged bytes, never anything else
        assert copy.read_bytes() == mutated


@pytest.mark.parametrize("kind", KINDS)
def test_every_file_kind_survives_hostile_mutations(kind, tmp_path, capsys):
    seen = {"n": 0}

    @FEW
    @given(case=mutations(kind))
    def run(case):
        _how, mutated = case
        seen["n"] += 1
        home = _home(tmp_path, f"ex{seen['n']}")
        (home / _relative(kind)).write_bytes(mutated)
        _check(kind, home, mutated, capsys)

    run()


@pytest.mark.parametrize("kind", ["settings", "duel", "mission", "campaign", "perks"])
def test_a_damaged_file_falls_back_to_its_good_bak_which_is_never_removed(kind, tmp_path):
    home = _home(tmp_path, "bak")
    path = home / _relative(kind)
    bak = path.with_name(path.name + ".bak")
    shutil.copy(path, bak)
    good = bak.read_bytes()
    path.write_bytes(b'{"version": 2, "oops": ')
    usable, messages = _load(kind)
    assert usable, messages
    assert any("last good copy" in m for m in messages)
    assert bak.read_bytes() == good and path.read_bytes() == b'{"version": 2, "oops": '
    _load(kind)  # the next start: the same damaged file is not copied a second time
    assert len(list(path.parent.glob(path.name + ".damaged-*"))) == 1
    # a damaged main AND a valid-JSON-but-unusable .bak: a message, no exception
    bak.write_text('{"version": 1, "kind": "wrong"}')
    usable, messages = _load(kind)
    text = " ".join(messages)
    assert not usable and f"{path.name} " in text.replace(")", " ") and bak.name in text
    assert bak.exists() and path.exists()


@pytest.mark.parametrize("kind", ["settings", "duel", "mission", "campaign", "perks"])
def test_a_folder_in_place_of_the_file_is_reported_and_left_alone(kind, tmp_path):
    home = _home(tmp_path, "dir")
    path = home / _relative(kind)
    path.unlink()
    path.mkdir()
    usable, messages = _load(kind)
    assert not usable and any("cannot be read" in m for m in messages)
    assert path.is_dir()
    if kind == "settings":  # what cannot be read is never written over
        from game.persistence.settings import Settings, save_settings

        with pytest.raises(OSError, match="so it was not overwritten"):
            save_settings(Settings())
        assert path.is_dir()


@pytest.mark.parametrize("kind", ["settings", "duel", "campaign", "perks"])
def test_a_newer_version_is_refused_naming_both_versions_and_never_overwritten(kind, tmp_path):
    from game.adventures.campaign import new_campaign
    from game.adventures.save import save_campaign
    from game.missions.perks import PerkSheet, save_sheet
    from game.persistence.files import WriteRefused
    from game.persistence.settings import Settings, save_settings

    home = _home(tmp_path, "newer")
    path = home / _relative(kind)
    data = json.loads(path.read_bytes())
    data["version"] = 7
    path.write_text(json.dumps(data))
    newer = path.read_bytes()
    usable, messages = _load(kind)
    assert not usable and any("(file version 7; this game reads up to 1)" in m for m in messages)
    save = {
        "settings": lambda: save_settings(Settings()),
        "campaign": lambda: save_campaign(1, new_campaign("normal", "T", [("monk", "A", "human")])),
        "perks": lambda: save_sheet(PerkSheet("Ann"), "Ann"),
    }.get(kind)
    if save is not None:
        with pytest.raises(WriteRefused, match="newer version"):
            save()
    assert path.read_bytes() == newer


# ---------------------------------------------------------------- the game starts anyway


def _headless_start(capsys) -> list[str]:
    """Build the window headless (SDL dummy) and draw the title's first frame, the way
    `python -m game` starts; returns the title's messages."""
    from game.ui import app as app_module

    os.environ["DICE_THRONE_EXIT_AFTER_FIRST_FRAME"] = "1"
    try:
        holder = {}
        original = app_module.App.run

        def run(self, fps: int = 60):
            holder["messages"] = list(self.messages)
            holder["title"] = type(self.scene).__name__
            return original(self, fps=0)

        app_module.App.run = run
        try:
            assert app_module.run_app() == 0
        finally:
            app_module.App.run = original
    finally:
        os.environ.pop("DICE_THRONE_EXIT_AFTER_FIRST_FRAME", None)
    assert holder["title"] == "TitleScene"
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return holder["messages"]


def test_the_game_starts_with_every_file_damaged_at_once(tmp_path, capsys):
    home = _home(tmp_path, "all")
    for kind in KINDS:
        raw = good_files()[kind]
        (home / _relative(kind)).write_bytes(raw[: len(raw) // 2])
    before = _snapshot(home)
    messages = _headless_start(capsys)
    assert any("settings.json" in m for m in messages)
    assert _snapshot(home) == before  # nothing deleted, nothing rewritten


@FEW
@given(kind=st.sampled_from(["settings", "duel"]), data=st.data())
def test_the_game_starts_whatever_the_settings_or_duel_save_hold(tmp_path, capsys, kind, data):
    _how, mutated = data.draw(mutations(kind))
    home = _home(tmp_path, "start")
    (home / _relative(kind)).write_bytes(mutated)
    _headless_start(capsys)
    assert (home / _relative(kind)).read_bytes() == mutated


@pytest.mark.parametrize("trouble", ["missing", "a_file", "read_only"])
def test_the_game_starts_with_an_unusable_data_folder_and_says_saving_is_off(
    trouble, tmp_path, capsys, monkeypatch
):
    from game.persistence import files

    home = tmp_path / "data"
    os.environ["DICE_THRONE_HOME"] = str(home)
    if trouble == "a_file":
        home.write_text("not a folder")
    elif trouble == "read_only":
        home.mkdir()

        def refuse(*args, **kwargs):  # the test runs as root: chmod would not stop it
            raise PermissionError(13, "Read-only file system")

        monkeypatch.setattr("game.paths.open", refuse, raising=False)
        monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
        monkeypatch.setattr(files.os, "open", refuse)  # no copy aside can be made either
        (home / "settings.json").write_text("{damaged")
    try:
        messages = _headless_start(capsys)
        if trouble == "missing":
            assert files.saving_enabled() and home.is_dir()
        else:
            assert not files.saving_enabled()
            assert any(m.startswith("Saving is switched off") for m in messages)
        if trouble == "read_only":  # a damaged file there: told, left alone, the game starts
            assert any("no copy could be made" in m for m in messages)
            assert (home / "settings.json").read_text() == "{damaged"
    finally:
        files.enable_saving()


def test_a_full_disk_never_loses_the_previous_save(tmp_path, monkeypatch):
    from game.persistence import files

    path = tmp_path / "x.json"
    files.write_json(path, {"version": 1, "n": 1})

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        files.write_json(path, {"version": 1, "n": 2})
    assert json.loads(path.read_text()) == {"n": 1, "version": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # its temp file was removed


def test_leftover_temp_files_are_cleaned_at_start(tmp_path, capsys):
    home = _home(tmp_path, "tmp")
    for folder in ("saves", "saves/adventures", "missions"):
        (home / folder / ".duel.json.abc123.tmp").write_text("half a save")
    _headless_start(capsys)
    assert list(home.rglob("*.tmp")) == []
    assert (home / _relative("duel")).read_bytes() == good_files()["duel"]


# ---------------------------------------------------------------- the symptoms issue 15 lists


@pytest.mark.parametrize(
    "text, field",
    [
        ('{"version": 1, "window_width": 1e999}', "window_width holds 1e999, a number too large"),
        ('{"version": 1, "window_width": ' + "9" * 5000 + "}", "window_width holds a 5000-digit"),
        ('{"version": 1, "x": ' + "[" * 3000 + "]" * 3000 + "}", "nested more than"),
        ('{"version": 1, "ui_scale": NaN}', "ui_scale holds NaN, not a number"),
        ('{"version": 1, "window_width": "wide"}', "window_width"),
    ],
)
def test_hostile_numbers_and_nesting_in_settings_end_in_a_message(text, field, tmp_path, capsys):
    home = _home(tmp_path, "numbers")
    (home / "settings.json").write_text(text)
    messages = _headless_start(capsys)
    assert any("settings.json" in m and field in m for m in messages), messages
    assert (home / "settings.json").read_text() == text


def test_continue_mission_with_an_unusable_save_keeps_its_good_bak(tmp_path):
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene
    from tests.ui.uikit import continue_game

    home = _home(tmp_path, "bak")
    path = home / _relative("mission")
    bak = path.with_name(path.name + ".bak")
    shutil.copy(path, bak)
    for main in ({**json.loads(path.read_bytes()), "version": 2}, {"version": 1, "setup": {}}):
        path.write_text(json.dumps(main))
        app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
        title = TitleScene(app)
        app.push(title)
        listing = continue_game(app, title, "mission")
        text = " ".join(app.messages)
        if main["version"] == 2:  # newer: refused with both versions named, .bak not used
            assert app.scene is listing and "file version 2; this game reads up to 1" in text
            assert "file version 2" in listing.message  # shown where it was picked
        else:  # damaged: copied aside, the last good copy is loaded
            assert type(app.scene).__name__ == "MissionScene" and "last good copy" in text
        assert bak.read_bytes() == good_files()["mission"]
        app.close()


def _tamper(kind: str, home: Path, change) -> Path:
    path = home / _relative(kind)
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    "kind, change",
    [
        ("mission", lambda d: d.pop("digest")),
        ("mission", lambda d: d.update(actions=d["actions"][:-5])),
        ("mission", lambda d: d.update(version=99)),
        ("campaign", lambda d: d["session"].pop("digest")),
        ("campaign", lambda d: d["session"].update(actions=d["session"]["actions"][:-8])),
        ("duel", lambda d: d.update(actions=d["actions"][:-20])),
        ("replay", lambda d: d.pop("digest")),
        ("crash", lambda d: d["replay"].update(actions=d["replay"]["actions"][:-3])),
    ],
)
def test_tampered_saves_are_never_a_match_and_never_a_traceback(kind, change, tmp_path, capsys):
    from game.cli import run as cli

    home = _home(tmp_path, "tamper")
    path = _tamper(kind, home, change)
    assert cli(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DIFFERS" in out or "cannot be checked" in out
    assert "matches" not in out
    usable, messages = _load(kind)  # the game's own loader refuses it too, with a message
    assert not usable
    if kind not in ("replay", "crash"):
        assert messages


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["campaign"].update(starting_salves="x"), "starting_salves"),
        (lambda d: d.update(slot="abc"), "slot"),
        (lambda d: d["campaign"].update(seed=INF_MARK), "campaign.seed holds Infinity"),
        (lambda d: d["campaign"]["heroes"][0].update(hero="no_such_hero"), "unknown hero"),
        (lambda d: d["campaign"].update(difficulty="impossible"), "unknown difficulty"),
    ],
)
def test_a_damaged_campaign_slot_never_crashes_the_menu_or_hides_the_others(
    change, field, tmp_path
):
    from game.adventures.save import list_slots
    from game.persistence.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.adventures_menu import CampaignMenuScene

    home = _home(tmp_path, "slots")
    good = home / _relative("campaign")
    for slot in (2, 3):  # two healthy neighbours
        data = json.loads(good.read_bytes())
        data["slot"] = slot
        (good.parent / f"slot-{slot}.json").write_text(json.dumps(data))
    path = good
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data).replace(f'"{INF_MARK}"', "Infinity"))
    infos, _messages = list_slots()
    assert infos[0].problem and field in infos[0].problem
    assert [i.empty for i in infos[1:3]] == [False, False]
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    menu = CampaignMenuScene(app)
    app.push(menu)
    app.frame(1 / 60)
    assert menu.slots[0].problem and not menu.slots[1].empty
    app.close()


def test_an_older_rules_save_that_no_longer_replays_is_kept_and_explained(tmp_path):
    home = _home(tmp_path, "older")
    path = _tamper(
        "duel",
        home,
        lambda d: (
            d.pop("rules_version"),
            d.pop("game_version"),
            d.update(actions=d["actions"][:-4]),
        ),
    )
    before = path.read_bytes()
    usable, messages = _load("duel")
    assert not usable and "made by an older version of the game" in messages[0]
    assert "left as it is" in messages[0] and path.read_bytes() == before
    assert not list(path.parent.glob("duel.json.damaged-*"))


def test_crash_reports_get_unique_names_and_a_failure_before_the_first_frame_is_reported(
    tmp_path, capsys, monkeypatch
):
    from game.__main__ import main
    from game.persistence.crash import write_crash_report
    from game.ui import app as app_module

    home = _home(tmp_path, "crash")
    with monkeypatch.context() as frozen:  # six reports in the same microsecond
        frozen.setattr("game.persistence.crash.time.time", lambda: 1_800_000_000.0)
        paths = {write_crash_report(RuntimeError(f"n{i}")) for i in range(6)}
    assert len(paths) == 6
    assert sorted(json.loads(p.read_text())["error"] for p in paths) == [
        f"RuntimeError: n{i}" for i in range(6)
    ]

    def broken(*args, **kwargs):
        raise RuntimeError("no display at all")

    monkeypatch.setattr(app_module.App, "__init__", broken)
    assert main(["play"]) == 1
    err = capsys.readouterr().err
    assert "no display at all" in err and "crash report was written" in err
    reports = list((home / "crashes").glob("crash-*.json"))
    assert len(reports) == 6 + 1
    assert any("no display at all" in r.read_text() for r in reports)


def test_adventures_autosave_and_perk_sheets_report_a_disk_that_cannot_be_written(
    tmp_path, monkeypatch
):
    from game.adventures.campaign import new_campaign
    from game.adventures.runner import CampaignRunner
    from game.missions.perks import PerkSheet
    from game.persistence import files
    from game.ui.scenes.missions_menu import store_sheet

    _home(tmp_path, "full")

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    runner = CampaignRunner(new_campaign("normal", "T", [("monk", "A", "human")], seed=2), slot=4)
    monkeypatch.setattr(files.tempfile, "mkstemp", full)
    runner.save()  # never raises
    assert runner.save_problem.startswith("Could not save the campaign")
    runner.close()

    class App:
        messages: list[str] = []

    assert not store_sheet(App, PerkSheet("Ann"), "Ann")
    assert App.messages[-1].startswith("Could not save the Perk sheet 'Ann'")


def test_every_save_in_the_window_says_so_when_the_disk_refuses(tmp_path, monkeypatch):
    from game.missions.engine import MissionEngine, MissionSetup
    from game.modes.duel import duel_setup
    from game.persistence import files
    from game.persistence.settings import Settings
    from game.rules.engine import Engine
    from game.ui.app import App
    from game.ui.scenes.duel import DuelScene
    from game.ui.scenes.mission import MissionScene

    home = _home(tmp_path, "refuse")
    before = _snapshot(home)
    app = App(Settings(animation_speed="instant", sound_volume=0.0), size=(1280, 720))
    files.disable_saving("the disk is full")
    try:
        duel = DuelScene(
            app, Engine.new_match(duel_setup(["gunslinger", "barbarian"], 3)), [{}, {}]
        )
        duel._save()
        assert duel.message.startswith("Could not save the duel: saving is switched off")
        mission = MissionScene(
            app, MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3)), [{}], [""]
        )
        mission._save()
        assert mission.message.startswith("The mission could not be saved")
        app.apply_settings(Settings(ui_scale=1.5))
        assert app.messages[-1].startswith("Could not save the settings")
        read_only = OSError(30, "Read-only file system")
        monkeypatch.setattr(app, "screenshot", lambda path: (_ for _ in ()).throw(read_only))
        app.handle_event(pygame_event_f12())
        assert app.messages[-1].startswith("Could not save the screenshot")
        duel.engine.close()
        mission.engine.close()
    finally:
        files.enable_saving()
        app.close()
    assert _snapshot(home) == before


def pygame_event_f12():
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="")
