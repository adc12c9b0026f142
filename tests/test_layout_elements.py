"""Layout elements, one class per kind: each reads and checks its own
values (the first wrong one is the fault, in the words below), knows its
bounds and draws itself; docs/templates.md lists the keys each kind takes."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from hi5pnp.deck.model import Picture
from hi5pnp.errors import TemplateError
from hi5pnp.render.draw import draw_layout
from hi5pnp.render.elements.figures import Circle, Image, Line, Rect, Shape
from hi5pnp.render.elements.text import Text, text_width_mm
from hi5pnp.render.layout import KINDS, Layout, check_layout
from hi5pnp.render.template import Templates

DOCS = Path(__file__).resolve().parent.parent / "docs" / "templates.md"
PICTURE = Picture(b"", "PNG", 100, 50, "art.png", ("cards/competitors.yaml", 3, 8))


def layout(*elements: dict[str, object], safe: float = 0) -> Layout:
    return check_layout(
        {"size": [63.5, 88.9], "safe": safe, "elements": list(elements)}, "t.yaml.j2", lambda eid: ("t.yaml.j2", 0), {"images": {"art": PICTURE}}
    )


def faults(*elements: dict[str, object]) -> list[str]:
    with pytest.raises(TemplateError) as info:
        layout(*elements)
    return [f.message for f in info.value.faults]


def test_the_docs_list_each_kind_with_the_keys_it_takes():
    rows = {
        kind: (required, optional) for kind, required, optional in re.findall(r"^\| `(\w+)` \| `([\w ]+)` \| (.*) \|$", DOCS.read_text(encoding="utf-8"), re.M)
    }
    assert rows.keys() == KINDS.keys()
    for name, kind in KINDS.items():
        required, optional = kind.keys()
        required_words, optional_words = rows[name]
        assert tuple(required_words.split()) == required, name
        assert set(optional) - {"id", "layer", "clear"} <= set(re.findall(r"`(\w+)`", optional_words)), name


def test_each_kind_is_read_into_its_own_frozen_class_with_the_defaults_filled_in():
    made = layout(
        {"el": "rect", "id": "box", "x": 1, "y": 2, "w": 10, "h": 5, "stroke": "#112233"},
        {"el": "circle", "x": 20, "y": 20, "r": 4, "layer": "decoration", "clear": True},
        {"el": "line", "x1": 1, "y1": 30, "x2": 11, "y2": 25, "dash": [1, 0.5]},
        {"el": "text", "x": 5, "y": 50, "text": 42, "size": 10},
        {"el": "shape", "x": 40, "y": 40, "size": 6, "name": "star", "rotate": 30},
        {"el": "image", "x": 10, "y": 60, "w": 20, "h": 20, "src": "art"},
    ).elements
    assert [type(el) for el in made] == [Rect, Circle, Line, Text, Shape, Image]
    rect, circle, line, text, shape, image = made
    assert (rect.id, rect.r, rect.fill, rect.stroke, rect.lw, rect.layer, rect.clear) == ("box", 0.0, None, "#112233", 0.3, "content", False)
    assert (circle.layer, circle.clear) == ("decoration", True)
    assert (line.stroke, line.dash) == ("#000000", (1, 0.5))
    assert (text.text, text.font, text.align, text.fill) == ("42", "regular", "left", "#000000")  # a number written as text is its digits
    assert (shape.fill, shape.rotate) == ("#000000", 30)
    assert image.src == "art"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rect.x = 3  # type: ignore[misc]


def test_each_kind_knows_its_bounds_and_its_strokes_overhang():
    rect, circle, line, shape = layout(
        {"el": "rect", "x": 1, "y": 2, "w": 10, "h": 5, "stroke": "#000000", "lw": 0.6},
        {"el": "circle", "x": 20, "y": 20, "r": 4, "fill": "#000000"},
        {"el": "line", "x1": 11, "y1": 30, "x2": 1, "y2": 25, "lw": 1},
        {"el": "shape", "x": 40, "y": 40, "size": 6, "name": "star"},
    ).elements
    assert rect.bounds() == (1, 2, 11, 7) and rect.overhang() == 0.3
    assert circle.bounds() == (16, 16, 24, 24) and circle.overhang() == 0.0  # no stroke
    assert line.bounds() == (1, 25, 11, 30) and line.overhang() == 0.5
    assert shape.bounds() == (37, 37, 43, 43) and shape.overhang() == 0.0


def test_text_is_measured_and_shrunk_to_its_width():
    (left, right, flipped, fitted) = layout(
        {"el": "text", "x": 10, "y": 20, "text": "Hello", "size": 10},
        {"el": "text", "x": 10, "y": 20, "text": "Hello", "size": 10, "align": "right"},
        {"el": "text", "x": 10, "y": 20, "text": "Hello", "size": 10, "rotate": 180},
        {"el": "text", "x": 10, "y": 20, "text": "Hello", "size": 10, "width": 8},
    ).elements
    x0, y0, x1, y1 = left.bounds()
    assert x0 == 10 and x1 == pytest.approx(10 + text_width_mm("Hello", 10))
    assert y0 < 20 < y1 and (20 - y0) > (y1 - 20)  # the ascent above the baseline, the descent below
    assert right.bounds()[2] == pytest.approx(10) and right.bounds()[0] == pytest.approx(10 - (x1 - x0))
    assert flipped.bounds()[2] == pytest.approx(10) and (flipped.bounds()[3] - 20) > (20 - flipped.bounds()[1])  # upside down about (x, y)
    assert isinstance(fitted, Text) and 8 <= fitted.size < 10 and fitted.bounds()[2] - 10 == pytest.approx(8)


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ({"el": "rect", "x": 1, "y": "top", "w": 0, "h": 1}, "'y' must be a number (mm), not 'top'"),  # the first wrong value, in the order x, y, …, w
        ({"el": "rect", "x": 1, "y": 1, "w": 0, "h": 1, "fill": "red"}, "'w' must be more than 0, not 0"),
        ({"el": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "lw": True}, "'lw' must be a number (mm), not True"),
        ({"el": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "dash": [1, 0]}, "'dash' must be a list of lengths such as [1.0, 0.8], not [1, 0]"),
        ({"el": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "fill": "red", "layer": "top"}, "'fill' must be a colour like \"#1A2B3C\" or null, not 'red'"),
        (
            {"el": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "least": 4, "note": "a pen"},
            "the box is 2.0 × 2.0 mm, smaller than the 4 mm each way a pen needs to mark it: a pen",
        ),
        ({"el": "circle", "x": 1, "y": 1, "r": 2, "layer": "top"}, "layer must be one of content, background, decoration, not 'top'"),
        ({"el": "circle", "x": 1, "y": 1, "r": 2, "clear": 1}, "clear must be true or false, not 1"),
        ({"el": "line", "x1": 1, "y1": 1, "x2": float("inf"), "y2": 2}, "'x2' must be a number (mm), not inf"),
        ({"el": "text", "x": 1, "y": 9, "text": "Hi", "size": 8, "font": "serif"}, "font must be one of regular, bold, italic, not 'serif'"),
        ({"el": "text", "x": 1, "y": 9, "text": "Hi", "size": 8, "font": ["bold"]}, "font must be one of regular, bold, italic, not ['bold']"),
        ({"el": "text", "x": 1, "y": 9, "text": "Hi", "size": 8, "align": "middle"}, "align must be left, center or right, not 'middle'"),
        ({"el": "text", "x": 1, "y": 9, "text": "Hi", "size": 8, "rotate": 90}, "rotate must be 0 or 180, not 90"),
        ({"el": "text", "x": 1, "y": 9, "text": "Hi ★", "size": 8}, "text 'Hi ★' has characters the font cannot draw: ★"),
        (
            {"el": "text", "x": 1, "y": 9, "text": "Hello there", "size": 8, "width": 5},
            "text 'Hello there' is 15.6 mm wide at 8 pt; the box is 5 mm and it would need 2.6 pt (smallest allowed 6.4 pt): shorten it; at most 4 of its 11 characters fit at 6.4 pt",
        ),
        ({"el": "shape", "x": 5, "y": 5, "size": 3, "name": "blob"}, "shape 'blob' is unknown; choose one of: circle, square"),
        ({"el": "shape", "x": 5, "y": 5, "size": 3, "name": ["star"]}, "shape ['star'] is unknown"),
        ({"el": "image", "x": 5, "y": 5, "w": 3, "h": 3, "src": "photo"}, "image 'photo' is not a picture of this item (art)"),
        (
            {"el": "rect", "x": 1, "y": 1, "w": 2, "h": 2, "colour": "#000000"},
            "unknown key 'colour' for a rect; expected: x, y, w, h, r, fill, stroke, lw, dash, least, note, id, layer, clear",
        ),
        ({"el": "circle", "x": 1, "y": 1}, "a circle needs 'r'"),
        ({"el": "polygon", "x": 1}, "unknown element kind 'polygon'; choose one of: rect, circle, line, text, para, shape, image"),
        ({"el": ["rect"], "x": 1}, "unknown element kind ['rect']; choose one of: rect"),
    ],
)
def test_a_wrong_value_is_a_fault_in_plain_words(element, message):
    assert any(m.startswith(message) for m in faults(element)), faults(element)


def test_a_number_given_as_an_id_names_the_element_at_its_line(tmp_path):
    (tmp_path / "sign.yaml.j2").write_text("size: [50, 30]\nelements:\n  - {el: rect, x: 1, y: 1, w: 5, h: 5}\n  - {el: rect, id: 7, x: 1, y: 1, w: 0, h: 5}\n")
    with pytest.raises(TemplateError) as info:
        Templates(tmp_path).layout("sign.yaml.j2", {})
    (fault,) = info.value.faults
    assert fault.line == 4 and fault.message == "element '7': 'w' must be more than 0, not 0"


def _drawn(*elements: dict[str, object]) -> bytes:
    c = Canvas(io.BytesIO(), pageCompression=0, invariant=1)
    draw_layout(c, layout(*elements))
    c.showPage()
    return c.getpdfdata()


def test_null_paint_draws_nothing():
    """``fill: null`` on text or a shape, ``stroke: null`` on a line: nothing
    is drawn (as a rect or circle with neither draws nothing), never a mark
    in whatever colour the element before left set."""
    nothing = _drawn()
    assert _drawn({"el": "text", "x": 5, "y": 9, "text": "Hi", "size": 8, "fill": None}) == nothing
    assert _drawn({"el": "shape", "x": 5, "y": 5, "size": 3, "name": "star", "fill": None}) == nothing
    assert _drawn({"el": "line", "x1": 1, "y1": 1, "x2": 5, "y2": 5, "stroke": None}) == nothing
    assert _drawn({"el": "rect", "x": 1, "y": 1, "w": 5, "h": 5}) == nothing
    assert _drawn({"el": "line", "x1": 1, "y1": 1, "x2": 5, "y2": 5}) != nothing
