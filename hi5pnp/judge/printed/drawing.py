"""A position as a picture a judge can show on a phone or print: the course
with every competitor where it stands (ready ones filled in their team's
colour, exhausted ones in outline, chits as gold dots), whose move it is,
and every competitor's trait matrix with its marks.

It is one reportlab :class:`~reportlab.graphics.shapes.Drawing`: written as
SVG by reportlab's own renderer, drawn into the printable verdict as it is,
and rasterised to PNG through a PDF page with PDFium, so the three agree.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.graphics.shapes import FILL_EVEN_ODD, FILL_NON_ZERO, Circle, Drawing, Group, Line, Path, Rect, String

from ...deck import CompetitorFace, Deck
from ...deck.pictures.icons import Icon
from ...errors import printable
from ...language import _, ngettext
from ...render import fonts
from ...render.draw import TEAM_COLORS, color
from ...render.icons import add_icon
from ...render.units import pt
from ...rules import SEATS, Seat, State
from ...rules.seat import seat_words
from ..position import marked_boxes, status
from ..replay import Replayed

INK = "#2B2B36"
MUTED = "#8A8070"
TEAM = TEAM_COLORS  # a Seat is its name
CHIT = "#E8C547"
DISPUTE = "#B3261E"  # the competitor and turn in dispute
WIDTH = 180.0  # mm
COLUMN_MIN, COLUMN_MAX = 14.0, 26.0  # mm a course card's column
CHIP_W, CHIP_H = 7.4, 3.6  # mm a competitor's label
LABELS = 20.0  # mm east of the course for the sides' names
SINGLE = 4  # competitors at one position that stand in one column; more stand in two
BOX = 4.2  # mm a matrix box


class _Shape:
    """The path protocol of :mod:`hi5pnp.render.shapes` on a graphics Path."""

    def __init__(self, path: Path):
        self.p = path

    def moveTo(self, x: float, y: float) -> None:
        self.p.moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:
        self.p.lineTo(x, y)

    def curveTo(self, *xy: float) -> None:
        self.p.curveTo(*xy)

    def close(self) -> None:
        self.p.closePath()

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.p.moveTo(x, y)
        self.p.lineTo(x + w, y)
        self.p.lineTo(x + w, y + h)
        self.p.lineTo(x, y + h)
        self.p.closePath()


class _Pen:
    """Shapes in millimetres, added to a group in points."""

    def __init__(self, icons: Mapping[str, Icon] | None = None) -> None:
        fonts.register()
        self.g = Group()
        self.icons = icons or {}  # the deck's own SVG icons
        self.highlight = ""  # the competitor in dispute
        self.words: Deck | None = None  # the deck whose names and trait labels are printed

    def text(self, x: float, y: float, s: str, size: float, style: str = "regular", fill: str = INK, anchor: str = "start") -> None:
        # printable: a log's names reach the SVG as text, and XML has no room for control characters
        self.g.add(String(pt(x), pt(y), printable(s), fontName=fonts.font_name(style), fontSize=size, fillColor=color(fill), textAnchor=anchor))

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None, stroke: str | None = None, width: float = 0.6, r: float = 0.0) -> None:
        self.g.add(
            Rect(
                pt(x),
                pt(y),
                pt(w),
                pt(h),
                rx=pt(r),
                ry=pt(r),
                fillColor=color(fill) if fill else None,
                strokeColor=color(stroke) if stroke else None,
                strokeWidth=width,
            )
        )

    def circle(self, x: float, y: float, r: float, fill: str | None, stroke: str | None = None, width: float = 0.5) -> None:
        self.g.add(Circle(pt(x), pt(y), pt(r), fillColor=color(fill) if fill else None, strokeColor=color(stroke) if stroke else None, strokeWidth=width))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = MUTED, width: float = 0.6, dash: bool = False) -> None:
        self.g.add(Line(pt(x1), pt(y1), pt(x2), pt(y2), strokeColor=color(stroke), strokeWidth=width, strokeDashArray=[2, 2] if dash else None))

    def shape(self, name: str, x: float, y: float, size: float, fill: str) -> None:
        path = Path(fillColor=color(fill), strokeColor=None)
        odd = add_icon(_Shape(path), name, pt(x), pt(y), pt(size), self.icons)
        path.fillMode = FILL_EVEN_ODD if odd else FILL_NON_ZERO
        self.g.add(path)


def replay_drawing(done: Replayed, players: Mapping[Seat, str] | None, until: int | None) -> Drawing | None:
    """The picture of where a replay (``replay --until``) ends: the position
    before line ``until``, or where the game stopped, its disputed
    competitor and turn marked; None when there is no position to draw."""
    if done.position is None:
        return None
    where = _("before line %(line)d") % {"line": until} if done.verdict is None else _("where the replay ended")
    stop = done.verdict.stopped if done.verdict is not None else None
    disputed = stop.turn.split()[0] if stop is not None and stop.turn else None
    turn = f"{stop.where}: {stop.turn}" if stop is not None and stop.turn else ""
    return position_drawing(done.position, players, where, highlight=disputed, turn=turn)


def position_drawing(
    state: State, players: Mapping[Seat, str] | None = None, caption: str = "", highlight: str | None = None, turn: str = "", words: Deck | None = None
) -> Drawing:
    """The picture of ``state``; ``caption`` heads it (say, "before line 41");
    ``highlight``: the competitor in dispute, ringed on the course and framed
    among the matrices; ``turn``: the turn in dispute, said under the heading;
    ``words``: the deck whose names and trait labels are printed (the deck in
    the language spoken; the game's own deck when None)."""
    players = players or {}
    pen = _Pen(state.deck.icons)
    pen.words = words or state.deck
    pen.highlight = (highlight or "").lower()
    y = _matrices(pen, state, players)  # drawn bottom up: the matrices, the course, the heading
    if state.course is not None:
        y = _course(pen, state, y + 4)
    if turn:
        pen.text(0, y + 3, _fit(_("in dispute: %(turn)s") % {"turn": turn}, WIDTH, "bold", 8), 8, "bold", DISPUTE)
        y += 5
    _heading(pen, state, y + 4, caption)
    height = y + 4 + 13
    drawing = Drawing(pt(WIDTH + 4), pt(height + 2))
    drawing.add(Rect(0, 0, pt(WIDTH + 4), pt(height + 2), fillColor=color("#FFFFFF"), strokeColor=None))
    pen.g.translate(pt(2), pt(1))
    drawing.add(pen.g)
    return drawing


def _heading(pen: _Pen, state: State, y: float, caption: str) -> None:
    head = state.headline()
    pen.text(0, y + 6, head[0].upper() + head[1:], 11, "bold")
    score = state.scores()
    said = {"token": seat_words(str(state.token_holder())), "north": score[Seat.NORTH], "south": score[Seat.SOUTH]}
    sub = _("first-player token: %(token)s · points so far: north %(north)d, south %(south)d") % said
    pen.text(0, y + 1, _fit(sub + (f" · {caption}" if caption else ""), WIDTH, "regular", 8), 8, fill=MUTED)


def _fit(text: str, width: float, style: str, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` mm: nothing runs into its neighbour."""
    return fonts.cut_to(text, style, size, pt(width))


def _course(pen: _Pen, state: State, y0: float) -> float:
    """The course from ``y0`` up; returns its top."""
    course = state.course
    assert course is not None
    n = len(course)
    x0 = 24.0  # room for the finish, west of the course
    col = max(COLUMN_MIN, min(COLUMN_MAX, (WIDTH - x0 - LABELS) / n))
    at: dict[int, list[str]] = {}
    for face in state.faces:
        if state.on_course(face):
            at.setdefault(state.position(face), []).append(face)
    step = CHIP_H + 0.8
    south_rows = max([_rows(len(v)) for p, v in at.items() if p <= n] or [1])
    north_rows = max([_rows(len(v)) for p, v in at.items() if p > n] or [1])
    south_y = y0 + 4 + south_rows * step  # the south side's position markers
    card_y = south_y + 5  # the cards' bottom edge
    card_h = 15.0
    north_y = card_y + card_h + 5
    top = north_y + 5 + north_rows * step
    east = x0 + col * n + 2
    pen.text(east, south_y - 1, _("SOUTH side"), 7, "bold", TEAM[Seat.SOUTH])
    pen.text(east, north_y - 1, _("NORTH side"), 7, "bold", TEAM[Seat.NORTH])
    pen.text(east, card_y + card_h / 2 - 1, _("east"), 6.5, fill=MUTED)
    pen.text(x0 - 2, card_y + card_h / 2 - 1, _("west"), 6.5, fill=MUTED, anchor="end")
    pen.line(x0 + col / 2, south_y, x0 + col * (n - 0.5), south_y, dash=True)
    pen.line(x0 + col / 2, north_y, x0 + col * (n - 0.5), north_y, dash=True)
    for c, ob in enumerate(course):
        cx = x0 + col * (c + 0.5)
        cw = min(12.0, col - 3)
        pen.rect(cx - cw / 2, card_y, cw, card_h, "#FFFFFF", state.deck.colors[ob.color], 1.2, 1.2)
        pen.circle(cx, card_y + card_h - 5, 3.2, state.deck.colors[ob.color])
        pen.shape(state.deck.glyphs[ob.color], cx, card_y + card_h - 5 + 0.1, 3.7, "#FFFFFF")
        pen.text(cx, card_y + 4.6, _fit(_label(pen, state).trait_label(ob.trait), cw, "regular", 5.6), 5.6, anchor="middle")
        pen.text(cx, card_y + 1.4, ob.id, 5.6, fill=MUTED, anchor="middle")
        for position, y, down in ((c + 1, south_y, True), (2 * n - c, north_y, False)):
            pen.circle(cx, y, 2.6, "#FFFFFF", INK)
            pen.text(cx, y - 0.9, str(position), 6, "bold", anchor="middle")
            here = sorted(at.get(position, []), key=lambda f: (state.seat(f), int(f[:-1])))
            two = len(here) > SINGLE  # a crowd stands in two columns, chits on the outer sides
            for k, face in enumerate(here):
                row, side = divmod(k, 2) if two else (k, 1)
                cy = y - 3.6 - (row + 1) * step if down else y + 3.6 + row * step
                cx0 = (cx - CHIP_W - 0.4 if side == 0 else cx + 0.4) if two else cx - CHIP_W / 2
                _chip(pen, state, face, cx0, cy, left=two and side == 0)
    # the finish, beyond the last position on the north side (west)
    fx = x0 - 9
    pen.rect(fx - 6, north_y - 3, 12, 6, INK, r=1)
    pen.text(fx, north_y - 1.1, _("finish"), 6, "bold", "#FFFFFF", "middle")
    done = state.finishers()
    if done:
        pen.text(0, top + 1, _fit(_("finished: ") + ", ".join(f"{k}. {f}" for k, f in enumerate(done, 1)), WIDTH, "regular", 7), 7, fill=INK)
        top += 4
    return top


def _rows(count: int) -> int:
    return count if count <= SINGLE else -(-count // 2)


def _chip(pen: _Pen, state: State, face: str, x: float, y: float, left: bool = False) -> None:
    """A competitor's label; its chits as gold dots beside it (on its left when ``left``)."""
    team = TEAM[state.seat(face)]
    ready = state.is_ready(face)
    if face == pen.highlight:
        pen.rect(x - 0.9, y - 0.9, CHIP_W + 1.8, CHIP_H + 1.8, None, DISPUTE, 1.6, 1.4)
    pen.rect(x, y, CHIP_W, CHIP_H, team if ready else "#FFFFFF", team, 0.8, 0.8)
    pen.text(x + CHIP_W / 2, y + 0.95, face, 6.5, "bold", "#FFFFFF" if ready else team, "middle")
    for k in range(state.chits_of(face)):
        dx = -1.3 - k * 2.0 if left else CHIP_W + 1.3 + k * 2.0
        pen.circle(x + dx, y + CHIP_H / 2, 0.85, CHIT, "#8A6A10", 0.3)


def _matrices(pen: _Pen, state: State, players: Mapping[Seat, str]) -> float:
    """Each team's competitors and their matrices, south at the bottom; returns the top."""
    y = _legend(pen, state) + 5  # room for the column numbers under the last row
    per_row = 5
    cell = WIDTH / per_row
    for seat in reversed(SEATS):
        faces = state.team(seat)
        rows = [faces[k : k + per_row] for k in range(0, len(faces), per_row)]
        for row in reversed(rows):
            tallest = max(len(col) for f in row for col in _card(state, f).matrix)
            for k, face in enumerate(row):
                _matrix(pen, state, face, k * cell, y, tallest)
            y += tallest * BOX + 13
        name = players.get(seat)
        done = state.complete_columns()[seat]
        complete = ngettext("%(n)d complete column", "%(n)d complete columns", done) % {"n": done}
        label = f"{seat_words(seat).upper()}{f' ({name})' if name else ''} · {complete}"
        pen.text(0, y, _fit(label, WIDTH, "bold", 8), 8, "bold", TEAM[seat])
        y += 11
    return y


def _legend(pen: _Pen, state: State) -> float:
    """What the marks mean, at the foot of the picture; returns its top."""
    pen.text(0, 1, _("Dots after a name: its gems.   Matrices: dark box = marked, framed column = complete."), 7, fill=MUTED)
    ring = "   " + _("Red ring and frame: the competitor in dispute.") if pen.highlight else ""
    pen.text(0, 4.4, _("Tokens: filled = ready, outline = exhausted, gold dot = a chit.") + ring, 7, fill=MUTED)
    x = 0.0
    for trait in state.deck.traits:
        pen.shape(state.deck.trait_icons[trait], x + 1.6, 10.6, 3.2, INK)
        label = _label(pen, state).trait_label(trait)
        pen.text(x + 4, 9.6, label, 7)
        x += 6 + fonts.width(label, "regular", 7) / pt(1)
    return 13.4


def _label(pen: _Pen, state: State) -> Deck:
    """The deck whose words the picture prints."""
    return pen.words or state.deck


def _card(state: State, face: str, words: Deck | None = None) -> CompetitorFace:
    card = (words or state.deck).competitor_face(face)
    assert card is not None
    return card


def _matrix(pen: _Pen, state: State, face: str, x: float, y: float, tallest: int) -> None:
    card = _card(state, face, pen.words)
    team = TEAM[state.seat(face)]
    top = y + tallest * BOX
    room = WIDTH / 5 - 2  # a competitor's cell, less a gap: no text runs into the next
    gems = 3 * 3.6 + 1
    said = room
    if face == pen.highlight:
        pen.rect(x - 1.2, y - 5.2, room + 1.4, tallest * BOX + 15, "#FBEAE8", DISPUTE, 1.2, 1.2)
        pen.text(x + room - 0.6, top + 2.8, _("in dispute"), 6.5, "bold", DISPUTE, "end")
        said -= fonts.width(_("in dispute"), "bold", 6.5) / pt(1) + 1.5
    pen.text(x, top + 7, _fit(f"{face} {card.name}", room - gems, "bold", 7.5), 7.5, "bold", team)
    name_w = min(fonts.width(f"{face} {card.name}", "bold", 7.5) / pt(1), room - gems)
    for k, gem in enumerate(card.gems):  # the gems matched against the obstacles
        gx = x + name_w + 2.8 + k * 3.6
        pen.circle(gx, top + 8.0, 1.6, state.deck.colors[gem], "#FFFFFF", 0.3)
        pen.shape(state.deck.glyphs[gem], gx, top + 8.05, 1.9, "#FFFFFF")  # its glyph, as on the cards
    pen.text(x, top + 2.8, _fit(status(state, face), said, "regular", 7), 7, fill=MUTED)
    for c, (column, free) in enumerate(zip(card.matrix, state.unmarked(face))):
        bx = x + c * (BOX + 0.8)
        for b, (trait, marked) in enumerate(zip(column, marked_boxes(column, free))):
            by = top - (b + 1) * BOX
            pen.rect(bx, by, BOX, BOX, INK if marked else "#FFFFFF", team if not free else "#B9AC8C", 1.0 if not free else 0.5)
            pen.shape(state.deck.trait_icons[trait], bx + BOX / 2, by + BOX / 2, BOX * 0.7, "#FFFFFF" if marked else "#B0A898")
        pen.text(bx + BOX / 2, y - 3.4, str(c + 1), 6.5, fill=MUTED, anchor="middle")


def svg(drawing: Drawing) -> bytes:
    """The picture as SVG."""
    from reportlab.graphics import renderSVG

    text: str = renderSVG.drawToString(drawing)
    return text.encode("utf-8")


def png(drawing: Drawing, dpi: float = 200) -> bytes:
    """The picture as PNG: drawn into a PDF page and rasterised with PDFium."""
    from reportlab.graphics import renderPDF

    from ...render.pdf import finish, new_canvas, reproducible
    from ...render.raster import png as png_bytes
    from ...render.raster import rasterise

    w, h = drawing.width / pt(1), drawing.height / pt(1)
    margin = 4.0
    with reproducible():
        c, buf = new_canvas((w + 2 * margin, h + 2 * margin), "A position", "A game position")
        renderPDF.draw(drawing, c, pt(margin), pt(margin))
        c.showPage()
        pdf = finish(c, buf)
    size = (round((w + 2 * margin) / 25.4 * dpi), round((h + 2 * margin) / 25.4 * dpi))
    return png_bytes(next(iter(rasterise(pdf, [size], dpi))), dpi)
