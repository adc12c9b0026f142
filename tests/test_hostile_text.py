"""Text fitted in O(n log n) or refused at once: a name of thousands of
characters cut with an ellipsis by halving, a text too long for its box
refused before any line is broken, and a fault quoting a text's beginning,
not all of it."""

from __future__ import annotations

import random
import time

import pytest

from hi5pnp.render import fonts
from hi5pnp.render.elements.element import ElementFault
from hi5pnp.render.elements.paragraph import Para, pieces
from hi5pnp.render.elements.text import _fitted


def cut_by_hand(text: str, style: str, size: float, room: float) -> str:
    """The ellipsis cut as it is defined: the longest beginning that fits with the ellipsis."""
    if fonts.width(text, style, size) <= room:
        return text
    while text and fonts.width(text + "…", style, size) > room:
        text = text[:-1]
    return text + "…"


@pytest.mark.parametrize("seed", range(20))
def test_the_cut_by_halving_is_the_cut_by_hand(seed):
    rng = random.Random(seed)
    text = "".join(rng.choice("iWm .lMx") for _ in range(rng.randrange(0, 200)))
    room = rng.uniform(0, 400)
    style = rng.choice(["regular", "bold", "italic"])
    assert fonts.cut_to(text, style, 9, room) == cut_by_hand(text, style, 9, room)


def test_a_name_of_a_million_characters_is_cut_at_once():
    start = time.perf_counter()
    cut = fonts.cut_to("x" * 1_000_000, "regular", 9, 200)
    assert time.perf_counter() - start < 1 and cut.endswith("…") and len(cut) < 100


def test_a_text_of_a_megabyte_is_refused_at_once_quoting_its_beginning():
    start = time.perf_counter()
    with pytest.raises(ElementFault) as caught:
        _fitted("Wx " * 350_000, "bold", 11, 37.5, 8)
    assert time.perf_counter() - start < 2
    message = str(caught.value)
    assert len(message) < 400 and "(1,050,000 characters)" in message and "at most" in message


def test_a_paragraph_far_too_long_for_its_box_is_refused_before_its_lines_are_broken():
    text = "Wx " * 70_000
    para = Para(x=0, y=0, w=50, h=7, text=text, size=6.4, min_size=5, leading=1.2)
    start = time.perf_counter()
    with pytest.raises(ElementFault) as caught:
        para._fitted(pieces(text, {}))
    assert time.perf_counter() - start < 2
    assert "does not fit its 50 × 7 mm box" in str(caught.value) and len(str(caught.value)) < 400


def test_slips_for_a_hundred_names_of_ten_thousand_characters_are_made_at_once(tmp_path):
    import json

    from click.testing import CliRunner

    from hi5pnp.cli import main

    (tmp_path / "event.yaml").write_text("players: " + json.dumps([f"P{i:03d} " + "x" * 10_000 for i in range(100)]) + "\n")
    start = time.perf_counter()
    result = CliRunner().invoke(main, ["pairings", str(tmp_path), "--slips", str(tmp_path / "slips.pdf")])
    assert result.exit_code == 0, result.output[-500:]
    assert time.perf_counter() - start < 10 and (tmp_path / "slips.pdf").stat().st_size > 1000
