"""The printable verdict as a ruling both players and the judge sign: the
headline says what was ruled (VALID WITH 1 CORRECTION, the line as written
and as ruled side by side), every page names the game and says "page N of
M", references give the round and turn with the log line beside, the
SHA-256 of the log file ties the sheet to it, and a log that cannot be read
keeps the header fields that could be. And the position picture marks the
competitor and turn in dispute and shows each competitor's gems."""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import xml.etree.ElementTree as ET

import pypdf
import pytest
from conftest import GOLDEN
from test_checker_cli import run

from hi5pnp.judge.check import DeckCache, check_file
from hi5pnp.judge.printed.drawing import position_drawing, svg


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(GOLDEN / "mini", tmp_path / "mini")
    for name in ("dispute_assist.yaml", "dispute_short.yaml", "valid_ed1.yaml"):
        shutil.copy(GOLDEN / name, tmp_path / name)
    return tmp_path


def pages(pdf):
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def test_a_corrected_game_is_headlined_as_corrected_with_both_turns(folder):
    pdf = folder / "v.pdf"
    log = folder / "dispute_assist.yaml"
    r = run("check", log, "--try", 16, "1a assist 3a:chit 4a", "--try", 18, "2a", "--pdf", pdf)
    assert r.exit_code in (0, 1), r.output
    text = " ".join(pages(pdf))
    if r.exit_code == 0:
        assert "VALID WITH 2 CORRECTIONS" in text
    else:
        assert "INVALID (2 corrections tried)" in text
    assert "round 1, turn 1 16 1a assist 3a:chit 4a:chit 1a assist 3a:chit 4a" in text  # as written, as ruled
    assert hashlib.sha256(log.read_bytes()).hexdigest() in text


def test_a_relabelled_game_corrected_is_valid_with_one_correction(folder):
    log = folder / "g.yaml"
    log.write_text((folder / "valid_ed1.yaml").read_text().replace("edition: 1", "edition: 2"))
    line = log.read_text().splitlines().index("edition: 2") + 1
    pdf = folder / "v.pdf"
    assert run("check", log, "--pdf", pdf).exit_code == 1
    assert "valid under edition 1" in " ".join(pages(pdf))
    assert run("check", log, "--try", line, "edition: 1", "--pdf", pdf).exit_code == 0
    text = " ".join(pages(pdf))
    assert "VALID WITH 1 CORRECTION:" in text
    assert f"the edition {line} edition: 2 edition: 1" in text


def test_every_page_names_the_game_and_counts_the_pages(folder):
    pdf = folder / "v.pdf"
    run("check", folder / "dispute_short.yaml", "--pdf", pdf)
    got = pages(pdf)
    assert len(got) >= 2
    for n, text in enumerate(got, 1):
        assert "Verdict · north Ann v south Sam" in text and f"page {n} of {len(got)}" in text


def test_references_give_round_and_turn_with_the_log_line(folder):
    pdf = folder / "v.pdf"
    run("check", folder / "dispute_assist.yaml", "--pdf", pdf)
    text = " ".join(pages(pdf))
    assert "INVALID: round 1, turn 1 (log line 16):" in text
    assert not re.search(r"INVALID: line \d", text)


def test_both_players_and_the_judge_sign(folder):
    pdf = folder / "v.pdf"
    log = folder / "dispute_short.yaml"
    log.write_text(log.read_text().replace("players:", "judge: Kim\nplayers:", 1))
    run("check", log, "--pdf", pdf)
    text = " ".join(pages(pdf))
    assert re.search(r"North Ann Signature _+ Date _+ South Sam Signature _+ Date _+ Judge Kim Signature _+", text)


def test_an_unreadable_log_keeps_its_header(folder):
    log = folder / "g.yaml"
    head = 'log: hi5/1\nreslut: 1\nevent: "Club night"\ntable: 7\nplayers: {north: Ann, south: Sam}'
    log.write_text((folder / "valid_ed1.yaml").read_text().replace("log: hi5/1", head))
    pdf = folder / "v.pdf"
    assert run("check", log, "--pdf", pdf).exit_code == 2
    got = pages(pdf)[0]
    assert "CANNOT BE READ" in got and "Club night · north Ann, south Sam" in got and "table 7" in got
    assert "Verdict · Club night · north Ann v south Sam · table 7" in got


