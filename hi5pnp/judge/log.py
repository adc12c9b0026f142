"""The game log format (``log: hi5/1``, docs/game-log.md): reading a log into
a structure that remembers the line of every entry, and finding its deck.

Everything here is a *read* fault (exit 2): text that is not a log at all.
Whether the game it records was played by the rules is the checker's question.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

from .. import data
from ..deck import EDITION_NUMBERS, Deck, no_such_edition, yamlsource
from ..deck.fields import FieldReader, describe, show
from ..deck.located import YList, YMap
from ..deck.model import CompetitorFace, ObstacleFace
from ..errors import Fault, LogError
from ..rules import LOG_FORMAT, SEATS, NotationError, Seat, Turn, face_id
from ..rules.turn import parse_turns
from .header import TEXT_KEYS, Header, UnreadLog, header_of_text
from .recorded import Adjudicated, Written, read_adjudicated, read_result, read_round_records
from .suggest import with_hint

FORMAT = LOG_FORMAT
TOP_KEYS = ("log", "deck", "edition", "round", *TEXT_KEYS, "players", "teams", "first", "rounds", "result", "adjudicated")
ROUND_KEYS = ("course", "turns", "finish", "points")
_LINE_OF = itemgetter(0)  # the line of a (line, column) position, read in C


@dataclass
class LogRound:
    """One round of a log as written, with the line of each entry."""

    course: list[str]
    course_line: int  # the line of the 'course' key
    course_lines: list[int]
    turns: list[Turn]
    turn_texts: list[str]  # as written
    turn_lines: list[int]

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
    written: dict[str, Written] = field(default_factory=dict)  # "rounds[2].points.north" -> the value recorded
    adjudicated: Adjudicated | None = None
    edition_line: int = 0  # 0 when the log names no edition
    tried_lines: dict[int, str] = field(default_factory=dict)  # check --try: each tried line as the file writes it
    tried_turns: dict[tuple[int, int], int] = field(default_factory=dict)  # check --try: (round, turn) -> the try that wrote it
    file_written: dict[str, Written] | None = None  # check --try: the values the file itself writes (None: it cannot be read)
    format_line: int = 1  # the 'log:' line
    round: int | None = None  # the event's round (revision 5), if the log says

    @property
    def header(self) -> Header:
        return Header(self.path, self.deck, self.edition, self.players, self.texts, self.round, self.first)


def read_log(path: Path, shown: str | None = None) -> GameLog:
    """Read a log file; raise :class:`LogError` listing every read fault."""
    shown = shown or str(path)
    text = None
    try:
        text = yamlsource.read_text(path, shown, wide=True)
        doc = yamlsource.parse(text, shown)
    except yamlsource.YamlReadError as exc:
        raise UnreadLog(exc.fault, header_of_text(text, shown)) from None
    return parse_log(doc, shown, path.parent)


def read_log_bytes(data: bytes, shown: str, folder: Path) -> GameLog:
    """Read a log from its bytes (standard input's, say); a deck it names is
    looked for in ``folder``."""
    text = None
    try:
        text = yamlsource.decode(data, shown, wide=True)
        doc = yamlsource.parse(text, shown)
    except yamlsource.YamlReadError as exc:
        raise UnreadLog(exc.fault, header_of_text(text, shown)) from None
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
    """A log from its located YAML; raise :class:`UnreadLog` listing every read fault."""
    if not isinstance(doc, YMap):
        raise UnreadLog(Fault(shown, 1, 0, f"a game log is a YAML mapping starting with 'log: {FORMAT}'"))
    _empty_as_nothing(doc, "result", "players", "adjudicated")
    _empty_as_list(doc, "rounds")
    r = FieldReader(noun="field")
    slips: list[tuple[Fault, str, str]] = []
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
    round_number = _whole(r, doc, "round", "the log") if "round" in doc else None
    if round_number is not None and round_number < 1:
        r.fault(doc, "round", f"'round' is the event's round, a whole number from 1, not {round_number}")
        round_number = None
    first_seat = doc.get("first")
    seen_first = Seat(first_seat.strip().lower()) if isinstance(first_seat, str) and first_seat.strip().lower() in SEATS else None
    header = Header(shown, deck.strip() if deck else None, edition, players, texts, round_number, seen_first)
    adjudicated = read_adjudicated(r, doc, players) if "adjudicated" in doc else None
    needed = "adjudicated" not in doc  # a result the judge ruled may stand for a game never played
    teams: dict[Seat, list[str]] = {}
    team_lines: dict[Seat, int] = {}
    item_lines: dict[Seat, list[int]] = {}
    tm = r.get(doc, "teams", dict, "the log", required=needed, what="a mapping with north and south")
    if tm is not None:
        r.unknown_keys(tm, SEATS, "teams")
        for seat in SEATS:
            got = _faces(r, tm, seat, "'teams'", slips, "competitor")
            if got is not None:
                teams[seat], item_lines[seat] = got
                team_lines[seat] = tm.at(seat)[0]
    first = r.get(doc, "first", str, "the log", required=needed, what="north or south")
    if first is not None and first.lower() not in SEATS:
        r.fault(doc, "first", f"'first' must be north or south, not {show(first)}")
    rounds: list[LogRound] = []
    written: dict[str, Written] = {}
    rl = r.get(doc, "rounds", list, "the log", required=needed, what="a list of rounds")
    for k, rm in enumerate(rl or []):
        if not isinstance(rm, YMap):
            r.fault(rl, k, f"round {k + 1} must be a mapping with course and turns, not {show(rm)}")
            continue
        rnd = _read_round(r, rm, k + 1, slips, written)
        if rnd is not None:
            rounds.append(rnd)
    if "result" in doc:
        read_result(r, doc, written, players)
    if r.faults:
        in_play = [f for seat in SEATS for f in teams.get(seat, [])]
        raise UnreadLog(r.faults, header, [s for s in slips if s[0] in r.faults], folder, doc.at("deck")[0] if "deck" in doc else 0, in_play)
    return GameLog(
        path=shown,
        folder=folder,
        deck=header.deck,
        deck_line=doc.at("deck")[0] if "deck" in doc else doc.pos[0],
        edition=edition,
        teams=teams,
        team_lines=team_lines,
        team_item_lines=item_lines,
        first=Seat(first.lower()) if first is not None else Seat.NORTH,
        rounds=rounds,
        rounds_line=doc.key_at("rounds")[0],
        players=players,
        event=texts.get("event", ""),
        texts=texts,
        written=written,
        adjudicated=adjudicated,
        edition_line=doc.at("edition")[0] if "edition" in doc else 0,
        format_line=doc.at("log")[0] if "log" in doc else 1,
        round=round_number,
    )


def _faces(r: FieldReader, m: YMap, key: str, where: str, slips: list[tuple[Fault, str, str]], kind: str) -> tuple[list[str], list[int]] | None:
    """A list of face ids, with the line of each; a word that is no face id
    is noted in ``slips`` for a "did you mean" once the deck is known."""
    items = r.get(m, key, list, where, what="a list of face ids")
    if items is None:
        return None
    found = [face_id(item) if isinstance(item, str) else None for item in items]
    if None not in found:  # every entry a face id, as in almost every log
        return cast(list[str], found), list(map(_LINE_OF, items.item_pos))
    ids: list[str] = []
    lines: list[int] = []
    for k, item in enumerate(items):
        fid = face_id(item) if isinstance(item, str) else None
        if fid is None and isinstance(item, str) and item.endswith("?") and item[:-1].isdigit():
            r.fault(items, k, f"'{item}': choose a side, {item[:-1]}a or {item[:-1]}b")
        elif fid is None:
            r.fault(items, k, f"{show(item)} is not a face id (a card number and a side, e.g. 3a)")
            if isinstance(item, str):
                slips.append((r.faults[-1], item, kind))
        else:
            ids.append(fid)
            lines.append(items.at(k)[0])
    return ids, lines


def _face_word(text: str) -> str | None:
    """The word of a turn that stands where a face id goes but is none (``1Ob``, ``Felix``)."""
    words = text.split()
    if words and face_id(words[0]) is None:
        return words[0]
    if len(words) > 2 and words[1].lower() in ("assist", "help"):
        for word in words[2:]:
            if face_id(word.split(":")[0]) is None:
                return word.split(":")[0]
    return None


def _turns(r: FieldReader, tl: YList, slips: list[tuple[Fault, str, str]]) -> tuple[list[Turn], list[str], list[int]]:
    """A round's turns read, each with its text and line; a read fault for each that is no turn."""
    try:  # every turn a turn, as in almost every log: read at once
        return parse_turns(tl), list(tl), list(map(_LINE_OF, tl.item_pos))
    except NotationError:
        pass
    parse = Turn.parse
    turns: list[Turn] = []
    texts: list[str] = []
    lines: list[int] = []
    for text, pos in zip(tl, tl.item_pos):
        try:
            turns.append(parse(text))
        except NotationError as exc:
            r.faults.append(Fault(tl.path, pos[0], pos[1], f"{show(text)} is not a turn: {exc}"))
            word = _face_word(text) if isinstance(text, str) else None
            if word is not None:
                slips.append((r.faults[-1], word, "turn"))
            continue
        texts.append(text)
        lines.append(pos[0])
    return turns, texts, lines


def _read_round(r: FieldReader, rm: YMap, number: int, slips: list[tuple[Fault, str, str]], written: dict[str, Written]) -> LogRound | None:
    where = f"round {number}"
    _empty_as_list(rm, "turns")
    _empty_as_list(rm, "course")
    _empty_as_nothing(rm, "finish", "points")
    r.unknown_keys(rm, ROUND_KEYS, where)
    course = _faces(r, rm, "course", where, slips, "obstacle")
    tl: YList | None = r.get(rm, "turns", list, where, what="a list of turns")
    turns, texts, lines = _turns(r, tl, slips) if tl else ([], [], [])
    read_round_records(r, rm, number, written)
    if course is not None and tl is not None:
        return LogRound(course[0], rm.key_at("course")[0], course[1], turns, texts, lines)
    return None


# ---------------------------------------------------------------- the deck
def deck_location(log: GameLog | Header, folder: Path, line: int) -> str | Path:
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
        return LogError(Fault(log.path, line, 0, f"deck '{name}' is refused: {why}"))

    if Path(name).is_absolute() or name.startswith("~") or "\\" in name or ":" in name or "\0" in name:
        raise refuse("a log names a bundled deck or a folder beside it; pass --deck to use another")
    if len(name) > 255:
        raise refuse(f"a name of {len(name)} characters is no folder's")
    try:
        base = folder.resolve()
        target = (folder / name).resolve()
    except (OSError, RuntimeError) as exc:
        raise refuse(f"the path cannot be followed ({getattr(exc, 'strerror', None) or exc})") from None
    if not target.is_relative_to(base):
        raise refuse("it lies outside the log's folder; pass --deck to use it")
    return target


_FACE_OF = itemgetter(0)  # a Turn's face (a named tuple's first field), read in C


def unknown_faces(log: GameLog, deck: Deck, turns: bool = True) -> list[Fault]:
    """Read faults for every face id the deck does not have, each with the
    faces it most likely meant; ``turns=False``: of the teams and courses only."""
    team = [f for seat in SEATS for f in log.teams.get(seat, [])]
    named = set(team)  # first every face named, at once: a log that names only the deck's faces needs no more
    for rnd in log.rounds if turns else ():
        named.update(map(_FACE_OF, rnd.turns))
        named.update(b.face for turn in rnd.turns if turn.brought for b in turn.brought)
    if all(deck.competitor_face(f) is not None for f in named) and all(deck.obstacle_face(f) is not None for rnd in log.rounds for f in rnd.course):
        return []
    faults = []
    known: set[str] = set()
    competitors = deck.competitor_faces

    def competitor(fid: str, line: int, near: bool) -> None:
        if fid not in known:
            if deck.competitor_face(fid) is None:  # the faces to suggest are gathered only now: a valid log needs none
                hint_from = in_play(competitors(), team) if near else None
                faults.append(with_hint(Fault(log.path, line, 0, f"{fid} is not a competitor face of the deck"), fid, competitors(), hint_from))
            else:
                known.add(fid)

    for seat in SEATS:
        for fid, line in zip(log.teams.get(seat, ()), log.team_item_lines.get(seat, ())):
            competitor(fid, line, False)  # a team is chosen from the whole deck
    for rnd in log.rounds if turns else ():
        for turn, line in zip(rnd.turns, rnd.turn_lines):  # Turn.faces(), without a list a turn: the same faces come back
            if turn.face not in known:
                competitor(turn.face, line, True)  # a turn names a face in play
            for b in turn.brought:
                if b.face not in known:
                    competitor(b.face, line, True)
    for rnd in log.rounds:
        for fid, line in zip(rnd.course, rnd.course_lines):
            if deck.obstacle_face(fid) is None:
                faults.append(with_hint(Fault(log.path, line, 0, f"{fid} is not an obstacle face of the deck"), fid, deck.obstacle_faces()))
    return faults


def hinted(exc: UnreadLog, deck: Deck) -> UnreadLog:
    """The read faults of a log with a "did you mean" for each word written
    where a face id goes, now that the deck is known."""
    if not exc.face_words:
        return exc
    faces: dict[str, Sequence[CompetitorFace | ObstacleFace]] = {"competitor": deck.competitor_faces(), "obstacle": deck.obstacle_faces()}
    playing = in_play(deck.competitor_faces(), exc.in_play)
    swap = {f: with_hint(f, word, faces[kind if kind != "turn" else "competitor"], playing if kind == "turn" else None) for f, word, kind in exc.face_words}
    return UnreadLog([swap.get(f, f) for f in exc.faults], exc.header, [], exc.folder, exc.deck_line, exc.in_play)


def in_play(faces: Sequence[CompetitorFace], teams: Sequence[str]) -> Sequence[CompetitorFace]:
    """The faces the teams chose, a turn's "did you mean" being one of them
    (every face of the deck while no team could be read)."""
    chosen = set(teams)
    return [f for f in faces if f.id in chosen] or faces
