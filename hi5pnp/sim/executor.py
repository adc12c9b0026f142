"""Where games are played: one executor for every run of many games
(``simulate``, ``--compare``, ``tune``). A run is a :class:`Work`: a
picklable value that plays games ``start`` to ``stop`` and gives back
whole-number totals that merge in any order. The executor cuts the games
into blocks and hands them out:

- to local worker processes by default (a
  :class:`concurrent.futures.ProcessPoolExecutor`, forked where the platform
  has it, each worker started holding the work, deck and plan included);
- to a Dask cluster with ``scheduler="ADDRESS"`` (``pip install
  'hi5pnp[dask]'``): the work travels to every worker once, then only the
  blocks' bounds and their totals do.

Game *i* is played from ``(seed, i)`` alone and the totals are whole numbers
merged in the blocks' order, so the numbers are the same whoever played
which block, in whatever blocks.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from ..errors import Hi5Error
from ..machine import end_with_parent, worker_count

MOST_BLOCK = 50  # games a block holds at most: progress and balance stay fine-grained
BLOCKS_PER_WORKER = 4  # so that a slow block at the end leaves few workers idle
CONNECT_TIMEOUT = 5  # seconds to reach a Dask scheduler
WORKER_WAIT = 30  # seconds to wait for its first worker
DASK_HINT = "pip install 'hi5pnp[dask]'"

Progress = Callable[[int, int], object]  # (games done, games in all)


class Totals(Protocol):
    """What a block gives back: totals that add another block's in place."""

    def merge(self, other: Any) -> None: ...


T = TypeVar("T", bound=Totals)
T_co = TypeVar("T_co", bound=Totals, covariant=True)


class Work(Protocol[T_co]):
    """A run's games: picklable (it travels to the workers), and the same
    totals for the same games however they are blocked."""

    @property
    def games(self) -> int: ...

    def block(self, start: int, stop: int) -> T_co: ...


class SchedulerError(Hi5Error):
    """The games cannot be handed to the Dask scheduler asked for (no Dask,
    no scheduler at that address, no workers): the run could not start."""


def blocks_for(games: int, workers: int) -> list[tuple[int, int]]:
    """Games 0 to ``games`` in blocks: about :data:`BLOCKS_PER_WORKER` a
    worker, at most :data:`MOST_BLOCK` games and at least one each, so every
    worker is busy whatever the number of games."""
    size = max(1, min(MOST_BLOCK, -(-games // (BLOCKS_PER_WORKER * max(1, workers)))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run(work: Work[T], jobs: int | None = None, progress: Progress | None = None, scheduler: str | None = None) -> T:
    """Play all of ``work``'s games and return their totals, merged in the
    blocks' order: in ``jobs`` local processes (default: one per usable
    processor, :func:`~hi5pnp.machine.worker_count`), or on the Dask
    cluster whose scheduler listens at ``scheduler``. ``progress(done,
    games)`` after each block."""
    if scheduler is not None:
        return _on_dask(work, scheduler, progress)
    workers = worker_count(jobs, work.games)
    blocks = blocks_for(work.games, workers)
    if workers == 1:
        return _merged(((b, work.block(*b)) for b in blocks), blocks, work.games, progress)
    # fork where the platform has it: workers start with the work in memory
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(work,)) as pool:
        done: Iterator[T] = pool.map(_block_in_worker, *zip(*blocks))
        return _merged(zip(blocks, done), blocks, work.games, progress)


def _merged(parts: Iterator[tuple[tuple[int, int], T]], blocks: list[tuple[int, int]], games: int, progress: Progress | None) -> T:
    """The blocks' totals, merged in the blocks' order whatever order they come in."""
    order = {b: k for k, b in enumerate(blocks)}
    waiting: dict[int, T] = {}
    total: T | None = None
    following = played = 0
    for bounds, part in parts:
        waiting[order[bounds]] = part
        played += bounds[1] - bounds[0]
        while following in waiting:
            part = waiting.pop(following)
            if total is None:
                total = part
            else:
                total.merge(part)
            following += 1
        if progress:
            progress(played, games)
    assert total is not None and not waiting
    return total


_work: Work[Any] | None = None


def _start_worker(work: Work[Any]) -> None:
    global _work
    _work = work
    end_with_parent()


def _block_in_worker(start: int, stop: int) -> Any:
    assert _work is not None
    return _work.block(start, stop)


def _play(work: Work[T], start: int, stop: int) -> tuple[tuple[int, int], T]:
    """A block on a Dask worker."""
    return (start, stop), work.block(start, stop)


def _on_dask(work: Work[T], address: str, progress: Progress | None) -> T:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise SchedulerError(f"--scheduler {address}: playing on a Dask cluster needs Dask; install it with {DASK_HINT}") from None
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, where = parse_address(address)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(where)
    except ValueError:
        raise SchedulerError(f"--scheduler {address}: not a scheduler's address; give the one `dask scheduler` prints, e.g. tcp://192.168.1.20:8786") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise SchedulerError(f"--scheduler {address}: no Dask scheduler answers there ({exc})") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except (OSError, TimeoutError):
            raise SchedulerError(f"--scheduler {address}: the scheduler has no workers (start some with: dask worker {address})") from None
        workers = sum(w.get("nthreads", 1) for w in client.scheduler_info(n_workers=-1)["workers"].values())
        blocks = blocks_for(work.games, workers)
        [shared] = client.scatter([work], broadcast=True, hash=False)  # type: ignore[no-untyped-call]
        futures = [client.submit(_play, shared, start, stop, pure=False) for start, stop in blocks]
        try:
            parts: Iterator[tuple[tuple[int, int], T]] = (f.result() for f in as_completed(futures, loop=client.loop))  # type: ignore[no-untyped-call]
            return _merged(parts, blocks, work.games, progress)
        except ImportError as exc:
            raise SchedulerError(f"--scheduler {address}: a worker cannot play the games ({exc}); install hi5pnp on every worker ({DASK_HINT})") from None
