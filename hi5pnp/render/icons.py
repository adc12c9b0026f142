"""Icons from SVG files drawn as vectors, and the one way every drawing asks
for a glyph or an icon by name.

A name is looked up first among the icons given (a deck's own SVG files,
then the templates folder's ``icons/``), then among the built-in shapes of
:mod:`hi5pnp.render.shapes`. An SVG icon is scaled to fit ``size`` points
square, centred on (cx, cy), its proportions kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..deck.pictures.icons import Icon, IconError, read_icon
from ..errors import Fault, TemplateError, shown_path
from .shapes import SHAPES, add_shape

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas  # what an icon is filled on: the caller's

ICON_FOLDER = "icons"  # a templates folder's SVG icons, each named for its file
FORM_SIZE = 10.0  # units across an SVG icon's form: drawn once so, then scaled to each use


def folder_icons(folder: Path) -> dict[str, Icon]:
    """The SVG icons in ``folder/icons`` (none when there is no such folder), by file name without ``.svg``."""
    where = folder / ICON_FOLDER
    if not where.is_dir():
        return {}
    icons = {}
    for path in sorted(where.glob("*.svg")):
        try:
            icons[path.stem] = read_icon(path, shown_path(path), folder.resolve())
        except IconError as exc:
            raise TemplateError(Fault(shown_path(path), 0, 0, str(exc))) from None
    return icons


def known(name: str, icons: Mapping[str, Icon]) -> bool:
    """Whether ``name`` is an icon given or a built-in shape."""
    return name in icons or name in SHAPES


class PathLike(Protocol):
    """What an icon is drawn into: a reportlab canvas path, or a graphics path behind these names."""

    def moveTo(self, x: float, y: float) -> None: ...
    def lineTo(self, x: float, y: float) -> None: ...
    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None: ...
    def close(self) -> None: ...


def add_icon(path: PathLike, name: str, cx: float, cy: float, size: float, icons: Mapping[str, Icon]) -> bool:
    """Add the icon or shape ``name`` to ``path`` (points, y up); whether it
    wants the even-odd fill rule (the built-in shapes do; an SVG icon says)."""
    icon = icons.get(name)
    if icon is None:
        add_shape(path, name, cx, cy, size)  # a PathLike draws what a shape needs
        return True
    bx, by, bw, bh = icon.box
    scale = size / max(bw, bh)
    ox, oy = cx - bw * scale / 2, cy + bh * scale / 2  # the view box's top-left corner

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + (x - bx) * scale, oy - (y - by) * scale

    evenodd = False
    for steps, odd in icon.paths:
        evenodd = evenodd or odd
        for op, v in steps:
            if op == "M":
                path.moveTo(*at(v[0], v[1]))
            elif op == "L":
                path.lineTo(*at(v[0], v[1]))
            elif op == "C":
                path.curveTo(*at(v[0], v[1]), *at(v[2], v[3]), *at(v[4], v[5]))
            else:
                path.close()
    return evenodd


class _Extent:
    """A PathLike that also keeps the extent of every point it is given
    (control points too, so the curves lie inside it): a form's box."""

    def __init__(self, path: PathLike) -> None:
        self.path = path
        self.xs: list[float] = []
        self.ys: list[float] = []

    def moveTo(self, x: float, y: float) -> None:
        self.xs.append(x)
        self.ys.append(y)
        self.path.moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:
        self.xs.append(x)
        self.ys.append(y)
        self.path.lineTo(x, y)

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:
        self.xs += (x1, x2, x3)
        self.ys += (y1, y2, y3)
        self.path.curveTo(x1, y1, x2, y2, x3, y3)

    def close(self) -> None:
        self.path.close()


def fill_icon(c: Canvas, name: str, cx: float, cy: float, size: float, icons: Mapping[str, Icon], rotate: float = 0) -> None:
    """Fill the icon or shape ``name`` on ``c`` in the current fill colour,
    ``size`` points across, centred on (cx, cy), turned ``rotate`` degrees
    clockwise. An SVG icon is drawn once per PDF, as a form XObject that
    every use of it draws (its outlines are written to the file once); a
    built-in shape, a few steps, is drawn where it is used."""
    icon = icons.get(name)
    if icon is None or not icon.paths:
        if rotate:
            c.saveState()
            c.translate(cx, cy)
            c.rotate(-rotate)
        path = c.beginPath()
        odd = add_icon(path, name, 0 if rotate else cx, 0 if rotate else cy, size, icons)
        c.drawPath(path, stroke=0, fill=1, fillMode=0 if odd else 1)
        if rotate:
            c.restoreState()
        return
    form = "icon" + (icon.digest or hashlib.sha256(repr((icon.box, icon.paths)).encode()).digest()).hex()[:24]
    if not c.hasForm(form):  # the first use in this PDF
        extent = _Extent(c.beginPath())
        odd = add_icon(extent, name, 0, 0, FORM_SIZE, icons)
        c.beginForm(form, min(extent.xs) - 1, min(extent.ys) - 1, max(extent.xs) + 1, max(extent.ys) + 1)
        c.drawPath(extent.path, stroke=0, fill=1, fillMode=0 if odd else 1)  # no colour of its own: it fills in the colour of each use
        c.endForm()
    c.saveState()
    c.translate(cx, cy)
    if rotate:
        c.rotate(-rotate)
    c.scale(size / FORM_SIZE, size / FORM_SIZE)
    c.doForm(form)
    c.restoreState()
