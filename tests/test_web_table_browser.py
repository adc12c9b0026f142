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
import time
from pathlib import Path

import pytest

from hi5pnp.rules import Seat
from hi5pnp.table import Seating, Table
from hi5pnp.web import Desk

pytest.importorskip("selenium.webdriver")
from test_web_browser import CHROMIUM, DRIVER, headless_chromium, serious_axe_findings, shoot, wait_for
from webfix import running

pytestmark = [pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not installed"), pytest.mark.slow]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    home = tmp_path_factory.mktemp("table")
    shutil.copytree(ROOT / "cards", home / "deck")
    (home / "logs").mkdir()
    shutil.copy(ROOT / "tests" / "golden" / "dispute_assist.yaml", home / "logs")
    shutil.copytree(ROOT / "tests" / "golden" / "mini", home / "logs" / "mini")
    desk = Desk(deck=str(home / "deck"), logs=home / "logs", out=home / "out")
    desk.tables.pause = 0.3
    with running(desk) as base:
        yield desk, base


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
    pages = {
        "board": f"/play/{gid}",
        "chosen": f"/play/{gid}?face=5a",
        "replay": "/play/replay/dispute_assist.yaml",
        "start": "/play/replay/dispute_assist.yaml?at=0",
    }
    found = serious_axe_findings(browser, base, pages)
    assert not found, json.dumps(found, indent=1)
    browser.get(base + pages["replay"])
    assert browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 1
    shoot(browser, f"table-replay-{width}")


def count(browser) -> int:
    return int(browser.execute_script("const c = document.querySelector('#game [data-count]'); return c ? Number(c.dataset.count) : -1"))


def test_two_machines_play_a_whole_game_by_their_seat_links_and_a_third_watches(served, browser):
    """Two browser profiles play a whole game, each seeing the other's turns within a second; a third watches; the log checks."""
    from selenium.webdriver.support.ui import Select

    from hi5pnp.judge import check_log

    desk, base = served
    south_browser, watcher = headless_chromium(), headless_chromium()
    try:
        browser.set_window_size(1280, 800)
        browser.get(base + "/play")
        Select(browser.find_element("name", "opponent")).select_by_value("friend")
        browser.find_element("name", "name").send_keys("Ann")
        browser.find_element("name", "other").send_keys("Bo")
        browser.find_element("name", "seed").send_keys("8")
        browser.find_element("css selector", "form.start button").click()
        wait_for(lambda: browser.find_elements("css selector", ".links"), 5)
        links = {e.text.split(":")[0]: e.find_element("tag name", "a").get_attribute("href") for e in browser.find_elements("css selector", ".links li")}
        south = next(v for k, v in links.items() if k.startswith("For Bo"))
        watch = next(v for k, v in links.items() if k.startswith("To watch"))
        for b, at in ((south_browser, south), (watcher, watch)):
            b.set_window_size(1280, 800)
            b.get(at)
        for b in (browser, south_browser):
            b.find_element("xpath", "//button[contains(., 'Take these faces')]").click()
        players = [browser, south_browser]
        wait_for(lambda: all(b.find_elements("css selector", ".board") for b in (*players, watcher)), 5)
        slowest = 0.0
        for _ in range(600):
            if browser.find_elements("css selector", ".end"):
                break
            mover = next((b for b in players if b.find_elements("css selector", ".board a.chip")), None)
            if mover is None:
                time.sleep(0.05)
                continue
            other = players[1 - players.index(mover)]
            before = count(mover)
            mover.find_element("css selector", ".board a.chip").click()
            wait_for(lambda m=mover: m.execute_script("return document.activeElement.id") == "options-title", 5)
            option = next(o for o in mover.find_elements("css selector", "#options button.option") if o.is_displayed())
            mover.execute_script("arguments[0].scrollIntoView({block: 'center'})", option)
            option.click()
            slowest = max(slowest, wait_for(lambda m=mover, o=other, n=before: count(o) > n and count(m) > n, 3))
        assert browser.find_elements("css selector", ".end") and south_browser.find_elements("css selector", ".end")
        wait_for(lambda: watcher.find_elements("css selector", ".end"), 3)
        said = [b.find_element("css selector", ".end").text for b in (browser, south_browser, watcher)]
        assert said[0] == said[1] == said[2]
        assert slowest < 1.0, f"the other player saw a turn after {slowest:.2f} s"
        log = south_browser.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(document.getElementById('game').dataset.game + '/log.yaml').then(r => r.text()).then(done)"
        )
        path = Path(desk.deck).parent / "friends.yaml"  # beside the deck its log names
        path.write_text(log, encoding="utf-8")
        verdict = check_log(path).to_json()
        assert verdict["valid"] and verdict["complete"], verdict["error"]
        assert f"North {verdict['score']['north']} points" in said[0] and f"south {verdict['score']['south']} points" in said[0]
        shoot(watcher, "table-watch-end-1280")
    finally:
        south_browser.quit()
        watcher.quit()
