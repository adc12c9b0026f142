"""The report's comparison page: this deck against another played on the
same games (:mod:`.compare`), each face's change in team win rate and the
first player's, in percentage points with its paired 95 % interval, around
zero, largest rise first; a change surely not zero (Holm-corrected over the
rates compared) is highlighted."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ...deck import Deck
from ..compare import Change, Comparison
from ..findings import face_label, first_rate
from ..paired import FIRST
from ..stats import Summary
from .charts import INK, MARGIN, TEXT_W, Box, ChartMark, Row, begin_page, fit_span, forest, paragraph, percent
from .results import face_order

SURE = colors.HexColor("#8A3B9E")  # a change whose interval leaves out zero


def _known(ch: Change) -> bool:
    """A change measured on both decks (one deck never measured has the interval -1 to 1)."""
    return not (ch.low <= -1 and ch.high >= 1)


def compare_page(c: Canvas, deck: Deck, label: str, cmp: Comparison, other: str) -> None:
    """The comparison under the run ``label`` with the deck named ``other``."""
    y = begin_page(c, f"Compared with deck {other} ({label})")
    first = cmp.first_player
    here, there = first_rate(cmp.summary)[0], first_rate(cmp.other)[0]
    text = (
        f"{cmp.games} games of each deck under {label}: both decks played the same seeds and, where their cards match, the "
        "same deals and side choices, so a change is the edit's, not the noise's. A change is this deck's rate minus deck "
        f"{other}'s, in percentage points (pt), with its paired 95 % interval; a change surely not 0 is highlighted (each change "
        f"tested against 0, Holm-corrected over the {len(cmp.faces) + 1} rates compared). "
        f"The first player (decided games): {here:.1%} here, {there:.1%} there, a change of {_signed(first.change)} "
        f"(interval {_span(first)})."
    )
    y = paragraph(c, MARGIN, y, text, TEXT_W, 8.5)
    only = sorted(set(cmp.summary.faces) - set(cmp.faces), key=face_order)
    if only:
        y = paragraph(c, MARGIN, y, f"Faces deck {other} does not have, so not compared: {', '.join(only)}.", TEXT_W, 8.5)
    unknown = sorted((f for f, ch in cmp.faces.items() if not _known(ch)), key=face_order)
    if unknown:
        y = paragraph(c, MARGIN, y, f"Faces not dealt in the games of both decks, so not compared: {', '.join(unknown)}.", TEXT_W, 8.5)
    sure = cmp.sure()
    rows = [_row("first player", first, here, there, FIRST in sure)]
    ends = [0.0, first.low, first.high]
    known = [(face, ch) for face, ch in cmp.faces.items() if _known(ch)]
    for face, ch in sorted(known, key=lambda kv: (-kv[1].change, face_order(kv[0]))):
        ends += [ch.low, ch.high]
        rows.append(_row(face_label(deck, face), ch, _score(cmp.summary, face), _score(cmp.other, face), face in sure))
    height = min(y - MARGIN - 20, 16.0 * len(rows) + 14)
    forest(
        c,
        Box(MARGIN, y - 6 - height, TEXT_W, height),
        rows,
        fit_span(ends, within=(-1.0, 1.0), least=0.01),
        ["change", "interval", "here", f"in {other}"],
        label_w=112,
        cell_w=(44, 80, 40, 52),
        reference=0.0,
        signed=True,
    )


def _row(label: str, ch: Change, here: float, there: float, sure: bool) -> Row:
    tint = SURE if sure else INK
    cells = [(_signed(ch.change), tint), (_span(ch), tint), (f"{here:.1%}", INK), (f"{there:.1%}", INK)]
    return Row(label, [ChartMark(ch.change, ch.low, ch.high, tint)], cells, None, SURE if sure else None)


def _score(s: Summary, face: str) -> float:
    fc = s.faces.get(face)
    return fc.score if fc else 0.0


def _signed(rate: float) -> str:
    return percent(rate, 0.001, signed=True)


def _span(ch: Change) -> str:
    """A change's interval, its unit once: "-9.7 to +0.7 pt"."""
    return f"{_signed(ch.low).removesuffix(' pt')} to {_signed(ch.high)}"
