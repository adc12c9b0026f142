"""Card sheets: the cards imposed on paper for duplex or fold-and-sleeve printing.

Positions come from :mod:`hi5pnp.kit.sheets.imposition`; each face is drawn once per
file as a form (XObject) and placed in its slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...errors import LayoutError
from ...language import _
from ...render import fonts
from ...render.cardsize import CardSize
from ...render.draw import color, draw_layout
from ...render.faces import RenderedCard
from ...render.layout import Layout
from ...render.pdf import finish, new_canvas
from ...render.units import pt
from .imposition import MARK_CLEAR, Grid, SheetMark, Slot, best_grid, duplex_back, flip_words, fold_marks, fold_pair

MARK_COLOR = "#000000"
GUIDE_COLOR = "#707070"  # guide lines: a mid grey (4.9:1 on white), under the cards, so seen only in the gaps
GUIDE_WIDTH = 0.4  # points: thin, but a clear line to lay a ruler along
NOTE_COLOR = "#555555"
NOTE_EDGE = 4.0  # mm: the lowest a note's baseline may sit


@dataclass
class Placement:
    """One card face on one page: a manifest row."""

    file: str
    page: int
    kind: str
    face: str
    side: str  # "front" / "back" (duplex) or "fold-left" / "fold-right"
    slot: Slot

    def row(self) -> dict[str, Any]:
        s = self.slot
        return {
            "file": self.file,
            "page": self.page,
            "kind": self.kind,
            "face": self.face,
            "side": self.side,
            "x": round(s.x, 3),
            "y": round(s.y, 3),
            "width": round(s.width, 3),
            "height": round(s.height, 3),
            "rotation": s.rotation,
        }


Box = tuple[float, float, float, float]  # left, bottom, right, top in mm from the trim box's lower-left corner

#: the sides a face's bleed reaches out on (left, bottom, right, top): all of
#: them on a duplex sheet; on a fold pair, not the fold, where the other face begins
DUPLEX_BLEEDS, FOLD_BLEEDS = "lbrt", ("lbt", "brt")


def face_key(kind: str, face_id: str) -> str:
    """A face's name among all the cards' (competitor 1a and obstacle 1a differ)."""
    return f"{kind} {face_id}"


def bleed_box(layout: Layout, bleed: float, bleeds: str) -> Box:
    b = {side: (bleed if side in bleeds else 0.0) for side in "lbrt"}
    return (-b["l"], -b["b"], layout.width + b["r"], layout.height + b["t"])


class FormCache:
    """Draw each face once per canvas, as a form XObject placed in every slot it fills."""

    def __init__(self, c: Canvas, bleed: float):
        self.c = c
        self.bleed = bleed
        self.names: dict[tuple[str, str], str] = {}

    def place(self, layout: Layout, key: str, slot: Slot, bleeds: str = DUPLEX_BLEEDS) -> None:
        """Draw ``layout`` (named ``key``, unique on this canvas) in ``slot``; its
        bleed reaches out on the sides named in ``bleeds`` and stops at the trim
        elsewhere."""
        c = self.c
        name = self.names.get((key, bleeds))
        if name is None:
            name = self.names[key, bleeds] = f"face{len(self.names)}"
            box = bleed_box(layout, self.bleed, bleeds)
            c.beginForm(name, lowerx=pt(box[0]), lowery=pt(box[1]), upperx=pt(box[2]), uppery=pt(box[3]))
            draw_layout(c, layout, clip=box)
            c.endForm()
        draw_form(c, name, slot)


def draw_form(c: Canvas, name: str, slot: Slot) -> None:
    """Draw form ``name`` (made with its origin at the trim box's lower-left
    corner) in ``slot``, turned 180° about the slot's centre if asked."""
    c.saveState()
    c.translate(pt(slot.x), pt(slot.y))
    if slot.rotation == 180:
        c.translate(pt(slot.width), pt(slot.height))
        c.rotate(180)
    c.doForm(name)
    c.restoreState()


