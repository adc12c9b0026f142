"""An event's folder of logs, read once for the standings and the pairings:
each log's verdict (as ruled, when a ruling lies beside it) as a game that
counts or a log left out; the logs set aside as if absent (another deck
than the event's, a log ruled void, a skeleton beside its table's played
log) and those held open until ruled (two copies of a game, two games of a
player in one round, a name not on the entry list; revision 6); who has
met whom, who had a bye, who moved first how often, the rounds and the
games still open, the drops and a late entry's rounds missed."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..deck.fields import nearest_word
from ..errors import printable
from ..judge.batch import verdict_of
from ..judge.check import DeckCache, Verdict
from ..judge.log import GameLog
from ..rules import SEATS, Seat
from .eventfile import EventFile
from .players import CountedGame, name_key
from .standings import LeftOut, Names, Standing, game_of, standings


@dataclass
class Entry:
    """One log of the event as read: its verdict, and what the event makes of it."""

    log: str  # as the output names it
    verdict: Verdict
    round: int | None
    keys: dict[Seat, str]  # the players' keys by seat
    game: CountedGame | None = None  # the game that counts
    left: LeftOut | None = None  # why it does not
    aside: bool = False  # as if not there: another deck, ruled void, the skeleton of a played table, a copy not ruled to count
    held: bool = False  # held open until ruled: a copy of a game, a second game in a round, a name not on the entry list

    @property
    def table_number(self) -> int | None:
        """The table its header names (``table: 3``), if a whole number."""
        return self._number("table", 4)

    @property
    def game_number(self) -> int:
        """The game of its table it is: ``game: 2`` for a knockout table's replay, else 1."""
        return self._number("game", 3) or 1

    def _number(self, key: str, digits: int) -> int | None:
        about = self.verdict.about
        text = about.texts.get(key, "") if about is not None else ""
        return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None

    @property
    def open(self) -> bool:
        """A game of its round that does not count (yet) and that no ruling
        settled: not played, incomplete, invalid, unread, or with a ruling
        for another version of it; or held open until a ruling or an alias settles it."""
        return self.held or (self.game is None and not self.aside and self.verdict.ruling is None)


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
        """The ranked table (every entered player in it, games or none; a
        dropped player marked with the last round they were paired in) and
        the logs left out."""
        entered = [self.names.key(p) for p in self.file.players]
        ranked, twice = standings(self.swiss_games(), self.names, self.file.tiebreaks, entered)
        drops = self.drops()
        for st in ranked:
            st.dropped = drops.get(st.key)
        return ranked, self.left_out + twice

    def swiss_games(self, upto: int | None = None) -> list[CountedGame]:
        """The games that count in the table (the top cut's are the bracket's), of rounds up to ``upto`` if given."""
        cut = self.file.rounds if self.file.top is not None else None
        if upto is not None:
            cut = upto if cut is None else min(cut, upto)
        if cut is None:
            return list(self.games)
        return [g for g in self.games if (g.round is None and upto is None) or (g.round is not None and g.round <= cut)]

    def drops(self) -> dict[str, int]:
        """Each dropped player's key, and the last round they are paired in:
        event.yaml's drops, and the absent player of a no-show ruled without ``drop: false``."""
        got = {self.names.key(name): after for name, after in self.file.drops.items()}
        for e in self.entries:
            ruled = e.verdict.ruling.adjudicated if e.verdict.ruling is not None else None
            if e.game is None or ruled is None or ruled.kind != "no-show" or ruled.drop is False or ruled.winner not in ("north", "south"):
                continue
            absent = e.keys.get(Seat(ruled.winner).other)
            if absent is not None and e.round is not None:
                got[absent] = min(got.get(absent, e.round), e.round)
        return got

    @property
    def latest_round(self) -> int | None:
        """The highest round a log (not set aside) belongs to."""
        return max((e.round for e in self.entries if e.round is not None and not e.aside), default=None)

    def open_games(self) -> list[Entry]:
        """The logs of the latest round that do not count, and the logs of any
        round held open until ruled: while one is there, no round is paired."""
        latest = self.latest_round
        return [e for e in self.entries if e.held or (latest is not None and e.round == latest and e.open)]

    @property
    def name(self) -> str:
        return self.file.event or (self.events.most_common(1)[0][0] if self.events else "")


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


