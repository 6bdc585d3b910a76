"""The window's side of an online game: a server it may host, one client, and its seat file.

`HostedServer` starts `game serve` as a child process (its first line says which port it got);
`OnlineLink` owns a `Client` (its network thread never touches an engine) and sorts what the
server says into what the lobby and the board show: the connection's state, the room (seats,
who is ready, who is connected), the latest refusal, and the updates the board has not yet
played back. The scenes call `poll()` once a frame; nothing here waits on the network.

A seat is remembered in `online_seats/<room>.json` (the room, the seat token, the address,
whether this machine hosted it), so the title's Continue list can take the player back in,
after a restart too; the file goes when the match is over.
"""

from __future__ import annotations

import contextlib
import ipaddress
import queue
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from game.online import PROTOCOL_VERSION
from game.online.client import Client
from game.persistence.files import FileKind, load, write_json
from game.persistence.schema import OnlineSeatFile

DEFAULT_PORT = 7777
HOST_BIND = "0.0.0.0"  # a hosted server listens on every network of this machine
SEAT_KIND = FileKind(label="the online seat file", model=OnlineSeatFile, version=1)
# the formats the window offers (the server also serves co-op Missions and Adventures rooms,
# which have no online board in the window yet)
MODES = ("duel", "2v2", "3v3", "2v2v2", "koth", "boss_vs_many", "boss_vs_boss")


def seats_dir() -> Path:
    from game.paths import user_data_dir

    return user_data_dir() / "online_seats"


def seat_path(room: str) -> Path:
    return seats_dir() / f"{room}.json"


def list_seat_files() -> list[tuple[Path, OnlineSeatFile | None, list[str]]]:
    """Every remembered online seat: (file, its contents or None, the loader's messages)."""
    folder = seats_dir()
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.json")):
        loaded = load(path, SEAT_KIND)
        out.append((path, loaded.value, list(loaded.messages)))
    return out


def server_url(text: str, default_port: int = DEFAULT_PORT) -> str:
    """`ws://HOST:PORT` from what a player typed: `192.168.1.5`, `host:7777`, `ws://...`,
    `wss://...`. Raises ValueError with a reason."""
    text = text.strip()
    scheme = "ws"
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix) :]
    text = text.rstrip("/")
    if not text:
        raise ValueError("type the host's address, for example 192.168.1.5:7777")
    host, port = text, default_port
    if text.startswith("["):  # [IPv6]:port
        end = text.find("]")
        host, rest = text[1:end], text[end + 1 :]
        if rest.startswith(":"):
            port = _port(rest[1:])
        host = f"[{host}]"
    elif text.count(":") == 1:
        host, raw = text.split(":")
        port = _port(raw)
    if not host or any(c in host for c in " /?#@"):
        raise ValueError(f"'{text}' is not an address")
    return f"{scheme}://{host}:{port}"


def _port(raw: str) -> int:
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise ValueError(f"'{raw}' is not a port number (1-65535)")
    return int(raw)


def local_addresses() -> list[str]:
    """This machine's addresses on its networks (for a friend to type), loopback last."""
    found: list[str] = []
    # a UDP "connection" sends nothing; it only asks which interface would be used
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if address not in found:
                found.append(address)
    found = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return [*found, "127.0.0.1"]


def serve_command(port: int, host: str = "0.0.0.0") -> list[str]:
    """The command that runs `game serve` with this Python (or this frozen build)."""
    base = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "game"]
    return [*base, "serve", "--host", host, "--port", str(port)]


