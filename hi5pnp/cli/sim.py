"""``hi5pnp simulate``: bots play many games and say whether the deck is fair."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..deck import EDITION_NUMBERS
from ..machine import JOBS_PER_CPU
from ..sim import BOT_NAMES, MOST_GAMES, MOST_SEED, PLANNER_DEPTH, PLANNER_WIDTH, SIDE_CHOICES, BotName, Sides
from .base import DECK_HELP, DECK_TYPE, NO, Command, Failure

if TYPE_CHECKING:
    from ..deck import Deck

BOTS = click.Choice(list(BOT_NAMES))


def _window(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float] | None:
    """``LOW-HIGH`` in percent, e.g. ``48-52``."""
    if value is None:
        return None
    try:
        low, high = (float(x) for x in value.split("-"))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not a window; write LOW-HIGH in percent, e.g. 46-54") from None
    if not 0 <= low < high <= 100:
        raise click.BadParameter(f"'{value}': a window runs from a low to a higher percentage within 0-100")
    return (low, high)


@click.command(cls=Command)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--edition", type=click.Choice([str(n) for n in EDITION_NUMBERS]), help="Rules edition (default: the deck's).")
@click.option("--games", type=click.IntRange(1, MOST_GAMES), default=1000, show_default=True, help="Games to play.")
@click.option("--seed", type=click.IntRange(0, MOST_SEED), default=0, show_default=True, help="Game i is played from (seed, i) alone.")
@click.option("--bot", type=BOTS, help="The bot on both sides (default greedy): " + ", ".join(BOT_NAMES) + ", weakest first.")
@click.option("--north", type=BOTS, help="North's bot.")
@click.option("--south", type=BOTS, help="South's bot.")
@click.option("--sides", type=click.Choice(SIDE_CHOICES), default="random", show_default=True,
              help="Each card's face: at random (every face gets played), or the bot's choice.")  # fmt: skip
@click.option("--jobs", type=click.IntRange(min=1), help=f"Processes (default: every processor this process may use; at most {JOBS_PER_CPU} per processor).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output (docs/simulate.md).")
@click.option("--report", type=click.Path(dir_okay=False, writable=True), metavar="FILE.pdf",
              help="Write a PDF report: the verdict, then charts; an existing PDF is replaced (never a file of the deck).")  # fmt: skip
@click.option("--save-logs", type=click.Path(file_okay=False), metavar="DIR",
              help="Save every game as a log that `hi5pnp check` finds valid, in a new or empty folder, or one it wrote before "
                   "(whose logs it replaces).")  # fmt: skip
@click.option("--first-player-window", callback=_window, metavar="LOW-HIGH",
              help="Fair share of decided games for the first player, percent (default: game.yaml's balance, else 45-55).")  # fmt: skip
@click.option("--face-window", callback=_window, metavar="LOW-HIGH",
              help="Fair team win rate for every face, percent (default: game.yaml's balance, else 40-60).")  # fmt: skip
@click.option("--planner-width", type=click.IntRange(*PLANNER_WIDTH), default=4, show_default=True, help="Planner effort: turns it looks ahead from.")
@click.option("--planner-depth", type=click.IntRange(*PLANNER_DEPTH), default=24, show_default=True, help="Planner effort: turns played ahead after each.")
def simulate(
    deck: str | None,
    edition: str | None,
    games: int,
    seed: int,
    bot: BotName | None,
    north: BotName | None,
    south: BotName | None,
    sides: Sides,
    jobs: int | None,
    as_json: bool,
    report: str | None,
    save_logs: str | None,
    first_player_window: tuple[float, float] | None,
    face_window: tuple[float, float] | None,
    planner_width: int,
    planner_depth: int,
) -> None:
    """Bots play many games under the rules engine; is the deck fair?

    Prints the verdict (which faces' team win rates, or the first player's
    share, are outside the designer's windows, judged on 95 % intervals),
    then a table of faces. Exit status: 0 fair, 1 outside a window, 2 the
    command could not run.
    """
    from ..deck import load_deck
    from ..sim import balance
    from ..sim import logs as saved
    from ..sim.results import to_json, to_text
    from ..sim.run import Plan
    from ..sim.run import simulate as run

    if bot and (north or south):
        raise click.UsageError("choose --bot for both sides, or --north and --south")
    north = north or bot or "greedy"
    south = south or bot or "greedy"
    loaded = load_deck(deck, need_score_sheet=False)
    logs = Path(save_logs) if save_logs else None
    if report:
        _check_report(Path(report), loaded, logs)
    if logs is not None:
        saved.prepare(logs)
    plan = Plan(
        games=games,
        seed=seed,
        north=north,
        south=south,
        sides=sides,
        edition=int(edition) if edition else None,
        width=planner_width,
        depth=planner_depth,
        logs=logs,
        deck_name=saved.deck_name(deck, loaded, logs),
    )
    shown = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if shown:
            click.echo(f"\rsimulating: {done}/{total} games", err=True, nl=done == total)

    try:
        summary = run(loaded, plan, jobs, progress)
    except OSError as exc:
        raise Failure([f"{save_logs}: cannot save the logs: {exc.strerror or exc}"]) from None
    if logs is not None:
        saved.seal(logs)
    verdict = balance.judge(summary, balance.bounds_of(loaded, first_player_window, face_window))
    ed = plan.edition or loaded.edition
    if report:
        from ..sim.report import write_report

        write_report(Path(report), loaded, plan, ed, summary, verdict)
    if as_json:
        click.echo(json.dumps(to_json(loaded, plan, ed, summary, verdict), indent=1))
    else:
        for line in to_text(loaded, plan, ed, summary, verdict):
            click.echo(line)
    if not verdict.fair:
        sys.exit(NO)


def _check_report(report: Path, loaded: Deck, logs: Path | None) -> None:
    """Refuse, before any game is played, a report that could not be written,
    or would replace a file of the deck or one that --save-logs writes."""
    from ..deck.load import deck_paths
    from ..files import PDF, check_output
    from ..sim.logs import COPY, LOG_NAME, MARKER

    check_output(report, keep=deck_paths(loaded), kind=PDF)
    if logs is not None:
        where = Path(os.path.abspath(report))
        if where.is_relative_to(os.path.abspath(logs)):
            first = where.relative_to(os.path.abspath(logs)).parts
            if first and (first[0] in (COPY, MARKER) or LOG_NAME.fullmatch(first[0])):
                raise click.UsageError(f"--report {report}: --save-logs writes that file; give the report another name")
