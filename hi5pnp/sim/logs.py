"""The folder ``simulate --save-logs`` writes: the game logs, and a copy of
the deck when the logs could not name it otherwise.

The folder must be new, empty, or one that ``--save-logs`` wrote before:
such a folder holds the small file :data:`MARKER`, a record of every file a
run wrote there, one line each, ``SHA-256  NAME`` (as ``sha256sum`` writes
them). Each line is added *before* its file is put in place (:func:`save`),
so a run stopped at any moment (Ctrl-C, ``kill``, even ``kill -9``) leaves only
files the marker records, as they were written. Anything else is refused
before a game is played, so that no file of the user's is ever replaced.

A run into a marked folder first removes the files the run before wrote
(its game logs, and ``deck/``): only when every ``game-*.yaml`` and every
file under ``deck/`` is recorded with its SHA-256; a log edited or added
since, or a file put into ``deck/``, is the user's, and the folder is
refused with nothing removed. Other files are never touched. The deck's
copy holds only the files a deck reads (its YAML files and the art its
faces name), read as regular files, never through a link, and is loaded
again to be sure it is the deck the games were played with.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
from pathlib import Path

from ..data import DEFAULT_DECK, bundled_deck
from ..deck import Deck, load_deck
from ..deck.load import DATA_FILES, deck_files
from ..deck.pictures.art import MAX_ART_BYTES
from ..deck.yamlsource import MAX_BYTES, YamlReadError, read_bytes
from ..errors import DeckError, OutputError, printable, shown_path, some_names
from ..files import sha256_of, write_output

MARKER = ".hi5pnp-saved-logs"
MARKER_TEXT = (
    b"# hi5pnp simulate --save-logs wrote this folder; each line below records a file it wrote, by its SHA-256.\n"
    b"# A later run into it removes those files if unchanged, and refuses the folder if any other game log or deck/ file is here.\n"
)
EARLIER = "<an earlier hi5pnp's marker>"  # in what _written returns: no file is named so
RECORD = re.compile(r"(?P<sha>[0-9a-f]{64})  (?P<name>(?:deck/)?[^/\s][^\n]*)")
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


def prepare(folder: Path, deck: Deck | None = None) -> None:
    """Make ``folder`` ready for a run's logs, or raise :class:`OutputError`
    saying why it may not take them: it must be new, empty, or marked as a
    folder of saved logs whose game logs and deck copy are all as a run
    wrote them (then they are removed). Under an earlier hi5pnp's marker,
    which recorded no ``deck/``, a copy is removed only when each of its
    files is the same as ``deck``'s (the copy this run makes again)."""
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
            earlier = bool(written.get(EARLIER))  # an earlier hi5pnp's marker recorded no deck/
            copied = _copied(folder) if COPY in names else []
            if copied and earlier:
                _same_copy(folder, copied, deck)
                copied = []
            for name in logs + copied:  # every one checked before any is removed
                path = folder / name
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    raise OutputError(f"{_shown(path)}: is not a regular file (a link, a folder); no game was played")
                if sha256_of(path) not in written.get(name, ()):
                    raise OutputError(
                        f"{_shown(path)}: is not as --save-logs wrote it (changed or added since, by you or another program); "
                        "move it away, or give another folder; no game was played"
                    )
            for name in logs:
                os.unlink(folder / name)  # the run before's, hi5pnp's own
            if COPY in names:
                shutil.rmtree(folder / COPY)  # only its recorded files, checked above
    except NotADirectoryError:
        raise OutputError(f"{shown}: cannot save the logs here: a part of the path is a file, not a folder") from None
    except OSError as exc:
        raise OutputError(f"{shown}: cannot save the logs here: {exc.strerror or exc}") from None
    write_output(folder / MARKER, MARKER_TEXT)


