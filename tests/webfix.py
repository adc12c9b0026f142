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


def press(driver, words: str) -> None:
    """Press the button that says ``words`` and wait for the page it leads to.

    Chromium's driver may answer a click that starts the next page with
    "Node with given id does not belong to the document" (the old page's
    node already gone): the click went through when the old page goes
    stale; only when it does not is the button found and pressed again."""
    from selenium.common.exceptions import TimeoutException, WebDriverException
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element("tag name", "html")
    for attempt in range(3):
        try:
            driver.find_element("xpath", f'//button[contains(., "{words}")]').click()
        except WebDriverException as exc:
            if attempt == 2 or "does not belong to the document" not in str(exc):
                raise
            try:
                WebDriverWait(driver, 2).until(expected_conditions.staleness_of(page))
                return
            except TimeoutException:
                continue
        break
    WebDriverWait(driver, 20).until(expected_conditions.staleness_of(page))
