"""The pen a layout is drawn with: a reportlab canvas, the layout's height
(y runs down in a layout, up on the canvas) and its pictures, and the
graphics state, so that each colour, width and dash is written only when
it changes."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ...deck import Picture
from ...deck.pictures.icons import Icon
from ..units import pt

_colors: dict[str, Color] = {}


def color(hexv: str) -> Color:
    """The reportlab colour of ``#RRGGBB`` (made once per value)."""
    c = _colors.get(hexv)
    if c is None:
        c = _colors[hexv] = HexColor(hexv)
    return c


class Pen:
    """Draws one layout on ``c``, whose top-left corner is at (0, ``height``
    points of the layout's mm) of the current user space. (State set inside
    a saveState/restoreState pair never changes the pen's.)"""

    def __init__(self, c: Canvas, height: float, pictures: Mapping[str, Picture], icons: Mapping[str, Icon] | None = None) -> None:
        self.c = c
        self.height = height  # mm
        self.pictures = pictures  # what image elements show, by their src
        self.icons: Mapping[str, Icon] = icons or {}  # SVG icons shape elements draw, by name
        self.fill: str | None = None
        self.stroke: str | None = None
        self.lw: float | None = None
        self.dash: tuple[float, ...] | None = None

    def fill_with(self, hexv: str) -> None:
        if hexv != self.fill:
            self.c.setFillColor(color(hexv))
            self.fill = hexv

    def paint(self, fill: str | None, stroke: str | None, lw: float, dash: tuple[float, ...] | None) -> tuple[int, int]:
        """Set the fill and the stroke (its width and dash) an element asks
        for; (1 if it has a stroke, 1 if it has a fill), as reportlab's
        ``stroke`` and ``fill`` arguments take them."""
        if fill:
            self.fill_with(fill)
        if stroke:
            if stroke != self.stroke:
                self.c.setStrokeColor(color(stroke))
                self.stroke = stroke
            if lw != self.lw:
                self.c.setLineWidth(pt(lw))
                self.lw = lw
            dashes = dash or ()
            if dashes != self.dash:
                self.c.setDash([pt(d) for d in dashes])
                self.dash = dashes
        return (1 if stroke else 0, 1 if fill else 0)
