"""The effects of a turn, and of the start and end of a segment and a round,
on a :class:`~hi5pnp.rules.position.Position`: coded once, here.

:func:`play` does what a turn does, unchecked: the caller vouches that the
turn is legal. The judge's :meth:`~hi5pnp.rules.state.State.apply` asks
:func:`~hi5pnp.rules.legality.why_illegal` first and passes a
:class:`~hi5pnp.rules.report.TurnReport` to be filled in; the bots' look-ahead
and the fast random playout call it bare, with turns built from the engine's
own facts. Competitors are numbered as in
:attr:`~hi5pnp.rules.game.Game.faces`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deck import ObstacleFace
from .game import Game
from .position import Position, obstacle_at
from .report import TurnReport
from .turn import Action, Mark, Reward

SEGMENT_OVER = 1  # what :func:`play` returns when the turn ended its segment
ROUND_OVER = 2  # ... when it ended its round: the segment ends with it


def lay(game: Game, pos: Position, course: tuple[ObstacleFace, ...]) -> None:
    """Start the next round on ``course`` (obstacle faces, west to east): all
    at the start, ready, without chits; the token holder moves first (§2)."""
    n = len(game.faces)
    pos.course = course
    pos.positions[:] = [1] * n  # lists change in place: a reader may keep them
    pos.chits[:] = [0] * n
    pos.ready[:] = [True] * n
    pos.out[:] = [False] * n
    pos.ready_count[:] = [len(team) for team in game.team]
    pos.finished.clear()
    pos.segment = 1
    pos.to_move = pos.token


def play(
    game: Game,
    pos: Position,
    i: int,
    action: Action,
    spend: int = 0,
    group: Sequence[int] = (),
    rewards: Sequence[Reward | None] = (),
    rep: TurnReport | None = None,
) -> int:
    """Play competitor ``i``'s turn: ``action``, spending ``spend`` chits (a
    bypass) or bringing ``group`` with ``rewards`` (the reward written after
    each member, None for none; empty when none is written). Returns
    :data:`ROUND_OVER`, :data:`SEGMENT_OVER` or 0. Unchecked: the turn must be
    legal (the caller judged it, or built it from the engine's own facts).
    ``rep``, when given, is filled in with what the turn did."""
    at = pos.positions
    p = at[i]
    end = at[i] = p + 1 + spend  # spend is 0 but for a bypass
    pos.ready[i] = False  # it has acted this segment (a legal turn's competitor was ready)
    count = pos.ready_count
    mover = game.seat[i]  # the seat to move: the active competitor's
    count[mover] -= 1
    if spend:
        pos.chits[i] -= spend
        if rep is not None:
            rep.chits_spent = spend
    if group:
        for j in group:
            at[j] = p + 1
        _take_rewards(game, pos, i, action, group, rewards, p, rep)
    finish = game.finish
    if (end == finish or (group and p + 1 == finish)) and _arrivals(game, pos, i, group, p + 1 == finish, end == finish, rep):
        return ROUND_OVER
    if count[1 - mover]:
        pos.to_move = 1 - mover
        return 0
    if count[mover]:
        return 0
    _end_segment(game, pos, rep)
    return SEGMENT_OVER


def _arrivals(game: Game, pos: Position, i: int, group: Sequence[int], brought: bool, active: bool, rep: TurnReport | None) -> bool:
    """The active competitor reaches the finish (``active``), then those it
    brought there (``brought``), in order (R-10, R-11); True if that ends the round."""
    for j in ([i] if active else []) + (list(group) if brought else []):
        if pos.ready[j]:  # one brought home may not have acted yet
            pos.ready[j] = False
            pos.ready_count[game.seat[j]] -= 1
        pos.out[j] = True
        if len(pos.finished) < game.rules.finishers:
            pos.finished.append(j)
            if rep is not None:
                rep.placed.append((game.faces[j], len(pos.finished)))
        elif rep is not None:
            rep.unplaced.append(game.faces[j])
    if len(pos.finished) >= game.rules.finishers:
        _end_round(game, pos, rep)
        return True
    return False


def _take_rewards(
    game: Game, pos: Position, i: int, action: Action, group: Sequence[int], rewards: Sequence[Reward | None], p: int, rep: TurnReport | None
) -> None:
    chits = pos.chits
    if action == game.edition.automatic_chits:
        opponents = sum(1 for j in group if game.seat[j] != game.seat[i])
        take = max(0, min(opponents, game.rules.chit_limit - chits[i]))
        chits[i] += take
        if rep is not None:
            rep.chits_taken = take
        return
    for reward in rewards:
        if reward is None:
            continue
        if isinstance(reward, Mark):
            assert pos.course is not None
            trait = obstacle_at(game, pos.course, p).trait
            cols = pos.unmarked[i]
            c = reward.column - 1
            col = cols[c]
            k = col.index(trait)
            pos.unmarked[i] = (*cols[:c], col[:k] + col[k + 1 :], *cols[c + 1 :])
            if rep is not None:
                rep.marks.append((reward.column, trait))
        else:
            chits[i] += 1
            if rep is not None:
                rep.chits_taken += 1


def _end_segment(game: Game, pos: Position, rep: TurnReport | None) -> None:
    """Nobody is ready: the token passes, and all on the course are ready again (R-4)."""
    if rep is not None:
        rep.segment_over = True
    token = pos.token = 1 - pos.token
    pos.segment += 1
    ready = pos.ready
    ready[:] = [not gone for gone in pos.out]
    count = pos.ready_count
    count[:] = [sum(map(ready.__getitem__, team)) for team in game.team]
    pos.to_move = token if count[token] else 1 - token


def _end_round(game: Game, pos: Position, rep: TurnReport | None) -> None:
    """The last needed finisher has arrived: the round ends, and its segment with it (R-12, R-4)."""
    pos.finishes = (*pos.finishes, tuple(pos.finished))
    pos.token = 1 - pos.token
    pos.round += 1
    pos.course = None
    pos.to_move = None
    pos.ready[:] = [False] * len(game.faces)
    pos.ready_count[:] = [0, 0]
    if rep is not None:
        rep.segment_over = rep.round_over = True
        rep.game_over = pos.round >= game.rules.rounds
