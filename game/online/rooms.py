"""Rooms: who sits where, the match, and its file (seed + actions) so a restart resumes it.

A room's file is `<code>.json` (written atomically when the room is made or a seat is taken:
the setup with its secret seed, the seats with a SHA-256 of each seat token, never the token)
and `<code>.actions.jsonl`, one action per line, appended as the match goes. Loading replays
the actions; a torn last line (a crash mid-write) is dropped and reported.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.adventures.boss_modes import (
    BOSS_VS_BOSS,
    BOSS_VS_MANY,
    boss_vs_boss_setup,
    boss_vs_many_setup,
)
from game.missions.engine import MissionEngine, MissionSetup
from game.missions.engine import replay as replay_mission
from game.modes.variants import SEATS, setup_for
from game.online.campaign_room import ADVENTURE, resume_campaign, start_campaign
from game.persistence.files import FileKind, copy_aside, load, write_json
from game.persistence.schema import OnlineRoomFile
from game.rules.actions import Action
from game.rules.engine import Engine, MatchSetup

log = logging.getLogger(__name__)

MISSION = "mission"  # a co-op Mission room: one hero per seat, all on one team
ROOM_FILE_VERSION = 1
ROOM_KIND = FileKind(label="the room file", model=OnlineRoomFile, version=ROOM_FILE_VERSION)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I look-alikes
CODE_LENGTH = 10  # 32**10 = 2**50 codes
MAX_RELEASED = 64  # seat tokens given back that a room remembers (to say why a resume fails)


def new_code(taken: set[str] | dict) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class SeatInfo:
    kind: str  # human | computer
    hero: str
    level: str = "normal"
    name: str = ""
    token_sha256: str = ""  # set when a person takes the seat

    @property
    def taken(self) -> bool:
        return self.kind == "computer" or bool(self.token_sha256)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "hero": self.hero,
            "level": self.level,
            "name": self.name,
            "token_sha256": self.token_sha256,
        }


@dataclass(slots=True)
class Room:
    code: str
    mode: str
    seats: list[SeatInfo]
    engine: Engine | MissionEngine | None = None  # set up when every seat is taken
    created: float = field(default_factory=time.time)
    seen: float = field(default_factory=time.time)  # last time someone was connected
    away: dict[int, float] = field(default_factory=dict)  # seat -> when its person left
    thinking: bool = False  # a computer seat's decision is being worked out
    host: int = 0  # the seat of the person who made the room: only they change its settings
    on_leave: str = "wait"  # a person drops: "wait" for them, or the "computer" plays for them
    grace: float = 60.0  # ... once they have been gone this many seconds
    mission: str = ""  # mode "mission": which one (a co-op Mission, one hero per seat)
    difficulty_up: int = 0  # ... harder by this many levels
    easier: tuple[str, ...] = ()  # ... and these easier options
    lobby: bool = False  # the match also waits for every person to say they are ready
    ready: set[int] = field(default_factory=set)  # lobby seats ready (not kept in the file)
    timer: int = 0  # seconds a person has for a decision (0: no limit)
    clock_seq: int = -1  # the decision the turn timer runs for
    clock_at: float = 0.0  # when it started
    time_up_seq: int = -1  # the decision whose time ran out: the computer makes it
    adventure_difficulty: str = ""  # mode "adventure": the campaign's difficulty
    folder: Path | None = None  # mode "adventure": where its campaign file lives
    spectators: bool = True  # people may watch without a seat (the host's choice)
    released: list[str] = field(default_factory=list)  # hashes of tokens whose seat was given back

    @property
    def started(self) -> bool:
        return self.engine is not None

    @property
    def is_mission(self) -> bool:
        return self.mode == MISSION

    @property
    def is_adventure(self) -> bool:
        return self.mode == ADVENTURE

    @property
    def campaign_path(self) -> Path:
        return Path(self.folder or ".") / f"{self.code}.campaign.json"

    @property
    def full(self) -> bool:
        return all(seat.taken for seat in self.seats)

    @property
    def can_start(self) -> bool:
        """Every person's seat is taken and, in a lobby, every person is ready."""
        if not self.full:
            return False
        people = {i for i, s in enumerate(self.seats) if s.kind == "human"}
        return not self.lobby or people <= self.ready

    @property
    def seq(self) -> int:
        if self.engine is None:
            return 0
        return self.engine.seq if self.is_adventure else len(self.engine.actions)

    def begin(self) -> None:
        """Set the match up (names as the players gave them, a secret random seed)."""
        names = [s.name for s in self.seats]
        heroes = [s.hero for s in self.seats]
        if self.mode == ADVENTURE:  # a campaign, its save kept next to the room file
            self.engine = start_campaign(
                heroes, names, self.adventure_difficulty, secrets.randbits(63), self.campaign_path
            )
            return
        if self.mode == MISSION:
            setup = MissionSetup(
                self.mission,
                tuple(heroes),
                seed=secrets.randbits(63),
                difficulty_up=self.difficulty_up,
                easier=self.easier,
            )
            self.engine = MissionEngine(setup)
            return
        setup = match_setup(self.mode, heroes, secrets.randbits(63), names)
        self.engine = Engine.new_match(setup)

    def take(self, seat: int, name: str) -> str:
        token = new_token()
        self.seats[seat].token_sha256 = token_hash(token)
        if name:
            self.seats[seat].name = name
        return token

    def seat_of(self, token: str) -> int | None:
        wanted = token_hash(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token_sha256 and hmac.compare_digest(seat.token_sha256, wanted):
                found = index
        return found

    def release(self, seat: int) -> None:
        """Give a person's seat back before the match: open again, its token no longer works
        (remembered, so a resume with it is told why; the newest 64 are kept)."""
        info = self.seats[seat]
        if info.token_sha256:
            self.released = [*self.released, info.token_sha256][-MAX_RELEASED:]
        info.token_sha256 = info.name = ""
        self.ready.discard(seat)
        self.away.pop(seat, None)

    def was_released(self, token: str) -> bool:
        wanted = token_hash(token)
        return any(hmac.compare_digest(old, wanted) for old in self.released)

    def header(self) -> dict[str, Any]:
        return {
            "kind": "online_room",
            "version": ROOM_FILE_VERSION,
            "code": self.code,
            "mode": self.mode,
            "created": self.created,
            "setup": None
            if self.engine is None or self.is_mission or self.is_adventure
            else self.engine.setup.to_json(),
            "adventure_difficulty": self.adventure_difficulty or None,
            "adventure_started": self.is_adventure and self.engine is not None,
            "mission": self.mission or None,
            "mission_difficulty_up": self.difficulty_up,
            "mission_easier": list(self.easier),
            "mission_setup": self.engine.setup.to_json()
            if self.engine is not None and self.is_mission
            else None,
            "seats": [s.to_json() for s in self.seats],
            "host": self.host,
            "on_leave": self.on_leave,
            "grace": self.grace,
            "lobby": self.lobby,
            "timer": self.timer,
            "spectators": self.spectators,
            "released": list(self.released),
        }


def seat_counts(mode: str) -> range:
    """How many seats a room of `mode` may have."""
    if mode in (MISSION, ADVENTURE):
        return range(2, 5)  # co-op: 2-4 heroes
    if mode == BOSS_VS_MANY:
        return range(3, 6)  # 2-4 heroes and the Boss
    if mode == BOSS_VS_BOSS:
        return range(2, 3)
    return range(SEATS[mode], SEATS[mode] + 1)


def boss_seats(mode: str, count: int) -> set[int]:
    """The seats a Boss sits in (Boss vs Many: the last; Boss vs Boss: both); none elsewhere."""
    if mode == BOSS_VS_MANY:
        return {count - 1}
    if mode == BOSS_VS_BOSS:
        return set(range(count))
    return set()


def match_setup(
    mode: str, heroes: list[str], seed: int, names: list[str] | None = None
) -> MatchSetup:
    """The MatchSetup of a room: the team formats, or a Boss mode (the Boss in the last seat)."""
    if mode == BOSS_VS_MANY:
        return boss_vs_many_setup(heroes[:-1], heroes[-1], seed, names)
    if mode == BOSS_VS_BOSS:
        return boss_vs_boss_setup(heroes, seed, names)
    return setup_for(mode, heroes, seed=seed, names=names)


def seat_counts_text(mode: str) -> str:
    counts = seat_counts(mode)
    return f"{counts.start}-{counts.stop - 1}" if len(counts) > 1 else str(counts.start)


def make_room(code: str, mode: str, seats: list[SeatInfo]) -> Room:
    if len(seats) not in seat_counts(mode):
        raise ValueError(f"{mode} has {seat_counts_text(mode)} seats, not {len(seats)}")
    return Room(code=code, mode=mode, seats=seats)


class RoomFileRefused(Exception):
    """A room file the loader would not use; the message names it and says why."""


class RoomStore:
    """The folder of room files."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def _header_path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def _actions_path(self, code: str) -> Path:
        return self.folder / f"{code}.actions.jsonl"

    def archive(self, room: Room) -> None:
        """Move a room's files to `finished/` (never loaded again, kept for inspection)."""
        target = self.folder / "finished"
        target.mkdir(exist_ok=True)
        paths = (self._header_path(room.code), self._actions_path(room.code), room.campaign_path)
        for path in paths:
            if path.exists():
                path.replace(target / path.name)

    def save_header(self, room: Room) -> None:
        write_json(self._header_path(room.code), room.header())

    def append_action(self, room: Room, action: Action) -> None:
        with open(self._actions_path(room.code), "a", encoding="utf-8") as handle:
            handle.write(json.dumps(action.to_json(), separators=(",", ":")) + "\n")

    def load_all(self, on_leave: str = "wait", grace: float = 60.0) -> tuple[list[Room], list[str]]:
        """Every room in the folder, replayed; messages name any file set aside. A room file
        without the host's leave setting gets `on_leave` and `grace`."""
        rooms: list[Room] = []
        messages: list[str] = []
        for path in sorted(self.folder.glob("*.json")):
            if path.name.endswith(".campaign.json"):  # an adventure room's campaign save
                continue
            try:
                room, notes = self._load(path, on_leave, grace)
            except RoomFileRefused as exc:
                messages.append(str(exc))
                continue
            except Exception as exc:  # a broken room must not stop the server
                try:
                    moved = copy_aside(path)  # left in place too: nothing is deleted
                    messages.append(f"room file {path.name} not loaded (copy: {moved.name}): {exc}")
                except OSError as err:
                    messages.append(f"room file {path.name} cannot be used ({exc}): {err}")
                continue
            messages.extend(notes)
            rooms.append(room)
        return rooms, messages

    def _load(self, path: Path, on_leave: str, grace: float) -> tuple[Room, list[str]]:
        loaded = load(path, ROOM_KIND, use_backup=False)
        if loaded.value is None:  # damaged (a copy is kept) or newer: the message says which
            raise RoomFileRefused("; ".join(loaded.messages))
        data = loaded.value
        notes = list(loaded.messages)
        code = data.code
        setup = (
            None
            if data.setup is None
            else MatchSetup.from_json(data.setup.model_dump(exclude_none=False))
        )
        seats = [
            SeatInfo(
                kind=s.kind,
                hero=s.hero,
                level=s.level,
                name=s.name,
                token_sha256=s.token_sha256,
            )
            for s in data.seats
        ]
        room = Room(
            code=code,
            mode=data.mode,
            seats=seats,
            host=data.host,
            lobby=data.lobby,
            timer=data.timer,
        )
        room.created = data.created
        room.host = data.host
        room.mission = data.mission or ""
        room.difficulty_up = data.mission_difficulty_up
        room.easier = tuple(data.mission_easier)
        room.adventure_difficulty = data.adventure_difficulty or ""
        room.folder = self.folder
        if data.mission_setup is not None:
            mission_setup = MissionSetup.from_json(data.mission_setup.model_dump())
        room.on_leave = data.on_leave or on_leave
        room.grace = grace if data.grace is None else data.grace
        room.spectators = data.spectators
        room.released = list(data.released)
        started = data.mission_setup is not None or data.adventure_started
        if setup is None and not started:  # still waiting for players
            return room, notes
        actions_path = self._actions_path(code)
        lines = (
            actions_path.read_text(encoding="utf-8").splitlines() if actions_path.exists() else []
        )
        actions = []
        for number, line in enumerate(lines, 1):
            try:
                actions.append(Action.from_json(json.loads(line)))
            except ValueError:
                if number == len(lines):  # torn by a crash while it was being written
                    notes.append(f"room {code}: dropped a damaged last action line")
                    self._rewrite_actions(code, lines[:-1])
                    break
                raise
        if room.is_adventure:  # the campaign save's own resume; the lines number decisions
            room.engine = resume_campaign(room.campaign_path, actions)
            return room, notes
        if setup is None:  # a Mission: the same replay as a mission save
            room.engine = replay_mission(mission_setup, actions)
            return room, notes
        engine = room.engine = Engine.new_match(setup)
        for action in actions:
            engine.apply(action)
        return room, notes

    def _rewrite_actions(self, code: str, lines: list[str]) -> None:
        path = self._actions_path(code)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        tmp.replace(path)
