"""Is the deck fair? The designer's bounds (``balance:`` in game.yaml, or
options) and the verdict on a :class:`~hi5pnp.sim.stats.Summary`.

A rate is *outside* its window only when its whole confidence interval is:
noise alone then has under a 5 % chance of flagging anything. For the faces,
many rates are judged at once, so each face's interval is widened for their
number (Bonferroni: 95 % confidence for the set of faces, not each face). A
rate whose estimate or interval leaves the window, but whose interval still
reaches into it, is *unsure*: more games would tell.

The verdict is one of three (:attr:`BalanceVerdict.state`): ``fair`` only when
every estimate and its interval lie inside the window; ``not fair`` when
some interval lies wholly outside; else ``undecided``, with about how many
games would tell.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal, NamedTuple

from ..deck import Balance, Deck
from ..errors import some_names
from .stats import Z95, Summary, interval, z_for

Outcome = Literal["fair", "not fair", "undecided"]
STATES: tuple[Outcome, ...] = ("fair", "undecided", "not fair")  # best first

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
    confidence: float = 0.95  # the interval's (for all the rates judged together)

    def describe(self) -> str:
        lo, hi = self.window
        level = f"{self.confidence * 100:.{0 if self.confidence == 0.95 else 2}f} %".replace(".00 ", " ")
        together = f"{level} for {self.joint} rates together: " if self.joint > 1 else f"{level} "
        said = f"{self.what}: {self.rate:.1%} ({together}interval {self.low:.1%}-{self.high:.1%})"
        if lo <= self.rate * 100 <= hi:
            side = "above" if self.high * 100 > hi else "below"
            return f"{said} is inside its window {lo:g}-{hi:g} %, but its interval reaches {side} it (more games would tell)"
        side = "above" if self.rate * 100 > hi else "below"
        how = "outside" if self.sure else "possibly outside (more games would tell)"
        return f"{said} is {how} its window {lo:g}-{hi:g} %, {side} it"

    @property
    def flags(self) -> bool:
        """The estimate itself lies outside the window (surely or possibly):
        the rate is flagged. One whose interval alone reaches out is not."""
        return not self.window[0] <= self.rate * 100 <= self.window[1]

    def games_to_tell(self, games: int) -> float:
        """About how many games of the run would put this rate's interval on
        one side of its window's nearest edge (the interval narrows as one
        over the square root of the games); infinite on the edge itself."""
        edges = [e / 100 for e in self.window]
        edge = min(edges, key=lambda e: abs(self.rate - e))
        gap = abs(self.rate - edge)
        reach = self.rate - self.low if edge < self.rate else self.high - self.rate
        return math.inf if gap < 1e-9 else games * (reach / gap) ** 2


class BalanceVerdict(NamedTuple):
    bounds: Windows
    first: Finding | None
    faces: list[Finding]  # faces outside or unsure, worst first
    games: int = 0  # the games judged
    alpha: float = 0.05  # the error rate the intervals are made for (less for a run judged at several looks)

    @property
    def state(self) -> Outcome:
        """``fair``: every estimate and interval inside its window; ``not fair``:
        some interval wholly outside; else ``undecided``."""
        findings = self.findings
        if any(f.sure for f in findings):
            return "not fair"
        return "undecided" if findings else "fair"

    @property
    def decided(self) -> bool:
        """Every rate's interval lies wholly inside or wholly outside its window."""
        return all(f.sure for f in self.findings)

    @property
    def fair(self) -> bool:
        """Every rate and its interval inside its window."""
        return self.state == "fair"

    def games_to_tell(self) -> list[float]:
        """About how many games would settle each unsure rate, fewest first (infinite for one on its window's edge)."""
        return sorted(f.games_to_tell(self.games) for f in self.findings if not f.sure)

    @property
    def headline(self) -> str:
        """The verdict in a line: FAIR, NOT FAIR or UNDECIDED, and why."""
        state = self.state
        if state == "fair":
            level = "95 %" if self.alpha == 0.05 else f"{100 * (1 - self.alpha):.2f} %"
            return f"FAIR: every rate and its {level} interval lie inside their windows"
        if state == "not fair":
            out = [f.what for f in self.findings if f.sure]
            return f"NOT FAIR: {_rates(out, 'is', 'are')} outside {_windows(out)} ({some_names(out)})"
        unsure = [f.what for f in self.findings]
        return f"UNDECIDED: {_rates(unsure, 'may be', 'may be')} outside {_windows(unsure)} ({some_names(unsure)}); {_more(self)}"

    def lines(self) -> list[str]:
        return [self.headline] + [f"  {f.describe()}" for f in sorted(self.findings, key=lambda f: not f.sure)]

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


def _rates(names: list[str], one: str, more: str) -> str:
    return f"1 rate {one}" if len(names) == 1 else f"{len(names)} rates {more}"


