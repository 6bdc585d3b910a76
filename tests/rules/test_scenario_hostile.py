"""Hostile scenario files (issue 15, items 4 and 6): real scenario files of every kind (duel,
Adventures battle, Mission, Shop, score sheet), mutated with wrong types, out-of-range and
non-finite numbers, deep nesting, unknown fields and damaged bytes, run through the real runner
and `python -m game scenario`. Each ends in a clear message: a malformed file is reported with
its name and field and exit 2, never a traceback, and a folder run reports every file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.bounded import loads_toml
from game.scenario import ExpectationFailed, ScenarioError, main, run_file

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
SOURCES = [
    SCENARIOS / "duel" / "heal_cap.toml",
    SCENARIOS / "duel" / "stack_limit_raised.toml",
    SCENARIOS / "adventures" / "boss_setup_and_step.toml",
    SCENARIOS / "missions" / "boss_crit.toml",
    SCENARIOS / "adventures_campaign" / "shop_gold_buy_identify_sell.toml",
    SCENARIOS / "adventures_campaign" / "scoring_win_loss_campaign_total.toml",
]
FAST = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FREE_FORM = ("expect", "answer", "perk_step", "perk_sheet", "attack", "description", "note")


class Raw:
    """A TOML value written as is (`inf`, a 5,000-digit number, a deep nest)."""

    def __init__(self, text: str) -> None:
        self.text = text


def toml(value) -> str:
    """A small TOML writer: the whole file as top-level keys with inline values."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else "inf")
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def write(path: Path, data: dict) -> None:
    path.write_text("\n".join(f"{json.dumps(k)} = {toml(v)}" for k, v in data.items()) + "\n")


def positions(data, prefix=()):
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*prefix, key), value
        yield from positions(value, (*prefix, key))


def typed(where: tuple) -> bool:
    """A position the file models type (not inside a free-form expectation table)."""
    return not any(part in FREE_FORM for part in where if isinstance(part, str))


def replaced(data: dict, where: tuple, value) -> dict:
    out = json.loads(json.dumps(data))
    node = out
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return out


def wrong_type(value):
    """A value of another type than `value` (TOML has no null)."""
    if isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return "1"
    if isinstance(value, float):
        return "x"
    if isinstance(value, str):
        return 5
    if isinstance(value, list):
        return "a list"
    return [1]


def original(source: Path) -> dict:
    return loads_toml(source.read_text(encoding="utf-8"))


def malformed(path: Path) -> str:
    with pytest.raises(ScenarioError) as caught:
        run_file(path).close()
    message = str(caught.value)
    assert message.startswith(str(path)), message
    return message


@FAST
@given(
    source=st.sampled_from(SOURCES),
    pick=st.integers(min_value=0),
    how=st.sampled_from(["type", "inf", "nan", "huge", "digits", "deep", "unknown"]),
)
def test_a_hostile_value_in_a_scenario_file_is_malformed_naming_the_field(
    tmp_path, source, pick, how
):
    data = original(source)
    spots = [(w, v) for w, v in positions(data) if typed(w)]
    where, value = spots[pick % len(spots)]
    hostile = {
        "type": wrong_type(value),
        "inf": Raw("-inf" if pick % 2 else "inf"),
        "nan": Raw("nan"),
        "huge": 10**15,
        "digits": Raw("9" * 5000),
        "deep": Raw("[" * 3000 + "]" * 3000),
    }
    if how == "unknown":  # an unknown field in a table the file's model knows
        tables = [w for w, v in positions(data) if isinstance(v, dict) and typed(w)]
        table = tables[pick % len(tables)] if tables else ()
        node = json.loads(json.dumps(data))
        target = node
        for key in table:
            target = target[key]
        target["zz_unknown"] = 1
        broken, field = node, ".".join(str(p) for p in table if isinstance(p, str))
    else:
        broken = replaced(data, where, hostile[how])
        field = str(where[-1]) if isinstance(where[-1], str) else f"[{where[-1]}]"
    path = tmp_path / source.name
    write(path, broken)
    message = malformed(path)
    if how in ("type", "inf", "nan", "huge", "unknown"):
        assert field in message, message


