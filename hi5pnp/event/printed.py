"""The event printed for the floor (revision 6 of docs/game-log.md): the
round's pairings for the wall (``pairings --sheet FILE.pdf``: by table,
then every player by name, alphabetical, with their table and seat) and
the standings (``standings --pdf FILE.pdf``: the table with its tie-break
columns, the cross-table and the top cut's bracket), each naming the event,
the round and the time of the newest result it holds, on A4 or US Letter.
Set by reportlab's platypus; the same folder gives the same bytes."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..errors import printable
from ..render import fonts
from ..render.draw import color
from ..render.paper import PAPER_SIZES
from ..render.pdf import CREDIT, document_options, reproducible
from ..render.units import pt
from .crosstable import CrossTable
from .pairings import Pairing
from .players import Standing
from .standings import HEADINGS, player_cell, shown_tiebreaks, tiebreak_cell

MARGIN = 14.0  # mm
INK, MUTED, RULE, SHADE = "#2B2B36", "#6B6355", "#9A8F7E", "#EFEAE0"


def _styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    body = ParagraphStyle("body", fontName=fonts.font_name("regular"), fontSize=11, leading=14, textColor=color(INK))
    bold = fonts.font_name("bold")
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=20, leading=24, spaceAfter=2),
        "sub": ParagraphStyle("sub", parent=body, textColor=color(MUTED), spaceAfter=8),
        "h": ParagraphStyle("h", parent=body, fontName=bold, fontSize=14, leading=18, spaceBefore=10, spaceAfter=4, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=10, leading=12.5),
        "big": ParagraphStyle("big", parent=body, fontSize=14, leading=17),
        "bigbold": ParagraphStyle("bigbold", parent=body, fontName=bold, fontSize=14, leading=17),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=10, leading=12.5, textColor=color(MUTED)),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(printable(text)), style)


def _table(rows: list[list[Any]], widths: Sequence[float], st: dict[str, ParagraphStyle], head: str = "head", body: str = "cell") -> Table:
    """A table whose first row repeats on each page; cells as paragraphs, so a long name wraps."""
    cells = [[_p(str(c), st[head if r == 0 else body]) if not isinstance(c, Flowable) else c for c in row] for r, row in enumerate(rows)]
    t = Table(cells, colWidths=[pt(w) for w in widths], repeatRows=1)
    t.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, color(INK)),
                ("LINEBELOW", (0, 1), (-1, -1), 0.3, color(RULE)),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [color("#FFFFFF"), color(SHADE)]),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return t


def _document(buf: io.BytesIO, paper: str, title: str, what: str) -> SimpleDocTemplate:
    w, h = PAPER_SIZES[paper]
    return SimpleDocTemplate(buf, pagesize=(pt(w), pt(h)), **document_options(printable(title), what, MARGIN, MARGIN + 4))


def _footer(paper: str, said: str) -> Callable[[Canvas, SimpleDocTemplate], None]:
    """Each page's foot: what it is, the credit, and its number."""
    w, _h = PAPER_SIZES[paper]

    def draw(c: Canvas, doc: SimpleDocTemplate) -> None:
        c.saveState()
        c.setFont(fonts.font_name("regular"), 7.5)
        c.setFillColor(color(MUTED))
        room = pt(w - 2 * MARGIN - 20)
        c.drawString(pt(MARGIN), pt(MARGIN - 2), fonts.cut_to(printable(f"{said} · {CREDIT}"), "regular", 7.5, room))
        c.drawRightString(pt(w - MARGIN), pt(MARGIN - 2), f"page {doc.page}")
        c.restoreState()

    return draw


def _made(paper: str, title: str, what: str, story: list[Flowable], said: str) -> bytes:
    buf = io.BytesIO()
    with reproducible():
        foot = _footer(paper, said)
        _document(buf, paper, title, what).build(story, onFirstPage=foot, onLaterPages=foot, canvasmaker=_canvas)
    return buf.getvalue()


def _canvas(*args: Any, **kwargs: Any) -> Canvas:
    kwargs.setdefault("initialFontName", fonts.font_name("regular"))
    return Canvas(*args, **kwargs)


