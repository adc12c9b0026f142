"""Imposition: where every card goes on the paper, in millimetres.

Pure arithmetic, no PDF: the drawing code only fills the slots computed here.
Page coordinates have their origin at the lower-left corner of the page (as in
PDF); a slot's (x, y) is the lower-left corner of the card's trim box.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ...errors import LayoutError
from ...language import _
from ...render.paper import Paper, paper_title


def flip_words(flip: str) -> str:
    """How a duplex flip is named on the page: "long edge" or "short edge"."""
    return _("long edge") if flip == "long" else _("short edge")


MARK_GAP = 1.0  # mm between the outer trim (or bleed) edge and a crop mark
MARK_LENGTH = 5.0  # mm, longest crop mark
MIN_MARK = 2.0  # mm, shortest crop mark worth printing
MARK_CLEAR = 3.0  # mm of paper edge a crop mark never enters (home printers cannot print there)
#: The least margin between the cards (with their bleed) and the paper edge:
#: room for the shortest crop mark, its gap, and the unprintable edge.
MIN_MARGIN = MARK_CLEAR + MIN_MARK + MARK_GAP


@dataclass(frozen=True)
class Slot:
    """A card's trim box on a page; ``rotation`` is 0 or 180 degrees."""

    x: float
    y: float
    width: float
    height: float
    rotation: int = 0


@dataclass(frozen=True)
class SheetMark:
    """A crop or fold mark: a line segment in page millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str = "crop"  # or "fold", or "guide"

    def moved(self, dx: float, dy: float) -> SheetMark:
        return SheetMark(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy, self.kind)


@dataclass(frozen=True)
class Grid:
    """Rows × columns of equal cells, centred on the paper.

    A cell holds one item of ``item_w × item_h`` (a card, or a fold pair);
    ``gutter`` separates neighbouring items' cut lines: ``gap`` when given
    (at least twice the bleed: paper shows between the bleeds), else twice
    the bleed, so that each item's bleed does not print over its neighbour.
    """

    paper: Paper
    cols: int
    rows: int
    item_w: float
    item_h: float
    bleed: float
    gap: float | None = None

    @property
    def gutter(self) -> float:
        return 2 * self.bleed if self.gap is None else max(self.gap, 2 * self.bleed)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def block_w(self) -> float:
        return self.cols * self.item_w + (self.cols - 1) * self.gutter

    @property
    def block_h(self) -> float:
        return self.rows * self.item_h + (self.rows - 1) * self.gutter

    @property
    def left(self) -> float:
        return (self.paper.width - self.block_w) / 2

    @property
    def bottom(self) -> float:
        return (self.paper.height - self.block_h) / 2

    def cell(self, index: int) -> tuple[float, float]:
        """Lower-left corner of item ``index`` (0 = top-left, row by row)."""
        row, col = divmod(index, self.cols)
        x = self.left + col * (self.item_w + self.gutter)
        y = self.bottom + (self.rows - 1 - row) * (self.item_h + self.gutter)
        return (x, y)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x and y positions of every cut (trim edges), without repeats."""
        xs = sorted({round(v, 4) for c in range(self.cols) for v in self._edges(c, self.item_w, self.left)})
        ys = sorted({round(v, 4) for r in range(self.rows) for v in self._edges(r, self.item_h, self.bottom)})
        return xs, ys

    def _edges(self, i: int, size: float, start: float) -> tuple[float, float]:
        a = start + i * (size + self.gutter)
        return (a, a + size)

    @property
    def full_marks(self) -> bool:
        """Do the crop marks reach their full length on every side?"""
        margin = min(self.left, self.bottom) - self.bleed - MARK_GAP
        return margin - MARK_CLEAR >= MARK_LENGTH - 1e-9

    def guides(self) -> list[SheetMark]:
        """Lines right across the sheet on every cut, out to the crop marks'
        outer ends (the sheet's notes lie beyond them): drawn under the
        cards, they show in the margins and the gaps, where a rotary cutter's
        or guillotine's ruler is laid."""
        xs, ys = self.cut_lines()
        marks = self.crop_marks()
        x0, x1 = min(min(m.x1, m.x2) for m in marks), max(max(m.x1, m.x2) for m in marks)
        y0, y1 = min(min(m.y1, m.y2) for m in marks), max(max(m.y1, m.y2) for m in marks)
        return [SheetMark(x, y0, x, y1, "guide") for x in xs] + [SheetMark(x0, y, x1, y, "guide") for y in ys]

    def crop_marks(self) -> list[SheetMark]:
        """Short lines in the margin, outside the grid, on the line of every cut."""
        xs, ys = self.cut_lines()
        marks: list[SheetMark] = []
        outer_l = self.left - self.bleed - MARK_GAP
        outer_r = self.left + self.block_w + self.bleed + MARK_GAP
        outer_b = self.bottom - self.bleed - MARK_GAP
        outer_t = self.bottom + self.block_h + self.bleed + MARK_GAP
        len_x = min(MARK_LENGTH, outer_l - MARK_CLEAR)
        len_y = min(MARK_LENGTH, outer_b - MARK_CLEAR)
        for x in xs:
            marks.append(SheetMark(x, outer_b - len_y, x, outer_b))
            marks.append(SheetMark(x, outer_t, x, outer_t + len_y))
        for y in ys:
            marks.append(SheetMark(outer_l - len_x, y, outer_l, y))
            marks.append(SheetMark(outer_r, y, outer_r + len_x, y))
        return marks


