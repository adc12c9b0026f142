"""Writing values into a deck's YAML in place: a gem's colour, a matrix
box's trait, an obstacle's colour or trait, or a matrix column's list of
boxes (a box added or taken), changed where the file writes it.
(Cards given as CSV are edited the same way: only the row holding the value
is written again, :func:`edited_csv`.)

The reader knows where every value starts (:mod:`.located`); the scalar
written there, plain or quoted, in a flow list (``gems: [red, blue, gold]``)
or a block one, is replaced by the new value in the same style (a column
written as a flow list, ``[speed, power]``, is written again as one), and
nothing else of the file changes: comments, spacing and the other lines stay
as they are, byte for byte. :func:`apply_edits` writes several edits (of one
file or two), each file whole or not at all, and only once a copy of the
deck with all of them has loaded without a fault.

    edit = ValueEdit("competitors.yaml", (1, "a", "gems", 2), "blue", "green")
    print(diff_of(deck, edit))      # the one changed line, as `diff -u` shows it
    deck = apply_edit(deck, edit)   # written, and the deck read again
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml import events

from ...errors import DeckError, Fault, OptionError, OutputError, printable, shown_path
from ...files import write_atomically
from ...textsafe import cell, uncell
from .. import yamlsource
from ..load import AS_CSV, deck_files, load_deck
from ..located import YList, YMap
from ..model import Deck
from ..spreadsheet import source as csvsource

Key = str | int
BOM = b"\xef\xbb\xbf"
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")  # a name written plain reads back as itself (checked too)


@dataclass(frozen=True)
class ValueEdit:
    """One scalar of a deck file changed: ``keys`` is its path in the file
    (list indexes and mapping keys, as :meth:`~.model.Sources.fault` takes),
    ``old`` the value expected there, ``new`` the value written."""

    file: str  # "competitors.yaml", "obstacles.yaml", ...
    keys: tuple[Key, ...]
    old: str | tuple[str, ...]  # a tuple: a list of names (a matrix column), written as a flow list
    new: str | tuple[str, ...]


def _shown_value(value: str | tuple[str, ...]) -> str:
    return printable(str(value) if isinstance(value, str) else "[" + ", ".join(value) + "]")


def _same(found: Any, value: str | tuple[str, ...]) -> bool:
    """Whether the value read is ``value`` (a list read compares to a tuple by its items)."""
    if isinstance(value, tuple):
        return isinstance(found, list) and tuple(found) == value
    return bool(found == value)


class Edited(NamedTuple):
    """A file's text with one value changed, and the line that changed."""

    text: str  # the whole new text
    line: int  # 1-based
    before: str  # that line as it was (without its line break)
    after: str  # and as it is now


def _walk(doc: Any, keys: tuple[Key, ...], where: str) -> tuple[Any, tuple[int, int]]:
    """The value at ``keys`` and its line and column."""
    node, pos = doc, (0, 0)
    for depth, key in enumerate(keys):
        if isinstance(node, YMap) and key in node:
            node, pos = node[key], node.at(key)
        elif isinstance(node, YList) and isinstance(key, int) and 0 <= key < len(node):
            node, pos = node[key], node.at(key)
        else:
            raise OptionError(f"{printable(where)}: has no value at {'/'.join(map(str, keys[: depth + 1]))}")
    if not keys:
        raise OptionError(f"{printable(where)}: an edit needs the path of a value, not of the whole file")
    return node, pos


def _expected(doc: Any, edit: ValueEdit, shown: str) -> tuple[int, int]:
    """Where the value the edit changes is (line, column), once it is found to be ``edit.old``."""
    found, (line, column) = _walk(doc, edit.keys, shown)
    if not _same(found, edit.old):
        shown_found = _shown_value(tuple(map(str, found)) if isinstance(found, list) else str(found))
        raise OptionError(
            f"{printable(shown)}:{line}:{column}: holds {shown_found!r}, not {_shown_value(edit.old)!r}: the deck has changed since; run the command again"
        )
    return line, column


