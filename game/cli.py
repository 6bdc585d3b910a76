"""The command-line subcommands (see README for the forms other tools rely on)."""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
import time
import traceback
from pathlib import Path

SIM_MODES = ("missions", "adventure", "boss_vs_many", "boss_vs_boss")  # besides game.modes
DEMO_MODES = ("missions", "adventure")


def run(argv: list[str]) -> int:
    from game.ai import BASELINES, LEVELS
    from game.cli_args import (
        check_single_values,
        count,
        every,
        int_range,
        out_folder,
        seconds,
        seconds_or_zero,
        seed,
        window_size,
    )
    from game.modes.variants import MODES
    from game.online.limits import CONNS_PER_ADDRESS, ROOMS_PER_ADDRESS, ROOMS_WINDOW
    from game.persistence.settings import SPEEDS

    parser = argparse.ArgumentParser(prog="python -m game", description="Dice Throne, digital.")
    parser.add_argument(
        "--log-level",
        default="WARNING",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="how much to log to stderr (default WARNING)",
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game (the default)")
    play.add_argument("--headless", action="store_true", help="print a computer-vs-computer duel")
    play.add_argument("--seed", type=seed, default=None)

    sim = sub.add_parser("sim", help="play computer-vs-computer matches headless")
    sim.add_argument(
        "--mode",
        default="duel",
        choices=(*MODES, *SIM_MODES),
        help="duel, a team variant, missions, adventure, boss_vs_many or boss_vs_boss",
    )
    sim.add_argument("--heroes", default=None, help="default gunslinger,barbarian")
    sim.add_argument("--games", type=count, default=None, help="default 100 (missions: see docs)")
    sim.add_argument("--seed", type=seed, default=0)
    sim.add_argument("--mission", default=None, help="--mode missions: one mission id")
    sim.add_argument(
        "--difficulty-up",
        type=int_range(0, 4),
        default=0,
        help="--mode missions: increased difficulty 0-4",
    )
    sim.add_argument("--jobs", type=count, default=1, help="--mode missions: accepted; runs in 1")
    sim.add_argument(
        "--difficulty", default=None, help="--mode adventure: easy, normal, hard or heroic"
    )
    sim.add_argument(
        "--ai",
        default="simple",
        choices=(*LEVELS, *BASELINES),
        help="computer level for every seat: easy, normal, hard, random, heuristic or simple",
    )
    sim.add_argument(
        "--boss", default=None, help="--mode boss_vs_many: a boss id; boss_vs_boss: two, a,b"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object as the last line")

    scen = sub.add_parser("scenario", help="run scenario files (a folder means all inside)")
    scen.add_argument("paths", nargs="+")
    scen.add_argument("--verbose", "-v", action="store_true")

    content = sub.add_parser("content", help="list the content ids")
    content.add_argument("--json", action="store_true")

    sub.add_parser("selftest", help="validate content and play one seeded game")

    fuzz = sub.add_parser("fuzz", help="random matches with invariants checked after every action")
    fuzz.add_argument("--games", type=count, default=200)
    fuzz.add_argument("--seed", type=seed, default=0)
    fuzz.add_argument(
        "--replay-every", type=every, default=1, help="replay every Nth game (0: none)"
    )
    fuzz.add_argument(
        "--missions-every", type=every, default=5, help="every Nth game is a Mission (0: none)"
    )
    fuzz.add_argument(
        "--adventures-every",
        type=every,
        default=7,
        help="every Nth game is one Adventures scenario (0: none)",
    )
    fuzz.add_argument("--json", action="store_true", help="print one JSON object as the last line")

    rep = sub.add_parser("replay", help="re-run a replay, duel save or crash report and verify it")
    rep.add_argument("file")
    rep.add_argument("--print-log", action="store_true", help="print the match log")

    demo = sub.add_parser("demo", help="open the window and let the computer play itself")
    demo.add_argument("--mode", default="duel", choices=(*MODES, *DEMO_MODES))
    demo.add_argument("--seconds", type=seconds, default=30.0)
    demo.add_argument(
        "--screenshots", type=out_folder, default=None, help="folder for PNGs of key moments"
    )
    demo.add_argument("--seed", type=seed, default=7)
    demo.add_argument("--speed", default="fast", choices=tuple(SPEEDS))
    demo.add_argument("--mission", default="harbor_heist", help="--mode missions: mission id")
    demo.add_argument("--heroes", default="", help="--mode missions: 1-4 hero ids, comma-separated")
    demo.add_argument("--difficulty", default=None, help="--mode adventure: easy .. heroic")
    demo.add_argument(
        "--size", type=window_size, default=None, help="window size WxH (default: 1280x720)"
    )
    demo.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="interface scale 0.75-2.0, where it fits the window (default: 1.0)",
    )

    msim = sub.add_parser("mission-sim", help="computer Heroes play whole Missions headless")
    msim.add_argument("--mission", required=True)
    msim.add_argument("--heroes", default="barbarian")
    msim.add_argument("--games", type=count, default=20)
    msim.add_argument("--seed", type=seed, default=0)
    msim.add_argument(
        "--difficulty-up", type=int_range(0, 4), default=0, help="increased difficulty 0-4"
    )
    msim.add_argument("--json", action="store_true", help="print one JSON object")

    srv = sub.add_parser("serve", help="run an online game server (see docs/online.md)")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on")
    srv.add_argument("--port", type=int_range(0, 65535), default=7777, help="0 picks a free port")
    srv.add_argument("--certfile", default=None, help="TLS certificate (PEM); needs --keyfile")
    srv.add_argument("--keyfile", default=None, help="TLS private key (PEM)")
    srv.add_argument("--rooms-dir", default=None, help="room files (default: user data folder)")
    srv.add_argument("--workers", type=count, default=1, help="processes for computer seats")
    srv.add_argument("--rate", type=seconds, default=20.0, help="messages a second per connection")
    srv.add_argument(
        "--grace",
        type=seconds_or_zero,
        default=0.0,
        help="seconds before the computer plays for a disconnected person (0: never)",
    )
    srv.add_argument(
        "--conns-per-address",
        type=count,
        default=CONNS_PER_ADDRESS,
        help="connections open at once from one address (loopback exempt)",
    )
    srv.add_argument(
        "--rooms-per-address",
        type=count,
        default=ROOMS_PER_ADDRESS,
        help=f"rooms one address may create in {ROOMS_WINDOW / 60:.0f} minutes (loopback exempt)",
    )
    srv.add_argument(
        "--limit-loopback",
        action="store_true",
        help="apply the per-address limits to this machine's own connections too",
    )

    gal = sub.add_parser("gallery", help="render every portrait, card and die set to PNGs")
    gal.add_argument("--out", required=True, type=out_folder, help="a folder (made if missing)")
    gal.add_argument(
        "--scenes",
        action="store_true",
        help="also play the duel, Missions and Adventures demos at each size and keep their "
        "screenshots (a few minutes)",
    )

    uicheck = sub.add_parser("uicheck", help="the layout check: every scene, size and scale")
    uicheck.add_argument("--json", action="store_true", help="print one JSON object of totals")
    uicheck.add_argument("--scenes", default="", help="comma-separated scene names (default all)")

    try:  # an argparse error (usage, message) returns 2 here rather than leaving by SystemExit
        args = parser.parse_args(argv)
        by_command = {"sim": sim, "demo": demo, "mission-sim": msim, "fuzz": fuzz, "play": play}
        by_command["serve"] = srv
        by_command["uicheck"] = uicheck
        check_single_values(by_command.get(args.command, parser), args)
        _check_names(by_command.get(args.command, parser), args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    logging.basicConfig(
        level=getattr(logging, args.log_level), format="%(levelname)s %(name)s: %(message)s"
    )
    command = args.command or "play"
    if command == "fuzz":
        return cmd_fuzz(args)
    if command == "replay":
        return cmd_replay(args.file, args.print_log)
    if command == "play":
        return cmd_play(getattr(args, "headless", False), getattr(args, "seed", None))
    if command == "sim":
        return cmd_sim(args)
    if command == "serve":
        from game.online.server import main as serve_main

        return serve_main(args)
    if command == "uicheck":
        return cmd_uicheck(args)
    if command == "mission-sim":
        from game.missions.sim import main as mission_sim

        return mission_sim(args)
    if command == "scenario":
        from game.scenario import main as scenario_main

        return scenario_main(args.paths, verbose=args.verbose)
    if command == "content":
        return cmd_content(args.json)
    if command == "gallery":
        from game.ui.gallery import main as gallery_main

        return gallery_main(Path(args.out), scenes=args.scenes)
    if command == "selftest":
        return cmd_selftest()
    if command == "demo":
        from game.ui.demo import run_demo

        if args.mode == "adventure":
            from game.ui.demo import run_adventure_demo

            heroes = [h.strip() for h in args.heroes.split(",") if h.strip()] or None
            return run_adventure_demo(
                heroes,
                args.difficulty or "normal",
                args.seconds,
                args.screenshots,
                args.seed,
                args.speed,
                args.size,
                args.scale,
            )
        if args.mode == "missions":
            from game.ui.demo import run_mission_demo

            heroes = [h.strip() for h in args.heroes.split(",") if h.strip()] or ["barbarian"]
            return run_mission_demo(
                args.mission,
                heroes,
                args.seconds,
                args.screenshots,
                args.seed,
                args.speed,
                args.size,
                args.scale,
            )
        return run_demo(
            args.mode, args.seconds, args.screenshots, args.seed, args.speed, args.size, args.scale
        )
    parser.print_help()
    return 2


def _check_names(parser: argparse.ArgumentParser, args) -> None:
    """Hero, mission, difficulty and boss names given on the command line must exist (an
    argparse error otherwise). Content is loaded only for the flags given; a content error is
    left to the command, which reports it."""
    from game.cli_args import check_known, id_list
    from game.content.loader import ContentError

    try:
        if getattr(args, "heroes", None):
            from game.content.loader import default_content

            heroes = default_content().heroes
            check_known(parser, "--heroes", id_list(args.heroes), heroes, "hero")
        if getattr(args, "mission", None):
            from game.missions.content import default_missions

            missions = default_missions().missions
            check_known(parser, "--mission", [args.mission], missions, "mission")
        if getattr(args, "difficulty", None):
            from game.adventures.content import default_adventures

            known = default_adventures().difficulties
            check_known(parser, "--difficulty", [args.difficulty], known, "difficulty")
    except ContentError:
        return
    if getattr(args, "boss", None):
        from game.adventures.boss_modes import BOSSES

        check_known(parser, "--boss", id_list(args.boss), BOSSES, "boss")
    if args.command == "uicheck" and args.scenes:
        from game.ui.layoutcheck import SCENES

        names = [n for n in args.scenes.split(",") if n]
        check_known(parser, "--scenes", names, SCENES, "scene")


def _controllers(kind: str, seed: int, seats: int) -> list:
    from game.ai import make_ai

    return [make_ai(kind, seed * 7919 + i) for i in range(seats)]


def cmd_sim(args) -> int:
    from game.content.loader import ContentError, default_content
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    try:
        content = default_content()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    if args.mode == "missions":
        from game.missions.sim import main_sim

        return main_sim(args, content)
    if args.mode in ("boss_vs_many", "boss_vs_boss"):  # Adventures rule 54
        from game.adventures.boss_modes_sim import main_sim as boss_modes_sim

        return boss_modes_sim(args, content)
    if args.mode == "adventure":
        from game.adventures.sim import main_sim as adventure_sim

        return adventure_sim(args, content)
    if args.heroes is None:
        args.heroes = "gunslinger,barbarian"
    if args.games is None:
        args.games = 100
    heroes = [h.strip() for h in args.heroes.split(",") if h.strip()]
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown:
        print(
            f"unknown hero(es): {', '.join(unknown)}; known: {', '.join(sorted(content.heroes))}",
            file=sys.stderr,
        )
        return 2
    from game.modes.variants import MODES

    if args.mode not in MODES:
        print(f"unknown mode '{args.mode}' (known: {', '.join(MODES)})", file=sys.stderr)
        return 2
    try:
        _controllers(args.ai, 0, 1)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.mode != "duel":
        return _sim_variant(args, heroes, content)
    if len(heroes) != 2:
        print("a duel needs exactly two heroes (--heroes a,b)", file=sys.stderr)
        return 2
    wins = {h: 0 for h in heroes}
    wins_by_seat = [0, 0]
    draws = errors = timeouts = actions = 0
    turns = []
    failures = []
    digests = hashlib.sha256()
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        order = heroes if index % 2 == 0 else heroes[::-1]
        try:
            engine = Engine.new_match(duel_setup(order, seed), content, keep_log=False)
            result = play_out(engine, _controllers(args.ai, seed, 2))
            engine.close()
        except Exception as exc:
            errors += 1
            failures.append(
                {
                    "seed": seed,
                    "heroes": order,
                    "message": f"{type(exc).__name__}: {exc}",
                    "trace": traceback.format_exc(limit=6),
                }
            )
            continue
        digests.update(result.digest.encode())
        turns.append(result.turns)
        actions += result.actions
        if result.timed_out:
            timeouts += 1
        if result.draw:
            draws += 1
        else:
            winner = order[result.winner_team]
            wins[winner] = wins.get(winner, 0) + 1
            wins_by_seat[result.winner_team] += 1
    elapsed = time.perf_counter() - started
    summary = {
        "mode": "duel",
        "heroes": heroes,
        "ai": args.ai,
        "games": args.games,
        "errors": errors,
        "draws": draws,
        "timeouts": timeouts,
        "wins": wins,
        "wins_by_seat": wins_by_seat,
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else 0.0,
        "actions": actions,  # decisions the players answered (a measure of engine steps)
        "games_per_second": round(args.games / elapsed, 2) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 2),
        "digest": digests.hexdigest(),
        "failures": failures[:20],
    }
    if not args.json:
        print(
            f"{args.games} games, {errors} errors, {draws} draws, wins {wins}, "
            f"mean {summary['mean_turns']} turns, {summary['games_per_second']} games/s"
        )
        for failure in failures[:5]:
            print(f"seed {failure['seed']}: {failure['message']}")
    print(json.dumps(summary))
    return 0 if errors == 0 else 1


def _sim_variant(args, heroes: list[str], content) -> int:
    """`sim` for team and free-for-all formats. Game i turns the table by i teams (King of the
    Hill: i seats), so every team sits in every position; `wins` counts by team (heroes joined
    with "+") or, in King of the Hill, by hero."""
    from game.modes.duel import play_out
    from game.modes.variants import SEATS, TEAM_SIZE, setup_for
    from game.rules.engine import Engine

    mode = args.mode
    seats = SEATS[mode]
    if len(heroes) != seats:
        print(
            f"mode {mode} needs exactly {seats} heroes in seating order (--heroes a,b,...)",
            file=sys.stderr,
        )
        return 2
    size = TEAM_SIZE[mode]
    labels = ["+".join(heroes[i : i + size]) for i in range(0, seats, size)]
    if len(set(labels)) < len(labels):  # the same heroes on two sides: tell them apart
        labels = [f"{i + 1}:{label}" for i, label in enumerate(labels)]
    wins = {label: 0 for label in labels}
    wins_by_seat = [0] * (seats // size)  # by the position the winning team sat in
    draws = errors = timeouts = 0
    turns = []
    failures = []
    digests = hashlib.sha256()
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        shift = (index % len(labels)) * size
        order = heroes[shift:] + heroes[:shift]
        try:
            setup = setup_for(mode, order, seed, turn_limit=400)
            engine = Engine.new_match(setup, content, keep_log=False)
            result = play_out(engine, _controllers(args.ai, seed, seats))
            engine.close()
        except Exception as exc:
            errors += 1
            failures.append(
                {
                    "seed": seed,
                    "heroes": order,
                    "message": f"{type(exc).__name__}: {exc}",
                    "trace": traceback.format_exc(limit=6),
                }
            )
            continue
        digests.update(result.digest.encode())
        turns.append(result.turns)
        if result.timed_out:
            timeouts += 1
        if result.draw:
            draws += 1
        else:
            team = result.winner_team  # the position it sat in this game
            label = labels[(team + index) % len(labels)]  # the side as listed in --heroes
            wins[label] += 1
            wins_by_seat[team] += 1
    elapsed = time.perf_counter() - started
    summary = {
        "mode": mode,
        "heroes": heroes,
        "ai": args.ai,
        "games": args.games,
        "errors": errors,
        "draws": draws,
        "timeouts": timeouts,
        "wins": wins,
        "wins_by_seat": wins_by_seat,
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else 0.0,
        "games_per_second": round(args.games / elapsed, 2) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 2),
        "digest": digests.hexdigest(),
        "failures": failures[:20],
    }
    if not args.json:
        print(
            f"{args.games} {mode} games, {errors} errors, {draws} draws, wins {wins}, "
            f"mean {summary['mean_turns']} turns, {summary['games_per_second']} games/s"
        )
        for failure in failures[:5]:
            print(f"seed {failure['seed']}: {failure['message']}")
    print(json.dumps(summary))
    return 0 if errors == 0 else 1


def cmd_content(as_json: bool) -> int:
    from game.content.loader import ContentError, default_content

    try:
        db = default_content()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    ids = db.ids()
    try:
        from game.missions.content import default_missions

        ids["missions"] = default_missions().ids()["missions"]
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    try:
        from game.adventures.content import default_adventures

        ids["adventures"] = default_adventures().ids()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(ids))
    else:
        for kind, items in ids.items():
            if isinstance(items, dict):  # adventures: tiles, scenarios, difficulties, loot
                for sub, names in items.items():
                    print(f"{kind}.{sub}: {', '.join(names)}")
                continue
            print(f"{kind}: {', '.join(items)}")
    return 0


