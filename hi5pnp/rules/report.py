"""What one turn did (:class:`TurnReport`): the checked
:meth:`~hi5pnp.rules.state.State.apply` returns one, filled in by the same
rules that play the turn (:func:`~hi5pnp.rules.play.play`), for the replay,
the simulator's tallies and the rulebook's example."""

from __future__ import annotations

from ..deck import ObstacleFace
from .seat import Seat
from .turn import Turn


class TurnReport:
    """What one turn did, for the replay and the rulebook's example."""

    __slots__ = (
        "brought",
        "chits_spent",
        "chits_taken",
        "end",
        "game_over",
        "marks",
        "matches",
        "next_player",
        "obstacle",
        "placed",
        "round",
        "round_over",
        "seat",
        "segment",
        "segment_over",
        "start",
        "turn",
        "unplaced",
    )

    def __init__(self, turn: Turn, seat: Seat, round: int, segment: int, start: int, obstacle: ObstacleFace):
        self.turn = turn
        self.seat = seat
        self.round = round  # 1-based
        self.segment = segment  # 1-based within the round
        self.start = start
        self.obstacle = obstacle
        self.matches = 0  # gems of the obstacle's colour
        self.end = start  # the active competitor's new position
        self.brought: list[str] = []
        self.chits_taken = 0
        self.chits_spent = 0
        self.marks: list[tuple[int, str]] = []  # (1-based column, trait)
        self.placed: list[tuple[str, int]] = []  # (face, place)
        self.unplaced: list[str] = []  # arrived after the round was full
        self.segment_over = False
        self.round_over = False
        self.game_over = False
        self.next_player: Seat | None = None
