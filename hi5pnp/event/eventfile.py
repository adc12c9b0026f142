"""An event's own file, ``event.yaml`` in its folder (revision 5 of
docs/game-log.md): its name, its deck, the entry list, the drops, the planned
rounds and the tie-breaks after match points; revision 6's aliases (another
spelling of an entered name) and late entries (the round a player enters). Read with the care a log gets:
every fault names the file and line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck import yamlsource
from ..deck.fields import FieldReader, describe, did_you_mean, show
from ..deck.located import YList, YMap
from ..errors import LogError
from .players import DEFAULT_ORDER, name_key

NAMES = ("event.yaml", "event.yml")
KEYS = ("event", "deck", "players", "drops", "rounds", "tiebreaks", "aliases", "late", "top")
#: the tie-breaks an event may choose, after match points; the name always breaks what is left
TIEBREAKS = ("omw", "game_points", "direct", "buchholz", "buchholz_cut1", "sonneborn_berger", "wins")
DEFAULT_TIEBREAKS = DEFAULT_ORDER  # revision 4's order


@dataclass(frozen=True)
class EventFile:
    """What ``event.yaml`` says (everything optional)."""

    path: str = ""
    event: str = ""
    deck: str | None = None
    players: tuple[str, ...] = ()  # the entry list, in entry order
    drops: dict[str, int] = field(default_factory=dict)  # a player's name as written -> not paired after that round
    rounds: int | None = None  # the planned rounds
    rounds_line: int = 0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    tiebreaks_given: bool = False
    aliases: dict[str, str] = field(default_factory=dict)  # a spelling written in logs -> the entered name
    late: dict[str, int] = field(default_factory=dict)  # an entered name -> the round they enter in
    top: int | None = None  # the top cut after the last Swiss round: 2, 4 or 8 players, single elimination


def find_event_file(folder: str | Path) -> Path | None:
    """``event.yaml`` (or ``event.yml``) in ``folder``, if there is one."""
    for name in NAMES:
        p = Path(folder) / name
        if p.exists() or p.is_symlink():
            return p
    return None


def _name(m: YMap | YList, key: Any, value: Any) -> str | None:
    """A player's name: any scalar, kept as written (``1042`` is the text "1042")."""
    if value is None or isinstance(value, (dict, list, bool)):
        return None
    written = m.as_written(key) if isinstance(m, YMap) else None
    text = value if isinstance(value, str) else written or str(value)
    return " ".join(text.split()) or None


