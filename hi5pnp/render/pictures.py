"""A face's picture on a page: decoded once per file and run, drawn once per
PDF however many faces show it.

Loading a deck reads only a picture's header (:mod:`hi5pnp.deck.pictures.art`); its
pixels are decoded here, when a face showing it is first drawn, and kept
for the next PDF of the run (at most :data:`KEPT_PIXELS` of them: a run
whose pictures hold more decodes the oldest again when it needs them). In
each PDF a picture is one form XObject that every face showing it draws,
so its pixels are written to the file once.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..deck import Picture
from ..deck.pictures.art import MAX_PIXELS, damage
from ..errors import DeckError

if TYPE_CHECKING:
    from PIL.Image import Image as Bitmap

KEPT_PIXELS = MAX_PIXELS  # decoded pixels kept between PDFs: one picture of the largest size, or many smaller


class _Reader(ImageReader):
    """reportlab's reader of a decoded picture; a JPEG is still written to
    the PDF as the file's own bytes, as reportlab writes a JPEG it opens itself."""

    def __init__(self, image: Bitmap, picture: Picture) -> None:
        super().__init__(image)
        self.jpeg = picture.data if picture.kind == "JPEG" else b""

    def jpeg_fh(self) -> io.BytesIO | None:
        return io.BytesIO(self.jpeg) if self.jpeg else None


class _Decoded(NamedTuple):
    reader: ImageReader
    form: str  # the form's name in a PDF: from the file's digest
    pixels: int


_kept: OrderedDict[bytes, _Decoded] = OrderedDict()  # by the file's bytes: the faces naming one file share them


def decoded(picture: Picture) -> _Decoded:
    """The picture decoded (once: then kept, see :data:`KEPT_PIXELS`). A
    picture whose pixels cannot be decoded is a :class:`DeckError` at the
    ``art`` value that names it."""
    hit = _kept.get(picture.data)
    if hit is not None:
        _kept.move_to_end(picture.data)
        return hit
    from PIL import Image

    try:
        image = Image.open(io.BytesIO(picture.data), formats=[picture.kind])
        image.load()  # the pixels, decoded here, once
        reader = _Reader(image, picture)
        reader.getRGBData()  # and as reportlab writes them, once: the reader keeps them
    except Exception as exc:  # Pillow raises many kinds for a damaged file
        message = f"'art' {picture.name} is not a whole {picture.kind} image: it is damaged or truncated ({damage(exc)})"
        raise DeckError(picture.fault(message)) from None
    made = _Decoded(reader, "art" + (picture.digest or hashlib.sha256(picture.data).digest()).hex()[:24], picture.width * picture.height)
    _kept[picture.data] = made
    while sum(d.pixels for d in _kept.values()) > KEPT_PIXELS and len(_kept) > 1:
        _kept.popitem(last=False)
    return made


def decode_all(pictures: Iterable[Picture | None]) -> None:
    """Decode ``pictures`` now (each file once): a damaged one is found before
    anything is drawn, and processes forked after this start with them decoded."""
    for picture in pictures:
        if picture is not None:
            decoded(picture)


def draw_picture(c: Canvas, picture: Picture, x: float, y: float, w: float, h: float) -> None:
    """``picture`` in the box at ``x``, ``y`` of ``w`` × ``h`` points on
    canvas ``c``: as large as fits, centred, its proportions kept."""
    made = decoded(picture)
    if not c.hasForm(made.form):  # the first face of this PDF to show it
        c.beginForm(made.form, 0, 0, 1, 1)
        c.drawImage(made.reader, 0, 0, 1, 1, mask="auto")
        c.endForm()
    scale = min(w / picture.width, h / picture.height)
    dw, dh = picture.width * scale, picture.height * scale
    c.saveState()
    c.transform(dw, 0, 0, dh, x + (w - dw) / 2, y + (h - dh) / 2)
    c.doForm(made.form)
    c.restoreState()
