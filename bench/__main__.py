"""`python -m bench <name> [--json]`: print performance figures."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time


def bench_sim(games: int, seed: int) -> dict:
    """Engine throughput: duels played to the end by the simple AI, and by random-legal seats."""
    from game.cli import _controllers
    from game.content.loader import default_content
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    content = default_content()
    out = {}
    for ai in ("simple", "random"):
        actions = 0
        started = time.perf_counter()
        per_action = []
        for index in range(games):
            heroes = ["gunslinger", "barbarian"] if index % 2 == 0 else ["barbarian", "gunslinger"]
            engine = Engine.new_match(duel_setup(heroes, seed + index), content, keep_log=False)
            t0 = time.perf_counter()
            result = play_out(engine, _controllers(ai, seed + index, 2))
            per_action.append((time.perf_counter() - t0) / max(1, result.actions))
            actions += result.actions
            engine.close()
        elapsed = time.perf_counter() - started
        out[f"duels_per_second_{ai}_ai"] = round(games / elapsed, 2)
        out[f"actions_per_second_{ai}_ai"] = round(actions / elapsed, 1)
        out[f"ms_per_action_{ai}_ai_median"] = round(statistics.median(per_action) * 1000, 3)
    out["duels_per_second"] = out["duels_per_second_simple_ai"]
    out["games"] = games
    return out


def bench_render(seconds: float, seed: int) -> dict:
    """Frame times of the duel board while dice are rolling, in whatever window exists.

    With DISPLAY set (e.g. Xvfb) this is a real X11 window; otherwise SDL's dummy driver.
    Each frame is one fixed update, a full draw and a flip, uncapped."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("DICE_THRONE_HOME", os.path.join(os.getcwd(), ".bench-home"))
    import pygame

    from game.modes.duel import duel_setup
    from game.persistence.settings import Settings
    from game.rules.engine import Engine
    from game.ui.app import STEP, App
    from game.ui.scenes.duel import DuelScene

    app = App(Settings(sound_volume=0.0, music_volume=0.0), size=(1280, 720))
    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed, turn_limit=0))
    ai = {"kind": "computer", "level": "normal"}
    scene = DuelScene(app, engine, [ai, ai])
    app.push(scene)
    for _ in range(30):  # warm caches: fonts, art, the first layout
        app.frame(STEP)
    import random

    rng = random.Random(seed)
    times: list[float] = []
    throws = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        if not scene.tray.rolling:
            values = [rng.randint(1, 6) for _ in range(5)]
            scene.set_tray_dice([(0, i, "gunslinger") for i in range(5)])
            scene.tray.throw(values, None, [False] * 5, from_side=rng.choice(["top", "bottom"]))
            throws += 1
        t0 = time.perf_counter()
        for event in pygame.event.get():
            app.handle_event(event)
        scene.tray.update(STEP)
        app.draw()
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    driver = pygame.display.get_driver()
    app.close()
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    return {
        "video_driver": driver,
        "size": "1280x720",
        "frames": len(times),
        "throws": throws,
        "fps_p50": round(1000 / pct(0.5), 1),
        "frame_ms_p50": round(pct(0.5), 2),
        "frame_ms_p95": round(pct(0.95), 2),
        "frame_ms_p99": round(pct(0.99), 2),
    }


def bench_startup(runs: int) -> dict:
    """Wall time from launching `python -m game` to the title screen's first frame on screen."""
    import subprocess

    env = dict(os.environ)
    env["DICE_THRONE_EXIT_AFTER_FIRST_FRAME"] = "1"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("DICE_THRONE_HOME", os.path.join(os.getcwd(), ".bench-home"))
    walls = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "game"], env=env, check=True, capture_output=True, timeout=60
        )
        walls.append(time.perf_counter() - started)
    walls.sort()
    return {
        "runs": runs,
        "title_first_frame_s_median": round(statistics.median(walls), 3),
        "title_first_frame_s_max": round(walls[-1], 3),
        "display": "x11" if env.get("DISPLAY") and "SDL_VIDEODRIVER" not in env else "dummy",
    }


UNITS = {
    "duels_per_second": "duels/s",
    "fps_p50": "fps",
    "frame_ms_p95": "ms",
    "frame_ms_p99": "ms",
    "title_first_frame_s_median": "s",
    "fuzz_games_per_second": "games/s",
    "decision_ms_median": "ms",
    "decision_ms_p99": "ms",
}


def bench_fuzz(games: int, seed: int) -> dict:
    from game.fuzz import run_fuzz

    report = run_fuzz(games, seed, replay_every=0)
    return {
        "fuzz_games_per_second": round(report.games / report.seconds, 2),
        "errors": report.errors,
    }


def bench_all(args) -> int:
    """Every benchmark; one JSON line per figure: {"name", "value", "unit"}."""
    import subprocess

    runs = [
        ("sim", lambda: bench_sim(min(args.games, 100), args.seed)),
        ("fuzz", lambda: bench_fuzz(100, args.seed)),
        ("startup", lambda: bench_startup(3)),
    ]
    if "ai" in CHOICES:
        runs.append(("ai", None))
    for name, fn in runs:
        if fn is None:  # run in its own process with a small sample (it has its own options)
            out = subprocess.run(
                [sys.executable, "-m", "bench", name, "--games", "200", "--json"],
                capture_output=True,
                text=True,
            )
            figures = json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else {}
        else:
            figures = fn()
        for key, value in figures.items():
            if key in UNITS:
                print(json.dumps({"name": f"{name}.{key}", "value": value, "unit": UNITS[key]}))
    # The render benchmark last: it opens a window (a fresh process keeps SDL state clean).
    out = subprocess.run(
        [sys.executable, "-m", "bench", "render", "--seconds", "6", "--json"],
        capture_output=True,
        text=True,
    )
    if out.returncode == 0:
        figures = json.loads(out.stdout.strip().splitlines()[-1])
        for key in ("fps_p50", "frame_ms_p95", "frame_ms_p99"):
            print(json.dumps({"name": f"render.{key}", "value": figures[key], "unit": UNITS[key]}))
        print(
            json.dumps(
                {"name": "render.video_driver", "value": figures["video_driver"], "unit": ""}
            )
        )
    return 0


CHOICES = ["sim", "render", "startup", "all"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("name", choices=CHOICES)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=8.0, help="render: how long to measure")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.name == "all":
        return bench_all(args)
    if args.name == "render":
        figures = bench_render(args.seconds, args.seed)
    elif args.name == "startup":
        figures = bench_startup(5)
    else:
        figures = bench_sim(args.games, args.seed)
    figures["machine"] = (
        f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    if not args.json:
        for key, value in figures.items():
            print(f"{key}: {value}")
    print(json.dumps({"name": args.name, **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
