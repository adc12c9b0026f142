"""The judge's page: the logs of the judge's folder and those pasted, each
checked exactly as ``hi5pnp check`` checks it (the same verdict, the same
JSON), its records, its turns round by round, a page at a time, with the
position before any of them (the picture of ``replay --until``), turns
tried in place of others (``--try``, as many as the judge likes), and the
printable verdict.

A verdict is kept by the log's SHA-256 (and its folder, where its deck
is), with the size and time of every deck file it read: the judge's page
checks again only a log or a deck that changed."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import Fault, InputError, OptionError, printable
from ..files import write_atomically
from ..judge.batch import read_one, verdict_of
from ..judge.check import DeckCache, Verdict, with_deck
from ..judge.log import GameLog
from ..judge.tries import Try, parse_try
from ..judge.verdict import verdict_lines
from ..language import SOURCE, _, speaking, spoken
from .desk import MAX_PASTE, Desk

Tries = list[Try]
TURNS_SHOWN = 200  # turns on one page of a log's turn list: a 40,000-turn log is 200 pages, each light
MOST_KEPT = 4096  # verdicts kept in memory
LINE = re.compile(r"[0-9]{1,7}")  # a line number as a judge types it (ASCII digits only: '²' is no line)


class Kept(NamedTuple):
    verdict: Verdict
    decks: tuple[tuple[str, int, int], ...]  # each deck file it read: path, size, time


def _stats(files: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    found = []
    for f in files:
        try:
            st = os.stat(f)
            found.append((str(f), st.st_size, st.st_mtime_ns))
        except OSError:
            found.append((str(f), -1, 0))
    return tuple(found)


def _key(desk: Desk, path: Path) -> str:
    """A log's key among the verdicts kept: its folder (where its deck is)
    and the SHA-256 of its bytes ("" when it cannot be read). The digest is
    remembered while the file's size and time are unchanged."""
    try:
        st = path.stat()
    except OSError:
        return ""
    if st.st_size > MAX_PASTE or st.st_size == 0:
        return ""
    seen = (st.st_ino, st.st_size, st.st_mtime_ns)
    with desk.lock:
        kept = desk.verdicts.get(f"sha256\0{path}")
    if kept is None or kept[0] != seen:
        try:
            kept = (seen, hashlib.sha256(path.read_bytes()).hexdigest())
        except OSError:
            return ""
        with desk.lock:
            desk.verdicts[f"sha256\0{path}"] = kept
    return f"{path.parent.resolve()}\0{kept[1]}"


def _beside(log: Path) -> list[Path]:
    """The files beside a log, named after it, that its verdict may rest on
    besides its deck: a judge's ruling (``NAME.ruling.yaml``)."""
    return [log.with_name(log.stem + suffix) for suffix in (".ruling.yaml", ".ruling.yml")]


def _fresh(desk: Desk, key: str) -> Kept | None:
    """The verdict kept for ``key``, while the deck files it read are as they were."""
    with desk.lock:
        kept = desk.verdicts.get(key) if key else None
    return kept if isinstance(kept, Kept) and kept.decks == _stats([Path(p) for p, _, _ in kept.decks]) else None


def checked(desk: Desk, path: Path, tries: Sequence[Try] = ()) -> Verdict:
    """The verdict on the log at ``path`` as ``check`` gives it; without
    tries, kept by the log's hash until it or its deck's files change."""
    if tries:
        return verdict_of(str(path), DeckCache(None), tries)
    key = _key(desk, path)
    key = f"{key}\0{spoken().lang}" if key else key  # a verdict's words are in the language it was made in
    kept = _fresh(desk, key)
    if kept is not None:
        return kept.verdict
    decks = DeckCache(None)
    verdict = verdict_of(str(path), decks)
    if key:
        with desk.lock:
            if len(desk.verdicts) >= MOST_KEPT:
                desk.verdicts.clear()
            desk.verdicts[key] = Kept(verdict, _stats([*decks.files(), *_beside(path)]))
    return verdict


