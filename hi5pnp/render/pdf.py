"""A new PDF canvas with the kit's metadata, fonts and reproducible bytes."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..language import N_, _, spoken
from . import fonts
from .units import pt

CREDIT = N_("High Five: The Golden Gauntlet by Michael Purcell, CC BY-SA 4.0")  # said with _(CREDIT) where it is printed
LICENCE = "CC BY-SA 4.0"
AUTHOR = N_("Michael Purcell (game design); hi5pnp (this adaptation)")  # said with _(AUTHOR)
KEYWORDS = ["High Five", "The Golden Gauntlet", "print and play", f"licence {LICENCE}"]
CREATOR = "hi5pnp"
PRODUCER = "hi5pnp with ReportLab"


def subject(what: str) -> str:
    """The Subject metadata of every PDF: what it is, the credit, the licence."""
    return _("%(what)s. %(credit)s. This adaptation: licence %(licence)s.") % {"what": what, "credit": _(CREDIT), "licence": LICENCE}


#: reportlab's own date for documents in its invariant mode (2000-01-01 UTC).
FIXED_DATE = "946684800"


@contextmanager
def reproducible() -> Iterator[None]:
    """While PDFs are made: the same bytes whatever the environment.

    - Streams are compressed but not ASCII85-wrapped (reportlab's default
      wraps them for 7-bit mail of old, which makes a file a quarter bigger);
      reportlab reads its documented ``rl_config.useA85`` as it saves.
    - Every document is dated reportlab's invariant date: reportlab would take
      the date from ``SOURCE_DATE_EPOCH``, which packagers and CI systems set,
      when a document is begun.
    """
    was_a85, was_epoch = rl_config.useA85, os.environ.get("SOURCE_DATE_EPOCH")
    rl_config.useA85 = 0
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_DATE
    try:
        yield
    finally:
        rl_config.useA85 = was_a85
        if was_epoch is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = was_epoch


def document_options(title: str, what: str, margin_mm: float, bottom_mm: float | None = None) -> dict[str, Any]:
    """What every platypus document of hi5pnp's is made with (beside its
    buffer and page size): margins, the same metadata as :func:`new_canvas`
    gives a canvas, the invariant dates, compressed pages, an embedded font
    from the start and the page's language."""
    fonts.register()
    return {
        "leftMargin": pt(margin_mm),
        "rightMargin": pt(margin_mm),
        "topMargin": pt(margin_mm),
        "bottomMargin": pt(margin_mm if bottom_mm is None else bottom_mm),
        "title": title,
        "author": _(AUTHOR),
        "subject": subject(what),
        "keywords": KEYWORDS,
        "creator": CREATOR,
        "producer": PRODUCER,
        "invariant": 1,
        "pageCompression": 1,
        "initialFontName": fonts.font_name("regular"),
        "lang": spoken().tag,
        "displayDocTitle": 1,
    }


#: a duplex flip ("long", "short") as a PDF viewer preference names it
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


def new_canvas(size_mm: tuple[float, float], title: str, what: str, duplex: str | None = None) -> tuple[Canvas, io.BytesIO]:
    """A canvas writing into memory. ``invariant`` fixes the dates and the
    document id, so the same input always gives the same bytes (make and save
    it within :func:`reproducible`). Every file asks the print dialog for
    actual size (``/PrintScaling /None``); ``duplex`` ("long", "short", or
    "none" for one-sided) preselects how its sheets are printed."""
    fonts.register()
    buf = io.BytesIO()
    c = Canvas(
        buf,
        pagesize=(pt(size_mm[0]), pt(size_mm[1])),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.font_name("regular"),  # never an unembedded standard font
        lang=spoken().tag,  # the document's language, for screen readers and viewers
    )
    c.setTitle(title)
    c.setViewerPreference("DisplayDocTitle", "true")  # viewers show the title, not the file name
    c.setViewerPreference("PrintScaling", "None")  # the print dialog starts at actual size, not "fit to page"
    if duplex is not None:
        c.setViewerPreference("Duplex", DUPLEX[duplex])
    c.setAuthor(_(AUTHOR))
    c.setSubject(subject(what))
    c.setKeywords(KEYWORDS)
    c.setCreator(CREATOR)
    c.setProducer(PRODUCER)
    return c, buf


def finish(c: Canvas, buf: io.BytesIO) -> bytes:
    """Save a canvas made by :func:`new_canvas` (within :func:`reproducible`); its bytes."""
    c.save()
    return buf.getvalue()
