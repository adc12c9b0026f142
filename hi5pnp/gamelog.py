"""The game log format (``log: hi5/1``): reading a log into a structure that
remembers the line of every entry, finding the log's deck, and writing logs.

Everything here is a *read* fault (exit 2): text that is not a log at all.
Whether the game it records was played by the rules is the checker's question.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import BUNDLED_DECKS, yamlsource
from .deck import Deck
from .errors import Fault, InputError
from .notation import NotationError, Turn, face_id
from .yamlsource import YMap

FORMAT = "hi5/1"
SEATS = ("north", "south")
TOP_KEYS = ("log", "deck", "edition", "event", "players", "teams", "first", "rounds", "result")
ROUND_KEYS = ("course", "turns", "finish", "points")
RESULT_KEYS = ("columns", "score", "winner")


class LogError(InputError):
    """The log or its deck cannot be read: exit status 2."""

    exit_code = 2


class LogRound:
    """One round of a log as written, with the line of each entry."""

    def __init__(self, line: int, course: list[str], course_line: int, course_lines: list[int],
                 turns: list[Turn], turn_texts: list[str], turn_lines: list[int]):
        self.line = line
        self.course = course
        self.course_line = course_line  # the line of the 'course' key
        self.course_lines = course_lines
        self.turns = turns
        self.turn_texts = turn_texts  # as written
        self.turn_lines = turn_lines
        self.finish: list[str] | None = None
        self.finish_line = 0
        self.points: dict[str, int] | None = None
        self.points_lines: dict[str, int] = {}

    def turn_text(self, k: int) -> str:
        return " ".join(self.turn_texts[k].split())


class GameLog:
    """A whole log as written, with the line of each entry."""

    def __init__(self, *, path: str, folder: Path, deck: str | None, deck_line: int, edition: int | None,
                 teams: dict[str, list[str]], team_lines: dict[str, int], team_item_lines: dict[str, list[int]],
                 first: str, rounds: list[LogRound], rounds_line: int, players: dict[str, str], event: str,
                 result: dict[str, Any], result_lines: dict[str, int]):
        self.path = path
        self.folder = folder
        self.deck = deck
        self.deck_line = deck_line
        self.edition = edition
        self.teams = teams
        self.team_lines = team_lines
        self.team_item_lines = team_item_lines
        self.first = first
        self.rounds = rounds
        self.rounds_line = rounds_line  # the line of the 'rounds' key
        self.players = players
        self.event = event
        self.result = result  # columns / score / winner, as written
        self.result_lines = result_lines  # "score.north" -> line


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.faults: list[Fault] = []

    def at(self, container, key, message: str) -> None:
        self.faults.append(yamlsource.fault_at(container, key, message))

    def need(self, m: YMap, key: str, kind: type, what: str, where: str) -> Any:
        if key not in m:
            self.faults.append(yamlsource.fault_on(m, f"{where} lacks the required field '{key}'"))
            return None
        value = m[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            self.at(m, key, f"'{key}' must be {what}, not {_show(value)}")
            return None
        return value

    def unknown(self, m: YMap, allowed: tuple[str, ...], where: str) -> None:
        for key in m:
            if key not in allowed:
                line, col = m.key_at(key)
                self.faults.append(
                    Fault(self.path, line, col, f"unknown field '{key}' in {where}; expected: {', '.join(allowed)}")
                )

    def faces(self, m: YMap, key: str, where: str) -> tuple[list[str], list[int]] | None:
        items = self.need(m, key, list, "a list of face ids", where)
        if items is None:
            return None
        ids, lines = [], []
        for k, item in enumerate(items):
            fid = face_id(item) if isinstance(item, str) else None
            if fid is None and isinstance(item, str) and item.rstrip("?").isdigit() and item.endswith("?"):
                self.at(items, k, f"'{item}': choose a side, {item[:-1]}a or {item[:-1]}b")
                continue
            if fid is None:
                self.at(items, k, f"{_show(item)} is not a face id (a card number and a side, e.g. 3a)")
                continue
            ids.append(fid)
            lines.append(items.at(k)[0])
        return ids, lines

    def seats_of(self, m: YMap, key: str, where: str, kind: type, what: str) -> tuple[dict, dict] | None:
        sm = self.need(m, key, dict, "a mapping with north and south", where)
        if sm is None:
            return None
        self.unknown(sm, SEATS, key)
        values, lines = {}, {}
        for seat in SEATS:
            v = self.need(sm, seat, kind, what, f"'{key}'")
            if v is not None:
                values[seat] = v
                lines[seat] = sm.at(seat)[0]
        return values, lines


def _show(value: Any) -> str:
    text = f"'{value}'" if isinstance(value, str) else "nothing" if value is None else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_log(path: Path, shown: str | None = None) -> GameLog:
    """Read a log file; raise :class:`LogError` listing every read fault."""
    shown = shown or str(path)
    try:
        doc = yamlsource.load(path, shown)
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    return parse_log(doc, shown, path.parent)


def parse_log(doc: Any, shown: str, folder: Path) -> GameLog:
    r = _Reader(shown)
    if not isinstance(doc, YMap):
        raise LogError(Fault(shown, 1, 0, f"a game log is a YAML mapping starting with 'log: {FORMAT}'"))
    r.unknown(doc, TOP_KEYS, "the log")
    fmt = r.need(doc, "log", str, f"'{FORMAT}'", "the log")
    if fmt is not None and fmt != FORMAT:
        r.at(doc, "log", f"log format '{fmt}' is not known; this checker reads '{FORMAT}'")
    deck = doc.get("deck")
    if deck is not None and (not isinstance(deck, str) or not deck.strip()):
        r.at(doc, "deck", "'deck' must name a bundled deck or a folder beside the log")
        deck = None
    edition = doc.get("edition")
    if "edition" in doc and (edition not in (1, 2) or isinstance(edition, bool)):
        r.at(doc, "edition", f"edition {_show(edition)} does not exist; the rules have editions 1 and 2")
        edition = None
    event = doc.get("event", "")
    players: dict[str, str] = {}
    if "players" in doc:
        got = r.seats_of(doc, "players", "the log", str, "a name")
        players = got[0] if got else {}
    teams: dict[str, list[str]] = {}
    team_lines: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    tm = r.need(doc, "teams", dict, "a mapping with north and south", "the log")
    if tm is not None:
        r.unknown(tm, SEATS, "teams")
        for seat in SEATS:
            got = r.faces(tm, seat, "'teams'")
            if got is not None:
                teams[seat], item_lines[seat] = got
                team_lines[seat] = tm.at(seat)[0]
    first = r.need(doc, "first", str, "north or south", "the log")
    if first is not None and first.lower() not in SEATS:
        r.at(doc, "first", f"'first' must be north or south, not {_show(first)}")
    rounds: list[LogRound] = []
    rl = r.need(doc, "rounds", list, "a list of rounds", "the log")
    for k, rm in enumerate(rl or []):
        if not isinstance(rm, YMap):
            r.at(rl, k, f"round {k + 1} must be a mapping with course and turns, not {_show(rm)}")
            continue
        got = _read_round(r, rm, k + 1)
        if got is not None:
            rounds.append(got)
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
        first=first.lower(),
        rounds=rounds,
        rounds_line=doc.key_at("rounds")[0],
        players=players,
        event=str(event),
        result=result,
        result_lines=result_lines,
    )


def _read_round(r: _Reader, rm: YMap, number: int) -> LogRound | None:
    where = f"round {number}"
    r.unknown(rm, ROUND_KEYS, where)
    course = r.faces(rm, "course", where)
    tl = r.need(rm, "turns", list, "a list of turns", where)
    turns, texts, lines = [], [], []
    parse = Turn.parse
    for text, pos in zip(tl or (), tl.item_pos if tl else ()):
        try:
            turns.append(parse(text))
        except NotationError as exc:
            r.faults.append(Fault(r.path, pos[0], pos[1], f"{_show(text)} is not a turn: {exc}"))
            continue
        texts.append(text)
        lines.append(pos[0])
    rnd = None
    if course is not None and tl is not None:
        rnd = LogRound(rm.pos[0], course[0], rm.key_at("course")[0], course[1], turns, texts, lines)
    if "finish" in rm:
        got = r.faces(rm, "finish", where)
        if got is not None and rnd is not None:
            rnd.finish, rnd.finish_line = got[0], rm.at("finish")[0]
    if "points" in rm:
        got = r.seats_of(rm, "points", where, int, "a whole number")
        if got is not None and rnd is not None:
            rnd.points, rnd.points_lines = got
    return rnd


def _read_result(r: _Reader, doc: YMap) -> tuple[dict, dict]:
    result: dict[str, Any] = {}
    lines: dict[str, int] = {}
    rm = r.need(doc, "result", dict, "a mapping", "the log")
    if rm is None:
        return result, lines
    r.unknown(rm, RESULT_KEYS, "result")
    for key in ("columns", "score"):
        if key in rm:
            got = r.seats_of(rm, key, "result", int, "a whole number")
            if got is not None:
                result[key] = got[0]
                lines.update({f"{key}.{s}": ln for s, ln in got[1].items()})
    if "winner" in rm:
        w = rm["winner"]
        if not isinstance(w, str) or w.lower() not in (*SEATS, "draw"):
            r.at(rm, "winner", f"'winner' must be north, south or draw, not {_show(w)}")
        else:
            result["winner"] = w.lower()
            lines["winner"] = rm.at("winner")[0]
    return result, lines


# ---------------------------------------------------------------- the deck
def deck_location(log: GameLog) -> str | Path:
    """The deck a log names: a bundled deck name, or a folder inside the log's own folder.

    Anything else (an absolute path, a path that leaves the log's folder) is a
    read fault: a judge checks logs from strangers, and a log must not make
    the checker read files elsewhere. The judge's ``--deck`` bypasses this.
    """
    name = log.deck or "default"
    if name in BUNDLED_DECKS:
        return name

    def refuse(why: str) -> LogError:
        return LogError(Fault(log.path, log.deck_line, 0, f"deck '{name}' is refused: {why}"))

    if Path(name).is_absolute() or name.startswith("~") or "\\" in name or ":" in name or "\0" in name:
        raise refuse("a log names a bundled deck or a folder beside it; pass --deck to use another")
    try:
        base = log.folder.resolve()
        target = (log.folder / name).resolve()
    except (OSError, RuntimeError) as exc:
        raise refuse(f"the path cannot be followed ({exc})") from None
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
            competitor(turn.face, line)
            for b in turn.brought:
                competitor(b.face, line)
        for fid in rnd.finish or ():
            competitor(fid, rnd.finish_line)
    for rnd in log.rounds:
        for fid, line in zip(rnd.course, rnd.course_lines):
            if deck.obstacle_face(fid) is None:
                faults.append(Fault(log.path, line, 0, f"{fid} is not an obstacle face of the deck"))
    return faults


# ----------------------------------------------------------------- writing
def flow(items) -> str:
    return "[" + ", ".join(str(x) for x in items) + "]"


def seats_flow(values: dict) -> str:
    return "{" + ", ".join(f"{s}: {values[s]}" for s in SEATS) + "}"


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
