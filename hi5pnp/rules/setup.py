"""Set-up (rules §2): the two teams, and each round's course."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..deck import Deck
from .illegal import Illegal
from .seat import SEATS, Seat


def setup_problems(deck: Deck, teams: Mapping[Seat, Sequence[str]]) -> list[Illegal]:
    """Every fault of two teams (face ids): a team of the wrong size, a face
    the deck lacks, a card used twice (R-1), team by team."""
    size = deck.rules.team_size
    problems = []
    for seat in SEATS:
        team = teams[seat]
        if len(team) != size:
            problems.append(Illegal(f"{seat}'s team has {len(team)} competitors; a team has {size}", "§2", seat))
    seen: dict[int, str] = {}
    for seat in SEATS:
        for k, face in enumerate(teams[seat]):
            cf = deck.competitor_face(face)
            if cf is None:
                problems.append(Illegal(f"{face} is not a competitor face of the deck", "§1", seat, k))
            elif cf.card in seen:
                problems.append(Illegal(f"card {cf.card} is used twice ({seen[cf.card]} and {face})", "R-1", seat, k))
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
            return Illegal(f"{face} is not an obstacle face of the deck", "§2", entry=k)
        if of.card in seen:
            return Illegal(f"obstacle card {of.card} is laid twice (places {seen[of.card] + 1} and {k + 1} of the row)", "§2", entry=k)
        seen[of.card] = k
    if len(course) != len(deck.obstacles):
        missing = sorted(c.number for c in deck.obstacles if c.number not in seen)
        return Illegal(
            f"the course has {len(course)} cards; every obstacle card is laid once ({len(deck.obstacles)} cards; missing: {', '.join(map(str, missing))})",
            "§2",
        )
    return None
