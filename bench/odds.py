"""`python -m bench odds [--json]`: the first odds display for every hero, in a fresh process.

The duel board shows, during the Offensive Roll, the chance of each ability row on the
player's board (`game.ai.odds.odds`, solved in the computer's worker process). The first call
for a hero builds a value table and an exact solve per distinct requirement; later calls are
lookups. For each hero this starts a fresh Python process (so nothing is cached from another
hero), loads the content, imports the odds module, then times:

- `first_ms`: the first call, before the first roll (every offensive and Ultimate row of the
  board at level 1, three attempts), in CPU time of the process (`time.process_time`) and in
  wall time (`first_wall_ms`);
- `after_roll_ms`: the next call, with a rolled hand of dice and two attempts left.

Issue 18's target: the first odds display for any hero <= 5 ms.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_ONE = """
import json, sys, time
from game.content.loader import default_content
content = default_content()
hero = content.heroes[sys.argv[1]]
t0 = time.process_time()
from game.ai.odds import odds
import_ms = (time.process_time() - t0) * 1000
abilities = []
for slot in hero.slots:
    if slot.kind in ("offensive", "ultimate"):
        abilities.extend(slot.levels[1])
w0, c0 = time.perf_counter(), time.process_time()
first = odds(hero, abilities, None, 3)
c1, w1 = time.process_time(), time.perf_counter()
odds(hero, abilities, (1, 2, 3, 4, 6), 2)
c2 = time.process_time()
print(json.dumps({
    "hero": hero.id, "rows": len(first), "import_ms": round(import_ms, 2),
    "first_ms": round((c1 - c0) * 1000, 2), "first_wall_ms": round((w1 - w0) * 1000, 2),
    "after_roll_ms": round((c2 - c1) * 1000, 3),
}))
"""


def bench_odds(heroes: list[str] | None = None, repeats: int = 3) -> dict:
    """Per hero the median of `repeats` fresh processes; the slowest hero's figure on top."""
    from game.content.loader import default_content

    names = heroes or sorted(default_content().heroes)
    tree = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(tree)}
    per_hero = {}
    for name in names:
        runs = []
        for _ in range(repeats):
            done = subprocess.run(
                [sys.executable, "-c", _ONE, name],
                cwd=tree,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        runs.sort(key=lambda r: r["first_ms"])
        per_hero[name] = runs[len(runs) // 2]
    slowest = max(per_hero.values(), key=lambda r: r["first_ms"])
    return {
        "first_odds_ms_max": slowest["first_ms"],
        "first_odds_slowest_hero": slowest["hero"],
        "first_odds_ms_median": sorted(r["first_ms"] for r in per_hero.values())[
            len(per_hero) // 2
        ],
        "target_ms": 5.0,
        "heroes": per_hero,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
