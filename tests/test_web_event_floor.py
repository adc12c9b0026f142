"""Event day at the desk, through its routes (docs/serve.md, "Event day at
the desk"): a table's result reported from its secret link and confirmed
from another browser (or accepted by the judge), the link opening its own
table of its own round only, the judge's pages guarded beyond this machine,
late entries and drops as new versions of event.yaml, the pairing previewed
with a table fixed by hand, and a forfeit from a table's row."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from test_web_event import EVENT, pair, problem, snapshot, text_of

from hi5pnp.judge.ruling import read_ruling
from hi5pnp.web import Desk, make_app

PHONE = ("192.168.1.40", 50000)  # a player's phone on the event's network


@pytest.fixture
def event(tmp_path) -> tuple[Path, Desk, TestClient]:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")
    desk = Desk(logs=folder, out=tmp_path / "desk", event=True)
    judge = TestClient(make_app(desk), base_url="http://127.0.0.1", client=("127.0.0.1", 50000))
    assert pair(judge, desk).status_code == 303
    return folder, desk, judge


def phone(desk: Desk) -> TestClient:
    """A player's browser: cookies of its own, from another machine."""
    return TestClient(make_app(desk), base_url="http://127.0.0.1", client=PHONE)


def links(folder: Path, number: int = 1) -> dict[int, str]:
    return {int(k): v for k, v in json.loads((folder / f"round{number}-links.json").read_text())["tables"].items()}


def players(folder: Path, table: int, number: int = 1) -> dict[str, str]:
    text = (folder / f"round{number}-table{table}.yaml").read_text()
    return dict(re.findall(r"(north|south): \"([^\"]+)\"", text.split("teams:")[0]))


def report(client: TestClient, token: str, who: str = "north", winner: str = "north", north: str = "31", south: str = "28"):
    form = {"action": "report", "who": who, "winner": winner, "north_score": north, "south_score": south}
    return client.post(f"/event/table/{token}", data=form, follow_redirects=False)


def test_a_result_reported_on_one_phone_and_confirmed_on_another_is_the_tables_ruled_result(event):
    folder, desk, _judge = event
    token = links(folder)[1]
    names = players(folder, 1)
    first = phone(desk)
    page = first.get(f"/event/table/{token}")
    assert page.status_code == 200 and names["north"] in page.text and names["south"] in page.text
    assert 'name="token"' not in page.text  # the run's token stays on the judge's pages
    assert "agree" in problem(report(first, token, north="20").text)  # a score that says the other won
    assert report(first, token).status_code == 303
    shown = first.get(f"/event/table/{token}").text
    assert "31-28" in text_of(shown) and f"Reported by {names['north']}" in text_of(shown)
    refused = first.post(f"/event/table/{token}", data={"action": "confirm", "who": "south"})
    assert refused.status_code == 400 and "on their own phone" in problem(refused.text)  # the reporter's own browser
    assert not (folder / "round1-table1.ruling.yaml").exists()
    done = phone(desk).post(f"/event/table/{token}", data={"action": "confirm", "who": "south"})
    assert done.status_code == 200 and "Confirmed" in done.text
    ruling = read_ruling(folder / "round1-table1.ruling.yaml", "r")
    assert ruling.result is not None and (ruling.result.winner, ruling.result.score) == ("north", (31, 28))
    assert ruling.judge == f"{names['north']} and {names['south']} (reported at the table)"
    assert phone(desk).get(f"/event/table/{token}").status_code == 410  # its result is in: the link is closed
    again = report(phone(desk), token)
    assert again.status_code == 410 and not (folder / "round1-table1.ruling.yaml.1").exists()


def test_a_tables_link_reaches_its_own_table_of_its_own_round_and_nothing_else(event):
    folder, desk, judge = event
    desk.judge_key = "the-judges-own-key-0123456789"
    tokens = links(folder)
    p = phone(desk)
    for path in ("/event", "/judge", "/event/slips", "/event/board", "/", "/judge/log/round1-table1.yaml", "/play"):
        assert p.get(path).status_code == 403, path
    before = snapshot(folder)
    for path, form in (
        ("/event/result", {"log": "round1-table2.yaml", "winner": "north", "score": "3-1", "judge": "X", "token": tokens[1]}),
        ("/event/report/accept", {"round": "1", "table": "2", "judge": "X", "token": tokens[1]}),
        ("/event/entry", {"action": "drop", "name": "Ann Smith", "token": tokens[1]}),
        ("/event/pair", {"seed": "0", "token": tokens[1]}),
    ):
        assert p.post(path, data=form).status_code == 403, path
    assert p.get("/event/table/" + "x" * 32).status_code == 410  # no table's link
    assert report(p, tokens[1]).status_code == 303  # table 1's report is table 1's alone
    assert "Report your result" in p.get(f"/event/table/{tokens[2]}").text
    assert snapshot(folder) == before
    assert judge.get("/event").status_code == 200  # this machine is the judge's
    wrong = p.get("/judge-link/not-the-key", follow_redirects=False)
    assert wrong.status_code == 403
    entered = p.get(f"/judge-link/{desk.judge_key}", follow_redirects=False)
    assert entered.status_code == 303 and "hi5pnp-judge" in entered.headers["set-cookie"] and "HttpOnly" in entered.headers["set-cookie"]
    shown = p.get("/event")
    assert shown.status_code == 200 and "Results reported by the players" in shown.text  # the judge's phone now sees the report waiting
    # round 1 closed by the judge, round 2 paired: round 1's links open nothing
    names = players(folder, 1)
    for table in (1, 2):
        form = {"token": desk.token, "log": f"round1-table{table}.yaml", "winner": "north", "score": "30-20", "judge": "Sam"}
        assert judge.post("/event/result", data=form, follow_redirects=False).status_code == 303
    assert pair(judge, desk, 1).status_code == 303
    assert p.get(f"/event/table/{tokens[2]}").status_code == 410
    assert report(p, tokens[2]).status_code == 410 and not (folder / "round2-table2.ruling.yaml").exists()
    assert names["north"] in (folder / "round1-table1.yaml").read_text()


