"""The report's drawing: text that keeps to its box, axes that fit their data
(ticks at 1, 2, 2.5 or 5 times a power of ten), a *forest* chart (a row per
item, an estimate and its interval per bot, a shaded window or a line at a
reference value) and grouped bar charts from zero, with intervals when
given. Everything is drawn straight onto a reportlab canvas, in points, in a
box given by its lower-left corner, width and height."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeAlias

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ...errors import printable
from ...render import fonts
from ...render.paper import PAPER_SIZES
from ...render.pdf import CREDIT
from ...render.units import pt

Colour: TypeAlias = colors.Color
Span = tuple[float, float]

INK = colors.HexColor("#1F2A44")
FAINT = colors.HexColor("#5B6478")
GOOD = colors.HexColor("#1B7F3B")
AMBER = colors.HexColor("#B86E00")
BAD = colors.HexColor("#B3261E")
WINDOW = colors.HexColor("#DCEFD9")
GRID = colors.HexColor("#C9CED8")
#: each bot's colour, in the order the runs are given
PALETTE = (colors.HexColor("#3D5A98"), colors.HexColor("#2A8C82"), colors.HexColor("#7A4E9C"), colors.HexColor("#6B6F78"))
ELLIPSIS = "…"
PAGE = PAPER_SIZES["a4"]  # mm
WIDTH, HEIGHT = pt(PAGE[0]), pt(PAGE[1])
MARGIN = pt(16)
TEXT_W = WIDTH - 2 * MARGIN


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float


def fit(text: str, width: float, size: float, style: str = "regular") -> str:
    """``text`` (control characters shown), cut with an ellipsis to ``width`` points."""
    text = printable(text)
    cut = fonts.cut_to(text, style, size, width)
    if cut == text:
        return text
    kept = cut.removesuffix(ELLIPSIS)
    return kept.rstrip() + ELLIPSIS if kept else ""


def write(
    c: Canvas, x: float, y: float, text: str, size: float = 9, style: str = "regular", colour: Colour = INK, *, width: float, align: str = "left"
) -> None:
    """One line of text, never wider than ``width`` (``align``: left, centre or right of ``x``)."""
    line = fit(text, width, size, style)
    c.setFont(fonts.font_name(style), size)
    c.setFillColor(colour)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](x, y, line)


def wrap(text: str, width: float, size: float, style: str = "regular") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` points (a word
    too long is cut); a lone ``%`` stays with the number before it."""
    words: list[str] = []
    for word in printable(text).split(" "):
        if words and word.startswith("%"):
            words[-1] += " " + word
        else:
            words.append(word)
    lines: list[str] = []
    line = ""
    for word in words:
        longer = f"{line} {word}" if line else word
        if line and fonts.width(longer, style, size) > width:
            lines.append(line)
            line = word
        else:
            line = longer
    return [fit(one, width, size, style) for one in [*lines, line] if one]


def wrap_most(text: str, width: float, size: float, style: str = "regular", most: int = 2) -> list[str]:
    """:func:`wrap`, the last of at most ``most`` lines cut with an ellipsis when more would follow."""
    lines = wrap(text, width, size, style)
    if len(lines) <= most:
        return lines
    last = fit(" ".join(lines[most - 1 :]) + " " + ELLIPSIS * 2, width, size, style)  # always cut
    return [*lines[: most - 1], last]


def paragraph(c: Canvas, x: float, y: float, text: str, width: float, size: float = 8.5, style: str = "regular", colour: Colour = INK) -> float:
    """Wrapped text from baseline ``y`` down; the baseline after its last line."""
    for line in wrap(text, width, size, style):
        write(c, x, y, line, size, style, colour, width=width)
        y -= size * 1.3
    return y


def begin_page(c: Canvas, title: str, size: float = 14) -> float:
    """A report page's title (two lines at most) and credit line; the baseline below the title."""
    y = HEIGHT - MARGIN - size
    for line in wrap_most(title, TEXT_W, size, "bold"):
        write(c, MARGIN, y, line, size, "bold", width=TEXT_W)
        y -= size * 1.2
    write(c, MARGIN, MARGIN, CREDIT + ". Report made by hi5pnp simulate.", 6.5, width=TEXT_W)
    return y + size * 1.2 - 16


