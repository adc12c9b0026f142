"""Layouts: what a layout template describes, checked before anything is drawn.

A rendered layout template (see :mod:`hi5pnp.render.template`) is YAML: an
optional ``size``, a ``safe`` inset and a list of named ``elements``. Lengths
are in millimetres, measured from the top-left corner of the item, y
downwards. An element that cannot be drawn (an unknown key, text that
overflows its box, something important outside the safe zone) is a
:class:`TemplateError` naming the template and its line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..deck import Picture
from ..errors import Fault, TemplateError
from . import fonts
from .shapes import SHAPES
from .units import MM_PER_IN, to_mm

#: element kind -> (required keys, optional keys with defaults)
ELEMENTS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    # least: the smallest width and height a rect may have (a box marked by hand); note: why, for the message
    "rect": (("x", "y", "w", "h"), {"r": 0.0, "fill": None, "stroke": None, "lw": 0.3, "dash": None, "least": None, "note": None}),
    "circle": (("x", "y", "r"), {"fill": None, "stroke": None, "lw": 0.3, "dash": None}),
    "line": (("x1", "y1", "x2", "y2"), {"stroke": "#000000", "lw": 0.3, "dash": None}),
    "text": (
        ("x", "y", "text", "size"),
        {"font": "regular", "fill": "#000000", "align": "left", "width": None, "rotate": 0, "min_size": None},
    ),
    "shape": (("x", "y", "size", "name"), {"fill": "#000000", "rotate": 0}),
    # a picture of the deck (a face's art), fitted inside the box, centred, its proportions kept
    "image": (("x", "y", "w", "h", "src"), {}),
}
#: clear: the element must not overlap another element marked clear (rings,
#: boxes, labels that would be drawn over each other on too small a card)
COMMON = {"id": None, "layer": "content", "clear": False}
LAYERS = ("content", "background", "decoration")
_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")
ASCENT, DESCENT = 0.76, 0.24  # of the font size, for Vera


@dataclass
class Element:
    """One checked element: its kind and every property (defaults filled in)."""

    kind: str
    props: dict[str, Any]


@dataclass
class Layout:
    """A rendered template: its name as messages show it, size (mm), safe-zone inset and elements."""

    template: str
    width: float
    height: float
    safe: float
    elements: list[Element] = field(default_factory=list)
    images: dict[str, Picture] = field(default_factory=dict)  # what image elements show, by their src
    capacity: dict[str, int] = field(default_factory=dict)  # what a page holds, as its template declares (the token sheet's)


def text_width_mm(text: str, size: float, font: str = "regular") -> float:
    """The width of ``text`` in mm."""
    return to_mm(fonts.width(str(text), font, float(size)))


def line_of_id(source: str, element_id: str) -> int:
    """The line of ``source`` (a template) that writes the element ``element_id``, or 0."""
    pattern = re.compile(r"\bid:\s*['\"]?" + re.escape(element_id) + r"\b")
    for i, line in enumerate(source.splitlines(), 1):
        if pattern.search(line):
            return i
    return 0


#: Where an element is written: its id -> (file as messages show it, line; 0 when unknown)
Locate = Callable[[str | None], tuple[str, int]]


def check_layout(data: Any, shown: str, locate: Locate, context: dict[str, Any]) -> Layout:
    """The layout ``data`` (a rendered template, named ``shown``, read as YAML)
    describes, every element checked; a fault names the file and line that
    write the element (``locate``)."""
    faults: list[Fault] = []

    written: dict[str, Fault] = context.get("written") or {}  # deck text -> where the deck writes it

    def bad(eid: str | None, message: str, text: object = None) -> None:
        what = f"element '{eid}': " if eid else ""
        item = context.get("item_name")
        for_item = f" (on {item})" if item else ""
        where, line = locate(eid)
        deck = written.get(text) if isinstance(text, str) else None
        if deck is not None:  # the designer's text: told at its line in the deck, the template's line second
            fault = Fault(deck.path, deck.line, deck.column, f"{message}{for_item}; the template {where}:{line} draws it ({what.rstrip(': ')})")
        else:
            fault = Fault(where, line, 0, f"{what}{message}{for_item}")
        if fault not in faults:  # one line for a fault shared by many elements (every box of a matrix)
            faults.append(fault)

    if not isinstance(data, dict) or not isinstance(data.get("elements"), list):
        raise TemplateError(Fault(shown, 0, 0, "a layout template must produce a mapping with an 'elements' list"))
    size = data.get("size")
    if size is None:
        size = context.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, (int, float)) and v > 0 for v in size)):
        raise TemplateError(Fault(shown, 0, 0, f"'size' must be [width, height] in mm, not {size!r}"))
    width, height = float(size[0]), float(size[1])
    safe = data.get("safe", 0.0)
    if not _num(safe) or not math.isfinite(safe) or safe < 0:
        raise TemplateError(Fault(shown, 0, 0, f"'safe' must be a length in mm, not {safe!r}"))
    unknown = sorted(set(data) - {"elements", "size", "safe", "capacity"}, key=str)
    if unknown:
        raise TemplateError(Fault(shown, 0, 0, f"unknown top-level key '{unknown[0]}'; a layout has size, safe, capacity and elements"))
    capacity = data.get("capacity") or {}
    if not (isinstance(capacity, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0 for k, v in capacity.items())):
        raise TemplateError(Fault(shown, 0, 0, f"'capacity' must map names to whole numbers of at least 0, such as {{pairs: 6}}, not {capacity!r}"))
    layout = Layout(shown, width, height, safe, images=dict(context.get("images") or {}), capacity=dict(capacity))
    for raw in data["elements"]:
        if not isinstance(raw, dict) or len(raw) < 1:
            bad(None, f"an element must be a mapping, not {raw!r}")
            continue
        kind = raw.get("el")
        eid = raw.get("id")
        if kind not in ELEMENTS:
            bad(eid, f"unknown element kind {kind!r}; choose one of: {', '.join(ELEMENTS)}")
            continue
        required, optional = ELEMENTS[kind]
        props = {**COMMON, **optional}
        ok = True
        for key, value in raw.items():
            if key == "el":
                continue
            if key not in props and key not in required:
                bad(eid, f"unknown key '{key}' for a {kind}; expected: {', '.join(required + tuple(optional) + tuple(COMMON))}")
                ok = False
            props[key] = value
        for key in required:
            if key not in raw:
                bad(eid, f"a {kind} needs '{key}'")
                ok = False
        if not ok:
            continue
        message = _check_props(kind, props)
        if message:
            bad(eid, message, props.get("text"))
            continue
        if kind == "image" and (not isinstance(props["src"], str) or props["src"] not in layout.images):
            bad(eid, f"image {props['src']!r} is not a picture of this item ({', '.join(layout.images) or 'it has none'})")
            continue
        if kind == "text":
            message = _fit_text(props)
            if message:
                bad(eid, message, props["text"])
                continue
        if props["layer"] == "content" and safe > 0:
            x0, y0, x1, y1 = bbox(kind, props)
            tol = 0.05
            if x0 < safe - tol or y0 < safe - tol or x1 > width - safe + tol or y1 > height - safe + tol:
                bad(
                    eid,
                    f"{_describe(kind, props)} reaches outside the safe zone "
                    f"({safe:g} mm inside the {width:g} × {height:g} mm edge): "
                    f"it spans x {x0:.1f}–{x1:.1f}, y {y0:.1f}–{y1:.1f} mm",
                )
                continue
        layout.elements.append(Element(kind, props))
    _check_clear(layout, bad)
    if faults:
        raise TemplateError(faults)
    return layout


def _check_clear(layout: Layout, bad: Callable[[str | None, str], None]) -> None:
    """Elements marked ``clear`` must not overlap one another (their boxes
    may touch): the first overlap is the fault, as one usually causes many."""
    placed: list[tuple[tuple[float, float, float, float], Element]] = []
    for el in layout.elements:
        if el.props.get("clear") is not True:
            continue
        box = bbox(el.kind, el.props)
        for other_box, other in placed:
            overlap_w = min(box[2], other_box[2]) - max(box[0], other_box[0])
            overlap_h = min(box[3], other_box[3]) - max(box[1], other_box[1])
            if overlap_w > 0.1 and overlap_h > 0.1:
                bad(
                    el.props["id"],
                    f"{_describe(el.kind, el.props)} overlaps element '{other.props['id']}' by "
                    f"{overlap_w:.1f} × {overlap_h:.1f} mm: the layout does not fit a {layout.width:g} × "
                    f"{layout.height:g} mm item; choose a bigger card size",
                )
                return
        placed.append((box, el))


def _describe(kind: str, props: dict[str, Any]) -> str:
    if kind == "text":
        return f"text '{props['text']}'"
    return f"the {kind}"


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


#: Lengths that must not be negative (w and h must be more than 0).
SIZES = ("w", "h", "r", "size", "lw", "width", "min_size", "least")
OPTIONAL_SIZES = ("width", "min_size", "least")
NUMBERS = ("x", "y", "x1", "y1", "x2", "y2", "rotate", *SIZES)


def _check_props(kind: str, p: dict[str, Any]) -> str:
    for key in NUMBERS:
        if key not in p or (p[key] is None and key in OPTIONAL_SIZES):
            continue
        value = p[key]
        if not _num(value) or not math.isfinite(value):
            return f"'{key}' must be a number (mm), not {value!r}"
        if key in SIZES and (value < 0 or (key in ("w", "h") and value == 0)):
            return f"'{key}' must be more than 0, not {value!r}"
    dash = p.get("dash")
    if dash is not None and not (isinstance(dash, list) and dash and all(_num(d) and math.isfinite(d) and d > 0 for d in dash)):
        return f"'dash' must be a list of lengths such as [1.0, 0.8], not {dash!r}"
    for key in ("fill", "stroke"):
        if key in p and p[key] is not None and not (isinstance(p[key], str) and _COLOR.match(p[key])):
            return f"'{key}' must be a colour like \"#1A2B3C\" or null, not {p[key]!r}"
    if p["layer"] not in LAYERS:
        return f"layer must be one of {', '.join(LAYERS)}, not {p['layer']!r}"
    if kind == "text":
        if not isinstance(p["text"], str):
            p["text"] = str(p["text"])
        if p["font"] not in fonts.FONTS:
            return f"font must be one of {', '.join(fonts.FONTS)}, not {p['font']!r}"
        if p["align"] not in ("left", "center", "right"):
            return f"align must be left, center or right, not {p['align']!r}"
        if p["rotate"] not in (0, 180):
            return f"rotate must be 0 or 180, not {p['rotate']!r}"
        missing = fonts.missing_glyphs(p["text"], p["font"])
        if missing:
            return f"text '{p['text']}' has characters the font cannot draw: {missing}"
    if kind == "rect" and p["least"] is not None and min(p["w"], p["h"]) + 1e-6 < p["least"]:
        note = f": {p['note']}" if p["note"] else ""
        return f"the box is {p['w']:.1f} × {p['h']:.1f} mm, smaller than the {p['least']:g} mm each way a pen needs to mark it{note}"
    if kind == "shape" and p["name"] not in SHAPES:
        return f"shape {p['name']!r} is unknown; choose one of: {', '.join(SHAPES)}"
    return ""


def _fit_text(p: dict[str, Any]) -> str:
    """Shrink text to its ``width`` (down to ``min_size``) or report the overflow."""
    if p["width"] is None:
        return ""
    size = float(p["size"])
    min_size = float(p["min_size"] if p["min_size"] is not None else size * 0.8)
    w = to_mm(fonts.width(p["text"], p["font"], size))
    if w <= p["width"] + 1e-6:
        return ""
    fitted = size * p["width"] / w
    if fitted + 1e-6 < min_size:
        text = p["text"]
        fits = max((k for k in range(len(text) + 1) if to_mm(fonts.width(text[:k], p["font"], min_size)) <= p["width"] + 1e-6), default=0)
        return (
            f"text '{text}' is {w:.1f} mm wide at {size:g} pt; the box is {p['width']:g} mm "
            f"and it would need {fitted:.1f} pt (smallest allowed {min_size:g} pt): shorten it; "
            f"at most {fits} of its {len(text)} characters fit at {min_size:g} pt"
        )
    p["size"] = fitted
    return ""


def text_width(p: dict[str, Any]) -> float:
    return text_width_mm(p["text"], p["size"], p["font"])


def bbox(kind: str, p: dict[str, Any]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm, y downwards."""
    if kind in ("rect", "image"):
        return (p["x"], p["y"], p["x"] + p["w"], p["y"] + p["h"])
    if kind == "circle":
        return (p["x"] - p["r"], p["y"] - p["r"], p["x"] + p["r"], p["y"] + p["r"])
    if kind == "line":
        return (min(p["x1"], p["x2"]), min(p["y1"], p["y2"]), max(p["x1"], p["x2"]), max(p["y1"], p["y2"]))
    if kind == "shape":
        h = p["size"] / 2
        return (p["x"] - h, p["y"] - h, p["x"] + h, p["y"] + h)
    w = text_width(p)
    size_mm = float(p["size"]) * MM_PER_IN / 72
    x = p["x"]
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[p["align"]]
    up, down = ASCENT * size_mm, DESCENT * size_mm
    if p["rotate"] == 180:
        x0 = 2 * x - (x0 + w)
        return (x0, p["y"] - down, x0 + w, p["y"] + up)
    return (x0, p["y"] - up, x0 + w, p["y"] + down)

