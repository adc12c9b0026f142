"""The rules engine: one game of High Five, editions 1 and 2.

A small, fixed API in the manner of OpenSpiel, shared by the checker, the
simulator and the rulebook's examples::

    state = State(deck, {"north": [...], "south": [...]}, first="north")
    state.lay_course(["3a", "1b", ...])      # the start of each round
    state.current_player()                   # "north" | "south" | None
    state.legal_actions()                    # [Turn, ...]
    state.why_illegal(turn)                  # None, or Illegal(message, ruling)
    report = state.apply(turn)               # raises IllegalTurn
    state.needs_course(), state.is_terminal(), state.scores(), state.winner()

Every rule lives here once: :meth:`State.why_illegal` is the only judge of a
turn; :meth:`State.legal_actions` and the bots only propose turns built from
the same facts (:meth:`State.facing`). Numbers come from the deck's rules
(rounds, team size, finishers, points, chit limit) and the course length from
its obstacle cards. Rulings are cited as in docs/rules.md (``R-6``, ``§4``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .deck import CompetitorFace, Deck, ObstacleFace
from .notation import ASSIST, BYPASS, CHIT, HELP, PLAIN, Brought, Turn

SEATS = ("north", "south")
NO_COURSE, PLAYING, OVER = "course", "playing", "over"


class Illegal(NamedTuple):
    """Why something breaks the rules: a reason in game words and the ruling it rests on."""

    message: str
    ruling: str  # "R-6", or a section of the rules such as "§4"

    @property
    def cite(self) -> str:
        return self.ruling if self.ruling.startswith("R-") else f"rules {self.ruling}"

    def __str__(self) -> str:
        return f"{self.message} ({self.cite})"


class IllegalTurn(Exception):
    def __init__(self, illegal: Illegal):
        super().__init__(str(illegal))
        self.illegal = illegal


class Facing(NamedTuple):
    """What the active competitor faces and may do: the facts every rule uses."""

    face: str
    position: int
    obstacle: ObstacleFace
    matches: int  # m: gems of the obstacle's colour
    eligible: tuple[str, ...]  # others at the same position, in team order
    chits: int
    max_spend: int  # the most chits a bypass may spend here


class TurnReport:
    """What one turn did, for the replay and the rulebook's examples."""

    __slots__ = (
        "turn", "seat", "round", "segment", "start", "obstacle", "matches", "end", "brought", "chits_taken",
        "chits_spent", "marks", "placed", "unplaced", "segment_over", "round_over", "game_over", "next_player",
    )

    def __init__(self, turn: Turn, seat: str, round: int, segment: int, start: int, obstacle: ObstacleFace):
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
        self.next_player: str | None = None


def setup_problem(deck: Deck, teams: Mapping[str, Sequence[str]]) -> tuple[str, int | None, Illegal] | None:
    """The first set-up fault of ``teams`` as (seat, item index or None, why), or None."""
    size = deck.rules.team_size
    for seat in SEATS:
        team = teams[seat]
        if len(team) != size:
            return seat, None, Illegal(f"{seat}'s team has {len(team)} competitors; a team has {size}", "§2")
    seen: dict[int, str] = {}
    for seat in SEATS:
        for k, face in enumerate(teams[seat]):
            cf = deck.competitor_face(face)
            if cf is None:
                return seat, k, Illegal(f"{face} is not a competitor face of the deck", "§1")
            if cf.card in seen:
                return seat, k, Illegal(f"card {cf.card} is used twice ({seen[cf.card]} and {face})", "R-1")
            seen[cf.card] = face
    return None


