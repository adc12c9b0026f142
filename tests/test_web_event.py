"""The desk's event page through its routes (``serve --event FOLDER``): the
standings with the event's tie-break columns and the cross-table, rounds
paired from the page (refused while one is open), played logs handed in as
new files, rulings saved from a log's page, and a judge's three disputes
(a slip, a forfeit, a duplicate) settled without a log edited."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from eventfix import handed_back, rng, sha256
from starlette.testclient import TestClient

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.judge.ruling import read_ruling
from hi5pnp.web import Desk, make_app

EVENT = """\
event: "Club night 12"
deck: default
players: [Ann Smith, Bo Li, Cai Wen, Di Ng, Ed Ko]
rounds: 3
tiebreaks: [buchholz, direct, omw]
"""


@pytest.fixture
def folder(tmp_path) -> Path:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "event.yaml").write_text(EVENT, encoding="utf-8")
    return tmp_path / "club"


def client_of(folder: Path, event: bool = True) -> tuple[Desk, TestClient]:
    desk = Desk(logs=folder, out=folder.parent / "desk", event=event)
    return desk, TestClient(make_app(desk), base_url="http://127.0.0.1")


def played(skeleton: Path, seed: int) -> str:
    return handed_back(skeleton, load_deck(None), rng(seed))


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def problem(page: str) -> str:
    found = re.search(r'<p class="problem" role="alert">(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: sha256(p) for p in sorted(folder.iterdir()) if p.is_file()}


def pair(client: TestClient, desk: Desk, seed: int = 0):
    return client.post("/event/pair", data={"token": desk.token, "seed": str(seed), "paper": "a4"}, follow_redirects=False)


def hand_in(client: TestClient, desk: Desk, table: str, text: str, as_file: bool = False):
    data = {"token": desk.token, "table": table}
    if as_file:
        return client.post("/event/hand-in", data=data, files={"file": ("mine.yaml", text.encode(), "text/yaml")}, follow_redirects=False)
    return client.post("/event/hand-in", data={**data, "log": text}, follow_redirects=False)


def rule(client: TestClient, desk: Desk, name: str, judge: str = "Sam", tried: str = "", winner: str = "", reason: str = ""):
    form = {"token": desk.token, "judge": judge, "tried": tried, "winner": winner, "reason": reason}
    return client.post(f"/judge/log/{name}/rule", data=form, follow_redirects=False)


def page_standings(page: str) -> list[list[str]]:
    body = re.search(r'<table class="standings">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [[html.unescape(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)] for row in re.findall(r"<tr>(.*?)</tr>", body)]


def wrong_score(text: str) -> tuple[str, int, str]:
    """The log with its first round's written points miscopied; the line and the points as the game gives them."""
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if line.strip().startswith("points:"))
    right = lines[at]
    north = int(re.search(r"north: (\d+)", right).group(1))
    lines[at] = right.replace(f"north: {north}", f"north: {north + 3}")
    return "\n".join(lines) + "\n", at + 1, right.strip()


