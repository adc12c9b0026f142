"""A game log stepped through on the board, turn by turn: the checker
replays it (:func:`hi5pnp.judge.check.check_game`, the one judge) and this
module keeps the position at each step: where each round begins, after
each turn, and, where the verdict stops at a fault, the position the
faulty turn was refused in, with that turn and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..deck import Deck
from ..judge.check import Observer, Verdict, check_game
from ..judge.log import GameLog
from ..language import _
from ..rules import State, TurnReport
from .menu import turn_words


@dataclass(frozen=True)
class Step:
    """One step of a replay: the position, and how it came about."""

    state: State
    line: int  # the log's line of the turn played (0: a round's start)
    turn: str  # the turn as written ("" at a round's start)
    said: str  # what the step was, in words
    round: int
    fault: str = ""  # the verdict's fault, on the faulty turn's step
    face: str = ""  # the competitor that moved, or is in dispute


@dataclass
class _Steps(Observer):
    words: Deck | None
    steps: list[Step] = field(default_factory=list)
    before: State | None = None

    def ahead(self, state: State, line: int) -> None:
        self.before = state.copy()  # the position a turn is played in, for its words

    def round_started(self, state: State, number: int) -> None:
        said = _("Round %(round)d begins: %(headline)s") % {"round": number, "headline": state.headline()}
        self.steps.append(Step(state.copy(), 0, "", said, number))

    def turn_played(self, state: State, report: TurnReport, line: int) -> None:
        before = self.before
        told = turn_words(before, report.turn, self.words) if before is not None else ""
        said = _("%(seat)s: %(words)s") % {"seat": _(str(report.seat)), "words": told}
        self.steps.append(Step(state.copy(), line, str(report.turn), said, report.round, face=report.turn.face))


def replay_steps(log: GameLog, deck: Deck, words: Deck | None = None) -> tuple[list[Step], Verdict]:
    """Each step of ``log`` played on ``deck`` (its names as ``words`` gives
    them), and the checker's verdict; a turn the rules refuse is the last
    step, in the position it was refused in, with the fault."""
    observer = _Steps(words)
    verdict = check_game(log, deck, observer)
    steps = observer.steps
    stop = verdict.stopped
    if stop is not None and stop.position is not None:
        face = stop.turn.split()[0].lower() if stop.turn else ""
        rnd = steps[-1].round if steps else 1
        steps.append(Step(stop.position, stop.line, stop.turn, stop.where, rnd, fault=stop.message, face=face))
    return steps, verdict
