"""The event's commands: ``standings`` (the table from a folder of logs,
with its tie-breaks and, asked, the cross-table), ``pairings`` (the next
Swiss round, printed, as JSON, as logs to fill in and as result slips) and
``result`` (a table's result without a full log, as a ruling)."""

from __future__ import annotations

import sys

import click

from ..errors import printable
from ..render.paper import PAPER_NAMES
from ..textsafe import csv_text
from .base import DECK_TYPE, OK, Command, Failure

ALIAS_HELP = "A YAML file of other spellings and the name to show (Bobby Jones: Bob Jones), for names case and spacing do not match."
DECK_HELP = "Use this deck (a folder or a bundled deck's name) for every log, whatever the log names."


def _read(paths: tuple[str, ...], deck: str | None, alias: str | None) -> object:
    from ..event.eventfolder import open_event

    ev = open_event(*paths, deck=deck, alias=alias)
    if not ev.entries and not ev.file.players:
        raise Failure([printable(f"{', '.join(paths)}: no game logs (.yaml or .yml files) found, and no entry list (event.yaml's players)")])
    return ev


@click.command(cls=Command)
@click.argument("folders", nargs=-1, required=True, metavar="FOLDER...", type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the standings and the logs left out.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the table as CSV (the logs left out go to standard error).")
@click.option("--cross", is_flag=True, help="Add the cross-table: a column per round, each cell the opponent's rank, + = - and f for moving first.")
@click.option("--alias", metavar="FILE", type=click.Path(exists=True, dir_okay=False), default=None, help=ALIAS_HELP)
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP)
@click.option(
    "--export",
    "export_to",
    metavar="FILE.json",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write the whole event as one JSON file: the entry list, every round's games with results, rulings and SHA-256, the final table.",
)
@click.option("--pdf", "pdf", metavar="FILE.pdf", type=click.Path(dir_okay=False), default=None, help="Also print the standings for the wall as a PDF.")
@click.option("--paper", type=click.Choice(PAPER_NAMES), default="a4", show_default=True, help="The PDF's paper.")
def standings(
    folders: tuple[str, ...],
    as_json: bool,
    as_csv: bool,
    cross: bool,
    alias: str | None,
    deck: str | None,
    export_to: str | None,
    pdf: str | None,
    paper: str,
) -> None:
    """An event's standings from its folder of logs: 3 match points a win, 1 a
    draw, from complete valid games (as ruled, with a ruling beside the log),
    adjudicated results and byes; ties broken by event.yaml's tie-breaks
    (by default opponents' match-win percentage, then game points), then the
    name. Logs left out are listed with why."""
    import json
    from pathlib import Path

    from ..event.crosstable import cross_table
    from ..event.games import Event
    from ..event.standings import csv_fields, left_lines, table_lines

    if as_json and as_csv:
        raise click.UsageError("--json and --csv: give one")
    ev = _read(folders, deck, alias)
    assert isinstance(ev, Event)
    ranked, left = ev.table()
    tiebreaks = ev.file.tiebreaks
    crossed = cross_table(ranked) if cross else None
    folder = Path(folders[0])
    if export_to is not None:  # written (or refused) before anything is told
        from ..event.export import EXPORT_HEAD, export
        from ..files import write_output

        data = json.dumps(export(ev, ranked, left), indent=1, ensure_ascii=False).encode("utf-8") + b"\n"
        write_output(export_to, data, keep=[e.verdict.path for e in ev.entries], kind=EXPORT_HEAD)
    if pdf is not None:
        from ..event.bracket import bracket as bracket_of
        from ..event.bracket import bracket_lines as bracket_text
        from ..event.eventfolder import as_of
        from ..event.printed import standings_pdf
        from ..files import PDF, write_output

        data = standings_pdf(ev.name, ranked, tiebreaks, ev.latest_round, cross_table(ranked), bracket_text(ev, bracket_of(ev)), len(left), paper, as_of(ev))
        write_output(pdf, data, keep=[e.verdict.path for e in ev.entries], kind=PDF)
    changed: list[str] = []
    if folder.is_dir():
        from ..event.export import changes, keep_snapshots

        changed = changes(ev, folder)
        for kept in keep_snapshots(ev, folder):
            click.echo(printable(f"kept {kept}: the table as round {kept.stem.rsplit('round', 1)[1]} closed"), err=True)
    from ..event.bracket import bracket, bracket_lines

    knockout = bracket(ev)
    if as_json:
        got: dict[str, object] = {"standings": [s.to_json(tiebreaks) for s in ranked], "left_out": [x.to_json() for x in left]}
        if crossed is not None:
            got["cross"] = crossed.to_json()
        if ev.file.top is not None:
            got["bracket"] = [m.to_json(ev.names.shown) for m in knockout]
        click.echo(json.dumps(got))
    elif as_csv:
        fields = csv_fields(tiebreaks)
        rows = [[*fields, *(crossed.csv_header() if crossed else [])]]
        for k, s in enumerate(ranked):
            row = s.to_json(tiebreaks)
            rows.append([row.get(f, "") for f in fields] + (list(crossed.rows[k].cells) if crossed else []))
        click.echo(csv_text(rows, terminal=sys.stdout.isatty()), nl=False)  # no formula; on a terminal, no control
        for x in left:
            click.echo(printable(f"left out: {x.log}: {x.why}"), err=True)
    else:
        lines = table_lines(ranked, [], tiebreaks)
        if crossed is not None and ranked:
            lines += ["", "cross-table (the opponent's rank, + won, = drew, - lost, f moved first):", *crossed.lines()]
        if knockout:
            lines += ["", *bracket_lines(ev, knockout)]
        lines += left_lines(left)
        if changed:
            lines += [f"changed since a round closed ({len(changed)}):", *(f"  {c}" for c in changed)]
        click.echo("\n".join(printable(line) for line in lines))
    if changed and (as_json or as_csv):
        for c in changed:
            click.echo(f"changed since a round closed: {c}", err=True)
    for written in (export_to, pdf):
        if written is not None:
            click.echo(printable(f"wrote {written}"), err=True)
    sys.exit(OK)