def _same_copy(folder: Path, copied: list[str], deck: Deck | None) -> None:
    """Each file of ``folder/deck`` is the same as the file of that name in
    ``deck``'s folder (so the copy made again loses nothing), or an
    :class:`OutputError` saying which is not and that it is kept."""
    for name in copied:
        path = folder / name
        own = deck.path / Path(name).relative_to(COPY) if deck is not None else None
        try:
            same = (
                own is not None
                and stat.S_ISREG(os.lstat(path).st_mode)
                and path.read_bytes() == read_bytes(own, str(own), deck.path.resolve() if deck else None)
            )
        except (OSError, YamlReadError):
            same = False
        if not same:
            raise OutputError(
                f"{_shown(path)}: an earlier hi5pnp's marker does not record this file, and it is not the deck's own; it is kept: "
                "move it away, or give another folder; no game was played"
            )


def _copied(folder: Path) -> list[str]:
    """Every entry under ``folder/deck`` (its path from ``folder``), folders
    excepted: each must be a file --save-logs wrote (links and other things
    included, to be refused)."""
    found = []
    for top, dirs, files in os.walk(folder / COPY):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            found.append(Path(top, name).relative_to(folder).as_posix())
    return sorted(found)


def _written(folder: Path) -> dict[str, set[str]]:
    """The files runs recorded in ``folder``'s marker: name -> the SHA-256s
    recorded for it. A line that is not ``SHA-256  NAME`` records nothing
    (so a file of that name is refused, never removed). A marker written by
    hi5pnp before records were kept line by line is JSON; its list counts."""
    written: dict[str, set[str]] = {}
    try:
        with open(folder / MARKER, "rb") as f:
            if f.read(1) == b"{":
                f.seek(0)
                return _written_before(f.read(64 << 20))
            f.seek(0)
            for line in f:  # read a line at a time: a run of many games records many
                if found := RECORD.fullmatch(line.rstrip(b"\n").decode("utf-8", "replace")):
                    written.setdefault(found["name"], set()).add(found["sha"])
    except OSError:
        return {}
    return written


def _written_before(text: bytes) -> dict[str, set[str]]:
    """The logs a marker of an earlier hi5pnp lists (written when a run ended;
    it kept no record of ``deck/``, whose files it took as its own)."""
    try:
        listed = json.loads(text).get("logs")
    except (ValueError, AttributeError):
        return {}
    if not isinstance(listed, dict):
        return {}
    return {EARLIER: {"sealed"}, **{str(k): {str(v)} for k, v in listed.items()}}


def save(folder: Path, name: str, data: bytes) -> None:
    """Write the file ``name`` (a game log, or ``deck/...``) into the
    prepared ``folder``: first its record in the marker, then the file,
    whole. Runs write their logs at once from several processes: each record
    is one short append, which the system keeps whole."""
    line = f"{hashlib.sha256(data).hexdigest()}  {name}\n".encode()
    try:
        fd = os.open(folder / MARKER, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise OutputError(f"{_shown(folder / MARKER)}: cannot record the log (the folder was not prepared, or was changed): {exc.strerror or exc}") from None
    try:
        os.write(fd, line)
    finally:
        os.close(fd)
    write_output(folder / name, data)


def seal(folder: Path) -> None:
    """After a run: the marker's records in order (the same run writes the
    same marker, whatever order its processes wrote in)."""
    written = _written(folder)
    lines = [f"{sha}  {name}\n" for name in sorted(written) if name != EARLIER for sha in sorted(written[name])]
    write_output(folder / MARKER, MARKER_TEXT + "".join(lines).encode())


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
    copy_deck(deck, logs)
    return COPY


def copy_deck(deck: Deck, logs: Path) -> None:
    """Copy the files ``deck`` reads into ``deck/`` in the prepared folder
    ``logs``, each read as a regular file inside the deck's folder, never
    through a link, and recorded as :func:`save` does; then check that the
    copy is the same deck."""
    target = logs / COPY
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
            shutil.rmtree(target)  # a copy this run made before (prepare removed a run before's)
        for name in files:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {exc.strerror or exc}") from None
    for name, data in files.items():
        save(logs, f"{COPY}/{name}", data)
    try:
        copy = load_deck(target, need_score_sheet=deck.score_sheet is not None, inside=target.resolve())
    except DeckError:
        copy = None
    if copy is None or copy.fingerprint != deck.fingerprint:
        raise OutputError(f"{shown}: the copy of the deck differs from the deck played (changed while it was copied?); no game was played")
