"""`python -m game serve`: the authoritative game server.

One asyncio event loop holds every room and runs each engine step itself (a step is well under
a millisecond; see docs/online.md); computer seats are decided in a process pool. Each
connection sits in at most one seat, named by the seat token it was given, so a message can
never act for another seat. Messages are checked by `protocol.parse` (size, JSON, schema),
metered by a token bucket, and an answer must quote the number of the decision it answers
(`seq`), so a replayed or late answer changes nothing.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import signal
import ssl
import time
import zlib
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.adventures.content import default_adventures
from game.content.loader import default_content
from game.missions.content import default_missions
from game.online import PROTOCOL_VERSION, adventure_view, mission_view, protocol, view, workers
from game.online.campaign_room import ADVENTURE
from game.online.limits import (
    CONNS_PER_ADDRESS,
    RATE_PER_SECOND,
    ROOMS_PER_ADDRESS,
    AddressLimits,
    Bucket,
    client_address,
)
from game.online.rooms import (
    MISSION,
    Room,
    RoomStore,
    SeatInfo,
    boss_seats,
    make_room,
    new_code,
    seat_counts,
    seat_counts_text,
)
from game.persistence import writer
from game.rules.actions import IllegalAction
from game.rules.view import match_view

log = logging.getLogger(__name__)

MAX_STRIKES = 100  # messages refused for rate before the connection is closed
MAX_ROOMS = 5000
OUTBOX = 256  # messages queued to one slow connection before it is dropped
RESUME_LOG = 40  # events of the log a resuming seat is sent
LEVELS = ("easy", "normal", "hard", "random")
IDLE_FINISHED = 600.0  # seconds a finished room nobody is connected to stays open
IDLE_WAITING = 3600.0  # seconds a room still waiting for players, with nobody connected
SWEEP_EVERY = 60.0
DEFAULT_GRACE = 60.0  # seconds, when neither the host nor `serve --grace` names one
MAX_SPECTATORS = 32  # people watching one room at once


class Conn:
    def __init__(
        self, ws: ServerConnection, rate: float = RATE_PER_SECOND, address: str = ""
    ) -> None:
        self.ws = ws
        self.address = address
        self.bucket = Bucket(rate, 2 * rate)
        self.strikes = 0
        self.room: Room | None = None
        self.seat: int | None = None
        self.watching: Room | None = None  # a room this connection watches (no seat)
        self.name = ""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.close_reason = "closed by the server"
        self.writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))
        except asyncio.QueueFull:  # a client that stopped reading: it may resume later
            self.close_soon("too far behind; resume with your seat token")

    def close_soon(self, reason: str = "closed by the server") -> None:
        """Close after what is queued has been sent (at once if the queue is full)."""
        self.close_reason = reason
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self.ws.close(1008, reason))

    async def _write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(1008, self.close_reason)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return


def error(code: str, reason: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "reason": reason}


class GameServer:
    def __init__(
        self,
        rooms_dir: Path,
        workers_count: int = 1,
        rate: float = RATE_PER_SECOND,
        grace: float = 0.0,
        conns_per_address: int = CONNS_PER_ADDRESS,
        rooms_per_address: int = ROOMS_PER_ADDRESS,
        limit_loopback: bool = False,
    ) -> None:
        self.rate = rate
        self.limits = AddressLimits(conns_per_address, rooms_per_address, limit_loopback)
        # the server's default for a room whose host does not choose: with `--grace S` the
        # computer stands in for a person gone S seconds, without it the match waits
        self.default_on_leave = "computer" if grace > 0 else "wait"
        self.default_grace = grace if grace > 0 else DEFAULT_GRACE
        self.store = RoomStore(rooms_dir)
        self.rooms: dict[str, Room] = {}
        self.conns: dict[str, dict[int, Conn]] = {}  # room -> seat -> its connection
        self.watchers: dict[str, dict[Conn, str]] = {}  # room -> spectators -> their names
        self.content = default_content()
        self.missions = default_missions()
        self.adventures = default_adventures()
        self.workers_count = max(1, workers_count)
        self.pool = self._new_pool()
        self.stats = {"actions": 0, "refused": 0, "bad": 0, "computer_failures": 0}
        self.tasks: set[asyncio.Task] = set()

    # -------------------------------------------------------------- life

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=self.workers_count, mp_context=multiprocessing.get_context("spawn")
        )

    def load(self) -> list[str]:
        rooms, messages = self.store.load_all(self.default_on_leave, self.default_grace)
        now = time.time()
        for room in rooms:
            self.rooms[room.code] = room
            room.away = {i: now for i, s in enumerate(room.seats) if s.kind == "human"}
        return messages

    def resume_computers(self) -> None:
        for room in self.rooms.values():
            self._schedule_grace(room)
            self._computer_turn(room)

    def sweep(self, now: float | None = None) -> list[str]:
        """Close rooms nobody needs: a finished match or a room still waiting for players that
        nobody has been connected to for a while. Their files move to `finished/`."""
        now = time.time() if now is None else now
        closed = []
        for code, room in list(self.rooms.items()):
            if self.conns.get(code):
                room.seen = now
                continue
            idle = now - room.seen
            over = room.started and room.engine.over
            if (over and idle > IDLE_FINISHED) or (not room.started and idle > IDLE_WAITING):
                if room.engine is not None:
                    room.engine.close()
                writer.flush()  # a campaign room's last save lands before its files move
                self.store.archive(room)
                del self.rooms[code]
                self.conns.pop(code, None)
                workers.forget(code)  # a copy kept here when a worker failed (`_decide_here`)
                workers.forget_adventure(code)
                for watcher in self.watchers.pop(code, {}):
                    watcher.watching = None
                    watcher.close_soon("the room was closed")
                closed.append(code)
        return closed

    async def sweeper(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            for code in self.sweep():
                log.info("room %s closed (idle)", code)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        for room in self.rooms.values():
            if room.engine is not None:
                room.engine.close()
        writer.flush()  # campaign rooms' saves handed to the writer thread

    # -------------------------------------------------------------- connections

    async def handler(self, ws: ServerConnection) -> None:
        address = client_address(ws.remote_address)
        conn = Conn(ws, self.rate, address)
        refused = self.limits.connection_refused(address)
        if refused:
            self.stats["refused"] += 1
            conn.send(error("conn_limit", refused))
            conn.close_soon("too many connections from this address")
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await conn.writer
            return
        self.limits.opened(address)
        try:
            async for raw in ws:
                # read no faster than this client takes its answers (TCP then slows a flood)
                while conn.outbox.qsize() > OUTBOX // 2 and not conn.writer.done():
                    await asyncio.sleep(0.01)
                if not conn.bucket.take():
                    conn.strikes += 1
                    self.stats["refused"] += 1
                    if conn.strikes == MAX_STRIKES:
                        conn.close_soon("too many messages")  # after the queued refusals
                    if conn.strikes <= MAX_STRIKES:
                        conn.send(error("rate", "too many messages; slow down (nothing changed)"))
                    continue
                try:
                    message = protocol.parse(raw)
                except protocol.BadMessage as exc:
                    self.stats["bad"] += 1
                    conn.send(error("bad_message", f"{exc} (nothing changed)"))
                    continue
                try:
                    self.dispatch(conn, message)
                except Exception:  # a server bug: say so, keep serving everybody else
                    log.exception("message %s failed", message.type)
                    conn.send(error("server_error", "the server failed on that message"))
        except ConnectionClosed:
            pass
        finally:
            self.limits.closed(address)
            self._unbind(conn)
            conn.writer.cancel()

    def dispatch(self, conn: Conn, message: Any) -> None:
        kind = message.type
        if kind == "ping":
            conn.send({"type": "pong", "n": message.n})
            return
        if conn.watching is not None:
            # a spectator only watches: no seat, no lobby, no settings, no other room
            conn.send(
                error(
                    "spectator",
                    "you are watching: a spectator cannot act, take a seat or change the room "
                    "(nothing changed)",
                )
            )
            return
        if kind in ("create", "join", "resume", "watch"):
            problem = protocol.version_problem(message.version)
            if problem:
                conn.send(error("version", problem))
                return
            if conn.room is not None:
                conn.send(error("seated", "this connection already has a seat"))
                return
        if kind == "watch":
            self.watch(conn, message)
        elif kind == "create":
            self.create(conn, message)
        elif kind == "join":
            self.join(conn, message)
        elif kind == "resume":
            self.resume(conn, message)
        elif kind == "act":
            self.act(conn, message)
        elif kind == "room_settings":
            self.room_settings(conn, message)
        elif kind in ("ready", "pick", "set_seat"):
            self.lobby_change(conn, message)
        elif kind == "release":
            self.release(conn)

    def _bind(self, conn: Conn, room: Room, seat: int) -> None:
        seats = self.conns.setdefault(room.code, {})
        old = seats.get(seat)
        if old is not None and old is not conn:
            old.send(error("replaced", "this seat was taken over by a newer connection"))
            old.room = old.seat = None
            old.close_soon("this seat was resumed by a newer connection")
        seats[seat] = conn
        conn.room, conn.seat = room, seat
        room.seen = time.time()
        room.away.pop(seat, None)  # back: the computer stops standing in
        self._notice(room, "joined", seat=seat)

    def _unbind(self, conn: Conn) -> None:
        if conn.watching is not None:
            room, conn.watching = conn.watching, None
            watchers = self.watchers.get(room.code, {})
            if conn in watchers:  # (not if the host has just shown the spectators out)
                del watchers[conn]
                self._notice(room, "left", name=conn.name)
                self._send_room(room)
            return
        if conn.room is None:
            return
        seats = self.conns.get(conn.room.code, {})
        if seats.get(conn.seat) is conn:
            del seats[conn.seat]
            room = conn.room
            room.seen = time.time()
            room.away[conn.seat] = room.seen
            self._schedule_grace(room)
            self._notice(room, "left", seat=conn.seat)
            self._send_room(conn.room)
        conn.room = conn.seat = None

    # -------------------------------------------------------------- spectators

    def watch(self, conn: Conn, msg: protocol.Watch) -> None:
        """Watch a room without a seat: the room, a join/leave notice for everybody, and (once
        the match runs) the updates of a seat outside every team."""
        room = self.rooms.get(msg.room)
        if room is None:
            conn.send(error("no_room", "there is no room with that code"))
            return
        if not room.spectators:
            conn.send(error("no_spectators", "the host does not allow spectators in this room"))
            return
        watchers = self.watchers.setdefault(room.code, {})
        if len(watchers) >= MAX_SPECTATORS:
            conn.send(error("full", f"{MAX_SPECTATORS} people watch this room already"))
            return
        conn.watching, conn.name = room, msg.name
        watchers[conn] = msg.name
        conn.send({"type": "watching", "room": room.code})
        self._notice(room, "joined", name=msg.name)
        self._send_room(room)
        if room.started:
            recent = room.engine.log[-RESUME_LOG:]
            conn.send(self._timed(room, self._spectator_update(room, recent)))

    def _notice(self, room: Room, event: str, seat: int | None = None, name: str = "") -> None:
        """Tell everybody in the room (seats and spectators) who came or went: a seat's person
        (`seat`, its name) or a spectator (`seat` null, the name they gave)."""
        if seat is not None:
            name = room.seats[seat].name
        message = {
            "type": "notice",
            "event": event,
            "role": "player" if seat is not None else "spectator",
            "seat": seat,
            "name": name,
            "spectators": len(self.watchers.get(room.code, {})),
        }
        for conn in self._everyone(room):
            conn.send(message)

    def _everyone(self, room: Room) -> list[Conn]:
        return [*self.conns.get(room.code, {}).values(), *self.watchers.get(room.code, {})]

    def _spectator_update(self, room: Room, events: list, table=None) -> dict[str, Any]:
        if room.is_mission:  # the table without any hand
            return mission_view.mission_spectator_update(room.engine, events, room.seq)
        if room.is_adventure:  # the campaign as a seat outside the heroes' team sees it
            runner = room.engine.runner
            return adventure_view.adventure_update(runner, view.SPECTATOR, events, room.seq, table)
        return view.spectator_update(room.engine, events, room.seq, table)

    # -------------------------------------------------------------- lobby

    def create(self, conn: Conn, msg: protocol.Create) -> None:
        if len(self.rooms) >= MAX_ROOMS:
            conn.send(error("full", "this server holds as many rooms as it may; try later"))
            return
        refused = self.limits.room_refused(conn.address)
        if refused:
            conn.send(error("room_limit", refused))
            return
        if len(msg.seats) not in seat_counts(msg.mode):
            conn.send(error("seats", f"{msg.mode} needs {seat_counts_text(msg.mode)} seats"))
            return
        if msg.mode == MISSION:
            if msg.mission not in self.missions.missions:
                known = ", ".join(self.missions.missions)
                conn.send(error("mission", f"name the mission to play: one of {known}"))
                return
        elif msg.mission is not None or msg.difficulty_up or msg.easier:
            wrong = "only a room of mode 'mission' names a mission or its difficulty"
            conn.send(error("mission", wrong))
            return
        if msg.mode == ADVENTURE:
            if msg.adventure_difficulty not in self.adventures.difficulties:
                known = ", ".join(self.adventures.difficulties)
                conn.send(error("difficulty", f"name the campaign's difficulty: one of {known}"))
                return
        elif msg.adventure_difficulty is not None:
            wrong = "only a room of mode 'adventure' names a campaign difficulty"
            conn.send(error("difficulty", wrong))
            return
        bosses = boss_seats(msg.mode, len(msg.seats))
        for index, spec in enumerate(msg.seats):
            if index in bosses:
                if spec.hero not in self.content.bosses:
                    known = ", ".join(sorted(self.content.bosses))
                    conn.send(error("hero", f"seat {index} is a Boss's: one of {known}"))
                    return
            elif spec.hero not in self.content.heroes or spec.hero in self.content.enemies:
                conn.send(error("hero", f"unknown hero '{spec.hero}'"))
                return
        if msg.seat >= len(msg.seats) or msg.seats[msg.seat].kind != "human":
            conn.send(error("seat", "take a seat that a person plays"))
            return
        seats = [SeatInfo(s.kind, s.hero, s.level, s.name) for s in msg.seats]
        room = make_room(new_code(self.rooms), msg.mode, seats)
        room.host = msg.seat
        room.mission = msg.mission or ""
        room.difficulty_up, room.easier = msg.difficulty_up, tuple(dict.fromkeys(msg.easier))
        room.adventure_difficulty = msg.adventure_difficulty or ""
        room.folder = self.store.folder
        room.on_leave = msg.on_leave or self.default_on_leave
        room.grace = self.default_grace if msg.grace is None else float(msg.grace)
        room.lobby, room.timer = msg.lobby, msg.timer
        room.spectators = msg.spectators
        token = room.take(msg.seat, msg.name)
        self.rooms[room.code] = room
        self.limits.room_created(conn.address)
        self._bind(conn, room, msg.seat)
        conn.send({"type": "seated", "room": room.code, "seat": msg.seat, "token": token})
        self._started_or_lobby(room)

    def join(self, conn: Conn, msg: protocol.Join) -> None:
        room = self.rooms.get(msg.room)
        if room is None:
            conn.send(error("no_room", "there is no room with that code"))
            return
        if msg.seat >= len(room.seats) or room.seats[msg.seat].kind != "human":
            conn.send(error("seat", "that seat is not one a person plays"))
            return
        if room.seats[msg.seat].taken or room.started:
            conn.send(error("seat_taken", "that seat is taken (resume it with its token)"))
            return
        token = room.take(msg.seat, msg.name)
        self._bind(conn, room, msg.seat)
        conn.send({"type": "seated", "room": room.code, "seat": msg.seat, "token": token})
        self._started_or_lobby(room)

    def resume(self, conn: Conn, msg: protocol.Resume) -> None:
        room = self.rooms.get(msg.room)
        seat = None if room is None else room.seat_of(msg.token)
        if room is not None and seat is None and room.was_released(msg.token):
            why = "you gave this seat back; join the room again to take an open seat"
            conn.send(error("released", why))
            return
        if room is None or seat is None:
            conn.send(error("no_seat", "no seat in that room has this token"))
            return
        self._bind(conn, room, seat)
        conn.send({"type": "seated", "room": room.code, "seat": seat, "token": msg.token})
        self._send_room(room)
        if room.started:
            engine = room.engine
            recent = engine.log[-RESUME_LOG:]
            conn.send(self._timed(room, self._update(room, seat, recent)))

    def release(self, conn: Conn) -> None:
        """Before the match: give this connection's seat back (open again, token void)."""
        room, seat = conn.room, conn.seat
        if room is None:
            conn.send(error("no_seat", "join or resume a room first"))
            return
        if room.started:
            why = (
                "the match has started: your seat stays yours (if you leave, the host's "
                "choice for a person who drops applies; nothing changed)"
            )
            conn.send(error("started", why))
            return
        if seat == room.host:
            conn.send(
                error("host", "the host keeps their seat: the room is theirs (nothing changed)")
            )
            return
        self._notice(room, "released", seat=seat)  # (with the name, before it goes)
        seats = self.conns.get(room.code, {})
        if seats.get(seat) is conn:
            del seats[seat]
        room.release(seat)
        conn.room = conn.seat = None
        conn.send({"type": "released", "room": room.code, "seat": seat})
        self.store.save_header(room)
        self._send_room(room)

    def lobby_change(self, conn: Conn, msg: Any) -> None:
        """`ready`, `pick` and `set_seat`: a lobby's seats before the match starts."""
        room = conn.room
        if room is None:
            conn.send(error("no_seat", "join or resume a room first"))
            return
        if room.started:
            conn.send(error("started", "the match has started (nothing changed)"))
            return
        if not room.lobby:
            conn.send(error("no_lobby", "this room starts when its seats are taken"))
            return
        if msg.type == "ready":
            if msg.ready:
                room.ready.add(conn.seat)
            else:
                room.ready.discard(conn.seat)
        elif msg.type == "pick":
            if not self._hero_ok(conn, room, conn.seat, msg.hero):
                return
            room.seats[conn.seat].hero = msg.hero
            room.ready.discard(conn.seat)
        else:  # set_seat
            if conn.seat != room.host:
                conn.send(error("not_host", "only the host sets the seats up (nothing changed)"))
                return
            if msg.seat >= len(room.seats) or msg.seat == room.host:
                conn.send(error("seat", "there is no such other seat (nothing changed)"))
                return
            if room.seats[msg.seat].token_sha256:
                conn.send(error("seat_taken", "a person sits there (nothing changed)"))
                return
            if not self._hero_ok(conn, room, msg.seat, msg.hero):
                return
            room.seats[msg.seat] = SeatInfo(msg.kind, msg.hero, msg.level)
            room.ready.discard(msg.seat)
        self._started_or_lobby(room)

    def _hero_ok(self, conn: Conn, room: Room, seat: int, hero: str) -> bool:
        """A Boss in a Boss's seat, a hero in any other (as `create` checks)."""
        if seat in boss_seats(room.mode, len(room.seats)):
            if hero not in self.content.bosses:
                known = ", ".join(sorted(self.content.bosses))
                why = f"seat {seat} is a Boss's: one of {known} (nothing changed)"
                conn.send(error("hero", why))
                return False
            return True
        if hero not in self.content.heroes or hero in self.content.enemies:
            conn.send(error("hero", f"unknown hero '{hero}' (nothing changed)"))
            return False
        return True

    def _room_message(self, room: Room) -> dict[str, Any]:
        online = self.conns.get(room.code, {})
        return {
            "type": "room",
            "room": room.code,
            "mode": room.mode,
            "mission": room.mission or None,
            "difficulty_up": room.difficulty_up,
            "easier": list(room.easier),
            "adventure_difficulty": room.adventure_difficulty or None,
            "started": room.started,
            "host": room.host,
            "on_leave": room.on_leave,
            "grace": room.grace,
            "lobby": room.lobby,
            "timer": room.timer,
            "spectators_allowed": room.spectators,
            "spectators": len(self.watchers.get(room.code, {})),
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "hero": s.hero,
                    "level": s.level if s.kind == "computer" else "",
                    "name": s.name,
                    "taken": s.taken,
                    "connected": i in online,
                    "computer_standing_in": self._stands_in(room, i),
                    "ready": room.started or s.kind == "computer" or i in room.ready,
                }
                for i, s in enumerate(room.seats)
            ],
        }

    def _send_room(self, room: Room) -> None:
        message = self._room_message(room)
        for conn in self._everyone(room):
            conn.send(message)

    def _started_or_lobby(self, room: Room) -> None:
        if room.can_start and not room.started:
            room.begin()
        self.store.save_header(room)
        self._send_room(room)
        if room.started:
            self._broadcast(room, list(room.engine.log))
            self._computer_turn(room)

    def room_settings(self, conn: Conn, msg: protocol.RoomSettings) -> None:
        """The host changes what happens when a person drops; everybody is told."""
        room = conn.room
        if room is None:
            conn.send(error("no_seat", "join or resume a room first"))
            return
        if conn.seat != room.host:
            conn.send(
                error(
                    "not_host",
                    f"only the host (seat {room.host}) may change the room's settings "
                    "(nothing changed)",
                )
            )
            return
        if msg.on_leave is None and msg.grace is None and msg.spectators is None:
            wrong = "name on_leave, grace or spectators to change (nothing changed)"
            conn.send(error("settings", wrong))
            return
        if msg.on_leave is not None:
            room.on_leave = msg.on_leave
        if msg.grace is not None:
            room.grace = float(msg.grace)
        if msg.spectators is not None:
            room.spectators = msg.spectators
            if not room.spectators:  # those watching now are shown out
                for watcher in list(self.watchers.pop(room.code, {})):
                    watcher.watching = None
                    watcher.send(error("no_spectators", "the host stopped allowing spectators"))
                    watcher.close_soon("the host stopped allowing spectators")
        self.store.save_header(room)
        self._schedule_grace(room)
        self._send_room(room)
        self._computer_turn(room)

    def _schedule_grace(self, room: Room) -> None:
        """Look again when each absent person's grace period ends (the computer then plays
        for them if the room says so)."""
        if room.on_leave != "computer":
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        for left in room.away.values():
            loop.call_later(max(0.0, left + room.grace - now) + 0.05, self._grace_over, room)

    # -------------------------------------------------------------- play

    def act(self, conn: Conn, msg: protocol.Act) -> None:
        room = conn.room
        if room is None:
            conn.send(error("no_seat", "join or resume a room first"))
            return
        if not room.started:
            conn.send(error("not_started", "the match starts when every seat is taken"))
            return
        engine = room.engine
        choice = engine.pending
        if choice is None:
            conn.send(error("over", "the match is over; nothing can be done"))
            return
        if msg.seq != room.seq:
            conn.send(
                error(
                    "stale",
                    f"that answers decision {msg.seq}, but decision {room.seq} is open "
                    "(nothing changed)",
                )
            )
            return
        if choice.player != conn.seat:
            conn.send(
                error("not_yours", f"seat {choice.player} decides now, not you (nothing changed)")
            )
            return
        if msg.option >= len(choice.options):
            conn.send(error("option", f"there are {len(choice.options)} options (nothing changed)"))
            return
        self._apply(room, choice.options[msg.option].action)

    def _apply(self, room: Room, action) -> None:
        try:
            before = len(room.engine.log)
            events = room.engine.apply(action)
            if events is None:  # a Mission: its events are what the log gained
                events = room.engine.log[before:]
        except IllegalAction as exc:  # pragma: no cover - options are legal by construction
            log.error("room %s refused its own option: %s", room.code, exc)
            return
        self.store.append_action(room, action)
        self.stats["actions"] += 1
        self._broadcast(room, events)
        self._computer_turn(room)

    def _broadcast(self, room: Room, events: list) -> None:
        seats = self.conns.get(room.code, {})
        watchers = self.watchers.get(room.code, {})
        if not seats and not watchers:
            return
        self._clock(room)
        if room.is_mission:
            table = mission_view.mission_state(room.engine)
        elif room.is_adventure:  # the scenario's view, if one is in play
            scenario = room.engine.runner.engine
            table = None if scenario is None else match_view(scenario)
        else:
            table = match_view(room.engine)
        for seat, conn in seats.items():
            conn.send(self._timed(room, self._update(room, seat, events, table)))
        if watchers:  # one message for every spectator
            message = self._timed(room, self._spectator_update(room, events, table))
            for conn in watchers:
                conn.send(message)

    @staticmethod
    def _update(room: Room, seat: int, events: list, table=None) -> dict[str, Any]:
        if room.is_mission:
            return mission_view.mission_update(room.engine, seat, events, room.seq, table)
        if room.is_adventure:
            runner = room.engine.runner
            return adventure_view.adventure_update(runner, seat, events, room.seq, table)
        return view.seat_update(room.engine, seat, events, room.seq, table)

    # -------------------------------------------------------------- the turn timer

    def _clock(self, room: Room) -> None:
        """Start the turn timer for the decision now open, once, if a person makes it (no
        clock runs while a computer seat decides)."""
        if not room.timer or not room.started or room.engine.pending is None:
            return
        if room.seats[room.engine.pending.player].kind != "human":
            return
        if room.clock_seq == room.seq:
            return
        room.clock_seq, room.clock_at = room.seq, time.time()
        asyncio.get_running_loop().call_later(room.timer, self._time_up, room, room.seq)

    def _time_up(self, room: Room, seq: int) -> None:
        if self.rooms.get(room.code) is not room or room.seq != seq:
            return  # answered in time (or the room is gone)
        room.time_up_seq = seq
        self._send_room(room)
        self._computer_turn(room)

    def _timed(self, room: Room, message: dict[str, Any]) -> dict[str, Any]:
        """An update with the seconds left for the open decision (None: no timer)."""
        left = None
        if room.timer and room.clock_seq == room.seq:
            left = round(max(0.0, room.clock_at + room.timer - time.time()), 1)
        message["time_left"] = left
        return message

    def _grace_over(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            self._send_room(room)  # shows who the computer plays for now
            self._computer_turn(room)

    def _stands_in(self, room: Room, seat: int) -> bool:
        """Does the computer play for this person now (gone longer than the room's grace
        period, in a room whose host chose that the computer stands in)?"""
        if room.time_up_seq == room.seq and room.seats[seat].kind == "human":
            return True  # its turn timer ran out: the computer makes this decision
        left = room.away.get(seat)
        if room.on_leave != "computer" or left is None or room.seats[seat].kind != "human":
            return False
        return seat not in self.conns.get(room.code, {}) and time.time() - left >= room.grace

    def _computer_turn(self, room: Room) -> None:
        if room.thinking or not room.started:
            return
        self._clock(room)
        choice = room.engine.pending
        if choice is None:
            return
        if room.seats[choice.player].kind != "computer" and not self._stands_in(
            room, choice.player
        ):
            return
        room.thinking = True
        task = asyncio.get_running_loop().create_task(self._think(room, choice.player))
        self.tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self.tasks.discard)

    @staticmethod
    def _job(room: Room, seat: int, level: str, seed: int) -> tuple:
        """A duel's or Mission's computer decision: its setup (seed included) and actions."""
        actions = [a.to_json() for a in room.engine.actions]
        setup = room.engine.setup.to_json()
        return (workers.decide, room.code, setup, actions, seat, level, seed, room.is_mission)

    async def _think(self, room: Room, seat: int) -> None:
        seq = room.seq
        level = room.seats[seat].level if room.seats[seat].kind == "computer" else "normal"
        level = level if level in LEVELS else "normal"
        seed = zlib.crc32(f"{room.code}:{seat}:{seq}".encode())
        if room.is_adventure:
            data = room.engine.save_data()
            job = (workers.decide_adventure, room.code, data, seat, level, seed)
        else:
            job = self._job(room, seat, level, seed)
        index = None
        try:
            try:
                index = await asyncio.get_running_loop().run_in_executor(self.pool, *job)
            except BrokenProcessPool:
                log.error("the computer-seat workers died; starting new ones")
                self.pool = self._new_pool()
                index = await asyncio.get_running_loop().run_in_executor(self.pool, *job)
        except Exception:
            self.stats["computer_failures"] += 1
            log.exception(
                "room %s: the worker deciding for the computer in seat %d failed; "
                "it decides in the server's loop instead",
                room.code,
                seat,
            )
        finally:
            room.thinking = False
        choice = room.engine.pending
        if room.seq != seq or choice is None or choice.player != seat:
            return
        if room.seats[seat].kind == "human" and not self._stands_in(room, seat):
            return  # the person came back while the computer thought
        if index is None:
            index = self._decide_here(room, seat, job)
        self._apply(room, choice.options[min(index, len(choice.options) - 1)].action)

    @staticmethod
    def _decide_here(room: Room, seat: int, job: tuple) -> int:
        """The decision made in this process (its worker failed): the function the worker runs,
        with the same level and seed, on a copy of the match kept here (as a worker keeps one)
        until the room closes. It holds up the loop while it thinks, which is why it is only
        the fallback. If that fails as well, the computer takes the first option, and the log
        says so."""
        decide, *args = job
        try:
            return decide(*args)
        except Exception:
            log.exception(
                "room %s: the computer in seat %d failed in the loop too; it takes the first "
                "option",
                room.code,
                seat,
            )
            return 0


