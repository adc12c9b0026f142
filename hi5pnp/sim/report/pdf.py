"""``hi5pnp simulate --report FILE.pdf``: a few pages a designer reads at a
glance. First the verdict (fair, undecided or not fair, under each bot that
played) and each face's win rate with its interval, a bot beside another;
then how the games went (:mod:`.report_games`), the faces to look at, their
gems, matrix and the boxes nothing can mark (:mod:`.report_faces`), and, when
the deck was compared with another, each face's change (:mod:`.report_compare`).
Drawn on the project's PDF stack (fonts, metadata, reproducible bytes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ...deck import Deck
from ...deck.load import deck_paths
from ...errors import OptionError
from ...files import PDF, write_output
from ...render import fonts
from ...render.pdf import finish, new_canvas, reproducible
from ..balance import BalanceVerdict, Finding, Outcome, face_interval
from ..compare import Comparison
from ..findings import Run, face_label, first_rate, flagged, flags_of, overall
from ..run import Plan
from ..stats import Summary
from ..strength import Strength
from .charts import (
    AMBER,
    BAD,
    GOOD,
    INK,
    MARGIN,
    PALETTE,
    TEXT_W,
    Box,
    ChartMark,
    Colour,
    Row,
    begin_page,
    fit_span,
    forest,
    legend,
    paragraph,
    write,
)
from .compare import compare_page
from .faces import faces_pages
from .games import games_page
from .results import face_order
from .strength import strength_pages

WORDS: dict[Outcome, tuple[str, Colour]] = {"fair": ("FAIR", GOOD), "undecided": ("UNDECIDED", AMBER), "not fair": ("NOT FAIR", BAD)}
WHY: dict[Outcome, tuple[str, str]] = {  # the headline's reason, for one bot and for several
    "fair": ("every rate and its whole interval lie inside the designer's windows", "under every bot"),
    "undecided": ("no rate is surely outside its window, but some estimate or interval reaches outside it: more games would tell", "under some bot"),
    "not fair": ("some rate lies outside its window, its whole interval with it", "under some bot"),
}
ROW_LEAST = 11.0  # points: a face's row is never thinner
LISTED = 6  # flagged faces named on the first page; the faces pages show them all


def write_report(
    path: Path,
    deck: Deck,
    plan: Plan,
    edition: int,
    runs: Sequence[tuple[str, Summary, BalanceVerdict]],
    comparisons: Mapping[str, Comparison] | None = None,
    *,
    other: str = "",
    between: Mapping[str, str] | None = None,
    strength: Strength | None = None,
) -> None:
    """Write the report to ``path`` whole (or leave what was there); never
    over a file of the deck, a link or a device (:func:`~hi5pnp.files.write_output`).
    ``runs``: a (label, summary, verdict) per bot or pairing of bots;
    ``comparisons``: the same labels to their comparison with another deck,
    named ``other``; ``between``: each flagged rate's words on the bots' difference (:func:`.across.said`);
    ``strength``: the faces' verdicts across the bots (:mod:`..strength`), a page of their own."""
    made = report_bytes(deck, plan, edition, runs, comparisons, other=other, between=between, strength=strength)
    write_output(path, made, keep=deck_paths(deck), kind=PDF)


def report_bytes(
    deck: Deck,
    plan: Plan,
    edition: int,
    runs: Sequence[tuple[str, Summary, BalanceVerdict]],
    comparisons: Mapping[str, Comparison] | None = None,
    *,
    other: str = "",
    between: Mapping[str, str] | None = None,
    strength: Strength | None = None,
) -> bytes:
    """The report's bytes: the same for the same runs, wherever and whenever made."""
    ran = [Run(*r) for r in runs]
    if not ran:
        raise OptionError("runs: a report needs the games of one bot at least")
    if len({r.label for r in ran}) < len(ran):
        raise OptionError(f"runs: each run needs a label of its own, not {', '.join(r.label for r in ran)}")
    with reproducible():
        c, buf = new_canvas((210.0, 297.0), f"{deck.full_title}: balance report", "Balance report of simulated games")
        _verdict_page(c, deck, plan, edition, ran, between or {})
        c.showPage()
        games_page(c, deck, ran)
        c.showPage()
        faces_pages(c, deck, ran)
        if strength is not None:
            strength_pages(c, deck, strength)
            c.showPage()
        for label, comparison in (comparisons or {}).items():
            compare_page(c, deck, label, comparison, other or "the other deck")
            c.showPage()
        return finish(c, buf)


