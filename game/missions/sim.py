"""Headless missions: computer Heroes play whole missions (`python -m game mission-sim`)."""

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
