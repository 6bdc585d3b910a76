"""A client for `game serve`, made for a window that must never wait on the network.

The client's asyncio loop runs in its own thread; everything the server says arrives in
`client.inbox` (a `queue.Queue` of dicts) for the window to read between frames, and the
calls below (`create`, `join`, `resume`, `act`, `ping`) return at once. A lost connection
puts `{"type": "connection", "state": "lost", ...}` in the inbox and, with `retry`, the client
reconnects with growing pauses and resumes its seat with its token (`"state": "connected"`).

    client = Client("ws://127.0.0.1:7777")
    client.create("duel", [{"kind": "human", "hero": "barbarian"},
                           {"kind": "computer", "hero": "ninja", "level": "normal"}], seat=0)
    while True:
        message = client.inbox.get()      # the window would use get_nowait() each frame
        if message["type"] == "update" and message["choice"] and message["choice"]["mine"]:
            client.act(message["seq"], message["choice"]["options"][0]["id"])
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import ssl
import threading
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.online import PROTOCOL_VERSION
from game.persistence.files import FileKind, load, write_json
from game.persistence.schema import OnlineSeatFile

SEAT_KIND = FileKind(label="the online seat file", model=OnlineSeatFile, version=1)

RETRY_FIRST = 0.2
RETRY_MAX = 5.0


class Client:
    def __init__(
        self,
        url: str,
        *,
        cafile: str | None = None,
        retry: bool = True,
        seat_file: Path | None = None,
        version: int = PROTOCOL_VERSION,
    ) -> None:
        self.url = url
        self.retry = retry
        self.seat_file = Path(seat_file) if seat_file else None
        self.version = version
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.watching: tuple[str, str] | None = None  # (room, name) while watching
        self.connected = threading.Event()
        self._tls = None
        if url.startswith("wss://"):
            self._tls = ssl.create_default_context(cafile=cafile)
        self._ws: ClientConnection | None = None
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._task = asyncio.run_coroutine_threadsafe(self._run(), self._loop)

    # ------------------------------------------------------------ what the window calls

    def create(
        self,
        mode: str,
        seats: list[dict[str, Any]],
        seat: int,
        name: str = "",
        lobby: bool = False,
        timer: int = 0,
    ) -> None:
        message = {
            "type": "create",
            "version": self.version,
            "mode": mode,
            "seats": seats,
            "seat": seat,
            "name": name,
        }
        if lobby:
            message["lobby"] = True
        if timer:
            message["timer"] = timer
        self.send(message)

    def ready(self, ready: bool = True) -> None:
        self.send({"type": "ready", "ready": ready})

    def pick(self, hero: str) -> None:
        self.send({"type": "pick", "hero": hero})

    def set_seat(self, seat: int, kind: str, hero: str, level: str = "normal") -> None:
        self.send({"type": "set_seat", "seat": seat, "kind": kind, "hero": hero, "level": level})

    def room_settings(
        self, on_leave: str | None = None, grace: int | None = None, spectators: bool | None = None
    ) -> None:
        """The host: wait for a person who drops, or let the computer play for them after
        `grace` seconds; allow people to watch without a seat or not (`spectators`: switched
        off, the server shows out those watching now)."""
        message: dict[str, Any] = {"type": "room_settings"}
        if on_leave is not None:
            message["on_leave"] = on_leave
        if grace is not None:
            message["grace"] = grace
        if spectators is not None:
            message["spectators"] = spectators
        self.send(message)

    def release(self) -> None:
        """Before the match: give this seat back (the server answers `released`; the token
        is forgotten then, so a reconnect no longer resumes it)."""
        self.send({"type": "release"})

    def join(self, room: str, seat: int, name: str = "") -> None:
        self.send(
            {"type": "join", "version": self.version, "room": room, "seat": seat, "name": name}
        )

    def watch(self, room: str, name: str = "") -> None:
        """Watch a room without a seat (a spectator: it never acts). After a lost connection
        the client watches again by itself."""
        self.watching = (room, name)
        self.send({"type": "watch", "version": self.version, "room": room, "name": name})

    def resume(self, room: str, token: str) -> None:
        self.room, self.token = room, token
        self.send({"type": "resume", "version": self.version, "room": room, "token": token})

    def resume_from_file(self) -> bool:
        """Resume the seat saved in `seat_file` (a client restart); False if there is none."""
        if self.seat_file is None:
            return False
        data = load(self.seat_file, SEAT_KIND).value
        if data is None:
            return False
        self.resume(data.room, data.token)
        return True

    def act(self, seq: int, option: int) -> None:
        self.send({"type": "act", "seq": seq, "option": option})

    def ping(self, n: int) -> None:
        self.send({"type": "ping", "n": n})

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (returns at once); if not connected it is dropped and the inbox
        says so."""
        asyncio.run_coroutine_threadsafe(self._send(json.dumps(message)), self._loop)

    def send_raw(self, text: str | bytes) -> None:
        """Send exactly these bytes (tests of a hostile client use it)."""
        asyncio.run_coroutine_threadsafe(self._send(text), self._loop)

    def drop(self) -> None:
        """Cut the connection as a network fault would (the client then reconnects)."""
        asyncio.run_coroutine_threadsafe(self._drop(), self._loop).result(5)

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._drop(), self._loop).result(5)
        self._task.cancel()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    # ------------------------------------------------------------ the network thread

    async def _send(self, text: str | bytes) -> None:
        ws = self._ws
        if ws is None:
            self.inbox.put({"type": "connection", "state": "not_connected", "dropped": True})
            return
        try:
            await ws.send(text)
        except ConnectionClosed:
            self.inbox.put({"type": "connection", "state": "not_connected", "dropped": True})

    async def _drop(self) -> None:
        ws = self._ws
        if ws is not None:
            ws.transport.abort()

    async def _run(self) -> None:
        pause = RETRY_FIRST
        first = True
        while not self._closing:
            try:
                async with connect(
                    self.url, ssl=self._tls, max_size=2**22, open_timeout=10, compression=None
                ) as ws:
                    self._ws = ws
                    self.connected.set()
                    pause = RETRY_FIRST
                    self.inbox.put({"type": "connection", "state": "connected"})
                    if not first and self.room and self.token:
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "resume",
                                    "version": self.version,
                                    "room": self.room,
                                    "token": self.token,
                                }
                            )
                        )
                    elif not first and self.watching:
                        room, name = self.watching
                        watch = {"type": "watch", "room": room, "name": name}
                        await ws.send(json.dumps({**watch, "version": self.version}))
                    first = False
                    async for raw in ws:
                        self._receive(raw)
                    reason = f"closed by the server ({ws.close_code} {ws.close_reason})"
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
                reason = f"{type(exc).__name__}: {exc}"
            except InvalidURI as exc:
                self.inbox.put({"type": "connection", "state": "failed", "reason": str(exc)})
                return
            self._ws = None
            self.connected.clear()
            if self._closing:
                return
            retrying = self.retry
            self.inbox.put(
                {"type": "connection", "state": "lost", "reason": reason, "retrying": retrying}
            )
            if not retrying:
                return
            await asyncio.sleep(pause)
            pause = min(RETRY_MAX, pause * 2)

    def _receive(self, raw: str | bytes) -> None:
        try:
            message = json.loads(raw)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        if message.get("type") == "seated":
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]
            if self.seat_file is not None:
                write_json(
                    self.seat_file,
                    {
                        "version": 1,
                        "url": self.url,
                        "room": self.room,
                        "seat": self.seat,
                        "token": self.token,
                    },
                )
        if message.get("type") == "released":  # the seat is given back: nothing to resume
            self.room = self.seat = self.token = None
            if self.seat_file is not None:
                Path(self.seat_file).unlink(missing_ok=True)
        if message.get("type") == "error" and message.get("code") in ("replaced", "conn_limit"):
            # another copy holds this seat now, or the server takes no more from this address:
            # do not fight over it
            self.retry = False
        self.inbox.put(message)
