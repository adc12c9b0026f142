"""Checking many logs in one run: folders expanded, decks loaded once, and
big batches spread over the machine's processors.

A worker returns only the verdict's output (exit status, JSON object, text
lines), never the game state, so results are cheap to pass back.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .checker import DeckCache, check_file, verdict_lines

LOG_SUFFIXES = (".yaml", ".yml")
PARALLEL_FROM = 48  # below this many logs, starting workers costs more than it saves


@dataclass(frozen=True)
class Outcome:
    path: str
    exit_code: int
    json: dict
    lines: tuple[str, ...]


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


def check_one(path: str, decks: DeckCache) -> Outcome:
    v = check_file(Path(path), decks, path)
    return Outcome(path, v.exit_code, v.to_json(), tuple(verdict_lines(v)))


_worker_decks: DeckCache | None = None


def _init(deck: str | None) -> None:
    global _worker_decks
    _worker_decks = DeckCache(deck)


def _work(path: str) -> Outcome:
    return check_one(path, _worker_decks)


def check_all(files: Sequence[str], deck: str | None = None, jobs: int | None = None) -> Iterator[Outcome]:
    """Outcomes in the order of ``files``."""
    jobs = jobs if jobs is not None else min(os.cpu_count() or 1, 8)
    if jobs <= 1 or len(files) < PARALLEL_FROM:
        decks = DeckCache(deck)
        for f in files:
            yield check_one(f, decks)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ctx.Pool(jobs, initializer=_init, initargs=(deck,)) as pool:
        yield from pool.imap(_work, files, chunksize=max(1, len(files) // (jobs * 8)))
