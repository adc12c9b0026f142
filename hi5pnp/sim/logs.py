"""The folder ``simulate --save-logs`` writes: the game logs, and a copy of
the deck when the logs could not name it otherwise.

The folder must be new, empty, or one that ``--save-logs`` wrote before: such
a folder holds the small file :data:`MARKER`, which lists the SHA-256 of each
log the run wrote. Anything else is refused before a game is played, so that
no file of the user's is ever replaced. In a folder of its own, a run first
removes the game logs of the run before (they would not match the deck
copied now), and replaces ``deck/`` whole; a log edited or added since that
run is the user's, and the folder is refused. The deck's copy
holds only the files a deck reads (its YAML files and the art its faces
name), read as regular files, never through a link, and is loaded again to
be sure it is the deck the games were played with.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
from pathlib import Path

from ..data import DEFAULT_DECK, bundled_deck
from ..deck import Deck, load_deck
from ..deck.art import MAX_ART_BYTES
from ..deck.load import DATA_FILES, deck_files
from ..deck.yamlsource import MAX_BYTES, YamlReadError, read_bytes
from ..errors import DeckError, OutputError, printable, shown_path, some_names
from ..files import sha256_of, write_output

MARKER = ".hi5pnp-saved-logs"
MARKER_TEXT = b"hi5pnp simulate --save-logs wrote this folder; a later run into it replaces its game logs and deck/.\n"
LOG_NAME = re.compile(r"game-\d{6,}\.yaml")
COPY = "deck"  # the deck's copy, beside the logs


def log_name(index: int) -> str:
    """The file name of game ``index`` (counted from 0)."""
    return f"game-{index + 1:06d}.yaml"


def _shown(path: Path) -> str:
    return printable(shown_path(path))


def _marked(folder: Path) -> bool:
    """A folder ``--save-logs`` wrote: its marker is a regular file, no link."""
    try:
        return stat.S_ISREG(os.lstat(folder / MARKER).st_mode)
    except OSError:
        return False


def prepare(folder: Path) -> None:
    """Make ``folder`` ready for a run's logs, or raise :class:`OutputError`
    saying why it may not take them: it must be new, empty, or marked as a
    folder of saved logs (then its old game logs are removed)."""
    shown = _shown(folder)
    try:
        st: os.stat_result | None = os.lstat(folder)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise OutputError(f"{shown}: cannot save the logs here: a part of the path is a file, not a folder") from None
    except OSError as exc:
        raise OutputError(f"{shown}: cannot save the logs here: {exc.strerror or exc}") from None
    try:
        if st is None:
            folder.mkdir(parents=True)
        elif stat.S_ISLNK(st.st_mode):
            raise OutputError(f"{shown}: is a link; give the folder it leads to")
        elif not stat.S_ISDIR(st.st_mode):
            raise OutputError(f"{shown}: is a file, not a folder; the logs need a folder")
        else:
            names = sorted(os.listdir(folder))
            if names and not _marked(folder):
                listed = some_names(names)
                raise OutputError(
                    f"{shown}: holds files that --save-logs did not write ({listed}); give a new or empty folder, "
                    "or one that --save-logs wrote before; no game was played"
                )
            if COPY in names and not stat.S_ISDIR(os.lstat(folder / COPY).st_mode):
                raise OutputError(f"{_shown(folder / COPY)}: is a link or a file, not a folder of hi5pnp's own; no game was played")
            logs = list(filter(LOG_NAME.fullmatch, names))
            written = _written(folder)
            for name in logs:  # every one checked before any is removed
                if not stat.S_ISREG(os.lstat(folder / name).st_mode):
                    raise OutputError(f"{_shown(folder / name)}: is not a regular file (a link, a folder); no game was played")
                if written is not None and written.get(name) != sha256_of(folder / name):
                    raise OutputError(
                        f"{_shown(folder / name)}: was changed or added since --save-logs wrote this folder; "
                        "move it away, or give another folder; no game was played"
                    )
            for name in logs:
                os.unlink(folder / name)  # the run before's, hi5pnp's own
    except NotADirectoryError:
        raise OutputError(f"{shown}: cannot save the logs here: a part of the path is a file, not a folder") from None
    except OSError as exc:
        raise OutputError(f"{shown}: cannot save the logs here: {exc.strerror or exc}") from None
    write_output(folder / MARKER, MARKER_TEXT)


def _written(folder: Path) -> dict[str, str] | None:
    """The logs a finished run wrote into ``folder`` (name -> SHA-256), as its
    marker lists them; None for a marker that lists none (a run stopped
    before its end), whose logs are taken as hi5pnp's."""
    try:
        with open(folder / MARKER, "rb") as f:
            listed = json.loads(f.read(64 << 20)).get("logs")
    except (OSError, ValueError, AttributeError):
        return None
    return {str(k): str(v) for k, v in listed.items()} if isinstance(listed, dict) else None


