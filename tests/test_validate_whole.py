"""``hi5pnp validate`` tells a deck's data faults and its layout faults in
one run: every card whose data is sound is laid out, with the pages that do
not depend on the faulty part, so a designer never fixes one fault only to
meet the next behind it."""

from __future__ import annotations

import csv
import io

import pytest
from click.testing import CliRunner
from deckfix import line_of

from hi5pnp.cli import main
from hi5pnp.deck.load import read_deck

LONG = "First off the line, and first to the snacks. " * 6  # a flavour line no card's band holds


def validate(folder) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr.splitlines()


def faults_at(lines: list[str], path, line: int) -> list[str]:
    return [text for text in lines if text.startswith(f"{path}:{line}:")]


def test_a_data_fault_and_a_paragraph_too_long_are_told_together(deck_copy):
    deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, bleu]")  # card 1a: a data fault
    folder = deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')  # card 2a: a layout fault
    code, lines = validate(folder)
    cards = folder / "competitors.yaml"
    assert code == 1
    (data,) = faults_at(lines, cards, line_of(cards, "bleu"))
    (layout,) = faults_at(lines, cards, line_of(cards, "flavour:"))
    assert "did you mean 'blue'" in data and "does not fit its" in layout and "(on competitor face 2a)" in layout
    assert lines == sorted(lines, key=lambda text: int(text.split(":")[1])) and len(lines) == 2  # in the order of their lines


def test_a_card_with_a_data_fault_is_not_laid_out(deck_copy):
    deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]\n    matrix: [[power]", "gems: [red, red, bleu]\n    matrix: [[power]")  # 2a too
    code, lines = validate(folder)
    assert code == 1 and len(lines) == 1 and "'bleu'" in lines[0]  # its layout is made of a fault: not told
    reading = read_deck(folder)
    assert reading.sound is not None and 2 not in [c.number for c in reading.sound.competitors] and not reading.cards_whole
    assert len(reading.sound.competitors) == 9 and len(reading.sound.obstacles) == 6


def test_the_sound_face_of_a_card_is_laid_out_when_its_other_face_has_a_fault(deck_copy):
    deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, bleu]")  # 1a
    folder = deck_copy("competitors.yaml", '    name: "Pip Pocket"', f'    name: "Pip Pocket"\n    flavour: "{LONG}"')  # 1b
    code, lines = validate(folder)
    assert code == 1 and len(lines) == 2, lines
    assert "'bleu'" in lines[0] and "(on competitor face 1b)" in lines[1] and "does not fit its" in lines[1]
    reading = read_deck(folder)
    assert [f.id for f in reading.faces] == ["1b"] and 1 not in [c.number for c in reading.sound.competitors]


@pytest.mark.slow  # the everyday run has the YAML deck's; CI runs this with the stress tests
def test_the_faults_of_cards_from_a_spreadsheet_are_told_with_their_layouts(deck_copy, tmp_path):
    from hi5pnp import load_deck
    from hi5pnp.deck.spreadsheet.export import export_csv

    export_csv(load_deck(deck_copy.folder), tmp_path / "csv")
    sheet = tmp_path / "csv" / "competitors.csv"
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"))))
    rows[0].append("flavour")
    for row in rows[1:]:
        row.append(LONG if row[2] == "Dash Dunmore" else "")
        if row[2] == "Brutus Hale":
            row[5] = "bleu"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    sheet.write_text(out.getvalue(), encoding="utf-8")
    code, lines = validate(tmp_path / "csv")
    assert code == 1 and len(lines) == 2, lines
    assert lines[0].startswith(f"{sheet}:2:") and "does not fit its" in lines[0] and "(on competitor face 1a)" in lines[0]
    assert lines[1].startswith(f"{sheet}:4:6:") and "'bleu'" in lines[1]


def test_a_fault_in_the_score_sheet_leaves_the_cards_laid_out(deck_copy):
    deck_copy("score_sheets.yaml", "kind: total", "kind: totl")
    folder = deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')
    code, lines = validate(folder)
    assert code == 1 and len(lines) == 2
    assert "score_sheets.yaml" in lines[1] and "'totl'" in lines[1] and "does not fit its" in lines[0]


@pytest.mark.slow
def test_a_balance_fault_leaves_every_page_laid_out_and_a_colour_fault_none(deck_copy):
    folder = deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')
    deck_copy("game.yaml", "first_player: [48, 52]", "first_player: [52, 48]")  # the simulator's alone
    code, lines = validate(folder)
    assert code == 1 and len(lines) == 2 and "window of percentages" in lines[1] and "does not fit its" in lines[0]
    folder = deck_copy("game.yaml", 'red: "#C8102E"', 'red: "#C8102"')  # every page draws the colours: nothing is laid out
    code, lines = validate(folder)
    assert code == 1 and [line for line in lines if "sRGB hex" in line] and not [line for line in lines if "does not fit" in line]
    assert read_deck(folder).sound is None


@pytest.mark.slow
def test_layout_faults_of_several_parts_of_a_sound_deck_are_told_at_once(deck_copy):
    deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')
    folder = deck_copy("score_sheets.yaml", 'label: "Trait columns"', 'label: "Trait columns, each complete, scored at the end of the game"')
    code, lines = validate(folder)  # build stops at the cards; validate goes on to the score cards
    assert code == 1 and len(lines) == 2, lines
    assert [line for line in lines if "competitors.yaml" in line and "does not fit its" in line]
    assert [line for line in lines if "scorecard.yaml.j2" in line and "'row-label-4'" in line and "shorten it" in line]


def test_a_fault_of_the_decks_own_templates_folder_is_told_with_the_data_faults(deck_copy):
    import shutil

    from hi5pnp.data import template_folder

    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, bleu]")
    shutil.copytree(template_folder(), folder / "templates")
    (folder / "templates" / "icons" / "bolt.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="3"/></svg>')
    code, lines = validate(folder)
    assert code == 1 and len(lines) == 2, lines
    assert "'bleu'" in lines[0] and lines[1].startswith(str(folder / "templates" / "icons" / "bolt.svg")) and "<circle>" in lines[1]
