"""Pictures for the rulebook, drawn from data: the course, and positions on it.

:class:`CourseDiagram` is a platypus flowable. It draws the row of obstacle
cards, the numbered positions (south side running east, north side running
back west), the start and the finish, and optionally the competitors standing
at each position with the chits on their cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ...deck import Deck, ObstacleFace
from ...deck.pictures.icons import Icon
from ...errors import TemplateError
from ...language import _
from ...render import fonts
from ...render.draw import TEAM_COLORS, color
from ...render.icons import fill_icon
from ...render.units import pt
from ...rules.seat import seat_words

INK = "#2B2B36"
SEAT_COLORS = TEAM_COLORS
MUTED = "#8A8070"
CHIT_COLOR = "#E8C547"
MIN_COLUMN = 11.0  # mm a card of the course needs in the picture


class CourseDiagram(Flowable):
    """The course of ``deck``: cards face-up as ``course`` (ids, west to east),
    or each card's side a when ``course`` is None. ``positions`` (face ->
    position) and ``chits`` (face -> count) place competitors on it."""

    def __init__(
        self,
        deck: Deck,
        course: tuple[str, ...] | None = None,
        positions: dict[str, int] | None = None,
        chits: dict[str, int] | None = None,
        seats: Mapping[str, str] | None = None,
        highlight: tuple[str, ...] = (),
        width_mm: float = 165.0,
        icons: Mapping[str, Icon] | None = None,
    ):
        super().__init__()
        self.deck = deck
        self.icons = icons or {}  # SVG icons by name (the templates folder's, the deck's own)
        ids = course or tuple(c.a.id for c in deck.obstacles)
        self.course: list[ObstacleFace] = [f for f in map(deck.obstacle_face, ids) if f is not None]
        self.positions = positions or {}
        self.chits = chits or {}
        self.seats = seats or {}
        self.highlight = set(highlight)
        n = len(self.course)
        self.w = width_mm
        self.col = min(24.0, (width_mm - 34) / n)
        if self.col < MIN_COLUMN:
            message = f"a course of {n} obstacle cards is too long to draw in the rulebook (at most {int((width_mm - 34) // MIN_COLUMN)} on this paper)"
            raise TemplateError(deck.sources.fault("obstacles.yaml", (), message))
        counts = {p: list(self.positions.values()).count(p) for p in set(self.positions.values())}
        # tokens stand in two columns beside a position; room for the busiest one on each side
        south = max([k for p, k in counts.items() if p <= n] or [0])
        north = max([k for p, k in counts.items() if p > n] or [0])
        self.south_h = 3.6 * ((south + 1) // 2) + (2 if south else 0)
        self.north_h = 3.6 * ((north + 1) // 2) + (2 if north else 0)
        self.h = self.mid + 14.5 + self.north_h + 9  # up to the NORTH label
        self.width, self.height = pt(self.w), pt(self.h)

    @property
    def mid(self) -> float:
        """Height of the row of cards' centre line."""
        return 5 + self.south_h + 9 + 10 + 4

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    # positions --------------------------------------------------------------
    def _x_of_column(self, column: int) -> float:
        n = len(self.course)
        left = (self.w - n * self.col) / 2
        return left + (column - 0.5) * self.col

    def _spot(self, position: int) -> tuple[float, float, int]:
        """Centre (mm, from the lower-left) of a position's marker, and which side (+1 north)."""
        n = len(self.course)
        mid = self.mid
        if position <= n:
            return self._x_of_column(position), mid - 14.5, -1
        if position <= 2 * n:
            return self._x_of_column(2 * n + 1 - position), mid + 14.5, 1
        return self._x_of_column(1) - self.col * 0.9, mid + 14.5, 1  # the finish

    def draw(self) -> None:
        c = self.canv
        n = len(self.course)
        mid = self.mid
        c.saveState()
        # the path: east along the south side, back west along the north side
        c.setStrokeColor(color(MUTED))
        c.setLineWidth(0.8)
        c.setDash([3, 2])
        x0, y0 = self._spot(1)[:2]
        xe = self._spot(n)[0]
        yn = self._spot(n + 1)[1]
        xf = self._spot(2 * n + 1)[0]
        p = c.beginPath()
        p.moveTo(pt(x0), pt(y0))
        p.lineTo(pt(xe + self.col * 0.45), pt(y0))
        p.lineTo(pt(xe + self.col * 0.45), pt(yn))
        p.lineTo(pt(xf), pt(yn))
        c.drawPath(p, stroke=1, fill=0)
        c.setDash([])
        # the obstacle cards
        cw, ch = min(13.0, self.col * 0.62), 17.0
        for i, ob in enumerate(self.course, 1):
            x = self._x_of_column(i)
            c.setFillColor(color("#FFFFFF"))
            c.setStrokeColor(color(self.deck.colors[ob.color]))
            c.setLineWidth(1.2)
            c.roundRect(pt(x - cw / 2), pt(mid - ch / 2), pt(cw), pt(ch), pt(1.2), stroke=1, fill=1)
            c.setFillColor(color(self.deck.colors[ob.color]))
            c.circle(pt(x), pt(mid + 1.8), pt(3.6), stroke=0, fill=1)
            c.setFillColor(color("#FFFFFF"))
            fill_icon(c, self.deck.glyphs[ob.color], pt(x), pt(mid + 1.9), pt(4.2), self.icons)
            # the trait's icon beside its name, the pair centred under the gem
            label = self.deck.trait_label(ob.trait)
            tw = stringWidth(label, fonts.font_name("regular"), 5.8) / pt(1)
            icon, gap = 2.3, 0.5
            left = x - (icon + gap + tw) / 2
            c.setFillColor(color(INK))
            fill_icon(c, self.deck.trait_icons[ob.trait], pt(left + icon / 2), pt(mid - 4.0), pt(icon), self.icons)
            self._text(left + icon + gap, mid - 4.6, label, 5.8)
            self._text(x, mid - 7.3, ob.id, 5.8, align="center", fill=MUTED)
        # position markers
        for pos in range(1, 2 * n + 2):
            x, y, side = self._spot(pos)
            finish = pos == 2 * n + 1
            c.setFillColor(color(INK if finish else "#FFFFFF"))
            c.setStrokeColor(color(INK))
            c.setLineWidth(0.6)
            if finish:
                c.roundRect(pt(x - 5.5), pt(y - 3), pt(11), pt(6), pt(1), stroke=1, fill=1)
                self._text(x, y - 1.1, _("finish"), 6, "bold", "center", "#FFFFFF")
            else:
                c.circle(pt(x), pt(y), pt(3), stroke=1, fill=1)
                self._text(x, y - 1.1, str(pos), 6.5, "bold", "center")
        sx, sy = self._spot(1)[:2]
        self._text(sx - 4.2, sy - 1.2, _("start = 1"), 6.5, "bold", "right")
        self._text(self.w / 2, mid + 14.5 + self.north_h + 5, seat_words("north").upper(), 7, "bold", "center", SEAT_COLORS["north"])
        self._text(self.w / 2, 1.0, seat_words("south").upper(), 7, "bold", "center", SEAT_COLORS["south"])
        # competitors standing at each position, two columns of labels
        at: dict[int, list[str]] = {}
        for competitor, pos in self.positions.items():
            at.setdefault(pos, []).append(competitor)
        for pos, faces in at.items():
            x, y, side = self._spot(pos)
            faces.sort(key=lambda f: (self.seats.get(f, ""), int(f[:-1])))
            for k, face in enumerate(faces):
                row, colm = divmod(k, 2)
                fx = x + (-4.6 if colm == 0 else 4.6)
                fy = y + side * (6.0 + row * 3.6) + (0 if side > 0 else -1.6)
                seat = self.seats.get(face, "north")
                bold = "bold" if face in self.highlight else "regular"
                self._text(fx, fy, face, 6.5, bold, "center", SEAT_COLORS[seat])
                for k in range(self.chits.get(face, 0)):  # a gold dot per chit on its card
                    c.setFillColor(color(CHIT_COLOR))
                    c.setStrokeColor(color("#8A6A10"))
                    c.setLineWidth(0.3)
                    c.circle(pt(fx + 3.2 + k * 1.9), pt(fy + 0.9), pt(0.8), stroke=1, fill=1)
        c.restoreState()

    def _text(self, x: float, y: float, text: str, size: float, style: str = "regular", align: str = "left", fill: str = INK) -> None:
        if not text:
            return
        c = self.canv
        c.setFillColor(color(fill))
        c.setFont(fonts.font_name(style), size)
        {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align](pt(x), pt(y), text)


