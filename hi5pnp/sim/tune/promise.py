"""Tune's promise, kept: the plan it puts first, judged again on games none
of the choosing played.

The plan put first is the winner of a race: of the plans confirmed, the one
whose estimate on the confirming games took the face nearest its window's
middle, so that estimate is lucky by its choosing (the winner's curse). So
the plan is chosen on one set of games and its promise judged on another:
the chosen plan alone plays fresh paired games (game *i* from ``(S + 3,
i)``; the baseline played seed S, screening S + 1, confirming S + 2), with
the deck as it is on the same games, and nothing of the choosing enters the
estimate: the face's rate after the plan is its rate on the plan's deck
over those fresh games alone.

The fresh games are played as ``simulate --until-decided`` plays
(:mod:`..sequential`): looks planned before a game is played (the first
batch, then doubling up to the budget) and the error rate split evenly over
them, each look's intervals made for ``0.05 / looks``. Two claims are
judged at each look, each with its own 5 %:

- **the face lands in its window**: decided when the face's interval lies
  inside its window ("lands in its window") or wholly outside ("misses its
  window"); at the budget's end, undecided: "probably, not sure" (or
  "probably not, not sure" when the estimate itself lies outside), with the
  interval.
- **it pushes no other face out**: for each other face, its interval on the
  plan's deck lies inside its window, or the plan surely moves it inward
  (its paired change's interval lies wholly on the side of the window's
  middle, or is 0 exactly: a face the plan cannot touch): it is kept. A
  face whose interval lies wholly outside, moved surely outward, is pushed
  out (or further out, if it was outside before). The intervals are made for the other faces
  together (Bonferroni: ``0.05 / (looks × faces)`` each). Decided when every
  face is kept ("pushes no other face out") or one is pushed out; at the
  budget's end the faces neither are named with their intervals.

The looks stop when both claims are decided (or the face surely misses its
window), or at the budget's end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ...deck import Deck
from .. import MOST_SEED
from ..balance import Window
from ..compare import Comparison, PairedTotals, comparison_of
from ..paired import Change
from ..run import Plan
from ..sequential import ALPHA, looks
from ..stats import interval, z_for
from .race import Games, race

SEED_STEP = 3  # the fresh games' seed: the baseline's plus 3 (screening played +1, confirming +2)
BUDGET_SHARE = 4  # the fresh games at most, by default: four times the baseline's

FaceVerdict = Literal["lands", "misses", "probably", "probably not"]
OthersVerdict = Literal["keeps", "pushes", "probably"]
Standing = Literal["kept", "pushed", "unsure"]

FACE_WORDS: dict[FaceVerdict, str] = {
    "lands": "lands in its window",
    "misses": "misses its window",
    "probably": "probably lands in its window, not sure",
    "probably not": "probably misses its window, not sure",
}


@dataclass(frozen=True)
class Fresh:
    """A face's rate on the plan's deck over the fresh games (0-1), its
    interval, its paired change against the deck as it is (the same
    confidence), the games it was in, and where that leaves it."""

    face: str
    rate: float
    low: float
    high: float
    change: Change
    games: int
    standing: Standing = "unsure"


@dataclass(frozen=True)
class Promise:
    """How the plan put first fared on the fresh games: each claim's verdict."""

    plan: Plan  # the fresh games' seed and bots (``games``: the first look's)
    looks: list[int]  # planned: fresh paired games after each look
    done: int  # looks made
    face: Fresh  # the face tuned, its interval for 0.05 / looks
    verdict: FaceVerdict
    others: tuple[Fresh, ...]  # every other face, its interval for 0.05 / (looks × faces)
    others_verdict: OthersVerdict
    comparison: Comparison  # the plan's deck against the deck as it is, over every fresh game

    @property
    def games(self) -> int:
        """The fresh paired games played."""
        return self.looks[self.done - 1]

    @property
    def alpha(self) -> float:
        """The error rate each look's interval of the face is made for."""
        return ALPHA / len(self.looks)

    @property
    def others_alpha(self) -> float:
        """The error rate each look's interval of another face is made for."""
        return self.alpha / max(1, len(self.others))

    @property
    def decided(self) -> bool:
        """Both claims decided."""
        return self.verdict in ("lands", "misses") and self.others_verdict != "probably"

    @property
    def lands(self) -> bool:
        """The face surely lands in its window, and no other face is surely pushed out."""
        return self.verdict == "lands" and self.others_verdict != "pushes"

    @property
    def not_kept(self) -> list[Fresh]:
        """The other faces pushed out or undecided, pushed out first, then the furthest from the window's middle."""
        return sorted((f for f in self.others if f.standing != "kept"), key=lambda f: (f.standing != "pushed", -abs(f.rate - 0.5), f.face))


