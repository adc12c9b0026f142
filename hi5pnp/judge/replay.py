"""A game log told turn by turn in plain words, so a judge can follow a
disputed game. The replay is the checker's own (an observer of it), so it
stops where the checker stops and says why."""

from __future__ import annotations

from typing import NamedTuple

from ..deck import Deck
from ..errors import printable
from ..rules import SEATS, Action, Seat, State, TurnReport
from .check import Observer, Verdict, check_game
from .log import GameLog
from .position import position_lines
from .verdict import columns_words, verdict_lines


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


class _Reached(Exception):
    """The replay has come to the line it was to stop at."""


class _Teller(Observer):
    def __init__(self, log: GameLog, until: int | None = None):
        self.log = log
        self.lines: list[str] = []
        self.segment = 0
        self.until = until
        self.reached: State | None = None

    def ahead(self, state: State, line: int) -> None:
        if self.until is not None and line >= self.until:
            self.reached = state  # nothing is played after this: the replay ends here
            raise _Reached

    def seat_name(self, seat: Seat) -> str:
        name = self.log.players.get(seat)
        return f"{seat} ({name})" if name else seat

    def round_started(self, state: State, number: int) -> None:
        course = ", ".join(f"{o.id} {o.name + ' ' if o.name else ''}({o.color}, {o.trait})" for o in state.course or ())
        self.lines += [
            "",
            f"Round {number}. Course, west to east: {course}.",
            f"  Positions 1-{state.cards} run along the south side, {state.cards + 1}-{2 * state.cards} "
            f"back along the north side; {state.finish} is the finish.",
            f"  Segment 1: {self.seat_name(state.token_holder())} holds the first-player token.",
        ]
        self.segment = 1

    def turn_played(self, state: State, rep: TurnReport, line: int) -> None:
        if rep.segment != self.segment:
            self.segment = rep.segment
            self.lines.append(f"  Segment {rep.segment}:")
        self.lines.append(f"    line {line}: {_tell(state, rep)}")
        if rep.segment_over and not rep.round_over:
            self.lines.append(f"  End of segment {rep.segment}: the first-player token passes to {state.token_holder()}; all ready again.")
        if rep.round_over:
            result = state.results()[-1]
            pts = result.points
            self.lines.append(
                f"  Round {rep.round} is over: finish {' '.join(result.finish)}; "
                f"placing points north {pts[Seat.NORTH]}, south {pts[Seat.SOUTH]}."
                + ("" if state.is_terminal() else f" The first-player token passes to {state.token_holder()}.")
            )


def _tell(state: State, rep: TurnReport) -> str:
    t, ob = rep.turn, rep.obstacle
    words = [
        f"{rep.seat}'s {t.face} (at {rep.start}) faces {ob.id}{' ' + ob.name if ob.name else ''} "
        f"({ob.color}, {ob.trait}) with {_count(rep.matches, 'matching gem')}"
    ]
    if t.action is Action.BYPASS and rep.chits_spent:
        words.append(f"spends {_count(rep.chits_spent, 'chit')} to bypass and moves to {rep.end}")
    else:
        words.append(f"moves to {rep.end}")
    if rep.brought:
        who = ", ".join(f"{f} ({state.seat(f)})" for f in rep.brought)
        words.append(f"{t.action}: brings along {who}")
    if rep.chits_taken:
        words.append(f"takes {_count(rep.chits_taken, 'chit')}")
    for col, trait in rep.marks:
        words.append(f"marks a {trait} box in column {col}")
    for face, place in rep.placed:
        pts = state.rules.placing_points[place - 1]
        words.append(f"{face} finishes {ordinal(place)} ({pts} point{'s' * (pts != 1)} to {state.seat(face)})")
    for face in rep.unplaced:
        words.append(f"{face} arrives after the round is full and is not placed (R-12)")
    return "; ".join(words) + "."


class Replayed(NamedTuple):
    """A replay: the game in words, the verdict (None when it stopped at the
    line asked for), and the position it ended in."""

    lines: list[str]
    verdict: Verdict | None
    position: State | None


def replay_lines(log: GameLog, deck: Deck, until: int | None = None) -> Replayed:
    """The game in words, ending with the checker's verdict; or, ``until`` a
    line, the turns written before it and the position in which that line is
    played (a fault before it ends the replay there, with the verdict)."""
    teller = _Teller(log, until)
    head = [f"{log.path}: edition {log.edition or deck.edition}, deck {log.deck or 'default'}"]
    if log.event:
        head.append(f"  {log.event}")
    for seat in SEATS:
        head.append(f"  {teller.seat_name(seat)}: {', '.join(_face(deck, f) for f in log.teams.get(seat, []))}")
    head.append(f"  {log.first} holds the first-player token.")
    try:
        verdict = check_game(log, deck, teller)
    except _Reached:
        assert teller.reached is not None
        where = ["", f"The position at line {until}, before it is played:", *position_lines(teller.reached, log.players)]
        return Replayed([printable(line) for line in head + teller.lines + where], None, teller.reached)
    stop = verdict.stopped
    if stop is not None and stop.turn:  # the turn the replay stops at is told where it stands, not left out
        after = "written after the game ended" if stop.after_end and verdict.complete else "written after the round ended" if stop.after_end else "not legal"
        teller.lines.append(f"    line {stop.line}: {stop.turn}: {after}; the replay stops here.")
    tail = [""]
    if until is not None and verdict.stopped is None:
        tail.append(f"Line {until} comes after the log's last turn, so the whole game is told.")
    if verdict.state is not None and verdict.valid:
        tail.append(f"End of the game: {columns_words(verdict.state)}.")
    position = verdict.stopped.position if verdict.stopped is not None else verdict.state
    return Replayed([printable(line) for line in head + teller.lines + tail] + verdict_lines(verdict), verdict, position)


def _face(deck: Deck, face: str) -> str:
    cf = deck.competitor_face(face)
    return f"{face} {cf.name} ({'/'.join(cf.gems)})" if cf else face
