"""One value written into a deck's YAML in place (hi5pnp/deck/design/edit.py): only
that value's characters change, whatever the style it is written in, and a
deck that would not load is never written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import GOLDEN

from hi5pnp.deck import load_deck
from hi5pnp.deck.design.edit import ValueEdit, apply_edit, apply_edits, diff_of, edited_text
from hi5pnp.errors import DeckError, OptionError

GEM = ValueEdit("competitors.yaml", (1, "a", "gems", 2), "blue", "green")  # 2a Brutus Hale: red, red, blue


def changed_lines(before: bytes, after: bytes) -> list[tuple[bytes, bytes]]:
    """The lines that differ, as pairs; the files must have as many lines."""
    old, new = before.split(b"\n"), after.split(b"\n")
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new) if a != b]


def test_a_flow_list_item_changes_and_every_other_byte_stays(deck_copy):
    folder = deck_copy.folder
    path = folder / "competitors.yaml"
    before = path.read_bytes()
    deck = load_deck(folder)
    assert diff_of(deck, GEM)[2:] == ["@@ -24 +24 @@", "-    gems: [red, red, blue]", "+    gems: [red, red, green]"]
    edited = apply_edit(deck, GEM)
    assert changed_lines(before, path.read_bytes()) == [(b"    gems: [red, red, blue]", b"    gems: [red, red, green]")]
    assert edited.competitor_face("2a").gems == ("red", "red", "green")
    assert [f for f in edited.competitor_faces() if f.id != "2a"] == [f for f in deck.competitor_faces() if f.id != "2a"]


def test_an_obstacle_in_a_flow_mapping_with_comments_around_it(deck_copy):
    folder = deck_copy.folder
    path = folder / "obstacles.yaml"
    before = path.read_bytes()
    edit = ValueEdit("obstacles.yaml", (1, "b", "trait"), "wits", "grace")
    edited = apply_edit(load_deck(folder), edit)
    assert changed_lines(before, path.read_bytes()) == [
        (b'  b: {name: "Riddle Gate", color: gold, trait: wits, picture: gate}', b'  b: {name: "Riddle Gate", color: gold, trait: grace, picture: gate}'),
    ]
    assert edited.obstacle_face("2b").trait == "grace"
    assert path.read_text().startswith("# Six obstacle cards")


BLOCK = """\
# block style, quoted values, a comment on every line
- card: 1   # one
  a:
    name: 'Ada'
    gems:
      - red      # first gem
      - "blue"   # quoted
      - 'red'
    matrix:
      - [speed]
      - - wits
        - "wits"   # a block column
  b: {name: "Bo", gems: [blue, 'blue', "blue"], matrix: [[speed, wits]]}
