"""Command-line arguments (issue 15 item 5): every bad argument of `python -m game` and
`python -m bench` is an argparse error (usage, a message naming the argument, exit 2), never a
traceback, a run that quietly does nothing (`--games -1`) or a game error. In process, so
nothing heavy is started: parsing fails before any command runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.__main__ import main as bench
from game.cli import run as cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def a_file(tmp_path) -> str:
    path = tmp_path / "not_a_folder.png"
    path.write_bytes(b"x")
    return str(path)


BAD_GAME_ARGS = [
    (["demo", "--speed", "bogus"], "--speed"),
    (["demo", "--screenshots", "{file}"], "--screenshots"),
    (["demo", "--screenshots", "{file}/shots"], "--screenshots"),
    (["demo", "--seconds", "-5"], "--seconds"),
    (["demo", "--seconds", "nan"], "--seconds"),
    (["demo", "--seconds", "inf"], "--seconds"),
    (["demo", "--mode", "bogus"], "--mode"),
    (["demo", "--mode", "missions", "--mission", "nowhere"], "--mission"),
    (["demo", "--mode", "missions", "--heroes", "nobody"], "--heroes"),
    (["demo", "--mode", "adventure", "--difficulty", "impossible"], "--difficulty"),
    (["demo", "--seed", "x"], "--seed"),
    (["sim", "--games", "-1"], "--games"),
    (["sim", "--games", "0"], "--games"),
    (["sim", "--games", "1e3"], "--games"),
    (["sim", "--seed", "-1"], "--seed"),
    (["sim", "--jobs", "0"], "--jobs"),
    (["sim", "--mode", "4v4"], "--mode"),
    (["sim", "--ai", "genius"], "--ai"),
    (["sim", "--heroes", "gunslinger,nobody"], "--heroes"),
    (["sim", "--mode", "missions", "--mission", "nowhere"], "--mission"),
    (["sim", "--mode", "missions", "--difficulty-up", "99"], "--difficulty-up"),
    (["sim", "--mode", "missions", "--difficulty-up", "-1"], "--difficulty-up"),
    (["sim", "--mode", "adventure", "--difficulty", "impossible"], "--difficulty"),
    (["sim", "--mode", "boss_vs_many", "--boss", "nobody"], "--boss"),
    (["fuzz", "--games", "-1"], "--games"),
    (["fuzz", "--seed", "-3"], "--seed"),
    (["fuzz", "--replay-every", "-1"], "--replay-every"),
    (["fuzz", "--missions-every", "-1"], "--missions-every"),
    (["fuzz", "--adventures-every", "x"], "--adventures-every"),
    (["mission-sim", "--mission", "harbor_heist", "--games", "-1"], "--games"),
    (["mission-sim", "--mission", "harbor_heist", "--difficulty-up", "99"], "--difficulty-up"),
    (["mission-sim", "--mission", "nowhere"], "--mission"),
    (["mission-sim", "--mission", "harbor_heist", "--heroes", "nobody"], "--heroes"),
    (["play", "--seed", "abc"], "--seed"),
    (["--log-level", "LOUD"], "--log-level"),
    (["uicheck", "--scenes", "title,duel"], "--scenes"),
]


@pytest.mark.parametrize(
    ("argv", "flag"), BAD_GAME_ARGS, ids=[" ".join(a) for a, _ in BAD_GAME_ARGS]
)
def test_a_bad_game_argument_is_an_argparse_error(argv, flag, a_file, capsys):
    argv = [a.replace("{file}", a_file) for a in argv]
    assert cli(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and flag in err, err
    assert "Traceback" not in err


BAD_BENCH_ARGS = [
    (["sim", "--games", "-1"], "--games"),
    (["ai", "--jobs", "0"], "--jobs"),
    (["balance", "--level", "genius"], "--level"),
    (["balance", "--heroes", "gunslinger,nobody"], "--heroes"),
    (["balance", "--out", "{dir}"], "--out"),
    (["render", "--seconds", "0"], "--seconds"),
    (["render", "--mode", "9v9"], "--mode"),
    (["render", "--size", "100x100"], "--size"),
    (["render", "--size", "wide"], "--size"),
    (["render", "--table", "chess"], "--table"),
    (["sim", "--seed", "q"], "--seed"),
    (["nothing"], "name"),
]


@pytest.mark.parametrize(
    ("argv", "flag"), BAD_BENCH_ARGS, ids=[" ".join(a) for a, _ in BAD_BENCH_ARGS]
)
def test_a_bad_bench_argument_is_an_argparse_error(argv, flag, tmp_path, capsys):
    argv = [a.replace("{dir}", str(tmp_path)) for a in argv]
    assert bench(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and flag in err, err


@settings(max_examples=40, deadline=None)
@given(
    command=st.sampled_from(["sim", "fuzz", "mission-sim"]),
    flag=st.sampled_from(["--games", "--seed"]),
    value=st.one_of(
        st.integers(max_value=-1).map(str),
        st.sampled_from(["", "nan", "inf", "1.5", "0x10", "9" * 5000, "--", "one"]),
    ),
)
def test_any_bad_count_or_seed_is_refused(command, flag, value):
    extra = ["--mission", "harbor_heist"] if command == "mission-sim" else []
    try:
        code = cli([command, *extra, f"{flag}={value}"])
    except Exception as exc:  # pragma: no cover - the failure this test exists to catch
        pytest.fail(f"{type(exc).__name__}: {exc}")
    assert code == 2


def test_the_real_entry_point_exits_2_with_usage():
    result = subprocess.run(
        [sys.executable, "-m", "game", "demo", "--speed", "bogus"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "usage:" in result.stderr and "invalid choice: 'bogus'" in result.stderr
    assert "Traceback" not in result.stderr
