"""The judge's checker: replay a game log through the rules engine and give a verdict.

Order of faults (docs/game-log.md): the log and its deck are read whole first
(a read fault wins, exit 2); then set-up, each round's course, turns and
recorded ``finish``/``points``, and last the ``result``. The first fault met
is the verdict's error. A rules fault ends the replay; a recorded value that
differs does not: every one is listed (``records``), so a score dispute is
settled from the whole list. A game played to its end and followed by more
lines (a turn after the last round ended, an extra round) is complete: the
first extra line is the fault, and every written value of the game is still
compared (revision 3). The engine judges every rule; the checker only finds
the log line each verdict belongs to, and compares what was written down.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..deck import EDITION_NUMBERS, Deck, load_deck
from ..errors import DeckError, Fault, InputError
from ..language import _
from ..rules import SEATS, Illegal, RulesError, State, TurnReport, setup_problems
from ..rules.seat import seat_words
from .header import Header, UnreadLog
from .log import GameLog, LogRound, deck_location, hinted, read_log, unknown_faces
from .problem import Problem, Record
from .ruling import Ruling


@dataclass
class Verdict:
    """The checker's answer for one log."""

    path: str
    problem: Problem | None = None  # the first fault met: the error, and the exit status
    state: State | None = None  # the game as far as it was replayed
    read_faults: list[Fault] = field(default_factory=list)
    compared: list[Record] = field(default_factory=list)  # every value the log may write, as far as replayed
    stopped: Problem | None = None  # the rules fault that ended the replay, if one did
    log: GameLog | None = None  # the log as read (its event, players, deck)
    header: Header | None = None  # what of the header could be read, when the log cannot be
    valid_under_edition: int | None = None  # invalid under its own edition, wholly valid under this one
    sha256: str = ""  # of the log file as checked, when asked for (the printable verdict)
    ruling: Ruling | None = None  # the judge's ruling beside the log, applied
    ruling_set_aside: str = ""  # why the ruling beside the log was not applied (another version of the log)

    @property
    def bye(self) -> bool:
        """A bye: no game, one player named, the winner by the judge's ruling for a bye."""
        log = self.log
        if log is None or log.teams or log.adjudicated is None or log.adjudicated.reason.strip().casefold() != "bye":
            return False
        named = [s for s in SEATS if log.players.get(s, "").strip()]
        return named == [log.adjudicated.winner]

    @property
    def records(self) -> list[Record]:
        """Every written value that differs from the game's, in line order."""
        return sorted((r for r in self.compared if r.differs), key=lambda r: r.line)

    @property
    def complete(self) -> bool:
        """Every round of the game was replayed to its end (a result, not a position)."""
        return self.state is not None and self.state.is_terminal()

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
        records = [r.to_json() for r in self.records]
        extra: dict[str, Any] = {}
        if self.valid_under_edition is not None:
            extra["valid_under_edition"] = self.valid_under_edition
        if self.log is not None and self.log.adjudicated is not None:
            extra["adjudicated"] = self.log.adjudicated.to_json()
        if self.ruling is not None:
            extra["ruling"] = {"applied": True, **self.ruling.to_json()}
        elif self.ruling_set_aside:
            extra["ruling"] = {"applied": False, "why": self.ruling_set_aside}
        if self.bye:
            extra["bye"] = True
        if s is None:
            return {
                "log": self.path,
                "valid": p is None,
                "error": error,
                "rounds": [],
                "columns": None,
                "score": None,
                "winner": None,
                "records": records,
                "complete": False,
                **extra,
            }
        return {
            "log": self.path,
            "valid": p is None,
            "error": error,
            "rounds": [{"finish": list(r.finish), "points": r.points} for r in s.results()],
            "columns": s.complete_columns(),
            "score": s.scores(),
            "winner": s.winner() if self.complete else None,  # a result only for a complete game
            "records": records,
            "complete": self.complete,
            **extra,
        }

    @property
    def about(self) -> GameLog | Header | None:
        """The log's header: the log as read, or what of it could be."""
        return self.log or self.header


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
                self._decks[key] = load_deck(where, need_score_sheet=False, need_fingerprint=False, inside=inside)
            except DeckError as exc:
                self._decks[key] = exc
        got = self._decks[key]
        if isinstance(got, DeckError):
            raise got
        return got

    def files(self) -> list[Path]:
        """The files of the decks this cache read that a deck reads (an
        output never replaces one); of a deck with faults, its YAML and CSV files."""
        from ..deck.load import DATA_FILES, deck_folder, deck_paths

        found: list[Path] = []
        for (where, _edition), deck in self._decks.items():
            if isinstance(deck, DeckError):
                found += [deck_folder(where) / name for name in DATA_FILES]
            else:
                found += deck_paths(deck)
        return found


