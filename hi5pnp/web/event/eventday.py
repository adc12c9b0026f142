"""Event day at the desk (``serve --event``, revision 6 of
docs/game-log.md): the round clock (started, paused, resumed, a table's
time extended), a table's result entered from its slip in one form (as
``hi5pnp result`` writes it), and what the projector page shows: the
clock, the round's pairings by name and the standings."""

from __future__ import annotations

from typing import Any

from ...errors import OptionError, printable
from ...event.results import rule_result
from ...language import _
from ..desk import Desk
from .clock import RoundClock, shown
from .eventdesk import MOST_NAME, _writable, event_of

REASONS = ("", "forfeit", "no-show", "time-called")
BOARD_ROWS = 16  # the standings' rows the projector shows


def clock_of(desk: Desk) -> RoundClock:
    """The desk's round clock (one a desk, made when first asked for)."""
    with desk.lock:
        got = desk.verdicts.get("round clock")
        if not isinstance(got, RoundClock):
            got = desk.verdicts["round clock"] = RoundClock()
    return got


def clock_act(desk: Desk, action: str, minutes: int | None, table: int | None) -> str:
    """Start, pause, resume or extend; what was done, in words. :class:`OptionError` for anything else."""
    clock = clock_of(desk)
    if action == "start":
        latest = event_of(desk).latest_round
        if latest is None:
            raise OptionError(_("no round is paired yet: pair one, then start its clock"))
        clock.start(latest, minutes or clock.minutes)
        return _("The clock of round %(round)d started: %(minutes)d minutes.") % {"round": latest, "minutes": clock.minutes}
    if action == "pause":
        clock.pause()
        return _("The clock is paused.")
    if action == "resume":
        clock.resume()
        return _("The clock runs again.")
    if action == "extend" and table is not None and minutes:
        clock.extend(table, minutes)
        return _("Table %(table)d has %(minutes)d minutes more.") % {"table": table, "minutes": minutes}
    raise OptionError(_("the clock starts, pauses, resumes, or gives a table more minutes"))


def enter_result(desk: Desk, log: str, judge: str, winner: str, score: str, reason: str) -> str:
    """A table's result from its slip, written beside its log as the judge's ruling; the ruling's name."""
    folder = _writable(desk)
    judge = " ".join(judge.split())
    if not judge or len(judge) > MOST_NAME or any(not c.isprintable() for c in judge):
        raise OptionError(_("a ruling names the judge who made it: write your name"))
    ev = event_of(desk)
    entry = next((e for e in ev.entries if e.log == log), None)
    number = entry.table_number if entry is not None else None
    if entry is None or entry.round is None or number is None:
        raise OptionError(printable(_("%(name)s: no table of the event's folder by that name") % {"name": log}))
    kind = reason if reason in REASONS else ""
    double = winner == "double-loss"
    if not double and not score.strip() and not kind:
        raise OptionError(_("give the slip's score (31-28, north's first), or choose a forfeit, a no-show or time called"))
    with desk.lock:
        desk.verdicts["judge name"] = judge  # the next form's name, so a forfeit is two clicks
    with desk.event_lock:
        ruled = rule_result(
            ev,
            folder,
            entry.round,
            number,
            judge,
            None if double or not winner else winner,
            score.strip() or None,
            "double-loss" if double else kind or None,
        )
    return ruled.path.name


def change_entry(desk: Desk, action: str, name: str) -> str:
    """A late entry or a drop from the event page, as a new event.yaml (the version before kept); what was done, in words."""
    from ...event.floor.entrylist import add_late_entry, drop_player

    folder = _writable(desk)
    if action not in ("late", "drop"):
        raise OptionError(_("the entry list takes a late entry or a drop"))
    with desk.event_lock:
        changed = (add_late_entry if action == "late" else drop_player)(folder, event_of(desk), name)
    kept = _(" (the version before is kept as %(kept)s)") % {"kept": changed.kept.name} if changed.kept is not None else ""
    return printable(_("%(what)s: wrote %(file)s%(kept)s.") % {"what": changed.words, "file": changed.path.name, "kept": kept})


def board(desk: Desk) -> dict[str, Any] | None:
    """What the projector shows: the round, its clock, each table, every player by name, the standings' first rows."""
    if desk.logs is None:
        return None
    ev = event_of(desk)
    ranked, _left = ev.table()
    latest = ev.latest_round
    clock = clock_of(desk)
    tables: list[dict[str, Any]] = []
    seen: set[int] = set()
    for e in sorted(ev.entries, key=lambda x: x.game is None):  # a table once: its game that counts, else its first log
        number = e.table_number
        if e.round != latest or e.aside or number is None or len(e.keys) != 2 or number in seen:
            continue
        seen.add(number)
        about = e.verdict.about
        names = {str(s): n for s, n in about.players.items()} if about is not None else {}
        extra = clock.extra.get(number, 0)
        tables.append({"table": number, "north": names.get("north", ""), "south": names.get("south", ""), "done": e.game is not None, "extra": extra})
    tables.sort(key=lambda t: t["table"])
    by_name = sorted(
        [(t["north"], t["table"], t["south"]) for t in tables] + [(t["south"], t["table"], t["north"]) for t in tables],
        key=lambda r: (str(r[0]).casefold(), str(r[0])),
    )
    byes = [e.verdict.about.players[s] for e in ev.entries if e.round == latest and e.verdict.bye and e.verdict.about for s in e.verdict.about.players]
    left = clock.left() if clock.round == latest else None
    return {
        "name": ev.name,
        "round": latest,
        "left": left,
        "shown": shown(left),
        "running": clock.running and clock.round == latest,
        "tables": tables,
        "by_name": [{"player": p, "table": t, "opponent": o} for p, t, o in by_name],
        "byes": byes,
        "standings": ranked[:BOARD_ROWS],
        "more": max(0, len(ranked) - BOARD_ROWS),
    }
