"""Card sheets: the cards imposed on paper for duplex or fold-and-sleeve printing.

Positions come from :mod:`hi5pnp.sheets`; each face is drawn once per file as
a form (XObject) and placed in its slots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .draw import color, draw_layout
from .faces import CardSpec, RenderedCard
from .layout import Layout
from .pdfdoc import new_canvas, set_page_size
from .sheets import (
    MARK_CLEAR,
    flip_words,
    Grid,
    Mark,
    Slot,
    best_grid,
    duplex_back,
    fit_grid,
    fold_marks,
    fold_pair,
)
from .errors import LayoutError
from .units import pt

MARK_COLOR = "#000000"
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


_NOT_PDFDOC = re.compile("[\x18-\x1f]")

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


@dataclass
class Recorded:
    """Every card face drawn once, as the page operators reportlab wrote for
    it, to be replayed into each card sheet instead of drawn again (drawing
    is most of the work of a card sheet). Valid in a document primed with
    ``chars`` (see :func:`hi5pnp.fonts.prime`), which fixes how text is coded.

    This leans on reportlab internals, as pinned in pyproject.toml (5.1.0):
    a canvas's ``_code`` (the operators drawn so far) and ``_preamble``, and a
    form XObject's ``Contents`` and ``compression``, looked up in the
    document's ``idToObject``. A stream whose dictionary already names its
    ``Filter`` is written as it is. A test checks that replayed sheets are
    byte-identical to sheets drawn afresh, so a reportlab that works otherwise
    fails it."""

    chars: dict[str, str]
    code: dict[tuple[str, Box], list[str]]
    layouts: dict[tuple[str, Box], Layout]  # what was drawn: replayed only for that very layout
    _streams: dict[tuple[str, Box, str], bytes] = field(default_factory=dict, repr=False)

    def stream(self, key: str, box: Box, preamble: str) -> bytes:
        """Face ``key`` as a form's content stream, encoded and compressed as
        reportlab would (made once per process, for every sheet that uses it)."""
        found = self._streams.get((key, box, preamble))
        if found is None:
            text = "\n".join([preamble, *self.code[key, box]])
            # reportlab's PDFDocEncoding is ASCII on ASCII (but for 0x18-0x1F,
            # which it refuses), and page operators are ASCII: encode them at C speed
            plain = text.isascii() and not _NOT_PDFDOC.search(text)
            encoded = text.encode("ascii") if plain else pdfdoc.pdfdocEnc(text)
            found = self._streams[key, box, preamble] = pdfdoc.PDFZCompress.encode(encoded)
        return found


def record_faces(cards: list[RenderedCard], bleed: float) -> Recorded:
    """Draw each face once for each bleed box the card sheets use it with."""
    chars: dict[str, set[str]] = {}
    for card in cards:
        for layout in card.faces:
            for el in layout.elements:
                if el.kind == "text":
                    chars.setdefault(el.props["font"], set()).update(el.props["text"])
    recorded = Recorded({style: "".join(sorted(found)) for style, found in chars.items()}, {}, {})
    c, _ = new_canvas((1.0, 1.0), "", "")
    fonts.prime(c, recorded.chars)
    for card in cards:
        for layout, face_id, fold_bleeds in zip(card.faces, card.ids, FOLD_BLEEDS):
            for bleeds in (DUPLEX_BLEEDS, fold_bleeds):
                key = (face_key(card.kind, face_id), bleed_box(layout, bleed, bleeds))
                if key not in recorded.code:
                    c.beginForm(f"face{len(recorded.code)}")
                    start = len(c._code)
                    draw_layout(c, layout, clip=key[1])
                    recorded.code[key] = c._code[start:]
                    recorded.layouts[key] = layout
                    del c._code[start:]  # the scratch form itself is never written
                    c.endForm()
    return recorded


class FormCache:
    """Draw each face once per canvas as a form XObject (replayed from
    ``recorded`` when it has the face; the canvas must then be primed)."""

    def __init__(self, c: Canvas, bleed: float, recorded: Recorded | None = None):
        self.c = c
        self.bleed = bleed
        self.recorded = recorded
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
            if self.recorded is not None and self.recorded.layouts.get((key, box)) is layout:
                c.endForm()  # an empty form, given the recorded stream
                form = c._doc.idToObject[pdfdoc.xObjectName(name)]
                form.Contents = pdfdoc.PDFStream(
                    pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])}),
                    self.recorded.stream(key, box, c._preamble),
                )
                form.compression = 0  # compressed already
            else:
                draw_layout(c, layout, clip=box)
                c.endForm()
        draw_form(c, name, slot)


def _forms(c: Canvas, bleed: float, recorded: Recorded | None) -> FormCache:
    if recorded is not None:
        fonts.prime(c, recorded.chars)
    return FormCache(c, bleed, recorded)


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


def draw_marks(c: Canvas, marks: list[Mark]) -> None:
    c.saveState()
    c.setStrokeColor(color(MARK_COLOR))
    c.setLineWidth(0.5)
    for mk in marks:
        c.setDash([2, 2] if mk.kind == "fold" else [])
        c.line(pt(mk.x1), pt(mk.y1), pt(mk.x2), pt(mk.y2))
    c.restoreState()


def draw_note(c: Canvas, grid: Grid, text: str) -> None:
    """A line of small print centred below the crop marks; where that margin is
    too narrow (3 × 3 cards on Letter) it runs up the left margin instead,
    outside the crop marks."""
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


def duplex_file(
    cards: list[RenderedCard],
    spec: CardSpec,
    paper_name: str,
    filename: str,
    flip: str,
    offset: tuple[float, float],
    title: str,
    recorded: Recorded | None = None,
) -> tuple[bytes, list[Placement]]:
    """Fronts (face a) on odd pages, backs (face b) on even pages. ``recorded``:
    the faces drawn beforehand (:func:`record_faces`)."""
    grid = fit_grid(paper_name, spec.width, spec.height, spec.bleed, "a card")
    paper = grid.paper
    _check_offset(grid, flip, offset)
    c, buf = new_canvas((paper.width, paper.height), title, "Competitor and obstacle cards, duplex")
    forms = _forms(c, spec.bleed, recorded)
    placements: list[Placement] = []
    sheets = [cards[i : i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    page = 0
    flip_side = flip_words(flip)
    for n, sheet in enumerate(sheets, 1):
        for side in ("front", "back"):
            page += 1
            if side == "front":
                draw_marks(c, grid.crop_marks())
                draw_note(c, grid, f"Cards sheet {n} of {len(sheets)}, front. Print double-sided, flip on the {flip_side}, at 100 % (actual size).")
            else:
                draw_note(c, grid, f"Cards sheet {n} of {len(sheets)}, back.")
            for i, card in enumerate(sheet):
                x, y = grid.cell(i)
                front = Slot(x, y, spec.width, spec.height)
                slot = front if side == "front" else duplex_back(front, paper, flip, offset)
                face = 0 if side == "front" else 1
                forms.place(card.faces[face], face_key(card.kind, card.ids[face]), slot)
                placements.append(Placement(filename, page, card.kind, card.ids[face], side, slot))
            c.showPage()
    c.save()
    return buf.getvalue(), placements


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
    cards: list[RenderedCard], spec: CardSpec, paper_name: str, filename: str, title: str, recorded: Recorded | None = None
) -> tuple[bytes, list[Placement]]:
    """Each card's faces side by side about a fold line: fold, and sleeve."""
    grid = best_grid(paper_name, 2 * spec.width, spec.height, spec.bleed, "a fold pair (two cards wide)")
    paper = grid.paper
    c, buf = new_canvas((paper.width, paper.height), title, "Competitor and obstacle cards, fold-and-sleeve")
    set_page_size(c, (paper.width, paper.height))
    forms = _forms(c, spec.bleed, recorded)
    placements: list[Placement] = []
    sheets = [cards[i : i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    marks = grid.crop_marks() + fold_marks(grid, spec.width)  # the fold itself is not cut
    for page, sheet in enumerate(sheets, 1):
        draw_marks(c, marks)
        draw_note(
            c,
            grid,
            f"Fold-and-sleeve sheet {page} of {len(sheets)}: print one-sided at 100 %. Cut out each pair, "
            "fold on the dashed marks (printed sides out) and slide into a sleeve.",
        )
        for i, card in enumerate(sheet):
            x, y = grid.cell(i)
            a, b, _ = fold_pair(x, y, spec.width, spec.height)
            for face, slot, side, bleeds in ((0, a, "fold-left", FOLD_BLEEDS[0]), (1, b, "fold-right", FOLD_BLEEDS[1])):
                forms.place(card.faces[face], face_key(card.kind, card.ids[face]), slot, bleeds)
                placements.append(Placement(filename, page, card.kind, card.ids[face], side, slot))
        c.showPage()
    c.save()
    return buf.getvalue(), placements

