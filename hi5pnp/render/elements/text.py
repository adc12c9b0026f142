"""A layout's text element: one line in an embedded font, shrunk to its
``width`` when it has one, with its own check, bounds and drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Self, TypeGuard

from .. import fonts
from ..units import MM_PER_IN, pt, to_mm
from .element import Box, Element, ElementFault, Given
from .pen import Pen

Align = Literal["left", "center", "right"]
ALIGNS: tuple[Align, ...] = ("left", "center", "right")
ASCENT, DESCENT = 0.76, 0.24  # of the font size, for Vera


def text_width_mm(text: str, size: float, font: str = "regular") -> float:
    """The width of ``text`` in mm."""
    return to_mm(fonts.width(str(text), font, float(size)))


def _is_align(value: object) -> TypeGuard[Align]:
    return value in ALIGNS


@dataclass(frozen=True, kw_only=True)
class Text(Element):
    """``text`` at (x, y), its baseline there, ``size`` points; with a
    ``width``, shrunk to fit it, down to ``min_size`` (80 % of ``size``
    when not given); ``rotate`` 180 turns it upside down about (x, y). None
    drawn when ``fill`` is null."""

    KIND = "text"

    x: float
    y: float
    text: str
    size: float  # as drawn: shrunk to the width when it had to be
    font: str = "regular"
    fill: str | None = "#000000"
    align: Align = "left"
    width: float | None = None
    rotate: float = 0
    min_size: float | None = None

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "rotate", "size", "width", "min_size")
        fill = given.color("fill")
        common = given.common()
        text = given.text("text")
        font, align = given.font(), given.values["align"]
        if not _is_align(align):
            raise ElementFault(f"align must be left, center or right, not {align!r}")
        if n["rotate"] not in (0, 180):
            raise ElementFault(f"rotate must be 0 or 180, not {n['rotate']!r}")
        missing = fonts.missing_glyphs(text, font)
        if missing:
            raise ElementFault(f"text '{text}' has characters the font cannot draw: {missing}")
        width, min_size = n.get("width"), n.get("min_size")
        size = n["size"] if width is None else _fitted(text, font, n["size"], width, min_size)
        return cls(**common, x=n["x"], y=n["y"], text=text, size=size, font=font, fill=fill, align=align, width=width, rotate=n["rotate"], min_size=min_size)

    def describe(self) -> str:
        return f"text '{shown(self.text)}'"

    def bounds(self) -> Box:
        w = text_width_mm(self.text, self.size, self.font)
        size_mm = float(self.size) * MM_PER_IN / 72
        x = self.x
        x0 = {"left": x, "center": x - w / 2, "right": x - w}[self.align]
        up, down = ASCENT * size_mm, DESCENT * size_mm
        if self.rotate == 180:
            x0 = 2 * x - (x0 + w)
            return (x0, self.y - down, x0 + w, self.y + up)
        return (x0, self.y - up, x0 + w, self.y + down)

    def draw(self, pen: Pen) -> None:
        if not self.fill:
            return
        c = pen.c
        pen.fill_with(self.fill)
        c.setFont(fonts.font_name(self.font), self.size)
        x, y = pt(self.x), pt(pen.height - self.y)
        draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[self.align]
        if self.rotate == 180:
            c.saveState()
            c.translate(x, y)
            c.rotate(180)
            draw(0, 0, self.text)
            c.restoreState()
        else:
            draw(x, y, self.text)


MOST_SHOWN = 60  # characters of a text a fault quotes


def shown(text: str) -> str:
    """A text as a fault quotes it: its first :data:`MOST_SHOWN` characters."""
    return text if len(text) <= MOST_SHOWN else f"{text[:MOST_SHOWN]}… ({len(text):,} characters)"


def _most_that_fit(text: str, font: str, size: float, width: float) -> int:
    """How many of ``text``'s first characters fit ``width`` mm at ``size``."""
    return fonts.longest(len(text), lambda k: to_mm(fonts.width(text[:k], font, size)) <= width + 1e-6)


def _fitted(text: str, font: str, size: float, width: float, min_size: float | None) -> float:
    """The size ``text`` is drawn at to fit ``width`` mm: ``size``, or smaller
    down to ``min_size``; an :class:`ElementFault` when it would need to be smaller."""
    given = float(size)
    least = float(min_size if min_size is not None else given * 0.8)
    w = to_mm(fonts.width(text, font, given))
    if w <= width + 1e-6:
        return size
    fitted = given * width / w
    if fitted + 1e-6 < least:
        fits = _most_that_fit(text, font, least, width)
        raise ElementFault(
            f"text '{shown(text)}' is {w:.1f} mm wide at {given:g} pt; the box is {width:g} mm "
            f"and it would need {fitted:.1f} pt (smallest allowed {least:g} pt): shorten it; "
            f"at most {fits} of its {len(text)} characters fit at {least:g} pt"
        )
    return fitted
