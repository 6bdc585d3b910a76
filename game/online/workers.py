"""Computer seats, decided in worker processes (never in the server's event-loop thread:
esper's current world is a module global, so no thread but the loop touches an engine).

A worker keeps recently used matches and brings one up to date by applying only the actions
it has not seen; a match it does not hold (or one that went another way) is replayed from its
setup (seed included) and actions.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from game.ai import make_ai
from game.missions.ai import MissionAI
from game.missions.engine import MissionEngine, MissionSetup
from game.missions.engine import replay as replay_mission
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup

_CACHE_SIZE = 32
_cache: OrderedDict[str, tuple[Engine, dict[int, Any]]] = OrderedDict()
_adventure_cache: OrderedDict[str, tuple[Any, tuple]] = OrderedDict()


def _engine_for(
    room: str, setup: dict, actions: list[dict], mission: bool = False
) -> tuple[Engine | MissionEngine, dict[int, Any]]:
    held = _cache.pop(room, None)
    wanted = [Action.from_json(a) for a in actions]
    if held is not None:
        engine, ais = held
        have = engine.actions
        if len(have) > len(wanted) or have != wanted[: len(have)]:
            engine.close()
            held = None
    if held is None:
        if mission:  # a Mission's driver is a live generator: the mission save's replay
            engine = replay_mission(MissionSetup.from_json(setup), wanted)
        else:
            engine = Engine.new_match(MatchSetup.from_json(setup), keep_log=False)
        ais = {}
    for action in wanted[len(engine.actions) :]:
        engine.apply(action)
    _cache[room] = (engine, ais)
    while len(_cache) > _CACHE_SIZE:
        _, (old, _) = _cache.popitem(last=False)
        old.close()
    return engine, ais


def decide(
    room: str,
    setup: dict,
    actions: list[dict],
    seat: int,
    level: str,
    seed: int,
    mission: bool = False,
) -> int:
    """The option index computer seat `seat` picks at this point of the match (`mission`: a
    co-op Mission, played by the Missions computer, which has one level)."""
    engine, ais = _engine_for(room, setup, actions, mission)
    choice = engine.pending
    if choice is None or choice.player != seat:
        raise ValueError(f"seat {seat} has no decision open in room {room}")
    if seat not in ais:
        ais[seat] = MissionAI(seed) if mission else make_ai(level, seed)
    action = ais[seat].decide(engine, choice)
    for index, option in enumerate(choice.options):
        if option.action == action:
            return index
    raise ValueError(f"the computer chose an action that is not an option: {action}")


def _runner_for(room: str, data: dict):
    """A campaign room's runner, brought up to date: the held one when it is in the same
    session and its actions lead up to the saved ones, else restored from the save data."""
    from game.online.campaign_room import runner_from_data

    key = f"adventure:{room}"
    held = _adventure_cache.pop(key, None)
    session = data.get("session") or {}
    wanted = [Action.from_json(a) for a in session.get("actions", [])]
    wanted_post = [Action.from_json(a) for a in session.get("post_actions", [])]
    if held is not None:
        runner, stamp = held
        rec = runner.record()
        same = (
            rec is not None
            and stamp == (json.dumps(data["campaign"], sort_keys=True), session.get("setup"))
            and rec.actions == wanted[: len(rec.actions)]
            and rec.post_actions == wanted_post[: len(rec.post_actions)]
            and (not rec.post_actions or len(rec.actions) == len(wanted))
        )
        if same:
            for action in wanted[len(rec.actions) :] + wanted_post[len(rec.post_actions) :]:
                runner.apply(action)
        else:
            runner.close()
            held = None
    if held is None:
        runner = runner_from_data(data)
    stamp = (json.dumps(data["campaign"], sort_keys=True), session.get("setup"))
    _adventure_cache[key] = (runner, stamp)
    while len(_adventure_cache) > _CACHE_SIZE:
        _, (old, _) = _adventure_cache.popitem(last=False)
        old.close()
    return runner


def decide_adventure(room: str, data: dict, seat: int, level: str, seed: int) -> int:
    """The option index computer hero `seat` picks in an online campaign (Adventures computer
    of that level: crawl, Shop and Boss Loot rules of thumb, the duel computer in battles)."""
    from game.adventures.ai import AdventureAI

    runner = _runner_for(room, data)
    choice = runner.pending
    if choice is None or choice.player != seat:
        raise ValueError(f"seat {seat} has no decision open in room {room}")
    action = AdventureAI(level, seed).decide(runner.target, choice)
    for index, option in enumerate(choice.options):
        if option.action == action:
            return index
    raise ValueError(f"the computer chose an action that is not an option: {action}")


def forget_adventure(room: str) -> None:
    held = _adventure_cache.pop(f"adventure:{room}", None)
    if held is not None:
        held[0].close()


def forget(room: str) -> None:
    held = _cache.pop(room, None)
    if held is not None:
        held[0].close()
