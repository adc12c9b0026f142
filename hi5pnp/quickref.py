"""The quick-reference card: sleeve-sized, two-sided, one per player.

templates/quickref.xml.j2 is set with the rulebook's markup into a frame the
size of a card face; each side must fit, or the build stops. Two copies go on
one sheet, their backs placed for a long-edge duplex flip.
"""

from __future__ import annotations

import copy
import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Frame

from .cardsheets import draw_form, draw_marks, draw_note
from .deck import Deck
from .draw import color
from .errors import Fault, TemplateError, shown_path
from .faces import POKER, CardSpec
from .markup import quickref_markup
from .pdfdoc import new_canvas
from .rulebook import flowables, styles
from .sheets import Slot, duplex_back, fit_grid, flip_words
from .units import pt

PADDING = 3.5  # mm inside the card edge
COPIES = 2


def _small(st: dict[str, ParagraphStyle]) -> dict[str, ParagraphStyle]:
    scale = 0.78
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


def quickref_file(
    deck: Deck,
    edition: int,
    card: CardSpec,
    paper_name: str,
    template_dir: Path,
    title: str,
    markup: ET.Element | None = None,
    flip: str = "long",
) -> bytes:
    """Two quick-reference cards; poker size, or the cards' size when that is larger."""
    spec = CardSpec(max(card.width, POKER[0]), max(card.height, POKER[1]))
    shown = shown_path(template_dir / "quickref.xml.j2")
    root = markup if markup is not None else quickref_markup(deck, edition, template_dir)
    sides = root.findall("side")
    if len(sides) != 2:
        raise TemplateError(Fault(shown, 0, 0, f"the quick reference needs two <side> elements, not {len(sides)}"))
    small = _small(styles())
    grid = fit_grid(paper_name, spec.width, spec.height, 0.0, "a quick-reference card")
    if grid.cols >= COPIES:  # one row of the copies, centred, with crop marks for them only
        grid = dataclasses.replace(grid, cols=COPIES, rows=1)
    paper = grid.paper
    c, buf = new_canvas((paper.width, paper.height), title, "Quick-reference cards")
    inner_w = spec.width - 2 * PADDING
    names = []
    for k, side in enumerate(sides):
        story = flowables(side, deck, None, inner_w, shown, st=small, outline=False)
        name = f"quickref{k}"
        c.beginForm(name, lowerx=0, lowery=0, upperx=pt(spec.width), uppery=pt(spec.height))
        c.setFillColor(color("#FBF8F1"))
        c.setStrokeColor(color("#8C7A55"))
        c.roundRect(pt(2), pt(2), pt(spec.width - 4), pt(spec.height - 4), pt(2.5), stroke=1, fill=1)
        frame = Frame(pt(PADDING), pt(PADDING), pt(inner_w), pt(spec.height - 2 * PADDING), 0, 0, 0, 0, showBoundary=0)
        frame.addFromList(story, c)
        c.endForm()
        if story:
            raise TemplateError(
                Fault(shown, 0, 0, f"the {side.get('name', k + 1)} side of the quick reference does not fit on a {spec.width:g} × {spec.height:g} mm card: shorten it")
            )
        names.append(name)
    slots = [Slot(*grid.cell(i), spec.width, spec.height) for i in range(min(COPIES, grid.per_page))]
    for k, name in enumerate(names):
        if k == 0:
            draw_marks(c, grid.crop_marks())
            draw_note(c, grid, f"Quick reference, one per player: print double-sided, flip on the {flip_words(flip)}, at 100 %.")
        for slot in slots:
            draw_form(c, name, slot if k == 0 else duplex_back(slot, paper, flip))
        c.showPage()
    c.save()
    return buf.getvalue()
