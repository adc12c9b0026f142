"""What ``hi5pnp tune`` finds: plans of edits (:class:`EditPlan`), each
plan's paired totals in the screening race (:class:`Screened`) and after
its confirming games (:class:`Judged`), and the whole search
(:class:`Tuning`), with each rate before and after a plan
(:class:`Estimate`), and the promise of the plan put first, judged on
fresh games (:class:`.promise.Promise`). The search itself is :mod:`.tuner`'s."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from ...deck import Deck
from ...errors import OptionError
from ..balance import Window, Windows
from ..compare import Change, Comparison, PairedTotals, comparison_of
from ..findings import outside_by
from ..paired import FIRST
from ..run import Plan
from ..stats import Summary, interval
from .edits import Candidate, Way
from .promise import Promise


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
class EditPlan:
    """Edits made one after another (each on the deck the ones before made)."""

    edits: tuple[Candidate, ...]

    @property
    def deck(self) -> Deck:
        return self.edits[-1].deck

    @property
    def face(self) -> str:
        return self.edits[0].face

    @property
    def what(self) -> str:
        return "; ".join(c.what for c in self.edits)

    @property
    def key(self) -> tuple[object, ...]:
        """The deck the plan makes, as the rules tell decks apart (gems by
        colour, a column's boxes in any order): plans that make the same deck are one."""
        deck = self.deck
        faces = tuple((f.id, tuple(sorted(f.gems)), tuple(tuple(sorted(col)) for col in f.matrix)) for f in deck.competitor_faces())
        return (faces, tuple((o.id, o.color, o.trait) for o in deck.obstacle_faces()))


@dataclass
class Screened:
    """A plan in the screening race: its paired totals so far, and why it left the race ("" if it did not)."""

    plan: EditPlan
    totals: PairedTotals | None = None
    dropped: str = ""
    _seen: Comparison | None = field(default=None, repr=False)

    def add(self, more: PairedTotals, base: Deck) -> None:
        if self.totals is None:
            self.totals = more
        else:
            self.totals.merge(more)
        self._seen = comparison_of(self.plan.deck, base, self.totals)

    @property
    def comparison(self) -> Comparison:
        if self._seen is None:
            raise OptionError("a plan not yet screened has no comparison")
        return self._seen

    @property
    def target(self) -> Change:
        return self.comparison.faces[self.plan.face]


@dataclass(frozen=True)
class Judged:
    """A plan after its confirming games: why it is not proposed ("" when it is)."""

    plan: EditPlan
    comparison: Comparison
    why_not: str = ""

    @property
    def target(self) -> Change:
        return self.comparison.faces[self.plan.face]


@dataclass
class Tuning:
    """What ``tune`` found: the baseline, the face tuned, and the plans judged."""

    deck: Deck
    plan: Plan  # the baseline's games
    windows: Windows
    baseline: Summary
    face: str  # the face tuned
    way: Way  # "raise": it wins too little; "lower": too much
    outside: list[str]  # faces whose baseline estimate is outside the window, most surely outside first
    screen: Plan
    confirm: Plan
    surely: list[str] = field(default_factory=list)  # those surely outside (Holm over the faces)
    screened: list[Screened] = field(default_factory=list)  # every plan raced, in the order raced
    confirmed: list[Judged] = field(default_factory=list)  # best first
    top: int = 3
    asked: bool = False  # the face was named (--face), not chosen
    budget: int | None = None  # the fresh games the plan put first plays at most (None: the default)
    promise: Promise | None = None  # the plan put first, judged again on fresh games (None: no plan proposed)

    @property
    def proposals(self) -> list[Judged]:
        """The confirmed plans proposed, best first, at most ``top``."""
        return [j for j in self.confirmed if not j.why_not][: self.top]

    @property
    def needs_tuning(self) -> bool:
        """Some face's estimate is outside its window in the baseline."""
        return bool(self.outside)

    def reaches(self, judged: Judged | Screened) -> bool:
        """Whether the tuned face's estimate after the plan lies inside its window."""
        return after_outside(self, judged.target) == 0

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


def past_window(rate: float, window: Window) -> float:
    """How far ``rate`` (0-1) lies outside ``window`` (percent), 0-1: 0 inside."""
    return max(outside_by(rate, window), 0.0)


def from_middle(rate: float, window: Window) -> float:
    return abs(rate - (window[0] + window[1]) / 200)


def after_outside(tuning: Tuning, target: Change) -> float:
    """How far the tuned face's estimate after a plan lies outside its window (0-1; 0 inside)."""
    return past_window(tuning.rate(tuning.face) + target.change, tuning.windows.face_win_rate)
