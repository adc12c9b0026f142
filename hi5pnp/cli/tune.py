"""``hi5pnp tune``: plans of up to three small edits that bring a face back
inside its window, judged by paired games, shown as diffs of the deck's
YAML; ``--apply N`` writes plan N in place."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

import click

from ..errors import printable
from ..sim import BOT_NAMES, MOST_GAMES, MOST_SEED, BotName
from .base import DECK_HELP, DECK_TYPE, NO, Command, Failure
from .progress import Progress

if TYPE_CHECKING:
    from ..sim.tune.plans import Tuning

LEAST_GAMES = 100  # a baseline of fewer says nothing of a face


@click.command(cls=Command)
@click.option("--deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option("--bot", type=click.Choice(list(BOT_NAMES)), default="greedy", show_default=True, help="The bot on both sides.")
@click.option(
    "--games",
    type=click.IntRange(LEAST_GAMES, MOST_GAMES),
    default=2000,
    show_default=True,
    help="The baseline's games; each confirmed plan plays half as many, paired; screening starts at a twentieth.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, MOST_SEED),
    default=0,
    show_default=True,
    help="The baseline plays from seed S; screening from S+1, confirming from S+2, plan 1 judged again from S+3.",
)
@click.option(
    "--most-games",
    type=click.IntRange(LEAST_GAMES, MOST_GAMES),
    metavar="N",
    help="The fresh paired games plan 1 is judged again on, at most, looking at --games, then twice as many, ... (default 4 x --games).",
)
@click.option("--face", metavar="FACE", help="Tune this face (e.g. 2a) rather than the one most surely outside its window.")
@click.option("--top", type=click.IntRange(1, 20), default=3, show_default=True, help="Plans to propose at most.")
@click.option(
    "--apply",
    "apply_n",
    type=click.IntRange(min=1),
    metavar="N",
    help="Write plan N (all its edits) into the deck's YAML in place (comments and layout kept), once the deck with it loads.",
)
@click.option("--jobs", type=click.IntRange(min=1), help="Processes (default: every processor this process may use).")
@click.option("--scheduler", metavar="ADDRESS", help="Play the games on the Dask cluster whose scheduler is at ADDRESS; the same numbers.")
@click.option(
    "--progress/--no-progress", default=None, help="Games done and time left on standard error (default: when it is a terminal and --json is not given)."
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on standard output (hi5pnp docs simulate).")
def tune(
    deck: str | None,
    bot: BotName,
    games: int,
    seed: int,
    most_games: int | None,
    face: str | None,
    top: int,
    apply_n: int | None,
    jobs: int | None,
    scheduler: str | None,
    progress: bool | None,
    as_json: bool,
) -> None:
    """Which edits bring a face back inside its window?

    Plays a baseline, picks the face most surely outside the balance window
    (or nearest an edge), and races small edits on paired games: one of its
    gems another colour, a matrix box another trait, a box added or taken, a
    few obstacle colours and traits; then plans of two and three edits when
    one is not enough. The best plans, confirmed on fresh games, are printed
    as diffs of the deck's YAML with the rates before and after; plan 1 is
    judged again on fresh paired games until its face's interval lies inside
    its window ("lands in its window") or the budget ends ("probably, not
    sure"); a plan that
    surely pushes another face, or the first player, out of its window
    (Holm-corrected over the rates tested) is never proposed. Exit status:
    0 plan 1 lands the face in its window on its fresh games (or a plan was
    written), or nothing needs tuning; 1 it does not, or not surely; 2 the
    command could not run.
    """
    from ..data import bundled_deck
    from ..deck import load_deck
    from ..sim import logs
    from ..sim.run import Plan
    from ..sim.tune import tuned
    from ..sim.tune.tuner import tune as run

    loaded = load_deck(deck, need_score_sheet=False)
    if apply_n is not None:
        if deck is None or bundled_deck(deck) is not None or _is_bundled(loaded.path):
            raise click.UsageError("--apply: the bundled deck is part of hi5pnp (by any path to its folder); copy its folder and tune the copy (--deck FOLDER)")
        _check_writable(loaded.path, tuple(loaded.sources.files.get(name, name) for name in ("competitors.yaml", "obstacles.yaml")))
    if face is not None and loaded.competitor_face(face) is None:
        raise click.BadParameter(f"{printable(face)!r} is not a competitor face of the deck (1a, 1b, 2a, ...)", param_hint="--face")
    shown = progress if progress is not None else sys.stderr.isatty() and not as_json
    plan = Plan(games=games, seed=seed, north=bot, south=bot, deck_name=logs.deck_name(deck, loaded, None))
    if most_games is not None and most_games < games:
        raise click.BadParameter(f"{most_games} is fewer than the first look's games (--games {games})", param_hint="--most-games")
    found = run(loaded, plan, top, face, jobs, Progress(shown, "tune"), scheduler, most_games)
    if apply_n is None:
        if as_json:
            click.echo(json.dumps(tuned.to_json(found, plan.deck_name), indent=1))
        else:
            for line in tuned.to_text(found):
                click.echo(line)
        if found.needs_tuning and not (found.promise and found.promise.lands):
            sys.exit(NO)
        return
    _apply(found, apply_n, as_json, plan.deck_name)


def _is_bundled(folder: os.PathLike[str]) -> bool:
    """``folder`` is the folder of a deck hi5pnp ships, whatever the path to
    it (``cards`` in a source checkout, the installed package's data, a link
    to either): compared as folders, not by name."""
    from ..data import bundled_deck, bundled_decks

    for name in bundled_decks():
        home = bundled_deck(name)
        try:
            if home is not None and os.path.samefile(folder, home):
                return True
        except OSError:
            continue
    return False


def _check_writable(folder: os.PathLike[str], names: tuple[str, ...]) -> None:
    """Refuse, before any game is played, a deck whose files an edit could not be written into."""
    for name in names:
        path = os.path.join(folder, name)
        if os.path.islink(path) or not os.access(path, os.W_OK) or not os.access(folder, os.W_OK):
            raise Failure([f"{printable(path)}: --apply cannot write it (a link, or not writable); give a deck folder of your own"])


def _apply(found: Tuning, n: int, as_json: bool, deck_name: str) -> None:
    """Write plan ``n`` (all its edits) into the deck, and say what was written."""
    from ..deck.design.edit import apply_edits
    from ..sim.tune import tuned

    proposals = found.proposals
    if not proposals:
        for line in tuned.head_lines(found):
            click.echo(line, err=True)
        click.echo(f"no plan to write: {tuned.answer(found)}", err=True)
        sys.exit(NO)
    if n > len(proposals):
        raise Failure([f"--apply {n}: there {'is' if len(proposals) == 1 else 'are'} only {len(proposals)} proposal{'s' * (len(proposals) != 1)}"])
    chosen = proposals[n - 1]
    said = tuned.proposal_lines(found, n, chosen)  # read before the file changes
    out = tuned.to_json(found, deck_name) if as_json else {}
    apply_edits(found.deck, [made.edit for made in chosen.plan.edits])
    fresh = (found.plan.seed + 4) % (MOST_SEED + 1)  # a seed none of tune's stages played
    games = min(MOST_GAMES, 10 * found.plan.games)
    if as_json:
        click.echo(json.dumps({**out, "applied": n}, indent=1))
        return
    click.echo(f"wrote {said[0]}")
    for line in said[1:]:
        click.echo(line)
    if n == 1 and found.promise is not None:
        for line in tuned.promise_lines(found, found.promise):
            click.echo(line)
    else:
        click.echo("   not decided: only plan 1 is judged again on fresh games; this estimate is the one it was chosen on")
    click.echo(f"check it on games it was not chosen on: hi5pnp simulate --deck {printable(deck_name)} --seed {fresh} --games {games}")
