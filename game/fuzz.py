"""`python -m game fuzz`: random matches with every invariant checked after every action.

Each game draws a mode (every mode this build has), heroes and a controller for every seat
(random-legal or the computer at any difficulty) from the run's seed. After every action the
invariants of `game.rules.invariants` must hold and some player must have a legal choice until
the match ends; every finished game is replayed from its seed and actions and must reach the
same digest. Failures are reported with the seed that reproduces them.

Every `missions_every`-th game (default every 5th) is a Mission instead: a random mission, 1-4
random Heroes, a random increased difficulty, each seat random-legal or the Missions computer;
`game.missions.invariants` must hold after every decision and the finished mission must replay
from its setup and actions to the same digest.
"""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import dataclass, field

from game.modes.variants import MODES  # every format this build has

ACTION_GUARD = 20_000


@dataclass
class FuzzReport:
    games: int = 0
    actions: int = 0
    errors: int = 0
    failures: list[dict] = field(default_factory=list)
    replays_checked: int = 0
    by_mode: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "actions": self.actions,
            "errors": self.errors,
            "failures": self.failures,
            "replays_checked": self.replays_checked,
            "by_mode": self.by_mode,
            "seconds": round(self.seconds, 2),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }


def controller_kinds() -> tuple[str, ...]:
    from game.ai import LEVELS

    return ("random", *LEVELS)


def drive(engine, decide, check, replay_fn, digest, where: str, replay_check: bool, guard: int):
    """Play `engine` to its end with `decide(choice)`, checking `check(engine)` (a list of
    problems) at the start and after every action, then (if asked) replaying it with
    `replay_fn(actions)` to the same `digest`. Returns (actions taken, failure or None); the
    engine is closed either way. One loop for duels, missions and Adventures sessions."""
    actions = 0
    try:
        problems = check(engine)
        if problems:
            return actions, f"{where}: at the start: {problems[0]}"
        while not engine.over:
            choice = engine.pending
            if choice is None or not choice.options:
                what = "nobody has a choice" if choice is None else f"no options ({choice.kind})"
                return actions, f"{where}: stuck after {actions} actions ({what})"
            action = decide(choice)
            if choice.find(action) is None:
                return actions, f"{where}: seat {choice.player} chose an illegal {action}"
            engine.apply(action)
            actions += 1
            problems = check(engine)
            if problems:
                return actions, f"{where}: after action {actions} ({action.kind}): {problems[0]}"
            if actions > guard:
                return actions, f"{where}: no end after {guard} actions"
        if replay_check:
            again = replay_fn(list(engine.actions))
            same = digest(again) == digest(engine)
            again.close()
            if not same:
                return actions, f"{where}: replaying seed and actions gave a different state"
        return actions, None
    finally:
        engine.close()


def fuzz_one(
    game_seed: int, content, kinds: tuple[str, ...], replay_check: bool
) -> tuple[int, str | None]:
    """Play one random game; returns (actions taken, failure message or None)."""
    from game.ai import make_ai
    from game.modes.duel import duel_setup
    from game.modes.variants import SEATS, setup_for
    from game.rules.engine import Engine, replay
    from game.rules.invariants import check_invariants

    rng = random.Random(game_seed)
    mode = rng.choice(MODES)
    heroes = [rng.choice(sorted(content.heroes)) for _ in range(SEATS[mode])]
    seats = [rng.choice(kinds) for _ in heroes]
    if mode == "duel":
        setup = duel_setup(heroes, game_seed, turn_limit=200)
    else:
        setup = setup_for(mode, heroes, game_seed, turn_limit=200)
    where = f"{mode} " + " vs ".join(f"{h} ({k})" for h, k in zip(heroes, seats, strict=True))
    controllers = [make_ai(kind, game_seed * 31 + i) for i, kind in enumerate(seats)]
    engine = Engine.new_match(setup, content, keep_log=False)
    return drive(
        engine,
        lambda choice: controllers[choice.player].decide(engine, choice),
        check_invariants,
        lambda actions: replay(setup, actions, content),
        lambda eng: eng.digest(),
        where,
        replay_check,
        ACTION_GUARD,
    )


