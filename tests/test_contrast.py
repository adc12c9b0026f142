"""Every word printed on a card face stands out from what is under it: a
contrast of at least 4.5:1 (WCAG's AA for text), in both inks."""

from __future__ import annotations

import pytest
from deckfix import CARDS

from hi5pnp import load_deck
from hi5pnp.render.cardsize import POKER
from hi5pnp.render.elements.figures import Circle, Rect
from hi5pnp.render.elements.paragraph import Para
from hi5pnp.render.elements.text import Text
from hi5pnp.render.faces import render_cards
from hi5pnp.render.template import Templates


def _luminance(hexv: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hexv[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _ground(elements, upto: int, x: float, y: float) -> str:
    """The fill drawn last, before element ``upto``, under the point (x, y)."""
    under = "#FFFFFF"
    for el in elements[:upto]:
        if isinstance(el, (Rect, Circle)) and el.fill:
            x0, y0, x1, y1 = el.bounds()
            if x0 <= x <= x1 and y0 <= y <= y1:
                under = el.fill
    return under


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_every_text_on_the_faces_has_a_contrast_of_at_least_4_5(ink):
    cards = render_cards(load_deck(CARDS), Templates(), POKER, 0.0, ink)
    checked = 0
    for card in cards:
        for face in card.faces:
            for i, el in enumerate(face.elements):
                if not isinstance(el, (Text, Para)) or not el.fill or (el.id or "").startswith("pic-"):
                    continue  # (a pictogram's "?" is a picture drawn in the obstacle's colour, not words)
                x0, y0, x1, y1 = el.bounds()
                ground = _ground(face.elements, i, (x0 + x1) / 2, (y0 + y1) / 2)
                assert contrast(el.fill, ground) >= 4.5, (card.kind, card.number, el.id, el.fill, ground, round(contrast(el.fill, ground), 2))
                checked += 1
    assert checked > 100
