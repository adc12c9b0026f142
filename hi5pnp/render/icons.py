"""Icons from SVG files drawn as vectors, and the one way every drawing asks
for a glyph or an icon by name.

A name is looked up first among the icons given (a deck's own SVG files,
then the templates folder's ``icons/``), then among the built-in shapes of
:mod:`hi5pnp.render.shapes`. An SVG icon is scaled to fit ``size`` points
square, centred on (cx, cy), its proportions kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from ..deck.icons import Icon, IconError, read_icon
from ..errors import Fault, TemplateError, shown_path
from .shapes import SHAPES, add_shape

ICON_FOLDER = "icons"  # a templates folder's SVG icons, each named for its file


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