"""


@pytest.mark.parametrize(
    ("keys", "old", "new", "line", "after"),
    [
        ((0, "a", "gems", 0), "red", "blue", 6, "      - blue      # first gem"),
        ((0, "a", "gems", 1), "blue", "red", 7, '      - "red"   # quoted'),
        ((0, "a", "gems", 2), "red", "blue", 8, "      - 'blue'"),
        ((0, "a", "matrix", 1, 1), "wits", "speed", 12, '        - "speed"   # a block column'),
        ((0, "a", "matrix", 1, 0), "wits", "speed", 11, "      - - speed"),
        ((0, "b", "gems", 1), "blue", "red", 13, """  b: {name: "Bo", gems: [blue, 'red', "blue"], matrix: [[speed, wits]]}"""),
        ((0, "b", "matrix", 0, 1), "wits", "speed", 13, """  b: {name: "Bo", gems: [blue, 'blue', "blue"], matrix: [[speed, speed]]}"""),
    ],
)
def test_block_and_flow_plain_and_quoted(keys, old, new, line, after):
    done = edited_text(BLOCK, "competitors.yaml", ValueEdit("competitors.yaml", keys, old, new))
    assert (done.line, done.after) == (line, after)
    assert done.before == BLOCK.splitlines()[line - 1]
    assert done.text.splitlines()[: line - 1] == BLOCK.splitlines()[: line - 1]
    assert done.text.splitlines()[line:] == BLOCK.splitlines()[line:]


def test_a_value_that_would_not_read_back_plain_is_quoted():
    done = edited_text(BLOCK, "c.yaml", ValueEdit("c.yaml", (0, "a", "gems", 0), "red", "yes"))
    assert done.after == '      - "yes"      # first gem'  # plain, YAML would read a truth value


def test_line_breaks_and_a_byte_order_mark_are_kept(tmp_path):
    folder = tmp_path / "mini"
    shutil.copytree(GOLDEN / "mini", folder)
    path = folder / "competitors.yaml"
    before = b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n")
    path.write_bytes(before)
    edit = ValueEdit("competitors.yaml", (0, "b", "gems", 0), "blue", "red")
    apply_edit(load_deck(folder, need_score_sheet=False), edit)
    after = path.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf") and after.count(b"\r\n") == before.count(b"\r\n")
    assert changed_lines(before, after) == [
        (b'  b: {name: "Bo", gems: [blue, blue, blue], matrix: [[speed, wits]]}\r', b'  b: {name: "Bo", gems: [red, blue, blue], matrix: [[speed, wits]]}\r'),
    ]


def test_an_edit_that_breaks_the_deck_is_not_written(deck_copy):
    folder = deck_copy.folder
    path = folder / "competitors.yaml"
    before = path.read_bytes()
    with pytest.raises(DeckError) as caught:
        apply_edit(load_deck(folder), ValueEdit("competitors.yaml", (1, "a", "gems", 2), "blue", "purple"))
    assert path.read_bytes() == before
    (fault,) = caught.value.faults
    assert fault.line == 24 and "purple" in fault.message
    assert Path(fault.path).resolve() == path.resolve()  # the deck's own file, not the copy tried


def test_a_file_changed_since_it_was_read_is_refused(deck_copy):
    deck = load_deck(deck_copy.folder)
    deck_copy("competitors.yaml", "gems: [red, red, blue]\n    matrix: [[power]", "gems: [red, red, gold]\n    matrix: [[power]")
    with pytest.raises(OptionError, match="holds 'gold', not 'blue'"):
        apply_edit(deck, GEM)
    with pytest.raises(OptionError, match="has no value at 1/a/gems/5"):
        diff_of(deck, ValueEdit("competitors.yaml", (1, "a", "gems", 5), "blue", "red"))


def test_a_value_over_several_lines_is_left_to_the_designer():
    text = "- card: 1\n  a:\n    name: Ada\n      Lovelace\n"
    with pytest.raises(OptionError, match="spans lines"):
        edited_text(text, "c.yaml", ValueEdit("c.yaml", (0, "a", "name"), "Ada Lovelace", "Ada"))


COLUMN = ValueEdit("competitors.yaml", (1, "a", "matrix", 2), ("speed", "power", "wits"), ("speed", "wits"))  # 2a: a box taken
TRAIT = ValueEdit("obstacles.yaml", (0, "a", "trait"), "speed", "grace")  # obstacle 1a Mud Pit


def test_a_plan_of_edits_in_two_files_is_written_whole_with_every_comment(deck_copy):
    folder = deck_copy.folder
    before = {n: (folder / n).read_bytes() for n in ("competitors.yaml", "obstacles.yaml")}
    deck = load_deck(folder)
    assert diff_of(deck, COLUMN)[3:] == [
        "-    matrix: [[power], [speed, power], [speed, power, wits]]   # 3 columns, 6 boxes",
        "+    matrix: [[power], [speed, power], [speed, wits]]   # 3 columns, 6 boxes",
    ]
    edited = apply_edits(deck, [GEM, COLUMN, TRAIT])
    assert changed_lines(before["competitors.yaml"], (folder / "competitors.yaml").read_bytes()) == [
        (b"    gems: [red, red, blue]", b"    gems: [red, red, green]"),
        (
            b"    matrix: [[power], [speed, power], [speed, power, wits]]   # 3 columns, 6 boxes",
            b"    matrix: [[power], [speed, power], [speed, wits]]   # 3 columns, 6 boxes",
        ),
    ]
    assert len(changed_lines(before["obstacles.yaml"], (folder / "obstacles.yaml").read_bytes())) == 1
    assert edited.competitor_face("2a").matrix[2] == ("speed", "wits") and edited.obstacle_face("1a").trait == "grace"


def test_a_plan_with_a_fault_writes_no_file(deck_copy):
    folder = deck_copy.folder
    before = {n: (folder / n).read_bytes() for n in ("competitors.yaml", "obstacles.yaml")}
    bad = ValueEdit("competitors.yaml", (1, "a", "matrix", 0), ("power",), ("power", "flight"))  # no such trait
    with pytest.raises(DeckError, match="flight"):
        apply_edits(load_deck(folder), [TRAIT, bad])
    assert {n: (folder / n).read_bytes() for n in before} == before


def test_a_column_written_as_a_block_list_is_left_to_the_designer(tmp_path):
    text = "- card: 1\n  a:\n    name: Ada\n    matrix:\n      - - speed\n        - wits\n"
    edit = ValueEdit("competitors.yaml", (0, "a", "matrix", 0), ("speed", "wits"), ("speed",))
    with pytest.raises(OptionError, match="not written on one line"):
        edited_text(text, "competitors.yaml", edit)