def test_an_event_run_from_the_page(folder):
    """Round 1 from the entry list, its logs pasted, a slip ruled, round 2 paired, a forfeit ruled, a copy left out, round 3 paired."""
    desk, client = client_of(folder)
    first = client.get("/event")
    assert first.status_code == 200 and "Club night 12" in first.text and "Pair round 1" in first.text
    made = pair(client, desk)
    assert made.status_code == 303 and "round1-slips.pdf" in made.headers["location"]
    assert {"round1-table1.yaml", "round1-table2.yaml", "round1-bye.yaml", "round1-slips.pdf"} <= set(snapshot(folder))
    slips = client.get("/event/file/round1-slips.pdf")
    assert slips.status_code == 200 and slips.content.startswith(b"%PDF")

    again = pair(client, desk)  # round 1 is open: refused, the open games named, nothing written
    before = snapshot(folder)
    assert again.status_code == 409 and "round 1 is open" in problem(again.text)
    assert "round1-table1.yaml: not played yet" in problem(again.text) and "round1-table2.yaml" in problem(again.text)
    assert snapshot(folder) == before

    good = played(folder / "round1-table1.yaml", 1)
    got = hand_in(client, desk, "round1-table1.yaml", good)
    assert got.status_code == 303 and got.headers["location"] == "/judge/log/round1-table1.played.yaml"
    assert (folder / "round1-table1.played.yaml").read_text(encoding="utf-8") == good
    assert "VALID" in client.get(got.headers["location"]).text
    twice = hand_in(client, desk, "round1-table1.yaml", good)
    assert twice.status_code == 409 and "handed in already" in problem(twice.text)

    # the slip: a wrong written score, handed in as a file, then a ruling from the log's page
    slip, line, right = wrong_score(played(folder / "round1-table2.yaml", 2))
    assert hand_in(client, desk, "round1-table2.yaml", slip, as_file=True).status_code == 303
    signed = sha256(folder / "round1-table2.played.yaml")
    assert "round1-table2.played.yaml: invalid" in problem(pair(client, desk).text)
    tried = f"line={line}&turn={right.replace(' ', '+').replace('{', '%7B').replace('}', '%7D').replace(':', '%3A').replace(',', '%2C')}"
    trying = client.get(f"/judge/log/round1-table2.played.yaml?{tried}")
    assert "VALID" in trying.text and "Save as ruling" in trying.text
    saved = rule(client, desk, "round1-table2.played.yaml", "Sam Judge", tried)
    assert saved.status_code == 303
    ruling = read_ruling(folder / "round1-table2.played.ruling.yaml")
    assert ruling.judge == "Sam Judge" and ruling.log_sha256 == signed and [t.line for t in ruling.corrections] == [line]
    assert sha256(folder / "round1-table2.played.yaml") == signed  # the signed log is not edited
    ruled = client.get(saved.headers["location"])
    assert "as ruled by Sam Judge" in text_of(ruled.text) and "round1-table2.played.ruling.yaml" in ruled.text
    assert rule(client, desk, "round1-table2.played.yaml", "Sam", tried).status_code == 400  # a ruling is never replaced

    assert pair(client, desk, 5).status_code == 303  # round 1 closed: round 2
    page = client.get("/event").text
    assert "Round 2 is open" in text_of(page)

    # the forfeit: a result ruled on an unplayed skeleton
    forfeit = rule(client, desk, "round2-table1.yaml", "Sam", "", "south", "forfeit: north did not come")
    assert forfeit.status_code == 303
    assert read_ruling(folder / "round2-table1.ruling.yaml").adjudicated.winner == "south"
    told = text_of(client.get(forfeit.headers["location"]).text)
    assert "the result ruled (south, forfeit: north did not come)" in told and "The event counts the game as ruled" in told
    # the duplicate (revision 6): a log copied under another name holds both copies open until one is ruled void
    shutil.copy(folder / "round1-table1.played.yaml", folder / "round1-table3.yaml")  # a copy under a name that sorts later
    assert hand_in(client, desk, "round2-table2.yaml", played(folder / "round2-table2.yaml", 3)).status_code == 303
    page = text_of(client.get("/event").text)
    assert "one game in 2 logs (round1-table1.played.yaml, round1-table3.yaml)" in page and "Round 2 is closed" not in page
    from hi5pnp.judge.recorded import Adjudicated
    from hi5pnp.judge.ruling import write_ruling

    write_ruling(folder / "round1-table3.yaml", "Sam", (), Adjudicated("", "a copy", 0, void=True))
    page = client.get("/event").text
    assert "ruled void: a copy" in text_of(page) and "Round 2 is closed" in text_of(page)
    assert pair(client, desk).status_code == 303 and (folder / "round3-slips.pdf").is_file()

    # the page's standings are the command line's, with the event's tie-breaks as columns
    page = client.get("/event").text
    said = json.loads(CliRunner().invoke(main, ["standings", "--json", str(folder)]).stdout)
    rows = page_standings(page)
    assert [r[1] for r in rows] == [s["player"] for s in said["standings"]]
    assert [int(r[5]) for r in rows] == [s["buchholz"] for s in said["standings"]]
    assert re.search(r"<th scope=\"col\">Buchholz</th><th scope=\"col\">Direct</th><th scope=\"col\">OMW</th>", page)
    cross = json.loads(CliRunner().invoke(main, ["standings", "--cross", "--json", str(folder)]).stdout)
    for row in cross.get("cross", cross)["rows"]:
        assert all(cell in page for cell in row["cells"] if cell)


def test_the_pairing_writes_none_of_a_round_over_a_file(folder):
    desk, client = client_of(folder)
    (folder / "round1-slips.pdf").write_bytes(b"the judge's own")
    before = snapshot(folder)
    refused = pair(client, desk)
    assert refused.status_code == 400 and "exists already" in problem(refused.text)
    assert snapshot(folder) == before


