"""The server-sent events an open page follows (``/events``): ``deck`` when
a file of the deck or the templates is saved, ``sim`` when the simulation
moves on; first of all ``now``, the counts as the stream begins, which a
page compares with the counts it was drawn at (``data-seen``). The stream waits on the desk's :class:`~.watch.Changes` and looks
at no file.

A stream is short-lived: it ends after :data:`STREAM_FOR` seconds and the
browser opens the next one after the ``retry`` it was given, sending the
last event's id; a change made in between is told at once. So an open page
never holds one of the browser's few connections to the desk for long (six
per host over HTTP/1.1), and the desk's pages share one stream between them
(desk.js follows it from a shared worker)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

from .watch import KINDS, Changes, Counts

STREAM_FOR = 20.0  # seconds a stream lasts; the browser opens the next by itself
RETRY_MS = 500  # the browser's wait before it opens the next
STILL_HERE = 10.0  # seconds between comments that keep the connection open
GATHER = 0.2  # seconds the changes that come together are gathered into one event of each kind


def event_id(counts: Counts) -> str:
    return ".".join(str(counts[k]) for k in KINDS)


def last_seen(given: str | None) -> Counts | None:
    """The counts a page last heard of (its Last-Event-ID), if it gave them in our form."""
    parts = (given or "").split(".")
    if len(parts) != len(KINDS) or not all(p.isascii() and p.isdigit() and len(p) <= 12 for p in parts):
        return None
    return {k: int(p) for k, p in zip(KINDS, parts)}


async def events(changes: Changes, seen: Counts | None, gone: Callable[[], Awaitable[bool]], lasting: float = STREAM_FOR) -> AsyncIterator[str]:
    """The stream's text: each change since ``seen`` (the counts the page
    last heard of; None: a new page, told only of changes from now), until
    ``lasting`` seconds have gone or the page has."""
    import time

    now = changes.counts()
    # "now": the counts as the stream begins, so that a page drawn before
    # it opened (its data-seen) fetches again what changed in between
    yield f"retry: {RETRY_MS}\nid: {event_id(now)}\nevent: now\ndata: {event_id(now)}\n\n"
    if seen is not None:
        for line in _told(seen, now):
            yield line
    end = time.monotonic() + lasting
    while (left := end - time.monotonic()) > 0 and not changes.closed and not await gone():
        later = await changes.wait(now, min(left, STILL_HERE))
        if changes.closed:
            break
        if later == now:
            yield ": still here\n\n"
            continue
        await asyncio.sleep(GATHER)  # an editor's save is several events, a long run many steps: told once
        later = changes.counts()
        for line in _told(now, later):
            yield line
        now = later


def _told(before: Counts, after: Counts) -> list[str]:
    return [f"id: {event_id(after)}\nevent: {k}\ndata: {after[k]}\n\n" for k in KINDS if after[k] != before[k]]
