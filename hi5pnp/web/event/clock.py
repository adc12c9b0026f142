"""The round clock of event day (``serve --event``): one clock for the
round, started, paused and resumed by the judge, and a table's own extra
minutes (a ruling that took time). It lives in the desk's memory; the
projector page (``/event/board``) shows it large and the page's script
counts it down between refreshes. Times are the desk's monotonic seconds,
told to pages as the seconds left, never as a wall-clock date."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import OptionError
from ...language import _

DEFAULT_MINUTES = 50
MOST_MINUTES = 600  # a round or an extension of more than ten hours is a typing slip


@dataclass
class RoundClock:
    """The round's clock: its length, when it was started, how long it has been paused, each table's extra minutes."""

    now: Callable[[], float] = time.monotonic
    round: int | None = None
    minutes: int = DEFAULT_MINUTES
    started: float | None = None  # when, by ``now``
    paused_at: float | None = None
    paused_for: float = 0.0
    extra: dict[int, int] = field(default_factory=dict)  # table -> minutes added
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self, round_number: int, minutes: int = DEFAULT_MINUTES) -> None:
        """The round's clock started afresh (a new round, or the judge starting it again)."""
        if not 1 <= minutes <= MOST_MINUTES:
            raise OptionError(_("a round lasts 1 to %(most)d minutes") % {"most": MOST_MINUTES})
        with self.lock:
            self.round, self.minutes, self.started = round_number, minutes, self.now()
            self.paused_at, self.paused_for, self.extra = None, 0.0, {}

    def pause(self) -> None:
        with self.lock:
            if self.started is not None and self.paused_at is None:
                self.paused_at = self.now()

    def resume(self) -> None:
        with self.lock:
            if self.paused_at is not None:
                self.paused_for += self.now() - self.paused_at
                self.paused_at = None

    def extend(self, table: int, minutes: int) -> None:
        """Add ``minutes`` to one table's time (a ruling that held it up)."""
        if not 1 <= minutes <= MOST_MINUTES or not 1 <= table <= 9999:
            raise OptionError(_("a table from 1, and 1 to %(most)d minutes more") % {"most": MOST_MINUTES})
        with self.lock:
            self.extra[table] = self.extra.get(table, 0) + minutes

    def left(self, table: int | None = None) -> float | None:
        """Seconds left for the round (or one table, with its extra minutes); None when not started; never below 0."""
        with self.lock:
            if self.started is None:
                return None
            at = self.paused_at if self.paused_at is not None else self.now()
            gone = at - self.started - self.paused_for
            return max(0.0, 60.0 * (self.minutes + (self.extra.get(table, 0) if table is not None else 0)) - gone)

    @property
    def running(self) -> bool:
        return self.started is not None and self.paused_at is None


def shown(seconds: float | None) -> str:
    """``37:05`` (minutes and seconds left), ``time`` at 0, '' when not started."""
    if seconds is None:
        return ""
    whole = int(seconds + 0.999)  # a second begun is a second left
    return f"{whole // 60}:{whole % 60:02d}" if whole else "time"
