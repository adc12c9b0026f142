"""The desk as sturdy as the command line: pastes with any line ends, a
deck linked from outside refused, blocking work off the event loop, one
watch feeding short streams, framing and other sites' posts refused, every
number read strictly, long logs paged, verdicts kept by the log's hash, the
favicon, a YAML fault at its own line, several corrections, the balance
chart's axis and a stale chart dated."""

from __future__ import annotations

import asyncio
import html
import json
import re
import shutil
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import desk_folders
from starlette.testclient import TestClient
from webfix import running

from hi5pnp.cli import main
from hi5pnp.web import Desk, judging, make_app
from hi5pnp.web.chart import axis, chart
from hi5pnp.web.simjob import SimState
from hi5pnp.web.stream import event_id, events

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture
def desk(tmp_path) -> Desk:
    desk_folders(tmp_path, ("dispute_assist.yaml", "dispute_score.yaml"))
    return Desk(deck=str(tmp_path / "deck"), logs=tmp_path / "logs", out=tmp_path / "desk")


@pytest.fixture
def client(desk) -> TestClient:
    return TestClient(make_app(desk), base_url="http://127.0.0.1", raise_server_exceptions=False)


def verdict_json(page: str) -> dict:
    return json.loads(html.unescape(re.search(r'<pre id="verdict-json">(.*?)</pre>', page, re.S).group(1)))


# pasted logs -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"])
def test_a_log_pasted_with_any_line_ends_finds_its_deck_and_is_listed(client, desk, end):
    text = (GOLDEN / "dispute_score.yaml").read_text().replace("\n", end)
    done = client.post("/judge/paste", data={"log": text, "token": desk.token}, follow_redirects=False)
    assert done.status_code == 303
    page = client.get(done.headers["location"]).text
    assert verdict_json(page)["error"]["kind"] == "record"  # checked against the mini deck, not "deck folder not found"
    name = done.headers["location"].rsplit("/", 1)[1]
    listed = client.get("/judge").text.split("Logs pasted here")[1]
    assert f'href="/judge/log/{name}"' in listed and "invalid" in listed


def test_a_deck_linked_from_outside_the_judges_folder_is_not_brought_to_a_paste(client, desk, tmp_path):
    shutil.move(str(desk.logs / "mini"), tmp_path / "elsewhere")
    (desk.logs / "mini").symlink_to(tmp_path / "elsewhere")
    said = CliRunner().invoke(main, ["check", str(desk.logs / "dispute_score.yaml")])
    assert "outside the log's folder" in said.output  # as the command line refuses it
    done = client.post("/judge/paste", data={"log": (GOLDEN / "dispute_score.yaml").read_text(), "token": desk.token}, follow_redirects=False)
    assert not (desk.pasted / "mini").exists()
    assert verdict_json(client.get(done.headers["location"]).text)["error"]["kind"] == "read"


# the event loop and the streams --------------------------------------------------------------------------------


@pytest.fixture
def served(desk):
    """The desk on a free port, as ``serve`` runs it."""
    with running(desk) as base:
        yield base


def test_status_answers_while_a_kit_is_built(served, desk, monkeypatch):
    from hi5pnp.web import printing

    building, release = threading.Event(), threading.Event()

    def slow_build(*args) -> str:
        building.set()
        release.wait(30)
        return "built 0 files"

    monkeypatch.setattr(printing, "build", slow_build)
    body = f"token={desk.token}&paper=a4".encode()
    post = threading.Thread(target=lambda: urllib.request.urlopen(urllib.request.Request(served + "/print/build", data=body), timeout=30).read())
    post.start()
    try:
        assert building.wait(10)
        status = json.loads(urllib.request.urlopen(served + "/status", timeout=5).read())  # the loop is free: no timeout
        assert status["deck"] == str(desk.deck_path)
    finally:
        release.set()
        post.join(30)


def test_one_watch_feeds_every_stream_and_a_stream_ends_to_let_others_in(desk):
    async def read(seen, lasting) -> list[str]:
        async def still() -> bool:
            return False

        return [e async for e in events(desk.follow(), seen, still, lasting=lasting)]

    try:
        before = desk.changes.counts()
        watches = {id(desk.follow()) for _ in range(5)}
        assert len(watches) == 1 and desk._watch is not None
        started = time.monotonic()
        said = asyncio.run(read(None, 0.3))
        assert time.monotonic() - started < 5 and said[0].startswith("retry: ")  # a short stream, ended by the server
        (Path(desk.deck or "") / "competitors.yaml").write_text((Path(desk.deck or "") / "competitors.yaml").read_text() + "\n")
        for _ in range(100):
            if desk.changes.counts() != before:
                break
            time.sleep(0.05)
        assert desk.changes.counts()["deck"] > before["deck"]  # the observer told the desk; no stream was open
        settled = desk.changes.counts()  # an editor's save may be told as more than one file event: wait for the last
        for _ in range(40):
            time.sleep(0.25)
            if desk.changes.counts() == settled:
                break
            settled = desk.changes.counts()
        again = asyncio.run(read(before, 0.1))  # the next stream, given the last id the page saw, tells of the save at once
        assert any("event: deck" in e for e in again) and f"id: {event_id(desk.changes.counts())}" in again[0]
    finally:
        desk.close()


