"""An event from first pairing to final table (revisions 5 and 6 of
docs/game-log.md), on an event folder built here, as a judge would hold one:
five players on the mini deck, a bye each round, a log copied under a second
name and a second game of a player in a round (each ruled void), a log on a
house deck, a written score slip settled by a ruling beside the log, and
round 3 still open.

The expected table is worked out here from the games the bots played (their
own scores and winners), by the contract's formulas, not by the standings'
code."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction

import pytest
import yaml
from conftest import GOLDEN
from eventfix import fill_skeleton, played_log, rng, sha256
from test_checker_cli import run

from hi5pnp.deck import load_deck
from hi5pnp.event.roundfiles import bye_log

EVENT_YAML = """\
event: "Club night 12"
deck: mini
players: [Ann Smith, Bo Li, Cai Wen, Dee Lowe, Eve Ray]
rounds: 4
"""


def hand_table(games, byes):
    """The contract's table: games are (north, south, winner seat, north's score, south's score)."""
    names = sorted({n for g in games for n in g[:2]} | set(byes))
    played = {n: sum(n in g[:2] for g in games) + byes.count(n) for n in names}
    points = {n: 3 * byes.count(n) for n in names}
    scores = {n: [] for n in names}
    opponents = {n: [] for n in names}
    for north, south, winner, sn, ss in games:
        points[north] += {"north": 3, "draw": 1}.get(winner, 0)
        points[south] += {"south": 3, "draw": 1}.get(winner, 0)
        scores[north].append(sn)
        scores[south].append(ss)
        opponents[north].append(south)
        opponents[south].append(north)
    mw = {n: max(Fraction(1, 3), Fraction(points[n], 3 * played[n])) for n in names}
    omw = {n: sum((mw[o] for o in opponents[n]), Fraction(0)) / len(opponents[n]) if opponents[n] else Fraction(0) for n in names}
    gp = {n: sum(scores[n]) + byes.count(n) * (sum(scores[n]) // len(scores[n]) if scores[n] else 0) for n in names}
    order = sorted(names, key=lambda n: (-points[n], -omw[n], -gp[n], n.casefold()))
    return [{"player": n, "played": played[n], "points": points[n], "omw": round(float(omw[n]), 4), "game_points": gp[n]} for n in order]


def result(north, south, state):
    s = state.scores()
    return (north, south, state.winner(), s["north"], s["south"])


@pytest.fixture
def event(tmp_path, mini):
    """The event folder after two rounds and half of round 3; and the games that count."""
    folder = tmp_path / "club12"
    folder.mkdir()
    shutil.copytree(GOLDEN / "mini", folder / "mini")
    house = folder / "house"
    shutil.copytree(GOLDEN / "mini", house)
    (house / "game.yaml").write_text((house / "game.yaml").read_text().replace("column_points: 2", "column_points: 6"))
    (folder / "event.yaml").write_text(EVENT_YAML)
    r = rng(12)
    games = []

    house_deck = load_deck(house, need_score_sheet=False)

    def log(name, north, south, round_number, deck="mini", counts=True):
        text, state = played_log(house_deck if deck == "house" else mini, deck, r, north, south, round_number)
        (folder / name).write_text(text)
        if counts:
            games.append(result(north, south, state))
        return text

    log("round1-table1.yaml", "Ann Smith", "Bo Li", 1)
    log("round1-table2.yaml", "Cai Wen", "Dee Lowe", 1)
    (folder / "round1-bye.yaml").write_text(bye_log("mini", "Eve Ray", 1, "Club night 12"))
    first = log("round2-table1.yaml", "Eve Ray", "Ann Smith", 2)
    copied = (
        first.replace('"Eve Ray"', '"eve  ray"')
        .replace("log: hi5/1", "# copied by hand\nlog: hi5/1")
        .replace("[", "[ ")
        .replace("turns:", "turns:   # as played")
    )
    (folder / "round2-table1b.yaml").write_text(copied)
    log("round2-table2.yaml", "Bo Li", "Cai Wen", 2)
    log("round2-table3.yaml", "Ann Smith", "Dee Lowe", 2, counts=False)  # Ann's second game of round 2
    log("round2-house.yaml", "Cai Wen", "Eve Ray", 2, deck="house", counts=False)
    (folder / "round2-bye.yaml").write_text(bye_log("mini", "Dee Lowe", 2, "Club night 12"))
    log("round3-table1.yaml", "Eve Ray", "Cai Wen", 3)
    (folder / "round3-bye.yaml").write_text(bye_log("mini", "Ann Smith", 3, "Club night 12"))
    void(folder / "round2-table1b.yaml", "a copy of round2-table1.yaml")  # revision 6: held open until ruled
    void(folder / "round2-table3.yaml", "Ann Smith's second game of the round")
    return folder, games


def void(log, reason):
    """A judge's ruling beside ``log``: it is void (revision 6)."""
    from hi5pnp.judge.recorded import Adjudicated
    from hi5pnp.judge.ruling import ruling_path, ruling_text

    ruling_path(log).write_text(ruling_text(sha256(log), "Sam", (), Adjudicated("", reason, 0, void=True)))


def slip(folder):
    """The players of round 2, table 2 wrote north's first-round points one too high; the line and its right text."""
    path = folder / "round2-table2.yaml"
    lines = path.read_text().splitlines()
    k = next(k for k, line in enumerate(lines) if line.strip().startswith("points:"))
    doc = yaml.safe_load(lines[k].strip())["points"]
    right = f"points: {{north: {doc['north']}, south: {doc['south']}}}"
    lines[k] = lines[k].replace(f"north: {doc['north']}", f"north: {doc['north'] + 1}")
    path.write_text("\n".join(lines) + "\n")
    return k + 1, right


def open_round_3(folder, mini, seed=5):
    """Round 3's second table as pairings writes it, not played yet."""
    from hi5pnp.event.pairings import Table
    from hi5pnp.event.roundfiles import table_log
    from hi5pnp.event.standings import Standing

    t = Table(2, Standing("Bo Li", "bo li"), Standing("Dee Lowe", "dee lowe"))
    (folder / "round3-table2.yaml").write_text(table_log(mini, "mini", t, 3, "Club night 12", seed))


LEFT = [
    {"log": "round2-house.yaml", "why": "another deck (house); the event plays mini"},
    {"log": "round2-table1b.yaml", "why": "ruled void: a copy of round2-table1.yaml"},
    {"log": "round2-table3.yaml", "why": "ruled void: Ann Smith's second game of the round"},
]


def test_the_event_s_table_left_out_list_and_refusals_are_the_contract_s(event, mini):
    folder, games = event
    line, right = slip(folder)
    r = run("check", folder / "round2-table2.yaml")
    assert r.exit_code == 1 and f":{line}: invalid (a written value differs)" in r.stdout
    r = run("check", folder / "round2-table2.yaml", "--try", line, right, "--rule-as", "Sam")
    assert r.exit_code == 0, r.output
    ruling = folder / "round2-table2.ruling.yaml"
    assert yaml.safe_load(ruling.read_text()) == {
        "ruling": "hi5/1",
        "log_sha256": sha256(folder / "round2-table2.yaml"),
        "judge": "Sam",
        "corrections": [{"line": line, "text": right}],
    }
    r = run("check", folder / "round2-table2.yaml")
    assert r.exit_code == 0 and "valid as ruled by Sam, 1 correction" in r.stdout
    open_round_3(folder, mini)

    got = json.loads(run("standings", folder, "--json").stdout)
    expected = hand_table(games, ["Eve Ray", "Dee Lowe", "Ann Smith"])
    assert [{k: s[k] for k in ("player", "played", "points", "omw", "game_points")} for s in got["standings"]] == expected
    assert [s["rank"] for s in got["standings"]] == sorted(s["rank"] for s in got["standings"])
    assert got["left_out"] == [*LEFT, {"log": "round3-table2.yaml", "why": got["left_out"][-1]["why"]}]
    assert got["left_out"][-1]["why"].startswith("cannot be read: line ") and "choose a side" in got["left_out"][-1]["why"]

    r = run("pairings", folder)
    assert r.exit_code == 2 and r.stdout == ""
    assert "round 3 is open" in r.stderr and "round3-table2.yaml: not played yet" in r.stderr
    assert "round3-table1" not in r.stderr and "house" not in r.stderr and "table1b" not in r.stderr  # counted, or set aside

    # the check of the whole folder: the byes are no faults; the skeleton cannot be read yet
    r = run("check", folder)
    assert r.exit_code == 2 and "round3-bye.yaml: a bye: Ann Smith wins without a game" in r.stdout
    fill_skeleton(folder / "round3-table2.yaml", mini, rng(3))
    assert run("check", folder).exit_code == 0

    assert run("pairings", folder).stdout.startswith("round 4: 2 tables (the last of 4 planned)")
    r = run("pairings", folder, "--json", "--logs", folder)
    assert r.exit_code == 0, r.output
    p = json.loads(r.stdout)
    assert p["round"] == 4 and sorted(p) == ["bye", "not_paired", "round", "tables"]
    assert p["bye"] not in ("Eve Ray", "Dee Lowe", "Ann Smith") and p["not_paired"] == []
    assert [t["table"] for t in p["tables"]] == [1, 2]
    assert (folder / "round4-bye.yaml").exists() and len(list(folder.glob("round4-table*.yaml"))) == 2
    assert "round 4 is open" in run("pairings", folder).stderr
    for p4 in folder.glob("round4-table*.yaml"):
        fill_skeleton(p4, mini, rng(4))
    r = run("pairings", folder)
    assert r.exit_code == 2 and f"{folder / 'event.yaml'}:4: the event's 4 rounds are all paired" in r.stderr


def test_a_ruling_for_another_version_of_the_log_leaves_it_out(event, mini):
    folder, _ = event
    line, right = slip(folder)
    assert run("check", folder / "round2-table2.yaml", "--try", line, right, "--rule-as", "Sam").exit_code == 0
    again = run("check", folder / "round2-table2.yaml", "--try", line, right, "--rule-as", "Kim")
    assert again.exit_code == 2 and "never replaced" in again.stderr
    with (folder / "round2-table2.yaml").open("a") as f:
        f.write("# signed later\n")
    r = run("check", folder / "round2-table2.yaml")
    assert r.exit_code == 1 and "the ruling beside the log is set aside" in r.stdout
    left = {x["log"]: x["why"] for x in json.loads(run("standings", folder, "--json").stdout)["left_out"]}
    assert left["round2-table2.yaml"] == "the ruling is for another version of the log"


def test_a_ruling_may_rule_a_result_and_its_faults_are_named_at_their_lines(event):
    folder, _ = event
    slip(folder)
    ruling = folder / "round2-table2.ruling.yaml"
    digest = sha256(folder / "round2-table2.yaml")
    ruling.write_text(f"ruling: hi5/1\nlog_sha256: {digest}\njudge: Sam\nadjudicated: {{winner: south, reason: time called}}\n")
    got = json.loads(run("standings", folder, "--json").stdout)
    cai = next(s for s in got["standings"] if s["player"] == "Cai Wen")
    assert "round2-table2.yaml" not in {x["log"] for x in got["left_out"]}
    assert cai["wins"] >= 1
    ruling.write_text(f"ruling: hi5/1\nlog_sha256: {digest}\njudge: Sam\ncorrections:\n  - {{line: x1, text: 4a}}\n  - [1]\nextra: 1\n")
    r = run("check", folder / "round2-table2.yaml")
    assert r.exit_code == 2
    for at in (":5:", ":6:", ":7:"):
        assert f"round2-table2.ruling.yaml{at}" in r.stderr
    left = {x["log"]: x["why"] for x in json.loads(run("standings", folder, "--json").stdout)["left_out"]}
    assert left["round2-table2.yaml"].startswith("its ruling cannot be read: ") and "ruling.yaml:5:" in left["round2-table2.yaml"]


def test_round_1_from_the_entry_list_alone(tmp_path):
    (tmp_path / "event.yaml").write_text("event: Club night 12\nplayers: [Ann Smith, Bo Li, Cai Wen, Dee Lowe, Eve Ray]\n")
    r = run("pairings", tmp_path, "--seed", 4, "--logs", tmp_path)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "round 1: 2 tables; the entry list shuffled with --seed 4"
    names = sorted(p.name for p in tmp_path.glob("round1-*.yaml"))
    assert names == ["round1-bye.yaml", "round1-table1.yaml", "round1-table2.yaml"]
    seen = []
    for name in names[1:]:
        doc = yaml.safe_load((tmp_path / name).read_text())
        assert doc["round"] == 1 and doc["first"] == "north" and doc["event"] == "Club night 12" and doc["deck"] == "default"
        seen += [doc["players"]["north"], doc["players"]["south"]]
    bye = yaml.safe_load((tmp_path / "round1-bye.yaml").read_text())
    assert bye["adjudicated"] == {"winner": "north", "reason": "bye"} and bye["round"] == 1
    assert sorted([*seen, bye["players"]["north"]]) == ["Ann Smith", "Bo Li", "Cai Wen", "Dee Lowe", "Eve Ray"]
    assert run("check", tmp_path / "round1-bye.yaml").exit_code == 0
    verdict = json.loads(run("check", tmp_path / "round1-bye.yaml", "--json").stdout)
    assert verdict["valid"] is True and verdict["bye"] is True and verdict["error"] is None and verdict["winner"] is None
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(tmp_path / "event.yaml", other)
    same = json.loads(run("pairings", other, "--seed", 4, "--json").stdout)
    assert [t["first"] for t in same["tables"]] == [yaml.safe_load((tmp_path / n).read_text())["players"]["north"] for n in names[1:]]
    assert same["not_paired"] == [] and all(t["points"] == [0, 0] for t in same["tables"])
    default = run("pairings", other)
    assert "--seed 0" in default.stdout


def test_a_round_s_files_are_written_all_or_none(event, mini, monkeypatch):
    folder, _ = event
    fill_done = folder / "round3-table2.yaml"
    open_round_3(folder, mini)
    fill_skeleton(fill_done, mini, rng(3))
    (folder / "round4-table2.yaml").write_text("# the judge's own\n")
    r = run("pairings", folder, "--logs", folder, "--slips", folder / "slips.pdf")
    assert r.exit_code == 2 and "round4-table2.yaml: exists already" in r.stderr
    assert sorted(p.name for p in folder.glob("round4-*")) == ["round4-table2.yaml"] and not (folder / "slips.pdf").exists()
    (folder / "round4-table2.yaml").unlink()

    import hi5pnp.event.roundfiles as roundfiles

    calls = []

    def failing(path, data):
        calls.append(path)
        if len(calls) == 2:
            raise roundfiles.OutputError(f"{path}: cannot be written: disk full")
        path.write_bytes(data)

    monkeypatch.setattr(roundfiles, "write_new", failing)
    r = run("pairings", folder, "--logs", folder)
    assert r.exit_code == 2 and "none of the round's files is left written" in r.stderr
    assert list(folder.glob("round4-*")) == []


def test_names_are_escaped_so_every_skeleton_reads_back(tmp_path):
    (tmp_path / "event.yaml").write_text('players: ["Ann\\x1b[31mSmith", "Bo \\"the\\" Li\\\\", "Cy\\u2028Park", "Dee\\x07Lowe"]\n')
    r = run("pairings", tmp_path, "--logs", tmp_path)
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.stdout and "Ann\\x1b[31mSmith" in r.stdout
    names = set()
    for p in tmp_path.glob("round1-table*.yaml"):
        doc = yaml.safe_load(p.read_text(encoding="utf-8"))
        names |= set(doc["players"].values())
        verdict = run("check", p)
        assert verdict.exit_code == 2 and "choose a side" in verdict.stderr and "not YAML" not in verdict.stderr
    assert names == {"Ann\x1b[31mSmith", 'Bo "the" Li\\', "Cy Park", "Dee\x07Lowe"}  # a line separator is a space between words


def test_a_game_the_judge_ruled_on_is_settled_and_its_pdf_shows_the_ruling(event, mini, tmp_path):
    folder, _ = event
    open_round_3(folder, mini)
    skeleton = folder / "round3-table2.yaml"
    ruling = folder / "round3-table2.ruling.yaml"
    before = {x["player"]: x["points"] for x in json.loads(run("standings", folder, "--json").stdout)["standings"]}
    # the table never played: the judge rules the game a draw, without a line of it
    ruling.write_text(f"ruling: hi5/1\nlog_sha256: {sha256(skeleton)}\njudge: Sam\nadjudicated: {{winner: draw, reason: time called}}\n")
    assert run("pairings", folder).exit_code == 0  # a forfeit, a game never written: settled without a line of the log
    got = json.loads(run("standings", folder, "--json").stdout)
    after = {x["player"]: x for x in got["standings"]}
    assert after["Bo Li"]["points"] == before["Bo Li"] + 1 and after["Dee Lowe"]["points"] == before["Dee Lowe"] + 1
    assert "round3-table2.yaml" not in {x["log"] for x in got["left_out"]}
    ruling.unlink()
    fill_skeleton(skeleton, mini, rng(3))
    lines = skeleton.read_text().splitlines()
    last = max(k for k, line in enumerate(lines) if line.strip().startswith("- ") and "course" not in line)
    ruling.write_text(f"ruling: hi5/1\nlog_sha256: {sha256(skeleton)}\njudge: Sam\ncorrections:\n  - {{line: {last + 1}, text: '-'}}\n")
    assert run("check", skeleton).exit_code == 1  # the last turn left out: the game is cut short, as ruled
    left = {x["log"]: x["why"] for x in json.loads(run("standings", folder, "--json").stdout)["left_out"]}
    assert left["round3-table2.yaml"].startswith("invalid: ")
    assert run("pairings", folder).exit_code == 0  # the judge has ruled: the round is closed
    pdf = tmp_path / "ruled.pdf"
    assert run("check", skeleton, "--pdf", pdf).exit_code == 1
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "(left out)" in text


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
def test_result_slips_four_to_a_page_on_either_paper(tmp_path, paper, size):
    from pypdf import PdfReader

    names = [f"Player {k:02d}" for k in range(18)] + ["Gustavo Adolfo Domínguez-Bécquer de la Fuente y Ortega"]
    (tmp_path / "event.yaml").write_text(f"event: Club night 12\nplayers: {json.dumps(names)}\n")
    out = tmp_path / "slips.pdf"
    r = run("pairings", tmp_path, "--slips", out, "--paper", paper)
    assert r.exit_code == 0, r.output
    pdf = PdfReader(out)
    assert len(pdf.pages) == 3  # 9 tables, four to a page
    assert [round(float(x)) for x in pdf.pages[0].mediabox[2:]] == list(size)
    text = "".join(page.extract_text() for page in pdf.pages)
    assert text.count("Result slip") == 9 and "Round 1 · Table 9" in text and "Moves first (north)" in text
    first = out.read_bytes()
    out.unlink()
    assert run("pairings", tmp_path, "--slips", out, "--paper", paper).exit_code == 0
    assert out.read_bytes() == first  # the same round, the same bytes
    assert list(tmp_path.glob("round1-*")) == []  # --slips alone writes no log
