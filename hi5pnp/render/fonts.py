"""The fonts every PDF uses, embedded (subset) in every file.

Bitstream Vera ships inside reportlab, so it is the same file on every
machine and nothing is fetched. Text is checked against the font's glyphs:
a character the font cannot draw is a build error, never a blank box.
"""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
FONTS = {"regular": ("hi5-Regular", "Vera.ttf"), "bold": ("hi5-Bold", "VeraBd.ttf"), "italic": ("hi5-Italic", "VeraIt.ttf")}
_registered = False


def register() -> None:
    """Register the fonts with reportlab (once per process)."""
    global _registered
    if _registered:
        return
    for name, filename in FONTS.values():
        # asciiReadable off: each file's subset holds the glyphs its text uses,
        # not all 128 ASCII codes as well (a third smaller, faster to write and
        # to assemble; text still copies out through the ToUnicode map)
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename), asciiReadable=False))
    from reportlab.lib.fonts import addMapping

    addMapping("hi5", 0, 0, FONTS["regular"][0])
    addMapping("hi5", 1, 0, FONTS["bold"][0])
    addMapping("hi5", 0, 1, FONTS["italic"][0])
    addMapping("hi5", 1, 1, FONTS["bold"][0])
    _registered = True


def font_name(style: str) -> str:
    return FONTS[style][0]


def width(text: str, style: str, size: float) -> float:
    """Width of ``text`` in points."""
    register()
    points: float = pdfmetrics.stringWidth(text, font_name(style), size)
    return points


def missing_glyphs(text: str, style: str = "regular") -> str:
    """The characters of ``text`` that the font has no glyph for."""
    register()
    face = pdfmetrics.getFont(font_name(style)).face
    cmap = face.charToGlyph
    return "".join(sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()}))

