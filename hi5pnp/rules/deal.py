"""A random set-up: teams dealt, the first player drawn, each round's course laid.

``hi5pnp deal`` prints it as a log to fill in during play, and the bots play
the same deal. Randomness comes from the ``random.Random`` passed in, so the
same seed gives the same deal. Cards are drawn from the order of their
numbers, never from the order a deck's file lists them in: a deck with its
cards written in another order deals the same games (so ``simulate
--compare`` pairs games by card).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..deck import SIDES, Deck
from .seat import SEATS, Seat


class Setup(NamedTuple):
    cards: dict[Seat, tuple[int, ...]]  # the competitor card numbers dealt to each seat
    first: Seat
    courses: tuple[tuple[str, ...], ...]  # each round's obstacle faces, west to east


def random_course(deck: Deck, rng: random.Random) -> tuple[str, ...]:
    """Every obstacle card once, in a random order, each with a random face up.
    The cards are shuffled from the order of their numbers, so the order the
    deck's file lists them in changes nothing."""
    cards = sorted(deck.obstacles, key=lambda c: c.number)
    rng.shuffle(cards)
    return tuple(f"{c.number}{rng.choice(SIDES)}" for c in cards)


def deal(deck: Deck, rng: random.Random) -> Setup:
    size = deck.rules.team_size
    numbers = sorted(c.number for c in deck.competitors)  # by number: the file's order changes no deal
    rng.shuffle(numbers)
    cards = {Seat.NORTH: tuple(sorted(numbers[:size])), Seat.SOUTH: tuple(sorted(numbers[size : 2 * size]))}
    first = rng.choice(SEATS)
    courses = tuple(random_course(deck, rng) for _ in range(deck.rules.rounds))
    return Setup(cards, first, courses)
