"""The values a log records for the checker to compare (each round's
``finish`` and ``points``, the ``result``) and the judge's ``adjudicated``
result, read forgivingly (revision 4 of docs/game-log.md).

A recorded value written in a form that cannot be compared (``winner:
nroth``, ``points: {nort: 8, south: 7}``, ``winner: 7``) is not a read fault:
it is kept as written, with the slip in words, and the checker reports it as
a ``record`` fault at its line while the rest of the game is checked. Only a
field that is no field of the log at all (an unknown key of a round or of
``result``) stays a read fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..deck.fields import FieldReader, nearest_word, show
from ..deck.located import YList, YMap
from ..rules import SEATS, Seat, face_id

RESULT_KEYS = ("columns", "score", "winner")
WINNERS = (*SEATS, "draw")
ADJUDICATED_KEYS = ("winner", "reason")
RULED_KEYS = (*ADJUDICATED_KEYS, "void", "counts", "drop")  # a ruling's adjudicated may say more (revision 6)
#: the reasons whose game points revision 6 sets (any other reason: the score as the log stands)
KINDS = ("forfeit", "no-show", "time-called", "double-loss")


@dataclass(frozen=True)
class Written:
    """One recorded value as the log writes it: its line, and why it cannot
    be compared with the game's (``slip``), if it cannot."""

    value: Any
    line: int
    slip: str = ""


@dataclass(frozen=True)
class Adjudicated:
    """A result the judge ruled (a forfeit, a concession, a game stopped by
    time), which the standings take in place of the game's."""

    winner: str  # north | south | draw; '' for a void, counts or double-loss ruling
    reason: str
    line: int
    void: bool = False  # a ruling's: this log is not the game (revision 6)
    counts: bool = False  # a ruling's: of two copies of one game, this one stands
    drop: bool | None = None  # a no-show's: whether the absent player is dropped (None: as the reason says, yes)

    @property
    def kind(self) -> str:
        """One of :data:`KINDS` when the reason is one (``time called`` is
        ``time-called``; case, spaces and underscores aside), else ''."""
        word = "-".join(self.reason.replace("_", " ").split()).lower()
        return next((k for k in KINDS if word == k or word.startswith(k + ":")), "")  # "forfeit: north did not come" too

    def to_json(self) -> dict[str, Any]:
        got: dict[str, Any] = {"line": self.line, "winner": self.winner, "reason": self.reason}
        for key in ("void", "counts"):
            if getattr(self, key):
                got[key] = True
        if self.drop is not None:
            got["drop"] = self.drop
        return got


def _whole_or_slip(m: YMap, key: Any) -> Written:
    """A whole number (plain or quoted) at ``m[key]``; anything else is a slip."""
    value, line = m[key], m.at(key)[0]
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 6:
        return Written(int(value.strip()), line)
    if isinstance(value, int) and not isinstance(value, bool):
        return Written(value, line)
    return Written(_plain(value), line, f"{show(value)} is not a whole number")


def _plain(value: Any) -> Any:
    """A written value as JSON can carry it (a list or mapping as text)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return show(value)


def _seat_values(r: FieldReader, m: YMap, key: str, field: str, written: dict[str, Written]) -> None:
    """``{north: 9, south: 6}`` into ``written[f"{field}.north"]`` and so on. A
    misspelt seat (``nort``) is read as the seat meant, a slip; a value that is
    no whole number is a slip; a mapping that is not one at all is a slip of the
    whole field."""
    sm = m[key]
    if not isinstance(sm, YMap):
        written[field] = Written(_plain(sm), m.at(key)[0], f"{show(sm)} is not a mapping with north and south")
        return
    for seat in SEATS:
        if seat in sm:
            written[f"{field}.{seat}"] = _whole_or_slip(sm, seat)
    for k in sm:
        if k in SEATS:
            continue
        word = str(k).strip().lower()
        prefix = [seat for seat in SEATS if word and seat.startswith(word)]  # n, s, sou: a seat cut short
        close = prefix or nearest_word(word, list(SEATS), cutoff=0.5)
        meant = close[0] if len(close) == 1 else None
        if meant is None or f"{field}.{meant}" in written:
            r.fault_key(sm, k, f"unknown field {show(k)} in '{key}'; expected north and south")
            continue
        got = _whole_or_slip(sm, k)
        why = f"{show(k)} is not a seat; read as {meant}" + (f", and {got.slip}" if got.slip else "")
        written[f"{field}.{meant}"] = Written(got.value, got.line, why)


def _finish(m: YMap, number: int, written: dict[str, Written]) -> None:
    """A round's ``finish``: face ids in order; anything else is kept as written, a slip."""
    items, line = m["finish"], m.at("finish")[0]
    field = f"rounds[{number}].finish"
    if not isinstance(items, YList):
        written[field] = Written(_plain(items), line, f"{show(items)} is not a list of face ids")
        return
    ids = [face_id(x) if isinstance(x, str) else None for x in items]
    bad = [x for x, fid in zip(items, ids) if fid is None]
    if bad:
        written[field] = Written([str(x) for x in items], line, f"{show(bad[0])} is not a face id")
    else:
        written[field] = Written(ids, line)


