"""The rulebook, quick reference and assembled kit, read back with pypdf:
every number comes from the deck, every ruling is there, the credit line is
there, and the kit's bookmarks point at its parts."""

from __future__ import annotations

import io
import re
import shutil

import pypdf
import pytest
from deckfix import CARDS, bundled_kit, line_of

from hi5pnp.data import template_folder
from hi5pnp.deck import load_deck
from hi5pnp.errors import TemplateError
from hi5pnp.kit.build import BuildOptions, make_kit
from hi5pnp.kit.manual.example import worked_example
from hi5pnp.kit.manual.markup import example_faces, quickref_markup, rulebook_markup
from hi5pnp.kit.manual.quickref import quickref_file
from hi5pnp.kit.manual.rulebook import rulebook_file
from hi5pnp.render.cardsize import CARD_SIZES, POKER
from hi5pnp.render.elements.figures import Rect
from hi5pnp.render.elements.text import Text
from hi5pnp.render.faces import render_cards
from hi5pnp.render.template import Templates

TEMPLATE_DIR = template_folder()


def rulebook(deck, edition=2, paper="a4", folder=TEMPLATE_DIR) -> bytes:
    """The rulebook alone, made as a build makes it."""
    templates = Templates(folder)
    example = worked_example(deck, edition)
    markup = rulebook_markup(deck, edition, templates, example, POKER)
    faces = example_faces(deck, example, render_cards(deck, templates, POKER))
    return rulebook_file(deck, edition, paper, "t", markup, templates.shown("rulebook.xml.j2"), example, faces)


def quickref(deck, folder=TEMPLATE_DIR) -> bytes:
    templates = Templates(folder)
    markup = quickref_markup(deck, 2, templates)
    return quickref_file(deck, POKER, "a4", "t", markup, templates.shown("quickref.xml.j2"), "long")


CREDIT = "High Five: The Golden Gauntlet by Michael Purcell, CC BY-SA 4.0"


def text_of(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def rulebook2() -> str:
    return text_of(rulebook(load_deck(CARDS)))


def test_every_ruling_is_present(rulebook2):
    for n in range(1, 14):
        assert f"R-{n} " in rulebook2, n


def test_credit_line(rulebook2):
    assert "High Five: The Golden Gauntlet is a game by Michael Purcell" in rulebook2
    assert "CC BY-SA 4.0" in rulebook2
    assert CREDIT in rulebook2  # in the page footer


def test_bundled_numbers(rulebook2):
    for phrase in (
        "a team of 5 competitors",
        "the first 5 competitors to reach the finish",
        "After 3 rounds",
        "scores 3 points for its owner",
        "if it holds fewer than 3",
        "positions are numbered from 1 to 12",
        "10 Competitor cards",
        "6 Obstacle cards",
        "30 Chits",
        "40 Competitor tokens",
    ):
        assert phrase in rulebook2, phrase
    assert "Help yourself Bring along" not in rulebook2  # edition 2 has no such option


@pytest.mark.slow
def test_edition_one(rulebook2):
    text = text_of(rulebook(load_deck(CARDS), 1, "letter"))
    assert "Help yourself Bring along" in text and "rules of edition 1" in text
    assert "Just move" not in text


def test_worked_example_comes_from_the_engine(rulebook2):
    assert "this turn is written 4a assist 1a 7a:chit" in rulebook2
    assert "its match is 2" in rulebook2


@pytest.mark.slow
def test_other_numbers_change_the_text(deck_copy):
    deck_copy("game.yaml", "  rounds: 3", "  rounds: 4")
    deck_copy("game.yaml", "  finishers: 5", "  finishers: 4")
    deck_copy("game.yaml", "placing_points: [5, 4, 3, 2, 1]", "placing_points: [9, 6, 3, 1]")
    deck_copy("game.yaml", "  column_points: 3", "  column_points: 2")
    folder = deck_copy("game.yaml", "  chit_limit: 3", "  chit_limit: 2")
    text = text_of(rulebook(load_deck(folder)))
    for phrase in ("After 4 rounds", "the first 4 competitors", "scores 2 points for its owner", "if it holds fewer than 2", "1st 9 2nd 6 3rd 3 4th 1"):
        assert phrase in text, phrase
    assert "5th" not in text and "After 3 rounds" not in text


@pytest.mark.slow
def test_more_obstacles_lengthen_the_course(deck_copy):
    extra = '- card: 7\n  a: {name: "Sand Trap", color: gold, trait: power}\n  b: {name: "Zip Line", color: blue, trait: wits}\n'
    path = deck_copy.folder / "obstacles.yaml"
    path.write_text(path.read_text() + extra)
    text = text_of(rulebook(load_deck(deck_copy.folder)))
    assert "positions are numbered from 1 to 14" in text and "7 Obstacle cards" in text


def test_no_placing_points_is_an_error_at_its_line(deck_copy):
    folder = deck_copy("game.yaml", "placing_points: [5, 4, 3, 2, 1]", "placing_points: [0, 0, 0, 0, 0]")
    with pytest.raises(TemplateError) as info:
        rulebook(load_deck(folder))
    fault = info.value.faults[0]
    assert fault.path.endswith("game.yaml") and fault.line == line_of(folder / "game.yaml", "placing_points")
    assert "placing_points are all 0" in fault.message


def test_template_typo_names_the_line(tmp_path):
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATE_DIR, folder)
    path = folder / "rulebook.xml.j2"
    path.write_text(path.read_text().replace("{% trans count=rounds %}", "{% trans count=r.roundz %}"))
    with pytest.raises(TemplateError) as info:
        rulebook(load_deck(CARDS), folder=folder)
    fault = info.value.faults[0]
    assert fault.path.endswith("rulebook.xml.j2") and fault.line == line_of(path, "r.roundz")
    assert "roundz" in fault.message


