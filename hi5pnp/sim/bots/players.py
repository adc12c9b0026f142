"""Players of the engine. A bot only proposes a turn, built from the facts the
engine gives (:meth:`State.facing`, :meth:`State.reward_options`); the engine
judges it, so a bot cannot play an illegal game without the engine raising.

Three bots, weakest first (``hi5pnp simulate --help`` lists them):

- ``random``: a uniformly random ready competitor, option, group and reward;
- ``greedy``: the best turn by a one-turn value (:mod:`.heuristic`);
- ``planner``: looks ahead: each of greedy's best few turns is played on a
  copy of the position, both players go on greedily to the end of the next
  segment, and the turn whose position then scores best is taken.

Greedy and the planner look at the competitors in one order drawn for each
game from its generator (both seats alike, so the planner foresees greedy's
choices among equals), and no choice of theirs depends on the card numbers
or the order of the deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ...deck import SIDES, CompetitorCard, Deck
from ...rules import SEATS, Action, Brought, Position, Reward, RulesError, Seat, State, Turn, TurnReport, deal
from ...rules.legality import no_round
from ...rules.play import play
from .. import BOT_NAMES
from . import draw, heuristic
from .kernel import KERNEL_VARIABLE as KERNEL_VARIABLE
from .kernel import compiled_kernel as compiled_kernel
from .lookahead import Lookahead, copy
from .mcts import MCTSBot as MCTSBot

if TYPE_CHECKING:
    from .jit_lookahead import CompiledLookahead


class Bot(Protocol):
    """A player: proposes a turn for the seat to move, and chooses faces at set-up."""

    def turn(self, state: State, rng: random.Random) -> Turn: ...

    def choose_face(self, deck: Deck, card: CompetitorCard, rng: random.Random) -> str: ...


def random_turn(state: State, rng: random.Random) -> Turn:
    """A random legal turn for the player to move: a ready competitor, then an
    option, then whom to bring and which rewards to write."""
    seat = state.current_player()
    if seat is None:
        raise RulesError(no_round(state))
    face = draw.pick(rng, state.ready_faces(seat))
    f = state.facing(face)
    n = f.can_bring
    options: list[Action] = [Action.PLAIN]
    if f.max_spend:
        options.append(Action.BYPASS)
    if n:
        options += state.edition.bring_actions
    action = draw.pick(rng, options)
    if action is Action.PLAIN:
        return Turn(face)
    if action is Action.BYPASS:
        return Turn(face, action, (), draw.count(rng, f.max_spend))
    size = n if state.edition.exact_count else draw.count(rng, n)
    brought: list[Brought] = []
    for other in draw.group(rng, f.eligible, size):
        rewards: list[Reward | None] = state.reward_options(face, action, brought, other)
        brought.append(Brought(other, draw.pick(rng, rewards)))
    return Turn(face, action, tuple(brought))


class RandomBot:
    """A uniformly random legal turn (:func:`random_turn`); faces chosen at random."""

    def turn(self, state: State, rng: random.Random) -> Turn:
        return random_turn(state, rng)

    def choose_face(self, deck: Deck, card: CompetitorCard, rng: random.Random) -> str:
        return f"{card.number}{rng.choice(SIDES)}"  # as a side dealt at random: the fast path's draw


class GreedyBot(heuristic.Seeing):
    """The turn with the best one-turn value; ties broken by the game's generator."""

    def turn(self, state: State, rng: random.Random) -> Turn:
        if state.current_player() is None:
            raise RulesError(no_round(state))
        ranked = heuristic.choices(self.sight(state, rng), state.pos)
        top = ranked[0].value
        best = [c for c in ranked if c.value >= top - 1e-9]
        return heuristic.turn_of(state.game, best[0] if len(best) == 1 else rng.choice(best))

    def choose_face(self, deck: Deck, card: CompetitorCard, rng: random.Random) -> str:
        return heuristic.stronger_face(deck, card)


Move = tuple[Any, ...]  # a turn as play's arguments: competitor, action, spend, group, rewards


class Ahead(NamedTuple):
    """A look-ahead played out: greedy's turns after the turn weighed, where they stopped, and how that stands for north."""

    moves: list[Move]
    end: Position
    north: float


