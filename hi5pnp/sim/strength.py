"""Verdicts across playing strength (``simulate --bots greedy,planner,mcts``):
does a face's verdict hold whoever plays it, or depend on skill?

Every bot plays the same games (:mod:`.across`, game *i* from ``(S, i)``
alone, both seats the same bot). Under each bot a face's team win rate is
placed on a side of the face window: ``too weak`` (below it), ``fair``
(inside) or ``too strong`` (above). The side is *decided* when a score test
puts the rate there: its whole Wilson interval lies on that side (for
``fair``, wholly inside; the test's p-value is the larger of the two edges'),
the interval the verdict of one bot already judges on. The tests of every
face under every bot are Holm-corrected together, so the chance that any
decided side is wrong stays under 5 %.

A face's verdict is then one of three:

- ``holds``: every bot decides the same side;
- ``depends on skill``: two bots decide different sides, and their rates
  surely differ on the same games (the paired difference of
  :func:`.across.differences`, Holm-corrected over the faces so tested and
  every pair of bots);
- ``undecided``: anything else (some bot's side undecided, or bots on
  different sides whose rates are not surely apart): more games would tell.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, NamedTuple

from .across import BotTotals, Difference, differences
from .balance import Window
from .stats import holm, interval, two_sided_p, z_for

Side = Literal["too weak", "fair", "too strong"]
SIDES: tuple[Side, ...] = ("too weak", "fair", "too strong")
Verdict = Literal["holds", "depends on skill", "undecided"]
VERDICTS: tuple[Verdict, ...] = ("holds", "depends on skill", "undecided")


class Placed(NamedTuple):
    """A face under one bot: its rate (0-1), the side its estimate is on,
    whether that side is decided (Holm), and the interval at the test's level."""

    bot: str
    rate: float
    games: int
    side: Side
    decided: bool
    low: float
    high: float


class FaceVerdict(NamedTuple):
    face: str
    verdict: Verdict
    placed: tuple[Placed, ...]  # by bot, in the run's order
    apart: tuple[Difference, ...] = ()  # the pairs of bots surely apart (depends on skill)

    @property
    def side(self) -> Side | None:
        """The side every bot decides (a face that holds), else None."""
        return self.placed[0].side if self.verdict == "holds" else None


class Strength(NamedTuple):
    """The faces' verdicts across the bots of a run, worst first within each verdict."""

    bots: tuple[str, ...]
    window: Window
    tests: int  # the side tests Holm-corrected together
    faces: tuple[FaceVerdict, ...]
    alpha: float = 0.05

    def of(self, verdict: Verdict) -> list[FaceVerdict]:
        return [f for f in self.faces if f.verdict == verdict]


def side_test(hits: float, games: int, window: Window) -> tuple[Side, float]:
    """The side of ``window`` (percent) the rate ``hits / games`` lies on, and
    the p-value of the score test that puts its whole interval there (1 with no game)."""
    if games <= 0:
        return "fair", 1.0
    rate, lo, hi = hits / games, window[0] / 100, window[1] / 100
    if rate > hi:
        return "too strong", _score_p(rate, hi, games)
    if rate < lo:
        return "too weak", _score_p(rate, lo, games)
    return "fair", max(_score_p(rate, lo, games), _score_p(rate, hi, games))


def _score_p(rate: float, edge: float, games: int) -> float:
    """The two-sided score test of ``rate`` against ``edge``: Wilson's interval excludes ``edge`` exactly when it is under the level.
    An edge at 0 or 1 cannot be crossed: the side it bounds is certain."""
    if edge <= 0 or edge >= 1:
        return 0.0
    return two_sided_p((rate - edge) / math.sqrt(edge * (1 - edge) / games))


def judge(labels: Sequence[str], totals: BotTotals, window: Window, alpha: float = 0.05) -> Strength:
    """Every face some bot played, judged across the bots (module docstring)."""
    faces = sorted({face for s in totals.summaries for face in s.faces}, key=_face_key)
    tests: dict[str, tuple[Side, float, float, int]] = {}
    for face in faces:
        for k, summary in enumerate(totals.summaries):
            fc = summary.faces.get(face)
            hits, games = (fc.hits, fc.games) if fc else (0.0, 0)
            side, p = side_test(hits, games, window)
            tests[f"{face}|{k}"] = (side, p, hits, games)
    levels = holm({key: t[1] for key, t in tests.items()}, alpha)
    placed: dict[str, tuple[Placed, ...]] = {}
    for face in faces:
        row = []
        for k, label in enumerate(labels):
            side, _, hits, games = tests[f"{face}|{k}"]
            level, decided = levels[f"{face}|{k}"]
            low, high = interval(hits, games, z_for(1 - level))
            row.append(Placed(label, hits / games if games else 0.0, games, side, decided and games > 0, low, high))
        placed[face] = tuple(row)
    torn = [face for face in faces if len({p.side for p in placed[face] if p.decided}) > 1]
    apart = differences(list(labels), totals, torn) if torn else {}
    verdicts = [_verdict(face, placed[face], apart.get(face, [])) for face in faces]
    verdicts.sort(key=lambda v: (VERDICTS.index(v.verdict), -max(abs(p.rate - 0.5) for p in v.placed), _face_key(v.face)))
    return Strength(tuple(labels), window, len(tests), tuple(verdicts), alpha)


def _verdict(face: str, placed: tuple[Placed, ...], diffs: Sequence[Difference]) -> FaceVerdict:
    sides = {p.side for p in placed if p.decided}
    if len(sides) == 1 and all(p.decided for p in placed):
        return FaceVerdict(face, "holds", placed)
    side_of = {p.bot: p.side for p in placed if p.decided}
    apart = tuple(d for d in diffs if d.differ and d.a in side_of and d.b in side_of and side_of[d.a] != side_of[d.b])
    return FaceVerdict(face, "depends on skill" if apart else "undecided", placed, apart)


def _face_key(face: str) -> tuple[int, str]:
    digits = face.rstrip("abcdefghijklmnopqrstuvwxyz")
    return (int(digits) if digits.isdigit() else 0, face)
