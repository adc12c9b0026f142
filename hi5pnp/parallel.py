"""Run independent build jobs on several cores, with the same results as one.

Each job but the first runs in a forked child (which shares everything the
parent has already imported and rendered) and sends its result back through a
pipe; the parent runs the first job itself. Results come back in job order, so
the output never depends on timing. Without ``os.fork``, on one core, or with
``HI5PNP_JOBS=1``, the jobs simply run one after another.
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


def _serial() -> bool:
    return not hasattr(os, "fork") or (os.cpu_count() or 1) < 2 or os.environ.get("HI5PNP_JOBS") == "1"


def run_jobs(jobs: list[Callable[[], Any]]) -> list[Any]:
    if len(jobs) < 2 or _serial():
        return [job() for job in jobs]
    children = []
    for job in jobs[1:]:
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
        children.append((pid, read_end))
    try:
        results = [jobs[0]()]
    finally:
        outcomes = []
        for pid, read_end in children:
            with os.fdopen(read_end, "rb") as pipe:
                data = pipe.read()
            os.waitpid(pid, 0)
            outcomes.append(pickle.loads(data) if data else ("crash", "a build worker died"))
    for outcome in outcomes:
        if outcome[0] == "error":
            raise WorkerError(outcome[1], outcome[2])
        if outcome[0] == "crash":
            raise RuntimeError(f"a build worker failed:\n{outcome[1]}")
        results.append(outcome[1])
    return results
