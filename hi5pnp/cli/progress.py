"""Progress of a long run on standard error: games done of all, and about
how long is left. Shown once a run has taken a few seconds, on one line
rewritten in place; only when asked or when standard error is a terminal."""

from __future__ import annotations

import time
from collections.abc import Callable

import click

AFTER = 2.0  # seconds before the first line: a short run says nothing


def duration(seconds: float) -> str:
    """ "45 s", "3 min 20 s", "1 h 5 min"."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


def progress_line(label: str, done: int, total: int, elapsed: float) -> str:
    """``greedy: 400 of 1,000 games (40%), about 12 s left``; ``done`` when all are."""
    head = f"{label}: " if label else ""
    share = f"{done:,} of {total:,} games ({done / total:.0%})" if total else "0 games"
    if done >= total:
        return f"{head}{share}, done in {duration(elapsed)}"
    if done == 0:
        return f"{head}{share}"
    return f"{head}{share}, about {duration(elapsed * (total - done) / done)} left"


class Progress:
    """A ``progress(done, total)`` callback for one run that writes
    :func:`progress_line` to standard error, rewriting it in place."""

    def __init__(self, shown: bool, label: str = "", after: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.shown, self.label, self.clock = shown, label, clock
        self.after = AFTER if after is None else after
        self.start = clock()
        self.width = 0  # of the line last written, to blank what a shorter one leaves

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        elapsed = self.clock() - self.start
        if not self.width and (elapsed < self.after or done >= total):
            return  # a run this short needs no progress
        line = progress_line(self.label, done, total, elapsed)
        click.echo("\r" + line.ljust(self.width), err=True, nl=done >= total)
        self.width = len(line)
