"""Results the players report from their table's page (``/event/table/<token>``):
one player enters the winner and the score (and perhaps that time was
called), naming themself; the other confirms it from their own phone, or
disputes it; or the judge accepts it on the event page. A confirmed or
accepted report is written as ``hi5pnp result`` writes a ruled result
(:func:`~hi5pnp.event.results.rule_result`), by the players or the judge.
A report waits in the desk's memory until then (a desk started again
forgets it: the players report again). A token opens its own table of
the round it was made for, and only while that table's result is open."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...errors import EventError, OptionError, printable
from ...event.floor.tablelinks import TableLink, find_link, links_of
from ...event.games import Entry, Event
from ...event.results import agrees, read_score, rule_result, table_entry
from ...language import _
from ..desk import Desk
from .eventdesk import MOST_NAME, _writable, event_of

WINNERS = ("north", "south", "draw")


class Closed(EventError):
    """A table's link that opens nothing (any more): no such table, its round over, its result in."""


@dataclass(frozen=True)
class Report:
    """A result reported at a table, waiting to be confirmed."""

    round: int
    table: int
    winner: str  # north, south or draw
    score: str  # "31-28", north's first
    reason: str  # "" or "time-called"
    reporter: str  # the player who reported it, by name
    browser: str  # the reporting browser's own mark (a cookie): its confirmation is refused
    disputed_by: str = ""
    at: float = 0.0

    def words(self, names: dict[str, str]) -> str:
        """The report in words: "Ann Smith won, 31-28 (north first), time called"."""
        said = _("a draw") if self.winner == "draw" else _("%(name)s won") % {"name": names.get(self.winner, self.winner)}
        if self.score:
            said += ", " + _("%(score)s (north's points first)") % {"score": self.score}
        if self.reason:
            said += ", " + _("time called")
        return said


def _reports(desk: Desk) -> dict[tuple[int, int], Report]:
    """The reports waiting, by round and table (changed under the desk's lock by the callers)."""
    got = desk.verdicts.setdefault("reports", {})  # one step, under the interpreter's lock
    assert isinstance(got, dict)
    return got


def _names(entry: Entry) -> dict[str, str]:
    about = entry.verdict.about
    return {str(s): n for s, n in about.players.items()} if about is not None else {}


def open_table(desk: Desk, token: str) -> tuple[TableLink, Event, Entry]:
    """The table a token opens, while its result is open; :class:`Closed` saying why not."""
    folder = _writable(desk)
    link = find_link(folder, token)
    if link is None:
        raise Closed(_("This link opens no table of the event: ask the judge."))
    ev = event_of(desk)
    if ev.latest_round != link.round:
        raise Closed(_("Round %(round)d is over: this link no longer reports a result. Ask the judge.") % {"round": link.round})
    entry = table_entry(ev, link.round, link.table)
    if entry.verdict.ruling is not None or entry.game is not None:
        raise Closed(_("Table %(table)d's result is in. Thank you!") % {"table": link.table})
    return link, ev, entry


def table_view(desk: Desk, token: str) -> dict[str, Any]:
    """What the table's page shows: the round, the table, its players and the report waiting, if any."""
    link, _ev, entry = open_table(desk, token)
    names = _names(entry)
    waiting = _reports(desk).get((link.round, link.table))
    return {
        "round": link.round,
        "table": link.table,
        "north": names.get("north", ""),
        "south": names.get("south", ""),
        "report": waiting,
        "report_words": waiting.words(names) if waiting is not None else "",
    }


def _player(names: dict[str, str], who: str) -> str:
    if who not in ("north", "south") or not names.get(who):
        raise OptionError(_("say who you are: one of the table's two players"))
    return names[who]