SKELETON_OF = "the skeleton of the table played in "  # why a skeleton beside its table's played log is set aside, before that log's name


def is_skeleton(v: Verdict) -> bool:
    """A table's log not played yet: a skeleton whose faces are still to choose (a result may be ruled on it)."""
    return v.log is None and v.problem is not None and "choose a side" in v.problem.message


def read_event(
    files: Sequence[str], shown: Sequence[str], deck: str | None = None, aliases: dict[str, str] | None = None, event_file: EventFile | None = None
) -> Event:
    """Every log checked (``shown``: how each is named in the output, in the
    order the files are given). Revision 6: no log decides by its name. A
    log ruled void is as if absent; two copies of one game, or two games of
    a player in one round, are held open (neither counts, the round stays
    open) until a ruling says which stands; a skeleton beside its table's
    played log is that table; with an entry list, a log naming someone not
    on it (after the aliases) is held open with the nearest entered name."""
    file = event_file or EventFile()
    ev = Event(file=file, names=Names({**file.aliases, **(aliases or {})}))
    for name in ev.file.players:
        ev.names.key(name)  # the entry list's spelling is the name shown
    decks = DeckCache(deck)
    verdicts = [verdict_of(path, decks) for path in files]
    for v in verdicts:
        if v.about is not None:
            ev.decks[deck_name(v.about.deck)] += 1
    if deck is None:
        ev.deck = deck_name(ev.file.deck) if ev.file.deck else (ev.decks.most_common(1)[0][0] if ev.decks else "default")
    for v, name in zip(verdicts, shown):
        about = v.about
        keys = {s: ev.names.key(about.players[s]) for s in SEATS if about is not None and about.players.get(s, "").strip()}
        ev.entries.append(Entry(name, v, about.round if about is not None else None, keys))
    live = [e for e in ev.entries if not _aside(ev, e, _first_aside(ev, e))]
    live = [e for e in live if not _hold(e, _unentered(ev, e))]
    live = _tables(ev, live)
    live = _copies(ev, live)
    live = _second_games(ev, live)
    ev.left_out += [e.left for e in ev.entries if e.held and e.left is not None]
    for e in live:
        _count(ev, e)
    _missed_rounds(ev)
    return ev


def _aside(ev: Event, e: Entry, why: str) -> bool:
    """``e`` set aside as if absent, for ``why`` (when there is one)."""
    if why:
        e.aside, e.left = True, LeftOut(e.log, why)
        ev.left_out.append(e.left)
    return bool(why)


def _hold(e: Entry, why: str) -> bool:
    """``e`` held open (it does not count, and its round stays open), for ``why``."""
    if why:
        e.held, e.left = True, LeftOut(e.log, why)
    return bool(why)


def _first_aside(ev: Event, e: Entry) -> str:
    """Why a log is as if absent before any other is looked at: another deck, or a ruling that it is void."""
    about = e.verdict.about
    if ev.deck and about is not None and deck_name(about.deck) != ev.deck:
        return f"another deck ({deck_name(about.deck)}); the event plays {ev.deck}"
    ruled = e.verdict.ruling.adjudicated if e.verdict.ruling is not None else None
    if ruled is not None and ruled.void:
        if len(e.keys) == 2:
            ev.met.add(frozenset(e.keys.values()))  # a game ruled void was still a meeting, for pairing
        return f"ruled void: {ruled.reason}"
    return ""


def _unentered(ev: Event, e: Entry) -> str:
    """With an entry list: the first seat whose name is not on it (after the aliases), with the nearest entered name."""
    if not ev.file.players:
        return ""
    entered = {ev.names.key(p) for p in ev.file.players}
    about = e.verdict.about
    for seat, key in e.keys.items():
        if key not in entered:
            written = " ".join((about.players[seat] if about is not None else key).split())
            entered_keys = {name_key(p): p for p in ev.file.players}
            close = nearest_word(name_key(written), list(entered_keys))
            hint = f'; did you mean "{entered_keys[close[0]]}"?' if close else ""
            return printable(f'players.{seat}: "{written}" is not on the entry list{hint} (correct the log, or add an alias to event.yaml)')
    return ""