def course_problem(deck: Deck, course: Sequence[str]) -> tuple[int | None, Illegal] | None:
    """The first fault of a course (obstacle faces west to east), or None."""
    seen: dict[int, int] = {}
    for k, face in enumerate(course):
        of = deck.obstacle_face(face)
        if of is None:
            return k, Illegal(f"{face} is not an obstacle face of the deck", "§2")
        if of.card in seen:
            return k, Illegal(f"obstacle card {of.card} is laid twice (columns {seen[of.card] + 1} and {k + 1})", "§2")
        seen[of.card] = k
    cards = len(deck.obstacles)
    if len(course) != cards:
        missing = sorted(c.number for c in deck.obstacles if c.number not in {deck.obstacle_face(f).card for f in course})
        return None, Illegal(
            f"the course has {len(course)} cards; every obstacle card is laid once "
            f"({cards} cards; missing: {', '.join(map(str, missing))})",
            "§2",
        )
    return None


class State:
    """The state of one game between two seats, north and south."""

    def __init__(self, deck: Deck, teams: Mapping[str, Sequence[str]], first: str, edition: int | None = None):
        problem = setup_problem(deck, teams)
        if problem is not None:
            raise ValueError(str(problem[2]))
        if first not in SEATS:
            raise ValueError(f"first must be north or south, not {first!r}")
        self.deck = deck
        self.rules = deck.rules
        self.edition = edition or deck.edition
        if self.edition not in (1, 2):
            raise ValueError(f"edition {self.edition} does not exist")
        self.cards = len(deck.obstacles)
        self.finish = 2 * self.cards + 1
        self.faces: tuple[str, ...] = tuple(teams["north"]) + tuple(teams["south"])
        self.index = {f: i for i, f in enumerate(self.faces)}
        n = len(self.faces)
        self.seat_of = [0 if i < len(teams["north"]) else 1 for i in range(n)]
        self.comp: list[CompetitorFace] = [deck.competitor_face(f) for f in self.faces]
        self.free: list[list[list[str]]] = [[list(col) for col in c.matrix] for c in self.comp]
        self.round = 0  # rounds completed
        self.segment = 0
        self.course: tuple[ObstacleFace, ...] | None = None
        self.course_ids: tuple[str, ...] = ()
        self.pos = [1] * n
        self.chits = [0] * n
        self.ready = [False] * n
        self.out = [True] * n  # finished, or off the course between rounds
        self.ready_count = [0, 0]
        self.finished: list[int] = []
        self.token = SEATS.index(first)
        self.to_move: int | None = None
        self.round_points: list[tuple[int, int]] = []
        self.round_finish: list[tuple[str, ...]] = []

    # ----------------------------------------------------------------- queries
    @property
    def phase(self) -> str:
        if self.round >= self.rules.rounds:
            return OVER
        return NO_COURSE if self.course is None else PLAYING

    def needs_course(self) -> bool:
        """True at the start of each round, before its course is laid."""
        return self.phase == NO_COURSE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> str | None:
        return SEATS[self.to_move] if self.phase == PLAYING and self.to_move is not None else None

    def token_holder(self) -> str:
        return SEATS[self.token]

    def seat(self, face: str) -> str:
        return SEATS[self.seat_of[self.index[face]]]

    def team(self, seat: str) -> tuple[str, ...]:
        s = SEATS.index(seat)
        return tuple(f for i, f in enumerate(self.faces) if self.seat_of[i] == s)

    def position(self, face: str) -> int:
        return self.pos[self.index[face]]

    def chits_of(self, face: str) -> int:
        return self.chits[self.index[face]]

    def on_course(self, face: str) -> bool:
        return not self.out[self.index[face]]

    def is_ready(self, face: str) -> bool:
        return self.ready[self.index[face]]

    def ready_faces(self, seat: str) -> list[str]:
        s = SEATS.index(seat)
        return [f for i, f in enumerate(self.faces) if self.ready[i] and self.seat_of[i] == s]

    def finishers(self) -> list[str]:
        """This round's placed finishers, in order (R-11)."""
        return [self.faces[i] for i in self.finished]

    def obstacle_at(self, position: int) -> ObstacleFace:
        """The face-up obstacle faced at a position 1..2N (R-2)."""
        n = self.cards
        if not 1 <= position <= 2 * n or self.course is None:
            raise ValueError(f"no obstacle at position {position}")
        return self.course[position - 1] if position <= n else self.course[2 * n - position]

    def unmarked(self, face: str) -> list[list[str]]:
        """The traits of the unmarked boxes of each matrix column (marks last all game)."""
        return [list(col) for col in self.free[self.index[face]]]

    def complete_columns(self) -> dict[str, int]:
        done = [0, 0]
        for i, cols in enumerate(self.free):
            done[self.seat_of[i]] += sum(1 for col in cols if not col)
        return dict(zip(SEATS, done))

    def placing_points(self) -> dict[str, int]:
        return {s: sum(p[k] for p in self.round_points) for k, s in enumerate(SEATS)}

    def scores(self) -> dict[str, int]:
        """Placing points so far plus the points of complete columns (§6; final when terminal)."""
        cols = self.complete_columns()
        placing = self.placing_points()
        return {s: placing[s] + cols[s] * self.rules.column_points for s in SEATS}

    def winner(self) -> str:
        """north, south or draw on the scores (R-13)."""
        sc = self.scores()
        if sc["north"] == sc["south"]:
            return "draw"
        return "north" if sc["north"] > sc["south"] else "south"

    def facing(self, face: str) -> Facing:
        """What ``face`` would face if it acted now (it must be on the course)."""
        i = self.index[face]
        return self._facing(i)

    def _facing(self, i: int, others: bool = True) -> Facing:
        """The facts of :class:`Facing`; ``others=False`` skips listing those at the position."""
        p = self.pos[i]
        ob = self.obstacle_at(p)
        m = self.comp[i].gems.count(ob.color)
        me = self.faces[i]
        eligible = ()
        if others:
            eligible = tuple(f for f, q, o in zip(self.faces, self.pos, self.out) if q == p and not o and f != me)
        c = self.chits[i]
        return Facing(me, p, ob, m, eligible, c, min(m, c, self.finish - p - 1))

    # -------------------------------------------------------------- the course
    def lay_course(self, course: Sequence[str]) -> None:
        """Start a round on ``course`` (obstacle face ids, west to east)."""
        if self.phase != NO_COURSE:
            raise ValueError("a course is laid only at the start of a round")
        problem = course_problem(self.deck, course)
        if problem is not None:
            raise ValueError(str(problem[1]))
        self.course = tuple(self.deck.obstacle_face(f) for f in course)
        self.course_ids = tuple(course)
        n = len(self.faces)
        self.pos = [1] * n
        self.chits = [0] * n
        self.ready = [True] * n
        self.out = [False] * n
        self.ready_count = [self.seat_of.count(0), self.seat_of.count(1)]
        self.finished = []
        self.segment = 1
        self.to_move = self.token

    # ------------------------------------------------------------ the verdict
    def why_illegal(self, turn: Turn) -> Illegal | None:
        """None if ``turn`` is legal now; otherwise why not. The one judge of a turn."""
        if self.course is None:
            if self.is_terminal():
                return Illegal("the game is over; no more turns are played", "§6")
            return Illegal("the round is over; no more turns are played in it", "R-12")
        i = self.index.get(turn.face)
        if i is None:
            return self._not_in_play(turn.face)
        if self.seat_of[i] != self.to_move or not self.ready[i]:
            return self._whose_turn(i)
        if turn.action == PLAIN:
            return None
        if turn.action == BYPASS:
            return self._bypass_problem(self._facing(i, others=False), turn.spend)
        f = self._facing(i)
        if turn.action == HELP and self.edition == 2:
            return Illegal("help is an option of edition 1 only; this game is played under edition 2", "§4")
        return self._bring_problem(i, f, turn)

    def _not_in_play(self, face: str) -> Illegal:
        card = face[:-1]
        for i, f in enumerate(self.faces):
            if f[:-1] == card:
                return Illegal(f"{face} is not in play: card {card} is played as {f} by {SEATS[self.seat_of[i]]}", "R-1")
        return Illegal(f"{face} is not in play: card {card} is in neither team", "§2")

    def _whose_turn(self, i: int) -> Illegal | None:
        owner, mover = self.seat_of[i], self.to_move
        face = self.faces[i]
        if owner != mover:
            if self.ready_count[owner] == 0:
                why, ruling = f"{SEATS[owner]} has no ready competitor left this segment", "R-3"
            elif self._segment_start():
                why, ruling = f"{SEATS[mover]} holds the first-player token and opens the segment", "R-4"
            else:
                why, ruling = "turns alternate", "§3"
            return Illegal(f"it is {SEATS[mover]}'s turn, not {SEATS[owner]}'s ({face}): {why}", ruling)
        if self.out[i]:
            return Illegal(f"{face} has finished this round and acts no more", "R-10")
        if not self.ready[i]:
            ready = ", ".join(self.ready_faces(SEATS[owner]))
            return Illegal(f"{face} is exhausted this segment; {SEATS[owner]}'s ready competitors: {ready}", "§3")
        return None

    def _segment_start(self) -> bool:
        return all(self.ready[j] or self.out[j] for j in range(len(self.faces)))

    def _bypass_problem(self, f: Facing, k: int) -> Illegal | None:
        color = f.obstacle.color
        if k > f.chits:
            return Illegal(f"{f.face} holds {f.chits} chit{'s' * (f.chits != 1)} and cannot spend {k}", "§4")
        if k > f.matches:
            return Illegal(
                f"{f.face} may spend at most {f.matches} chit{'s' * (f.matches != 1)} here: "
                f"that many of its gems are {color} (the obstacle's colour)",
                "§4",
            )
        if f.position + 1 + k > self.finish:
            return Illegal(
                f"spending {k} would carry {f.face} from position {f.position} past the finish "
                f"({self.finish}); at most {self.finish - f.position - 1} may be spent here",
                "R-7",
            )
        return None

    def _bring_problem(self, i: int, f: Facing, turn: Turn) -> Illegal | None:
        face, word = self.faces[i], turn.action
        seen: set[str] = set()
        for b in turn.brought:
            j = self.index.get(b.face)
            if j is None:
                return self._not_in_play(b.face)
            if j == i:
                return Illegal(f"{face} cannot bring itself along", "§4")
            if b.face in seen:
                return Illegal(f"{b.face} is brought twice", "§4")
            seen.add(b.face)
            if self.out[j]:
                return Illegal(f"{b.face} has finished this round and cannot be brought", "R-10")
            if self.pos[j] != f.position:
                return Illegal(
                    f"{b.face} stands at position {self.pos[j]}, not at {face}'s position {f.position}; "
                    "only competitors at the same position can be brought",
                    "§4",
                )
        k, m = len(turn.brought), f.matches
        who = ", ".join(f.eligible) or "nobody"  # for the messages below
        if self.edition == 2 and k > m:
            return Illegal(
                f"{face} brings {k} but may bring at most {m}: that many of its gems are "
                f"{f.obstacle.color} (the obstacle's colour); at its position: {who}",
                "§4",
            )
        if self.edition == 1:
            need = min(m, len(f.eligible))
            if k != need:
                return Illegal(
                    f"in edition 1, {word} brings exactly {need} (gems matching {f.obstacle.color}: {m}; "
                    f"others at its position: {who}), not {k}",
                    "§4",
                )
        return self._reward_problem(i, f, turn)

    def _reward_problem(self, i: int, f: Facing, turn: Turn) -> Illegal | None:
        face, trait = self.faces[i], f.obstacle.trait
        limit = self.rules.chit_limit
        chits = f.chits
        free = [col.count(trait) for col in self.free[i]]
        for b in turn.brought:
            own = self.seat_of[self.index[b.face]] == self.seat_of[i]
            if own:
                if b.reward is not None:
                    return Illegal(f"{b.face} is {SEATS[self.seat_of[i]]}'s own: no reward is earned for it", "§4")
                continue
            if self.edition == 1 and turn.action == ASSIST:
                if b.reward is not None:
                    return Illegal(
                        f"in edition 1, assist takes its chits by itself; write no reward after {b.face}", "R-8"
                    )
                continue
            owed = self.edition == 1 and sum(free) > 0
            if b.reward is None:
                if owed:
                    return Illegal(
                        f"a {trait} mark is owed for {b.face}: {face} still has an unmarked {trait} box; "
                        f"write {b.face}:t<column>",
                        "R-9",
                    )
                continue
            if b.reward == CHIT:
                if turn.action == HELP:
                    return Illegal(f"help earns trait marks, not chits ({b.face}:chit)", "§4")
                if chits >= limit:
                    return Illegal(f"{face} already holds {chits} chit{'s' * (chits != 1)}, the limit; no chit for {b.face}", "R-6")
                chits += 1
                continue
            if self.edition == 1 and not owed:
                return Illegal(f"no mark is owed for {b.face}: {face} has no unmarked {trait} box left", "R-9")
            col = b.reward
            ruling = "R-9" if self.edition == 1 else "R-6"
            if not 1 <= col <= len(free):
                return Illegal(f"{face}'s matrix has columns 1-{len(free)}; there is no column {col}", ruling)
            if free[col - 1] == 0:
                return Illegal(f"column {col} of {face}'s matrix has no unmarked {trait} box", ruling)
            free[col - 1] -= 1
        return None

    # ------------------------------------------------------------- proposals
    def legal_actions(self) -> list[Turn]:
        """Every legal turn now (each distinct outcome once; plain stands for assist/bypass of none).

        Exhaustive, so it can be large where many stand together; bots sample
        with :func:`hi5pnp.bots.random_turn` instead.
        """
        if self.phase != PLAYING:
            return []
        seat = SEATS[self.to_move]
        out: list[Turn] = []
        for face in self.ready_faces(seat):
            out.extend(self._proposals(face))
        return [t for t in out if self.why_illegal(t) is None]

    def _proposals(self, face: str) -> list[Turn]:
        f = self.facing(face)
        turns = [Turn(face)]
        turns += [Turn(face, BYPASS, (), k) for k in range(1, f.max_spend + 1)]
        n = min(f.matches, len(f.eligible))
        sizes = range(1, n + 1) if self.edition == 2 else [n] if n else []
        words = [ASSIST] if self.edition == 2 else [ASSIST, HELP]
        to_finish = f.position + 1 == self.finish
        for size in sizes:
            pick = itertools.permutations if to_finish else itertools.combinations
            for group in pick(f.eligible, size):
                for word in words:
                    for rewards in itertools.product(*(self.reward_choices(face, g, word) for g in group)):
                        turns.append(Turn(face, word, tuple(Brought(g, r) for g, r in zip(group, rewards))))
        return turns

    def reward_choices(self, face: str, brought: str, action: str = ASSIST) -> list[str | int | None]:
        """The rewards worth writing after ``brought`` when ``face`` brings it (before
        counting what the same turn already took: the verdict checks that)."""
        i, j = self.index[face], self.index[brought]
        if self.seat_of[i] == self.seat_of[j] or (self.edition == 1 and action == ASSIST):
            return [None]
        trait = self.obstacle_at(self.pos[i]).trait
        cols = [k + 1 for k, col in enumerate(self.free[i]) if trait in col]
        if self.edition == 1:
            return [*cols, None]  # None: once no mark is owed any more
        return [None, CHIT, *cols]

    # ---------------------------------------------------------------- playing
    def apply(self, turn: Turn, check: bool = True) -> TurnReport:
        """Play ``turn``; raise :class:`IllegalTurn` if the rules forbid it.

        ``check=False`` skips the verdict, for a caller that has just asked
        :meth:`why_illegal` itself.
        """
        if check:
            problem = self.why_illegal(turn)
            if problem is not None:
                raise IllegalTurn(problem)
        i = self.index[turn.face]
        p = self.pos[i]
        ob = self.obstacle_at(p)
        rep = TurnReport(turn, SEATS[self.seat_of[i]], self.round + 1, self.segment, p, ob)
        rep.matches = self.comp[i].gems.count(ob.color)
        self._play(i, turn, rep)
        rep.end = self.pos[i]
        rep.brought = [b.face for b in turn.brought]
        rep.next_player = self.current_player()
        return rep

    def play(self, turn: Turn) -> None:
        """:meth:`apply` without the verdict or the report: the checker's and bots' fast
        path, for a turn :meth:`why_illegal` has just passed."""
        self._play(self.index[turn.face], turn, None)

    def _play(self, i: int, turn: Turn, rep: TurnReport | None) -> None:
        pos = self.pos
        p = pos[i]
        pos[i] = end = p + 1 + turn.spend  # spend is 0 but for a bypass
        self.ready[i] = False  # it was ready: the verdict saw to that
        self.ready_count[self.seat_of[i]] -= 1
        if turn.spend:
            self.chits[i] -= turn.spend
            if rep:
                rep.chits_spent = turn.spend
        finish = self.finish
        if end == finish:
            self._arrive(i, rep)
        if turn.brought:
            brought = [self.index[b.face] for b in turn.brought]
            for j in brought:
                pos[j] = p + 1
            self._take_rewards(i, turn, self.obstacle_at(p).trait, rep)
            if p + 1 == finish:
                for j in brought:
                    self._arrive(j, rep)
        if len(self.finished) >= self.rules.finishers:
            self._end_round(rep)
        else:
            self._advance(rep)

    def _exhaust(self, i: int) -> None:
        if self.ready[i]:
            self.ready[i] = False
            self.ready_count[self.seat_of[i]] -= 1

    def _take_rewards(self, i: int, turn: Turn, trait: str, rep: TurnReport | None) -> None:
        if turn.action == ASSIST and self.edition == 1:
            opponents = sum(1 for b in turn.brought if self.seat_of[self.index[b.face]] != self.seat_of[i])
            take = max(0, min(opponents, self.rules.chit_limit - self.chits[i]))
            self.chits[i] += take
            if rep:
                rep.chits_taken = take
            return
        for b in turn.brought:
            if b.reward == CHIT:
                self.chits[i] += 1
                if rep:
                    rep.chits_taken += 1
            elif b.reward is not None:
                self.free[i][b.reward - 1].remove(trait)
                if rep:
                    rep.marks.append((b.reward, trait))

    def _arrive(self, j: int, rep: TurnReport | None) -> None:
        self._exhaust(j)
        self.out[j] = True
        if len(self.finished) < self.rules.finishers:
            self.finished.append(j)
            if rep:
                rep.placed.append((self.faces[j], len(self.finished)))
        elif rep:
            rep.unplaced.append(self.faces[j])

    def _advance(self, rep: TurnReport | None) -> None:
        other = 1 - self.to_move
        if self.ready_count[other]:
            self.to_move = other
        elif not self.ready_count[self.to_move]:
            self._end_segment(rep)

    def _end_segment(self, rep: TurnReport | None) -> None:
        if rep:
            rep.segment_over = True
        self.token = 1 - self.token
        self.segment += 1
        self.ready_count = [0, 0]
        for j in range(len(self.faces)):
            if not self.out[j]:
                self.ready[j] = True
                self.ready_count[self.seat_of[j]] += 1
        self.to_move = self.token if self.ready_count[self.token] else 1 - self.token

    def _end_round(self, rep: TurnReport | None) -> None:
        pts = [0, 0]
        for k, j in enumerate(self.finished):
            pts[self.seat_of[j]] += self.rules.placing_points[k]
        self.round_points.append((pts[0], pts[1]))
        self.round_finish.append(tuple(self.faces[j] for j in self.finished))
        self.token = 1 - self.token
        self.round += 1
        self.course = None
        self.to_move = None
        self.ready = [False] * len(self.faces)
        self.ready_count = [0, 0]
        if rep:
            rep.segment_over = rep.round_over = True
            rep.game_over = self.is_terminal()
