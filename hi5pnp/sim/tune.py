"""``hi5pnp tune``: which small edit brings a face back inside its window?

1. **Baseline**: the deck plays the plan's games (seed S); each face's team
   win rate is judged on the designer's window (:mod:`.balance`). The face
   tuned is the one furthest outside its window, or, when none is outside,
   the one nearest an edge (or the face asked for).
2. **Screening**: every candidate edit for that face (:mod:`.edits`) plays a
   tenth of the baseline's games against the current deck, paired
   (:func:`.compare.compare`: the same games on both decks), from seed S + 1.
3. **Confirming**: the best few by screening (one more than the proposals
   asked for) play half the baseline's games each, paired, from seed
   S + 2, so that an edit is not chosen on the noise it was screened on.

A rate after an edit is its baseline rate plus the paired change. An edit
is proposed when the tuned face's change is sure (its 95 % interval
excludes 0) and the right way, and leaves the face not past the window's
other edge; it is rejected when it puts another face, or the first player,
outside its window by a change that is sure (the interval excludes 0):
without that test a change of nothing would be rejected for the noise of a
face near an edge. Proposals come best first: inside the window first,
then nearest its middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..deck import Deck
from ..errors import OptionError, check_number
from . import MOST_SEED
from .balance import Window, Windows, bounds_of
from .compare import Change, Comparison, compare
from .edits import Candidate, Way, candidates
from .executor import Progress
from .findings import outside_by
from .paired import FIRST
from .run import Plan, simulate
from .stats import Summary, interval

SCREEN_SHARE = 10  # a screened candidate plays 1/10 of the baseline's games, paired
CONFIRM_SHARE = 2  # a confirmed one 1/2
LEAST_GAMES = 20  # and at least this many
MOST_TOP = 20
USUAL_EDITS = 25  # about the edits a face gets (20 to 35 on the bundled deck): the games foreseen until the face is chosen


class Estimate(NamedTuple):
    """A rate before and after an edit (0-1), with 95 % intervals, and its paired change."""

    before: float
    before_low: float
    before_high: float
    change: Change
    after: float
    low: float
    high: float


@dataclass(frozen=True)
class Judged:
    """A candidate after its paired games: the tuned face's change, the
    first player's, and why it is not proposed ("" when it is)."""

    candidate: Candidate
    comparison: Comparison
    why_not: str = ""

    @property
    def target(self) -> Change:
        return self.comparison.faces[self.candidate.face]


@dataclass
class Tuning:
    """What ``tune`` found: the baseline, the face tuned, and the candidates judged."""

    deck: Deck
    plan: Plan  # the baseline's plan
    windows: Windows
    baseline: Summary
    face: str  # the face tuned
    way: Way  # "raise": it wins too little; "lower": too much
    outside: list[str]  # faces whose baseline rate is outside the window, furthest first
    screen: Plan
    confirm: Plan
    screened: list[Judged] = field(default_factory=list)  # every candidate, best by screening first
    confirmed: list[Judged] = field(default_factory=list)  # the best few, best first
    top: int = 3
    asked: bool = False  # the face was named (--face), not chosen

    @property
    def proposals(self) -> list[Judged]:
        """The confirmed edits proposed, best first, at most ``top``."""
        return [j for j in self.confirmed if not j.why_not][: self.top]

    @property
    def needs_tuning(self) -> bool:
        """Some face is outside its window in the baseline."""
        return bool(self.outside)

    def counts(self, what: str) -> tuple[float, int]:
        """A rate's hits and games in the baseline: a face's team wins (a
        draw counting half), or the first player's (:data:`FIRST`) wins of decided games."""
        if what == FIRST:
            return self.baseline.first_wins, self.baseline.first_wins + self.baseline.first_losses
        count = self.baseline.faces.get(what)
        return (count.hits, count.games) if count else (0.0, 0)

    def rate(self, what: str) -> float:
        """A rate of the baseline, 0-1 (one half when nothing counted for it)."""
        hits, games = self.counts(what)
        return hits / games if games else 0.5

    def interval(self, what: str) -> tuple[float, float]:
        """A rate's 95 % interval in the baseline."""
        return interval(*self.counts(what))

    def estimate(self, what: str, change: Change) -> Estimate:
        """A rate before an edit (the baseline's) and after it (plus the
        paired change), each with its 95 % interval: the one after counts the
        noise of both, the baseline's and the change's."""
        low, high = self.interval(what)
        before = self.rate(what)
        spread = math.hypot((high - low) / 2, (change.high - change.low) / 2)
        after = before + change.change
        return Estimate(before, low, high, change, after, max(0.0, after - spread), min(1.0, after + spread))


def _outside_by(rate: float, window: Window) -> float:
    """How far ``rate`` (0-1) lies outside ``window`` (percent): 0 inside."""
    return max(outside_by(rate, window), 0.0)


def _from_middle(rate: float, window: Window) -> float:
    return abs(rate - (window[0] + window[1]) / 200)


