"""Layouts: what a layout template describes, checked before anything is drawn.

A rendered layout template (see :mod:`hi5pnp.render.template`) is YAML: an
optional ``size``, a ``safe`` inset and a list of named ``elements``. Lengths
are in millimetres, measured from the top-left corner of the item, y
downwards. An element that cannot be drawn (an unknown key, text that
overflows its box, something important outside the safe zone) is a
:class:`TemplateError` naming the template and its line.

Each kind of element (``el: rect``, ``circle``, ``line``, ``text``, ``shape``,
``image``) is a class of its own (:mod:`hi5pnp.render.elements.figures`,
:mod:`hi5pnp.render.elements.text`) that reads and checks its values, and knows its
bounds and how it is drawn; this module checks what they share: the keys
written, the safe zone and elements marked ``clear``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..deck import Picture
from ..deck.pictures.icons import Icon
from ..errors import Fault, TemplateError
from .elements.element import Element, ElementFault, Given
from .elements.figures import Circle, Image, Line, Rect, Shape
from .elements.paragraph import Para
from .elements.text import Text

#: each kind of element by the name a template gives it (``el: rect``), in the order messages list them
KINDS: dict[str, type[Element]] = {kind.KIND: kind for kind in (Rect, Circle, Line, Text, Para, Shape, Image)}


@dataclass(frozen=True)
class Layout:
    """A rendered template: its name as messages show it, size (mm), safe-zone inset and elements."""

    template: str
    width: float
    height: float
    safe: float
    elements: tuple[Element, ...] = ()
    images: Mapping[str, Picture] = field(default_factory=dict)  # what image elements show, by their src
    capacity: Mapping[str, int] = field(default_factory=dict)  # what a page holds, as its template declares (the token sheet's)
    icons: Mapping[str, Icon] = field(default_factory=dict)  # SVG icons its shapes may name, beside the built-in ones
    fonts: Mapping[str, str] = field(default_factory=dict)  # the fonts it brings (``fonts:``): style -> registered name


def line_of_id(source: str, element_id: str) -> int:
    """The line of ``source`` (a template) that writes the element ``element_id``, or 0."""
    pattern = re.compile(r"\bid:\s*['\"]?" + re.escape(element_id) + r"\b")
    for i, line in enumerate(source.splitlines(), 1):
        if pattern.search(line):
            return i
    return 0


#: Where an element is written: its id -> (file as messages show it, line; 0 when unknown)
Locate = Callable[[str | None], tuple[str, int]]


def check_layout(data: object, shown: str, locate: Locate, context: Mapping[str, Any]) -> Layout:
    """The layout ``data`` (a rendered template, named ``shown``, read as YAML)
    describes, every element checked; a fault names the file and line that
    write the element (``locate``)."""
    faults: list[Fault] = []
    written: Mapping[str, Fault] = context.get("written") or {}  # deck text -> where the deck writes it

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

    layout, raws = _frame(data, shown, context)
    elements: list[Element] = []
    for raw in raws:
        if not isinstance(raw, dict) or len(raw) < 1:
            bad(None, f"an element must be a mapping, not {raw!r}")
            continue
        eid = None if raw.get("id") is None else str(raw["id"])
        try:
            el = _element(raw, layout)
        except ElementFault as fault:
            bad(eid, str(fault), raw.get("text"))
            continue
        except _Unread as unread:
            for message in unread.messages:
                bad(eid, message)
            continue
        outside = _outside(el, layout)
        if outside:
            bad(eid, outside)
            continue
        elements.append(el)
    _check_clear(layout, elements, bad)
    if faults:
        raise TemplateError(faults)
    return Layout(layout.template, layout.width, layout.height, layout.safe, tuple(elements), layout.images, layout.capacity, layout.icons, layout.fonts)


def _frame(data: object, shown: str, context: Mapping[str, Any]) -> tuple[Layout, list[object]]:
    """The layout's size, safe inset, capacity and pictures (no elements yet), and its elements as written."""
    if not isinstance(data, dict) or not isinstance(data.get("elements"), list):
        raise TemplateError(Fault(shown, 0, 0, "a layout template must produce a mapping with an 'elements' list"))
    size = data.get("size")
    if size is None:
        size = context.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, (int, float)) and v > 0 for v in size)):
        raise TemplateError(Fault(shown, 0, 0, f"'size' must be [width, height] in mm, not {size!r}"))
    safe = data.get("safe", 0.0)
    if isinstance(safe, bool) or not isinstance(safe, (int, float)) or not math.isfinite(safe) or safe < 0:
        raise TemplateError(Fault(shown, 0, 0, f"'safe' must be a length in mm, not {safe!r}"))
    unknown = sorted(set(data) - {"elements", "size", "safe", "capacity", "fonts"}, key=str)
    if unknown:
        raise TemplateError(Fault(shown, 0, 0, f"unknown top-level key '{unknown[0]}'; a layout has size, safe, capacity, fonts and elements"))
    own_fonts = _own_fonts(data.get("fonts"), shown, context)
    capacity = data.get("capacity") or {}
    if not (isinstance(capacity, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0 for k, v in capacity.items())):
        raise TemplateError(Fault(shown, 0, 0, f"'capacity' must map names to whole numbers of at least 0, such as {{pairs: 6}}, not {capacity!r}"))
    images = dict(context.get("images") or {})
    icons = dict(context.get("icons") or {})
    return Layout(shown, float(size[0]), float(size[1]), safe, images=images, capacity=dict(capacity), icons=icons, fonts=own_fonts), data["elements"]


