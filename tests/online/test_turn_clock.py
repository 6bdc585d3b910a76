"""The turn timer runs for a person's decision only: while a computer seat decides, no clock
runs and no update carries seconds left (a countdown on the board while the computer thinks
would tell the people nothing, and a test waiting for "the decision with the clock" took a
computer's decision for one on a loaded machine)."""

from __future__ import annotations

import asyncio
import concurrent.futures

from game.online.rooms import SeatInfo, make_room
from game.online.server import GameServer


class ThinkingPool(concurrent.futures.Executor):
    """A worker pool whose jobs never finish: the computer seat is still thinking."""

    def __init__(self) -> None:
        self.jobs = 0

    def submit(self, fn, /, *args, **kwargs):
        self.jobs += 1
        return concurrent.futures.Future()


def _opened(tmp_path, seats: list[SeatInfo]):
    """A started duel room with a 5 s turn timer, its first decision open; the server's
    `(clock_seq, time_left of an update now, the seq, jobs sent to the workers)`."""

    async def run():
        game = GameServer(tmp_path / "rooms")
        game.pool.shutdown()
        game.pool = pool = ThinkingPool()
        room = make_room("CLOCKROOM2", "duel", seats)
        room.timer = 5
        room.begin()
        game.rooms[room.code] = room
        try:
            game._computer_turn(room)
            await asyncio.sleep(0.05)
            return room.clock_seq, game._timed(room, {})["time_left"], room.seq, pool.jobs
        finally:
            room.engine.close()

    return asyncio.run(run())


def test_no_clock_runs_while_a_computer_seat_decides(tmp_path):
    seats = [SeatInfo("computer", "cursed_pirate", "easy"), SeatInfo("computer", "huntress")]
    clock_seq, left, seq, jobs = _opened(tmp_path, seats)
    assert jobs == 1  # the computer is working out its decision
    assert clock_seq != seq and left is None


def test_the_clock_runs_for_a_persons_decision(tmp_path):
    seats = [SeatInfo("human", "cursed_pirate"), SeatInfo("human", "huntress")]
    clock_seq, left, seq, jobs = _opened(tmp_path, seats)
    assert jobs == 0
    assert clock_seq == seq and 0 < left <= 5
