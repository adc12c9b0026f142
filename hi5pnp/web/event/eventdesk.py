"""The event page: the event in the judge's folder as ``standings`` and
``pairings`` see it (its standings with the event's tie-break columns, the
cross-table, the latest round's open games), and, with ``serve --event``,
what the judge does to it from the desk, each a new file in the event's
folder and never one replaced or removed:

- the next round paired (``pairings --logs FOLDER --slips``): its log
  skeletons, the bye and ``round<R>-slips.pdf``, all or none;
- the log played at a table handed in (pasted, or its file chosen), saved
  beside the table's skeleton as ``<skeleton>.played.yaml``;
- a ruling made on a log's page, saved beside the log as its
  ``NAME.ruling.yaml`` (``check --try … --rule-as NAME``).

The event is read again only when a file of its folder changed (its names,
sizes and times), or the alias file did."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ...errors import EventError, Fault, InputError, OptionError, OutputError, printable
from ...event.crosstable import cross_table
from ...event.eventfolder import open_event, open_words, plan_next_round, write_next_round
from ...event.games import SKELETON_OF, Entry, Event, deck_name
from ...event.standings import shown_tiebreaks, tiebreak_cell
from ...files import write_new
from ...judge.header import header_of_text
from ...judge.recorded import Adjudicated
from ...judge.ruling import find_ruling, write_ruling
from ...judge.tries import Try
from ...language import N_, _
from ..desk import MAX_PASTE, Desk

PLAYED = ".played"  # a played log handed in for the skeleton NAME.yaml is NAME.played.yaml
SLIPS = re.compile(r"round[0-9]{1,6}-slips\.pdf")
MOST_FILES = 5000  # files of the event's folder looked at for its signature
WINNERS = ("north", "south", "draw")
RULED = ("double-loss", "void", "counts")  # the form's other choices: no winner (revision 6)
MOST_NAME = 100  # characters of a judge's name


def _signature(desk: Desk) -> tuple[object, ...]:
    """The names, sizes and times of the event folder's files (its deck folders' too) and the alias file."""
    assert desk.logs is not None
    seen: list[object] = []
    for root, dirs, files in os.walk(desk.logs):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            try:
                st = os.stat(os.path.join(root, name))
            except OSError:
                continue
            seen.append((root, name, st.st_size, st.st_mtime_ns, st.st_ino))
            if len(seen) >= MOST_FILES:
                dirs[:] = []  # and no folder more
                break
    if desk.alias is not None:
        try:
            seen.append(desk.alias.read_bytes())
        except OSError:
            seen.append(None)
    return tuple(seen)


def event_of(desk: Desk) -> Event:
    """The event of the judge's folder as its files are now (kept while they
    are unchanged); :class:`~hi5pnp.errors.LogError` for an event or alias file that cannot be read."""
    assert desk.logs is not None
    now = _signature(desk)
    with desk.lock:
        kept = desk.verdicts.get("event")
    if kept is not None and kept[0] == now:
        return kept[1]  # type: ignore[no-any-return]
    ev = open_event(desk.logs, alias=desk.alias)
    with desk.lock:
        desk.verdicts["event"] = (now, ev)
    return ev


def played_name(skeleton: str) -> str:
    """The name a played log handed in for ``skeleton`` is saved under: ``round3-table2.played.yaml``."""
    return f"{Path(skeleton).stem}{PLAYED}.yaml"


def _takes_hand_in(desk: Desk, e: Entry) -> bool:
    """Whether an open game can take its played log: a table's own log (not
    one handed in already), with no played log beside it yet."""
    assert desk.logs is not None
    stem = Path(e.log).stem
    return "/" not in e.log and not stem.endswith(PLAYED) and not os.path.lexists(desk.logs / played_name(e.log))


def _players(ev: Event, e: Entry) -> str:
    """ "Bo Li (north) v Ann Smith (south)": the seats as the log gives them (a skeleton seats the player who moves first north)."""
    return " v ".join(f"{ev.names.shown[k]} ({_(seat)})" for seat, k in e.keys.items())


#: each tie-break's column heading (event.yaml's names), in the page's language
TIEBREAK_HEADINGS = {
    "omw": N_("OMW"),
    "game_points": N_("game points"),
    "direct": N_("direct"),
    "buchholz": N_("buchholz"),
    "buchholz_cut1": N_("buchholz cut1"),
    "sonneborn_berger": N_("sonneborn berger"),
    "wins": N_("wins"),
}


def _why(desk: Desk, log: str, why: str) -> str:
    """Why a log is left out, in the page's words: a table's skeleton beside its played log is said to stand aside for it."""
    if why.startswith(SKELETON_OF):  # whatever the played log is called
        return _("the table's log to fill in; the log handed in for it, %(played)s, is the game") % {"played": why.removeprefix(SKELETON_OF)}
    return why


def _open_game(desk: Desk, ev: Event, e: Entry) -> dict[str, Any]:
    """An open game as the page lists it: its log, why it does not count, its players, whether it takes a played log."""
    why = open_words(e).removeprefix(f"{printable(e.log)}: ")
    return {
        "name": e.log,
        "why": why[:1].upper() + why[1:],
        "players": _players(ev, e),
        "hand_in": desk.event and _takes_hand_in(desk, e),
        "played": played_name(e.log),
        "seats": {str(seat): ev.names.shown[k] for seat, k in e.keys.items()},
        "table": e.table_number if desk.event and e.verdict.ruling is None and not e.held else None,  # a result from its slip
    }


def view(desk: Desk) -> dict[str, Any] | None:
    """What the event page shows (None without a folder of logs)."""
    if desk.logs is None:
        return None
    ev = event_of(desk)
    ranked, left = ev.table()
    keys = shown_tiebreaks(ev.file.tiebreaks)
    columns = [_(TIEBREAK_HEADINGS[k]) if k in TIEBREAK_HEADINGS else k.replace("_", " ") for k in keys]
    rows = [{"s": s, "cells": [tiebreak_cell(s, k) for k in keys]} for s in ranked]
    open_games = [_open_game(desk, ev, e) for e in ev.open_games()]
    latest = ev.latest_round
    planned = ev.file.rounds
    done = planned is not None and latest is not None and latest >= planned and not open_games
    slips = sorted((p.name for p in desk.logs.iterdir() if SLIPS.fullmatch(p.name) and p.is_file()), key=lambda n: int(n[5:-10]))
    return {
        "name": ev.name,
        "deck": ev.deck,
        "tiebreaks": columns,
        "rows": rows,
        "played": any(s.played for s in ranked),
        "left_out": [{"log": x.log, "why": _why(desk, x.log, x.why)} for x in left],
        "cross": cross_table(ranked),
        "latest": latest,
        "planned": planned,
        "done": done,
        "open": open_games,
        "slips": slips,
        "entered": len(ev.file.players),
        "players": [s.player for s in ranked if s.dropped is None] if desk.event else [],
        "judge_name": desk.verdicts.get("judge name", ""),
    }


def preview(desk: Desk, seed: int, fixed: list[str], allow_rematch: bool) -> dict[str, Any]:
    """The next round as it would be paired (``pairings --preview``), writing nothing: its tables, the bye, who is not paired and why."""
    p = plan_next_round(event_of(desk), seed, (), fixed, allow_rematch)
    tables = [
        {"table": t.number, "north": t.first.player, "north_points": t.first.points, "south": t.second.player, "south_points": t.second.points}
        for t in p.pairing.tables
    ]
    not_paired = [{"player": n, "why": w} for n, w in p.why_not.items()]
    return {"round": p.pairing.round, "tables": tables, "bye": p.pairing.bye.player if p.pairing.bye else "", "not_paired": not_paired}


def fixed_tables(text: str) -> list[str]:
    """The tables fixed by hand, one "A v B" a line."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def pair(desk: Desk, seed: int, paper: str, fixed: list[str] | None = None, allow_rematch: bool = False) -> tuple[int, list[str]]:
    """Pair the next round and write its files into the event's folder (the
    skeletons, the bye, ``round<R>-slips.pdf``), all or none, never over a
    file; the round's number and the names written. :class:`EventError`
    while a round is open (naming its open games), as ``pairings`` refuses."""
    from ...render.paper import PAPER_NAMES

    folder = _writable(desk)
    if paper not in PAPER_NAMES:
        raise OptionError(_("paper: %(paper)r is not a paper size; choose %(papers)s") % {"paper": paper, "papers": " or ".join(PAPER_NAMES)})
    with desk.event_lock:
        plan = plan_next_round(event_of(desk), seed, (), fixed or (), allow_rematch)
        slips = folder / f"round{plan.pairing.round}-slips.pdf"
        if os.path.lexists(slips):
            raise OutputError(printable(f"{slips.name}: exists already; the desk never replaces a file of the event, and writes none of the round"))
        written = write_next_round(plan, folder, folder, seed, slips, paper)
    return plan.pairing.round, [p.name for p in written]


