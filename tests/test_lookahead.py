"""The planner's fast look-ahead (:mod:`hi5pnp.sim.lookahead`) held to the
general code it stands for, side by side: greedy's turn
(:func:`heuristic.best_choice`), a greedy line played on
(:func:`~hi5pnp.rules.play.play`) and the value where it stops
(:func:`heuristic.evaluate`) in every position of many seeded games, and
whole planner games, on the bundled deck and decks of other rules, in both
editions. Values are compared exactly: the same arithmetic in the same order."""

from __future__ import annotations

import pytest
from conftest import make_deck

from hi5pnp.deck import load_deck
from hi5pnp.rules import SEATS, State, deal
from hi5pnp.rules.play import play
from hi5pnp.sim import heuristic
from hi5pnp.sim.bots import GreedyBot, PlannerBot, play_game, random_turn
from hi5pnp.sim.draw import game_rng
from hi5pnp.sim.lookahead import Lookahead, copy

#: Other rules than the bundled deck's: small teams and few finishers, big
#: teams and many (with more gems and chits), column points that split unevenly.
OTHER_RULES = (
    {"team_size": 3, "finishers": 3, "placing_points": "[4, 2, 1]", "chit_limit": 1, "column_points": 7},
    {"team_size": 6, "finishers": 8, "placing_points": "[9, 7, 6, 4, 3, 2, 1, 1]", "chit_limit": 5, "column_points": 2},
)


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


@pytest.mark.parametrize("edition", [1, pytest.param(2, marks=pytest.mark.slow)])  # edition 2 with the slow tests
def test_every_turn_line_and_value_is_the_general_codes(decks, edition):
    """In every position of random games: the same turn, the same line of
    greedy turns to the next segment's end (the same position after it),
    the same value, bit for bit."""
    met = 0
    for d in decks:
        for g in range(8):
            rng = game_rng(11, g)
            setup = deal(d, rng)
            state = State(d, {s: [f"{n}{rng.choice('ab')}" for n in setup.cards[s]] for s in SEATS}, setup.first, edition)
            sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
            kernel = Lookahead(sight)
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


class GeneralPlanner(PlannerBot):
    """The planner on the general code alone (its look-ahead's reference)."""

    def __init__(self) -> None:
        super().__init__(fast=False)


@pytest.mark.parametrize("edition", [1, pytest.param(2, marks=pytest.mark.slow)])  # edition 2 with the slow tests
def test_planner_games_are_the_general_codes(decks, edition):
    """Seeded planner games (against itself, and against greedy) are the
    same turn for turn with the fast look-ahead as with the general code."""
    for d in decks:
        for g in range(2):
            fast = play_game(d, dict(zip(SEATS, (PlannerBot(), PlannerBot()))), game_rng(13, g), sides="bot", edition=edition)
            general = play_game(d, dict(zip(SEATS, (GeneralPlanner(), GeneralPlanner()))), game_rng(13, g), sides="bot", edition=edition)
            assert fast.history() == general.history()
        mixed = [play_game(d, dict(zip(SEATS, (GreedyBot(), bot))), game_rng(17, 0), edition=edition) for bot in (PlannerBot(2, 6), GeneralPlanner())]
        assert mixed[0].is_terminal()
        fast, general = (play_game(d, dict(zip(SEATS, (GreedyBot(), bot))), game_rng(17, 1), edition=edition) for bot in (PlannerBot(), GeneralPlanner()))
        assert fast.history() == general.history()
