"""The para element: text wrapped within a box, bold and italic runs,
inline icons, set smaller to fit and a fault naming the face (at the deck's
line for a face's flavour) when it cannot."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from deckfix import line_of
from reportlab.pdfgen.canvas import Canvas

from hi5pnp.cli import main
from hi5pnp.errors import TemplateError
from hi5pnp.render.draw import draw_layout
from hi5pnp.render.elements.paragraph import Para, _lines, pieces
from hi5pnp.render.layout import Layout, check_layout

LONG = "First off the line, and first to the snacks. " * 6


def para(**values: object) -> Para:
    made = check_layout({"size": [63.5, 88.9], "elements": [{"el": "para", "id": "p", **values}]}, "t.yaml.j2", lambda eid: ("t.yaml.j2", 7), {})
    (el,) = made.elements
    assert isinstance(el, Para)
    return el


def test_runs_and_icons_are_read_from_the_text():
    assert pieces("a **bold** *it* {power}!", {"power": "dumbbell"}) == [
        ("word", "a", "regular"),
        ("space", " ", "regular"),
        ("word", "bold", "bold"),
        ("space", " ", "regular"),
        ("word", "it", "italic"),
        ("space", " ", "regular"),
        ("icon", "dumbbell", ""),
        ("word", "!", "regular"),
    ]


def test_lines_break_between_words_within_the_width():
    parts = pieces("one two three four five six seven eight nine ten", {})
    lines = _lines(parts, 10, 100, "regular")
    assert len(lines) > 1
    assert all(sum(w for _, w in line) <= 100 + 1e-6 for line in lines)
    words = [p[1] for line in lines for p, _ in line if p[0] == "word"]
    assert words == ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def test_a_paragraph_that_fits_keeps_its_size_and_one_that_nearly_fits_is_set_smaller():
    assert para(x=5, y=5, w=50, h=20, text="Short and sweet.", size=8).size == 8
    text = "A line of words that takes three lines at eight points in a narrow box here."
    tight = para(x=5, y=5, w=40, h=7.2, text=text, size=8, min_size=5)
    assert 5 <= tight.size < 8 and tight.size * 4 == int(tight.size * 4)


def test_a_paragraph_too_long_for_its_box_is_a_fault_saying_how_many_lines():
    with pytest.raises(TemplateError) as info:
        para(x=5, y=5, w=50, h=8, text=LONG, size=7, min_size=6)
    (fault,) = info.value.faults
    assert fault.line == 7 and "element 'p': paragraph 'First off" in fault.message
    assert "does not fit its 50 × 8 mm box even at 6 pt" in fault.message and "the box holds 3" in fault.message


@pytest.mark.parametrize(
    ("text", "words"),
    [("**never closed", "opens ** and never closes it"), ("an {ufo} here", "{ufo} is no icon"), ("snow ☃", "cannot draw: ☃")],
)
def test_bad_paragraph_text_is_told(text, words):
    with pytest.raises(TemplateError) as info:
        para(x=5, y=5, w=50, h=20, text=text, size=7)
    assert words in info.value.faults[0].message


def test_a_paragraph_draws_its_words_and_icons():
    el = para(x=5, y=5, w=50, h=20, text="Fast as a {bolt} and **bold**.", size=8, align="center", valign="middle")
    out = io.BytesIO()
    c = Canvas(out, pageCompression=0)
    draw_layout(c, Layout("t", 63.5, 88.9, 0, (el,)))
    c.showPage()
    c.save()
    page = out.getvalue()
    assert b"Fast as a" not in page  # each word is drawn on its own
    assert page.count(b" Tj") == 6  # Fast, as, a, and, bold, "." — the icon is a path
    assert b"f*" in page  # the bolt icon, a filled path


def test_validate_tells_a_flavour_too_long_for_its_card_at_its_line(deck_copy):
    folder = deck_copy("competitors.yaml", '    name: "Brutus Hale"', f'    name: "Brutus Hale"\n    flavour: "{LONG}"')
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1, result.output
    line = line_of(folder / "competitors.yaml", "First off the line, and first to the snacks. First")
    assert f"competitors.yaml:{line}:" in result.output and "(on competitor face 2a)" in result.output
    assert "does not fit its" in result.output and "shorten it" in result.output


def test_a_face_prints_its_flavour_or_else_the_column_reminder_where_there_is_room(deck_copy):
    from hi5pnp import load_deck
    from hi5pnp.render.cardsize import POKER
    from hi5pnp.render.faces import render_faces
    from hi5pnp.render.template import Templates

    folder = deck_copy("competitors.yaml", '    name: "Pip Pocket"', '    name: "Pip Pocket"\n    flavour: "Small enough to slip through. *Usually.* {wits}"')
    deck = load_deck(folder)
    plain, flavoured, tallest = render_faces(deck, Templates(), POKER, 0, [deck.competitor_face(f) for f in ("1a", "1b", "5b")])
    (reminder,) = [e for e in plain.elements if e.id == "reminder"]
    assert isinstance(reminder, Para) and reminder.text == "Complete a column: **+3** at the game's end"
    (flavour,) = [e for e in flavoured.elements if e.id == "flavour"]
    assert isinstance(flavour, Para) and flavour.icons and flavour.icons["wits"] == "eye"
    assert not [e for e in tallest.elements if e.id in ("reminder", "flavour")]  # a grid of four rows leaves no room


def test_a_flavour_line_goes_through_csv_and_back(deck_copy, tmp_path):
    from hi5pnp import load_deck
    from hi5pnp.deck.spreadsheet.export import export_csv

    flavour = "Takes notes mid-leap, {wits} first; the leap is *mostly* luck."
    folder = deck_copy("competitors.yaml", '    name: "Quincy Quill"', f'    name: "Quincy Quill"\n    flavour: "{flavour}"')
    deck = load_deck(folder)
    export_csv(deck, tmp_path / "csv")
    header, *rows = (tmp_path / "csv" / "competitors.csv").read_text(encoding="utf-8-sig").splitlines()
    assert header.endswith(",flavour") and any(flavour in row for row in rows)
    again = load_deck(tmp_path / "csv")
    assert again.competitor_face("7a").flavour == flavour and again.fingerprint == deck.fingerprint
    assert again.competitor_face("7b").flavour == ""
