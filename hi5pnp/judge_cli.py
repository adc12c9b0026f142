"""The judge's commands: ``check``, ``replay`` and ``deal``.

Registered on the main command group by :mod:`hi5pnp.cli`. Only yaml, click
and light hi5pnp modules are imported on these paths, never the PDF stack.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from .errors import Hi5Error

DECK_HELP = "Use this deck (a folder or a bundled deck name) for every log, whatever the log names."


@click.command()
@click.argument("logs", nargs=-1, required=True, metavar="LOG...")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per log, one a line.")
@click.option("--deck", "deck", metavar="DIR", help=DECK_HELP)
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes for a big batch (default: one per CPU).")
def check(logs: tuple[str, ...], as_json: bool, deck: str | None, jobs: int | None) -> None:
    """Check game logs against the rules. A folder stands for its .yaml files.

    Exit status: 0 all valid, 1 some log breaks the rules or a recorded value
    differs, 2 some log or deck cannot be read (the worst of all logs).
    """
    from .batch import check_all, expand

    files = expand(logs)
    if not files:
        click.echo(f"{', '.join(logs)}: no game logs (.yaml or .yml files) found", err=True)
        sys.exit(2)
    worst = 0
    for out in check_all(files, deck, jobs, as_json):
        worst = max(worst, out.exit_code)
        click.echo(out.text, err=out.exit_code == 2 and not as_json)
    sys.exit(worst)


@click.command()
@click.argument("log", metavar="LOG")
@click.option("--deck", "deck", metavar="DIR", help=DECK_HELP)
def replay(log: str, deck: str | None) -> None:
    """Tell a logged game turn by turn in plain words, and give the verdict."""
    from .checker import DeckCache, load_game
    from .replay import replay_lines

    try:
        game, dk = load_game(Path(log), DeckCache(deck), log)
    except Hi5Error as exc:
        for line in exc.lines():
            click.echo(line, err=True)
        sys.exit(2)
    lines, verdict = replay_lines(game, dk)
    click.echo("\n".join(lines))
    sys.exit(verdict.exit_code)


@click.command("deal")
@click.option("--seed", type=int, default=None, help="Seed for the shuffle: the same seed gives the same deal.")
@click.option("--deck", "deck", metavar="DIR", default="default", show_default=True, help="The deck to deal from.")
@click.option("--edition", type=click.Choice(["1", "2"]), default=None, help="Rules edition (default: the deck's).")
def deal_cmd(seed: int | None, deck: str, edition: str | None) -> None:
    """Deal a random set-up and print it as a log skeleton to fill in during play."""
    from .deal import deal, skeleton
    from .deckload import load_deck

    try:
        dk = load_deck(deck, need_score_sheet=False)
    except Hi5Error as exc:
        for line in exc.lines():
            click.echo(line, err=True)
        sys.exit(2)
    setup = deal(dk, random.Random(seed))
    click.echo(skeleton(setup, deck, int(edition) if edition else dk.edition, seed), nl=False)


def register(group: click.Group) -> None:
    for command in (check, replay, deal_cmd):
        group.add_command(command)
