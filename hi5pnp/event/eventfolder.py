"""An event's folder as the command line and the desk use it: read once
(``event.yaml``, the logs and the rulings beside them), then its standings,
its cross-table, its open games, and the next round paired and written.

```python
from hi5pnp.event.eventfolder import open_event, pair_next_round
ev = open_event("club12")
ranked, left = ev.table()
pair_next_round("club12", seed=0, slips="club12/round4-slips.pdf")
```
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..deck.fields import nearest_word
from ..errors import EventError, Fault, LogError, printable
from ..judge.batch import expand
from ..language import _, ngettext
from .aliases import read_aliases
from .crosstable import CrossTable, cross_table
from .eventfile import EventFile, find_event_file, read_event_file
from .games import Entry, Event, is_skeleton, read_event
from .pairings import NoPairing, Pairing, next_round, shuffled
from .standings import LeftOut, Standing


def open_event(*folders: str | Path, deck: str | None = None, alias: str | Path | None = None, without: Sequence[Path] = ()) -> Event:
    """The event in ``folders`` (a log's path may stand for itself): its
    ``event.yaml``, if one is there, and every log (but those ``without``),
    each named as the file within its folder. :class:`LogError` for an
    event or alias file that cannot be read."""
    files: list[str] = []
    shown: list[str] = []
    skip = {Path(alias).resolve()} if alias else set()  # an alias file kept in the folder is never read as a log
    skip |= {Path(p).resolve() for p in without}
    event_files = [f for f in (find_event_file(p) for p in folders if Path(p).is_dir()) if f is not None]
    if len(event_files) > 1:
        raise LogError([Fault(str(f), 1, 0, f"a second event file (the first is {event_files[0]}): give the folders of one event") for f in event_files[1:]])
    for p in folders:
        got = [f for f in expand([str(p)]) if Path(f).resolve() not in skip]
        files += got
        shown += [str(Path(f).relative_to(p)) if Path(p).is_dir() else f for f in got]
    event_file = read_event_file(event_files[0]) if event_files else None
    aliases = read_aliases(str(alias)) if alias else None
    return read_event(files, shown, deck, aliases, event_file)


def event_standings(folder: str | Path, deck: str | None = None, alias: str | Path | None = None) -> tuple[list[Standing], list[LeftOut]]:
    """The ranked table and the logs left out with why."""
    return open_event(folder, deck=deck, alias=alias).table()


def event_cross_table(folder: str | Path, deck: str | None = None, alias: str | Path | None = None) -> CrossTable:
    """A row per player, a column per round (the opponent's rank, + = -, f for moving first; bye)."""
    ev = open_event(folder, deck=deck, alias=alias)
    return cross_table(ev.table()[0])


def as_of(ev: Event) -> str:
    """When the newest log or ruling of the event was last written (local time, to the minute), '' without one."""
    import contextlib
    import datetime
    import os

    from ..judge.ruling import find_ruling

    times = []
    for e in ev.entries:
        for path in (e.verdict.path, find_ruling(e.verdict.path)):
            if path:
                with contextlib.suppress(OSError):
                    times.append(os.stat(path).st_mtime)
    return datetime.datetime.fromtimestamp(max(times)).strftime("%Y-%m-%d %H:%M") if times else ""


def open_games(folder: str | Path, deck: str | None = None, alias: str | Path | None = None) -> list[Entry]:
    """The logs of the latest round that do not count yet (the round is open while there is one)."""
    return open_event(folder, deck=deck, alias=alias).open_games()


def open_words(e: Entry) -> str:
    """Why an open log holds its round open: "round4-table2.yaml: not played yet (...)"."""
    why = e.left.why if e.left is not None else _("does not count")
    if is_skeleton(e.verdict):
        why = _("not played yet (the skeleton is still to fill in)")
    return printable(f"{e.log}: {why}")


@dataclass(frozen=True)
class Plan:
    """The next round, and what the event says of it."""

    pairing: Pairing
    event: Event
    why_not: dict[str, str] = field(default_factory=dict)  # each player of ``pairing.not_paired``: why


def plan_next_round(ev: Event, seed: int = 0, drop: Sequence[str] = (), fixed: Sequence[str] = (), allow_rematch: bool = False) -> Plan:
    """The next round of ``ev``; :class:`EventError` when it cannot be paired
    (a game of the latest round open, the planned rounds all paired, fewer
    than two players, every pairing a rematch). ``fixed``: tables set by
    hand ("Ann Smith v Bo Li"), paired first, a rematch refused unless
    ``allow_rematch``."""
    still_open = ev.open_games()
    if still_open:
        raise EventError(
            "\n".join(
                [
                    ngettext(
                        "round %(round)d is open: a round is closed (every game of it counting) before the next is paired; %(num)d game open:",
                        "round %(round)d is open: a round is closed (every game of it counting) before the next is paired; %(num)d games open:",
                        len(still_open),
                    )
                    % {"round": ev.latest_round, "num": len(still_open)},
                    *(f"  {open_words(e)}" for e in still_open),
                ]
            )
        )
    ranked, _left = ev.table()
    latest = ev.latest_round
    met = {k: sum(k in pair for pair in ev.met) + (k in ev.byes) for k in ev.rounds}  # without rounds: opponents met, and a bye
    number = latest + 1 if latest is not None else 1 + max(met.values(), default=0)
    planned = ev.file.rounds
    if planned is not None and number > planned:
        if ev.file.top is not None and (fixed or drop):
            raise EventError("the top cut is paired by rank: --pair and --drop are for the Swiss rounds (a drop from event.yaml still counts)")
        knockout = _knockout(ev, ranked, number)
        if knockout is not None:
            return Plan(knockout, ev, {})
        cut = f" and its top {ev.file.top}" if ev.file.top is not None else ""
        raise EventError(
            printable(f"{ev.file.path}:{ev.file.rounds_line}: the event's {planned} rounds{cut} are all paired (round {number} would be one more)")
        )
    for name in drop:
        if ev.names.key(name) not in {s.key for s in ranked} | {ev.names.key(p) for p in ev.file.players}:
            raise EventError(printable(f"--drop {name}: no such player in the standings or the entry list"))
    dropped = {ev.names.key(n) for n in drop}
    dropped |= {key for key, after in ev.drops().items() if after < number}  # not paired after that round
    later = {ev.names.key(name): at for name, at in ev.file.late.items() if at > number}  # entered from a later round
    used_seed = None
    if ev.file.players and all(e.aside for e in ev.entries):  # no game yet: round 1 from the entry list
        order, used_seed = shuffled(ev.file.players, seed), seed
    elif ev.file.players:  # the entry list, late entries after the placed players
        entered = {ev.names.key(p) for p in ev.file.players}
        known = {s.key for s in ranked}
        order = [s for s in ranked if s.key in entered] + [Standing(ev.names.shown[k], k) for k in (ev.names.key(p) for p in ev.file.players) if k not in known]
    else:
        order = list(ranked)
    players = [s for s in order if s.key not in dropped and s.key not in later]
    if len(players) < 2:
        raise EventError(f"{len(players)} player{'s' * (len(players) != 1)} to pair: a round needs two")
    tables = _fixed_tables(ev, players, fixed, allow_rematch)
    try:
        joining = {ev.names.key(name) for name, at in ev.file.late.items() if at == number}  # no bye in the round one joins, where avoidable
        p = next_round(players, ev.met, ev.byes | joining, ev.firsts, number, ev.seconds, tables)
    except NoPairing as exc:
        raise EventError(str(exc)) from None
    paired = {s.key for s in players}
    entered = {ev.names.key(p) for p in ev.file.players}
    why: dict[str, str] = {}
    for k in dict.fromkeys([*(s.key for s in ranked), *entered, *ev.rounds]):
        if k in paired:
            continue
        if k in dropped:
            why[ev.names.shown[k]] = "dropped"
        elif k in later:
            why[ev.names.shown[k]] = f"enters in round {later[k]}"
        elif ev.file.players and k not in entered:
            why[ev.names.shown[k]] = "not on the entry list"
        elif not ev.file.players:
            why[ev.names.shown[k]] = "no game of theirs counts yet"
    last = planned if planned is not None and number == planned else None
    return Plan(replace(p, not_paired=tuple(why), seed=used_seed, last=last), ev, why)


STAGES = {1: "the final", 2: "the semi-finals", 3: "the quarter-finals"}


def _knockout(ev: Event, ranked: Sequence[Standing], number: int) -> Pairing | None:
    """The top cut's next round (or a drawn table's replay), or None when it is all played."""
    from .bracket import first_round, matches, seeds, stages
    from .pairings import Table

    top, planned = ev.file.top, ev.file.rounds
    if top is None or planned is None:
        return None
    rank = {s.key: k for k, s in enumerate(ranked)}
    if number - 1 > planned:  # the last round played was a knockout round
        played = matches(ev, number - 1)
        drawn = [m for m in played if m.drawn]
        if drawn:  # replayed, before anything else: a new skeleton for each drawn table
            by = {s.key: s for s in ranked}
            game = max(m.drawn for m in drawn) + 1
            return Pairing(number - 1, [Table(m.table, by[m.first], by[m.second]) for m in drawn], None, game=game, knockout="a replay")
    stage = number - planned
    if stage > stages(top):
        return None
    left = stages(top) - stage + 1
    words = STAGES.get(left, f"round {stage} of the top {top}")
    if stage == 1:
        players = seeds(list(ranked), set(ev.drops()), top)
        if len(players) < top:
            raise EventError(f"the top {top} needs {top} players who have not dropped; there are {len(players)}")
        pairs = first_round(players, top)
    else:
        winners = [m.winner for m in matches(ev, number - 1)]
        if len(winners) != top >> (stage - 2) >> 1 or any(w is None for w in winners):
            raise EventError(f"round {number - 1} of the top {top} is not decided: every table needs its winner")
        by = {s.key: s for s in ranked}
        better = [by[w] for w in winners if w is not None]
        pairs = [tuple(sorted((better[k], better[k + 1]), key=lambda s: rank[s.key])) for k in range(0, len(better), 2)]  # type: ignore[misc]
    tables = [Table(n, a, b) for n, (a, b) in enumerate(pairs, 1)]  # the better ranked moves first
    return Pairing(number, tables, None, knockout=f"the top {top}'s {words.removeprefix('the ')}")


def _fixed_tables(ev: Event, players: Sequence[Standing], fixed: Sequence[str], allow_rematch: bool) -> list[tuple[Standing, Standing]]:
    """Each ``--pair "A v B"`` as the two players' lines; :class:`EventError` saying what to do for one that cannot be."""
    by_key = {s.key: s for s in players}
    tables: list[tuple[Standing, Standing]] = []
    taken: dict[str, str] = {}
    for given in fixed:
        parts = re.split(r"\s+(?:v|vs\.?|versus)\s+", given.strip(), flags=re.IGNORECASE)
        if len(parts) != 2 or not all(p.strip() for p in parts):
            raise EventError(printable(f'--pair {given}: two players with " v " between them ("Ann Smith v Bo Li")'))
        pair = []
        for name in parts:
            key = ev.names.key(name)
            if key not in by_key:
                close = nearest_word(key, list(by_key))
                hint = f'; did you mean "{by_key[close[0]].player}"?' if close else ""
                raise EventError(printable(f'--pair {given}: "{name.strip()}" is not a player to pair this round{hint}'))
            if key in taken:
                raise EventError(printable(f"--pair {given}: {by_key[key].player} is at another fixed table already ({taken[key]})"))
            taken[key] = given
            pair.append(by_key[key])
        if pair[0].key == pair[1].key:
            raise EventError(printable(f"--pair {given}: a player cannot play themselves"))
        if frozenset((pair[0].key, pair[1].key)) in ev.met and not allow_rematch:
            raise EventError(printable(f"--pair {given}: they have met already; add --allow-rematch to pair them again"))
        tables.append((pair[0], pair[1]))
    return tables


def pair_next_round(
    folder: str | Path,
    out: str | Path | None = None,
    seed: int = 0,
    drop: Sequence[str] = (),
    slips: str | Path | None = None,
    paper: str = "a4",
    deck: str | None = None,
    alias: str | Path | None = None,
) -> tuple[Plan, list[Path]]:
    """Pair the next round of the event in ``folder`` and write its files into
    ``out`` (default: the folder itself): a skeleton per table, the bye, and
    with ``slips`` the result slips PDF, all or none. The plan and the paths written."""
    ev = open_event(folder, deck=deck, alias=alias)
    plan = plan_next_round(ev, seed, drop)
    return plan, write_next_round(plan, Path(folder), Path(out) if out is not None else Path(folder), seed, slips, paper, deck)


def write_next_round(
    plan: Plan, folder: Path, out: Path | None, seed: int = 0, slips: str | Path | None = None, paper: str = "a4", deck: str | None = None
) -> list[Path]:
    """The planned round's files written into ``out`` (none without it) and the slips PDF, all or none."""
    from .. import data
    from ..deck import load_deck
    from .roundfiles import round_files, write_round

    ev = plan.event
    name = deck or ev.deck or "default"
    where = name if deck or data.bundled_deck(name) is not None else str(folder / name)
    dk = load_deck(where, need_score_sheet=False)
    files = round_files(plan.pairing, dk, where, ev.name, seed) if out is not None else {}
    pdf = None
    if slips is not None:
        from .slips import slips_pdf

        pdf = (Path(slips), slips_pdf(plan.pairing, ev.name, paper))
    if files and plan.pairing.game == 1:  # each table's secret link for its players' report (docs/serve.md)
        from .floor.tablelinks import links_name, new_links

        files[links_name(plan.pairing.round)] = new_links(plan.pairing.round, [t.number for t in plan.pairing.tables])
    if files:  # the record of what was written, for pairings --redo
        files[written_name(plan.pairing.round, plan.pairing.game)] = written_record(plan.pairing.round, files, pdf)
    return write_round(out or folder, files, pdf, keep=[Path(f) for f in expand([str(folder)])])


def written_name(round_number: int, game: int = 1) -> str:
    """The record of a round's files as written: ``round<R>-written.json`` (``round<R>-game<G>-written.json`` for replays)."""
    return f"round{round_number}{f'-game{game}' if game > 1 else ''}-written.json"


def written_record(round_number: int, files: dict[str, str], slips: tuple[Path, bytes] | None) -> str:
    """Each file of a round and its SHA-256 as written (the slips by their path), as JSON."""
    import hashlib
    import json

    got: dict[str, object] = {
        "written_by": "hi5pnp pairings",
        "round": round_number,
        "files": {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in sorted(files.items())},
    }
    if slips is not None:
        got["slips"] = {"path": str(slips[0]), "sha256": hashlib.sha256(slips[1]).hexdigest()}
    return json.dumps(got, indent=1) + "\n"


def undoable(folder: Path, round_number: int) -> list[Path]:
    """The files of round ``round_number`` that ``pairings --redo`` removes:
    those hi5pnp wrote and that are still byte for byte as written (and the
    record of them). :class:`EventError`, naming the file and what to do,
    when the round cannot be paired again: not the latest round, no record,
    or a game of it played, handed in or ruled."""
    import json

    from ..files import sha256_of
    from ..judge.ruling import find_ruling

    record = folder / written_name(round_number)
    if not record.is_file():
        why = f"no record of round {round_number}'s files as pairings wrote them; remove the round's files by hand to pair it again"
        raise EventError(printable(f"{record}: {why}"))
    try:
        said = json.loads(record.read_text(encoding="utf-8"))
        names = {str(k): str(v) for k, v in said["files"].items()}
        slips = said.get("slips")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise EventError(printable(f"{record}: cannot be read as the record pairings writes ({exc})")) from None
    ev = open_event(folder)
    if ev.latest_round is not None and ev.latest_round > round_number:
        raise EventError(printable(f"--redo {round_number}: round {ev.latest_round} is paired already; only the latest round is paired again"))
    for e in ev.entries:
        if e.round != round_number:
            continue
        path = folder / e.log
        ruling = find_ruling(path)
        if ruling is not None:
            raise EventError(printable(f"{ruling}: a game of round {round_number} is ruled; it is not paired again"))
        bye = e.verdict.bye
        if not is_skeleton(e.verdict) and not (bye and e.log in names):
            raise EventError(printable(f"{path}: a game of round {round_number} is played or handed in; it is not paired again"))
    gone: list[Path] = []
    for name, digest in names.items():
        path = folder / name
        if path.exists() and sha256_of(path) != digest:
            raise EventError(printable(f"{path}: changed since pairings wrote it; round {round_number} is not paired again"))
        if path.exists():
            gone.append(path)
    if isinstance(slips, dict) and Path(str(slips.get("path", ""))).is_file():
        pdf = Path(str(slips["path"]))
        if sha256_of(pdf) == slips.get("sha256"):
            gone.append(pdf)
    return [*gone, record]


__all__ = ["EventFile", "event_cross_table", "event_standings", "open_event", "open_games", "pair_next_round", "plan_next_round"]
