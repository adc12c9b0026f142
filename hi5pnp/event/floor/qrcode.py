"""A table's link as a QR code (made by segno), drawn into the printed
sheet as vector squares (each row's dark run one rectangle), and the table
slips that carry them: one slip a table, to lay on it, with the round, the
table, its two players and the link in words beside its code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib.colors import black
from reportlab.platypus import Flowable

from ..pairings import Pairing
from .tablelinks import table_url

QUIET = 4  # modules of light border the code needs around it


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M), its dark modules True, without the border."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[bool(v) for v in row] for row in code.matrix]


def qr_drawing(text: str, size: float) -> Drawing:
    """The QR code of ``text`` as a reportlab drawing ``size`` points square (its quiet border inside)."""
    matrix = qr_matrix(text)
    n = len(matrix) + 2 * QUIET
    unit = size / n
    d = Drawing(size, size)
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            top = size - (y + QUIET + 1) * unit
            d.add(Rect((start + QUIET) * unit, top, (x - start) * unit, unit, fillColor=black, strokeColor=None, strokeWidth=0))
    return d


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as inline SVG markup for a page (segno's own), scaled by the page's style."""
    import segno

    svg: str = segno.make(text, error="m", micro=False).svg_inline(scale=4, border=QUIET, omitsize=True)
    return svg


def slip_rows(p: Pairing, links: Mapping[int, str], base: str) -> list[dict[str, Any]]:
    """Each table that has a link: its number, its players (north moves first) and its URL."""
    return [
        {"table": t.number, "north": t.first.player, "south": t.second.player, "url": table_url(base, links[t.number])} for t in p.tables if t.number in links
    ]


def slip_flowables(rows: list[dict[str, Any]], round_number: int, make: Any, size: float) -> list[Flowable]:
    """The slips as platypus flowables: ``make(text, style)`` makes a paragraph; ``size`` is the code's side in points."""
    from reportlab.platypus import KeepTogether, Table, TableStyle

    out: list[Flowable] = []
    for r in rows:
        words = [
            make(f"Round {round_number} · table {r['table']}", "bigbold"),
            make(f"{r['north']} (north, moves first) v {r['south']} (south)", "big"),
            make("Scan to report your result: one of you enters it, the other confirms it on their own phone.", "cell"),
            make(r["url"], "cell"),
        ]
        t = Table([[qr_drawing(r["url"], size), words]], colWidths=[size + 8, None])
        t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("BOX", (0, 0), (-1, -1), 0.6, black), ("TOPPADDING", (0, 0), (-1, -1), 6)]))
        out.append(KeepTogether([t]))
    return out
