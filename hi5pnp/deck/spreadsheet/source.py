"""Card data from a spreadsheet: ``competitors.csv`` and ``obstacles.csv``,
one row per face, read into the very values ``competitors.yaml`` and
``obstacles.yaml`` give (:mod:`.located` lists and mappings), so the cards
are checked by the same code and every fault has the same words, placed at
``file.csv:row:column`` (the row and column a spreadsheet numbers; column 3
is C).

The columns (docs/deck-format.md, "Cards from a spreadsheet"):

- competitors: ``card, side, name, gem 1, gem 2, gem 3, column 1 … column 8``
  (a matrix column's boxes top to bottom in one cell: ``speed power``),
  optional ``flavour``, ``art`` and ``notes`` (the designer's, never read);
- obstacles: ``card, side, name, color, trait``, optional ``picture``,
  ``art`` and ``notes``.

Headers are matched without regard to case and spacing; a file may be
separated by commas, semicolons or tabs (as a spreadsheet in any locale
saves it), the separator read from the header row.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import NamedTuple

from ...errors import MOST_FAULTS, DeckError, Fault
from ...textsafe import uncell
from ..cards import MAX_BOXES
from ..fields import did_you_mean, show
from ..located import YList, YMap
from ..model import SIDES
from ..yamlsource import MAX_NUMBER_TEXT

GEMS = 3
COMPETITOR_COLUMNS = (
    "card",
    "side",
    "name",
    *(f"gem {i}" for i in range(1, GEMS + 1)),
    *(f"column {i}" for i in range(1, MAX_BOXES + 1)),
    "flavour",
    "art",
    "notes",
)
OBSTACLE_COLUMNS = ("card", "side", "name", "color", "trait", "picture", "art", "notes")
COLUMNS = {"competitor": COMPETITOR_COLUMNS, "obstacle": OBSTACLE_COLUMNS}
REQUIRED = {"competitor": ("card", "side", "name", *(f"gem {i}" for i in range(1, GEMS + 1)), "column 1"), "obstacle": ("card", "side", "color", "trait")}
SEPARATORS = (",", ";", "\t")
BOXES = re.compile(r"[\s,;/]+")  # the boxes of a matrix cell: "speed power", "speed, power", "speed/power"
_NUMBER = re.compile(f"[0-9]{{1,{MAX_NUMBER_TEXT}}}")  # longer is no number a deck needs (YAML keeps it as text)


class CsvReadError(DeckError):
    """A file whose cards cannot be read: not CSV at all (an unclosed quote),
    or a header with faults (its rows' values are not read: a misspelt column
    would make a fault of every row; the faults of the rows' own shape, such
    as a comma left unquoted, are told with the header's)."""


class Read(NamedTuple):
    """A CSV file's cards as YAML would give them; the faults of its rows and
    columns; and each row that gives a face a second time (its card number,
    side and face), still to be checked for faults of its own."""

    doc: YList
    faults: list[Fault]
    repeated: list[tuple[int, str, YMap]]


class Row(NamedTuple):
    line: int  # the file line the row starts on (1 is the header)
    cells: list[str]
    end: int  # the line it ends on (a quoted cell may hold line breaks)


def header_key(text: str) -> str:
    """A header as it is matched: lower case, runs of spaces as one (``Gem  1`` is ``gem 1``)."""
    return " ".join(text.replace("\ufeff", "").split()).lower()


def separator(text: str) -> str:
    """The separator of a CSV text: the one that splits its first line into the most cells."""
    first = text.split("\n", 1)[0]
    return max(SEPARATORS, key=lambda s: (first.count(s), -SEPARATORS.index(s)))


def rows(text: str, path: str) -> Iterator[Row]:
    """The rows of a CSV text, each with the line it starts on; blank rows left out."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator(text), strict=True)
    line = 1
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells):
                yield Row(line, cells, reader.line_num)
            line = reader.line_num + 1
    except csv.Error as exc:
        if str(exc).startswith("field larger than field limit"):  # the csv module's limit: 131,072 characters
            why = (
                f"a cell of more than {csv.field_size_limit():,} characters, from this row on: a quote opened and "
                "never closed, or a value far longer than any a deck needs"
            )
        else:
            why = f"{exc} (a quote opened and never closed?)"
        raise CsvReadError([Fault(path, line, 1, f"not readable as CSV: {why}")]) from None


def parse(text: str, path: str, kind: str) -> Read:
    """The cards of a CSV text (``kind``: competitor or obstacle), as the list
    of cards the YAML file would give, and the faults of its rows and columns
    (the cards themselves are checked by :func:`.cards.read_cards`)."""
    if "\x00" in text:  # UTF-16 without its byte-order mark reads as UTF-8 with a NUL after each letter
        nul = text[: text.index("\x00")].count("\n") + 1
        raise CsvReadError([Fault(path, nul, 0, 'holds NUL characters: saved as UTF-16 ("Unicode text")? save the spreadsheet as "CSV UTF-8"')])
    faults: list[Fault] = []
    repeated: list[tuple[int, str, YMap]] = []
    doc = YList(path, (1, 1))
    found = iter(rows(text, path))
    header = next(found, None)
    if header is None:
        raise CsvReadError([Fault(path, 1, 1, f"no header row; the first row names the columns: {', '.join(REQUIRED[kind])}, ...")])
    columns = _columns(header, path, kind, faults)
    if faults and not {"card", "side"} <= set(columns.values()):
        raise CsvReadError(faults)
    shape_only = bool(faults)  # a header with faults: its rows' own faults are told with it, their values once it is right
    cards: dict[object, YMap] = {}
    for row in found:
        cells = {name: (uncell(row.cells[j].strip()) if j < len(row.cells) else "", j + 1) for j, name in columns.items()}
        card_text, card_col = cells["card"]
        number: object = int(card_text) if _NUMBER.fullmatch(card_text) else card_text  # 1 to 40 digits: as YAML reads one
        side, side_col = cells["side"]
        side = side.lower()
        card = cards.get(number) if card_text else None  # a row with no number is a card of its own
        if card is None:
            card = YMap(path, (row.line, 1))
            if card_text:
                _put(card, "card", number, (row.line, card_col))
            cards[number if card_text else object()] = card
            doc.append(card)
            doc.item_pos.append((row.line, 1))
        if len(row.cells) > len(header.cells):
            faults.append(_too_many(path, row, len(header.cells)))
            card.told.add(side)  # the card lacks this face because of the fault just told: no fault of its own
            continue  # its cells are not where the header says: reading them would only mislead
        if side not in SIDES:
            faults.append(Fault(path, row.line, side_col, f"side {show(side)} is not a face; every card has faces a and b (one row each)"))
            continue
        if side in card:
            first = card.at(side)[0]
            faults.append(Fault(path, row.line, side_col, f"face {card_text}{side} is given twice (first at row {first})"))
            if isinstance(number, int):
                repeated.append((number, side, _face(path, row.line, cells, kind)))
            continue
        _put(card, side, _face(path, row.line, cells, kind), (row.line, 1))
    if shape_only:
        raise CsvReadError(faults)
    return Read(doc, faults, repeated)


def _too_many(path: str, row: Row, width: int) -> Fault:
    """The fault of a row with more cells than the header names."""
    extra = [c.strip() for c in row.cells[width:]]
    if any(extra):
        first = next(i for i, c in enumerate(extra) if c)
        what = f"a value {show(extra[first])} in a column with no header"
        hint = 'a value holding a comma needs quotes ("Dunmore, Dash"); else name the column or empty the cell'
        return Fault(path, row.line, width + first + 1, f"{what}: {hint}")
    return Fault(
        path,
        row.line,
        width + 1,
        f"this row has {len(row.cells)} cells where the header names {width}: "
        'a value holding a comma needs quotes ("Dunmore, Dash"), or a separator is left at the row\'s end',
    )


def _columns(header: Row, path: str, kind: str, faults: list[Fault]) -> dict[int, str]:
    """Each known column's index in the header row; faults for unknown,
    repeated and missing ones."""
    known = COLUMNS[kind]
    columns: dict[int, str] = {}
    meant: set[str] = set()  # the columns a misspelt header was taken for (their fault says "did you mean")
    told = len(faults)
    for j, cell in enumerate(header.cells):
        name = header_key(cell)
        if not name:
            continue
        if len(faults) - told >= MOST_FAULTS - 1 and (name not in known or name in columns.values()):
            rest = sum(1 for c in header.cells[j:] if header_key(c) and header_key(c) not in known) or 1
            faults.append(
                Fault(
                    path,
                    header.line,
                    j + 1,
                    f"and {rest:,} more columns unknown or given twice: is this the file of "
                    f"{kind}s? its first row names the columns ({', '.join(REQUIRED[kind])}, ...)",
                )
            )
            break
        if name not in known:
            hint = did_you_mean(name, known)
            meant.add(hint.split("'")[1] if hint else "")
            message = f"unknown column {show(cell.strip())} in the header{hint or '; expected some of: ' + ', '.join(known)}"
            faults.append(Fault(path, header.line, j + 1, message))
        elif name in columns.values():
            faults.append(Fault(path, header.line, j + 1, f"column '{name}' is given twice"))
        else:
            columns[j] = name
    missing = [name for name in REQUIRED[kind] if name not in columns.values() and name not in meant]
    if missing:
        article = "an" if kind[0] in "aeiou" else "a"
        lacks = f"the header lacks the column{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}"
        message = f"{lacks}; {article} {kind} row needs {', '.join(REQUIRED[kind])}"
        faults.append(Fault(path, header.line, 1, message))
    return columns


def _put(m: YMap, key: str, value: object, pos: tuple[int, int]) -> None:
    m[key] = value
    m.key_pos[key] = m.value_pos[key] = pos
    if isinstance(value, str):
        m.written[key] = value


def _face(path: str, line: int, cells: dict[str, tuple[str, int]], kind: str) -> YMap:
    """One row as the face mapping YAML would give: empty optional cells are keys not given."""
    face = YMap(path, (line, 1))
    for key in ("name", "color", "trait", "picture", "flavour", "art"):
        if key in cells and (cells[key][0] or (key == "name" and kind == "competitor")):
            _put(face, key, cells[key][0], (line, cells[key][1]))
    if kind == "competitor":
        gems = YList(path, (line, cells["gem 1"][1]))
        for i in range(1, GEMS + 1):
            text, col = cells.get(f"gem {i}", ("", 0))
            if text:
                gems.append(text)
                gems.item_pos.append((line, col))
        _put(face, "gems", gems, gems.pos)
        _put(face, "matrix", _matrix(path, line, cells), (line, cells["column 1"][1]))
    return face


def _matrix(path: str, line: int, cells: dict[str, tuple[str, int]]) -> YList:
    """The matrix columns of a row, up to its last filled ``column N`` cell
    (an empty cell before it is an empty column, a fault of the matrix)."""
    given = [cells.get(f"column {i}", ("", 0)) for i in range(1, MAX_BOXES + 1)]
    last = max((i for i, (text, col) in enumerate(given) if text and col), default=-1)
    matrix = YList(path, (line, cells["column 1"][1]))
    for text, col in given[: last + 1]:
        boxes = YList(path, (line, col))
        for box in BOXES.split(text):
            if box:
                boxes.append(box)
                boxes.item_pos.append((line, col))
        matrix.append(boxes)
        matrix.item_pos.append((line, col))
    return matrix
