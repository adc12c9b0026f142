"""Playing a run's blocks on a Dask cluster (``--scheduler ADDRESS``), and
every way that can fail told as one :class:`SchedulerError`, soon and with
bounded memory.

Before Dask's client is made, :func:`probe` opens the address itself, with
a time limit, and reads the greeting a Dask scheduler sends first: a frame
of a few hundred bytes that decodes to a dictionary. Dask's own client would
wait for it without a limit (a port that accepts and stays silent: the
dashboard's 8787 given for the scheduler's 8786), and would allocate
whatever length the first eight bytes announce (a web server's reply, junk,
or a hostile listener asking for gigabytes). Only ``tcp://`` addresses are
taken: ``tls://`` and ``wss://`` need certificates hi5pnp does not pass,
``ws://`` wraps Dask's messages in a web protocol the probe does not read,
``ucx://`` needs a library of its own, ``inproc://`` names a scheduler
inside one process.

During the run, a cluster that loses every worker (its futures are
cancelled, a worker is killed again and again, or none is left for
:data:`LOST_WAIT` seconds) or its scheduler ends the run with a message, and
the client is closed with Dask's own log messages held back.
"""

from __future__ import annotations

import logging
import socket
import struct
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any, Protocol, TypeVar

from ..errors import Hi5Error

CONNECT_TIMEOUT = 5.0  # seconds to reach a Dask scheduler and read its greeting
WORKER_WAIT = 30.0  # seconds to wait for its first worker
LOST_WAIT = 5.0  # seconds a run waits with no worker left before it gives up
CLOSE_TIMEOUT = 2  # seconds to close the client
GREETING_BYTES = 64 << 10  # a scheduler's greeting is a few hundred bytes; more is no scheduler
DASK_HINT = "pip install 'hi5pnp[dask]'"
EXAMPLE = "tcp://192.168.1.20:8786"
_SIZE = struct.Struct("Q")  # how Dask's tcp comm writes a frame's length (native order, 8 bytes)

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Blocks(Protocol[T_co]):
    """What the cluster plays: a picklable value that plays games ``start`` to ``stop`` (:class:`.executor.Work`)."""

    def block(self, start: int, stop: int) -> T_co: ...


class SchedulerError(Hi5Error):
    """The games cannot be played on the Dask scheduler asked for (no Dask,
    no scheduler at that address, no workers, the workers or the scheduler
    lost during the run)."""


class Cluster:
    """A connected Dask client: its workers' threads, and blocks played on them."""

    def __init__(self, client: Any, address: str):
        self.client, self.address = client, address

    @property
    def threads(self) -> int:
        """Games the cluster plays at once: its workers' threads."""
        return sum(w.get("nthreads", 1) for w in self.client.scheduler_info(n_workers=-1)["workers"].values())

    def results(self, work: Blocks[T], blocks: list[tuple[int, int]]) -> Iterator[tuple[tuple[int, int], T]]:
        """Each block's bounds and totals, as the blocks end: the work
        travels to every worker once, then only the bounds and totals do."""
        [shared] = self.client.scatter([work], broadcast=True, hash=False, timeout=WORKER_WAIT)
        futures = [self.client.submit(_play, shared, start, stop, pure=False) for start, stop in blocks]
        return _results(self.client, futures, self.address)


@contextmanager
def connect(address: str) -> Iterator[Cluster]:
    """The cluster whose scheduler is at ``address``, once it has a worker;
    every fault, on the way in or during the run, a :class:`SchedulerError`;
    the client closed quietly on the way out."""
    try:
        from distributed import CancelledError, Client, KilledWorker
    except ImportError:
        raise SchedulerError(f"--scheduler {address}: playing on a Dask cluster needs Dask; install it with {DASK_HINT}") from None
    host, port = where(address)
    probe(address, host, port)
    with _dask_quiet():
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise SchedulerError(f"--scheduler {address}: no Dask scheduler answers there ({_reason(exc)})") from None
        try:
            _wait_for_workers(client, address)
            yield Cluster(client, address)
        except ImportError as exc:
            raise SchedulerError(f"--scheduler {address}: a worker cannot play the games ({exc}); install hi5pnp on every worker ({DASK_HINT})") from None
        except CancelledError:  # the client lost the scheduler, or the workers that held the work are gone, and the work with them
            if client.status != "running":
                raise SchedulerError(f"--scheduler {address}: the scheduler was lost during the run; no result") from None
            raise SchedulerError(f"--scheduler {address}: the cluster lost its workers during the run; no result; start workers and run again") from None
        except KilledWorker:  # a block's worker died each time it was tried
            raise SchedulerError(f"--scheduler {address}: the cluster's workers kept dying during the run (out of memory?); no result") from None
        except (OSError, TimeoutError) as exc:
            raise SchedulerError(f"--scheduler {address}: the scheduler was lost during the run ({_reason(exc)}); no result") from None
        finally:
            with suppress(Exception):
                client.close(timeout=CLOSE_TIMEOUT)  # type: ignore[no-untyped-call]