def test_a_played_log_must_be_the_tables(folder):
    desk, client = client_of(folder)
    pair(client, desk)
    text = played(folder / "round1-table1.yaml", 1)
    other = hand_in(client, desk, "round1-table1.yaml", re.sub(r"players: \{[^}]*\}", 'players: {north: "Zed", south: "Bo Li"}', text))
    assert other.status_code == 400 and "round1-table1.yaml is round 1" in problem(other.text)
    house = hand_in(client, desk, "round1-table1.yaml", text.replace("deck: default", "deck: house", 1))
    assert house.status_code == 400 and "the event plays default" in problem(house.text)
    utf16 = client.post(
        "/event/hand-in",
        data={"token": desk.token, "table": "round1-table1.yaml"},
        files={"file": ("mine.yaml", text.encode("utf-16"), "text/yaml")},
        follow_redirects=False,
    )
    assert utf16.status_code == 303 and (folder / "round1-table1.played.yaml").read_bytes() == text.encode("utf-16")
    (folder / "round1-table1.played.yaml").unlink()  # the judge removes it by hand: the desk never does
    bare = hand_in(client, desk, "round1-table1.yaml", "log: hi5/1\n")
    assert bare.status_code == 400 and "must name the table's round and players" in problem(bare.text)
    assert hand_in(client, desk, "round1-bye.yaml", text).status_code == 409  # the bye counts: no open game
    assert hand_in(client, desk, "../event.yaml", text).status_code == 409
    assert not (folder / "round1-table1.played.yaml").exists()


def test_a_ruling_needs_a_judge_and_something_ruled(folder):
    desk, client = client_of(folder)
    pair(client, desk)
    assert "needs its reason" in problem(rule(client, desk, "round1-table1.yaml", "Sam", "", "north", "").text)
    assert "write your name" in problem(rule(client, desk, "round1-table1.yaml", "  ", "", "north", "forfeit").text)
    assert "rules something" in problem(rule(client, desk, "round1-table1.yaml", "Sam").text)
    assert "north, south or draw" in problem(rule(client, desk, "round1-table1.yaml", "Sam", "", "east", "x").text)
    assert rule(client, desk, "event.yaml", "Sam", "", "north", "x").status_code in (400, 404)
    kept = rule(client, desk, "round1-table1.yaml", "Sam", "", "north", "")
    assert 'value="Sam"' in kept.text  # the form as the judge left it
    assert not list(folder.glob("*.ruling.yaml"))


def test_with_logs_the_event_page_only_reads(folder):
    desk, client = client_of(folder)
    pair(client, desk)
    desk, client = client_of(folder, event=False)
    before = snapshot(folder)
    page = client.get("/event")
    assert page.status_code == 200 and "only reads it" in page.text and "Pair round" not in page.text and "Hand in" not in page.text
    assert pair(client, desk).status_code == 400
    assert hand_in(client, desk, "round1-table1.yaml", played(folder / "round1-table1.yaml", 1)).status_code == 400
    assert rule(client, desk, "round1-table1.yaml", "Sam", "", "north", "forfeit").status_code == 400
    assert "Save as ruling" in client.get("/judge/log/round1-table1.yaml").text and "--event FOLDER" in client.get("/judge/log/round1-table1.yaml").text
    assert snapshot(folder) == before


def test_the_event_pages_rules(folder):
    desk, client = client_of(folder)
    assert client.post("/event/pair", data={"seed": "0"}).status_code == 403  # no token
    foreign = client.post("/event/pair", data={"token": desk.token}, headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403
    bad = client.post("/event/pair", data={"token": desk.token, "seed": "²"})
    assert bad.status_code == 400 and not list(folder.glob("round*"))
    assert client.get("/event/file/event.yaml").status_code == 404
    assert client.get("/event/file/..%2Fevent.yaml").status_code == 404
    none = TestClient(make_app(Desk(out=folder.parent / "d2")), base_url="http://127.0.0.1").get("/event")
    assert none.status_code == 200 and "--event FOLDER" in none.text


def test_a_broken_event_file_is_told_on_the_page(folder):
    (folder / "event.yaml").write_text("event: x\ntiebreaks: [lucky]\n", encoding="utf-8")
    _, client = client_of(folder)
    page = client.get("/event")
    assert page.status_code == 400 and "event.yaml" in problem(page.text) and "lucky" in problem(page.text)


def test_serve_takes_logs_or_event_not_both(folder):
    said = CliRunner().invoke(main, ["serve", "--logs", str(folder), "--event", str(folder)])
    assert said.exit_code == 2 and "give one" in said.output
