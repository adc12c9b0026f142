"""The rulebook PDF: templates/rulebook.xml.j2 rendered with the deck's numbers
and the rules engine's worked example, then set in pages by reportlab platypus.

The template writes a small markup (see the comment at its top); this module
turns each tag into flowables. Every number in the text comes from the deck.
"""

from __future__ import annotations

import dataclasses
import io
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import jinja2
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError as PlatypusLayoutError

from . import fonts
from .deck import Deck
from .deckload import locate
from .diagrams import CourseDiagram
from .draw import color, draw_layout
from .errors import Fault, TemplateError
from .example import WorkedExample, worked_example
from .faces import CardSpec, deck_context, render_faces
from .errors import shown_path
from .layout import Layout, _template_fault, bytecode_cache
from .pdfdoc import AUTHOR, CREDIT, KEYWORDS, LICENCE, subject
from .sheets import Paper, sleeve_words
from .tokens import CHITS
from .units import pt

INK = "#2B2B36"
ACCENT = "#2E2A3F"
MARGIN = 18.0  # mm


def styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    body = ParagraphStyle("body", fontName=fonts.font_name("regular"), bulletFontName=fonts.font_name("regular"), fontSize=9.6, leading=13.4, textColor=color(INK), spaceAfter=5)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=fonts.font_name("bold"), fontSize=28, leading=34, alignment=TA_CENTER, spaceAfter=4),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=13, leading=17, alignment=TA_CENTER, textColor=color("#6B6355"), spaceAfter=16),
        "h1": ParagraphStyle("h1", parent=body, fontName=fonts.font_name("bold"), fontSize=15, leading=19, spaceBefore=10, spaceAfter=6, textColor=color(ACCENT), keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts.font_name("bold"), fontSize=11.5, leading=15, spaceBefore=6, spaceAfter=4, textColor=color(ACCENT), keepWithNext=1),
        "lead": ParagraphStyle("lead", parent=body, keepWithNext=1),  # a paragraph ending in ":" stays with what follows
        "li": ParagraphStyle("li", parent=body, leftIndent=14, bulletIndent=3, spaceAfter=3),
        "cell": ParagraphStyle("cell", parent=body, spaceAfter=0, fontSize=9, leading=12),
        "caption": ParagraphStyle("caption", parent=body, fontName=fonts.font_name("italic"), fontSize=8.4, leading=11, alignment=TA_CENTER, textColor=color("#6B6355")),
        "ruling": ParagraphStyle("ruling", parent=body, leftIndent=30, firstLineIndent=-30, spaceAfter=4),
    }


class CardPicture(Flowable):
    """Real card faces, as printed, side by side and a little smaller."""

    def __init__(self, faces: tuple[Layout, ...], width_mm: float, scale: float = 0.72):
        super().__init__()
        self.faces, self.scale = faces, scale
        self.gap = 8.0
        total = sum(f.width for f in faces) * scale + self.gap * (len(faces) - 1)
        self.left = (width_mm - total) / 2
        self.width = pt(width_mm)
        self.height = pt(max(f.height for f in faces) * scale + 2)

    def wrap(self, avail_w, avail_h):
        return self.width, self.height

    def draw(self):
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

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str):
        super().__init__(text, style)
        self.level, self.key = level, key

    def draw(self):
        super().draw()
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.getPlainText(), self.key, level=self.level, closed=False)


@lru_cache(maxsize=4)
def _environment(template_dir: str) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir),
        bytecode_cache=bytecode_cache(),
        undefined=jinja2.StrictUndefined,
        autoescape=True,  # the output is XML: card names are escaped
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _inner(el: ET.Element) -> str:
    """The inline markup inside an element, for a Paragraph (text escaped again:
    a card named "Tom & Jerry <3" must reach the page as written)."""
    parts = [escape(el.text or "")]
    for child in el:
        parts.append(ET.tostring(child, encoding="unicode"))
    return "".join(parts).strip()


