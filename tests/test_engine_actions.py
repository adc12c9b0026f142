"""legal_actions: every action it lists is legal, and it misses no legal outcome.

On the mini deck (tests/golden/mini) a brute force over every turn that can be
written is feasible; the counts at the opening are pinned like perft counts.
"""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import new_state

from hi5pnp.rules import CHIT, Action, Brought, Mark, Turn
from hi5pnp.sim.bots.players import random_turn

PLAIN, ASSIST, HELP, BYPASS = Action.PLAIN, Action.ASSIST, Action.HELP, Action.BYPASS

TEAMS = {"north": ["1a", "2a"], "south": ["3a", "4a"]}


def mini_state(mini, edition):
    return new_state(mini, edition, course=["1a", "2a"], north=TEAMS["north"], south=TEAMS["south"])


def outcome(state, turn):
    """What a turn does, so that different spellings of one outcome compare equal."""
    if turn.action == PLAIN or (turn.action == BYPASS and turn.spend == 0) or not turn.brought:
        return (turn.face, PLAIN)
    if turn.action == BYPASS:
        return (turn.face, BYPASS, turn.spend)
    to_finish = state.position(turn.face) + 1 == state.finish
    faces = [b.face for b in turn.brought]
    group = tuple(faces) if to_finish else frozenset(faces)
    rewards = sorted(str(b.reward) for b in turn.brought)  # who carries which reward changes nothing
    return (turn.face, turn.action, group, tuple(rewards))


def every_written_turn(state):
    faces = list(state.faces)
    for face in faces:
        yield Turn(face)
        for k in range(4):
            yield Turn(face, BYPASS, (), k)
        for action in (ASSIST, HELP):
            for size in range(0, 4):
                for group in itertools.permutations([f for f in faces], size):
                    for rewards in itertools.product([None, CHIT, Mark(0), Mark(1), Mark(2), Mark(3)], repeat=size):
                        yield Turn(face, action, tuple(Brought(g, r) for g, r in zip(group, rewards)))


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_are_exactly_the_legal_outcomes(mini, edition, seed):
    rng = random.Random(seed)
    state = mini_state(mini, edition)
    for _ in range(seed * 2):  # walk a few random turns in
        if state.current_player() is None:
            break
        state.apply(random_turn(state, rng))
    if state.current_player() is None:
        return
    listed = state.legal_actions()
    assert all(state.why_illegal(t) is None for t in listed)
    assert len({str(t) for t in listed}) == len(listed)
    brute = {outcome(state, t) for t in every_written_turn(state) if state.why_illegal(t) is None}
    assert brute == {outcome(state, t) for t in listed}


def test_opening_counts_are_pinned(mini):
    # The opening of tests/golden/valid_ed2.yaml: north to play; 1a (m=2) or
    # 2a (m=1) at red speed with three others; chit limit 1.
    assert len(mini_state(mini, 2).legal_actions()) == 29
    assert len(mini_state(mini, 1).legal_actions()) == 14


def test_random_turns_are_legal(deck):
    rng = random.Random(7)
    for edition in (1, 2):
        state = new_state(deck, edition)
        while state.current_player() is not None:
            turn = random_turn(state, rng)
            assert state.why_illegal(turn) is None, str(turn)
            state.apply(turn)