def _writable(desk: Desk) -> Path:
    if desk.logs is None or not desk.event:
        raise OptionError("the desk writes into an event's folder only when started with --event FOLDER")
    return desk.logs


def hand_in(desk: Desk, skeleton: str, text: bytes) -> str:
    """Save the log played at the table of ``skeleton`` beside it, as
    :func:`played_name` names it, the bytes as given; its name. Refused
    unless the table's game is open and has no played log yet, and the log's
    header names the table's round and players."""
    folder = _writable(desk)
    if len(text) > MAX_PASTE:
        raise InputError(Fault("the played log", 0, 0, f"{len(text):,} bytes; a log is at most {MAX_PASTE:,}"))
    with desk.event_lock:
        ev = event_of(desk)
        if "/" not in skeleton and os.path.lexists(folder / played_name(skeleton)):
            raise EventError(printable(f"{skeleton}: its played log was handed in already ({played_name(skeleton)}); a ruling on that log's page corrects it"))
        entry = next((e for e in ev.open_games() if e.log == skeleton and _takes_hand_in(desk, e)), None)
        if entry is None:
            raise EventError(printable(f"{skeleton}: no open game of round {ev.latest_round} by that name; the page lists those that take a log"))
        _same_table(ev, entry, text)
        name = played_name(skeleton)
        write_new(folder / name, text)
    return name