# the boundary --------------------------------------------------------------------------------------------------


def test_a_save_before_the_stream_opens_is_not_missed(client, desk):
    """The designer's page is drawn with the watch already running and says
    the counts it was drawn at; a stream begins with the counts now, so a
    save made between the page and its stream shows as a difference."""
    import re

    async def first(seen) -> str:
        async def still() -> bool:
            return False

        said = [e async for e in events(desk.follow(), seen, still, lasting=0.05)]
        return said[0]

    try:
        page = client.get("/").text
        assert desk._watch is not None  # started by the page, before the deck's files were read
        drawn = dict(re.findall(r'data-kind="(deck|sim)" data-seen="(\d+)"', page))
        assert drawn == {k: str(v) for k, v in desk.changes.counts().items()}
        desk.changes.tell("deck")  # a save, before any stream
        said = asyncio.run(first(None))
        now = event_id(desk.changes.counts())
        assert f"event: now\ndata: {now}\n" in said and now.split(".")[0] != drawn["deck"]
    finally:
        desk.close()


def test_no_page_can_be_framed_and_another_sites_post_is_refused(client, desk):
    for path in ("/", "/judge", "/print", "/judge/log/dispute_assist.yaml"):
        got = client.get(path)
        assert "frame-ancestors 'none'" in got.headers["content-security-policy"] and got.headers["x-frame-options"] == "DENY", path
    form = {"paper": "a4", "card": "poker", "bleed": "9", "ink": "normal", "method": "duplex", "token": desk.token}
    for headers in ({"origin": "http://127.0.0.1:9999"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}):
        refused = client.post("/print/build", data=form, headers=headers)
        assert refused.status_code == 403 and "cannot change the desk" in refused.text, headers
    same = client.post("/print/build", data=form, headers={"origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"})
    assert same.status_code == 400 and "bleed" in same.text  # let in, and told its bleed is wrong


@pytest.mark.parametrize(
    "method, path, data",
    [
        ("get", "/judge/log/dispute_assist.yaml?until=%C2%B2", None),
        ("get", "/judge/log/dispute_assist.yaml/position.svg?until=%C2%B2", None),
        ("get", "/judge/log/dispute_assist.yaml?until=" + "9" * 5000, None),
        ("get", "/judge/log/dispute_assist.yaml?turns=%C2%B2", None),
        ("get", "/judge/log/dispute_assist.yaml?line=%C2%B2&turn=1a", None),
        ("get", "/judge/log/dispute_assist.yaml/verdict.pdf?line=" + "9" * 5000 + "&turn=1a", None),
        ("post", "/simulate", {"games": "²", "bot": "random"}),
        ("post", "/simulate", {"games": "9" * 5000, "bot": "random"}),
        ("post", "/print/build", {"bleed": "²", "paper": "a4"}),
        ("post", "/print/build", {"bleed": "nan", "paper": "a4"}),
    ],
)
def test_every_number_is_read_strictly(client, desk, method, path, data):
    if data is None:
        got = client.get(path)
    else:
        got = client.post(path, data={**data, "token": desk.token})
    assert got.status_code in (200, 400), got.text[:300]
    assert re.search(r"is not a (whole number|number|line number)", html.unescape(got.text)), got.text[:300]


def test_a_length_that_is_no_number_is_refused(client):
    got = client.post("/simulate", content=b"x", headers={"content-length": "²".encode(), "content-type": "application/x-www-form-urlencoded"})
    assert got.status_code in (400, 411)


def test_the_favicon_is_served(client):
    got = client.get("/favicon.ico")
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml")
    assert 'rel="icon"' in client.get("/").text


# the judge's pages ---------------------------------------------------------------------------------------------