def draw_marks(c: Canvas, marks: list[SheetMark]) -> None:
    c.saveState()
    for mk in marks:
        c.setStrokeColor(color(GUIDE_COLOR if mk.kind == "guide" else MARK_COLOR))
        c.setLineWidth(GUIDE_WIDTH if mk.kind == "guide" else 0.5)
        c.setDash([2, 2] if mk.kind == "fold" else [])
        c.line(pt(mk.x1), pt(mk.y1), pt(mk.x2), pt(mk.y2))
    c.restoreState()


def draw_note(c: Canvas, grid: Grid, text: str) -> None:
    """A line of small print centred below the crop marks; where that margin is
    too narrow (3 × 3 cards on Letter) it runs up the left margin instead,
    outside the crop marks; else above them; and where no margin is free of
    them, at the bottom edge all the same: a sheet always says how to print it."""
    paper = grid.paper
    c.setFillColor(color(NOTE_COLOR))
    c.setFont(fonts.font_name("regular"), 7)
    marks = grid.crop_marks()
    below = min(min(m.y1, m.y2) for m in marks) - 3.2
    if below >= NOTE_EDGE:
        c.drawCentredString(pt(paper.width / 2), pt(below), text)
        return
    left = min(min(m.x1, m.x2) for m in marks) - 1.0
    if left - 2.5 >= MARK_CLEAR:
        c.saveState()
        c.translate(pt(left), pt(paper.height / 2))
        c.rotate(90)
        c.drawCentredString(0, 0, text)
        c.restoreState()
        return
    above = max(max(m.y1, m.y2) for m in marks) + 3.2 - 7 * 0.3528 * 0.25  # the top margin: the note's cap height clear of the marks
    if above + 2.5 <= paper.height - NOTE_EDGE:
        c.drawCentredString(pt(paper.width / 2), pt(above), text)
        return
    # no margin is free of marks: the bottom edge, on a strip of paper colour over the marks' outer ends
    width = c.stringWidth(text, fonts.font_name("regular"), 7)
    c.saveState()
    c.setFillColor(color("#FFFFFF"))
    c.rect(pt(paper.width / 2) - width / 2 - pt(1), pt(NOTE_EDGE - 1), width + pt(2), pt(3.6), stroke=0, fill=1)
    c.restoreState()
    c.drawCentredString(pt(paper.width / 2), pt(NOTE_EDGE), text)


