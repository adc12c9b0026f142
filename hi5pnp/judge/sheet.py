"""The printable verdict (``hi5pnp check LOG --pdf FILE``): an A4 sheet or
two a judge can sign. Who played, where, on which deck and edition; the
verdict; the first fault with its line, ruling and the legal turns instead;
the position it happened in (the picture of :mod:`.drawing`); every written
value beside the computed one; the result, or where a game that is not
complete stood; and lines for the judge's name and signature."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial
from html import escape
from typing import Any

from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..errors import printable
from ..render import fonts
from ..render.draw import color
from ..render.paper import PAPER_SIZES
from ..render.pdf import AUTHOR, CREATOR, CREDIT, KEYWORDS, PRODUCER, reproducible, subject
from ..render.units import pt
from ..rules import State
from .check import Verdict
from .drawing import position_drawing
from .log import GameLog
from .tries import Try
from .verdict import about, columns_words, no_result_words, result_words, stood_words, where_words

PAGE = PAPER_SIZES["a4"]  # mm: the verdict is an A4 sheet
MARGIN = 13.0
INK, MUTED, WRONG, RIGHT = "#2B2B36", "#6B6355", "#B3261E", "#2E6B3A"


def _styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    body = ParagraphStyle("body", fontName=fonts.font_name("regular"), fontSize=9.5, leading=12.5, textColor=color(INK), spaceAfter=4)
    bold = fonts.font_name("bold")
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=17, leading=21, spaceAfter=2),
        "sub": ParagraphStyle("sub", parent=body, textColor=color(MUTED)),
        "h": ParagraphStyle("h", parent=body, fontName=bold, fontSize=11.5, leading=15, spaceBefore=6, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10.5, spaceAfter=0),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(printable(text), style)  # a log's control characters shown, never drawn as boxes


def verdict_pdf(v: Verdict, tried: Sequence[Try] = ()) -> bytes:
    """The printable verdict on ``v`` (a read fault included: it is listed);
    ``tried``: the lines whose turns were read as others (``check --try``)."""
    st = _styles()
    story = _story(v, st)
    for k, t in enumerate(tried):
        note = f"Checked with {escape(t.words())} (a correction tried; the file is unchanged)."
        story.insert(2 + k, _p(note, st["body"]))
    buf = io.BytesIO()

    def on_page(c: Canvas, doc: Any) -> None:
        c.saveState()
        c.setFont(fonts.font_name("regular"), 7)
        c.setFillColor(color(MUTED))
        c.drawString(pt(MARGIN), pt(MARGIN - 4), f"hi5pnp verdict · {CREDIT}")
        c.drawRightString(pt(PAGE[0] - MARGIN), pt(MARGIN - 4), f"page {doc.page}")
        c.restoreState()

    with reproducible():
        doc = SimpleDocTemplate(
            buf, pagesize=(pt(PAGE[0]), pt(PAGE[1])), leftMargin=pt(MARGIN), rightMargin=pt(MARGIN), topMargin=pt(MARGIN),
            bottomMargin=pt(MARGIN), title=printable(f"Verdict: {v.path}"), author=AUTHOR, subject=subject("A judge's verdict on a game log"),
            keywords=KEYWORDS, creator=CREATOR, producer=PRODUCER, invariant=1, pageCompression=1,
            initialFontName=fonts.font_name("regular"), lang="en", displayDocTitle=1,
        )  # fmt: skip
        doc.build(story, onFirstPage=on_page, onLaterPages=on_page, canvasmaker=partial(Canvas, initialFontName=fonts.font_name("regular")))
    return buf.getvalue()


def _story(v: Verdict, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    log, s, p = v.log, v.state, v.problem
    out: list[Flowable] = [_p("Game verdict", st["title"]), _p(escape(v.path), st["sub"])]
    out += _about(log, s, st)
    if p is None:
        out.append(_p(f'<font color="{RIGHT}"><b>VALID</b></font>: every turn is legal and every written value agrees.', st["h"]))
    elif p.kind == "read":
        out.append(_p(f'<font color="{WRONG}"><b>CANNOT BE READ</b></font>', st["h"]))
        out += [_p(escape(str(f)), st["body"]) for f in v.read_faults]
        return out + _signature(st)
    else:
        out.append(_p(f'<font color="{WRONG}"><b>INVALID</b></font>: line {p.line}, {escape(p.message)}', st["h"]))
    stop = v.stopped
    if stop is not None:
        out.append(_p("The fault", st["h"]))
        said = f" ({escape(stop.where)}): <b>{escape(stop.turn)}</b>" if stop.turn else f" ({escape(stop.where)})" if stop.where else ""
        out.append(_p(f"Line {stop.line}{said}", st["body"]))
        if stop is not p:  # the heading gives the first fault; this one ended the replay
            out.append(_p(escape(stop.message), st["body"]))
        legal = stop.legal_instead()
        if legal:
            turns = "  ·  ".join(f"<b>{escape(t)}</b>" for t in legal.shown)
            more = f"  {legal.more_words()}" if legal.more else ""
            out.append(_p(f"Legal turns instead, as a log writes them: {turns}{more}", st["body"]))
        if stop.position is not None:
            where = where_words(stop)
            picture = _fitted(position_drawing(stop.position, log.players if log else None))
            out.append(KeepTogether([_p(where[0].upper() + where[1:], st["h"]), picture]))
    if v.compared:
        out.append(KeepTogether([_p("Written and computed", st["h"]), _records_table(v, st)]))
    if s is not None:
        out += _result(v, s, st)
    return out + _signature(st)


def _fitted(drawing: Drawing) -> Drawing:
    """The picture scaled down to fit the page, under its heading, if it is
    wider or taller (teams of twenty make a tall one)."""
    k = min(1.0, pt(PAGE[0] - 2 * MARGIN - 1) / drawing.width, pt(PAGE[1] - 2 * MARGIN - 20) / drawing.height)
    drawing.scale(k, k)
    drawing.width, drawing.height = drawing.width * k, drawing.height * k
    return drawing


def _about(log: GameLog | None, s: State | None, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    if log is None:
        return []
    rows = [about(log, s.edition.number if s is not None else None)]
    texts = [f"{key} {log.texts[key]}" for key in ("date", "judge", "table") if log.texts.get(key)]
    if texts:
        rows.append(" · ".join(texts))
    if log.texts.get("notes"):
        rows.append(f"notes: {log.texts['notes']}")
    return [_p(escape(r), st["body"]) for r in rows]


def _records_table(v: Verdict, st: dict[str, ParagraphStyle]) -> Table:
    """Every value the log may write, beside what the game gives; a row that differs shaded."""
    rows: list[list[Any]] = [["Line", "What", "Written", "Computed"]]
    for r in v.compared:
        written, computed = ("—" if x is None else " ".join(x) if isinstance(x, list) else str(x) for x in (r.recorded, r.computed))
        mark = "  (differs)" if r.differs else "" if r.recorded is None else "  (agrees)"
        rows.append([str(r.line) if r.line else "", r.what, written, computed + mark])
    wrong = [k for k, r in enumerate(v.compared, 1) if r.differs]
    cells = [[_p(escape(str(c)), st["cell"]) for c in r] for r in rows]
    width = PAGE[0] - 2 * MARGIN
    table = Table(cells, colWidths=[pt(width * f) for f in (0.08, 0.32, 0.28, 0.32)], repeatRows=1, hAlign="LEFT")
    style = [("GRID", (0, 0), (-1, -1), 0.4, color("#B9AC8C")), ("BACKGROUND", (0, 0), (-1, 0), color("#EFE7D4")),
             ("VALIGN", (0, 0), (-1, -1), "TOP")]  # fmt: skip
    style += [("BACKGROUND", (0, k), (-1, k), color("#F6DEDA")) for k in wrong]
    table.setStyle(TableStyle(style))
    return table


def _result(v: Verdict, s: State, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    columns = columns_words(s)
    if v.complete:
        head = "Result (computed from the turns)" if v.records else "Result"
        return [_p(head, st["h"]), _p(f"<b>{escape(result_words(s))}</b>; {columns}.", st["body"])]
    why = no_result_words(s)
    return [_p("No result", st["h"]), _p(f"{why[0].upper()}{why[1:]} No winner is declared. Where it stood: {stood_words(s)}", st["body"])]


def _signature(st: dict[str, ParagraphStyle]) -> list[Flowable]:
    line = "_" * 28
    return [Spacer(1, pt(8)), KeepTogether([_p(f"Judge {line}   Signature {line}   Date {'_' * 14}", st["body"])])]
