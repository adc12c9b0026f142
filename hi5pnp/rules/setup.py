"""Set-up (rules §2): the two teams, and each round's course."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..deck import Deck
from ..language import _
from .illegal import Illegal
from .seat import SEATS, Seat, seat_words


def setup_problems(deck: Deck, teams: Mapping[Seat, Sequence[str]]) -> list[Illegal]:
    """Every fault of two teams (face ids): a team of the wrong size, a face
    the deck lacks, a card used twice (R-1), team by team."""
    size = deck.rules.team_size
    problems = []
    for seat in SEATS:
        team = teams[seat]
        if len(team) != size:
            said = {"seat": seat_words(seat), "k": len(team), "size": size}
            problems.append(Illegal(_("%(seat)s's team has %(k)d competitors; a team has %(size)d") % said, "§2", seat))
    seen: dict[int, str] = {}
    for seat in SEATS:
        for k, face in enumerate(teams[seat]):
            cf = deck.competitor_face(face)
            if cf is None:
                problems.append(Illegal(_("%(face)s is not a competitor face of the deck") % {"face": face}, "§1", seat, k))
            elif cf.card in seen:
                said = {"card": cf.card, "first": seen[cf.card], "face": face}
                problems.append(Illegal(_("card %(card)d is used twice (%(first)s and %(face)s)") % said, "R-1", seat, k))
            else:
                seen[cf.card] = face
    return problems


def setup_problem(deck: Deck, teams: Mapping[Seat, Sequence[str]]) -> Illegal | None:
    """The first fault of two teams (:func:`setup_problems`), or None."""
    problems = setup_problems(deck, teams)
    return problems[0] if problems else None


def course_problem(deck: Deck, course: Sequence[str]) -> Illegal | None:
    """The first fault of a course (obstacle faces, west to east), or None:
    every obstacle card is laid once, one face up."""
    seen: dict[int, int] = {}
    for k, face in enumerate(course):
        of = deck.obstacle_face(face)
        if of is None:
            return Illegal(_("%(face)s is not an obstacle face of the deck") % {"face": face}, "§2", entry=k)
        if of.card in seen:
            said = {"card": of.card, "first": seen[of.card] + 1, "place": k + 1}
            return Illegal(_("obstacle card %(card)d is laid twice (places %(first)d and %(place)d of the row)") % said, "§2", entry=k)
        seen[of.card] = k
    if len(course) != len(deck.obstacles):
        missing = sorted(c.number for c in deck.obstacles if c.number not in seen)
        short: dict[str, object] = {"k": len(course), "n": len(deck.obstacles), "missing": ", ".join(map(str, missing))}
        return Illegal(_("the course has %(k)d cards; every obstacle card is laid once (%(n)d cards; missing: %(missing)s)") % short, "§2")
    return None
