"""The printable verdict (``hi5pnp check LOG --pdf FILE``): A4 sheets both
players and the judge can sign. Every page names the game and says "page N
of M". Who played, where, on which deck and edition, and the SHA-256 of the
log file as checked, so a signed sheet is tied to one file; the ruling as a
headline ("VALID WITH 1 CORRECTION", with each line as written and as ruled
side by side); the first fault, referred to as the record sheet numbers it
(round 2, turn 14) with the log line beside, its ruling and the legal turns
instead; the position it happened in (the picture of :mod:`.drawing`); every
written value beside the computed one; the result, or where a game that is
not complete stood; and lines for the players' and the judge's signatures."""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ...errors import capped, printable
from ...language import _, ngettext, spoken
from ...render import fonts
from ...render.draw import color
from ...render.paper import PAPER_SIZES
from ...render.pdf import AUTHOR, CREATOR, CREDIT, KEYWORDS, PRODUCER, reproducible, subject
from ...render.units import pt
from ...rules import SEATS, State
from ...rules.seat import seat_words
from ..check import Verdict
from ..header import Header
from ..log import GameLog
from ..problem import Record
from ..tries import Try
from ..verdict import (
    about,
    adjudicated_words,
    columns_words,
    edition_words,
    log_line,
    no_result_words,
    reference,
    result_words,
    stood_words,
    where_in_log,
    where_words,
)
from .drawing import position_drawing

