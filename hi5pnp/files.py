"""Writing one file safely: whole or not at all, and only as a regular file
that is none of the run's inputs."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .errors import OutputError, printable, shown_path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all: a temporary file beside it, renamed
    over it. The file gets the permissions any new file would (``mkstemp``
    makes its temporary file readable by its owner alone)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if hasattr(os, "fchmod"):  # not on Windows, where files have no such bits
                os.fchmod(f.fileno(), 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def make_folder(path: str | os.PathLike[str]) -> Path:
    """The folder ``path``, made with its parents when missing; an
    :class:`OutputError` naming it and why when it cannot be (a file in its
    place, a name too long, no right to write there)."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{printable(shown_path(path))}: is a file, not a folder; give a folder") from None
    except (OSError, ValueError) as exc:
        raise OutputError(f"{printable(shown_path(path))}: cannot make this folder: {getattr(exc, 'strerror', None) or exc}") from None
    return folder


def sha256_of(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's bytes, in hex, read a piece at a time."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The file ``path`` names (device and inode, links followed), or None."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


#: How each kind of output file begins: an existing file is replaced only by
#: an output of its own kind (a verdict over a verdict, never over a deck's YAML).
PDF, PNG, SVG = (b"%PDF-",), (b"\x89PNG\r\n\x1a\n",), (b"<?xml", b"<svg")


def check_output(path: str | os.PathLike[str], keep: Iterable[str | os.PathLike[str]] = (), kind: tuple[bytes, ...] = ()) -> None:
    """Raise :class:`OutputError` unless ``path`` may take an output file: a
    new name, or an existing regular file (not a link, a folder, a device or
    a pipe) that is none of the files in ``keep`` (the run's inputs: its log,
    the files of the deck in use), compared as files, whatever their names;
    with ``kind`` (:data:`PDF`, :data:`PNG`, :data:`SVG`), one that already
    holds a file of that kind, so that no input the run could not name (a
    template, the deck of a log that cannot be read) is ever replaced."""
    shown = printable(shown_path(path))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except (OSError, ValueError) as exc:
        raise OutputError(f"{shown}: cannot be written: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError(f"{shown}: is a link; an output is written only as a regular file (give the file's own name, or another)")
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{shown}: is a folder; give a file name")
    if not stat.S_ISREG(st.st_mode):
        raise OutputError(f"{shown}: is not a regular file (a device, a pipe or a socket); an output is written only as a regular file")
    if (st.st_dev, st.st_ino) in {_identity(p) for p in keep}:
        raise OutputError(f"{shown}: is a file this command reads (a log, or a file of the deck in use); it is never replaced, give another name")
    if kind and not _begins_with(path, kind):
        raise OutputError(f"{shown}: holds something other than the {_kind_name(kind)} this command writes; it is never replaced, give another name")


def _begins_with(path: str | os.PathLike[str], kind: tuple[bytes, ...]) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return False
    return head.startswith(kind)


def _kind_name(kind: tuple[bytes, ...]) -> str:
    return {PDF: "PDF", PNG: "PNG picture", SVG: "SVG picture"}.get(kind, "file")


def write_output(path: str | os.PathLike[str], data: bytes, keep: Iterable[str | os.PathLike[str]] = (), kind: tuple[bytes, ...] = ()) -> None:
    """Write one output file whole (:func:`write_atomically`) where
    :func:`check_output` allows it: an existing regular file is replaced, in
    one step. Any failure is an :class:`OutputError` naming the path and why."""
    check_output(path, keep, kind)
    try:
        write_atomically(Path(path), data)
    except OSError as exc:
        raise OutputError(f"{printable(shown_path(path))}: cannot be written: {exc.strerror or exc}") from None


def free_name(path: Path, most: int = 1000) -> Path:
    """``path``, or the first of ``NAME-2.EXT``, ``NAME-3.EXT``, ... beside it that no file holds."""
    for n in range(1, most + 1):
        candidate = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise OutputError(f"{printable(shown_path(path))}: no free name beside it (tried {most:,})")


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a new file whole, or nothing: never over an existing file (a
    file made meanwhile included: the name is taken in one step, by a link
    to a complete temporary file). :class:`OutputError` names the path and why."""
    target = Path(path)
    shown = printable(shown_path(path))
    if os.path.lexists(target):
        raise OutputError(f"{shown}: exists already; it is never replaced")
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), 0o666 & ~_umask())
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise OutputError(f"{shown}: exists already; it is never replaced") from None
        except OSError:  # a file system without links: take the name exclusively, then fill it
            with open(target, "xb") as f:
                f.write(data)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {exc.strerror or exc}") from None
    finally:
        os.unlink(tmp)
