"""A table's result without a full log (revision 6 of docs/game-log.md,
``hi5pnp result``): the judge's ruling written beside the table's log —
the played log when one was handed in, else the skeleton pairings wrote —
never over a ruling. A signed slip's result (winner and score), a forfeit,
a no-show, time called or a double loss; the standings give each the game
points the contract says (:func:`~.standings.game_of`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import EventError, printable
from ..judge.recorded import KINDS, Adjudicated, winner_seat
from ..judge.ruling import SlipResult, write_ruling
from .games import Entry, Event, is_skeleton

_SCORE = re.compile(r"^\s*(\d{1,4})\s*[-–:]\s*(\d{1,4})\s*$")


@dataclass(frozen=True)
class Ruled:
    """What ``hi5pnp result`` wrote: the ruling's path and the table's log it is beside."""

    path: Path
    log: Entry
    adjudicated: Adjudicated | None
    result: SlipResult | None


def table_entry(ev: Event, round_number: int, table: int) -> Entry:
    """The log of a round's table: the played log if one was handed in, else its skeleton; :class:`EventError` if none."""
    named = f"round{round_number}-table{table}.yaml"  # a table's skeleton as pairings names it, should its header not say the table
    logs = [e for e in ev.entries if e.round == round_number and (e.table_number == table or (e.table_number is None and Path(e.log).name == named))]
    if not logs:
        raise EventError(f"round {round_number}, table {table}: no log of that table in the folder (pairings --logs writes one per table)")
    played = [e for e in logs if not is_skeleton(e.verdict) and not e.aside]
    return played[0] if played else logs[0]


def read_score(text: str) -> tuple[int, int]:
    """``31-28``: north's game points, then south's."""
    m = _SCORE.match(text)
    if m is None:
        raise EventError(printable(f"--score {text}: north's game points, a dash, south's (31-28)"))
    return int(m.group(1)), int(m.group(2))


def agrees(seat: str, north: int, south: int) -> bool:
    """Whether the winner ``seat`` (north, south or draw) agrees with the score, north's points first."""
    return seat == ("draw" if north == south else "north" if north > south else "south")


def rule_result(
    ev: Event,
    folder: Path,
    round_number: int,
    table: int,
    judge: str,
    winner: str | None = None,
    score: str | None = None,
    reason: str | None = None,
    drop: bool = True,
) -> Ruled:
    """Write the ruling for a table's result; :class:`EventError` (nothing
    written) when the options do not make one, :class:`OutputError` when a
    ruling is there already."""
    entry = table_entry(ev, round_number, table)
    about = entry.verdict.about
    players = dict(about.players) if about is not None else {}
    kind = Adjudicated("", reason or "", 0).kind
    if kind == "double-loss":
        if winner is not None or score is not None:
            raise EventError("a double loss has no winner and no score: give neither --winner nor --score")
        return _written(entry, folder, judge, Adjudicated("", reason or "double-loss", 0), None)
    if winner is None:
        raise EventError("--winner: who won, north, south or draw (or a player's name)")
    seat = winner_seat(winner, players)
    if seat is None:
        named = ", ".join(f"{s}: {n}" for s, n in players.items())
        raise EventError(printable(f"--winner {winner}: not north, south or draw, nor a player of the table ({named or 'no players named'})"))
    if score is None and not reason:
        raise EventError(f"give --score (the slip's result) or --reason (one of {', '.join(KINDS)})")
    result = None
    if score is not None:
        if kind in ("forfeit", "no-show"):
            raise EventError(f"a {kind} is scored as the contract says (the winner a bye's game points): leave --score out")
        north, south = read_score(score)
        if not agrees(seat, north, south):
            raise EventError(f"--winner {winner} does not agree with --score {score} (north's points first)")
        result = SlipResult(seat, (north, south))
    if not drop and kind != "no-show":
        raise EventError("--no-drop belongs to a no-show (--reason no-show): the absent player stays in the event")
    adjudicated = Adjudicated(seat, reason.strip(), 0, drop=False if kind == "no-show" and not drop else None) if reason else None
    return _written(entry, folder, judge, adjudicated, result)


def _written(entry: Entry, folder: Path, judge: str, adjudicated: Adjudicated | None, result: SlipResult | None) -> Ruled:
    path = write_ruling(folder / entry.log, judge, (), adjudicated, result)
    return Ruled(path, entry, adjudicated, result)
