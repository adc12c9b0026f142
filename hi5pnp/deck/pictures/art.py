"""A face's optional picture (``art:`` in competitors.yaml and obstacles.yaml):
a PNG or JPEG file inside the deck folder, read as safely as the deck's YAML
(a regular file, no link out of the folder, a size limit).

Loading a deck decodes no pixel: the rules need none. The file's header
gives its size, which must be within :data:`MAX_PIXELS`, and a PNG's chunks
are checked whole (a truncated or damaged file is a fault at its line); the
pixels are decoded once, when a face is first drawn (:mod:`hi5pnp.render.pictures`).
Each file is read once however many faces name it.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from ... import infile
from ..fields import FieldReader, show
from ..located import YMap
from ..model import Picture
from ..yamlsource import YamlReadError, read_bytes

MAX_ART_BYTES = infile.LIMITS["art"]  # 8 MiB: a card picture at 600 dpi is well under
MAX_ART_TOTAL = 256 << 20  # 256 MiB: a deck's pictures together (a deck is held in memory whole)
MAX_PIXELS = 16_000_000  # width × height: a poker card with bleed at 1200 dpi is 14.7 million
MAX_SIDE = 10_000  # pixels a side: 211 mm at 1200 dpi (a picture of many thin rows decodes slowly)
_KINDS = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


class ArtReader:
    """Reads the pictures of one deck folder, each file once (by its name in
    the folder): the faces that name one file share its bytes."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.inside = folder.resolve()
        self._read: dict[str, tuple[bytes, str, int, int, bytes] | str] = {}  # name -> (data, kind, width, height, digest) or a fault
        self._total = 0  # bytes of the pictures read so far

    def read(self, r: FieldReader, fm: YMap, where: str) -> Picture | None:
        """The face's picture, or None (none given, or a fault recorded at the ``art`` value)."""
        if "art" not in fm:
            return None
        name = fm["art"]
        if not isinstance(name, str) or not name.strip():
            r.fault(fm, "art", f"'art' of {where} must be a file name in the deck folder, such as art/{where.split()[-1]}.png, not {show(name)}")
            return None
        if "\0" in name:
            r.fault(fm, "art", f"'art' of {where}: {show(name)} is not a possible file name (it holds a NUL character)")
            return None
        relative = Path(name.strip())
        if relative.is_absolute() or ".." in relative.parts:
            r.fault(fm, "art", f"'art' of {where} must be a file inside the deck folder, not {show(name)}")
            return None
        key = relative.as_posix()
        if key not in self._read:
            self._read[key] = self._examine(relative, name)
        got = self._read[key]
        if isinstance(got, str):
            r.fault(fm, "art", f"'art' of {where}: {name} {got}")
            return None
        line, column = fm.at("art")
        return Picture(*got[:4], name, (fm.path, line, column), got[4])

    def _examine(self, relative: Path, name: str) -> tuple[bytes, str, int, int, bytes] | str:
        """The file's bytes, kind, size in pixels and SHA-256; or what is wrong with it."""
        try:
            data = read_bytes(self.folder / relative, name, inside=self.inside, limit=MAX_ART_BYTES)
        except YamlReadError as exc:
            return exc.fault.message
        if len(data) > MAX_ART_BYTES:
            return f"is over {MAX_ART_BYTES >> 20} MiB; refused"
        self._total += len(data)
        if self._total > MAX_ART_TOTAL:
            return f"brings the deck's pictures to over {MAX_ART_TOTAL >> 20} MiB together; refused (make them smaller: 300 dpi is plenty)"
        kind = next((k for magic, k in _KINDS.items() if data.startswith(magic)), None)
        if kind is None:
            return "is not a PNG or JPEG image"
        size = header(data, kind)
        import hashlib  # here: a deck without pictures never needs it (the checker's start)

        return size if isinstance(size, str) else (data, kind, *size, hashlib.sha256(data).digest())


def header(data: bytes, kind: str) -> tuple[int, int] | str:
    """The picture's size in pixels from its header, without decoding its
    pixels; or why it is no picture a card may have."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the limit below is lower
            with Image.open(io.BytesIO(data), formats=[kind]) as image:
                width, height = image.size
                if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
                    return f"is {width:,} × {height:,} pixels; a picture may have at most {MAX_PIXELS:,} (width × height), and {MAX_SIDE:,} a side"
                if kind == "PNG":
                    image.verify()  # every chunk present, whole and with its checksum: no pixel is decoded
    except Image.DecompressionBombError:
        return f"has more than {MAX_PIXELS:,} pixels (width × height); refused"
    except Exception as exc:  # Pillow raises many kinds for a damaged file
        return f"is not a whole {kind} image: it is damaged or truncated ({damage(exc)})"
    return width, height


def damage(exc: Exception) -> str:
    """Pillow's complaint about a damaged image, in words (never the name of
    the in-memory file it was read from)."""
    text = str(exc)
    if not text or "<_io." in text or "object at 0x" in text:
        return "its header cannot be read"
    return text.rstrip(".")
