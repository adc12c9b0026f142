"""The search bot, ``mcts``: Monte Carlo tree search over the engine's
position, with UCT selection and chance nodes for the courses not yet laid.

A decision grows a tree from the position to move in. Each node is a
position; its children are greedy's ``width`` best turns there
(:func:`~hi5pnp.sim.bots.heuristic.choices`), each played on a copy by the
engine's unchecked :func:`~hi5pnp.rules.play.play`. A node is *expanded*
once: every child gets one playout at once (:func:`playout_values`: the
child's turn, then both players' playout turns to the end of the next
segment, at most ``depth`` turns, scored by
:func:`~hi5pnp.sim.bots.heuristic.evaluate`), and the node's value is the
best of them for its mover. Then, ``playouts`` playouts later (each child
weighed counts one), the bot takes the turn visited most.

Selection is UCT: the child with the best mean for the player to move
there (north's worth less south's, in points) plus ``exploration`` ×
√(ln N / n). A turn that ends a round before the last leads to a *chance
node*: the next course is unknown to the players (rules.md §2: it is laid
anew each round), so the bot draws courses of its own, as the deal draws
them (:func:`~hi5pnp.rules.deal.random_course`), from its own generator:
up to :data:`BRANCHES` of them, visited in turn. The bot never sees the
game's courses to come (the deal holds them, not the position), and its
generator is seeded by one draw of the game's, so the same game gives the
same search.

Playouts are greedy's turns (the default) or random ones among greedy's
sensible turns (``playout="random"``); greedy's are played by the compiled
kernel where numba is installed (:mod:`.jit_lookahead`), else by the pure
one (:mod:`.lookahead`): the same turns and values. :func:`playout_values`
is the one place a playout is asked for.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...deck import CompetitorCard, Deck
from ...errors import check_choice
from ...rules import Position, RulesError, State, Turn
from ...rules.deal import random_course
from ...rules.legality import no_round
from ...rules.play import lay, play
from . import heuristic
from .kernel import compiled_kernel
from .lookahead import Lookahead, copy

Move = tuple[Any, ...]  # a turn as play's arguments: competitor, action, spend, group, rewards
BRANCHES = 2  # courses drawn at a chance node
PLAYOUTS = 48  # the default playouts a decision
WIDTH = 6  # the turns weighed at a node: greedy's best
EXPLORATION = 1.0  # UCT's constant, in points of score
PLAYOUT_KINDS = ("greedy", "random")


class Node:
    """A position in the tree: its turns (``moves``) and their children, made when it is expanded; the visits and their values."""

    __slots__ = ("chance", "kids", "moves", "pos", "total", "visits")

    def __init__(self, pos: Position):
        self.pos = pos
        self.moves: list[Move] = []
        self.kids: list[Node] = []
        self.visits = 0
        self.total = 0.0  # north's worth less south's, summed over the visits
        self.chance: list[Node] = []  # a round's end: the courses drawn after it

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Searcher:
    """One game's search: its sight, the playout kernel and the bot's generator."""

    def __init__(self, sight: heuristic.Sight, rng: random.Random, playout: str, depth: int, width: int, exploration: float):
        self.sight, self.game, self.rng = sight, sight.game, rng
        self.playout, self.depth, self.width, self.c = playout, depth, width, exploration
        self.kernel: Any = None

    def search(self, pos: Position, budget: int) -> Move:
        root = Node(copy(pos))
        spent = self._expand(root)
        root.visits = len(root.moves)
        while spent < budget:
            spent += self._descend(root)
        best = max(range(len(root.moves)), key=lambda k: self._rank(root, k))
        return root.moves[best]

    def _rank(self, root: Node, k: int) -> tuple[int, float, int]:
        kid = root.kids[k]
        sign = 1 if root.pos.to_move == 0 else -1
        return (kid.visits, sign * kid.mean(), -k)  # the most visited; then the best; then greedy's order

    def _expand(self, node: Node) -> float:
        """The node's turns, each child weighed by one playout; the best of them for the mover."""
        ranked = heuristic.choices(self.sight, node.pos)[: self.width]
        node.moves = [c[1:] for c in ranked]
        values = playout_values(self, node.pos, node.moves)
        for move, value in zip(node.moves, values):
            kid = Node(copy(node.pos))
            play(self.game, kid.pos, *move)
            kid.visits, kid.total = 1, value
            node.kids.append(kid)
        sign = 1 if node.pos.to_move == 0 else -1
        return max(values, key=lambda v: sign * v)

    def _descend(self, root: Node) -> int:
        """One pass from the root: select down to a node not yet expanded,
        expand it, back its value up; the playouts it cost."""
        path, node = [root], root
        while node.moves:
            node = self._select(node)
            path.append(node)
            if node.pos.to_move is None and node.pos.round < self.game.rules.rounds:
                node = self._chance(node)  # a round's end: the next course drawn
                path.append(node)
        if node.pos.to_move is None:  # the game's end
            value, cost = heuristic.evaluate(self.sight, node.pos, 0), 1
        else:
            value = self._expand(node)
            cost = len(node.moves)
        for seen in path:
            seen.visits += 1
            seen.total += value
        return cost

    def _select(self, node: Node) -> Node:
        """UCT: the best mean for the mover plus the exploration bonus; the first of equals."""
        sign = 1 if node.pos.to_move == 0 else -1
        log_n = math.log(max(node.visits, 1))
        best, top = 0, -math.inf
        for k, kid in enumerate(node.kids):
            score = sign * kid.mean() + self.c * math.sqrt(log_n / kid.visits)
            if score > top + 1e-12:
                best, top = k, score
        return node.kids[best]

    def _chance(self, node: Node) -> Node:
        """The next round's course: a new one drawn while fewer than :data:`BRANCHES`, else the least visited."""
        if len(node.chance) < BRANCHES:
            course = random_course(self.game.deck, self.rng)
            pos = copy(node.pos)
            lay(self.game, pos, tuple(self.game.deck.obstacle_face(f) for f in course))  # type: ignore[misc]
            node.chance.append(Node(pos))
            return node.chance[-1]
        return min(node.chance, key=lambda kid: kid.visits)


