"""A new PDF canvas with the kit's metadata, fonts and reproducible bytes."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .units import pt

CREDIT = "High Five: The Golden Gauntlet by Michael Purcell, CC BY-SA 4.0"
LICENCE = "CC BY-SA 4.0"
AUTHOR = "Michael Purcell (game design); hi5pnp (this adaptation)"
KEYWORDS = ["High Five", "The Golden Gauntlet", "print and play", f"licence {LICENCE}"]
CREATOR = "hi5pnp"
PRODUCER = "hi5pnp with ReportLab"


def subject(what: str) -> str:
    """The Subject metadata of every PDF: what it is, the credit, the licence."""
    return f"{what}. {CREDIT}. This adaptation: licence {LICENCE}."


@contextmanager
def plain_streams() -> Iterator[None]:
    """While a PDF is saved: its streams compressed but not ASCII85-wrapped
    (reportlab's default wraps them for 7-bit mail of old, which makes a file
    a quarter bigger). reportlab reads this documented setting as it saves."""
    was = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = was


def new_canvas(size_mm: tuple[float, float], title: str, what: str) -> tuple[Canvas, io.BytesIO]:
    """A canvas writing into memory. ``invariant`` fixes the dates and the
    document id, so the same input always gives the same bytes."""
    fonts.register()
    buf = io.BytesIO()
    c = Canvas(
        buf,
        pagesize=(pt(size_mm[0]), pt(size_mm[1])),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.font_name("regular"),  # never an unembedded standard font
    )
    c.setTitle(title)
    c.setAuthor(AUTHOR)
    c.setSubject(subject(what))
    c.setKeywords(KEYWORDS)
    c.setCreator(CREATOR)
    c.setProducer(PRODUCER)
    return c, buf


def finish(c: Canvas, buf: io.BytesIO) -> bytes:
    """Save a canvas made by :func:`new_canvas`; its bytes."""
    with plain_streams():
        c.save()
    return buf.getvalue()


def set_page_size(c: Canvas, size_mm: tuple[float, float]) -> None:
    c.setPageSize((pt(size_mm[0]), pt(size_mm[1])))
