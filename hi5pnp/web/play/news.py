"""What a game's open pages are told: a counter that moves with each turn,
undo or choice of faces, and the event streams waiting on it (one per open
page, each in its own event loop; the thread that played wakes them)."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class News:
    """A game's count of changes, and the streams waiting for it to move."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self.closed = False

    @property
    def count(self) -> int:
        with self._lock:
            return self._count

    def tell(self) -> None:
        """The game changed: from any thread."""
        with self._lock:
            self._count += 1
            waiting = list(self._waiting)
        for loop, event in waiting:
            with contextlib.suppress(RuntimeError):  # that stream's loop has closed
                loop.call_soon_threadsafe(event.set)

    def close(self) -> None:
        """End every stream now (the desk is stopping)."""
        self.closed = True
        self.tell()

    async def wait(self, since: int, timeout: float) -> int:
        """The count once it differs from ``since``, or after ``timeout`` seconds."""
        event = asyncio.Event()
        waiter = (asyncio.get_running_loop(), event)
        with self._lock:
            if self._count != since:
                return self._count
            self._waiting.add(waiter)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
        finally:
            with self._lock:
                self._waiting.discard(waiter)
        return self.count