def playout_values(search: Searcher, pos: Position, firsts: Sequence[Move]) -> list[float]:
    """Each of ``firsts`` played on a copy of ``pos``, then the playout's
    turns to the end of the next segment (``search.depth`` at most), and the
    value for north where each stops: the one place the search plays out."""
    bound = pos.segment + 2
    if search.playout == "random":
        return [_random_line(search, pos, move, bound) for move in firsts]
    kernel = search.kernel
    if kernel is None:
        kernel = search.kernel = _kernel(search.sight)
    if hasattr(kernel, "values"):  # the compiled kernel weighs every line in one call
        return list(kernel.values(pos, firsts, search.depth, bound))
    found = []
    for move in firsts:
        trial = copy(pos)
        kernel.play_on(trial, [], search.depth, bound, move)
        found.append(kernel.evaluate(trial))
    return found


def _kernel(sight: heuristic.Sight) -> Any:
    """Greedy's playouts: the compiled kernel where numba works, else the pure one."""
    if compiled_kernel():
        from .jit_lookahead import CompiledLookahead

        return CompiledLookahead(sight)
    return Lookahead(sight)


def _random_line(search: Searcher, pos: Position, move: Move, bound: int) -> float:
    """``move``, then turns drawn among greedy's sensible ones, to ``bound``."""
    trial, game, sight = copy(pos), search.game, search.sight
    play(game, trial, *move)
    for _ in range(search.depth):
        if trial.to_move is None or trial.segment >= bound:
            break
        choice = heuristic.choices(sight, trial)
        play(game, trial, *choice[int(search.rng.random() * len(choice))][1:])
    return heuristic.evaluate(sight, trial, 0)


class MCTSBot(heuristic.Seeing):
    """Monte Carlo tree search (this module): ``playouts`` a turn, greedy's
    (or random) playouts, UCT with ``exploration``; a turn with no other to
    weigh it against is taken at once."""

    def __init__(self, playouts: int = PLAYOUTS, playout: str = "greedy", depth: int = 24, width: int = WIDTH, exploration: float = EXPLORATION):
        super().__init__()
        check_choice("playout", playout, PLAYOUT_KINDS)
        self.playouts, self.playout, self.depth, self.width, self.exploration = playouts, playout, depth, width, exploration
        self._search: Searcher | None = None

    def turn(self, state: State, rng: random.Random) -> Turn:
        if state.current_player() is None:
            raise RulesError(no_round(state))
        sight = self.sight(state, rng)
        own = random.Random(rng.getrandbits(64))  # the bot's own draws: never the game's courses to come
        search = self._search
        if search is None or search.sight is not sight:
            search = self._search = Searcher(sight, own, self.playout, self.depth, self.width, self.exploration)
        search.rng = own
        ranked = heuristic.choices(sight, state.pos)
        if len(ranked) == 1:
            return heuristic.turn_of(state.game, ranked[0])
        move = search.search(state.pos, self.playouts)
        return heuristic.turn_of(state.game, heuristic.Choice(0.0, *move))

    def choose_face(self, deck: Deck, card: CompetitorCard, rng: random.Random) -> str:
        return heuristic.stronger_face(deck, card)