def cmd_selftest() -> int:
    from game.content.loader import ContentError, default_content
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    try:
        db = default_content()
    except ContentError as exc:
        print(f"selftest: content error: {exc}")
        return 1
    heroes = sorted(db.heroes)[:2]
    engine = Engine.new_match(duel_setup(heroes, seed=20261122), db, keep_log=False)
    result = play_out(engine, _controllers("simple", 1, 2))
    replayed_ok = True
    from game.rules.engine import replay

    again = replay(engine.setup, engine.actions, db)
    replayed_ok = again.digest() == result.digest
    again.close()
    engine.close()
    counts = {k: len(v) for k, v in db.ids().items()}
    ok = (result.draw or result.winner_team is not None) and replayed_ok
    print(
        f"selftest: content {counts}; one duel of {result.turns} turns, "
        f"{result.actions} actions; replay {'matches' if replayed_ok else 'DIFFERS'}; "
        f"{'ok' if ok else 'FAILED'}"
    )
    return 0 if ok else 1


def cmd_fuzz(args) -> int:
    from game.fuzz import run_fuzz

    def progress(done: int, report) -> None:
        if not args.json:
            print(f"{done} games, {report.actions} actions, {report.errors} errors", flush=True)

    report = run_fuzz(
        args.games,
        args.seed,
        args.replay_every,
        progress,
        missions_every=args.missions_every,
        adventures_every=args.adventures_every,
    )
    for failure in report.failures:
        print(f"FAILED seed {failure['seed']}: {failure['message']}", file=sys.stderr)
    summary = report.to_json()
    if not args.json:
        print(
            f"{summary['games']} games, {summary['actions']} actions, {summary['errors']} errors, "
            f"{summary['replays_checked']} replays verified, {summary['games_per_second']} games/s"
        )
    print(json.dumps(summary))
    return 0 if report.errors == 0 else 1