def seal(folder: Path) -> None:
    """After a run: the marker lists every log now in ``folder``, with its
    SHA-256, so that a later run can tell them from a user's."""
    logs = {name: sha256_of(folder / name) for name in sorted(os.listdir(folder)) if LOG_NAME.fullmatch(name)}
    write_output(folder / MARKER, json.dumps({"generator": "hi5pnp", "what": MARKER_TEXT.decode().strip(), "logs": logs}, indent=1).encode())


def deck_name(given: str | None, deck: Deck, logs: Path | None) -> str:
    """How saved logs name the deck, as the log format allows: a bundled deck
    by name; a folder inside the logs' folder by its path from there; any
    other folder is copied into the logs' folder as ``deck/`` (:func:`copy_deck`),
    so that ``hi5pnp check DIR`` finds every log valid (a log may not reach
    outside its folder). ``logs`` must have been :func:`prepare`-d."""
    if given is None:
        return DEFAULT_DECK
    if bundled_deck(given) is not None:
        return given
    if logs is None:
        return str(deck.path)
    here, there = deck.path.resolve(), logs.resolve()
    if here.is_relative_to(there):  # the rule the checker applies (judge.log.deck_location)
        return here.relative_to(there).as_posix()
    copy_deck(deck, logs / COPY)
    return COPY


def copy_deck(deck: Deck, target: Path) -> None:
    """Copy the files ``deck`` reads into the folder ``target`` (replaced
    whole: it is hi5pnp's), each read as a regular file inside the deck's
    folder, never through a link; then check that the copy is the same deck."""
    shown = _shown(target)
    source, inside = deck.path, deck.path.resolve()
    files: dict[str, bytes] = {}
    for name in deck_files(deck):
        limit = MAX_BYTES if name in DATA_FILES else MAX_ART_BYTES
        try:
            data = read_bytes(source / name, shown_path(source / name), inside=inside, limit=limit)
        except YamlReadError as exc:
            raise OutputError(f"{shown}: the deck cannot be copied here: {exc.fault}") from None
        if len(data) > limit:
            raise OutputError(f"{shown}: the deck cannot be copied here: {_shown(source / name)} is over {limit:,} bytes")
        files[name] = data
    try:
        st: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {exc.strerror or exc}") from None
    if st is not None and (stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode)):
        raise OutputError(f"{shown}: is a link or a file, not a folder of its own; the deck's copy is refused; no game was played")
    try:
        if st is not None:
            shutil.rmtree(target)  # the copy of a run before (the folder is marked)
        for name in files:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {exc.strerror or exc}") from None
    for name, data in files.items():
        write_output(target / name, data)
    try:
        copy = load_deck(target, need_score_sheet=deck.score_sheet is not None, inside=target.resolve())
    except DeckError:
        copy = None
    if copy is None or copy.fingerprint != deck.fingerprint:
        raise OutputError(f"{shown}: the copy of the deck differs from the deck played (changed while it was copied?); no game was played")
