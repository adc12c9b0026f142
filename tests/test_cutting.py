"""Cutting aids on the card sheets: a gap between cards, a small default
bleed, guide lines across the sheet, crop marks on the backs too
(docs/kit.md, "Cutting")."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from deckfix import CARDS

from hi5pnp.deck import load_deck
from hi5pnp.errors import OptionError
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.kit.sheets.imposition import Grid, fit_grid
from hi5pnp.render.paper import Paper

MM = 72 / 25.4


def _lines(page: pypdf.PageObject, width: str) -> list[tuple[float, float, float, float]]:
    """The straight lines stroked at line width ``width`` (points) on a page, in mm."""
    ops = page.get_contents().get_data().decode("latin-1")
    found, current = [], None
    for token in re.finditer(r"([-\d.]+ )+(w|m|l)\b|\bS\b", ops):
        text = token.group(0).split()
        if text[-1] == "w":
            current = text[0]
        elif text[-1] == "m":
            start = (float(text[0]), float(text[1]))
        elif text[-1] == "l" and current == width:
            found.append(tuple(round(v / MM, 2) for v in (*start, float(text[0]), float(text[1]))))
    return found


def test_the_default_is_a_small_bleed_so_an_off_cut_shows_the_cards_own_colour():
    options = BuildOptions()
    assert options.bleed == 1.0 and options.describe()["gap"] == 2.0 and options.describe()["guides"] is False


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_gap_spaces_the_cards_and_the_manifest_follows():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), bleed=1.0, gap=5.0))
    rows = [r for r in built.manifest["cards"] if r["file"] == "cards-duplex-a4.pdf" and r["page"] == 1]
    xs, ys = sorted({r["x"] for r in rows}), sorted({r["y"] for r in rows})
    assert xs[1] - xs[0] == pytest.approx(63.5 + 5.0) and ys[1] - ys[0] == pytest.approx(88.9 + 5.0)
    assert built.manifest["options"]["gap"] == 5.0
    # the alignment test turns with the card sheets
    sheet = pypdf.PdfReader(io.BytesIO(built.files["cards-duplex-a4.pdf"])).pages[0].mediabox
    test = pypdf.PdfReader(io.BytesIO(built.files["duplex-alignment-a4.pdf"])).pages[0].mediabox
    assert (sheet.width > sheet.height) == (test.width > test.height)


def test_a_gap_narrower_than_the_bleed_is_refused():
    with pytest.raises(OptionError, match="gap: 1 mm is less than twice the bleed"):
        BuildOptions(bleed=1.0, gap=1.0)


def test_a_gap_takes_room_on_the_sheet():
    paper = Paper.named("a4")
    assert fit_grid("a4", 63.5, 88.9, 0.0, "a card").cols == 3
    assert fit_grid("a4", 63.5, 88.9, 0.0, "a card", gap=6.0).cols == 2  # 3 × 63.5 + 2 × 6 + 12 mm of margins > 210
    assert Grid(paper, 2, 2, 10, 10, 1.0, 6.0).gutter == 6.0 and Grid(paper, 2, 2, 10, 10, 1.0).gutter == 2.0


@pytest.mark.slow
def test_guides_run_across_the_sheet_on_every_cut_and_backs_have_crop_marks():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), gap=4.0, guides=True, back_offset=(1.0, 0.0)))
    reader = pypdf.PdfReader(io.BytesIO(built.files["cards-duplex-a4.pdf"]))
    rows = [r for r in built.manifest["cards"] if r["file"] == "cards-duplex-a4.pdf"]
    front, back = reader.pages[0], reader.pages[1]
    guides = _lines(front, ".4")  # GUIDE_WIDTH
    cuts_x = sorted({round(v, 2) for r in rows if r["page"] == 1 for v in (r["x"], r["x"] + r["width"])})
    vertical = sorted({g[0] for g in guides if g[0] == g[2]})
    assert vertical == pytest.approx(cuts_x, abs=0.01)
    page_h = float(front.mediabox.height) / MM
    assert all(g[1] < 12 and g[3] > page_h - 12 for g in guides if g[0] == g[2])  # right across the sheet
    # the back page: its crop marks on the backs' cuts (moved by the offset)
    back_cuts = sorted({round(v, 2) for r in rows if r["page"] == 2 for v in (r["x"], r["x"] + r["width"])})
    marks = {m[0] for m in _lines(back, ".5") if m[0] == m[2]}
    assert back_cuts and set(back_cuts) <= {round(x, 2) for x in marks}
