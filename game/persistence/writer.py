"""Autosaves written off the render thread, in order.

An autosave is an atomic, fsynced write (files.write_json): tens of milliseconds on a busy disk,
which would hold a frame. The window builds the save's data itself (that reads the engine, so
it stays on the render thread: esper's world is one module global and no other thread may touch
an engine) and hands this module a job that only writes files. One writer thread runs the jobs
in the order given, so "save, save, delete at game over" ends with no file, as before.

Every reader of player files waits for the jobs queued before it (`files.load`, the Continue
list, `flush()` on leaving a game and on closing the window), so nothing ever reads a save that
is still being written. A job that fails (a full or read-only disk) is kept as a message that
the scene shows on its next frame (`errors()`); nothing is lost that was on disk before.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Writer:
    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[], None], str] | None] = queue.Queue()
        self._errors: queue.Queue[str] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], None], what: str) -> None:
        """Run `job` (file work only, never an engine) after the jobs before it. `what` names
        it in an error message ("Could not save the duel")."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
        self._jobs.put((job, what))

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            try:
                if item is None:
                    return
                job, what = item
                try:
                    job()
                except OSError as exc:
                    self._errors.put(f"{what}: {exc}")
                except Exception as exc:  # a bug must not kill the writer and lose later saves
                    log.exception("save job failed: %s", what)
                    self._errors.put(f"{what}: {type(exc).__name__}: {exc}")
            finally:
                self._jobs.task_done()

    def flush(self) -> None:
        """Wait until every job submitted so far has run (a no-op on the writer thread)."""
        if self._thread is None or threading.current_thread() is self._thread:
            return
        self._jobs.join()

    def errors(self) -> list[str]:
        """The messages of failed jobs since the last call."""
        out = []
        while True:
            try:
                out.append(self._errors.get_nowait())
            except queue.Empty:
                return out

    def pending(self) -> int:
        return self._jobs.unfinished_tasks


WRITER = Writer()
submit = WRITER.submit
flush = WRITER.flush
errors = WRITER.errors
