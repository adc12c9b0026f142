"""The fonts every PDF uses, embedded (subset) in every file.

Bitstream Vera ships inside reportlab, so it is the same file on every
machine and nothing is fetched. Text is checked against the font's glyphs:
a character the font cannot draw is a build error, never a blank box.

A layout template may bring fonts of its own (``fonts:`` in the template,
docs/templates.md): each TrueType file is registered once, under a name made
from its contents, and is embedded subset like Vera. Before reportlab reads
such a file, fontTools reads the tables reportlab will read (and no others: a table
reportlab never looks at is never embedded, so a damaged or hostile one is
no concern), each bounded by the file's size. Two tables are checked their
own way, since reading them whole is work out of all proportion to their
size: the character map's subtables say how many characters they map
before any of them is read (reportlab and fontTools both walk every
character a subtable's ranges claim, so a range from 0 to 4 billion is
refused, not walked), and of the glyphs only their composites are read (a
simple glyph of 65,535 points takes a few hundred bytes; reportlab copies
glyphs unread, but follows a composite's parts).
"""

from __future__ import annotations

import array
import hashlib
import io
import logging
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import Hi5Error

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
    it (:func:`vet`), then registered and a subset of it made, as the
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


class FontError(Hi5Error, ValueError):
    """A font file that cannot be used, in words."""


#: the tables a font must have for reportlab to set text in it and embed it
NEEDED_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap", "loca", "glyf", "name", "post")
#: the tables reportlab reads, read whole by fontTools (the character map and the glyphs apart)
READ_TABLES = ("head", "hhea", "maxp", "hmtx", "loca", "name", "post", "OS/2")
#: the most characters a subtable of the character map may map: all of Unicode, once
MOST_CHARACTERS = 0x110000

_USE_TTF = "a TTF, or an OTF with TrueType outlines, is needed"


def vet(data: bytes) -> None:
    """Check a font file's bytes as reportlab will read them: a
    :class:`FontError` saying what is wrong when they cannot be used."""
    from fontTools.ttLib import TTFont, TTLibError

    said = logging.getLogger("fontTools")  # what it says of a damaged table is told as the fault, not printed
    level = said.level
    said.setLevel(logging.CRITICAL)
    try:
        with TTFont(io.BytesIO(data), lazy=True, recalcBBoxes=False, recalcTimestamp=False) as font:
            lacking = [tag for tag in NEEDED_TABLES if tag not in font]
            if lacking:
                tables = ", ".join(repr(t) for t in lacking)
                raise FontError(f"is not a TrueType font reportlab can embed (no {tables} table); {_USE_TTF}")
            _check_character_map(font.getTableData("cmap"))
            read = [font[tag] for tag in READ_TABLES if tag in font]  # each decompiled as it is named
            font["cmap"].ensureDecompiled()
            _check_composites(font["glyf"])
            del read
    except FontError:
        raise
    except TTLibError as exc:
        raise FontError(f"is not a TrueType font: fontTools cannot read it ({exc})") from None
    except MemoryError:
        raise FontError("cannot be read as a font: its tables claim more memory than there is") from None
    except Exception as exc:  # a table cut short or damaged, in whatever way fontTools finds it
        raise FontError(f"cannot be read as a font: a damaged table ({type(exc).__name__}: {exc})") from None
    finally:
        said.setLevel(level)


def _check_character_map(cmap: bytes) -> None:
    """Every subtable the character map's directory points at (reportlab
    chooses one, fontTools reads each) maps at most :data:`MOST_CHARACTERS`,
    counted from its ranges before they are walked."""
    (count,) = struct.unpack_from(">H", cmap, 2)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", cmap, 4 + 8 * i)
        (kind,) = struct.unpack_from(">H", cmap, offset)
        claimed = _claimed(cmap, offset, kind)
        if claimed > MOST_CHARACTERS:
            raise FontError(
                f"cannot be read as a font: its character map's subtable {i + 1} (platform {platform}, encoding {encoding}, format {kind}) "
                f"claims {claimed:,} characters; a font maps at most {MOST_CHARACTERS:,}"
            )


def _claimed(cmap: bytes, at: int, kind: int) -> int:
    """How many characters the subtable of format ``kind`` at ``at`` claims,
    overlaps counted as often as they overlap (as a reader walks them);
    counting stops once past :data:`MOST_CHARACTERS`."""
    if kind == 4:  # segments: end codes, a pad, start codes
        segments = struct.unpack_from(">H", cmap, at + 6)[0] // 2
        ends = struct.unpack_from(f">{segments}H", cmap, at + 14)
        starts = struct.unpack_from(f">{segments}H", cmap, at + 16 + 2 * segments)
        return _spans(starts, ends)
    if kind in (12, 13):  # groups of (start, end, glyph)
        (groups,) = struct.unpack_from(">L", cmap, at + 12)
        if 16 + 12 * groups > len(cmap) - at:
            raise FontError(f"cannot be read as a font: its character map's format {kind} subtable claims {groups:,} groups past the table's end")
        spans = array.array("I", cmap[at + 16 : at + 16 + 12 * groups])
        if sys.byteorder == "little":
            spans.byteswap()
        return _spans(spans[0::3], spans[1::3])
    if kind == 10:  # one run of glyphs
        return int(struct.unpack_from(">L", cmap, at + 16)[0])
    if kind == 2:  # 256 keys to subheaders, each a run of up to 65,535 codes
        keys = struct.unpack_from(">256H", cmap, at + 6)
        heads = at + 6 + 512
        # a key is a subheader's offset (fontTools reads it so) or, as reportlab reads it, its index
        runs = [struct.unpack_from(">H", cmap, heads + place + 2)[0] for key in keys for place in {key, 8 * key} if heads + place + 4 <= len(cmap)]
        return sum(runs)
    return 0  # formats 0 and 6 map at most 65,536 by their form; others reportlab does not read


def _spans(starts: Sequence[int], ends: Sequence[int]) -> int:
    """The characters from each start to its end, summed (until past :data:`MOST_CHARACTERS`)."""
    total = 0
    for start, end in zip(starts, ends, strict=True):
        total += max(0, end - start + 1)
        if total > MOST_CHARACTERS:
            break
    return total


def _check_composites(glyf: object) -> None:
    """Each composite glyph read (its parts exist); simple glyphs left as
    they are (reportlab copies them unread)."""
    glyphs = glyf.glyphs  # type: ignore[attr-defined]  # fontTools' glyph table: the glyphs by name, unread
    for name, glyph in glyphs.items():
        if not glyph.isComposite():
            head = getattr(glyph, "data", b"")[:2]
            if len(head) == 2 and struct.unpack(">h", head)[0] < 0:
                raise FontError(f"cannot be read as a font: glyph {name!r} has {struct.unpack('>h', head)[0]} contours")
            continue
        missing = FontError(f"cannot be read as a font: glyph {name!r} is made of a glyph the font does not have")
        try:
            glyph.expand(glyf)
        except IndexError:  # a part's number past the glyphs
            raise missing from None
        if any(part.glyphName not in glyphs for part in glyph.components):
            raise missing


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
