"""``hi5pnp simulate --report FILE.pdf``: a few pages a designer reads at a
glance. The verdict and the faces' win rates with their intervals first, then
the seats and the first player, game length, columns per trait and how often
each obstacle colour is matched. Drawn with reportlab's own graphics on the
project's PDF stack (fonts, metadata, reproducible bytes)."""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ..deck import Deck
from ..deck.load import deck_paths
from ..errors import printable
from ..files import PDF, write_output
from ..render import fonts
from ..render.paper import PAPER_SIZES
from ..render.pdf import CREDIT, finish, new_canvas, reproducible
from ..render.units import pt
from .balance import Verdict
from .results import face_order
from .run import Plan
from .stats import Summary, interval

PAGE = PAPER_SIZES["a4"]  # mm
MARGIN = pt(16)
INK = colors.HexColor("#1F2A44")
GOOD = colors.HexColor("#1B7F3B")
BAD = colors.HexColor("#B3261E")
WINDOW = colors.HexColor("#DCEFD9")
GRID = colors.HexColor("#C9CED8")
BAR = colors.HexColor("#3D5A98")
RIGHT = 150.0  # the face chart's columns of figures


def write_report(path: Path, deck: Deck, plan: Plan, edition: int, summary: Summary, verdict: Verdict) -> None:
    """Write the report to ``path`` whole (or leave what was there); never
    over a file of the deck, a link or a device (:func:`~hi5pnp.files.write_output`)."""
    write_output(path, report_bytes(deck, plan, edition, summary, verdict), keep=deck_paths(deck), kind=PDF)


def report_bytes(deck: Deck, plan: Plan, edition: int, summary: Summary, verdict: Verdict) -> bytes:
    with reproducible():
        c, buf = new_canvas(PAGE, f"{deck.full_title}: balance report", "Balance report of simulated games")
        _first_page(c, deck, plan, edition, summary, verdict)
        c.showPage()
        _second_page(c, deck, summary)
        c.showPage()
        return finish(c, buf)


def _text(c: Canvas, x: float, y: float, text: str, size: float = 9, style: str = "regular", colour: colors.Color = INK) -> None:
    c.setFont(fonts.font_name(style), size)
    c.setFillColor(colour)
    c.drawString(x, y, printable(text))  # deck strings and paths, control characters shown


def _first_page(c: Canvas, deck: Deck, plan: Plan, edition: int, s: Summary, verdict: Verdict) -> None:
    width, height = pt(PAGE[0]), pt(PAGE[1])
    y = height - MARGIN - 14
    _text(c, MARGIN, y, f"{deck.full_title}: is the deck fair?", 16, "bold")
    y -= 16
    _text(c, MARGIN, y, f"{s.games} simulated games, deck {plan.deck_name}, edition {edition}, seed {plan.seed}; "
          f"north {plan.north}, south {plan.south}, sides {plan.sides}.", 8.5)  # fmt: skip
    y -= 26
    word, colour = ("FAIR", GOOD) if verdict.fair else ("NOT FAIR", BAD)
    _text(c, MARGIN, y, word, 22, "bold", colour)
    lines = verdict.lines()
    _text(c, MARGIN + fonts.width(word, "bold", 22) + 10, y + 6, lines[0], 9)
    y -= 16
    for line in lines[1:7]:
        _text(c, MARGIN, y, line.strip(), 7.5)
        y -= 10
    if len(lines) > 7:
        _text(c, MARGIN, y, f"... and {len(lines) - 7} more (hi5pnp simulate prints them all)", 7.5)
        y -= 10
    lo, hi = verdict.bounds.face_win_rate
    flo, fhi = verdict.bounds.first_player
    decided = s.first_wins + s.first_losses
    a, b = interval(s.first_wins, decided)
    y -= 4
    _text(c, MARGIN, y, f"First player: won {s.first_wins} of {decided} decided games, {s.first_wins / max(1, decided):.1%} "
          f"(95 % interval {a:.1%}-{b:.1%}; window {flo:g}-{fhi:g} %). Draws: {s.draws}.", 8.5)  # fmt: skip
    y -= 12
    _text(c, MARGIN, y, "Each face: its team's win rate (a draw counts half; dot the estimate, bar its 95 % interval, "
          f"green band the window {lo:g}-{hi:g} %),", 8.5)  # fmt: skip
    y -= 11
    _text(c, MARGIN, y, "its mean points and complete columns a game, and the share of its games with a complete column.", 8.5)
    y -= 8
    _face_chart(c, deck, s, (lo, hi), MARGIN, MARGIN + 14, width - 2 * MARGIN, y - MARGIN - 14)
    _text(c, MARGIN, MARGIN, CREDIT + ". Report made by hi5pnp simulate.", 6.5)