PAGE = PAPER_SIZES["a4"]  # mm: the verdict is an A4 sheet
MARGIN = 13.0
HEAD = 9.0  # mm above the text for each page's header
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
    ``tried``: the corrections it was checked with (``check --try``).

    The sheet is set twice: once to count its pages, then with "page N of M"
    drawn at the end of each (the document's own page hook, no canvas internals)."""
    st = _styles()
    frame = _PageFrame(_game_name(v), _("log SHA-256 %(digest)s…") % {"digest": v.sha256[:16]} if v.sha256 else "")
    with reproducible():
        _sheet(io.BytesIO(), v, frame).build(_story(v, st, tried), canvasmaker=_canvas)
        buf = io.BytesIO()
        frame.total = frame.pages
        _sheet(buf, v, frame).build(_story(v, st, tried), canvasmaker=_canvas)
    return buf.getvalue()


def _canvas(*args: Any, **kwargs: Any) -> Canvas:
    kwargs.setdefault("initialFontName", fonts.font_name("regular"))
    return Canvas(*args, **kwargs)


class _PageFrame:
    """What every page of a sheet says around its text: the game and "page N
    of M" at the top, the credit and the log's digest at the foot."""

    def __init__(self, game: str, digest: str):
        self.game, self.digest = game, digest
        self.pages = 0  # counted as the sheet is set
        self.total = 0  # the pages of the sheet, once counted: drawn from then on

    def draw(self, c: Canvas, n: int) -> None:
        self.pages = n
        if not self.total:
            return
        c.saveState()
        w, h = PAGE
        c.setFillColor(color(INK))
        c.setFont(fonts.font_name("bold"), 8)
        c.drawString(pt(MARGIN), pt(h - MARGIN), _clip(c, printable(self.game), w - 2 * MARGIN - 30, "bold", 8))
        c.drawRightString(pt(w - MARGIN), pt(h - MARGIN), _("page %(n)d of %(total)d") % {"n": n, "total": self.total})
        c.setStrokeColor(color(MUTED))
        c.setLineWidth(0.4)
        c.line(pt(MARGIN), pt(h - MARGIN - 2), pt(w - MARGIN), pt(h - MARGIN - 2))
        c.setFont(fonts.font_name("regular"), 7)
        c.setFillColor(color(MUTED))
        c.drawString(pt(MARGIN), pt(MARGIN - 4), _("hi5pnp verdict · %(credit)s") % {"credit": CREDIT})
        c.drawRightString(pt(w - MARGIN), pt(MARGIN - 4), self.digest)
        c.restoreState()


class _Sheet(SimpleDocTemplate):
    """A4 pages whose frame (:class:`_PageFrame`) is drawn as each page ends."""

    around: _PageFrame  # (reportlab's own ``frame`` is the text frame)

    def afterPage(self) -> None:
        self.around.draw(self.canv, self.page)


def _sheet(buf: io.BytesIO, v: Verdict, frame: _PageFrame) -> _Sheet:
    doc = _Sheet(
        buf,
        pagesize=(pt(PAGE[0]), pt(PAGE[1])),
        leftMargin=pt(MARGIN),
        rightMargin=pt(MARGIN),
        topMargin=pt(MARGIN + HEAD),
        bottomMargin=pt(MARGIN),
        title=printable(_("Verdict: %(log)s") % {"log": v.path}),
        author=AUTHOR,
        subject=subject(_("A judge's verdict on a game log")),
        keywords=KEYWORDS,
        creator=CREATOR,
        producer=PRODUCER,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.font_name("regular"),
        lang=spoken().lang,
        displayDocTitle=1,
    )
    doc.around = frame
    return doc


def _clip(c: Canvas, text: str, width_mm: float, style: str, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width_mm``."""
    return fonts.cut_to(text, style, size, pt(width_mm))


def _game_name(v: Verdict) -> str:
    """The game every page names: "Verdict · Club night · north Ann v south Sam · table 4"."""
    h = v.about
    parts = [_("Verdict"), v.path]
    if h is not None:
        parts = [_("Verdict"), *([h.event] if h.event else [])]
        names = [f"{seat_words(s)} {h.players[s]}" for s in SEATS if h.players.get(s)]
        parts += [" v ".join(names)] if names else [v.path]
        parts += [_("table %(table)s") % {"table": h.texts["table"]}] if h.texts.get("table") else []
    return " · ".join(parts)


def _story(v: Verdict, st: dict[str, ParagraphStyle], tried: Sequence[Try]) -> list[Flowable]:
    log, s, p = v.log, v.state, v.problem
    out: list[Flowable] = [_p(_("Game verdict"), st["title"]), _p(escape(v.path), st["sub"])]
    out += _about(v.about, s, st)
    if v.sha256:
        out.append(_p(_("Log file as checked: SHA-256 %(digest)s") % {"digest": f"<font size=8>{v.sha256}</font>"}, st["body"]))
    if p is None:
        if tried:
            valid = ngettext("VALID WITH %(n)d CORRECTION", "VALID WITH %(n)d CORRECTIONS", len(tried)) % {"n": len(tried)}
            why = _("with the lines below read as ruled, every turn is legal and every written value agrees.")
            out.append(_p(f'<font color="{RIGHT}"><b>{valid}</b></font>: {why}', st["h"]))
        else:
            why = _("every turn is legal and every written value agrees.")
            valid = _("VALID")
            out.append(_p(f'<font color="{RIGHT}"><b>{valid}</b></font>: {why}', st["h"]))
    elif p.kind == "read":
        unread = _("CANNOT BE READ")
        out.append(_p(f'<font color="{WRONG}"><b>{unread}</b></font>', st["h"]))
        out += _corrections(tried, log, st)
        out += [_p(escape(line), st["body"]) for line in capped(v.read_faults)]
        return out + _signature(v, st)
    else:
        also = " (" + ngettext("%(n)d correction tried", "%(n)d corrections tried", len(tried)) % {"n": len(tried)} + ")" if tried else ""
        where = reference(log, p.line, p.entry) if p.kind == "rules" else log_line(p.line)  # a written value names its round itself
        invalid = _("INVALID")
        out.append(_p(f'<font color="{WRONG}"><b>{invalid}</b></font>{also}: {escape(where)}: {escape(p.message)}', st["h"]))
    out += _corrections(tried, log, st)
    for said in (edition_words(v), adjudicated_words(log) if log is not None else ""):
        if said:
            out.append(_p(escape(said[0].upper() + said[1:]), st["body"]))
    stop = v.stopped
    if stop is not None:
        out.append(_p(_("The fault"), st["h"]))
        said = f": <b>{escape(stop.turn)}</b>" if stop.turn else ""
        said_where = reference(log, stop.line, stop.entry)
        out.append(_p(f"{escape(said_where[0].upper() + said_where[1:])}{said}", st["body"]))
        if stop is not p:  # the heading gives the first fault; this one ended the replay
            out.append(_p(escape(stop.message), st["body"]))
        legal = stop.legal_instead()
        if legal:
            turns = "  ·  ".join(f"<b>{escape(t)}</b>" for t in legal.shown)
            more = f"  {legal.more_words()}" if legal.more else ""
            out.append(_p(_("Legal turns instead, as a log writes them: %(turns)s") % {"turns": turns} + more, st["body"]))
        if stop.position is not None:
            where = where_words(stop)
            disputed = stop.turn.split()[0] if stop.turn else None
            picture = _fitted(
                position_drawing(stop.position, log.players if log else None, highlight=disputed, turn=f"{stop.where}: {stop.turn}" if stop.turn else "")
            )
            out.append(KeepTogether([_p(where[0].upper() + where[1:], st["h"]), picture]))
    if v.compared:
        out.append(KeepTogether([_p(_("Written and computed"), st["h"]), _records_table(v, st, tried)]))
    if s is not None:
        out += _result(v, s, st)
    return out + _signature(v, st)


def _corrections(tried: Sequence[Try], log: GameLog | None, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Each correction: where, the log line, the line as written and as ruled, side by side."""
    if not tried:
        return []
    rows: list[list[Any]] = [[_("Where"), _("Log line"), _("As written"), _("As ruled")]]
    for t in tried:
        written = (log.tried_lines.get(t.line, "") if log is not None else "") or "—"
        where = (where_in_log(log, t.line) or log_line(t.line)) if log is not None else ""
        if t.after:
            after = _("after %(where)s") % {"where": where or _("line %(line)d") % {"line": t.line}}
            rows.append([after, _("after %(where)s") % {"where": t.line}, _("(nothing)"), t.text])
        else:
            rows.append([where if where != log_line(t.line) else "", str(t.line), written, _("(left out)") if t.delete else t.text])
    cells = [[_p(escape(str(c)) if k < 2 or r == 0 else f"<b>{escape(str(c))}</b>", st["cell"]) for k, c in enumerate(row)] for r, row in enumerate(rows)]
    width = PAGE[0] - 2 * MARGIN
    table = Table(cells, colWidths=[pt(width * f) for f in (0.22, 0.1, 0.34, 0.34)], repeatRows=1, hAlign="LEFT")
    body = 1  # the rows under the heading: as written shaded red, as ruled green
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.4, color("#B9AC8C")),
                ("BACKGROUND", (0, 0), (-1, 0), color("#EFE7D4")),
                ("BACKGROUND", (2, body), (2, -1), color("#F6DEDA")),
                ("BACKGROUND", (3, body), (3, -1), color("#DDEBDD")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return [_p(_("Corrections: the log as written and as ruled (the file is unchanged)"), st["h"]), table]


def _fitted(drawing: Drawing) -> Drawing:
    """The picture scaled down to fit the page, under its heading, if it is
    wider or taller (teams of twenty make a tall one)."""
    k = min(1.0, pt(PAGE[0] - 2 * MARGIN - 1) / drawing.width, pt(PAGE[1] - 2 * MARGIN - HEAD - 20) / drawing.height)
    drawing.scale(k, k)
    drawing.width, drawing.height = drawing.width * k, drawing.height * k
    return drawing


def _about(log: GameLog | Header | None, s: State | None, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    if log is None:
        return []
    rows = [about(log, s.edition.number if s is not None else None)]
    keys = {"date": _("date %(text)s"), "judge": _("judge %(text)s"), "table": _("table %(table)s")}
    texts = [keys[key] % {"text": log.texts[key], "table": log.texts[key]} for key in keys if log.texts.get(key)]
    if texts:
        rows.append(" · ".join(texts))
    if log.texts.get("notes"):
        rows.append(_("notes: %(text)s") % {"text": log.texts["notes"]})
    return [_p(escape(r), st["body"]) for r in rows]


def _records_table(v: Verdict, st: dict[str, ParagraphStyle], tried: Sequence[Try]) -> Table:
    """Every value the log may write, beside what the game gives; a row that
    differs shaded. "Written" is always the file's value; a value a
    correction changed is followed by the value as ruled."""
    rows: list[list[Any]] = [[_("Log line"), _("What"), _("Written"), _("Computed")]]
    for r in v.compared:
        written, line = _shown(r.recorded) + (f" ({r.slip})" if r.slip else ""), r.line
        in_file, file_line = _in_file(v.log, r, tried)
        if in_file is not None and in_file != written:
            written, line = _("%(file)s; as ruled: %(ruled)s") % {"file": in_file, "ruled": written}, line or file_line  # a line left out: the file's line
        mark = "  " + _("(differs)") if r.differs else "" if r.recorded is None else "  " + _("(agrees)")
        rows.append([str(line) if line else "", r.what, written, _shown(r.computed) + mark])
    wrong = [k for k, r in enumerate(v.compared, 1) if r.differs]
    cells = [[_p(escape(str(c)), st["cell"]) for c in r] for r in rows]
    width = PAGE[0] - 2 * MARGIN
    table = Table(cells, colWidths=[pt(width * f) for f in (0.1, 0.32, 0.27, 0.31)], repeatRows=1, hAlign="LEFT")
    style = [("GRID", (0, 0), (-1, -1), 0.4, color("#B9AC8C")), ("BACKGROUND", (0, 0), (-1, 0), color("#EFE7D4")), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    style += [("BACKGROUND", (0, k), (-1, k), color("#F6DEDA")) for k in wrong]
    table.setStyle(TableStyle(style))
    return table


def _shown(value: Any) -> str:
    return "—" if value is None else " ".join(str(y) for y in value) if isinstance(value, list) else str(value)


def _in_file(log: GameLog | None, r: Record, tried: Sequence[Try]) -> tuple[str | None, int]:
    """What the file itself writes for ``r`` and on which line, when
    corrections were tried (None: no correction, so the value is the file's)."""
    if log is None or not tried:
        return None, 0
    if log.file_written is not None:
        w = log.file_written.get(r.field)
        return ("—", 0) if w is None else (_shown(w.value) + (f" ({w.slip})" if w.slip else ""), w.line)
    if r.line in {t.line for t in tried if not t.after}:  # the file as it is cannot be read: its line as written
        return log.tried_lines.get(r.line, "—"), r.line
    return None, 0


def _result(v: Verdict, s: State, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    columns = columns_words(s)
    if v.complete:
        head = _("Result (computed from the turns)") if v.records else _("Result")
        return [_p(head, st["h"]), _p(f"<b>{escape(result_words(s))}</b>; {columns}.", st["body"])]
    why = no_result_words(s)
    said = _("No winner is declared. Where it stood: %(where)s") % {"where": stood_words(s)}
    return [_p(_("No result"), st["h"]), _p(f"{why[0].upper()}{why[1:]} {said}", st["body"])]


def _signature(v: Verdict, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Lines for both players and the judge, under what they sign."""
    h = v.about
    names = {str(s): n for s, n in h.players.items()} if h is not None else {}
    line = "_" * 30
    if v.sha256:
        read = _("We have read this verdict on the game as logged (the log file with SHA-256 %(digest)s…).") % {"digest": v.sha256[:16]}
    else:
        read = _("We have read this verdict on the game as logged.")
    block: list[Flowable] = [_p(_("Signatures"), st["h"]), _p(read, st["body"])]
    judge = escape(h.texts.get("judge", "") if h is not None else "") or "_" * 20
    north, south, referee = _("North"), _("South"), _("Judge")
    who = [f"<b>{north}</b> {escape(names.get('north', ''))}", f"<b>{south}</b> {escape(names.get('south', ''))}", f"<b>{referee}</b> {judge}"]
    rows = [[_p(w, st["cell"]), _p(_("Signature %(line)s") % {"line": line}, st["cell"]), _p(_("Date %(line)s") % {"line": "_" * 14}, st["cell"])] for w in who]
    width = PAGE[0] - 2 * MARGIN
    table = Table(rows, colWidths=[pt(width * f) for f in (0.34, 0.42, 0.24)], hAlign="LEFT")
    table.setStyle(TableStyle([("TOPPADDING", (0, 0), (-1, -1), 9), ("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return [Spacer(1, pt(4)), KeepTogether([*block, table])]