@click.command(cls=Command)
@click.argument("folders", nargs=-1, required=True, metavar="FOLDER...", type=click.Path(exists=True))
@click.option("--alias", metavar="FILE", type=click.Path(exists=True, dir_okay=False), default=None, help=ALIAS_HELP)
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, help=DECK_HELP + " Also the deck the new logs are dealt from.")
@click.option("--drop", multiple=True, metavar="NAME", help="Leave this player out of the round (again for more).")
@click.option(
    "--logs",
    "out",
    metavar="DIR",
    type=click.Path(file_okay=False),
    default=None,
    help="Also write each table's log skeleton (round<R>-table<T>.yaml) and the bye (round<R>-bye.yaml) into DIR; "
    "all or none, and an existing file is never replaced.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for round 1's shuffle of the entry list and for the deals of the new logs.")
@click.option("--json", "as_json", is_flag=True, help='Print one JSON object: {"round", "tables", "bye", "not_paired"}.')
@click.option(
    "--slips", metavar="FILE.pdf", type=click.Path(dir_okay=False), default=None, help="Also write a result slip per table, four to a page, as a PDF."
)
@click.option("--paper", type=click.Choice(PAPER_NAMES), default="a4", show_default=True, help="The slips' paper.")
@click.option(
    "--sheet",
    metavar="FILE.pdf",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also print the round's pairings for the wall: by table, then every player by name with their table and seat.",
)
@click.option(
    "--url",
    metavar="BASE",
    default=None,
    help="The desk's address as the players' phones reach it (http://192.168.1.20:8765): --sheet adds a slip a table "
    "with the QR code of the table's page, for its players to report their result (needs --logs).",
)
@click.option("--preview", is_flag=True, help="Print the pairing (or --json) and write no file, whatever --logs and --slips say.")
@click.option("--pair", "fixed", multiple=True, metavar='"A v B"', help="Fix a table by hand before the rest is paired (again for more).")
@click.option("--allow-rematch", is_flag=True, help="Let a --pair table be a rematch.")
@click.option(
    "--redo",
    type=click.IntRange(1, 999),
    default=None,
    metavar="R",
    help="Pair round R again: its files that pairings wrote and that are unchanged are removed first; refused when a game of it is played or ruled.",
)
def pairings(
    folders: tuple[str, ...],
    alias: str | None,
    deck: str | None,
    drop: tuple[str, ...],
    out: str | None,
    seed: int,
    as_json: bool,
    slips: str | None,
    paper: str,
    sheet: str | None,
    url: str | None,
    preview: bool,
    fixed: tuple[str, ...],
    allow_rematch: bool,
    redo: int | None,
) -> None:
    """The next Swiss round from an event's folder: refused while a game of the
    latest round is open; round 1 from event.yaml's entry list, shuffled by
    --seed; players of equal points paired where they can be, no pairing
    repeated, a bye to the lowest placed player without one, and the player
    who has moved first less often moving first (seated north)."""
    import json
    from pathlib import Path

    from ..event.eventfolder import open_event, plan_next_round, undoable, write_next_round
    from ..event.games import Event
    from ..event.pairings import pairing_lines

    if url is not None:
        from ..event.floor.tablelinks import checked_base

        url = checked_base(url)
        if sheet is None or out is None:
            raise click.UsageError("--url puts each table's link on the --sheet's slips, written with the round's files: give --sheet and --logs too")
    gone: list[Path] = []
    if redo is not None:
        if len(folders) != 1:
            raise click.UsageError("--redo takes the one folder of the event")
        gone = undoable(Path(folders[0]), redo)
        ev: object = open_event(folders[0], deck=deck, alias=alias, without=gone)
    else:
        ev = _read(folders, deck, alias)
    assert isinstance(ev, Event)
    plan = plan_next_round(ev, seed, drop, fixed, allow_rematch)
    p = plan.pairing
    if redo is not None and p.round != redo:
        raise Failure([f"--redo {redo}: the folder's next round is {p.round}"])
    if not preview:
        for path in gone:  # hi5pnp's own files, unchanged: the round is paired again
            path.unlink(missing_ok=True)
            click.echo(printable(f"removed {path}"), err=True)
    written = []
    if sheet is not None and not preview:  # the wall's sheet first: refused, it stops the round before any file is written
        from ..event.eventfolder import as_of
        from ..event.printed import pairings_sheet
        from ..files import PDF, check_output

        check_output(sheet, keep=[e.verdict.path for e in ev.entries], kind=PDF)
    if not preview and (out is not None or slips is not None):  # written (or refused) before the round is told, so no round is told that was not written
        written = write_next_round(plan, Path(folders[0]), Path(out) if out is not None else None, seed, slips, paper, deck)
    if as_json:
        click.echo(json.dumps(p.to_json()))
        if p.seed is not None:
            click.echo(f"the entry list shuffled with --seed {p.seed}", err=True)
    else:
        click.echo("\n".join(printable(line) for line in pairing_lines(p, plan.why_not)))
    if sheet is not None and not preview:
        from ..event.floor.tablelinks import read_links
        from ..files import write_output

        links = read_links(Path(out), p.round) if url is not None and out is not None else None
        write_output(sheet, pairings_sheet(p, ev.name, paper, as_of(ev), links, url or ""), keep=[e.verdict.path for e in ev.entries], kind=PDF)
        written.append(Path(sheet))
    for path in written:
        click.echo(printable(f"wrote {path}"), err=True)
    sys.exit(OK)


