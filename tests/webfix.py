"""The desk served for the page tests: on a free port of this machine, as
``hi5pnp serve`` listens (its socket, uvicorn's server in a thread), stopped
when the block ends."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from hi5pnp.cli.serve import listening
from hi5pnp.web import Desk, make_app


@contextmanager
def running(desk: Desk) -> Iterator[str]:
    """The desk's address while it is served."""
    import uvicorn

    sock = listening("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(make_app(desk), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
