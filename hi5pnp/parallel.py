"""Run independent build jobs on several cores, with the same results as one.

:func:`start` runs a job in a forked child (which shares everything the parent
has already imported and made) while the parent goes on; the child sends its
result back through a pipe, and :meth:`Started.result` waits for it. Results
never depend on timing. Without ``os.fork``, on one core, or with
``HI5PNP_JOBS=1``, each job simply runs when it is started.
"""

from __future__ import annotations

import os
import pickle
import traceback
from collections.abc import Callable
from typing import Any

from .errors import Hi5Error


class WorkerError(Hi5Error):
    """A :class:`Hi5Error` raised in a worker, carried back to the parent."""

    def __init__(self, lines: list[str], exit_code: int):
        super().__init__("\n".join(lines))
        self._lines = lines
        self.exit_code = exit_code

    def lines(self) -> list[str]:
        return self._lines


def serial() -> bool:
    return not hasattr(os, "fork") or (os.cpu_count() or 1) < 2 or os.environ.get("HI5PNP_JOBS") == "1"


class Started:
    """A job under way: in a forked child, or (run serially) already done."""

    def __init__(self, job: Callable[[], Any]):
        self._pid = 0
        self._outcome: tuple | None = None
        if serial():
            self._value = job()
            return
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker
            os.close(read_end)
            try:
                outcome: tuple = ("ok", job())
            except Hi5Error as exc:
                outcome = ("error", exc.lines(), exc.exit_code)
            except BaseException:  # noqa: BLE001 - carried to the parent and raised there
                outcome = ("crash", traceback.format_exc())
            with os.fdopen(write_end, "wb") as pipe:
                pickle.dump(outcome, pipe, protocol=pickle.HIGHEST_PROTOCOL)
            os._exit(0)
        os.close(write_end)
        self._pid, self._read_end = pid, read_end

    def wait(self) -> None:
        """Collect the worker (once); its outcome is kept for :meth:`result`."""
        if self._pid and self._outcome is None:
            with os.fdopen(self._read_end, "rb") as pipe:
                data = pipe.read()
            os.waitpid(self._pid, 0)
            self._outcome = pickle.loads(data) if data else ("crash", "a build worker died")

    def result(self) -> Any:
        if not self._pid:
            return self._value
        self.wait()
        outcome = self._outcome
        if outcome[0] == "error":
            raise WorkerError(outcome[1], outcome[2])
        if outcome[0] == "crash":
            raise RuntimeError(f"a build worker failed:\n{outcome[1]}")
        return outcome[1]


def start(job: Callable[[], Any]) -> Started:
    return Started(job)


def run_jobs(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Every job's result, in order: all but the first in workers, the first here."""
    if serial():
        return [job() for job in jobs]
    started = [start(job) for job in jobs[1:]]
    try:
        first = jobs[0]()
    finally:
        for s in started:
            s.wait()
    return [first] + [s.result() for s in started]
