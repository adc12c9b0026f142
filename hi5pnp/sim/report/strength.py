"""The verdicts across playing strength (:mod:`..strength`) as the designer
reads them: a few lines of text, the ``strength`` object of ``--json``, and
a page of the PDF report: each face's rate under each bot, coloured by the
side of its window the bot decides, and the face's verdict."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...deck import Deck
from ..findings import face_label
from ..strength import FaceVerdict, Placed, Side, Strength
from .charts import AMBER, BAD, FAINT, GOOD, INK, MARGIN, PALETTE, TEXT_W, Colour, begin_page, paragraph, write

SIGN: dict[Side, str] = {"too weak": "-", "fair": "=", "too strong": "+"}
SIDE_COLOUR: dict[Side, Colour] = {"too weak": PALETTE[0], "fair": GOOD, "too strong": BAD}
VERDICT_COLOUR: dict[str, Colour] = {"holds": GOOD, "depends on skill": BAD, "undecided": AMBER}


def what_it_says(v: FaceVerdict) -> str:
    """A face's verdict in a few words: "holds: fair", "depends on skill", "undecided"."""
    return f"holds: {v.side}" if v.side else v.verdict


def _placed(p: Placed) -> str:
    return f"{p.rate:6.1%} {SIGN[p.side] if p.decided else '?'}"


def strength_lines(s: Strength) -> list[str]:
    """The verdicts in text: a headline by verdict, then a table of every face."""
    lo, hi = s.window
    counts = {v: len(s.of(v)) for v in ("holds", "depends on skill", "undecided")}
    held = {side: [f.face for f in s.of("holds") if f.side == side] for side in ("too strong", "fair", "too weak")}
    lines = [
        f"across strength ({', '.join(s.bots)}; the same games under each): " + ", ".join(f"{verdict} {n}" for verdict, n in counts.items()),
        f"  each face's side of its window {lo:g}-{hi:g} % tested under each bot: {s.tests} tests Holm-corrected together"
        " (+ above, = inside, - below, ? undecided)",
    ]
    lines += [f"  holds {side}: {', '.join(faces)}" for side, faces in held.items() if faces]
    width = max(9, *(len(b) + 2 for b in s.bots))
    lines.append("  face  " + "".join(b.rjust(width) for b in s.bots) + "  verdict")
    for v in s.faces:
        apart = "; ".join(d.describe() for d in v.apart)
        lines.append(f"  {v.face:<5} " + "".join(_placed(p).rjust(width) for p in v.placed) + f"  {what_it_says(v)}" + (f" ({apart})" if apart else ""))
    return lines


def strength_json(s: Strength) -> dict[str, Any]:
    """The ``strength`` object of ``--json`` (docs/simulate.md, "Verdicts across strength")."""
    faces = {}
    for v in s.faces:
        faces[v.face] = {
            "verdict": v.verdict,
            "side": v.side,
            "by_bot": {
                p.bot: {"rate": round(p.rate, 4), "games": p.games, "side": p.side, "decided": p.decided, "interval": [round(p.low, 4), round(p.high, 4)]}
                for p in v.placed
            },
            "apart": [{"bots": [d.a, d.b], "change": round(d.change, 4), "interval": [round(d.low, 4), round(d.high, 4)]} for d in v.apart],
        }
    return {
        "bots": list(s.bots),
        "window": list(s.window),
        "tests": s.tests,
        "correction": "holm",
        "holds": [v.face for v in s.of("holds")],
        "depends_on_skill": [v.face for v in s.of("depends on skill")],
        "undecided": [v.face for v in s.of("undecided")],
        "faces": faces,
    }


ROW = 13.0  # points a face's row takes
NAME_W = 150.0  # the face's id and name
VERDICT_W = 92.0


def strength_pages(c: Canvas, deck: Deck, s: Strength) -> None:
    """Each face under each bot, and its verdict; as many pages as the faces need (the last left open)."""
    lo, hi = s.window
    y = begin_page(c, "Does each face's verdict hold at every playing strength?", 14)
    y = paragraph(
        c,
        MARGIN,
        y,
        f"The same games under each bot ({', '.join(s.bots)}, both seats alike). Under each, a face's team win rate is "
        f"placed on a side of its window {lo:g}-{hi:g} %: above (too strong), inside (fair) or below (too weak), decided when "
        f"its whole interval lies there ({s.tests} tests, Holm-corrected together; a rate in grey is undecided). A face holds "
        "when every bot decides the same side; it depends on skill when two bots decide different sides and their rates surely "
        "differ on the same games (paired, Holm-corrected); else it is undecided.",
        TEXT_W,
    )
    counts = ", ".join(f"{v} {len(s.of(v))}" for v in ("holds", "depends on skill", "undecided"))
    write(c, MARGIN, y - 6, f"Faces: {counts}.", 9, "bold", width=TEXT_W)
    y = _header(c, y - 24, s)
    for v in s.faces:
        if y < MARGIN + 2 * ROW:
            c.showPage()
            y = _header(c, begin_page(c, "Across playing strength (continued)", 12), s)
        _row(c, deck, y, v)
        y -= ROW


def _columns(s: Strength) -> float:
    return (TEXT_W - NAME_W - VERDICT_W) / max(1, len(s.bots))


def _header(c: Canvas, y: float, s: Strength) -> float:
    col = _columns(s)
    write(c, MARGIN, y, "face", 8, "bold", FAINT, width=NAME_W)
    for k, bot in enumerate(s.bots):
        write(c, MARGIN + NAME_W + k * col, y, bot, 8, "bold", FAINT, width=col)
    write(c, MARGIN + TEXT_W - VERDICT_W, y, "verdict", 8, "bold", FAINT, width=VERDICT_W)
    return y - ROW


def _row(c: Canvas, deck: Deck, y: float, v: FaceVerdict) -> None:
    col = (TEXT_W - NAME_W - VERDICT_W) / max(1, len(v.placed))
    write(c, MARGIN, y, face_label(deck, v.face), 8, "regular", INK, width=NAME_W - 4)
    for k, p in enumerate(v.placed):
        said = f"{p.rate:.1%} {p.side}" if p.decided else f"{p.rate:.1%} ?"
        write(c, MARGIN + NAME_W + k * col, y, said, 8, "bold" if p.decided else "regular", SIDE_COLOUR[p.side] if p.decided else FAINT, width=col - 4)
    write(c, MARGIN + TEXT_W - VERDICT_W, y, what_it_says(v), 8, "bold", VERDICT_COLOUR[v.verdict], width=VERDICT_W)
