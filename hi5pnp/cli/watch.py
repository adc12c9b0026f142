"""``hi5pnp build --watch``: build, then build again whenever a file of the
deck or the templates changes (watchdog's file-system events), printing each
build's faults or the files written, until interrupted."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from ..errors import Hi5Error, shown_path

SETTLE = 0.2  # seconds without a change before building: an editor's save is several events
IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~")


def _counts(path: str) -> bool:
    """Is a change to ``path`` a change to the deck or the templates (not an editor's scratch file)?"""
    name = Path(path).name
    return not (name.startswith((".", "#")) or name.endswith(IGNORED_SUFFIXES) or "__pycache__" in path)


def watch_and_run(folders: Sequence[Path], out: Path, run: Callable[[], None]) -> None:
    """Run ``run`` now and after every change under ``folders`` (changes
    under ``out`` excepted), until Ctrl-C. A failed run prints its faults and
    the watch goes on."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    changed = threading.Event()
    skip = str(out.resolve())

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write"):
                return
            paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
            if any(p and _counts(p) and not p.startswith(skip) for p in paths):
                changed.set()

    observer = Observer()
    for folder in dict.fromkeys(f.resolve() for f in folders):
        observer.schedule(Handler(), str(folder), recursive=True)
    observer.start()
    shown = ", ".join(shown_path(f) for f in folders)
    try:
        while True:
            _run_once(run)
            click.echo(f"watching {shown} for changes (Ctrl-C to stop)", err=True)
            while not changed.is_set():
                time.sleep(SETTLE)  # a plain sleep: Ctrl-C ends it cleanly
            while changed.is_set():  # let a burst of events settle
                changed.clear()
                time.sleep(SETTLE)
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not break the clean-up
        click.echo("stopped watching", err=True)
    finally:
        observer.stop()
        observer.join()


def _run_once(run: Callable[[], None]) -> None:
    try:
        run()
    except Hi5Error as exc:
        for line in exc.lines():
            click.echo(line, err=True)
        click.echo("build failed; the previous kit is as it was", err=True)
