"""The event page in Debian's headless Chromium (as tests/test_web_browser.py
drives the other pages): it renders at desktop and phone widths without
scrolling sideways, every control is reached with the Tab key, axe-core
finds nothing serious, and a judge runs rounds from it: a slip ruled on its
log's page, the next round paired, a forfeit ruled on a skeleton, a log
pasted (with the browser's CRLF line ends), a copied log left out, and the
round after paired, no file of the folder ever replaced. Screenshots go to
$HI5PNP_SCREENSHOTS when set."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from eventfix import handed_back, rng, sha256
from test_web_browser import CHROMIUM, DRIVER, headless_chromium, serious_axe_findings, shoot, wait_for
from webfix import press, running

from hi5pnp.deck import load_deck
from hi5pnp.event.eventfolder import pair_next_round
from hi5pnp.web import Desk

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's browser and browser-driver are not installed"),
    pytest.mark.slow,  # CI runs it with the stress tests: README's everyday run stays under a minute
]

EVENT = 'event: "Club night 12"\ndeck: default\nplayers: [Ann Smith, Bo Li, Cai Wen, Di Ng, Ed Ko]\nrounds: 3\ntiebreaks: [buchholz, direct, omw]\n'


def played(skeleton: Path, seed: int) -> str:
    return handed_back(skeleton, load_deck(None), rng(seed))


def disputed(folder: Path) -> tuple[int, str]:
    """Round 1 of a five-player event paired, one table's log handed in, the other's with its
    score miscopied, and a copy of the first under another name; the slip's line and its right text."""
    folder.mkdir()
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")
    pair_next_round(folder, slips=folder / "round1-slips.pdf")
    (folder / "round1-table1.played.yaml").write_text(played(folder / "round1-table1.yaml", 1), encoding="utf-8")
    lines = played(folder / "round1-table2.yaml", 2).splitlines()
    at = next(k for k, line in enumerate(lines) if line.strip().startswith("points:"))
    right = lines[at].strip()
    lines[at] = re.sub(r"north: (\d+)", lambda m: f"north: {int(m.group(1)) + 3}", lines[at])
    (folder / "round1-table2.played.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copy(folder / "round1-table1.played.yaml", folder / "round1-table3.yaml")
    return at + 1, right


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    home = tmp_path_factory.mktemp("event")
    line, right = disputed(home / "club")
    with running(Desk(logs=home / "club", out=home / "desk", event=True)) as base:
        yield (
            base,
            {
                "event": "/event",
                "slip": f"/judge/log/round1-table2.played.yaml?line={line}&turn={right}",
                "skeleton": "/judge/log/round1-table1.yaml",
                "board": "/event/board",
            },
        )


@pytest.fixture(scope="module")
def browser():
    driver = headless_chromium()
    yield driver
    driver.quit()


def fits(browser) -> int:
    return browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_event_pages_render_and_fit(served, browser, width):
    base, pages = served
    browser.set_window_size(width, 2400)  # tall: the screenshots show the whole page
    for name, path in pages.items():
        browser.get(base + path)
        assert browser.find_element("tag name", "h1").text, name
        assert fits(browser) <= 1, f"{name} is wider than a {width} px window"
        shoot(browser, f"event-{name}-{width}")


@pytest.mark.parametrize("name", ["event", "skeleton"])  # the skeleton's page: the ruling form, and no turns to tab past
def test_every_control_of_the_event_pages_is_reached_with_the_tab_key(served, browser, name):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    base, pages = served
    browser.set_window_size(1280, 1000)
    browser.get(base + pages[name])
    label = "(e => e.tagName + '|' + (e.getAttribute('href') || e.name || e.textContent).slice(0, 60))"
    controls = set(
        browser.execute_script(
            "return [...document.querySelectorAll('a[href], button, input:not([type=hidden]):not([type=file]), select, textarea')]"
            f".filter(e => e.offsetParent !== null && !e.closest('details:not([open]) > :not(summary)')).map({label})"  # a closed panel's: once opened
        )
    )
    reached = set()
    for _ in range(3 * len(controls) + 5):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        reached.add(browser.execute_script(f"return {label}(document.activeElement)"))
    assert controls <= reached, sorted(controls - reached)


@pytest.mark.slow  # three pages at two widths: CI runs it with the stress tests
@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_serious_on_the_event_pages(served, browser, width):
    base, pages = served
    browser.set_window_size(width, 1000)
    found = serious_axe_findings(browser, base, pages)
    assert not found, json.dumps(found, indent=1)


@pytest.mark.slow  # three rounds clicked through: CI runs it with the stress tests
def test_a_judge_runs_the_event_from_the_page(tmp_path, browser):
    """The three disputes settled, a round paired and its logs pasted, all in the browser; no file of the folder replaced."""
    from selenium.webdriver.support.ui import Select

    folder = tmp_path / "club"
    line, right = disputed(folder)
    before = {p.name: sha256(p) for p in folder.iterdir()}
    browser.set_window_size(1280, 1000)

    def main_text() -> str:
        return browser.find_element("tag name", "main").text

    def fill(name: str, value: str, index: int = 0) -> None:
        box = browser.find_elements("name", name)[index]
        box.clear()
        box.send_keys(value)

    with running(Desk(logs=folder, out=tmp_path / "desk", event=True)) as base:
        browser.get(base + "/event")
        assert "one game in 2 logs (round1-table1.played.yaml, round1-table3.yaml)" in main_text()  # the duplicate, held open (revision 6)
        browser.get(base + "/judge/log/round1-table3.yaml")
        fill("judge", "Sam Okafor")
        Select(browser.find_element("name", "winner")).select_by_value("void")
        fill("reason", "a copy of round1-table1.played.yaml")
        press(browser, "Save as ruling")
        assert "round1-table3.ruling.yaml" in main_text()
        browser.get(base + "/event")
        assert "ruled void: a copy of round1-table1.played.yaml" in main_text()
        assert "round1-table1.yaml: the table's log to fill in; the log handed in for it, round1-table1.played.yaml, is the game" in main_text()
        assert "round1-table2.played.yaml: invalid" in main_text()
        browser.find_element("link text", "round1-table2.played.yaml").click()
        fill("line", str(line))
        fill("turn", right)
        press(browser, "Try")
        assert "VALID" in main_text()
        fill("judge", "Sam Okafor")
        press(browser, "Save as ruling")
        assert "as ruled by Sam Okafor" in main_text() and "round1-table2.played.ruling.yaml" in main_text()
        shoot(browser, "event-slip-ruled")

        browser.get(base + "/event")
        press(browser, "Pair round 2")
        assert "Round 2 paired" in main_text() and (folder / "round2-slips.pdf").is_file()
        shoot(browser, "event-round2-paired")
        browser.find_element("link text", "round2-table1.yaml").click()
        fill("judge", "Sam Okafor")
        Select(browser.find_element("name", "winner")).select_by_value("south")
        fill("reason", "forfeit: north did not come")
        press(browser, "Save as ruling")
        assert "round2-table1.ruling.yaml" in main_text()
        shoot(browser, "event-forfeit-ruled")

        browser.get(base + "/event")
        box = browser.find_element("id", "log-1")
        browser.execute_script("arguments[0].value = arguments[1]", box, played(folder / "round2-table2.yaml", 3))
        box.find_element("xpath", "ancestor::form").submit()
        wait_for(lambda: "round2-table2.played.yaml" in browser.current_url, 20)
        assert "VALID" in main_text()
        assert b"\r\n" in (folder / "round2-table2.played.yaml").read_bytes()  # saved as the browser sent it

        browser.get(base + "/event")
        assert "Round 2 is closed" in main_text()
        press(browser, "Pair round 3")
        assert "Round 3 paired" in main_text()
        shoot(browser, "event-round3-paired-1280")
        browser.set_window_size(390, 1000)
        browser.refresh()
        assert fits(browser) <= 1
        shoot(browser, "event-round3-paired-390")
    after = {p.name: sha256(p) for p in folder.iterdir()}
    assert all(after[name] == digest for name, digest in before.items())  # nothing replaced, nothing removed
    assert {"round2-table1.ruling.yaml", "round3-slips.pdf", "round3-table1.yaml", "round3-bye.yaml"} <= set(after)


def test_the_board_reads_across_a_room_on_a_projector(served, browser):
    """The projector page at 1920 x 1080: the clock started and counting, every player's table by name, the standings; nothing wider than the screen."""
    import urllib.parse
    import urllib.request

    base, pages = served
    browser.set_window_size(1920, 1080)
    browser.get(base + "/event")
    token = browser.find_element("name", "token").get_attribute("value")
    body = urllib.parse.urlencode({"token": token, "action": "start", "minutes": "50"}).encode()
    urllib.request.urlopen(urllib.request.Request(base + "/event/clock", data=body, headers={"Origin": base}), timeout=10)
    browser.get(base + pages["board"])
    first = browser.find_element("css selector", ".round-clock").text
    time.sleep(2.2)
    later = browser.find_element("css selector", ".round-clock").text
    assert first != later and ":" in later  # counting down between the page's refreshes
    size = browser.execute_script("return parseFloat(getComputedStyle(document.querySelector('.round-clock')).fontSize)")
    assert size >= 80 and fits(browser) <= 1
    shoot(browser, "event-board-1920")