def report(desk: Desk, token: str, who: str, winner: str, score: str, reason: str, browser: str) -> None:
    """A player's report of the table's result; :class:`OptionError` saying what to mend."""
    link, _ev, entry = open_table(desk, token)
    names = _names(entry)
    reporter = _player(names, who)
    if winner not in WINNERS:
        raise OptionError(_("choose who won: one of the players, or a draw"))
    score = score.strip()
    if score:
        north, south = read_score(score)
        if not agrees(winner, north, south):
            raise OptionError(_("the score %(score)s (north's points first) does not agree with who won") % {"score": score})
        score = f"{north}-{south}"
    elif reason != "time-called":
        raise OptionError(_("give the score, north's points first (31-28)"))
    with desk.lock:
        _reports(desk)[(link.round, link.table)] = Report(
            link.round, link.table, winner, score, reason if reason == "time-called" else "", reporter, browser, at=time.time()
        )


def _waiting(desk: Desk, link: TableLink) -> Report:
    got = _reports(desk).get((link.round, link.table))
    if got is None:
        raise OptionError(_("no result is reported for this table yet"))
    return got


def confirm(desk: Desk, token: str, who: str, browser: str) -> str:
    """The other player's confirmation: the report written as the table's ruled result; the ruling's name."""
    link, ev, entry = open_table(desk, token)
    names = _names(entry)
    waiting = _waiting(desk, link)
    confirmer = _player(names, who)
    if confirmer == waiting.reporter or browser == waiting.browser:
        raise OptionError(_("%(name)s reported this result: the other player confirms it, on their own phone") % {"name": waiting.reporter})
    if waiting.disputed_by:
        raise OptionError(_("this report is disputed: ask the judge, or report the result again"))
    return _written(desk, ev, link, waiting, printable(f"{waiting.reporter} and {confirmer} (reported at the table)"))


def dispute(desk: Desk, token: str, who: str) -> None:
    """The other player says the report is wrong: the judge sees it disputed; either may report again."""
    link, _ev, entry = open_table(desk, token)
    waiting = _waiting(desk, link)
    with desk.lock:
        _reports(desk)[(link.round, link.table)] = replace(waiting, disputed_by=_player(_names(entry), who))


def accept(desk: Desk, round_number: int, table: int, judge: str) -> str:
    """The judge accepts a report waiting: written as the table's ruled result; the ruling's name."""
    judge = " ".join(judge.split())
    if not judge or len(judge) > MOST_NAME or any(not c.isprintable() for c in judge):
        raise OptionError(_("a ruling names the judge who made it: write your name"))
    with desk.lock:
        desk.verdicts["judge name"] = judge  # the next form's name
        waiting = _reports(desk).get((round_number, table))
    if waiting is None:
        raise OptionError(_("no report waits for that table"))
    return _written(desk, event_of(desk), TableLink(round_number, table, ""), waiting, printable(f"{judge} (reported by {waiting.reporter})"))


def _written(desk: Desk, ev: Event, link: TableLink, r: Report, by: str) -> str:
    folder = _writable(desk)
    with desk.event_lock:
        ruled = rule_result(ev, folder, link.round, link.table, by, r.winner, r.score or None, r.reason or None)
    with desk.lock:
        _reports(desk).pop((link.round, link.table), None)
    return ruled.path.name


def waiting_reports(desk: Desk, ev: Event) -> list[dict[str, Any]]:
    """The reports of the latest round that wait for the judge or the other player, table by table."""
    got = []
    with desk.lock:
        kept = sorted(_reports(desk).items())
    for (number, table), r in kept:
        if number != ev.latest_round:
            continue
        try:
            entry = table_entry(ev, number, table)
        except EventError:
            continue
        if entry.verdict.ruling is None and entry.game is None:
            got.append({"report": r, "words": r.words(_names(entry)), "round": number, "table": table})
    return got


def round_links(desk: Desk, ev: Event) -> dict[int, str]:
    """The latest round's tables' tokens (its links file written now if the round was paired without one)."""
    folder = _writable(desk)
    if ev.latest_round is None:
        return {}
    tables = {e.table_number for e in ev.entries if e.round == ev.latest_round and e.table_number is not None and len(e.keys) == 2}
    return links_of(Path(folder), ev.latest_round, [t for t in tables if t is not None])
