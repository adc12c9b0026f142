"""The rulebook PDF: the markup :mod:`.markup` renders from
templates/rulebook.xml.j2, set in pages by reportlab platypus.

The template writes a small markup (see the comment at its top); this module
turns each tag into flowables. Every number in the text comes from the deck.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from functools import partial
from html import escape
from typing import Any

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError as PlatypusLayoutError

from ...deck import Deck
from ...deck.pictures.icons import Icon
from ...errors import Fault, TemplateError
from ...language import _
from ...render import fonts
from ...render.draw import color, draw_layout
from ...render.layout import Layout
from ...render.paper import Paper
from ...render.pdf import CREDIT, LICENCE, document_options
from ...render.units import pt
from .diagrams import CourseDiagram, Legend
from .example import WorkedExample
from .pagefill import FillingFrame, MovesCanvas

INK = "#2B2B36"
LEAST_ROWS, LEAST_PART = 2, 28.0  # a part of a table split over pages: rows under its header, or mm tall
ACCENT = "#2E2A3F"
MARGIN = 18.0  # mm


def styles(tight: float = 1.0) -> dict[str, ParagraphStyle]:
    """The book's paragraph styles; ``tight`` (at most 1) scales the leading
    and the space around paragraphs and headings, never the type size."""
    fonts.register()
    regular, bold = fonts.font_name("regular"), fonts.font_name("bold")
    body = ParagraphStyle("body", fontName=regular, bulletFontName=regular, fontSize=9.6, leading=13.4, textColor=color(INK), spaceAfter=5)
    muted, accent = color("#6B6355"), color(ACCENT)
    found = {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=28, leading=34, alignment=TA_CENTER, spaceAfter=4),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=13, leading=17, alignment=TA_CENTER, textColor=muted, spaceAfter=16),
        "h1": ParagraphStyle("h1", parent=body, fontName=bold, fontSize=15, leading=19, spaceBefore=10, spaceAfter=6, textColor=accent, keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=11.5, leading=15, spaceBefore=6, spaceAfter=4, textColor=accent, keepWithNext=1),
        "lead": ParagraphStyle("lead", parent=body, keepWithNext=1),  # a paragraph ending in ":" stays with what follows
        "li": ParagraphStyle("li", parent=body, leftIndent=14, bulletIndent=3, spaceAfter=3),
        "cell": ParagraphStyle("cell", parent=body, spaceAfter=0, fontSize=9, leading=12),
        "caption": ParagraphStyle("caption", parent=body, fontName=fonts.font_name("italic"), fontSize=8.4, leading=11, alignment=TA_CENTER, textColor=muted),
        "ruling": ParagraphStyle("ruling", parent=body, leftIndent=30, firstLineIndent=-30, spaceAfter=4),
    }
    for style in found.values():
        style.leading = max(style.fontSize * 1.2, style.leading * tight)
        style.spaceBefore, style.spaceAfter = style.spaceBefore * tight, style.spaceAfter * tight
    return found


class CardPicture(Flowable):
    """Real card faces, as printed, side by side and a little smaller."""

    def __init__(self, faces: tuple[Layout, ...], width_mm: float, scale: float = 0.72) -> None:
        super().__init__()
        self.faces, self.scale = faces, scale
        self.gap = 8.0
        total = sum(f.width for f in faces) * scale + self.gap * (len(faces) - 1)
        self.left = (width_mm - total) / 2
        self.width = pt(width_mm)
        self.height = pt(max(f.height for f in faces) * scale + 2)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        x = self.left
        for face in self.faces:
            c.saveState()
            c.translate(pt(x), pt(1))
            c.scale(self.scale, self.scale)
            draw_layout(c, face, clip=(0.0, 0.0, face.width, face.height))
            c.setStrokeColor(color("#B9AC8C"))
            c.setLineWidth(0.5)
            c.rect(0, 0, pt(face.width), pt(face.height), stroke=1, fill=0)
            c.restoreState()
            x += face.width * self.scale + self.gap


class Heading(Paragraph):
    """A heading that is also a bookmark in the PDF's outline."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str) -> None:
        super().__init__(text, style)
        self.level, self.key = level, key

    def draw(self) -> None:
        super().draw()
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.getPlainText(), self.key, level=self.level, closed=False)


def _inner(el: ET.Element) -> str:
    """The inline markup inside an element, for a Paragraph (text escaped again:
    a card named "Tom & Jerry <3" must reach the page as written)."""
    parts = [escape(el.text or "", quote=False)]
    for child in el:
        parts.append(ET.tostring(child, encoding="unicode"))
    return "".join(parts).strip()