def _heading(event: str, what: str, as_of: str, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    return [_p(f"{event} · {what}" if event else what, st["title"]), _p(f"results as of {as_of}" if as_of else "no result yet", st["sub"])]


def pairings_sheet(p: Pairing, event: str, paper: str = "a4", as_of: str = "", links: dict[int, str] | None = None, base: str = "") -> bytes:
    """The round's pairings for the wall: by table, then by name (alphabetical)
    with each player's table, seat and opponent; with ``links`` (a table's
    token) and ``base`` (the desk's address), a slip a table after them, with
    the QR code of the table's page for its players to report their result."""
    st = _styles()
    w, _h = PAPER_SIZES[paper]
    room = w - 2 * MARGIN
    what = f"round {p.round} pairings" + (f", {p.knockout}" if p.knockout else "") + (f" (game {p.game})" if p.game > 1 else "")
    story = _heading(event, what, as_of, st)
    story.append(_p("By table", st["h"]))
    rows: list[list[Any]] = [["Table", "North (moves first)", "Points", "South", "Points"]]
    rows += [[str(t.number), t.first.player, str(t.first.points), t.second.player, str(t.second.points)] for t in p.tables]
    story.append(_table(rows, [room * 0.1, room * 0.35, room * 0.1, room * 0.35, room * 0.1], st, body="big"))
    if p.bye is not None:
        story += [Spacer(1, pt(3)), _p(f"Bye: {p.bye.player} ({p.bye.points} points)", st["bigbold"])]
    story.append(_p("By name", st["h"]))
    seats: list[tuple[str, str, str, str]] = []
    for t in p.tables:
        seats.append((t.first.player, str(t.number), "north (first)", t.second.player))
        seats.append((t.second.player, str(t.number), "south", t.first.player))
    if p.bye is not None:
        seats.append((p.bye.player, "bye", "", ""))
    listed: list[list[Any]] = [["Player", "Table", "Seat", "Opponent"]]
    listed += [list(s) for s in sorted(seats, key=lambda s: (s[0].casefold(), s[0]))]
    story.append(_table(listed, [room * 0.34, room * 0.11, room * 0.21, room * 0.34], st, body="big"))
    if links and base:
        from reportlab.platypus import PageBreak

        from .floor.qrcode import slip_flowables, slip_rows

        story += [PageBreak(), _p("Table slips: cut them apart, one on each table", st["h"])]
        for slip in slip_flowables(slip_rows(p, links, base), p.round, lambda text, style: _p(text, st[style]), pt(34)):
            story += [slip, Spacer(1, pt(4))]
    return _made(paper, f"{event} · {what}" if event else what, f"Pairings of round {p.round}", story, f"{event} · {what}")


def standings_pdf(
    event: str,
    ranked: Sequence[Standing],
    tiebreaks: Sequence[str],
    round_number: int | None,
    cross: CrossTable | None = None,
    bracket: Sequence[str] = (),
    left: int = 0,
    paper: str = "a4",
    as_of: str = "",
) -> bytes:
    """The standings for the wall: the table with its tie-break columns, the cross-table, the bracket."""
    st = _styles()
    w, _h = PAPER_SIZES[paper]
    room = w - 2 * MARGIN
    what = f"standings after round {round_number}" if round_number else "standings"
    story = _heading(event, what, as_of, st)
    keys = shown_tiebreaks(tiebreaks)
    rows: list[list[Any]] = [["Rank", "Player", "Played", "W-D-L", "Points", *(HEADINGS.get(k, k.replace("_", " ").capitalize()) for k in keys)]]
    rows += [
        [str(s.rank), player_cell(s), str(s.played), f"{s.wins}-{s.draws}-{s.losses}", str(s.points), *(tiebreak_cell(s, k) for k in keys)] for s in ranked
    ]
    rest = room * 0.56
    story.append(_table(rows, [room * 0.09, room * 0.35, *(rest / (3 + len(keys)) for _ in range(3 + len(keys)))], st))
    if left:
        story += [Spacer(1, pt(2)), _p(f"{left} log{'s' * (left != 1)} left out (hi5pnp standings lists each with why)", st["sub"])]
    if bracket:
        story.append(_p(bracket[0].rstrip(":").capitalize(), st["h"]))
        story += [_p(line.strip(), st["body"]) for line in bracket[1:]]
    if cross is not None and cross.rows:
        story.append(_p("Cross-table (the opponent's rank; + won, = drew, - lost; f moved first)", st["h"]))
        crows: list[list[Any]] = [["Rank", "Player", *(f"R{c}" for c in cross.columns)]]
        crows += [[str(r.rank), r.player, *r.cells] for r in cross.rows]
        n = max(len(cross.columns), 1)
        story.append(_table(crows, [room * 0.09, room * 0.33, *(room * 0.58 / n for _ in range(n))], st))
    return _made(paper, f"{event} · {what}" if event else what, "An event's standings", story, f"{event} · {what}")
