"""The compiled look-ahead (:mod:`.jit_kernel`, with numba) behind the pure
kernel's face: :class:`CompiledLookahead` answers
:class:`~hi5pnp.sim.bots.lookahead.Lookahead`'s questions (``choose``,
``play_on``, ``evaluate``) with the same turns and values, and weighs a
planner's turns in one call (``values``). It makes a game's tables once, the
course's once a round, and hands a position over as a few arrays:

- ``g``: the game's numbers, at jit_kernel's indices (``N`` ...); ``cf``:
  the heuristic's values (STEP ...), handed over rather than compiled in,
  so a cached kernel never holds old ones.
- ``seat`` (per competitor), ``mine`` (per seat, its competitors in the
  sight's order, padded with -1), ``ncols`` and ``sizes`` (each
  competitor's matrix columns and their boxes), ``pts`` (placing points);
  ``place``, ``bypass``, ``bring_own``, ``chits_at``, ``rooms``: the pure
  kernel's tables of values.
- ``matches`` (competitor x position) and ``traits`` (position: its
  obstacle's trait, as a number): the course under way.
- ``st``: the position: positions, chits, ready and out of the n
  competitors, the seats' ready counts, then the numbers jit_kernel names
  (``SEG`` ...) and the finishers; ``box`` and ``free``: each competitor's
  unmarked boxes per column (trait numbers, in order) and how many.
- a turn, a row: competitor, option, chits spent, group size, whether
  rewards are written, the group, then a reward per member (0 none, 1 a
  chit, 2 + c a mark in column c, counted from 0).

The planner uses it where numba is installed (``pip install
'hi5pnp[fast]'``) and ``HI5PNP_KERNEL`` is not ``python``
(:func:`~hi5pnp.sim.bots.kernel.compiled_kernel`); without numba everything runs
on the pure kernel, with the same choices (docs/simulate.md, "Speed").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...deck.model import Rules
from ...rules import CHIT as CHIT_REWARD
from ...rules import Action, Edition, Mark, Position, Reward
from ...rules.legality import MARKS
from ...rules.position import room
from .heuristic import CHIT, PARTIAL, PROJECTED, STEP, Sight

Move = tuple[Any, ...]  # a turn as play's arguments: competitor, action, spend, group, rewards
CODES = {Action.PLAIN: 0, Action.BYPASS: 1, Action.ASSIST: 2, Action.HELP: 3}
ACTIONS = tuple(CODES)


class CompiledLookahead:
    """One game's tables for the compiled kernel, seen through ``sight``."""

    def __init__(self, sight: Sight):
        from . import jit_kernel as k  # numba is imported here, only where it is used

        self.k: Any = k  # its compiled functions and layout, called with arrays
        assert tuple(CODES.values()) == (k.PLAIN, k.BYPASS, k.ASSIST, k.HELP), "CODES are jit_kernel's"
        game = sight.game
        self.sight, self.game = sight, game
        n = self.n = len(game.faces)
        rules = game.rules
        most = max([len(c.gems) for c in game.comp] + [1])
        self.most = most
        self.width = k.HEAD + 2 * most  # a turn's row
        self.trait_ids: dict[str, int] = {}
        cols = max([len(c.matrix) for c in game.comp] + [1])
        boxes = max([len(col) for c in game.comp for col in c.matrix] + [1])
        self.g = numbers(k, rules, game.edition, (len(sight.mine[0]), len(sight.mine[1])), game.finish, most)
        self.cf = values_of(k)
        self.seat = np.array(game.seat, np.int64)
        self.mine = np.full((2, max(len(t) for t in sight.mine)), -1, np.int64)
        for s, team in enumerate(sight.mine):
            self.mine[s, : len(team)] = team
        pts = rules.placing_points
        self.pts = np.array([*pts, 0], np.int64)
        self.place = placing(rules, n)
        self.bypass = np.array([STEP + (STEP - CHIT) * j for j in range(most + 1)])
        self.bring_own = np.array([STEP * (1 + j) for j in range(most + 1)])
        self.chits_at = np.array([[CHIT * c + 0.1 * STEP * a for a in range(game.finish + 1)] for c in range(rules.chit_limit + most + 1)])
        self.rooms = np.array([room(game, p) for p in range(game.finish + 1)], np.int64)
        self.ncols = np.array([len(c.matrix) for c in game.comp], np.int64)
        self.sizes = np.zeros((n, cols), np.int64)
        for i, c in enumerate(game.comp):
            self.sizes[i, : len(c.matrix)] = [len(col) for col in c.matrix]
        self.box = np.full((n, cols, boxes), -1, np.int64)  # the boxes last handed over, kept while they last
        self.free = np.zeros((n, cols), np.int64)
        self.held: list[Any] = [None] * n  # the unmarked boxes they stand for
        self.course: Any = None
        self.matches = np.zeros((n, game.finish + 1), np.int64)
        self.traits = np.zeros(game.finish + 1, np.int64)
        self.no_move = np.full(self.width, -1, np.int64)

    def _trait(self, name: str) -> int:
        return self.trait_ids.setdefault(name, len(self.trait_ids))

    def _see(self, pos: Position) -> None:
        if pos.course is not None and pos.course is not self.course:
            self.sight.see(pos.course)
            self.matches = np.array(self.sight.matches, np.int64)
            self.traits = np.array([self._trait(t) for t in self.sight.traits], np.int64)
            self.course = pos.course

    def _state(self, pos: Position) -> np.ndarray:
        """The position as ``st`` (jit_kernel's layout); the boxes brought up to date in ``box`` and ``free``."""
        self._see(pos)
        for i, cols in enumerate(pos.unmarked):
            if cols is not self.held[i]:
                self.held[i] = cols
                self.box[i] = -1
                self.free[i] = 0
                for c, col in enumerate(cols):
                    self.box[i, c, : len(col)] = [self._trait(t) for t in col]
                    self.free[i, c] = len(col)
        fin = pos.finished
        return np.array(
            [
                *pos.positions,
                *pos.chits,
                *pos.ready,
                *pos.out,
                *pos.ready_count,
                pos.segment,
                pos.token,
                -1 if pos.to_move is None else pos.to_move,
                len(fin),
                pos.round,
                pos.course is not None,
                0,
                *fin,
                *[0] * (self.game.rules.finishers - len(fin)),
            ],
            np.int64,
        )

    def _row(self, move: Sequence[Any]) -> list[int]:
        """A turn as play's arguments, as a row."""
        i, action, spend, group, rewards = move
        pad = self.most
        codes = [0 if r is None else 1 if r == CHIT_REWARD else 1 + r.column for r in rewards]  # jit_kernel's reward codes
        return [i, CODES[action], spend, len(group), 1 if rewards else 0, *group, *[0] * (pad - len(group)), *codes, *[0] * (pad - len(codes))]

    def _move(self, row: np.ndarray) -> Move:
        """A row as play's arguments (the pure kernel's turn, exactly)."""
        i, code, spend, size, written = (int(x) for x in row[:5])
        head = self.k.HEAD
        group = tuple(int(j) for j in row[head : head + size])
        rewards: tuple[Reward | None, ...] = ()
        if written:
            rewards = tuple(_reward(int(r)) for r in row[head + self.most : head + self.most + size])
        return (i, ACTIONS[code], spend, group, rewards)

    def _tables(self) -> tuple[np.ndarray, ...]:
        return (self.g, self.cf, self.seat, self.mine, self.place, self.bypass, self.bring_own, self.rooms, self.matches, self.traits)

    def values(self, pos: Position, firsts: Sequence[Move], depth: int, bound: int) -> list[float]:
        """Each turn of ``firsts`` played on a copy of ``pos``, then greedy's
        turns (as :meth:`play_on`), and the value for north where each line stops."""
        st = self._state(pos)
        rows = np.array([self._row(m) for m in firsts], np.int64)
        base = np.array(self.sight.placing(pos.finishes))
        found = self.k.values(*self._tables(), self.pts, self.ncols, self.sizes, self.chits_at, base, st, self.box, self.free, rows, depth, bound)
        return [float(v) for v in found]

    def choose(self, pos: Position) -> Move:
        """:func:`~hi5pnp.sim.bots.heuristic.best_choice`'s turn in ``pos``, as play's arguments."""
        moves: list[Move] = []
        trial = pos.copy()
        self.play_on(trial, moves, 1, pos.segment + 1)
        return moves[0]

    def play_on(self, trial: Position, moves: list[Move], depth: int, bound: int, first: Move | None = None) -> None:
        """:meth:`Lookahead.play_on <hi5pnp.sim.bots.lookahead.Lookahead.play_on>`: the same turns, and ``trial`` left as it leaves it."""
        st = self._state(trial)
        box, free = self.box.copy(), self.free.copy()
        rows = np.zeros((max(depth, 1), self.width), np.int64)
        made = self.k.line(*self._tables(), st, box, free, self.no_move if first is None else np.array(self._row(first), np.int64), depth, bound, rows)
        moves += [self._move(row) for row in rows[:made]]
        self._write(trial, st, box, free)

    def _write(self, pos: Position, st: np.ndarray, box: np.ndarray, free: np.ndarray) -> None:
        """``st``, ``box`` and ``free`` written back into ``pos``."""
        n, k = self.n, self.k
        values = [int(x) for x in st]
        pos.positions[:] = values[:n]
        pos.chits[:] = values[n : 2 * n]
        pos.ready[:] = [bool(x) for x in values[2 * n : 3 * n]]
        pos.out[:] = [bool(x) for x in values[3 * n : 4 * n]]
        pos.ready_count[:] = values[4 * n : 4 * n + 2]
        rest = values[4 * n :]
        pos.finished[:] = rest[k.FIN : k.FIN + rest[k.PLACED]]
        pos.segment, pos.token, pos.round = rest[k.SEG], rest[k.TOKEN], rest[k.ROUND]
        pos.to_move = None if rest[k.TO_MOVE] < 0 else rest[k.TO_MOVE]
        if rest[k.ENDED]:
            pos.finishes = (*pos.finishes, tuple(pos.finished))
            pos.course = None
        names = list(self.trait_ids)
        for i in range(n):
            if (free[i] != self.free[i]).any():
                pos.unmarked[i] = tuple(tuple(names[t] for t in box[i, c, : free[i, c]]) for c in range(len(pos.unmarked[i])))

    def evaluate(self, pos: Position) -> float:
        """:func:`~hi5pnp.sim.bots.heuristic.evaluate` for north (seat 0)."""
        st = self._state(pos)
        base = np.array(self.sight.placing(pos.finishes))
        return float(self.k.value(self.g, self.cf, self.seat, self.mine, self.pts, self.ncols, self.sizes, self.chits_at, base, st, self.free))