async def run_server(
    host: str,
    port: int,
    rooms_dir: Path,
    certfile: str | None = None,
    keyfile: str | None = None,
    workers_count: int = 1,
    ready: Any = None,
    rate: float = RATE_PER_SECOND,
    grace: float = 0.0,
    limits: tuple[int, int, bool] = (CONNS_PER_ADDRESS, ROOMS_PER_ADDRESS, False),
) -> None:
    """`limits`: connections open per address, rooms created per address in `ROOMS_WINDOW`
    seconds, and whether loopback addresses are limited too."""
    game = GameServer(rooms_dir, workers_count, rate, grace, *limits)
    for message in game.load():
        log.warning("%s", message)
    tls = None
    if certfile:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.minimum_version = ssl.TLSVersion.TLSv1_2
        tls.load_cert_chain(certfile, keyfile)
    try:
        async with serve(
            game.handler,
            host,
            port,
            ssl=tls,
            max_size=protocol.MAX_MESSAGE_BYTES,
            max_queue=16,
            compression=None,
        ) as server:
            game.resume_computers()
            sweeper = asyncio.get_running_loop().create_task(game.sweeper())
            bound = server.sockets[0].getsockname()[1]
            scheme = "wss" if tls else "ws"
            line = (
                f"serving on {scheme}://{host}:{bound} (protocol {PROTOCOL_VERSION}, "
                f"{len(game.rooms)} rooms resumed)"
            )
            print(line, flush=True)
            if ready is not None:
                ready(bound)
            stop = asyncio.get_running_loop().create_future()
            for signum in (signal.SIGTERM, signal.SIGINT):
                asyncio.get_running_loop().add_signal_handler(signum, stop.cancel)
            with contextlib.suppress(asyncio.CancelledError):
                await stop
            sweeper.cancel()
    finally:
        game.close()


def main(args) -> int:
    from game.paths import user_data_dir

    if bool(args.certfile) != bool(args.keyfile):
        print("give both --certfile and --keyfile for TLS", flush=True)
        return 2
    rooms_dir = Path(args.rooms_dir) if args.rooms_dir else user_data_dir() / "online_rooms"
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(
            run_server(
                args.host,
                args.port,
                rooms_dir,
                args.certfile,
                args.keyfile,
                args.workers,
                rate=args.rate,
                grace=args.grace,
                limits=(args.conns_per_address, args.rooms_per_address, args.limit_loopback),
            )
        )
    return 0
