"""The table in Debian's headless Chromium (as tests/test_web_browser.py
drives it): on seed 8's first turn the board is in view at 1280 x 800 when
a competitor is chosen on it, every one of 5a's legal turns is reached by
clicks, a turn is played without reloading the page and the bot's reply
comes as an event, said in the live region; at 390 px the board's smallest
text is 12 px and the page no wider than the phone; axe-core finds nothing
serious at either width."""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from hi5pnp.rules import Seat
from hi5pnp.table import Seating, Table
from hi5pnp.web import Desk, make_app

pytest.importorskip("selenium.webdriver")
from test_web_browser import CHROMIUM, DRIVER, headless_chromium, serious_axe_findings, shoot, wait_for

pytestmark = [pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not installed"), pytest.mark.slow]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    home = tmp_path_factory.mktemp("table")
    shutil.copytree(ROOT / "cards", home / "deck")
    desk = Desk(deck=str(home / "deck"), out=home / "out")
    desk.tables.pause = 0.3
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(make_app(desk), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    yield desk, f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(5)


@pytest.fixture(scope="module")
def browser():
    driver = headless_chromium()
    yield driver
    driver.quit()


def seed_8(desk: Desk) -> tuple[str, Table]:
    table = Table(desk.current_deck(), Seating(seed=8, players={"north": "person", "south": "greedy"}, names={"north": "Ann"}, first=Seat.NORTH))
    table.choose_faces("north", [f"{n}a" for n in table.setup.cards[Seat.NORTH]])
    gid = desk.tables.add(table)
    return f"{gid}/{desk.tables.get(gid).key_for(frozenset({Seat.NORTH}))}", table


IN_VIEW = "const r = document.querySelector('.board').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height > 200"
SMALLEST = (
    "return Math.min(...[...document.querySelectorAll('.board *')].filter(e => e.offsetParent"
    " && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize)))"
)


def test_every_turn_of_5a_is_reached_by_clicks_with_the_board_in_view_and_played_without_a_reload(served, browser):
    desk, base = served
    gid, table = seed_8(desk)
    browser.set_window_size(1280, 800)
    browser.get(f"{base}/play/{gid}")
    browser.execute_script("window.notReloaded = true")
    browser.find_element("css selector", ".board a.chip[data-face='5a']").click()  # chosen on the board
    wait_for(lambda: browser.execute_script("return document.activeElement.id") == "options-title", 5)
    assert browser.execute_script(IN_VIEW), "the board is out of view"
    for summary in browser.find_elements("css selector", "#options details:not([open]) > summary"):
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
    reached = {b.get_attribute("value") for b in browser.find_elements("css selector", "#options button.option") if b.is_displayed()}
    assert reached == {str(t) for t in table.state.iter_legal_actions("5a")} and len(reached) == 166
    assert browser.execute_script(IN_VIEW), "the board scrolled out of view with the menu"
    shoot(browser, "table-1280")
    button = browser.find_element("css selector", "#options button.option[value='5a']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait_for(lambda: len(table.turns) >= 2 and "greedy bot" in browser.execute_script("return document.getElementById('table-news').textContent"), 5)
    assert browser.execute_script("return window.notReloaded") is True
    assert browser.execute_script("return document.activeElement !== document.body")


def test_the_board_on_a_phone_is_legible_and_fits(served, browser):
    desk, base = served
    gid, _ = seed_8(desk)
    browser.set_window_size(390, 844)
    browser.get(f"{base}/play/{gid}?face=5a")
    assert browser.execute_script(SMALLEST) >= 12
    assert browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 1
    browser.execute_script("window.scrollTo(0, 0)")
    shoot(browser, "table-390")


@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_serious_on_the_table(served, browser, width):
    desk, base = served
    gid, _ = seed_8(desk)
    browser.set_window_size(width, 900)
    found = serious_axe_findings(browser, base, {"board": f"/play/{gid}", "chosen": f"/play/{gid}?face=5a"})
    assert not found, json.dumps(found, indent=1)
