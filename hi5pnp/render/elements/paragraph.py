"""A layout's paragraph element: text wrapped within a box, with bold and
italic runs and icons inline, set smaller (down to ``min_size``) when it
does not fit, and a fault when it does not fit even then.

The text is written as a designer types it: ``**bold**``, ``*italic*``
and ``{power}`` for an icon (a trait's name, through the element's
``icons`` mapping, or any shape or icon name). Lines are broken between
words, measured with the embedded fonts' own metrics (reportlab's
``stringWidth``); reportlab's Paragraph is not used because its inline
``<img>`` takes raster pictures only, and an icon here is a vector shape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal, Self, TypeGuard

from .. import fonts
from ..icons import fill_icon, known
from ..units import MM_PER_IN, pt, to_mm
from .element import Box, Element, ElementFault, Given
from .pen import Pen
from .text import ASCENT, DESCENT, Align, _is_align, shown

VAlign = Literal["top", "middle", "bottom"]
VALIGNS: tuple[VAlign, ...] = ("top", "middle", "bottom")
ICON_EM = 1.05  # an inline icon's width, in ems (its height is one em)
_PIECE = re.compile(r"(\*\*|\*|\{[^{}\s]*\}|\s+)")

#: a piece of a line: (kind "word" / "icon" / "space", text or icon name, font style)
Piece = tuple[str, str, str]


def _is_valign(value: object) -> TypeGuard[VAlign]:
    return value in VALIGNS


def pieces(text: str, icons: Mapping[str, str]) -> list[Piece]:
    """The words, spaces and icons of ``text``, each with its style; an
    :class:`ElementFault` for an unclosed ``*`` or ``**``, or ``{…}`` that
    names no icon."""
    out: list[Piece] = []
    bold = italic = False
    for part in _PIECE.split(text):
        if not part:
            continue
        if part == "**":
            bold = not bold
        elif part == "*":
            italic = not italic
        elif part.isspace():
            out.append(("space", " ", "regular"))
        elif part.startswith("{") and part.endswith("}"):
            out.append(("icon", icons.get(part[1:-1], part[1:-1]), ""))
        else:
            out.append(("word", part, "bold" if bold else "italic" if italic else "regular"))
    if bold or italic:
        raise ElementFault(f"paragraph '{text}' opens {'**' if bold else '*'} and never closes it")
    return out


def _style(base: str, run: str) -> str:
    """The font a run is set in: the paragraph's own, bold, or italic; in an
    italic paragraph a ``*run*`` stands out upright, as in print."""
    if run == "regular":
        return base
    if run == "italic" and base == "italic":
        return "regular"
    return run


def size_of(p: Piece, size: float, base: str) -> float:
    """A piece's width in points at ``size``: an icon's square, a run's text."""
    return size * ICON_EM if p[0] == "icon" else fonts.width(p[1], _style(base, p[2]), size)


def _lines(parts: list[Piece], size: float, width_pt: float, base: str) -> list[list[tuple[Piece, float]]]:
    """``parts`` broken into lines no wider than ``width_pt`` where it can
    be (a word longer than the line stands alone): each a list of (piece, width)."""
    lines: list[list[tuple[Piece, float]]] = [[]]
    used = 0.0
    words: list[list[tuple[Piece, float]]] = [[]]  # runs with no space between them break together
    for p in parts:
        if p[0] == "space":
            if words[-1]:
                words.append([])
            continue
        words[-1].append((p, size_of(p, size, base)))
    space = fonts.width(" ", base, size)
    for word in (w for w in words if w):
        ww = sum(w for _, w in word)
        if lines[-1] and used + space + ww > width_pt + 1e-6:
            lines.append([])
            used = 0.0
        if lines[-1]:
            lines[-1].append((("space", " ", base), space))
            used += space
        lines[-1].extend(word)
        used += ww
    return [line for line in lines if line]


