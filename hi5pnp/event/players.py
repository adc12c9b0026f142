"""An event's players and games as values: a game that counts, a log left
out, one game of a player's as the cross-table shows it, a player's line of
the table, and how names written in logs are matched to players."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..rules import Seat

FLOOR = Fraction(1, 3)  # an opponent's match-win percentage counts as at least this
WIN, DRAW = 3, 1
DEFAULT_ORDER = ("omw", "game_points")  # revision 4's tie-breaks, after match points


def name_key(name: str) -> str:
    """A player's name as it is matched: case and runs of spaces ignored."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class CountedGame:
    """One game that counts: the players by seat (a bye has one), the winner, each seat's game points."""

    log: str
    players: dict[Seat, str]  # the names as written
    winner: str  # north | south | draw; none: every seat loses (a double loss, a round missed)
    score: dict[Seat, int]
    adjudicated: str = ""  # the reason, when the judge ruled the result
    round: int | None = None  # the event's round, when the log says
    first: Seat | None = None  # who moved first (None for a game never played, or a bye)
    as_bye: tuple[Seat, ...] = ()  # seats scoring the game points a bye would give (a forfeit's, a no-show's winner)
    missed: bool = False  # a round a late entry missed: a loss with no opponent (revision 6)

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1 and not self.missed and self.winner in self.players


@dataclass(frozen=True)
class LeftOut:
    log: str
    why: str

    def to_json(self) -> dict[str, str]:
        return {"log": self.log, "why": self.why}


@dataclass(frozen=True)
class Played:
    """One game of a player's, as the cross-table shows it."""

    round: int | None
    opponent: str | None  # the opponent's key; None for a bye
    mark: str  # + = -
    first: bool | None  # moved first (None: a bye, or not known)
    points: int  # match points from this game
    log: str


@dataclass
class Standing:
    player: str  # the name as first written (or as the alias file writes it)
    key: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    game_points: int = 0
    opponents: list[str] = field(default_factory=list)  # keys, one per game against someone (not a bye)
    omw: Fraction = Fraction(0)
    rank: int = 0
    games: list[Played] = field(default_factory=list)
    values: dict[str, Fraction | int] = field(default_factory=dict)  # each tie-break's value
    dropped: int | None = None  # the last round paired in, for a player who dropped (revision 6)

    @property
    def points(self) -> int:
        return WIN * self.wins + DRAW * self.draws

    @property
    def match_win(self) -> Fraction:
        """This player's match-win percentage as an opponent sees it (floored at 1/3)."""
        return max(FLOOR, Fraction(self.points, WIN * self.played)) if self.played else FLOOR

    @property
    def firsts(self) -> int:
        """Games in which this player moved first."""
        return sum(g.first is True for g in self.games)

    @property
    def seconds(self) -> int:
        return sum(g.first is False for g in self.games)

    def to_json(self, tiebreaks: Iterable[str] = ()) -> dict[str, Any]:
        got: dict[str, Any] = {
            "rank": self.rank,
            "player": self.player,
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "points": self.points,
            "omw": round(float(self.omw), 4),
            "game_points": self.game_points,
        }
        for name in tiebreaks:
            got.setdefault(name, number(self.values[name]))
        if self.dropped is not None:
            got["dropped"] = self.dropped
        return got


def number(value: Fraction | int) -> int | float:
    """A tie-break's value for JSON and CSV: whole, or to 4 places."""
    return int(value) if isinstance(value, int) or value.denominator == 1 else round(float(value), 4)


class Names:
    """Matches the names written in logs to players: case and runs of spaces
    ignored, and ``aliases`` (another spelling → the name to show) for the rest."""

    def __init__(self, aliases: Mapping[str, str] | None = None):
        self.aliases = {name_key(k): v for k, v in (aliases or {}).items()}
        self.shown: dict[str, str] = {}  # key -> the name shown

    def key(self, written: str) -> str:
        meant = self.aliases.get(name_key(written))
        key = name_key(meant if meant is not None else written)
        self.shown.setdefault(key, " ".join((meant if meant is not None else written).split()))
        return key
