"""Run independent build jobs on several cores, with the same results as one.

:func:`start` runs a job in a forked child (which shares everything the parent
has already imported and made) while the parent goes on; the child sends its
result back through a pipe, and :meth:`Started.result` waits for it. A
:class:`~hi5pnp.errors.Hi5Error` raised in the child is raised again, as it
was, in the parent. Results never depend on timing. Without ``os.fork``, on
one core, or with ``HI5PNP_JOBS=1``, each job simply runs when it is started.
"""

from __future__ import annotations

import os
import pickle
import sys
import traceback
from collections.abc import Callable
from typing import Any

from .errors import Hi5Error


class WorkerError(Hi5Error):
    """A :class:`Hi5Error` raised in a worker that could not be sent back as it
    was: its message lines and exit code."""

    def __init__(self, lines: list[str], exit_code: int):
        super().__init__("\n".join(lines))
        self._lines = lines
        self.exit_code = exit_code

    def lines(self) -> list[str]:
        return self._lines


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use
    except AttributeError:
        return os.cpu_count() or 1


def serial() -> bool:
    return not hasattr(os, "fork") or _cores() < 2 or os.environ.get("HI5PNP_JOBS") == "1"


def _outcome(job: Callable[[], Any]) -> bytes:
    """In the worker: the job's result, or what it raised, pickled."""
    try:
        return pickle.dumps(("ok", job()), protocol=pickle.HIGHEST_PROTOCOL)
    except Hi5Error as exc:
        try:
            return pickle.dumps(("raise", exc), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - an error that does not pickle still reaches the user
            return pickle.dumps(("error", exc.lines(), exc.exit_code))
    except BaseException:  # noqa: BLE001 - carried to the parent and raised there
        return pickle.dumps(("crash", traceback.format_exc()))


class Started:
    """A job under way: in a forked child, or (run serially) already done."""

    def __init__(self, job: Callable[[], Any]):
        self._pid = 0
        if serial():
            self._value = job()
            return
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            raise
        if pid == 0:  # the worker: whatever happens, it ends here
            try:
                os.close(read_end)
                data = _outcome(job)
                with os.fdopen(write_end, "wb") as pipe:
                    pipe.write(data)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(0)
        os.close(write_end)
        self._pid, self._read_end = pid, read_end
        self._outcome: tuple | None = None

    def wait(self) -> None:
        """Collect the worker (once); its outcome is kept for :meth:`result`."""
        if self._pid and self._outcome is None:
            with os.fdopen(self._read_end, "rb") as pipe:
                data = pipe.read()
            _, status = os.waitpid(self._pid, 0)
            try:
                self._outcome = pickle.loads(data)
            except Exception:  # noqa: BLE001 - nothing, or half a result: the worker died
                self._outcome = ("crash", f"a build worker died ({_status(status)})")

    def result(self) -> Any:
        if not self._pid:
            return self._value
        self.wait()
        outcome = self._outcome
        if outcome[0] == "raise":
            raise outcome[1]
        if outcome[0] == "error":
            raise WorkerError(outcome[1], outcome[2])
        if outcome[0] == "crash":
            raise RuntimeError(f"a build worker failed:\n{outcome[1]}")
        return outcome[1]


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def start(job: Callable[[], Any]) -> Started:
    return Started(job)


def run_jobs(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Every job's result, in order: all but the first in workers, the first here."""
    if serial():
        return [job() for job in jobs]
    started: list[Started] = []
    try:
        started = [start(job) for job in jobs[1:]]
        first = jobs[0]()
    finally:
        for s in started:
            s.wait()
    return [first] + [s.result() for s in started]
