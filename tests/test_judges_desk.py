"""The judge's desk, pinned by golden files: what a judge sees for three
disputes (a wrong score, an illegal assist, a round cut short), a position
shown with ``replay --until``, a correction tried with ``check --try``, and
the printable verdict of ``check --pdf`` (its text).

The expected outputs are in tests/golden/expected/. After a deliberate
change, write them anew with ``HI5PNP_GOLDEN=write pytest tests/test_judges_desk.py``
and read the difference before committing it.
"""

from __future__ import annotations

import io
import json
import os
import xml.etree.ElementTree as ET

import pypdf
import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main

EXPECTED = GOLDEN / "expected"


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout


def golden(name: str, text: str) -> None:
    path = EXPECTED / name
    if os.environ.get("HI5PNP_GOLDEN") == "write":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.fixture(autouse=True)
def in_golden(monkeypatch):
    monkeypatch.chdir(GOLDEN)  # paths in the output are as a judge types them


@pytest.mark.parametrize("dispute", ["dispute_score", "dispute_assist", "dispute_short"])
def test_what_a_judge_sees(dispute):
    code, text = run("check", f"{dispute}.yaml")
    assert code == 1
    golden(f"{dispute}.txt", text)


def test_a_wrong_score_lists_every_written_value_and_gives_the_result():
    obj = json.loads(run("check", "--json", "dispute_score.yaml")[1])
    assert obj["error"]["kind"] == "record" and obj["complete"] is True
    assert obj["records"] == [
        {"line": 39, "field": "rounds[2].points.north", "recorded": 3, "computed": 2},
        {"line": 42, "field": "result.score.north", "recorded": 11, "computed": 10},
        {"line": 43, "field": "result.winner", "recorded": "north", "computed": "draw"},
    ]
    assert obj["winner"] == "draw"  # the computed result, not the written one
    text = run("check", "dispute_score.yaml")[1]
    assert "round 2, north's points: written 3, computed 2" in text
    assert "result (computed from the turns; the written values above differ): north 10, south 10; winner: draw" in text


@pytest.mark.parametrize("dispute", ["dispute_assist", "dispute_short"])
def test_a_game_that_is_not_complete_has_a_position_not_a_winner(dispute):
    obj = json.loads(run("check", "--json", f"{dispute}.yaml")[1])
    assert obj["complete"] is False and obj["records"] == []
    text = run("check", f"{dispute}.yaml")[1]
    assert "winner" not in text and "no result: the game is not complete" in text


def test_the_cause_within_the_turn_is_named():
    obj = json.loads(run("check", "--json", "dispute_assist.yaml")[1])
    assert obj["error"]["message"] == (
        "1a already holds 1 chit, the limit: the chit for 3a, written earlier in this turn, filled its card; no chit for 4a (R-6)"
    )


def test_a_wrong_opener_in_round_two_cites_the_token_passing_once():
    code, text = run("check", "valid_ed2.yaml", "--try", 31, "1a assist 4a:t2")
    assert code == 1
    assert "south holds the first-player token and opens round 2: it passed once, to south, when round 1 ended (R-12)" in text


def test_replay_until_a_line_shows_the_position():
    code, text = run("replay", "valid_ed2.yaml", "--until", 33)
    assert code == 0
    golden("replay_until.txt", text)
    assert "line 32:" in text and "line 33:" not in text  # the turns before the line, not the line itself


def test_try_a_corrected_turn():
    code, text = run("check", "dispute_assist.yaml", "--try", 16, "1a assist 3a:chit 4a")
    golden("try.txt", text)
    assert text.startswith("trying line 16 as '1a assist 3a:chit 4a' (legal here); the file is not changed\n")
    assert code == 1 and "dispute_assist.yaml:18: invalid (rules)" in text  # the later turns no longer fit
    # the next correction is suggested with the first one kept
    assert """hi5pnp check dispute_assist.yaml --try 16 '1a assist 3a:chit 4a' --try 18 "TURN\"""" in text
    # the legal turns a verdict lists are accepted as written
    turns = [line.strip() for line in run("check", "dispute_assist.yaml")[1].splitlines() if line.startswith("    1a")]
    assert turns
    for turn in turns:
        assert "1a already holds" not in run("check", "dispute_assist.yaml", "--try", 16, turn)[1]


def test_try_several_lines_and_a_turn_that_could_not_be_read():
    code, text = run("check", "read_notation.yaml", "--try", 13, "1a assist 3a:chit 2a")
    assert code == 0 and "read_notation.yaml: valid" in text  # a typo fixed without editing the file
    # two turns tried in other words that play the same: each correction legal, the game still valid
    code, text = run("check", "valid_ed2.yaml", "--try", 18, "1a assist 2a 3a:chit", "--try", 19, "4a bypass 0")
    assert code == 0 and text.count("(legal here)") == 2
    obj = json.loads(run("check", "--json", "valid_ed2.yaml", "--try", 18, "1a assist 2a 3a:chit", "--try", 19, "4a bypass 0")[1])
    assert obj["valid"] and obj["tried"] == [{"line": 18, "turn": "1a assist 2a 3a:chit"}, {"line": 19, "turn": "4a bypass 0"}]


def test_the_printable_verdict(tmp_path):
    pdf = tmp_path / "verdict.pdf"
    code, _ = run("check", "dispute_short.yaml", "--pdf", pdf)
    assert code == 1
    data = pdf.read_bytes()
    run("check", "dispute_short.yaml", "--pdf", tmp_path / "again.pdf")
    assert (tmp_path / "again.pdf").read_bytes() == data  # the same verdict, the same bytes
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    golden("verdict_short.txt", text + "\n")
    assert len(reader.pages) <= 2 and reader.metadata.title == "Verdict: dispute_short.yaml"
    assert "No result" in text and "Signature" in text


def test_position_pictures(tmp_path):
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    code, _ = run("replay", "dispute_assist.yaml", "--svg", svg, "--png", png)
    assert code == 1
    root = ET.fromstring(svg.read_bytes())
    words = {t.text for t in root.iter() if t.tag.endswith("text")}
    assert {"1a", "3a", "4a", "1a Ada", "NORTH side"} <= {w.strip() for w in words if w}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run("replay", "dispute_assist.yaml", "--png", tmp_path / "q.png")
    assert (tmp_path / "q.png").read_bytes() == png.read_bytes()
