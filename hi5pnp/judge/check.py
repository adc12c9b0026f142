"""The judge's checker: replay a game log through the rules engine and give a verdict.

Order of faults (docs/game-log.md): the log and its deck are read whole first
(a read fault wins, exit 2); then set-up, each round's course, turns and
recorded ``finish``/``points``, and last the ``result``. The first fault met
is the verdict. The engine judges every rule; the checker only finds the log
line each verdict belongs to, and compares what was written down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..deck import Deck, load_deck
from ..errors import DeckError, Fault, InputError, LogError, printable
from ..rules import SEATS, Illegal, RulesError, Seat, State, TurnReport, setup_problems
from .log import GameLog, LogRound, deck_location, read_log, read_log_bytes, unknown_faces
from .picture import legal_instead


class Problem(NamedTuple):
    """The fault a verdict rests on."""

    line: int
    kind: str  # "rules" | "record" | "read"
    message: str
    turn: str = ""  # the turn as written, for a turn's fault
    where: str = ""  # "round 2, turn 14"
    details: Sequence[str] = ()  # what was legal; the course picture


@dataclass
class Verdict:
    """The checker's answer for one log."""

    path: str
    problem: Problem | None = None
    state: State | None = None  # the game as far as it was replayed
    read_faults: list[Fault] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.problem is None

    @property
    def outcome(self) -> str:
        """valid; invalid (a rules fault or a recorded value that differs); unreadable."""
        if self.problem is None:
            return "valid"
        return "unreadable" if self.problem.kind == "read" else "invalid"

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of docs/game-log.md, naming its log."""
        p = self.problem
        error = None if p is None else {"line": p.line, "kind": p.kind, "message": p.message}
        s = self.state
        if s is None:
            return {"log": self.path, "valid": False, "error": error, "rounds": [], "columns": None, "score": None, "winner": None}
        return {
            "log": self.path,
            "valid": p is None,
            "error": error,
            "rounds": [{"finish": list(r.finish), "points": r.points} for r in s.results()],
            "columns": s.complete_columns(),
            "score": s.scores(),
            "winner": s.winner(),
        }


class _Stop(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


class DeckCache:
    """Decks loaded once per run, however many logs name them; ``override``
    (the judge's ``--deck``) stands for every log's deck."""

    def __init__(self, override: str | Path | None = None):
        self.override = override
        self._decks: dict[tuple[str, str], Deck | DeckError] = {}

    def get(self, where: str | Path, inside: Path | None = None) -> Deck:
        """The deck at ``where`` (every file of it inside ``inside``, if given)."""
        key = (str(where), str(inside))
        if key not in self._decks:
            try:
                self._decks[key] = load_deck(where, need_score_sheet=False, inside=inside)
            except DeckError as exc:
                self._decks[key] = exc
        got = self._decks[key]
        if isinstance(got, DeckError):
            raise got
        return got


def check_log(path: str | Path, deck: str | Path | None = None) -> Verdict:
    """Check one log file (its own deck, or ``deck``). Never raises for a bad
    log: read faults and rules faults alike become the verdict."""
    return check_file(Path(path), DeckCache(deck), str(path))


def check_file(path: Path, decks: DeckCache, shown: str | None = None) -> Verdict:
    """Read and check one log file; faults become the verdict."""
    shown = shown or str(path)
    try:
        log, deck = with_deck(read_log(path, shown), decks)
    except InputError as exc:
        return unreadable(shown, exc)
    return check_game(log, deck)


def check_bytes(data: bytes, decks: DeckCache, shown: str, folder: Path) -> Verdict:
    """Check a log given as bytes (from standard input); its deck is looked for in ``folder``."""
    try:
        log, deck = with_deck(read_log_bytes(data, shown, folder), decks)
    except InputError as exc:
        return unreadable(shown, exc)
    return check_game(log, deck)


def unreadable(shown: str, exc: InputError) -> Verdict:
    """The verdict on a log that cannot be read: its first read fault, and all of them."""
    first = exc.faults[0]
    return Verdict(shown, Problem(first.line, "read", first.message), read_faults=exc.faults)


def with_deck(log: GameLog, decks: DeckCache) -> tuple[GameLog, Deck]:
    """A log read, with its deck; :class:`LogError` for any read fault."""
    if decks.override is not None:
        where, inside = decks.override, None
    else:
        where = deck_location(log)
        inside = log.folder.resolve() if isinstance(where, Path) else None  # a folder beside the log
    try:
        deck = decks.get(where, inside)
    except DeckError as exc:
        raise LogError([Fault(log.path, log.deck_line, 0, f"the deck cannot be read: {f}") for f in exc.faults]) from None
    faults = unknown_faces(log, deck)
    if faults:
        raise LogError(faults)
    return log, deck


class Observer:
    """Told of each step of a replay (see :mod:`hi5pnp.judge.replay`); the checker needs none."""

    def round_started(self, state: State, number: int) -> None: ...

    def turn_played(self, state: State, report: TurnReport, line: int) -> None: ...


def check_game(log: GameLog, deck: Deck, observer: Observer | None = None) -> Verdict:
    """Replay a read log on its deck: the verdict, and the game as far as it went."""
    verdict = Verdict(log.path)
    try:
        _replay(log, deck, verdict, observer or Observer())
    except _Stop as stop:
        verdict.problem = stop.problem
    return verdict


def _rules(line: int, why: Illegal, turn: str = "", where: str = "", details: Sequence[str] = ()) -> _Stop:
    return _Stop(Problem(line, "rules", str(why), turn, where, details))


def _replay(log: GameLog, deck: Deck, verdict: Verdict, observer: Observer) -> None:
    problems = setup_problems(deck, log.teams)
    if problems:  # the one the log writes first
        def line(why: Illegal) -> int:
            seat = why.seat or SEATS[0]
            return log.team_lines[seat] if why.entry is None else log.team_item_lines[seat][why.entry]

        first = min(problems, key=line)
        raise _rules(line(first), first)
    state = State(deck, log.teams, log.first, log.edition)
    verdict.state = state
    for number, rnd in enumerate(log.rounds, 1):
        course_fault = state.why_course_illegal(rnd.course)
        if course_fault is not None:
            at = rnd.course_line if course_fault.entry is None else rnd.course_lines[course_fault.entry]
            raise _rules(at, course_fault)
        state.lay_course(rnd.course)
        observer.round_started(state, number)
        _play_round(state, rnd, number, observer)
        _check_recorded_round(state, rnd, number)
    unfinished = state.why_game_incomplete()
    if unfinished is not None:
        raise _rules(log.rounds_line, unfinished)
    _check_result(state, log)


def _play_round(state: State, rnd: LogRound, number: int, observer: Observer) -> None:
    for k, (turn, line) in enumerate(zip(rnd.turns, rnd.turn_lines)):
        try:
            report = state.apply(turn)
        except RulesError as exc:
            details = legal_instead(state, turn.face) + state.course_rows() if state.course else []
            raise _rules(line, exc.illegal, rnd.turn_text(k), f"round {number}, turn {k + 1}", details) from None
        observer.turn_played(state, report, line)
    why = state.why_round_incomplete()
    if why is not None:
        raise _rules(rnd.course_line, why, "", f"round {number}", state.course_rows())


def _record(line: int, what: str, written: Any, computed: Any) -> _Stop:
    return _Stop(Problem(line, "record", f"{what} is recorded as {written}; the game gives {computed}"))


def _check_recorded_round(state: State, rnd: LogRound, number: int) -> None:
    result = state.results()[-1]
    if rnd.finish is not None and rnd.finish != list(result.finish):
        raise _record(rnd.finish_line, f"round {number}'s finish", " ".join(rnd.finish), " ".join(result.finish))
    for seat in SEATS:
        if rnd.points is not None and rnd.points[seat] != result.points[seat]:
            raise _record(rnd.points_lines[seat], f"{seat}'s points in round {number}", rnd.points[seat], result.points[seat])


def _check_result(state: State, log: GameLog) -> None:
    computed = {"columns": state.complete_columns(), "score": state.scores()}
    for key, what in (("columns", "complete columns"), ("score", "score")):
        written = log.result.get(key)
        for seat in SEATS:
            if written is not None and written[seat] != computed[key][seat]:
                raise _record(log.result_lines[f"{key}.{seat}"], f"{seat}'s {what}", written[seat], computed[key][seat])
    winner = log.result.get("winner")
    if winner is not None and winner != state.winner():
        raise _record(log.result_lines["winner"], "the winner", winner, state.winner())


# ------------------------------------------------------------------ output
def verdict_lines(v: Verdict) -> list[str]:
    """The verdict in words, for a judge."""
    p = v.problem
    if p is not None and p.kind == "read":
        return [str(f) for f in v.read_faults]
    lines = []
    if p is None:
        lines.append(f"{v.path}: valid")
    else:
        lines.append(f"{v.path}:{p.line}: invalid ({p.kind}): {p.message}")
        if p.turn or p.where:
            lines.append(f"  {p.where}: {p.turn}" if p.turn else f"  {p.where}")
        lines += ["  " + d if not d.startswith("  ") else d for d in p.details]
    s = v.state
    if s is not None:
        results = s.results()
        if p is not None and results:
            lines.append("  as far as replayed:")
        for k, r in enumerate(results, 1):
            lines.append(f"  round {k}: finish {' '.join(r.finish)}; points north {r.points[Seat.NORTH]}, south {r.points[Seat.SOUTH]}")
        cols, score = s.complete_columns(), s.scores()
        if p is None or results:
            lines.append(
                f"  complete columns: north {cols[Seat.NORTH]}, south {cols[Seat.SOUTH]} ({s.rules.column_points} points each)"
            )
            lines.append(f"  score: north {score[Seat.NORTH]}, south {score[Seat.SOUTH]}; winner: {s.winner()}")
    return [printable(line) for line in lines]  # what a log writes reaches the terminal escaped
