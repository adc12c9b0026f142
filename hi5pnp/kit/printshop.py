"""The print-shop file: every face on a page of its own, the card's size
plus 3 mm of its own art beyond the cut, with the TrimBox and BleedBox a
card service reads (docs/kit.md, "For a print shop"). Side a then side b of
each card, competitors first."""

from __future__ import annotations

from ..deck import Deck
from ..render.cardsize import CardSize
from ..render.faces import render_cards
from ..render.raster import faces_pdf
from ..render.template import Templates

BLEED = 3.0  # mm beyond the cut: what card services ask for
NAME = "cards-print-shop.pdf"


def print_shop_file(deck: Deck, templates: Templates, card: CardSize, title: str, ink: str = "normal") -> bytes:
    layouts = [face for c in render_cards(deck, templates, card, BLEED, ink) for face in c.faces]
    return faces_pdf(layouts, BLEED, title, "Card faces for a print shop, one a page, with 3 mm bleed")