def test_the_judge_accepts_a_report_waiting_and_a_forfeit_is_two_clicks(event):
    folder, desk, judge = event
    tokens = links(folder)
    assert report(phone(desk), tokens[1], who="south", winner="draw", north="25", south="25").status_code == 303
    form = {"token": desk.token, "round": "1", "table": "1", "judge": "Sam"}
    assert "a ruling names the judge" in problem(judge.post("/event/report/accept", data={**form, "judge": ""}).text)
    assert judge.post("/event/report/accept", data=form, follow_redirects=False).status_code == 303
    ruling = read_ruling(folder / "round1-table1.ruling.yaml", "r")
    assert ruling.result is not None and ruling.result.winner == "draw" and ruling.judge.startswith("Sam (reported by ")
    assert 'value="Sam"' in judge.get("/event").text  # the judge's name kept for the next form: a forfeit in two clicks
    quick = {"token": desk.token, "log": "round1-table2.yaml", "judge": "Sam", "quick": "forfeit:south"}
    assert judge.post("/event/result", data=quick, follow_redirects=False).status_code == 303
    forfeit = read_ruling(folder / "round1-table2.ruling.yaml", "r").adjudicated
    assert forfeit is not None and (forfeit.winner, forfeit.kind) == ("south", "forfeit")


def test_late_entries_and_drops_write_new_versions_of_event_yaml(event):
    folder, desk, judge = event
    first = (folder / "event.yaml").read_bytes()
    late = judge.post("/event/entry", data={"token": desk.token, "action": "late", "name": "Ivy  Chen"}, follow_redirects=False)
    assert late.status_code == 303
    assert (folder / "event.v1.yaml").read_bytes() == first
    second = (folder / "event.yaml").read_bytes()
    assert b"Ivy Chen: 2" in second
    drop = judge.post("/event/entry", data={"token": desk.token, "action": "drop", "name": "Bo Li"}, follow_redirects=False)
    assert drop.status_code == 303 and (folder / "event.v2.yaml").read_bytes() == second
    for name, action, said in (("Bo Li", "drop", "dropped already"), ("ivy chen", "late", "on the entry list already"), ("Zed", "drop", "no such player")):
        refused = judge.post("/event/entry", data={"token": desk.token, "action": action, "name": name})
        assert refused.status_code == 409 and said in problem(refused.text)
    assert not (folder / "event.v3.yaml").exists()
    page = text_of(judge.get("/event").text)
    assert "Bo Li (dropped after round 1)" in page and "Ivy Chen" in page
    assert "event.v1.yaml" not in judge.get("/judge").text  # an old version is no log


def test_the_pairing_is_previewed_with_a_table_fixed_by_hand_then_written(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")
    desk = Desk(logs=folder, out=tmp_path / "desk", event=True)
    judge = TestClient(make_app(desk), base_url="http://127.0.0.1")
    before = snapshot(folder)
    form = {"token": desk.token, "seed": "3", "paper": "a4", "fixed": "Ed Ko v Bo Li"}
    shown = judge.post("/event/preview", data=form)
    assert shown.status_code == 200 and snapshot(folder) == before
    rows = re.findall(r"<tr><td>(\d+)</td><td>([^<(]+) \(0\)</td><td>([^<(]+) \(0\)</td></tr>", shown.text)
    assert ("1", "Ed Ko", "Bo Li") in rows and "Ed Ko v Bo Li" in shown.text  # the form kept for the button that writes it
    assert "is not a player" in problem(judge.post("/event/preview", data={**form, "fixed": "Ed Ko v Bob"}).text)
    assert judge.post("/event/pair", data=form, follow_redirects=False).status_code == 303
    assert players(folder, 1) == {"north": "Ed Ko", "south": "Bo Li"}
    written = {(t, *players(folder, t).values()) for t in range(1, 3)}
    assert {(r[0], r[1], r[2]) for r in rows} == {(str(t), a, b) for t, a, b in written}
