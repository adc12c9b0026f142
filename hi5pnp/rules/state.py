"""The rules engine: one game of High Five, editions 1 and 2.

A small, fixed API in the manner of OpenSpiel and python-chess, shared by the
checker, the bots and the rulebook's example::

    state = State(deck, {"north": [...], "south": [...]}, first="north")
    state.lay_course(["3a", "1b", ...])      # the start of each round
    state.current_player()                   # Seat.NORTH | Seat.SOUTH | None
    state.legal_actions()                    # [Turn, ...]
    state.iter_legal_actions()               # the same, one at a time
    state.why_illegal(turn)                  # None, or Illegal(message, ruling)
    report = state.apply(turn)               # raises RulesError if illegal
    state.needs_course(), state.is_terminal(), state.scores(), state.winner()
    state.why_round_incomplete(), state.why_game_incomplete()

Every rule is judged here and in the modules beside this one (set-up, the
verdict on a turn, the number of rounds and the end of a round); other code
asks, never restates. Numbers come from the deck's rules and the course
length from its obstacle cards. Rulings are cited as in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..deck import Deck, ObstacleFace
from ..errors import OptionError
from . import legality, proposals
from .board import Board, RoundResult, Teams
from .illegal import Illegal, RulesError
from .seat import SEATS, Seat
from .setup import course_problem
from .turn import Action, Brought, Mark, Reward, Turn


class Played(NamedTuple):
    """A round as played so far: its course and its turns."""

    course: tuple[str, ...]
    turns: tuple[Turn, ...]


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
    )  # fmt: skip

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


class State(Board):
    """One game between north and south, from its set-up to its end.

    ``teams`` gives each seat's faces, ``first`` the seat holding the
    first-player token at the start, ``edition`` the rules edition (the
    deck's when None); a set-up the rules forbid raises :class:`RulesError`.
    """

    def __init__(self, deck: Deck, teams: Teams, first: str, edition: int | None = None):
        super().__init__(deck, teams, first, edition)
        self._history: list[tuple[tuple[str, ...], list[Turn]]] = []

    # ------------------------------------------------------------ the rounds
    def why_course_illegal(self, course: Sequence[str]) -> Illegal | None:
        """None if ``course`` (obstacle faces, west to east) may be laid now."""
        if self.is_terminal():
            rounds = self.rules.rounds
            return Illegal(f"the game has {rounds} round{'s' * (rounds != 1)}; round {rounds + 1} is one too many", "§6")
        if self._course is not None:
            return self._round_unfinished()
        return course_problem(self.deck, course)

    def lay_course(self, course: Sequence[str]) -> None:
        """Start the next round on ``course``; raise :class:`RulesError` if it may not be laid."""
        problem = self.why_course_illegal(course)
        if problem is not None:
            raise RulesError(problem)
        self._course = tuple(self.deck.obstacle_face(f) for f in course)  # type: ignore[misc]
        self._history.append((tuple(course), []))
        n = len(self.faces)
        self._pos = [1] * n
        self._chits = [0] * n
        self._ready = [True] * n
        self._out = [False] * n
        self._ready_count = [self._seat.count(0), self._seat.count(1)]
        self._finished = []
        self._segment = 1
        self._to_move = self._token

    def why_round_incomplete(self) -> Illegal | None:
        """None unless a round is under way: it ends only with its finishers (R-12)."""
        return None if self._course is None else self._round_unfinished()

    def why_game_incomplete(self) -> Illegal | None:
        """None if every round has been played (§6); otherwise what is missing."""
        if self._course is not None:
            return self._round_unfinished()
        if self.is_terminal():
            return None
        played, rounds = self._round, self.rules.rounds
        return Illegal(f"only {played} of the game's {rounds} rounds {'was' if played == 1 else 'were'} played", "§6")

    def _round_unfinished(self) -> Illegal:
        need, got = self.rules.finishers, len(self._finished)
        return Illegal(
            f"round {self._round + 1} is cut short: its turns end with {got} of the {need} finishers the round needs",
            "R-12",
        )

    def history(self) -> list[Played]:
        """Every round begun, in order: its course and the turns played in it."""
        return [Played(course, tuple(turns)) for course, turns in self._history]

    # ------------------------------------------------------------- the turns
    def why_illegal(self, turn: Turn) -> Illegal | None:
        """None if ``turn`` is legal now; otherwise why not. The one judge of a turn."""
        return legality.why_illegal(self, turn)

    def legal_actions(self) -> list[Turn]:
        """Every legal turn now (see :func:`hi5pnp.rules.proposals.legal_actions`)."""
        return proposals.legal_actions(self)

    def iter_legal_actions(self, face: str | None = None) -> Iterator[Turn]:
        """The legal turns now one at a time, only ``face``'s when given (see
        :func:`hi5pnp.rules.proposals.iter_legal_actions`): to show or look
        for a few where there may be millions."""
        return proposals.iter_legal_actions(self, face)

    def reward_options(self, face: str, action: Action, written: Sequence[Brought], brought: str) -> list[Reward | None]:
        """The rewards that may follow ``brought`` (see :func:`hi5pnp.rules.legality.reward_options`)."""
        return legality.reward_options(self, face, action, written, brought)

    def apply(self, turn: Turn) -> TurnReport:
        """Play ``turn``, or raise :class:`RulesError` if the rules forbid it."""
        problem = legality.why_illegal(self, turn)
        if problem is not None:
            raise RulesError(problem)
        i = self._index[turn.face]
        p = self._pos[i]
        ob = self.obstacle_at(p)
        rep = TurnReport(turn, SEATS[self._seat[i]], self._round + 1, self._segment, p, ob)
        rep.matches = self._comp[i].gems.count(ob.color)
        self._history[-1][1].append(turn)
        self._play(i, turn, ob.trait, rep)
        rep.end = self._pos[i]
        rep.brought = [b.face for b in turn.brought]
        rep.next_player = self.current_player()
        return rep

    def _play(self, i: int, turn: Turn, trait: str, rep: TurnReport) -> None:
        pos = self._pos
        p = pos[i]
        pos[i] = end = p + 1 + turn.spend  # spend is 0 but for a bypass
        self._exhaust(i)
        if turn.spend:
            self._chits[i] -= turn.spend
            rep.chits_spent = turn.spend
        if end == self.finish:
            self._arrive(i, rep)
        if turn.brought:
            brought = [self._index[b.face] for b in turn.brought]
            for j in brought:
                pos[j] = p + 1
            self._take_rewards(i, turn, trait, rep)
            if p + 1 == self.finish:
                for j in brought:
                    self._arrive(j, rep)
        if len(self._finished) >= self.rules.finishers:
            self._end_round(rep)
        else:
            self._advance(rep)

    def _exhaust(self, i: int) -> None:
        if self._ready[i]:
            self._ready[i] = False
            self._ready_count[self._seat[i]] -= 1

    def _take_rewards(self, i: int, turn: Turn, trait: str, rep: TurnReport) -> None:
        if turn.action == self.edition.automatic_chits:
            opponents = sum(1 for b in turn.brought if self._seat[self._index[b.face]] != self._seat[i])
            take = max(0, min(opponents, self.rules.chit_limit - self._chits[i]))
            self._chits[i] += take
            rep.chits_taken = take
            return
        for b in turn.brought:
            if isinstance(b.reward, Mark):
                self._free[i][b.reward.column - 1].remove(trait)
                rep.marks.append((b.reward.column, trait))
            elif b.reward is not None:
                self._chits[i] += 1
                rep.chits_taken += 1

    def _arrive(self, j: int, rep: TurnReport) -> None:
        self._exhaust(j)
        self._out[j] = True
        if len(self._finished) < self.rules.finishers:
            self._finished.append(j)
            rep.placed.append((self.faces[j], len(self._finished)))
        else:
            rep.unplaced.append(self.faces[j])

    def _advance(self, rep: TurnReport) -> None:
        mover = self._to_move
        assert mover is not None
        if self._ready_count[1 - mover]:
            self._to_move = 1 - mover
        elif not self._ready_count[mover]:
            self._end_segment(rep)

    def _end_segment(self, rep: TurnReport) -> None:
        rep.segment_over = True
        self._token = 1 - self._token
        self._segment += 1
        self._ready_count = [0, 0]
        for j in range(len(self.faces)):
            if not self._out[j]:
                self._ready[j] = True
                self._ready_count[self._seat[j]] += 1
        self._to_move = self._token if self._ready_count[self._token] else 1 - self._token

    def _end_round(self, rep: TurnReport) -> None:
        pts = [0, 0]
        for k, j in enumerate(self._finished):
            pts[self._seat[j]] += self.rules.placing_points[k]
        self._results.append(RoundResult(tuple(self.faces[j] for j in self._finished), dict(zip(SEATS, pts))))
        self._token = 1 - self._token  # the segment ends with the round
        self._round += 1
        self._course = None
        self._to_move = None
        self._ready = [False] * len(self.faces)
        self._ready_count = [0, 0]
        rep.segment_over = rep.round_over = True
        rep.game_over = self.is_terminal()

    # ------------------------------------------------------ set-up and copies
    def arrange(
        self,
        face: str,
        *,
        position: int | None = None,
        chits: int | None = None,
        ready: bool | None = None,
        unmarked: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """Put a competitor where a test or a picture needs it: at ``position``
        (the finish: it has finished, placed after those already placed),
        holding ``chits``, ready or exhausted, with only the ``unmarked`` boxes
        of each matrix column left. Position, chits and readiness are arranged
        while a round is under way; the rest of the state (who may move, ready
        counts) follows. What the engine could never reach is refused with a
        OptionError (a ValueError): a competitor back on the course once finished, a placement
        that would end the round (play the turn that ends it instead), a
        segment in which nobody is left ready."""
        i = self._index.get(face)
        if i is None:
            raise OptionError(f"{face} is in neither team ({', '.join(self.faces)})")
        if unmarked is not None:
            columns = self._comp[i].matrix
            if len(unmarked) != len(columns) or any(
                any(left.count(t) > col.count(t) for t in left) for left, col in zip(unmarked, columns)
            ):
                raise OptionError(f"{face}'s matrix {columns} has no such unmarked boxes: {unmarked}")
            self._free[i] = [list(col) for col in unmarked]
        if position is None and chits is None and ready is None:
            return
        if self._course is None:
            raise OptionError("a competitor is placed only while a round is under way")
        if position is not None and position != self._pos[i]:
            if self._out[i]:
                raise OptionError(f"{face} has finished this round; it does not come back")
            if not 1 <= position <= self.finish:
                raise OptionError(f"position {position} is not on the course (1-{self.finish})")
            if position == self.finish and len(self._finished) + 1 >= self.rules.finishers:
                raise OptionError(f"placing {face} would end the round; play the turn that ends it")
        if chits is not None and not 0 <= chits <= self.rules.chit_limit:
            raise OptionError(f"{chits} chits: a card holds 0-{self.rules.chit_limit}")
        ready_now = list(self._ready)
        if ready is not None:
            ready_now[i] = ready and not self._out[i] and position != self.finish
        if position == self.finish:
            ready_now[i] = False
        if not any(ready_now):
            raise OptionError("nobody would be ready: a segment ends when all have acted")
        if position is not None and position != self._pos[i]:
            self._pos[i] = position
            if position == self.finish:
                self._out[i] = True
                self._finished.append(i)
        if chits is not None:
            self._chits[i] = chits
        self._ready = ready_now
        self._ready_count = [sum(1 for j, r in enumerate(self._ready) if r and self._seat[j] == s) for s in (0, 1)]
        if self._to_move is not None and not self._ready_count[self._to_move]:
            self._to_move = 1 - self._to_move

    def copy(self) -> State:
        """An independent copy: playing on one leaves the other as it was."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        for name in ("_pos", "_chits", "_ready", "_out", "_ready_count", "_finished", "_results"):
            setattr(new, name, list(getattr(self, name)))
        new._free = [[list(col) for col in cols] for cols in self._free]
        new._history = [(course, list(turns)) for course, turns in self._history]
        return new

    def headline(self) -> str:
        """Where the game is: "round 2 of 3, segment 4: south to play"."""
        if self.is_terminal():
            return f"the game is over after {self._round} rounds"
        if self._course is None:
            return f"round {self._round + 1} of {self.rules.rounds}: no course laid yet"
        return f"round {self._round + 1} of {self.rules.rounds}, segment {self._segment}: {self.current_player()} to play"

    def __str__(self) -> str:
        """The position in words: the round, whose turn, and a row per obstacle
        card with who stands at each of its two positions."""
        head = self.headline()
        score = self.scores()
        lines = [f"{head} (first-player token: {self.token_holder()}; points so far north {score[Seat.NORTH]}, south {score[Seat.SOUTH]})"]
        return "\n".join(lines + self.course_rows())

    def course_rows(self) -> list[str]:
        """One line per obstacle card, west to east, with both of its positions.
        ``1a(2)`` is 1a holding two chits; ``1a*`` is exhausted this segment."""
        course = self._course
        if course is None:
            return []
        n = self.cards
        at: dict[int, list[str]] = {}
        for i, face in enumerate(self.faces):
            if not self._out[i]:
                mark = (f"({self._chits[i]})" if self._chits[i] else "") + ("" if self._ready[i] else "*")
                at.setdefault(self._pos[i], []).append(face + mark)

        def spot(position: int) -> str:
            return f"{position}: " + (" ".join(at.get(position, [])) or "-")

        south = [spot(col) for col in range(1, n + 1)]
        width = max(12, *(len(x) for x in south)) + 2
        kinds = [f"{ob.color} {ob.trait}" for ob in course]
        kw = max(10, *(len(k) for k in kinds)) + 2
        rows = [f"  {'card':<5} {'obstacle':<{kw}}{'south side':<{width}}north side"]
        for col in range(1, n + 1):
            final = "   <- final obstacle" if col == 1 else ""
            rows.append(f"  {course[col - 1].id:<5} {kinds[col - 1]:<{kw}}{south[col - 1]:<{width}}{spot(2 * n + 1 - col)}{final}")
        done = ", ".join(f"{k + 1}. {f}" for k, f in enumerate(self.finishers())) or "none"
        rows.append(f"  finished, in order: {done}   (1a(2): 1a holds 2 chits; *: exhausted)")
        return rows
