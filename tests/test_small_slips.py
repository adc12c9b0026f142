"""The small slips a hobbyist and a designer found on the way, each held fixed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.data import bundled_deck
from hi5pnp.kit.sheets.alignment import _corners
from hi5pnp.kit.sheets.cardsheets import duplex_grid
from hi5pnp.render.cardsize import POKER
from hi5pnp.render.paper import Paper

pytestmark = pytest.mark.slow  # CI runs it with the stress tests: README's everyday run stays under a minute

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def run(*args: str):
    return CliRunner().invoke(main, [*args])


def _deck(tmp_path, old: str = "", new: str = "") -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(bundled_deck("default"), folder)
    if old:
        path = folder / "competitors.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_readme_gives_the_card_sheets_count_a_build_makes():
    said = re.search(r"cards, (\d+) to a landscape sheet \((\d+) × (\d+), A4 or Letter\)", README)
    assert said, "README's table no longer says how many cards go to a sheet"
    for paper in ("a4", "letter"):
        grid = duplex_grid(paper, POKER, 1.0, 16)
        assert (grid.per_page, grid.cols, grid.rows) == tuple(int(n) for n in said.groups())
        assert grid.paper.width > grid.paper.height


def test_the_alignment_pages_corner_checks_sit_in_the_corners_of_a_landscape_sheet():
    for paper in ("a4", "letter"):
        sheet = Paper.named(paper, True)
        W, H = sheet.width, sheet.height
        corners = _corners(W, H)
        assert sorted((x < W / 2, y < H / 2) for x, y, _ in corners) == sorted((a, b) for a in (True, False) for b in (True, False))
        for x, y, _ in corners:
            assert min(x, W - x) <= 40 and min(y, H - y) <= 40, (paper, x, y)


def test_images_tts_without_an_address_says_the_names_will_not_load(tmp_path):
    r = run("images", "--tts", "--dpi", "36", "--out", str(tmp_path / "img"))
    assert r.exit_code == 0, r.output
    assert "without --tts-url" in r.stderr and "will not load" in r.stderr
    given = run("images", "--tts", "--dpi", "36", "--tts-url", "https://example.org/hi5/", "--out", str(tmp_path / "img2"))
    assert given.exit_code == 0 and "will not load" not in given.stderr


def test_readmes_export_command_works_as_written(tmp_path, monkeypatch):
    command = re.search(r"`hi5pnp (export [^`]+)`", README)
    assert command
    monkeypatch.chdir(tmp_path)
    assert run("new", "mydeck").exit_code == 0
    r = run(*command.group(1).split())
    assert r.exit_code == 0, r.output
    assert run("validate", "mydeck-csv").exit_code == 0


def test_build_and_simulate_take_the_deck_as_an_argument_or_an_option(tmp_path):
    folder = _deck(tmp_path)
    for args in (["build", str(folder)], ["build", "--deck", str(folder)]):
        r = run(*args, "--out", str(tmp_path / "kit"), "--paper", "a4", "--only", "cards")
        assert r.exit_code == 0, r.output
    for args in (["simulate", str(folder)], ["simulate", "--deck", str(folder)]):
        r = run(*args, "--games", "4", "--json")
        assert r.exit_code in (0, 1) and '"games"' in r.stdout, r.output
    both = run("build", str(folder), "--deck", str(tmp_path / "other"))
    assert both.exit_code == 2 and "name the deck once" in both.output


def test_a_second_colon_on_a_line_is_told_with_a_hint_to_quote(tmp_path):
    folder = _deck(tmp_path, 'name: "Dash Dunmore"', "name: Dash: the Quick")
    r = run("validate", str(folder))
    assert r.exit_code == 1
    line = r.stderr.splitlines()[0]
    assert "competitors.yaml:14:" in line and "mapping values are not allowed" in line and "must be quoted" in line


def test_text_too_long_for_a_deck_does_not_claim_what_fits(tmp_path):
    folder = _deck(tmp_path, 'name: "Dash Dunmore"', 'name: "' + "Dash Dunmore the Magnificent " * 3 + '"')
    r = run("validate", str(folder))
    assert r.exit_code == 1 and "fit" in r.stderr
    assert "at most 60 fit" not in r.stderr and "over the 60" in r.stderr


def test_help_and_hints_name_the_docs_command_not_a_file_a_wheel_lacks():
    for command in ("stats", "export", "simulate", "tune", "build"):
        said = " ".join(run(command, "--help").output.split())
        assert "docs/" not in said and "hi5pnp docs" in said, command


def test_only_cards_help_says_which_sheets():
    r = run("build", "--help")
    assert "duplex and fold" not in r.output and "--method" in r.output


def test_build_lists_every_file_it_counts(tmp_path):
    r = run("build", "--out", str(tmp_path / "kit"), "--paper", "a4")
    assert r.exit_code == 0, r.output
    line = r.stdout.splitlines()[-1]
    count = int(re.match(r"wrote (\d+) files", line).group(1))
    listed = line.split(": ", 1)[1].split(", ")
    assert len(listed) == count and "manifest.json" in listed


def _csv_deck(tmp_path, *edits: tuple[str, str]) -> Path:
    folder = tmp_path / "csvdeck"
    assert run("export", "--csv", str(folder)).exit_code == 0
    path = folder / "competitors.csv"
    text = path.read_text(encoding="utf-8-sig")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return folder


def test_a_bad_csv_header_is_told_with_the_rows_own_faults(tmp_path):
    folder = _csv_deck(tmp_path, ("gem 2", "gme 2"), ("Pip Pocket", "Pocket, Pip"), ("\n2,b,", "\n2,x,"))
    r = run("validate", str(folder))
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert "unknown column 'gme 2'" in lines[0]
    assert any(":3:" in line and "needs quotes" in line for line in lines), lines
    assert any(":5:2:" in line and "side 'x' is not a face" in line for line in lines), lines


def test_an_unquoted_comma_is_told_first_and_alone(tmp_path):
    folder = _csv_deck(tmp_path, ("Pip Pocket", "Pocket, Pip"))  # face 1b, the card's second row
    r = run("validate", str(folder))
    assert r.exit_code == 1
    lines = [line for line in r.stderr.splitlines() if "competitors.csv" in line]
    assert len(lines) == 1 and ":3:" in lines[0] and "needs quotes" in lines[0], lines
