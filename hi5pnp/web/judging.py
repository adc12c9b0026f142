"""The judge's page: the logs of the judge's folder (or one pasted), each
checked exactly as ``hi5pnp check`` checks it (the same verdict, the same
JSON), its records, its turns round by round with the position before any
of them (the picture of ``replay --until``), a turn tried in place of
another (``--try``), and the printable verdict."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import Fault, InputError, OptionError, printable
from ..files import write_atomically
from ..judge.batch import read_one, verdict_of
from ..judge.check import DeckCache, with_deck
from ..judge.tries import Try, parse_try
from ..judge.verdict import verdict_lines
from .desk import MAX_PASTE, Desk

Tries = list[Try]


def judged(desk: Desk, name: str, tries: Tries) -> dict[str, Any] | None:
    """What the page shows of the log ``name`` (None: no such log): the
    verdict in words and as ``check --json`` gives it, the turns to step
    through, and the tries made."""
    path = desk.log_path(name)
    if path is None:
        return None
    verdict = verdict_of(str(path), DeckCache(None), tries)
    obj = verdict.to_json()
    if tries:
        obj["tried"] = [t.to_json() for t in tries]
    return {
        "name": name,
        "shown": _shown(desk, name),
        "json": obj,
        "lines": verdict_lines(verdict, tries),
        "outcome": verdict.outcome,
        "turns": _turns(path),
        "tries": tries,
    }


def outcome(desk: Desk, name: str) -> str:
    """A log's verdict in a word: valid, invalid or unreadable."""
    path = desk.log_path(name)
    return verdict_of(str(path), DeckCache(None)).outcome if path is not None else "unreadable"


def _shown(desk: Desk, name: str) -> str:
    return "a pasted log" if name.startswith("pasted-") else name


def _turns(path: Path) -> list[dict[str, Any]]:
    """Each round's course and turns as written, with their lines (empty when the log cannot be read)."""
    try:
        log = read_one(str(path))
    except (InputError, OSError):
        return []
    rounds = []
    for number, rnd in enumerate(log.rounds, 1):
        turns = [{"line": line, "text": printable(text), "n": k} for k, (line, text) in enumerate(zip(rnd.turn_lines, rnd.turn_texts), 1)]
        rounds.append({"round": number, "course_line": rnd.course_line, "turns": turns})
    return rounds


def position_svg(desk: Desk, name: str, until: int | None, tries: Sequence[Try] = ()) -> bytes | None:
    """The picture of the position before line ``until`` (None: where the
    game, read with the tries, ends or stops at a fault), as ``replay --until --svg`` draws it."""
    from ..judge import drawing
    from ..judge.replay import replay_lines

    path = desk.log_path(name)
    if path is None:
        return None
    try:
        game, deck = with_deck(read_one(str(path), tries), DeckCache(None))
    except (InputError, OSError):
        return None
    picture = drawing.replay_drawing(replay_lines(game, deck, until), game.players, until)
    if picture is None:
        return None
    with desk.render_lock:
        return drawing.svg(picture)


def verdict_pdf(desk: Desk, name: str, tries: Tries) -> bytes | None:
    """The printable verdict, as ``check --pdf`` writes it."""
    from ..judge.sheet import verdict_pdf as sheet

    path = desk.log_path(name)
    if path is None:
        return None
    verdict = verdict_of(str(path), DeckCache(None), tries, digest=True)
    with desk.render_lock:
        return sheet(verdict, tries)


def paste(desk: Desk, text: bytes) -> str:
    """Keep a pasted log in the desk's own folder; its name there (the
    same text, the same name). Raises InputError when it is too long."""
    if len(text) > MAX_PASTE:
        raise InputError(Fault("the pasted log", 0, 0, f"{len(text):,} bytes; a log is at most {MAX_PASTE:,}"))
    name = f"pasted-{hashlib.sha256(text).hexdigest()[:16]}.yaml"
    desk.pasted.mkdir(parents=True, exist_ok=True)
    write_atomically(desk.pasted / name, text)
    _bring_deck(desk, text)
    return name


def _bring_deck(desk: Desk, text: bytes) -> None:
    """The deck a pasted log names by a folder (``deck: mini``), copied beside
    it from where the desk has one of that name: the judge's folder of logs,
    or the desk's own deck. A log's deck is read only from beside the log."""
    import re
    import shutil

    from ..data import bundled_deck
    from ..deck import load_deck
    from ..deck.load import deck_files
    from ..errors import DeckError

    found = re.search(rb"^deck:[ \t]*[\"']?([\w.-]+)[\"']?[ \t]*(#.*)?$", text, re.M)
    named = found.group(1).decode() if found else ""
    if not named or named in (".", "..") or bundled_deck(named) is not None:
        return
    for source in ([desk.logs / named] if desk.logs else []) + ([desk.deck_path] if desk.deck_path.name == named else []):
        try:
            deck = load_deck(source, inside=source.resolve())
        except DeckError:
            continue
        target = desk.pasted / named
        shutil.rmtree(target, ignore_errors=True)  # the desk's own copy, made again from the deck as it is now
        for file in deck_files(deck):
            (target / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / file, target / file)
        return


def parse_tries(lines: list[str], texts: list[str]) -> tuple[Tries, str]:
    """The tries of a form, as ``check --try`` takes them (a line, ``41+``
    to insert after it, and the text; ``-`` deletes the line), blank ones
    left out; and what is wrong with them, if anything."""
    tries: Tries = []
    for line, text in zip(lines, texts):
        if not line.strip() and not text.strip():
            continue
        try:
            tries.append(parse_try(line.strip(), text.strip()))
        except OptionError as exc:
            return [], printable(str(exc))
    return tries, ""


def standings(desk: Desk) -> dict[str, Any] | None:
    """The standings of the judge's folder, as ``hi5pnp standings`` makes them (None without a folder of logs)."""
    from ..judge.event import read_aliases, read_event
    from ..judge.eventfile import find_event_file, read_event_file

    names = desk.log_files()
    if desk.logs is None or not names:
        return None
    aliases = read_aliases(str(desk.alias)) if desk.alias else None
    found = find_event_file(desk.logs)
    ev = read_event([str(desk.logs / n) for n in names], names, None, aliases, read_event_file(found) if found else None)
    ranked, left = ev.table()
    return {"standings": [s.to_json(ev.file.tiebreaks) for s in ranked], "left_out": [x.to_json() for x in left]}
