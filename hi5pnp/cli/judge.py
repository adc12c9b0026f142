"""The judge's commands: ``check``, ``replay`` and ``deal``. Only yaml, click
and the light parts of hi5pnp are imported on these paths, never the PDF stack."""

from __future__ import annotations

import os
import random
import sys
from typing import TYPE_CHECKING

import click

from ..deck import EDITION_NUMBERS
from ..errors import printable
from ..language import _
from ..machine import JOBS_PER_CPU
from .base import CANNOT, DECK_TYPE, NO, OK, Command, Failure

if TYPE_CHECKING:
    from ..judge.tries import Try

#: A verdict's exit status (the game-log contract).
STATUS = {"valid": OK, "invalid": NO, "unreadable": CANNOT}

DECK_HELP = "Use this deck (a folder or a bundled deck's name) for every log, whatever the log names."
LOG_TYPE = click.Path(allow_dash=True)


@click.command(cls=Command)
@click.argument("logs", nargs=-1, required=True, metavar="LOG...", type=LOG_TYPE)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per log, one a line.")
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help=f"Processes for a big batch (default: one per processor; at most one per log and {JOBS_PER_CPU} per processor).",
)
@click.option(
    "--try",
    "tries",
    nargs=2,
    type=(str, str),
    metavar="LINE TEXT",
    multiple=True,
    help='Check the log with the turn on LINE read as TEXT (e.g. --try 41 "7a assist 2a:chit"), a header line '
    'with another value (--try 3 "edition: 1"), LINE left out (--try 41 -), or TEXT inserted after it '
    '(--try 41+ "4a"); the file unchanged; again for more lines.',
)
@click.option(
    "--pdf",
    "pdf",
    metavar="FILE",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also write the verdict as a printable PDF (one log only); an existing PDF is replaced, never the log, "
    "a file of its deck, another kind of file, a link or a device.",
)
@click.option(
    "--rule-as",
    "rule_as",
    metavar="NAME",
    default=None,
    help="With --try: write the corrections as the judge NAME's ruling beside the log (LOG.ruling.yaml), "
    "which check and standings then apply; an existing ruling is never replaced.",
)
@click.option(
    "--lang",
    metavar="LANG",
    default="en",
    show_default=True,
    help="The verdict in words and the printable verdict in this language (a code: de); --json is the same in every language.",
)
def check(
    logs: tuple[str, ...],
    as_json: bool,
    deck: str | None,
    jobs: int | None,
    tries: tuple[tuple[str, str], ...],
    pdf: str | None,
    rule_as: str | None,
    lang: str,
) -> None:
    """Check game logs against the rules. A folder stands for its .yaml files;
    - reads a log from standard input. Several logs end with a summary line
    (on standard error with --json).

    Exit status: 0 all valid, 1 some log breaks the rules or a recorded value
    differs, 2 some log or its deck cannot be read (the worst of all logs).
    """
    from ..judge.batch import STDIN, check_all, expand
    from ..language import language, speaking

    lang = language(lang)
    if logs.count(STDIN) > 1:
        raise click.UsageError("standard input (-) can be read once")
    files = expand(logs)
    if not files:
        raise Failure([f"{', '.join(logs)}: no game logs (.yaml or .yml files) found"])
    if (tries or pdf) and len(files) != 1:
        used = " and ".join(name for name, given in (("--try", tries), ("--pdf", pdf)) if given)
        raise click.UsageError(f"{used} take{'s' * (' and ' not in used)} one log, not {len(files)}")
    if rule_as is not None and (not tries or len(files) != 1 or files[0] == STDIN):
        raise click.UsageError("--rule-as writes the corrections of --try as a ruling beside one log file: give the log and --try")
    if rule_as is not None and not rule_as.strip():
        raise click.BadParameter("the judge's name is empty", param_hint="--rule-as")
    if tries or pdf:
        from ..judge.tries import parse_try

        try:
            corrections = [parse_try(line, text) for line, text in tries]
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--try") from None
        if rule_as is not None:
            _rule(files[0], rule_as.strip(), corrections)
        sys.exit(_check_one(files[0], deck, as_json, corrections, pdf, lang))
    worst = OK
    counts = dict.fromkeys(STATUS, 0)
    unread: list[str] = []
    stdout = sys.stdout
    # a terminal sees each verdict at once, a file or a pipe gets them in blocks (None: closed; click.echo says nothing)
    live = stdout is None or stdout.isatty()
    for out in check_all(files, deck, jobs, as_json, lang):
        worst = max(worst, STATUS[out.outcome])
        counts[out.outcome] += 1
        to_err = out.outcome == "unreadable" and not as_json
        if to_err:
            unread.append(out.path)
            if not live:
                stdout.flush()  # the verdicts before it first: one stream read with both keeps the logs' order
        if to_err or live:
            click.echo(out.text, err=to_err)
        else:
            stdout.write(out.text + "\n")
    if not live:
        stdout.flush()
    if len(files) > 1:
        with speaking(lang):
            said = {"logs": len(files), "valid": counts["valid"], "invalid": counts["invalid"], "unreadable": counts["unreadable"]}
            summary = _("%(logs)d logs: %(valid)d valid, %(invalid)d invalid, %(unreadable)d unreadable") % said
        if unread:  # their faults went to standard error: name them where the summary is read
            summary += f" ({', '.join(unread[:5])}{', …' if len(unread) > 5 else ''})"
        click.echo(printable(summary), err=as_json)  # a file name may hold an escape sequence
    sys.exit(worst)


