"""The fonts every PDF uses, embedded (subset) in every file.

Bitstream Vera ships inside reportlab, so it is the same file on every
machine and nothing is fetched. Text is checked against the font's glyphs:
a character the font cannot draw is a build error, never a blank box.

A layout template may bring fonts of its own (``fonts:`` in the template,
docs/templates.md): each TrueType file is registered once, under a name made
from its contents, and is embedded subset like Vera.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from .fontcheck import FontError as FontError  # what register_own raises
from .fontcheck import vet

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


_own: dict[str, str] = {}  # the SHA-256 of a font file -> the name it is registered under


TRIAL_GLYPHS = 64  # the characters of a font's own a trial subset embeds


def register_own(data: bytes) -> str:
    """Register a TrueType font's bytes (once) and give the name text is set
    in with it. The font is first checked by fontTools as reportlab will read
    it (:mod:`.fontcheck`), then registered and a subset of it made, as the
    PDF will: a damaged font is a :class:`FontError` here, not a failure (or
    a run out of memory) when the PDF is written."""
    digest = hashlib.sha256(data).hexdigest()
    name = _own.get(digest)
    if name is None:
        vet(data)
        name = f"hi5own-{digest[:16]}"
        try:
            font = TTFont(name, io.BytesIO(data), asciiReadable=False)
            codes = sorted(font.face.charToGlyph)[:TRIAL_GLYPHS]
            font.face.makeSubset(codes)  # what embedding does: a glyph table damaged past what is read up front shows here
        except TTFError as exc:
            raise FontError(f"is not a TrueType font reportlab can embed ({exc}); a TTF, or an OTF with TrueType outlines, is needed") from None
        except Exception as exc:  # a damaged table, in whatever way reportlab's reader finds it
            raise FontError(f"cannot be read as a font ({type(exc).__name__}: {exc})") from None
        pdfmetrics.registerFont(font)
        _own[digest] = name
    return name


def font_name(style: str) -> str:
    """The registered name of a style (regular, bold, italic) or of a font of one's own (already its name)."""
    return FONTS[style][0] if style in FONTS else style


def width(text: str, style: str, size: float) -> float:  # style: regular, bold, italic or an own font's name
    """Width of ``text`` in points."""
    register()
    points: float = pdfmetrics.stringWidth(text, font_name(style), size)
    return points


ELLIPSIS = "…"


def cut_to(text: str, style: str, size: float, room: float) -> str:
    """``text``, or its longest beginning that fits ``room`` points with an
    ellipsis after it (just the ellipsis when none does)."""
    if width(text, style, size) <= room:
        return text
    return text[: longest(len(text), lambda k: width(text[:k] + ELLIPSIS, style, size) <= room)] + ELLIPSIS


def longest(most: int, fits: Callable[[int], bool]) -> int:
    """The largest k from 0 to ``most`` for which ``fits(k)`` (0 when none),
    found by halving: ``fits`` must hold for every k below one it holds for,
    as a text's beginning is never wider than a longer one. A name of
    thousands of characters costs a few dozen measures, not thousands."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def missing_glyphs(text: str, style: str = "regular") -> str:
    """The characters of ``text`` that the font has no glyph for."""
    register()
    face = pdfmetrics.getFont(font_name(style)).face
    cmap = face.charToGlyph
    return "".join(sorted({ch for ch in text if ord(ch) not in cmap and not ch.isspace()}))