class HostedServer:
    """`game serve` started by this window, on this machine."""

    def __init__(self, port: int = DEFAULT_PORT, host: str | None = None, extra=()) -> None:
        host = host or HOST_BIND
        self.host = host
        self.port = 0
        self.problem = ""  # why it stopped (its last lines) once it has
        self.lines: queue.Queue[str] = queue.Queue()
        self.proc = subprocess.Popen(
            [*serve_command(port, host), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
        )
        self._tail: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip())

    def poll(self) -> str:
        """'starting', 'ready' (self.port is set) or 'stopped' (self.problem says why)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                break
            self._tail = [*self._tail[-5:], line]
            if line.startswith("serving on") and not self.port:
                self.port = int(line.split()[2].rsplit(":", 1)[1])
        if self.proc.poll() is not None:
            if not self.problem:
                said = " ".join(self._tail[-3:]) or f"exit status {self.proc.returncode}"
                self.problem = f"The server stopped: {said}"
            return "stopped"
        return "ready" if self.port else "starting"

    @property
    def local_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """What a friend types to reach it: this machine's addresses with the port."""
        if self.host not in ("0.0.0.0", "::"):
            return [f"{self.host}:{self.port}"]
        return [f"{a}:{self.port}" for a in local_addresses()]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class OnlineLink:
    """One seat in one room, as the window sees it."""

    def __init__(
        self,
        url: str,
        *,
        name: str = "",
        hosted: HostedServer | None = None,
        client: Client | None = None,
        version: int = PROTOCOL_VERSION,
        remember: bool = True,
    ) -> None:
        self.url = url
        self.name = name
        self.hosted = hosted
        self.remember = remember  # keep the seat file (tests turn it off)
        self.client = client or Client(url, version=version)
        self.state = "connecting"  # connecting | connected | lost | failed
        self.reason = ""  # why the connection was lost or refused
        self.error = ""  # the server's latest refusal, in its own words
        self.error_code = ""
        self.room: dict[str, Any] | None = None
        self.code: str = ""
        self.seat: int | None = None
        self.updates: list[dict[str, Any]] = []  # not yet played back by the board
        self.latest: dict[str, Any] | None = None  # the newest update (the board starts here)
        self.notices: list[dict[str, Any]] = []  # who came or went, not yet shown by the board
        self.watching = False  # a spectator's link: no seat, nothing remembered
        self.released = False  # the seat was given back (`release`): nothing to continue
        self._joining: tuple[str, int] | None = None
        self._resume: tuple[str, str] | None = None
        self._deferred: list = []  # requests waiting for the first connection

    # ------------------------------------------------------------ asking

    def _when_connected(self, send) -> None:
        """Send now, or as soon as the connection is up (a message sent before would be
        dropped by the client)."""
        if self.client.connected.is_set():
            send()
        else:
            self._deferred.append(send)

    def host_room(self, mode: str, seats: list[dict[str, Any]], timer: int = 0) -> None:
        self._when_connected(
            lambda: self.client.create(mode, seats, seat=0, name=self.name, lobby=True, timer=timer)
        )

    def host_mission(
        self,
        mission: str,
        seats: list[dict[str, Any]],
        *,
        difficulty_up: int = 0,
        easier: tuple[str, ...] = (),
        lobby: bool = True,
        timer: int = 0,
    ) -> None:
        """Open a co-op Mission room (one Hero a seat; the host sits in seat 0; `timer`:
        seconds a person has for a decision, 0 for no limit)."""
        message = {
            "type": "create",
            "version": self.client.version,
            "mode": "mission",
            "mission": mission,
            "difficulty_up": difficulty_up,
            "easier": list(easier),
            "seats": seats,
            "seat": 0,
            "name": self.name,
            "lobby": lobby,
        }
        if timer:
            message["timer"] = timer
        self._when_connected(lambda: self.client.send(message))

    def host_adventure_room(
        self, seats: list[dict[str, Any]], difficulty: str = "normal", timer: int = 0
    ) -> None:
        """A co-op Adventures campaign room with a lobby (one hero a seat, 2-4 seats)."""

        def send() -> None:
            message = {
                "type": "create",
                "version": self.client.version,
                "mode": "adventure",
                "adventure_difficulty": difficulty,
                "seats": seats,
                "seat": 0,
                "name": self.name,
                "lobby": True,
            }
            if timer:
                message["timer"] = timer
            self.client.send(message)

        self._when_connected(send)

    def join_room(self, code: str) -> None:
        """Take the first free seat a person plays (tried in order: the server says which
        are taken)."""
        self._joining = (code, 1)
        self._when_connected(lambda: self.client.join(code, 1, name=self.name))

    def watch_room(self, code: str) -> None:
        """Watch a room as a spectator (no seat; the client watches again after a reconnect)."""
        self.watching = True
        self._when_connected(lambda: self.client.watch(code, name=self.name))

    def resume(self, room: str, token: str) -> None:
        """Take this seat again (sent once connected; the client resumes it by itself after
        every later reconnect)."""
        self.code = room
        self.client.room, self.client.token = room, token
        self._resume = (room, token)
        if self.client.connected.is_set():
            self._send_resume()

    def _send_resume(self) -> None:
        if self._resume and self.seat is None:
            room, token = self._resume
            self.client.send(
                {"type": "resume", "version": self.client.version, "room": room, "token": token}
            )

    def release(self) -> None:
        """Give the seat back before the match starts (the Continue entry goes on `released`)."""
        self.client.release()

    def act(self, seq: int, option: int) -> None:
        self.client.act(seq, option)

    @property
    def is_host(self) -> bool:
        return bool(self.room) and self.seat == self.room.get("host")

    @property
    def started(self) -> bool:
        return bool(self.room and self.room.get("started")) or self.latest is not None

    # ------------------------------------------------------------ listening

    def poll(self) -> list[dict[str, Any]]:
        """Read everything the server said since the last frame (never waits)."""
        got = []
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return got
            got.append(message)
            self._take(message)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "connection":
            state = message["state"]
            if state == "connected":
                self.state, self.reason = "connected", ""
                deferred, self._deferred = self._deferred, []
                for send in deferred:
                    send()
                self._send_resume()
            elif state == "lost":
                self.state = "lost" if message.get("retrying") else "failed"
                self.reason = message.get("reason", "")
            elif state == "failed":
                self.state, self.reason = "failed", message.get("reason", "")
        elif kind == "seated":
            self._joining = None
            self.code, self.seat = message["room"], message["seat"]
            self.error = self.error_code = ""
            self._remember()
        elif kind == "released":
            self.forget()
            self.released, self.seat, self._resume = True, None, None
        elif kind == "watching":
            self.code = message["room"]
            self.error = self.error_code = ""
        elif kind == "room":
            self.room = message
            self._remember()
        elif kind == "notice":
            self.notices.append(message)
        elif kind == "update":
            self.latest = message
            self.updates.append(message)
            state = message["state"]  # a campaign is over when its sheet says finished
            if state.get("over", state.get("campaign", {}).get("finished")):
                self.forget()
        elif kind == "error":
            code, reason = message.get("code", ""), message.get("reason", "")
            if code == "seated":
                return  # a resume sent twice while connecting: the seat is ours already
            if self._joining and code in ("seat", "seat_taken"):
                room, seat = self._joining
                if seat < 5:
                    self._joining = (room, seat + 1)
                    self.client.join(room, seat + 1, name=self.name)
                    return
                reason = "every seat a person plays in that room is taken"
            self._joining = None
            if code == "no_seat" and self._resume and self.seat is None:
                # the server no longer has this seat (the room was closed): stop offering it
                self.forget()
                reason += " (the room is gone; it was taken off the Continue list)"
            if code == "released" and self._resume and self.seat is None:
                self.forget()  # this machine gave the seat back earlier: not to continue
                reason += " (it was taken off the Continue list)"
            self.error, self.error_code = reason, code

    # ------------------------------------------------------------ the seat file

    def _remember(self) -> None:
        if not self.remember or self.client.token is None or not self.code:
            return
        room = self.room or {}
        seats = room.get("seats", [])
        data = {
            "version": 1,
            "url": self.url,
            "room": self.code,
            "seat": self.seat,
            "token": self.client.token,
            "hosted": self.hosted is not None,
            "port": self.hosted.port if self.hosted else 0,
            "mode": room.get("mode", ""),
            "heroes": [s["hero"] for s in seats],
            "names": [s["name"] for s in seats],
        }
        with contextlib.suppress(OSError):  # saving off: the match still plays
            write_json(seat_path(self.code), data)

    def forget(self) -> None:
        """The match is over: it no longer belongs in the Continue list."""
        if self.code and not self.watching:
            with contextlib.suppress(OSError):
                seat_path(self.code).unlink(missing_ok=True)

    def close(self) -> None:
        self.client.close()
        if self.hosted is not None:
            self.hosted.stop()
