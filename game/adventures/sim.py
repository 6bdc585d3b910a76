"""Headless Adventures: computer heroes play whole campaigns.

`python -m game sim --mode adventure --heroes a,b --difficulty normal --seed S --json` plays one
campaign (`play_campaign`) and prints `scenarios` (number, kind, card, result, session_score),
`campaign_score`, `completed` and `errors`. With `--games N` it plays N seeded campaigns
(`run_batch`): campaign i takes 1 + i mod 4 heroes (drawn by seed, or the --heroes given) and,
without --difficulty, difficulty i div 4 mod 4 (easy, normal, hard, heroic), and the summary
gives the completion rate per difficulty and team size. `--ai` sets the computer level.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import traceback

from game.adventures.ai import controllers_for
from game.adventures.campaign import new_campaign
from game.adventures.runner import CampaignRunner

MAX_DECISIONS = 400_000  # a harness guard for one campaign


def play_campaign(
    heroes: list[str],
    difficulty: str = "normal",
    seed: int = 0,
    level: str = "normal",
    *,
    slot: int | None = None,
    content=None,
    adv=None,
) -> dict:
    """One seeded campaign by computer heroes; never raises (errors are counted)."""
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    started = time.perf_counter()
    out: dict = {
        "mode": "adventure",
        "heroes": list(heroes),
        "difficulty": difficulty,
        "seed": seed,
        "ai": level,
        "scenarios": [],
        "campaign_score": 0,
        "completed": False,
        "errors": 0,
        "failures": [],
    }
    runner = None
    decisions = 0
    try:
        content = content or default_content()
        adv = adv or default_adventures()
        loot = {r: list(ids) for r, ids in adv.loot_cards.items()}
        team = [(h, f"Computer {i + 1}", level) for i, h in enumerate(heroes)]
        campaign = new_campaign(difficulty, "Computer Team", team, seed, content, loot)
        runner = CampaignRunner(
            campaign, slot=slot, autosave=slot is not None, content=content, adv=adv
        )
        controllers = controllers_for(campaign, seed)
        while not runner.finished:
            choice = runner.pending
            if choice is None:  # pragma: no cover - a driver bug
                raise RuntimeError("the campaign is running but nobody has a decision")
            runner.apply(controllers[choice.player].decide(runner.target, choice))
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"the campaign exceeded {MAX_DECISIONS} decisions")
    except Exception as exc:
        out["errors"] = 1
        out["failures"].append(
            {
                "seed": seed,
                "heroes": list(heroes),
                "difficulty": difficulty,
                "message": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=8),
            }
        )
    if runner is not None:
        out["scenarios"] = [
            {
                "number": s.number,
                "kind": s.kind,
                "card": s.card,
                "result": s.result,
                "session_score": s.session_score,
                "turns": s.turns,
            }
            for s in runner.summaries
        ]
        out["campaign_score"] = runner.campaign.score
        out["completed"] = runner.campaign.completed
        out["stopped"] = runner.stopped
        out["reached"] = runner.campaign.scenario
        runner.close()
    out["decisions"] = decisions
    out["seconds"] = round(time.perf_counter() - started, 2)
    out["digest"] = hashlib.sha256(
        json.dumps([out["scenarios"], out["campaign_score"]], sort_keys=True).encode()
    ).hexdigest()
    return out


def batch_team(index: int, seed: int, pool: list[str], fixed: list[str] | None) -> list[str]:
    from game.rules.rng import seed_state, shuffle

    if fixed:
        return list(fixed)
    count = 1 + index % 4
    order = sorted(pool)
    shuffle(seed_state(seed * 1_000_003 + index), order)
    return order[:count]


def run_batch(
    games: int,
    seed: int,
    pool: list[str],
    *,
    difficulty: str | None = None,
    fixed: list[str] | None = None,
    level: str = "normal",
    progress=None,
) -> dict:
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    content = default_content()
    adv = default_adventures()
    levels = list(adv.difficulties)
    per_diff: dict[str, dict] = {}
    per_size: dict[str, dict] = {}
    failures = []
    errors = 0
    digest = hashlib.sha256()
    started = time.perf_counter()
    for index in range(games):
        heroes = batch_team(index, seed, pool, fixed)
        diff = difficulty or levels[(index // 4) % len(levels)]
        one = play_campaign(heroes, diff, seed + index, level, content=content, adv=adv)
        for table, key in ((per_diff, diff), (per_size, str(len(heroes)))):
            row = table.setdefault(
                key, {"games": 0, "completed": 0, "errors": 0, "score": 0, "sessions": 0}
            )
            row["games"] += 1
            row["completed"] += bool(one["completed"])
            row["errors"] += one["errors"]
            row["score"] += one["campaign_score"] if one["completed"] else 0
            row["sessions"] += len(one["scenarios"])
        errors += one["errors"]
        failures.extend(one["failures"])
        digest.update(one["digest"].encode())
        if progress is not None:
            progress(index + 1, one)
    for table in (per_diff, per_size):
        for row in table.values():
            row["completion_rate"] = round(row["completed"] / max(1, row["games"]), 3)
            row["mean_score_completed"] = round(row.pop("score") / max(1, row["completed"]), 1)
            row["mean_sessions"] = round(row.pop("sessions") / max(1, row["games"]), 1)
    elapsed = time.perf_counter() - started
    return {
        "mode": "adventure",
        "games": games,
        "seed": seed,
        "ai": level,
        "errors": errors,
        "completed": sum(r["completed"] for r in per_diff.values()),
        "difficulties": per_diff,
        "team_sizes": per_size,
        "seconds": round(elapsed, 2),
        "seconds_per_campaign": round(elapsed / max(1, games), 2),
        "digest": digest.hexdigest(),
        "failures": failures[:10],
    }


def main_sim(args, content) -> int:
    """`python -m game sim --mode adventure ...` (see the module docstring)."""
    from game.adventures.content import default_adventures
    from game.content.loader import ContentError

    try:
        adv = default_adventures()
    except ContentError as exc:
        print(f"content error: {exc}", file=sys.stderr)
        return 2
    heroes = [h.strip() for h in (args.heroes or "").split(",") if h.strip()]
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown or len(heroes) > 4 or len(set(heroes)) != len(heroes):
        print(
            f"give 1-4 different known heroes (known: {', '.join(sorted(content.heroes))})",
            file=sys.stderr,
        )
        return 2
    difficulty = getattr(args, "difficulty", None)
    if difficulty is not None and difficulty not in adv.difficulties:
        known = ", ".join(adv.difficulties)
        print(f"unknown difficulty '{difficulty}' (known: {known})", file=sys.stderr)
        return 2
    level = args.ai
    if args.games is None:
        one = play_campaign(
            heroes or ["barbarian", "monk"], difficulty or "normal", args.seed, level
        )
        if not args.json:
            for s in one["scenarios"]:
                print(
                    f"  scenario {s['number']} ({s['kind']}, {s['card']}): {s['result']}, "
                    f"session score {s['session_score']}"
                )
            print(
                f"campaign {'completed' if one['completed'] else 'not completed'}, score "
                f"{one['campaign_score']}, {one['errors']} errors"
            )
            for failure in one["failures"]:
                print(failure["message"])
        print(json.dumps(one))
        return 1 if one["errors"] else 0

    def progress(done: int, one: dict) -> None:
        if not args.json:
            state = "completed" if one["completed"] else f"stopped at {one.get('reached')}"
            print(
                f"  {done}: {','.join(one['heroes'])} {one['difficulty']}: {state}, "
                f"score {one['campaign_score']}, {one['errors']} errors, {one['seconds']} s",
                flush=True,
            )

    summary = run_batch(
        args.games,
        args.seed,
        sorted(content.heroes),
        difficulty=difficulty,
        fixed=heroes or None,
        level=level,
        progress=progress,
    )
    if not args.json:
        print(
            f"{args.games} campaigns, {summary['completed']} completed, {summary['errors']} errors"
        )
        for key, row in summary["difficulties"].items():
            print(
                f"  {key:<8} completed {row['completed']}/{row['games']} "
                f"({100 * row['completion_rate']:.0f} %), errors {row['errors']}"
            )
        for failure in summary["failures"][:5]:
            print(f"  seed {failure['seed']} {failure['heroes']}: {failure['message']}")
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0
