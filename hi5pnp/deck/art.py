"""A face's optional picture (``art:`` in competitors.yaml and obstacles.yaml):
a PNG or JPEG file inside the deck folder, read as safely as the deck's YAML
(a regular file, no link out of the folder, a size limit) and checked to be
a whole image before any page is drawn."""

from __future__ import annotations

import io
from pathlib import Path

from .fields import FieldReader, show
from .located import YMap
from .yamlsource import YamlReadError, read_bytes

MAX_ART_BYTES = 8 << 20  # 8 MiB: a card picture at 600 dpi is well under
MAX_PIXELS = 40_000_000  # a picture larger than this is a mistake (or a bomb)
_KINDS = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


def read_art(r: FieldReader, fm: YMap, where: str, folder: Path) -> bytes:
    """The bytes of the face's ``art`` file, or b"" (none given, or a fault)."""
    if "art" not in fm:
        return b""
    name = fm["art"]
    if not isinstance(name, str) or not name.strip():
        r.fault(fm, "art", f"'art' of {where} must be a file name in the deck folder, such as art/{where.split()[-1]}.png, not {show(name)}")
        return b""
    relative = Path(name.strip())
    if relative.is_absolute() or ".." in relative.parts:
        r.fault(fm, "art", f"'art' of {where} must be a file inside the deck folder, not {show(name)}")
        return b""
    try:
        data = read_bytes(folder / relative, name, inside=folder.resolve(), limit=MAX_ART_BYTES)
    except YamlReadError as exc:
        r.fault(fm, "art", f"'art' of {where}: {name} {exc.fault.message}")
        return b""
    if len(data) > MAX_ART_BYTES:
        r.fault(fm, "art", f"'art' of {where}: {name} is over {MAX_ART_BYTES >> 20} MiB; refused")
        return b""
    kind = next((k for magic, k in _KINDS.items() if data.startswith(magic)), None)
    if kind is None:
        r.fault(fm, "art", f"'art' of {where}: {name} is not a PNG or JPEG image")
        return b""
    problem = _broken(data)
    if problem:
        r.fault(fm, "art", f"'art' of {where}: {name} is not a whole {kind} image ({problem})")
        return b""
    return data


def _broken(data: bytes) -> str:
    """Why Pillow cannot read the image whole, or ''."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.width * image.height > MAX_PIXELS:
                return f"{image.width} × {image.height} pixels is more than a card needs"
            image.load()
    except Exception as exc:  # Pillow raises many kinds for a damaged file
        return str(exc) or type(exc).__name__
    return ""
