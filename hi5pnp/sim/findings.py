"""How the report reads a set of runs (a run a bot or a pairing of bots):
each run's verdict in three states, the intervals it judges on, and which
faces are flagged, each with the bots that flag it.

The states: *fair* when every rate and its whole interval lie inside their
windows, *not fair* when some rate's whole interval lies outside, otherwise
*undecided* (more games would tell). Several runs are as fair as the least
fair of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..deck import Deck
from .balance import Finding, Verdict
from .stats import Z95, Summary, interval, z_for

FAIR, UNDECIDED, NOT_FAIR = "fair", "undecided", "not fair"
STATES = (FAIR, UNDECIDED, NOT_FAIR)  # best first
Span = tuple[float, float]


class Run(NamedTuple):
    label: str  # the bot, or "north v south"
    summary: Summary
    verdict: Verdict


def run_label(north: str, south: str) -> str:
    """A run's name: the bot when both seats have it, else ``north v south``."""
    return north if north == south else f"{north} v {south}"


def face_label(deck: Deck, face: str) -> str:
    """A face's id and name, as the report lists it."""
    comp = deck.competitor_face(face)
    return f"{face}  {comp.name}" if comp else face


def first_rate(s: Summary) -> tuple[float, Span, int]:
    """The first player's win rate of decided games, its 95 % interval, and the decided games."""
    decided = s.first_wins + s.first_losses
    return s.first_wins / max(1, decided), interval(s.first_wins, decided, Z95), decided


def face_interval(s: Summary, face: str) -> Span:
    """A face's win-rate interval as the verdict judges it: 95 % for all the run's faces together."""
    fc = s.faces[face]
    return interval(fc.hits, fc.games, z_for(1 - 0.05 / max(1, len(s.faces))))


def _inside(rate: float, span: Span, window: Span) -> bool:
    lo, hi = window[0] / 100, window[1] / 100
    return lo <= span[0] and span[1] <= hi and lo <= rate <= hi


def state_of(run: Run) -> str:
    """The run's verdict: fair, undecided or not fair."""
    given = getattr(run.verdict, "state", None)
    if given in STATES:
        return str(given)
    # the verdict of a balance without the tri-state: the same rule, worked out here
    if not run.verdict.fair:
        return NOT_FAIR
    s, bounds = run.summary, run.verdict.bounds
    rate, span, decided = first_rate(s)
    inside = run.verdict.findings == [] and (decided == 0 or _inside(rate, span, bounds.first_player))
    inside = inside and all(_inside(fc.score, face_interval(s, face), bounds.face_win_rate) for face, fc in s.faces.items())
    return FAIR if inside else UNDECIDED


def overall(states: Sequence[str]) -> str:
    """The least fair of the states (fair when there are none)."""
    return max(states, key=STATES.index, default=FAIR)


def flagged(runs: Sequence[Run]) -> dict[str, list[tuple[str, Finding]]]:
    """Each face some run's verdict flags, worst first (surely outside before
    possibly, then the farthest from the window), with each run that flags it."""
    out: dict[str, list[tuple[str, Finding]]] = {}
    for run in runs:
        for f in run.verdict.faces:
            out.setdefault(f.what, []).append((run.label, f))

    def worst(item: tuple[str, list[tuple[str, Finding]]]) -> tuple[bool, float, str]:
        fs = [f for _, f in item[1]]
        return (not any(f.sure for f in fs), -max(_outside_by(f.rate, f.window) for f in fs), item[0])

    return dict(sorted(out.items(), key=worst))


def _outside_by(rate: float, window: Span) -> float:
    """How far ``rate`` lies outside ``window`` (percent), negative inside: the margin left."""
    lo, hi = window[0] / 100, window[1] / 100
    return max(lo - rate, rate - hi)


def nearest_edge(runs: Sequence[Run], count: int = 3) -> list[str]:
    """The ``count`` faces whose estimate, under some run, lies nearest an edge of its window."""
    near: dict[str, float] = {}
    for run in runs:
        window = run.verdict.bounds.face_win_rate
        for face, fc in run.summary.faces.items():
            near[face] = max(near.get(face, -1.0), _outside_by(fc.score, window))
    return sorted(near, key=lambda f: (-near[f], f))[:count]
