"""Several decks against one, on the same games: ``tune``'s screening and
confirming. Game *i* is played once on the deck as it is and once on each
edited deck, all from ``(seed, i)`` alone, so each edited deck's change is
paired with the same games (:mod:`.paired`), and the deck as it is plays
each game once for them all. The games may start past 0 (``first``), so a
deck kept in a race plays the games after those it has played, and its
totals add up (:meth:`.compare.PairedTotals.merge`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...deck import Deck
from .. import executor
from ..compare import PairedTotals
from ..executor import Progress
from ..paired import Pairs
from ..run import Plan, new_summary, play_one, prepare


@dataclass
class RaceTotals:
    """A block's totals: each edited deck's paired totals against the deck as it is."""

    each: list[PairedTotals]

    def merge(self, more: RaceTotals) -> None:
        for mine, theirs in zip(self.each, more.each):
            mine.merge(theirs)


@dataclass(frozen=True)
class RaceGames:
    """The work of a race (:class:`.executor.Work`): games ``first`` to
    ``first + plan.games`` on ``base`` and on each of ``decks``."""

    base: Deck
    decks: tuple[Deck, ...]
    plan: Plan
    first: int = 0

    @property
    def games(self) -> int:
        return self.plan.games

    def block(self, start: int, stop: int) -> RaceTotals:
        totals = RaceTotals([PairedTotals(new_summary(d), new_summary(self.base), Pairs()) for d in self.decks])
        for index in range(self.first + start, self.first + stop):
            theirs = play_one(self.base, self.plan, index)
            for deck, t in zip(self.decks, totals.each):
                mine = play_one(deck, self.plan, index)
                t.mine.add(mine)
                t.other.add(theirs)
                t.pairs.add(mine, theirs)
        return totals


def race(
    base: Deck,
    decks: Sequence[Deck],
    plan: Plan,
    first: int = 0,
    jobs: int | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> list[PairedTotals]:
    """Games ``first`` to ``first + plan.games`` of the plan on ``base`` and
    on each of ``decks``: each deck's paired totals against ``base``."""
    if not decks:
        return []
    if scheduler is None:
        prepare(base, plan)
    return executor.run(RaceGames(base, tuple(decks), plan, first), jobs, progress, scheduler).each


class Games:
    """The games a tuning has played so far, and those it foresees, for the progress line."""

    def __init__(self, progress: Progress | None, total: int):
        self.progress, self.played, self.total, self.shown = progress, 0, total, 0

    def reporter(self, per_game: int) -> Progress:
        """A race's progress (``per_game`` games played at each of its game numbers) as the tuning's."""

        def report(done: int, _games: int) -> None:
            self.shown = self.played + done * per_game
            if self.progress:
                self.progress(min(self.shown, self.total), max(self.total, self.shown))

        return report
