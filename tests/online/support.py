"""A real `python -m game serve` process on loopback, and clients that play random options."""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from game.online.client import Client

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    def __init__(self, rooms_dir: Path, port: int | None = None, extra: list[str] = ()) -> None:
        self.rooms_dir = rooms_dir
        self.port = port or free_port()
        self.extra = list(extra)
        self.proc: subprocess.Popen | None = None

    def start(self) -> ServerProcess:
        cmd = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(self.port), "--rooms-dir", str(self.rooms_dir), *self.extra]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        line = self.proc.stdout.readline()
        if "serving on" not in line:
            rest = self.proc.stdout.read() if self.proc.poll() is not None else ""
            raise RuntimeError(f"the server did not start: {line}{rest}")
        self.first_line = line
        return self

    @property
    def url(self) -> str:
        scheme = "wss" if "--certfile" in self.extra else "ws"
        return f"{scheme}://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


def wait_for(client: Client, predicate, timeout: float = 30.0) -> dict:
    """The first message in the inbox that satisfies `predicate` (others are kept in
    `client.seen`)."""
    deadline = time.monotonic() + timeout
    seen = client.__dict__.setdefault("seen", [])
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no such message; the last ones: {seen[-3:]}")
        try:
            message = client.inbox.get(timeout=left)
        except queue.Empty:
            continue
        seen.append(message)
        if predicate(message):
            return message


def is_type(kind: str):
    return lambda m: m.get("type") == kind


def play_to_end(clients: list[Client], seed: int, timeout: float = 300.0, on_update=None):
    """Every client answers its own decisions with a random option until the match is over.
    Returns the updates each client received."""
    rng = random.Random(seed)
    updates: list[list[dict]] = [[] for _ in clients]
    deadline = time.monotonic() + timeout
    done = [False] * len(clients)
    while not all(done):
        if time.monotonic() > deadline:
            raise TimeoutError("the match did not finish")
        idle = True
        for i, client in enumerate(clients):
            try:
                message = client.inbox.get_nowait()
            except queue.Empty:
                continue
            idle = False
            if message.get("type") == "error":
                raise AssertionError(f"client {i} got an error: {message}")
            if message.get("type") != "update":
                continue
            updates[i].append(message)
            if on_update is not None:
                on_update(i, message)
            if message["state"]["over"]:
                done[i] = True
                continue
            choice = message["choice"]
            if choice and choice["mine"]:
                client.act(message["seq"], rng.choice(choice["options"])["id"])
        if idle:
            time.sleep(0.002)
    return updates


def room_setup(rooms_dir: Path, code: str):
    from game.rules.engine import MatchSetup

    data = json.loads((rooms_dir / f"{code}.json").read_text())
    return MatchSetup.from_json(data["setup"])


def room_actions(rooms_dir: Path, code: str):
    from game.rules.actions import Action

    path = rooms_dir / f"{code}.actions.jsonl"
    if not path.exists():  # no decision made yet
        return []
    return [Action.from_json(json.loads(line)) for line in path.read_text().splitlines()]


def audit(rooms_dir: Path, code: str, seat: int, updates: list[dict]) -> int:
    """Check every update a seat received against the true match; returns how many."""
    from game.online.audit import Auditor

    actions = room_actions(rooms_dir, code)
    auditor = Auditor(room_setup(rooms_dir, code), seat)
    try:
        for message in updates:
            while len(auditor.engine.actions) < message["seq"]:
                auditor.advance(actions[len(auditor.engine.actions)])
            problems = auditor.check(message)
            assert not problems, f"seat {seat} at {message['seq']}: {problems[:3]}"
    finally:
        auditor.close()
    return len(updates)
