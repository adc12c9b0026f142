"""An event's folder of logs, read once for the standings and the pairings:
each log's verdict (as ruled, when a ruling lies beside it) as a game that
counts or a log left out; the logs set aside as if absent (the same game
twice, a second game of a player in one round, another deck than the
event's); who has met whom, who had a bye, who moved first how often, the
rounds and the games still open; and the alias file that names players."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..deck import yamlsource
from ..deck.located import YMap
from ..errors import Fault, LogError
from ..judge.batch import verdict_of
from ..judge.check import DeckCache, Verdict
from ..judge.log import GameLog
from ..rules import SEATS, Seat
from .eventfile import EventFile
from .players import name_key
from .standings import CountedGame, LeftOut, Names, Standing, game_of, standings


@dataclass
class Entry:
    """One log of the event as read: its verdict, and what the event makes of it."""

    log: str  # as the output names it
    verdict: Verdict
    round: int | None
    keys: dict[Seat, str]  # the players' keys by seat
    game: CountedGame | None = None  # the game that counts
    left: LeftOut | None = None  # why it does not
    aside: bool = False  # left out as the same game, a second game or another deck: as if not there

    @property
    def open(self) -> bool:
        """A game of its round that does not count (yet) and that no ruling
        settled: not played, incomplete, invalid, unread, or with a ruling
        for another version of it."""
        return self.game is None and not self.aside and self.verdict.ruling is None


@dataclass
class Event:
    file: EventFile = field(default_factory=EventFile)
    entries: list[Entry] = field(default_factory=list)
    games: list[CountedGame] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    met: set[frozenset[str]] = field(default_factory=set)  # pairs of player keys
    byes: set[str] = field(default_factory=set)
    firsts: Counter[str] = field(default_factory=Counter)  # games each moved first in
    seconds: Counter[str] = field(default_factory=Counter)  # games each moved second in
    rounds: Counter[str] = field(default_factory=Counter)  # games (or byes) per player key, counted or not
    events: Counter[str] = field(default_factory=Counter)  # the event names the logs write
    decks: Counter[str] = field(default_factory=Counter)  # the decks they name
    deck: str = ""  # the event's deck ('' when the judge's --deck stands for every log's)
    names: Names = field(default_factory=Names)

    def table(self) -> tuple[list[Standing], list[LeftOut]]:
        ranked, twice = standings(self.games, self.names, self.file.tiebreaks)
        return ranked, self.left_out + twice

    @property
    def latest_round(self) -> int | None:
        """The highest round a log (not set aside) belongs to."""
        return max((e.round for e in self.entries if e.round is not None and not e.aside), default=None)

    def open_games(self) -> list[Entry]:
        """The logs of the latest round that do not count: while one is there, the round is open."""
        latest = self.latest_round
        return [e for e in self.entries if latest is not None and e.round == latest and e.open]

    @property
    def name(self) -> str:
        return self.file.event or (self.events.most_common(1)[0][0] if self.events else "")


def read_aliases(path: str) -> dict[str, str]:
    """The alias file: a YAML mapping of another spelling to the name to show
    (``Bobby Jones: Bob Jones``); :class:`LogError` at its line for anything else."""
    try:
        doc = yamlsource.load(Path(path), path)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    if doc is None:
        return {}
    if not isinstance(doc, YMap):
        raise LogError(Fault(path, 1, 0, "an alias file is a YAML mapping: another spelling: the name to show"))
    faults = []
    aliases: dict[str, str] = {}
    for key, value in doc.items():
        if not isinstance(key, str) or not isinstance(value, str) or not key.strip() or not value.strip():
            line, col = doc.key_at(key)
            faults.append(Fault(path, line, col, f"{key!r}: {value!r} is not a name and the name to show, both text"))
        else:
            aliases[key] = value
    faults += _crossed(aliases, doc, path)
    if faults:
        raise LogError(faults)
    return aliases


def _crossed(aliases: dict[str, str], doc: YMap, path: str) -> list[Fault]:
    """A name both shown and mapped to another (``A: B`` and ``B: A`` would
    swap two players silently; ``A: B`` and ``B: C`` would show A as B): a
    fault at the later of the two lines."""
    spelling = {name_key(k): k for k, v in aliases.items() if name_key(k) != name_key(v)}
    faults: dict[int, Fault] = {}  # one a line
    for key, shown in aliases.items():
        other = spelling.get(name_key(shown))
        if other is None or name_key(key) == name_key(shown):
            continue
        first, then = sorted((key, other), key=lambda k: doc.key_at(k))
        at = doc.key_at(then)
        if name_key(aliases[other]) == name_key(key):
            why = f"{first!r} and {then!r} are mapped to each other (lines {doc.key_at(first)[0]} and {at[0]}), so the two players would swap"
        else:
            why = (
                f"{shown!r} is both a name to show (line {doc.key_at(key)[0]}: {key}) and another spelling "
                f"(line {doc.key_at(other)[0]}: {aliases[other]}); map {key!r} straight to {aliases[other]!r}"
            )
        faults.setdefault(at[0], Fault(path, at[0], at[1], f"{why}: an alias file maps each other spelling to the name to show"))
    return [faults[n] for n in sorted(faults)]


def deck_name(name: str | None) -> str:
    """A deck as logs name it, so that ``./house/`` and ``house`` are one."""
    return posixpath.normpath(name.strip()) if name and name.strip() else "default"


def same_game(log: GameLog) -> tuple[object, ...] | None:
    """What makes two logs one game: the teams, who moves first, each round's
    course and turns (as read: whitespace, case, comments and header aside)."""
    if not log.teams:
        return None
    teams = tuple(tuple(log.teams.get(s, ())) for s in SEATS)
    return (teams, str(log.first), tuple((tuple(r.course), tuple(str(t) for t in r.turns)) for r in log.rounds))


def read_event(
    files: Sequence[str], shown: Sequence[str], deck: str | None = None, aliases: dict[str, str] | None = None, event_file: EventFile | None = None
) -> Event:
    """Every log checked (``shown``: how each is named in the output, in the
    order the files are given, which decides which of two is "the later")."""
    ev = Event(file=event_file or EventFile(), names=Names(aliases))
    for name in ev.file.players:
        ev.names.key(name)  # the entry list's spelling is the name shown
    decks = DeckCache(deck)
    verdicts = [verdict_of(path, decks) for path in files]
    for v in verdicts:
        if v.about is not None:
            ev.decks[deck_name(v.about.deck)] += 1
    if deck is None:
        ev.deck = deck_name(ev.file.deck) if ev.file.deck else (ev.decks.most_common(1)[0][0] if ev.decks else "default")
    seen_games: dict[tuple[object, ...], str] = {}
    in_round: dict[tuple[int, str], str] = {}
    for v, name in zip(verdicts, shown):
        about = v.about
        keys = {s: ev.names.key(about.players[s]) for s in SEATS if about is not None and about.players.get(s, "").strip()}
        entry = Entry(name, v, about.round if about is not None else None, keys)
        ev.entries.append(entry)
        why = _set_aside(ev, entry, seen_games, in_round)
        if why:
            entry.aside, entry.left = True, LeftOut(name, why)
            ev.left_out.append(entry.left)
            continue
        _count(ev, entry)
    return ev


def _set_aside(ev: Event, e: Entry, seen_games: dict[tuple[object, ...], str], in_round: dict[tuple[int, str], str]) -> str:
    """Why a log is as if absent (another deck, the same game again, a second game in a round), or ''."""
    about = e.verdict.about
    if ev.deck and about is not None and deck_name(about.deck) != ev.deck:
        return f"another deck ({deck_name(about.deck)}); the event plays {ev.deck}"
    game = same_game(e.verdict.log) if e.verdict.log is not None else None
    if game is not None:
        if game in seen_games:
            return f"the same game as {seen_games[game]}"
        seen_games[game] = e.log
    if e.round is not None:
        for key in e.keys.values():
            earlier = in_round.get((e.round, key))
            if earlier is not None:
                return f"{ev.names.shown[key]} already has a game in round {e.round} ({earlier})"
        for key in e.keys.values():
            in_round[(e.round, key)] = e.log
    return ""


def _count(ev: Event, e: Entry) -> None:
    """A log that is not set aside: its game counts or it is left out; who met, who moved first, the byes."""
    v = e.verdict
    if v.ruling_set_aside:
        got: CountedGame | LeftOut = LeftOut(e.log, v.ruling_set_aside)
    elif v.read_faults and v.read_faults[0].path != v.path:  # the ruling beside the log cannot be read
        got = LeftOut(e.log, f"its ruling cannot be read: {v.read_faults[0]}")
    else:
        got = game_of(v, e.log)
    if isinstance(got, LeftOut):
        e.left = got
        ev.left_out.append(got)
    else:
        e.game = got
        ev.games.append(got)
    about = v.about
    if about is None:
        return
    if about.event:
        ev.events[about.event] += 1
    for key in e.keys.values():
        ev.rounds[key] += 1
    if len(e.keys) == 2:
        ev.met.add(frozenset(e.keys.values()))
        first = v.log.first if v.log is not None and v.log.teams else about.first
        if first is not None:
            ev.firsts[e.keys[first]] += 1
            ev.seconds[e.keys[first.other]] += 1
    elif e.game is not None and e.game.is_bye:
        ev.byes.update(e.keys.values())
