"""Writing the kit into its folder all at once, or not at all.

The new kit is written whole into a hidden folder beside the kit's folder
(``.output.hi5pnp-new-<pid>`` for ``output/``); then the two folders are
exchanged in one step, and the old kit is removed. A build that fails or is
killed at any moment leaves the folder holding either the old kit or the new
one, whole; what a killed build leaves beside it (those hidden folders, named
with its process number) is removed by the next build, whatever they hold.

The folder must hold nothing but a kit hi5pnp wrote: the files its manifest
lists, each still as hi5pnp wrote it (the manifest records their SHA-256).
Anything else there (a user's file, a kit file changed since, another tool's
``manifest.json``) makes the build refuse, naming it, so that nothing a user
made is ever deleted or replaced. A file saved into the folder while the build
runs is carried into the new kit's folder.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from ..errors import OutputError, printable, shown_path, some_names
from ..files import sha256_of
from ..language import SOURCE
from ..language.languages import normal
from .guide import MANIFEST

#: What file managers leave in any folder: carried over into the new kit's folder.
DISPOSABLE = {".DS_Store", "Thumbs.db", "desktop.ini"}
#: Folders other commands write into the kit's folder, each whole with its own
#: manifest (`hi5pnp images`): kept, carried over into the new kit's folder.
#: So is the kit of each other language, in a folder named for its code
#: (``output/de/``, :func:`kit_folder`).
NESTED = {"images"}
_STAGE = ".{name}.hi5pnp-{role}-{pid}"
PARTIAL_MANIFEST = ".manifest.json.part"  # the manifest while it is written into a staged folder
_LARGEST = 64 << 20  # bytes: no file of a kit is larger


def kit_folder(out: Path, lang: str) -> Path:
    """Where the kit in ``lang`` goes when the kits go in ``out``: English
    in ``out`` itself, another language in ``out``'s folder named for its code (``output/de/``)."""
    return out if lang == SOURCE else out / lang


def _nested_names(out: Path) -> set[str]:
    """The names in ``out`` that may be another command's output, or another language's kit."""
    return NESTED | {p.name for p in out.iterdir() if normal(p.name) == p.name} if out.is_dir() else set(NESTED)


def write_kit(files: dict[str, bytes], out_dir: Path) -> None:
    """Write the kit ``files`` (name -> bytes) as the whole content of ``out_dir``."""
    _replace(out_dir, lambda stage: _write_folder(stage, files))


def write_streamed(out_dir: Path, make: Callable[[Callable[[str, bytes], None]], None]) -> None:
    """As :func:`write_kit`, the files given one at a time: ``make(put)``
    calls ``put(name, bytes)`` for each file as soon as it is made (the
    manifest last), and the file is on the disk before ``put`` returns, so
    that no more than one file need be held in memory."""
    _replace(out_dir, lambda stage: _write_streamed(stage, make))


def _replace(out_dir: Path, fill: Callable[[Path], None]) -> None:
    """``out_dir`` replaced whole by a folder that ``fill`` writes."""
    out = Path(os.path.abspath(out_dir))
    shown = printable(shown_path(out_dir))
    stage = out.parent / _STAGE.format(name=out.name, role="new", pid=os.getpid())
    staged = False
    try:
        _refuse_unsafe(out, shown)
        _recover(out)
        if out.is_dir():
            for name in _nested_names(out):  # what a killed `hi5pnp images`, or another language's build, left inside the kit's folder
                if (out / name).is_dir():
                    _recover(out / name)
        if out.exists():
            foreign = foreign_files(out)
            if foreign:
                listed = some_names(foreign)
                raise OutputError(
                    f"{shown}: holds what no build of hi5pnp made, or changed since: {listed}. "
                    "Build into an empty folder (--out), or move those away; nothing was written"
                )
        stage.mkdir()
        staged = True
        fill(stage)
        if out.exists():
            _carry(out, stage, DISPOSABLE | {n for n in _nested_names(out) if _nested_output(out / n)})
            _exchange(stage, out)  # stage now holds the old kit
            late = foreign_files(stage)  # saved into the folder while this build ran
            _carry(stage, out, late)
        else:
            os.rename(stage, out)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot write the kit here: {exc.strerror or exc}") from None
    finally:
        if staged:
            shutil.rmtree(stage, ignore_errors=True)  # the old kit, or a failed build's half


def _refuse_unsafe(out: Path, shown: str) -> None:
    """A link, a file, or a folder that holds the current folder is no place to
    exchange for a new one."""
    if out.is_symlink():
        raise OutputError(f"{shown}: is a link; give the folder it leads to")
    if out.exists() and not out.is_dir():
        raise OutputError(f"{shown}: is a file, not a folder; the kit needs a folder of its own")
    here = Path(os.path.abspath(os.getcwd()))
    if here == out or here.is_relative_to(out):
        raise OutputError(f"{shown}: holds the current folder; the kit replaces its folder whole, so give one below it (--out)")