@FAST
@given(
    source=st.sampled_from(SOURCES),
    cut=st.floats(min_value=0.0, max_value=1.0),
    flips=st.lists(st.tuples(st.floats(0.0, 1.0), st.integers(0, 7)), max_size=3),
    junk=st.sampled_from([b"", b"\xff\xfe", b"\x80", b"[[setup]]\n", b"="]),
)
def test_damaged_scenario_bytes_end_in_a_clear_outcome(tmp_path, source, cut, flips, junk):
    """Truncated, bit-flipped or junk-tailed files: malformed (naming the file) or, when the
    damage left a valid file, an expectation that fails or passes; never another exception."""
    text = bytearray(source.read_bytes())
    for at, bit in flips:
        text[int(at * (len(text) - 1))] ^= 1 << bit
    if cut < 0.9:
        text = text[: int(cut * len(text))]
    path = tmp_path / source.name
    path.write_bytes(bytes(text) + junk)
    try:
        run_file(path).close()
    except ScenarioError as exc:
        assert str(exc).startswith(str(path)), str(exc)
    except ExpectationFailed:
        pass


BASE = 'title = "t"\nrules = ["1"]\n'
DUEL = '[players.a]\nhero = "monk"\n[players.b]\nhero = "barbarian"\n'
MISSION = (
    'mode = "missions"\n[setup]\nmission = "harbor_heist"\nheroes = ["barbarian"]\n'
    'phase = "enemy_roll"\n'
)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (BASE + "[[setup]]\nseed = 1\n" + DUEL, "setup"),
        (BASE + DUEL.replace('"monk"\n', '"monk"\ncp = inf\n', 1), "players.a.cp"),
        (BASE + '[setup]\nseed = "x"\n' + DUEL, "setup.seed"),
        (BASE + "[setup]\ncontent = 5\n" + DUEL, "setup.content"),
        (BASE + "[setup]\nfirst = " + "[" * 3000 + "]" * 3000 + "\n" + DUEL, "nested"),
        (BASE + DUEL.replace('"monk"\n', '"monk"\nstatuses = { stun = -2 }\n', 1), "stun"),
        (BASE + DUEL.replace('"monk"\n', '"monk"\ncp = 3.5\n', 1), "players.a.cp"),
        (BASE + MISSION + "dice = [9]\n", "setup.dice[0]"),
        (BASE + MISSION + "seed = 1e999\n", "setup.seed"),
        (BASE + MISSION + "[[hero]]\ntokens = { zzz = 1 }\n", "hero[0].tokens.zzz: unknown status"),
        (BASE + MISSION + "[[hero]]\ntokens = { stun = 5 }\n", "hero[0].tokens.stun: 5 cannot"),
        (
            BASE
            + MISSION.replace("barbarian", "monk")
            + '[[hero]]\nhand = ["deep_breath", "deep_breath"]\n',
            "hero[0].hand: no 'deep_breath' card left",
        ),
        (BASE + 'kind = "scoring"\ndifficulty = "normal"\nbogus = 1\n', "bogus: unknown field"),
        # a space's key bit-flipped ("6,1" -> "6<1"), found by the damaged-bytes test above
        (BASE + MISSION + '[expect.spaces]\n"6<1" = { tiles = 1 }\n', "expect.spaces.6<1"),
        (BASE + MISSION + '[expect.spaces]\n"6,1" = 1\n', "expect.spaces.6,1"),
        (BASE + MISSION + '[expect.spaces]\n"6,1" = { tile = 1 }\n', "expect.spaces.6,1.tile"),
        (
            BASE + DUEL.replace('"monk"\n', '"monk"\nhand = ["deep_breath", "deep_breath"]\n', 1),
            "players.a.hand: no 'deep_breath' card left",
        ),
    ],
)
def test_the_files_from_the_issue_are_malformed_with_exit_2(tmp_path, capsys, text, field):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    assert main([str(path)]) == 2
    out = capsys.readouterr().out
    assert f"MALFORMED {path}" in out and field in out, out
    assert "Traceback" not in out


def test_a_folder_run_reports_every_file_and_an_empty_folder_is_an_error(tmp_path, capsys):
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a_broken.toml").write_text(BASE + "[[setup]]\n" + DUEL)
    (folder / "b_good.toml").write_text((SCENARIOS / "duel" / "heal_cap.toml").read_text())
    (folder / "c_broken.toml").write_text(BASE + DUEL.replace('"monk"\n', '"monk"\ncp = 3.5\n'))
    (tmp_path / "empty").mkdir()
    code = main([str(folder), str(tmp_path / "empty"), str(tmp_path / "missing")])
    out = capsys.readouterr().out
    assert code == 2
    assert "a_broken.toml" in out and "c_broken.toml" in out
    assert "1 passed, 0 failed, 2 malformed (3 scenario files)" in out
    assert "empty: no scenario files found" in out
    assert "missing: no such file or folder" in out
    assert main([str(tmp_path / "empty")]) == 2
