"""The command line's own holes (issue 30): each input a hostile review found
a traceback or an unclear message for now gets a fault at its line, or exit
status 2 with one line; names a spreadsheet would run are written so none
does; control characters never reach a terminal; faults are capped."""

from __future__ import annotations

import csv
import io
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import GOLDEN

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.deck.spreadsheet.export import as_csv, export_csv, obstacle_rows
from hi5pnp.errors import DeckError
from hi5pnp.textsafe import FORMULA_STARTS, cell, csv_text, uncell

ROOT = Path(__file__).resolve().parent.parent
FORMULAS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(A1)", "-2+3", "=1+1"]
QUOTED = ["'=1+1", "'Tis", "''x", "'", "'@"]


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


def one_line(code: int, out: str, err: str) -> str:
    """The one line of standard error of a command that could not run."""
    assert code == 2, (code, out, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def csv_deck(tmp_path) -> Path:
    folder = tmp_path / "deck"
    export_csv(load_deck(), folder)
    return folder


def faults(folder: Path) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    return [str(f) for f in caught.value.faults]


def cells_of(path: Path) -> list[str]:
    return [c for row in csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))) for c in row]


# CSV cells no spreadsheet runs, read back exactly ----------------------------------------------------


@pytest.mark.parametrize("text", ["", "plain", "Zoë", *FORMULAS, *QUOTED, "\tx", "\rx", "-"])
def test_a_cell_is_never_a_formula_and_reads_back_as_its_text(text):
    assert not cell(text).startswith(FORMULA_STARTS)
    assert uncell(cell(text)) == text


def test_a_hand_written_quote_stays_unless_it_guards_a_formula():
    assert uncell("'Tis") == "'Tis" and uncell("'=1+1") == "=1+1" and uncell("''=1") == "'=1"


def test_export_writes_formula_names_after_a_quote_and_reads_them_back_exactly(tmp_path):
    shutil.copytree(ROOT / "cards", tmp_path / "y")
    path = tmp_path / "y" / "obstacles.yaml"
    names = [*FORMULAS, *QUOTED]
    text = path.read_text(encoding="utf-8")
    for k, old in enumerate(
        ["Mud Pit", "Rope Bridge", "Boulder Run", "Riddle Gate", "Rolling Logs", "Tar Wall", "Balance Beam", "Hedge Maze", "Puzzle Lanterns", "Greased Slide"]
    ):
        text = text.replace(f'"{old}"', '"' + names[k].replace("\\", "\\\\").replace('"', '\\"') + '"', 1)
    path.write_text(text, encoding="utf-8")
    yaml_deck = load_deck(tmp_path / "y")
    code, _, err = run("export", "--deck", tmp_path / "y", "--csv", tmp_path / "c")
    assert code == 0, err
    written = cells_of(tmp_path / "c" / "obstacles.csv")
    assert not [c for c in written if c.startswith(FORMULA_STARTS)]
    assert "'=1+1" in written and "''=1+1" in written and "'Tis" in written
    csv_deck = load_deck(tmp_path / "c")
    assert [o.name for o in csv_deck.obstacle_faces()] == [o.name for o in yaml_deck.obstacle_faces()]
    assert csv_deck.fingerprint == yaml_deck.fingerprint


def test_a_tuned_value_is_written_as_export_writes_it(csv_deck):
    from hi5pnp.deck.design.edit import ValueEdit, apply_edit

    deck = load_deck(csv_deck)
    face = deck.obstacle_faces()[0]
    index = [o.card for o in deck.obstacle_faces()].index(face.card) // 2
    apply_edit(deck, ValueEdit("obstacles.yaml", (index, face.side, "name"), face.name, "=1+1"))
    assert "'=1+1" in cells_of(csv_deck / "obstacles.csv")
    assert load_deck(csv_deck).obstacle_faces()[0].name == "=1+1"


@pytest.mark.slow
def test_validate_warns_of_names_a_spreadsheet_would_run(csv_deck):
    rows = obstacle_rows(load_deck(csv_deck))
    rows[1][2] = "=1+1"
    (csv_deck / "obstacles.csv").write_bytes(as_csv(rows))
    code, out, err = run("validate", "--deck", csv_deck, "--strict", "--lang", "en")  # a warning: exit 0, or 1 with --strict
    assert code == 1
    assert "obstacles.csv:2:3: warning: 1a's name '=1+1' begins as a spreadsheet formula does ('=')" in out + err


