"""The rulebook's worked example: a real position reached by the rules engine.

From a fixed set-up the engine plays plain turns (the first ready competitor
each time) until a competitor can assist others and bring an opponent along;
that assist is the example. At each position the search looks at no more
than :data:`MOST_SEARCHED` legal turns, made one at a time: a deck where many
stand together has millions, and the first good one comes early. Before and after are snapshots of the engine's
state, so the rulebook can never contradict the rules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...deck import Deck
from ...rules import CHIT, Seat, State, Turn, TurnReport

MOST_SEARCHED = 1000  # legal turns looked at in one position


@dataclass(frozen=True)
class Snapshot:
    """Where everyone stands: face -> position, chits on each card, the course."""

    positions: dict[str, int]
    chits: dict[str, int]
    seats: dict[str, Seat]
    course: tuple[str, ...]  # obstacle face ids, west to east


@dataclass(frozen=True)
class WorkedExample:
    before: Snapshot
    after: Snapshot
    report: TurnReport
    setup_turns: tuple[str, ...]
    acted: tuple[str, ...]  # competitors that had already acted in the example's segment
    teams: dict[Seat, tuple[str, ...]]
    first: Seat
    edition: int


def _snapshot(state: State) -> Snapshot:
    faces = [f for f in state.faces if state.on_course(f)]
    return Snapshot(
        positions={f: state.position(f) for f in faces},
        chits={f: state.chits_of(f) for f in faces if state.chits_of(f)},
        seats={f: state.seat(f) for f in state.faces},
        course=tuple(o.id for o in state.course or ()),
    )


def _opponents_brought(state: State, turn: Turn) -> int:
    seat = state.seat(turn.face)
    return sum(1 for b in turn.brought if state.seat(b.face) != seat)


def _is_example(state: State, turn: Turn) -> bool:
    """An assist that brings at least two, one of them an opponent who pays a reward.
    (The search also waits until the field has spread out a little.)"""
    if len(turn.brought) < 2 or _opponents_brought(state, turn) < 1:
        return False
    rewards = [b.reward for b in turn.brought if state.seat(b.face) != state.seat(turn.face)]
    if state.edition.writes_chits(turn.action):
        return all(r == CHIT for r in rewards)  # the simplest reward to follow
    return True


def _could_be_example(state: State) -> bool:
    """Cheap test before looking at the legal turns: a ready competitor of the
    player to move with a match of 2 or more and an opponent beside it."""
    seat = state.current_player()
    if seat is None:
        return False
    for face in state.ready_faces(seat):
        f = state.facing(face)
        if f.matches >= 2 and any(state.seat(o) != seat for o in f.eligible):
            return True
    return False


def worked_example(deck: Deck, edition: int | None = None, max_turns: int = 200) -> WorkedExample | None:
    n = deck.rules.team_size
    cards = deck.competitors
    teams = {Seat.NORTH: tuple(c.a.id for c in cards[:n]), Seat.SOUTH: tuple(c.a.id for c in cards[n : 2 * n])}
    state = State(deck, teams, first=Seat.NORTH, edition=edition)
    state.lay_course([c.a.id for c in deck.obstacles])
    played: list[str] = []
    for _ in range(max_turns):
        if state.is_terminal() or state.needs_course():
            return None
        spread = len({state.position(f) for f in state.faces if state.on_course(f)}) >= 2
        turn = None
        if spread and len(played) >= 4 and _could_be_example(state):
            searched = itertools.islice(state.iter_legal_actions(), MOST_SEARCHED)
            turn = next((t for t in searched if _is_example(state, t)), None)
        if turn is not None:
            before = _snapshot(state)
            acted = tuple(f for f in state.faces if state.on_course(f) and not state.is_ready(f))
            report = state.apply(turn)
            return WorkedExample(before, _snapshot(state), report, tuple(played), acted, teams, Seat.NORTH, state.edition.number)
        seat = state.current_player()
        assert seat is not None  # a round is under way
        plain = Turn(state.ready_faces(seat)[0])
        state.apply(plain)
        played.append(str(plain))
    return None
