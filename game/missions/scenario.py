"""Mission scenario files: a Missions rules test written without Python (docs/scenarios.md,
"Mission scenarios"). A file with `mode = "missions"` sets up a mission board exactly as the
situation needs (Heroes, enemies, Boost Tiles, the Crisis Clock), forces die results, runs one
round phase (or a whole round), answers the decisions it names and checks what must be true.
A file whose `[setup] phase = "perks"` instead drives a Perk sheet (rules 108-119).

`python -m game scenario tests/scenarios` runs these with the duel scenarios (game.scenario
hands every `mode = "missions"` file to this module)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.rules.actions import Action
from game.scenario_models import MISSION_PHASES, ExpectationFailed, Scenario, ScenarioError

PHASES = MISSION_PHASES
TOP_KEYS = {"mode", "title", "rules", "description", "setup", "hero", "enemy", "tile", "answer"}
TOP_KEYS |= {"expect", "perk_step", "perk_sheet"}
SETUP_KEYS = {
    "mission",
    "heroes",
    "side",
    "start_player",
    "round",
    "clock",
    "keep_enemies",
    "seed",
    "difficulty_up",
    "phase",
    "dice",
}
HERO_KEYS = {
    "pos",
    "health",
    "cp",
    "momentum",
    "momentum_level",
    "hand",
    "tokens",
    "bonus",
    "allies",
    "facedown",
    "range",
    "attack",
}
ENEMY_KEYS = {"id", "pos", "health", "tokens"}
TILE_KEYS = {"pos", "kind", "amount", "status", "face_up"}
EXPECT_KEYS = {"clock", "events", "texts", "hero", "enemy", "spaces", "result", "sheet"}
EXPECT_KEYS |= {"offered", "not_offered"}
EXPECT_HERO = {
    "health",
    "momentum",
    "cp",
    "pos",
    "tokens",
    "hand_size",
    "defeated",
    "exited",
    "facedown",
    "allies",
}
EXPECT_ENEMY = {"health", "tokens", "defeated"}


def validate(data: dict[str, Any], path: Path):
    """Check a mission scenario's shape; returns a game.scenario.Scenario."""

    def bad(where: str, why: str):
        return ScenarioError(f"{path}: {where}: {why}")

    for key in data:
        if key not in TOP_KEYS:
            raise bad(key, f"unknown section (allowed: {', '.join(sorted(TOP_KEYS))})")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise bad("title", "a scenario needs a title")
    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and r for r in rules):
        raise bad("rules", 'a list of rule numbers as strings, e.g. ["64", "65"]')
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise bad("setup", "a [setup] table is needed")
    for key in setup:
        if key not in SETUP_KEYS:
            raise bad(f"setup.{key}", "unknown field")
    phase = setup.get("phase")
    if phase not in PHASES:
        raise bad("setup.phase", f"one of {', '.join(PHASES)}")
    heroes: list[str] = []
    if phase != "perks":
        if not isinstance(setup.get("mission"), str):
            raise bad("setup.mission", "missing (a mission id)")
        heroes = setup.get("heroes")
        if not isinstance(heroes, list) or not 1 <= len(heroes) <= 4:
            raise bad("setup.heroes", "a list of 1-4 hero ids")
    for section, keys in (("hero", HERO_KEYS), ("enemy", ENEMY_KEYS), ("tile", TILE_KEYS)):
        items = data.get(section, [])
        if not isinstance(items, list):
            raise bad(section, f"use [[{section}]] tables")
        for i, item in enumerate(items):
            for key in item:
                if key not in keys:
                    raise bad(f"{section}[{i}].{key}", "unknown field")
    if len(data.get("hero", [])) > len(heroes) and phase != "perks":
        raise bad("hero", "more [[hero]] tables than setup.heroes")
    for i, answer in enumerate(data.get("answer", [])):
        if "do" not in answer:
            raise bad(f"answer[{i}].do", "missing (the option kind to take)")
    expect = data.get("expect", {})
    for key in expect:
        if key not in EXPECT_KEYS:
            raise bad(f"expect.{key}", "unknown field")
    for section, keys in (("hero", EXPECT_HERO), ("enemy", EXPECT_ENEMY)):
        for i, item in enumerate(expect.get(section, [])):
            for key in item:
                if key not in keys:
                    raise bad(f"expect.{section}[{i}].{key}", "unknown field")
    spaces = expect.get("spaces", {})
    if not isinstance(spaces, dict):
        raise bad("expect.spaces", 'a table of spaces, each written "q,r"')
    for where, spec in spaces.items():
        try:
            _q, _r = (int(v) for v in where.split(","))
        except ValueError:
            raise bad(f"expect.spaces.{where}", 'a space is written "q,r" (two numbers)') from None
        if not isinstance(spec, dict):
            raise bad(f"expect.spaces.{where}", "a table of what the space holds")
        for key in spec:
            if key not in ("defeat_tile", "tiles"):
                raise bad(f"expect.spaces.{where}.{key}", "unknown field")
    return Scenario(path=path, title=title, data=data, names=list(heroes))


