"""The judge's commands: ``check``, ``replay`` and ``deal``. Only yaml, click
and the light parts of hi5pnp are imported on these paths, never the PDF stack."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from .base import CANNOT, DECK_TYPE, NO, OK, Command, Failure

#: A verdict's exit status (the game-log contract).
STATUS = {"valid": OK, "invalid": NO, "unreadable": CANNOT}

DECK_HELP = "Use this deck (a folder or a bundled deck's name) for every log, whatever the log names."
LOG_TYPE = click.Path(allow_dash=True)


@click.command(cls=Command)
@click.argument("logs", nargs=-1, required=True, metavar="LOG...", type=LOG_TYPE)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per log, one a line.")
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes for a big batch (default: one per processor).")
def check(logs: tuple[str, ...], as_json: bool, deck: str | None, jobs: int | None) -> None:
    """Check game logs against the rules. A folder stands for its .yaml files;
    - reads a log from standard input.

    Exit status: 0 all valid, 1 some log breaks the rules or a recorded value
    differs, 2 some log or its deck cannot be read (the worst of all logs).
    """
    from ..judge.batch import STDIN, check_all, expand

    if logs.count(STDIN) > 1:
        raise click.UsageError("standard input (-) can be read once")
    files = expand(logs)
    if not files:
        raise Failure([f"{', '.join(logs)}: no game logs (.yaml or .yml files) found"])
    worst = OK
    for out in check_all(files, deck, jobs, as_json):
        worst = max(worst, STATUS[out.outcome])
        click.echo(out.text, err=out.outcome == "unreadable" and not as_json)
    sys.exit(worst)


@click.command(cls=Command)
@click.argument("log", metavar="LOG", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
def replay(log: str, deck: str | None) -> None:
    """Tell a logged game turn by turn in plain words, and give the verdict."""
    from ..judge.batch import STDIN, STDIN_SHOWN, read_stdin
    from ..judge.check import DeckCache, with_deck
    from ..judge.log import read_log, read_log_bytes
    from ..judge.replay import replay_lines

    if log == STDIN:
        read = read_log_bytes(read_stdin(), STDIN_SHOWN, Path.cwd())
    else:
        read = read_log(Path(log), log)
    game, dk = with_deck(read, DeckCache(deck))
    lines, verdict = replay_lines(game, dk)
    click.echo("\n".join(lines))
    sys.exit(STATUS[verdict.outcome])


@click.command("deal", cls=Command)
@click.option("--seed", type=int, default=None, help="Seed for the shuffle: the same seed gives the same deal.")
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, default="default", show_default=True, help="The deck to deal from.")
@click.option("--edition", type=click.Choice(["1", "2"]), default=None, help="Rules edition (default: the deck's).")
def deal_cmd(seed: int | None, deck: str, edition: str | None) -> None:
    """Deal a random set-up and print it as a log to fill in during play."""
    from ..deck import load_deck
    from ..judge.deal import skeleton
    from ..rules import deal

    dk = load_deck(deck, need_score_sheet=False)
    setup = deal(dk, random.Random(seed))
    click.echo(skeleton(setup, deck, int(edition) if edition else dk.edition, seed), nl=False)