class _Scalar(NamedTuple):
    start: int  # offsets of its first character and one past its last in the text
    end: int
    one_line: bool
    style: str | None  # None (plain), "'" or '"'; another (a block scalar) is refused


def _scalar_at(text: str, line: int, column: int, shown: str) -> _Scalar:
    """Where the scalar that starts at ``line``:``column`` (1-based) of ``text`` is written.
    An alias there (``*name``), or an anchor others repeat (``&name``), is
    refused: one value written there would change, or break, the others."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    where = f"{printable(shown)}:{line}:{column}"
    for ev in yaml.parse(text, Loader=loader):
        start, end = ev.start_mark, ev.end_mark
        if start is None or end is None or (start.line + 1, start.column + 1) != (line, column):
            continue
        if isinstance(ev, events.AliasEvent):
            raise OptionError(
                f"{where}: the value is an alias (*{printable(str(ev.anchor))}) of one written elsewhere; edit it by hand (write the value itself there)"
            )
        if isinstance(ev, events.ScalarEvent):
            if ev.anchor is not None:
                raise OptionError(f"{where}: the value carries an anchor (&{printable(ev.anchor)}) other values may repeat; edit it by hand")
            return _Scalar(start.index, end.index, end.line == start.line, ev.style or None)  # plain: "" from libyaml
    raise OptionError(f"{where}: no single value starts there; edit it by hand")


def _flow_list_at(text: str, line: int, column: int) -> tuple[int, int] | None:
    """The offsets of the flow list (``[a, b]``) on one line that starts at
    ``line``:``column`` (1-based) of ``text``; None when the list there is
    written another way (a block list, or over several lines)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    depth, start = 0, -1
    for ev in yaml.parse(text, Loader=loader):
        if isinstance(ev, events.SequenceStartEvent):
            mark = ev.start_mark
            if depth == 0 and mark is not None and (mark.line + 1, mark.column + 1) == (line, column):
                if not ev.flow_style:
                    return None
                start, depth = mark.index, 1
            elif depth:
                depth += 1
        elif isinstance(ev, events.SequenceEndEvent) and depth:
            depth -= 1
            if depth == 0 and ev.end_mark is not None:
                return (start, ev.end_mark.index) if "\n" not in text[start : ev.end_mark.index] else None
    return None


def _written(value: str, style: str | None) -> str:
    """``value`` as a scalar of ``style`` (None: plain, or double-quoted when
    it would not read back as itself plain)."""
    if style == "'":
        return "'" + value.replace("'", "''") + "'"
    if style is None and _PLAIN.fullmatch(value) and yaml.safe_load(value) == value:
        return value
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a double-quoted YAML scalar


def edited_text(text: str, shown: str, edit: ValueEdit) -> Edited:
    """``text`` (the file ``shown``) with the value at ``edit.keys`` written as
    ``edit.new``, in its own style; only that value's characters change.

    Raises :class:`OptionError` when the value there is not ``edit.old`` (the
    file changed since) or is not a one-line scalar; :class:`DeckError` when
    the text is not YAML the reader takes."""
    try:
        doc = yamlsource.parse(text, shown)
    except yamlsource.YamlReadError as exc:
        raise DeckError(exc.fault) from None
    line, column = _expected(doc, edit, shown)
    if isinstance(edit.new, tuple):
        span = _flow_list_at(text, line, column)
        if span is None:
            raise OptionError(f"{printable(shown)}:{line}:{column}: the list is not written on one line as [a, b]; edit it by hand")
        start, end = span
        written = "[" + ", ".join(_written(v, None) for v in edit.new) + "]"
    else:
        start, end, one_line, style = _scalar_at(text, line, column, shown)
        if not one_line or style not in (None, "'", '"'):
            raise OptionError(f"{printable(shown)}:{line}:{column}: the value spans lines; edit it by hand")
        written = _written(edit.new, style)
    new_text = text[:start] + written + text[end:]
    if not _same(_walk(yamlsource.parse(new_text, shown), edit.keys, shown)[0], edit.new):
        raise OptionError(f"{printable(shown)}:{line}:{column}: {_shown_value(edit.new)!r} cannot be written there as a plain value")
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    after_end = new_text.find("\n", first)
    return Edited(
        new_text,
        line,
        text[first : len(text) if last < 0 else last].rstrip("\r"),
        new_text[first : len(new_text) if after_end < 0 else after_end].rstrip("\r"),
    )


