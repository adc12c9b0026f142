"""``hi5pnp simulate``: bots play many games and say whether the deck is fair."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..deck import EDITION_NUMBERS
from ..errors import InputError, printable
from ..machine import JOBS_PER_CPU
from ..sim import BOT_NAMES, MCTS_PLAYOUTS, MOST_GAMES, MOST_SEED, PLANNER_DEPTH, PLANNER_WIDTH, SIDE_CHOICES, BotName, Sides
from .base import DECK_HELP, DECK_TYPE, NO, Command, Failure, one_deck
from .progress import Progress

if TYPE_CHECKING:
    from ..deck import Deck
    from ..sim.across import Difference
    from ..sim.balance import Agreement, BalanceVerdict, Windows
    from ..sim.compare import Comparison
    from ..sim.run import Plan
    from ..sim.sequential import Sequential
    from ..sim.stats import Summary
    from ..sim.strength import Strength

BOTS = click.Choice(list(BOT_NAMES))


def _bot_list(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[BotName, ...]:
    """``greedy,planner,mcts``: two bots or more, each known, none twice."""
    if value is None:
        return ()
    names = [name.strip() for name in value.split(",")]
    unknown = [name for name in names if name not in BOT_NAMES]
    if unknown:
        raise click.BadParameter(f"'{unknown[0]}' is not a bot; choose from {', '.join(BOT_NAMES)}")
    if len(set(names)) != len(names) or len(names) < 2:
        raise click.BadParameter(f"'{value}': give two bots or more, each once, e.g. greedy,planner,mcts")
    return tuple(b for name in names for b in BOT_NAMES if b == name)  # in the order given


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
@click.argument("deck_arg", metavar="[DECK]", required=False, type=DECK_TYPE)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--edition", type=click.Choice([str(n) for n in EDITION_NUMBERS]), help="Rules edition (default: the deck's).")
@click.option("--games", type=click.IntRange(1, MOST_GAMES), help="Games to play (default 1000); with --until-decided, the first batch.")
@click.option(
    "--until-decided",
    is_flag=True,
    help="Play in batches (doubling) until every rate is decided or --most-games are played; each look judged "
    "for 5 % split over the looks planned (Bonferroni).",
)
@click.option(
    "--most-games", type=click.IntRange(1, MOST_GAMES), default=64_000, show_default=True, metavar="N", help="With --until-decided: the games played at most."
)
@click.option("--seed", type=click.IntRange(0, MOST_SEED), default=0, show_default=True, help="Game i is played from (seed, i) alone.")
@click.option(
    "--bot",
    type=BOTS,
    multiple=True,
    help="The bot on both sides (default greedy): " + ", ".join(BOT_NAMES) + ", weakest first. "
    "Give it again for another bot: each plays the same games, and the verdict names the bots that flag each rate.",
)
@click.option(
    "--bots",
    "strengths",
    callback=_bot_list,
    metavar="A,B,...",
    help="Verdicts across playing strength: the same games under each bot (both seats alike), and for each face whether its "
    "verdict holds under every bot, depends on skill, or is undecided.",
)
@click.option("--north", type=BOTS, help="North's bot.")
@click.option("--south", type=BOTS, help="South's bot.")
@click.option(
    "--sides",
    type=click.Choice(SIDE_CHOICES),
    default="random",
    show_default=True,
    help="Each card's face: at random (every face gets played), or the bot's choice.",
)
@click.option(
    "--compare",
    "other_deck",
    metavar="OTHER_DECK",
    type=DECK_TYPE,
    help="Play the same games on another deck (a folder or a bundled deck's name) and give each rate's change, "
    "this deck minus the other, with paired 95 % intervals.",
)
@click.option("--jobs", type=click.IntRange(min=1), help=f"Processes (default: every processor this process may use; at most {JOBS_PER_CPU} per processor).")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) instead of local processes; "
    "the same numbers. Needs pip install 'hi5pnp[dask]'.",
)
@click.option(
    "--progress/--no-progress", default=None, help="Games done and time left on standard error (default: when it is a terminal and --json is not given)."
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output (hi5pnp docs simulate).")
@click.option(
    "--report",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE.pdf",
    help="Write a PDF report: the verdict, then charts; an existing PDF is replaced (never a file of the deck).",
)
@click.option(
    "--save-logs",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Save every game as a log that `hi5pnp check` finds valid, in a new or empty folder, or one it wrote before "
    "(whose logs and deck copy it replaces, only if they are as it wrote them).",
)
@click.option(
    "--first-player-window",
    callback=_window,
    metavar="LOW-HIGH",
    help="Fair share of decided games for the first player, percent (default: game.yaml's balance, else 45-55).",
)
@click.option(
    "--face-window", callback=_window, metavar="LOW-HIGH", help="Fair team win rate for every face, percent (default: game.yaml's balance, else 40-60)."
)
@click.option("--planner-width", type=click.IntRange(*PLANNER_WIDTH), default=4, show_default=True, help="Planner effort: turns it looks ahead from.")
@click.option("--planner-depth", type=click.IntRange(*PLANNER_DEPTH), default=24, show_default=True, help="Planner effort: turns played ahead after each.")
@click.option("--mcts-playouts", type=click.IntRange(*MCTS_PLAYOUTS), default=48, show_default=True, help="The search bot's effort: playouts a turn.")
def simulate(
    deck_arg: str | None,
    deck: str | None,
    edition: str | None,
    games: int | None,
    until_decided: bool,
    most_games: int,
    seed: int,
    bot: tuple[BotName, ...],
    strengths: tuple[BotName, ...],
    north: BotName | None,
    south: BotName | None,
    sides: Sides,
    other_deck: str | None,
    jobs: int | None,
    scheduler: str | None,
    progress: bool | None,
    as_json: bool,
    report: str | None,
    save_logs: str | None,
    first_player_window: tuple[float, float] | None,
    face_window: tuple[float, float] | None,
    planner_width: int,
    planner_depth: int,
    mcts_playouts: int,
) -> None:
    """Bots play many games under the rules engine; is the deck fair?

    Prints the verdict first: FAIR when every face's team win rate and the
    first player's share lie, with their 95 % intervals, inside the
    designer's windows; NOT FAIR when some interval lies wholly outside;
    else UNDECIDED (with about how many games would tell). Then a table of
    faces, and with --compare each rate's change. Exit status: 0 fair, 1 not
    fair or undecided, 2 the command could not run.
    """
    from ..deck import load_deck
    from ..sim import balance
    from ..sim import logs as saved
    from ..sim.run import Plan

    if strengths and (bot or north or south or other_deck or until_decided):
        raise click.UsageError("--bots plays the same games under each bot; give it without --bot, --north, --south, --compare and --until-decided")
    pairings = _pairings(strengths or bot, north, south)
    if until_decided and other_deck:
        raise click.UsageError("--until-decided judges this deck's rates; compare two decks on a number of games (--games N)")
    if until_decided and (games or 1000) > most_games:
        raise click.UsageError(f"--games {games}: the first batch is more than --most-games {most_games}")
    if save_logs and len(pairings) > 1:
        raise click.UsageError("--save-logs saves the games of one bot; give one --bot (or --north and --south)")
    if save_logs and other_deck:
        raise click.UsageError("--save-logs saves the games of one deck; run --compare without it")
    if save_logs and scheduler:
        raise click.UsageError("--save-logs writes the logs where the games are played; save them without --scheduler")
    deck = one_deck(deck_arg, deck)
    loaded = load_deck(deck, need_score_sheet=False)
    other = _other_deck(other_deck) if other_deck else None
    logs = Path(save_logs) if save_logs else None
    if report:
        _check_report(Path(report), loaded, logs)
    if logs is not None:
        saved.prepare(logs, loaded)
    name = saved.deck_name(deck, loaded, logs)
    other_name = saved.deck_name(other_deck, other, None) if other is not None else ""
    shown = progress if progress is not None else sys.stderr.isatty() and not as_json
    bounds = balance.bounds_of(loaded, first_player_window, face_window)
    if {b for pairing in pairings for b in pairing[1:]} & {"greedy", "planner", "mcts"}:
        from ..sim.bots.kernel import what_numba_gives

        if (said := what_numba_gives()) is not None:
            click.echo(said, err=True)
    ed = int(edition) if edition else loaded.edition
    runs: list[Ran] = []
    plans = [
        Plan(
            games=games or 1000,
            seed=seed,
            north=n,
            south=s,
            sides=sides,
            edition=int(edition) if edition else None,
            width=planner_width,
            depth=planner_depth,
            playouts=mcts_playouts,
            logs=logs,
            deck_name=name,
        )
        for _, n, s in pairings
    ]
    between: dict[str, list[Difference]] | None = None  # the bots compared on the same games
    strength: Strength | None = None  # --bots: each face's verdict across them
    if len(pairings) > 1 and not other and not until_decided:  # the bots on the same games, in one run: paired between bots
        labels = [label for label, _, _ in pairings]
        runs, between, strength = _bots_together(loaded, labels, plans, bounds, jobs, scheduler, Progress(shown, "bots"), bool(strengths))
    for (label, _, _), plan in zip(pairings, plans if not runs else []):
        progress_line = Progress(shown, label if len(pairings) > 1 else "")
        if until_decided:
            seq = _until_decided(loaded, plan, bounds, most_games, jobs, scheduler, progress_line, save_logs)
            runs.append(Ran(label, replace(plan, games=seq.summary.games), seq.summary, seq.verdict, None, seq))
            continue
        summary, comparison = _play(loaded, other, plan, jobs, scheduler, progress_line, save_logs)
        runs.append(Ran(label, plan, summary, balance.judge(summary, bounds), comparison))
    if logs is not None:
        saved.seal(logs)
    if report:
        _write_report(Path(report), loaded, ed, runs, other_name, between, strength)
    agreement = balance.Agreement({r.label: r.verdict for r in runs})
    if as_json:
        click.echo(json.dumps(_json(loaded, ed, runs, other_name, agreement, between, strength), indent=1))
    else:
        for line in _text(loaded, ed, runs, other_name, agreement, between, strength):
            click.echo(line)
    if agreement.state != "fair":
        sys.exit(NO)


def _pairings(bot: tuple[BotName, ...], north: BotName | None, south: BotName | None) -> list[tuple[str, BotName, BotName]]:
    """Each run's label, north's bot and south's: one per --bot, or the --north/--south pairing."""
    if bot and (north or south):
        raise click.UsageError("choose --bot (once or more) for both sides, or --north and --south")
    if north or south:
        n, s = north or "greedy", south or "greedy"
        return [(n if n == s else f"{n} v {s}", n, s)]
    return [(b, b, b) for b in dict.fromkeys(bot or ("greedy",))]