def _own_fonts(given: object, shown: str, context: Mapping[str, Any]) -> dict[str, str]:
    """``fonts:`` of a layout: style name -> a font file of the templates
    folder's ``fonts/``, registered (the context's ``font_files`` reads one)."""
    if given is None:
        return {}
    if not (isinstance(given, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in given.items())):
        raise TemplateError(Fault(shown, 0, 0, f"'fonts' must map style names to font files, such as {{display: Lobster-Regular.ttf}}, not {given!r}"))
    read = context.get("font_files")
    if read is None:
        raise TemplateError(Fault(shown, 0, 0, "'fonts' names font files, but this layout is drawn without a templates folder to find them in"))
    return {style: read(file) for style, file in given.items()}


class _Unread(Exception):
    """An element of no known kind, or whose keys are wrong (unknown, or a
    required one missing): one message for each."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__(messages)
        self.messages = messages


def _element(raw: dict[Any, Any], layout: Layout) -> Element:
    """The element ``raw`` writes, of its kind, checked by its kind."""
    kind = raw.get("el")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _Unread([f"unknown element kind {kind!r}; choose one of: {', '.join(KINDS)}"])
    cls = KINDS[kind]
    allowed, needed = cls.allowed()
    if not (needed <= raw.keys() <= allowed):
        required, optional = cls.keys()
        expected = ", ".join(required + optional)
        unknown = [f"unknown key '{key}' for a {kind}; expected: {expected}" for key in raw if key not in allowed]
        raise _Unread(unknown + [f"a {kind} needs '{key}'" for key in required if key not in raw])
    return cls.read(Given(cls, raw, layout.images, layout.icons, layout.fonts))


def _outside(el: Element, layout: Layout) -> str:
    """Why a content element is not inside the layout's safe zone, or ""."""
    safe, width, height = layout.safe, layout.width, layout.height
    if el.layer != "content" or safe <= 0:
        return ""
    x0, y0, x1, y1 = el.bounds()
    tol = 0.05
    if x0 < safe - tol or y0 < safe - tol or x1 > width - safe + tol or y1 > height - safe + tol:
        return (
            f"{el.describe()} reaches outside the safe zone "
            f"({safe:g} mm inside the {width:g} × {height:g} mm edge): "
            f"it spans x {x0:.1f}–{x1:.1f}, y {y0:.1f}–{y1:.1f} mm"
        )
    return ""


def _check_clear(layout: Layout, elements: list[Element], bad: Callable[[str | None, str], None]) -> None:
    """Elements marked ``clear`` must not overlap one another (their boxes
    may touch): the first overlap is the fault, as one usually causes many."""
    placed: list[tuple[tuple[float, float, float, float], Element]] = []
    for el in elements:
        if not el.clear:
            continue
        box = el.bounds()
        for other_box, other in placed:
            overlap_w = min(box[2], other_box[2]) - max(box[0], other_box[0])
            overlap_h = min(box[3], other_box[3]) - max(box[1], other_box[1])
            if overlap_w > 0.1 and overlap_h > 0.1:
                bad(
                    el.id,
                    f"{el.describe()} overlaps element '{other.id}' by "
                    f"{overlap_w:.1f} × {overlap_h:.1f} mm: the layout does not fit a {layout.width:g} × "
                    f"{layout.height:g} mm item; choose a bigger card size",
                )
                return
        placed.append((box, el))