def where(address: str) -> tuple[str, int]:
    """The host and port of a scheduler's ``tcp://`` address (``host:port`` alone is one too)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, place = parse_address(address)
        host, port = parse_host_port(place) if scheme == "tcp" else ("", 0)
    except ValueError:
        raise SchedulerError(f"--scheduler {address}: not a scheduler's address; give the one `dask scheduler` prints, e.g. {EXAMPLE}") from None
    if scheme != "tcp":
        raise SchedulerError(
            f"--scheduler {address}: hi5pnp reaches a scheduler over tcp:// only ({scheme}:// is not taken); "
            f"start it with `dask scheduler` and give the address it prints, e.g. {EXAMPLE}"
        )
    if not 0 < port < 65536:
        raise SchedulerError(f"--scheduler {address}: a port is a number from 1 to 65535; give the one `dask scheduler` prints, e.g. {EXAMPLE}")
    return host, port


def probe(address: str, host: str, port: int) -> None:
    """Raise :class:`SchedulerError` unless a Dask scheduler greets us at
    ``host:port`` within :data:`CONNECT_TIMEOUT` seconds; read no more than
    :data:`GREETING_BYTES`."""
    deadline = time.monotonic() + CONNECT_TIMEOUT
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        raise SchedulerError(f"--scheduler {address}: no Dask scheduler answers there (no connection within {CONNECT_TIMEOUT:g} s)") from None
    except OSError as exc:
        raise SchedulerError(f"--scheduler {address}: no Dask scheduler answers there ({exc.strerror or exc})") from None
    got = bytearray()
    with sock:
        try:
            _receive(sock, got, _SIZE.size, deadline)
            (size,) = _SIZE.unpack(got)
            if got.startswith(b"HTTP/"):
                raise SchedulerError(
                    f"--scheduler {address}: a web server answers there, not a Dask scheduler (the dashboard? the scheduler's port is usually 8786)"
                )
            if not 0 < size <= GREETING_BYTES:
                raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask scheduler (its first message claims {size:,} bytes)")
            _receive(sock, got, _SIZE.size + size, deadline)
        except TimeoutError:
            if got:
                raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask scheduler (it sent {len(got):,} bytes, then nothing)") from None
            raise SchedulerError(
                f"--scheduler {address}: something there accepts connections but sends nothing within {CONNECT_TIMEOUT:g} s, "
                "as no Dask scheduler does (the dashboard's port, 8787? the scheduler's is usually 8786)"
            ) from None
        except OSError as exc:
            raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask scheduler ({exc.strerror or exc})") from None
    if not _is_greeting(bytes(got[_SIZE.size :])):
        raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask scheduler (its first message is not Dask's)")


def _receive(sock: socket.socket, got: bytearray, size: int, deadline: float) -> None:
    """Read from ``sock`` into ``got`` until it holds ``size`` bytes, before ``deadline``."""
    while len(got) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        piece = sock.recv(min(size - len(got), 1 << 16))
        if not piece:
            raise ConnectionResetError(0, "it closed the connection before its greeting")
        got += piece


def _is_greeting(body: bytes) -> bool:
    """``body`` decodes, as Dask's comm decodes a message, to the dictionary a scheduler greets with."""
    from distributed.protocol.core import loads
    from distributed.protocol.utils import unpack_frames

    try:
        message = loads(unpack_frames(body))  # type: ignore[no-untyped-call]
    except Exception:  # whatever junk makes the decoder raise, it is no greeting
        return False
    return isinstance(message, dict) and "compression" in message


def _wait_for_workers(client: Any, address: str) -> None:
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise SchedulerError(f"--scheduler {address}: the scheduler has no workers (start some with: dask worker {address})") from None


def _results(client: Any, futures: list[Any], address: str) -> Iterator[Any]:
    """Each block's result as it comes; :class:`SchedulerError` once the
    cluster has had no worker for :data:`LOST_WAIT` seconds."""
    from distributed import as_completed

    ended: Any = as_completed(futures, loop=client.loop)  # type: ignore[no-untyped-call]
    alone_since: float | None = None
    last_look = time.monotonic()
    while not ended.is_empty():
        batch = ended.next_batch(block=False)
        for future in batch:
            yield future.result()
        now = time.monotonic()
        if batch:
            alone_since = None
        elif now - last_look >= 1:  # look at the workers once a second while nothing ends
            last_look = now
            if client.scheduler_info(n_workers=-1)["workers"]:
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since > LOST_WAIT:
                raise SchedulerError(f"--scheduler {address}: the cluster lost every worker during the run; no result; start workers and run again")
        else:
            time.sleep(0.05)


def _play(work: Blocks[T], start: int, stop: int) -> tuple[tuple[int, int], T]:
    """A block on a Dask worker."""
    return (start, stop), work.block(start, stop)


def _reason(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


class _Nothing(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return False


@contextmanager
def _dask_quiet() -> Iterator[None]:
    """Dask's log messages held back while the client runs (a fault is told
    once, by hi5pnp): Dask writes them through the handlers of its logger,
    ``distributed``, which each of its modules' loggers passes them up to."""
    handlers = list(logging.getLogger("distributed").handlers)
    nothing = _Nothing()
    for handler in handlers:
        handler.addFilter(nothing)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(nothing)
