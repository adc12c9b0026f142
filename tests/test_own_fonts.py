"""Fonts of one's own: a templates folder's fonts/ named by a layout's
``fonts:``, embedded subset; text the font cannot draw is a fault at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import reportlab
from click.testing import CliRunner
from deckfix import line_of

from hi5pnp.cli import main
from hi5pnp.data import template_folder

VERA_BOLD_ITALIC = Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf"  # free (Bitstream Vera licence)
RUNNER = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><!-- "Runner" by a test --><path d="M10 90 L50 10 L90 90z"/></svg>'


@pytest.fixture
def own_templates(tmp_path: Path) -> Path:
    """The bundled templates, the card's name set in a font of the folder's own."""
    folder = tmp_path / "looks"
    shutil.copytree(template_folder(), folder)
    (folder / "fonts").mkdir()
    shutil.copy(VERA_BOLD_ITALIC, folder / "fonts" / "Display.ttf")
    card = folder / "competitor.yaml.j2"
    text = card.read_text(encoding="utf-8")
    text = text.replace("safe: {{ card.safe }}\n", "fonts: {display: Display.ttf}\nsafe: {{ card.safe }}\n", 1)
    text = text.replace("text: {{ face.name }}, font: bold,", "text: {{ face.name }}, font: display,", 1)
    card.write_text(text, encoding="utf-8")
    return folder


def test_a_deck_with_its_own_font_and_icons_builds_and_embeds_the_font_subset(own_templates, deck_copy, tmp_path):
    deck = deck_copy("game.yaml", "  speed: bolt", "  speed: icons/runner.svg")
    (deck / "icons").mkdir()
    (deck / "icons" / "runner.svg").write_bytes(RUNNER)
    out = tmp_path / "kit"
    result = CliRunner().invoke(main, ["build", "--deck", str(deck), "--templates", str(own_templates), "--out", str(out), "--paper", "a4", "--only", "cards"])
    assert result.exit_code == 0, result.output
    pdf = (out / "cards-duplex-a4.pdf").read_bytes()
    assert b"BoldOblique" in pdf  # Vera Bold Italic's own name, embedded
    assert b"/FontFile2" in pdf and pdf.count(b"+BitstreamVeraSans-BoldOblique") >= 1  # a subset (its name has the 6-letter tag)
    assert len(pdf) < 2 * (VERA_BOLD_ITALIC.stat().st_size + 400_000)  # the whole font is not carried


@pytest.mark.slow
def test_a_name_the_own_font_cannot_draw_is_a_fault_at_its_deck_line(own_templates, deck_copy):
    deck = deck_copy("competitors.yaml", '    name: "Dash Dunmore"', '    name: "Dash Dunmore ☃"')
    result = CliRunner().invoke(main, ["validate", str(deck), "--templates", str(own_templates)])
    assert result.exit_code == 1, result.output
    line = line_of(deck / "competitors.yaml", "Dash Dunmore ☃")
    assert f"competitors.yaml:{line}:" in result.output and "cannot draw: ☃" in result.output


@pytest.mark.slow
@pytest.mark.parametrize(
    ("font", "data", "words"), [("Display.ttf", b"not a font at all" * 20, "is not a TrueType font"), ("Other.ttf", None, "file not found")]
)
def test_a_font_that_cannot_be_used_is_a_fault_naming_the_file(own_templates, font, data, words):
    if data is not None:
        (own_templates / "fonts" / font).write_bytes(data)
    else:
        card = own_templates / "competitor.yaml.j2"
        card.write_text(card.read_text(encoding="utf-8").replace("Display.ttf", font), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--templates", str(own_templates)])
    assert result.exit_code == 1, result.output
    assert f"fonts/{font}" in result.output and words in result.output


def test_the_fonts_are_part_of_the_templates_fingerprint(own_templates):
    from hi5pnp.render.template import Templates

    before = Templates(own_templates).fingerprint()
    (own_templates / "fonts" / "Display.ttf").write_bytes(VERA_BOLD_ITALIC.read_bytes()[:-4] + b"\0\0\0\1")
    assert Templates(own_templates).fingerprint() != before
