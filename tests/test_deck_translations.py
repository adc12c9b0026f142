"""A deck's texts in other languages (``translations/LANG.yaml``): read
against the deck, a fault at the line of each text a language lacks, the
deck in a language for the cards, validate and build in it, and the
language's words checked against the font."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from deckfix import line_of
from pypdf import PdfReader

from hi5pnp.cli import main
from hi5pnp.deck import load_deck
from hi5pnp.deck.translations import check_translations, in_language, lacks_language, printed_texts
from hi5pnp.errors import DeckError
from hi5pnp.render.coverage import language_faults


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_bundled_deck_in_german_keeps_its_game_and_changes_its_words():
    deck = load_deck()
    german = in_language(deck, "de")
    assert german.fingerprint == deck.fingerprint  # the same game: a log played with German cards is checked as any other
    assert german.competitor_face("3a").name == "Lyra Leichtfuß" and deck.competitor_face("3a").name == "Lyra Leichtfuß".replace("Leichtfuß", "Lightfoot")
    assert german.obstacle_face("1a").name == "Schlammgrube"
    assert [german.trait_label(t) for t in german.traits] == ["Tempo", "Kraft", "Anmut", "Grips"]
    assert [german.color_label(c) for c in german.colors] == ["Rot", "Blau", "Grün", "Gold"]
    assert german.score_sheet is not None and german.score_sheet.rows[0].label == "Runde {n}"
    for a, b in zip(deck.competitor_faces(), german.competitor_faces(), strict=True):  # the identifiers stay the deck's own
        assert (a.id, a.gems, a.matrix) == (b.id, b.gems, b.matrix)
    assert in_language(deck, "en") is deck  # English is the deck's own files, as loaded
    assert check_translations(deck) == ([], [])


def test_every_printed_text_of_a_deck_in_a_language_is_placed_in_its_translation_file():
    german = in_language(load_deck(), "de")
    file = german.path / "translations" / "de.yaml"
    texts = dict(printed_texts(german))
    assert texts["Lyra Leichtfuß"].path.endswith("translations/de.yaml")
    assert texts["Lyra Leichtfuß"].line == line_of(file, "Lyra Leichtfuß")
    assert texts["Anmut"].line == line_of(file, "Anmut")
    assert all(where.path.endswith("de.yaml") for where in texts.values())


def test_a_language_the_deck_has_no_texts_in_keeps_its_own_words_with_a_warning_naming_the_file_to_write():
    deck = load_deck()
    assert in_language(deck, "fr") is deck
    warning = lacks_language(deck, "fr")
    assert warning is not None and warning.path.endswith("game.yaml") and warning.line > 0
    assert "no French (fr) texts" in warning.message and "translations/fr.yaml" in warning.message
    assert lacks_language(deck, "de") is None and lacks_language(deck, "en") is None


def test_a_text_the_language_lacks_is_a_fault_at_the_text_in_the_decks_own_file(deck_copy):
    folder = deck_copy("translations/de.yaml", '  1b: "Pip Pfiffig"\n', "")
    deck_copy("translations/de.yaml", '  wits: "Grips"\n', "")
    deck = load_deck(folder)
    with pytest.raises(DeckError) as caught:
        in_language(deck, "de")
    said = {(f.path.rsplit("/", 1)[-1], f.line): f.message for f in caught.value.faults}
    assert len(said) == 2
    name = said["competitors.yaml", line_of(folder / "competitors.yaml", "Pip Pocket")]
    assert "'Pip Pocket'" in name and "face 1b" in name and "German (de)" in name and "1b:" in name
    assert "'wits'" in said["game.yaml", line_of(folder / "game.yaml", "traits:")]


def test_the_same_faults_come_from_a_deck_of_csv_cards(deck_copy, tmp_path):
    folder = deck_copy("translations/de.yaml", '  1b: "Pip Pfiffig"\n', "")
    csv_deck = tmp_path / "csv"
    assert run("export", "--deck", str(folder), "--csv", str(csv_deck))[0] == 0
    with pytest.raises(DeckError) as caught:
        in_language(load_deck(csv_deck), "de")
    (fault,) = caught.value.faults
    assert fault.path.endswith("competitors.csv") and (fault.line, fault.column) == (line_of(csv_deck / "competitors.csv", "Pip Pocket"), 3)
    whole = tmp_path / "whole"
    assert run("export", "--csv", str(whole))[0] == 0  # the bundled deck, translations and all
    assert in_language(load_deck(whole), "de").competitor_face("1b").name == "Pip Pfiffig"


@pytest.mark.parametrize(
    ("old", "new", "told"),
    [
        ('  10b: "Bertha Blech"', '  10b: "Bertha Blech"\n  11a: "Niemand"', "'11a' is not a face of competitors.yaml"),
        ('  gold: "Gold"', '  gold: "Gold"\n  purple: "Lila"', "'purple' is not a colour of game.yaml"),
        ('  wits: "Grips"', '  wist: "Grips"', "did you mean 'wits'?"),
        ('  1a: "Schlammgrube"', '  1a: {name: "Schlammgrube", flavour: "Matsch"}', "unknown key 'flavour' in face 1a"),
        ('  1a: "Dash Dauerlauf"', '  1a: {name: "Dash Dauerlauf", flavour: "Schnell"}', "face 1a has no flavour in competitors.yaml to translate"),
        ('    - label: "Summe"\n      hint: "höhere Summe gewinnt; gleich ist unentschieden"\n', "", "score_sheet has 2 rows; score_sheets.yaml has 3"),
        ('"Runde {n}"', '"Runde {m}"', "{m} is not a placeholder"),
        ('  1a: "Dash Dauerlauf"', '  1a: ""', "is empty"),
    ],
)
def test_a_translation_file_is_read_with_every_fault_at_its_line(deck_copy, old, new, told):
    folder = deck_copy("translations/de.yaml", old, new)
    faults = check_translations(load_deck(folder))[0]
    assert any(told in f.message and f.path.endswith("translations/de.yaml") and f.line > 0 for f in faults), faults


@pytest.mark.slow
def test_validate_tells_a_translation_files_fault_without_lang_too(deck_copy):
    folder = deck_copy("translations/de.yaml", '  wits: "Grips"', '  wist: "Grips"')
    code, _, err = run("validate", str(folder))  # validate reads every translation file, without --lang too
    assert code == 1 and "translations/de.yaml:" in err and "did you mean 'wits'?" in err


def test_a_file_in_translations_that_is_no_language_is_a_fault(deck_copy):
    folder = deck_copy.folder
    shutil.copyfile(folder / "translations" / "de.yaml", folder / "translations" / "german.yaml")
    faults = check_translations(load_deck(folder))[0]  # as validate reads them (its run: the test above)
    assert any(f.path.endswith("german.yaml") and "not a translation: name it by its language's code" in f.message for f in faults), faults


def test_a_regional_language_uses_the_file_of_its_language(deck_copy):
    folder = deck_copy.folder
    (folder / "translations" / "de.yaml").rename(folder / "translations" / "de_AT.yaml")
    assert in_language(load_deck(folder), "de_AT").competitor_face("1a").name == "Dash Dauerlauf"
    assert in_language(load_deck(folder), "de").competitor_face("1a").name == "Dash Dunmore"  # not the other way round


def test_a_character_the_font_cannot_draw_names_the_language_and_the_text(deck_copy):
    folder = deck_copy("translations/de.yaml", "Tilly Taumel", "Tőlly Taumel")
    code, _, err = run("validate", "--lang", "de", str(folder))
    assert code == 1
    line = line_of(folder / "translations" / "de.yaml", "Tőlly")
    assert f"de.yaml:{line}:7: German (de) text 'Tőlly Taumel' has characters the bundled font (Bitstream Vera) cannot draw: ő" in err
    assert language_faults(in_language(load_deck(folder), "de"), "de")[0].message.endswith("cannot draw: ő")
    assert language_faults(load_deck(folder), "en") == []  # in English the card is drawn from competitors.yaml


def test_a_german_word_too_long_for_its_box_is_a_fault_of_validate_in_german(deck_copy):
    folder = deck_copy("translations/de.yaml", "Rocco Ringmauer", "Rocco Ringmauerwerksverwaltung")
    code, _, err = run("validate", "--lang", "de", str(folder))
    assert code == 1
    assert f"de.yaml:{line_of(folder / 'translations' / 'de.yaml', 'Ringmauerwerks')}:" in err
    assert "'Rocco Ringmauerwerksverwaltung' is" in err and "competitor.yaml.j2:" in err and "(on competitor face 5b)" in err


@pytest.mark.slow
def test_a_deck_without_translations_builds_in_german_in_its_own_words_with_a_warning(deck_copy, tmp_path):
    folder = deck_copy.folder
    shutil.rmtree(folder / "translations")
    assert check_translations(load_deck(folder)) == ([], [])
    code, _, err = run("build", "--deck", str(folder), "--lang", "de", "--only", "cards", "--paper", "a4", "--out", str(tmp_path / "kit"))
    assert code == 0 and "game.yaml:" in err and "no German (de) texts" in err and "printed as its own files write them" in err
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "kit" / "de" / "cards-duplex-a4.pdf").pages)
    assert "Lyra Lightfoot" in text and "Tempo" not in text  # the deck's own words; the kit's in German


def test_every_language_hi5pnp_ships_is_drawn_by_the_bundled_font():
    from hi5pnp.language import known

    deck = load_deck()
    for lang in known():
        shown = in_language(deck, lang) if lang != "en" else deck
        assert language_faults(shown, lang) == [], lang


def test_a_catalogue_string_the_font_cannot_draw_is_a_fault_at_its_line_in_the_po_file(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(locale="hu", domain="hi5pnp")
    catalog.add("Total", "Összesen", locations=[("hi5pnp/kit/sheets/scorecards.py", None)])
    catalog.add("First round", "Első forduló", locations=[("hi5pnp/kit/sheets/scorecards.py", None)])
    catalog.add("the page's own button", "Gomb ő", locations=[("hi5pnp/web/pages/base.html", None)])  # on a screen only
    po = tmp_path / "hu" / "LC_MESSAGES" / "hi5pnp.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as f:
        write_po(f, catalog)
    monkeypatch.setenv("HI5PNP_TRANSLATIONS", str(tmp_path))
    faults = language_faults(load_deck(), "hu", deck_texts=False)
    assert [(f.path.endswith("hu/LC_MESSAGES/hi5pnp.po"), f.message) for f in faults] == [
        (True, "Hungarian (hu) text 'Első forduló' has characters the bundled font (Bitstream Vera) cannot draw: ő")
    ]
    assert faults[0].line == line_of(po, 'msgstr "Első forduló"') - 1  # the message's msgid line


@pytest.mark.slow
def test_a_text_a_translation_lacks_is_a_warning_until_that_language_is_asked_for(deck_copy):
    folder = deck_copy("competitors.yaml", '    name: "Brutus Hale"\n', '    name: "Brutus Hale"\n    flavour: "Lifts the course."\n')
    code, out, err = run("validate", str(folder))
    line = line_of(folder / "competitors.yaml", "Lifts the course")
    assert code == 0 and f"competitors.yaml:{line}:" in err and "has no German (de) text" in err and "1 design warning" in out
    code, _, err = run("validate", "--lang", "de", str(folder))
    assert code == 1 and f"competitors.yaml:{line}:" in err and "under competitors: as 2a: {flavour: …}" in err
