"""Corrections tried in place (``check --try``): a log read with some of its
lines replaced, deleted or followed by a new one, the file never changed.

- ``--try 41 "7a assist 2a:chit"``: the turn on line 41 read as another;
- ``--try 3 "edition: 1"`` (or ``--try 3 1``): a header line (the edition,
  ``first``, a team, any ``key: value`` line) read with another value;
- ``--try 41 -``: line 41 read as if it were not there;
- ``--try 41+ "4a"``: a new line read after line 41, indented as it is (a
  turn after a turn, a ``key: value`` after a ``key: value``).

The replacement is made in the log's text, so a turn that could not even be
read can be tried anew. Every line number a verdict gives is the file's:
a deleted line becomes a comment, and a line inserted after line 41 is
reported as line 41.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ..deck import yamlsource
from ..errors import Fault, LogError, OptionError
from ..language import _
from .header import UnreadLog
from .log import GameLog, LogRound, read_log_bytes
from .recorded import Written

DELETE = "-"
_LINE = re.compile(r"[0-9]{1,7}")
_UNDECODED = re.compile("[\udc80-\udcff]")
_ITEM = re.compile(r"^(\s*-\s+)(?![^#]*:(\s|$))\S.*?(\r?\n)?$")  # "- text", not "- key: value"
_KEY = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):(?:[ \t]+([^#\r\n]*?))?[ \t]*(#[^\r\n]*)?(\r?\n)?$")


class Try(NamedTuple):
    """One correction: the log's ``line`` read as ``text`` (``-``: deleted),
    or, when ``after``, a new line ``text`` read after it."""

    line: int
    text: str
    after: bool = False

    @property
    def delete(self) -> bool:
        return self.text.strip() == DELETE and not self.after

    def option(self) -> str:
        """The option as a judge types it again."""
        import shlex

        return f"--try {self.line}{'+' * self.after} {shlex.quote(self.text)}"

    def words(self) -> str:
        """ "line 41 as '7a assist 2a:chit'", "line 41 as left out", "'4a' inserted after line 41"."""
        if self.delete:
            return _("line %(line)d as left out") % {"line": self.line}
        if self.after:
            return _("%(text)s inserted after line %(line)d") % {"text": repr(self.text), "line": self.line}
        return _("line %(line)d as %(text)s") % {"line": self.line, "text": repr(self.text)}

    def to_json(self) -> dict[str, object]:
        if self.delete:
            return {"line": self.line, "delete": True}
        return {"line": self.line, "after": True, "text": self.text} if self.after else {"line": self.line, "turn": self.text}


def parse_try(line: str, text: str) -> Try:
    """``41`` or ``41+`` and the text; OptionError with the reason when the line is no line."""
    after = line.endswith("+")
    digits = line[:-1] if after else line
    if not _LINE.fullmatch(digits) or int(digits) < 1:  # ASCII digits: "²" is a digit to str.isdigit, no number to int
        raise OptionError(f"{line!r} is not a line number (41, or 41+ to insert after line 41)")
    if "\n" in text or "\r" in text:
        raise OptionError("a tried text is one line")
    if _UNDECODED.search(text):  # bytes of the command line that are no UTF-8, kept by Python as lone surrogates
        bad = ", ".join(f"\\x{ord(c) - 0xDC00:02x}" for c in dict.fromkeys(_UNDECODED.findall(text)))
        raise OptionError(f"the text holds bytes that are not UTF-8 ({bad}); a log is UTF-8 text: give the text so")
    if after and text.strip() == DELETE:
        raise OptionError(f"{line} {DELETE} inserts nothing; to delete line {digits}, give --try {digits} {DELETE}")
    return Try(int(digits), text, after)


def _edit(old: str, t: Try, shown: str) -> str:
    """What the try makes of the file's line ``old``: its replacement, or the line inserted after it."""
    import json  # here: only a try needs it (the checker's start)

    end = "\n" if old.endswith("\n") or t.after else ""
    item, key = _ITEM.match(old), _KEY.match(old)
    if item is None and key is None:
        raise LogError(Fault(shown, t.line, 0, f"line {t.line} holds neither a turn nor a 'key: value' line to try another in place of"))
    indent = (item.group(1) if item else key.group(1) if key else "").replace("-", " ")
    if t.delete:
        return f"{indent}# line {t.line} left out (check --try){end}"
    if t.after:
        if item is not None:
            return f"{item.group(1)}{json.dumps(t.text)}{end}"
        if key is not None and key.group(2) == "turns" and not key.group(3):
            return f"{indent}  - {json.dumps(t.text)}{end}"  # the first turn of a round
        return f"{indent}{t.text.strip()}{end}"
    if item is not None:
        return item.group(1) + json.dumps(t.text) + (item.group(3) or "")
    assert key is not None
    text = t.text.strip()
    value = text[len(key.group(2)) + 1 :].strip() if text.lower().startswith(key.group(2).lower() + ":") else text
    return f"{key.group(1)}{key.group(2)}: {value}{end}"