def check_log(path: str | Path, deck: str | Path | None = None) -> Verdict:
    """Check one log file (its own deck, or ``deck``). Never raises for a bad
    log: read faults and rules faults alike become the verdict."""
    return check_file(Path(path), DeckCache(deck), str(path))


def check_file(path: Path, decks: DeckCache, shown: str | None = None) -> Verdict:
    """Read and check one log file; faults become the verdict."""
    shown = shown or str(path)
    try:
        return judged(read_log(path, shown), decks)
    except InputError as exc:
        return unreadable(shown, exc, decks)


def unreadable(shown: str, exc: InputError, decks: DeckCache | None = None) -> Verdict:
    """The verdict on a log that cannot be read: its first read fault, and all
    of them (a word written where a face id goes with a "did you mean", if
    the deck can be read), and what of its header could be read."""
    if isinstance(exc, UnreadLog) and exc.face_words and decks is not None:
        exc = _with_hints(exc, decks)
    first = exc.faults[0]
    header = exc.header if isinstance(exc, UnreadLog) else None
    return Verdict(shown, Problem(first.line, "read", first.message), read_faults=exc.faults, header=header)


def _with_hints(exc: UnreadLog, decks: DeckCache) -> UnreadLog:
    try:
        if decks.override is not None:
            deck = decks.get(decks.override)
        elif exc.header is not None and exc.folder is not None:
            where = deck_location(exc.header, exc.folder, exc.deck_line)
            deck = decks.get(where, exc.folder.resolve() if isinstance(where, Path) else None)
        else:
            return exc
    except InputError:
        return exc  # no deck, no hints: the faults as they are
    return hinted(exc, deck)


def judged(log: GameLog, decks: DeckCache) -> Verdict:
    """:func:`check_game` on a log with its deck (:func:`with_deck`), its turns' faces looked up only
    if the replay finds a fault: a faultless one played only the teams' faces, looked up first."""
    deck = _deck_of(log, decks)
    verdict = None if unknown_faces(log, deck, turns=False) else check_game(log, deck)
    if verdict is not None and verdict.valid:
        return verdict
    faults = unknown_faces(log, deck)
    if faults or verdict is None:  # (None: a team's or a course's face is unknown, so faults has it)
        raise UnreadLog(faults, log.header)
    return verdict


def with_deck(log: GameLog, decks: DeckCache) -> tuple[GameLog, Deck]:
    """A log read, with its deck; :class:`LogError` for any read fault."""
    deck = _deck_of(log, decks)
    faults = unknown_faces(log, deck)
    if faults:
        raise UnreadLog(faults, log.header)
    return log, deck


def _deck_of(log: GameLog, decks: DeckCache) -> Deck:
    """The deck a log is played with; :class:`LogError` if it cannot be read."""
    if decks.override is not None:
        where, inside = decks.override, None
    else:
        where = deck_location(log, log.folder, log.deck_line)
        inside = log.folder.resolve() if isinstance(where, Path) else None  # a folder beside the log
    try:
        deck = decks.get(where, inside)
    except DeckError as exc:
        faults = [Fault(log.path, log.deck_line, 0, f"the deck cannot be read: {f}") for f in exc.faults]
        raise UnreadLog(faults, log.header) from None
    return deck