def test_standings_csv_writes_no_formula_and_no_control(tmp_path):
    shutil.copytree(GOLDEN / "event", tmp_path / "event")
    for path in sorted((tmp_path / "event").glob("*.yaml"))[:1]:
        text = path.read_text(encoding="utf-8")
        import re

        players = re.search(r"^players: \{north: ([^,]+), south: ([^}]+)\}", text, re.M)
        assert players is not None
        hostile = '"=HYPERLINK(\\"http://x\\")\\x1b]0;owned\\x07"'
        path.write_text(text.replace(players.group(0), f"players: {{north: {hostile}, south: {players.group(2)}}}"), encoding="utf-8")
    code, out, _ = run("standings", tmp_path / "event", "--csv")
    assert code == 0
    cells = [c for row in csv.reader(io.StringIO(out)) for c in row]
    assert not [c for c in cells if c.startswith(FORMULA_STARTS)]
    assert any(c.startswith("'=HYPERLINK") for c in cells)
    assert "\x1b]0;owned\x07" in out  # to a file, the name as it is (CliRunner's output is no terminal)
    assert csv_text([["=x\x1b[31m"]], terminal=True) == "'=x\\x1b[31m\n"


# faults at their cell, one line and exit 2, clear messages ------------------------------------------


def test_a_card_number_of_thousands_of_digits_is_a_fault_at_its_cell(csv_deck):
    path = csv_deck / "competitors.csv"
    text = path.read_text(encoding="utf-8-sig")
    path.write_text(text.replace("\n1,a,", "\n" + "9" * 5000 + ",a,", 1), encoding="utf-8")
    (fault, *_) = [f for f in faults(csv_deck) if "competitors.csv:2:1:" in f]
    assert fault.endswith("competitors.csv:2:1: 'card' must be a whole number, not text '999999999999999999999999999999999999...")


LONG = "x" * 300


@pytest.mark.parametrize("command", [["new"], ["export", "--csv"]])
def test_a_deck_folder_that_cannot_be_made_is_one_line_and_exit_2(tmp_path, command, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "File name too long" in one_line(*run(*command, LONG))
    assert "File name too long" in one_line(*run(*command, f"a/{LONG}/deck"))
    (tmp_path / "file").write_text("x")
    assert "Not a directory" in one_line(*run(*command, "file/deck")) or "not a folder" in run(*command, "file/deck")[2]


@pytest.mark.parametrize("command", [["new"], ["export", "--csv"]])
def test_a_deck_folder_under_an_unreadable_folder_is_one_line_and_exit_2(tmp_path, command, monkeypatch):
    (tmp_path / "locked" / "deck").mkdir(parents=True)

    def refused(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refused)  # as a folder that may be entered but not read
    monkeypatch.setattr(Path, "mkdir", refused)
    assert "cannot write the deck here: Permission denied" in one_line(*run(*command, tmp_path / "locked" / "deck"))
    assert "cannot write the deck here: Permission denied" in one_line(*run(*command, tmp_path / "locked" / "new"))


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="a user's permissions (root may read any folder)")
def test_a_deck_folder_under_a_folder_without_permissions(tmp_path):
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked").chmod(0)
    try:
        assert "Permission denied" in one_line(*run("new", tmp_path / "locked" / "deck"))
    finally:
        (tmp_path / "locked").chmod(0o755)


@pytest.fixture
def first_round(tmp_path) -> Path:
    """An event after its first round, ready to pair the second."""
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copytree(GOLDEN / "event" / "mini", folder / "mini")
    for log in (GOLDEN / "event").glob("r1-*.yaml"):
        shutil.copy(log, folder / log.name)
    return folder


