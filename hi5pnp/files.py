"""Writing one file safely: whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