def numbers(k: Any, rules: Rules, edition: Edition, teams: tuple[int, int], finish: int, most: int) -> np.ndarray:
    """A game's numbers at jit_kernel's indices (``g``): its rules, its
    edition's options, each seat's competitors, the finish, the most gems
    of a colour a competitor has. ``k`` is jit_kernel."""
    g = np.zeros(k.G_SIZE, np.int64)
    g[k.N], g[k.TEAM0], g[k.TEAM1], g[k.FINISH] = sum(teams), teams[0], teams[1], finish
    g[k.LIMIT], g[k.EXACT], g[k.CP], g[k.FINISHERS] = rules.chit_limit, edition.exact_count, rules.column_points, rules.finishers
    g[k.AUTO] = -1 if edition.automatic_chits is None else CODES[edition.automatic_chits]
    g[k.NPLACE], g[k.MOST], g[k.NBRING] = len(rules.placing_points), most, len(edition.bring_actions)
    for a, action in enumerate(edition.bring_actions):
        g[k.BRING + a] = CODES[action]
    for action, code in CODES.items():
        g[k.WCHIT + code] = edition.writes_chits(action)
        g[k.WMARK + code] = edition.writes_marks(action)
        g[k.WOWED + code] = action == edition.owed_marks
    return g


def values_of(k: Any) -> np.ndarray:
    """The heuristic's values in jit_kernel's order (``cf``)."""
    found = np.zeros(4)
    found[[k.STEP, k.CHIT, k.PROJECTED, k.PARTIAL]] = [STEP, CHIT, PROJECTED, PARTIAL]
    return found


def placing(rules: Rules, n: int) -> np.ndarray:
    """The placing points of the next arrival by finishers placed, 0 past the last (heuristic._place_value)."""
    pts = rules.placing_points
    return np.array([float(pts[j]) if j < len(pts) else 0.0 for j in range(2 * n + 2)])


def _reward(code: int) -> Reward | None:
    if code == 0:
        return None
    if code == 1:
        return CHIT_REWARD
    c = code - 2
    return MARKS[c] if c < len(MARKS) else Mark(c + 1)
