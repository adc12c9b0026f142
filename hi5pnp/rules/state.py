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
    state.push(turn)                         # the same, without the report
    state.push_all(turns)                    # push each until one is illegal: (played, why)
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

from ..deck import Deck
from ..errors import OptionError
from ..language import _, ngettext
from . import legality, proposals
from .board import Board, Teams
from .illegal import Illegal, RulesError
from .play import lay, play
from .position import Position, matches, obstacle_at
from .report import TurnReport
from .seat import SEATS, Seat, seat_words
from .setup import course_problem
from .turn import Action, Brought, Reward, Turn

__all__ = ["Played", "State", "TurnReport"]


class Played(NamedTuple):
    """A round as played so far: its course and its turns."""

    course: tuple[str, ...]
    turns: tuple[Turn, ...]


class State(Board):
    """One game between north and south, from its set-up to its end.

    ``teams`` gives each seat's faces, ``first`` the seat holding the
    first-player token at the start, ``edition`` the rules edition (the
    deck's when None); a set-up the rules forbid raises :class:`RulesError`.
    """

    __slots__ = ("_courses", "_starts", "_turns")

    def __init__(self, deck: Deck, teams: Teams, first: str, edition: int | None = None):
        super().__init__(deck, teams, first, edition)
        self._courses: list[tuple[str, ...]] = []  # each round begun: its course
        self._starts: list[int] = []  # and where its turns start in
        self._turns: list[Turn] = []  # every turn played, in order

    # ------------------------------------------------------------ the rounds
    def why_course_illegal(self, course: Sequence[str]) -> Illegal | None:
        """None if ``course`` (obstacle faces, west to east) may be laid now."""
        if self.is_terminal():
            rounds = self.rules.rounds
            said = {"rounds": rounds, "next": rounds + 1}
            message = ngettext(
                "the game has %(rounds)d round; round %(next)d is one too many", "the game has %(rounds)d rounds; round %(next)d is one too many", rounds
            )
            return Illegal(message % said, "§6")
        if self.pos.course is not None:
            return self._round_unfinished()
        return course_problem(self.deck, course)

    def lay_course(self, course: Sequence[str]) -> None:
        """Start the next round on ``course``; raise :class:`RulesError` if it may not be laid."""
        problem = self.why_course_illegal(course)
        if problem is not None:
            raise RulesError(problem)
        lay(self.game, self.pos, tuple(self.deck.obstacle_face(f) for f in course))  # type: ignore[misc]
        self._courses.append(tuple(course))
        self._starts.append(len(self._turns))

    def why_round_incomplete(self) -> Illegal | None:
        """None unless a round is under way: it ends only with its finishers (R-12)."""
        return None if self.pos.course is None else self._round_unfinished()

    def why_game_incomplete(self) -> Illegal | None:
        """None if every round has been played (§6); otherwise what is missing."""
        if self.pos.course is not None:
            return self._round_unfinished()
        if self.is_terminal():
            return None
        played, rounds = self.pos.round, self.rules.rounds
        said = {"played": played, "rounds": rounds}
        message = ngettext("only %(played)d of the game's %(rounds)d rounds was played", "only %(played)d of the game's %(rounds)d rounds were played", played)
        return Illegal(message % said, "§6")

    def _round_unfinished(self) -> Illegal:
        need, got = self.rules.finishers, len(self.pos.finished)
        said = {"round": self.pos.round + 1, "got": got, "need": need}
        return Illegal(_("round %(round)d is cut short: its turns end with %(got)d of the %(need)d finishers the round needs") % said, "R-12")

    def history(self) -> list[Played]:
        """Every round begun, in order: its course and the turns played in it."""
        ends = [*self._starts[1:], len(self._turns)]
        return [Played(c, tuple(self._turns[a:b])) for c, a, b in zip(self._courses, self._starts, ends)]

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
        game, pos = self.game, self.pos
        i = game.number[turn.face]
        p = pos.positions[i]
        assert pos.course is not None
        ob = obstacle_at(game, pos.course, p)
        rep = TurnReport(turn, SEATS[game.seat[i]], pos.round + 1, pos.segment, p, ob)
        rep.matches = matches(game, i, ob)
        self._play(turn, i, rep)
        if turn.brought:
            rep.brought = [b.face for b in turn.brought]
        rep.end = pos.positions[i]
        rep.next_player = self.current_player()
        return rep

    def push(self, turn: Turn) -> None:
        """:meth:`apply` without its report: play ``turn``, or raise
        :class:`RulesError` if the rules forbid it (the same verdict). For a
        reader that needs only the position: a quarter less work a turn."""
        problem = self.push_all((turn,))[1]
        if problem is not None:
            raise RulesError(problem)

    def push_all(self, turns: Sequence[Turn]) -> tuple[int, Illegal | None]:
        """:meth:`push` each of ``turns`` in order until the rules forbid one:
        how many were played, and why the next may not be (None when all
        were). The position is the one that turn was refused in. The
        checker replays a round's turns so, a call a turn the fewer."""
        why_illegal, game, pos, played = legality.why_illegal, self.game, self.pos, self._turns
        number = game.number
        for k, turn in enumerate(turns):
            problem = why_illegal(self, turn)
            if problem is not None:
                return k, problem
            face, action, brought, spend = turn
            if brought:
                self._play(turn, number[face], None)
            else:  # most turns bring nobody: played here, a call the fewer
                played.append(turn)
                play(game, pos, number[face], action, spend)
        return len(turns), None

    def _play(self, turn: Turn, i: int, rep: TurnReport | None) -> None:
        self._turns.append(turn)
        brought = turn.brought
        if brought:  # most turns bring nobody: no lists to make
            number = self.game.number
            play(self.game, self.pos, i, turn.action, turn.spend, [number[b.face] for b in brought], [b.reward for b in brought], rep)
        else:
            play(self.game, self.pos, i, turn.action, turn.spend, (), (), rep)

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
        game, pos = self.game, self.pos
        i = game.number.get(face)
        if i is None:
            raise OptionError(f"{face} is in neither team ({', '.join(game.faces)})")
        if unmarked is not None:
            columns = game.comp[i].matrix
            if len(unmarked) != len(columns) or any(any(left.count(t) > col.count(t) for t in left) for left, col in zip(unmarked, columns)):
                raise OptionError(f"{face}'s matrix {columns} has no such unmarked boxes: {unmarked}")
            pos.unmarked[i] = tuple(tuple(col) for col in unmarked)
        if position is None and chits is None and ready is None:
            return
        if pos.course is None:
            raise OptionError("a competitor is placed only while a round is under way")
        if position is not None and position != pos.positions[i]:
            if pos.out[i]:
                raise OptionError(f"{face} has finished this round; it does not come back")
            if not 1 <= position <= game.finish:
                raise OptionError(f"position {position} is not on the course (1-{game.finish})")
            if position == game.finish and len(pos.finished) + 1 >= game.rules.finishers:
                raise OptionError(f"placing {face} would end the round; play the turn that ends it")
        if chits is not None and not 0 <= chits <= game.rules.chit_limit:
            raise OptionError(f"{chits} chits: a card holds 0-{game.rules.chit_limit}")
        ready_now = list(pos.ready)
        if ready is not None:
            ready_now[i] = ready and not pos.out[i] and position != game.finish
        if position == game.finish:
            ready_now[i] = False
        if not any(ready_now):
            raise OptionError("nobody would be ready: a segment ends when all have acted")
        if position is not None and position != pos.positions[i]:
            pos.positions[i] = position
            if position == game.finish:
                pos.out[i] = True
                pos.finished.append(i)
        if chits is not None:
            pos.chits[i] = chits
        pos.ready[:] = ready_now
        pos.ready_count[:] = [sum(1 for j in team if ready_now[j]) for team in game.team]
        if pos.to_move is not None and not pos.ready_count[pos.to_move]:
            pos.to_move = 1 - pos.to_move

    def copy(self) -> State:
        """An independent copy: playing on one leaves the other as it was.
        Field by field, whatever the fields (:func:`copied`)."""
        new = object.__new__(type(self))
        for name in slots(type(self)):
            setattr(new, name, copied(getattr(self, name)))
        return new

    def headline(self) -> str:
        """Where the game is: "round 2 of 3, segment 4: south to play"."""
        said = {"round": self.pos.round + 1, "rounds": self.rules.rounds, "segment": self.pos.segment}
        if self.is_terminal():
            return _("the game is over after %(played)d rounds") % {"played": self.pos.round}
        if self.pos.course is None:
            return _("round %(round)d of %(rounds)d: no course laid yet") % said
        return _("round %(round)d of %(rounds)d, segment %(segment)d: %(seat)s to play") % {**said, "seat": seat_words(str(self.current_player()))}

    def __str__(self) -> str:
        """The position in words: the round, whose turn, and a row per obstacle
        card with who stands at each of its two positions."""
        head = self.headline()
        score = self.scores()
        said = {"token": seat_words(str(self.token_holder())), "north": score[Seat.NORTH], "south": score[Seat.SOUTH]}
        lines = [f"{head} " + _("(first-player token: %(token)s; points so far north %(north)d, south %(south)d)") % said]
        return "\n".join(lines + self.course_rows())

    def course_rows(self) -> list[str]:
        """One line per obstacle card, west to east, with both of its positions.
        ``1a(2)`` is 1a holding two chits; ``1a*`` is exhausted this segment (the legend
        names no face: X(2), X*)."""
        course, pos = self.pos.course, self.pos
        if course is None:
            return []
        n = self.cards
        at: dict[int, list[str]] = {}
        for i, face in enumerate(self.faces):
            if not pos.out[i]:
                mark = (f"({pos.chits[i]})" if pos.chits[i] else "") + ("" if pos.ready[i] else "*")
                at.setdefault(pos.positions[i], []).append(face + mark)

        def spot(position: int) -> str:
            return f"{position}: " + (" ".join(at.get(position, [])) or "-")

        south = [spot(col) for col in range(1, n + 1)]
        width = max(12, *(len(x) for x in south)) + 2
        kinds = [f"{ob.color} {ob.trait}" for ob in course]
        kw = max(10, *(len(k) for k in kinds)) + 2
        card, obstacle, south_side, north_side = _("card"), _("obstacle"), _("south side"), _("north side")
        width = max(width, len(south_side) + 2)
        rows = [f"  {card:<5} {obstacle:<{kw}}{south_side:<{width}}{north_side}"]
        for col in range(1, n + 1):
            final = "   <- " + _("final obstacle") if col == 1 else ""
            rows.append(f"  {course[col - 1].id:<5} {kinds[col - 1]:<{kw}}{south[col - 1]:<{width}}{spot(2 * n + 1 - col)}{final}")
        done = ", ".join(f"{k + 1}. {f}" for k, f in enumerate(self.finishers())) or _("none")
        rows.append("  " + _("finished, in order: %(done)s   (X(2): a competitor holding 2 chits; X*: exhausted)") % {"done": done})
        return rows


def slots(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and the classes it is made from: its fields."""
    return tuple(name for c in cls.__mro__ for name in getattr(c, "__slots__", ()))


def copied(value: object) -> object:
    """A field's value for a copy: a position copied, a list copied (its items
    never change in place), anything else (fixed facts, numbers, tuples) shared."""
    if isinstance(value, Position):
        return value.copy()
    return value.copy() if type(value) is list else value