def _same_table(ev: Event, entry: Entry, text: bytes) -> None:
    """Refuse a played log whose header does not name the table's round and players."""
    head = header_of_text(_decoded(text), "the played log")
    wanted = _players(ev, entry)
    if head is None or head.round is None or len(head.players) != 2:
        raise InputError(
            Fault("the played log", 0, 0, f"its header must name the table's round and players, as the skeleton does (round: {entry.round}, players: {wanted})")
        )
    if ev.deck and deck_name(head.deck) != ev.deck:
        raise InputError(Fault("the played log", 0, 0, printable(f"it names the deck {deck_name(head.deck)}; the event plays {ev.deck}")))
    given = {ev.names.key(n) for n in head.players.values()}
    if head.round != entry.round or given != set(entry.keys.values()):
        said = " v ".join(head.players.values())
        raise InputError(
            Fault("the played log", 0, 0, printable(f"it names round {head.round}, {said}; the table {entry.log} is round {entry.round}, {wanted}"))
        )


def _decoded(text: bytes) -> str:
    """A log's text for a look at its header: UTF-8, or UTF-16 or UTF-32 when a byte-order mark says so."""
    import codecs

    for bom, codec in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if text.startswith(bom):
            return text.decode(codec, errors="replace")
    return text.decode("utf-8", errors="replace").removeprefix("\ufeff")


def can_rule(desk: Desk, name: str) -> dict[str, Any]:
    """Whether the log page offers "save as ruling" for the log ``name``; the
    ruling beside it, if any, in words, and whether the event counts the game."""
    from ...errors import Hi5Error
    from ...judge.ruling import read_ruling

    path = desk.logs / name if desk.logs is not None and desk.log_path(name) == desk.logs / name else None
    there = find_ruling(path) if path is not None else None
    got: dict[str, Any] = {
        "event": desk.event,
        "in_folder": path is not None,
        "ruling": there.name if there is not None else "",
        "offered": desk.event and path is not None and there is None,
        "words": "",
        "counted": None,
    }
    if there is not None:
        try:
            got["words"] = printable(read_ruling(there, there.name).words())
            entry = next((e for e in event_of(desk).entries if e.log == name), None)
        except Hi5Error:
            return got  # the ruling or the event cannot be read: the verdict above says why
        got["counted"] = entry is not None and entry.game is not None
    return got


def rule(desk: Desk, name: str, judge: str, tries: list[Try], winner: str, reason: str) -> str:
    """The judge's ruling on the log ``name`` of the event's folder: the
    corrections tried and, perhaps, a result ruled, written beside the log
    (``write_ruling``), never over a ruling; the ruling's name."""
    folder = _writable(desk)
    judge = " ".join(judge.split())
    if not judge:
        raise OptionError(_("a ruling names the judge who made it: write your name"))
    if len(judge) > MOST_NAME or any(not c.isprintable() for c in judge):
        raise OptionError(_("the judge's name is words of at most %(most)d characters") % {"most": MOST_NAME})
    winner, reason = winner.strip().lower(), " ".join(reason.split())
    if winner and winner not in (*WINNERS, *RULED):
        raise OptionError(_("the result ruled: %(winner)r is not north, south or draw") % {"winner": winner})
    if winner == "counts":
        reason = reason or "counts"
    if winner == "double-loss":
        reason = reason or "double-loss"
    if winner and not reason:
        raise OptionError(_("a result ruled needs its reason in words (a forfeit, a concession, time called)"))
    if reason and not winner:
        raise OptionError(_("a reason is given, but no result: choose north, south or draw"))
    if not tries and not winner:
        raise OptionError(_("a ruling rules something: try a correction first, or choose a result"))
    if desk.log_path(name) != folder / name:
        raise OptionError(printable(_("%(name)s: no log of the event's folder by that name") % {"name": name}))
    with desk.event_lock:
        return write_ruling(folder / name, judge, tries, _ruled(winner, reason)).name


def _ruled(winner: str, reason: str) -> Adjudicated | None:
    """What the form's choice rules (revision 6): a result, a double loss, a void log or the copy that counts."""
    if not winner:
        return None
    if winner in RULED:
        return Adjudicated("", reason, 0, void=winner == "void", counts=winner == "counts")
    return Adjudicated(winner, reason, 0)


def slips_path(desk: Desk, name: str) -> Path | None:
    """A round's slips PDF of the event's folder, by a name the page lists; None for any other."""
    if desk.logs is None or not SLIPS.fullmatch(name):
        return None
    path = desk.logs / name
    return path if path.is_file() and path.resolve().is_relative_to(desk.logs.resolve()) else None
