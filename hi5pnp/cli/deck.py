"""``hi5pnp validate``: every fault of a deck, compiler-style."""

from __future__ import annotations

import click

from ..errors import shown_path
from .base import DECK_HELP, DECK_TYPE, Command


@click.command(cls=Command)
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", "deck_opt", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
def validate(deck_arg: str | None, deck_opt: str | None) -> None:
    """Check a deck: every fault on standard error as path:line:column: message.

    Exit status: 0 valid, 1 the deck has faults, 2 there is no deck there.
    """
    from ..deck import load_deck

    if deck_arg and deck_opt:
        raise click.UsageError("name the deck once: as DECK or with --deck")
    deck = load_deck(deck_opt or deck_arg)
    faces = 2 * (len(deck.competitors) + len(deck.obstacles))
    click.echo(
        f"{shown_path(deck.path)}: deck is valid: {len(deck.competitors)} competitor cards, "
        f"{len(deck.obstacles)} obstacle cards ({faces} faces)"
    )
