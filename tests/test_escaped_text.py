"""What a log or a file name says reaches a terminal, an SVG and a PDF as
text, never as control: one helper (``errors.printable``) shows control
characters and reordering marks as ``\\x1b``, ``\\u202e``."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pypdf
import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main

ESC = "\x1b"
HOSTILE = {"north": "An\\x1b]0;owned\\x07n <b>&amp;", "south": "Sam\\u202e\\x00"}


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def hostile_log(tmp_path):
    """An illegal game whose players, event and notes hold escape sequences."""
    text = (GOLDEN / "dispute_assist.yaml").read_text()
    names = ", ".join(f'{seat}: "{name}"' for seat, name in HOSTILE.items())
    text = re.sub(r"^players: .*$", lambda m: f"players: {{{names}}}", text, count=1, flags=re.M)
    text = text.replace("log: hi5/1", 'log: hi5/1\nevent: "Club\\x1b[31m night"\nnotes: "\\x1b[2J"', 1)
    (tmp_path / "mini").symlink_to(GOLDEN / "mini", target_is_directory=True)
    path = tmp_path / "game.yaml"
    path.write_text(text)
    return path


def test_the_text_verdict_shows_control_characters(hostile_log):
    code, out, _ = run("check", hostile_log, "--deck", GOLDEN / "mini")
    assert code == 1 and ESC not in out and "\u202e" not in out
    assert "An\\x1b]0;owned\\x07n" in out and "Club\\x1b[31m night" in out


def test_the_svg_of_a_hostile_log_is_well_formed_xml(hostile_log, tmp_path):
    svg = tmp_path / "p.svg"
    run("replay", hostile_log, "--deck", GOLDEN / "mini", "--svg", svg)
    root = ET.fromstring(svg.read_bytes())  # raises on a control character
    words = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    assert "An\\x1b]0;owned\\x07n" in words


def test_the_printable_verdict_shows_control_characters(hostile_log, tmp_path):
    pdf = tmp_path / "v.pdf"
    run("check", hostile_log, "--deck", GOLDEN / "mini", "--pdf", pdf)
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "An\\x1b]0;owned\\x07n" in text and "\\x1b[2J" in text
    assert ESC not in text and "\x00" not in text


def test_a_batch_summary_escapes_the_names_of_unreadable_logs(tmp_path):
    bad = tmp_path / "bad\x1b]0;owned\x07.yaml"
    bad.write_text("log: [\n")
    (tmp_path / "also.yaml").write_text("log: [\n")
    code, out, err = run("check", tmp_path)
    assert code == 2
    assert ESC not in out + err and "\x07" not in out + err
    assert "bad\\x1b]0;owned\\x07.yaml" in out


def test_code_points_xml_cannot_hold_are_shown_too(hostile_log, tmp_path):
    text = hostile_log.read_text().replace("Sam\\u202e\\x00", "Sam\\uFFFE\\uFFFF")
    hostile_log.write_text(text)
    svg = tmp_path / "p.svg"
    run("replay", hostile_log, "--deck", GOLDEN / "mini", "--svg", svg)
    words = " ".join(t.text or "" for t in ET.fromstring(svg.read_bytes()).iter() if t.tag.endswith("text"))
    assert "Sam\\ufffe\\uffff" in words