def flowables(
    root: ET.Element,
    deck: Deck,
    ex: WorkedExample | None,
    width_mm: float,
    shown: str,
    st: dict[str, ParagraphStyle] | None = None,
    outline: bool = True,
    faces: tuple[Layout, ...] = (),
    keep_tables: bool = False,
    icons: Mapping[str, Icon] | None = None,
) -> list[Flowable]:
    """The flowables for the markup under ``root``; headings become bookmarks
    when ``outline``; with ``keep_tables`` (a book's pages, not a card's)
    tables split only where both parts are worth a look, and a sub-heading
    needs 30 mm below it."""
    st = st or styles()
    out: list[Flowable] = []
    heading = 0
    for el in root:
        tag = el.tag
        if tag in ("title", "subtitle"):
            out.append(Paragraph(_inner(el), st[tag]))
        elif tag in ("h1", "h2"):
            heading += 1
            if tag == "h1" or keep_tables:  # a heading never ends a page with a line or two under it
                out.append(CondPageBreak(pt(28 if tag == "h1" else 30)))  # mm
            if outline:
                out.append(Heading(_inner(el), st[tag], 0 if tag == "h1" else 1, f"h{heading}"))
            else:
                out.append(Paragraph(_inner(el), st[tag]))
        elif tag == "p":
            text = _inner(el)
            # a paragraph ending in ":" or marked keep="next" stays with what follows (a picture, a table)
            out.append(Paragraph(text, st["lead" if text.endswith(":") or el.get("keep") == "next" else "body"]))
        elif tag in ("ul", "steps"):
            for i, li in enumerate(el, 1):
                out.append(Paragraph(_inner(li), st["li"], bulletText=f"{i}." if tag == "steps" else "•"))
            out.append(Spacer(1, pt(1.5)))
        elif tag == "table":
            out.append(_table(el, st, width_mm, BookTable if keep_tables else Table))
        elif tag == "figure":
            picture = _figure(el.get("name", ""), deck, ex, width_mm, shown, faces, icons)
            group = [picture, Paragraph(_inner(el), st["caption"]), Spacer(1, pt(3))]
            # a heading, or a paragraph the picture shows, stays with it
            while out and getattr(out[-1], "getKeepWithNext", lambda: False)():
                group.insert(0, out.pop())
            out.append(KeepTogether(group))
        elif tag == "ruling":
            out.append(Paragraph(f"<b>R-{el.get('n')}</b>\u2003{_inner(el)}", st["ruling"]))
        elif tag == "legend":  # the cards' gems and trait icons, each beside its name
            out.append(Legend(deck, width_mm, icons=icons))
        elif tag == "pagebreak":
            out.append(PageBreak())
        else:
            raise TemplateError(Fault(shown, 0, 0, f"unknown tag <{tag}> in the rulebook markup"))
    return out


class BookTable(Table):
    """A table that goes on over a page break, its header repeated, only when
    each part holds :data:`LEAST_ROWS` rows under the header or stands
    :data:`LEAST_PART` mm tall: no lone row is left at a page's foot or head."""

    def __init__(self, data: list[list[Any]], *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.row_count = len(data)  # the parts reportlab splits off are made through this too

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        height = availHeight
        while height > 0:
            parts: list[Flowable] = super().split(availWidth, height)
            if len(parts) != 2:
                return parts
            worth = [self._worth(part, availWidth, availHeight) for part in parts]
            if all(worth):
                return parts
            if not worth[0]:  # too little room here: the whole table goes to the next page
                return []
            height -= pt(4)  # the tail is too small: move a row more over
        return []

    def _worth(self, part: Flowable, width: float, height: float) -> bool:
        rows: int = getattr(part, "row_count", 0) - self.repeatRows
        if rows >= LEAST_ROWS:
            return True
        tall: float = part.wrap(width, height)[1]
        return tall >= pt(LEAST_PART)


def _table(el: ET.Element, st: dict[str, ParagraphStyle], width_mm: float, kind: type[Table] = Table) -> Table:
    widths = [float(w) for w in el.get("widths", "").split(",") if w.strip()]
    rows = [[Paragraph(_inner(td), st["cell"]) for td in tr] for tr in el]
    cols = max(len(r) for r in rows)
    if len(widths) != cols:
        widths = [100 / cols] * cols
    header = el.get("header") == "1"
    table = kind(rows, colWidths=[pt(width_mm * w / 100) for w in widths], hAlign="LEFT", repeatRows=1 if header else 0)
    k = st["cell"].fontSize / 9  # padding in step with the text (a card's table is set smaller)
    style = [
        ("FONT", (0, 0), (-1, -1), fonts.font_name("regular"), 9),  # never the table's default Helvetica
        ("GRID", (0, 0), (-1, -1), 0.4, color("#B9AC8C")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3 * k),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4 * k),
        ("LEFTPADDING", (0, 0), (-1, -1), 6 * k),
        ("RIGHTPADDING", (0, 0), (-1, -1), 6 * k),
    ]
    if header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), color("#EFE7D4")))
    table.setStyle(TableStyle(style))
    table.spaceAfter = pt(4 * k)
    return table


