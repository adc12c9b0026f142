"""The print-shop file: every face on a page of its own, the card's size
plus its own art beyond the cut (3 mm unless ``build --bleed`` or ``--for``
says otherwise), with the TrimBox and BleedBox a card service reads
(docs/kit.md, "For a print shop"). Side a then side b of each card,
competitors first; for a service that wants backs first (DriveThruCards),
side b then side a."""

from __future__ import annotations

from ...deck import Deck
from ...language import _
from ...render.cardsize import CardSize
from ...render.faces import RenderedCard, render_cards
from ...render.raster import faces_pdf
from ...render.template import Templates

BLEED = 3.0  # mm beyond the cut: what card services ask for
NAME = "cards-print-shop.pdf"


def print_shop_file(
    deck: Deck,
    templates: Templates,
    card: CardSize,
    title: str,
    ink: str = "normal",
    bleed: float = BLEED,
    backs_first: bool = False,
    cards: list[RenderedCard] | None = None,
) -> bytes:
    """``cards``: the deck's cards laid out with at least ``bleed`` (the
    build's, made once for every file; each page is clipped to its bleed)."""
    cards = cards if cards is not None else render_cards(deck, templates, card, bleed, ink)
    layouts = [face for c in cards for face in (c.faces[::-1] if backs_first else c.faces)]
    order = _("side b (the back) then side a") if backs_first else _("side a then side b")
    what = _("Card faces for a print shop, one a page, %(order)s, with %(bleed)s mm bleed, RGB") % {"order": order, "bleed": f"{bleed:g}"}
    return faces_pdf(layouts, bleed, title, what)
