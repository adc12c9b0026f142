"""The judge's checker: replay a game log under the rules and give a verdict.

Order of faults (docs/game-log.md): the log and its deck are read whole first
(a read fault wins, exit 2); then set-up, each round's course, turns and
recorded ``finish``/``points``, and last the ``result``. The first fault met
is the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from .deck import Deck
from .deckload import load_deck
from .engine import SEATS, Illegal, State, TurnReport, course_problem, setup_problem
from .errors import DeckError, Fault, InputError
from .gamelog import GameLog, LogError, LogRound, deck_location, read_log, unknown_faces
from .picture import course_picture, legal_instead

VALID, INVALID, UNREADABLE = 0, 1, 2


class Problem(NamedTuple):
    """The fault a verdict rests on."""

    line: int
    kind: str  # "rules" | "record" | "read"
    message: str
    turn: str = ""  # the turn as written, for a turn's fault
    where: str = ""  # "round 2, turn 14"
    details: Sequence[str] = ()  # what was legal; the course picture


class Verdict:
    """The checker's answer for one log."""

    def __init__(self, path: str, problem: Problem | None = None, state: State | None = None,
                 read_faults: Sequence[Fault] = ()):
        self.path = path
        self.problem = problem
        self.state = state  # the game as far as it was replayed
        self.read_faults = list(read_faults)

    @property
    def valid(self) -> bool:
        return self.problem is None

    @property
    def exit_code(self) -> int:
        if self.problem is None:
            return VALID
        return UNREADABLE if self.problem.kind == "read" else INVALID

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of docs/game-log.md."""
        p = self.problem
        error = None if p is None else {"line": p.line, "kind": p.kind, "message": p.message}
        s = self.state
        if s is None:
            return {"valid": False, "error": error, "rounds": [], "columns": None, "score": None, "winner": None}
        rounds = [
            {"finish": list(fin), "points": dict(zip(SEATS, pts))}
            for fin, pts in zip(s.round_finish, s.round_points)
        ]
        return {
            "valid": p is None,
            "error": error,
            "rounds": rounds,
            "columns": s.complete_columns(),
            "score": s.scores(),
            "winner": s.winner(),
        }


class _Stop(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


class DeckCache:
    """Decks loaded once per run, however many logs name them."""

    def __init__(self, override: str | None = None):
        self.override = override
        self._decks: dict[str, Deck | DeckError] = {}

    def get(self, where: str | Path) -> Deck:
        key = str(where)
        if key not in self._decks:
            try:
                self._decks[key] = load_deck(where, need_score_sheet=False)
            except DeckError as exc:
                self._decks[key] = exc
        got = self._decks[key]
        if isinstance(got, DeckError):
            raise got
        return got


def check_file(path: Path, decks: DeckCache, shown: str | None = None) -> Verdict:
    """Read and check one log file. Never raises for a bad log: faults become the verdict."""
    shown = shown or str(path)
    try:
        log, deck = load_game(path, decks, shown)
    except InputError as exc:
        first = exc.faults[0]
        return Verdict(shown, Problem(first.line, "read", first.message), read_faults=exc.faults)
    return check_game(log, deck)


def load_game(path: Path, decks: DeckCache, shown: str) -> tuple[GameLog, Deck]:
    """Read a log and its deck, raising :class:`LogError` for any read fault."""
    log = read_log(path, shown)
    where = decks.override if decks.override is not None else deck_location(log)
    try:
        deck = decks.get(where)
    except DeckError as exc:
        faults = [Fault(log.path, log.deck_line, 0, f"the deck cannot be read: {f}") for f in exc.faults]
        raise LogError(faults) from None
    faults = unknown_faces(log, deck)
    if faults:
        raise LogError(faults)
    return log, deck


class Observer:
    """Told of each step of a replay (see :mod:`hi5pnp.replay`); the checker needs none."""

    def round_started(self, state: State, number: int) -> None: ...

    def turn_played(self, state: State, report: TurnReport, line: int) -> None: ...


def check_game(log: GameLog, deck: Deck, observer: Observer | None = None) -> Verdict:
    verdict = Verdict(log.path)
    try:
        _replay(log, deck, verdict, observer)
    except _Stop as stop:
        verdict.problem = stop.problem
    return verdict


def _replay(log: GameLog, deck: Deck, verdict: Verdict, observer: Observer | None) -> None:
    problem = setup_problem(deck, log.teams)
    if problem is not None:
        seat, k, why = problem
        line = log.team_lines[seat] if k is None else log.team_item_lines[seat][k]
        raise _Stop(Problem(line, "rules", str(why)))
    state = State(deck, log.teams, log.first, log.edition)
    verdict.state = state
    rounds = deck.rules.rounds
    for r, rnd in enumerate(log.rounds):
        if r >= rounds:
            raise _Stop(Problem(rnd.course_line, "rules", str(Illegal(f"the game has {rounds} rounds; round {r + 1} is one too many", "§6"))))
        problem = course_problem(deck, rnd.course)
        if problem is not None:
            k, why = problem
            raise _Stop(Problem(rnd.course_line if k is None else rnd.course_lines[k], "rules", str(why)))
        state.lay_course(rnd.course)
        if observer:
            observer.round_started(state, r + 1)
        _play_round(state, rnd, r + 1, observer)
        _check_recorded_round(state, rnd, r + 1)
    if len(log.rounds) < rounds:
        raise _Stop(Problem(log.rounds_line, "rules", str(Illegal(f"the log has {len(log.rounds)} round{'s' * (len(log.rounds) != 1)}; the game has {rounds}", "§6"))))
    _check_result(state, log)


def _play_round(state: State, rnd: LogRound, number: int, observer: Observer | None) -> None:
    ended_at = 0
    for k, (turn, line) in enumerate(zip(rnd.turns, rnd.turn_lines)):
        if ended_at:
            why = Illegal(
                f"round {number} ended at line {ended_at}, when its last needed finisher arrived; "
                "no turn follows it",
                "R-12",
            )
            raise _Stop(Problem(line, "rules", str(why), rnd.turn_text(k), f"round {number}, turn {k + 1}", course_picture(state)))
        why = state.why_illegal(turn)
        if why is not None:
            details = legal_instead(state, turn.face) + course_picture(state)
            raise _Stop(Problem(line, "rules", str(why), rnd.turn_text(k), f"round {number}, turn {k + 1}", details))
        if observer:
            observer.turn_played(state, state.apply(turn, check=False), line)
        else:
            state.play(turn)
        if state.course is None:
            ended_at = line
    if not ended_at:
        need = state.rules.finishers
        got = len(state.finished)
        why = Illegal(
            f"round {number} is cut short: its turns end with {got} of the {need} finishers the round needs",
            "R-12",
        )
        raise _Stop(Problem(rnd.course_line, "rules", str(why), "", f"round {number}", course_picture(state)))


def _record(line: int, what: str, written: Any, computed: Any) -> _Stop:
    return _Stop(Problem(line, "record", f"{what} is recorded as {written}; the game gives {computed}"))


def _check_recorded_round(state: State, rnd: LogRound, number: int) -> None:
    fin = list(state.round_finish[-1])
    if rnd.finish is not None and rnd.finish != fin:
        raise _record(rnd.finish_line, f"round {number}'s finish", " ".join(rnd.finish), " ".join(fin))
    pts = dict(zip(SEATS, state.round_points[-1]))
    for seat in SEATS:
        if rnd.points is not None and rnd.points[seat] != pts[seat]:
            raise _record(rnd.points_lines[seat], f"{seat}'s points in round {number}", rnd.points[seat], pts[seat])


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
        if p is not None and s.round_points:
            lines.append("  as far as replayed:")
        for k, (fin, pts) in enumerate(zip(s.round_finish, s.round_points)):
            lines.append(
                f"  round {k + 1}: finish {' '.join(fin)}; points north {pts[0]}, south {pts[1]}"
            )
        cols, score = s.complete_columns(), s.scores()
        if p is None or s.round_points:
            lines.append(
                f"  complete columns: north {cols['north']}, south {cols['south']} "
                f"({s.rules.column_points} points each)"
            )
            lines.append(f"  score: north {score['north']}, south {score['south']}; winner: {s.winner()}")
    return lines