# ---------------------------------------------------------------- arranging the board


def _hex(value, where: str, path: Path):
    if value is None or value == []:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ScenarioError(f"{path}: {where}: a space is [q, r]")
    return (value[0], value[1])


def _place_tokens(engine, holder, tokens: dict, where: str, path: Path) -> None:
    """Tokens exactly as the file gives them: a status the game does not know, or more than
    the holder's stack limit, is refused (never cut silently)."""
    for status, count in tokens.items():
        if status not in engine.db.statuses and status not in engine.content.statuses:
            raise ScenarioError(f"{path}: {where}.{status}: unknown status")
        engine.add_status(holder, status, count)
        if holder.tokens.get(status, 0) < count:
            raise ScenarioError(
                f"{path}: {where}.{status}: {count} cannot be held (the stack limit is "
                f"{engine.stack_limit(holder, status)})"
            )


def _arrange(engine, data: dict, path: Path) -> None:
    from game.missions.state import EnemyState

    setup = data["setup"]
    info = engine.info
    if setup.get("side", 1) == 2 and info.side == 0:
        info.side = 1
        for _ in engine._side_setup():  # pragma: no cover - side setup asks nothing
            pass
    if not setup.get("keep_enemies", False):
        for enemy in engine.enemies:
            enemy.defeated = True
        engine.enemies = []
    info.start_player = setup.get("start_player", 0)
    info.round = info.side_round = setup.get("round", 2)
    if "clock" in setup:
        info.clock = setup["clock"] % 8
    for space in engine.hexes.values():
        space.tiles = []
    for seat, spec in enumerate(data.get("hero", [])):
        hero = engine.heroes[seat]
        where = f"hero[{seat}]"
        hero.pos = _hex(spec.get("pos"), f"{where}.pos", path)
        if hero.pos is not None and hero.pos not in engine.hexes:
            raise ScenarioError(f"{path}: {where}.pos: {hero.pos} is not on this map")
        for key in ("health", "cp", "momentum", "momentum_level"):
            if key in spec:
                setattr(hero, key, spec[key])
        if "hand" in spec:  # distinct cards of the hero's own deck, as in duel files
            hero.deck.extend(hero.hand)
            hero.hand = []
            for card in spec["hand"]:
                if card not in engine.content.cards:
                    raise ScenarioError(f"{path}: {where}.hand: unknown card '{card}'")
                pile = next((p for p in (hero.deck, hero.discard) if card in p), None)
                if pile is None:
                    raise ScenarioError(
                        f"{path}: {where}.hand: no '{card}' card left to place (the file asks "
                        "for more copies than the hero's deck holds)"
                    )
                pile.remove(card)
                hero.hand.append(card)
        if "tokens" in spec:
            hero.tokens = {}
            hero.bonus = []
            _place_tokens(engine, hero, spec["tokens"], f"{where}.tokens", path)
        for value in spec.get("bonus", []):
            engine.add_status(hero, "bonus_damage", 1, value)
        for ally in spec.get("allies", []):
            if ally not in engine.db.allies:
                raise ScenarioError(f"{path}: {where}.allies: unknown Ally '{ally}'")
            hero.allies.append(ally)
            for pile in (info.ally_hq, info.ally_deck):
                if ally in pile:
                    pile.remove(ally)
        hero.facedown = [engine.draw_boost() for _ in range(spec.get("facedown", 0))]
        hero.has_range = bool(spec.get("range", False))
        if "attack" in spec:
            attack = dict(spec["attack"])
            attack.setdefault("row", 0)
            attack.setdefault("kickers", [])
            hero.attack = attack
    for i, spec in enumerate(data.get("enemy", [])):
        where = f"enemy[{i}]"
        eid = spec.get("id")
        pos = _hex(spec.get("pos"), f"{where}.pos", path)
        if pos is None or pos not in engine.hexes:
            raise ScenarioError(f"{path}: {where}.pos: needs a space on this map")
        if eid in engine.db.henchmen:
            hdef = engine.db.henchmen[eid]
            side = engine.side()
            panel = side.henchmen.index(eid) if eid in side.henchmen else len(side.henchmen)
            health = spec.get("health", hdef.health)
            enemy = EnemyState("henchman", eid, hdef.name, panel, health, hdef.health, pos)
            enemy.extra = engine._large_spaces(path.name, hdef, pos, placed=())
        elif eid in engine.db.bosses:
            bdef = engine.db.bosses[eid]
            full = bdef.health[len(engine.heroes) - 1]
            health = spec.get("health", full)
            enemy = EnemyState("boss", eid, bdef.name, 0, health, full, pos)
        else:
            raise ScenarioError(f"{path}: {where}.id: unknown Henchman or boss '{eid}'")
        _place_tokens(engine, enemy, spec.get("tokens", {}), f"{where}.tokens", path)
        engine.enemies.append(enemy)
    for i, spec in enumerate(data.get("tile", [])):
        where = f"tile[{i}]"
        pos = _hex(spec.get("pos"), f"{where}.pos", path)
        if pos not in engine.hexes:
            raise ScenarioError(f"{path}: {where}.pos: needs a space on this map")
        index = next(
            (
                n
                for n, t in enumerate(engine.db.boost_tiles)
                if t.kind == spec.get("kind")
                and spec.get("amount", t.amount) == t.amount
                and spec.get("status", t.status) == t.status
            ),
            None,
        )
        if index is None:
            raise ScenarioError(f"{path}: {where}.kind: no such Boost Tile")
        engine.hexes[pos].tiles.append((index, bool(spec.get("face_up", True))))
    engine.rng.forced_dice.extend(setup.get("dice", []))


