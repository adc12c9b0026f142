"""The game record sheet: write a game down as it is played, in the log
notation, so that a judge can check it afterwards (docs/game-log.md).

Page 1 holds the set-up (event, table, date, deck, the edition played
ticked in a box, the judge, both teams), a key to the notation, the result
and both players' signatures; then one page per round with the table, the
course and turn lines numbered from 1 in each round, in three columns.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..deck import Deck
from ..render import fonts
from ..render.draw import color
from ..render.paper import Paper
from ..render.pdf import finish, new_canvas
from ..render.units import pt, to_mm
from ..rules import EDITIONS, notation_examples

MARGIN = 14.0
INK = "#2B2B36"
RULE = "#B9AC8C"
MUTED = "#6B6355"


def _text(c: Canvas, x: float, y: float, text: str, size: float = 9, style: str = "regular", align: str = "left", fill: str = INK) -> None:
    c.setFillColor(color(fill))
    c.setFont(fonts.font_name(style), size)
    {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align](pt(x), pt(y), text)


def _line(c: Canvas, x1: float, y1: float, x2: float, y2: float, fill: str = RULE, width: float = 0.5) -> None:
    c.setStrokeColor(color(fill))
    c.setLineWidth(width)
    c.line(pt(x1), pt(y1), pt(x2), pt(y2))


def _field(c: Canvas, x: float, y: float, label: str, width: float) -> None:
    _text(c, x, y, label, 8.5, fill=MUTED)
    start = x + to_mm(fonts.width(label, "regular", 8.5)) + 2
    _line(c, start, y - 0.8, x + width, y - 0.8)


def _boxes(c: Canvas, x: float, y: float, count: int, right: float, w: float = 13.0, h: float = 8.0) -> float:
    """``count`` boxes to write a face id in, in rows that stop at ``right``;
    returns the y of the lowest row."""
    c.setStrokeColor(color(RULE))
    c.setLineWidth(0.5)
    per_row = max(1, int((right - x + 1.5) // (w + 1.5)))
    for i in range(count):
        row, col = divmod(i, per_row)
        c.rect(pt(x + col * (w + 1.5)), pt(y - row * (h + 1.5)), pt(w), pt(h), stroke=1, fill=0)
    return y - ((count - 1) // per_row) * (h + 1.5)


def _edition_box(c: Canvas, x: float, y: float, edition: int) -> None:
    """"Edition played: [ ] 1 [ ] 2": ticked by the players, so a game is never
    checked under the wrong rules (this sheet's examples are ``edition``'s)."""
    _text(c, x, y, "Edition played", 8.5, fill=MUTED)
    bx = x + to_mm(fonts.width("Edition played", "regular", 8.5)) + 2.5
    c.setStrokeColor(color(INK))
    c.setLineWidth(0.6)
    for number in sorted(EDITIONS):
        c.rect(pt(bx), pt(y - 1), pt(3.6), pt(3.6), stroke=1, fill=0)
        _text(c, bx + 4.8, y, str(number), 9, "bold" if number == edition else "regular")
        bx += 11


def record_sheet_file(deck: Deck, edition: int, paper_name: str, title: str) -> bytes:
    paper = Paper.named(paper_name)
    W, H = paper.width, paper.height
    r = deck.rules
    c, buf = new_canvas((W, H), title, "Game record sheet", duplex="none")
    right = W - MARGIN
    # --- page 1: the set-up ----------------------------------------------------
    y = H - MARGIN - 6
    _text(c, MARGIN, y, deck.full_title, 16, "bold")
    y -= 7
    _text(c, MARGIN, y, "Game record", 11, fill=MUTED)
    _text(c, right, y, f"rules edition {edition}", 9, align="right", fill=MUTED)
    y -= 11
    span = W - 2 * MARGIN
    _field(c, MARGIN, y, "Event", span * 0.5)
    _field(c, MARGIN + span * 0.53, y, "Table", span * 0.17)
    _field(c, MARGIN + span * 0.73, y, "Date", span * 0.27)
    y -= 10
    _field(c, MARGIN, y, "Deck", span * 0.3)
    _edition_box(c, MARGIN + span * 0.33, y, edition)
    _field(c, MARGIN + span * 0.62, y, "Judge", span * 0.38)
    for seat in ("north", "south"):
        y -= 14
        _text(c, MARGIN, y, seat.upper(), 11, "bold")
        _field(c, MARGIN + 20, y, "Player", (W - 2 * MARGIN) - 20)
        y -= 12
        _text(c, MARGIN + 20, y + 2.2, f"Team (the face chosen from each of the {r.team_size} cards, e.g. 3b):", 8.5, fill=MUTED)
        y -= 10
        y = _boxes(c, MARGIN + 20, y, r.team_size, right)
    y -= 12
    _field(c, MARGIN, y, "First player (north or south)", (W - 2 * MARGIN) * 0.6)
    y -= 14
    _text(c, MARGIN, y, "How to write a turn", 11, "bold")
    for code, meaning in notation_examples(EDITIONS[edition]):
        y -= 6.5
        _text(c, MARGIN + 4, y, code, 9, "bold")
        _text(c, MARGIN + 48, y, meaning, 9)
    y -= 9
    _text(c, MARGIN, y, "Write the competitors brought along in the order they arrive: it decides who finishes first.", 8.5, fill=MUTED)
    y -= 5.5
    _text(c, MARGIN, y, "A judge can check a finished sheet: typed up as a game log, hi5pnp check finds any illegal turn and the score.", 8.5, fill=MUTED)
    y -= 14
    _text(c, MARGIN, y, "Result", 11, "bold")
    for seat in ("north", "south"):
        y -= 9
        _field(c, MARGIN, y, f"{seat.title()}: complete trait columns", 95)
        _field(c, MARGIN + 105, y, "total", W - 2 * MARGIN - 105)
    y -= 9
    _field(c, MARGIN, y, "Winner (north, south or draw)", (W - 2 * MARGIN) * 0.6)
    y -= 13
    _text(c, MARGIN, y, "We agree this record is the game as played.", 8.5, fill=MUTED)
    y -= 11
    _field(c, MARGIN, y, "North's signature", span * 0.48)
    _field(c, MARGIN + span * 0.52, y, "South's signature", span * 0.48)
    c.showPage()
    # --- one page per round: the same page (a form) under each round's title --
    columns = 3
    col_w = (W - 2 * MARGIN) / columns
    top = H - MARGIN - 6
    c.beginForm("round-page")
    _text(c, right, top, f"{deck.full_title} — game record", 8.5, align="right", fill=MUTED)
    _field(c, MARGIN + 45, top, "Table", 28)  # a loose page finds its game
    y = top - 9
    _text(c, MARGIN, y, "Course (obstacle faces, west to east, e.g. 4b):", 8.5, fill=MUTED)
    y -= 10
    y = _boxes(c, MARGIN, y, len(deck.obstacles), right)
    y -= 6
    _text(c, MARGIN, y, "Turns (a line each; a blank line between segments helps)", 8.5, fill=MUTED)
    _text(c, right, y, "More turns? Carry on on a spare round page.", 8.5, align="right", fill=MUTED)
    bottom = MARGIN + 22
    line_h = 6.4
    rows = int((y - 3 - bottom) // line_h)
    for col in range(columns):
        x = MARGIN + col * col_w
        for row in range(rows):
            n = col * rows + row + 1
            ly = y - 3 - (row + 1) * line_h
            _text(c, x + 7, ly + 1.2, str(n), 7, align="right", fill=MUTED)
            _line(c, x + 9, ly + 0.6, x + col_w - 3, ly + 0.6)
    y = bottom - 4
    _field(c, MARGIN, y, f"Finishers in order (first {r.finishers})", W - 2 * MARGIN)
    y -= 10
    _field(c, MARGIN, y, "Placing points: north", 70)
    _field(c, MARGIN + 78, y, "south", 50)
    c.endForm()
    for rnd in range(1, r.rounds + 2):  # the rounds, and a spare page for a long one
        _text(c, MARGIN, top, f"Round {rnd}" if rnd <= r.rounds else "Round ___ (continued)", 14, "bold")
        c.doForm("round-page")
        c.showPage()
    return finish(c, buf)
