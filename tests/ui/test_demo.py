"""`python -m game demo`: each mode opens the window, walks the path a player would take from
the title screen, and saves its pictures (headless SDL here, the same code as on a desktop).
Each waits for moments of the match (`moments=N`: the rest is played out once N are pictured),
not for a share of a time budget, so a loaded machine takes longer but sees the same moments;
the `seconds` given here are only the safety limit."""

from __future__ import annotations

from game.ui.demo import run_adventure_demo, run_demo, run_mission_demo


def test_the_duel_demo_walks_from_the_title_into_a_match(tmp_path, capsys):
    code = run_demo(
        "duel", seconds=120, screenshots=str(tmp_path), seed=3, speed="instant", moments=2
    )
    assert code == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names[:2] == ["01_title.png", "02_setup.png"]
    assert len(names) >= 4  # and moments of the match itself
    assert "frames in" in capsys.readouterr().out


def test_the_missions_demo_reaches_the_mission_board(tmp_path, capsys):
    code = run_mission_demo(
        "harbor_heist",
        ["barbarian"],
        seconds=120,
        screenshots=str(tmp_path),
        speed="instant",
        moments=1,
    )
    assert code == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names[:2] == ["01_title.png", "02_mission_select.png"]
    assert len(names) >= 4  # a moment on the mission board, and the result
    assert "mission harbor_heist" in capsys.readouterr().out


def test_the_adventures_demo_starts_a_campaign_and_plays_it(tmp_path, capsys):
    code = run_adventure_demo(
        ["barbarian"], seconds=120, screenshots=str(tmp_path), speed="instant", moments=1
    )
    assert code == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names[0] == "01_campaign_menu.png" and len(names) >= 2
    assert "campaign: scenario" in capsys.readouterr().out


def test_a_demo_refuses_what_it_cannot_show(tmp_path, capsys):
    assert run_demo("chess", seconds=5) == 2
    assert run_mission_demo("no_such_mission", ["barbarian"]) == 2
    assert run_adventure_demo(["barbarian"], difficulty="impossible") == 2
    assert run_adventure_demo(["barbarian", "barbarian"]) == 2
    out = capsys.readouterr().out
    assert "unknown mode" in out and "unknown mission" in out and "unknown difficulty" in out


def test_a_slower_machine_sees_the_same_moments_of_the_duel(tmp_path, monkeypatch, capsys):
    """The director's clock running ten times fast stands for a machine ten times slower (ten
    times less done per second): the duel demo still pictures moments of the match, because it
    waits for them; only the safety limit is a time."""
    import types

    from game.ui import demo

    real = demo.time.perf_counter
    start = real()
    fast = types.SimpleNamespace(perf_counter=lambda: start + (real() - start) * 10)
    monkeypatch.setattr(demo, "time", fast)
    code = run_demo(
        "duel", seconds=120, screenshots=str(tmp_path), seed=3, speed="instant", moments=2
    )
    assert code == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(names) >= 4 and names[-1] == "11_end.png", names