class Observer:
    """Told of each step of a replay (see :mod:`hi5pnp.judge.replay`); the checker needs none."""

    def ahead(self, state: State, line: int) -> None:
        """The entry on ``line`` (a round's course, a turn) is next; raise to stop here."""

    def round_started(self, state: State, number: int) -> None: ...

    def turn_played(self, state: State, report: TurnReport, line: int) -> None: ...


def check_game(log: GameLog, deck: Deck, observer: Observer | None = None) -> Verdict:
    """Replay a read log on its deck: the verdict, and the game as far as it went."""
    verdict = _checked(log, deck, observer or Observer())
    if verdict.problem is not None and (log.teams or not log.adjudicated):
        own = log.edition or deck.edition
        other = next((n for n in EDITION_NUMBERS if n != own), None)
        if other is not None and _checked(replace(log, edition=other), deck, Observer()).valid:
            verdict.valid_under_edition = other
    return verdict


def _checked(log: GameLog, deck: Deck, observer: Observer) -> Verdict:
    verdict = Verdict(log.path, log=log)
    try:
        _replay(log, deck, verdict, observer)
    except _Stop as stop:
        verdict.stopped = stop.problem
        verdict.problem = verdict.problem or stop.problem  # a written value met earlier stays the error
    return verdict


def _rules(line: int, why: Illegal, turn: str = "", where: str = "", position: State | None = None) -> _Stop:
    return _Stop(Problem(line, "rules", str(why), turn, where, position))


def _turn_fault(line: int, why: Illegal, rnd: LogRound, number: int, k: int, state: State) -> _Stop:
    """The fault of the ``k``-th turn (from 0) of round ``number``, in the position it was played in."""
    ended = state.is_terminal() or state.needs_course()
    where = _("round %(round)d, turn %(turn)d") % {"round": number, "turn": k + 1}
    return _Stop(Problem(line, "rules", str(why), rnd.turn_text(k), where, state, (number, k + 1), ended))


def _replay(log: GameLog, deck: Deck, verdict: Verdict, observer: Observer) -> None:
    if not log.teams and log.adjudicated is not None:  # a result ruled for a game never played
        if verdict.bye:
            return  # a bye: nothing to replay, nothing wrong
        raise _Stop(Problem(log.adjudicated.line, "rules", _("no game is recorded, only the result the judge ruled")))
    try:  # the engine judges the teams (and each course below) as it sets them out: once
        state = State(deck, log.teams, log.first, log.edition)
    except RulesError:  # every fault of the set-up, and the one the log writes first

        def line(why: Illegal) -> int:
            seat = why.seat or SEATS[0]
            return log.team_lines[seat] if why.entry is None else log.team_item_lines[seat][why.entry]

        first = min(setup_problems(deck, log.teams), key=line)
        raise _rules(line(first), first) from None
    verdict.state = state
    for number, rnd in enumerate(log.rounds, 1):
        observer.ahead(state, rnd.course_line)
        try:
            state.lay_course(rnd.course)
        except RulesError as exc:
            course_fault = exc.illegal
            at = rnd.course_line if course_fault.entry is None else rnd.course_lines[course_fault.entry]
            if not state.is_terminal():
                raise _rules(at, course_fault) from None
            _after_the_end(verdict, _rules(at, course_fault).problem)  # an extra round
            break
        observer.round_started(state, number)
        _play_round(state, rnd, number, observer, verdict)
        _check_recorded_round(state, rnd, number, verdict)
        if verdict.stopped is not None:  # turns written after the game ended: the rest is not played
            break
    unfinished = state.why_game_incomplete()
    if unfinished is not None:
        raise _rules(log.rounds_line, unfinished)
    _check_result(state, log, verdict)