def step_for(span: float, most: int = 8) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten giving at most ``most`` steps over ``span``."""
    if span <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(span / most))
    for k in (1.0, 2.0, 2.5, 5.0, 10.0):
        if span / (k * power) <= most:
            return k * power
    return 10 * power  # pragma: no cover - 10 always fits


def ticks(span: Span, most: int = 8) -> list[float]:
    """The round values inside ``span``."""
    lo, hi = span
    step = step_for(hi - lo, most)
    first = math.ceil(lo / step - 1e-9)
    out = []
    k = first
    while k * step <= hi + step * 1e-9:
        out.append(round(k * step, 10))
        k += 1
    return out


def fit_span(values: Iterable[float], margin: float = 0.06, least: float = 0.02, within: Span | None = (0.0, 1.0)) -> Span:
    """An axis over ``values`` with a margin of ``margin`` of their spread on
    each side (the spread at least ``least``), kept ``within`` when given."""
    vals = list(values)
    lo, hi = min(vals), max(vals)
    if hi - lo < least:
        mid = (lo + hi) / 2
        lo, hi = mid - least / 2, mid + least / 2
    pad = (hi - lo) * margin
    lo, hi = lo - pad, hi + pad
    if within is not None:
        lo, hi = max(within[0], lo), min(within[1], hi)
    return (lo, hi)


def percent(value: float, step: float, signed: bool = False) -> str:
    """A rate (0-1) as a percentage, with the decimals that the ``step``
    between values needs; ``signed``: a change of rates, in percentage
    points ("+1.2 pt"), not a percentage."""
    whole = step * 100
    places = next((p for p in range(3) if abs(round(whole, p) - whole) < 1e-9), 3)
    number = 100 * value
    unit = " pt" if signed else "%"
    if abs(number) < 0.5 * 10.0**-places:
        return f"0{unit}"
    return f"{number:{'+' if signed else ''}.{places}f}{unit}"


class ChartMark(NamedTuple):
    """One bot's estimate on a forest row, with its interval."""

    value: float
    low: float
    high: float
    colour: Colour
    ring: Colour | None = None  # a ring round the estimate: a bot that flags the face


class Row(NamedTuple):
    label: str
    marks: Sequence[ChartMark]
    cells: Sequence[tuple[str, Colour]] = ()  # the figures at the right
    band: Span | None = None  # the window shaded behind the row (percent)
    tint: Colour | None = None  # the label in bold and this colour


def forest(
    c: Canvas,
    box: Box,
    rows: Sequence[Row],
    span: Span,
    heads: Sequence[str] = (),
    *,
    label_w: float = 118,
    cell_w: float | Sequence[float] = 40,
    reference: float | None = None,
    signed: bool = False,
) -> float:
    """A row per item, top to bottom: its label, the window band, each mark's
    interval and estimate, then its cells (a column per head). Ticks on top.
    The rows' height (at most 16 points)."""
    if not rows:
        return 0.0
    x, y, w, h = box
    left = x + label_w
    widths = [cell_w] * len(heads) if isinstance(cell_w, int | float) else list(cell_w)
    ends = [x + w - sum(widths[k + 1 :]) for k in range(len(widths))]  # each column's right edge
    right = x + w - sum(widths) - 8
    top = y + h - 12

    def at(v: float) -> float:
        return left + (right - left) * (min(max(v, span[0]), span[1]) - span[0]) / (span[1] - span[0])

    row = min(16.0, (top - y) / len(rows))
    bottom = top - row * len(rows)
    size = min(8.0, row * 0.62)
    for k, r in enumerate(rows):
        if r.band is not None:
            c.setFillColor(WINDOW)
            c.rect(at(r.band[0] / 100), top - row * (k + 1), at(r.band[1] / 100) - at(r.band[0] / 100), row, stroke=0, fill=1)
    most = max(2, int((right - left) / 28))
    step = step_for(span[1] - span[0], most)
    c.setLineWidth(0.4)
    for t in ticks(span, most):
        c.setStrokeColor(INK if reference is not None and abs(t - reference) < 1e-12 else GRID)
        c.line(at(t), bottom, at(t), top + 2)
        write(c, at(t), top + 4, percent(t, step, signed), 7, width=28, align="centre")
    for k, head in enumerate(heads):
        write(c, ends[k], top + 4, head, 7, width=widths[k] - 2, align="right")
    for k, r in enumerate(rows):
        cy = top - row * (k + 0.5)
        style, colour = ("regular", INK) if r.tint is None else ("bold", r.tint)
        write(c, x, cy - size / 3, r.label, size, style, colour, width=label_w - 6)
        gap = min(3.5, row * 0.8 / len(r.marks)) if r.marks else 0
        for m, mark in enumerate(r.marks):
            my = cy + (m - (len(r.marks) - 1) / 2) * gap * -1
            c.setStrokeColor(mark.colour)
            c.setLineWidth(1.2)
            c.line(at(mark.low), my, at(mark.high), my)
            c.setFillColor(mark.colour)
            radius = min(3.0, row * 0.22, max(1.2, gap * 0.7) if len(r.marks) > 1 else 3.0)
            c.circle(at(mark.value), my, radius, stroke=0, fill=1)
            if mark.ring is not None:
                c.setStrokeColor(mark.ring)
                c.setLineWidth(0.7)
                c.circle(at(mark.value), my, radius + 1.2, stroke=1, fill=0)
        for k2, (cell, tint) in enumerate(r.cells):
            write(c, ends[k2], cy - size / 3, cell, size, colour=tint, width=widths[k2] - 2, align="right")
    return row


