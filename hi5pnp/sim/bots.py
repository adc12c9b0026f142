"""Players of the engine. A bot only proposes a turn, built from the facts the
engine gives (:meth:`State.facing`, :meth:`State.reward_options`); the engine
judges it, so a bot cannot play an illegal game without the engine raising.
"""

from __future__ import annotations

import random

from ..deck import SIDES, Deck
from ..rules import SEATS, Action, Brought, Reward, State, Turn, deal


def random_turn(state: State, rng: random.Random) -> Turn:
    """A random legal turn for the player to move: a ready competitor, then an
    option, then whom to bring and which rewards to write."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("nobody is to move: lay the next course first")
    face = rng.choice(state.ready_faces(seat))
    f = state.facing(face)
    n = f.can_bring
    options: list[Action] = [Action.PLAIN]
    if f.max_spend:
        options.append(Action.BYPASS)
    if n:
        options += state.edition.bring_actions
    action = rng.choice(options)
    if action is Action.PLAIN:
        return Turn(face)
    if action is Action.BYPASS:
        return Turn(face, action, (), rng.randint(1, f.max_spend))
    size = n if state.edition.exact_count else rng.randint(1, n)
    brought: list[Brought] = []
    for other in rng.sample(f.eligible, size):
        rewards: list[Reward | None] = state.reward_options(face, action, brought, other)
        brought.append(Brought(other, rng.choice(rewards)))
    return Turn(face, action, tuple(brought))


def play_random_game(deck: Deck, rng: random.Random, edition: int | None = None) -> State:
    """Deal, choose each card's side at random and play to the end with random
    legal turns; the finished game (its history included) is returned."""
    setup = deal(deck, rng)
    teams = {s: [f"{n}{rng.choice(SIDES)}" for n in setup.cards[s]] for s in SEATS}
    state = State(deck, teams, setup.first, edition)
    for course in setup.courses:
        state.lay_course(course)
        while state.current_player() is not None:
            state.apply(random_turn(state, rng))
    return state
