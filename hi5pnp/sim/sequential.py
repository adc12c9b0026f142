"""``simulate --until-decided``: play in batches until every rate is decided.

A rate is *decided* when its interval lies wholly inside its window or
wholly outside it (:attr:`.balance.Verdict.decided`). Looking at the rates
after each batch and stopping once they are decided is a sequential test:
judged at 95 % at every look, a fair deck would be called unfair far more
often than one run in twenty, since each look is another chance for noise.
So the looks are planned before a game is played (:func:`looks`: the first
batch, then doubling to the cap) and the error rate is split evenly over
them (Bonferroni): with K looks planned, each look judges its intervals
for ``0.05 / K`` (the faces' together, as at one look), so the chance that
any look of the run declares a rate wrongly stays under 5 %, whenever the
run stops.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..deck import Deck
from ..errors import OptionError
from .balance import BalanceVerdict, Windows, judge
from .executor import Progress
from .run import Plan, simulate
from .stats import Summary

ALPHA = 0.05
FIRST_BATCH = 1000
MOST_GAMES = 64_000  # the cap when none is given: seven looks, 1,000 to 64,000 games


def looks(first: int, cap: int) -> list[int]:
    """The games played by each planned look: ``first``, then doubling, the last at ``cap``."""
    if not 1 <= first <= cap:
        raise OptionError(f"games: the first batch ({first}) must be at least 1 and at most the cap ({cap})")
    out = [first]
    while out[-1] < cap:
        out.append(min(cap, 2 * out[-1]))
    return out


@dataclass
class Sequential:
    """A run played in batches: its totals, its verdict at the last look, and the looks."""

    summary: Summary
    verdict: BalanceVerdict
    looks: list[int]  # planned: games after each look
    done: int  # looks made

    @property
    def alpha(self) -> float:
        """The error rate each look's intervals are made for."""
        return ALPHA / len(self.looks)


def until_decided(
    deck: Deck,
    plan: Plan,
    bounds: Windows,
    cap: int,
    jobs: int | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Sequential:
    """Play ``plan.games``, then twice as many, and so on up to ``cap`` games,
    until every rate is decided; judged at each look for ``0.05 / looks``."""
    planned = looks(plan.games, cap)
    alpha = ALPHA / len(planned)
    summary = simulate(deck, plan, jobs, progress, scheduler)
    verdict, done = judge(summary, bounds, alpha), 1
    while not verdict.decided and done < len(planned):
        played, games = planned[done - 1], planned[done]

        def report(d: int, _g: int, before: int = played, total: int = games) -> None:
            if progress:
                progress(before + d, total)

        summary.merge(simulate(deck, replace(plan, games=games - played), jobs, report, scheduler, first=played))
        verdict, done = judge(summary, bounds, alpha), done + 1
    return Sequential(summary, verdict, planned, done)
