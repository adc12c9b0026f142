"""The report's faces to look at: each face the verdict flags (or, when none
is, those nearest an edge of their window), drawn as the designer edits it:
its gems, its matrix of trait boxes, how many obstacles can mark each box and
which box none can (:mod:`.reach`), with its win rate under each bot."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ...deck import CompetitorFace, Deck
from ...render.icons import fill_icon
from ..balance import Finding, face_interval
from ..findings import Run, face_label, flagged, nearest_edge
from .charts import AMBER, BAD, FAINT, GRID, INK, MARGIN, TEXT_W, Colour, begin_page, paragraph, wrap, write
from .reach import Reach, reach

NEAREST = 3  # faces shown when none is flagged
BOX = 22.0  # a matrix box, points
GAP = 3.0
GEM = 7.0  # a gem's radius
DEAD = colors.HexColor("#F6D5D2")
LEFT = 150.0  # the gems and matrix; the words go right of them
WORDS_W = TEXT_W - LEFT


def faces_pages(c: Canvas, deck: Deck, runs: Sequence[Run]) -> None:
    """A page or more of face panels; each page ends with ``showPage``."""
    flags = flagged(runs)
    chosen = list(flags) or nearest_edge(runs, NEAREST)
    faces = [f for f in (deck.competitor_face(x) for x in chosen) if f is not None]
    if not faces:
        return
    y = _start(c, bool(flags), first=True)
    for face in faces:
        found = reach(deck, face)
        words = _words(deck, runs, face, found, {label: f for label, f in flags.get(face.id, [])})
        if y - _height(face, words) < MARGIN + 14:
            c.showPage()
            y = _start(c, bool(flags), first=False)
        y = _panel(c, deck, face, found, words, flags.get(face.id, []), y) - 12
    c.showPage()


def _start(c: Canvas, any_flagged: bool, first: bool) -> float:
    y = begin_page(c, "Faces to look at" + ("" if first else " (continued)"))
    if not first:
        return y
    which = "The faces the verdict flags" if any_flagged else f"No face is flagged; these {NEAREST} lie nearest an edge of their window"
    text = (
        f"{which}: each face's gems, and its matrix, a column of trait boxes beside another. A box's small number counts the "
        "obstacle faces that can mark it (of its trait, and of a colour among the face's gems: only past those can the face "
        "bring an opponent and mark); a crossed box none can, so its column can never be complete. Beside each obstacle, "
        "x2 or x3: the face's gems of its colour, the most it can bring past it."
    )
    return paragraph(c, MARGIN, y, text, TEXT_W, 8) - 6


def _height(face: CompetitorFace, words: Sequence[Line]) -> float:
    tallest = max((len(col) for col in face.matrix), default=1)
    return max(28 + GEM + 16 + tallest * (BOX + GAP), 20 + _words_height(words))


def _panel(c: Canvas, deck: Deck, face: CompetitorFace, found: Reach, words: Sequence[Line], flags: Sequence[tuple[str, Finding]], top: float) -> float:
    height = _height(face, words)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.5)
    c.line(MARGIN, top + 4, MARGIN + TEXT_W, top + 4)
    tint = BAD if any(f.sure for _, f in flags) else AMBER if flags else INK
    write(c, MARGIN, top - 10, face_label(deck, face.id), 10, "bold", tint, width=TEXT_W)
    _gems(c, deck, face, MARGIN, top - 28)
    _matrix(c, deck, face, found, MARGIN, top - 28 - GEM - 16)
    y = top - 24
    for text, size, style, colour in words:
        y = paragraph(c, MARGIN + LEFT, y, text, WORDS_W, size, style, colour)
    return top - height


def _gems(c: Canvas, deck: Deck, face: CompetitorFace, x: float, y: float) -> None:
    for k, gem in enumerate(face.gems):
        cx = x + GEM + k * (2 * GEM + 32)
        c.setFillColor(colors.HexColor(deck.colors[gem]))
        c.circle(cx, y, GEM, stroke=0, fill=1)
        glyph = deck.glyphs.get(gem)
        if glyph:
            c.setFillColor(colors.white)
            fill_icon(c, glyph, cx, y, GEM * 1.25, deck.icons)
        write(c, cx + GEM + 2, y - 2.5, gem, 7, width=30)


def _matrix(c: Canvas, deck: Deck, face: CompetitorFace, found: Reach, x: float, y: float) -> None:
    """The columns left to right, boxes top to bottom from ``y`` down."""
    for col, boxes in enumerate(face.matrix):
        bx = x + col * (BOX + GAP)
        write(c, bx + BOX / 2, y + 2, str(col + 1), 6, colour=FAINT, width=BOX, align="centre")
        for b, trait in enumerate(boxes):
            by = y - (b + 1) * (BOX + GAP) + GAP
            dead = not found.markable(col, b)
            c.setFillColor(DEAD if dead else colors.white)
            c.setStrokeColor(BAD if dead else INK)
            c.setLineWidth(0.7)
            c.roundRect(bx, by, BOX, BOX, 2, stroke=1, fill=1)
            icon = deck.trait_icons.get(trait)
            if icon:
                c.setFillColor(INK)
                fill_icon(c, icon, bx + BOX / 2, by + BOX * 0.58, BOX * 0.5, deck.icons)
            write(c, bx + BOX / 2, by + 2, trait, 5, colour=INK, width=BOX - 2, align="centre")
            write(c, bx + BOX - 1.5, by + BOX - 6, str(len(found.markers[trait])), 5, "bold", BAD if dead else FAINT, width=8, align="right")
            if dead:
                c.setStrokeColor(BAD)
                c.setLineWidth(1.0)
                c.line(bx + 2, by + 2, bx + BOX - 2, by + BOX - 2)
                c.line(bx + 2, by + BOX - 2, bx + BOX - 2, by + 2)


Line = tuple[str, float, str, Colour]  # text, size, style, colour


def _words(deck: Deck, runs: Sequence[Run], face: CompetitorFace, found: Reach, flags: dict[str, Finding]) -> list[Line]:
    """What the panel says beside the matrix: the face's rate under each bot, what can mark each trait, the dead boxes."""
    out: list[Line] = []
    if flags:
        sure = any(f.sure for f in flags.values())
        out.append((f"flagged by {', '.join(flags)}", 8.5, "bold", BAD if sure else AMBER))
    else:
        out.append(("not flagged", 8.5, "bold", FAINT))
    for run in runs:
        fc = run.summary.faces.get(face.id)
        if fc is None:
            continue
        low, high = face_interval(run.summary, face.id, run.verdict.alpha)
        lo, hi = run.verdict.bounds.face_win_rate
        f = flags.get(run.label)
        how = "inside its window" if f is None else ("outside" if f.sure else "possibly outside") + " its window"
        side = "" if f is None else (", above it" if f.rate * 100 > hi else ", below it")
        colour: Colour = INK if f is None else BAD if f.sure else AMBER
        out.append((f"{run.label}: {fc.score:.1%} of {fc.games} games (interval {low:.1%}-{high:.1%}), {how} {lo:g}-{hi:g} %{side}.", 8, "regular", colour))
    for trait, markers in found.markers.items():
        count = sum(col.count(trait) for col in face.matrix)
        names = ", ".join(f"{m.obstacle} {_obstacle_name(deck, m.obstacle)} ({m.color}{f' x{m.gems}' if m.gems > 1 else ''})" for m in markers)
        text = f"{trait} ({count} {'box' if count == 1 else 'boxes'}): " + (names or "no obstacle of its colours has it")
        out.append((text, 7.5, "regular", INK if markers else BAD))
    if found.dead:
        cols = ", ".join(str(k + 1) for k in found.dead_columns)
        many = len(found.dead_columns) > 1
        text = f"{len(found.dead)} {'box' if len(found.dead) == 1 else 'boxes'} nothing can mark: column{'s' if many else ''} {cols} can never be complete."
        out.append((text, 8, "bold", BAD))
    else:
        out.append(("Every box can be marked by some obstacle of its colours.", 8, "regular", FAINT))
    return out


def _words_height(lines: Sequence[Line]) -> float:
    return sum(len(wrap(text, WORDS_W, size, style)) * size * 1.3 for text, size, style, _ in lines)


def _obstacle_name(deck: Deck, face: str) -> str:
    o = deck.obstacle_face(face)
    return o.name if o else ""
