"""Is the deck fair? The designer's bounds (``balance:`` in game.yaml, or
options) and the verdict on a :class:`~hi5pnp.sim.stats.Summary`.

A rate is *outside* its window only when its whole confidence interval is:
noise alone then has under a 5 % chance of flagging anything. For the faces,
many rates are judged at once, so each face's interval is widened for their
number (Bonferroni: 95 % confidence for the set of faces, not each face). A
rate whose estimate is outside but whose interval still reaches the window is
*unsure*: more games would tell.
"""

from __future__ import annotations

from typing import NamedTuple

from ..deck import Balance, Deck
from .stats import Z95, Summary, interval, z_for

#: The windows used when neither game.yaml nor an option sets one (percent).
Window = tuple[float, float]  # percent, low to high


class Windows(NamedTuple):
    """The windows a run is judged on: each set, by an option, game.yaml or :data:`DEFAULT`."""

    first_player: Window
    face_win_rate: Window


DEFAULT = Windows(first_player=(45.0, 55.0), face_win_rate=(40.0, 60.0))


class Finding(NamedTuple):
    what: str  # "first player" or a face id
    rate: float  # 0-1
    low: float  # the interval judged on
    high: float
    window: tuple[float, float]  # percent
    sure: bool  # the whole interval is outside the window
    joint: int = 1  # rates judged together (the interval is for all of them at once)

    def describe(self) -> str:
        lo, hi = self.window
        side = "above" if self.rate * 100 > hi else "below"
        together = f"95 % for {self.joint} rates together: " if self.joint > 1 else "95 % "
        how = "outside" if self.sure else "possibly outside (more games would tell)"
        return (
            f"{self.what}: {self.rate:.1%} ({together}interval {self.low:.1%}-{self.high:.1%}) is {how} "
            f"its window {lo:g}-{hi:g} %, {side} it"
        )


class Verdict(NamedTuple):
    bounds: Windows
    first: Finding | None
    faces: list[Finding]  # faces outside or unsure, worst first

    @property
    def fair(self) -> bool:
        """No rate outside its window with confidence."""
        return not ((self.first is not None and self.first.sure) or any(f.sure for f in self.faces))

    def lines(self) -> list[str]:
        head = "fair: no rate is outside its window" if self.fair else "not fair: rates outside the designer's window"
        return [head] + [f"  {f.describe()}" for f in sorted(self.findings, key=lambda f: not f.sure)]

    @property
    def findings(self) -> list[Finding]:
        """The first player's finding, if any, then the faces'."""
        return ([self.first] if self.first else []) + self.faces


def bounds_of(deck: Deck, first_player: Window | None = None, face_win_rate: Window | None = None) -> Windows:
    """The windows judged on: options first, then game.yaml's ``balance:``, then :data:`DEFAULT`."""
    given = deck.balance or Balance()
    return Windows(
        first_player=first_player or given.first_player or DEFAULT.first_player,
        face_win_rate=face_win_rate or given.face_win_rate or DEFAULT.face_win_rate,
    )


def _judge(what: str, hits: float, n: int, window: tuple[float, float], z: float, joint: int = 1) -> Finding | None:
    if n == 0:
        return None
    rate = hits / n
    low, high = interval(hits, n, z)
    lo, hi = window[0] / 100, window[1] / 100
    if lo <= rate <= hi:
        return None
    return Finding(what, rate, low, high, window, sure=high < lo or low > hi, joint=joint)


def judge(summary: Summary, bounds: Windows) -> Verdict:
    """Which rates leave the windows, and how sure that is."""
    decided = summary.first_wins + summary.first_losses
    first = _judge("first player (decided games)", summary.first_wins, decided, bounds.first_player, Z95)
    z = z_for(1 - 0.05 / max(1, len(summary.faces)))
    faces = []
    for face, fc in summary.faces.items():
        found = _judge(face, fc.hits, fc.games, bounds.face_win_rate, z, len(summary.faces))
        if found is not None:
            faces.append(found)
    faces.sort(key=lambda f: -abs(f.rate - 0.5))
    return Verdict(bounds, first, faces)
