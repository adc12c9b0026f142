"""An event's folder of logs, read once for the standings and the pairings:
each log's verdict as a game that counts or a log left out; who has met
whom (in any log that names both players, counted or not), who had a bye,
how often each sat north, and the alias file that names players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..deck import yamlsource
from ..deck.located import YMap
from ..errors import Fault, LogError
from ..rules import SEATS
from .batch import verdict_of
from .check import DeckCache
from .standings import Game, LeftOut, Names, Standing, game_of, name_key, standings


@dataclass
class Event:
    games: list[Game] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    met: set[frozenset[str]] = field(default_factory=set)  # pairs of player keys
    byes: set[str] = field(default_factory=set)
    norths: Counter[str] = field(default_factory=Counter)
    rounds: Counter[str] = field(default_factory=Counter)  # games (or byes) per player key, counted or not
    events: Counter[str] = field(default_factory=Counter)  # the event names the logs write
    decks: Counter[str] = field(default_factory=Counter)  # the decks they name
    names: Names = field(default_factory=Names)

    def table(self) -> tuple[list[Standing], list[LeftOut]]:
        ranked, twice = standings(self.games, self.names)
        return ranked, self.left_out + twice


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
            why = (f"{shown!r} is both a name to show (line {doc.key_at(key)[0]}: {key}) and another spelling "
                   f"(line {doc.key_at(other)[0]}: {aliases[other]}); map {key!r} straight to {aliases[other]!r}")  # fmt: skip
        faults.setdefault(at[0], Fault(path, at[0], at[1], f"{why}: an alias file maps each other spelling to the name to show"))
    return [faults[n] for n in sorted(faults)]


def read_event(files: Sequence[str], shown: Sequence[str], deck: str | None = None, aliases: dict[str, str] | None = None) -> Event:
    """Every log checked (``shown``: how each is named in the output)."""
    ev = Event(names=Names(aliases))
    decks = DeckCache(deck)
    for path, name in zip(files, shown):
        v = verdict_of(path, decks)
        got = game_of(v, name)
        if isinstance(got, LeftOut):
            ev.left_out.append(got)
        else:
            ev.games.append(got)
        about = v.about
        if about is None:
            continue
        if about.event:
            ev.events[about.event] += 1
        ev.decks[about.deck or "default"] += 1
        keys = {s: ev.names.key(about.players[s]) for s in SEATS if about.players.get(s, "").strip()}
        for seat, key in keys.items():
            ev.rounds[key] += 1
            ev.norths[key] += seat == "north"
        if len(keys) == 2:
            ev.met.add(frozenset(keys.values()))
        elif isinstance(got, Game) and len(got.players) == 1:
            ev.byes.update(keys.values())
    return ev


def unplaced(ev: Event, ranked: Sequence[Standing]) -> list[str]:
    """Names written in the logs of players with no game that counts."""
    placed = {s.key for s in ranked}
    return sorted({ev.names.shown[k] for k in ev.rounds if k not in placed}, key=name_key)
