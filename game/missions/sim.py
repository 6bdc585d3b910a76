"""Headless missions: computer Heroes play whole missions.

`python -m game sim --mode missions --mission ID --heroes a[,b,c,d] --seed S --json` plays one
mission (`play_one`); without --mission, or with --games N, it plays a batch (`run_batch`):
game i takes mission i mod M and 1 + (i div M) mod 4 Heroes drawn by seed, and the summary gives
the computer's win rate per mission and per team size. `python -m game mission-sim` is the
older form (one mission, one team, N games; `run`)."""

from __future__ import annotations

import hashlib
import json
import sys
import time
import traceback

from game.missions import perks
from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup

MAX_DECISIONS = 50_000


def play_mission(setup: MissionSetup, controllers=None) -> MissionEngine:
    engine = MissionEngine(setup)
    ais = controllers or [MissionAI(setup.seed + i) for i in range(len(setup.heroes))]
    steps = 0
    while not engine.over:
        choice = engine.pending
        engine.apply(ais[choice.player].decide(engine, choice))
        steps += 1
        if steps > MAX_DECISIONS:
            raise RuntimeError("the mission made no progress")
    return engine


def run(mission: str, heroes: list[str], games: int, seed: int, difficulty_up: int = 0) -> dict:
    wins = losses = errors = 0
    rounds: list[int] = []
    perk_points = 0
    sides = [0, 0, 0]
    unsupported: dict[str, int] = {}
    failures = []
    digest = hashlib.sha256()
    started = time.perf_counter()
    for index in range(games):
        setup = MissionSetup(mission, tuple(heroes), seed=seed + index, difficulty_up=difficulty_up)
        try:
            engine = play_mission(setup)
        except Exception as exc:
            errors += 1
            failures.append(
                {
                    "seed": setup.seed,
                    "message": f"{type(exc).__name__}: {exc}",
                    "trace": traceback.format_exc(limit=6),
                }
            )
            continue
        result = engine.result()
        digest.update(
            json.dumps([result, [a.to_json() for a in engine.actions]], sort_keys=True).encode()
        )
        wins += result["result"] == "won"
        losses += result["result"] == "lost"
        rounds.append(result["rounds"])
        sides[result["sides_completed"]] += 1
        perk_points += perks.perk_points(result, perks.PerkSheet("sim"))
        for verb, count in engine.unsupported.items():
            unsupported[verb] = unsupported.get(verb, 0) + count
        engine.world.close()
    elapsed = time.perf_counter() - started
    return {
        "mode": "missions",
        "mission": mission,
        "heroes": heroes,
        "games": games,
        "seed": seed,
        "wins": wins,
        "losses": losses,
        "errors": errors,
        "win_rate": round(wins / max(1, games - errors), 3),
        "sides_completed": {str(i): n for i, n in enumerate(sides)},
        "perk_points": perk_points,
        "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 2),
        "unsupported_effects": unsupported,
        "digest": digest.hexdigest(),
        "failures": failures[:10],
    }


def play_one(mission: str, heroes: list[str], seed: int, difficulty_up: int = 0) -> dict:
    """One seeded mission by computer Heroes: the JSON the issue names (sides_completed,
    result, rounds, perk_points, errors) plus the setup and a digest of the actions."""
    setup = MissionSetup(mission, tuple(heroes), seed=seed, difficulty_up=difficulty_up)
    out = {"mode": "missions", "mission": mission, "heroes": list(heroes), "seed": seed}
    try:
        engine = play_mission(setup)
    except Exception as exc:
        out.update(
            sides_completed=0,
            result="error",
            rounds=0,
            perk_points=0,
            errors=1,
            failures=[
                {
                    "seed": seed,
                    "message": f"{type(exc).__name__}: {exc}",
                    "trace": traceback.format_exc(limit=6),
                }
            ],
        )
        return out
    result = engine.result()
    out.update(
        sides_completed=result["sides_completed"],
        result=result["result"],
        rounds=result["rounds"],
        perk_points=perks.perk_points(result, perks.PerkSheet("sim")),
        errors=0,
        perfect=result["perfect"],
        difficulty=result["difficulty"],
        unsupported_effects=dict(engine.unsupported),
        digest=hashlib.sha256(
            json.dumps([result, [a.to_json() for a in engine.actions]], sort_keys=True).encode()
        ).hexdigest(),
    )
    engine.world.close()
    return out


