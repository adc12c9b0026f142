"""The quick-reference card: sleeve-sized, two-sided, one per player.

templates/quickref.xml.j2 is set with the rulebook's markup into a frame the
size of a card face; each side must fit, or the build stops. Two copies go on
one sheet, their backs placed for a long-edge duplex flip.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from ...deck import Deck
from ...deck.pictures.icons import Icon
from ...errors import Fault, TemplateError
from ...language import _
from ...render.cardsize import POKER, CardSize
from ...render.draw import color
from ...render.faces import FRAME
from ...render.pdf import finish, new_canvas
from ...render.units import pt
from ..sheets.cardsheets import draw_form, draw_marks, draw_note
from ..sheets.imposition import Slot, duplex_back, fit_grid, flip_words
from .rulebook import flowables, styles

TIGHTNESS = (1.0, 0.92, 0.85)  # the spacing scales a side is set with, in turn, until it fits

PADDING = FRAME + 1.2  # mm inside the card edge: 1.2 mm clear of the frame
COPIES = 2


def _small(st: dict[str, ParagraphStyle]) -> dict[str, ParagraphStyle]:
    scale = 0.75
    out = {}
    for name, style in st.items():
        s = copy.copy(style)
        s.fontSize *= scale
        s.leading *= scale
        s.spaceAfter *= scale
        s.spaceBefore *= scale
        s.leftIndent *= scale
        s.bulletIndent *= scale
        s.bulletFontSize = s.fontSize
        out[name] = s
    return out


def _set(side: ET.Element, deck: Deck, width: float, height: float, shown: str, k: int, icons: Mapping[str, Icon] | None = None) -> list[Flowable]:
    """A side's flowables, set with the book's spacing or, where that does
    not fit the card, a little tighter (never a smaller type); as they are
    when nothing fits, for the caller to say so."""
    for tight in TIGHTNESS:
        story = flowables(side, deck, None, width, shown, st=_small(styles(tight)), outline=False, icons=icons)
        trial = list(story)
        try:
            Frame(0, 0, pt(width), pt(height), 0, 0, 0, 0).addFromList(trial, Canvas(io.BytesIO()))
        except ValueError as exc:  # platypus: something wider than the card
            raise TemplateError(Fault(shown, 0, 0, f"the {side.get('name', k + 1)} side of the quick reference cannot be set: {exc}")) from None
        if not trial:
            return flowables(side, deck, None, width, shown, st=_small(styles(tight)), outline=False, icons=icons)
    return story


def quickref_file(
    deck: Deck, card: CardSize, paper_name: str, title: str, markup: ET.Element, shown: str, flip: str, icons: Mapping[str, Icon] | None = None
) -> bytes:
    """Two quick-reference cards from the rendered ``markup`` (of the template
    ``shown``); poker size, or the cards' size when that is larger."""
    w, h = max(card.width, POKER.width), max(card.height, POKER.height)
    sides = markup.findall("side")
    if len(sides) != 2:
        raise TemplateError(Fault(shown, 0, 0, f"the quick reference needs two <side> elements, not {len(sides)}"))
    grid = fit_grid(paper_name, w, h, 0.0, "a quick-reference card")
    if grid.cols >= COPIES:  # one row of the copies, centred, with crop marks for them only
        grid = dataclasses.replace(grid, cols=COPIES, rows=1)
    paper = grid.paper
    c, buf = new_canvas((paper.width, paper.height), title, _("Quick-reference cards"), duplex=flip)
    inner_w = w - 2 * PADDING
    names = []
    for k, side in enumerate(sides):
        story = _set(side, deck, inner_w, h - 2 * PADDING, shown, k, icons)
        name = f"quickref{k}"
        c.beginForm(name, lowerx=0, lowery=0, upperx=pt(w), uppery=pt(h))
        # the ground to the cut, the frame clear of the 1/8 in cut tolerance, as on the cards
        c.setFillColor(color("#FBF8F1"))
        c.rect(0, 0, pt(w), pt(h), stroke=0, fill=1)
        c.setStrokeColor(color("#8C7A55"))
        c.roundRect(pt(FRAME), pt(FRAME), pt(w - 2 * FRAME), pt(h - 2 * FRAME), pt(2.2), stroke=1, fill=0)
        frame = Frame(pt(PADDING), pt(PADDING), pt(inner_w), pt(h - 2 * PADDING), 0, 0, 0, 0, showBoundary=0)
        frame.addFromList(story, c)
        c.endForm()
        if story:
            raise TemplateError(
                Fault(shown, 0, 0, f"the {side.get('name', k + 1)} side of the quick reference does not fit on a {w:g} × {h:g} mm card: shorten it")
            )
        names.append(name)
    slots = [Slot(*grid.cell(i), w, h) for i in range(min(COPIES, grid.per_page))]
    for k, name in enumerate(names):
        draw_marks(c, grid.crop_marks())  # the grid is centred: the backs' cuts are the fronts'
        if k == 0:
            draw_note(c, grid, _("Quick reference, one per player: print double-sided, flip on the %(flip)s, at 100 %%.") % {"flip": flip_words(flip)})
        for slot in slots:
            draw_form(c, name, slot if k == 0 else duplex_back(slot, paper, flip))
        c.showPage()
    return finish(c, buf)