class Series(NamedTuple):
    """One bot's bars: a value per category, and its interval when it has one."""

    name: str
    colour: Colour
    values: Sequence[float]
    intervals: Sequence[Span] | None = None


def legend(c: Canvas, x: float, y: float, items: Sequence[tuple[str, Colour]], width: float) -> None:
    """Coloured squares and names in one line from ``x``."""
    each = width / max(1, len(items))
    for k, (name, colour) in enumerate(items):
        c.setFillColor(colour)
        c.rect(x + each * k, y - 1, 7, 7, stroke=0, fill=1)
        write(c, x + each * k + 10, y, name, 7.5, width=each - 14)


def bars(
    c: Canvas,
    box: Box,
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    label: Callable[[float, float], str],
    *,
    tints: Sequence[Colour] | None = None,
    every: int = 1,
) -> None:
    """Bars from zero, grouped by category, a bar per series; ``label(value,
    step)`` writes the axis. ``tints``: the categories' own colours (a single
    series' bars, or a swatch under each name); ``every``: label every k-th
    category. The series are named in a :func:`legend` the page draws."""
    x, y, w, h = box
    head = wrap_most(title, w, 9, "bold")
    for k, line in enumerate(head):
        write(c, x, y + h - 10 - 11 * k, line, 9, "bold", width=w)
    many = len(series) > 1
    under = 26 if tints is not None and many else 16  # the names, and the categories' swatches
    plot = Box(x + 34, y + under, w - 40, h - 15 - 11 * len(head) - under)
    tops = [v for s in series for v in s.values] + [hi for s in series for _, hi in (s.intervals or ())]
    high = max(tops, default=0.0) or 1.0
    step = step_for(high, max(2, int(plot.h / 28)))
    top = math.ceil(high / step - 1e-9) * step
    c.setLineWidth(0.4)
    for t in ticks((0.0, top), max(2, int(plot.h / 28))):
        ty = plot.y + plot.h * t / top
        c.setStrokeColor(GRID if t else INK)
        c.line(plot.x, ty, plot.x + plot.w, ty)
        write(c, plot.x - 3, ty - 2.5, label(t, step), 7, width=32, align="right")
    group = plot.w / max(1, len(categories))
    bar = group * 0.72 / max(1, len(series))
    for i, name in enumerate(categories):
        gx = plot.x + group * i + group * 0.14
        for k, s in enumerate(series):
            bx = gx + bar * k
            c.setFillColor(tints[i] if tints is not None and not many else s.colour)
            c.rect(bx, plot.y, bar * 0.92, plot.h * s.values[i] / top, stroke=0, fill=1)
            if s.intervals is not None:
                lo, hi = s.intervals[i]
                mid = bx + bar * 0.46
                c.setStrokeColor(INK)
                c.setLineWidth(0.8)
                c.line(mid, plot.y + plot.h * lo / top, mid, plot.y + plot.h * hi / top)
                for v in (lo, hi):
                    c.line(mid - min(3, bar * 0.25), plot.y + plot.h * v / top, mid + min(3, bar * 0.25), plot.y + plot.h * v / top)
        if i % every == 0:
            write(c, plot.x + group * (i + 0.5), plot.y - 10, name, 7 if group * every > 24 else 6, width=group * every - 2, align="centre")
        if tints is not None and many:
            c.setFillColor(tints[i])
            c.rect(plot.x + group * (i + 0.5) - 4, plot.y - 22, 8, 8, stroke=0, fill=1)