def _verdict_page(c: Canvas, deck: Deck, plan: Plan, edition: int, runs: Sequence[Run], between: Mapping[str, str]) -> None:
    y = begin_page(c, f"{deck.full_title}: is the deck fair?", 16)
    games = sorted({r.summary.games for r in runs})
    bots = "; ".join(r.label for r in runs)
    y = paragraph(
        c,
        MARGIN,
        y,
        f"{' or '.join(map(str, games))} simulated games a run, deck {plan.deck_name}, edition {edition}, "
        f"seed {plan.seed}, sides {plan.sides}; {'bots' if len(runs) > 1 else 'bot'}: {bots}.",
        TEXT_W,
    )
    state = overall(runs)
    word, colour = WORDS[state]
    y -= 20
    write(c, MARGIN, y, word, 22, "bold", colour, width=TEXT_W)
    gap = MARGIN + min(TEXT_W / 2, fonts.width(word, "bold", 22) + 12)
    why, under = WHY[state]
    paragraph(c, gap, y + 8, (f"{under}, {why}" if len(runs) > 1 else why[0].upper() + why[1:]) + ".", MARGIN + TEXT_W - gap, 9)
    y -= 20
    for run in runs:
        y = _run_lines(c, y, run)
    y = _flag_lines(c, deck, y, runs, between)
    lo, hi = runs[0].verdict.bounds.face_win_rate
    n = len(runs[0].summary.faces)
    y = paragraph(
        c,
        MARGIN,
        y - 4,
        "Each face: its team's win rate (a draw counts half): the dot is the estimate, the bar its interval "
        f"(95 % for all {n} faces together, as the verdict judges), the green band the window {lo:g}-{hi:g} %; "
        "a ring marks a bot that flags the face."
        + (
            " At the right: its win rate, mean points and complete columns a game, and the share of its games with a complete column." if len(runs) == 1 else ""
        ),
        TEXT_W,
    )
    _face_chart(c, deck, runs, y)


def _run_lines(c: Canvas, y: float, run: Run) -> float:
    word, colour = WORDS[run.verdict.state]
    write(c, MARGIN, y, f"{run.label}: {word}", 9, "bold", colour, width=TEXT_W)
    rate, (a, b), decided = first_rate(run.summary)
    flo, fhi = run.verdict.bounds.first_player
    inside = flo / 100 <= a and b <= fhi / 100
    where = "inside" if inside else ("outside" if b < flo / 100 or a > fhi / 100 else "reaching outside")
    flags = flags_of(run)
    out = [f.what for f in flags if f.sure]
    unsure = [f.what for f in flags if not f.sure]
    reaching = sum(not f.flags for f in run.verdict.faces)
    why = run.verdict.headline.split(": ", 1)[-1]  # the word itself is written above
    y = paragraph(c, MARGIN + 10, y - 11, f"{why[0].upper()}{why[1:]}.", TEXT_W - 10, 8)
    y = paragraph(
        c,
        MARGIN + 10,
        y,
        f"First player: won {run.summary.first_wins} of {decided} decided games, {rate:.1%} "
        f"(95 % interval {a:.1%}-{b:.1%}, {where} its window {flo:g}-{fhi:g} %); draws {run.summary.draws}.",
        TEXT_W - 10,
        8,
    )
    faces = f"Faces outside their window: {_few(out)}; possibly outside: {_few(unsure)}"
    faces += f"; inside, but with an interval reaching out of it: {reaching}." if reaching else "."
    return paragraph(c, MARGIN + 10, y, faces, TEXT_W - 10, 8) - 3


def _few(faces: Sequence[str], most: int = 8) -> str:
    if not faces:
        return "none"
    shown = ", ".join(sorted(faces, key=face_order)[:most])
    return shown + (f" and {len(faces) - most} more" if len(faces) > most else "")