def example_context(deck: Deck, ex: WorkedExample | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    rep = ex.report
    name = {f.id: f.name for f in deck.competitor_faces()}
    seat = ex.before.seats
    active = rep.turn.face
    others = sorted(
        (f for f, p in ex.before.positions.items() if p == rep.start and f != active), key=lambda f: (seat[f], int(f[:-1]))
    )
    brought_words = []
    for b in rep.turn.brought:
        whose = "its own team's" if seat[b.face] == rep.seat else f"{seat[b.face]}'s"
        brought_words.append(f"{whose} {b.face} {name[b.face]}")
    opponents = [b for b in rep.turn.brought if seat[b.face] != rep.seat]
    rewards = []
    for b in opponents:
        if b.reward == "chit":
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} takes a chit for {name[active]}.")
        elif isinstance(b.reward, int):
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} marks a {rep.obstacle.trait} box in column {b.reward}.")
    if ex.edition == 1 and rep.chits_taken:
        rewards.append(f"For each opponent brought, {name[active]} takes a chit: {rep.chits_taken} in all.")
    return {
        "north": [f"{f} {name[f]}" for f in ex.teams["north"]],
        "south": [f"{f} {name[f]}" for f in ex.teams["south"]],
        "segment": rep.segment,
        "seat": rep.seat,
        "face": active,
        "name": name[active],
        "start": rep.start,
        "obstacle": rep.obstacle.name or rep.obstacle.id,
        "color": rep.obstacle.color,
        "trait": rep.obstacle.trait,
        "matches": rep.matches,
        "eligible": [f"{f} ({seat[f]})" for f in others],
        "brought_words": brought_words,
        "reward_words": " ".join(rewards) or "No reward is taken.",
        "notation": str(rep.turn),
        "acted": list(ex.acted),
    }


def example_faces(deck: Deck, ex: WorkedExample | None, template_dir: Path, spec: CardSpec | None = None) -> tuple[Layout, ...]:
    """The two faces the rulebook pictures: the worked example's competitor and
    the obstacle it faces (or the first of each)."""
    comp = deck.competitor_face(ex.report.turn.face) if ex else deck.competitors[0].a
    obst = deck.obstacle_face(ex.report.obstacle.id) if ex else deck.obstacles[0].a
    return render_faces(deck, spec or CardSpec(), template_dir, [comp, obst])


def check_deck_for_text(deck: Deck) -> None:
    """Numbers the rulebook cannot teach are faults at their YAML line."""
    faults = []
    r = deck.rules
    if not any(r.placing_points):
        where = locate(deck, "game.yaml", "rules", "placing_points")
        faults.append(dataclasses.replace(where, message="placing_points are all 0: a race where finishing scores nothing cannot be taught; give the first place some points"))
    if faults:
        raise TemplateError(faults)


def render_xml(template_dir: Path, name: str, context: dict[str, Any]) -> ET.Element:
    """Render a markup template (rulebook, quick reference) and parse it."""
    shown = shown_path(template_dir / name)
    try:
        text = _environment(str(template_dir)).get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(Fault(shown, exc.lineno or 0, 0, f"template syntax: {exc.message}")) from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(_template_fault(exc, shown, exc.message or "undefined")) from None
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise TemplateError(Fault(shown, 0, 0, f"renders to markup that does not parse (rendered line {exc.position[0]}): {exc}")) from None


def rulebook_markup(deck: Deck, edition: int, template_dir: Path, ex: WorkedExample | None, card: CardSpec | None = None) -> ET.Element:
    check_deck_for_text(deck)
    card = card or CardSpec()
    context = {
        "deck": deck_context(deck),
        "edition": edition,
        "components": {
            "chits": CHITS,
            "tokens": 2 * len(deck.competitors),
            "sleeves": len(deck.competitors) + len(deck.obstacles) + 2,
            "sleeve_size": sleeve_words(card.width, card.height),
        },
        "example": example_context(deck, ex),
    }
    return render_xml(template_dir, "rulebook.xml.j2", context)


def flowables(
    root: ET.Element,
    deck: Deck,
    ex: WorkedExample | None,
    width_mm: float,
    shown: str,
    st: dict[str, ParagraphStyle] | None = None,
    outline: bool = True,
    faces: tuple[Layout, ...] = (),
) -> list[Flowable]:
    """The flowables for the markup under ``root``; headings become bookmarks when ``outline``."""
    st = st or styles()
    out: list[Flowable] = []
    heading = 0
    for el in root:
        tag = el.tag
        if tag in ("title", "subtitle"):
            out.append(Paragraph(_inner(el), st[tag]))
        elif tag in ("h1", "h2"):
            heading += 1
            if tag == "h1":
                out.append(CondPageBreak(pt(40)))
            if outline:
                out.append(Heading(_inner(el), st[tag], 0 if tag == "h1" else 1, f"h{heading}"))
            else:
                out.append(Paragraph(_inner(el), st[tag]))
        elif tag == "p":
            text = _inner(el)
            out.append(Paragraph(text, st["lead" if text.endswith(":") else "body"]))
        elif tag in ("ul", "steps"):
            for i, li in enumerate(el, 1):
                out.append(Paragraph(_inner(li), st["li"], bulletText=f"{i}." if tag == "steps" else "•"))
            out.append(Spacer(1, pt(1.5)))
        elif tag == "table":
            out.append(_table(el, st, width_mm))
        elif tag == "figure":
            picture = _figure(el.get("name", ""), deck, ex, width_mm, shown, faces)
            group = [picture, Paragraph(_inner(el), st["caption"]), Spacer(1, pt(3))]
            while out and getattr(out[-1], "getKeepWithNext", lambda: False)():
                group.insert(0, out.pop())  # a heading stays with its picture
            out.append(KeepTogether(group))
        elif tag == "ruling":
            out.append(Paragraph(f"<b>R-{el.get('n')}</b>\u2003{_inner(el)}", st["ruling"]))
        elif tag == "pagebreak":
            out.append(PageBreak())
        else:
            raise TemplateError(Fault(shown, 0, 0, f"unknown tag <{tag}> in the rulebook markup"))
    return out


