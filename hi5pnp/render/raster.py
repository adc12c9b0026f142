"""Faces as pictures: the same checked layouts the PDF cards are drawn from,
drawn into a PDF page each (the face and its bleed) and rasterised with
PDFium (pypdfium2), so an image and a printed card never disagree."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..deck import CompetitorFace, Deck, ObstacleFace
from ..errors import LayoutError
from .cardsize import CardSize
from .draw import draw_layout
from .faces import render_faces
from .layout import Layout
from .pdf import finish, new_canvas, reproducible
from .template import Templates
from .units import MM_PER_IN, pt

if TYPE_CHECKING:
    from PIL.Image import Image


def pixels(mm: float, dpi: float) -> int:
    """A length in whole pixels at ``dpi``."""
    return round(mm / MM_PER_IN * dpi)


def png(image: Image, dpi: float) -> bytes:
    """PNG bytes that depend on the pixels alone (no dates, no text chunks),
    marked with their resolution (a pHYs chunk: editors and services read
    300 dpi, not 72) and as sRGB (an sRGB chunk, perceptual intent: the colours
    are the templates' sRGB hex values)."""
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add(b"sRGB", b"\x00")
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6, dpi=(dpi, dpi), pnginfo=info)
    return buf.getvalue()


def faces_pdf(layouts: Sequence[Layout], bleed: float, title: str, what: str = "Card faces as images") -> bytes:
    """One page per layout: the face, with ``bleed`` mm of its own art beyond
    the trim on every side (the layouts must have been rendered with that
    bleed). Each page's TrimBox is the card's cut, its BleedBox the page."""
    with reproducible():
        first = layouts[0]
        c, buf = new_canvas((first.width + 2 * bleed, first.height + 2 * bleed), title, what)
        for layout in layouts:
            w, h = pt(layout.width + 2 * bleed), pt(layout.height + 2 * bleed)
            c.setPageSize((w, h))
            c.setBleedBox((0, 0, w, h))
            c.setTrimBox((pt(bleed), pt(bleed), w - pt(bleed), h - pt(bleed)))
            c.translate(pt(bleed), pt(bleed))
            draw_layout(c, layout, clip=(-bleed, -bleed, layout.width + bleed, layout.height + bleed))
            c.showPage()
        return finish(c, buf)


def rasterise(pdf: bytes, sizes: Sequence[tuple[int, int]], dpi: float) -> Iterator[Image]:
    """Each page of ``pdf`` at ``dpi``, cropped to its size in ``sizes``
    (PDFium rounds a page up to whole pixels; the extra pixel, if any, is bleed)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for k, (width, height) in enumerate(sizes):
            page = doc[k]
            bitmap = page.render(scale=dpi / 72, may_draw_forms=False)
            image = bitmap.to_pil().convert("RGB")
            if image.size != (width, height):
                image = image.crop((0, 0, width, height))
            yield image
            page.close()
    finally:
        doc.close()


MAX_FACE_PIXELS = 40_000_000  # width × height of one face's image: 200 × 200 mm at 800 dpi


def face_size(card: CardSize, bleed: float, dpi: int) -> tuple[int, int]:
    """A face's image size in pixels; a :class:`LayoutError` when it would
    be over :data:`MAX_FACE_PIXELS`, naming the highest resolution that fits."""
    size = (pixels(card.width + 2 * bleed, dpi), pixels(card.height + 2 * bleed, dpi))
    if size[0] * size[1] > MAX_FACE_PIXELS:
        most = int(dpi * math.sqrt(MAX_FACE_PIXELS / (size[0] * size[1])))
        while most > 1 and pixels(card.width + 2 * bleed, most) * pixels(card.height + 2 * bleed, most) > MAX_FACE_PIXELS:
            most -= 1
        raise LayoutError(
            f"a {card.width:g} × {card.height:g} mm face{f' with {bleed:g} mm bleed' if bleed else ''} at {dpi} dpi would be "
            f"{size[0]:,} × {size[1]:,} pixels; a face image may have at most {MAX_FACE_PIXELS:,}: "
            f"at this card size, {most} dpi at most"
        )
    return size


def face_images(deck: Deck, faces: Sequence[CompetitorFace | ObstacleFace], card: CardSize, bleed: float, dpi: int, templates: Templates) -> Iterator[Image]:
    """Each face at ``dpi`` with ``bleed`` mm of its own art beyond the cut,
    one at a time: drawn as it is asked for, so that a caller who writes each
    and lets it go holds one face in memory, not all of them."""
    size = face_size(card, bleed, dpi)
    layouts = render_faces(deck, templates, card, bleed, faces)
    pdf = faces_pdf(layouts, bleed, f"{deck.full_title} — card images")
    return rasterise(pdf, [size] * len(layouts), dpi)