class Legend(Flowable):
    """What the cards' symbols mean: each gem colour (its disc and glyph, as
    the cards print it) and each trait icon, beside its name. The gems make
    one line and the traits another; a line too long for ``width_mm`` is set
    smaller, down to :attr:`LEAST`, then goes on to a second line."""

    ICON = 3.0  # mm across
    ROW = 3.9  # mm a line
    GAP = 2.2  # mm between items
    LEAST = 0.75  # the smallest scale before a line wraps

    def __init__(self, deck: Deck, width_mm: float, size: float = 6.3, icons: Mapping[str, Icon] | None = None) -> None:
        super().__init__()
        self.deck = deck
        self.icons = icons or {}  # SVG icons by name (the templates folder's, the deck's own)
        self.size = size
        font = fonts.font_name("regular")
        groups = [[(n, "gem") for n in deck.colors], [(n, "trait") for n in deck.traits]]
        natural = [[self.ICON + 1.0 + stringWidth(self._label(n, kind), font, size) / pt(1) for n, kind in g] for g in groups]
        longest = max(sum(ws) + self.GAP * (len(ws) - 1) for ws in natural)
        self.scale = max(self.LEAST, min(1.0, width_mm / longest))
        # the lines: (y from the top in mm, [(x, name, kind)])
        self.lines: list[list[tuple[float, str, str]]] = []
        for group, widths in zip(groups, natural):
            line: list[tuple[float, str, str]] = []
            x = 0.0
            for (name, kind), w in zip(group, widths):
                w *= self.scale
                if line and x + w > width_mm + 0.01:
                    self.lines.append(line)
                    line, x = [], 0.0
                line.append((x, name, kind))
                x += w + self.GAP * self.scale
            self.lines.append(line)
        self.width, self.height = pt(width_mm), pt(len(self.lines) * self.ROW * self.scale)
        self.spaceAfter = pt(1.0)

    def _label(self, name: str, kind: str) -> str:
        """The word printed beside a gem or a trait icon (in the deck's language)."""
        return self.deck.color_label(name) if kind == "gem" else self.deck.trait_label(name)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        r = self.ICON / 2
        for k, line in enumerate(self.lines):
            y = (len(self.lines) - k - 0.5) * self.ROW - 0.2
            for x, name, kind in line:
                x /= self.scale
                if kind == "gem":
                    c.setFillColor(color(self.deck.colors[name]))
                    c.setStrokeColor(color(INK))
                    c.setLineWidth(pt(r * 0.08))
                    c.circle(pt(x + r), pt(y), pt(r), stroke=1, fill=1)
                    c.setFillColor(color("#FFFFFF"))
                    fill_icon(c, self.deck.glyphs[name], pt(x + r), pt(y + r * 0.04), pt(r * 1.15), self.icons)
                else:
                    c.setFillColor(color(INK))
                    fill_icon(c, self.deck.trait_icons[name], pt(x + r), pt(y), pt(self.ICON), self.icons)
                c.setFillColor(color(INK))
                c.setFont(fonts.font_name("regular"), self.size)
                c.drawString(pt(x + self.ICON + 1.0), pt(y) - self.size * 0.36, self._label(name, kind))
        c.restoreState()