def _other_deck(given: str) -> Deck:
    """The deck of --compare: one that cannot be read is a bad flag (exit 2)."""
    from ..deck import load_deck

    try:
        return load_deck(given, need_score_sheet=False)
    except InputError as exc:
        raise Failure([f"--compare {printable(given)}: the other deck cannot be read:", *exc.lines()]) from None


class Ran(NamedTuple):
    """One pairing's run: its label (the bot, or "planner v greedy"), plan, totals, verdict and comparison."""

    label: str
    plan: Plan
    summary: Summary
    verdict: BalanceVerdict
    comparison: Comparison | None
    sequential: Sequential | None = None  # played in batches until decided


def _bots_together(
    loaded: Deck, labels: list[str], plans: list[Plan], bounds: Windows, jobs: int | None, scheduler: str | None, progress: Progress, strengths: bool
) -> tuple[list[Ran], dict[str, list[Difference]], Strength | None]:
    """Every bot's run, played together, and each rate some bot flags compared
    between the bots; with ``strengths``, each face's verdict across them."""
    from ..sim import across, balance
    from ..sim import strength as across_strength
    from ..sim.paired import FIRST

    totals = across.play(loaded, plans, jobs, progress, scheduler)
    runs = [Ran(label, plan, s, balance.judge(s, bounds), None) for label, plan, s in zip(labels, plans, totals.summaries)]
    flagged = balance.Agreement({r.label: r.verdict for r in runs}).flagged()
    rates = [FIRST if what.startswith(FIRST) else what for what in flagged]
    found = across.differences(labels, totals, rates)
    verdicts = across_strength.judge(labels, totals, bounds.face_win_rate) if strengths else None
    return runs, {what: found[rate] for what, rate in zip(flagged, rates) if rate in found}, verdicts