def fit_grid(paper_name: str, item_w: float, item_h: float, bleed: float, what: str, landscape: bool = False, gap: float | None = None) -> Grid:
    """The largest grid of items that fits the paper inside the minimum margin,
    leaving room for crop marks. Raises :class:`LayoutError` when none fits."""
    paper = Paper.named(paper_name, landscape)
    # n items take n × size, n − 1 gutters and the outer items' bleed
    gutter = Grid(paper, 1, 1, item_w, item_h, bleed, gap).gutter
    cols = floor((paper.width - 2 * MIN_MARGIN - 2 * bleed + gutter) / (item_w + gutter) + 1e-9)
    rows = floor((paper.height - 2 * MIN_MARGIN - 2 * bleed + gutter) / (item_h + gutter) + 1e-9)
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"{what} of {item_w:g} × {item_h:g} mm" + (f" with {bleed:g} mm bleed" if bleed else "") + f" does not fit on {paper_title(paper_name)}"
            f" paper ({paper.width:g} × {paper.height:g} mm) inside {MIN_MARGIN:g} mm margins and crop marks"
        )
    return Grid(paper, cols, rows, item_w, item_h, bleed, gap)


def best_grid(paper_name: str, item_w: float, item_h: float, bleed: float, what: str, count: int = 0, gap: float | None = None) -> Grid:
    """Portrait or landscape: whichever holds more items, or with ``count``
    items, whichever takes fewer sheets, and on a tie the one whose crop marks
    reach full length (portrait when both or neither do)."""
    grids = []
    errors = []
    for landscape in (False, True):
        try:
            grids.append(fit_grid(paper_name, item_w, item_h, bleed, what, landscape, gap))
        except LayoutError as exc:
            errors.append(exc)
    if not grids:
        raise errors[0]
    if count:
        return min(grids, key=lambda g: (-(-count // g.per_page), not g.full_marks))  # min keeps the first on a tie
    return max(grids, key=lambda g: g.per_page)  # max keeps the first on a tie


# --- Two-sided printing -----------------------------------------------------------------


def duplex_back(front: Slot, paper: Paper, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where a card's back goes on the back page so it lands behind ``front``.

    ``flip`` is "long" (the sheet turns over its long edge: a portrait page
    mirrors left to right) or "short" (turns over its short edge: top to
    bottom; the back is drawn turned 180° so the card's two faces keep the same
    way up when the card itself is turned over sideways). ``offset`` (mm, right
    and up as seen on the back page) corrects a printer that shifts the backs.
    """
    long_edge_is_vertical = paper.height >= paper.width
    mirror_x = (flip == "long") == long_edge_is_vertical
    dx, dy = offset
    if mirror_x:
        return Slot(paper.width - front.x - front.width + dx, front.y + dy, front.width, front.height, front.rotation)
    return Slot(front.x + dx, paper.height - front.y - front.height + dy, front.width, front.height, (front.rotation + 180) % 360)


def fold_pair(x: float, y: float, card_w: float, card_h: float) -> tuple[Slot, Slot, float]:
    """Face a left of the fold, face b right of it; returns (a, b, fold x).

    Folding the right half behind the left about the vertical fold line turns
    face b over sideways, so both faces are printed upright.
    """
    a = Slot(x, y, card_w, card_h)
    b = Slot(x + card_w, y, card_w, card_h)
    return a, b, x + card_w


def fold_marks(grid: Grid, card_w: float) -> list[SheetMark]:
    """Fold ticks above and below every pair, on its fold line, outside the grid."""
    marks = []
    top = grid.bottom + grid.block_h + grid.bleed + MARK_GAP
    low = grid.bottom - grid.bleed - MARK_GAP
    length = min(MARK_LENGTH, low - MARK_CLEAR)
    for col in range(grid.cols):
        x = grid.cell(col)[0] + card_w
        marks.append(SheetMark(x, low - length, x, low, "fold"))
        marks.append(SheetMark(x, top, x, top + length, "fold"))
    return marks