def fuzz_mission(game_seed: int, replay_check: bool) -> tuple[int, str | None]:
    """Play one random mission; returns (decisions taken, failure message or None)."""
    from game.content.loader import default_content
    from game.missions.ai import MissionAI
    from game.missions.content import default_missions
    from game.missions.engine import MissionEngine, MissionSetup, replay
    from game.missions.invariants import check_mission_invariants, mission_digest

    rng = random.Random(game_seed)
    mission = rng.choice(sorted(default_missions().missions))
    heroes = rng.sample(sorted(default_content().heroes), rng.randint(1, 4))
    up = rng.choice((0, 0, 0, 1, 2))
    seats = [rng.choice(("random", "computer")) for _ in heroes]
    setup = MissionSetup(mission, tuple(heroes), seed=game_seed, difficulty_up=up, round_limit=25)
    where = f"mission {mission} (+{up}) " + ", ".join(
        f"{h} ({k})" for h, k in zip(heroes, seats, strict=True)
    )
    ais = [MissionAI(game_seed + i) for i in range(len(heroes))]
    engine = MissionEngine(setup)

    def decide(choice):
        if seats[choice.player] == "random":
            return rng.choice(choice.options).action
        return ais[choice.player].decide(engine, choice)

    return drive(
        engine,
        decide,
        check_mission_invariants,
        lambda actions: replay(setup, actions),
        mission_digest,
        where,
        replay_check,
        ACTION_GUARD,
    )


def adventure_plan(game_seed: int) -> tuple[list[str], str, list[str], int]:
    """What an Adventures fuzz game plays: heroes, difficulty, computer levels, scenario number."""
    from game.adventures.content import default_adventures
    from game.content.loader import default_content

    rng = random.Random(game_seed)
    heroes = rng.sample(sorted(default_content().heroes), rng.randint(1, 4))
    difficulty = rng.choice(sorted(default_adventures().difficulties))
    levels = [rng.choice(("random", "easy", "simple")) for _ in heroes]
    return heroes, difficulty, levels, rng.randint(1, 8)


def fuzz_adventure(game_seed: int, replay_check: bool) -> tuple[int, str | None]:
    """Play one Adventures scenario (a Portal Crawl or Boss Battle of a fresh campaign moved to
    a random scenario number, 1-4 heroes, any difficulty) with invariants after every action and
    its replay verified; returns (decisions taken, failure message or None)."""
    from game.adventures.ai import AdventureAI
    from game.adventures.campaign import new_campaign
    from game.adventures.content import default_adventures
    from game.adventures.scenario import replay_scenario, session_setup, start_scenario
    from game.content.loader import default_content
    from game.rules.invariants import check_invariants

    content = default_content()
    adv = default_adventures()
    heroes, difficulty, levels, number = adventure_plan(game_seed)
    loot = {r: list(ids) for r, ids in adv.loot_cards.items()}
    team = [(h, f"P{i}", "random") for i, h in enumerate(heroes)]
    campaign = new_campaign(difficulty, "Fuzz", team, game_seed, content, loot)
    campaign.scenario = number
    setup = session_setup(campaign, content, adv)
    where = f"adventure {setup.mode} #{campaign.scenario} ({difficulty}) " + ", ".join(
        f"{h} ({k})" for h, k in zip(heroes, levels, strict=True)
    )
    ais = [AdventureAI(k, game_seed * 31 + i) for i, k in enumerate(levels)]
    engine = start_scenario(setup, content, keep_log=False)
    return drive(
        engine,
        lambda choice: ais[choice.player].decide(engine, choice),
        check_invariants,
        lambda actions: replay_scenario(setup, actions, content),
        lambda eng: eng.digest(),
        where,
        replay_check,
        ACTION_GUARD * 3,
    )


def run_fuzz(
    games: int,
    seed: int,
    replay_every: int = 1,
    progress=None,
    missions_every: int = 5,
    adventures_every: int = 7,
) -> FuzzReport:
    from game.content.loader import default_content

    content = default_content()
    kinds = controller_kinds()
    report = FuzzReport()
    started = time.perf_counter()
    for index in range(games):
        game_seed = seed * 1_000_003 + index
        mission = missions_every > 0 and index % missions_every == missions_every - 1
        adventure = (
            not mission
            and adventures_every > 0
            and index % adventures_every == adventures_every - 1
        )
        mode = "missions" if mission else random.Random(game_seed).choice(MODES)
        if adventure:
            mode = "adventure"
        report.by_mode[mode] = report.by_mode.get(mode, 0) + 1
        check_replay = replay_every > 0 and index % replay_every == 0
        try:
            if mission:
                taken, failure = fuzz_mission(game_seed, check_replay)
            elif adventure:
                taken, failure = fuzz_adventure(game_seed, check_replay)
            else:
                taken, failure = fuzz_one(game_seed, content, kinds, check_replay)
        except Exception as exc:  # a crash is exactly what the fuzzer is for
            taken = 0
            failure = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
        report.games += 1
        report.actions += taken
        if check_replay and failure is None:
            report.replays_checked += 1
        if failure is not None:
            report.errors += 1
            if len(report.failures) < 50:
                report.failures.append({"seed": game_seed, "message": failure})
        if progress is not None and (index + 1) % 100 == 0:
            progress(index + 1, report)
    report.seconds = time.perf_counter() - started
    return report
