"""``hi5pnp build --watch``: build, then build again whenever a file of the
deck or the templates changes (watchdog's file-system events), until
interrupted. Each build prints one line (the time, what it wrote, how long
it took and which files changed), then its warnings, or its faults."""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from ..errors import Hi5Error, printable, shown_path
from .base import INTERRUPTED

SETTLE = 0.2  # seconds without a change before building: an editor's save is several events
IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~")


def _counts(path: str, root: Path, out: Path) -> bool:
    """Is a change to ``path`` (under the watched ``root``) a change to the deck
    or the templates? Not the kit in ``out``, nor anything under a hidden
    folder (a build's staging folder, ``.git``), nor an editor's scratch file."""
    p = Path(path)
    if not p.is_relative_to(root) or p.is_relative_to(out):
        return False
    parts = p.relative_to(root).parts
    if not parts or any(part.startswith((".", "#")) or part == "__pycache__" for part in parts):
        return False
    return not p.name.endswith(IGNORED_SUFFIXES)


def _watched(folder: Path, out: Path) -> list[tuple[Path, bool]]:
    """The (folder, recursive) watches that cover ``folder`` but not ``out``
    inside it: the kit is swapped in whole on each build, and a watch must not
    sit on a folder that is renamed under it."""
    if not out.is_relative_to(folder) or out == folder:
        return [(folder, True)]
    found = [(folder, False)]
    for sub in sorted(folder.iterdir()):
        if sub.is_dir() and not sub.is_symlink() and sub != out and not sub.name.startswith("."):
            found += _watched(sub, out)
    return found


def _identity(folder: Path) -> tuple[int, int] | None:
    """Which folder ``folder`` names now (links followed), or None when none."""
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


Run = Callable[[], tuple[str, list[str]]]  # a build: what it did ("wrote 24 files to output/"), and its warnings


def watch_and_run(folders: Sequence[Path], out: Path, run: Run) -> None:
    """Run ``run`` now and after every change under ``folders`` (changes
    under ``out`` excepted), until Ctrl-C. A failed run prints its faults and
    the watch goes on.

    A folder is followed by its path, not by the folder first found there:
    its parent folder is watched too, and when the path comes to name
    another folder (``mv deck deck.old && mv new deck``, a checkout or an
    unzip that replaces it), the watches move to the new one and it is built."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer
    from watchdog.observers.api import ObservedWatch

    changed = threading.Event()
    touched: set[str] = set()  # the paths changed since the last build (the observer's thread adds)
    lock = threading.Lock()
    replaced = threading.Event()  # a watched folder's path may name another folder now
    kit = out.resolve()

    class Handler(FileSystemEventHandler):
        def __init__(self, root: Path):
            self.root = root

        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write") or (event.is_directory and event.event_type == "modified"):
                return  # a folder "modified" is an entry added or removed: its own event says which
            paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
            counted = [p for p in paths if p and _counts(p, self.root, kit)]
            if counted:
                with lock:
                    touched.update(counted)
                changed.set()

    class Parent(FileSystemEventHandler):
        """Events in a watched folder's parent: one that names the folder's path may replace it."""

        def __init__(self, names: set[str]):
            self.names = names

        def on_any_event(self, event: FileSystemEvent) -> None:
            if {str(event.src_path), str(getattr(event, "dest_path", "") or "")} & self.names:
                replaced.set()

    observer = Observer()
    armed: dict[Path, tuple[tuple[int, int] | None, list[ObservedWatch]]] = {}

    def arm(folder: Path) -> bool:
        """Watch what ``folder`` names now, if that is not the folder watched; True if it was not."""
        identity, watches = armed.get(folder, (None, []))
        now = _identity(folder)
        if folder in armed and now == identity:
            return False
        for watch in watches:
            with contextlib.suppress(KeyError):  # its folder is gone, and its watch with it
                observer.unschedule(watch)
        root = folder.resolve()
        watches = [observer.schedule(Handler(root), str(f), recursive=r) for f, r in _watched(root, kit)] if now else []
        armed[folder] = (now, watches)
        return True

    def follow() -> None:
        """Move the watches of a folder whose path names another folder now; a build follows."""
        if replaced.is_set():
            replaced.clear()
            if any([arm(folder) for folder in list(armed)]):
                changed.set()

    chosen = list(dict.fromkeys(Path(os.path.abspath(f)) for f in folders))
    for folder in chosen:
        arm(folder)
        names = {str(folder), str(folder.resolve())}
        for parent in dict.fromkeys((folder.parent, folder.resolve().parent)):
            observer.schedule(Parent(names), str(parent), recursive=False)
    observer.start()
    shown = ", ".join(shown_path(f) for f in folders)
    try:
        _run_once(run, "the first build")
        click.echo(printable(f"watching {shown} for changes (Ctrl-C to stop)"), err=True)
        while True:
            while not changed.is_set():
                time.sleep(SETTLE)  # a plain sleep: Ctrl-C ends it cleanly
                follow()
            while changed.is_set():  # let a burst of events settle
                changed.clear()
                time.sleep(SETTLE)
                follow()
            with lock:
                # the files there now: an editor's temporary file, renamed onto the one saved, is no change of the deck's
                seen = sorted({Path(p).name for p in touched if os.path.exists(p)} or {Path(p).name for p in touched})
                touched.clear()
            _run_once(run, f"{', '.join(seen[:3])}{f' and {len(seen) - 3} more' if len(seen) > 3 else ''} changed" if seen else "the folder moved")
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not break the clean-up
        click.echo("stopped watching", err=True)
        stopped = True
    else:
        stopped = False
    finally:
        observer.stop()
        observer.join()
    if stopped:
        sys.exit(INTERRUPTED)  # Ctrl-C: 130, as every command stopped so (README, "Exit status")


def _run_once(run: Run, why: str) -> None:
    """One build, told in a line: the time, what it did, how long, and why it ran."""
    start = time.monotonic()
    stamp = time.strftime("%H:%M:%S")
    try:
        done, warnings = run()
    except Hi5Error as exc:
        click.echo(printable(f"{stamp} build failed; the previous kit is as it was ({why}, {time.monotonic() - start:.1f} s)"), err=True)
        for line in exc.lines():
            click.echo(printable(line), err=True)
        return
    click.echo(printable(f"{stamp} {done} in {time.monotonic() - start:.1f} s ({why})"))  # a file's name, never an escape sequence
    for line in warnings:
        click.echo(printable(line), err=True)
