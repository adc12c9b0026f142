"""Checking many logs in one run: folders expanded, decks loaded once, and a
big batch spread over the machine's processors with
:class:`concurrent.futures.ProcessPoolExecutor`.

A worker returns only the verdict's output (exit status and text), never the
game state, so results are cheap to pass back.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ..deck import yamlsource
from ..deck.yamlsource import MAX_BYTES
from ..errors import Fault, InputError, LogError
from ..language import SOURCE, Catalogue, catalogue, speaking
from ..machine import end_with_parent, worker_count
from .check import DeckCache, Verdict, judged, unreadable
from .header import UnreadLog
from .log import GameLog, read_log, read_log_bytes
from .ruling import ANOTHER_VERSION, Ruling, find_ruling, is_ruling, read_ruling
from .tries import Try, read_log_tried
from .verdict import verdict_lines

LOG_SUFFIXES = (".yaml", ".yml")
EVENT_FILES = ("event.yaml", "event.yml")  # an event's own file (revision 5), never a log
EVENT_VERSION = re.compile(r"event\.v[0-9]{1,6}\.ya?ml")  # an earlier version of it, kept when the desk wrote a new one
STDIN = "-"  # a log read from standard input
STDIN_SHOWN = "<stdin>"
PARALLEL_FROM = 48  # below this many logs, starting workers costs more than it saves
PIECES_PER_JOB = 4  # a piece of a batch: this share of the logs left for each process
SMALLEST_PIECE = 4  # logs


class Outcome(NamedTuple):
    path: str
    outcome: str  # valid | invalid | unreadable
    text: str  # what to print: the verdict in words, or its JSON object on one line


def expand(paths: Sequence[str]) -> list[str]:
    """The log files named: a folder stands for its *.yaml and *.yml files, sorted by name."""
    files: list[str] = []
    for p in paths:
        try:
            if p != STDIN and Path(p).is_dir():
                files += sorted(_logs_in(p))
                continue
        except OSError:
            pass  # a name too long, a folder that cannot be listed: reading it says why
        files.append(p)
    return files


def _logs_in(folder: str) -> Iterator[str]:
    """The logs of a folder, each as ``str(Path(folder) / name)``: not only
    regular files (a pipe or a broken link named *.yaml is reported, not
    skipped). Listed with :func:`os.scandir`, which knows a folder without
    asking the file system again for each name (a judge's folder of a
    thousand logs: listed in 2.3 ms rather than 8)."""
    base = str(Path(folder))
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if os.path.splitext(name)[1] not in LOG_SUFFIXES or _is_folder(entry) or _not_a_log_name(name):
                continue
            yield name if base == "." else os.path.join(base, name)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False  # as Path.is_dir says of what it cannot look at


def not_a_log(path: Path) -> bool:
    """The files of an event's folder that are no logs: ``event.yaml`` (and its
    kept versions, ``event.v2.yaml``) and the rulings beside logs."""
    return _not_a_log_name(path.name)


def _not_a_log_name(name: str) -> bool:
    return name.lower() in EVENT_FILES or EVENT_VERSION.fullmatch(name.lower()) is not None or is_ruling(name)


def read_stdin() -> bytes:
    """A log from standard input: at most one byte more than a log may have."""
    if sys.stdin is None:
        raise LogError(Fault(STDIN_SHOWN, 0, 0, "standard input is closed"))
    return sys.stdin.buffer.read(MAX_BYTES + 1)


def read_one(path: str, tries: Sequence[Try] = (), data: bytes | None = None) -> GameLog:
    """One log as read (``-``: standard input, its deck looked for in the
    current folder), with any turns tried in place of others (``check --try``)."""
    shown = STDIN_SHOWN if path == STDIN else path
    if path == STDIN and data is None:
        data = read_stdin()
    where = Path.cwd() / STDIN if path == STDIN else Path(path)
    if tries:
        return read_log_tried(where, shown, tries, data)
    return read_log(where, shown) if data is None else read_log_bytes(data, shown, where.parent)


def verdict_of(path: str, decks: DeckCache, tries: Sequence[Try] = (), digest: bool = False, rulings: bool = True) -> Verdict:
    """The verdict on one log; faults of any kind become the verdict. With
    ``digest``, it carries the SHA-256 of the log's bytes as checked. A
    judge's ruling beside the log (``NAME.ruling.yaml``) is applied unless
    corrections are tried in its place or ``rulings`` is false; one for
    another version of the log is set aside, and the verdict says so."""
    shown = STDIN_SHOWN if path == STDIN else path
    sha256 = ""
    ruling: Ruling | None = None
    set_aside = ""
    try:
        data = read_stdin() if path == STDIN else None
        found = find_ruling(path) if path != STDIN and rulings and not tries else None
        if digest or found is not None:  # the bytes hashed are the bytes checked: read once, as any log is
            import hashlib

            if data is None:
                try:
                    data = yamlsource.read_bytes(Path(path), shown)
                except yamlsource.YamlReadError as exc:
                    raise UnreadLog(exc.fault) from None
            sha256 = hashlib.sha256(data).hexdigest()
        if found is not None:
            ruling = read_ruling(found, str(found))
            if ruling.log_sha256 != sha256:
                ruling, set_aside = None, ANOTHER_VERSION
            else:
                tries = ruling.corrections
        log = read_one(path, tries, data)
        if (
            ruling is not None and ruling.adjudicated is not None and ruling.adjudicated.winner
        ):  # a result ruled; void, counts and a double loss are the event's
            log = replace(log, adjudicated=ruling.adjudicated)
        verdict = judged(log, decks)
    except InputError as exc:
        verdict = unreadable(shown, exc, decks)
    except OSError as exc:
        verdict = unreadable(shown, InputError(Fault(shown, 0, 0, f"cannot be read: {exc}")))
    except Exception as exc:  # a bug of hi5pnp's must not cost the batch its other verdicts
        verdict = unreadable(shown, InputError(Fault(shown, 0, 0, f"hi5pnp failed on this log ({type(exc).__name__}: {exc}); please report it")))
    verdict.sha256 = sha256 if digest or ruling is not None else ""
    verdict.ruling, verdict.ruling_set_aside = ruling, set_aside
    return verdict


def check_one(path: str, decks: DeckCache, as_json: bool = False, lang: str | Catalogue = SOURCE) -> Outcome:
    """Check one log (``-``: standard input) and render its verdict: in
    words in ``lang`` (a code, or its catalogue already read), or as JSON,
    the same in every language."""
    if as_json:
        import json

        v = verdict_of(path, decks)
        return Outcome(path, v.outcome, json.dumps(v.to_json()))
    with speaking(lang):
        v = verdict_of(path, decks)
        return Outcome(path, v.outcome, "\n".join(verdict_lines(v)))


_decks: DeckCache | None = None  # a worker's own, loaded once
_said: Catalogue | None = None  # and its language's catalogue


def _start_worker(deck: str | None, lang: str) -> None:
    global _decks, _said
    _decks, _said = DeckCache(deck), catalogue(lang)
    end_with_parent()


def _check_in_worker(paths: Sequence[str], as_json: bool) -> list[Outcome]:
    assert _decks is not None and _said is not None
    return [check_one(path, _decks, as_json, _said) for path in paths]


def check_all(files: Sequence[str], deck: str | None = None, jobs: int | None = None, as_json: bool = False, lang: str = SOURCE) -> Iterator[Outcome]:
    """Outcomes in the order of ``files``; ``jobs`` processes for a big batch
    (default: the processors this process may use; at most
    :func:`~hi5pnp.machine.worker_count`), this one among them."""
    jobs = worker_count(jobs, len(files))
    decks, said = DeckCache(deck), catalogue(lang)
    if jobs <= 1 or len(files) < PARALLEL_FROM or STDIN in files:
        for f in files:
            yield check_one(f, decks, as_json, said)
        return
    yield from _shared(files, decks, said, as_json, jobs, (deck, lang))


def _shared(files: Sequence[str], decks: DeckCache, said: Catalogue, as_json: bool, jobs: int, start: tuple[str | None, str]) -> Iterator[Outcome]:
    """A big batch shared by this process and ``jobs - 1`` workers
    (:class:`~concurrent.futures.ProcessPoolExecutor`): the logs go in
    pieces, this process checking from the front, the workers given pieces
    from the back, two ahead each, until the two meet. Each piece is a
    share of the logs left (:func:`_piece`), so the pieces shrink as the two
    near each other, and neither waits long for the other's last. This
    process works rather than only waits, and its outcomes need no passing
    back (docs/game-log.md, "How fast")."""
    # imported here: a small check need not load them (a tenth of its time)
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor

    # fork where the platform has it: workers start with the modules loaded
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    front, back = 0, len(files)
    handed: dict[int, Future[list[Outcome]]] = {}  # by the index of its first log
    with ProcessPoolExecutor(jobs - 1, mp_context=context, initializer=_start_worker, initargs=start) as pool:
        while front < back:
            while front < back and sum(not f.done() for f in handed.values()) < 2 * (jobs - 1):
                n = min(_piece(back - front, jobs), back - front)
                back -= n
                handed[back] = pool.submit(_check_in_worker, files[back : back + n], as_json)
            n = min(_piece(back - front, jobs), back - front)
            for f in files[front : front + n]:
                yield check_one(f, decks, as_json, said)
            front += n
        for k in sorted(handed):
            yield from handed[k].result()


def _piece(left: int, jobs: int) -> int:
    """How many logs go in the next piece when ``left`` are left: a share
    (as OpenMP's guided schedule takes), never fewer than a few, which
    would cost more in hand-overs than they save in waiting."""
    return max(SMALLEST_PIECE, left // (PIECES_PER_JOB * jobs))
