"""Drawing: a checked layout on a reportlab canvas, each element drawing
itself with the layout's :class:`~hi5pnp.render.elements.pen.Pen`; and the colours
every drawing shares.

Knows nothing of pages or positions on them: the caller translates the
canvas to an item's lower-left corner (see :mod:`hi5pnp.kit.sheets.cardsheets`).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .elements.pen import Pen, color
from .layout import Layout
from .units import pt

__all__ = ["TEAM_COLORS", "color", "draw_layout"]

#: Each team's colour, on the tokens, in the rulebook's pictures and in the judge's.
TEAM_COLORS = {"north": "#2E4A8C", "south": "#B5512A"}


def draw_layout(c: Canvas, layout: Layout, clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw ``layout`` with its top-left corner at (0, height) of the current
    user space (points). ``clip``: (left, bottom, right, top) in mm from the
    trim box's lower-left corner; backgrounds may reach into the bleed up to it."""
    c.saveState()
    if clip is not None:
        x0, y0, x1, y1 = clip
        path = c.beginPath()
        path.rect(pt(x0), pt(y0), pt(x1 - x0), pt(y1 - y0))
        c.clipPath(path, stroke=0, fill=0)
    pen = Pen(c, layout.height, layout.images, layout.icons)
    for el in layout.elements:
        el.draw(pen)
    c.restoreState()