def batch_team(index: int, seed: int, missions: list[str], pool: list[str]) -> tuple[str, list]:
    """Game `index` of a batch: its mission and its Heroes (1-4, distinct, drawn by seed)."""
    from game.rules.rng import seed_state, shuffle

    mission = missions[index % len(missions)]
    count = 1 + (index // len(missions)) % 4
    order = sorted(pool)
    shuffle(seed_state(seed * 1_000_003 + index), order)
    return mission, order[:count]


def run_batch(
    games: int,
    seed: int,
    missions: list[str],
    pool: list[str],
    difficulty_up: int = 0,
    fixed_heroes: list[str] | None = None,
) -> dict:
    """`games` missions spread over `missions` and team sizes 1-4 (or one fixed team)."""
    per_mission: dict[str, dict] = {}
    per_size: dict[str, dict] = {}
    errors = 0
    failures = []
    unsupported: dict[str, int] = {}
    digest = hashlib.sha256()
    started = time.perf_counter()
    for index in range(games):
        mission, heroes = batch_team(index, seed, missions, pool)
        if fixed_heroes:
            heroes = list(fixed_heroes)
        one = play_one(mission, heroes, seed + index, difficulty_up)
        for table, key in ((per_mission, mission), (per_size, str(len(heroes)))):
            row = table.setdefault(key, {"games": 0, "wins": 0, "errors": 0, "rounds": 0})
            row["games"] += 1
            row["wins"] += one["result"] == "won"
            row["errors"] += one["errors"]
            row["rounds"] += one["rounds"]
        if one["errors"]:
            errors += 1
            failures.extend({**f, "mission": mission, "heroes": heroes} for f in one["failures"])
        else:
            digest.update(one["digest"].encode())
            for verb, count in one["unsupported_effects"].items():
                unsupported[verb] = unsupported.get(verb, 0) + count
    for table in (per_mission, per_size):
        for row in table.values():
            played = row["games"] - row["errors"]
            row["win_rate"] = round(row["wins"] / max(1, played), 3)
            row["mean_rounds"] = round(row.pop("rounds") / max(1, played), 1)
    elapsed = time.perf_counter() - started
    wins = sum(r["wins"] for r in per_mission.values())
    return {
        "mode": "missions",
        "games": games,
        "seed": seed,
        "difficulty_up": difficulty_up,
        "wins": wins,
        "errors": errors,
        "win_rate": round(wins / max(1, games - errors), 3),
        "missions": per_mission,
        "team_sizes": per_size,
        "unsupported_effects": dict(sorted(unsupported.items())),
        "seconds": round(elapsed, 2),
        "digest": digest.hexdigest(),
        "failures": failures[:10],
    }


def main_sim(args, content) -> int:
    """`python -m game sim --mode missions ...` (see the module docstring)."""
    from game.content.loader import ContentError
    from game.missions.content import default_missions

    try:
        db = default_missions()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    heroes = [h.strip() for h in (args.heroes or "").split(",") if h.strip()]
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown or len(heroes) > 4:
        print(
            f"give 1-4 known heroes (known: {', '.join(sorted(content.heroes))})", file=sys.stderr
        )
        return 2
    mission = getattr(args, "mission", None)
    if mission is not None and mission not in db.missions:
        print(
            f"unknown mission '{mission}' (known: {', '.join(sorted(db.missions))})",
            file=sys.stderr,
        )
        return 2
    up = getattr(args, "difficulty_up", 0) or 0
    if mission is not None and args.games is None:
        one = play_one(mission, heroes or ["barbarian"], args.seed, up)
        if not args.json:
            print(
                f"{mission} with {', '.join(one['heroes'])}: {one['result']}, "
                f"{one['sides_completed']} sides, {one['rounds']} rounds, "
                f"{one['perk_points']} Perk Points, {one['errors']} errors"
            )
        print(json.dumps(one))
        return 1 if one["errors"] else 0
    missions = [mission] if mission else sorted(db.missions)
    games = args.games if args.games is not None else 4 * len(missions)
    summary = run_batch(
        games, args.seed, missions, sorted(content.heroes), up, fixed_heroes=heroes or None
    )
    if not args.json:
        print(f"{games} missions, {summary['wins']} won, {summary['errors']} errors")
        for mid, row in sorted(summary["missions"].items()):
            diff = db.missions[mid].difficulty
            print(
                f"  {mid:<20} difficulty {diff}: computer won {row['wins']}/{row['games']} "
                f"({100 * row['win_rate']:.0f} %), mean {row['mean_rounds']} rounds"
            )
        for size, row in sorted(summary["team_sizes"].items()):
            print(
                f"  {size} hero(es): won {row['wins']}/{row['games']} "
                f"({100 * row['win_rate']:.0f} %)"
            )
        for failure in summary["failures"][:5]:
            print(f"  seed {failure['seed']} {failure['mission']}: {failure['message']}")
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


def main(args) -> int:
    from game.content.loader import ContentError, default_content
    from game.missions.content import default_missions

    try:
        content = default_content()
        db = default_missions()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    heroes = [h.strip() for h in args.heroes.split(",") if h.strip()]
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown or not 1 <= len(heroes) <= 4:
        print(
            f"give 1-4 known heroes (known: {', '.join(sorted(content.heroes))})", file=sys.stderr
        )
        return 2
    if args.mission not in db.missions:
        print(
            f"unknown mission '{args.mission}' (known: {', '.join(sorted(db.missions))})",
            file=sys.stderr,
        )
        return 2
    summary = run(args.mission, heroes, args.games, args.seed, args.difficulty_up)
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['games']} missions, {summary['wins']} won, {summary['errors']} errors, "
            f"mean {summary['mean_rounds']} rounds, {summary['games_per_second']} games/s"
        )
    return 1 if summary["errors"] else 0
