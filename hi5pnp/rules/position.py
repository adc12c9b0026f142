"""Where a game stands, as one plain value: :class:`Position`, the arrays of
each competitor (numbered as in :attr:`~hi5pnp.rules.game.Game.faces`) and
the few numbers of the round. The rules that change it are
:mod:`~hi5pnp.rules.play`'s; the questions here read it.

Every field holds a value that never changes in place (a number, a tuple)
or a list of such values, so :meth:`Position.copy` copies the lists and
shares the rest, field by field, whatever fields there are: a copy cannot
fall out of date (tests/test_engine_position.py holds every field to it).
The rules change a list field in place, never replace it, so a reader may
keep a position's lists for a whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import NamedTuple

from ..deck import ObstacleFace
from .game import Game
from .seat import SEATS


class Facing(NamedTuple):
    """What a competitor faces and may do where it stands: the facts every rule uses."""

    face: str
    position: int
    obstacle: ObstacleFace
    matches: int  # m: its gems of the obstacle's colour
    eligible: tuple[str, ...]  # the others at the same position, in team order
    chits: int
    max_spend: int  # the most chits a bypass may spend here
    can_bring: int  # the most others it may bring: one per matching gem, as many as stand here


@dataclass(slots=True)
class Position:
    """One game's position; start one with :func:`new_position`."""

    positions: list[int]  # per competitor: 1 to the finish
    chits: list[int]
    ready: list[bool]  # may act in this segment
    out: list[bool]  # finished, or off the course between rounds
    unmarked: list[tuple[tuple[str, ...], ...]]  # per competitor: each matrix column's unmarked boxes
    ready_count: list[int]  # per seat: its ready competitors
    finished: list[int]  # this round's placed finishers, in order
    round: int  # rounds completed
    segment: int  # the segment under way (1-based; 0 before the first course)
    token: int  # the seat holding the first-player token
    to_move: int | None  # the seat to move; None between rounds
    course: tuple[ObstacleFace, ...] | None  # this round's, west to east; None between rounds
    finishes: tuple[tuple[int, ...], ...]  # each round played to its end: its placed finishers

    def copy(self) -> Position:
        """An independent copy: playing on one leaves the other as it was."""
        new = object.__new__(Position)
        for name in FIELDS:
            value = getattr(self, name)
            setattr(new, name, value.copy() if type(value) is list else value)
        return new


#: The names of :class:`Position`'s fields, as :meth:`Position.copy` copies them.
FIELDS = tuple(f.name for f in fields(Position))


def new_position(game: Game) -> Position:
    """The position before the first course is laid: everyone off the course."""
    n = len(game.faces)
    return Position(
        positions=[1] * n,
        chits=[0] * n,
        ready=[False] * n,
        out=[True] * n,
        unmarked=[c.matrix for c in game.comp],
        ready_count=[0, 0],
        finished=[],
        round=0,
        segment=0,
        token=SEATS.index(game.first),
        to_move=None,
        course=None,
        finishes=(),
    )


def obstacle_at(game: Game, course: tuple[ObstacleFace, ...], position: int) -> ObstacleFace:
    """The face-up obstacle faced at a position 1..2N of ``course`` (R-2)."""
    return course[position - 1] if position <= game.cards else course[2 * game.cards - position]


def track(course: tuple[ObstacleFace, ...]) -> tuple[ObstacleFace, ...]:
    """The obstacle faced at each position 1..2N, in order: out along the
    course, then back along its other side (R-2), as :func:`obstacle_at`."""
    return course + course[::-1]


def matches(game: Game, i: int, obstacle: ObstacleFace) -> int:
    """Competitor ``i``'s gems of ``obstacle``'s colour (m)."""
    return game.comp[i].gems.count(obstacle.color)


def others_at(pos: Position, i: int) -> list[int]:
    """The others on the course at competitor ``i``'s position, in team order."""
    at, out = pos.positions, pos.out
    p = at[i]
    return [j for j in range(len(at)) if at[j] == p and not out[j] and j != i]


def room(game: Game, p: int) -> int:
    """How many chits a bypass from position ``p`` may spend at most for the
    finish: it moves 1 + k positions and stops at the finish at the latest (R-7)."""
    return game.finish - p - 1


def may_do(game: Game, pos: Position, i: int, m: int, among: Sequence[int]) -> tuple[int, list[int], int]:
    """What competitor ``i`` (on the course) may do where it stands, ``m``
    being its gems of its obstacle's colour (:func:`matches`): the most
    chits a bypass may spend (no more than m nor than it holds, §4, and no
    further than the finish, R-7: :func:`room`), the others it may bring
    (those of ``among``, competitors in the order wanted with ``i`` one of
    them, at its position, in that order), and how many of
    them it may bring (one per matching gem). The one statement of these
    rules: the engine's :func:`facing`, the fast playout and the bots' turns
    all ask it, once for each competitor that may act."""
    at = pos.positions
    p = at[i]
    most = game.finish - p - 1  # room(game, p), inline: this runs once a turn in every game simulated
    if most < 0:
        return 0, [], 0  # at the finish: it has finished
    c = pos.chits[i]
    if c < most:
        most = c
    if m < most:
        most = m
    eligible = [j for j in among if at[j] == p]  # short of the finish, nobody there has finished
    eligible.remove(i)
    n = len(eligible)
    return most, eligible, m if m < n else n


def facing(game: Game, pos: Position, i: int, others: bool = True) -> Facing:
    """What competitor ``i`` faces if it acts now (a course is laid and it is
    on it); ``others=False`` leaves :attr:`Facing.eligible` empty."""
    course = pos.course
    assert course is not None
    p = pos.positions[i]
    ob = obstacle_at(game, course, p)
    m = game.comp[i].gems.count(ob.color)
    most, eligible, can = may_do(game, pos, i, m, range(len(game.faces)) if others else (i,))
    faces = game.faces
    return Facing(faces[i], p, ob, m, tuple([faces[j] for j in eligible]), pos.chits[i], most, can)


def match_table(game: Game, course: tuple[ObstacleFace, ...]) -> list[list[int]]:
    """Each competitor's matching gems (m) at each position 1..2N of
    ``course`` (index 0 unused): its gems of the colour of the obstacle it
    faces there (:func:`matches`), for players that ask at every turn."""
    faced = track(course)
    return [[0, *(c.gems.count(o.color) for o in faced)] for c in game.comp]


def placing_points(game: Game, pos: Position) -> list[int]:
    """Each seat's placing points from the rounds played to their end."""
    pts, points = game.rules.placing_points, [0, 0]
    for finish in pos.finishes:
        for k, j in enumerate(finish):
            points[game.seat[j]] += pts[k]
    return points


def complete_columns(game: Game, pos: Position) -> list[int]:
    """Each seat's complete matrix columns (marks last all game)."""
    done = [0, 0]
    for i, cols in enumerate(pos.unmarked):
        done[game.seat[i]] += cols.count(())  # a column with no unmarked box left
    return done


def scores(game: Game, pos: Position) -> list[int]:
    """Each seat's points so far: placing points plus complete columns' points (§6)."""
    cols, placing = complete_columns(game, pos), placing_points(game, pos)
    return [placing[s] + cols[s] * game.rules.column_points for s in (0, 1)]
