"""The event's commands: ``standings`` (the table from a folder of logs) and
``pairings`` (the next Swiss round, printed and as logs to fill in)."""

from __future__ import annotations

import sys

import click

from ..errors import printable
from ..textsafe import csv_text
from .base import DECK_TYPE, OK, Command, Failure

ALIAS_HELP = "A YAML file of other spellings and the name to show (Bobby Jones: Bob Jones), for names case and spacing do not match."
DECK_HELP = "Use this deck (a folder or a bundled deck's name) for every log, whatever the log names."


def _read(paths: tuple[str, ...], deck: str | None, alias: str | None) -> object:
    from pathlib import Path

    from ..judge.batch import expand
    from ..judge.event import read_aliases, read_event

    files: list[str] = []
    shown: list[str] = []
    for p in paths:
        got = expand([p])
        files += got
        shown += [str(Path(f).relative_to(p)) if Path(p).is_dir() else f for f in got]
    if not files:
        raise Failure([f"{', '.join(paths)}: no game logs (.yaml or .yml files) found"])
    return read_event(files, shown, deck, read_aliases(alias) if alias else None)


@click.command(cls=Command)
@click.argument("folders", nargs=-1, required=True, metavar="FOLDER...", type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the standings and the logs left out.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV (the logs left out go to standard error).")
@click.option("--alias", metavar="FILE", type=click.Path(exists=True, dir_okay=False), default=None, help=ALIAS_HELP)
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
def standings(folders: tuple[str, ...], as_json: bool, as_csv: bool, alias: str | None, deck: str | None) -> None:
    """An event's standings from its folder of logs: 3 match points a win, 1 a
    draw, from complete valid games and adjudicated results; ties broken by
    opponents' match-win percentage, game points, then name. Logs left out are
    listed with why."""
    import json

    from ..judge.event import Event
    from ..judge.standings import CSV_FIELDS, table_lines

    if as_json and as_csv:
        raise click.UsageError("--json and --csv: give one")
    ev = _read(folders, deck, alias)
    assert isinstance(ev, Event)
    ranked, left = ev.table()
    if as_json:
        click.echo(json.dumps({"standings": [s.to_json() for s in ranked], "left_out": [x.to_json() for x in left]}))
    elif as_csv:
        rows = [CSV_FIELDS, *([s.to_json()[k] for k in CSV_FIELDS] for s in ranked)]
        click.echo(csv_text(rows, terminal=sys.stdout.isatty()), nl=False)  # no formula; on a terminal, no control
        for x in left:
            click.echo(printable(f"left out: {x.log}: {x.why}"), err=True)
    else:
        click.echo("\n".join(printable(line) for line in table_lines(ranked, left)))
    sys.exit(OK)


@click.command(cls=Command)
@click.argument("folders", nargs=-1, required=True, metavar="FOLDER...", type=click.Path(exists=True))
@click.option("--alias", metavar="FILE", type=click.Path(exists=True, dir_okay=False), default=None, help=ALIAS_HELP)
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP + " Also the deck the new logs are dealt from.")
@click.option("--drop", multiple=True, metavar="NAME", help="Leave this player out of the round (again for more).")
@click.option("--logs", "out", metavar="DIR", type=click.Path(file_okay=False), default=None,
              help="Also write each table's log skeleton into DIR (round<R>-table<T>.yaml); an existing file is never replaced.")  # fmt: skip
@click.option("--seed", type=int, default=None, help="Seed for the deals of the new logs.")
def pairings(folders: tuple[str, ...], alias: str | None, deck: str | None, drop: tuple[str, ...], out: str | None, seed: int | None) -> None:
    """The next Swiss round from an event's folder of logs: players of equal
    points paired where they can be, no pairing repeated, a bye to the lowest
    placed player without one; with --logs, a log to fill in per table."""
    from pathlib import Path

    from .. import data
    from ..deck import load_deck
    from ..files import make_folder, write_output
    from ..judge.event import Event, unplaced
    from ..judge.pairings import NoPairing, next_round, pairing_lines, table_log

    ev = _read(folders, deck, alias)
    assert isinstance(ev, Event)
    ranked, _ = ev.table()
    dropped = {ev.names.key(n) for n in drop}
    unknown = [n for n in drop if ev.names.key(n) not in {s.key for s in ranked}]
    if unknown:
        raise Failure([f"--drop {n}: no such player in the standings" for n in unknown])
    players = [s for s in ranked if s.key not in dropped]
    if len(players) < 2:
        raise Failure([f"{len(players)} player{'s' * (len(players) != 1)} to pair: a round needs two"])
    played = {s.key: sum(s.key in pair for pair in ev.met) + (s.key in ev.byes) for s in ranked}
    number = 1 + max(played.values(), default=0)
    try:
        p = next_round(players, ev.met, ev.byes, dict(ev.norths), number)
    except NoPairing as exc:
        raise Failure([f"{', '.join(folders)}: {exc}"]) from None
    lines = pairing_lines(p)
    missing = unplaced(ev, ranked)
    if missing:
        lines.append(f"not paired (no game of theirs counts yet): {', '.join(missing)}")
    click.echo("\n".join(printable(line) for line in lines))
    if out is not None:
        name = deck or (ev.decks.most_common(1)[0][0] if ev.decks else "default")
        where = name if deck or data.bundled_deck(name) is not None else str(Path(folders[0]) / name)
        dk = load_deck(where, need_score_sheet=False)
        event = ev.events.most_common(1)[0][0] if ev.events else ""
        folder = make_folder(out)  # a file there, a name too long, no right: one line, exit 2
        for t in p.tables:
            target = folder / f"round{number}-table{t.number}.yaml"
            if target.exists():
                raise Failure([f"{target}: exists already; pairings never replaces a log"])
            text = table_log(dk, where, None, t, number, event, seed)
            write_output(target, text.encode("utf-8"), keep=[])
            click.echo(printable(f"wrote {target}"), err=True)
    sys.exit(OK)
