"""`python -m game sim --mode boss_vs_many|boss_vs_boss`: seeded computer games of rule 54.

    python -m game sim --mode boss_vs_many --heroes barbarian,monk --boss mad_king --seed 3 --json
    python -m game sim --mode boss_vs_boss --boss fallen_barbarian,mad_king --games 50 --json

Every seat (the Boss too) is played by the duel computer of `--ai` (default normal). Without
`--boss`, Boss vs Many game *i* faces boss *i* mod 4 and Boss vs Boss pits boss *i* mod 4 against
boss (*i* + 1) mod 4. One game prints its winner and turns; `--games N` the Boss win rate (Boss
vs Many) or the wins per Boss (Boss vs Boss). Errors are counted, never raised.
"""

from __future__ import annotations

import json
import sys
import traceback

from game.adventures.boss_modes import (
    BOSS_VS_BOSS,
    BOSS_VS_MANY,
    BOSSES,
    boss_vs_boss_setup,
    boss_vs_many_setup,
)

TURN_LIMIT = 600  # a harness safety valve: a game this long counts as a draw


def _split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def play_one(
    mode: str,
    heroes: list[str],
    bosses: list[str],
    seed: int,
    ai: str,
    content,
    *,
    keep_log: bool = False,
):
    """Play one seeded game; returns (setup, engine, result)."""
    from game.ai import make_ai
    from game.modes.duel import play_out
    from game.rules.engine import Engine

    if mode == BOSS_VS_MANY:
        setup = boss_vs_many_setup(heroes, bosses[0], seed, turn_limit=TURN_LIMIT, content=content)
    else:
        setup = boss_vs_boss_setup(bosses, seed, turn_limit=TURN_LIMIT, content=content)
    engine = Engine.new_match(setup, content, keep_log=keep_log)
    controllers = [make_ai(ai, seed * 7919 + i) for i in range(len(setup.seats))]
    return setup, engine, play_out(engine, controllers)


def main_sim(args, content) -> int:
    mode = args.mode
    ai = args.ai or "simple"
    heroes = _split(args.heroes) if mode == BOSS_VS_MANY else []
    bosses = _split(getattr(args, "boss", None))
    want = 1 if mode == BOSS_VS_MANY else 2
    if bosses and len(bosses) != want:
        print(f"--boss: {mode} needs {want} boss id(s)", file=sys.stderr)
        return 2
    if mode == BOSS_VS_MANY and not 2 <= len(heroes) <= 4:
        print("--heroes: Boss vs Many needs 2-4 heroes (a,b[,c,d])", file=sys.stderr)
        return 2
    for boss in bosses:
        if boss not in content.bosses:
            print(f"unknown boss '{boss}' (known: {', '.join(BOSSES)})", file=sys.stderr)
            return 2
    for hero in heroes:
        if hero not in content.heroes:
            print(f"unknown hero '{hero}'", file=sys.stderr)
            return 2
    games = args.games or 1
    boss_wins = draws = errors = 0
    wins: dict[str, int] = {}
    turns: list[int] = []
    failures = []
    last = None
    for index in range(games):
        seed = args.seed + index
        pick = bosses or (
            [BOSSES[index % 4]]
            if mode == BOSS_VS_MANY
            else [BOSSES[index % 4], BOSSES[(index + 1) % 4]]
        )
        try:
            setup, engine, result = play_one(mode, heroes, pick, seed, ai, content)
            engine.close()
        except Exception as exc:  # counted and reported, never raised
            errors += 1
            failures.append(
                {
                    "seed": seed,
                    "bosses": pick,
                    "message": f"{type(exc).__name__}: {exc}",
                    "trace": traceback.format_exc(limit=6),
                }
            )
            continue
        turns.append(result.turns)
        if result.draw:
            draws += 1
            winner = None
        elif mode == BOSS_VS_MANY:
            winner = "boss" if result.winner_team == 1 else "heroes"
            boss_wins += winner == "boss"
        else:
            winner = f"{result.winner_team + 1}:{setup.seats[result.winner_team].hero}"
            wins[winner] = wins.get(winner, 0) + 1
        last = {"seed": seed, "bosses": pick, "winner": winner, "turns": result.turns}
    summary = {
        "mode": mode,
        "heroes": heroes,
        "bosses": bosses or "rotating",
        "ai": ai,
        "games": games,
        "errors": errors,
        "draws": draws,
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else 0.0,
        "failures": failures[:10],
    }
    if games == 1 and last is not None:
        summary.update(winner=last["winner"], turns=last["turns"])
    if mode == BOSS_VS_MANY:
        played = games - errors - draws
        summary["boss_wins"] = boss_wins
        summary["boss_win_rate"] = round(boss_wins / played, 3) if played else 0.0
    else:
        summary["wins"] = wins
    if not args.json:
        text = f"{games} {mode} game(s): {errors} errors, {draws} draws, "
        if mode == BOSS_VS_MANY:
            text += f"boss wins {boss_wins}"
        else:
            text += f"wins {wins}"
        print(text + f", mean {summary['mean_turns']} turns")
        for failure in failures[:5]:
            print(f"seed {failure['seed']}: {failure['message']}")
    print(json.dumps(summary))
    return 0 if errors == 0 else 1


__all__ = ["BOSS_VS_BOSS", "BOSS_VS_MANY", "main_sim", "play_one"]