def _whole(value: Any) -> int | None:
    """A whole number from 0, written plain or quoted (``"3"``), as a log reads one; None for anything else."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 6:
        return int(value.strip())
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _players(r: FieldReader, doc: YMap) -> tuple[str, ...]:
    items = r.get(doc, "players", list, "the event", what="the entry list, a list of names")
    got: list[str] = []
    seen: dict[str, int] = {}
    for k, item in enumerate(items or []):
        name = _name(items, k, item)
        if name is None:
            r.fault(items, k, f"entry {k + 1} of 'players' must be a player's name, not {describe(item)}")
        elif name_key(name) in seen:
            r.fault(items, k, f"{show(name)} is on the entry list already (entry {seen[name_key(name)]})")
        else:
            seen[name_key(name)] = k + 1
            got.append(name)
    return tuple(got)


def _drops(r: FieldReader, doc: YMap, players: tuple[str, ...]) -> dict[str, int]:
    dm = r.get(doc, "drops", dict, "the event", what="a mapping of a player's name to the round after which they are not paired")
    drops: dict[str, int] = {}
    entered = {name_key(p) for p in players}
    for key, value in (dm or {}).items():
        name = _name(dm, key, key) if not isinstance(key, (dict, list)) else None
        if name is None:
            r.fault_key(dm, key, f"a drop names a player, not {describe(key)}")
            continue
        if players and name_key(name) not in entered:
            hint = did_you_mean(name, players)
            r.fault_key(dm, key, f"{show(name)} is not on the entry list ('players'){hint}")
            continue
        after = _whole(value)
        if after is None:
            r.fault(dm, key, f"a drop is the last round the player is paired in, a whole number from 0, not {describe(value)}")
            continue
        drops[name] = after
    return drops


def _entered(r: FieldReader, m: YMap, key: Any, value: Any, players: tuple[str, ...], what: str) -> str | None:
    """A name of the entry list (as entered), or None with a fault at its line."""
    name = _name(m, key, value) if not isinstance(value, (dict, list)) else None
    if name is None:
        r.fault(m, key, f"{what} names a player, not {describe(value)}")
        return None
    if not players:
        r.fault(m, key, f"{what} names a player of the entry list: give 'players' too")
        return None
    entered = {name_key(p): p for p in players}
    if name_key(name) not in entered:
        r.fault(m, key, f"{show(name)} is not on the entry list ('players'){did_you_mean(name, players)}")
        return None
    return entered[name_key(name)]


def _aliases(r: FieldReader, doc: YMap, players: tuple[str, ...]) -> dict[str, str]:
    """``aliases: {Fin Moss: Finn Moss}``: a spelling logs write -> the name entered."""
    am = r.get(doc, "aliases", dict, "the event", what="a mapping of a name as logs write it to the name on the entry list")
    got: dict[str, str] = {}
    entered = {name_key(p) for p in players}
    for key, value in (am or {}).items():
        written = _name(am, key, key) if not isinstance(key, (dict, list)) else None
        if written is None:
            r.fault_key(am, key, f"an alias is a name as logs write it, not {describe(key)}")
            continue
        if name_key(written) in entered:
            r.fault_key(am, key, f"{show(written)} is on the entry list itself; an alias is another spelling of an entered name")
            continue
        name = _entered(r, am, key, value, players, "an alias")
        if name is not None:
            got[written] = name
    return got


def _late(r: FieldReader, doc: YMap, players: tuple[str, ...]) -> dict[str, int]:
    """``late: {Ivy Chen: 2}``: a player entered from that round (each round before it a loss)."""
    lm = r.get(doc, "late", dict, "the event", what="a mapping of a player's name to the round they enter in")
    got: dict[str, int] = {}
    for key, value in (lm or {}).items():
        name = _entered(r, lm, key, key, players, "a late entry") if not isinstance(key, (dict, list)) else None
        if name is None:
            continue
        at = _whole(value)
        if at is None or at < 1:
            r.fault(lm, key, f"a late entry is the round the player enters in, a whole number from 1, not {describe(value)}")
            continue
        got[name] = at
    return got


def _tiebreaks(r: FieldReader, doc: YMap) -> tuple[str, ...]:
    items = r.get(doc, "tiebreaks", list, "the event", what=f"a list of tie-breaks from: {', '.join(TIEBREAKS)}")
    got: list[str] = []
    for k, item in enumerate(items or []):
        word = item.strip().lower() if isinstance(item, str) else None
        if word == "name":
            r.fault(items, k, "the name always breaks what is left, after the tie-breaks; leave it out of the list")
        elif word not in TIEBREAKS:
            hint = did_you_mean(word or "", TIEBREAKS)
            r.fault(items, k, f"{show(item)} is no tie-break{hint or '; choose from: ' + ', '.join(TIEBREAKS)}")
        elif word in got:
            r.fault(items, k, f"{word} is in the list already")
        else:
            got.append(word)
    return tuple(got)


def read_event_file(path: str | Path, shown: str | None = None) -> EventFile:
    """``event.yaml``; :class:`LogError` naming every fault at its line."""
    shown = shown or str(path)
    try:
        doc = yamlsource.load(Path(path), shown, Path(path).parent.resolve())  # a link out of its folder is refused
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    if doc is None:
        return EventFile(shown)
    r = FieldReader(noun="field")
    m = r.mapping(doc, "an event file", shown)
    if m is None:
        raise LogError(r.faults)
    r.unknown_keys(m, KEYS, "the event file")
    for key in KEYS:
        if key in m and m[key] is None:
            del m[key]  # a key left empty is as if absent
    event = (_name(m, "event", m["event"]) or "") if "event" in m else ""
    if "event" in m and isinstance(m["event"], (dict, list)):
        r.fault(m, "event", f"'event' is the event's name in words, not {describe(m['event'])}")
    deck = m.get("deck")
    if deck is not None and (not isinstance(deck, str) or not deck.strip()):
        r.fault(m, "deck", "'deck' names a bundled deck or a folder beside the event's logs")
        deck = None
    players = _players(r, m) if "players" in m else ()
    drops = _drops(r, m, players) if "drops" in m else {}
    rounds = None
    if "rounds" in m:
        rounds = _whole(m["rounds"])
        if rounds is None or rounds < 1:
            r.fault(m, "rounds", f"'rounds' is the number of rounds planned, a whole number from 1, not {describe(m['rounds'])}")
            rounds = None
    tiebreaks = _tiebreaks(r, m) if "tiebreaks" in m else DEFAULT_TIEBREAKS
    aliases = _aliases(r, m, players) if "aliases" in m else {}
    late = _late(r, m, players) if "late" in m else {}
    top = None
    if "top" in m:
        top = _whole(m["top"])
        if top not in (2, 4, 8):
            r.fault(m, "top", f"'top' is the top cut after the Swiss rounds: 2, 4 or 8 players, not {describe(m['top'])}")
            top = None
        elif rounds is None:
            r.fault(m, "top", "a top cut follows the last Swiss round: give 'rounds' too")
            top = None
        elif players and top > len(players):
            r.fault(m, "top", f"a top {top} needs {top} players; the entry list has {len(players)}")
            top = None
    if r.faults:
        raise LogError(r.faults)
    at = m.at("rounds")[0] if "rounds" in m else 0
    return EventFile(shown, event, deck.strip() if deck else None, players, drops, rounds, at, tiebreaks, "tiebreaks" in m, aliases, late, top)
