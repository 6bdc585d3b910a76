"""Helpers for Missions story tests: build a mission, place things, drive phases."""

from __future__ import annotations

from game.missions.engine import MissionEngine, MissionSetup
from game.missions.state import EnemyState, HeroState


def make(mission="harbor_heist", heroes=("barbarian",), seed=1, place=None, **kw) -> MissionEngine:
    """A mission set up and waiting for its first decision; `place(engine)` runs after setup."""
    return MissionEngine(MissionSetup(mission, tuple(heroes), seed=seed, **kw), before_start=place)


def drive(engine: MissionEngine, gen, pick=None):
    """Run one phase or step (a generator of the driver) to its end inside the mission's
    world, answering each decision with `pick(choice)` (default: the first option)."""
    pick = pick or (lambda choice: choice.options[0].action)
    asked = []
    with engine.world.active():
        try:
            choice = next(gen)
        except StopIteration as stop:
            return stop.value, asked
        while True:
            asked.append(choice)
            try:
                action = pick(choice)
            except StopIteration as exc:  # a picker out of answers must not end the phase
                raise AssertionError(f"the picker has no answer for {choice.prompt!r}") from exc
            try:
                choice = gen.send(action)
            except StopIteration as stop:
                return stop.value, asked


def choose(kind, **args):
    """A picker that takes the first option of this action kind (and these args)."""

    def pick(choice):
        for option in choice.options:
            action = option.action
            if action.kind == kind and all(action.get(k) == v for k, v in args.items()):
                return action
        return choice.options[0].action

    return pick


def force(engine: MissionEngine, *faces: int) -> None:
    engine.rng.forced_dice.extend(faces)


def clear_board(engine: MissionEngine) -> None:
    """Take every enemy off the map (tests then place the ones they need)."""
    for enemy in engine.enemies:
        enemy.defeated = True
    engine.enemies = []


def henchman(engine: MissionEngine, hid: str, pos, panel=None, health=None, **tokens) -> EnemyState:
    hdef = engine.db.henchmen[hid]
    if panel is None:
        panel = engine.side().henchmen.index(hid) if hid in engine.side().henchmen else 0
    hp = hdef.health if health is None else health
    enemy = EnemyState("henchman", hid, hdef.name, panel, hp, hdef.health, pos, tokens=dict(tokens))
    engine.enemies.append(enemy)
    return enemy


def put(hero: HeroState, pos) -> HeroState:
    hero.pos = pos
    return hero