def judged(desk: Desk, name: str, tries: Tries, until: int | None = None, page: int | None = None) -> dict[str, Any] | None:
    """What the page shows of the log ``name`` (None: no such log): the
    verdict in words and as ``check --json`` gives it, one page of its turns
    (the page asked for, else the one holding line ``until``, else the one
    holding the fault), and the tries made."""
    path = desk.log_path(name)
    if path is None:
        return None
    verdict = checked(desk, path, tries)
    if spoken().lang == SOURCE:
        obj = verdict.to_json()
    else:
        with speaking(SOURCE):  # the JSON is the same in every language: made from the verdict in English
            obj = checked(desk, path, tries).to_json()
    if tries:
        obj["tried"] = [t.to_json() for t in tries]
    stop = verdict.problem.line if verdict.problem else None
    turns = _turns(verdict.log)
    pages = max(1, -(-len(turns) // TURNS_SHOWN))
    if page is None:
        near = until or stop
        page = next((k // TURNS_SHOWN + 1 for k, t in enumerate(turns) if near and t["line"] >= near), pages if near else 1)
    page = min(max(page, 1), pages)
    shown = turns[(page - 1) * TURNS_SHOWN : page * TURNS_SHOWN]
    return {
        "name": name,
        "shown": _shown(name),
        "json": obj,
        "lines": verdict_lines(verdict, tries),
        "outcome": verdict.outcome,
        "stop": stop,
        "turns": shown,
        "turn_count": len(turns),
        "page": page,
        "pages": pages,
        "tries": tries,
    }


def _turns(log: GameLog | None) -> list[dict[str, Any]]:
    """Each turn as written, with its round and line (none when the log cannot be read)."""
    if log is None:
        return []
    return [
        {"round": number, "n": k, "line": line, "text": printable(text)}
        for number, rnd in enumerate(log.rounds, 1)
        for k, (line, text) in enumerate(zip(rnd.turn_lines, rnd.turn_texts), 1)
    ]


def outcome(desk: Desk, name: str) -> str:
    """A log's verdict in a word: valid, invalid or unreadable."""
    path = desk.log_path(name)
    return checked(desk, path).outcome if path is not None else "unreadable"


def listed(desk: Desk) -> dict[str, list[dict[str, Any]]]:
    """The judge's folder's logs and the pasted ones, each with its verdict in a word."""
    return {
        "folder": [{"name": n, "shown": n, "outcome": outcome(desk, n)} for n in desk.log_files()],
        "pasted": [{"name": n, "shown": _shown(n), "outcome": outcome(desk, n)} for n in desk.pasted_files()],
    }


def _shown(name: str) -> str:
    return _("pasted log %(id)s") % {"id": name[7:15]} if name.startswith("pasted-") else name


def position_svg(desk: Desk, name: str, until: int | None, tries: Sequence[Try] = ()) -> bytes | None:
    """The picture of the position before line ``until`` (None: where the
    game, read with the tries, ends or stops at a fault), as ``replay --until --svg`` draws it."""
    from ..judge.printed import drawing
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
    from ..judge.printed.sheet import verdict_pdf as sheet

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


_DECK = re.compile(rb"deck:[ \t]*[\"']?([\w.-]+)[\"']?[ \t]*(#.*)?")


def named_deck(text: bytes) -> str:
    """The deck folder a log's header names (``deck: mini``), whatever its
    line ends (a browser sends a text box with CRLF); "" when none."""
    for line in text.splitlines():
        found = _DECK.fullmatch(line)
        if found:
            return found.group(1).decode()
    return ""


def _bring_deck(desk: Desk, text: bytes) -> None:
    """The deck a pasted log names by a folder, copied beside it from where
    the desk has one of that name: the judge's folder of logs (every file of
    it inside that folder, as ``check`` reads a log's deck: a link that leads
    out is refused), or the desk's own deck. A log's deck is read only from
    beside the log."""
    import shutil

    from ..data import bundled_deck
    from ..deck import load_deck
    from ..deck.load import deck_files
    from ..errors import DeckError

    named = named_deck(text)
    if not named or named in (".", "..") or bundled_deck(named) is not None:
        return
    sources = [(desk.logs / named, desk.logs.resolve())] if desk.logs else []
    if desk.deck_path.name == named:
        sources.append((desk.deck_path, desk.deck_path.resolve()))
    for source, inside in sources:
        if not source.resolve().is_relative_to(inside):
            continue  # a folder that is a link out of the judge's folder
        try:
            deck = load_deck(source, inside=inside)
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
        line, text = line.strip(), text.strip()
        if not line and not text:
            continue
        if not LINE.fullmatch(line.removesuffix("+")):
            return [], printable(_("%(line)r is not a line number (41, or 41+ to insert after line 41)") % {"line": line})
        try:
            tries.append(parse_try(line, text))
        except OptionError as exc:
            return [], printable(str(exc))
    return tries, ""


def standings(desk: Desk) -> dict[str, Any] | None:
    """The standings of the judge's folder, as ``hi5pnp standings`` makes
    them (None without a folder of logs); made again only when a log, its
    deck, the alias file or the folder's event.yaml changed."""
    from ..event.aliases import read_aliases
    from ..event.eventfile import find_event_file, read_event_file
    from ..event.games import read_event

    names = desk.log_files()
    if desk.logs is None or not names:
        return None
    keys = [(n, _key(desk, desk.logs / n)) for n in names]
    event = [p for p in sorted(desk.logs.iterdir()) if p.name.lower() in ("event.yaml", "event.yml") and p.is_file()]  # its tie-breaks
    settings = b"\0".join(p.read_bytes() for p in [*([desk.alias] if desk.alias else []), *event])
    with desk.lock:
        kept = desk.verdicts.get("standings")
    lang = spoken().lang  # the verdicts are kept in the language of the page that listed them (its deck files' times with them)
    if kept is not None and kept[0] == (keys, settings) and all(_fresh(desk, f"{k}\0{lang}") for _, k in keys if k):
        return kept[1]  # type: ignore[no-any-return]
    aliases = read_aliases(str(desk.alias)) if desk.alias else None
    found = find_event_file(desk.logs)
    ev = read_event([str(desk.logs / n) for n in names], names, None, aliases, read_event_file(found) if found else None)
    ranked, left = ev.table()
    made = {"standings": [s.to_json(ev.file.tiebreaks) for s in ranked], "left_out": [x.to_json() for x in left]}
    with desk.lock:
        desk.verdicts["standings"] = ((keys, settings), made)
    return made
