"""``hi5pnp deal``: a random set-up (:func:`hi5pnp.rules.deal`) as a log for
the players to fill in during play."""

from __future__ import annotations

from pathlib import Path

from .. import data
from ..rules import EDITIONS, SEATS, Setup, notation_examples
from .log import FORMAT
from .logwrite import flow, quote


def deck_line(deck: str) -> str:
    """How a log names ``deck``: a bundled deck by its name; a folder by its
    own name, for the log must sit beside it (a log may not point elsewhere)."""
    if data.bundled_deck(deck) is not None:
        return deck
    return f"{quote(Path(deck).resolve().name)}   # keep this deck folder beside the log, or check with --deck"


def skeleton(setup: Setup, deck_name: str, edition: int, seed: int | None = None) -> str:
    """The deal as a log to fill in: choose a side for each card, then write the turns."""
    head = f"# Dealt by hi5pnp deal{f' --seed {seed}' if seed is not None else ''}."
    lines = [
        head,
        "# Fill in: a side for each card marked '?' (\"3?\" becomes 3a or 3b), then each",
        "# round's turns, one a line, as they are played. Check it with: hi5pnp check <this file>",
        f"log: {FORMAT}",
        f"deck: {deck_line(deck_name)}",
        f"edition: {edition}",
        'event: ""',
        'players: {north: "", south: ""}',
        "teams:                 # the cards dealt; write the side each player chose",
    ]
    for seat in SEATS:
        lines.append(f"  {seat}: {flow(quote(f'{n}?') for n in setup.cards[seat])}")  # quoted: valid YAML
    lines.append(f"first: {setup.first}")
    lines.append("rounds:")
    examples = [f"      # - {code:<22}{meaning}" for code, meaning in notation_examples(EDITIONS[edition])]
    for k, course in enumerate(setup.courses):
        lines += [
            f"  - course: {flow(course)}   # round {k + 1}, west to east",
            "    turns:",
            *examples,
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