def test_pairings_logs_at_a_path_that_cannot_be_a_folder_is_one_line_and_exit_2(first_round, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("x")
    assert one_line(*run("pairings", first_round, "--logs", LONG)).endswith(": cannot make this folder: File name too long\n")
    assert one_line(*run("pairings", first_round, "--logs", "file/sub")) == "file/sub: cannot make this folder: Not a directory\n"

    def read_only(self, *args, **kwargs):
        raise OSError(30, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", read_only)
    assert one_line(*run("pairings", first_round, "--logs", "new")) == "new: cannot make this folder: Read-only file system\n"


# check --try ------------------------------------------------------------------------------------------


@pytest.fixture
def game(tmp_path) -> Path:
    (tmp_path / "mini").symlink_to(GOLDEN / "mini", target_is_directory=True)
    path = tmp_path / "game.yaml"
    shutil.copy(GOLDEN / "dispute_assist.yaml", path)
    return path


def test_a_tried_text_of_bytes_that_are_no_utf8_is_told_so(game):
    # "\x80" on a command line reaches Python as the lone surrogate "\udc80"
    code, out, err = run("check", game, "--try", "8", "ab\udc80\udcffc")
    assert code == 2 and "Traceback" not in err and "failed on this log" not in out + err
    assert "--try: the text holds bytes that are not UTF-8 (\\x80, \\xff); a log is UTF-8 text: give the text so" in err


@pytest.mark.parametrize("line", ["²", "٣", "4²", "1" * 8, "0", "+", "3++"])
def test_a_line_that_is_no_number_is_told_so(game, line):
    code, _, err = run("check", game, "--try", line, "x")
    assert code == 2 and f"--try: '{line}' is not a line number (41, or 41+ to insert after line 41)" in err


def test_a_fault_after_a_line_inserted_last_is_at_the_files_last_line(game):
    last = len(game.read_text(encoding="utf-8").splitlines())
    code, out, err = run("check", game, "--try", f"{last}+", "x")
    assert code == 2
    assert f"game.yaml:{last}: not valid YAML" in out + err and f":{last + 1}:" not in out + err and f":{last + 2}:" not in out + err


# faults capped, unclear faults told plainly ---------------------------------------------------------------


@pytest.mark.slow
def test_a_header_of_400000_columns_is_told_in_a_screenful(csv_deck):
    (csv_deck / "obstacles.csv").write_text(",".join(["x"] * 400_000) + "\n", encoding="utf-8")
    code, out, err = run("validate", "--deck", csv_deck)
    lines = (out + err).splitlines()
    assert code == 1 and len(lines) <= 102, len(lines)
    assert lines[-1].endswith(
        "obstacles.csv:1:100: and 399,901 more columns unknown or given twice: is this the file of obstacles? "
        "its first row names the columns (card, side, color, trait, ...)"
    )


def test_thousands_of_faults_are_the_first_100_and_a_count(tmp_path):
    from hi5pnp.errors import InputError

    (tmp_path / "mini").symlink_to(GOLDEN / "mini", target_is_directory=True)
    text = (GOLDEN / "dispute_assist.yaml").read_text(encoding="utf-8")
    path = tmp_path / "many.yaml"
    path.write_text(text.replace("turns:", "turns:\n" + "".join(f'      - "zz{k}"\n' for k in range(3000)), 1))
    code, _, err = run("check", path)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 101 and lines[-1] == "and 2,900 more faults", lines[-3:]
    assert "'zz99' is not a turn" in lines[-2]
    error = InputError([*(["x"] * 101)])  # one more than the most is told, not counted
    assert error.lines() == ["x"] * 101 and len(InputError(["x"] * 102).lines()) == 101


def test_a_cell_longer_than_the_csv_modules_limit_is_not_called_an_open_quote(csv_deck):
    (csv_deck / "obstacles.csv").write_text("card,side,name,color,trait\n1,a," + "x" * 140_000 + ",red,speed\n", encoding="utf-8")
    assert faults(csv_deck)[0].endswith(
        "obstacles.csv:2:1: not readable as CSV: a cell of more than 131,072 characters, from this "
        "row on: a quote opened and never closed, or a value far longer than any a deck needs"
    )


def test_utf16_without_its_byte_order_mark_is_told_as_such(csv_deck):
    path = csv_deck / "obstacles.csv"
    path.write_bytes(path.read_text(encoding="utf-8-sig").encode("utf-16-le"))
    assert faults(csv_deck) == [f"{path}:1:1: UTF-16 or UTF-32 text with no byte-order mark to say which; save it as UTF-8"]


# control characters never reach a terminal --------------------------------------------------------------

OSC = "\x1b]0;owned\x07"


def test_a_failure_quoting_a_flag_shows_its_control_characters(first_round):
    code, out, err = run("pairings", first_round, "--drop", f"Ann{OSC}")
    assert code == 2 and "\x1b" not in out + err and "\x07" not in out + err
    assert "--drop Ann\\x1b]0;owned\\x07: no such player in the standings" in err


def test_new_and_export_show_a_folder_name_as_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["new"], ["export", "--csv"]):
        code, out, err = run(*command, f"{command[-1]}{OSC}")
        assert code == 0 and "\x1b" not in out + err and "\x07" not in out + err
        assert f"{command[-1]}\\x1b]0;owned\\x07/" in out


def test_the_watch_line_shows_file_names_as_text(capsys):
    from hi5pnp.cli.watch import _run_once
    from hi5pnp.errors import DeckError, Fault

    _run_once(lambda: (f"wrote 3 files to out{OSC}/", [f"warning {OSC}"]), f"a{OSC}.yaml changed")

    def broken() -> tuple[str, list[str]]:
        raise DeckError(Fault("deck/game.yaml", 1, 1, "bad"))

    _run_once(broken, f"b{OSC}.yaml changed")
    seen = capsys.readouterr()
    assert "\x1b" not in seen.out + seen.err and "\x07" not in seen.out + seen.err
    assert "a\\x1b]0;owned\\x07.yaml changed" in seen.out and "b\\x1b]0;owned\\x07.yaml changed" in seen.err
    assert "out\\x1b]0;owned\\x07/" in seen.out and "warning \\x1b]0;owned\\x07" in seen.err


def test_standings_csv_on_a_terminal_shows_control_characters(tmp_path, monkeypatch):
    import sys
    import types

    shutil.copytree(GOLDEN / "event", tmp_path / "event")
    path = sorted((tmp_path / "event").glob("r1-*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    import re

    north = re.search(r"^players: \{north: ([^,]+),", text, re.M)
    assert north is not None
    path.write_text(text.replace(north.group(0), 'players: {north: "Eve\\x1b]0;owned\\x07",'), encoding="utf-8")
    code, out, _ = run("standings", tmp_path / "event", "--csv")
    assert code == 0 and OSC in out  # to a file or a pipe, the name as it is
    terminal = types.SimpleNamespace(stdout=types.SimpleNamespace(isatty=lambda: True), exit=sys.exit)
    monkeypatch.setattr("hi5pnp.cli.event.sys", terminal)
    code, out, _ = run("standings", tmp_path / "event", "--csv")
    assert code == 0 and "\x1b" not in out and "Eve\\x1b]0;owned\\x07" in out


# tune --apply on a YAML alias ------------------------------------------------------------------------------


def test_a_yaml_alias_or_anchor_is_never_proposed_and_told_plainly(tmp_path):
    from hi5pnp.deck.design.edit import ValueEdit, apply_edit, diff_of
    from hi5pnp.errors import OptionError
    from hi5pnp.sim.tune.edits import candidates

    shutil.copytree(ROOT / "cards", tmp_path / "d")
    path = tmp_path / "d" / "competitors.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("gems: [red, red, blue]", "gems: [&r red, red, blue]", 1).replace("gems: [red, green, gold]", "gems: [*r, green, gold]", 1)
    path.write_text(text, encoding="utf-8")
    deck = load_deck(tmp_path / "d")
    for face in ("1a", "1b"):
        assert (0, face[1], "gems", 0) not in {c.edit.keys for c in candidates(deck, face, "raise")}
    alias = ValueEdit("competitors.yaml", (0, "b", "gems", 0), "red", "gold")
    with pytest.raises(OptionError, match=r"competitors.yaml:\d+:12: the value is an alias \(\*r\) of one written elsewhere; edit it by hand"):
        apply_edit(deck, alias)
    with pytest.raises(OptionError, match=r"competitors.yaml:\d+:12: the value carries an anchor \(&r\) other values may repeat"):
        diff_of(deck, ValueEdit("competitors.yaml", (0, "a", "gems", 0), "red", "gold"))
    assert path.read_text(encoding="utf-8") == text
