"""Card data from a spreadsheet (hi5pnp/deck/spreadsheet/source.py, csvexport.py):
the bundled deck exported as CSV is the very same deck and builds the very
same kit; faults of a CSV file name its row and column with the words the
YAML reader uses; a tuned value is written into its cell alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.deck.design.edit import ValueEdit, apply_edit, diff_of
from hi5pnp.deck.spreadsheet.export import as_csv, competitor_rows, export_csv
from hi5pnp.errors import DeckError, OutputError
from hi5pnp.kit.build import make_kit

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return CliRunner().invoke(main, [*args])


@pytest.fixture(scope="module")
def csv_deck(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("csv") / "deck"
    export_csv(load_deck(), folder)
    return folder


@pytest.fixture
def csv_copy(csv_deck, tmp_path) -> Path:
    shutil.copytree(csv_deck, tmp_path / "deck")
    return tmp_path / "deck"


def faults(folder: Path) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    return [str(f) for f in caught.value.faults]


def rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8-sig")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# the same deck, the same kit ---------------------------------------------------------------------


def test_the_export_is_a_deck_of_csv_cards_beside_the_other_files(csv_deck):
    assert sorted(p.name for p in csv_deck.iterdir()) == ["competitors.csv", "game.yaml", "obstacles.csv", "score_sheets.yaml", "translations"]
    first = (csv_deck / "competitors.csv").read_text(encoding="utf-8-sig").splitlines()[:2]
    assert first == [
        "card,side,name,gem 1,gem 2,gem 3,column 1,column 2,column 3,column 4",
        "1,a,Dash Dunmore,red,red,blue,speed power,grace wits,speed grace,",
    ]


def test_the_csv_deck_is_the_same_deck(csv_deck):
    yaml_deck, csv = load_deck(), load_deck(csv_deck)
    assert csv.competitors == yaml_deck.competitors and csv.obstacles == yaml_deck.obstacles
    assert csv.fingerprint == yaml_deck.fingerprint
    assert csv.sources.files["competitors.yaml"] == "competitors.csv"


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_the_csv_deck_builds_the_committed_kit_byte_for_byte(csv_deck):
    kit = make_kit(load_deck(csv_deck), jobs=1)
    committed = {p.name: p.read_bytes() for p in (ROOT / "output").iterdir() if p.is_file()}
    assert sorted(kit.files) == sorted(committed)
    assert [name for name in kit.files if kit.files[name] != committed[name]] == []


def test_a_comment_or_a_spacing_does_not_change_the_fingerprint_but_a_name_does(tmp_path):
    shutil.copytree(ROOT / "cards", tmp_path / "d")
    path = tmp_path / "d" / "competitors.yaml"
    before = load_deck(tmp_path / "d").fingerprint
    path.write_text("# a new comment\n" + path.read_text().replace("gems: [red, red, blue]", "gems: [ red,  red, blue ]"))
    assert load_deck(tmp_path / "d").fingerprint == before
    rewrite(path, "Dash Dunmore", "Dash Dunmore II")
    assert load_deck(tmp_path / "d").fingerprint != before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=40).map(str.strip).filter(bool))
def test_any_name_survives_the_round_trip(csv_deck, name):
    deck = load_deck(csv_deck)
    rows = competitor_rows(deck)
    rows[1][2] = name  # face 1a
    folder = csv_deck.parent / "round-trip"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(csv_deck, folder)
    (folder / "competitors.csv").write_bytes(as_csv(rows))
    assert load_deck(folder).competitor_face("1a").name == name


# faults at row:column, in the YAML reader's words ----------------------------------------------------


def test_a_bad_colour_has_the_same_words_as_in_yaml_at_its_cell(csv_copy, tmp_path):
    rewrite(csv_copy / "competitors.csv", "1,a,Dash Dunmore,red,red,blue", "1,a,Dash Dunmore,red,purpel,blue")
    shutil.copytree(ROOT / "cards", tmp_path / "y")
    rewrite(tmp_path / "y" / "competitors.yaml", "gems: [red, red, blue]", "gems: [red, purpel, blue]")
    (csv_fault,), (yaml_fault,) = faults(csv_copy), faults(tmp_path / "y")
    assert csv_fault.endswith("competitors.csv:2:5: " + yaml_fault.split(": ", 1)[1])
    assert "did you mean 'purple'" not in csv_fault and "gem colour 'purpel' is not a colour of game.yaml" in csv_fault


def test_row_and_column_faults(csv_copy):
    path = csv_copy / "competitors.csv"
    rewrite(path, "wits wits speed", "wits wist speed")  # 1b, column 1 (G)
    rewrite(path, "2,a,Brutus Hale", "2,c,Brutus Hale")
    rewrite(path, "3,a,Lyra Lightfoot", "1,a,Lyra Lightfoot")
    rewrite(path, "4,a,Sable Whisk,green,green,gold", "4,a,,green,,gold")
    found = faults(csv_copy)
    assert any(f.endswith("competitors.csv:3:7: trait 'wist' is not a trait of game.yaml (speed, power, grace, wits); did you mean 'wits'?") for f in found)
    assert any(f.endswith("competitors.csv:4:2: side 'c' is not a face; every card has faces a and b (one row each)") for f in found)
    assert any(f.endswith("competitors.csv:6:2: face 1a is given twice (first at row 2)") for f in found)
    assert any(f.endswith("competitors.csv:8:3: 'name' of face 4a is empty; give it some text") for f in found)
    assert any(f.endswith("competitors.csv:8:4: face 4a has 2 gems; a competitor has exactly three") for f in found)


def test_a_misspelt_header_is_the_one_fault_not_one_per_row(csv_copy):
    rewrite(csv_copy / "competitors.csv", "gem 3", "gem3")
    (only,) = faults(csv_copy)
    assert only.endswith("competitors.csv:1:6: unknown column 'gem3' in the header; did you mean 'gem 3'?")


def test_a_missing_column_an_unclosed_quote_and_a_stray_cell(csv_copy):
    path = csv_copy / "obstacles.csv"
    path.write_text("card,side,name,trait\n1,a,Mud,speed\n")
    assert faults(csv_copy)[0].endswith("obstacles.csv:1:1: the header lacks the column 'color'; an obstacle row needs card, side, color, trait")
    path.write_text('card,side,name,color,trait\n1,a,"Mud,red,speed\n')
    assert faults(csv_copy)[0].endswith("obstacles.csv:2:1: not readable as CSV: unexpected end of data (a quote opened and never closed?)")
    path.write_text("card,side,name,color,trait\n1,a,Mud,red,speed,,x\n1,b,,blue,grace\n")
    assert faults(csv_copy)[0] == (
        f"{path}:2:7: a value 'x' in a column with no header: a value holding a comma needs quotes (\"Dunmore, Dash\"); else name the column or empty the cell"
    )


def test_an_unquoted_comma_is_told_as_one_and_its_row_is_not_misread(csv_copy):
    rewrite(csv_copy / "competitors.csv", "1,a,Dash Dunmore,", "1,a,Dunmore, Dash,")
    found = faults(csv_copy)
    assert found[0].endswith(
        "competitors.csv:2:11: this row has 11 cells where the header names 10: a value holding a comma needs quotes "
        '("Dunmore, Dash"), or a separator is left at the row\'s end'
    )
    assert not any("gem colour" in f or "trait" in f for f in found)


def test_a_face_given_twice_still_has_its_faults_told_and_a_side_in_capitals_is_read(csv_copy):
    path = csv_copy / "competitors.csv"
    rewrite(path, "2,a,Brutus Hale,red,red,blue", "1,a,Brutus Hale,red,red,bleu")
    rewrite(path, "3,b,", "3,B,")
    found = faults(csv_copy)
    assert any(f.endswith("competitors.csv:4:2: face 1a is given twice (first at row 2)") for f in found)
    assert any(f.endswith("competitors.csv:4:6: gem colour 'bleu' is not a colour of game.yaml (red, blue, green, gold); did you mean 'blue'?") for f in found)
    assert not any(":7:" in f for f in found)  # 3,B read as 3b


def test_a_windows_code_page_file_is_told_to_be_saved_as_utf8(csv_copy):
    path = csv_copy / "competitors.csv"
    path.write_bytes(path.read_text(encoding="utf-8-sig").replace("Dash Dunmore", "Zoë Dunmore").encode("cp1252"))
    assert faults(csv_copy) == [f'{path}:2: not UTF-8 text: save the spreadsheet as "CSV UTF-8" (in Excel, "CSV UTF-8 (Comma delimited)")']


def test_a_spreadsheets_other_habits_read_the_same(csv_copy):
    """Semicolons (a comma-decimal locale), a byte-order mark, CRLF line ends,
    headers in another case and spacing, blank rows and a notes column."""
    path = csv_copy / "obstacles.csv"
    rows = path.read_text(encoding="utf-8-sig").splitlines()
    header = "Card; SIDE ;Name;Color;Trait;Picture;Notes"
    body = [row.replace(",", ";") + ";my note" for row in rows[1:]]
    path.write_bytes(("\ufeff" + "\r\n".join([header, "", *body, ";;;;"]) + "\r\n").encode())
    assert load_deck(csv_copy).obstacles == load_deck().obstacles


def test_yaml_and_csv_of_the_same_cards_is_a_fault(csv_copy):
    shutil.copy(ROOT / "cards" / "obstacles.yaml", csv_copy / "obstacles.yaml")
    assert faults(csv_copy) == [f"{csv_copy / 'obstacles.csv'}: both obstacles.yaml and obstacles.csv are in the deck; keep one of them"]


def test_too_few_cards_names_the_csv_file(csv_copy):
    path = csv_copy / "competitors.csv"
    path.write_text("\n".join(path.read_text(encoding="utf-8-sig").splitlines()[:5]) + "\n")
    assert any("competitors.csv has 2" in f for f in faults(csv_copy))


# editing a cell ------------------------------------------------------------------------------------


def test_a_tuned_gem_and_box_change_their_cells_and_nothing_else(csv_copy):
    path = csv_copy / "competitors.csv"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    before = path.read_bytes().split(b"\r\n")
    deck = load_deck(csv_copy)
    gem = ValueEdit("competitors.yaml", (1, "a", "gems", 2), "blue", "green")
    assert diff_of(deck, gem)[2:] == [
        "@@ -4 +4 @@",
        "-2,a,Brutus Hale,red,red,blue,power,speed power,speed power wits,",
        "+2,a,Brutus Hale,red,red,green,power,speed power,speed power wits,",
    ]
    deck = apply_edit(deck, gem)
    box = ValueEdit("competitors.yaml", (1, "a", "matrix", 2, 1), "power", "grace")
    deck = apply_edit(deck, box)
    after = path.read_bytes().split(b"\r\n")
    assert [(a, b) for a, b in zip(before, after) if a != b] == [
        (b"2,a,Brutus Hale,red,red,blue,power,speed power,speed power wits,", b"2,a,Brutus Hale,red,red,green,power,speed power,speed grace wits,")
    ]
    assert before[0].startswith(b"\xef\xbb\xbf") and after[0] == before[0]
    assert deck.competitor_face("2a").matrix[2] == ("speed", "grace", "wits")
    column = ValueEdit("competitors.yaml", (1, "a", "matrix", 1), ("speed", "power"), ("speed",))  # a box taken, as tune plans it
    deck = apply_edit(deck, column)
    assert path.read_bytes().split(b"\r\n")[3] == b"2,a,Brutus Hale,red,red,green,power,speed,speed grace wits,"
    assert deck.competitor_face("2a").matrix[1] == ("speed",)


# the command ---------------------------------------------------------------------------------------


def test_export_writes_a_deck_that_builds_and_refuses_a_full_folder(tmp_path):
    folder = tmp_path / "mine"
    r = run("export", "--csv", str(folder))
    assert r.exit_code == 0, r.output
    assert f"hi5pnp build --deck {folder}" in r.output
    assert (folder / "competitors.csv").is_file() and not (folder / "competitors.yaml").exists()
    again = run("export", "--csv", str(folder))
    assert again.exit_code == 2 and "not empty" in again.output
    with pytest.raises(OutputError):
        export_csv(load_deck(), folder)


def test_export_of_a_deck_with_pictures_copies_them_and_names_them_in_the_rows(deck_copy, tmp_path):
    folder = deck_copy("competitors.yaml", '    name: "Dash Dunmore"', '    name: "Dash Dunmore"\n    art: art/dash.png')
    deck_copy("obstacles.yaml", "picture: mud}", "picture: mud, art: art/mud.png}")
    for name, colour in (("dash", "#00AA00"), ("mud", "#0000FF")):
        (folder / "art").mkdir(exist_ok=True)
        Image.new("RGB", (300, 200), colour).save(folder / "art" / f"{name}.png", "PNG")
    (folder / "art" / "unused.png").write_bytes((folder / "art" / "mud.png").read_bytes())  # no face names it: not copied
    deck = load_deck(folder)
    export_csv(deck, tmp_path / "e")
    assert sorted(p.name for p in (tmp_path / "e" / "art").iterdir()) == ["dash.png", "mud.png"]
    assert "1,a,Dash Dunmore,red,red,blue,speed power,grace wits,speed grace,,art/dash.png" in (tmp_path / "e" / "competitors.csv").read_text()
    assert load_deck(tmp_path / "e").fingerprint == deck.fingerprint