def _until_decided(
    loaded: Deck, plan: Plan, bounds: Windows, cap: int, jobs: int | None, scheduler: str | None, progress: Progress, save_logs: str | None
) -> Sequential:
    from ..sim.sequential import until_decided

    try:
        return until_decided(loaded, plan, bounds, cap, jobs, progress, scheduler)
    except OSError as exc:
        raise Failure([f"{save_logs}: cannot save the logs: {exc.strerror or exc}"]) from None


def _play(
    loaded: Deck, other: Deck | None, plan: Plan, jobs: int | None, scheduler: str | None, progress: Progress, save_logs: str | None
) -> tuple[Summary, Comparison | None]:
    """One pairing's games; with another deck, their comparison too."""
    from ..sim.compare import compare
    from ..sim.run import simulate as run

    if other is not None:
        comparison = compare(loaded, other, plan, jobs, progress, scheduler)
        return comparison.summary, comparison
    try:
        return run(loaded, plan, jobs, progress, scheduler), None
    except OSError as exc:
        raise Failure([f"{save_logs}: cannot save the logs: {exc.strerror or exc}"]) from None


def _write_report(
    path: Path, loaded: Deck, edition: int, runs: list[Ran], other: str, between: dict[str, list[Difference]] | None, strength: Strength | None
) -> None:
    """The PDF report: every run, and each run's comparison with the other deck."""
    from ..sim.across import said
    from ..sim.report.pdf import write_report

    compared = {r.label: r.comparison for r in runs if r.comparison is not None}
    words = {what: said(d) for what, d in (between or {}).items()}
    made = [(r.label, r.summary, r.verdict) for r in runs]
    write_report(path, loaded, runs[0].plan, edition, made, compared or None, other=other, between=words, strength=strength)


