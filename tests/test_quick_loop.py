"""The designer's quick loop: ``build --only cards`` makes the card sheets
alone, byte for byte as the whole kit has them, and a Templates that
remembers gives the same layout again for the same values (``build --watch``
keeps one while the template files are unchanged)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.errors import TemplateError
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.render.cardsize import POKER
from hi5pnp.render.faces import render_cards, render_faces
from hi5pnp.render.template import Templates

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_only_cards_builds_the_method_sheets_as_the_whole_kit_has_them(tmp_path):
    out = tmp_path / "kit"
    r = CliRunner().invoke(main, ["build", "--only", "cards", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == ["cards-duplex-a4.pdf", "cards-duplex-letter.pdf", "de", "manifest.json"]  # the deck's German in de/
    for name in ("cards-duplex-a4.pdf", "cards-duplex-letter.pdf"):
        assert (out / name).read_bytes() == (ROOT / "output" / name).read_bytes(), name
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["only"] == "cards" and sorted(manifest["files"]) == ["cards-duplex-a4.pdf", "cards-duplex-letter.pdf"]
    committed = json.loads((ROOT / "output" / "manifest.json").read_text())
    assert manifest["cards"] == [row for row in committed["cards"] if row["file"].startswith("cards-duplex")]


def test_only_cards_with_the_fold_method_and_one_paper():
    kit = make_kit(load_deck(), BuildOptions(papers=("letter",), method="fold", only="cards"))
    assert sorted(kit.files) == ["cards-fold-letter.pdf", "manifest.json"]
    assert kit.files["cards-fold-letter.pdf"] == (ROOT / "output" / "cards-fold-letter.pdf").read_bytes()


def test_a_remembering_templates_gives_the_same_layout_for_the_same_values():
    deck = load_deck()
    remembering, plain = Templates(remember=True), Templates()
    first = render_cards(deck, remembering, POKER)
    again = render_cards(deck, remembering, POKER)
    fresh = render_cards(deck, plain, POKER)
    assert all(a is b for x, y in zip(first, again) for a, b in zip(x.faces, y.faces))
    assert [c.faces for c in first] == [c.faces for c in fresh]
    bled = render_faces(deck, remembering, POKER, 3.0, [deck.competitor_face("1a")])[0]
    assert bled is not first[0].faces[0] and bled != first[0].faces[0]  # other values (a bleed), another layout


def test_a_changed_face_is_laid_out_again_and_a_fault_is_never_remembered(deck_copy):
    remembering = Templates(remember=True)
    folder = deck_copy("competitors.yaml", "Dash Dunmore", "Dash Dunmore")
    before = render_faces(load_deck(folder), remembering, POKER, 0.0, [load_deck(folder).competitor_face("1a")])[0]
    deck_copy("competitors.yaml", "Dash Dunmore", "Dash Dunmore Junior")
    deck = load_deck(folder)
    after = render_faces(deck, remembering, POKER, 0.0, [deck.competitor_face("1a")])[0]
    assert after is not before and after != before
    deck_copy("competitors.yaml", "Dash Dunmore Junior", "Dash Dunmore the Very Magnificent")
    deck = load_deck(folder)
    for _ in range(2):
        with pytest.raises(TemplateError, match=r"competitors\.yaml"):
            render_faces(deck, remembering, POKER, 0.0, [deck.competitor_face("1a")])
