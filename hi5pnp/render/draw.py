"""Drawing: turns checked layout elements into reportlab canvas operations.

Knows nothing of pages or positions on them: the caller translates the
canvas to an item's lower-left corner (see :mod:`hi5pnp.sheets`).
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from . import fonts
from .layout import Layout
from .pictures import draw_picture
from .shapes import add_shape, circle_path
from .units import pt

_colors: dict[str, HexColor] = {}


#: Each team's colour, on the tokens, in the rulebook's pictures and in the judge's.
TEAM_COLORS = {"north": "#2E4A8C", "south": "#B5512A"}


def color(hexv: str) -> HexColor:
    c = _colors.get(hexv)
    if c is None:
        c = _colors[hexv] = HexColor(hexv)
    return c


class _Pen:
    """The graphics state of one layout's drawing, so that each colour, width
    and dash is written only when it changes. (State set inside a
    saveState/restoreState pair never changes these.)"""

    def __init__(self, c):
        self.c = c
        self.fill = self.stroke = self.lw = self.dash = None

    def fill_with(self, hexv: str) -> None:
        if hexv != self.fill:
            self.c.setFillColor(color(hexv))
            self.fill = hexv

    def paint(self, p) -> tuple[int, int]:
        fill, stroke = p.get("fill"), p.get("stroke")
        if fill:
            self.fill_with(fill)
        if stroke:
            if stroke != self.stroke:
                self.c.setStrokeColor(color(stroke))
                self.stroke = stroke
            lw = p.get("lw", 0.3)
            if lw != self.lw:
                self.c.setLineWidth(pt(lw))
                self.lw = lw
            dash = tuple(p.get("dash") or ())
            if dash != self.dash:
                self.c.setDash([pt(d) for d in dash])
                self.dash = dash
        return (1 if stroke else 0, 1 if fill else 0)


def draw_layout(c, layout: Layout, clip: tuple[float, float, float, float] | None = None) -> None:
    """Draw ``layout`` with its top-left corner at (0, height) of the current
    user space (points). ``clip``: (left, bottom, right, top) in mm from the
    trim box's lower-left corner; backgrounds may reach into the bleed up to it."""
    H = layout.height
    c.saveState()
    if clip is not None:
        x0, y0, x1, y1 = clip
        path = c.beginPath()
        path.rect(pt(x0), pt(y0), pt(x1 - x0), pt(y1 - y0))
        c.clipPath(path, stroke=0, fill=0)
    pen = _Pen(c)
    for el in layout.elements:
        p = el.props
        kind = el.kind
        if kind == "rect":
            stroke, fill = pen.paint(p)
            if stroke or fill:
                x, y, w, h = pt(p["x"]), pt(H - p["y"] - p["h"]), pt(p["w"]), pt(p["h"])
                if p["r"]:
                    c.roundRect(x, y, w, h, pt(p["r"]), stroke=stroke, fill=fill)
                else:
                    c.rect(x, y, w, h, stroke=stroke, fill=fill)
        elif kind == "circle":
            stroke, fill = pen.paint(p)
            if stroke or fill:
                path = c.beginPath()
                circle_path(path, pt(p["x"]), pt(H - p["y"]), pt(p["r"]))
                c.drawPath(path, stroke=stroke, fill=fill, fillMode=0)
        elif kind == "line":
            pen.paint(p)
            c.line(pt(p["x1"]), pt(H - p["y1"]), pt(p["x2"]), pt(H - p["y2"]))
        elif kind == "shape":
            pen.fill_with(p["fill"])
            path = c.beginPath()
            if p["rotate"]:
                c.saveState()
                c.translate(pt(p["x"]), pt(H - p["y"]))
                c.rotate(-p["rotate"])
                add_shape(path, p["name"], 0, 0, pt(p["size"]))
                c.drawPath(path, stroke=0, fill=1, fillMode=0)
                c.restoreState()
            else:
                add_shape(path, p["name"], pt(p["x"]), pt(H - p["y"]), pt(p["size"]))
                c.drawPath(path, stroke=0, fill=1, fillMode=0)
        elif kind == "text":
            pen.fill_with(p["fill"])
            _draw_text(c, p, H)
        elif kind == "image":
            draw_picture(c, layout.images[p["src"]], pt(p["x"]), pt(H - p["y"] - p["h"]), pt(p["w"]), pt(p["h"]))
    c.restoreState()


def _draw_text(c, p, H: float) -> None:
    c.setFont(fonts.font_name(p["font"]), p["size"])
    x, y = pt(p["x"]), pt(H - p["y"])
    draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[p["align"]]
    if p["rotate"] == 180:
        c.saveState()
        c.translate(x, y)
        c.rotate(180)
        draw(0, 0, p["text"])
        c.restoreState()
    else:
        draw(x, y, p["text"])
