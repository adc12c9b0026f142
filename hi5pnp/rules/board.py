"""Where everything stands in a game, asked in game words: the teams, each
competitor's position, chits, readiness and unmarked trait boxes, the
course, the first-player token and whose turn it is. A :class:`Board` is the
game's fixed facts (:class:`~hi5pnp.rules.game.Game`, ``board.game``) and
its :class:`~hi5pnp.rules.position.Position` (``board.pos``); this module
only answers questions. Changing it is the rules' job
(:mod:`~hi5pnp.rules.play`, through :class:`~hi5pnp.rules.state.State`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..deck import Deck, ObstacleFace, Rules
from ..errors import OptionError
from . import position as facts
from .edition import Edition
from .game import Game, Teams, new_game
from .position import Facing, Position, new_position
from .seat import SEATS, Seat

__all__ = ["Board", "Facing", "RoundResult", "Teams"]


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

    __slots__ = ("game", "pos")

    def __init__(self, deck: Deck, teams: Teams, first: str, edition: int | None = None):
        self.game: Game = new_game(deck, teams, first, edition)
        self.pos: Position = new_position(self.game)

    # ------------------------------------------------------ the fixed facts
    @property
    def deck(self) -> Deck:
        return self.game.deck

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def edition(self) -> Edition:
        return self.game.edition

    @property
    def first(self) -> Seat:
        """The seat that held the first-player token at the start."""
        return self.game.first

    @property
    def cards(self) -> int:
        """Obstacle cards: the course has twice as many positions."""
        return self.game.cards

    @property
    def finish(self) -> int:
        """The position past the final obstacle."""
        return self.game.finish

    @property
    def faces(self) -> tuple[str, ...]:
        """Every competitor in play: north's team, then south's."""
        return self.game.faces

    # ------------------------------------------------------------- the game
    @property
    def round(self) -> int:
        """Rounds completed."""
        return self.pos.round

    @property
    def segment(self) -> int:
        """The segment under way in this round (1-based; 0 before the first course)."""
        return self.pos.segment

    @property
    def course(self) -> tuple[ObstacleFace, ...] | None:
        """This round's course, west to east; None between rounds."""
        return self.pos.course

    def needs_course(self) -> bool:
        """True at the start of each round, before its course is laid."""
        return self.pos.course is None and not self.is_terminal()

    def is_terminal(self) -> bool:
        """True when every round has been played (§6)."""
        return self.pos.round >= self.game.rules.rounds

    def current_player(self) -> Seat | None:
        """The seat to move, or None between rounds and after the game."""
        mover = self.pos.to_move
        return SEATS[mover] if self.pos.course is not None and mover is not None else None

    def token_holder(self) -> Seat:
        return SEATS[self.pos.token]

    def segment_start(self) -> bool:
        """True when nobody has acted yet in this segment."""
        return all(r or o for r, o in zip(self.pos.ready, self.pos.out))

    # ------------------------------------------------------ the competitors
    def seat(self, face: str) -> Seat:
        return SEATS[self.game.seat[self.game.number[face]]]

    def team(self, seat: str) -> tuple[str, ...]:
        return tuple(self.game.faces[i] for i in self.game.team[SEATS.index(Seat(seat))])

    def position(self, face: str) -> int:
        return self.pos.positions[self.game.number[face]]

    def chits_of(self, face: str) -> int:
        return self.pos.chits[self.game.number[face]]

    def on_course(self, face: str) -> bool:
        return not self.pos.out[self.game.number[face]]

    def is_ready(self, face: str) -> bool:
        return self.pos.ready[self.game.number[face]]

    def ready_faces(self, seat: str) -> list[str]:
        ready, faces = self.pos.ready, self.game.faces
        return [faces[i] for i in self.game.team[SEATS.index(Seat(seat))] if ready[i]]

    def finishers(self) -> list[str]:
        """This round's placed finishers, in order (R-11)."""
        return [self.game.faces[i] for i in self.pos.finished]

    def obstacle_at(self, position: int) -> ObstacleFace:
        """The face-up obstacle faced at a position 1..2N (R-2)."""
        n = self.game.cards
        if not 1 <= position <= 2 * n or self.pos.course is None:
            raise OptionError(f"position: no obstacle at position {position} (1-{2 * n})")
        return facts.obstacle_at(self.game, self.pos.course, position)

    def unmarked(self, face: str) -> list[list[str]]:
        """The traits of the unmarked boxes of each matrix column (marks last all game)."""
        return [list(col) for col in self.pos.unmarked[self.game.number[face]]]

    def facing(self, face: str) -> Facing:
        """What ``face`` would face if it acted now (it must be on the course)."""
        i = self.game.number[face]
        if self.pos.course is None:
            self.obstacle_at(self.pos.positions[i])  # an OptionError: no course between rounds
        return facts.facing(self.game, self.pos, i)

    # ------------------------------------------------------------ the score
    def results(self) -> list[RoundResult]:
        """The rounds played to their end, in order."""
        return [self._result(finish) for finish in self.pos.finishes]

    def last_result(self) -> RoundResult:
        """The last round played to its end (the checker asks at each round's end)."""
        return self._result(self.pos.finishes[-1])

    def _result(self, finish: tuple[int, ...]) -> RoundResult:
        pts, seat = self.game.rules.placing_points, self.game.seat
        points = [0, 0]
        for k, j in enumerate(finish):
            points[seat[j]] += pts[k]
        faces = self.game.faces
        return RoundResult(tuple([faces[j] for j in finish]), dict(zip(SEATS, points)))

    def placing_points(self) -> dict[Seat, int]:
        return dict(zip(SEATS, facts.placing_points(self.game, self.pos)))

    def complete_columns(self) -> dict[Seat, int]:
        return dict(zip(SEATS, facts.complete_columns(self.game, self.pos)))

    def scores(self) -> dict[Seat, int]:
        """Placing points so far plus the points of complete columns (§6; final when terminal)."""
        return dict(zip(SEATS, facts.scores(self.game, self.pos)))

    def winner(self) -> str:
        """north, south or draw on the scores (R-13): the result once
        :meth:`is_terminal`; before that, only who leads (the checker never
        gives it for a game that is not complete)."""
        sc = self.scores()
        if sc[Seat.NORTH] == sc[Seat.SOUTH]:
            return "draw"
        return Seat.NORTH if sc[Seat.NORTH] > sc[Seat.SOUTH] else Seat.SOUTH
