"""The compiled games (hi5pnp/sim/bots/jit_games.py, numba): the same
generator as Python's, the same games as the general engine's, the same
simulator numbers with and without numba. The tests that compile are slow."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GOLDEN, make_deck

from hi5pnp.deck import load_deck
from hi5pnp.sim.bots import jit_games
from hi5pnp.sim.bots.draw import game_key, game_rng
from hi5pnp.sim.run import Plan

BOTS = "hi5pnp/sim/bots"
PAIRS = [("greedy", "greedy"), ("random", "random"), ("random", "greedy"), ("greedy", "random")]
numba = pytest.importorskip("numba", reason="the compiled games need the fast extra")


def test_a_games_key_seeds_what_its_generator_is_seeded_with():
    for seed, index in [(0, 0), (7, 123), (2**31 - 1, 10**6)]:
        mine = random.Random(int.from_bytes(game_key(seed, index), "little"))
        assert mine.getstate() == game_rng(seed, index).getstate()


def test_the_called_kernels_are_the_ones_the_game_kernel_was_written_against():
    """numba checks a cached function against its own file only: a change to
    jit_kernel.py or jit_random.py must come with a change to jit_game.py
    (its CALLED), which makes numba compile the games again."""
    root = Path(__file__).parent.parent / BOTS
    text = (root / "jit_game.py").read_text()
    for name in ("jit_kernel.py", "jit_random.py"):
        assert hashlib.sha256((root / name).read_bytes()).hexdigest() in text, name


@pytest.mark.slow
def test_the_compiled_generator_draws_as_pythons():
    import numpy as np

    from hi5pnp.sim.bots import jit_random

    for index in range(300):
        key = np.frombuffer(game_key(index % 7, index), "<u4").astype(np.int64)
        mt, rng = jit_random.seeded(key, len(key)), game_rng(index % 7, index)
        assert [jit_random.random(mt) for _ in range(50)] == [rng.random() for _ in range(50)]
        assert [jit_random.below(mt, n) for n in range(1, 70)] == [rng._randbelow(n) for n in range(1, 70)]
        x, y = np.arange(23), list(range(23))
        jit_random.shuffle(mt, x, 23)
        rng.shuffle(y)
        assert list(x) == y and jit_random.random(mt) == rng.random()


def _same_games(deck, games: int, seed: int, edition: int | None = None, pairs=PAIRS) -> None:
    for north, south in pairs:
        for sides in ("random", "bot"):
            plan = Plan(games=games, seed=seed, north=north, south=south, sides=sides, edition=edition, logs=None)
            compiled = jit_games.play_games(deck, seed, 0, games, north, south, sides, edition)
            for i in range(games):
                engine = _engine(deck, plan, i)
                assert compiled[i] == engine, (north, south, sides, i)


def _engine(deck, plan: Plan, index: int):
    """Game ``index`` on the general engine (the engine's bots, every turn judged)."""
    from hi5pnp.sim.bots.players import play_game
    from hi5pnp.sim.bots.record import Tally, record_of
    from hi5pnp.sim.run import make_bots

    tally = Tally(list(deck.colors))
    state = play_game(deck, make_bots(plan), game_rng(plan.seed, index), sides=plan.sides, edition=plan.edition, watch=tally.add)
    return record_of(state, tally)


@pytest.mark.slow
@pytest.mark.parametrize("edition", [1, 2])
def test_compiled_games_are_the_engines_on_the_bundled_deck(deck, edition):
    _same_games(deck, 150, 3, edition)


@pytest.mark.slow
@pytest.mark.parametrize("edition", [1, 2])
def test_compiled_games_are_the_engines_on_the_mini_deck(mini, edition):
    _same_games(mini, 200, 5, edition)


@pytest.mark.slow
def test_compiled_games_are_the_engines_on_other_numbers(tmp_path):
    rules = {"team_size": 3, "finishers": 4, "placing_points": "[4, 3, 2, 1]", "rounds": 2, "chit_limit": 1}
    small = load_deck(make_deck(tmp_path / "d", obstacles=3, **rules), need_score_sheet=False)
    _same_games(small, 150, 1)
    _same_games(small, 150, 2, 1)
    big = load_deck(make_deck(tmp_path / "big", copies=2, chit_limit=5, column_points=4), need_score_sheet=False)
    _same_games(big, 60, 4, 1)


@pytest.mark.slow
def test_any_seed_gives_the_engines_game():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    deck = load_deck(GOLDEN / "mini", need_score_sheet=False)

    @settings(max_examples=60, deadline=None)
    @given(st.integers(0, 2**31 - 1), st.integers(0, 10**6), st.sampled_from(PAIRS), st.sampled_from([1, 2]))
    def one(seed, index, pair, edition):
        plan = Plan(games=1, seed=seed, north=pair[0], south=pair[1], edition=edition)
        assert jit_games.play_games(deck, seed, index, index + 1, *pair, "random", edition) == [_engine(deck, plan, index)]

    one()


@pytest.mark.slow
@pytest.mark.parametrize("args", [("--bot", "greedy", "--jobs", "2"), ("--north", "random", "--south", "greedy", "--sides", "bot", "--edition", "1")])
def test_simulate_prints_the_same_bytes_with_and_without_numba(args):
    common = [sys.executable, "-m", "hi5pnp", "simulate", "--json", "--games", "300", "--seed", "9", *args]
    compiled = subprocess.run(common, capture_output=True, text=True, env={**os.environ, "HI5PNP_KERNEL": "auto"})
    plain = subprocess.run(common, capture_output=True, text=True, env={**os.environ, "HI5PNP_KERNEL": "python"})
    assert compiled.returncode in (0, 1), compiled.stderr
    assert compiled.stdout == plain.stdout and compiled.returncode == plain.returncode


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("greedy", "greedy"), ("random", "greedy")])
def test_a_playout_from_a_position_is_the_engines(deck, pair):
    """jit_games.finish from a game under way (mid-round, and between
    rounds): the scores the engine's bots reach from there with the same
    draws (the order, the courses, then a generator seeded from ``rng``)."""
    from hi5pnp.rules import SEATS, State, deal
    from hi5pnp.rules.deal import random_course
    from hi5pnp.sim.bots import heuristic
    from hi5pnp.sim.bots.players import BOTS, RandomBot

    for index in range(40):
        start = random.Random(index)
        setup_rng = game_rng(11, index)
        setup = deal(deck, setup_rng)
        teams = {s: [f"{c}{setup_rng.choice('ab')}" for c in setup.cards[s]] for s in SEATS}
        state = State(deck, teams, setup.first)
        state.lay_course(setup.courses[0])
        for _ in range(start.randrange(0, 60 if index % 2 else 130)):  # some turns, at times past the first round's end
            if state.current_player() is None:
                if state.pos.round >= deck.rules.rounds:
                    break
                state.lay_course(setup.courses[state.pos.round])
            state.apply(RandomBot().turn(state, start))
        if state.current_player() is None and (state.pos.round >= deck.rules.rounds):
            continue
        seed = start.random()
        compiled = jit_games.finish(state, random.Random(seed), *pair)
        rng = random.Random(seed)
        sight = heuristic.Sight(state.game, heuristic.tie_order(state.game, rng))
        rounds = deck.rules.rounds - state.pos.round - (state.pos.course is not None)
        courses = [random_course(deck, rng) for _ in range(rounds)]
        bots = {s: BOTS[name]() for s, name in zip(SEATS, pair)}
        for bot in bots.values():
            if hasattr(bot, "start"):
                bot.start(sight)
        turns = random.Random(rng.getrandbits(128))
        while not (state.pos.round >= deck.rules.rounds):
            if state.current_player() is None:
                state.lay_course(courses.pop(0))
            state.apply(bots[state.current_player()].turn(state, turns))
        scores = state.scores()
        assert compiled == (scores[SEATS[0]], scores[SEATS[1]]), index


def test_without_numba_simulate_says_once_what_the_fast_extra_gives(monkeypatch):
    from conftest import hi5

    from hi5pnp.sim.bots import kernel

    monkeypatch.setattr(kernel, "numba_installed", lambda: False)
    got = hi5("simulate", "--json", "--games", "4", "--bot", "greedy")
    assert got.returncode in (0, 1), got.stderr
    assert got.stderr.count("pip install 'hi5pnp[fast]'") == 1 and "hi5pnp[fast]" not in got.stdout
    monkeypatch.setattr(kernel, "numba_installed", lambda: True)
    assert "hi5pnp[fast]" not in hi5("simulate", "--json", "--games", "4", "--bot", "greedy").stderr
    monkeypatch.setattr(kernel, "numba_installed", lambda: False)
    assert "hi5pnp[fast]" not in hi5("simulate", "--json", "--games", "4", "--bot", "random").stderr