def _face_chart(c: Canvas, deck: Deck, s: Summary, window: tuple[float, float], x: float, y: float, w: float, h: float) -> None:
    """A row per face, best first: name, the window, the interval and the estimate."""
    faces = sorted(s.faces.items(), key=lambda kv: (-kv[1].score, face_order(kv[0])))
    if not faces:
        return
    label = 120.0
    small = fonts.font_name("regular")
    d = Drawing(w, h)
    span = (0.3, 0.7)  # the win rates shown (widened to the data)
    fc_scores = [fc.score for _, fc in faces]
    span = (min(span[0], min(fc_scores) - 0.05), max(span[1], max(fc_scores) + 0.05))

    def at(rate: float) -> float:
        return label + (w - label - RIGHT) * (rate - span[0]) / (span[1] - span[0])

    row = min(16.0, (h - 20) / len(faces))
    top = h - 14
    d.add(Rect(at(window[0] / 100), top - row * len(faces), at(window[1] / 100) - at(window[0] / 100), row * len(faces), fillColor=WINDOW, strokeColor=None))
    tick = 0.0
    while tick <= 1.0:
        if span[0] <= tick <= span[1]:
            d.add(Line(at(tick), top - row * len(faces), at(tick), top + 2, strokeColor=GRID, strokeWidth=0.4))
            d.add(String(at(tick), top + 4, f"{tick:.0%}", fontName=fonts.font_name("regular"), fontSize=7, fillColor=INK, textAnchor="middle"))
        tick = round(tick + 0.1, 2)
    for k, (face, fc) in enumerate(faces):
        cy = top - row * (k + 0.5)
        comp = deck.competitor_face(face)
        name = f"{face}  {comp.name if comp else ''}"
        d.add(String(0, cy - 3, printable(name)[:28], fontName=fonts.font_name("regular"), fontSize=min(8.0, row * 0.6), fillColor=INK))
        low, high = interval(fc.hits, fc.games)
        inside = window[0] / 100 <= fc.score <= window[1] / 100
        colour = INK if inside else BAD
        d.add(Line(at(low), cy, at(high), cy, strokeColor=colour, strokeWidth=1.2))
        d.add(Circle(at(fc.score), cy, min(3.0, row * 0.25), fillColor=colour, strokeColor=None))
        size = min(8.0, row * 0.6)
        cells = (f"{fc.score:.1%}", f"{fc.points / fc.games:.1f}", f"{fc.columns / fc.games:.2f}", f"{fc.games_with_column / fc.games:.0%}")
        for k2, cell in enumerate(cells):
            d.add(String(w - RIGHT + 48 + 34 * k2, cy - 3, cell, fontName=small, fontSize=size, fillColor=colour, textAnchor="end"))
    for k2, head in enumerate(("win", "points", "columns", "any col.")):
        d.add(String(w - RIGHT + 48 + 34 * k2, top + 4, head, fontName=small, fontSize=7, fillColor=INK, textAnchor="end"))
    renderPDF.draw(d, c, x, y)


def _bars(title: str, names: list[str], values: list[float], w: float, h: float, fmt: str, colour: colors.Color = BAR) -> Drawing:
    d = Drawing(w, h)
    d.add(String(0, h - 10, title, fontName=fonts.font_name("bold"), fontSize=9, fillColor=INK))
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 30, 24, w - 40, h - 44
    chart.data = [values]
    chart.categoryAxis.categoryNames = names
    chart.categoryAxis.labels.fontName = fonts.font_name("regular")
    chart.categoryAxis.labels.fontSize = 7 if len(names) < 16 else 5
    chart.valueAxis.labels.fontName = fonts.font_name("regular")
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labelTextFormat = fmt
    chart.bars[0].fillColor = colour
    chart.bars[0].strokeColor = None
    chart.categoryAxis.strokeColor = INK
    chart.valueAxis.strokeColor = INK
    d.add(chart)
    return d


def _second_page(c: Canvas, deck: Deck, s: Summary) -> None:
    width, height = pt(PAGE[0]), pt(PAGE[1])
    w = width - 2 * MARGIN
    games = max(1, s.games)
    y = height - MARGIN - 14
    _text(c, MARGIN, y, "How the games went", 14, "bold")
    decided = s.first_wins + s.first_losses
    rates = [s.seat_wins[0] / games, s.seat_wins[1] / games, s.draws / games, s.first_wins / max(1, decided)]
    d = _bars("Seats and the first player (share of games; the first player's of decided games)",
              ["north wins", "south wins", "draws", "first player"], rates, w, 150, "%.0f%%")  # fmt: skip
    d.contents[1].data = [[100 * r for r in rates]]
    renderPDF.draw(d, c, MARGIN, y - 165)
    lengths = sorted(s.turns)
    if lengths:
        step = max(1, (lengths[-1] - lengths[0]) // 30 + 1)
        bins: dict[int, int] = {}
        for n, k in s.turns.items():
            b = lengths[0] + (n - lengths[0]) // step * step
            bins[b] = bins.get(b, 0) + k
        keys = list(range(lengths[0], lengths[-1] + 1, step))
        names = [str(k) if i % 3 == 0 else "" for i, k in enumerate(keys)]
        d = _bars(f"Game length in turns (mean {s.mean_turns():.1f}; games per {step}-turn bin)", names, [bins.get(k, 0) for k in keys], w, 170, "%d")
        renderPDF.draw(d, c, MARGIN, y - 350)
    half = w / 2 - 6
    traits = list(deck.traits)
    d = _bars("Complete columns per game, by trait", traits, [s.trait_columns[t] / games for t in traits], half, 170, "%.1f")
    renderPDF.draw(d, c, MARGIN, y - 540)
    cols = list(deck.colors)
    matched = [100 * s.matched[k] / max(1, s.faced[k]) for k in cols]
    d = _bars("Obstacle colours matched (share of turns)", cols, matched, half, 170, "%.0f%%")
    for k, name in enumerate(cols):
        d.contents[1].bars[(0, k)].fillColor = colors.HexColor(deck.colors[name])
    renderPDF.draw(d, c, MARGIN + half + 12, y - 540)
    _text(c, MARGIN, MARGIN, CREDIT + ". Report made by hi5pnp simulate.", 6.5)
