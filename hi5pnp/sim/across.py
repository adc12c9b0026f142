"""Several bots on the same games: does a rate flagged under one bot differ
under another, or is it noise?

Game *i* is dealt from ``(seed, i)`` alone, so each bot plays the same deal
(the same teams, sides and courses); only the play differs. One run plays
game *i* under every bot (:class:`BotGames`): each bot's totals are the
totals it would have alone, and for each pair of bots, the paired sums of
each rate (:class:`.paired.Pairs`, bot A's game against bot B's). A rate
flagged by some bot is then compared between every pair of bots with a
paired interval; the tests (every flagged rate, every pair of bots) are
Holm-corrected together, and each says "the bots agree" (no difference
surely) or "A and B differ by X points (interval)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ..deck import Deck
from . import executor
from .executor import Progress
from .paired import Pairs
from .run import Plan, new_summary, play_one
from .stats import Summary, holm, two_sided_p, z_for


@dataclass
class BotTotals:
    """Each bot's totals, and each pair of bots' paired sums (by their indexes)."""

    summaries: list[Summary]
    pairs: dict[tuple[int, int], Pairs]

    def merge(self, more: BotTotals) -> None:
        for mine, theirs in zip(self.summaries, more.summaries):
            mine.merge(theirs)
        for key, p in more.pairs.items():
            self.pairs[key].merge(p)


@dataclass(frozen=True)
class BotGames:
    """The work of several bots on one deck (:class:`.executor.Work`): game *i* under each plan."""

    deck: Deck
    plans: tuple[Plan, ...]

    @property
    def games(self) -> int:
        return self.plans[0].games

    def block(self, start: int, stop: int) -> BotTotals:
        n = len(self.plans)
        totals = BotTotals([new_summary(self.deck) for _ in self.plans], {k: Pairs() for k in combinations(range(n), 2)})
        for index in range(start, stop):
            records = [play_one(self.deck, plan, index) for plan in self.plans]
            for summary, rec in zip(totals.summaries, records):
                summary.add(rec)
            for (a, b), pairs in totals.pairs.items():
                pairs.add(records[a], records[b])
        return totals


def play(deck: Deck, plans: Sequence[Plan], jobs: int | None = None, progress: Progress | None = None, scheduler: str | None = None) -> BotTotals:
    """Every plan's games (the same games, each under its bots) in one run."""
    return executor.run(BotGames(deck, tuple(plans)), jobs, progress, scheduler)


class Difference(NamedTuple):
    """A rate under bot ``a`` minus under bot ``b`` (0-1), with its interval
    (Holm-corrected with the other tests), and whether they surely differ."""

    a: str
    b: str
    change: float
    low: float
    high: float
    differ: bool

    def describe(self) -> str:
        span = f"{self.low * 100:+.1f} to {self.high * 100:+.1f}"
        if self.differ:
            return f"{self.a} and {self.b} differ by {self.change * 100:+.1f} points ({span})"
        return f"the bots agree ({self.a} minus {self.b}: {self.change * 100:+.1f} points, {span})"


def differences(labels: Sequence[str], totals: BotTotals, rates: Sequence[str]) -> dict[str, list[Difference]]:
    """For each of ``rates`` (faces' ids, or :data:`.paired.FIRST`), each pair
    of bots' paired difference; Holm over every test made."""
    tests = {}
    for rate in rates:
        for a, b in totals.pairs:
            unit = totals.pairs[(a, b)].change(rate, 1.0)
            if unit.low <= -1 and unit.high >= 1:
                continue  # not played under both
            error = unit.high - unit.change
            p = two_sided_p(unit.change / error) if error > 0 else (0.0 if unit.change else 1.0)
            tests[(rate, a, b)] = (unit.change, error, p)
    levels = holm({f"{r}|{a}|{b}": t[2] for (r, a, b), t in tests.items()})
    out: dict[str, list[Difference]] = {}
    for (rate, a, b), (change, error, _) in tests.items():
        level, differ = levels[f"{rate}|{a}|{b}"]
        half = z_for(1 - level) * error
        out.setdefault(rate, []).append(Difference(labels[a], labels[b], change, max(-1.0, change - half), min(1.0, change + half), differ))
    return out


def said(diffs: Sequence[Difference]) -> str:
    """The bots' differences on one rate, in words: "the bots agree" when none surely differs."""
    differ = [d.describe() for d in diffs if d.differ]
    if differ:
        return "; ".join(differ)
    if len(diffs) == 1:
        return diffs[0].describe()
    return "the bots agree (no pair surely differs)"