def fresh_plan(plan: Plan) -> Plan:
    """The fresh games' plan: the baseline's bots, a seed none of the choosing played."""
    return replace(plan, seed=(plan.seed + SEED_STEP) % (MOST_SEED + 1), logs=None)


def budget_of(plan: Plan, budget: int | None) -> list[int]:
    """The looks planned: the baseline's games, then doubling, up to ``budget`` (default :data:`BUDGET_SHARE` times the baseline's)."""
    cap = budget if budget is not None else BUDGET_SHARE * plan.games
    return looks(min(plan.games, cap), cap)


def _fresh(face: str, totals: PairedTotals, z: float) -> Fresh:
    count = totals.mine.faces.get(face)
    hits, games = (count.hits, count.games) if count else (0.0, 0)
    low, high = interval(hits, games, z)
    return Fresh(face, hits / games if games else 0.5, low, high, totals.pairs.change(face, z), games)


def _inside(f: Fresh, window: Window) -> bool:
    return window[0] / 100 <= f.low and f.high <= window[1] / 100


def _outside(f: Fresh, window: Window) -> bool:
    return f.high < window[0] / 100 or f.low > window[1] / 100


def face_verdict(f: Fresh, window: Window) -> FaceVerdict:
    """Decided ("lands", "misses") when the interval lies on one side of the window's edges; else by the estimate."""
    if _inside(f, window):
        return "lands"
    if _outside(f, window):
        return "misses"
    return "probably" if window[0] / 100 <= f.rate <= window[1] / 100 else "probably not"


def standing(f: Fresh, window: Window) -> Fresh:
    """Another face kept in (or surely moved toward) its window, surely pushed out, or neither yet."""
    up = f.rate > (window[0] + window[1]) / 200  # the way out nearest its estimate
    inward = f.change.high <= 0 if up else f.change.low >= 0  # a face the plan cannot touch (change 0 exactly) is kept
    outward = f.change.low > 0 if up else f.change.high < 0
    if _inside(f, window) or inward:
        return replace(f, standing="kept")
    if _outside(f, window) and outward:
        return replace(f, standing="pushed")
    return replace(f, standing="unsure")


def _others_verdict(others: tuple[Fresh, ...]) -> OthersVerdict:
    if any(f.standing == "pushed" for f in others):
        return "pushes"
    return "keeps" if all(f.standing == "kept" for f in others) else "probably"


def keep(
    base: Deck,
    deck: Deck,
    face: str,
    window: Window,
    plan: Plan,
    budget: int | None,
    games: Games,
    jobs: int | None = None,
    scheduler: str | None = None,
) -> Promise:
    """Play ``deck`` (a plan's) and ``base`` on fresh paired games, look
    after look, until both claims are decided or the budget ends."""
    planned = budget_of(plan, budget)
    fresh = fresh_plan(plan)
    z_face = z_for(1 - ALPHA / len(planned))
    games.total += 2 * planned[-1]
    totals: PairedTotals | None = None
    played, done = 0, 0
    while True:
        more = race(base, [deck], replace(fresh, games=planned[done] - played), played, jobs, games.reporter(2), scheduler)[0]
        games.played += 2 * (planned[done] - played)
        if totals is None:
            totals = more
        else:
            totals.merge(more)
        played, done = planned[done], done + 1
        target = _fresh(face, totals, z_face)
        verdict = face_verdict(target, window)
        rest = sorted(f for f in totals.mine.faces if f != face)
        z_other = z_for(1 - ALPHA / (len(planned) * max(1, len(rest))))
        others = tuple(standing(_fresh(f, totals, z_other), window) for f in rest)
        others_verdict = _others_verdict(others)
        finished = verdict == "misses" or (verdict == "lands" and others_verdict != "probably")
        if finished or done == len(planned):
            games.total -= 2 * (planned[-1] - played)
            comparison = comparison_of(deck, base, totals)
            return Promise(replace(fresh, games=planned[0]), planned, done, target, verdict, others, others_verdict, comparison)
