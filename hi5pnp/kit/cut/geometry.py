"""Print-then-cut geometry: where the cards go for a cutting machine, the
registration marks its software looks for, and every card's cut line.
Pure arithmetic in mm, no PDF or picture (docs/kit.md, "Print, then cut").

Page coordinates are the kit's: origin at the page's lower-left corner, y up;
a slot's (x, y) is the lower-left corner of the card's trim box.

- **Silhouette** (Silhouette Studio's "Type 1" marks, Cameo, Portrait and
  Curio): a filled square at the top left and an L at the top right and
  bottom left corners, each mark's outer edge :data:`SILHOUETTE_INSET` from
  the paper's edges (Studio's least inset). The cards lie inside the marks,
  clear of them.
- **Cricut** (Design Space's Print Then Cut): Design Space prints its own
  black frame round an uploaded picture of at most :data:`CRICUT_LIMIT`, so
  the cards go on a picture within that size and nothing is drawn for
  registration.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import floor

from ...errors import LayoutError
from ...render.paper import Paper, paper_title
from ..options import Machine
from ..sheets.imposition import Slot

MACHINE_TITLES = {"silhouette": "Silhouette (Cameo, Portrait, Curio)", "cricut": "Cricut (Explore, Maker, Joy Xtra)"}

SILHOUETTE_INSET = 10.0  # mm from the paper's edge to a mark's outer edge: Silhouette Studio allows no less
SILHOUETTE_SQUARE = 5.0  # mm: the filled square's side
SILHOUETTE_ARM = 20.0  # mm: each arm of an L mark, from its outer corner
SILHOUETTE_THICKNESS = 0.3  # mm: an L mark's line
MARK_CLEARANCE = 1.0  # mm of bare paper between a mark and any card's printed edge (its bleed)

#: mm: the largest Print Then Cut picture the kit makes, 6.75 × 9.25 in: within Cricut's published
#: limits for Letter (7.44 × 9.94 in) and A4 (7.2 × 10.62 in), "How large can I Print Then Cut?",
#: help.cricut.com/hc/en-us/articles/360009429814, and taken by every machine (docs/kit.md)
CRICUT_LIMIT = (6.75 * 25.4, 9.25 * 25.4)
CRICUT_GAP = 4.0  # mm between cards on the picture: room for the bleed Design Space adds round each


@dataclass(frozen=True)
class Rect:
    """A filled rectangle: a registration mark, or part of one."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class CutSheet:
    """One sheet (or Cricut picture) of cards for a machine: its size, the card
    slots, the registration marks to print, and how far a card's art runs
    past its cut."""

    machine: Machine
    width: float
    height: float
    slots: tuple[Slot, ...]
    marks: tuple[Rect, ...]
    bleed: float

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def paper(self) -> Paper:
        return Paper("cut", self.width, self.height)


def silhouette_marks(width: float, height: float) -> tuple[Rect, ...]:
    """Studio's Type 1 marks on a page of ``width`` × ``height`` mm: the square
    at the top left, the L at the top right (arms left and down) and at the
    bottom left (arms right and up), their outer edges on the inset lines."""
    i, s, a, t = SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_THICKNESS
    return (
        Rect(i, height - i - s, s, s),
        Rect(width - i - a, height - i - t, a, t),
        Rect(width - i - t, height - i - a, t, a),
        Rect(i, i, a, t),
        Rect(i, i, t, a),
    )


def _fit(span: float, size: float, bleed: float, gap: float) -> int:
    """How many items of ``size`` (each with ``bleed``, ``gap`` apart) fit in ``span``."""
    return max(0, floor((span - 2 * bleed + gap) / (size + gap) + 1e-9))


def _centred(left: float, bottom: float, span_w: float, span_h: float, w: float, h: float, gap: float, cols: int, rows: int) -> tuple[Slot, ...]:
    """``cols`` × ``rows`` slots, ``gap`` apart, centred in the area; row by row from the top left."""
    x0 = left + (span_w - (cols * w + (cols - 1) * gap)) / 2
    y0 = bottom + (span_h - (rows * h + (rows - 1) * gap)) / 2
    return tuple(Slot(x0 + c * (w + gap), y0 + (rows - 1 - r) * (h + gap), w, h) for r in range(rows) for c in range(cols))