def _flag_lines(c: Canvas, deck: Deck, y: float, runs: Sequence[Run], between: Mapping[str, str]) -> float:
    flags = flagged(runs)
    if not flags:
        return y
    write(c, MARGIN, y - 4, "Faces flagged, and the bots that flag them", 9, "bold", width=TEXT_W)
    y -= 16
    for face, by in list(flags.items())[:LISTED]:
        parts = [f"{label} ({_finding(f)})" for label, f in by]
        bots = f" On the same games, {between[face]}." if face in between else ""
        y = paragraph(c, MARGIN + 10, y, f"{face_label(deck, face)}: flagged by {'; '.join(parts)}.{bots}", TEXT_W - 10, 8)
    if len(flags) > LISTED:
        y = paragraph(c, MARGIN + 10, y, f"... and {len(flags) - LISTED} more; the faces pages show every one.", TEXT_W - 10, 8)
    return y


def _finding(f: Finding) -> str:
    lo, hi = f.window
    side = "above" if f.rate * 100 > hi else "below"
    how = "outside" if f.sure else "possibly outside"
    return f"{f.rate:.1%}, interval {f.low:.1%}-{f.high:.1%}, {how} {lo:g}-{hi:g} %, {side}"


def face_span(runs: Sequence[Run]) -> tuple[float, float]:
    """The face chart's axis: every face's interval under every bot, and the window, with a small margin."""
    window = runs[0].verdict.bounds.face_win_rate
    ends = [window[0] / 100, window[1] / 100]
    for r in runs:
        for face in r.summary.faces:
            ends += face_interval(r.summary, face, r.verdict.alpha)
    return fit_span(ends)


def _face_chart(c: Canvas, deck: Deck, runs: Sequence[Run], y: float) -> None:
    """A row per face, best first, from ``y`` down: its name, the window, each
    bot's interval and estimate, its figures; on the pages after when the
    rows would be too thin for the space left (the same axis on every page)."""
    rows = _face_rows(deck, runs)
    heads = ["win", "points", "columns", "any col."] if len(runs) == 1 else [r.label for r in runs]
    span = face_span(runs)
    key = [(r.label, PALETTE[k % len(PALETTE)]) for k, r in enumerate(runs)] if len(runs) > 1 else []
    while rows:
        if key:
            legend(c, MARGIN, y - 2, key, TEXT_W)
            y -= 14
        room = y - MARGIN - 32  # the ticks above, the credit line below
        fit = len(rows) if room >= ROW_LEAST * len(rows) else int(room // ROW_LEAST)
        if fit >= min(len(rows), 5):
            height = min(room, 16.0 * fit) + 12
            forest(c, Box(MARGIN, y - 6 - height, TEXT_W, height), rows[:fit], span, heads, cell_w=40 if len(runs) == 1 else min(60, 240 / len(runs)))
            rows = rows[fit:]
        if rows:
            c.showPage()
            y = begin_page(c, "Each face's team win rate (continued)")


def _face_rows(deck: Deck, runs: Sequence[Run]) -> list[Row]:
    faces = sorted({f for r in runs for f in r.summary.faces}, key=face_order)
    window = runs[0].verdict.bounds.face_win_rate
    flags = {(r.label, f.what): f for r in runs for f in flags_of(r)}
    rows = []
    for face in faces:
        marks, cells, tint = [], [], None
        for k, r in enumerate(runs):
            fc = r.summary.faces.get(face)
            if fc is None:  # a face this bot's games never dealt
                cells.append(("", INK))
                continue
            low, high = face_interval(r.summary, face, r.verdict.alpha)
            f = flags.get((r.label, face))
            warn = None if f is None else (BAD if f.sure else AMBER)
            tint = tint if warn is None or tint is BAD else warn
            base = INK if len(runs) == 1 else PALETTE[k % len(PALETTE)]
            marks.append(ChartMark(fc.score, low, high, warn or base if len(runs) == 1 else base, warn))
            cells.append((f"{fc.score:.1%}", warn or INK))
            if len(runs) == 1:
                cells += [(f"{x:.{p}f}", warn or INK) for x, p in ((fc.points / fc.games, 1), (fc.columns / fc.games, 2))]
                cells.append((f"{fc.games_with_column / fc.games:.0%}", warn or INK))
        rows.append((sum(m.value for m in marks) / max(1, len(marks)), face, marks, cells, tint))
    rows.sort(key=lambda t: (-t[0], face_order(t[1])))
    return [Row(face_label(deck, face), marks, cells, window, tint) for _, face, marks, cells, tint in rows]
