"""The report's page on how the games went, a bot beside another: the seats'
and the first player's win rates with their 95 % intervals (the first
player's window shaded), game length, complete columns per trait and how
often each obstacle colour is matched."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ...deck import Deck
from ..findings import Run, first_rate
from ..stats import Summary, interval
from .charts import (
    AMBER,
    BAD,
    INK,
    MARGIN,
    PALETTE,
    TEXT_W,
    Box,
    ChartMark,
    Colour,
    Row,
    Series,
    bars,
    begin_page,
    fit_span,
    forest,
    legend,
    paragraph,
    percent,
    write,
)


def games_page(c: Canvas, deck: Deck, runs: Sequence[Run]) -> None:
    y = begin_page(c, "How the games went")
    many = len(runs) > 1
    y = _seats(c, runs, y)
    if many:
        legend(c, MARGIN, y, [(r.label, PALETTE[k % len(PALETTE)]) for k, r in enumerate(runs)], TEXT_W)
        y -= 16
    tint = [PALETTE[k % len(PALETTE)] for k in range(len(runs))] if many else [colors.HexColor("#3D5A98")]
    _lengths(c, runs, tint, Box(MARGIN, y - 210, TEXT_W, 206))
    y -= 228
    half = TEXT_W / 2 - 8
    traits = list(deck.traits)
    per_trait = [Series(r.label, tint[k], [r.summary.trait_columns[t] / max(1, r.summary.games) for t in traits]) for k, r in enumerate(runs)]
    bars(c, Box(MARGIN, y - 220, half, 216), "Complete columns a game, by trait", traits, per_trait, lambda v, s: f"{v:.{_places(s)}f}")
    cols = list(deck.colors)
    matched = [
        Series(
            r.label,
            tint[k],
            [r.summary.matched[k2] / max(1, r.summary.faced[k2]) for k2 in cols],
            [interval(r.summary.matched[k2], r.summary.faced[k2]) for k2 in cols],
        )
        for k, r in enumerate(runs)
    ]
    bars(
        c,
        Box(MARGIN + half + 16, y - 220, half, 216),
        "Obstacle colours matched (share of turns, 95 % interval)",
        cols,
        matched,
        percent,
        tints=[colors.HexColor(deck.colors[k]) for k in cols],
    )


def _places(step: float) -> int:
    return next((p for p in range(4) if abs(round(step, p) - step) < 1e-9), 3)


def _seats(c: Canvas, runs: Sequence[Run], y: float) -> float:
    write(c, MARGIN, y, "Seats and the first player", 9, "bold", width=TEXT_W)
    flo, fhi = runs[0].verdict.bounds.first_player
    draws = "; ".join(f"{r.label} {r.summary.draws} of {r.summary.games}" for r in runs) if len(runs) > 1 else f"{runs[0].summary.draws}"
    y = paragraph(
        c,
        MARGIN,
        y - 12,
        "North's and south's wins as a share of all games, the first player's as a share of decided games "
        f"(its window {flo:g}-{fhi:g} % shaded); the dot is the estimate, the bar its 95 % interval. Draws: {draws}.",
        TEXT_W,
        8,
    )
    rows = []
    ends = [flo / 100, fhi / 100]
    for name, pick in (("north wins", _north), ("south wins", _south), ("first player", _first)):
        marks, cells = [], []
        for k, r in enumerate(runs):
            rate, (lo, hi) = pick(r.summary)
            ends += [lo, hi]
            warn = _warning(rate, (lo, hi), (flo, fhi)) if name == "first player" else None
            base = INK if len(runs) == 1 else PALETTE[k % len(PALETTE)]
            marks.append(ChartMark(rate, lo, hi, warn or base if len(runs) == 1 else base, warn))
            cells.append((f"{rate:.1%}", warn or INK))
        rows.append(Row(name, marks, cells, (flo, fhi) if name == "first player" else None))
    height = 16 * len(rows) + 16
    heads = [r.label for r in runs] if len(runs) > 1 else ["rate"]
    forest(c, Box(MARGIN, y - height, TEXT_W, height), rows, fit_span(ends), heads, label_w=80, cell_w=min(60, 240 / len(runs)))
    return y - height - 16


def _warning(rate: float, span: tuple[float, float], window: tuple[float, float]) -> Colour | None:
    """Red for a rate surely outside its window, amber for one whose estimate or interval reaches out of it."""
    lo, hi = window[0] / 100, window[1] / 100
    if span[1] < lo or span[0] > hi:
        return BAD
    return None if lo <= span[0] and span[1] <= hi else AMBER


def _north(s: Summary) -> tuple[float, tuple[float, float]]:
    return s.seat_wins[0] / max(1, s.games), interval(s.seat_wins[0], s.games)


def _south(s: Summary) -> tuple[float, tuple[float, float]]:
    return s.seat_wins[1] / max(1, s.games), interval(s.seat_wins[1], s.games)


def _first(s: Summary) -> tuple[float, tuple[float, float]]:
    rate, span, _ = first_rate(s)
    return rate, span


def _lengths(c: Canvas, runs: Sequence[Run], tint: Sequence[colors.Color], box: Box) -> None:
    lengths = sorted({n for r in runs for n in r.summary.turns})
    if not lengths:
        return
    step = max(1, (lengths[-1] - lengths[0]) // 30 + 1)
    keys = list(range(lengths[0], lengths[-1] + 1, step))
    series = []
    for k, r in enumerate(runs):
        bins = dict.fromkeys(keys, 0)
        for n, count in r.summary.turns.items():
            bins[lengths[0] + (n - lengths[0]) // step * step] += count
        series.append(Series(r.label, tint[k], [bins[b] / max(1, r.summary.games) for b in keys]))
    means = ", ".join(f"{r.label} {r.summary.mean_turns():.1f}" for r in runs) if len(runs) > 1 else f"{runs[0].summary.mean_turns():.1f}"
    width = f"{step}-turn bins" if step > 1 else "each length"
    title = f"Game length in turns (share of games, {width}; mean {means})"
    bars(c, box, title, [str(b) for b in keys], series, percent, every=max(1, len(keys) // 10))