def cmd_replay(file: str, print_log: bool) -> int:
    """Re-run a replay, duel save, crash report, mission save or campaign slot (exit codes in
    game/persistence/verify.py)."""
    from pathlib import Path

    from game.persistence.verify import replay_file

    return replay_file(Path(file), print_log)


def cmd_play(headless: bool, seed: int | None) -> int:
    if not headless:
        try:
            from game.ui.app import run_app
        except ImportError:
            run_app = None
        if run_app is not None:
            return run_app()
    return _headless_duel(seed if seed is not None else int(time.time()) % 100000)


def _headless_duel(seed: int) -> int:
    from game.modes.duel import duel_setup, play_out
    from game.rules.engine import Engine

    engine = Engine.new_match(duel_setup(["gunslinger", "barbarian"], seed))
    result = play_out(engine, _controllers("simple", seed, 2))
    for event in engine.log:
        if event.text:
            print(event.text)
    print(f"(seed {seed}: {result.turns} turns)")
    engine.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(sys.argv[1:]))


def cmd_uicheck(args) -> int:
    """Render every scene at every checked size and scale; list what lies outside its place."""
    import os
    import tempfile

    os.environ.setdefault("DICE_THRONE_HOME", tempfile.mkdtemp(prefix="uicheck-"))
    from game.ui.layoutcheck import run as run_check

    names = [n for n in args.scenes.split(",") if n] or None
    totals, found = run_check(names)
    if args.json:
        print(json.dumps(totals))
    else:
        for problem in found:
            print(problem)
        print(totals)
    return 0 if not found else 1
