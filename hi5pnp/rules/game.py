"""The facts of one game that never change once it is set up: the deck, its
rules and edition, the competitors in play (north's team, then south's),
each one's seat and face, the course length and the finish. One immutable
:class:`Game` is shared by every copy of the game's position; competitors
are numbered by their place in :attr:`Game.faces`, and every rule speaks of
them by that number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, NoReturn

from ..deck import EDITION_NUMBERS, CompetitorFace, Deck, Rules
from ..errors import OptionError, check_choice
from .edition import EDITIONS, Edition
from .illegal import RulesError
from .seat import SEATS, Seat
from .setup import setup_problem

#: Each seat's faces: ``{"north": ["1a", ...], "south": [...]}``.
Teams = Mapping[Seat, Sequence[str]] | Mapping[str, Sequence[str]]


class FaceNumbers(dict[str, int]):
    """Face id -> competitor number, read-only (a dict for speed; it pickles)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise OptionError("a game's competitors and their numbers are fixed at its set-up")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FaceNumbers], tuple[dict[str, int]]]:
        return (FaceNumbers, (dict(self),))


class Game(NamedTuple):
    """The fixed facts of a game (a tuple: none can be changed); see :func:`new_game`."""

    deck: Deck
    rules: Rules
    edition: Edition
    first: Seat  # the seat holding the first-player token at the start
    faces: tuple[str, ...]  # north's team, then south's
    number: FaceNumbers  # face id -> its number (read-only)
    seat: tuple[int, ...]  # per competitor: 0 north, 1 south
    team: tuple[tuple[int, ...], ...]  # per seat: its competitors, in team order
    comp: tuple[CompetitorFace, ...]  # per competitor: its face (gems, matrix)
    cards: int  # obstacle cards: the course has twice as many positions
    finish: int  # the position past the final obstacle


def new_game(deck: Deck, teams: Teams, first: str, edition: int | None = None) -> Game:
    """The game of ``teams`` (each seat's faces), ``first`` holding the token,
    under ``edition`` (the deck's when None). A seat or an edition that does
    not exist raises :class:`~hi5pnp.errors.OptionError`; a set-up that breaks
    the rules, :class:`~hi5pnp.rules.illegal.RulesError`."""
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
    return game_of(deck, team_of[Seat.NORTH], team_of[Seat.SOUTH], Seat(first), EDITIONS[edition or deck.edition])


def game_of(deck: Deck, north: tuple[str, ...], south: tuple[str, ...], first: Seat, edition: Edition) -> Game:
    """The game of two teams the rules allow (as :func:`new_game` checks, or
    as a deal makes them), unchecked."""
    faces = north + south
    comp = tuple(deck.competitor_face(f) for f in faces)
    cards = len(deck.obstacles)
    return Game(
        deck=deck,
        rules=deck.rules,
        edition=edition,
        first=first,
        faces=faces,
        number=FaceNumbers({f: i for i, f in enumerate(faces)}),
        seat=(0,) * len(north) + (1,) * len(south),
        team=(tuple(range(len(north))), tuple(range(len(north), len(faces)))),
        comp=comp,  # type: ignore[arg-type]
        cards=cards,
        finish=2 * cards + 1,
    )