def long_log(folder: Path, turns: int = 40_000) -> Path:
    """A log of ``turns`` turns in its first round (a megabyte), its fault on line 16."""
    head, rest = (GOLDEN / "dispute_assist.yaml").read_text().split("    finish: [1a, 3a, 2a]\n", 1)
    padding = "".join(f"      - {x}a assist {y}a:t1\n" for x, y in [(1, 3), (4, 2), (2, 4), (3, 1)] * (turns // 4))
    path = folder / "long.yaml"
    path.write_text(head + padding + "    finish: [1a, 3a, 2a]\n" + rest)
    return path


def test_a_long_log_is_shown_a_page_of_turns_at_a_time(client, desk):
    path = long_log(desk.logs)
    assert path.stat().st_size > 900_000
    page = client.get("/judge/log/long.yaml")
    assert page.status_code == 200 and len(page.content) < 200_000, len(page.content)
    assert "page 1 of 201" in page.text and 'class="at-fault"' in page.text and "?turns=2" in page.text
    later = client.get("/judge/log/long.yaml", params={"until": "30000"}).text
    assert re.search(r'aria-current="true"><span class="visually-hidden">Round 1, </span>line 30000:', later)
    last = client.get("/judge/log/long.yaml", params={"turns": "999"}).text
    assert "page 201 of 201" in last and "Round 2" in last


def test_the_judges_page_checks_again_only_a_log_or_deck_that_changed(client, desk, monkeypatch):
    calls = []
    real = judging.verdict_of
    monkeypatch.setattr(judging, "verdict_of", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    first = client.get("/judge").text
    assert len(calls) == 2
    calls.clear()
    assert client.get("/judge").text == first and calls == []
    log = desk.logs / "dispute_score.yaml"
    log.write_text(log.read_text() + "# a comment\n")
    client.get("/judge")
    assert calls == [str(log)]
    calls.clear()
    sheet = desk.logs / "mini" / "competitors.yaml"
    sheet.write_text(sheet.read_text() + "\n")
    client.get("/judge")
    assert sorted(calls) == sorted(str(desk.logs / n) for n in ("dispute_assist.yaml", "dispute_score.yaml"))
    calls.clear()
    (desk.logs / "dispute_score.ruling.yaml").write_text("# a judge's ruling on that log\n")
    client.get("/judge")
    assert str(log) in calls and str(desk.logs / "dispute_assist.yaml") not in calls  # a ruling beside a log: that log checked again


def test_a_yaml_fault_is_told_at_its_own_line(client, desk):
    lines = (GOLDEN / "dispute_score.yaml").read_text().split("\n")
    assert lines[14].startswith("  - course: [1a, 2a]")
    lines[14] = lines[14].replace("[1a, 2a]", "[1a, 2a")
    (desk.logs / "open.yaml").write_text("\n".join(lines))
    said = html.unescape(re.search(r'<pre class="words">(.*?)</pre>', client.get("/judge/log/open.yaml").text, re.S).group(1))
    assert "open.yaml:15:" in said and "missing" in said


def test_several_corrections_are_tried_at_once_as_check_tries_them(client, desk):
    path = str(desk.logs / "dispute_assist.yaml")
    tries = [("16", "1a assist 3a:chit"), ("17", "-")]
    page = client.get("/judge/log/dispute_assist.yaml", params=[p for line, turn in tries for p in (("line", line), ("turn", turn))]).text
    said = CliRunner().invoke(main, ["check", "--json", path, *[w for t in tries for w in ("--try", *t)]])
    assert verdict_json(page) == json.loads(said.stdout) and len(verdict_json(page)["tried"]) == 2
    assert len(re.findall(r'<input name="line"', page)) == 3  # each correction, and a blank one for another


def test_the_faulty_turn_is_marked(client):
    page = client.get("/judge/log/dispute_assist.yaml").text
    assert re.search(r'<li class="at-fault"><a [^>]*>.*?line 16: 1a assist 3a:chit 4a:chit</a> <span class="tag">the fault</span>', page)


# the balance chart -----------------------------------------------------------------------------------------------


def result(rates: dict[str, tuple[float, float, float]], window=(46.0, 54.0)) -> dict:
    faces = {f: {"win_rate": {"rate": r, "interval": [lo, hi]}} for f, (r, lo, hi) in rates.items()}
    return {"faces": faces, "games": 2000, "bots": ["greedy"], "balance": {"windows": {"face_win_rate": list(window)}, "verdict": "fair", "headline": "FAIR"}}


def test_the_charts_axis_spans_the_window_and_the_intervals():
    made = chart(result({"1a": (0.50, 0.48, 0.52), "2a": (0.47, 0.45, 0.49), "3a": (0.40, 0.38, 0.42)}))
    ticks = [float(t["value"]) for t in made["ticks"]]
    assert 30 <= ticks[0] <= 38 and 54 <= ticks[-1] <= 60, ticks  # not 0-100 %
    assert [r["place"] for r in made["rows"]] == ["inside", "edge", "outside"]
    assert all(0 <= r["left"] <= r["at"] <= r["left"] + r["width"] <= 100 for r in made["rows"])
    assert axis(49.0, 51.0)[0] >= 45 and axis(0.0, 100.0)[:2] == (0.0, 100.0) and len(axis(0.0, 100.0)[2]) <= 6


def test_a_chart_left_by_a_failed_run_is_marked_with_its_date(client, desk):
    made = result({"1a": (0.5, 0.45, 0.55)})
    desk.job._now = SimState(
        state="failed", error="the deck cannot be read", result=made, text="FAIR", finished=time.mktime((2026, 11, 20, 9, 30, 0, 0, 0, -1))
    )
    part = client.get("/simulation").text
    assert "The last run failed" in part and "An earlier run" in part and "20 Nov 2026, 09:30" in part


@pytest.mark.slow
def test_ctrl_c_ends_the_open_streams_and_stops_cleanly(tmp_path):
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "hi5pnp", "serve", "--port", "0", "--out", str(tmp_path / "desk")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        address = proc.stdout.readline().split(" at ")[1].split(" ")[0]
        stream = urllib.request.urlopen(address + "events", timeout=30)
        assert stream.readline().startswith(b"retry: ")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert "Traceback" not in err and "ERROR" not in err, err