def _json(
    loaded: Deck, edition: int, runs: list[Ran], other: str, agreement: Agreement, between: dict[str, list[Difference]] | None, strength: Strength | None
) -> dict[str, Any]:
    from ..sim.report.results import sequential_json, several_json, to_json
    from ..sim.report.strength import strength_json

    each = [(r.label, to_json(loaded, r.plan, edition, r.summary, r.verdict, r.comparison, other)) for r in runs]
    for (_, out), r in zip(each, runs):
        if r.sequential is not None:
            out["sequential"] = sequential_json(r.sequential)
    out = each[0][1] if len(each) == 1 else several_json(each, agreement, between)
    if strength is not None:
        out["strength"] = strength_json(strength)
    return out


def _text(
    loaded: Deck, edition: int, runs: list[Ran], other: str, agreement: Agreement, between: dict[str, list[Difference]] | None, strength: Strength | None
) -> list[str]:
    from ..sim.report.results import across_lines, compare_text, sequential_line, to_text
    from ..sim.report.strength import strength_lines

    lines = [*agreement.lines(), *across_lines(between or {}), ""] if len(runs) > 1 else []
    if strength is not None:
        lines = [*strength_lines(strength), "", *lines]
    for r in runs:
        if len(runs) > 1:
            lines.append(f"== {r.label}")
        text = to_text(loaded, r.plan, edition, r.summary, r.verdict)
        lines += text[:2] + ([sequential_line(r.sequential)] if r.sequential is not None else []) + text[2:]
        if r.comparison is not None:
            lines += ["", *compare_text(loaded, r.comparison, other)]
        lines.append("")
    return lines[:-1]


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