def _after_the_end(verdict: Verdict, problem: Problem) -> None:
    """A line after the game ended: the fault (unless one came before), though
    the game's written values are still compared."""
    verdict.stopped = problem
    verdict.problem = verdict.problem or problem


def _play_round(state: State, rnd: LogRound, number: int, observer: Observer, verdict: Verdict) -> None:
    # an observer that is told nothing (the checker's own) costs nothing a turn: no call, no report made
    watched, told = type(observer).ahead is not Observer.ahead, type(observer).turn_played is not Observer.turn_played
    if not watched and not told:  # the checker's own: the round's turns in one call
        k, refused = state.push_all(rnd.turns)
        if refused is not None:
            _refused(state, rnd, number, k, refused, verdict)
            return
    else:
        for k, (turn, line) in enumerate(zip(rnd.turns, rnd.turn_lines)):
            if watched:
                observer.ahead(state, line)
            try:
                report = state.apply(turn)
            except RulesError as exc:
                _refused(state, rnd, number, k, exc.illegal, verdict)
                return
            observer.turn_played(state, report, line)
    why = state.why_round_incomplete()
    if why is not None:
        raise _rules(rnd.course_line, why, "", _("round %(round)d") % {"round": number}, state)


def _refused(state: State, rnd: LogRound, number: int, k: int, why: Illegal, verdict: Verdict) -> None:
    """The ``k``-th turn (from 0) of round ``number`` was refused: the engine
    changed nothing, so the state is the position it was played in. Raises
    the fault, unless the game was over (the round's values are still compared)."""
    stop = _turn_fault(rnd.turn_lines[k], why, rnd, number, k, state)
    if state.is_terminal():
        _after_the_end(verdict, stop.problem)  # the game is over: its round's values are still compared
        return
    if state.needs_course():  # the round had ended: its written values are compared, then the replay stops
        verdict.problem = verdict.problem or stop.problem
        _check_recorded_round(state, rnd, number, verdict)
    raise stop from None


def _compare(verdict: Verdict, name: str, what: str, computed: Any) -> None:
    """Note a value the log may write; the first that differs is the error unless a fault came before."""
    w = verdict.log.written.get(name) if verdict.log is not None else None
    record = Record(w.line, name, what, w.value, computed, w.slip) if w is not None else Record(0, name, what, None, computed)
    verdict.compared.append(record)
    if record.differs and verdict.problem is None:
        verdict.problem = Problem(record.line, "record", record.words())


def _check_recorded_round(state: State, rnd: LogRound, number: int, verdict: Verdict) -> None:
    result = state.last_result()
    _compare(verdict, f"rounds[{number}].finish", _("round %(round)d, finish") % {"round": number}, list(result.finish))
    if verdict.log is not None and f"rounds[{number}].points" in verdict.log.written:  # not a mapping at all
        _compare(verdict, f"rounds[{number}].points", _("round %(round)d, points") % {"round": number}, dict(result.points))
    for seat in SEATS:
        said = {"round": number, "seat": seat_words(seat)}
        _compare(verdict, f"rounds[{number}].points.{seat}", _("round %(round)d, %(seat)s's points") % said, result.points[seat])


def _check_result(state: State, log: GameLog, verdict: Verdict) -> None:
    computed = {"columns": state.complete_columns(), "score": state.scores()}
    for key, whole, each in (
        ("columns", _("the complete trait columns"), _("%(seat)s's complete trait columns")),
        ("score", _("the total"), _("%(seat)s's total")),
    ):
        if f"result.{key}" in log.written:  # not a mapping at all
            _compare(verdict, f"result.{key}", whole, dict(computed[key]))
        for seat in SEATS:
            _compare(verdict, f"result.{key}.{seat}", each % {"seat": seat_words(seat)}, computed[key][seat])
    _compare(verdict, "result.winner", _("the winner"), state.winner())