def _table(el: ET.Element, st, width_mm: float) -> Table:
    widths = [float(w) for w in el.get("widths", "").split(",") if w.strip()]
    rows = [[Paragraph(_inner(td), st["cell"]) for td in tr] for tr in el]
    cols = max(len(r) for r in rows)
    if len(widths) != cols:
        widths = [100 / cols] * cols
    header = el.get("header") == "1"
    table = Table(rows, colWidths=[pt(width_mm * w / 100) for w in widths], hAlign="LEFT", repeatRows=1 if header else 0)
    style = [
        ("FONT", (0, 0), (-1, -1), fonts.font_name("regular"), 9),  # never the table's default Helvetica
        ("GRID", (0, 0), (-1, -1), 0.4, color("#B9AC8C")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]
    if header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), color("#EFE7D4")))
    table.setStyle(TableStyle(style))
    table.spaceAfter = pt(4)
    return table


def _figure(name: str, deck: Deck, ex: WorkedExample | None, width_mm: float, shown: str, faces: tuple[Layout, ...]) -> Flowable:
    if name == "cards" and faces:
        return CardPicture(faces, width_mm)
    if name == "course":
        return CourseDiagram(deck, width_mm=width_mm)
    if name in ("example-before", "example-after") and ex is not None:
        snap = ex.before if name == "example-before" else ex.after
        active = ex.report.turn.faces()
        return CourseDiagram(deck, snap.course, snap.positions, snap.chits, snap.seats, tuple(active), width_mm)
    raise TemplateError(Fault(shown, 0, 0, f"unknown figure '{name}'; the figures are cards, course, example-before, example-after"))


_SEARCH = object()


def rulebook_file(
    deck: Deck,
    edition: int,
    paper_name: str,
    template_dir: Path,
    title: str,
    ex: WorkedExample | None | object = _SEARCH,
    markup: ET.Element | None = None,
    faces: tuple[Layout, ...] | None = None,
) -> bytes:
    """The rulebook. ``ex`` (the worked example) and ``markup`` (the rendered
    template) are made here unless given: a build makes them once for both
    paper sizes."""
    if ex is _SEARCH:
        ex = worked_example(deck, edition)
    paper = Paper.named(paper_name)
    shown = shown_path(template_dir / "rulebook.xml.j2")
    root = markup if markup is not None else rulebook_markup(deck, edition, template_dir, ex)
    width = paper.width - 2 * MARGIN
    if faces is None:
        faces = example_faces(deck, ex, template_dir)
    story = flowables(root, deck, ex, width, shown, faces=faces)
    buf = io.BytesIO()
    footer = f"{deck.title}: {deck.subtitle} — rules, edition {edition}" if deck.subtitle else f"{deck.title} — rules, edition {edition}"

    def on_page(c: Canvas, doc) -> None:
        c.saveState()
        c.setFont(fonts.font_name("regular"), 7.5)
        c.setFillColor(color("#6B6355"))
        c.drawString(pt(MARGIN), pt(10), footer)
        c.drawRightString(pt(paper.width - MARGIN), pt(10), f"page {doc.page}")
        c.drawCentredString(pt(paper.width / 2), pt(6), f"{CREDIT}. This edition: {LICENCE}.")
        c.restoreState()

    doc = BaseDocTemplate(
        buf,
        pagesize=(pt(paper.width), pt(paper.height)),
        leftMargin=pt(MARGIN),
        rightMargin=pt(MARGIN),
        topMargin=pt(MARGIN),
        bottomMargin=pt(MARGIN),
        title=title,
        author=AUTHOR,
        subject=subject(f"Rules, edition {edition}"),
        keywords=KEYWORDS,
        creator="hi5pnp",
        producer="hi5pnp with ReportLab",
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.font_name("regular"),
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])
    try:
        doc.build(story, canvasmaker=partial(Canvas, initialFontName=fonts.font_name("regular")))
    except PlatypusLayoutError as exc:
        raise TemplateError(Fault(shown, 0, 0, f"something in the rulebook does not fit on a page: {exc}")) from None
    return buf.getvalue()
