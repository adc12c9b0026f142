"""The token sheets: a pair of tokens per competitor card for each team
(north's navy with an N, south's rust with an S), chits and the
first-player trophy, laid out by templates/tokens.yaml.j2. A deck of many
cards takes several pages: each page holds as many token pairs as its
layout fits, and the chits and the trophy follow the last pairs.

How many fit is the template's to say: it declares its ``capacity`` (pairs
a page holds, and pairs with the chits and trophy after them), so each page
is laid out once. A template that declares none (one written before) is
paged by trying, as before: the most pairs that lay out without a fault,
found by halving."""

from __future__ import annotations

from typing import Any

from ...deck import Deck
from ...errors import Fault, TemplateError
from ...language import _
from ...render.draw import TEAM_COLORS, draw_layout
from ...render.faces import deck_context
from ...render.layout import Layout
from ...render.paper import Paper
from ...render.pdf import finish, new_canvas
from ...render.template import TemplateOverBudget, Templates

CHITS = 30
_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_turned(number: int) -> bool:
    """Does ``number`` read as another number upside down (6, 9, 16, 86)? Then it is underlined."""
    digits = str(number)
    if not all(d in _TURNED for d in digits):
        return False
    turned = "".join(_TURNED[d] for d in reversed(digits))
    return turned != digits and not turned.startswith("0")  # 10 turned is no number


def render_tokens(deck: Deck, paper_name: str, templates: Templates, ink: str = "normal") -> list[Layout]:
    """The token sheet's pages. Which pairs fit on a page is the template's
    to say: the most that lay out without a fault (found by halving), so the
    geometry stays in the template."""
    paper = Paper.named(paper_name)
    tokens = [{"card": card.number, "names": [card.a.name, card.b.name], "turned": reads_turned(card.number)} for card in deck.competitors]
    base = {"page": {"w": paper.width, "h": paper.height}, "chits": CHITS, "deck": deck_context(deck), "low_ink": ink == "low", "team_colors": TEAM_COLORS}

    def page(some: list[dict[str, Any]], number: int, last: bool) -> Layout:
        context = {**base, "tokens": some, "first_page": number == 1, "last_page": last, "item_name": f"page {number} of the {paper_name} token sheet"}
        return templates.layout("tokens.yaml.j2", context)

    if tokens:
        declared = page([], 1, last=True).capacity  # the chits and trophy alone: the one page laid out to learn it
        if "pairs" in declared and "pairs_last" in declared:
            return _paged(tokens, declared["pairs"], declared["pairs_last"], page)
    pages: list[Layout] = []
    left = tokens
    most: int | None = None  # pairs a page after the first holds, once known: the same on each
    while True:
        number = len(pages) + 1
        if most is None or len(left) <= most:  # more than a full page cannot all go on the last
            try:
                pages.append(page(left, number, last=True))
                return pages
            except TemplateOverBudget:
                raise
            except TemplateError:
                if not left:
                    raise  # the chits and the trophy alone do not fit: the template's fault
        fits = None
        if most is not None and number > 2:
            fits = (most, page(left[:most], number, last=False))
        else:
            low, high = 1, len(left)  # the most pairs that fit without the chits and trophy
            while low <= high:
                middle = (low + high) // 2
                try:
                    fits = (middle, page(left[:middle], number, last=False))
                    low = middle + 1
                except TemplateOverBudget:
                    raise
                except TemplateError:
                    high = middle - 1
            if fits is None:
                page(left[:1], number, last=False)  # raises: not even one pair fits
            if number > 1:
                most = fits[0] if fits else None
        assert fits is not None
        pages.append(fits[1])
        left = left[fits[0] :]


def _paged(tokens: list[dict[str, Any]], most: int, most_last: int, page: Any) -> list[Layout]:
    """Full pages of ``most`` pairs while more are left than the last page
    holds (``most_last``, with the chits and the trophy), then that page;
    each laid out once."""
    if most < 1 and len(tokens) > most_last:
        page(tokens[:1], 1, last=False)  # raises: not even one pair fits, naming the element
        raise TemplateError(Fault("tokens.yaml.j2", 0, 0, "its capacity says a page holds no token pair"))
    pages: list[Layout] = []
    left = tokens
    while len(left) > most_last:
        pages.append(page(left[:most], len(pages) + 1, last=False))
        left = left[most:]
    pages.append(page(left, len(pages) + 1, last=True))
    return pages


def tokens_file(layouts: list[Layout], title: str) -> bytes:
    first = layouts[0]
    c, buf = new_canvas((first.width, first.height), title, _("Tokens"), duplex="none")
    for layout in layouts:
        draw_layout(c, layout)
        c.showPage()
    return finish(c, buf)
