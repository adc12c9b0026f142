"""The report's comparison page: this deck against another played on the
same games (:mod:`.compare`), each face's change in team win rate and the
first player's, with its paired 95 % interval, around zero, largest rise
first; a change whose interval leaves out zero is highlighted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ..deck import Deck
from .charts import INK, MARGIN, TEXT_W, Box, Mark, Row, begin_page, fit_span, forest, paragraph, percent
from .findings import face_label, first_rate
from .results import face_order
from .stats import Summary

SURE = colors.HexColor("#8A3B9E")  # a change whose interval leaves out zero


class ChangeLike(Protocol):
    """A change, this deck's rate minus the other's (0-1), and its paired 95 % interval."""

    @property
    def change(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...


class ComparisonLike(Protocol):
    """What the page reads of a comparison (:class:`hi5pnp.sim.compare.Comparison`)."""

    @property
    def games(self) -> int: ...
    @property
    def summary(self) -> Summary: ...
    @property
    def other(self) -> Summary: ...
    @property
    def first_player(self) -> ChangeLike: ...
    @property
    def faces(self) -> Mapping[str, ChangeLike]: ...


def other_name(comparison: ComparisonLike) -> str:
    """The other deck's name, as the comparison gives it."""
    for key in ("deck", "other_name", "name"):
        name = getattr(comparison, key, None)
        if isinstance(name, str) and name:
            return name
    return "the other deck"


def _sure(ch: ChangeLike) -> bool:
    return ch.low > 0 or ch.high < 0


def compare_page(c: Canvas, deck: Deck, label: str, cmp: ComparisonLike) -> None:
    other = other_name(cmp)
    y = begin_page(c, f"Compared with deck {other} ({label})")
    first = cmp.first_player
    here, there = first_rate(cmp.summary)[0], first_rate(cmp.other)[0]
    text = (
        f"{cmp.games} games of each deck under {label}: both decks played the same seeds and, where their cards match, the "
        "same deals and side choices, so a change is the edit's, not the noise's. A change is this deck's rate minus deck "
        f"{other}'s, in percentage points, with its paired 95 % interval; a face whose interval leaves out 0 is highlighted. "
        f"The first player (decided games): {here:.1%} here, {there:.1%} there, a change of {_signed(first.change)} "
        f"(interval {_signed(first.low)} to {_signed(first.high)})."
    )
    y = paragraph(c, MARGIN, y, text, TEXT_W, 8.5)
    only = sorted(set(cmp.summary.faces) - set(cmp.faces), key=face_order)
    if only:
        y = paragraph(c, MARGIN, y, f"Faces deck {other} does not have, so not compared: {', '.join(only)}.", TEXT_W, 8.5)
    rows = [_row("first player", first, here, there)]
    ends = [0.0, first.low, first.high]
    for face, ch in sorted(cmp.faces.items(), key=lambda kv: (-kv[1].change, face_order(kv[0]))):
        ends += [ch.low, ch.high]
        rows.append(_row(face_label(deck, face), ch, _score(cmp.summary, face), _score(cmp.other, face)))
    height = min(y - MARGIN - 20, 16.0 * len(rows) + 14)
    forest(c, Box(MARGIN, y - 6 - height, TEXT_W, height), rows, fit_span(ends, within=(-1.0, 1.0), least=0.01),
           ["change", "interval", "here", f"in {other}"], label_w=112, cell_w=(44, 80, 40, 52), reference=0.0, signed=True)  # fmt: skip


def _row(label: str, ch: ChangeLike, here: float, there: float) -> Row:
    sure = _sure(ch)
    tint = SURE if sure else INK
    cells = [(_signed(ch.change), tint), (f"{_signed(ch.low, False)} to {_signed(ch.high, False)}", tint), (f"{here:.1%}", INK), (f"{there:.1%}", INK)]
    return Row(label, [Mark(ch.change, ch.low, ch.high, tint)], cells, None, SURE if sure else None)


def _score(s: Summary, face: str) -> float:
    fc = s.faces.get(face)
    return fc.score if fc else 0.0


def _signed(rate: float, unit: bool = True) -> str:
    text = percent(rate, 0.001, signed=True)
    return text if unit else text.removesuffix(" %")