def _figure(
    name: str, deck: Deck, ex: WorkedExample | None, width_mm: float, shown: str, faces: tuple[Layout, ...], icons: Mapping[str, Icon] | None
) -> Flowable:
    if name == "cards" and faces:
        return CardPicture(faces, width_mm)
    if name == "course":
        return CourseDiagram(deck, width_mm=width_mm, icons=icons)
    if name in ("example-before", "example-after") and ex is not None:
        snap = ex.before if name == "example-before" else ex.after
        active = ex.report.turn.faces()
        return CourseDiagram(deck, snap.course, snap.positions, snap.chits, snap.seats, tuple(active), width_mm, icons)
    raise TemplateError(Fault(shown, 0, 0, f"unknown figure '{name}'; the figures are cards, course, example-before, example-after"))


def rulebook_file(
    deck: Deck,
    edition: int,
    paper_name: str,
    title: str,
    markup: ET.Element,
    shown: str,
    ex: WorkedExample | None,
    faces: tuple[Layout, ...],
    icons: Mapping[str, Icon] | None = None,
) -> bytes:
    """The rulebook: the rendered ``markup`` (from the template ``shown``), the
    worked example ``ex`` and the card ``faces`` it pictures, set in pages.

    Pages are filled: the book is set with the usual spacing, and again a
    little tighter (:data:`TIGHTNESS`; leading and the space around
    paragraphs, never the type size) while that gives fewer pages or leaves
    a page but the last under half full, or the last page nearly empty (the
    Letter book's credits alone on a seventh page). The first setting that
    fills its pages is kept; else the one with the fewest pages."""
    best: tuple[tuple[bool, int], bytes] | None = None
    for tight in TIGHTNESS:
        data, fills = _set_book(deck, edition, paper_name, title, markup, shown, ex, faces, tight, icons)
        filled = all(f >= HALF for f in fills[:-1]) and fills[-1] >= LAST_LEAST
        key = (not filled, len(fills))
        if best is None or key < best[0]:
            best = (key, data)
        if filled:
            break
    assert best is not None
    return best[1]


TIGHTNESS = (1.0, 0.92, 0.85)  # the spacing scales a book is set with, in turn
HALF, LAST_LEAST = 0.5, 0.3  # of a page's text area: the least any page but the last holds; the last


def _set_book(
    deck: Deck,
    edition: int,
    paper_name: str,
    title: str,
    markup: ET.Element,
    shown: str,
    ex: WorkedExample | None,
    faces: tuple[Layout, ...],
    tight: float,
    icons: Mapping[str, Icon] | None = None,
) -> tuple[bytes, list[float]]:
    """The book set with spacing ``tight``, and how full each page's text area is (0 to 1)."""
    paper = Paper.named(paper_name)
    width = paper.width - 2 * MARGIN
    story = flowables(markup, deck, ex, width, shown, st=styles(tight), faces=faces, keep_tables=True, icons=icons)
    buf = io.BytesIO()
    fills: list[float] = []
    footer = _("%(title)s — rules, edition %(edition)d") % {"title": deck.full_title, "edition": edition}
    page_words, credit = _("rules page %(page)d"), _("%(credit)s. This edition: %(licence)s.") % {"credit": _(CREDIT), "licence": LICENCE}

    def on_page(c: Canvas, doc: Any) -> None:
        if doc.page == 1:
            c.setViewerPreference("PrintScaling", "None")  # as every file of the kit: actual size in the print dialog
        c.saveState()
        c.setFont(fonts.font_name("regular"), 7.5)
        c.setFillColor(color("#6B6355"))
        c.drawString(pt(MARGIN), pt(10), footer)
        # "rules page": the kit numbers its pages too, and they differ
        c.drawRightString(pt(paper.width - MARGIN), pt(10), page_words % {"page": doc.page})
        c.drawCentredString(pt(paper.width / 2), pt(6), credit)
        c.restoreState()

    doc = BaseDocTemplate(
        buf, pagesize=(pt(paper.width), pt(paper.height)), **document_options(title, _("Rules, edition %(edition)d") % {"edition": edition}, MARGIN)
    )
    frame = FillingFrame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")

    def page_end(c: Canvas, doc: Any) -> None:
        fills.append(frame.fill())  # where its content stopped, from the top of its text area
        frame.next_page()

    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page, onPageEnd=page_end)])
    try:
        doc.build(story, canvasmaker=partial(MovesCanvas, initialFontName=fonts.font_name("regular")))
    except (PlatypusLayoutError, ValueError) as exc:  # platypus: too tall for a page, or too wide
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise TemplateError(Fault(shown, 0, 0, f"something in the rulebook does not fit on a page: {first}")) from None
    return buf.getvalue(), fills