def _windows(names: list[str]) -> str:
    return "its window" if len(names) == 1 else "their windows"


def _more(verdict: BalanceVerdict) -> str:
    """About how many games would tell; rates so near an edge that a hundred
    times the games would not are counted apart."""
    needs = verdict.games_to_tell()
    told = [n for n in needs if n <= 100 * max(1, verdict.games)]
    edge = len(needs) - len(told)
    if not told:
        return "far more games would be needed: " + ("it sits near its window's edge" if edge == 1 else "they sit near their windows' edges")
    games = f"about {max(float(f'{told[-1]:.2g}'), verdict.games + 1):,.0f} games would tell"
    if not edge:
        return games
    near = "1 sits so near its window's edge" if edge == 1 else f"{edge} sit so near their windows' edges"
    return f"{games} for {len(told)} of them; {near} that far more would be needed"


def _judge(what: str, hits: float, n: int, window: tuple[float, float], z: float, joint: int = 1, confidence: float = 0.95) -> Finding | None:
    """A finding when the rate or its interval leaves the window."""
    if n == 0:
        return None
    rate = hits / n
    low, high = interval(hits, n, z)
    lo, hi = window[0] / 100, window[1] / 100
    if lo <= low and high <= hi:
        return None
    return Finding(what, rate, low, high, window, sure=high < lo or low > hi, joint=joint, confidence=confidence)


def faces_z(summary: Summary, alpha: float = 0.05) -> float:
    """The quantile of the faces' intervals: 1 - ``alpha`` (95 %) for all the run's faces together (Bonferroni)."""
    return z_for(1 - alpha / max(1, len(summary.faces)))


def face_interval(summary: Summary, face: str, alpha: float = 0.05) -> tuple[float, float]:
    """A face's win-rate interval as the verdict judges it."""
    fc = summary.faces[face]
    return interval(fc.hits, fc.games, faces_z(summary, alpha))


def judge(summary: Summary, bounds: Windows, alpha: float = 0.05) -> BalanceVerdict:
    """Which rates leave the windows, and how sure that is: each interval made
    for the error rate ``alpha`` (the first player's alone, the faces' together)."""
    decided = summary.first_wins + summary.first_losses
    z1 = Z95 if alpha == 0.05 else z_for(1 - alpha)
    first = _judge("first player (decided games)", summary.first_wins, decided, bounds.first_player, z1, confidence=1 - alpha)
    z = faces_z(summary, alpha)
    faces = []
    for face, fc in summary.faces.items():
        found = _judge(face, fc.hits, fc.games, bounds.face_win_rate, z, len(summary.faces), 1 - alpha)
        if found is not None:
            faces.append(found)
    faces.sort(key=lambda f: -abs(f.rate - 0.5))
    return BalanceVerdict(bounds, first, faces, summary.games, alpha)


class Agreement(NamedTuple):
    """The verdicts of several bots on the same deck, read together."""

    verdicts: Mapping[str, BalanceVerdict]  # by bot (or pairing), in the run's order

    @property
    def state(self) -> Outcome:
        """The worst of the bots' verdicts."""
        return max((v.state for v in self.verdicts.values()), key=STATES.index, default="fair")

    def flagged(self) -> dict[str, dict[str, list[str]]]:
        """Each rate some bot flags (:attr:`Finding.flags`): ``{"outside": [bots], "unsure": [bots]}``,
        ``unsure`` naming the bots under which its interval still reaches into the window."""
        out: dict[str, dict[str, list[str]]] = {}
        for label, verdict in self.verdicts.items():
            for f in verdict.findings:
                if f.flags:
                    out.setdefault(f.what, {"outside": [], "unsure": []})["outside" if f.sure else "unsure"].append(label)
        return out

    @property
    def headline(self) -> str:
        """The verdict over every bot, then each bot's."""
        each = ", ".join(f"{label} {verdict.state}" for label, verdict in self.verdicts.items())
        return f"{self.state.upper()} under {'every bot' if self.state == 'fair' else 'the bots together'} ({each})"

    def lines(self) -> list[str]:
        """The headline, then each flagged rate with the bots that flag it, surest first."""
        rows = []
        for what, by in sorted(self.flagged().items(), key=lambda kv: (-len(kv[1]["outside"]), -len(kv[1]["unsure"]))):
            said = [f"outside under {' and '.join(by['outside'])}"] if by["outside"] else []
            said += [f"possibly outside under {' and '.join(by['unsure'])}"] if by["unsure"] else []
            rows.append(f"  {what}: {'; '.join(said)}")
        reaching = {f.what for v in self.verdicts.values() for f in v.findings if not f.flags}
        if reaching:
            rows.append(f"  inside their windows, but with an interval reaching out under some bot: {len(reaching)}")
        return [self.headline, *rows]