class Foreseen(NamedTuple):
    """The look-ahead of the turn a planner took: from the position that turn
    made (``after``), greedy's turns to where it stopped."""

    after: Position
    ahead: Ahead


def _best(norths: list[float], seat: int) -> int:
    """Which look-ahead ends best for ``seat``, given where each ends (north's
    worth less south's): the first of the best, within a rounding's width,
    so that a tie goes to greedy's order. Both kernels choose by it."""
    top, best = 0.0, 0
    for k, north in enumerate(norths):
        value = north if seat == 0 else -north
        if k == 0 or value > top + 1e-9:
            top, best = value, k
    return best


class PlannerBot(GreedyBot):
    """Greedy's ``width`` best turns, each played on a copy of the position and
    followed by both players' greedy turns to the end of the next segment (at
    most ``depth`` turns), judged by :func:`heuristic.evaluate`; a turn with
    no other to weigh it against is taken at once. The look-ahead plays by
    the engine's rules unchecked (:func:`~hi5pnp.rules.play.play`): its turns
    are built from the engine's own facts. Effort grows with ``width × depth``.

    Greedy's turns depend on the position alone, so a look-ahead is not played
    twice: the turn a planner takes leaves its look-ahead in the game's sight
    (:class:`Foreseen`), and the next planner to move, standing where that
    turn left the game, finds greedy's best turn there already played out: it
    goes on from where that line stopped (to the end of its own next segment)
    instead of from the start. The choices are those of playing every line
    out (tests/test_bots.py).

    Where numba is installed (:func:`compiled_kernel`; ``jit`` True or False
    says so instead), the look-aheads are played by the compiled kernel
    (:mod:`.jit_lookahead`), all of a turn's in one call and each from its
    start: the same choices, about three times sooner. ``fast=False`` plays
    them on the general code that both kernels are held to."""

    def __init__(self, width: int = 4, depth: int = 24, fast: bool = True, jit: bool | None = None):
        super().__init__()
        self.width = width
        self.depth = depth
        self.went_on = 0  # look-aheads that went on from a foreseen line (a count, for tests and benches)
        self.fast = fast  # look ahead with :class:`~.lookahead.Lookahead`; False: the general code it is held to
        self.jit = fast and (compiled_kernel() if jit is None else jit)  # with the compiled kernel (numba), where installed
        self._kernel: Lookahead | None = None
        self._compiled: CompiledLookahead | None = None

    def turn(self, state: State, rng: random.Random) -> Turn:
        if state.current_player() is None:
            raise RulesError(no_round(state))
        sight = self.sight(state, rng)
        pos = state.pos
        ranked = heuristic.choices(sight, pos)
        seat = pos.to_move
        assert seat is not None
        best = ranked[0]
        foreseen = sight.foreseen
        sight.foreseen = None
        if len(ranked) > 1 and self.jit:
            best = ranked[_best(self._weigh(sight, pos, ranked[: self.width]), seat)]
        elif len(ranked) > 1:
            line = foreseen.ahead if isinstance(foreseen, Foreseen) and foreseen.after == pos else None
            aheads = [self._look_ahead(sight, pos, choice, line) for choice in ranked[: self.width]]
            k = _best([ahead.north for ahead in aheads], seat)
            best, taken = ranked[k], aheads[k]
            after = copy(pos)
            play(state.game, after, *best[1:])
            sight.foreseen = Foreseen(after, taken)
        return heuristic.turn_of(state.game, best)

    def _weigh(self, sight: heuristic.Sight, pos: Position, ranked: list[heuristic.Choice]) -> list[float]:
        """The value (north's worth less south's) where each of ``ranked``'s
        look-aheads ends, every line played by the compiled kernel in one call."""
        kernel = self._compiled
        if kernel is None or kernel.sight is not sight:
            from .jit_lookahead import CompiledLookahead  # numpy and numba, only where used

            kernel = self._compiled = CompiledLookahead(sight)
        return list(kernel.values(pos, [c[1:] for c in ranked], self.depth, pos.segment + 2))

    def _look_ahead(self, sight: heuristic.Sight, pos: Position, choice: heuristic.Choice, line: Ahead | None) -> Ahead:
        """``choice`` played on a copy of ``pos``, then greedy's turns to the
        end of the next segment (the second segment end counted from now, or
        the round's end), ``depth`` at most. ``line``: the look-ahead
        foreseen from ``pos``, whose first turn may be ``choice``."""
        if self.fast:
            return self._look_ahead_fast(sight, pos, choice, line)
        game, greedy, depth = sight.game, heuristic.best_choice, self.depth
        move: Move = choice[1:]  # a choice is its value, then play's arguments
        if line is not None and line.moves and line.moves[0] == move and len(line.moves) - 1 <= depth:
            moves, trial, north = line.moves[1:], line.end, line.north  # played already: go on from its end
            self.went_on += 1
        else:
            moves, trial, north = [], pos.copy(), None
            play(game, trial, *move)
        bound = pos.segment + 2  # the segment whose start ends the look-ahead
        while len(moves) < depth and trial.to_move is not None and trial.segment < bound:
            if north is not None:  # the line's end is shared: go on on a copy
                trial, north = trial.copy(), None
            move = greedy(sight, trial)[1:]
            moves.append(move)
            play(game, trial, *move)
        return Ahead(moves, trial, heuristic.evaluate(sight, trial, 0) if north is None else north)

    def _look_ahead_fast(self, sight: heuristic.Sight, pos: Position, choice: heuristic.Choice, line: Ahead | None) -> Ahead:
        """:meth:`_look_ahead` with the look-ahead's kernel: the same turns and value."""
        kernel, depth, bound = self._kernel, self.depth, pos.segment + 2
        if kernel is None or kernel.sight is not sight:
            kernel = self._kernel = Lookahead(sight)
        move: Move = choice[1:]
        north: float | None = None
        if line is not None and line.moves and line.moves[0] == move and len(line.moves) - 1 <= depth:
            moves, trial, north = line.moves[1:], line.end, line.north
            self.went_on += 1
            if len(moves) < depth and trial.to_move is not None and trial.segment < bound:
                trial, north = copy(trial), None  # the line's end is shared: go on on a copy
            kernel.play_on(trial, moves, depth, bound)
        else:
            moves, trial = [], copy(pos)
            kernel.play_on(trial, moves, depth, bound, move)
        return Ahead(moves, trial, kernel.evaluate(trial) if north is None else north)


