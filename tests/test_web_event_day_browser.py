"""Done when: a second event run wholly at the desk, in Debian's headless
Chromium: eight players, three Swiss rounds, each round previewed (a table
fixed by hand) and paired from the event page; results reported by the
players on their table's page at 390 px, one phone reporting and another
confirming; the judge accepting one report, a forfeit entered in two
clicks from a table's row, a late entry and a drop entered on the page.
The standings and the cross-table then equal the contract's computation
(tests/eventfix.contract_table), and axe-core finds nothing serious on a
table's page at 390 px nor on the projector board at 1920 x 1080.
Screenshots go to $HI5PNP_SCREENSHOTS when set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from eventfix import contract_table, cross_opponents_wrong
from test_checker_cli import run
from test_web_browser import CHROMIUM, DRIVER, headless_chromium, serious_axe_findings, shoot
from webfix import press, running

from hi5pnp.web import Desk

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's browser and browser-driver are not installed"),
    pytest.mark.slow,
]

PLAYERS = ["Ann Smith", "Bo Li", "Cai Wen", "Dee Lowe", "Eve Ray", "Finn Moss", "Gus Park", "Hal Cole"]
LATE = "Ivy Chen"


def main_text(driver) -> str:
    return driver.find_element("tag name", "main").text


def tables(folder: Path, number: int) -> dict[int, dict[str, str]]:
    """Each table of a round: its players by seat, from the skeletons the desk wrote."""
    got = {}
    for p in sorted(folder.glob(f"round{number}-table*.yaml")):
        if ".ruling" not in p.name:
            h = yaml.safe_load(p.read_text())
            got[h["table"]] = h["players"]
    return got


def test_an_event_run_wholly_at_the_desk_with_results_from_the_players_phones(tmp_path):
    folder = tmp_path / "spring"
    folder.mkdir()
    (folder / "event.yaml").write_text(f"event: Spring Cup\nplayers: [{', '.join(PLAYERS)}]\nrounds: 3\n")
    games: list[dict] = []  # what the contract counts
    byes: dict[str, int] = {}
    judge, phone = headless_chromium(), headless_chromium()
    try:
        judge.set_window_size(1280, 1000)
        phone.set_window_size(390, 844)
        with running(Desk(logs=folder, out=tmp_path / "desk", event=True)) as base:

            def pair_round(number: int, fixed: str) -> dict[int, dict[str, str]]:
                judge.get(base + "/event")
                box = judge.find_element("id", "fixed")
                box.clear()
                box.send_keys(fixed)
                press(judge, "Preview the pairing")
                shown = main_text(judge)
                assert f"Round {number} as it would be paired" in shown and not list(folder.glob(f"round{number}-*"))
                a, b = fixed.split(" v ")
                assert f"{a} (" in shown and f"{b} (" in shown
                press(judge, f"Pair round {number}")
                assert f"Round {number} paired" in main_text(judge)
                paired = tables(folder, number)
                assert {a, b} in [set(t.values()) for t in paired.values()]  # the table fixed by hand
                bye = folder / f"round{number}-bye.yaml"
                if bye.exists():
                    name = yaml.safe_load(bye.read_text())["players"]["north"]
                    byes[name] = byes.get(name, 0) + 1
                return paired

            def links(number: int) -> dict[int, str]:
                return {int(t): v for t, v in json.loads((folder / f"round{number}-links.json").read_text())["tables"].items()}

            def reported(number: int, table: int, who: str, winner: str, north: int, south: int) -> None:
                """A player reports on their phone."""
                phone.delete_all_cookies()
                phone.get(f"{base}/event/table/{links(number)[table]}")
                phone.find_element("css selector", f"input[name=who][value={who}]").click()
                phone.find_element("css selector", f"input[name=winner][value={winner}]").click()
                phone.find_element("name", "north_score").send_keys(str(north))
                phone.find_element("name", "south_score").send_keys(str(south))
                press(phone, "Report the result")
                assert f"{north}-{south}" in main_text(phone)

            def confirmed(number: int, table: int, seated: dict[str, str], reporter: str) -> None:
                """The other player confirms on their own phone (another browser profile: no cookie of the first)."""
                phone.delete_all_cookies()
                phone.get(f"{base}/event/table/{links(number)[table]}")
                other = seated["south" if reporter == "north" else "north"]
                press(phone, f"I am {other}: confirm")
                assert "Confirmed" in main_text(phone)

            def slip(number: int, table: int, seated: dict[str, str], north: int, south: int, reporter: str = "north") -> None:
                winner = "draw" if north == south else "north" if north > south else "south"
                reported(number, table, reporter, winner, north, south)
                confirmed(number, table, seated, reporter)
                games.append({"players": dict(seated), "winner": winner, "score": {"north": north, "south": south}})

            # round 1: eight players, a table fixed by hand
            r1 = pair_round(1, "Ann Smith v Hal Cole")
            assert len(r1) == 4
            slip(1, 1, r1[1], 31, 28)
            # table 2 forfeits in two clicks from its row: its north did not come to play
            judge.get(base + "/event")
            judge.find_element("xpath", "//summary[contains(., 'Table 2: a forfeit')]").click()
            judge.find_element("xpath", "//details[contains(., 'Table 2: a forfeit')]//input[@name='judge']").send_keys("Sam")
            press(judge, f"{r1[2]['north']} forfeits")
            games.append({"players": dict(r1[2]), "winner": "south", "score": {"north": 0, "south": 0}, "as_bye": True})
            # table 3: reported, then the judge accepts it
            reported(1, 3, "south", "south", 19, 27)
            shoot(phone, "event-table-reported-390")
            findings = serious_axe_findings(phone, base, {"table": "/event/table/" + links(1)[3]})
            assert not findings, findings
            judge.get(base + "/event")
            assert "Results reported by the players" in main_text(judge) and "waiting for the other player" in main_text(judge)
            press(judge, "Accept table 3's report")
            games.append({"players": dict(r1[3]), "winner": "south", "score": {"north": 19, "south": 27}})
            slip(1, 4, r1[4], 24, 24, reporter="south")  # a draw
            phone.get(f"{base}/event/table/{links(1)[4]}")
            assert "result is in" in main_text(phone)  # the link closes with its result
            # a late entry, paired from round 2
            judge.get(base + "/event")
            judge.find_element("name", "name").send_keys(LATE)
            press(judge, "Enter from round 2")
            assert (folder / "event.v1.yaml").is_file() and LATE in main_text(judge)
            games.append({"players": {"north": LATE}, "winner": "none", "score": {"north": 0}})  # round 1 missed: a loss

            # round 2: nine players, a bye; round 1's links open nothing now
            r2 = pair_round(2, f"{LATE} v Bo Li")
            phone.get(f"{base}/event/table/{links(1)[1]}")
            assert "Round 1 is over" in main_text(phone)
            phone.get(f"{base}/event/table/{links(2)[1]}")
            shoot(phone, "event-table-390")
            findings = serious_axe_findings(phone, base, {"table": "/event/table/" + links(2)[1]})
            assert not findings, findings
            for table, seated in r2.items():
                slip(2, table, seated, 20 + table, 30 - table)
            # a drop after round 2, from the page
            quitter = r2[1]["south"]
            judge.get(base + "/event")
            from selenium.webdriver.support.ui import Select

            Select(judge.find_element("css selector", "select[name=name]")).select_by_visible_text(quitter)
            press(judge, "Drop after round 2")
            assert f"{quitter} dropped after round 2" in main_text(judge) and (folder / "event.v2.yaml").is_file()

            # round 3: eight players, the one who dropped not paired
            met = [set(t.values()) for t in [*r1.values(), *r2.values()]]
            free = [p for p in [*PLAYERS, LATE] if p != quitter]
            a, b = next((a, b) for k, a in enumerate(free) for b in free[k + 1 :] if {a, b} not in met)
            r3 = pair_round(3, f"{a} v {b}")
            assert quitter not in {n for t in r3.values() for n in t.values()}
            for table, seated in r3.items():
                slip(3, table, seated, 33 - table, 20 + 2 * table)

            judge.set_window_size(1920, 1080)
            judge.get(base + "/event/board")
            shoot(judge, "event-board-1920")
            findings = serious_axe_findings(judge, base, {"board": "/event/board"})
            assert not findings, findings
    finally:
        judge.quit()
        phone.quit()

    entered = [*PLAYERS, LATE]
    got = json.loads(run("standings", folder, "--json").stdout)
    expected = contract_table(games, entered, byes)
    assert [{k: s[k] for k in ("player", "played", "points", "omw", "game_points")} for s in got["standings"]] == expected
    assert {s["player"]: s.get("dropped") for s in got["standings"]}[quitter] == 2
    cross = json.loads(run("standings", folder, "--json", "--cross").stdout)["cross"]
    rank = {s["player"]: s["rank"] for s in got["standings"]}
    assert cross_opponents_wrong(cross, games, rank) == []
