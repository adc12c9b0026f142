"""Text from a user's files made safe where it goes, in one place each:

- :func:`printable`: a name or a message for a terminal, on one line, its
  control characters (an ANSI or OSC escape sequence, C0 and C1 codes, a
  line break, the marks that reorder text) shown as ``\\x1b``, ``\\u202e``;
- :func:`cell` and :func:`uncell`: a CSV cell a spreadsheet cannot run as a
  formula (a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return is written after a single quote, as OWASP advises against
  CSV injection), and the text such a cell was made from;
- :func:`csv_text`: rows as CSV, every cell so written (and, for a
  terminal, every cell printable).

The deck's CSV reader takes a cell back with :func:`uncell`, so a deck
written as CSV reads as the very same deck (docs/deck-format.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# control characters, line and paragraph separators, the marks that reorder
# text on a terminal (a right-to-left override can disguise a name), and the
# code points XML may not hold (lone surrogates, U+FFFE, U+FFFF)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")

#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: What a cell that would be a formula is written after: the spreadsheet's own mark of text.
QUOTE = "'"


def printable(text: str) -> str:
    """``text`` safe for a terminal and on one line: control characters (an
    escape sequence in a log, a line break) shown as ``\\x1b``, ``\\n``."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def formula_like(text: str) -> bool:
    """``text`` would be read as a formula as the first thing in a spreadsheet's cell."""
    return text.startswith(FORMULA_STARTS)


def _guarded(text: str) -> bool:
    return formula_like(text) or (text.startswith(QUOTE) and (formula_like(text[1:]) or text[1:].startswith(QUOTE)))


def cell(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs: after a single quote when
    it begins as a formula would (``=1+1`` is written ``'=1+1``), and when it
    begins with a quote that :func:`uncell` would take away (``''x``); any
    other text as it is. ``uncell(cell(t)) == t`` for every text."""
    return QUOTE + text if _guarded(text) else text


def uncell(text: str) -> str:
    """The text a cell written by :func:`cell` was made from: a single quote
    before what would be a formula (or before another quote) taken away, as
    a spreadsheet shows it; any other cell as it is (``'Tis`` stays)."""
    return text[1:] if text.startswith(QUOTE) and _guarded(text[1:]) else text


def csv_text(rows: Iterable[Iterable[object]], *, terminal: bool = False) -> str:
    """``rows`` as CSV text, one line a row, every cell :func:`cell`; for a
    terminal (``terminal``) every cell :func:`printable` as well."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        cells = (cell(str(value)) for value in row)
        writer.writerow([printable(c) for c in cells] if terminal else list(cells))
    return out.getvalue()
