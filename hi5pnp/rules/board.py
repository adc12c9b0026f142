"""Where everything stands in a game: the teams, each competitor's position,
chits, readiness and unmarked trait boxes, the course, the first-player token
and whose turn it is; and the facts the rules are judged on. Changing it is
:class:`~hi5pnp.rules.state.State`'s job; this module only answers questions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..deck import EDITION_NUMBERS, CompetitorFace, Deck, ObstacleFace, Rules
from ..errors import OptionError, check_choice
from .edition import EDITIONS, Edition
from .illegal import RulesError
from .seat import SEATS, Seat
from .setup import setup_problem

#: Each seat's faces: ``{"north": ["1a", ...], "south": [...]}``.
Teams = Mapping[Seat, Sequence[str]] | Mapping[str, Sequence[str]]


class Facing(NamedTuple):
    """What a competitor faces and may do where it stands: the facts every rule uses."""

    face: str
    position: int
    obstacle: ObstacleFace
    matches: int  # m: its gems of the obstacle's colour
    eligible: tuple[str, ...]  # the others at the same position, in team order
    chits: int
    max_spend: int  # the most chits a bypass may spend here

    @property
    def can_bring(self) -> int:
        """The most others it may bring: one per matching gem, as many as stand here."""
        return min(self.matches, len(self.eligible))


class RoundResult(NamedTuple):
    """A round played to its end: the placed finishers in order, and each seat's placing points."""

    finish: tuple[str, ...]
    points: dict[Seat, int]


