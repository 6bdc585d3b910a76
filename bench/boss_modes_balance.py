"""Balance of Boss vs Many and Boss vs Boss (rule 54) with computer players on every seat.

    python -m bench.boss_modes_balance --games 50 --duels 60 --ai normal

* Boss vs Many: for 2, 3 and 4 heroes, `--games` seeded games (0: skip); game i draws its
  heroes from EIGHT by seed i and faces Boss i mod 4. Prints the Boss's wins and the mean turns.
* Boss vs Boss: every pairing of the four Bosses, `--duels` seeded duels with the seats swapped
  every other duel. Prints each Boss's win rate and each pairing's split.
Errors are counted, never raised.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections import Counter

EIGHT = (
    "barbarian",
    "monk",
    "paladin",
    "gunslinger",
    "moon_elf",
    "pyromancer",
    "shadow_thief",
    "huntress",
)


def main() -> None:
    from game.adventures.boss_modes import BOSS_VS_BOSS, BOSS_VS_MANY, BOSSES
    from game.adventures.boss_modes_sim import play_one
    from game.content.loader import default_content

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--duels", type=int, default=60)
    parser.add_argument("--ai", default="normal")
    parser.add_argument(
        "--health", default="", help="try Boss vs Boss Health: boss=N,boss=N (for tuning)"
    )
    args = parser.parse_args()
    from game.adventures import boss_modes

    for item in filter(None, args.health.split(",")):
        boss, value = item.split("=")
        boss_modes.BOSS_VS_BOSS_HEALTH[boss] = int(value)
    content = default_content()
    started = time.perf_counter()
    errors = 0
    many = {}
    for size in (2, 3, 4):
        wins = turns = 0
        for i in range(args.games):
            heroes = random.Random(1000 * size + i).sample(EIGHT, size)
            try:
                _s, engine, result = play_one(
                    BOSS_VS_MANY, heroes, [BOSSES[i % 4]], i, args.ai, content
                )
                wins += result.winner_team == 1
                turns += result.turns
                engine.close()
            except Exception:  # counted and reported
                errors += 1
        many[size] = {"boss_wins": wins, "mean_turns": round(turns / max(1, args.games), 1)}
    per_boss: Counter[str] = Counter()
    played: Counter[str] = Counter()
    pairings = {}
    for a, b in itertools.combinations(BOSSES, 2):
        wins_a = 0
        for i in range(args.duels):
            pair = [a, b] if i % 2 == 0 else [b, a]
            try:
                _s, engine, result = play_one(BOSS_VS_BOSS, [], pair, i, args.ai, content)
                winner = None if result.winner_team is None else pair[result.winner_team]
                engine.close()
            except Exception:  # counted and reported
                errors += 1
                continue
            played[a] += 1
            played[b] += 1
            if winner is not None:
                per_boss[winner] += 1
            wins_a += winner == a
        pairings[f"{a}-{b}"] = f"{wins_a}/{args.duels}"
    print(
        json.dumps(
            {
                "ai": args.ai,
                "boss_vs_boss_health": boss_modes.BOSS_VS_BOSS_HEALTH,
                "boss_vs_many": many,
                "boss_vs_boss_win_rate": {
                    b: round(per_boss[b] / max(1, played[b]), 2) for b in BOSSES
                },
                "pairings": pairings,
                "errors": errors,
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
