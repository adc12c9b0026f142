"""A new PDF canvas with the kit's metadata, fonts and reproducible bytes."""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from . import fonts
from .units import pt

CREDIT = "High Five: The Golden Gauntlet by Michael Purcell, CC BY-SA 4.0"
LICENCE = "CC BY-SA 4.0"
AUTHOR = "Michael Purcell (game design); hi5pnp (this adaptation)"
# Page and form streams are compressed only. reportlab's default also wraps
# them in ASCII85 (for 7-bit mail of old), which makes every file a quarter
# bigger and slower to write and to assemble. reportlab reads the setting
# when a file is saved; it is set for the whole process, which is hi5pnp's.
rl_config.useA85 = 0

KEYWORDS = ["High Five", "The Golden Gauntlet", "print and play", f"licence {LICENCE}"]


def subject(what: str) -> str:
    """The Subject metadata of every PDF: what it is, the credit, the licence."""
    return f"{what}. {CREDIT}. This adaptation: licence {LICENCE}."


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
    c.setCreator("hi5pnp")
    c.setProducer("hi5pnp with ReportLab")
    return c, buf


def set_page_size(c: Canvas, size_mm: tuple[float, float]) -> None:
    c.setPageSize((pt(size_mm[0]), pt(size_mm[1])))
