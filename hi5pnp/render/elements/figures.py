"""The drawn figures of a layout: rect, circle, line, shape and image, each
with its own check, bounds and drawing (text is :mod:`hi5pnp.render.elements.text`).

Lengths are mm from the item's top-left corner, y downwards; the pen turns
them into points on the canvas, y upwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ..icons import fill_icon, known
from ..pictures import draw_picture
from ..shapes import SHAPES, circle_path
from ..units import pt
from .element import Box, Element, ElementFault, Given
from .pen import Pen


@dataclass(frozen=True, kw_only=True)
class Rect(Element):
    """A box, its corners rounded by ``r``. ``least``: the smallest width and
    height it may have (a box marked by hand); ``note``: why, for the message."""

    KIND = "rect"

    x: float
    y: float
    w: float
    h: float
    r: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    lw: float = 0.3
    dash: tuple[float, ...] | None = None
    least: float | None = None
    note: str | None = None

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "w", "h", "r", "lw", "least")
        dash, fill, stroke = given.dash(), given.color("fill"), given.color("stroke")
        common = given.common()
        note = given.values["note"]
        least, why = n.get("least"), str(note) if note else None
        rect = cls(**common, x=n["x"], y=n["y"], w=n["w"], h=n["h"], r=n["r"], fill=fill, stroke=stroke, lw=n["lw"], dash=dash, least=least, note=why)
        if least is not None and min(rect.w, rect.h) + 1e-6 < least:
            said = f": {why}" if why else ""
            raise ElementFault(f"the box is {rect.w:.1f} × {rect.h:.1f} mm, smaller than the {least:g} mm each way a pen needs to mark it{said}")
        return rect

    def bounds(self) -> Box:
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def overhang(self) -> float:
        return self.lw / 2 if self.stroke else 0.0

    def draw(self, pen: Pen) -> None:
        stroke, fill = pen.paint(self.fill, self.stroke, self.lw, self.dash)
        if stroke or fill:
            x, y, w, h = pt(self.x), pt(pen.height - self.y - self.h), pt(self.w), pt(self.h)
            if self.r:
                pen.c.roundRect(x, y, w, h, pt(self.r), stroke=stroke, fill=fill)
            else:
                pen.c.rect(x, y, w, h, stroke=stroke, fill=fill)


@dataclass(frozen=True, kw_only=True)
class Circle(Element):
    """A circle of radius ``r`` centred on (x, y)."""

    KIND = "circle"

    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    lw: float = 0.3
    dash: tuple[float, ...] | None = None

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "r", "lw")
        dash, fill, stroke = given.dash(), given.color("fill"), given.color("stroke")
        return cls(**given.common(), x=n["x"], y=n["y"], r=n["r"], fill=fill, stroke=stroke, lw=n["lw"], dash=dash)

    def bounds(self) -> Box:
        return (self.x - self.r, self.y - self.r, self.x + self.r, self.y + self.r)

    def overhang(self) -> float:
        return self.lw / 2 if self.stroke else 0.0

    def draw(self, pen: Pen) -> None:
        stroke, fill = pen.paint(self.fill, self.stroke, self.lw, self.dash)
        if stroke or fill:
            path = pen.c.beginPath()
            circle_path(path, pt(self.x), pt(pen.height - self.y), pt(self.r))
            pen.c.drawPath(path, stroke=stroke, fill=fill, fillMode=0)


@dataclass(frozen=True, kw_only=True)
class Line(Element):
    """A straight line from (x1, y1) to (x2, y2); none drawn when ``stroke`` is null."""

    KIND = "line"

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str | None = "#000000"
    lw: float = 0.3
    dash: tuple[float, ...] | None = None

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x1", "y1", "x2", "y2", "lw")
        dash, stroke = given.dash(), given.color("stroke")
        return cls(**given.common(), x1=n["x1"], y1=n["y1"], x2=n["x2"], y2=n["y2"], stroke=stroke, lw=n["lw"], dash=dash)

    def bounds(self) -> Box:
        return (min(self.x1, self.x2), min(self.y1, self.y2), max(self.x1, self.x2), max(self.y1, self.y2))

    def overhang(self) -> float:
        return self.lw / 2 if self.stroke else 0.0

    def draw(self, pen: Pen) -> None:
        if pen.paint(None, self.stroke, self.lw, self.dash)[0]:
            pen.c.line(pt(self.x1), pt(pen.height - self.y1), pt(self.x2), pt(pen.height - self.y2))


@dataclass(frozen=True, kw_only=True)
class Shape(Element):
    """A glyph or icon (:data:`hi5pnp.render.shapes.SHAPES`) ``size`` mm
    across, centred on (x, y), turned ``rotate`` degrees clockwise; none
    drawn when ``fill`` is null."""

    KIND = "shape"

    x: float
    y: float
    size: float
    name: str
    fill: str | None = "#000000"
    rotate: float = 0

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "rotate", "size")
        fill = given.color("fill")
        common = given.common()
        name = given.values["name"]
        if not isinstance(name, str) or not known(name, given.icons):
            raise ElementFault(f"shape {name!r} is unknown; choose one of: {', '.join([*SHAPES, *sorted(set(given.icons) - set(SHAPES))])}")
        return cls(**common, x=n["x"], y=n["y"], size=n["size"], name=name, fill=fill, rotate=n["rotate"])

    def bounds(self) -> Box:
        h = self.size / 2
        return (self.x - h, self.y - h, self.x + h, self.y + h)

    def draw(self, pen: Pen) -> None:
        if not self.fill:
            return
        pen.fill_with(self.fill)
        fill_icon(pen.c, self.name, pt(self.x), pt(pen.height - self.y), pt(self.size), pen.icons, self.rotate)


@dataclass(frozen=True, kw_only=True)
class Image(Element):
    """A picture of the item (a face's art, by its ``src``), fitted inside
    the box, centred, its proportions kept."""

    KIND = "image"

    x: float
    y: float
    w: float
    h: float
    src: str

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "w", "h")
        common = given.common()
        src = given.values["src"]
        if not isinstance(src, str) or src not in given.pictures:
            raise ElementFault(f"image {src!r} is not a picture of this item ({', '.join(given.pictures) or 'it has none'})")
        return cls(**common, x=n["x"], y=n["y"], w=n["w"], h=n["h"], src=src)

    def bounds(self) -> Box:
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def draw(self, pen: Pen) -> None:
        draw_picture(pen.c, pen.pictures[self.src], pt(self.x), pt(pen.height - self.y - self.h), pt(self.w), pt(self.h))