def duplex_file(
    cards: list[RenderedCard],
    card: CardSize,
    bleed: float,
    paper_name: str,
    filename: str,
    flip: str,
    offset: tuple[float, float],
    title: str,
    gap: float | None = None,
    guides: bool = False,
) -> tuple[bytes, list[Placement]]:
    """Fronts (face a) on odd pages, backs (face b) on even pages; crop marks
    (and with ``guides``, lines across the sheet under the cards) on both,
    where the back page's cuts are."""
    grid = duplex_grid(paper_name, card, bleed, len(cards), gap)
    paper = grid.paper
    _check_offset(grid, flip, offset)
    c, buf = new_canvas((paper.width, paper.height), title, _("Competitor and obstacle cards, duplex"), duplex=flip)
    forms = FormCache(c, bleed)
    placements: list[Placement] = []
    sheets = [cards[i : i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    page = 0
    flip_side = flip_words(flip)
    # the grid is centred, so the backs' cut lines are the fronts' moved by the offset
    marks = (grid.guides() if guides else []) + grid.crop_marks()
    back_marks = [m.moved(*offset) for m in marks]
    for n, sheet in enumerate(sheets, 1):
        for side in ("front", "back"):
            page += 1
            if side == "front":
                draw_marks(c, marks)
                said = {"n": n, "sheets": len(sheets), "flip": flip_side}
                draw_note(c, grid, _("Cards sheet %(n)d of %(sheets)d, front. Print double-sided, flip on the %(flip)s, at 100 %% (actual size).") % said)
            else:
                draw_marks(c, back_marks)
                draw_note(c, grid, _("Cards sheet %(n)d of %(sheets)d, back.") % {"n": n, "sheets": len(sheets)})
            for i, rendered in enumerate(sheet):
                x, y = grid.cell(i)
                front = Slot(x, y, card.width, card.height)
                slot = front if side == "front" else duplex_back(front, paper, flip, offset)
                face = 0 if side == "front" else 1
                forms.place(rendered.faces[face], face_key(rendered.kind, rendered.ids[face]), slot)
                placements.append(Placement(filename, page, rendered.kind, rendered.ids[face], side, slot))
            c.showPage()
    return finish(c, buf), placements


def duplex_grid(paper_name: str, card: CardSize, bleed: float, count: int, gap: float | None = None) -> Grid:
    """The duplex sheets' grid for ``count`` cards: portrait, or landscape
    where that takes fewer sheets (6 poker cards with 3 mm bleed on Letter,
    not 4), or as few with full-length crop marks (16 poker cards on Letter:
    2 sheets either way, and portrait's top and bottom marks would be 2.3 mm)."""
    return best_grid(paper_name, card.width, card.height, bleed, "a card", count, gap)


def _check_offset(grid: Grid, flip: str, offset: tuple[float, float]) -> None:
    """A back offset must keep every back (with its bleed) on the paper."""
    if offset == (0.0, 0.0):
        return
    paper, b = grid.paper, grid.bleed
    for i in range(grid.per_page):
        x, y = grid.cell(i)
        back = duplex_back(Slot(x, y, grid.item_w, grid.item_h), paper, flip, offset)
        if back.x - b < 0 or back.y - b < 0 or back.x + back.width + b > paper.width or back.y + back.height + b > paper.height:
            raise LayoutError(
                f"--back-offset {offset[0]:g},{offset[1]:g} moves the card backs off the paper; "
                f"this sheet leaves {grid.left - b:.1f} mm at the sides and {grid.bottom - b:.1f} mm at top and bottom"
            )


def fold_file(
    cards: list[RenderedCard],
    card: CardSize,
    bleed: float,
    paper_name: str,
    filename: str,
    title: str,
    gap: float | None = None,
    guides: bool = False,
) -> tuple[bytes, list[Placement]]:
    """Each card's faces side by side about a fold line: fold, and sleeve."""
    grid = best_grid(paper_name, 2 * card.width, card.height, bleed, "a fold pair (two cards wide)", gap=gap)
    paper = grid.paper
    c, buf = new_canvas((paper.width, paper.height), title, _("Competitor and obstacle cards, fold-and-sleeve"), duplex="none")
    forms = FormCache(c, bleed)
    placements: list[Placement] = []
    sheets = [cards[i : i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    marks = (grid.guides() if guides else []) + grid.crop_marks() + fold_marks(grid, card.width)  # the fold itself is not cut
    for page, sheet in enumerate(sheets, 1):
        draw_marks(c, marks)
        draw_note(
            c,
            grid,
            _(
                "Fold-and-sleeve sheet %(n)d of %(sheets)d: print one-sided at 100 %%. Cut out each pair, "
                "fold on the dashed marks (printed sides out) and slide into a sleeve."
            )
            % {"n": page, "sheets": len(sheets)},
        )
        for i, rendered in enumerate(sheet):
            x, y = grid.cell(i)
            a, b, _fold = fold_pair(x, y, card.width, card.height)
            for face, slot, side, bleeds in ((0, a, "fold-left", FOLD_BLEEDS[0]), (1, b, "fold-right", FOLD_BLEEDS[1])):
                forms.place(rendered.faces[face], face_key(rendered.kind, rendered.ids[face]), slot, bleeds)
                placements.append(Placement(filename, page, rendered.kind, rendered.ids[face], side, slot))
        c.showPage()
    return finish(c, buf), placements
