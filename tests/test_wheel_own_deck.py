"""From the wheel alone: a deck with its own templates folder, a font of
its own in it and an SVG icon of its own builds with no flag, the font
embedded as a subset and the icon credited, as from the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
import reportlab

pytestmark = pytest.mark.slow  # builds the wheel: CI runs it with the stress tests

ROOT = Path(__file__).resolve().parents[1]
VERA_BOLD_ITALIC = Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf"  # free (Bitstream Vera licence)
RUNNER = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><!-- "Runner" by a designer --><path d="M10 90 L50 10 L90 90z"/></svg>'


@pytest.fixture(scope="module")
def wheel_hi5(tmp_path_factory):
    """hi5pnp as the wheel installs it (the libraries it needs from this
    environment): a function running its command line in a folder outside the repository."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work / "dist"), str(ROOT)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (work / "dist").glob("hi5pnp-*.whl")
    put = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(work / "lib"), str(wheel)], capture_output=True, text=True
    )
    assert put.returncode == 0, put.stderr
    env = {**os.environ, "PYTHONPATH": str(work / "lib")}
    table = work / "table"
    table.mkdir()

    def hi5(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hi5pnp", *args], cwd=table, env=env, capture_output=True, text=True)

    where = subprocess.run([sys.executable, "-c", "import hi5pnp; print(hi5pnp.__file__)"], cwd=table, env=env, capture_output=True, text=True)
    assert Path(where.stdout.strip()).is_relative_to(work / "lib"), where  # the wheel's copy, not the repository's
    hi5.table = table  # type: ignore[attr-defined]
    return hi5


def test_a_deck_with_its_own_templates_font_and_icon_builds_from_the_wheel_with_no_flag(wheel_hi5):
    table: Path = wheel_hi5.table
    made = wheel_hi5("new", "--templates", "mydeck")
    assert made.returncode == 0, made.stderr
    deck = table / "mydeck"
    (deck / "templates" / "fonts").mkdir()
    shutil.copy(VERA_BOLD_ITALIC, deck / "templates" / "fonts" / "Display.ttf")
    card = deck / "templates" / "competitor.yaml.j2"
    text = card.read_text(encoding="utf-8")
    assert "safe: {{ card.safe }}\n" in text and "text: {{ face.name }}, font: bold," in text
    text = text.replace("safe: {{ card.safe }}\n", "fonts: {display: Display.ttf}\nsafe: {{ card.safe }}\n", 1)
    card.write_text(text.replace("text: {{ face.name }}, font: bold,", "text: {{ face.name }}, font: display,", 1), encoding="utf-8")
    (deck / "icons").mkdir()
    (deck / "icons" / "runner.svg").write_bytes(RUNNER)
    game = (deck / "game.yaml").read_text(encoding="utf-8")
    assert "  speed: bolt\n" in game
    (deck / "game.yaml").write_text(game.replace("  speed: bolt\n", "  speed: icons/runner.svg\n"), encoding="utf-8")

    checked = wheel_hi5("validate", "mydeck")
    assert checked.returncode == 0, checked.stderr
    built = wheel_hi5("build", "mydeck", "--out", "kit", "--paper", "a4")
    assert built.returncode == 0, built.stderr
    assert "the deck's own" in built.stdout.splitlines()[0] and "templates" in built.stdout.splitlines()[0], built.stdout
    cards = (table / "kit" / "cards-duplex-a4.pdf").read_bytes()
    assert b"/FontFile2" in cards and b"+BitstreamVeraSans-BoldOblique" in cards  # the deck's font, embedded as a subset
    rulebook = "".join(page.extract_text() for page in pypdf.PdfReader(table / "kit" / "rulebook-a4.pdf").pages)
    assert "Runner" in rulebook and "designer" in rulebook  # the deck's own icon, credited as its file says
