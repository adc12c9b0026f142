"""Writing the kit into a folder so that a failed build loses nothing: every
file is written to a temporary folder beside the kit first, then each is
renamed into place (a rename replaces a file whole)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from ..errors import OutputError
from .build import MANIFEST


def previous_files(out_dir: Path) -> set[str]:
    """The kit files the last build wrote here (from its manifest)."""
    try:
        old = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        names = set(old.get("files", {}))
    except (OSError, ValueError, AttributeError):
        return set()
    return {n for n in names if isinstance(n, str) and "/" not in n and n.endswith(".pdf")}


def write_kit(files: dict[str, bytes], out_dir: Path) -> None:
    """Write ``files`` into ``out_dir``; files an earlier build made that this
    one does not (the Letter files, after an A4-only build) are removed last."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".hi5pnp-build-", dir=out_dir))
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot write the kit here: {exc.strerror or exc}") from None
    try:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        stale = previous_files(out_dir) - set(files)
        for name in files:
            os.replace(tmp / name, out_dir / name)
        for name in stale:
            (out_dir / name).unlink(missing_ok=True)
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot write the kit here: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