def words(drawing):
    return {(t.text or "").strip() for t in ET.fromstring(svg(drawing)).iter() if t.tag.endswith("text")}


def test_the_picture_marks_the_dispute_and_shows_gems(folder):
    v = check_file(folder / "dispute_assist.yaml", DeckCache())
    stop = v.stopped
    plain = position_drawing(stop.position, v.log.players)
    marked = position_drawing(stop.position, v.log.players, highlight="1a", turn=f"{stop.where}: {stop.turn}")
    assert "in dispute" in words(marked) and "in dispute" not in words(plain)
    assert "in dispute: round 1, turn 1: 1a assist 3a:chit 4a:chit" in words(marked)
    state = stop.position
    course = 3 * len(state.course)  # two position markers and a colour disc per obstacle card
    assert svg(plain).count(b"<circle") >= course + 3 * len(state.faces)  # and three gems per competitor


def test_no_text_of_the_picture_runs_past_its_cell(deck):
    from conftest import new_state

    state = new_state(deck)
    for face in state.faces:
        state.arrange(face, position=12, ready=face == state.faces[-1], chits=2)
    drawing = position_drawing(state, {"north": "A" * 80, "south": "B"}, highlight="1a", turn="round 1, turn 9: " + "1a assist " * 30)
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hi5pnp.render.units import pt

    def strings(g, dx=0.0):
        for item in getattr(g, "contents", []):
            if isinstance(item, String):
                yield item, dx
            else:
                yield from strings(item, dx + (item.transform[4] if hasattr(item, "transform") else 0))

    for s, dx in strings(drawing):
        w = stringWidth(s.text, s.fontName, s.fontSize)
        left = s.x + dx - (w if s.textAnchor == "end" else w / 2 if s.textAnchor == "middle" else 0)
        assert left + w <= drawing.width + 0.5, s.text
    for s, _ in strings(drawing):
        if s.text.startswith(("at 12", "finished")):
            assert stringWidth(s.text, s.fontName, s.fontSize) <= pt(180 / 5 - 2) + 0.5, s.text


def test_a_log_that_is_not_yaml_keeps_the_header_lines_it_can_read(tmp_path):
    log = tmp_path / "g.yaml"
    log.write_text('log: hi5/1\nevent: "Club night"\ntable: 5\nplayers: {north: Ann, south: Sam}\nteams: [a, b\n')
    pdf = tmp_path / "v.pdf"
    assert run("check", log, "--pdf", pdf).exit_code == 2
    got = pages(pdf)[0]
    assert "CANNOT BE READ" in got and "not valid YAML" in got
    assert "Verdict · Club night · north Ann v south Sam · table 5" in got


def test_written_is_always_the_file_s_value(folder):
    shutil.copy(GOLDEN / "valid_ed2.yaml", folder / "g.yaml")
    log, pdf = folder / "g.yaml", folder / "v.pdf"
    lines = log.read_text().splitlines()
    points = next(n for n, x in enumerate(lines, 1) if x.strip().startswith("points: {north: 4"))
    finish = next(n for n, x in enumerate(lines, 1) if x.strip().startswith("finish: [4a"))
    assert run("check", log, "--try", points, "points: {north: 5, south: 2}", "--try", finish, "-", "--pdf", pdf).exit_code == 1
    table = " ".join(pages(pdf)).split("Written and computed")[1]
    assert f"{points} round 1, north's points 4; as ruled: 5 4 (differs)" in table
    assert f"{finish} round 2, finish 4a 1a 3a; as ruled: — 4a 1a 3a" in table  # a line left out: the file's value and line
    assert f"{points} round 1, south's points 2 2 (agrees)" in table  # unchanged by the correction: the value alone
