"""``hi5pnp build`` and ``hi5pnp validate`` from the command line: bad input
gets one clear message and a non-zero exit, and the previous kit is untouched."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import hi5 as run  # in this process: a process of its own only where the test is about one
from deckfix import CARDS


def process(*args: str) -> subprocess.CompletedProcess:
    """``python -m hi5pnp``: the command as a process of its own."""
    return subprocess.run([sys.executable, "-m", "hi5pnp", *args], capture_output=True, text=True)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}  # the German kit in de/ too


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = run("build", "--paper", "a4", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


def test_build_writes_the_kit(built):
    names = {p.name for p in built.iterdir()}
    assert {"cards-duplex-a4.pdf", "cards-fold-a4.pdf", "duplex-alignment-a4.pdf", "scorecards-a4.pdf", "tokens-a4.pdf", "manifest.json"} <= names
    assert not [n for n in names if n.startswith(".")]  # no temporary files left


def test_broken_deck_leaves_the_previous_kit(built, deck_copy):
    before = _snapshot(built)
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, purple, blue]")
    result = run("build", "--paper", "a4", "--deck", str(folder), "--out", str(built))
    assert result.returncode == 1
    assert "competitors.yaml:" in result.stderr and "gem colour 'purple'" in result.stderr
    assert "Traceback" not in result.stderr
    assert _snapshot(built) == before


@pytest.mark.slow
def test_card_too_big_for_the_paper(built):
    before = _snapshot(built)
    result = run("build", "--paper", "a4", "--card-size", "199x200mm", "--out", str(built))
    assert result.returncode == 1
    assert "a card of 199 × 200 mm with 1 mm bleed does not fit on A4 paper (210 × 297 mm)" in result.stderr
    assert _snapshot(built) == before


@pytest.mark.slow
def test_unwritable_out_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("build", "--paper", "a4", "--out", str(blocker / "kit"))
    assert result.returncode == 2
    assert "cannot write the kit here" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "flag,value,message",
    [
        ("--card-size", "huge", "'huge' is not a size"),
        ("--bleed", "9", "9 mm: it must be 0–5 mm"),
        ("--back-offset", "1", "is not an offset"),
        ("--paper", "a3", "'a3' is not one of"),
    ],
)
def test_bad_flags(flag, value, message, tmp_path):
    result = run("build", flag, value, "--out", str(tmp_path))
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow  # the bundled deck's validate runs every day in test_validate.py; this is the installed command's
def test_validate_clean_in_a_process_of_its_own():
    assert run("validate").returncode == 0
    assert "deck is valid" in run("validate", str(CARDS)).stdout


def test_validate_faulty(deck_copy):
    deck_copy("obstacles.yaml", "color: red, trait: speed", "color: pink, trait: speed")
    folder = deck_copy("game.yaml", "  rounds: 3", "  rounds: three")
    result = run("validate", "--deck", str(folder))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2
    assert all(":" in line.split(" ")[0] for line in lines)  # path:line:column: message
    assert "Traceback" not in result.stderr


def test_validate_broken_yaml_and_missing_folder(deck_copy, tmp_path):
    folder = deck_copy("game.yaml", "colors:", "colors: [")
    result = run("validate", str(folder))
    assert result.returncode == 1 and "game.yaml:" in result.stderr and "not valid YAML" in result.stderr
    result = run("validate", str(tmp_path / "nothing"))
    assert result.returncode == 2 and "deck folder not found" in result.stderr


def test_python_dash_m_and_console_script_agree():
    import shutil

    script = shutil.which("hi5pnp")
    assert script, "the console script is installed by pip install -e ."
    via_script = subprocess.run([script, "--help"], capture_output=True, text=True)
    via_module = process("--help")
    assert via_script.returncode == via_module.returncode == 0
    assert via_script.stdout == via_module.stdout
    for command in ("build", "validate", "check", "replay", "deal"):
        assert f"  {command} " in via_module.stdout


def test_a_missing_deck_is_exit_2_in_every_command(tmp_path):
    missing = str(tmp_path / "nowhere")
    for args in (("validate", missing), ("build", "--deck", missing, "--out", str(tmp_path / "o")), ("deal", "--deck", missing)):
        result = run(*args)
        assert result.returncode == 2, args
        assert "deck folder not found" in result.stderr and "Traceback" not in result.stderr
        assert result.stdout == ""


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_out_defaults_to_output_in_the_current_folder(tmp_path):
    result = run("build", "--paper", "a4", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "output" / "kit-a4.pdf").exists()
    assert "to output/" in result.stdout


def test_version_names_the_pdf_libraries():
    from importlib.metadata import version

    out = run("--version").stdout
    assert f"hi5pnp {version('hi5pnp')}" in out
    assert f"reportlab {version('reportlab')}" in out and f"pypdf {version('pypdf')}" in out


@pytest.mark.slow
def test_one_process_builds_the_same_kit(built, tmp_path):
    """--jobs 1 makes every paper size in this process; the default makes the
    second in a worker. The bytes are the same."""
    result = run("build", "--paper", "both", "--jobs", "1", "--out", str(tmp_path / "one"))
    assert result.returncode == 0, result.stderr
    result = run("build", "--paper", "both", "--jobs", "2", "--out", str(tmp_path / "two"))
    assert result.returncode == 0, result.stderr
    assert _snapshot(tmp_path / "one") == _snapshot(tmp_path / "two")


@pytest.mark.slow
def test_a_template_error_in_a_worker_comes_back_whole(tmp_path):
    """A fault found while a worker makes the Letter files reaches the user as
    it would from this process: file, line, message, exit 2."""
    import shutil

    from hi5pnp.data import template_folder

    folder = tmp_path / "templates"
    shutil.copytree(template_folder(), folder)
    path = folder / "tokens.yaml.j2"
    # only the Letter sheet (215.9 mm wide) names a field that does not exist
    text = path.read_text()
    title = "format(title=deck.full_title)"
    assert title in text
    path.write_text(text.replace(title, "format(title=deck.titel if page.w > 215 else deck.full_title)"))
    for jobs in ("1", "2"):
        result = run("build", "--jobs", jobs, "--templates", str(folder), "--out", str(tmp_path / "kit"))
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert "tokens.yaml.j2:" in result.stderr and "titel" in result.stderr


@pytest.mark.slow
def test_a_faulty_deck_is_exit_1_where_the_deck_is_the_input(deck_copy, tmp_path):
    """validate, build and deal read the deck they are given: its faults are
    the answer (1). check reads a log, whose deck cannot be read (2)."""
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, purple, blue]")
    for args in (("validate", str(folder)), ("build", "--deck", str(folder), "--out", str(tmp_path / "o")), ("deal", "--deck", str(folder))):
        result = run(*args)
        assert result.returncode == 1, args
        assert "gem colour 'purple'" in result.stderr and result.stdout == ""
    (tmp_path / "game.yaml").write_text("log: hi5/1\ndeck: deck\nteams: {north: [1a], south: [2a]}\nfirst: north\nrounds: []\n")
    assert folder == tmp_path / "deck"  # beside the log
    result = run("check", str(tmp_path / "game.yaml"))
    assert result.returncode == 2 and "the deck cannot be read" in result.stderr


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_build_shows_the_design_warnings_validate_gives(deck_copy, tmp_path):
    """A deck declaring a colour nothing uses builds, and says so at the line, as validate does."""
    deck_copy("game.yaml", '  gold: "#E0A100"\n', '  gold: "#E0A100"\n  black: "#222222"\n')
    folder = deck_copy("game.yaml", "  gold: star\n", "  gold: star\n  black: circle\n")
    built = run("build", "--deck", str(folder), "--out", str(tmp_path / "kit"), "--paper", "a4", "--jobs", "1")
    checked = run("validate", "--deck", str(folder))
    assert built.returncode == 0 and checked.returncode == 0, built.stderr + checked.stderr
    warning = next(line for line in checked.stderr.splitlines() if "no gem or obstacle is black" in line)
    assert "game.yaml:20:10: warning:" in warning
    assert warning in built.stderr.splitlines()
    assert built.stdout.startswith("templates: the bundled ones\nwrote ") and ".pdf" in built.stdout


@pytest.mark.slow
def test_without_lang_a_build_makes_english_and_each_language_the_deck_has_whole(deck_copy, tmp_path):
    folder = deck_copy.folder
    r = run("build", "--deck", str(folder), "--only", "cards", "--paper", "a4", "--out", str(tmp_path / "both"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "both" / "cards-duplex-a4.pdf").is_file() and (tmp_path / "both" / "de" / "cards-duplex-a4.pdf").is_file()
    # a face's German name gone: the German kit is left out with a note, and English is built
    german = folder / "translations" / "de.yaml"
    german.write_text(german.read_text(encoding="utf-8").replace('  1a: "Dash Dauerlauf"\n', ""), encoding="utf-8")
    r = run("build", "--deck", str(folder), "--only", "cards", "--paper", "a4", "--out", str(tmp_path / "one"))
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == ["cards-duplex-a4.pdf", "manifest.json"]
    assert "de.yaml: 1 fault or missing text: no German (de) kit built; --lang de names them" in r.stderr
    r = run("build", "--deck", str(folder), "--lang", "de", "--only", "cards", "--paper", "a4", "--out", str(tmp_path / "de"))
    assert r.returncode == 1 and "1a" in r.stderr  # asked for, the missing name is a fault at its line