# ---------------------------------------------------------------- running


class _Answers:
    def __init__(self, answers: list[dict]) -> None:
        self.queue = [dict(a) for a in answers]
        self.used = 0
        self.asked: list = []  # every decision met, for expect.offered / not_offered

    @staticmethod
    def _same(value, wanted) -> bool:
        if isinstance(wanted, list):
            return isinstance(value, tuple | list) and list(value) == wanted
        return value == wanted

    def matches(self, choice, wanted: dict) -> Action | None:
        seat = wanted.get("seat")
        if seat is not None and seat != choice.player:
            return None
        args = {k: v for k, v in wanted.items() if k not in ("do", "seat")}
        for option in choice.options:
            action = option.action
            if action.kind == wanted["do"] and all(
                self._same(action.get(k), v) for k, v in args.items()
            ):
                return action
        return None

    def pick(self, choice) -> Action:
        self.asked.append(choice)
        if self.queue:
            action = self.matches(choice, self.queue[0])
            if action is not None:
                self.queue.pop(0)
                self.used += 1
                return action
        return choice.options[0].action


def _phase_driver(engine, phase: str):
    turn = engine.turn
    return {
        "movement": engine._movement,
        "hero_part_1": turn.part_one,
        "target_resolve": turn.target_and_resolve,
        "hero_part_2": turn.part_two,
        "enemy_upkeep": engine._enemy_upkeep,
        "enemy_roll": engine._enemy_roll,
        "crisis_clock": engine._crisis_clock,
    }[phase]


