"""A turn that brings others is judged from the position's numbers, without
the :class:`~hi5pnp.rules.position.Facing` the rules' words are made of: the
verdict must agree with those facts, turn for turn, over many positions."""

from __future__ import annotations

import random

import pytest

from hi5pnp.deck import load_deck
from hi5pnp.rules import Brought, Turn
from hi5pnp.rules.state import State
from hi5pnp.sim.bots.players import play_random_game


def _bring_turns(state: State, rng: random.Random) -> list[Turn]:
    """Turns that bring, legal and not: the ready competitors of the seat to
    move, each bringing every few others of the game, with the rewards written after them in the log."""
    turns = []
    faces = list(state.faces)
    for face in state.ready_faces(state.current_player()):
        for action in state.edition.bring_actions:
            for k in (1, 2, 3):
                group = tuple(Brought(f) for f in rng.sample([f for f in faces if f != face], k))
                turns.append(Turn(face, action, group))
    return turns


@pytest.mark.parametrize("seed", range(6))
def test_bring_verdicts_agree_with_the_facts(seed):
    deck = load_deck("default", need_score_sheet=False)
    game = play_random_game(deck, random.Random(seed), 1 + seed % 2)
    state = State(
        deck, {"north": game.game.faces[: len(game.game.team[0])], "south": game.game.faces[len(game.game.team[0]) :]}, game.first, game.game.edition.number
    )
    rng = random.Random(seed)
    judged = 0
    for course, turns in game.history():
        state.lay_course(course)
        for played in turns:
            for turn in _bring_turns(state, rng):
                f = state.facing(turn.face)
                faces = [b.face for b in turn.brought]
                all_there = all(x in f.eligible for x in faces)
                count_ok = len(faces) == f.can_bring if state.edition.exact_count else len(faces) <= f.matches
                problem = state.why_illegal(turn)
                if all_there and count_ok:  # the others' faults, if any, are in their rewards
                    assert problem is None or problem.ruling in ("R-6", "R-8", "R-9"), (turn, problem)
                else:
                    assert problem is not None and problem.ruling in ("§4", "R-10"), (turn, problem)
                    if all_there:  # the count is wrong: its words name the facts
                        assert f"{f.obstacle.color}" in problem.message and (", ".join(f.eligible) or "nobody") in problem.message
                judged += 1
            state.push(played)
    assert judged > 500
