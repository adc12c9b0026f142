"""What this machine offers a run of hi5pnp: the processors it may use."""

from __future__ import annotations

import os


def usable_cpus() -> int:
    """The processors this process may run on (its affinity where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
