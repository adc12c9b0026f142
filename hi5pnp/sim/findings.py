"""How the report reads a set of runs (a run a bot or a pairing of bots):
the verdict over them all (:class:`~.balance.Agreement`: as fair as the
least fair), the intervals the verdict judges on, and the faces flagged,
each with the bots that flag it.

A face is *flagged* by a bot when its estimate lies outside the window
(surely or possibly so). A face whose estimate is inside but whose interval
reaches out keeps its run undecided without being flagged: with few games
that is every face, and the chart shows it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..deck import Deck
from .balance import Agreement, BalanceVerdict, Finding, Outcome
from .stats import Z95, Summary, interval

Span = tuple[float, float]


class Run(NamedTuple):
    label: str  # the bot, or "north v south"
    summary: Summary
    verdict: BalanceVerdict


def overall(runs: Sequence[Run]) -> Outcome:
    """The verdict over every run: the least fair of theirs."""
    return Agreement({r.label: r.verdict for r in runs}).state


def face_label(deck: Deck, face: str) -> str:
    """A face's id and name, as the report lists it."""
    comp = deck.competitor_face(face)
    return f"{face}  {comp.name}" if comp else face


def first_rate(s: Summary) -> tuple[float, Span, int]:
    """The first player's win rate of decided games, its 95 % interval, and the decided games."""
    decided = s.first_wins + s.first_losses
    return s.first_wins / max(1, decided), interval(s.first_wins, decided, Z95), decided


def outside_by(rate: float, window: Span) -> float:
    """How far ``rate`` (0-1) lies outside ``window`` (percent); negative inside: minus the margin left."""
    lo, hi = window[0] / 100, window[1] / 100
    return max(lo - rate, rate - hi)


def flags_of(run: Run) -> list[Finding]:
    """The faces the run's verdict flags, worst first."""
    return [f for f in run.verdict.faces if f.flags]


def flagged(runs: Sequence[Run]) -> dict[str, list[tuple[str, Finding]]]:
    """Each face some run flags, worst first (surely outside before possibly,
    then the farthest from the window), with each run that flags it."""
    out: dict[str, list[tuple[str, Finding]]] = {}
    for run in runs:
        for f in flags_of(run):
            out.setdefault(f.what, []).append((run.label, f))

    def worst(item: tuple[str, list[tuple[str, Finding]]]) -> tuple[bool, float, str]:
        fs = [f for _, f in item[1]]
        return (not any(f.sure for f in fs), -max(outside_by(f.rate, f.window) for f in fs), item[0])

    return dict(sorted(out.items(), key=worst))


def nearest_edge(runs: Sequence[Run], count: int = 3) -> list[str]:
    """The ``count`` faces whose estimate, under some run, lies nearest an edge of its window."""
    near: dict[str, float] = {}
    for run in runs:
        window = run.verdict.bounds.face_win_rate
        for face, fc in run.summary.faces.items():
            near[face] = max(near.get(face, -1.0), outside_by(fc.score, window))
    return sorted(near, key=lambda f: (-near[f], f))[:count]
