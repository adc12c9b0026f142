"""A random set-up: teams dealt, the first player drawn, each round's course laid.

``hi5pnp deal`` prints it as a log skeleton for the players to fill in during
play; the bots use the same deal. Randomness comes from the ``random.Random``
passed in, so the same seed gives the same deal.
"""

from __future__ import annotations

import random
from pathlib import Path
from dataclasses import dataclass

from .deck import SIDES, Deck
from . import BUNDLED_DECKS
from .gamelog import FORMAT, SEATS, flow, quote


@dataclass(frozen=True)
class Setup:
    cards: dict[str, tuple[int, ...]]  # competitor card numbers dealt to each seat
    first: str
    courses: tuple[tuple[str, ...], ...]  # each round's obstacle faces, west to east


def random_course(deck: Deck, rng: random.Random) -> tuple[str, ...]:
    """Every obstacle card once, in a random order, each with a random face up."""
    cards = list(deck.obstacles)
    rng.shuffle(cards)
    return tuple(f"{c.number}{rng.choice(SIDES)}" for c in cards)


def deal(deck: Deck, rng: random.Random) -> Setup:
    size = deck.rules.team_size
    numbers = [c.number for c in deck.competitors]
    rng.shuffle(numbers)
    cards = {"north": tuple(sorted(numbers[:size])), "south": tuple(sorted(numbers[size : 2 * size]))}
    first = rng.choice(SEATS)
    courses = tuple(random_course(deck, rng) for _ in range(deck.rules.rounds))
    return Setup(cards, first, courses)


def deck_line(deck: str) -> str:
    """How a log names ``deck``: a bundled name as it is; a folder by its own name,
    for the log must sit beside it (a log may not point elsewhere)."""
    if deck in BUNDLED_DECKS:
        return deck
    return f"{quote(Path(deck).resolve().name)}   # keep this deck folder beside the log, or check with --deck"


def skeleton(setup: Setup, deck_name: str, edition: int, seed: int | None = None) -> str:
    """The deal as a log to fill in: choose a side for each card, then write the turns."""
    head = f"# Dealt by hi5pnp deal{f' --seed {seed}' if seed is not None else ''}."
    lines = [
        head,
        "# Fill in: a side (a or b) for each card marked '?', then each round's turns,",
        "# one a line, as they are played. Check it with: hi5pnp check <this file>",
        f"log: {FORMAT}",
        f"deck: {deck_line(deck_name)}",
        f"edition: {edition}",
        'event: ""',
        'players: {north: "", south: ""}',
        "teams:                 # the cards dealt; write the side each player chose",
    ]
    for seat in SEATS:
        lines.append(f"  {seat}: {flow(f'{n}?' for n in setup.cards[seat])}")
    lines.append(f"first: {setup.first}")
    lines.append("rounds:")
    for k, course in enumerate(setup.courses):
        lines += [
            f"  - course: {flow(course)}   # round {k + 1}, west to east",
            "    turns:",
            "      # - 3a                  a plain turn",
            "      # - 3a assist 2a:chit   brings 2a; a chit for it (:t2 = a mark in column 2)",
            "      # - 3a bypass 1         spends one chit",
            "    # finish: []            the placed finishers, in order (optional)",
            "    # points: {north: 0, south: 0}",
        ]
    lines += [
        "# result:",
        "#   columns: {north: 0, south: 0}",
        "#   score: {north: 0, south: 0}",
        "#   winner: north",
    ]
    return "\n".join(lines) + "\n"
