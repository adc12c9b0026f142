"""The duplex alignment test: two pages that show how far a printer shifts the
backs, and a 100 mm ruler to check the print is at actual size.

The front carries two scales through the page centre, and a pair at each
corner; the back carries a red cross-hair behind each, placed exactly as card
backs are placed (same flip, same offset). The corners show a printer that
turns or stretches the back, which no offset fixes.
Held up to a light, the cross-hair falls on the scales: the numbers read
there are the correction to pass as ``--back-offset X,Y``.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...language import _
from ...render import fonts
from ...render.draw import color
from ...render.paper import Paper
from ...render.pdf import finish, new_canvas
from ...render.units import pt
from .imposition import Slot, duplex_back
from .imposition import flip_words as sheet_flip_words

SPAN = 10  # the scales read from -SPAN to +SPAN mm
RED = "#D0021B"


EDGE = 6.0  # mm: no line runs nearer the paper's edge than this, where home printers cannot print


def _mirrored_axes(paper: Paper, flip: str) -> tuple[bool, bool]:
    probe = duplex_back(Slot(10, 20, 1, 1), paper, flip)
    return (probe.x != 10, probe.y != 20)


def _text(c: Canvas, x: float, y: float, text: str, size: float = 9, style: str = "regular", align: str = "left") -> None:
    c.setFillColor(color("#000000"))
    c.setFont(fonts.font_name(style), size)
    {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align](pt(x), pt(y), text)


def _scale(c: Canvas, cx: float, cy: float, horizontal: bool, sign: int) -> None:
    """Ticks every 0.5 mm along one axis; labels give the correction to type."""
    c.setStrokeColor(color("#000000"))
    for half in range(-2 * SPAN, 2 * SPAN + 1):
        u = half / 2
        length = 4.0 if half % 10 == 0 else 2.8 if half % 2 == 0 else 1.6
        c.setLineWidth(0.45 if half % 2 == 0 else 0.25)
        if horizontal:
            c.line(pt(cx + u), pt(cy), pt(cx + u), pt(cy + length))
        else:
            c.line(pt(cx), pt(cy + u), pt(cx + length), pt(cy + u))
        if half % 10 == 0:
            label = f"{sign * u:+g}" if u else "0"
            if horizontal:
                _text(c, cx + u, cy + 5.2, label, 6, align="center")
            else:
                _text(c, cx + 5.2, cy + u - 0.9, label, 6)
    c.setLineWidth(0.45)
    if horizontal:
        c.line(pt(cx - SPAN), pt(cy), pt(cx + SPAN), pt(cy))
    else:
        c.line(pt(cx), pt(cy - SPAN), pt(cx), pt(cy + SPAN))


def _corners(W: float, H: float) -> list[tuple[float, float, int]]:
    """Where the corner checks are (the centre of each cross), and which way
    their Y scale sits (+1: right of the cross, -1: left, to stay on the page).
    Portrait: between the ruler and the instructions; landscape: in the
    paper's four corners, the instructions set between the top two."""
    if W > H:
        return [(30, 32, 1), (W - 30, 32, -1), (30, H - 30, 1), (W - 30, H - 30, -1)]
    return [(30, 78, 1), (W - 30, 78, -1), (30, H - 102, 1), (W - 30, H - 102, -1)]


TEXT_LEFT = {False: 22.0, True: 64.0}  # mm: where the instructions start, portrait and landscape (right of the top-left corner check)


