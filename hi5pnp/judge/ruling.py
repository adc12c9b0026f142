"""A judge's ruling beside a log (revision 5 of docs/game-log.md):
``NAME.ruling.yaml`` holds the corrections ``check --try`` takes and,
perhaps, a result the judge ruled, tied by SHA-256 to the one version of
``NAME.yaml`` it is for. The signed log is never edited: ``check`` and the
standings read the log as ruled.

```yaml
ruling: hi5/1
log_sha256: 9f2c…
judge: Sam
corrections:
  - {line: 41, text: "7a assist 2a:chit"}
  - {line: "52+", text: "4a"}
adjudicated: {winner: north, reason: "time called"}
```
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..deck import yamlsource
from ..deck.fields import FieldReader, describe, show
from ..deck.located import YList, YMap
from ..errors import InputError, LogError, OptionError
from ..language import _, ngettext
from ..language.words import listed
from ..rules.seat import seat_words
from .logwrite import quote
from .recorded import Adjudicated, read_adjudicated
from .tries import Try, parse_try

FORMAT = "hi5/1"
SUFFIXES = (".ruling.yaml", ".ruling.yml")
KEYS = ("ruling", "log_sha256", "judge", "corrections", "adjudicated", "result")
CORRECTION_KEYS = ("line", "text")
RESULT_KEYS = ("winner", "score")
_SHA = re.compile(r"^[0-9a-f]{64}$")
ANOTHER_VERSION = "the ruling is for another version of the log"


@dataclass(frozen=True)
class Ruling:
    """A judge's ruling on one version of a log."""

    path: str  # as messages show it
    log_sha256: str
    judge: str
    corrections: tuple[Try, ...]
    adjudicated: Adjudicated | None = None
    result: SlipResult | None = None  # a result from a signed slip, in place of the log's (revision 6)

    def words(self) -> str:
        """ "as ruled by Sam, 2 corrections" (and the result ruled, if any)."""
        n = len(self.corrections)
        parts = [ngettext("%(n)d correction", "%(n)d corrections", n) % {"n": n}] if n else []
        a = self.adjudicated
        if a is not None and a.void:
            parts.append(_("void (%(reason)s)") % {"reason": a.reason})
        elif a is not None and a.counts:
            parts.append(_("the copy that counts"))
        elif a is not None and not a.winner:
            parts.append(_("a double loss (%(reason)s)") % {"reason": a.reason})
        elif a is not None:
            parts.append(_("the result ruled (%(winner)s, %(reason)s)") % {"winner": seat_words(a.winner), "reason": a.reason})
        if self.result is not None:
            parts.append(_("the result from the slip (%(winner)s, %(north)d–%(south)d)") % {"winner": seat_words(self.result.winner), **self.result.points()})
        return _("as ruled by %(judge)s, %(what)s") % {"judge": self.judge, "what": listed(parts)}

    def to_json(self) -> dict[str, Any]:
        got: dict[str, Any] = {"file": self.path, "judge": self.judge, "corrections": [t.to_json() for t in self.corrections]}
        if self.adjudicated is not None:
            got["adjudicated"] = {k: v for k, v in self.adjudicated.to_json().items() if k != "line"}
        if self.result is not None:
            got["result"] = {"winner": self.result.winner, "score": self.result.points()}
        return got


@dataclass(frozen=True)
class SlipResult:
    """``result: {winner: north, score: {north: 31, south: 28}}`` in a ruling:
    the result of a signed slip, its game points counting as written."""

    winner: str  # north | south | draw
    score: tuple[int, int]  # north, south

    def points(self) -> dict[str, int]:
        return {"north": self.score[0], "south": self.score[1]}


def is_ruling(path: str | Path) -> bool:
    """A ruling file's name (``NAME.ruling.yaml``): never a log."""
    return os.path.basename(path).lower().endswith(SUFFIXES)


def ruling_path(log: str | Path) -> Path:
    """Where the ruling on ``log`` lives: ``NAME.ruling.yaml`` beside ``NAME.yaml``."""
    return Path(_beside(log) + SUFFIXES[0])


def find_ruling(log: str | Path) -> Path | None:
    """The ruling file beside ``log``, if there is one (``.ruling.yml`` too)."""
    stem = _beside(log)
    for suffix in SUFFIXES:
        if os.path.lexists(stem + suffix):  # a file, or a link (even one that leads nowhere: reading it says so)
            return Path(stem + suffix)
    return None


