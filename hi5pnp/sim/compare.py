"""``simulate --compare OTHER``: did an edit help? Both decks play the same
games, game *i* on each from ``(seed, i)`` alone, so where their cards match
by card number the deal and the side choices are the same (common random
numbers) and the difference is the edit, not the noise. The change of each
rate comes with a paired 95 % interval (:mod:`.paired`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..deck import Deck
from ..errors import OptionError
from . import executor
from .executor import Progress
from .paired import FIRST, Change, Pairs
from .run import Plan, new_summary, play_one
from .stats import Z95, Summary, holm, two_sided_p

__all__ = ["Change", "Comparison", "compare"]


@dataclass
class Comparison:
    """This deck against the other over the same games: each rate's change
    (this deck minus the other, 0-1) with its paired 95 % interval."""

    games: int
    summary: Summary  # this deck's games
    other: Summary  # the other deck's
    first_player: Change  # the first player's win rate of decided games
    faces: dict[str, Change]  # team win rate, for every face of this deck the other also has
    errors: dict[str, float] = field(default_factory=dict)  # each change's standard error (a face's id, or FIRST)

    def sure(self) -> set[str]:
        """The rates (faces' ids, and :data:`FIRST`) whose change is surely not
        0: each change tested against 0, Holm-corrected over all the rates
        compared (so a deck against an identical copy stars nothing, bar one
        time in twenty). A face one deck never dealt is not tested."""
        known = {k: c for k, c in ((FIRST, self.first_player), *self.faces.items()) if not (c.low <= -1 and c.high >= 1)}
        p = {k: two_sided_p(c.change / e) if (e := self.error(k)) > 0 else (0.0 if c.change else 1.0) for k, c in known.items()}
        return {k for k, (_, rejected) in holm(p).items() if rejected}

    def error(self, key: str) -> float:
        """A change's standard error: as kept, else read from its 95 % interval."""
        if key in self.errors:
            return self.errors[key]
        c = self.first_player if key == FIRST else self.faces[key]
        return (c.high - c.low) / (2 * Z95)


@dataclass
class PairedTotals:
    """A block's totals: each deck's, and the pairs' (:class:`.paired.Pairs`)."""

    mine: Summary
    other: Summary
    pairs: Pairs

    def merge(self, more: PairedTotals) -> None:
        self.mine.merge(more.mine)
        self.other.merge(more.other)
        self.pairs.merge(more.pairs)


@dataclass(frozen=True)
class PairedGames:
    """The work of a comparison (:class:`.executor.Work`): game *i* on both decks."""

    deck: Deck
    other: Deck
    plan: Plan

    @property
    def games(self) -> int:
        return self.plan.games

    def block(self, start: int, stop: int) -> PairedTotals:
        totals = PairedTotals(new_summary(self.deck), new_summary(self.other), Pairs())
        for index in range(start, stop):
            mine, theirs = play_one(self.deck, self.plan, index), play_one(self.other, self.plan, index)
            totals.mine.add(mine)
            totals.other.add(theirs)
            totals.pairs.add(mine, theirs)
        return totals


def compare(deck: Deck, other: Deck, plan: Plan, jobs: int | None = None, progress: Progress | None = None, scheduler: str | None = None) -> Comparison:
    """Play the plan's games on ``deck`` and on ``other`` and compare them,
    rate by rate (``jobs``, ``progress``, ``scheduler`` as for
    :func:`.run.simulate`; ``progress`` counts games of both decks, each
    pair once). A deck compared with an identical copy of itself gives change
    0 with interval [0, 0] for every rate."""
    if plan.logs is not None:
        raise OptionError("logs: a comparison saves no logs; save them with a run of one deck")
    return comparison_of(deck, other, executor.run(PairedGames(deck, other, plan), jobs, progress, scheduler))


def comparison_of(deck: Deck, other: Deck, totals: PairedTotals) -> Comparison:
    """The comparison the paired totals of ``deck`` against ``other`` give."""
    theirs = {f.id for f in other.competitor_faces()}
    faces = {f.id: totals.pairs.change(f.id) for f in deck.competitor_faces() if f.id in theirs}
    errors = {key: totals.pairs.change(key, 1.0).high - totals.pairs.change(key, 1.0).change for key in (*faces, FIRST)}
    return Comparison(totals.pairs.games, totals.mine, totals.other, totals.pairs.change(FIRST), faces, errors)
