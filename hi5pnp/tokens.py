"""The token sheet: chits, a pair of tokens per competitor card and the
first-player trophy, laid out by templates/tokens.yaml.j2 on one page."""

from __future__ import annotations

from pathlib import Path

from .deck import Deck
from .draw import draw_layout
from .faces import deck_context
from .layout import Layout, render
from .pdfdoc import new_canvas
from .sheets import Paper

CHITS = 30


def render_tokens(deck: Deck, paper_name: str, template_dir: Path) -> Layout:
    paper = Paper.named(paper_name)
    tokens = [
        {"card": card.number, "names": [card.a.name, card.b.name]}
        for card in deck.competitors
    ]
    context = {
        "page": {"w": paper.width, "h": paper.height},
        "tokens": tokens,
        "chits": CHITS,
        "deck": deck_context(deck),
        "item_name": f"the {paper_name} token sheet",
    }
    return render(template_dir, "tokens.yaml.j2", context)


def tokens_file(layout: Layout, title: str) -> bytes:
    c, buf = new_canvas((layout.width, layout.height), title, "Tokens")
    draw_layout(c, layout)
    c.showPage()
    c.save()
    return buf.getvalue()