def silhouette_sheet(paper_name: str, card_w: float, card_h: float, bleed: float, gap: float, count: int) -> CutSheet:
    """The Silhouette sheet for ``count`` cards: portrait or landscape,
    whichever takes fewer sheets (landscape on a tie), the cards centred in
    the area the marks leave: inside the L marks' lines and below the square,
    :data:`MARK_CLEARANCE` clear of every mark."""
    clear = SILHOUETTE_INSET + SILHOUETTE_THICKNESS + MARK_CLEARANCE
    best: CutSheet | None = None
    for landscape in (True, False):
        paper = Paper.named(paper_name, landscape)
        span_w = paper.width - 2 * clear
        span_h = paper.height - clear - (SILHOUETTE_INSET + SILHOUETTE_SQUARE + MARK_CLEARANCE)
        cols, rows = _fit(span_w, card_w, bleed, gap), _fit(span_h, card_h, bleed, gap)
        if cols * rows == 0:
            continue
        sheet = CutSheet(
            "silhouette",
            paper.width,
            paper.height,
            _centred(clear, clear, span_w, span_h, card_w, card_h, gap, cols, rows),
            silhouette_marks(paper.width, paper.height),
            bleed,
        )
        if best is None or -(-count // sheet.per_sheet) < -(-count // best.per_sheet):
            best = sheet
    if best is None:
        raise LayoutError(
            f"a card of {card_w:g} × {card_h:g} mm{f' with {bleed:g} mm bleed' if bleed else ''} does not fit inside "
            f"Silhouette's registration marks on {paper_title(paper_name)} paper"
        )
    return best


def cricut_sheet(card_w: float, card_h: float, count: int) -> CutSheet:
    """The Cricut picture for ``count`` cards: as many as fit within Design
    Space's Print Then Cut limit, :data:`CRICUT_GAP` apart, the picture cut
    down to the cards (no bleed: Design Space adds its own round each card)."""
    best: CutSheet | None = None
    for limit_w, limit_h in (CRICUT_LIMIT, CRICUT_LIMIT[::-1]):
        cols, rows = _fit(limit_w, card_w, 0.0, CRICUT_GAP), _fit(limit_h, card_h, 0.0, CRICUT_GAP)
        if cols * rows == 0:
            continue
        w, h = cols * card_w + (cols - 1) * CRICUT_GAP, rows * card_h + (rows - 1) * CRICUT_GAP
        sheet = CutSheet("cricut", w, h, _centred(0.0, 0.0, w, h, card_w, card_h, CRICUT_GAP, cols, rows), (), 0.0)
        if best is None or -(-count // sheet.per_sheet) < -(-count // best.per_sheet):
            best = sheet
    if best is None:
        raise LayoutError(
            f"a card of {card_w:g} × {card_h:g} mm is larger than Cricut Design Space's Print Then Cut limit "
            f"({CRICUT_LIMIT[0]:.2f} × {CRICUT_LIMIT[1]:.2f} mm, 6.75 × 9.25 in)"
        )
    return best


def outline(slot: Slot, radius: float, height: float) -> str:
    """A card's cut line as an SVG path in mm, y down from the top of a page
    ``height`` mm tall: its trim box with corners of ``radius``, clockwise
    from the top edge's left end."""
    x0, y0 = slot.x, height - slot.y - slot.height
    x1, y1, r = x0 + slot.width, y0 + slot.height, radius

    def f(v: float) -> str:
        return f"{round(v, 4):g}"

    if r <= 0:
        return f"M{f(x0)},{f(y0)} H{f(x1)} V{f(y1)} H{f(x0)} Z"
    arc = f"A{f(r)},{f(r)} 0 0 1"
    return (
        f"M{f(x0 + r)},{f(y0)} H{f(x1 - r)} {arc} {f(x1)},{f(y0 + r)} V{f(y1 - r)} {arc} {f(x1 - r)},{f(y1)} "
        f"H{f(x0 + r)} {arc} {f(x0)},{f(y1 - r)} V{f(y0 + r)} {arc} {f(x0 + r)},{f(y0)} Z"
    )


def cut_svg(sheet: CutSheet, radius: float, title: str) -> bytes:
    """The cut file: one closed path per card slot, hairline red strokes, no
    fill, in mm on a canvas the sheet's size (the same coordinates as the
    printed sheet, so it lines up when placed at the page's corner)."""
    w, h = f"{round(sheet.width, 4):g}", f"{round(sheet.height, 4):g}"
    paths = "\n".join(f'  <path id="card-{n}" d="{outline(s, radius, sheet.height)}"/>' for n, s in enumerate(sheet.slots, 1))
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">\n'
        f"<title>{_escaped(title)}</title>\n"
        '<g id="cut" fill="none" stroke="#FF0000" stroke-width="0.1">\n'
        f"{paths}\n</g>\n</svg>\n"
    )
    return text.encode()


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


ARC_STEP = math.radians(5)  # a rounded corner drawn as straight lines this far apart: within 0.003 mm of the arc at 3 mm


def outline_points(slot: Slot, radius: float) -> list[tuple[float, float]]:
    """A card's cut line as a closed polygon in page mm (y up): straight
    edges, each rounded corner as short lines, for a DXF reader that takes
    no arcs."""
    if radius <= 0:
        return [(slot.x, slot.y), (slot.x + slot.width, slot.y), (slot.x + slot.width, slot.y + slot.height), (slot.x, slot.y + slot.height)]
    r = radius
    centres = [
        (slot.x + slot.width - r, slot.y + r, -90.0),
        (slot.x + slot.width - r, slot.y + slot.height - r, 0.0),
        (slot.x + r, slot.y + slot.height - r, 90.0),
        (slot.x + r, slot.y + r, 180.0),
    ]
    steps = max(1, round(math.radians(90) / ARC_STEP))
    points = []
    for cx, cy, start in centres:
        for k in range(steps + 1):
            a = math.radians(start) + k * math.radians(90) / steps
            points.append((round(cx + r * math.cos(a), 4), round(cy + r * math.sin(a), 4)))
    return points
