"""Vector glyphs (one per gem colour, for colour-blind players) and trait icons.

Each shape is drawn into a reportlab path centred on (cx, cy) and ``size``
points across, and filled with the even-odd rule (so an eye has a pupil).
The names are the ones a deck may choose in game.yaml.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import cos, pi, sin

from reportlab.pdfgen.pathobject import PDFPathObject as Path

from ..language import N_, _


def _poly(p: Path, pts: Sequence[tuple[float, float]], cx: float, cy: float, s: float) -> None:
    p.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
    for x, y in pts[1:]:
        p.lineTo(cx + x * s, cy + y * s)
    p.close()


def _regular(n: int, r: float, start: float = 90.0, inner: float | None = None) -> list[tuple[float, float]]:
    pts = []
    steps = n * 2 if inner else n
    for i in range(steps):
        a = (start + i * 360.0 / steps) * pi / 180
        rr = inner if inner and i % 2 else r
        pts.append((rr * cos(a), rr * sin(a)))
    return pts


KAPPA = 0.5522847498  # Bézier control distance for a quarter circle


def circle_path(p: Path, cx: float, cy: float, r: float) -> None:
    """A circle as four Bézier curves (cheaper than reportlab's general arcs)."""
    k = KAPPA * r
    p.moveTo(cx + r, cy)
    p.curveTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
    p.curveTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
    p.curveTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
    p.curveTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
    p.close()


def _circle(p: Path, cx: float, cy: float, s: float) -> None:
    circle_path(p, cx, cy, 0.46 * s)


def _square(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, [(-0.38, -0.38), (0.38, -0.38), (0.38, 0.38), (-0.38, 0.38)], cx, cy, s)


def _diamond(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, [(0, 0.5), (0.4, 0), (0, -0.5), (-0.4, 0)], cx, cy, s)


def _triangle(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, [(0, 0.46), (0.48, -0.38), (-0.48, -0.38)], cx, cy, s)


def _star(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, _regular(5, 0.5, inner=0.21), cx, cy - 0.04 * s, s)


def _hexagon(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, _regular(6, 0.48, start=0), cx, cy, s)


def _cross(p: Path, cx: float, cy: float, s: float) -> None:
    a, b = 0.15, 0.45
    _poly(p, [(-a, b), (a, b), (a, a), (b, a), (b, -a), (a, -a), (a, -b), (-a, -b), (-a, -a), (-b, -a), (-b, a), (-a, a)], cx, cy, s)


def _heart(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    p.moveTo(*P(0, -0.45))
    p.curveTo(*P(-0.2, -0.25), *P(-0.5, -0.05), *P(-0.5, 0.18))
    p.curveTo(*P(-0.5, 0.42), *P(-0.22, 0.5), *P(0, 0.28))
    p.curveTo(*P(0.22, 0.5), *P(0.5, 0.42), *P(0.5, 0.18))
    p.curveTo(*P(0.5, -0.05), *P(0.2, -0.25), *P(0, -0.45))
    p.close()


def _bolt(p: Path, cx: float, cy: float, s: float) -> None:
    _poly(p, [(0.12, 0.5), (-0.3, -0.04), (-0.02, -0.04), (-0.14, -0.5), (0.3, 0.08), (0.02, 0.08)], cx, cy, s)


def _dumbbell(p: Path, cx: float, cy: float, s: float) -> None:
    for x0, x1, h in ((-0.26, 0.26, 0.07), (-0.42, -0.26, 0.26), (0.26, 0.42, 0.26), (-0.5, -0.42, 0.16), (0.42, 0.5, 0.16)):
        p.rect(cx + x0 * s, cy - h * s, (x1 - x0) * s, 2 * h * s)


def _wave(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    t = 0.13
    p.moveTo(*P(-0.5, -0.05 + t))
    p.curveTo(*P(-0.25, 0.35 + t), *P(-0.05, 0.35 + t), *P(0.0, 0.0 + t))
    p.curveTo(*P(0.05, -0.35 + t), *P(0.25, -0.35 + t), *P(0.5, 0.05 + t))
    p.lineTo(*P(0.5, 0.05 - t))
    p.curveTo(*P(0.25, -0.35 - t), *P(0.05, -0.35 - t), *P(0.0, 0.0 - t))
    p.curveTo(*P(-0.05, 0.35 - t), *P(-0.25, 0.35 - t), *P(-0.5, -0.05 - t))
    p.close()


def _eye(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    p.moveTo(*P(-0.5, 0))
    p.curveTo(*P(-0.25, 0.4), *P(0.25, 0.4), *P(0.5, 0))
    p.curveTo(*P(0.25, -0.4), *P(-0.25, -0.4), *P(-0.5, 0))
    p.close()
    circle_path(p, cx, cy, 0.2 * s)
    circle_path(p, cx, cy, 0.1 * s)


def _leaf(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    p.moveTo(*P(-0.42, -0.42))
    p.curveTo(*P(-0.5, 0.2), *P(0.0, 0.5), *P(0.45, 0.45))
    p.curveTo(*P(0.5, 0.0), *P(0.2, -0.5), *P(-0.42, -0.42))
    p.close()


def _shield(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    p.moveTo(*P(-0.4, 0.45))
    p.lineTo(*P(0.4, 0.45))
    p.lineTo(*P(0.4, 0.05))
    p.curveTo(*P(0.4, -0.25), *P(0.15, -0.4), *P(0, -0.5))
    p.curveTo(*P(-0.15, -0.4), *P(-0.4, -0.25), *P(-0.4, 0.05))
    p.close()


def _flame(p: Path, cx: float, cy: float, s: float) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + y * s

    p.moveTo(*P(0, -0.5))
    p.curveTo(*P(-0.45, -0.5), *P(-0.45, 0.05), *P(-0.15, 0.2))
    p.curveTo(*P(-0.1, 0.3), *P(0.05, 0.4), *P(0.05, 0.5))
    p.curveTo(*P(0.35, 0.3), *P(0.45, 0.0), *P(0.35, -0.2))
    p.curveTo(*P(0.3, -0.4), *P(0.2, -0.5), *P(0, -0.5))
    p.close()


SHAPES: dict[str, Callable[[Path, float, float, float], None]] = {
    "circle": _circle,
    "square": _square,
    "diamond": _diamond,
    "triangle": _triangle,
    "star": _star,
    "hexagon": _hexagon,
    "cross": _cross,
    "heart": _heart,
    "bolt": _bolt,
    "dumbbell": _dumbbell,
    "wave": _wave,
    "eye": _eye,
    "leaf": _leaf,
    "shield": _shield,
    "flame": _flame,
}


def add_shape(path: Path, name: str, cx: float, cy: float, size: float) -> None:
    """Add shape ``name`` to a reportlab path (units: points)."""
    SHAPES[name](path, cx, cy, size)


#: each shape (and the bundled icons a gem may show) as the rulebook names it
#: when it tells which colour shows which: "a heart"
SHAPE_WORDS = {
    "circle": N_("a circle"),
    "square": N_("a square"),
    "diamond": N_("a diamond"),
    "triangle": N_("a triangle"),
    "star": N_("a star"),
    "hexagon": N_("a hexagon"),
    "cross": N_("a cross"),
    "heart": N_("a heart"),
    "bolt": N_("a bolt"),
    "dumbbell": N_("a dumbbell"),
    "wave": N_("a wave"),
    "eye": N_("an eye"),
    "leaf": N_("a leaf"),
    "shield": N_("a shield"),
    "flame": N_("a flame"),
    "trophy": N_("a trophy"),
}


def shape_words(name: str) -> str:
    """A shape or icon in words, in the language spoken: "a heart" (an icon of a deck's own, "a NAME")."""
    return _(SHAPE_WORDS[name]) if name in SHAPE_WORDS else _("a %(shape)s") % {"shape": name}
