"""``score_sheets.yaml``: the rows of the score card (optional in a deck)."""

from __future__ import annotations

import string
from typing import Any

from ..language import N_
from .fields import FieldReader, describe, show
from .located import YMap
from .model import ScoreRow, ScoreSheet

SHEET_KEYS = ("title", "seats", "rows")
ROW_KEYS = ("kind", "label", "hint")
ROW_KINDS = ("rounds", "columns", "total", "blank")
#: What a score-sheet label or hint may fill in (see docs/deck-format.md).
PLACEHOLDERS = ("n", "rounds", "column_points", "chit_limit", "placing_points")
MAX_LABEL = 80

# The built-in sheet's words are messages: a deck's label or hint that is one
# of them is printed in the kit's language (kit/sheets/scorecards.py); one of the
# deck's own is printed as written.
DEFAULT_SHEET = ScoreSheet(
    title=N_("Score card"),
    seats=("north", "south"),
    rows=(
        # Translators: keep each {placeholder} as it is: the kit fills in the round's number and the points
        ScoreRow("rounds", N_("Round {n}"), N_("placing points {placing_points}")),
        # Translators: keep {column_points} as it is: the kit fills in the points a column scores
        ScoreRow("columns", N_("Trait columns"), N_("complete columns × {column_points}")),
        ScoreRow("total", N_("Total"), N_("higher total wins; equal is a draw")),
    ),
)


def placeholder_problem(text: str) -> str:
    """Why ``text`` is not a valid label with {placeholders}, or ""."""
    try:
        fields = [(f, spec, conversion) for _, f, spec, conversion in string.Formatter().parse(text) if f is not None]
    except ValueError as exc:
        return f"{show(text)}: {exc} (write {{{{ and }}}} for a brace)"
    for f, spec, conversion in fields:
        if f not in PLACEHOLDERS:
            return f"{show(text)}: {{{f}}} is not a placeholder; use {', '.join('{' + p + '}' for p in PLACEHOLDERS)}"
        if spec or conversion:
            return f"{show(text)}: write a placeholder plain, as {{{f}}}, with no format after it"
    if len(text) > MAX_LABEL:
        return f"{show(text)}: a label or hint has at most {MAX_LABEL} characters, not {len(text)}"
    return ""


def read_sheet(r: FieldReader, doc: Any, path: str) -> ScoreSheet | None:
    m = r.mapping(doc, "score_sheets.yaml", path)
    if m is None:
        return None
    r.unknown_keys(m, SHEET_KEYS, "score_sheets.yaml")
    title = r.text(m, "title", "score_sheets.yaml", required=False, default=DEFAULT_SHEET.title)
    seats_raw = r.get(m, "seats", list, "score_sheets.yaml", required=False)
    seats = DEFAULT_SHEET.seats
    if seats_raw is not None:
        bad = [s for s in seats_raw if s not in DEFAULT_SHEET.seats]
        if bad or len(set(seats_raw)) != len(seats_raw) or not seats_raw:
            r.fault(m, "seats", f"seats must list north and/or south once each, not {show(list(seats_raw))}")
        else:
            seats = tuple(seats_raw)
    rows_raw = r.get(m, "rows", list, "score_sheets.yaml")
    rows: list[ScoreRow] = []
    for i, rm in enumerate(rows_raw or []):
        if not isinstance(rm, YMap):
            r.fault(rows_raw, i, f"a score row must be a mapping with kind and label, not {describe(rm)}")
            continue
        row = _read_row(r, rm)
        if row is not None:
            rows.append(row)
    if rows_raw is not None and not any(row.kind == "total" for row in rows) and not r.faults:
        r.fault(m, "rows", "the score card has no 'total' row")
    return ScoreSheet(title=title, seats=seats, rows=tuple(rows))


def _read_row(r: FieldReader, rm: YMap) -> ScoreRow | None:
    r.unknown_keys(rm, ROW_KEYS, "a score row")
    kind = r.get(rm, "kind", str, "a score row")
    if kind is not None and kind not in ROW_KINDS:
        r.fault(rm, "kind", f"row kind '{kind}' is unknown; choose one of: {', '.join(ROW_KINDS)}")
        return None
    label = r.text(rm, "label", "a score row")
    hint = r.text(rm, "hint", "a score row", required=False)
    for key in ("label", "hint"):
        problem = placeholder_problem(rm[key]) if isinstance(rm.get(key), str) else ""
        if problem:
            r.fault(rm, key, problem)
            label = ""
    return ScoreRow(kind=kind, label=label, hint=hint) if kind and label else None
