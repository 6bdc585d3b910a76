"""`python -m bench server --rooms N --seconds S [--json]`: load on one `game serve` process.

N duel rooms of two scripted people each, over loopback (127.0.0.1 only). Each scripted
client answers its own decisions with a random option after a think time of 0.5-2 s, like a
person; the clients run in separate processes from the server. A room whose match ends is
replaced by a new one, so N rooms stay open for the whole run.

Figures: rooms, games_finished, actions (answers sent), errors (error messages, dropped
connections, failures), rtt_ms_p50/p99 (an answer sent -> the update it caused received),
unanswered (answers with no update back, not counting the last 3 s), server_rss_mb (the
server process at the end), hidden_info_violations (every update every client received is
checked afterwards against the true match replayed from the server's room files, as
game.online.audit does in the tests).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.online import PROTOCOL_VERSION

HEROES = (
    "barbarian",
    "monk",
    "ninja",
    "paladin",
    "pyromancer",
    "shadow_thief",
    "treant",
    "huntress",
    "cursed_pirate",
    "artificer",
)
THINK = (0.5, 2.0)
GRACE = 3.0  # answers sent this close to the end may still be in flight


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


async def _seat(url, first, code_box, seat, stop_at, stats, rng, log):
    """One scripted person: join (or create), then answer after a think time until the
    match ends or time is up."""
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22, compression=None) as ws:
        if first:
            seats = [{"kind": "human", "hero": rng.choice(HEROES)} for _ in range(2)]
            await ws.send(
                json.dumps(
                    {
                        "type": "create",
                        "version": PROTOCOL_VERSION,
                        "mode": "duel",
                        "seats": seats,
                        "seat": 0,
                    }
                )
            )
        else:
            code = await code_box
            await ws.send(
                json.dumps(
                    {"type": "join", "version": PROTOCOL_VERSION, "room": code, "seat": seat}
                )
            )
        sent: dict[int, float] = {}
        pending_task = None
        while True:
            timeout = stop_at - time.monotonic()
            if timeout <= 0:
                break
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                break
            now = time.monotonic()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "seated" and first:
                code_box.set_result(message["room"])
                log["room"] = message["room"]
            elif kind == "error":
                stats["errors"] += 1
                stats["error_texts"].append(message.get("reason", "")[:120])
            elif kind == "update":
                log["updates"].append(message)
                for seq in [s for s in sent if s < message["seq"]]:
                    stats["rtt"].append((now - sent.pop(seq)) * 1000)
                if message["state"]["over"]:
                    stats["games_finished"] += 0.5  # both seats see the end
                    break
                choice = message["choice"]
                if choice and choice["mine"]:
                    if pending_task is not None:
                        pending_task.cancel()
                    pending_task = asyncio.create_task(
                        _answer(ws, message, rng, sent, stats, stop_at)
                    )
        for at in sent.values():
            if stop_at - at > GRACE:
                stats["unanswered"] += 1
        if pending_task is not None:
            pending_task.cancel()


async def _answer(ws, message, rng, sent, stats, stop_at):
    await asyncio.sleep(rng.uniform(*THINK))
    if time.monotonic() >= stop_at:
        return
    option = rng.choice(message["choice"]["options"])["id"]
    sent[message["seq"]] = time.monotonic()
    stats["actions"] += 1
    await ws.send(json.dumps({"type": "act", "seq": message["seq"], "option": option}))


async def _room_slot(url, stop_at, stats, rng, logs):
    while time.monotonic() < stop_at - 5:
        code_box = asyncio.get_running_loop().create_future()
        pair = [{"room": None, "seat": s, "updates": []} for s in (0, 1)]
        logs.extend(pair)
        try:
            await asyncio.gather(
                _seat(url, True, code_box, 0, stop_at, stats, rng, pair[0]),
                _seat(url, False, code_box, 1, stop_at, stats, rng, pair[1]),
            )
        except Exception as exc:  # a dropped connection or a failure counts as an error
            stats["errors"] += 1
            stats["error_texts"].append(f"{type(exc).__name__}: {exc}"[:120])
            await asyncio.sleep(0.5)
        if code_box.done():
            pair[1]["room"] = code_box.result()


def _client_process(url: str, slots: int, seconds: float, seed: int, out: str) -> dict:
    stats = {
        "actions": 0,
        "errors": 0,
        "games_finished": 0.0,
        "rtt": [],
        "unanswered": 0,
        "error_texts": [],
    }
    logs: list[dict] = []

    async def main():
        stop_at = time.monotonic() + seconds
        rngs = [random.Random(seed * 1000 + i) for i in range(slots)]
        await asyncio.gather(*(_room_slot(url, stop_at, stats, r, logs) for r in rngs))

    asyncio.run(main())
    path = Path(out) / f"clients-{seed}.json"
    path.write_text(json.dumps([log for log in logs if log["room"] and log["updates"]]))
    return stats


def _audit(rooms_dir: Path, out: Path) -> tuple[int, int]:
    """(violations, updates checked) over every update every client received."""
    from game.online.audit import Auditor
    from game.rules.actions import Action
    from game.rules.engine import MatchSetup

    violations = checked = 0
    for path in sorted(out.glob("clients-*.json")):
        for log in json.loads(path.read_text()):
            room = log["room"]
            header = json.loads((rooms_dir / f"{room}.json").read_text())
            lines = (rooms_dir / f"{room}.actions.jsonl").read_text().splitlines()
            actions = [Action.from_json(json.loads(line)) for line in lines]
            auditor = Auditor(MatchSetup.from_json(header["setup"]), log["seat"])
            try:
                for message in log["updates"]:
                    while len(auditor.engine.actions) < message["seq"]:
                        auditor.advance(actions[len(auditor.engine.actions)])
                    violations += bool(auditor.check(message))
                    checked += 1
            finally:
                auditor.close()
    return violations, checked


def bench_step(seed: int, games: int = 3) -> dict:
    """In one process, what the server's loop does per action: one engine step plus the update
    of every seat (view, filtered events, choice, JSON text), over random-option games."""
    from game.ai import make_ai
    from game.modes.variants import SEATS, setup_for
    from game.online.view import seat_update
    from game.rules.engine import Engine
    from game.rules.view import match_view

    out = {}
    for mode in ("duel", "3v3"):
        rng = random.Random(seed)
        spent = 0.0
        actions = 0
        sizes = []
        for game in range(games):
            heroes = [rng.choice(HEROES) for _ in range(SEATS[mode])]
            engine = Engine.new_match(setup_for(mode, heroes, seed=seed + game))
            ais = [make_ai("random", seed + i) for i in range(SEATS[mode])]
            while not engine.over:
                choice = engine.pending
                action = ais[choice.player].decide(engine, choice)
                t0 = time.perf_counter()
                events = engine.apply(action)
                table = match_view(engine)
                for seat in range(SEATS[mode]):
                    update = seat_update(engine, seat, events, len(engine.actions), table)
                    sizes.append(len(json.dumps(update, separators=(",", ":"))))
                spent += time.perf_counter() - t0
                actions += 1
            engine.close()
        out[f"server_ms_per_action_{mode}"] = round(spent / actions * 1000, 3)
        out[f"update_bytes_median_{mode}"] = sorted(sizes)[len(sizes) // 2]
    return out


def bench_server(rooms: int, seconds: float, seed: int, processes: int = 0) -> dict:
    work = Path(tempfile.mkdtemp(prefix="bench-server-"))
    rooms_dir = work / "rooms"
    port = _free_port()
    root = Path(__file__).resolve().parents[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--rooms-dir",
            str(rooms_dir),
        ],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = server.stdout.readline()
        if "serving on" not in line:
            raise RuntimeError(f"the server did not start: {line}")
        url = f"ws://127.0.0.1:{port}"
        processes = processes or max(1, min(4, rooms // 10 or 1))
        share = [rooms // processes + (1 if i < rooms % processes else 0) for i in range(processes)]
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(processes, mp_context=context) as pool:
            futures = [
                pool.submit(_client_process, url, n, seconds, seed + i, str(work))
                for i, n in enumerate(share)
                if n
            ]
            parts = [f.result() for f in futures]
        rss = _rss_mb(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    rtts = sorted(r for p in parts for r in p["rtt"])

    def pct(q: float) -> float:
        return round(rtts[min(len(rtts) - 1, int(q * len(rtts)))], 2) if rtts else 0.0

    violations, checked = _audit(rooms_dir, work)
    figures = {
        "rooms": rooms,
        "seconds": seconds,
        "client_processes": processes,
        "games_finished": int(sum(p["games_finished"] for p in parts)),
        "actions": sum(p["actions"] for p in parts),
        "errors": sum(p["errors"] for p in parts),
        "unanswered": sum(p["unanswered"] for p in parts),
        "rtt_ms_p50": pct(0.50),
        "rtt_ms_p99": pct(0.99),
        "server_rss_mb": rss,
        "hidden_info_violations": violations,
        "updates_audited": checked,
        "error_examples": [t for p in parts for t in p["error_texts"]][:5],
    }
    shutil.rmtree(work, ignore_errors=True)
    figures.update(bench_step(seed))
    return figures