def read_round_records(r: FieldReader, rm: YMap, number: int, written: dict[str, Written]) -> None:
    """A round's recorded ``finish`` and ``points`` (absent ones are not written)."""
    if "finish" in rm:
        _finish(rm, number, written)
    if "points" in rm:
        _seat_values(r, rm, "points", f"rounds[{number}].points", written)


def read_result(r: FieldReader, doc: YMap, written: dict[str, Written], players: Mapping[Seat, str]) -> None:
    """The log's ``result``: complete columns, scores and the winner, as
    written (a player's name under ``players`` read as that player's seat)."""
    rm = r.get(doc, "result", dict, "the log", what="a mapping")
    if rm is None:
        return
    r.unknown_keys(rm, RESULT_KEYS, "result")
    for key in RESULT_KEYS:
        if key in rm and rm[key] is None:
            del rm[key]
    for key in ("columns", "score"):
        if key in rm:
            _seat_values(r, rm, key, f"result.{key}", written)
    if "winner" in rm:
        w, line = rm["winner"], rm.at("winner")[0]
        seat = winner_seat(w, players)
        if seat is not None:
            written["result.winner"] = Written(seat, line)
        else:
            written["result.winner"] = Written(_plain(w), line, f"{show(w)} is not north, south or draw{_meant(w, players)}")


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def winner_seat(value: Any, players: Mapping[Seat, str]) -> str | None:
    """``north``, ``south`` or ``draw`` as a winner is written: the word in
    any case, or the name of one player under ``players`` (case and runs of
    spaces aside); None when it is neither (or names both seats)."""
    if not isinstance(value, str):
        return None
    if value.strip().lower() in WINNERS:
        return value.strip().lower()
    named = [seat for seat, name in players.items() if name.strip() and _key(name) == _key(value)]
    return str(named[0]) if len(named) == 1 else None


def _meant(value: Any, players: Mapping[Seat, str]) -> str:
    """ "; did you mean north?" (or a player's name near the word, with the seat), or ''."""
    if not isinstance(value, str):
        return ""
    if sum(_key(name) == _key(value) for name in players.values()) > 1:
        return "; both players are named so: write north or south"
    words = {w: w for w in WINNERS} | {_key(name): f"{name} ({seat})" for seat, name in players.items() if name.strip()}
    close = nearest_word(_key(value), list(words), cutoff=0.5)
    return f"; did you mean {words[close[0]]}?" if close else ""


def read_adjudicated(r: FieldReader, doc: YMap, players: Mapping[Seat, str], ruling: bool = False) -> Adjudicated | None:
    """``adjudicated: {winner: north, reason: south conceded}``: a result the
    judge ruled (the winner may be a player's name, read as that seat). A
    ruling's may instead say ``void: true`` (with a reason), ``counts: true``,
    or give the reason ``double-loss`` without a winner; a no-show's may say
    ``drop: false`` (revision 6)."""
    am = r.get(doc, "adjudicated", dict, "the log", what="a mapping with winner and reason")
    if am is None:
        return None
    r.unknown_keys(am, RULED_KEYS if ruling else ADJUDICATED_KEYS, "adjudicated")
    line = doc.key_at("adjudicated")[0]
    flags = {}
    for key in ("void", "counts", "drop"):
        if ruling and key in am:
            if not isinstance(am[key], bool):
                r.fault(am, key, f"'{key}' is true or false, not {show(am[key])}")
                return None
            flags[key] = am[key]
    reason = am.get("reason")
    text = (
        (reason if isinstance(reason, str) else am.as_written("reason") or str(reason)).strip()
        if reason is not None and not isinstance(reason, (dict, list))
        else ""
    )
    if flags.get("void") and flags.get("counts"):
        r.fault_on(am, "a ruling says 'void: true' or 'counts: true', not both")
        return None
    if flags.get("counts"):
        if "winner" in am:
            r.fault(am, "winner", "'counts: true' says this copy of the game stands as played; it takes no winner")
            return None
        return Adjudicated("", text or "counts", line, counts=True)
    if not text:
        r.fault_on(am, "'adjudicated' needs a 'reason' in words (a forfeit, a concession, time called, a ruling)")
        return None
    if flags.get("void") or (ruling and Adjudicated("", text, line).kind == "double-loss"):
        if "winner" in am:
            r.fault(am, "winner", f"{'a void game' if flags.get('void') else 'a double loss'} has no winner; leave 'winner' out")
            return None
        return Adjudicated("", text, line, void=bool(flags.get("void")))
    w = r.get(am, "winner", str, "adjudicated", what="north, south or draw")
    if w is None:
        return None
    seat = winner_seat(w, players)
    if seat is None:
        r.fault(am, "winner", f"the adjudicated 'winner' must be north, south or draw (or a player's name), not {show(w)}{_meant(w, players)}")
        return None
    if "drop" in flags and Adjudicated(seat, text, line).kind != "no-show":
        r.fault(am, "drop", "'drop' belongs to a no-show (reason: no-show): whether the absent player is dropped")
        return None
    return Adjudicated(seat, text, line, drop=flags.get("drop"))