def _rule(path: str, judge: str, tries: list[Try]) -> None:
    """``--rule-as``: the corrections written as the judge's ruling beside the log, never over one."""
    from ..judge.ruling import write_ruling

    target = write_ruling(path, judge, tries)
    click.echo(printable(f"wrote the ruling to {target}"), err=True)


def _check_one(path: str, deck: str | None, as_json: bool, tries: list[Try], pdf: str | None, lang: str) -> int:
    """One log, perhaps with turns tried in place of others, perhaps as a PDF
    too; its words in ``lang`` (the JSON's in English, in every language)."""
    import json

    from ..judge.batch import verdict_of
    from ..judge.check import DeckCache
    from ..judge.verdict import verdict_lines
    from ..language import SOURCE, speaking

    if pdf is not None:
        from ..files import PDF, check_output

        check_output(pdf, keep=_named_file(path), kind=PDF)  # at once: the deck's files are known once it is read
    decks = DeckCache(deck)
    verdict = verdict_of(path, decks, tries, digest=pdf is not None)
    said = verdict  # the verdict in words (its reasons made in the language spoken)
    if lang != SOURCE and (pdf is not None or not as_json):
        with speaking(lang):
            said = verdict_of(path, decks, tries, digest=pdf is not None)
    if as_json:
        obj = verdict.to_json()
        if tries:
            obj["tried"] = [t.to_json() for t in tries]
        click.echo(json.dumps(obj))
    else:
        with speaking(lang):
            for t in tries:
                passed = verdict.state is not None and (verdict.stopped is None or verdict.stopped.line > t.line)
                tried = _("trying %(try)s (legal here)") if passed and not t.delete else _("trying %(try)s")
                click.echo(printable((tried + "; " + _("the file is not changed")) % {"try": t.words()}))
            click.echo("\n".join(verdict_lines(said, tries)), err=verdict.outcome == "unreadable")
    if pdf is not None:
        from ..files import PDF, write_output
        from ..judge.printed.sheet import verdict_pdf

        ruled = tries or list(verdict.ruling.corrections if verdict.ruling is not None else ())  # the ruling beside the log, as tried
        with speaking(lang):
            sheet = verdict_pdf(said, ruled)
        write_output(pdf, sheet, keep=[*_named_file(path), *decks.files()], kind=PDF)
        click.echo(printable(f"wrote the printable verdict to {pdf}"), err=True)
    return STATUS[verdict.outcome]


@click.command(cls=Command)
@click.argument("log", metavar="LOG", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option(
    "--until",
    "until",
    type=click.IntRange(min=1),
    metavar="LINE",
    default=None,
    help="Stop before the entry on LINE (a turn, a round's course) and show the position it is played in.",
)
@click.option(
    "--svg",
    "svg",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw the position (where the replay ends) as an SVG picture; an existing SVG is replaced (never an input).",
)
@click.option(
    "--png",
    "png",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw the position as a PNG picture (200 dpi); an existing PNG is replaced (never an input).",
)
def replay(log: str, deck: str | None, until: int | None, svg: str | None, png: str | None) -> None:
    """Tell a logged game turn by turn in plain words, and give the verdict;
    with --until, stop at a line and show the position there."""
    from ..files import PNG, SVG, check_output
    from ..judge.batch import read_one
    from ..judge.check import DeckCache, with_deck
    from ..judge.replay import replay_lines

    if svg and png and os.path.abspath(svg) == os.path.abspath(png):
        raise click.UsageError("--svg and --png name the same file")
    for name, kind in ((svg, SVG), (png, PNG)):
        if name:
            check_output(name, keep=_named_file(log), kind=kind)  # at once: the deck's files are known once it is read
    decks = DeckCache(deck)
    game, dk = with_deck(read_one(log), decks)
    done = replay_lines(game, dk, until)
    click.echo("\n".join(done.lines))
    if (svg or png) and done.position is not None:
        from ..files import write_output
        from ..judge.printed import drawing

        picture = drawing.replay_drawing(done, game.players, until)
        assert picture is not None
        for target, render, kind in ((svg, drawing.svg, SVG), (png, drawing.png, PNG)):
            if target:
                write_output(target, render(picture), keep=[*_named_file(log), *decks.files()], kind=kind)
                click.echo(printable(f"wrote {target}"), err=True)
    sys.exit(OK if done.verdict is None else STATUS[done.verdict.outcome])


def _named_file(log: str) -> list[str]:
    """The log as a file an output may not replace (none for standard input)."""
    from ..judge.batch import STDIN

    return [] if log == STDIN else [log]


@click.command("deal", cls=Command)
@click.option("--seed", type=int, default=None, help="Seed for the shuffle: the same seed gives the same deal.")
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, default="default", show_default=True, help="The deck to deal from.")
@click.option("--edition", type=click.Choice([str(n) for n in EDITION_NUMBERS]), default=None, help="Rules edition (default: the deck's).")
def deal_cmd(seed: int | None, deck: str, edition: str | None) -> None:
    """Deal a random set-up and print it as a log to fill in during play."""
    from ..deck import load_deck
    from ..judge.deal import skeleton
    from ..rules import deal

    dk = load_deck(deck, need_score_sheet=False)
    setup = deal(dk, random.Random(seed))
    click.echo(skeleton(setup, deck, int(edition) if edition else dk.edition, seed), nl=False)