def _ruler(c: Canvas, x: float, y: float) -> None:
    c.setStrokeColor(color("#000000"))
    c.setLineWidth(0.4)
    c.line(pt(x), pt(y), pt(x + 100), pt(y))
    for mm in range(101):
        length = 5 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2
        c.setLineWidth(0.4 if mm % 10 == 0 else 0.25)
        c.line(pt(x + mm), pt(y), pt(x + mm), pt(y + length))
        if mm % 10 == 0:
            _text(c, x + mm, y + 6.2, str(mm // 10 if mm else 0) + (" cm" if mm == 100 else ""), 6.5, align="center")
    _text(c, x + 50, y - 5, _("This ruler must measure exactly 100 mm (10 cm). If not, print at 100 % / actual size."), 8, align="center")


def alignment_file(paper_name: str, flip: str, offset: tuple[float, float], title: str, landscape: bool = False) -> bytes:
    """The test page, in the orientation of the duplex card sheets (their
    offset is read off it, so it must turn over the same way)."""
    paper = Paper.named(paper_name, landscape)
    c, buf = new_canvas((paper.width, paper.height), title, _("Duplex alignment test page"), duplex=flip)
    W, H = paper.width, paper.height
    cx, cy = W / 2, H / 2
    mirror_x, mirror_y = _mirrored_axes(paper, flip)
    flip_words = sheet_flip_words(flip)
    # front
    _text(c, W / 2, H - 22, _("Duplex alignment test"), 16, "bold", "center")
    # each step a message, its lines as the translator breaks them (a line is set as it is, never wrapped)
    steps = [
        _("1. Print this file double-sided on the paper you will use, flipping on the %(flip)s,\n    at 100 %% (actual size).") % {"flip": flip_words},
        _("2. Measure the ruler at the bottom: it must be exactly 100 mm long."),
        _("3. Hold the sheet up to a light. The red cross printed on the back shows through:\n    read the number on each scale where a red line crosses it."),
        _(
            "4. Both 0: your printer is aligned. Otherwise shift the back pages by X mm right and Y mm up:\n"
            "    in your printer's settings if it has a back-side offset, or by building the kit again with\n"
            "    those numbers added to this page's offset (%(offset)s):  hi5pnp build --back-offset X,Y"
        )
        % {"offset": f"{offset[0]:g},{offset[1]:g}"},
        _(
            "5. Read the four corner crosses the same way. If a corner reads other numbers than the centre,\n"
            "    the printer turns or stretches the back: no offset fixes that everywhere, so use the centre's\n"
            "    numbers, and expect the cards near that corner to be off by the difference."
        ),
    ]
    lines = [line for step in steps for line in step.split("\n")]
    for i, line in enumerate(lines):
        _text(c, TEXT_LEFT[W > H], H - 36 - i * 5.2, line, 9)
    # the X scale sits below the centre on the vertical red line's path, the
    # Y scale right of the centre on the horizontal red line's path
    _scale(c, cx, cy - 40, True, 1 if mirror_x else -1)
    _scale(c, cx + 50, cy, False, 1 if mirror_y else -1)
    _text(c, cx - SPAN - 6, cy - 40 + 1, "X", 11, "bold", "right")
    _text(c, cx + 50, cy - SPAN - 6, "Y", 11, "bold", "center")
    for x, y, side in _corners(W, H):
        _scale(c, x, y - 14, True, 1 if mirror_x else -1)
        _scale(c, x + (22 if side > 0 else 28) * side, y, False, 1 if mirror_y else -1)
        _text(c, x, y - 22, _("corner"), 6.5, align="center")
    _ruler(c, (W - 100) / 2, 40)
    c.showPage()
    # back: a cross-hair exactly behind the centre of the front, shifted like the card backs
    target = duplex_back(Slot(cx, cy, 0, 0), paper, flip, offset)
    c.setStrokeColor(color(RED))
    c.setLineWidth(0.5)
    # the lines run right across the page, so they cross the scales whatever the flip
    c.line(pt(target.x), pt(12), pt(target.x), pt(H - 30))
    c.line(pt(12), pt(target.y), pt(W - 12), pt(target.y))
    for x, y, _side in _corners(W, H):
        corner = duplex_back(Slot(x, y, 0, 0), paper, flip, offset)
        c.line(pt(corner.x), pt(corner.y - 20), pt(corner.x), pt(corner.y + 20))
        c.line(pt(max(EDGE, corner.x - 34)), pt(corner.y), pt(min(W - EDGE, corner.x + 34)), pt(corner.y))  # stops where a printer can print
    _text(c, W / 2, H - 22, _("Duplex alignment test: back"), 12, "bold", "center")
    c.showPage()
    return finish(c, buf)
