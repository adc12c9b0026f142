"""Writing the kit into its folder all at once, or not at all.

The new kit is written whole into a hidden folder beside the kit's folder
(``.output.hi5pnp-new-<pid>`` for ``output/``); then the two folders are
exchanged in one step, and the old kit is removed. A build that fails or is
killed at any moment leaves the folder holding either the old kit or the new
one, whole; what a killed build leaves beside it is removed by the next build.

The folder must hold nothing but a kit hi5pnp wrote: the files its manifest
lists, each still as hi5pnp wrote it (the manifest records their SHA-256).
Anything else there (a user's file, a kit file changed since, another tool's
``manifest.json``) makes the build refuse, naming it, so that nothing a user
made is ever deleted or replaced.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
from pathlib import Path

from ..errors import OutputError, shown_path
from .build import MANIFEST

#: What file managers leave in any folder; a kit's folder may hold them.
DISPOSABLE = {".DS_Store", "Thumbs.db", "desktop.ini"}
_STAGE = ".{name}.hi5pnp-{role}-{pid}"


def write_kit(files: dict[str, bytes], out_dir: Path) -> None:
    """Write the kit ``files`` (name -> bytes) as the whole content of ``out_dir``."""
    out = Path(os.path.abspath(out_dir))
    shown = shown_path(out_dir)
    try:
        _recover(out)
        if out.is_symlink():
            raise OutputError(f"{shown}: is a link; give the folder it leads to")
        if out.exists():
            if not out.is_dir():
                raise OutputError(f"{shown}: is a file, not a folder; the kit needs a folder of its own")
            foreign = foreign_files(out)
            if foreign:
                listed = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
                raise OutputError(
                    f"{shown}: holds what no build of hi5pnp made, or changed since: {listed}. "
                    "Build into an empty folder (--out), or move those away; nothing was written"
                )
        stage = out.parent / _STAGE.format(name=out.name, role="new", pid=os.getpid())
        _write_folder(stage, files)
        if out.exists():
            _exchange(stage, out)  # stage now holds the old kit
            shutil.rmtree(stage, ignore_errors=True)
        else:
            os.rename(stage, out)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot write the kit here: {exc.strerror or exc}") from None


def foreign_files(out: Path) -> list[str]:
    """What ``out`` holds that is not a kit hi5pnp wrote (sorted names)."""
    names = {p.name for p in out.iterdir()} - DISPOSABLE
    try:
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = None
    ours = set()
    if isinstance(manifest, dict) and manifest.get("generator") == "hi5pnp" and isinstance(manifest.get("files"), dict):
        ours.add(MANIFEST)
        for name, digest in manifest["files"].items():
            path = out / str(name)
            if "/" in str(name) or not path.is_file() or path.is_symlink():
                continue
            if hashlib.sha256(path.read_bytes()).hexdigest() == digest:
                ours.add(name)  # as hi5pnp wrote it
    return sorted(names - ours)


def _write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Every file written and flushed to the disk before the folder is used."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for name, data in files.items():
        with open(folder / name, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # a system that cannot open folders (Windows) orders its own writes
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _exchange(a: Path, b: Path) -> None:
    """Swap the folders ``a`` and ``b`` in one step (Linux's
    ``renameat2(RENAME_EXCHANGE)``). Where the system cannot, the old folder is
    moved aside and the new one moved in: a failure between the two moves is
    undone at once, a kill by the next build (:func:`_recover`)."""
    if _renameat2_exchange(a, b):
        return
    aside = b.parent / _STAGE.format(name=b.name, role="old", pid=os.getpid())
    os.rename(b, aside)
    try:
        os.rename(a, b)
    except OSError:
        os.rename(aside, b)  # the old kit back in place
        raise
    os.rename(aside, a)  # where the caller removes the old kit from


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _renameat2_exchange(a: Path, b: Path) -> bool:
    """True if the system swapped ``a`` and ``b`` atomically."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None) if os.name == "posix" else None
    if renameat2 is None:
        return False
    done = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if done == 0:
        return True
    errno = ctypes.get_errno()
    if errno in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: this file system cannot exchange
        return False
    raise OSError(errno, os.strerror(errno))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _recover(out: Path) -> None:
    """Tidy up after a build that was killed: put an old kit moved aside back
    in place if the kit's folder is missing, and remove the folders it staged."""
    for role in ("old", "new"):
        for left in sorted(out.parent.glob(_STAGE.format(name=out.name, role=role, pid="*"))):
            pid = left.name.rsplit("-", 1)[-1]
            if not pid.isdigit() or (int(pid) != os.getpid() and _alive(int(pid))):
                continue  # another build at work
            if role == "old" and not out.exists():
                os.rename(left, out)
            else:
                shutil.rmtree(left, ignore_errors=True)
    for left in out.glob(".hi5pnp-build-*") if out.is_dir() else ():
        shutil.rmtree(left, ignore_errors=True)  # left inside by builds before this way of writing
