"""The computer's thinking in a worker process, so the window never waits for it.

esper's current world is one module global, so a thread may not touch an engine while the
window draws another. The window's scenes instead hand every computer decision (and every odds
table) to one `AIWorker`: a child process (multiprocessing, spawn) that keeps its own copy of
the match in step. It is given the match's setup (seed included) and every action the window
applied - the engine is deterministic, so seed + actions replays exactly (`replay` of
game.rules.engine or game.missions.engine, the same path saves and replays use) - and answers
"decide for seat S at this choice" with an action. The window keeps drawing while it waits.

Checks: every question carries the step (how many actions were applied) and a fingerprint of
the pending choice (kind, seat, every option), and the first question after a reset and every
DIGEST_EVERY-th one the window's digest of the whole match (a digest costs a few ms, too much
for every question); the worker refuses to answer from a different state, and the window applies
an answer only while the same choice is still pending and the answer is one of its options.
A worker that dies, hangs, errs or drifts is reported through `logging` (a warning) and the
decision is made inline by the scene's own controller, so a game never stops.

Controllers are built here from a spec, the same way in the window and in the worker:
("duel", level, seed) -> make_ai, ("mission", seed) -> MissionAI,
("adventure", level, seed) -> AdventureAI.

`DICE_THRONE_AI_WORKER=inline` decides inline (the headless tests set it; the worker path has
its own tests).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import multiprocessing
import os
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

MODE_ENV = "DICE_THRONE_AI_WORKER"
ANSWER_TIMEOUT = 20.0  # seconds a question may stay unanswered (a cold start included)
MAX_DRIFTS = 2  # after this many divergences the worker is no longer trusted for this scene
DIGEST_EVERY = 8  # a full digest (~3.5 ms for a duel) with every 8th question; the cheap
# fingerprint of the pending choice (its kind, seat and every option) with each one

_live: set[AIWorker] = set()


def controller(spec: tuple) -> Any:
    """A computer controller from its spec (see the module docstring)."""
    kind = spec[0]
    if kind == "duel":
        from game.ai import make_ai

        return make_ai(spec[1], spec[2])
    if kind == "mission":
        from game.missions.ai import MissionAI

        return MissionAI(spec[1])
    if kind == "adventure":
        from game.adventures.ai import AdventureAI

        return AdventureAI(spec[1], spec[2])
    raise ValueError(f"unknown controller spec {spec!r}")


def engine_kind(engine: Any) -> str:
    return "mission" if type(engine).__name__ == "MissionEngine" else "match"


def digest(kind: str, engine: Any) -> str:
    if kind == "mission":
        from game.missions.invariants import mission_digest

        return mission_digest(engine)
    return engine.digest()


def fingerprint(choice: Any) -> str:
    """The pending choice as both sides must see it at the same step."""
    options = [option.action.to_json() for option in choice.options]
    return repr((choice.kind, choice.player, options))


def rebuild(kind: str, setup: dict, actions: list[dict], keeps_pools: bool = False) -> Any:
    """The engine a setup and its actions describe, replayed (keeping every resolved damage
    pool when the window's engine does: a save of the rules before version 4 resumed)."""
    from game.rules.actions import Action

    moves = [Action.from_json(a) for a in actions]
    if kind == "mission":
        from game.missions.engine import MissionSetup, replay

        return replay(MissionSetup.from_json(setup), moves)
    from game.rules.engine import MatchSetup, keeping_resolved_pools, replay

    if keeps_pools:
        with keeping_resolved_pools():
            return replay(MatchSetup.from_json(setup), moves)
    return replay(MatchSetup.from_json(setup), moves)


def live_workers() -> list[AIWorker]:
    """Workers whose process was started and not yet closed (tests check none are left)."""
    return [w for w in _live if w.proc is not None]


def inline_by_default() -> bool:
    return os.environ.get(MODE_ENV, "process").strip().lower() == "inline"


# ------------------------------------------------------------------ the child process


def settle_heap() -> None:
    """Collect garbage now and freeze what is left, as the window does when a scene comes up
    (App.settle_heap): the worker calls this when a new match is set up, so the long-lived tables
    of the computer players (turn tables, solvers, valuations) are out of the collector's full
    passes, which otherwise land inside decisions. The previous freeze is undone first, so
    objects that died since are collected."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _serve(conn, specs: dict[int, tuple]) -> None:
    """The worker's loop: keep the match in step, answer questions, until told to stop."""
    from game.rules.actions import Action

    controllers = {seat: controller(spec) for seat, spec in specs.items()}
    engine = None
    kind = "match"
    settled_for = None  # the setup of the match the heap was last settled for
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        op = message[0]
        try:
            if op == "stop":
                break
            if op == "reset":
                _, kind, setup, actions, keeps_pools = message
                if engine is not None and hasattr(engine, "close"):
                    engine.close()
                engine = None  # (a replay that fails leaves no half-built match behind)
                engine = rebuild(kind, setup, actions, keeps_pools)
                if setup != settled_for:  # a new match (not an undo or a resync of this one)
                    settle_heap()
                    settled_for = setup
            elif op == "sync":
                for data in message[1]:
                    engine.apply(Action.from_json(data))
            elif op == "decide":
                _, rid, seat, step, expected = message
                if engine is None or len(engine.actions) != step:
                    have = -1 if engine is None else len(engine.actions)
                    conn.send(("drift", rid, f"the worker is at step {have}, not {step}"))
                    continue
                choice = engine.pending
                if choice is None or fingerprint(choice) != expected[0]:
                    conn.send(("drift", rid, f"has another choice pending at step {step}"))
                    continue
                mine = digest(kind, engine) if expected[1] is not None else None
                if mine != expected[1]:
                    conn.send(("drift", rid, f"digest {mine[:12]} != {expected[1][:12]} at {step}"))
                    continue
                action = controllers[seat].decide(engine, choice)
                conn.send(("decided", rid, step, action.to_json()))
            elif op == "odds":
                from game.ai.odds import odds

                _, key, hero, abilities, dice, left = message
                conn.send(("odds", key, odds(hero, abilities, dice, left)))
        except Exception as exc:  # reported to the window, which decides inline
            rid = message[1] if op in ("decide", "odds") and len(message) > 1 else None
            try:
                conn.send(("error", rid, f"{type(exc).__name__}: {exc}"))
            except (EOFError, OSError):
                break
    conn.close()


# ------------------------------------------------------------------ the window's side


@dataclass(slots=True)
class _Question:
    rid: int
    engine: Any
    choice: Any
    seat: int
    step: int
    asked_at: float


class AIWorker:
    """One per scene that has computer seats: `decide` and `odds` never block the frame.

    `specs` maps each computer seat to its controller spec; the scene keeps the inline twins
    (`controller(spec)`) and passes the seat's one to `decide` as the fallback."""

    def __init__(self, specs: dict[int, tuple], *, inline: bool | None = None) -> None:
        self.specs = {seat: tuple(spec) for seat, spec in specs.items() if spec is not None}
        self.inline = inline_by_default() if inline is None else inline
        self.proc = None
        self.conn = None
        self.dead = False  # the worker failed: everything inline from now on
        self.drifts = 0
        self.asked = 0  # questions since the worker's copy was last reset
        self.question: _Question | None = None
        self.answer: tuple | None = None  # (engine, choice, step, action): the last decision
        self.rid = 0
        self.engine = None  # the engine the worker mirrors
        self.sent: list = []  # the Action objects it has been given, in order
        self.odds_ready: dict = {}
        self.odds_asked: set = set()
        self.warnings: list[str] = []  # what went wrong (also logged), for tests and crash reports

    # -------------------------------------------------------------- life

    def start(self) -> None:
        """Start the process (a scene calls this on entering, so it is warm by the first turn)."""
        if self.inline or self.dead or self.proc is not None:
            return
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(
            target=_serve, args=(theirs, self.specs), daemon=True, name="dice-throne-ai"
        )
        try:
            proc.start()
        except OSError as exc:
            self._fail(f"could not start: {exc}")
            return
        theirs.close()
        self.proc, self.conn = proc, mine
        self.engine, self.sent = None, []
        _live.add(self)

    def close(self) -> None:
        """Stop the process (scene exit, app quit); safe to call twice."""
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        self.question = None
        _live.discard(self)
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(("stop",))
            conn.close()
        if proc is not None:
            proc.join(0.5)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)

    @property
    def active(self) -> bool:
        return not self.inline and not self.dead and bool(self.specs)

    @property
    def thinking(self) -> bool:
        return self.question is not None

    # -------------------------------------------------------------- decisions

    def decide(self, engine: Any, choice: Any, fallback: Any):
        """The action for `choice` (a computer seat's), or None while the worker thinks.

        The same choice asked again gives the same action (until it is applied). Inline (the
        setting, or after a failure) it is `fallback.decide` at once."""
        if not hasattr(engine, "actions"):  # an Adventures Shop or Boss Loot step: inline
            return fallback.decide(engine, choice)
        step = len(engine.actions)
        held = self.answer
        if held is not None:
            if held[0] is engine and held[1] is choice and held[2] == step:
                return held[3]
            self.answer = None
        action = self._decide(engine, choice, fallback)
        if action is not None:
            self.answer = (engine, choice, step, action)
        return action

    def _decide(self, engine: Any, choice: Any, fallback: Any):
        if not self.active or choice.player not in self.specs:
            return fallback.decide(engine, choice)
        if self.proc is None:
            self.start()
            if self.proc is None:
                return fallback.decide(engine, choice)
        question = self.question
        if question is not None and (
            question.choice is not choice or question.engine is not engine
        ):
            self.question = question = None  # that answer, when it comes, is dropped
        if question is None:
            try:
                self._ask(engine, choice)
            except (OSError, ValueError) as exc:
                self._fail(f"could not be reached ({exc})")
                return fallback.decide(engine, choice)
            return None
        answer = self._collect()
        if answer is None:
            if self.dead:
                return fallback.decide(engine, choice)
            if time.monotonic() - question.asked_at > ANSWER_TIMEOUT:
                self._fail(f"gave no answer in {ANSWER_TIMEOUT:.0f} s")
                return fallback.decide(engine, choice)
            return None
        self.question = None
        if answer[0] == "decided":
            from game.rules.actions import Action

            _, _rid, step, data = answer
            action = Action.from_json(data)
            if step == len(engine.actions) and choice.find(action) is not None:
                return action
            self._drift(f"answered {data} at step {step}, not one of the options")
        elif answer[0] == "drift":
            self._drift(answer[2])
        else:
            self._drift(f"failed: {answer[2]}")
        return fallback.decide(engine, choice)

    def _ask(self, engine: Any, choice: Any) -> None:
        kind = engine_kind(engine)
        actions = engine.actions
        sent = self.sent
        same = (
            engine is self.engine
            and len(actions) >= len(sent)
            and all(a is b for a, b in zip(actions, sent, strict=False))
        )
        if same:
            new = actions[len(sent) :]
            if new:
                self.conn.send(("sync", [a.to_json() for a in new]))
        else:  # a new match, a new session, an undo, or a resync after a drift
            setup = engine.setup.to_json()
            keeps = getattr(engine, "keeps_resolved_pools", False)
            self.conn.send(("reset", kind, setup, [a.to_json() for a in actions], keeps))
            self.engine = engine
            self.asked = 0
        self.sent = list(actions)
        self.rid += 1
        step = len(actions)
        full = digest(kind, engine) if self.asked % DIGEST_EVERY == 0 else None
        self.asked += 1
        check = (fingerprint(choice), full)
        self.conn.send(("decide", self.rid, choice.player, step, check))
        self.question = _Question(self.rid, engine, choice, choice.player, step, time.monotonic())

    def _collect(self):
        """Read whatever the worker sent; the answer to the open question, if it came."""
        found = None
        conn = self.conn
        try:
            while conn is not None and conn.poll(0):
                message = conn.recv()
                if message[0] == "odds":
                    self.odds_ready[message[1]] = message[2]
                elif self.question is not None and message[1] == self.question.rid:
                    found = message
                elif message[0] == "error" and message[1] in self.odds_asked:
                    self.odds_asked.discard(message[1])
                    self._drift(f"odds failed: {message[2]}")
        except (EOFError, OSError) as exc:
            self._fail(f"stopped ({exc or 'closed'})")
            return None
        if found is None and self.proc is not None and not self.proc.is_alive():
            self._fail(f"exited (code {self.proc.exitcode})")
        return found

    def _drift(self, why: str) -> None:
        self.drifts += 1
        self._warn(f"the computer's worker {why}; deciding inline")
        self.engine, self.sent = None, []  # the next question resets it from the whole match
        if self.drifts >= MAX_DRIFTS:
            self._fail("drifted too often")

    def _fail(self, why: str) -> None:
        self._warn(f"the computer's worker {why}; the computer now decides inline")
        self.dead = True
        self.close()

    def _warn(self, text: str) -> None:
        self.warnings.append(text)
        log.warning(text)

    # -------------------------------------------------------------- odds

    def odds(self, key: Any, hero: Any, abilities: Any, dice: Any, left: int):
        """`game.ai.odds.odds(...)` for this key, or None while the worker solves it."""
        if key in self.odds_ready:
            return self.odds_ready[key]
        if len(self.odds_ready) > 4096:  # a long game: forget old positions
            self.odds_ready.clear()
            self.odds_asked.clear()
        if self.inline or self.dead:
            from game.ai.odds import odds

            result = self.odds_ready[key] = odds(hero, abilities, dice, left)
            return result
        if self.proc is None:
            self.start()
            if self.proc is None:
                return self.odds(key, hero, abilities, dice, left)
        if key not in self.odds_asked:
            self.odds_asked.add(key)
            try:
                self.conn.send(("odds", key, hero, abilities, dice, left))
            except (OSError, ValueError) as exc:
                self._fail(f"could not be reached ({exc})")
                return self.odds(key, hero, abilities, dice, left)
        self._collect()
        return self.odds_ready.get(key)
