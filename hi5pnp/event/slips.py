"""Result slips for a round (``pairings --slips FILE.pdf``, revision 5 of
docs/game-log.md): one per table, four to a page (two by two, dashed lines
to cut along), on A4 or Letter. Each names the event, the round and table
and the log to fill in, who moves first (seated north) and who second,
with a box per player and for a draw to tick the winner, a box for each
player's score, and a line for each player's signature. Every name is cut
with "…" to its room, so nothing runs into its neighbour."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..errors import printable
from ..render import fonts
from ..render.draw import color
from ..render.paper import PAPER_SIZES, paper_title
from ..render.pdf import finish, new_canvas, reproducible
from ..render.units import pt
from .pairings import Pairing, Table

MARGIN = 10.0  # mm, the page's edge to the slips
PAD = 6.0  # mm, a slip's edge to its text
INK, MUTED, LINE = "#2B2B36", "#6B6355", "#9A8F7E"
PER_PAGE = 4


def _fit(text: str, style: str, size: float, room_mm: float) -> str:
    """``text`` (escaped) cut with an ellipsis to ``room_mm``."""
    return fonts.cut_to(printable(text), style, size, pt(room_mm))


def _text(c: Canvas, x: float, y: float, text: str, style: str = "regular", size: float = 9.0, room: float = 80.0, ink: str = INK) -> None:
    c.setFillColor(color(ink))
    c.setFont(fonts.font_name(style), size)
    c.drawString(pt(x), pt(y), _fit(text, style, size, room))


def _box(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.8)
    c.rect(pt(x), pt(y), pt(w), pt(h), stroke=1, fill=0)


def _slip(c: Canvas, x: float, y: float, w: float, h: float, t: Table, round_number: int, event: str, game: int = 1) -> None:
    """One slip, its lower left corner at (x, y) mm."""
    left, right, top = x + PAD, x + w - PAD, y + h - PAD
    room = right - left
    _text(c, left, top - 4, "Result slip", "bold", 13, room * 0.5)
    c.setFont(fonts.font_name("bold"), 11)
    c.setFillColor(color(INK))
    c.drawRightString(pt(right), pt(top - 4), f"Round {round_number} · Table {t.number}")
    _text(c, left, top - 10, event or "", "regular", 9, room, MUTED)
    _text(c, left, top - 15, f"Log: round{round_number}-table{t.number}{f'-game{game}' if game > 1 else ''}.yaml", "regular", 8, room, MUTED)
    rows = [("Moves first (north)", t.first), ("Second (south)", t.second)]
    yy = top - 25
    for label, who in rows:
        _text(c, left, yy, label, "regular", 8, room, MUTED)
        _text(c, left + 32, yy, f"{who.player} ({who.points} pts)", "bold", 10, room - 32)
        yy -= 7
    yy -= 4
    _text(c, left, yy, "Winner (tick one box)", "bold", 9, room)
    yy -= 9
    for name in (t.first.player, t.second.player, "Draw"):
        _box(c, left, yy - 1, 4.5, 4.5)
        _text(c, left + 7, yy, name, "regular", 10, room - 7)
        yy -= 8
    yy -= 3
    _text(c, left, yy, "Score (the game's total points)", "bold", 9, room)
    yy -= 11
    for who in (t.first, t.second):
        _box(c, left, yy - 2, 16, 8)
        _text(c, left + 20, yy, who.player, "regular", 10, room - 20)
        yy -= 11
    sign_y = y + PAD + 6
    half = (room - 6) / 2
    for k, who in enumerate((t.first, t.second)):
        sx = left + k * (half + 6)
        c.setStrokeColor(color(INK))
        c.setLineWidth(0.6)
        c.line(pt(sx), pt(sign_y), pt(sx + half), pt(sign_y))
        _text(c, sx, sign_y - 4, f"Signed: {who.player}", "regular", 7.5, half, MUTED)


def slips_pdf(p: Pairing, event: str, paper: str = "a4") -> bytes:
    """The round's result slips: one per table, four to a page."""
    w, h = PAPER_SIZES[paper]
    slip_w, slip_h = (w - 2 * MARGIN) / 2, (h - 2 * MARGIN) / 2
    title = f"Result slips · round {p.round}" + (f" · {printable(event)}" if event else "")
    with reproducible():
        c, buf = new_canvas((w, h), title, f"Result slips for round {p.round} ({paper_title(paper)})")
        for start in range(0, max(len(p.tables), 1), PER_PAGE):
            page = p.tables[start : start + PER_PAGE]
            c.setStrokeColor(color(LINE))
            c.setLineWidth(0.5)
            c.setDash(3, 3)
            c.line(pt(w / 2), pt(MARGIN), pt(w / 2), pt(h - MARGIN))
            c.line(pt(MARGIN), pt(h / 2), pt(w - MARGIN), pt(h / 2))
            c.setDash()
            for k, t in enumerate(page):
                col, row = k % 2, k // 2
                _slip(c, MARGIN + col * slip_w, h - MARGIN - (row + 1) * slip_h, slip_w, slip_h, t, p.round, event, p.game)
            if not page:
                _text(c, MARGIN + PAD, h - MARGIN - PAD - 4, f"Round {p.round}: no table to play (a bye only)", "bold", 11, w / 2)
            c.showPage()
        return finish(c, buf)
