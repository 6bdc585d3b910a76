"""Online screens without a network, for the layout check (`python -m game uicheck`).

`StandInLink` answers the lobby and the online board as an `OnlineLink` would, from messages
made here: a room message, and an update built by the server's own `view.seat_update` from a
match played locally up to the viewer's Main Phase (so the board shows what a real seat would
be sent). Nothing is sent anywhere; requests are ignored.
"""

from __future__ import annotations

import json
from typing import Any


class _NoClient:
    token = "preview"

    def __getattr__(self, _name):
        return lambda *args, **kwargs: None


class _NoServer:
    port = 7777

    def addresses(self) -> list[str]:
        return ["192.168.1.23:7777", "10.0.0.5:7777", "127.0.0.1:7777"]

    def poll(self) -> str:
        return "ready"

    def stop(self) -> None: ...


class StandInLink:
    def __init__(self, room: dict[str, Any], seat: int, hosting: bool) -> None:
        self.room = room
        self.seat = seat
        self.code = room["room"]
        self.url = "ws://192.168.1.23:7777"
        self.hosted = _NoServer() if hosting else None
        self.client = _NoClient()
        self.state = "connected"
        self.reason = ""
        self.error = ""
        self.error_code = ""
        self.latest: dict[str, Any] | None = None
        self.updates: list[dict[str, Any]] = []
        self.watching = False
        self.released = False

    @property
    def is_host(self) -> bool:
        return self.seat == self.room["host"]

    def poll(self) -> list:
        return []

    def act(self, seq: int, option: int) -> None: ...

    def close(self) -> None: ...

    def forget(self) -> None: ...


NAMES = ["Annika the Bold", "Bo", "Chidi", "Dee", "Eleanor Shellstrop", "Fynn"]
HEROES = ["cursed_pirate", "huntress", "treant", "artificer", "barbarian", "moon_elf"]
BOSS_ROOMS = {  # the preview's Boss rooms: Boss vs Many with 4 heroes, Boss vs Boss
    "boss_vs_many": [*HEROES[:4], "mad_king"],
    "boss_vs_boss": ["fallen_gunslinger", "fallen_monk"],
}


def room_heroes(mode: str) -> list[str]:
    from game.modes.variants import SEATS

    if mode == "adventure":  # a co-op campaign of three heroes
        return HEROES[:3]
    return BOSS_ROOMS.get(mode) or HEROES[: SEATS[mode]]


def room_message(
    mode: str, *, started: bool = False, computers=(), open_seats=(), on_leave="wait", grace=60
) -> dict:
    seats = []
    for i, hero in enumerate(room_heroes(mode)):
        computer = i in computers
        taken = computer or i not in open_seats
        seats.append(
            {
                "seat": i,
                "kind": "computer" if computer else "human",
                "hero": hero,
                "level": "hard" if computer else "",
                "name": "" if computer or not taken else NAMES[i],
                "taken": taken,
                "connected": taken and not computer and i != 2,
                "computer_standing_in": False,
                "ready": started or computer or i % 2 == 0,
            }
        )
    return {
        "type": "room",
        "room": "K7QX2M9HPA",
        "mode": mode,
        "started": started,
        "host": 0,
        "lobby": True,
        "timer": 60,
        "on_leave": on_leave,
        "grace": float(grace),
        "seats": seats,
    }


def lobby_link(mode: str, hosting: bool, on_leave: str = "wait", grace: int = 60) -> StandInLink:
    count = len(room_heroes(mode))
    room = room_message(
        mode,
        computers=(count - 1,) if count > 2 else (),
        open_seats=(1,),
        on_leave=on_leave,
        grace=grace,
    )
    return StandInLink(room, 0 if hosting else min(3, count - 2), hosting)


def duel_link(mode: str, watching: bool = False) -> StandInLink:
    """A link whose latest update is seat 0's Main Phase with its hand, in a match of `mode`
    (`watching`: the update a spectator is sent at that point, no hand at all)."""
    from game.ai import make_ai
    from game.online import view as seat_view
    from game.online.rooms import match_setup
    from game.rules.engine import Engine

    heroes = room_heroes(mode)
    names = NAMES[: len(heroes)]
    engine = Engine.new_match(match_setup(mode, heroes, 7, names))
    try:
        ai = make_ai("easy", 3)
        for _ in range(2000):
            choice = engine.pending
            turns = sum(e.kind == "turn_started" for e in engine.log)
            if choice.player == 0 and choice.kind == "main_phase" and turns > 1:
                break
            engine.apply(ai.decide(engine, choice))
        if watching:
            update = seat_view.spectator_update(engine, engine.log[-60:], len(engine.actions))
        else:
            update = seat_view.seat_update(engine, 0, engine.log[-60:], len(engine.actions))
    finally:
        engine.close()
    link = StandInLink(room_message(mode, started=True, computers=(1,)), 0, True)
    if watching:
        link.seat, link.hosted, link.watching = None, None, True
        link.room["spectators"] = 3
    link.latest = json.loads(json.dumps(update))
    link.latest["time_left"] = 42.0  # a turn timer running
    return link


