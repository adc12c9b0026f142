"""Every legal turn of a position, for tests, the rulebook's example and
players that search: each distinct outcome once."""

from __future__ import annotations

import itertools

from .board import Board
from .legality import reward_options, why_illegal
from .turn import Action, Brought, Reward, Turn


def legal_actions(board: Board) -> list[Turn]:
    """Every legal turn now; a plain turn stands for bringing nobody and spending nothing.

    Exhaustive, so it can be large where many stand together near the finish
    (the order of arrival matters there): players that need one turn build it
    with :func:`~hi5pnp.rules.legality.reward_options` instead.
    """
    seat = board.current_player()
    if seat is None:
        return []
    turns: list[Turn] = []
    for face in board.ready_faces(seat):
        turns.extend(_proposals(board, face))
    return [t for t in turns if why_illegal(board, t) is None]


def _proposals(board: Board, face: str) -> list[Turn]:
    f = board.facing(face)
    turns = [Turn(face)]
    turns += [Turn(face, Action.BYPASS, (), k) for k in range(1, f.max_spend + 1)]
    n = f.can_bring
    sizes = ([n] if n else []) if board.edition.exact_count else range(1, n + 1)
    pick = itertools.permutations if f.position + 1 == board.finish else itertools.combinations
    for size in sizes:
        for group in pick(f.eligible, size):
            for action in board.edition.bring_actions:
                turns += (Turn(face, action, brought) for brought in _rewarded(board, face, action, group, ()))
    return turns


def _rewarded(board: Board, face: str, action: Action, group: tuple[str, ...], written: tuple[Brought, ...]) -> list[tuple[Brought, ...]]:
    """Every way of writing rewards after the competitors of ``group``."""
    if len(written) == len(group):
        return [written]
    brought = group[len(written)]
    out: list[tuple[Brought, ...]] = []
    options: list[Reward | None] = reward_options(board, face, action, written, brought)
    for reward in options:
        out += _rewarded(board, face, action, group, (*written, Brought(brought, reward)))
    return out