@click.command(cls=Command)
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.argument("round_number", metavar="ROUND", type=click.IntRange(1, 999))
@click.argument("table", metavar="TABLE", type=click.IntRange(1, 9999))
@click.option("--winner", metavar="SEAT|NAME", default=None, help="Who won: north, south or draw, or a player's name.")
@click.option("--score", metavar="N-M", default=None, help="The slip's score, north's game points first (31-28): they count as written.")
@click.option(
    "--reason",
    metavar="KIND",
    default=None,
    help="forfeit or no-show (the winner scores a bye's game points, the other none), time-called (the score as the log stands), "
    "double-loss (no winner, both lose), or words of your own.",
)
@click.option("--no-drop", "keep", is_flag=True, help="A no-show's absent player stays in the event (by default they are dropped).")
@click.option("--by", "judge", metavar="NAME", required=True, help="The judge who rules.")
@click.option("--alias", metavar="FILE", type=click.Path(exists=True, dir_okay=False), default=None, help=ALIAS_HELP)
def result(
    folder: str, round_number: int, table: int, winner: str | None, score: str | None, reason: str | None, keep: bool, judge: str, alias: str | None
) -> None:
    """A table's result without a full log: a ruling written beside the
    table's log (the played log if one was handed in, else its skeleton),
    never over a ruling. From a signed slip: --winner and --score. Or
    --reason forfeit, no-show, time-called or double-loss."""
    from pathlib import Path

    from ..event.eventfolder import open_event
    from ..event.results import rule_result

    if not judge.strip():
        raise click.BadParameter("names the judge who rules", param_hint="--by")
    ev = open_event(folder, alias=alias)
    ruled = rule_result(ev, Path(folder), round_number, table, judge.strip(), winner, score, reason, drop=not keep)
    said = []
    if ruled.result is not None:
        said.append(f"the slip's result: {ruled.result.winner}, {ruled.result.score[0]}-{ruled.result.score[1]}")
    if ruled.adjudicated is not None:
        a = ruled.adjudicated
        said.append(f"{a.reason}" + (f", won by {a.winner}" if a.winner and a.winner != "draw" else ", a draw" if a.winner else ""))
    click.echo(printable(f"round {round_number}, table {table} ({ruled.log.log}): {'; '.join(said)}, as ruled by {judge.strip()}"))
    click.echo(printable(f"wrote {ruled.path}"), err=True)
    sys.exit(OK)
