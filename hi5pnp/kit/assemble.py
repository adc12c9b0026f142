"""The assembled kit: one PDF per paper size with everything a hobbyist
prints, printing notes first, a bookmark for each part. Put together with
pypdf from the parts the build has just made."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from reportlab.lib.utils import simpleSplit

from ..language import _
from ..render import fonts
from ..render.draw import color
from ..render.paper import Paper
from ..render.pdf import AUTHOR, CREATOR, CREDIT, KEYWORDS, LICENCE, finish, new_canvas, subject
from ..render.units import pt


@dataclass(frozen=True)
class Part:
    title: str  # the bookmark
    data: bytes
    how: str  # how to print it
    duplex: bool  # printed double-sided: starts on an odd page of the kit


def _notes_page(paper: Paper, title: str, rows: list[tuple[str, str, str]], notes: list[str], heading: str, duplex: str | None) -> bytes:
    c, buf = new_canvas((paper.width, paper.height), title, _("Printing notes"), duplex)
    x, y = 18.0, paper.height - 24.0

    def text(s: str, size: float = 9.5, style: str = "regular", dx: float = 0.0, fill: str = "#2B2B36") -> None:
        c.setFillColor(color(fill))
        c.setFont(fonts.font_name(style), size)
        c.drawString(pt(x + dx), pt(y), s)

    text(title, 15, "bold")
    y -= 8
    text(heading, 11, fill="#6B6355")
    y -= 12
    for line in notes:
        for k, piece in enumerate(simpleSplit(line, fonts.font_name("regular"), 9, pt(paper.width - 2 * x - 5))):
            text(("•  " if k == 0 else "    ") + piece, 9)
            y -= 5.2
        y -= 1.2
    y -= 6
    text(_("Kit page"), 9.5, "bold")
    text(_("Part"), 9.5, "bold", 24)
    text(_("How to print"), 9.5, "bold", 78)
    y -= 2
    c.setStrokeColor(color("#B9AC8C"))
    c.line(pt(x), pt(y), pt(paper.width - x), pt(y))
    for pages, part, how in rows:
        y -= 6.5
        text(pages, 9)
        text(part, 9, "bold", 24)
        text(how, 9, dx=78)
    y -= 14
    text(_("%(credit)s. This print-and-play adaptation: %(licence)s.") % {"credit": _(CREDIT), "licence": LICENCE}, 8, fill="#6B6355")
    c.showPage()
    return finish(c, buf)


def _blank_page(paper: Paper, title: str) -> bytes:
    """The page before a double-sided part that would start on an even page:
    blank but for a line saying so, small and grey."""
    c, buf = new_canvas((paper.width, paper.height), title, _("A blank page"))
    c.setFillColor(color("#9A917E"))
    c.setFont(fonts.font_name("italic"), 8)
    c.drawCentredString(pt(paper.width / 2), pt(paper.height / 2), _("This page is intentionally blank, so the next part starts on the front of a sheet."))
    c.showPage()
    return finish(c, buf)


def _copy_outline(reader: PdfReader, items: list[Any], writer: PdfWriter, parent: Any, offset: int) -> None:
    """A part's own bookmarks (the rulebook's headings), under the part's bookmark.
    (Adding pages one by one and copying the outline is about half the work of
    ``PdfWriter.append``.)"""
    last = None
    for item in items:
        if isinstance(item, list):
            if last is not None:
                _copy_outline(reader, item, writer, last, offset)
            continue
        page = reader.get_destination_page_number(item)
        if page is not None:
            last = writer.add_outline_item(title=item.title, page_number=offset + page, parent=parent)


def _rename_subsets(reader: PdfReader, part: int) -> None:
    """Give the font subsets of part ``part`` names no other part uses.

    Every file names its first subset of a font ``AAAAAA+<font>``, so the
    parts of the kit would hold different subsets under one name, which
    preflight flags and some printers' RIPs mix up. The subset tag's first
    letter becomes the part's (A, B, ...) and the second an H (for hi5pnp)."""
    seen: set[int] = set()
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for ref in fonts.get_object().values() if fonts is not None else ():
            font = ref.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            descriptor = font.get("/FontDescriptor")
            for holder, key in ((font, "/BaseFont"), (descriptor.get_object() if descriptor is not None else {}, "/FontName")):
                name = str(holder.get(key, ""))
                tag, plus, rest = name.lstrip("/").partition("+")
                if plus and len(tag) == 6:
                    holder[NameObject(key)] = NameObject(f"/{chr(65 + part % 26)}H{tag[2:]}+{rest}")


def assemble_kit(paper_name: str, parts: list[Part], title: str, notes: list[str], heading: str = "", duplex: str | None = None) -> bytes:
    """The kit: a page of printing ``notes`` and a table of the parts, then the
    parts. ``duplex`` ("long", "short", "none"): the print dialog's preselected
    duplex, for a file printed all one way; None for the all-in-one kit."""
    paper = Paper.named(paper_name)
    heading = heading or _("Print-and-play kit: printing notes")
    readers = [PdfReader(io.BytesIO(p.data)) for p in parts]
    # plan the pages: the notes page first, then each part, padded so that
    # double-sided parts start on an odd page
    rows: list[tuple[str, str, str]] = []
    plan: list[tuple[int, int]] = []  # (blank pages before, first page) per part
    page = 2
    for part, reader in zip(parts, readers):
        blanks = 1 if part.duplex and page % 2 == 0 else 0
        first = page + blanks
        last = first + len(reader.pages) - 1
        rows.append((f"{first}" if first == last else f"{first}–{last}", part.title, part.how))
        plan.append((blanks, first))
        page = last + 1
    notes_page = PdfReader(io.BytesIO(_notes_page(paper, title, rows, notes, heading, duplex)))
    blank = PdfReader(io.BytesIO(_blank_page(paper, title)))
    # cloned from the notes page, made like every part: its catalog (the
    # language, the viewer showing the title), its dates and its /ID
    writer = PdfWriter(clone_from=notes_page)
    writer.add_outline_item(title=_("Printing notes"), page_number=0)
    for k, (part, reader, (blanks, first)) in enumerate(zip(parts, readers, plan)):
        _rename_subsets(reader, k)
        for _blank in range(blanks):
            writer.add_page(blank.pages[0])
        for part_page in reader.pages:
            writer.add_page(part_page)
        parent = writer.add_outline_item(title=part.title, page_number=first - 1)
        _copy_outline(reader, reader.outline, writer, parent, first - 1)
    writer.add_metadata(
        {
            "/Title": title,
            "/Author": _(AUTHOR),
            "/Subject": subject(_("Print-and-play kit")),
            "/Keywords": ", ".join(KEYWORDS),
            "/Creator": CREATOR,
            "/Producer": "hi5pnp with ReportLab and pypdf",
        }
    )
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