def edited_csv(text: str, shown: str, edit: ValueEdit) -> Edited:
    """``text`` (a CSV file of cards, ``shown``) with the value at
    ``edit.keys`` (as in the YAML it stands for) written as ``edit.new``:
    the row that holds it is written again, every other line stays as it is.
    Raises as :func:`edited_text`."""
    kind = next(k for name, (file, k) in AS_CSV.items() if name == edit.file)
    doc = csvsource.parse(text, shown, kind).doc  # a file that is no CSV raises its DeckError
    line, column = _expected(doc, edit, shown)
    row = next(row for row in csvsource.rows(text, shown) if row.line == line)
    cells = list(row.cells)
    if isinstance(edit.new, tuple):  # a matrix column's boxes: its cell
        cells[column - 1] = cell(" ".join(edit.new))
    elif len(edit.keys) >= 3 and edit.keys[-3] == "matrix" and isinstance(edit.keys[-1], int):  # one box of a column's cell
        boxes = [box for box in csvsource.BOXES.split(uncell(cells[column - 1].strip())) if box]
        boxes[edit.keys[-1]] = edit.new
        cells[column - 1] = cell(" ".join(boxes))
    else:
        cells[column - 1] = cell(edit.new)  # as export writes it: never a formula
    lines = text.splitlines(keepends=True)
    ending = "\r\n" if lines[row.end - 1].endswith("\r\n") else "\n"
    written = io.StringIO()
    csv.writer(written, delimiter=csvsource.separator(text), lineterminator=ending).writerow(cells)
    before = "".join(lines[row.line - 1 : row.end])
    after = written.getvalue() if before.endswith(("\n", "\r")) else written.getvalue().rstrip("\r\n")
    new_text = "".join(lines[: row.line - 1]) + after + "".join(lines[row.end :])
    if not _same(_walk(csvsource.parse(new_text, shown, kind).doc, edit.keys, shown)[0], edit.new):
        raise OptionError(f"{printable(shown)}:{line}:{column}: {_shown_value(edit.new)!r} cannot be written there")
    return Edited(new_text, line, before.rstrip("\r\n"), after.rstrip("\r\n"))


def _edited(text: str, shown: str, edit: ValueEdit, file: str) -> Edited:
    return edited_csv(text, shown, edit) if file != edit.file else edited_text(text, shown, edit)


def _file(deck: Deck, name: str) -> str:
    """The file that holds ``name``'s data in the deck: itself, or its CSV."""
    return deck.sources.files.get(name, name)


def _read(path: Path, shown: str) -> tuple[bytes, str]:
    """A deck file's byte-order mark (or b"") and its text."""
    try:
        data = yamlsource.read_bytes(path, shown)
        return (BOM if data.startswith(BOM) else b""), yamlsource.decode(data, shown)
    except yamlsource.YamlReadError as exc:
        raise DeckError(exc.fault) from None


def _shown(deck: Deck, name: str) -> str:
    return deck.sources.shown.get(name) or shown_path(deck.path / name)


def edit_of(deck: Deck, edit: ValueEdit) -> Edited:
    """The edit made on the deck's file as it is now on disk."""
    shown, file = _shown(deck, edit.file), _file(deck, edit.file)
    return _edited(_read(deck.path / file, shown)[1], shown, edit, file)