def mission_link(
    heroes=("cursed_pirate", "huntress", "treant"), watching: bool = False
) -> StandInLink:
    """A link whose latest update is seat 0's first Hero turn decision in Harbor Heist (seat 2
    the computer's), built by the server's own `mission_view.mission_update` (`watching`: the
    update a spectator is sent at that point, no hand at all)."""
    from game.missions.ai import MissionAI
    from game.missions.engine import MissionEngine, MissionSetup
    from game.online.mission_view import mission_update
    from game.online.view import SPECTATOR

    engine = MissionEngine(MissionSetup("harbor_heist", tuple(heroes), seed=11))
    try:
        ais = [MissionAI(seat) for seat in range(len(heroes))]
        for _ in range(3000):
            choice = engine.pending
            if choice.player == 0 and choice.kind == "main_phase":
                break
            engine.apply(ais[choice.player].decide(engine, choice))
        seat = SPECTATOR if watching else 0
        update = mission_update(engine, seat, engine.log[-60:], len(engine.actions))
    finally:
        engine.close()
    room = {
        "type": "room",
        "room": "K7QX2M9HPA",
        "mode": "mission",
        "mission": "harbor_heist",
        "difficulty_up": 0,
        "easier": [],
        "started": True,
        "host": 0,
        "lobby": True,
        "timer": 0,
        "on_leave": "wait",
        "grace": 60.0,
        "seats": [
            {
                "seat": i,
                "kind": "computer" if i == 2 else "human",
                "hero": hero,
                "level": "normal" if i == 2 else "",
                "name": "" if i == 2 else NAMES[i],
                "taken": True,
                "connected": i != 2,
                "computer_standing_in": False,
                "ready": True,
            }
            for i, hero in enumerate(heroes)
        ],
    }
    link = StandInLink(room, 0, True)
    if watching:
        link.seat, link.hosted, link.watching = None, None, True
        link.room["spectators"] = 2
    link.latest = json.loads(json.dumps(update))
    return link


def mission_lobby_link(hosting: bool) -> StandInLink:
    """A co-op Mission room's lobby: three Heroes, the second seat open, the third the
    computer's."""
    link = mission_link()
    link.latest = None
    link.room["started"] = False
    link.room["seats"][1].update(taken=False, name="", connected=False, ready=False)
    if not hosting:
        link.seat, link.hosted = 1, None
        link.room["seats"][1].update(taken=True, name=NAMES[1], connected=True)
    return link


def adventure_link(battle: bool = False, watching: bool = False, scored: int = 0) -> StandInLink:
    """A link whose latest update is seat 0's first move on the crawl map of a co-op Adventures
    campaign (`battle`: seat 0's first decision in a battle), made by the server's own
    `adventure_view.adventure_update` from a campaign played here by the Adventures computer
    (`watching`: the update a spectator is sent at that point; `scored`: after that many
    sessions are on the score sheet)."""
    from game.adventures.campaign import new_campaign
    from game.adventures.runner import CampaignRunner
    from game.online.adventure_table import runner_moves
    from game.online.adventure_view import adventure_update
    from game.online.view import SPECTATOR
    from game.ui.scenes.adventure import controllers_for, is_battle_choice

    heroes = HEROES[:2]
    members = [(h, NAMES[i], "normal") for i, h in enumerate(heroes)]
    campaign = new_campaign("normal", "Preview", members, seed=11)
    runner = CampaignRunner(campaign, autosave=False, keep_log=True)
    try:
        controllers = controllers_for(runner.campaign)
        for _ in range(3000 + 20_000 * scored):
            choice = runner.pending
            if choice.player == 0 and len(runner.campaign.rows) >= scored:
                if battle and is_battle_choice(runner):
                    break
                if not battle and choice.kind == "adventure_move":
                    break
            runner.apply(controllers[choice.player].decide(runner.target, choice))
        key = runner_moves(runner)
        events = runner.engine.log[-40:]
        seat = SPECTATOR if watching else 0
        update = adventure_update(runner, seat, events, key[1] + key[3])
    finally:
        runner.close()
    room = room_message("adventure", started=True)
    room["seats"] = room["seats"][:2]
    room["adventure_difficulty"] = "normal"
    link = StandInLink(room, 0, True)
    if watching:
        link.seat, link.hosted, link.watching = None, None, True
        link.room["spectators"] = 2
    link.latest = json.loads(json.dumps(update))
    link.notices = []
    return link
