"""The token sheet: chits, a pair of tokens per competitor card and the
first-player trophy, laid out by templates/tokens.yaml.j2 on one page."""

from __future__ import annotations

from ..deck import Deck
from ..render.draw import draw_layout
from ..render.faces import deck_context
from ..render.layout import Layout
from ..render.pdf import finish, new_canvas
from ..render.template import Templates
from .imposition import Paper

CHITS = 30


def render_tokens(deck: Deck, paper_name: str, templates: Templates) -> Layout:
    paper = Paper.named(paper_name)
    tokens = [{"card": card.number, "names": [card.a.name, card.b.name]} for card in deck.competitors]
    context = {
        "page": {"w": paper.width, "h": paper.height},
        "tokens": tokens,
        "chits": CHITS,
        "deck": deck_context(deck),
        "item_name": f"the {paper_name} token sheet",
    }
    return templates.layout("tokens.yaml.j2", context)


def tokens_file(layout: Layout, title: str) -> bytes:
    c, buf = new_canvas((layout.width, layout.height), title, "Tokens")
    draw_layout(c, layout)
    c.showPage()
    return finish(c, buf)
