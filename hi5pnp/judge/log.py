"""The game log format (``log: hi5/1``, docs/game-log.md): reading a log into
a structure that remembers the line of every entry, and finding its deck.

Everything here is a *read* fault (exit 2): text that is not a log at all.
Whether the game it records was played by the rules is the checker's question.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import data
from ..deck import EDITION_NUMBERS, Deck, no_such_edition, yamlsource
from ..deck.fields import FieldReader, describe, show
from ..deck.located import YList, YMap
from ..errors import Fault, LogError
from ..rules import LOG_FORMAT, SEATS, NotationError, Seat, Turn, face_id

FORMAT = LOG_FORMAT
TEXT_KEYS = ("event", "date", "judge", "table", "notes")  # free text, kept as written
TOP_KEYS = ("log", "deck", "edition", *TEXT_KEYS, "players", "teams", "first", "rounds", "result")
ROUND_KEYS = ("course", "turns", "finish", "points")
RESULT_KEYS = ("columns", "score", "winner")
WINNERS = (*SEATS, "draw")


@dataclass
class LogRound:
    """One round of a log as written, with the line of each entry."""

    course: list[str]
    course_line: int  # the line of the 'course' key
    course_lines: list[int]
    turns: list[Turn]
    turn_texts: list[str]  # as written
    turn_lines: list[int]
    finish: list[str] | None = None
    finish_line: int = 0
    points: dict[Seat, int] | None = None
    points_lines: dict[Seat, int] = field(default_factory=dict)

    def turn_text(self, k: int) -> str:
        return " ".join(self.turn_texts[k].split())


@dataclass
class GameLog:
    """A whole log as written, with the line of each entry."""

    path: str  # as messages show it
    folder: Path  # where a deck named by the log is looked for
    deck: str | None
    deck_line: int
    edition: int | None
    teams: dict[Seat, list[str]]
    team_lines: dict[Seat, int]
    team_item_lines: dict[Seat, list[int]]
    first: Seat
    rounds: list[LogRound]
    rounds_line: int  # the line of the 'rounds' key
    players: dict[Seat, str] = field(default_factory=dict)  # either may be named alone
    event: str = ""
    texts: dict[str, str] = field(default_factory=dict)  # event, date, judge, table, notes as written
    result: dict[str, Any] = field(default_factory=dict)  # columns / score / winner, as written
    result_lines: dict[str, int] = field(default_factory=dict)  # "score.north" -> line


def read_log(path: Path, shown: str | None = None) -> GameLog:
    """Read a log file; raise :class:`LogError` listing every read fault."""
    shown = shown or str(path)
    try:
        doc = yamlsource.load(path, shown)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    return parse_log(doc, shown, path.parent)


def read_log_bytes(data: bytes, shown: str, folder: Path) -> GameLog:
    """Read a log from its bytes (standard input's, say); a deck it names is
    looked for in ``folder``."""
    try:
        doc = yamlsource.parse(yamlsource.decode(data, shown), shown)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    return parse_log(doc, shown, folder)


def _empty_as_nothing(m: YMap, *keys: str) -> None:
    """A key left empty (``finish:``) is read as absent (docs/game-log.md)."""
    for key in keys:
        if key in m and m[key] is None:
            del m[key]


def _empty_as_list(m: YMap, key: str) -> None:
    """A list left empty (``turns:``) is the empty list."""
    if key in m and m[key] is None:
        m[key] = YList(m.path, m.at(key))


def _whole(r: FieldReader, m: YMap, key: str, where: str) -> int | None:
    """A whole number, written plain or quoted (``edition: "2"``)."""
    value = m[key]
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 6:
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    r.fault(m, key, f"'{key}' must be a whole number, not {describe(value)}")
    return None


def _text(r: FieldReader, m: YMap, key: str) -> str:
    """Free text: any scalar, kept as the log writes it (``1042``, ``Yes``, ``~``)."""
    value = m[key]
    if isinstance(value, (dict, list)):
        r.fault(m, key, f"'{key}' must be text, not {describe(value)}")
        return ""
    if isinstance(value, str):
        return value
    written = m.as_written(key)
    return written if written is not None else str(value)


def parse_log(doc: Any, shown: str, folder: Path) -> GameLog:
    """A log from its located YAML; raise :class:`LogError` listing every read fault."""
    if not isinstance(doc, YMap):
        raise LogError(Fault(shown, 1, 0, f"a game log is a YAML mapping starting with 'log: {FORMAT}'"))
    _empty_as_nothing(doc, "result", "players")
    _empty_as_list(doc, "rounds")
    r = FieldReader(noun="field")
    r.unknown_keys(doc, TOP_KEYS, "the log")
    fmt = r.get(doc, "log", str, "the log", what=f"'{FORMAT}'")
    if fmt is not None and fmt != FORMAT:
        r.fault(doc, "log", f"log format '{fmt}' is not known; this checker reads '{FORMAT}'")
    deck = doc.get("deck")
    if deck is not None and (not isinstance(deck, str) or not deck.strip()):
        r.fault(doc, "deck", "'deck' must name a bundled deck or a folder beside the log")
        deck = None
    edition = _whole(r, doc, "edition", "the log") if "edition" in doc else None
    if edition is not None and edition not in EDITION_NUMBERS:
        r.fault(doc, "edition", no_such_edition(edition))
        edition = None
    texts = {key: _text(r, doc, key) for key in TEXT_KEYS if key in doc}
    players: dict[Seat, str] = {}
    pm = r.get(doc, "players", dict, "the log", required=False, what="a mapping with north and/or south")
    if pm is not None:
        r.unknown_keys(pm, SEATS, "players")
        players = {seat: _text(r, pm, seat) for seat in SEATS if seat in pm}
    teams: dict[Seat, list[str]] = {}
    team_lines: dict[Seat, int] = {}
    item_lines: dict[Seat, list[int]] = {}
    tm = r.get(doc, "teams", dict, "the log", what="a mapping with north and south")
    if tm is not None:
        r.unknown_keys(tm, SEATS, "teams")
        for seat in SEATS:
            got = _faces(r, tm, seat, "'teams'")
            if got is not None:
                teams[seat], item_lines[seat] = got
                team_lines[seat] = tm.at(seat)[0]
    first = r.get(doc, "first", str, "the log", what="north or south")
    if first is not None and first.lower() not in SEATS:
        r.fault(doc, "first", f"'first' must be north or south, not {show(first)}")
    rounds: list[LogRound] = []
    rl = r.get(doc, "rounds", list, "the log", what="a list of rounds")
    for k, rm in enumerate(rl or []):
        if not isinstance(rm, YMap):
            r.fault(rl, k, f"round {k + 1} must be a mapping with course and turns, not {show(rm)}")
            continue
        rnd = _read_round(r, rm, k + 1)
        if rnd is not None:
            rounds.append(rnd)
    result, result_lines = _read_result(r, doc) if "result" in doc else ({}, {})
    if r.faults:
        raise LogError(r.faults)
    return GameLog(
        path=shown,
        folder=folder,
        deck=deck.strip() if deck else None,
        deck_line=doc.at("deck")[0] if "deck" in doc else doc.pos[0],
        edition=edition,
        teams=teams,
        team_lines=team_lines,
        team_item_lines=item_lines,
        first=Seat(first.lower()),
        rounds=rounds,
        rounds_line=doc.key_at("rounds")[0],
        players=players,
        event=texts.get("event", ""),
        texts=texts,
        result=result,
        result_lines=result_lines,
    )


def _faces(r: FieldReader, m: YMap, key: str, where: str) -> tuple[list[str], list[int]] | None:
    """A list of face ids, with the line of each."""
    items = r.get(m, key, list, where, what="a list of face ids")
    if items is None:
        return None
    ids, lines = [], []
    for k, item in enumerate(items):
        fid = face_id(item) if isinstance(item, str) else None
        if fid is None and isinstance(item, str) and item.endswith("?") and item[:-1].isdigit():
            r.fault(items, k, f"'{item}': choose a side, {item[:-1]}a or {item[:-1]}b")
        elif fid is None:
            r.fault(items, k, f"{show(item)} is not a face id (a card number and a side, e.g. 3a)")
        else:
            ids.append(fid)
            lines.append(items.at(k)[0])
    return ids, lines


def _seat_numbers(r: FieldReader, m: YMap, key: str, where: str) -> tuple[dict[Seat, int], dict[Seat, int]]:
    """A whole number for each seat (``{north: 9, south: 6}``), with the line of each."""
    values: dict[Seat, int] = {}
    lines: dict[Seat, int] = {}
    sm = r.get(m, key, dict, where, what="a mapping with north and south")
    if sm is None:
        return values, lines
    r.unknown_keys(sm, SEATS, key)
    for seat in SEATS:
        if seat not in sm:
            r.fault_on(sm, f"'{key}' lacks the required field '{seat}'")
            continue
        v = _whole(r, sm, seat, f"'{key}'")
        if v is not None:
            values[seat] = v
            lines[seat] = sm.at(seat)[0]
    return values, lines


def _read_round(r: FieldReader, rm: YMap, number: int) -> LogRound | None:
    where = f"round {number}"
    _empty_as_list(rm, "turns")
    _empty_as_list(rm, "course")
    _empty_as_nothing(rm, "finish", "points")
    r.unknown_keys(rm, ROUND_KEYS, where)
    course = _faces(r, rm, "course", where)
    tl: YList | None = r.get(rm, "turns", list, where, what="a list of turns")
    turns, texts, lines = [], [], []
    for text, pos in zip(tl or (), tl.item_pos if tl else ()):
        try:
            turns.append(Turn.parse(text))
        except NotationError as exc:
            r.faults.append(Fault(tl.path if tl else "", pos[0], pos[1], f"{show(text)} is not a turn: {exc}"))
            continue
        texts.append(text)
        lines.append(pos[0])
    rnd = None
    if course is not None and tl is not None:
        rnd = LogRound(course[0], rm.key_at("course")[0], course[1], turns, texts, lines)
    if "finish" in rm:
        got = _faces(r, rm, "finish", where)
        if got is not None and rnd is not None:
            rnd.finish, rnd.finish_line = got[0], rm.at("finish")[0]
    if "points" in rm:
        points, points_lines = _seat_numbers(r, rm, "points", where)
        if rnd is not None and len(points) == len(SEATS):
            rnd.points, rnd.points_lines = points, points_lines
    return rnd


def _read_result(r: FieldReader, doc: YMap) -> tuple[dict[str, Any], dict[str, int]]:
    result: dict[str, Any] = {}
    lines: dict[str, int] = {}
    rm = r.get(doc, "result", dict, "the log", what="a mapping")
    if rm is None:
        return result, lines
    r.unknown_keys(rm, RESULT_KEYS, "result")
    _empty_as_nothing(rm, "columns", "score", "winner")
    for key in ("columns", "score"):
        if key in rm:
            values, value_lines = _seat_numbers(r, rm, key, "result")
            if len(values) == len(SEATS):
                result[key] = values
                lines.update({f"{key}.{s}": ln for s, ln in value_lines.items()})
    if "winner" in rm:
        w = rm["winner"]
        if not isinstance(w, str) or w.lower() not in WINNERS:
            r.fault(rm, "winner", f"'winner' must be north, south or draw, not {show(w)}")
        else:
            result["winner"] = w.lower()
            lines["winner"] = rm.at("winner")[0]
    return result, lines


# ---------------------------------------------------------------- the deck
def deck_location(log: GameLog) -> str | Path:
    """The deck a log names: a bundled deck's name, or a folder inside the log's own folder.

    Anything else (an absolute path, a path that leaves the log's folder) is a
    read fault: a judge checks logs from strangers, and a log must not make
    the checker read files elsewhere; the deck's files are read only if they
    too lie inside it (``load_deck(..., inside=...)``). The judge's ``--deck``
    bypasses this.
    """
    name = log.deck or data.DEFAULT_DECK
    if data.bundled_deck(name) is not None:
        return name

    def refuse(why: str) -> LogError:
        return LogError(Fault(log.path, log.deck_line, 0, f"deck '{name}' is refused: {why}"))

    if Path(name).is_absolute() or name.startswith("~") or "\\" in name or ":" in name or "\0" in name:
        raise refuse("a log names a bundled deck or a folder beside it; pass --deck to use another")
    if len(name) > 255:
        raise refuse(f"a name of {len(name)} characters is no folder's")
    try:
        base = log.folder.resolve()
        target = (log.folder / name).resolve()
    except (OSError, RuntimeError) as exc:
        raise refuse(f"the path cannot be followed ({getattr(exc, 'strerror', None) or exc})") from None
    if not target.is_relative_to(base):
        raise refuse("it lies outside the log's folder; pass --deck to use it")
    return target


def unknown_faces(log: GameLog, deck: Deck) -> list[Fault]:
    """Read faults for every face id the deck does not have."""
    faults = []
    known: set[str] = set()

    def competitor(fid: str, line: int) -> None:
        if fid not in known:
            if deck.competitor_face(fid) is None:
                faults.append(Fault(log.path, line, 0, f"{fid} is not a competitor face of the deck"))
            else:
                known.add(fid)

    for seat in SEATS:
        for fid, line in zip(log.teams[seat], log.team_item_lines[seat]):
            competitor(fid, line)
    for rnd in log.rounds:
        for turn, line in zip(rnd.turns, rnd.turn_lines):
            for fid in turn.faces():
                competitor(fid, line)
        for fid in rnd.finish or ():
            competitor(fid, rnd.finish_line)
    for rnd in log.rounds:
        for fid, line in zip(rnd.course, rnd.course_lines):
            if deck.obstacle_face(fid) is None:
                faults.append(Fault(log.path, line, 0, f"{fid} is not an obstacle face of the deck"))
    return faults


_ITEM = re.compile(r"^(\s*-\s+)(?![^#]*:(\s|$))\S.*?(\r?\n)?$")  # "- text", not "- key: value"


def read_log_tried(path: str | Path, shown: str, tries: Sequence[tuple[int, str]], data: bytes | None = None) -> GameLog:
    """A log read with the turn on each tried line replaced by another (the
    file is not touched): a judge trying corrections. The replacement is made
    in the text, so a turn that could not even be read can be tried anew. A
    line that holds no turn is a read fault. ``data``: the log's bytes when
    they are not read from ``path`` (standard input)."""
    path = Path(path)
    if data is None:
        try:
            data = yamlsource.read_bytes(path, shown)
        except yamlsource.YamlReadError as exc:
            raise LogError(exc.fault) from None
    try:
        lines = yamlsource.decode(data, shown).splitlines(keepends=True)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    for line, turn in tries:
        m = _ITEM.match(lines[line - 1]) if 1 <= line <= len(lines) else None
        if m is None:
            raise LogError(Fault(shown, line, 0, f"line {line} holds no turn to replace; give the line of a turn (a '- ' line of a round's turns)"))
        lines[line - 1] = m.group(1) + json.dumps(turn) + (m.group(3) or "")
    log = read_log_bytes("".join(lines).encode("utf-8"), shown, path.parent)
    turn_lines = {n for rnd in log.rounds for n in rnd.turn_lines}
    for line, _ in tries:
        if line not in turn_lines:
            raise LogError(Fault(shown, line, 0, f"line {line} is a list entry, but not a turn of a round"))
    return log
