"""How full each page of a platypus book is, read through reportlab's public
API only: a frame (:class:`FillingFrame`) that keeps where its content
stops, and the canvas (:class:`MovesCanvas`) that tells it where each
flowable was drawn (``Flowable.drawOn`` moves the canvas to the flowable's
foot before drawing it). The rulebook is set again, tighter, when a page is
left under half full."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

PADDING = 6  # points: reportlab's padding of a frame on each side, given so the text area's top is known


class MovesCanvas(Canvas):
    """A canvas that records, while :attr:`moves` is a list, the height of
    each ``translate``: where a flowable is drawn."""

    moves: list[float] | None = None

    def translate(self, dx: float, dy: float) -> None:
        if self.moves is not None:
            self.moves.append(dy)
        super().translate(dx, dy)


class FillingFrame(Frame):
    """A text frame that keeps how far down its content reaches on the page:
    the foot of the last flowable it placed and the space after it, as the
    frame itself counts them. Draw on a :class:`MovesCanvas`; call
    :meth:`next_page` as each page ends, after reading :meth:`fill`."""

    def __init__(self, x: float, y: float, width: float, height: float, **kwargs: Any):
        super().__init__(x, y, width, height, leftPadding=PADDING, bottomPadding=PADDING, rightPadding=PADDING, topPadding=PADDING, **kwargs)
        self.bottom, self.top = y, y + height
        self.next_page()

    def next_page(self) -> None:
        """A new page: nothing placed yet."""
        self.reached = self.top - PADDING

    def fill(self) -> float:
        """How full the text area is, 0 to 1: from its top to where its content stops."""
        return (self.top - self.reached) / (self.top - self.bottom)

    def add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> int:
        moves: list[float] = []
        if isinstance(canv, MovesCanvas):
            canv.moves = moves
        try:
            placed = super().add(flowable, canv, trySplit)
        finally:
            if isinstance(canv, MovesCanvas):
                canv.moves = None
        if placed and moves:  # drawn: its foot, then the space it keeps after it
            self.reached = moves[0] - flowable.getSpaceAfter()
        return int(placed)
