"""PDFs a print shop and a viewer read right, big decks, team tokens."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import make_deck
from deckfix import CARDS
from pypdf import PdfReader

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.kit.sheets.tokens import reads_turned

OUTPUT = Path(__file__).parent.parent / "output"
MM = 72 / 25.4


def fonts_of(reader: PdfReader) -> dict[str, set[int]]:
    """Each font subset's name, and the distinct font objects that carry it."""
    found: dict[str, set[int]] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for ref in fonts.get_object().values() if fonts is not None else ():
            font = ref.get_object()
            found.setdefault(str(font["/BaseFont"]), set()).add(ref.idnum if hasattr(ref, "idnum") else id(font))
    return found


@pytest.mark.parametrize("name", sorted(p.name for p in OUTPUT.glob("*.pdf")))
def test_every_pdf_has_its_language_title_shown_dates_and_id(name):
    reader = PdfReader(OUTPUT / name)
    root = reader.trailer["/Root"]
    assert root.get("/Lang") == "en"
    assert bool(root["/ViewerPreferences"]["/DisplayDocTitle"])
    assert reader.metadata.title and reader.metadata.get("/CreationDate") == "D:20000101000000+00'00'"
    ids = reader.trailer.get("/ID")
    assert ids and len(ids) == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_two_font_subsets_share_a_name_in_the_assembled_kit(paper):
    found = fonts_of(PdfReader(OUTPUT / f"kit-{paper}.pdf"))
    assert len(found) > 6
    assert all(len(objects) == 1 for objects in found.values()), {n: len(o) for n, o in found.items() if len(o) > 1}
    assert all(re.fullmatch(r"/[A-Z]{6}\+BitstreamVeraSans-\w+", name) for name in found)


def test_print_shop_file_has_trim_and_bleed_boxes():
    reader = PdfReader(OUTPUT / "cards-print-shop.pdf")
    assert len(reader.pages) == 2 * (10 + 6)
    for page in reader.pages:
        media, trim, bleed = page.mediabox, page.trimbox, page.bleedbox
        assert [round(float(x) / MM, 2) for x in media] == [0, 0, 69.5, 94.9]
        assert [round(float(x) / MM, 2) for x in bleed] == [0, 0, 69.5, 94.9]
        assert [round(float(x) / MM, 2) for x in trim] == [3, 3, 66.5, 91.9]
    assert "Dash Dunmore" in reader.pages[0].extract_text() and "Pip Pocket" in reader.pages[1].extract_text()


@pytest.mark.parametrize(
    "number, turned", [(1, False), (6, True), (9, True), (8, False), (10, False), (16, True), (69, False), (86, True), (11, False), (100, False), (61, True)]
)
def test_numbers_that_read_differently_upside_down_are_underlined(number, turned):
    assert reads_turned(number) is turned


def test_tokens_tell_the_teams_apart(tmp_path):
    text = PdfReader(OUTPUT / "tokens-a4.pdf").pages[0].extract_text()
    assert text.count("N") >= 20 and text.count("S") >= 20
    assert "for each team, N blue, S rust" in text


@pytest.mark.slow  # a stress test: run by CI with -m slow
def test_a_deck_of_100_competitor_cards_builds_every_file_paginated(tmp_path):
    folder = make_deck(tmp_path / "big", copies=10)
    assert len(load_deck(folder).competitors) == 100
    out = tmp_path / "kit"
    result = CliRunner().invoke(main, ["build", "--deck", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    for paper in ("a4", "letter"):
        tokens = PdfReader(out / f"tokens-{paper}.pdf")
        assert len(tokens.pages) >= 2
        text = " ".join(page.extract_text() for page in tokens.pages)
        assert "(continued)" in text and "100" in text and "First-player token" in tokens.pages[-1].extract_text()
        assert len(PdfReader(out / f"cards-duplex-{paper}.pdf").pages) >= 2 * 106 // 9
    assert len(PdfReader(out / "cards-print-shop.pdf").pages) == 2 * 106


def _ink(pdf: bytes, page: int = 0) -> float:
    """The share of the page's area covered in ink (1 - mean lightness), rasterised at 30 dpi."""
    from hi5pnp.render.raster import rasterise

    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[page].mediabox
    size = (round(float(box.width) / 72 * 30), round(float(box.height) / 72 * 30))
    images = list(rasterise(pdf, [size] * (page + 1), 30))
    histogram = images[page].convert("L").histogram()  # pixels at each lightness 0-255
    return 1 - sum(level * count for level, count in enumerate(histogram)) / (255 * size[0] * size[1])


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_low_ink_saves_ink_on_cards_tokens_and_score_cards():
    deck = load_deck(CARDS)
    normal = make_kit(deck, BuildOptions(papers=("a4",)))
    low = make_kit(deck, BuildOptions(papers=("a4",), ink="low"))
    assert low.manifest["options"]["ink"] == "low"
    for name in ("cards-duplex-a4.pdf", "tokens-a4.pdf", "scorecards-a4.pdf"):
        assert _ink(low.files[name]) < 0.6 * _ink(normal.files[name]), name
    # the information stays: each gem keeps its colour (in its ring and glyph) and its glyph
    from hi5pnp.render.cardsize import POKER
    from hi5pnp.render.elements.figures import Circle, Shape
    from hi5pnp.render.faces import render_faces
    from hi5pnp.render.template import Templates

    face = deck.competitor_face("1a")
    gems = {}
    for ink in ("normal", "low"):
        (layout,) = render_faces(deck, Templates(), POKER, 0.0, [face], ink)
        gems[ink] = [(e.stroke, e.fill) for e in layout.elements if isinstance(e, Circle) and (e.id or "").startswith("gem-")]
        glyphs = [(e.name, e.fill) for e in layout.elements if isinstance(e, Shape) and (e.id or "").endswith("-glyph")]
        if ink == "low":
            assert [fill for _, fill in glyphs] == [deck.colors[g] for g in face.gems]  # the glyph drawn in the gem's colour
    assert [stroke for stroke, _ in gems["low"]] == [deck.colors[g] for g in face.gems]  # a ring of its colour
    assert [fill for _, fill in gems["normal"]] == [deck.colors[g] for g in face.gems]


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_the_token_sheets_declared_capacity_is_what_lays_out(paper):
    """Tokens are paged by the capacity the template declares, each page laid
    out once: a page of that many pairs lays out, one more does not (with and
    without the chits and trophy)."""
    from hi5pnp.errors import TemplateError
    from hi5pnp.kit.sheets.tokens import CHITS
    from hi5pnp.render.draw import TEAM_COLORS
    from hi5pnp.render.faces import deck_context
    from hi5pnp.render.paper import Paper
    from hi5pnp.render.template import Templates

    deck, sheet, templates = load_deck(), Paper.named(paper), Templates()
    base = {"page": {"w": sheet.width, "h": sheet.height}, "chits": CHITS, "deck": deck_context(deck), "low_ink": False, "team_colors": TEAM_COLORS}

    def lay(n: int, last: bool):
        tokens = [{"card": k, "names": ["a", "b"], "turned": False} for k in range(1, n + 1)]
        return templates.layout("tokens.yaml.j2", {**base, "tokens": tokens, "first_page": False, "last_page": last, "item_name": "a page"})

    capacity = lay(0, True).capacity
    for key, last in (("pairs", False), ("pairs_last", True)):
        lay(capacity[key], last)
        with pytest.raises(TemplateError):
            lay(capacity[key] + 1, last)  # one pair more starts a row that does not fit