def _drive(engine, gen, answers: _Answers) -> None:
    try:
        choice = next(gen)
        while True:
            choice = gen.send(answers.pick(choice))
    except StopIteration:
        pass


def _run_round(engine, answers: _Answers) -> None:
    """A whole round: every phase in order, with the end-of-phase checks (rule 87)."""
    phases = (
        "movement",
        "hero_part_1",
        "target_resolve",
        "hero_part_2",
        "enemy_upkeep",
        "enemy_roll",
        "crisis_clock",
    )
    for hero in engine.heroes:
        hero.used_this_round = {}
    for name in phases:
        engine.info.phase = name
        for hero in engine.heroes:
            hero.phase = name
        _drive(engine, _phase_driver(engine, name)(), answers)
        _drive(engine, engine._hand_out_momentum(), answers)
        if engine._end_of_phase():
            return


class _Done:
    def close(self) -> None:
        return None


def run(scenario):
    """Run a mission scenario; returns something with close() (the engine)."""
    from game.missions.engine import MissionEngine, MissionSetup

    data, path = scenario.data, scenario.path
    setup = data["setup"]
    if setup["phase"] == "perks":
        _run_perks(data, path)
        return _Done()
    try:
        engine = MissionEngine(
            MissionSetup(
                setup["mission"],
                tuple(setup["heroes"]),
                seed=setup.get("seed", 1),
                difficulty_up=setup.get("difficulty_up", 0),
            ),
        )
    except ValueError as exc:
        raise ScenarioError(f"{path}: setup: {exc}") from exc
    # the engine now waits at its first decision; the board is arranged over it and the
    # chosen phase is run on its own (the engine's own driver is left where it is)
    answers = _Answers(data.get("answer", []))
    with engine.world.active():
        try:
            _arrange(engine, data, path)
        except ValueError as exc:
            raise ScenarioError(f"{path}: {exc}") from exc
        since = len(engine.log)
        if setup["phase"] == "round":
            _run_round(engine, answers)
        else:
            engine.info.phase = setup["phase"]
            _drive(engine, _phase_driver(engine, setup["phase"])(), answers)
        if answers.queue:
            raise ExpectationFailed(
                f"answer {answers.used + 1} ({answers.queue[0]}) was never offered"
            )
        _check(engine, data.get("expect", {}), since, path)
        _check_offers(answers, data.get("expect", {}))
    return engine


def _check_offers(answers: _Answers, expect: dict) -> None:
    """`offered`: each option (do + args, optional seat) was among some decision's options;
    `not_offered`: never. (A decision with one legal option is taken without asking, so
    it is not seen here.)"""
    for wanted in expect.get("offered", []):
        if not any(answers.matches(c, wanted) for c in answers.asked):
            raise _fail(f"offered: {wanted} was never among the options")
    for wanted in expect.get("not_offered", []):
        if any(answers.matches(c, wanted) for c in answers.asked):
            raise _fail(f"not_offered: {wanted} was offered")


def _fail(message: str):
    return ExpectationFailed(message)


def _subsequence(found: list[str], wanted: list[str]) -> bool:
    it = iter(found)
    return all(any(w == f for f in it) for w in wanted)


