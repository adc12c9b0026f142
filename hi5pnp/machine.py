"""What this machine offers a run of hi5pnp: the processors it may use, and
worker processes that end with the process that started them."""

from __future__ import annotations

import os
import threading
import time


def usable_cpus() -> int:
    """The processors this process may run on (its affinity where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


#: At most this many worker processes per usable processor, whatever --jobs asks:
#: more only share the same processors, and each costs memory and a start.
JOBS_PER_CPU = 4


def worker_count(jobs: int | None, work: int) -> int:
    """The processes to start for ``work`` pieces of work that can run side by
    side: ``jobs`` (None: one per usable processor), but never more than the
    pieces, nor more than :data:`JOBS_PER_CPU` per usable processor; at least 1."""
    cpus = usable_cpus()
    return max(1, min(jobs if jobs is not None else cpus, work, JOBS_PER_CPU * cpus))


def end_with_parent() -> None:
    """In a worker process: end it as soon as the process that started it is
    gone (killed), instead of waiting forever to hand back a result that
    nobody will read. (A daemon thread looks twice a second.)"""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="hi5pnp-parent-watch", daemon=True).start()
