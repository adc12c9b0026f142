"""The planner's fast look-ahead, pure (:mod:`hi5pnp.sim.bots.lookahead`) and
compiled (:mod:`hi5pnp.sim.bots.jit_lookahead`, where numba is installed; with
the slow tests, as compiling takes seconds), held to the general code it
stands for, side by side: greedy's turn
(:func:`heuristic.best_choice`), a greedy line played on
(:func:`~hi5pnp.rules.play.play`) and the value where it stops
(:func:`heuristic.evaluate`) in every position of many seeded games, and
whole planner games, on the bundled deck and decks of other rules, in both
editions. Values are compared exactly: the same arithmetic in the same order."""

from __future__ import annotations

import functools
import importlib.util
import random
import sys

import pytest
from conftest import make_deck

import hi5pnp.sim
from hi5pnp.deck import load_deck
from hi5pnp.rules import SEATS, State, deal
from hi5pnp.rules.play import play
from hi5pnp.sim.bots import heuristic, kernel
from hi5pnp.sim.bots.draw import game_rng
from hi5pnp.sim.bots.lookahead import Lookahead, copy
from hi5pnp.sim.bots.players import KERNEL_VARIABLE, GreedyBot, PlannerBot, compiled_kernel, play_game, random_turn

#: The kernels: the pure one, and the compiled one (slow: it compiles, or loads numba's cache, in each process).
KERNELS = [pytest.param(False, id="pure"), pytest.param(True, id="compiled", marks=pytest.mark.slow)]

#: Other rules than the bundled deck's: small teams and few finishers, big
#: teams and many (with more gems and chits), column points that split unevenly.
OTHER_RULES = (
    {"team_size": 3, "finishers": 3, "placing_points": "[4, 2, 1]", "chit_limit": 1, "column_points": 7},
    {"team_size": 6, "finishers": 8, "placing_points": "[9, 7, 6, 4, 3, 2, 1, 1]", "chit_limit": 5, "column_points": 2},
)


def kernel_of(compiled: bool):
    """The look-ahead kernel class to test (the compiled one skips where numba is not installed)."""
    if not compiled:
        return Lookahead
    pytest.importorskip("numba")
    from hi5pnp.sim.bots.jit_lookahead import CompiledLookahead

    return CompiledLookahead


@pytest.fixture(scope="module")
def decks(deck, mini, tmp_path_factory):
    others = [load_deck(make_deck(tmp_path_factory.mktemp("rules") / "deck", copies=2, **r), need_score_sheet=False) for r in OTHER_RULES]
    return [deck, mini, *others]


def greedy_line(sight, pos, depth, bound):
    """The general code's greedy line from ``pos`` (changed in place): its turns."""
    moves = []
    while len(moves) < depth and pos.to_move is not None and pos.segment < bound:
        move = heuristic.best_choice(sight, pos)[1:]
        moves.append(move)
        play(sight.game, pos, *move)
    return moves


@pytest.mark.slow
@pytest.mark.parametrize("compiled", KERNELS)
@pytest.mark.parametrize("edition", [1, pytest.param(2, marks=pytest.mark.slow)])  # edition 2 with the slow tests
def test_every_turn_line_and_value_is_the_general_codes(decks, edition, compiled):
    """In every position of random games: the same turn, the same line of
    greedy turns to the next segment's end (the same position after it),
    the same value, bit for bit."""
    kernel_class = kernel_of(compiled)
    met = 0
    for d in decks:
        for g in range(8):
            rng = game_rng(11, g)
            setup = deal(d, rng)
            state = State(d, {s: [f"{n}{rng.choice('ab')}" for n in setup.cards[s]] for s in SEATS}, setup.first, edition)
            sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
            kernel = kernel_class(sight)
            for course in setup.courses:
                state.lay_course(course)
                while state.current_player() is not None:
                    pos = state.pos
                    assert kernel.choose(pos) == heuristic.best_choice(sight, pos)[1:]
                    assert kernel.evaluate(pos) == heuristic.evaluate(sight, pos, 0)
                    fast, general = copy(pos), pos.copy()
                    assert fast == general
                    moves: list = []
                    kernel.play_on(fast, moves, 24, pos.segment + 2)
                    assert moves == greedy_line(sight, general, 24, pos.segment + 2)
                    assert fast == general
                    assert kernel.evaluate(fast) == heuristic.evaluate(sight, general, 0)
                    met += 1
                    state.apply(random_turn(state, rng))
            assert kernel.evaluate(state.pos) == heuristic.evaluate(sight, state.pos, 0)  # the game over
    assert met > 2000