def writable(deck: Deck, edit: ValueEdit) -> bool:
    """The edit can be written into the deck's file as one value in place
    (not an alias, an anchor others repeat, a value spanning lines)."""
    try:
        edit_of(deck, edit)
    except OptionError:
        return False
    return True


def diff_of(deck: Deck, edit: ValueEdit) -> list[str]:
    """The edit as a unified diff of its file (the changed line, with the
    file's name and the line's number, as ``diff -u`` writes it)."""
    shown = _shown(deck, edit.file)
    done = edit_of(deck, edit)
    return [f"--- {shown}", f"+++ {shown}", f"@@ -{done.line} +{done.line} @@", f"-{done.before}", f"+{done.after}"]


def plan_diff(deck: Deck, edits: Sequence[ValueEdit]) -> list[str]:
    """Several edits as one unified diff of the files they change (each
    changed line once, before every edit and after them all), as ``diff -u
    -U0`` writes it."""
    out: list[str] = []
    for _path, shown, _mark, before, after in _edited_files(deck, edits).values():
        out += difflib.unified_diff(before.splitlines(), after.splitlines(), shown, shown, n=0, lineterm="")
    return out


def _edited_files(deck: Deck, edits: Sequence[ValueEdit]) -> dict[str, tuple[Path, str, bytes, str, str]]:
    """Each file ``edits`` change: its path, shown name, byte-order mark,
    text now, and text with the edits made one after another."""
    texts: dict[str, tuple[Path, str, bytes, str, str]] = {}
    for edit in edits:
        file = _file(deck, edit.file)
        if file not in texts:
            path, shown = deck.path / file, _shown(deck, edit.file)
            if path.is_symlink():
                raise OutputError(f"{printable(shown)}: is a link; edit the file it leads to, or give the deck's own folder")
            mark, text = _read(path, shown)
            texts[file] = (path, shown, mark, text, text)
        path, shown, mark, text, now = texts[file]
        texts[file] = (path, shown, mark, text, _edited(now, shown, edit, file).text)
    return texts


def apply_edit(deck: Deck, edit: ValueEdit) -> Deck:
    """Write ``edit`` into the deck's file in place and return the deck read
    again (:func:`apply_edits` of the one edit)."""
    return apply_edits(deck, [edit])


def apply_edits(deck: Deck, edits: Sequence[ValueEdit]) -> Deck:
    """Write ``edits`` into the deck's files in place, in their order, and
    return the deck read again. A copy of the deck with every edit is loaded
    first: if it has a fault, every file is left as it was and
    :class:`DeckError` says why. Each file is written whole (a temporary file
    renamed over it)."""
    texts = {file: (path, shown, mark, after) for file, (path, shown, mark, _, after) in _edited_files(deck, edits).items()}
    data = {file: mark + text.encode("utf-8") for file, (_, _, mark, text) in texts.items()}
    with tempfile.TemporaryDirectory(prefix="hi5pnp-edit-") as tmp:
        copy = Path(tmp) / "deck"
        for name in deck_files(deck):
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(deck.path / name, copy / name)
        for file, written in data.items():
            (copy / file).write_bytes(written)
        try:
            load_deck(copy)
        except DeckError as exc:
            home = {shown_path(copy / name): _shown(deck, name) for name in deck_files(deck)}
            first = next(iter(texts.values()))[1] if texts else shown_path(deck.path)
            raise DeckError([Fault(home.get(f.path, first), f.line, f.column, f.message) for f in exc.faults]) from None
    for file, written in data.items():
        path, shown = texts[file][:2]
        mode = stat.S_IMODE(os.stat(path).st_mode)
        try:
            write_atomically(path, written)
            os.chmod(path, mode)
        except OSError as exc:
            raise OutputError(f"{printable(shown)}: cannot be written: {exc.strerror or exc}") from None
    return load_deck(deck.path)