def _check(engine, expect: dict, since: int, path: Path) -> None:
    log = engine.log[since:]
    if "clock" in expect and engine.info.clock != expect["clock"]:
        raise _fail(f"clock: expected segment {expect['clock']}, got {engine.info.clock}")
    if "result" in expect and engine.info.result != expect["result"]:
        raise _fail(f"result: expected {expect['result']!r}, got {engine.info.result!r}")
    if "events" in expect and not _subsequence([ev.kind for ev in log], expect["events"]):
        raise _fail(f"events: expected {expect['events']} in order; log: {[e.kind for e in log]}")
    if "texts" in expect and not _subsequence([ev.text for ev in log], expect["texts"]):
        shown = "\n  ".join(ev.text for ev in log)
        raise _fail(f"texts: expected {expect['texts']} in order; log:\n  {shown}")
    for seat, spec in enumerate(expect.get("hero", [])):
        hero = engine.heroes[seat]
        for key, want in spec.items():
            if key == "pos":
                got = list(hero.pos) if hero.pos else []
            elif key == "tokens":
                got = {k: hero.tokens.get(k, 0) for k in want}
            elif key == "hand_size":
                got = len(hero.hand)
            elif key == "facedown":
                got = len(hero.facedown)
            else:
                got = getattr(hero, key)
            if got != want:
                raise _fail(f"hero[{seat}] ({hero.name}).{key}: expected {want}, got {got}")
    for i, spec in enumerate(expect.get("enemy", [])):
        if i >= len(engine.enemies):
            raise _fail(f"enemy[{i}]: there are only {len(engine.enemies)} enemies")
        enemy = engine.enemies[i]
        for key, want in spec.items():
            got = {k: enemy.tokens.get(k, 0) for k in want} if key == "tokens" else None
            if key != "tokens":
                got = getattr(enemy, key)
            if got != want:
                raise _fail(f"enemy[{i}] ({enemy.name}).{key}: expected {want}, got {got}")
    for where, spec in expect.get("spaces", {}).items():
        q, r = (int(v) for v in where.split(","))
        space = engine.hexes.get((q, r))
        if space is None:
            raise _fail(f"spaces.{where}: not on the map")
        if "defeat_tile" in spec and space.defeat_tile != spec["defeat_tile"]:
            raise _fail(f"spaces.{where}.defeat_tile: expected {spec['defeat_tile']}")
        if "tiles" in spec and len(space.tiles) != spec["tiles"]:
            raise _fail(f"spaces.{where}.tiles: expected {spec['tiles']}, got {len(space.tiles)}")


# ---------------------------------------------------------------- Perk sheets


def _run_perks(data: dict, path: Path) -> None:
    from game.missions import perks
    from game.missions.content import default_missions

    db = default_missions()
    try:
        sheet = perks.PerkSheet.from_json(
            {"name": "scenario", "version": perks.VERSION, **data.get("perk_sheet", {})}
        )
    except ValueError as exc:
        raise ScenarioError(f"{path}: perk_sheet: {exc}") from exc
    for i, step in enumerate(data.get("perk_step", [])):
        where = f"perk_step[{i}]"
        if "result" in step:
            result = {
                "difficulty": 1,
                "total_difficulty": step["result"].get("difficulty", 1),
                "perfect": False,
                **step["result"],
            }
            got = perks.record_mission(sheet, result, tuple(step.get("easier", ())))
            if "points" in step and got != step["points"]:
                raise _fail(f"{where}: expected {step['points']} Perk Points, got {got}")
        elif "spend" in step:
            spend = step["spend"]
            try:
                perks.spend(
                    sheet, db, spend["row"], spend["column"], spend.get("total_difficulty", 5)
                )
            except perks.PerkError as exc:
                if "refused" not in step:
                    raise _fail(f"{where}: the spend was refused: {exc}") from exc
                if step["refused"] not in str(exc):
                    raise _fail(f"{where}: refused for another reason: {exc}") from exc
                continue
            if "refused" in step:
                raise _fail(f"{where}: expected the spend to be refused ({step['refused']})")
        else:
            raise ScenarioError(f"{path}: {where}: a perk step has `result` or `spend`")
    want = data.get("expect", {}).get("sheet", {})
    bonuses = perks.bonuses(sheet, db)
    for key, value in want.items():
        if key == "unlocked":
            got = sorted(f"{p.row}:{p.column}" for p in [*db.perks, *db.feats] if sheet.unlocked(p))
            if sorted(value) != got:
                raise _fail(f"sheet.unlocked: expected {sorted(value)}, got {got}")
        elif key == "bonuses":
            for bkey, bwant in value.items():
                if bonuses.get(bkey) != bwant:
                    raise _fail(f"sheet.bonuses.{bkey}: expected {bwant}, got {bonuses.get(bkey)}")
        else:
            got = getattr(sheet, key)
            if got != value:
                raise _fail(f"sheet.{key}: expected {value}, got {got}")