@pytest.mark.parametrize("compiled", KERNELS)
def test_a_line_that_starts_with_a_turn_and_ends_a_round_is_the_general_codes(deck, compiled):
    """A line given its first turn (as the planner weighs its own), through
    the round's end (the look-ahead's stop) and into the next, with a
    depth that cuts it: the same turns, position and value."""
    kernel_class = kernel_of(compiled)
    rng = game_rng(5, 0)
    setup = deal(deck, rng)
    state = State(deck, {s: [f"{n}{rng.choice('ab')}" for n in setup.cards[s]] for s in SEATS}, setup.first)
    sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
    kernel, ended = kernel_class(sight), 0
    state.lay_course(setup.courses[0])
    while state.current_player() is not None:
        pos = state.pos
        for choice in heuristic.choices(sight, pos)[:3]:
            for depth in (0, 3, 500):
                fast, general = copy(pos), pos.copy()
                moves: list = []
                kernel.play_on(fast, moves, depth, 99, choice[1:])
                play(sight.game, general, *choice[1:])
                assert moves == greedy_line(sight, general, depth, 99)
                assert fast == general
                assert kernel.evaluate(fast) == heuristic.evaluate(sight, general, 0)
                ended += general.course is None
        state.apply(random_turn(state, rng))
    assert ended > 10


@pytest.mark.slow
def test_the_compiled_sum_of_a_matrix_is_pythons():
    """A matrix's worth is Python's sum() of its columns' (whole numbers for
    complete columns, then fractions; Neumaier's compensated sum from Python
    3.12 on): the compiled kernel's sum is the same to the last bit, in the
    Python that runs the tests, on sums where plain and compensated adding differ."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from hi5pnp.sim.bots.jit_kernel import _sum_like_python

    rng = random.Random(3)
    for _ in range(3000):
        whole = rng.randrange(4)
        terms = [float(rng.randrange(1, 9)) for _ in range(whole)] + [
            rng.choice((1e16, 1.0, -1e16, 0.1, 1 / 3, 2.5e-9)) * rng.random() for _ in range(rng.randrange(6))
        ]
        python = sum([int(t) for t in terms[:whole]] + terms[whole:])
        assert _sum_like_python(np.array([*terms, 0.0]), whole, len(terms)) == python


def test_the_compiled_kernel_is_used_where_numba_is_and_not_turned_off(monkeypatch):
    """``HI5PNP_KERNEL=python`` keeps the pure kernel; without numba it is
    the pure one whatever the variable says; the general path is never compiled."""
    monkeypatch.setenv(KERNEL_VARIABLE, "python")
    assert not compiled_kernel() and not PlannerBot().jit
    monkeypatch.setenv(KERNEL_VARIABLE, "auto")
    monkeypatch.setattr(kernel, "_numba_works", functools.cache(lambda: False))  # numba not installed, or broken
    assert not compiled_kernel() and not PlannerBot().jit
    assert not PlannerBot(fast=False, jit=True).jit


def test_a_numba_that_does_not_import_is_no_numba(monkeypatch):
    """numba installed but failing to import (a release that does not go
    with the installed numpy) leaves the pure kernel: asked once a process."""
    monkeypatch.setitem(sys.modules, "numba", None)  # "import numba" raises ImportError
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object())  # as if it were installed
    monkeypatch.delitem(sys.modules, "hi5pnp.sim.bots.jit_kernel", raising=False)  # not imported yet
    monkeypatch.delattr(hi5pnp.sim.bots, "jit_kernel", raising=False)  # nor bound to its package (jit_game imports it too)
    kernel._numba_works.cache_clear()
    try:
        assert not kernel._numba_works()
    finally:
        kernel._numba_works.cache_clear()


class GeneralPlanner(PlannerBot):
    """The planner on the general code alone (its look-ahead's reference)."""

    def __init__(self) -> None:
        super().__init__(fast=False)


@pytest.mark.slow
@pytest.mark.parametrize("compiled", KERNELS)
@pytest.mark.parametrize("edition", [1, pytest.param(2, marks=pytest.mark.slow)])  # edition 2 with the slow tests
def test_planner_games_are_the_general_codes(decks, edition, compiled):
    """Seeded planner games (against itself, and against greedy) are the
    same turn for turn with the fast look-ahead as with the general code."""
    kernel_of(compiled)

    def planner(*effort: int) -> PlannerBot:
        bot = PlannerBot(*effort, jit=compiled)
        assert bot.jit == compiled
        return bot

    for d in decks:
        for g in range(2):
            fast = play_game(d, dict(zip(SEATS, (planner(), planner()))), game_rng(13, g), sides="bot", edition=edition)
            general = play_game(d, dict(zip(SEATS, (GeneralPlanner(), GeneralPlanner()))), game_rng(13, g), sides="bot", edition=edition)
            assert fast.history() == general.history()
        mixed = [play_game(d, dict(zip(SEATS, (GreedyBot(), bot))), game_rng(17, 0), edition=edition) for bot in (planner(2, 6), GeneralPlanner())]
        assert mixed[0].is_terminal()
        fast, general = (play_game(d, dict(zip(SEATS, (GreedyBot(), bot))), game_rng(17, 1), edition=edition) for bot in (planner(), GeneralPlanner()))
        assert fast.history() == general.history()
