"""Every legal turn of a position, for tests, the rulebook's example, the
judge's "legal turns instead" and players that search: each distinct outcome
once, in a fixed order (each ready competitor in team order; its plain turn,
its bypasses, then the groups it may bring).

The turns are made one at a time (:func:`iter_legal_actions`): where many
stand together near the finish there can be millions (the order of arrival
matters there), so a caller that shows a few, or looks for one, stops early
and never holds them all.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from .board import Board
from .legality import reward_options, why_illegal
from .turn import Action, Brought, Reward, Turn


def iter_legal_actions(board: Board, face: str | None = None) -> Iterator[Turn]:
    """Every legal turn now, one at a time; only ``face``'s when given (none
    when it is not a ready competitor of the player to move). A plain turn
    stands for bringing nobody and spending nothing."""
    seat = board.current_player()
    if seat is None:
        return
    for ready in board.ready_faces(seat):
        if face is None or ready == face:
            yield from (t for t in _proposals(board, ready) if why_illegal(board, t) is None)


def legal_actions(board: Board) -> list[Turn]:
    """Every legal turn now, as a list (:func:`iter_legal_actions`).

    Exhaustive, so it can be large where many stand together near the finish:
    players that need one turn build it with
    :func:`~hi5pnp.rules.legality.reward_options`, and callers that show or
    count a few use :func:`iter_legal_actions` and :func:`count_up_to`.
    """
    return list(iter_legal_actions(board))


def count_up_to(turns: Iterable[Turn], bound: int) -> int:
    """How many ``turns`` there are, counting no further than ``bound + 1``
    (more than ``bound``): the count costs at most that many turns."""
    return sum(1 for _ in itertools.islice(turns, bound + 1))


def _proposals(board: Board, face: str) -> Iterator[Turn]:
    f = board.facing(face)
    yield Turn(face)
    yield from (Turn(face, Action.BYPASS, (), k) for k in range(1, f.max_spend + 1))
    n = f.can_bring
    sizes = ([n] if n else []) if board.edition.exact_count else range(1, n + 1)
    pick = itertools.permutations if f.position + 1 == board.finish else itertools.combinations
    for size in sizes:
        for group in pick(f.eligible, size):
            for action in board.edition.bring_actions:
                yield from (Turn(face, action, brought) for brought in _rewarded(board, face, action, group, ()))


def _rewarded(board: Board, face: str, action: Action, group: tuple[str, ...], written: tuple[Brought, ...]) -> Iterator[tuple[Brought, ...]]:
    """Every way of writing rewards after the competitors of ``group``."""
    if len(written) == len(group):
        yield written
        return
    brought = group[len(written)]
    options: list[Reward | None] = reward_options(board, face, action, written, brought)
    for reward in options:
        yield from _rewarded(board, face, action, group, (*written, Brought(brought, reward)))