@dataclass(frozen=True, kw_only=True)
class Para(Element):
    """``text`` wrapped within the box (x, y, w, h), ``size`` points, lines
    ``leading`` times the size apart; set smaller down to ``min_size`` (80 %
    of ``size`` when not given) when it does not fit. ``icons`` maps a word
    in braces to an icon (``{power}`` -> dumbbell)."""

    KIND = "para"

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float  # as drawn: set smaller to fit when it had to be
    font: str = "regular"
    fill: str | None = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    leading: float = 1.25
    min_size: float | None = None
    icons: Mapping[str, str] | None = None

    @classmethod
    def read(cls, given: Given) -> Self:
        n = given.numbers("x", "y", "w", "h", "size", "min_size")
        fill = given.color("fill")
        common = given.common()
        text = given.text("text")
        v = given.values
        font, align, valign, leading, icons = given.font(), v["align"], v["valign"], v["leading"], v["icons"]
        if not _is_align(align):
            raise ElementFault(f"align must be left, center or right, not {align!r}")
        if not _is_valign(valign):
            raise ElementFault(f"valign must be top, middle or bottom, not {valign!r}")
        if isinstance(leading, bool) or not isinstance(leading, (int, float)) or not 0.8 <= leading <= 3:
            raise ElementFault(f"leading must be a number from 0.8 to 3 (times the size), not {leading!r}")
        icons = {} if icons is None else icons
        if not (isinstance(icons, dict) and all(isinstance(k, str) and isinstance(i, str) for k, i in icons.items())):
            raise ElementFault(f"icons must map words to icon names, such as {{power: dumbbell}}, not {icons!r}")
        parts = pieces(text, icons)
        for kind, word, style in parts:
            if kind == "icon" and not known(word, given.icons):
                raise ElementFault(f"paragraph '{text}': {{{word}}} is no icon; name a trait or a shape")
            missing = fonts.missing_glyphs(word, _style(font, style)) if kind == "word" else ""
            if missing:
                raise ElementFault(f"paragraph '{text}' has characters the font cannot draw: {missing}")
        para = cls(
            **common,
            x=n["x"],
            y=n["y"],
            w=n["w"],
            h=n["h"],
            text=text,
            size=n["size"],
            font=font,
            fill=fill,
            align=align,
            valign=valign,
            leading=float(leading),
            min_size=n.get("min_size"),
            icons=dict(icons),
        )
        return para._fitted(parts)

    def _height(self, lines: int, size: float) -> float:
        """The height, mm, of ``lines`` lines at ``size`` points."""
        em = size * MM_PER_IN / 72
        return (ASCENT + DESCENT) * em + (lines - 1) * self.leading * em

    def _fitted(self, parts: list[Piece]) -> Self:
        """This paragraph at the largest size, in quarter points, at which it
        fits its box. A text that could not fit even set solid at the least
        size (its words' widths together more than the box's lines hold) is
        refused at once, before any line is broken: a text of a megabyte
        costs one measuring, not one per size tried."""
        least = self.min_size if self.min_size is not None else self.size * 0.8
        self._could_fit(parts, least)
        size = self.size
        while True:
            lines = _lines(parts, size, pt(self.w), self.font)
            widest = max((sum(w for _, w in line) for line in lines), default=0.0)
            if self._height(len(lines), size) <= self.h + 1e-6 and widest <= pt(self.w) + 1e-6:
                return self if size == self.size else replace(self, size=size)
            if size - 0.25 < least - 1e-6:
                break
            size -= 0.25
        em = least * MM_PER_IN / 72
        fit = int((self.h - (ASCENT + DESCENT) * em) / (self.leading * em)) + 1
        raise ElementFault(
            f"paragraph '{shown(self.text)}' does not fit its {self.w:g} × {self.h:g} mm box even at {least:g} pt: "
            f"it takes {len(lines)} lines and the box holds {max(fit, 0)}; shorten it"
        )

    def _could_fit(self, parts: list[Piece], least: float) -> None:
        """An :class:`ElementFault` when the words alone, end to end at
        ``least`` points, are longer than every line the box holds."""
        em = least * MM_PER_IN / 72
        room = max(int((self.h - (ASCENT + DESCENT) * em) / (self.leading * em)) + 1, 0)
        words = sum(size_of(p, least, self.font) for p in parts if p[0] != "space")
        if words > room * pt(self.w) + 1e-6:
            raise ElementFault(
                f"paragraph '{shown(self.text)}' does not fit its {self.w:g} × {self.h:g} mm box even at {least:g} pt: "
                f"its words take {to_mm(words) / max(self.w, 1e-9):,.0f} lines of the box's width and the box holds {room}; shorten it"
            )

    def describe(self) -> str:
        return f"paragraph '{shown(self.text)}'"

    def bounds(self) -> Box:
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def draw(self, pen: Pen) -> None:
        if not self.fill:
            return
        c = pen.c
        pen.fill_with(self.fill)
        size = self.size
        lines = _lines(pieces(self.text, self.icons or {}), size, pt(self.w), self.font)
        em = size * MM_PER_IN / 72
        spare = self.h - self._height(len(lines), size)
        top = self.y + {"top": 0.0, "middle": spare / 2, "bottom": spare}[self.valign]
        for i, line in enumerate(lines):
            baseline = top + ASCENT * em + i * self.leading * em
            width = sum(w for _, w in line)
            x = pt(self.x) + {"left": 0.0, "center": (pt(self.w) - width) / 2, "right": pt(self.w) - width}[self.align]
            y = pt(pen.height - baseline)
            for (kind, word, style), w in line:
                if kind == "word":
                    c.setFont(fonts.font_name(_style(self.font, style)), size)
                    c.drawString(x, y, word)
                elif kind == "icon":
                    fill_icon(c, word, x + w / 2, y + size * 0.32, size * 0.95, pen.icons)
                x += w