def _tables(ev: Event, live: list[Entry]) -> list[Entry]:
    """A skeleton and a played log of the same round and players are one table: the played log is its game."""
    played: dict[tuple[int | None, frozenset[str], int], Entry] = {}
    for e in live:  # the first of the table's played logs by name is the one named (a copy is held open with it)
        if e.round is not None and len(e.keys) == 2 and not is_skeleton(e.verdict):
            played.setdefault((e.round, frozenset(e.keys.values()), e.game_number), e)
    kept = []
    held: set[int] = set()
    for e in live:
        game = played.get((e.round, frozenset(e.keys.values()), e.game_number)) if is_skeleton(e.verdict) else None
        if game is not None and e.verdict.ruling is not None:  # a result ruled on the skeleton, and the game handed in too
            why = f"a result is ruled on the table's skeleton ({e.log}) and its game is handed in ({game.log}): held open until one is ruled void"
            for x in (e, game):
                _hold(x, why)
                held.add(id(x))
        elif game is not None:
            e.aside, e.left = True, LeftOut(e.log, f"{SKELETON_OF}{game.log}")
            ev.left_out.append(e.left)
        else:
            kept.append(e)
    return [e for e in kept if id(e) not in held]


def _copies(ev: Event, live: list[Entry]) -> list[Entry]:
    """Two logs of one game: both held open until a ruling beside one says it
    counts (the others then set aside) or is void; the players of every copy
    have met, whatever is ruled."""
    groups: dict[tuple[object, ...], list[Entry]] = {}
    for e in live:
        game = same_game(e.verdict.log) if e.verdict.log is not None else None
        if game is not None:
            groups.setdefault(game, []).append(e)
    out: set[int] = set()
    for copies in groups.values():
        if len(copies) < 2:
            continue
        for c in copies:
            if len(c.keys) == 2:
                ev.met.add(frozenset(c.keys.values()))
        standing = [c for c in copies if c.verdict.ruling is not None and c.verdict.ruling.adjudicated is not None and c.verdict.ruling.adjudicated.counts]
        names = ", ".join(c.log for c in copies)
        if len(standing) == 1:
            for c in copies:
                if c is not standing[0]:
                    _aside(ev, c, f"the same game as {standing[0].log}, which a ruling says counts")
                    out.add(id(c))
            continue
        for c in copies:
            why = "ruled to count, as is another copy" if c in standing else "held open"
            rule = "a ruling beside one says which stands (adjudicated: {counts: true} or {void: true, reason: ...})"
            _hold(c, f"one game in {len(copies)} logs ({names}): {why}; {rule}")
            out.add(id(c))
    return [e for e in live if id(e) not in out]


def _second_games(ev: Event, live: list[Entry]) -> list[Entry]:
    """Two games of one player in one round: both held open, naming both, until one is ruled void."""
    by: dict[tuple[int, str], list[Entry]] = {}
    for e in live:
        if e.round is not None:
            for key in e.keys.values():
                by.setdefault((e.round, key), []).append(e)
    out: set[int] = set()
    for (rnd, key), games in by.items():
        if len(games) < 2 or _replays(games):
            continue
        names = ", ".join(g.log for g in games)
        for g in games:
            if id(g) not in out:
                _hold(g, f"{ev.names.shown[key]} has {len(games)} games in round {rnd} ({names}): held open until all but one are ruled void")
                out.add(id(g))
    return [e for e in live if id(e) not in out]


def _replays(games: list[Entry]) -> bool:
    """The games of one knockout table: the same two players, each game numbered apart (``game: 2`` after a draw)."""
    numbers = [g.game_number for g in games]
    return len({frozenset(g.keys.values()) for g in games}) == 1 and len(set(numbers)) == len(numbers)


def _missed_rounds(ev: Event) -> None:
    """A late entry's rounds before the one they enter in, each a loss (0 match points, 0 game points, no opponent), never a bye."""
    latest = ev.latest_round or 0
    for name, at in ev.file.late.items():
        key = ev.names.key(name)
        for rnd in range(1, min(at, latest + 1)):
            game = CountedGame(f"(late entry: round {rnd} missed)", {Seat.NORTH: name}, "none", {Seat.NORTH: 0}, "late entry", rnd, missed=True)
            ev.games.append(game)
            ev.rounds[key] += 1


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