def read_log_tried(path: str | Path, shown: str, tries: Sequence[Try], data: bytes | None = None) -> GameLog:
    """A log read with each tried correction made in its text (the file is
    not touched). ``data``: the log's bytes when they are not read from
    ``path`` (standard input). A tried turn on a line that holds no turn is a
    read fault."""
    path = Path(path)
    if data is None:
        try:
            data = yamlsource.read_bytes(path, shown)
        except yamlsource.YamlReadError as exc:
            raise UnreadLog(exc.fault) from None
    try:
        old = yamlsource.decode(data, shown, wide=True).splitlines(keepends=True)
    except yamlsource.YamlReadError as exc:
        raise UnreadLog(exc.fault) from None
    edits: dict[int, list[tuple[str, int | None]]] = {}  # a file's line: what it reads as, each with the try that made it
    for k, t in enumerate(tries):
        if not 1 <= t.line <= len(old):
            raise LogError(Fault(shown, t.line, 0, f"line {t.line} is past the log's end (line {len(old)})"))
        now = edits.get(t.line, [(old[t.line - 1], None)])
        got = _edit(old[t.line - 1], t, shown)
        if t.after:
            first, by = now[0]
            edits[t.line] = [(first if first.endswith("\n") else first + "\n", by), *now[1:], (got, k)]
        else:
            if _same(got, old[t.line - 1]):
                raise LogError(Fault(shown, t.line, 0, f"--try {t.line} {t.text!r} changes nothing: line {t.line} already reads so"))
            edits[t.line] = [(got, k), *now[1:]]
    new: list[str] = []  # the new text
    number: list[int] = []  # the file's line of each of its lines
    made_by: list[int | None] = []  # the try that made each of its lines (None: the file's own)
    for n, line in enumerate(old, 1):
        made = edits.get(n, [(line, None)])
        new += [text for text, _ in made]
        number += [n] * len(made)
        made_by += [by for _, by in made]
    try:
        log = read_log_bytes("".join(new).encode("utf-8"), shown, path.parent)
    except UnreadLog as exc:
        renumbered = [_renumbered(f, number) for f in exc.faults]
        raise UnreadLog(renumbered, exc.header, [], exc.folder, exc.deck_line) from None
    written_by = [(r, k, made_by[n - 1]) for r, rnd in enumerate(log.rounds, 1) for k, n in enumerate(rnd.turn_lines, 1)]
    log = renumber(log, number)
    log.tried_turns = {(r, k): by for r, k, by in written_by if by is not None}
    log.file_written = _file_written(data, shown, path.parent)
    log.tried_lines = {t.line: as_written(old[t.line - 1]) for t in tries}
    turn_lines = {n for rnd in log.rounds for n in rnd.turn_lines}
    for t in tries:
        if not t.after and not t.delete and _ITEM.match(old[t.line - 1]) and t.line not in turn_lines:
            raise LogError(Fault(shown, t.line, 0, f"line {t.line} is a list entry, but not a turn of a round"))
    return log


def _file_written(data: bytes, shown: str, folder: Path) -> dict[str, Written] | None:
    """The values the file itself writes (a printable verdict's "Written"), or None when it cannot be read as it is."""
    try:
        return read_log_bytes(data, shown, folder).written
    except UnreadLog:
        return None


def _same(tried: str, line: str) -> bool:
    """Whether a tried line reads as the file's line does (spacing, quotes and
    comments aside; a turn's case too, as turns are read in any case)."""
    a, b = as_written(tried), as_written(line)
    if _ITEM.match(line):
        a, b = a.casefold(), b.casefold()
    return a.split() == b.split()


def _renumbered(fault: Fault, number: list[int]) -> Fault:
    """A read fault at the file's line; one past the text's end (YAML's end
    of input, after a line inserted last) at the file's last line."""
    if fault.line < 1:
        return fault
    if fault.line > len(number):
        return fault._replace(line=number[-1], column=0) if number else fault
    return fault._replace(line=number[fault.line - 1])


def as_written(line: str) -> str:
    """A line of the file as a judge reads it: no list dash, no comment."""
    item, key = _ITEM.match(line), _KEY.match(line)
    text = line.strip()
    if item is not None:
        text = text[1:].strip()
    elif key is not None:
        text = f"{key.group(2)}: {(key.group(3) or '').strip()}".strip()
    quoted = text[:1] in "\"'" and text[-1:] == text[:1] and len(text) > 1
    return text[1:-1] if quoted else text.split(" #")[0].strip()


def renumber(log: GameLog, number: list[int]) -> GameLog:
    """The log with every line it remembers given as the file's line (``number[k]``: the file's line of line k + 1)."""

    def n(line: int) -> int:
        return number[line - 1] if 1 <= line <= len(number) else line

    rounds = [LogRound(r.course, n(r.course_line), [n(x) for x in r.course_lines], r.turns, r.turn_texts, [n(x) for x in r.turn_lines]) for r in log.rounds]
    return replace(
        log,
        deck_line=n(log.deck_line),
        team_lines={s: n(x) for s, x in log.team_lines.items()},
        team_item_lines={s: [n(x) for x in xs] for s, xs in log.team_item_lines.items()},
        rounds=rounds,
        rounds_line=n(log.rounds_line),
        written={k: Written(w.value, n(w.line), w.slip) for k, w in log.written.items()},
        adjudicated=replace(log.adjudicated, line=n(log.adjudicated.line)) if log.adjudicated else None,
        edition_line=n(log.edition_line) if log.edition_line else 0,
        format_line=n(log.format_line),
    )