def test_quick_reference_both_sides_and_overflow(tmp_path):
    deck = load_deck(CARDS)
    data = quickref(deck)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    assert "Assist" in reader.pages[0].extract_text() and "Scoring" in reader.pages[1].extract_text()
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATE_DIR, folder)
    path = folder / "quickref.xml.j2"
    scoring = "<h2>{% trans %}Scoring{% endtrans %}</h2>"
    path.write_text(path.read_text().replace(scoring, scoring + "<p>Far too much text for a card.</p>" * 30))
    with pytest.raises(TemplateError, match="back side of the quick reference does not fit"):
        quickref(deck, folder)


@pytest.mark.parametrize("extra", [0, 2])
def test_quick_reference_names_every_gem_and_trait(tmp_path, extra):
    """The back carries a legend: each colour's gem and each trait's icon
    beside its name; a deck of six colours still fits (its line set smaller)."""
    folder = tmp_path / "deck"
    shutil.copytree(CARDS, folder)
    if extra:
        game = folder / "game.yaml"
        text = game.read_text().replace('  gold: "#E0A100"\n', '  gold: "#E0A100"\n  purple: "#6A1B9A"\n  orange: "#E65100"\n')
        game.write_text(text.replace("  gold: star\n", "  gold: star\n  purple: hexagon\n  orange: square\n"))
    deck = load_deck(folder)
    assert len(deck.colors) == 4 + extra
    back = pypdf.PdfReader(io.BytesIO(quickref(deck))).pages[1].extract_text()
    words = re.findall(r"[a-z]+", back.split("finish.")[-1])
    assert words == [*deck.colors, *deck.traits]


@pytest.fixture(scope="module")
def kit():
    return bundled_kit("en")


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_kit_bookmarks_point_at_each_part(kit, paper):
    reader = pypdf.PdfReader(io.BytesIO(kit.files[f"kit-{paper}.pdf"]))
    top = [(o.title, reader.get_destination_page_number(o)) for o in reader.outline if not isinstance(o, list)]
    titles = [t for t, _ in top]
    assert titles == ["Printing notes", "Rulebook", "Duplex alignment test", "Cards (duplex)", "Score cards", "Tokens", "Game record sheet", "Quick reference"]
    parts = {
        "Rulebook": f"rulebook-{paper}.pdf",
        "Duplex alignment test": f"duplex-alignment-{paper}.pdf",
        "Cards (duplex)": f"cards-duplex-{paper}.pdf",
        "Score cards": f"scorecards-{paper}.pdf",
        "Tokens": f"tokens-{paper}.pdf",
        "Game record sheet": f"record-sheet-{paper}.pdf",
        "Quick reference": f"quickref-{paper}.pdf",
    }
    starts = dict(top)
    assert starts["Printing notes"] == 0
    for title, name in parts.items():
        part = pypdf.PdfReader(io.BytesIO(kit.files[name]))
        first = starts[title]
        # the bookmarked page is the part's first page
        assert reader.pages[first].extract_text() == part.pages[0].extract_text(), title
        if title in ("Duplex alignment test", "Cards (duplex)", "Quick reference"):
            assert first % 2 == 0, f"{title} must start on an odd page to print double-sided"
    notes = reader.pages[0].extract_text()
    assert "100 %" in notes and "100 mm" in notes and "double-sided" in notes
    assert kit.files[f"kit-{paper}.pdf"] == make_kit(load_deck(CARDS), BuildOptions(papers=(paper,))).files[f"kit-{paper}.pdf"]


@pytest.mark.slow
def test_fold_method_kit():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), method="fold"))
    reader = pypdf.PdfReader(io.BytesIO(built.files["kit-a4.pdf"]))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert "Cards (fold and sleeve)" in titles and "Duplex alignment test" not in titles