#: The bots by name, weakest first.
BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[PlannerBot] | type[MCTSBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "mcts": MCTSBot,
}


assert tuple(BOTS) == BOT_NAMES, "hi5pnp.sim.BOT_NAMES names the bots for the command line"


def play_game(
    deck: Deck,
    bots: dict[Seat, Bot],
    rng: random.Random,
    *,
    sides: str = "random",
    edition: int | None = None,
    watch: Callable[[TurnReport], object] | None = None,
) -> State:
    """Deal, choose each card's side (at random, or by the seat's bot when
    ``sides`` is "bot"), and play to the end; the finished game is returned.
    ``watch`` sees the report of every turn."""
    setup = deal(deck, rng)
    cards = {c.number: c for c in deck.competitors}
    teams: dict[Seat, list[str]] = {}
    for seat in SEATS:
        if sides == "bot":
            teams[seat] = [bots[seat].choose_face(deck, cards[n], rng) for n in setup.cards[seat]]
        else:
            teams[seat] = [f"{n}{rng.choice(SIDES)}" for n in setup.cards[seat]]
    state = State(deck, teams, setup.first, edition)
    lookers = [bot for bot in bots.values() if isinstance(bot, heuristic.Seeing)]
    if lookers:  # greedy, the planner and the search see the game alike: the competitors in one order, drawn for the game
        sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
        for bot in lookers:
            bot.start(sight)
    for course in setup.courses:
        state.lay_course(course)
        while (mover := state.current_player()) is not None:
            report = state.apply(bots[mover].turn(state, rng))
            if watch is not None:
                watch(report)
    return state


def play_random_game(deck: Deck, rng: random.Random, edition: int | None = None) -> State:
    """Deal, choose each card's side at random and play to the end with random
    legal turns; the finished game (its history included) is returned."""
    bot = RandomBot()
    return play_game(deck, {Seat.NORTH: bot, Seat.SOUTH: bot}, rng, edition=edition)
