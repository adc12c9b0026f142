"""The command line. The only place where errors become messages and exit codes.

Commands import what they need lazily, so that ``hi5pnp check`` never loads
the PDF stack.
"""

from __future__ import annotations

import sys

import click

from .errors import Hi5Error, shown_path

DECK_HELP = "Deck folder, or the name of a bundled deck (default: the bundled deck in cards/)."


def fail(error: Hi5Error) -> None:
    for line in error.lines():
        click.echo(line, err=True)
    sys.exit(error.exit_code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hi5pnp")
def main() -> None:
    """Print-and-play kit and judge's rules checker for High Five: The Golden Gauntlet."""


@main.command()
@click.argument("deck_arg", metavar="[DECK]", required=False)
@click.option("--deck", "deck_opt", metavar="DIR", help=DECK_HELP)
def validate(deck_arg: str | None, deck_opt: str | None) -> None:
    """Check a deck and list every fault as path:line:column: message."""
    from .deckload import load_deck

    try:
        deck = load_deck(deck_opt or deck_arg)
    except Hi5Error as exc:
        fail(exc)
    faces = 2 * (len(deck.competitors) + len(deck.obstacles))
    click.echo(
        f"{shown_path(deck.path)}: deck is valid: {len(deck.competitors)} competitor cards, "
        f"{len(deck.obstacles)} obstacle cards ({faces} faces)"
    )


def _register() -> None:
    """Commands that live in their own modules (each imports its heavy libraries only when run)."""
    from . import build_cli, judge_cli

    build_cli.register(main)
    judge_cli.register(main)


_register()
