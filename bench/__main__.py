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


def bench_render(
    seconds: float,
    seed: int,
    mode: str = "duel",
    size: tuple[int, int] = (1280, 720),
    table: str = "duel",
) -> dict:
    """Frame times of the duel board (or, with a team `mode`, the table of 3-6 heroes) while
    dice are rolling, in whatever window exists; then (bench/ai_turns.py) frame times while the
    computer plays `table` (a Hard-vs-Hard duel or an all-computer Mission).

    With DISPLAY set (e.g. Xvfb) this is a real X11 window; otherwise SDL's dummy driver.
    Each dice frame is one fixed update, a full draw and the app's present (what changed goes
    to the display; DICE_THRONE_FULL_FLIP=1: a full flip), uncapped."""
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

    app = App(Settings(sound_volume=0.0, music_volume=0.0), size=size)
    if mode == "duel":
        engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed, turn_limit=0))
    else:
        from game.modes import variants

        pool = ["gunslinger", "barbarian", "pyromancer", "moon_elf", "monk", "paladin"]
        engine = Engine.new_match(variants.setup_for(mode, pool[: variants.SEATS[mode]], seed))
    ai = {"kind": "computer", "level": "normal"}
    scene = DuelScene(app, engine, [ai] * len(engine.setup.seats))
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
        app.present()
        times.append(time.perf_counter() - t0)
    driver = pygame.display.get_driver()
    from bench.ai_turns import bench_ai_turns

    ai_turns = bench_ai_turns(app, seconds, seed, table)
    app.close()
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    return {
        "video_driver": driver,
        "size": f"{size[0]}x{size[1]}",
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "mode": mode,
        "frames": len(times),
        "throws": throws,
        "fps_p50": round(1000 / pct(0.5), 1),
        "frame_ms_p50": round(pct(0.5), 2),
        "frame_ms_p95": round(pct(0.95), 2),
        "frame_ms_p99": round(pct(0.99), 2),
        **ai_turns,
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
    "decision_ms_p999": "ms",
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


AI_ROWS = (
    # (figure, first side, second side, mirror matches only)
    ("hard_vs_random", "hard", "random", False),
    ("hard_vs_heuristic_mirror", "hard", "heuristic", True),
    ("hard_vs_normal", "hard", "normal", False),
    ("normal_vs_easy", "normal", "easy", False),
)
AI_TARGETS = {
    "hard_vs_random": 0.95,
    "hard_vs_heuristic_mirror": 0.65,
    "hard_vs_normal": 0.55,
    "normal_vs_easy": 0.60,
}
REFERENCE_ODDS = (
    # (what, faces counted, how many, reference % from STACK_NOTES, or None for our own)
    ("3 of a symbol on 2 faces", (4, 5), 3, 84.18),
    ("small straight", "straight", 4, 61.54),
    ("large straight", "straight", 5, 26.11),
    ("5 of a symbol on 1 face (Ultimate)", (6,), 5, 1.33),
    ("3 of a symbol on 3 faces (3 Bullets)", (1, 2, 3), 3, None),
    ("4 of a symbol on 3 faces (4 Swords)", (1, 2, 3), 4, None),
)


def ai_solver_checks() -> tuple[bool, list[dict]]:
    """Hit chances of standard objectives (5 dice, 3 attempts, optimal keeping): the solver
    against plain enumeration of every roll and re-roll, and against the published figures."""
    from game.ai import brute
    from game.ai.dice_solver import ALL_FIVE, Solver

    checks = []
    ok = True
    for what, faces, needed, reference in REFERENCE_ODDS:
        if faces == "straight":
            objective = brute.straight(needed)
        else:
            objective = brute.count_at_least(faces, needed)
        solver = Solver([objective(s) for s in ALL_FIVE], 3).before_first_roll(3)
        enumerated = brute.before_first_roll(objective, 3)
        same = abs(solver - enumerated) < 1e-9
        if reference is not None:
            same = same and round(solver * 100, 2) == reference
        ok = ok and same
        checks.append(
            {
                "objective": what,
                "solver_pct": round(solver * 100, 4),
                "enumerated_pct": round(enumerated * 100, 4),
                "reference_pct": reference,
                "match": same,
            }
        )
    return ok, checks


def bench_ai(games: int, seed: int, jobs: int, verbose: bool) -> dict:
    """Strength (win fractions over seeded duels, sides swapped) and decision times."""
    from game.ai.arena import merge, percentile, play_chunk

    started = time.perf_counter()
    exact, checks = ai_solver_checks()
    out: dict = {"solver_exact": exact, "solver_checks": checks}
    all_times: dict[str, list[float]] = {}
    all_cpu: dict[str, list[float]] = {}
    rows = {}
    for offset, (figure, a, b, mirror) in enumerate(AI_ROWS):
        row_seed = seed + 100_000 * offset
        if jobs > 1 and games >= 4:
            import multiprocessing

            twins = (games + 1) // 2
            per = -(-twins // jobs)
            tasks = []
            for j in range(jobs):
                first = 2 * per * j
                count = min(2 * per, games - first)
                if count > 0:
                    tasks.append((a, b, count, row_seed, mirror, first))
            with multiprocessing.get_context("spawn").Pool(len(tasks)) as pool:
                series = merge(pool.map(play_chunk, tasks))
        else:
            series = play_chunk((a, b, games, row_seed, mirror, 0))
        out[figure] = round(series.fraction, 4)
        rows[figure] = {
            "games": series.games,
            "wins": series.wins_a,
            "losses": series.wins_b,
            "draws": series.draws,
            "timeouts": series.timeouts,
            "mean_turns": round(series.turns / max(1, series.games), 2),
            "target": AI_TARGETS[figure],
            "met": series.fraction >= AI_TARGETS[figure]
            if figure != "hard_vs_normal"
            else series.fraction > AI_TARGETS[figure],
            "digest": series.digest[:16],
        }
        for level, times in series.times.items():
            all_times.setdefault(level, []).extend(times)
        for level, times in series.cpu.items():
            all_cpu.setdefault(level, []).extend(times)
        if verbose:
            print(
                f"{figure}: {series.fraction:.3f} ({series.wins_a}-{series.wins_b}-"
                f"{series.draws}) in {time.perf_counter() - started:.0f}s",
                flush=True,
            )
    per_level = {}
    levels = ("easy", "normal", "hard")
    for level in levels:
        times = all_times.get(level, [])
        cpu = all_cpu.get(level, [])
        if times:
            per_level[level] = {
                "decisions": len(times),
                "median_ms": round(percentile(times, 0.5) * 1000, 3),
                "p99_ms": round(percentile(times, 0.99) * 1000, 3),
                "p999_ms": round(percentile(times, 0.999) * 1000, 3),
                "max_ms": round(max(times) * 1000, 2),
                # CPU time of the deciding thread: what the wall figures show on an idle machine
                "cpu_p99_ms": round(percentile(cpu, 0.99) * 1000, 3),
                "cpu_p999_ms": round(percentile(cpu, 0.999) * 1000, 3),
                "cpu_max_ms": round(max(cpu) * 1000, 2),
            }
    played = [t for level in levels for t in all_times.get(level, [])]
    out["decision_ms_median"] = round(percentile(played, 0.5) * 1000, 3)
    out["decision_ms_p99"] = round(percentile(played, 0.99) * 1000, 3)
    out["decision_ms_p999"] = round(percentile(played, 0.999) * 1000, 3)
    out["decision_ms"] = per_level
    out["rows"] = rows
    out["games_per_row"] = games
    out["seed"] = seed
    out["jobs"] = jobs
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


CHOICES = [
    "sim",
    "render",
    "startup",
    "ai",
    "odds",
    "balance",
    "server",
    "prompts",
    "compare",
    "steps",
    "all",
]


def main(argv: list[str] | None = None) -> int:
    from game.ai import BASELINES, LEVELS
    from game.cli_args import (
        check_known,
        check_single_values,
        count,
        id_list,
        out_file,
        seconds,
        seed,
        window_size,
    )
    from game.modes.variants import MODES

    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("name", choices=CHOICES)
    parser.add_argument("rev", nargs="?", default=None, help="compare, steps: the git revision")
    parser.add_argument(
        "--rev", dest="revs", default="", help="steps: git revisions to measure, comma-separated"
    )
    parser.add_argument(
        "--pairs", type=count, default=None, help="compare, steps: random hero pairs (6, 20)"
    )
    parser.add_argument(
        "--rounds", type=count, default=None, help="compare, steps: interleaved rounds (2, 3)"
    )
    parser.add_argument("--fuzz-games", type=count, default=20, help="compare: fuzz games a round")
    parser.add_argument(
        "--games",
        type=count,
        default=None,
        help="games per figure (sim: 200, ai: 2000 per row, compare: 4 and steps: 2 per pair)",
    )
    parser.add_argument("--jobs", type=count, default=1, help="ai, balance: processes to play in")
    parser.add_argument(
        "--level",
        default="hard",
        choices=(*LEVELS, *BASELINES),
        help="balance (default hard), steps (default random): computer level on both seats",
    )
    parser.add_argument("--heroes", default="", help="balance: comma-separated subset")
    parser.add_argument(
        "--out",
        default="docs/balance.md",
        help="balance: Markdown matrix to write ('-': none)",
    )
    parser.add_argument("--seed", type=seed, default=1000)
    parser.add_argument("--seconds", type=seconds, default=8.0, help="render: how long to measure")
    parser.add_argument("--mode", default="duel", choices=MODES, help="render: the table to draw")
    parser.add_argument(
        "--size", type=window_size, default=(1280, 720), help="render: window size WxH"
    )
    parser.add_argument(
        "--table",
        default="duel",
        choices=("duel", "mission"),
        help="render: what the computer plays for the *_ai_turn figures",
    )
    parser.add_argument("--rooms", type=count, default=20, help="server: duel rooms at once")
    parser.add_argument("--json", action="store_true")
    try:  # an argparse error returns 2 (its message printed), never a traceback
        args = parser.parse_args(argv)
        check_single_values(parser, args)
        if args.name == "balance":  # only balance writes it (a default relative to the repo)
            try:
                out_file(args.out)
            except argparse.ArgumentTypeError as exc:
                parser.error(f"argument --out: {exc}")
        if args.heroes:
            from game.content.loader import default_content

            known = default_content().heroes
            check_known(parser, "--heroes", id_list(args.heroes), known, "hero")
        if args.name == "compare" and not args.rev:
            parser.error("compare needs a git revision: python -m bench compare REV")
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    if args.name == "compare":
        from bench.compare import compare, print_table

        result = compare(
            args.rev,
            pairs=args.pairs or 6,
            games=args.games or 4,
            rounds=args.rounds or 2,
            fuzz_games=args.fuzz_games,
            verbose=not args.json,
        )
        if not args.json:
            print_table(result)
        print(json.dumps({"name": "compare", **result}))
        return 0
    if args.name == "steps":
        from bench.steps import print_table as print_steps
        from bench.steps import steps

        revs = [args.rev] if args.rev else []
        given = argv if argv is not None else sys.argv[1:]
        seed_given = any(a == "--seed" or a.startswith("--seed=") for a in given)
        level_given = any(a == "--level" or a.startswith("--level=") for a in given)
        try:
            result = steps(
                revs + [rev for rev in args.revs.split(",") if rev],
                pairs=args.pairs or 20,
                games=args.games or 2,
                passes=args.rounds or 3,
                seed=args.seed if seed_given else 5,
                level=args.level if level_given else "random",
            )
        except RuntimeError as exc:
            print(f"python -m bench steps: {exc}", file=sys.stderr)
            return 2
        if not args.json:
            print_steps(result)
        print(json.dumps({"name": "steps", **result}))
        return 0
    if args.games is None:
        args.games = 2000 if args.name == "ai" else 200
    if args.name == "balance":
        from bench.balance import bench_balance

        heroes = [h for h in args.heroes.split(",") if h] or None
        figures = bench_balance(
            args.games, args.seed, max(1, args.jobs), args.level, heroes, args.out, not args.json
        )
        for key in ("hero_win_rates", "matrix"):
            if not args.json:
                print(f"{key}: {figures[key]}")
        print(json.dumps({"name": "balance", **figures}))
        return 0
    if args.name == "all":
        return bench_all(args)
    if args.name == "render":
        figures = bench_render(args.seconds, args.seed, args.mode, args.size, args.table)
    elif args.name == "startup":
        figures = bench_startup(5)
    elif args.name == "odds":
        from bench.odds import bench_odds

        figures = bench_odds([h for h in args.heroes.split(",") if h] or None)
    elif args.name == "server":
        from bench.server import bench_server

        seconds = args.seconds if "--seconds" in (argv or sys.argv) else 30.0
        figures = bench_server(args.rooms, seconds, args.seed)
    elif args.name == "prompts":
        from bench.prompts import bench_prompts

        figures = bench_prompts(args.games, args.seed, args.mode)
    elif args.name == "ai":
        figures = bench_ai(args.games, args.seed, max(1, args.jobs), not args.json)
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