@pytest.mark.slow
def test_names_with_markup_characters_reach_the_page(deck_copy):
    deck_copy("competitors.yaml", 'name: "Sable Whisk"', 'name: "Sable <Whisk> & Co"')
    folder = deck_copy("game.yaml", 'title: "High Five"', 'title: "High <Five> & Friends"')
    text = text_of(rulebook(load_deck(folder)))
    assert "High <Five> & Friends" in text
    assert "Sable <Whisk> & Co" in text  # the worked example's competitor


@pytest.mark.slow
def test_no_subtitle(deck_copy):
    folder = deck_copy("game.yaml", 'subtitle: "The Golden Gauntlet"\n', "")
    text = text_of(rulebook(load_deck(folder)))
    assert "rules of edition 2" in text and "· rules" not in text and ": —" not in text


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_fold_kit_notes_and_sleeves_for_tarot():
    built = make_kit(load_deck(CARDS), BuildOptions(papers=("a4",), method="fold", card=CARD_SIZES["tarot"]))
    notes = pypdf.PdfReader(io.BytesIO(built.files["kit-a4.pdf"])).pages[0].extract_text()
    assert "73 × 123 mm sleeves" in notes and "ruler" not in notes
    assert "must measure exactly 70 × 120 mm" in notes
    assert "73 × 123 mm" in text_of(built.files["rulebook-a4.pdf"])


def test_too_many_rounds_for_the_score_card(deck_copy):
    from hi5pnp.kit.sheets.scorecards import render_scorecards

    folder = deck_copy("game.yaml", "  rounds: 3", "  rounds: 12")
    with pytest.raises(TemplateError) as info:
        render_scorecards(load_deck(folder), Templates())
    fault = info.value.faults[0]
    assert fault.line == line_of(folder / "game.yaml", "rounds: 12") and "holds at most 10" in fault.message


def test_one_vocabulary_with_the_checker(rulebook2):
    """The headings carry the § numbers verdicts cite; ready and exhausted are
    taught with how to show them; R-8 and R-9 are placed, not a gap."""
    for heading in (
        "§1 What is in the box",
        "§2 The course and setting up",
        "§3 Playing a round",
        "§4 Facing an obstacle",
        "§5 Finishing and scoring",
        "§6 The end of the game",
    ):
        assert heading in rulebook2, heading
    assert "ready competitors" in rulebook2 and "it is exhausted for the rest of the segment" in rulebook2
    assert "turn its card sideways" in rulebook2 and "turned upright again (ready)" in rulebook2
    assert rulebook2.index("R-7 ") < rulebook2.index("R-8, R-9 concern edition 1 only") < rulebook2.index("R-10 ")
    card = text_of(quickref(load_deck(CARDS)))
    assert "ready" in card and "exhausted (turn its card sideways)" in card
    assert "The first-player token passed once, as the round ended" in card


def _fills(data: bytes) -> list[float]:
    """How far down its text area (18 mm margins) each page's ink reaches, 0 to 1, from a rendering."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    found = []
    for page in doc:
        image = page.render(scale=40 / 72).to_pil().convert("L")
        w, h = image.size
        margin = 18 / (page.get_height() / 72 * 25.4)  # of the page's height
        top, foot = round(h * margin), round(h * (1 - margin))
        inked = [y for y in range(top, foot) if image.crop((0, y, w, y + 1)).getextrema()[0] < 200]
        found.append((max(inked) - top) / (foot - top) if inked else 0.0)
    doc.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", [1, 2])
def test_every_page_but_the_last_is_at_least_half_full_and_the_last_not_a_stub(paper, edition):
    fills = _fills(rulebook(load_deck(CARDS), edition, paper))
    assert all(f >= 0.5 for f in fills[:-1]), fills
    assert fills[-1] >= 0.25, fills  # never the credits alone on a page of their own
    assert len(fills) <= 6


@pytest.mark.slow
def test_the_column_points_are_legible():
    """What a column scores ("+3"): at least 7 pt, at least 4.5:1 against the card's ground."""
    deck = load_deck(CARDS)

    def luminance(hex_colour: str) -> float:
        rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for size in ("poker", "bridge", "tarot"):
        for ink in ("normal", "low"):
            cards = render_cards(deck, Templates(), CARD_SIZES[size], 0.0, ink)
            for card in cards:
                if card.kind != "competitor":
                    continue
                for face in card.faces:
                    ground = next(e.fill for e in face.elements if isinstance(e, Rect) and e.id == "background")
                    points = [e for e in face.elements if isinstance(e, Text) and str(e.id).startswith("column-points-")]
                    assert len(points) == len([e for e in face.elements if re.fullmatch(r"column-\d+", str(e.id))])  # every column says it
                    for p in points:
                        assert p.fill is not None and ground is not None
                        a, b = sorted((luminance(p.fill), luminance(ground)))
                        assert p.size >= 7 and (b + 0.05) / (a + 0.05) >= 4.5, (size, ink, p)
