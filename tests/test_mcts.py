"""The search bot (``mcts``): only legal turns, the same game from the same
seed, the courses to come never seen. Its strength is measured by
bench/bench_mcts.py (docs/simulate.md, "The bots")."""

from __future__ import annotations

import random

import pytest

from hi5pnp.deck import load_deck
from hi5pnp.rules import SEATS, Seat, State, deal
from hi5pnp.sim.bots import heuristic, mcts
from hi5pnp.sim.bots.draw import game_rng
from hi5pnp.sim.bots.players import KERNEL_VARIABLE, GreedyBot, play_game
from hi5pnp.sim.run import Plan, play_one

DECK = load_deck("default", need_score_sheet=False)


@pytest.mark.slow
def test_every_turn_it_proposes_is_legal():
    """The engine judges every turn of a game (State.apply raises on an illegal one): both seats searching, both editions, both playouts."""
    for edition, playout in ((2, "greedy"), (1, "random")):
        bots = {Seat.NORTH: mcts.MCTSBot(4, playout), Seat.SOUTH: mcts.MCTSBot(4, playout)}
        state = play_game(DECK, bots, game_rng(5, edition), edition=edition)  # type: ignore[arg-type]
        assert state.is_terminal() and sum(len(r.turns) for r in state.history()) > 150  # every turn judged by the engine on the way


@pytest.mark.slow
def test_the_same_seed_gives_the_same_game():
    plan = Plan(games=1, north="mcts", south="greedy", playouts=6)
    assert play_one(DECK, plan, 3) == play_one(DECK, plan, 3)
    other = Plan(games=1, north="mcts", south="greedy", playouts=6, seed=1)
    assert play_one(DECK, other, 3) != play_one(DECK, plan, 3)


@pytest.mark.slow
def test_the_courses_to_come_are_never_seen(monkeypatch):
    """Round 1 played twice from one seed, the deal's later courses changed the
    second time: every turn of round 1 is the same, though the search met round ends (chance nodes)."""
    chances = []
    real_chance = mcts.Searcher._chance

    def counted(self, node):  # type: ignore[no-untyped-def]
        chances.append(1)
        return real_chance(self, node)

    monkeypatch.setattr(mcts.Searcher, "_chance", counted)

    def round_one(later: random.Random | None) -> list[str]:
        rng = game_rng(7, 0)
        setup = deal(DECK, rng)
        if later is not None:
            from hi5pnp.rules.deal import random_course

            setup = setup._replace(courses=(setup.courses[0], *(random_course(DECK, later) for _ in setup.courses[1:])))
        teams = {seat: [f"{n}a" for n in setup.cards[seat]] for seat in SEATS}
        state = State(DECK, teams, setup.first)
        bots = {Seat.NORTH: mcts.MCTSBot(48), Seat.SOUTH: mcts.MCTSBot(48)}
        sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
        for bot in bots.values():
            bot.start(sight)
        state.lay_course(setup.courses[0])
        turns = []
        while (mover := state.current_player()) is not None:
            turn = bots[mover].turn(state, rng)
            state.apply(turn)
            turns.append(str(turn))
        return turns

    first = round_one(None)
    assert first == round_one(random.Random(99)) == round_one(random.Random(100))
    assert chances, "the search never reached a round's end: the test would prove nothing"


def _state_in_round(seed: int, turns: int) -> tuple[State, random.Random, tuple[tuple[str, ...], ...]]:
    """A game of the bundled deck after ``turns`` greedy turns, its generator, and its courses."""
    rng = game_rng(seed, 0)
    setup = deal(DECK, rng)
    state = State(DECK, {seat: [f"{n}b" for n in setup.cards[seat]] for seat in SEATS}, setup.first)
    greedy = GreedyBot()
    for _ in range(turns):
        if state.current_player() is None:
            state.lay_course(setup.courses[state.pos.round])
        state.apply(greedy.turn(state, rng))
    if state.current_player() is None:
        state.lay_course(setup.courses[state.pos.round])
    return state, rng, setup.courses


def test_a_turn_alone_is_taken_without_search(monkeypatch):
    state, rng, _ = _state_in_round(2, 1)
    every = heuristic.choices
    monkeypatch.setattr(heuristic, "choices", lambda sight, pos: every(sight, pos)[:1])
    monkeypatch.setattr(mcts.Searcher, "search", lambda *a: pytest.fail("searched a turn with no other"))
    turn = mcts.MCTSBot(8).turn(state, rng)
    assert state.why_illegal(turn) is None


def test_its_turns_are_legal_wherever_it_stands(monkeypatch):
    """A searched turn in positions along greedy games, greedy's playouts and random ones (the pure kernel: nothing to compile)."""
    monkeypatch.setenv(KERNEL_VARIABLE, "python")
    for seed in range(4):
        state, rng, _ = _state_in_round(seed, 25 * seed)
        turn = mcts.MCTSBot(12, "random" if seed % 2 else "greedy").turn(state, rng)
        assert state.why_illegal(turn) is None, (seed, str(turn))
