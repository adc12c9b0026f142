"""The one reader of a file a user's folder holds: a deck's YAML and CSV, a
templates folder's templates, fonts and icons, a face's picture, a
translation catalogue, a ruling, an event's ``event.yaml``. A deck folder
may come from a stranger, so nothing in it is read unless it is:

- a regular file (a device, a pipe or a socket is refused without waiting
  for it: it is opened without blocking and asked what it is);
- inside the folder it is read from, when the reader names that folder (a
  link leading out of it is refused; a link to a file inside it is
  followed; a link put in its place while it is opened is refused too);
- no larger than the limit of its kind (:data:`LIMITS`), told before
  anything is read, so no file can take the memory a big one would.

A file is read once, whole, into bytes; every refusal is a
:class:`FileRefused` naming the file as the user wrote it.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .errors import Fault, InputError

#: the most bytes a file of each kind may have (docs/deck-format.md, docs/templates.md)
LIMITS = {
    "yaml": 1 << 20,  # a deck file, a log, a ruling, event.yaml: a few KiB
    "template": 1 << 20,  # the largest bundled template is 20 KB
    "font": 32 << 20,  # a large CJK font has about 20 MiB
    "icon": 256 << 10,  # an SVG icon: a few KiB
    "art": 8 << 20,  # a face's PNG or JPEG: a card picture at 600 dpi is well under
    "catalogue": 4 << 20,  # a language's .po: the bundled one is about 100 KiB
}
OUTSIDE = "leads outside the folder it is read from (a link); refused"


class FileRefused(InputError):
    """A file that is not read (not there, not a regular file, a link out
    of its folder, too large), at its one fault."""

    def __init__(self, fault: Fault):
        super().__init__(fault)
        self.fault = fault


def size_words(n: int) -> str:
    """A size as a reader says it: 256 KiB, 32 MiB."""
    return f"{n >> 20:,} MiB" if n >= 1 << 20 and not n % (1 << 20) else f"{n >> 10:,} KiB" if n >= 1 << 10 and not n % (1 << 10) else f"{n:,} bytes"


def read_bytes(path: Path, shown: str, inside: Path | None = None, limit: int = LIMITS["yaml"], kind: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them,
    faults naming ``shown``. With ``inside`` (a resolved folder), a file whose
    real path lies elsewhere is refused. ``kind`` (``a template``) names
    what the file is in the words that refuse one too large."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        if inside is not None:
            real = path.resolve()
            if not real.is_relative_to(inside):
                raise FileRefused(Fault(shown, 0, 0, OUTSIDE))
            path = real  # a link to a file inside the folder is followed there
            flags |= getattr(os, "O_NOFOLLOW", 0)  # and no link swapped in meanwhile
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(Fault(shown, 0, 0, "file not found")) from None
    except ValueError:  # a NUL, or a character the system cannot name a file with
        raise FileRefused(Fault(shown, 0, 0, "is not a possible file name")) from None
    except RuntimeError:  # resolve() on a link that leads round to itself
        raise FileRefused(Fault(shown, 0, 0, "is a link that leads round in a loop")) from None
    except OSError as exc:
        if inside is not None and exc.errno == errno.ELOOP:
            raise FileRefused(Fault(shown, 0, 0, "is a link that leads round in a loop, or one put in its place while it was read; refused")) from None
        raise FileRefused(Fault(shown, 0, 0, f"cannot be read: {exc.strerror or exc}")) from None
    try:
        if inside is not None and not _opened_inside(fd, inside):
            raise FileRefused(Fault(shown, 0, 0, OUTSIDE))  # a folder on the way was swapped for a link after the check
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileRefused(Fault(shown, 0, 0, "is a folder, not a file"))
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(Fault(shown, 0, 0, "is not a regular file (a device, a pipe or a socket); refused"))
        if st.st_size > limit:
            most = f"{kind} may have at most {limit:,}" if kind else f"files over {limit:,} bytes are refused ({size_words(limit)} at most)"
            raise FileRefused(Fault(shown, 0, 0, f"is {st.st_size:,} bytes; {most}"))
        chunks, left = [], limit + 1  # one more is read, to tell a file that grew as it was read
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 16))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(Fault(shown, 0, 0, f"cannot be read: {exc.strerror or exc}")) from None
    finally:
        os.close(fd)


def read_text(path: Path, shown: str, inside: Path | None = None, limit: int = LIMITS["yaml"]) -> str:
    """A UTF-8 file's text (a byte-order mark dropped), read as :func:`read_bytes` reads."""
    data = read_bytes(path, shown, inside, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileRefused(Fault(shown, line, 0, "is not UTF-8 text")) from None


def _opened_inside(fd: int, inside: Path) -> bool:
    """Whether the file open as ``fd`` really lies inside ``inside`` (where the
    system tells which file an open descriptor is; elsewhere the check made
    before opening stands)."""
    try:
        opened = Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        return True
    return opened.is_relative_to(inside)