def choose_face(summary: Summary, windows: Windows, deck: Deck, face: str | None = None) -> tuple[str, Way, list[str]]:
    """The face to tune, which way, and the faces outside the window, furthest first."""
    window = windows.face_win_rate
    rates = {f: c.score for f, c in summary.faces.items() if c.games}
    outside = sorted((f for f, r in rates.items() if _outside_by(r, window)), key=lambda f: -_outside_by(rates[f], window))
    if face is not None:
        if deck.competitor_face(face) is None:
            raise OptionError(f"face: {face!r} is not a competitor face of the deck (its faces are 1a, 1b, ...)")
        if face not in rates:
            raise OptionError(f"face: {face} was not dealt in any game of the baseline; play more games")
        chosen = face
    elif outside:
        chosen = outside[0]
    elif rates:
        chosen = max(rates, key=lambda f: outside_by(rates[f], window))  # the nearest an edge: the least margin left
    else:
        raise OptionError("games: no face was played; play more games")
    way: Way = "raise" if rates[chosen] < (window[0] + window[1]) / 200 else "lower"
    return chosen, way, outside


def why_not(tuning: Tuning, comparison: Comparison, face: str) -> str:
    """Why a confirmed edit is not proposed, or "" when it is."""
    window, sign = tuning.windows.face_win_rate, 1 if tuning.way == "raise" else -1
    target = comparison.faces[face]
    after = tuning.rate(face) + target.change
    if not (sign * target.low > 0 and sign * target.high > 0):
        return f"{face}'s change is not sure to be the right way (its interval reaches 0)"
    if (after > window[1] / 100) if sign > 0 else (after < window[0] / 100):
        return f"it takes {face} past the other edge of its window, to {after * 100:.1f} %"
    moved = [(f, c, tuning.windows.face_win_rate) for f, c in comparison.faces.items() if f != face]
    moved.append((FIRST, comparison.first_player, tuning.windows.first_player))
    for what, change, win in moved:
        rate = tuning.rate(what) + change.change
        low_side, high_side = rate < win[0] / 100, rate > win[1] / 100
        if (low_side and change.high < 0) or (high_side and change.low > 0):
            return f"it moves {what} outside its window, to {rate * 100:.1f} % (change {change.change * 100:+.1f} points, sure)"
    return ""


def _rank(tuning: Tuning, judged: Judged) -> tuple[float, float]:
    """Smaller is better: how far outside the window the face ends, then how far from its middle."""
    after = tuning.rate(judged.candidate.face) + judged.target.change
    window = tuning.windows.face_win_rate
    return (_outside_by(after, window), _from_middle(after, window))


def stage_plans(plan: Plan) -> tuple[Plan, Plan]:
    """The screening and confirming plans of a baseline: fewer games, seeds of their own."""

    def games(share: int) -> int:
        return max(LEAST_GAMES, plan.games // share)

    screen = replace(plan, games=games(SCREEN_SHARE), seed=(plan.seed + 1) % (MOST_SEED + 1), logs=None)
    confirm = replace(plan, games=games(CONFIRM_SHARE), seed=(plan.seed + 2) % (MOST_SEED + 1), logs=None)
    return screen, confirm


def tune(
    deck: Deck,
    plan: Plan,
    top: int = 3,
    face: str | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Tuning:
    """Find the best few small edits for the face furthest outside its
    window (or ``face``), judged by paired games against ``deck`` (see the
    module's text). ``progress(played, games)`` as games are played."""
    check_number("top", top, 1, MOST_TOP, whole=True)
    if plan.logs is not None:
        raise OptionError("logs: tune saves no logs; save them with a run of one deck")
    screen, confirm = stage_plans(plan)
    played, total = 0, plan.games + 2 * (USUAL_EDITS * screen.games + (top + 1) * confirm.games)

    shown = 0  # the games last reported

    def report(done: int, _games: int, pairs: bool = True) -> None:
        nonlocal shown
        shown = played + done * (2 if pairs else 1)
        if progress:
            progress(shown, total)

    baseline = simulate(deck, plan, jobs, lambda d, g: report(d, g, False), scheduler)
    played = plan.games
    windows = bounds_of(deck)
    chosen, way, outside = choose_face(baseline, windows, deck, face)
    tuning = Tuning(deck, plan, windows, baseline, chosen, way, outside, screen, confirm, top=top, asked=face is not None)
    tried = candidates(deck, chosen, way)
    confirming = min(len(tried), top + 1)
    total = plan.games + 2 * (len(tried) * screen.games + confirming * confirm.games)
    sign = 1 if way == "raise" else -1
    for candidate in tried:
        tuning.screened.append(Judged(candidate, compare(candidate.deck, deck, screen, jobs, report, scheduler)))
        played += 2 * screen.games
    tuning.screened.sort(key=lambda j: (sign * j.target.change <= 0, _rank(tuning, j)))
    for judged in tuning.screened[:confirming]:
        if sign * judged.target.change <= 0:
            total -= 2 * confirm.games  # no candidate left that moved the face the right way
            continue
        comparison = compare(judged.candidate.deck, deck, confirm, jobs, report, scheduler)
        played += 2 * confirm.games
        tuning.confirmed.append(Judged(judged.candidate, comparison, why_not(tuning, comparison, chosen)))
    tuning.confirmed.sort(key=lambda j: (bool(j.why_not), _rank(tuning, j)))
    if progress and shown < total:
        progress(total, total)
    return tuning