def _beside(log: str | Path) -> str:
    """``log``'s path without its suffix, cut as :attr:`Path.stem` cuts it;
    made of strings, as it is asked of every log a batch checks."""
    head, name = os.path.split(os.fspath(log))
    dot = name.rfind(".")
    return os.path.join(head, name[:dot] if 0 < dot < len(name) - 1 else name)


def _correction(r: FieldReader, items: YList, k: int) -> Try | None:
    cm = items[k]
    where = f"correction {k + 1}"
    if not isinstance(cm, YMap):
        r.fault(items, k, f'{where} must be a mapping {{line: 41, text: "7a"}}, not {describe(cm)}')
        return None
    r.unknown_keys(cm, CORRECTION_KEYS, where)
    for key in CORRECTION_KEYS:
        if key not in cm:
            r.fault_on(cm, f"{where} lacks '{key}'")
            return None
    line, text = cm["line"], cm["text"]
    if isinstance(line, bool) or not isinstance(line, (int, str)):
        r.fault(cm, "line", f"'line' is a line number (41, or \"41+\" to insert after it), not {describe(line)}")
        return None
    if text is None or isinstance(text, (bool, dict, list)):
        r.fault(cm, "text", f"'text' is the line as ruled (a turn, a 'key: value', or - to leave the line out), not {describe(text)}")
        return None
    written = text if isinstance(text, str) else cm.as_written("text") or str(text)
    try:
        return parse_try(str(line).strip(), written)
    except OptionError as exc:
        r.fault(cm, "line", str(exc))
        return None


def read_ruling(path: str | Path, shown: str | None = None) -> Ruling:
    """A ruling file; :class:`LogError` naming every fault at its line."""
    shown = shown or str(path)
    try:
        doc = yamlsource.load(Path(path), shown, Path(path).parent.resolve())  # a link out of its folder is refused
    except yamlsource.YamlReadError as exc:
        raise LogError(exc.fault) from None
    r = FieldReader(noun="field")
    m = r.mapping(doc, "a ruling", shown)
    if m is None:
        raise LogError(r.faults)
    r.unknown_keys(m, KEYS, "the ruling")
    fmt = r.get(m, "ruling", str, "the ruling", what=f"'{FORMAT}'")
    if fmt is not None and fmt != FORMAT:
        r.fault(m, "ruling", f"ruling format {show(fmt)} is not known; this checker reads '{FORMAT}'")
    sha = r.get(m, "log_sha256", str, "the ruling", what="the SHA-256 of the log file, 64 hex digits")
    if sha is not None and not _SHA.match(sha.strip().lower()):
        r.fault(m, "log_sha256", f"'log_sha256' is the SHA-256 of the log file, 64 hex digits, not {show(sha)}")
    judge, name = m.get("judge"), ""
    if "judge" not in m:
        r.fault_on(m, "the ruling lacks 'judge': who ruled")
    elif judge is None or isinstance(judge, (dict, list)) or not str(judge).strip():
        r.fault(m, "judge", f"'judge' names the judge who ruled, in words, not {describe(judge)}")
    else:
        name = (judge if isinstance(judge, str) else m.as_written("judge") or str(judge)).strip()
    corrections: list[Try] = []
    if "corrections" in m and m["corrections"] is not None:
        items = r.get(m, "corrections", list, "the ruling", what="a list of {line, text}")
        for k in range(len(items or [])):
            got = _correction(r, items, k)
            if got is not None:
                corrections.append(got)
    adjudicated = read_adjudicated(r, m, {}, ruling=True) if "adjudicated" in m and m["adjudicated"] is not None else None  # a ruling names no players
    result = _slip_result(r, m) if "result" in m and m["result"] is not None else None
    if result is not None and adjudicated is not None and (adjudicated.void or adjudicated.counts or not adjudicated.winner):
        r.fault(m, "result", "a result from a slip is the game's result: it goes with no void, counts or double loss")
    if not r.faults and not corrections and adjudicated is None and result is None:
        r.fault_on(m, "the ruling rules nothing: give 'corrections', 'adjudicated' or 'result'")
    if r.faults:
        raise LogError(r.faults)
    assert sha is not None
    return Ruling(shown, sha.strip().lower(), name, tuple(corrections), adjudicated, result)


