"""When the computer seats' worker processes fail, the server says so in its log and the
computer still plays as it would have (the same decision, made in the server's process)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import zlib

from game.online import workers
from game.online.rooms import SeatInfo, make_room
from game.online.server import GameServer
from game.rules.engine import Engine


class BrokenPool(concurrent.futures.Executor):
    """A worker pool whose every job fails (as a worker that raised or could not start)."""

    def __init__(self) -> None:
        self.jobs = 0

    def submit(self, fn, /, *args, **kwargs):
        self.jobs += 1
        future = concurrent.futures.Future()
        future.set_exception(RuntimeError("the worker could not decide"))
        return future


def _play(tmp_path, count: int):
    """A computer-against-computer room whose workers always fail, run for `count` actions."""

    async def run():
        game = GameServer(tmp_path / "rooms")
        game.pool.shutdown()
        game.pool = broken = BrokenPool()
        seats = [SeatInfo("computer", "cursed_pirate", "easy"), SeatInfo("computer", "huntress")]
        room = make_room("FALLBACK23", "duel", seats)
        room.begin()
        game.rooms[room.code] = room
        game._computer_turn(room)
        for _ in range(3000):
            if room.seq >= count or room.engine.over:
                break
            await asyncio.sleep(0.005)
        for seat in room.seats:  # stop the computers
            seat.kind = "human"
        await asyncio.sleep(0.05)
        return game, room, broken

    return asyncio.run(run())


def test_a_failed_worker_is_logged_and_the_computer_decides_in_the_server(tmp_path, caplog):
    caplog.set_level(logging.ERROR, logger="game.online.server")
    game, room, broken = _play(tmp_path, 40)
    try:
        actions = list(room.engine.actions)
        assert len(actions) >= 40
        assert broken.jobs >= 40 and game.stats["computer_failures"] >= 40
        said = [r for r in caplog.records if "decides in the server's loop instead" in r.message]
        assert len(said) >= 40 and said[0].exc_info is not None  # with the worker's error
        # each action is the one the worker would have chosen (not simply the first option)
        replay = Engine.new_match(room.engine.setup)
        try:
            not_first = 0
            for seq, action in enumerate(actions):
                choice = replay.pending
                seat = choice.player
                level = room.seats[seat].level
                seed = zlib.crc32(f"{room.code}:{seat}:{seq}".encode())
                done = [a.to_json() for a in actions[:seq]]
                setup = room.engine.setup.to_json()
                index = workers.decide("CHECK", setup, done, seat, level, seed)
                assert action == choice.options[index].action, f"action {seq}"
                not_first += index != 0
                replay.apply(action)
            assert not_first > 5
        finally:
            replay.close()
            workers.forget("CHECK")
    finally:
        game.close()


def test_if_the_computer_fails_in_the_server_too_it_takes_the_first_option_and_says_so(
    tmp_path, caplog, monkeypatch
):
    def broken(*_args):
        raise ValueError("no decision")

    monkeypatch.setattr(workers, "decide", broken)
    caplog.set_level(logging.ERROR, logger="game.online.server")
    game, room, _ = _play(tmp_path, 5)
    try:
        replay = Engine.new_match(room.engine.setup)
        try:
            for action in room.engine.actions:
                assert action == replay.pending.options[0].action
                replay.apply(action)
        finally:
            replay.close()
        assert len(room.engine.actions) >= 5
        assert any(
            "in the loop too; it takes the first option" in r.message for r in caplog.records
        )
    finally:
        game.close()
