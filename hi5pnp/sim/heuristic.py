"""What the bots value: a turn's worth in points over one turn, and a
position's worth for look-ahead. Estimates, not rules: every fact comes from
the engine (:meth:`State.facing`, :meth:`State.reward_options`), and a
proposed turn is judged by the engine like any other.

The unit is one point of score. Moving a position forward is worth
:data:`STEP`; a chit, a future step, :data:`CHIT`; a trait mark its column's
points shared over the boxes still unmarked in it, so the mark that completes
a column is worth the column; a finisher its placing points.
"""

from __future__ import annotations

from ..deck import CompetitorFace, Deck
from ..rules import CHIT as CHIT_REWARD
from ..rules import Action, Brought, Facing, Mark, Reward, RulesError, Seat, State, Turn
from ..rules.legality import no_round

STEP = 0.5  # a position forward
CHIT = 0.35  # a chit held: a step a later bypass may take
PROJECTED = 0.6  # how much of the placing points a position ranks for counts before the round ends
PARTIAL = 0.5  # how much of a column's points its marked share counts before it is complete


def ranked_turns(state: State) -> list[tuple[float, Turn]]:
    """Sensible turns for the player to move, best first (a stable order:
    ready competitors in team order, plain before bypass before bringing)."""
    seat = state.current_player()
    if seat is None:
        raise RulesError(no_round(state))
    found: list[tuple[float, Turn]] = []
    placed = len(state.finishers())
    for face in state.ready_faces(seat):
        f = state.facing(face)
        found.append((_steps(state, f, 1, placed, [True]), Turn(face)))
        for k in range(1, f.max_spend + 1):
            found.append((_steps(state, f, 1 + k, placed, [True]) - CHIT * k, Turn(face, Action.BYPASS, (), k)))
        if f.can_bring:
            for action in state.edition.bring_actions:
                best = _best_bring(state, seat, f, action, placed)
                if best is not None:
                    found.append(best)
    found.sort(key=lambda vt: -vt[0])
    return found


def _place_value(state: State, placed: int) -> float:
    """Placing points of the next arrival when ``placed`` have finished."""
    pts = state.rules.placing_points
    return float(pts[placed]) if placed < len(pts) else 0.0


def _steps(state: State, f: Facing, steps: int, placed: int, arrivals: list[bool]) -> float:
    """The active competitor's move; ``arrivals`` lists, in order, whether each
    arrival at the finish this turn is ours (the active one first)."""
    if f.position + steps < state.finish:
        return STEP * steps
    return STEP * steps + _arrivals(state, placed, arrivals)


def _arrivals(state: State, placed: int, ours: list[bool]) -> float:
    value = 0.0
    for k, mine in enumerate(ours):
        points = _place_value(state, placed + k)
        value += points if mine else -points
    return value


def _best_bring(state: State, seat: Seat, f: Facing, action: Action, placed: int) -> tuple[float, Turn] | None:
    """The best group to bring with ``action``: own competitors first (each
    moves with us), then opponents whose reward is worth their step; None
    when nobody is worth bringing (the plain turn is ranked on its own)."""
    face = f.face
    free = state.unmarked(face)
    exact = state.edition.exact_count
    own = [o for o in f.eligible if state.seat(o) == seat]
    theirs = [o for o in f.eligible if state.seat(o) != seat]
    brought: list[Brought] = [Brought(o) for o in own[: f.can_bring]]
    value = STEP * (1 + len(brought))
    chits = f.chits
    auto = action == state.edition.automatic_chits
    for other in theirs:
        if len(brought) == f.can_bring:
            break
        options: list[Reward | None] = state.reward_options(face, action, brought, other)
        reward, worth = _best_reward(state, options, free, chits, f.obstacle.trait)
        if auto and chits < state.rules.chit_limit:
            worth = CHIT
        if worth <= STEP and not exact:
            continue
        brought.append(Brought(other, reward))
        value += worth - STEP
        if reward == CHIT_REWARD or (auto and chits < state.rules.chit_limit):
            chits += 1
        elif isinstance(reward, Mark):
            free[reward.column - 1].remove(f.obstacle.trait)
    if f.position + 1 == state.finish:
        value += _arrivals(state, placed, [True] + [state.seat(b.face) == seat for b in brought])
    if not brought:
        return None
    return (value, Turn(face, action, tuple(brought)))


def _best_reward(
    state: State, options: list[Reward | None], free: list[list[str]], chits: int, trait: str
) -> tuple[Reward | None, float]:
    best: tuple[Reward | None, float] = (None, 0.0)
    for reward in options:
        if reward == CHIT_REWARD:
            worth = CHIT
        elif isinstance(reward, Mark):
            worth = state.rules.column_points / len(free[reward.column - 1])
        else:
            continue
        if worth > best[1]:
            best = (reward, worth)
    return best


def evaluate(state: State, seat: Seat) -> float:
    """How much better ``seat`` stands than its opponent, in points: the
    score so far, the placing points the positions rank for this round (in
    part), the marked share of incomplete columns (in part) and chits."""
    worth = {s: 0.0 for s in (Seat.NORTH, Seat.SOUTH)}
    for s, points in state.scores().items():
        worth[s] += points
    cp = state.rules.column_points
    for face in state.faces:
        s = state.seat(face)
        matrix = state.deck.competitor_face(face)
        assert matrix is not None
        for col, left in zip(matrix.matrix, state.unmarked(face)):
            if left:
                worth[s] += PARTIAL * cp * (len(col) - len(left)) / len(col)
        if state.on_course(face):
            worth[s] += CHIT * state.chits_of(face) + 0.1 * STEP * state.position(face)
    if state.course is not None:
        pts = state.rules.placing_points
        placed = len(state.finishers())
        racing = sorted((f for f in state.faces if state.on_course(f)), key=state.position, reverse=True)
        for k, face in enumerate(racing[: len(pts) - placed]):
            worth[state.seat(face)] += PROJECTED * pts[placed + k]
    other = Seat.SOUTH if seat == Seat.NORTH else Seat.NORTH
    return worth[seat] - worth[other]


def face_strength(deck: Deck, face: CompetitorFace) -> float:
    """A face's worth at set-up: points its columns may bring (short columns
    are easier) and how many obstacle colours its gems match."""
    colours = {ob.color for ob in deck.obstacle_faces()}
    reach = len(set(face.gems) & colours)
    return sum(deck.rules.column_points / len(col) for col in face.matrix) + 0.5 * reach