def _slip_result(r: FieldReader, m: YMap) -> SlipResult | None:
    """``result: {winner: north|south|draw, score: {north: N, south: M}}``."""
    rm = r.get(m, "result", dict, "the ruling", what="a mapping with winner and score")
    if rm is None:
        return None
    r.unknown_keys(rm, RESULT_KEYS, "result")
    winner = rm.get("winner")
    if not isinstance(winner, str) or winner.strip().lower() not in ("north", "south", "draw"):
        r.fault_on(rm, f"the result's 'winner' is north, south or draw, not {describe(winner)}")
        return None
    sm = r.get(rm, "score", dict, "result", what="each seat's game points: {north: 31, south: 28}")
    if sm is None:
        if "score" not in rm:
            r.fault_on(rm, "a result from a slip gives the score: {north: 31, south: 28}")
        return None
    r.unknown_keys(sm, ("north", "south"), "score")
    points = []
    for seat in ("north", "south"):
        value = sm.get(seat)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 9999:
            r.fault_on(sm, f"the score's '{seat}' is game points, a whole number from 0, not {describe(value)}")
            return None
        points.append(value)
    won = winner.strip().lower()
    north, south = points
    if (won == "draw") != (north == south) or (won == "north" and north < south) or (won == "south" and south < north):
        r.fault_on(rm, f"the winner ({won}) does not agree with the score ({north}–{south})")
        return None
    return SlipResult(won, (north, south))


def ruling_text(
    log_sha256: str, judge: str, corrections: list[Try] | tuple[Try, ...], adjudicated: Adjudicated | None = None, result: SlipResult | None = None
) -> str:
    """A ruling file's text, as ``check --rule-as`` writes it; it reads back as written."""
    lines = [
        "# A judge's ruling on the log beside it; the log itself is not changed.",
        f"ruling: {FORMAT}",
        f"log_sha256: {log_sha256}",
        f"judge: {quote(judge)}",
    ]
    if corrections:
        lines.append("corrections:")
        for t in corrections:
            line = f"{t.line}+" if t.after else str(t.line)
            lines.append(f"  - {{line: {quote(line) if t.after else line}, text: {quote(t.text)}}}")
    if adjudicated is not None:
        lines.append(f"adjudicated: {adjudicated_text(adjudicated)}")
    if result is not None:
        lines.append(f"result: {{winner: {result.winner}, score: {{north: {result.score[0]}, south: {result.score[1]}}}}}")
    return "\n".join(lines) + "\n"


def adjudicated_text(a: Adjudicated) -> str:
    """A ruling's ``adjudicated`` mapping, in flow style, as it reads back."""
    parts = [f"winner: {a.winner}"] if a.winner else []
    if a.void:
        parts.append("void: true")
    if a.counts:
        parts.append("counts: true")
    if not a.counts or a.reason != "counts":
        parts.append(f"reason: {quote(a.reason)}")
    if a.drop is not None:
        parts.append(f"drop: {'true' if a.drop else 'false'}")
    return "{" + ", ".join(parts) + "}"


def _applies(log: str | Path, corrections: Sequence[Try]) -> None:
    """Each correction names a line of the log and changes it, and the log
    so corrected can be read; else an :class:`OptionError` saying why, and
    that no ruling was written."""
    from .tries import read_log_tried

    try:
        read_log_tried(log, str(log), corrections)
    except InputError as exc:
        fault = exc.faults[0] if exc.faults else None
        why = fault.message if fault is not None else str(exc)
        raise OptionError(f"no ruling written: {why}; correct the tried line and rule again") from None


def write_ruling(log: str | Path, judge: str, corrections: Sequence[Try], adjudicated: Adjudicated | None = None, result: SlipResult | None = None) -> Path:
    """The judge's ruling on ``log`` as it now is, written beside it (``NAME.ruling.yaml``);
    never over a ruling (:class:`OutputError`), and only for a log that can be hashed."""
    from ..errors import OutputError, printable
    from ..files import sha256_of, write_new

    there = find_ruling(log)
    if there is not None:
        raise OutputError(printable(f"{there}: a ruling on this log exists already; it is never replaced (remove it to rule anew)"))
    if not judge.strip():
        raise OptionError("a ruling names the judge who made it")
    if corrections:  # checked before anything is written: a ruling holds only corrections that apply
        _applies(log, corrections)
    try:
        digest = sha256_of(log)
    except OSError as exc:
        raise OutputError(printable(f"{log}: cannot be read: {exc.strerror or exc}")) from None
    target = ruling_path(log)
    write_new(target, ruling_text(digest, judge.strip(), tuple(corrections), adjudicated, result).encode("utf-8"))
    return target
