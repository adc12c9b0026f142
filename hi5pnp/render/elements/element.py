"""What every layout element shares, and how an element's values are read.

Each kind of element (:mod:`hi5pnp.render.elements.figures`, :mod:`hi5pnp.render.elements.text`)
is a frozen dataclass whose fields are the keys a template writes, and
knows its own check (:meth:`Element.read`), bounds and drawing. This module
holds their common part: ``id``, ``layer`` and ``clear``, and
:class:`Given`, the reader that turns a template's mapping into typed values,
the first wrong one an :class:`ElementFault`.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import ClassVar, Literal, Self, TypedDict, TypeGuard

from ...deck import Picture
from ...deck.pictures.icons import Icon
from ...errors import Hi5Error
from .pen import Pen

#: (x0, y0, x1, y1) in mm from the item's top-left corner, y downwards
Box = tuple[float, float, float, float]
Layer = Literal["content", "background", "decoration"]
LAYERS: tuple[Layer, ...] = ("content", "background", "decoration")
#: the keys every kind of element takes, after its own
COMMON = ("id", "layer", "clear")
_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")


class Common(TypedDict):
    """The values every kind takes, read (:meth:`Given.common`)."""

    id: str | None
    layer: Layer
    clear: bool


class ElementFault(Hi5Error):
    """What is wrong with one element, in words (the layout's check adds
    which element, and where it is written, and raises a TemplateError)."""


def _is_layer(value: object) -> TypeGuard[Layer]:
    return value in LAYERS


@dataclass(frozen=True, kw_only=True)
class Element(ABC):
    """One checked element of a layout. ``id`` names it in messages;
    ``layer`` "content" must stay inside the safe zone; ``clear`` elements
    may not overlap one another."""

    KIND: ClassVar[str]  # the name a template gives it (``el: rect``)

    id: str | None = None
    layer: Layer = "content"
    clear: bool = False

    @classmethod
    def keys(cls) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The keys a template must write, and those it may (the common ones last)."""
        return _keys(cls)

    @classmethod
    def allowed(cls) -> tuple[frozenset[str], frozenset[str]]:
        """Every key a template may write for this kind (``el`` too), and those it must."""
        return _allowed(cls)

    @classmethod
    @abstractmethod
    def read(cls, given: Given) -> Self:
        """The element ``given`` writes, checked: a wrong value is an
        :class:`ElementFault`, the first in the order of :meth:`Given.numbers`."""

    @abstractmethod
    def bounds(self) -> Box:
        """The box the element covers, in mm."""

    @abstractmethod
    def draw(self, pen: Pen) -> None:
        """Draw the element with ``pen`` on its canvas."""

    def overhang(self) -> float:
        """How far the drawn ink reaches beyond :meth:`bounds` (half a stroke), in mm."""
        return 0.0

    def describe(self) -> str:
        """The element in a message: "the rect"."""
        return f"the {self.KIND}"


class Given:
    """An element's mapping as its template writes it (every key known, every
    required one there), the kind's defaults filled in, each value read as
    its field wants it."""

    def __init__(
        self,
        kind: type[Element],
        raw: Mapping[str, object],
        pictures: Mapping[str, Picture],
        icons: Mapping[str, Icon] | None = None,
        fonts: Mapping[str, str] | None = None,
    ) -> None:
        self.values: dict[str, object] = {**_defaults(kind), **raw}
        self.pictures = pictures
        self.icons: Mapping[str, Icon] = icons or {}  # SVG icons by name, beside the built-in shapes
        self.fonts: Mapping[str, str] = fonts or {}  # the layout's own fonts: style -> registered name

    def font(self) -> str:
        """``font``: regular, bold, italic or one the layout brings (``fonts:``), as registered."""
        font = self.values["font"]
        if isinstance(font, str) and font in self.fonts:
            return self.fonts[font]
        if isinstance(font, str) and font in _STYLES:
            return font
        raise ElementFault(f"font must be one of {', '.join([*_STYLES, *(f for f in self.fonts if f not in _STYLES)])}, not {font!r}")

    def numbers(self, *keys: str) -> dict[str, float]:
        """The lengths and angles ``keys`` (checked in this order: x, y, x1,
        y1, x2, y2, rotate, w, h, r, size, lw, width, min_size, least):
        finite numbers; w and h more than 0; r, size, lw, width, min_size and
        least not negative; width, min_size and least may be null."""
        out: dict[str, float] = {}
        values = self.values
        for key in sorted(keys, key=_ORDER.__getitem__):
            value = values[key]
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
                if (value < 0 and key in _LENGTHS) or (value == 0 and key in ("w", "h")):
                    raise ElementFault(f"'{key}' must be more than 0, not {value!r}")
                out[key] = value
            elif value is not None or key not in _OPTIONAL:
                raise ElementFault(f"'{key}' must be a number (mm), not {value!r}")
        return out

    def dash(self) -> tuple[float, ...] | None:
        """``dash``: null, or a list of positive lengths."""
        dash = self.values["dash"]
        if dash is None:
            return None
        if isinstance(dash, list) and dash and all(not isinstance(d, bool) and isinstance(d, (int, float)) and math.isfinite(d) and d > 0 for d in dash):
            return tuple(dash)
        raise ElementFault(f"'dash' must be a list of lengths such as [1.0, 0.8], not {dash!r}")

    def color(self, key: str) -> str | None:
        """A colour, ``#RRGGBB``, or null."""
        value = self.values[key]
        if value is None or (isinstance(value, str) and _COLOR.match(value)):
            return value
        raise ElementFault(f"'{key}' must be a colour like \"#1A2B3C\" or null, not {value!r}")

    def common(self) -> Common:
        """``id``, ``layer`` and ``clear``, checked (after the kind's numbers and colours)."""
        layer, clear, eid = self.values["layer"], self.values["clear"], self.values["id"]
        if not _is_layer(layer):
            raise ElementFault(f"layer must be one of {', '.join(LAYERS)}, not {layer!r}")
        if not isinstance(clear, bool):
            raise ElementFault(f"clear must be true or false, not {clear!r}")
        return {"id": None if eid is None else str(eid), "layer": layer, "clear": clear}

    def text(self, key: str) -> str:
        """A value written as text (a number is its digits)."""
        value = self.values[key]
        return value if isinstance(value, str) else str(value)


_STYLES = ("regular", "bold", "italic")  # the built-in styles (hi5pnp.render.fonts.FONTS)
_LENGTHS = ("w", "h", "r", "size", "lw", "width", "min_size", "least")
_OPTIONAL = ("width", "min_size", "least")
_ORDER = {key: rank for rank, key in enumerate(("x", "y", "x1", "y1", "x2", "y2", "rotate", *_LENGTHS))}


@cache
def _keys(kind: type[Element]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    own = [f for f in fields(kind) if f.name not in COMMON]
    return tuple(f.name for f in own if f.default is MISSING), tuple(f.name for f in own if f.default is not MISSING) + COMMON


@cache
def _allowed(kind: type[Element]) -> tuple[frozenset[str], frozenset[str]]:
    required, optional = _keys(kind)
    return frozenset(("el", *required, *optional)), frozenset(required)


@cache
def _defaults(kind: type[Element]) -> dict[str, object]:
    return {f.name: f.default for f in fields(kind) if f.default is not MISSING}
