"""What the open pages are told, and when: one watchdog observer per desk
follows the deck's and the templates' folders, and the simulation's thread
says when it moves on. Each kind of change has a counter; an event stream
waits (without looking at any file) until a counter moves.

- :class:`Changes`: the counters, and the streams waiting on them (each in
  its own event loop; a thread wakes them with ``call_soon_threadsafe``).
- :class:`FolderWatch`: the observer, started on the first open page and
  stopped with the desk.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

KINDS = ("deck", "sim")  # a file of the deck or the templates saved; the simulation moved on

Counts = dict[str, int]


class Changes:
    """A counter for each kind of change, and the streams waiting for one to move."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counts = dict.fromkeys(KINDS, 0)
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self.closed = False  # the desk is stopping: every stream ends

    def close(self) -> None:
        """End every stream now (the desk is stopping). Takes no lock: a signal handler may call it."""
        self.closed = True
        for loop, event in list(self._waiting):
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(event.set)

    def counts(self) -> Counts:
        with self._lock:
            return dict(self._counts)

    def tell(self, kind: str) -> None:
        """A change of ``kind``: from any thread."""
        with self._lock:
            self._counts[kind] += 1
            waiting = list(self._waiting)
        for loop, event in waiting:
            with contextlib.suppress(RuntimeError):  # that stream's loop has closed
                loop.call_soon_threadsafe(event.set)

    async def wait(self, since: Counts, timeout: float) -> Counts:
        """The counts once they differ from ``since``, or after ``timeout`` seconds."""
        event = asyncio.Event()
        waiter = (asyncio.get_running_loop(), event)
        with self._lock:
            self._waiting.add(waiter)
        try:
            if self.counts() == since and not self.closed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), timeout)
        finally:
            with self._lock:
                self._waiting.discard(waiter)
        return self.counts()


def counted(path: str, skip: Path) -> bool:
    """Whether a change at ``path`` is the deck's: not a hidden file or
    folder (an editor's swap file, .git), nor inside the desk's own folder."""
    parts = Path(path).parts
    if any(part.startswith(".") for part in parts[1:]):
        return False
    with contextlib.suppress(OSError, ValueError):
        if Path(path).resolve().is_relative_to(skip):
            return False
    return True


class FolderWatch:
    """One watchdog observer on ``folders`` (their subfolders too: a deck's
    pictures) telling ``changes`` of every save, addition or removal; the
    desk's own folder is left out."""

    def __init__(self, folders: Sequence[Path], skip: Path, changes: Changes) -> None:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write") or (event.is_directory and event.event_type == "modified"):
                    return  # a read, or a folder "modified" (its entry's own event says what)
                paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
                if any(p and counted(p, skip) for p in paths):
                    changes.tell("deck")

        self._observer: Any = Observer()
        self._observer.daemon = True
        for folder in dict.fromkeys(f.resolve() for f in folders):
            if folder.is_dir():
                self._observer.schedule(Handler(), str(folder), recursive=True)
        self._observer.start()

    def stop(self) -> None:
        self._observer.stop()
        self._observer.join(5)