def foreign_files(out: Path) -> list[str]:
    """What ``out`` holds that is not a kit hi5pnp wrote (sorted names):
    anything but its manifest, the files the manifest lists as they were
    written (a folder counts when every file in it is listed), what file
    managers leave, folders builds of old left, and the card images
    `hi5pnp images` wrote into it and the kits of other languages
    (:data:`NESTED`)."""
    names = {p.name for p in out.iterdir()} - DISPOSABLE
    names = {n for n in names if not (n.startswith(".hi5pnp-build-") and (out / n).is_dir())}
    names = {n for n in names if not (n in _nested_names(out) and _nested_output(out / n))}
    manifest = _read_manifest(out / MANIFEST)
    ours = set()
    if manifest is not None:
        ours.add(MANIFEST)
        listed = {str(name) for name, digest in manifest["files"].items() if _digest(out / str(name)) == digest}
        ours |= {n for n in names if n in listed or _listed_folder(out / n, n, listed)}
    return sorted(names - ours)


def _listed_folder(folder: Path, prefix: str, listed: set[str]) -> bool:
    """A real folder (no link) whose every file is listed, as written, under ``prefix/``."""
    if folder.is_symlink() or not folder.is_dir():
        return False
    entries = list(folder.iterdir())
    return bool(entries) and all(f"{prefix}/{e.name}" in listed or _listed_folder(e, f"{prefix}/{e.name}", listed) for e in entries)


def _nested_output(folder: Path) -> bool:
    """A folder another command of hi5pnp wrote whole (its own manifest, nothing foreign)."""
    return not folder.is_symlink() and folder.is_dir() and _read_manifest(folder / MANIFEST) is not None and not foreign_files(folder)


def _regular(path: Path) -> int | None:
    """The size of a regular file (not a link, a pipe, a device), or None."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _read_manifest(path: Path) -> dict[str, dict[str, str]] | None:
    """A manifest hi5pnp wrote (with its "files"), or None."""
    size = _regular(path)
    if size is None or size > _LARGEST:
        return None
    try:
        manifest = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if isinstance(manifest, dict) and manifest.get("generator") == "hi5pnp" and isinstance(manifest.get("files"), dict):
        return manifest
    return None


def _digest(path: Path) -> str | None:
    """The SHA-256 of a regular file no larger than a kit's files, or None."""
    size = _regular(path)
    if size is None or size > _LARGEST:
        return None
    return sha256_of(path)


def _write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Every file written and flushed to the disk before the folder is used;
    the manifest last of all: a staged folder with a manifest holds the whole kit."""
    for name, data in sorted(files.items(), key=lambda item: item[0] == MANIFEST):
        _put(folder, name, data)
    _fsync_folder(folder)


def _write_streamed(folder: Path, make: Callable[[Callable[[str, bytes], None]], None]) -> None:
    """Each file written and flushed as it comes (the manifest last)."""
    make(lambda name, data: _put(folder, name, data))
    _fsync_folder(folder)


def _put(folder: Path, name: str, data: bytes) -> None:
    """One file of a staged kit, flushed to the disk; the manifest whole or not at all."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)  # a name may hold a folder: tts/sheet.png
    part = path.with_name(PARTIAL_MANIFEST) if name == MANIFEST else path
    with open(part, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if part != path:
        os.rename(part, path)  # the manifest appears whole, or not at all


def _carry(source: Path, target: Path, names: set[str] | list[str]) -> None:
    """Copy what ``source`` holds of ``names`` into ``target``, never over
    anything: where ``target`` has the name already, as ``<name>.kept``."""
    for name in names:
        src, dst = source / name, target / name
        if not os.path.lexists(src):
            continue
        while os.path.lexists(dst):
            dst = dst.with_name(dst.name + ".kept")
        if src.is_dir() and not src.is_symlink():
            shutil.copytree(src, dst, symlinks=True)
        else:
            shutil.copy2(src, dst, follow_symlinks=False)


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
    import ctypes  # the C library's renameat2, which Python's os does not offer

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
    """Tidy up after builds that were killed: put an old kit one moved aside
    back in place if the kit's folder is missing, and remove the folders they
    staged, whatever those hold (a killed build may leave a new kit half
    written, or an old kit half removed, its manifest already gone). Only
    folders that hi5pnp's naming marks as its own (:data:`_STAGE`: beside the
    kit's folder, named after it, with a process number), of builds no longer
    running; never a link."""
    for role in ("old", "new"):
        prefix = _STAGE.format(name=out.name, role=role, pid="")
        for left in sorted(p for p in out.parent.iterdir() if p.name.startswith(prefix)):
            pid = left.name[len(prefix) :]
            if not (pid.isascii() and pid.isdigit()) or left.is_symlink() or not left.is_dir():
                continue  # not one of hi5pnp's
            if int(pid) != os.getpid() and _alive(int(pid)):
                continue  # another build at work
            if role == "old" and not os.path.lexists(out):
                os.rename(left, out)
            else:
                shutil.rmtree(left, ignore_errors=True)