class Board:
    """The position of one game between north and south.

    ``teams`` gives each seat's faces (``{"north": ["1a", ...], ...}``),
    ``first`` the seat holding the first-player token at the start, and
    ``edition`` the rules edition (the deck's when None); a seat or an edition
    that does not exist raises :class:`~hi5pnp.errors.OptionError`. A set-up
    that breaks the rules raises :class:`~hi5pnp.rules.illegal.RulesError`.
    """

    def __init__(self, deck: Deck, teams: Teams, first: str, edition: int | None = None):
        check_choice("first", first, SEATS)  # an OptionError (a ValueError too)
        if edition is not None:
            check_choice("edition", edition, EDITION_NUMBERS)
        for seat in SEATS:  # each seat a list of face ids, as a log writes them
            team = teams.get(seat) if isinstance(teams, Mapping) else None
            if not isinstance(team, (list, tuple)) or not all(isinstance(f, str) for f in team):
                raise OptionError(f"teams: {seat}'s team must be a list of face ids such as ['1a', '2b'], not {team!r}")
        team_of = {seat: tuple(teams[seat]) for seat in SEATS}
        problem = setup_problem(deck, team_of)
        if problem is not None:
            raise RulesError(problem)
        self.deck = deck
        self.rules: Rules = deck.rules
        self.edition: Edition = EDITIONS[edition or deck.edition]
        self.first = Seat(first)
        self.cards = len(deck.obstacles)
        self.finish = 2 * self.cards + 1  # the position past the final obstacle
        self.faces: tuple[str, ...] = team_of[Seat.NORTH] + team_of[Seat.SOUTH]
        self._index = {f: i for i, f in enumerate(self.faces)}
        n = len(self.faces)
        self._seat = [0 if i < len(team_of[Seat.NORTH]) else 1 for i in range(n)]
        self._comp: list[CompetitorFace] = []
        for f in self.faces:
            cf = deck.competitor_face(f)
            assert cf is not None  # setup_problem saw to that
            self._comp.append(cf)
        self._free = [[list(col) for col in c.matrix] for c in self._comp]  # unmarked boxes
        self._round = 0  # rounds completed
        self._segment = 0
        self._course: tuple[ObstacleFace, ...] | None = None
        self._pos = [1] * n
        self._chits = [0] * n
        self._ready = [False] * n
        self._out = [True] * n  # finished, or off the course between rounds
        self._ready_count = [0, 0]
        self._finished: list[int] = []
        self._token = SEATS.index(self.first)
        self._to_move: int | None = None
        self._results: list[RoundResult] = []

    # ------------------------------------------------------------- the game
    @property
    def round(self) -> int:
        """Rounds completed."""
        return self._round

    @property
    def segment(self) -> int:
        """The segment under way in this round (1-based; 0 before the first course)."""
        return self._segment

    @property
    def course(self) -> tuple[ObstacleFace, ...] | None:
        """This round's course, west to east; None between rounds."""
        return self._course

    def needs_course(self) -> bool:
        """True at the start of each round, before its course is laid."""
        return self._course is None and not self.is_terminal()

    def is_terminal(self) -> bool:
        """True when every round has been played (§6)."""
        return self._round >= self.rules.rounds

    def current_player(self) -> Seat | None:
        """The seat to move, or None between rounds and after the game."""
        return SEATS[self._to_move] if self._course is not None and self._to_move is not None else None

    def token_holder(self) -> Seat:
        return SEATS[self._token]

    def segment_start(self) -> bool:
        """True when nobody has acted yet in this segment."""
        return all(r or o for r, o in zip(self._ready, self._out))

    # ------------------------------------------------------ the competitors
    def seat(self, face: str) -> Seat:
        return SEATS[self._seat[self._index[face]]]

    def team(self, seat: str) -> tuple[str, ...]:
        s = SEATS.index(Seat(seat))
        return tuple(f for i, f in enumerate(self.faces) if self._seat[i] == s)

    def position(self, face: str) -> int:
        return self._pos[self._index[face]]

    def chits_of(self, face: str) -> int:
        return self._chits[self._index[face]]

    def on_course(self, face: str) -> bool:
        return not self._out[self._index[face]]

    def is_ready(self, face: str) -> bool:
        return self._ready[self._index[face]]

    def ready_faces(self, seat: str) -> list[str]:
        s = SEATS.index(Seat(seat))
        return [f for i, f in enumerate(self.faces) if self._ready[i] and self._seat[i] == s]

    def finishers(self) -> list[str]:
        """This round's placed finishers, in order (R-11)."""
        return [self.faces[i] for i in self._finished]

    def obstacle_at(self, position: int) -> ObstacleFace:
        """The face-up obstacle faced at a position 1..2N (R-2)."""
        n = self.cards
        if not 1 <= position <= 2 * n or self._course is None:
            raise OptionError(f"position: no obstacle at position {position} (1-{2 * n})")
        return self._course[position - 1] if position <= n else self._course[2 * n - position]

    def unmarked(self, face: str) -> list[list[str]]:
        """The traits of the unmarked boxes of each matrix column (marks last all game)."""
        return [list(col) for col in self._free[self._index[face]]]

    def facing(self, face: str) -> Facing:
        """What ``face`` would face if it acted now (it must be on the course)."""
        return self._facing(self._index[face])

    def _facing(self, i: int, others: bool = True) -> Facing:
        """The facts of :class:`Facing`; ``others=False`` skips listing those at the position."""
        p = self._pos[i]
        ob = self.obstacle_at(p)
        m = self._comp[i].gems.count(ob.color)
        me = self.faces[i]
        eligible: tuple[str, ...] = ()
        if others:
            eligible = tuple(f for f, q, o in zip(self.faces, self._pos, self._out) if q == p and not o and f != me)
        c = self._chits[i]
        return Facing(me, p, ob, m, eligible, c, min(m, c, self.finish - p - 1))

    # ------------------------------------------------------------ the score
    def results(self) -> list[RoundResult]:
        """The rounds played to their end, in order."""
        return list(self._results)

    def placing_points(self) -> dict[Seat, int]:
        return {seat: sum(r.points[seat] for r in self._results) for seat in SEATS}

    def complete_columns(self) -> dict[Seat, int]:
        done = [0, 0]
        for i, cols in enumerate(self._free):
            done[self._seat[i]] += sum(1 for col in cols if not col)
        return dict(zip(SEATS, done))

    def scores(self) -> dict[Seat, int]:
        """Placing points so far plus the points of complete columns (§6; final when terminal)."""
        cols, placing = self.complete_columns(), self.placing_points()
        return {seat: placing[seat] + cols[seat] * self.rules.column_points for seat in SEATS}

    def winner(self) -> str:
        """north, south or draw on the scores (R-13): the result once
        :meth:`is_terminal`; before that, only who leads (the checker never
        gives it for a game that is not complete)."""
        sc = self.scores()
        if sc[Seat.NORTH] == sc[Seat.SOUTH]:
            return "draw"
        return Seat.NORTH if sc[Seat.NORTH] > sc[Seat.SOUTH] else Seat.SOUTH
