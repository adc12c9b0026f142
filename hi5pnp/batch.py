"""Checking many logs in one run: folders expanded, decks loaded once, and
big batches spread over the machine's processors.

A worker returns only the verdict's output (exit status, JSON object, text
lines), never the game state, so results are cheap to pass back.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Sequence
from typing import NamedTuple
from pathlib import Path

from .checker import DeckCache, check_file, verdict_lines

LOG_SUFFIXES = (".yaml", ".yml")
PARALLEL_FROM = 48  # below this many logs, starting workers costs more than it saves


class Outcome(NamedTuple):
    path: str
    exit_code: int
    text: str  # what to print: the verdict in words, or its JSON object on one line


def expand(paths: Sequence[str]) -> list[str]:
    """The log files named: a folder stands for its *.yaml and *.yml files, sorted by name."""
    files: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files += sorted(str(f) for f in path.iterdir() if f.suffix in LOG_SUFFIXES and f.is_file())
        else:
            files.append(p)
    return files


def check_one(path: str, decks: DeckCache, as_json: bool = False, several: bool = False) -> Outcome:
    """Check one log and render its verdict. With several logs, each JSON object names its log."""
    v = check_file(Path(path), decks, path)
    if as_json:
        import json

        obj = {"log": path, **v.to_json()} if several else v.to_json()
        return Outcome(path, v.exit_code, json.dumps(obj))
    return Outcome(path, v.exit_code, "\n".join(verdict_lines(v)))


_worker: tuple[DeckCache, bool, bool] | None = None


def _init(deck: str | None, as_json: bool, several: bool) -> None:
    global _worker
    _worker = (DeckCache(deck), as_json, several)
    gc.disable()  # see check_all


def _work(path: str) -> Outcome:
    return check_one(path, *_worker)


def check_all(
    files: Sequence[str], deck: str | None = None, jobs: int | None = None, as_json: bool = False
) -> Iterator[Outcome]:
    """Outcomes in the order of ``files``."""
    several = len(files) > 1
    jobs = jobs if jobs is not None else min(os.cpu_count() or 1, 8)
    if jobs <= 1 or len(files) < PARALLEL_FROM:
        # A check makes no reference cycles worth collecting; the cyclic
        # collector would only cost time (a fifth of a big batch).
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            decks = DeckCache(deck)
            for f in files:
                yield check_one(f, decks, as_json, several)
        finally:
            if was_enabled:
                gc.enable()
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ctx.Pool(jobs, initializer=_init, initargs=(deck, as_json, several)) as pool:
        yield from pool.imap(_work, files, chunksize=max(1, len(files) // (jobs * 8)))
