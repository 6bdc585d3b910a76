"""How a computer-run Boss uses its Main Phase Action cards in Boss vs Many (rule 54).

    python -m bench.boss_cards --games 50 --ai normal

Plays `--games` seeded Boss vs Many games (game i: heroes barbarian+monk, boss i mod 4, seed i)
with every seat run by the duel computer of `--ai`, and counts, for the Boss's seat, the Main
Phase Action cards played and sold (damage / status cards - those aimed at an opponent - apart).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter


def main() -> None:
    from game.adventures.boss_modes import BOSSES
    from game.adventures.boss_modes_sim import play_one
    from game.content.loader import default_content

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--ai", default="normal")
    args = parser.parse_args()
    content = default_content()
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    for i in range(args.games):
        boss = BOSSES[i % len(BOSSES)]
        _setup, engine, _result = play_one(
            "boss_vs_many", ["barbarian", "monk"], [boss], i, args.ai, content, keep_log=True
        )
        actions = {a.card for a in content.bosses[boss].actions}
        seat = len(engine.setup.seats) - 1
        for event in engine.log:
            if event.kind not in ("card_played", "card_sold") or event.data.get("player") != seat:
                continue
            if event.data.get("card_id") not in actions:
                continue
            cdef = content.cards[event.data["card_id"]]
            if cdef.type != "main":
                continue
            aimed = any(fx.get("target") == "opponent" for fx in cdef.effects)
            what = "played" if event.kind == "card_played" else "sold"
            counts[f"{'aimed' if aimed else 'own'}_{what}"] += 1
        engine.close()
    counts_out = dict(sorted(counts.items()))
    print(
        json.dumps(
            {
                "games": args.games,
                "ai": args.ai,
                "seconds": round(time.perf_counter() - started, 1),
                **counts_out,
            }
        )
    )


if __name__ == "__main__":
    main()
