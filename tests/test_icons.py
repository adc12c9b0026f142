"""SVG icons: path data read into absolute steps (arcs and quadratics as
cubics), an SVG file read as an icon, and icons drawn on the cards."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from deckfix import CARDS, line_of

from hi5pnp import load_deck
from hi5pnp.data import template_folder
from hi5pnp.deck.pictures.icons import IconError, icon_from_svg
from hi5pnp.deck.pictures.svgpath import PathError, arc_to_curves, parse_path
from hi5pnp.errors import DeckError
from hi5pnp.kit.manual.markup import rulebook_markup
from hi5pnp.render.cardsize import POKER
from hi5pnp.render.elements.figures import Shape
from hi5pnp.render.faces import render_cards
from hi5pnp.render.icons import folder_icons
from hi5pnp.render.template import Templates


def _bezier(c: tuple[float, ...], x0: float, y0: float, t: float) -> tuple[float, float]:
    x1, y1, x2, y2, x3, y3 = c
    u = 1 - t
    return (u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3, u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3)


def test_relative_and_absolute_commands_give_absolute_points():
    steps = parse_path("M10 10 l5 0 h5 v5 H10 V10 z m1 1 2 2")
    assert steps == [
        ("M", (10, 10)),
        ("L", (15, 10)),
        ("L", (20, 10)),
        ("L", (20, 15)),
        ("L", (10, 15)),
        ("L", (10, 10)),
        ("Z", ()),
        ("M", (11, 11)),
        ("L", (13, 13)),
    ]


def test_numbers_run_together_as_svg_writes_them():
    assert parse_path("M1-2.5.5.5l-1e1,2") == [("M", (1, -2.5)), ("L", (0.5, 0.5)), ("L", (0.5 - 10, 2.5))]


def test_smooth_curves_reflect_the_last_control_point():
    steps = parse_path("M0 0C0 10 10 10 10 0S20 -10 20 0")
    assert steps[2] == ("C", (10, -10, 20, -10, 20, 0))


def test_a_quadratic_is_raised_to_the_same_cubic():
    (_, (x1, y1, x2, y2, x, y)) = parse_path("M0 0Q10 10 20 0")[1]
    assert (x1, y1, x2, y2, x, y) == pytest.approx((20 / 3, 20 / 3, 40 / 3, 20 / 3, 20, 0))


@pytest.mark.parametrize(("large", "sweep", "pieces"), [(False, True, 1), (True, False, 3)])
def test_an_arc_lies_on_its_circle(large, sweep, pieces):
    curves = arc_to_curves(10, 0, 10, 10, 0, large, sweep, 0, 10)
    assert len(curves) == pieces
    x0, y0 = 10.0, 0.0
    for c in curves:
        for t in (0.25, 0.5, 0.75):
            x, y = _bezier(c, x0, y0, t)
            assert math.hypot(x, y) == pytest.approx(10, rel=3e-4)
        x0, y0 = c[4], c[5]
    assert (x0, y0) == (0, 10)


def test_an_arc_too_small_to_reach_is_scaled_up_and_flags_may_be_run_together():
    steps = parse_path("M0 0a1 1 0 0110 0")  # radius 1 cannot reach: a half circle of radius 5 about (5, 0)
    assert len(steps) == 3 and steps[-1][1][4:] == (10, 0)
    x0, y0 = 0.0, 0.0
    for _, c in steps[1:]:
        for t in (0.3, 0.7):
            x, y = _bezier(c, x0, y0, t)
            assert math.hypot(x - 5, y) == pytest.approx(5, rel=3e-4)
        x0, y0 = c[4], c[5]


@pytest.mark.parametrize(
    ("d", "words"),
    [("L1 1", "must start with a move"), ("M1 1 L2", "needs 2 numbers"), ("M1 1 X3", "cannot be read at character 5"), ("5 5", "must start with a move")],
)
def test_bad_path_data_is_told_where(d, words):
    with pytest.raises(PathError, match=words):
        parse_path(d)


def test_an_svg_file_becomes_an_icon_without_its_background_square():
    icon = icon_from_svg(
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/><path fill-rule="evenodd" d="M1 1L5 5z"/></svg>'
    )
    assert icon.box == (0, 0, 512, 512)
    assert len(icon.paths) == 1 and icon.paths[0][1] is True


@pytest.mark.parametrize(
    ("svg", "words"),
    [
        (b"<svg viewBox='0 0 9 9'><path d='M0 0L1 1' transform='rotate(9)'/></svg>", "has a transform"),
        (b"<svg viewBox='0 0 9 9'><circle r='3'/></svg>", "has a <circle>"),
        (b"<!DOCTYPE svg [<!ENTITY a 'x'>]><svg/>", "DOCTYPE"),
        (b"<svg viewBox='0 0 9'><path d='M0 0L1 1'/></svg>", "four numbers"),
        (b"<svg viewBox='0 0 9 9'></svg>", "no <path>"),
        (b"<html/>", "root element is <html>"),
        (b"not xml", "does not parse"),
    ],
)
def test_an_svg_that_is_no_icon_is_told_why(svg, words):
    with pytest.raises(IconError, match=words):
        icon_from_svg(svg)


def test_the_bundled_icons_are_read_and_credited():
    icons = folder_icons(template_folder())
    assert {"bolt", "dumbbell", "wave", "eye", "trophy"} <= set(icons)
    for path in (template_folder() / "icons").glob("*.svg"):
        assert "game-icons.net" in path.read_text() and "CC BY 3.0" in path.read_text()


RUNNER = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M10 90 L50 10 L90 90 Q50 60 10 90z"/></svg>'


def test_a_deck_names_its_own_svg_icons_and_the_cards_draw_them(deck_copy):
    folder = deck_copy("game.yaml", "  speed: bolt", "  speed: icons/runner.svg")
    (folder / "icons").mkdir()
    (folder / "icons" / "runner.svg").write_bytes(RUNNER)
    deck = load_deck(folder)
    assert deck.trait_icons["speed"] == "icons/runner.svg" and deck.icons["icons/runner.svg"].box == (0, 0, 100, 100)
    cards = render_cards(deck, Templates(), POKER)
    drawn = {el.name for card in cards for face in card.faces for el in face.elements if isinstance(el, Shape)}
    assert "icons/runner.svg" in drawn and "dumbbell" in drawn
    assert deck.fingerprint != load_deck(CARDS).fingerprint


@pytest.mark.parametrize(
    ("value", "file", "words"),
    [
        ("icons/none.svg", None, "the icon icons/none.svg file not found"),
        ("icons/bad.svg", b"<svg viewBox='0 0 9 9'><circle r='2'/></svg>", "the icon icons/bad.svg has a <circle>"),
        ("icons/nan.svg", b"<svg viewBox='nan 0 9 9'><path d='M1 1 L8 8 Z'/></svg>", "the icon icons/nan.svg has a view box that is not four finite numbers"),
        ("icons/far.svg", b"<svg viewBox='0 0 9 9'><path d='M1 1 l 900000 0 l 900000 0 Z'/></svg>", "the icon icons/far.svg path data goes past 1,000,000"),
        ("../outside.svg", None, "must be an SVG file inside the deck folder"),
        ("sprint", None, "or an SVG file of the deck's"),
    ],
)
def test_an_icon_that_cannot_be_drawn_is_a_fault_at_its_line(deck_copy, value, file, words):
    folder = deck_copy("game.yaml", "  speed: bolt", f"  speed: {value}")
    if file is not None:
        (folder / "icons").mkdir()
        (folder / value).write_bytes(file)
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    fault = caught.value.faults[0]
    assert fault.line == line_of(folder / "game.yaml", f"speed: {value}") and words in fault.message


def test_every_bundled_icon_is_credited_in_the_licence_and_the_rulebook():
    licence = (Path(__file__).parent.parent / "LICENSE-CONTENT").read_text(encoding="utf-8")
    icons = folder_icons(template_folder())
    deck = load_deck(CARDS)
    book = ET.tostring(rulebook_markup(deck, 2, Templates(), None, POKER), encoding="unicode")
    for name, icon in icons.items():
        title, author = icon.credit.split(" by ")[0], icon.credit.split(" by ")[1].split(" (")[0]
        assert f"{name}.svg" in licence and f"{title} by {author}" in licence
        drawn = name in deck.trait_icons.values() or name == "trophy"  # the token sheet's first-player token
        assert (title in book) == drawn, name
        assert (f"{author} (game-icons.net, CC BY 3.0)" in book) or not drawn


def test_the_judges_picture_and_the_simulation_report_draw_a_decks_own_icons(deck_copy):
    from conftest import new_state

    from hi5pnp.judge.printed.drawing import position_drawing, svg

    folder = deck_copy("game.yaml", "  speed: bolt", "  speed: icons/runner.svg")
    (folder / "icons").mkdir()
    (folder / "icons" / "runner.svg").write_bytes(RUNNER)
    state = new_state(load_deck(folder))
    picture = svg(position_drawing(state)).decode()
    bundled = svg(position_drawing(new_state(load_deck(CARDS)))).decode()
    assert picture != bundled and picture.count("<path") == bundled.count("<path")  # the runner in place of the bolt, as a vector path


def test_each_svg_icon_is_written_once_per_pdf_and_drawn_where_it_is_used(tmp_path):
    import io

    import pypdf

    from hi5pnp.kit import BuildOptions, make_kit

    deck = load_deck()
    templates = Templates()
    kit = make_kit(deck, BuildOptions(papers=("a4",), only="cards"), templates, jobs=1)
    reader = pypdf.PdfReader(io.BytesIO(kit.files["cards-duplex-a4.pdf"]))
    forms: dict[str, int] = {}  # an icon's form -> the object it is written in
    uses = 0
    seen: set[int] = set()

    def walk(resources, content: bytes) -> None:  # a page, or a face's form on it, and the forms they draw
        nonlocal uses
        uses += len(re.findall(rb"/FormXob\.icon\w+ Do", content))
        for name, ref in (resources or {}).get("/XObject", {}).items():
            if name.startswith("/FormXob.icon"):
                assert forms.setdefault(name, ref.idnum) == ref.idnum  # one object for the whole file
            elif ref.idnum not in seen:
                seen.add(ref.idnum)
                form = ref.get_object()
                walk(form.get("/Resources"), form.get_data())

    for page in reader.pages:
        walk(page["/Resources"], page.get_contents().get_data())
    svg = {deck.trait_icons[t] for t in deck.traits} & set(templates.icons())
    assert len(forms) == len(svg) == 4  # the four trait icons of the templates' icons/
    assert uses > 20 * len(forms)  # each drawn on every face: the legend and the boxes
    outlines = sum(len(reader.get_object(ref).get_data()) for ref in set(forms.values()))
    assert len(kit.files["cards-duplex-a4.pdf"]) < 200_000 and outlines > 1000  # the outlines are there, once
