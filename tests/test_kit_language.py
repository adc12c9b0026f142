"""The kit in another language: every page of the German kit read back
with pypdf holds no message of the English catalogue, the same bytes every
build; English is the kit it always was; a language half translated builds
with the rest in English and says how much; output/ carries each language
in a folder of its own."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from babel.messages.pofile import read_po, write_po
from conftest import hi5
from deckfix import CARDS

from hi5pnp.deck import load_deck
from hi5pnp.kit import BuildOptions, make_kit
from hi5pnp.language import LanguageError, catalogue, translating
from hi5pnp.language.languages import FOLDER_VARIABLE, package_folder, po_path
from hi5pnp.render import fonts

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%|\{\w+\}|\n")
TAG = re.compile(r"</?\w+/?>")


def po(path: Path, locale: str | None = None):
    """A catalogue file read with Babel."""
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def page_texts(files: dict[str, bytes], parts_only: bool = False) -> dict[str, str]:
    """Every page's text, by file and page, its whitespace made single spaces.
    ``parts_only``: of an assembled kit, its notes page alone, and no
    print-shop file (the rest is the parts' pages again, read in their own
    files), for the everyday run."""
    out = {}
    for name, data in sorted(files.items()):
        if not name.endswith(".pdf") or (parts_only and name == "cards-print-shop.pdf"):
            continue
        pages = pypdf.PdfReader(io.BytesIO(data)).pages
        for k, page in enumerate(pages[:1] if parts_only and name.startswith("kit-") else pages, 1):
            out[f"{name} page {k}"] = " ".join(page.extract_text().split())
    return out


def deck_words(deck) -> list[str]:
    """What the deck writes on the pages in its own words (names, flavour,
    traits, colours, titles): not the catalogue's, so not what is checked."""
    words = [deck.title, deck.subtitle, *deck.colors, *deck.traits]
    for face in [*deck.competitor_faces(), *deck.obstacle_faces()]:
        words += [face.name, getattr(face, "flavour", "") or ""]
    return sorted({" ".join(w.split()) for w in words if w}, key=len, reverse=True)


def english_left(texts: dict[str, str], lang: str, deck) -> dict[str, list[str]]:
    """The English messages of the catalogue found on the pages: each
    message's pieces between its placeholders and markup, of three letters
    or more, matched whole-word and case-sensitively, after the deck's own
    words are taken out. A piece the translation keeps as it is ("Deck",
    "CC BY-SA 4.0") is not looked for; an untranslated message is, whole."""
    path = catalogue(lang).path
    assert path is not None
    pieces: set[str] = set()
    for message in po(path, lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        kept = " ".join(s for s in said if s and not message.fuzzy)  # empty or fuzzy: printed in English
        for msgid in ids:
            for piece in PLACEHOLDER.split(TAG.sub("", msgid)):
                piece = " ".join(piece.split()).strip()
                if len(piece.strip(" .,:;()")) >= 3 and piece not in kept:
                    pieces.add(piece)
    # one pattern, the longest piece first; a hyphen joins a word (German
    # writes "Print-and-Play"; a file is "kit-one-sided-a4.pdf")
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(p) for p in sorted(pieces, key=len, reverse=True)) + r")(?![\w-])")
    found: dict[str, list[str]] = {}
    drop = deck_words(deck)
    for where, text in texts.items():
        text = re.sub(r'"[^"]*"', " ", text)  # the icons' own titles, as their files credit them
        text = re.sub(r":chit\b", ": ", text)  # a turn's notation, the same in every language ("2a:chit")
        for word in drop:
            text = text.replace(word, " ")
        hits = sorted(set(pattern.findall(text)))
        if hits:
            found[where] = hits
    return found


@pytest.fixture(scope="module")
def german():
    deck = load_deck(CARDS)
    return deck, make_kit(deck, BuildOptions(papers=("a4",), lang="de"), jobs=1)


@pytest.fixture(scope="module")
def german_texts(german):
    return page_texts(german[1].files, parts_only=True)


def test_no_english_message_is_left_on_the_german_parts(german, german_texts):
    deck, kit = german
    texts = german_texts
    assert len(texts) > 20 and {w.split(" page ")[0] for w in texts} >= {"rulebook-a4.pdf", "kit-a4.pdf", "tokens-a4.pdf", "cards-fold-a4.pdf"}
    assert english_left(texts, "de", deck) == {}
    everything = " ".join(texts.values())
    for word in ("Regelheft", "Athlet", "Hindernis", "Wertungskarte", "Spielbericht", "Startspieler", "Druckhinweise", "Duplex-Ausrichtungstest"):
        assert word in everything, word
    assert kit.warnings == []  # German is complete: nothing said in English


@pytest.mark.slow  # both paper sizes, every page of every file: about ten seconds
def test_no_english_message_is_left_on_any_page_of_the_german_kit(tmp_path):
    deck = load_deck(CARDS)
    built = hi5("build", "--deck", str(CARDS), "--out", str(tmp_path), "--lang", "de")
    assert built.returncode == 0 and built.stderr == "", built.stderr
    files = {p.name: p.read_bytes() for p in (tmp_path / "de").iterdir()}
    texts = page_texts(files)
    assert len(texts) == sum(len(pypdf.PdfReader(io.BytesIO(d)).pages) for n, d in files.items() if n.endswith(".pdf")) > 150
    assert english_left(texts, "de", deck) == {}


@pytest.mark.slow  # an English kit built too
def test_the_rule_numbers_are_the_same_in_every_language(german, german_texts):
    deck, _kit = german
    english = make_kit(deck, BuildOptions(papers=("a4",), only="all"), jobs=1)
    rulebook = {"rulebook-a4.pdf": english.files["rulebook-a4.pdf"]}

    def numbers(texts: dict[str, str]) -> list[str]:
        return re.findall(r"R-\d+|§\d+", " ".join(t for where, t in texts.items() if where.startswith("rulebook-")))

    assert numbers(german_texts) == numbers(page_texts(rulebook))
    assert "R-13" in numbers(german_texts) and "§6" in numbers(german_texts)


@pytest.mark.slow  # the check above shown to fail: a second German build
def test_the_checker_finds_english_where_it_is_left(german, tmp_path, monkeypatch):
    """The check above can fail: a German catalogue with a few messages
    left out gives pages on which it finds exactly those."""
    deck, _ = german
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    shipped = po(po_path(package_folder(), "de"), "de")
    dropped = {"Player", "Scoring", "Rulings"}  # ("Total", on the score card, is the bundled deck's own word: its translation file gives it)
    for message in shipped:
        if message.id in dropped:
            message.string = ""
    with po_path(tmp_path, "de").open("wb") as f:
        write_po(f, shipped)
    kit = make_kit(deck, BuildOptions(papers=("a4",), lang="de"), jobs=1)
    read = ("scorecards-a4.pdf", "quickref-a4.pdf", "rulebook-a4.pdf")  # where those three are printed
    found = english_left(page_texts({name: kit.files[name] for name in read}), "de", deck)
    assert set().union(*found.values()) == dropped
    assert kit.warnings == [f"{po_path(tmp_path, 'de')}: 3 of {catalogue('de').total:,} messages not translated into 'de'; they are shown in English"]


@pytest.mark.slow  # the German kit built a second time
def test_the_german_kit_is_the_same_bytes_every_build(german):
    deck, kit = german
    again = make_kit(deck, BuildOptions(papers=("a4",), lang="de"), jobs=1)
    assert again.files == kit.files


def test_every_german_page_keeps_its_text_on_the_paper(german):
    """No character of any page of the German kit lies off its page (a line
    set without a width, as the record sheet's are, that German made too long)."""
    _deck, kit = german
    for name, data in sorted(kit.files.items()):
        if not name.endswith(".pdf"):
            continue
        pdf = pdfium.PdfDocument(data)
        for k in range(len(pdf)):
            page = pdf[k]
            w, h = page.get_size()
            text = page.get_textpage()
            off = [text.get_text_range(i, 1) for i in range(text.count_chars()) if _outside(text.get_charbox(i), w, h)]
            assert not off, (name, k + 1, "".join(off))


def _outside(box: tuple[float, float, float, float], w: float, h: float) -> bool:
    left, bottom, right, top = box
    return left < -0.5 or bottom < -0.5 or right > w + 0.5 or top > h + 0.5


def test_the_german_pdfs_say_they_are_german(german):
    _deck, kit = german
    for name in ("rulebook-a4.pdf", "tokens-a4.pdf", "kit-a4.pdf"):
        reader = pypdf.PdfReader(io.BytesIO(kit.files[name]))
        assert reader.trailer["/Root"]["/Lang"] == "de", name
    assert pypdf.PdfReader(io.BytesIO(kit.files["rulebook-a4.pdf"])).metadata.title.endswith("— Regeln")


def test_the_font_draws_every_german_character():
    for message in po(po_path(package_folder(), "de"), "de"):
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            for style in ("regular", "bold", "italic"):
                assert fonts.missing_glyphs(text, style) == "", (style, text)


def test_german_is_complete():
    german = catalogue("de")
    assert german.total > 300 and german.missing == 0 and german.warning() is None


@pytest.mark.slow
def test_a_language_begun_and_half_translated_builds_with_the_rest_in_english(tmp_path, monkeypatch):
    """`translations init`, half the messages translated: the kit is built,
    the untranslated half in English, and the build says how many."""
    folder = tmp_path / "catalogues"
    monkeypatch.setenv(FOLDER_VARIABLE, str(folder))
    made = hi5("translations", "init", "nl")
    assert made.returncode == 0, made.stderr
    path = po_path(folder, "nl")
    assert f"{path}: " in made.stdout or "nl/LC_MESSAGES/hi5pnp.po" in made.stdout
    dutch = po(path, "nl")
    ids = sorted(m.id for m in dutch if isinstance(m.id, str) and m.id and "%" not in m.id and "{" not in m.id)
    half = ids[::2]
    for message in dutch:
        if message.id in half:
            message.string = "NL " + message.id
    with path.open("wb") as f:
        write_po(f, dutch)
    out = tmp_path / "kit"
    built = hi5("build", "--out", str(out), "--paper", "a4", "--lang", "nl")
    assert built.returncode == 0, built.stderr
    total = catalogue("nl").total
    missing = total - len(half)
    assert f"{missing:,} of {total:,} messages not translated into 'nl'; they are shown in English" in built.stderr
    assert (out / "nl" / "rulebook-a4.pdf").is_file() and not (out / "rulebook-a4.pdf").exists()
    rulebook = " ".join(page_texts({"r.pdf": (out / "nl" / "rulebook-a4.pdf").read_bytes()}).values())
    headings = ["Rulings", "Credits", "Reading a card", "Setting up", "Option", "Place", "Points", "What", "How many", "An example turn"]
    assert {h in half for h in headings} == {True, False}  # some of each
    for heading in headings:
        if heading in half:
            assert f"NL {heading}" in rulebook, heading
        else:
            assert re.search(rf"(?<!NL ){re.escape(heading)}", rulebook), heading  # in English (a longer message that begins with it may be translated)


@pytest.mark.slow  # kits built, or the catalogue extracted, more than once
def test_english_and_german_in_one_build_each_in_its_folder(tmp_path):
    out = tmp_path / "output"
    done = hi5("build", "--out", str(out), "--paper", "a4", "--lang", "en,de")
    assert done.returncode == 0, done.stderr
    assert (out / "rulebook-a4.pdf").is_file() and (out / "de" / "rulebook-a4.pdf").is_file()
    assert json.loads((out / "de" / "manifest.json").read_text())["options"]["lang"] == "de"
    assert "lang" not in json.loads((out / "manifest.json").read_text())["options"]  # English described as it always was
    german = (out / "de" / "rulebook-a4.pdf").read_bytes()
    again = hi5("build", "--out", str(out), "--paper", "a4")  # English alone: the German kit is kept, not called foreign
    assert again.returncode == 0, again.stderr
    assert (out / "de" / "rulebook-a4.pdf").read_bytes() == german
    alone = hi5("build", "--out", str(out), "--paper", "a4", "--lang", "DE")
    assert alone.returncode == 0 and "/de/" in alone.stdout.replace("\\", "/")
    everything = hi5("build", "--out", str(tmp_path / "all"), "--paper", "a4", "--lang", "all")
    assert everything.returncode == 0 and (tmp_path / "all" / "de" / "kit-a4.pdf").is_file()


@pytest.mark.slow  # kits built, or the catalogue extracted, more than once
def test_a_foreign_file_in_a_language_folder_is_still_refused(tmp_path):
    out = tmp_path / "output"
    assert hi5("build", "--out", str(out), "--paper", "a4", "--only", "cards", "--lang", "en,de").returncode == 0
    (out / "de" / "mine.txt").write_text("a user's file")
    refused = hi5("build", "--out", str(out), "--paper", "a4", "--only", "cards")
    assert refused.returncode == 2 and "de" in refused.stderr and (out / "de" / "mine.txt").is_file()


@pytest.mark.parametrize("lang", ["xx", "fr", "de_", "en,,de"])
def test_a_language_hi5pnp_lacks_is_a_bad_flag(tmp_path, lang):
    done = hi5("build", "--out", str(tmp_path / "k"), "--lang", lang)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "--lang" in done.stderr and "en, de" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "k").exists()


def test_build_options_take_a_language():
    assert BuildOptions(lang="DE-de").lang == "de"
    with pytest.raises(LanguageError, match="lang: 'xx'"):
        BuildOptions(lang="xx")
    assert "lang" not in BuildOptions().describe() and BuildOptions(lang="de").describe()["lang"] == "de"


def test_images_and_preview_in_german(tmp_path):
    from hi5pnp.kit.exports.images import preview_png

    deck = load_deck(CARDS)
    english = preview_png(deck, "1a", None, 60)[1]
    german = preview_png(deck, "1a", None, 60, lang="de")[1]
    assert english != german  # the card's labels (CHITS, TOKEN, the reminder) are German
    done = hi5("preview", "1a", "--lang", "de", "--dpi", "40", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "preview-competitor-1a-de.png").is_file()


@pytest.mark.slow  # kits built, or the catalogue extracted, more than once
def test_the_translators_tools_write_into_the_folder_named(tmp_path, monkeypatch):
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    assert hi5("translations", "extract").returncode == 0
    assert (tmp_path / "hi5pnp.pot").read_bytes() == (package_folder() / "hi5pnp.pot").read_bytes()
    assert hi5("translations", "init", "fr").returncode == 0
    again = hi5("translations", "init", "fr")
    assert again.returncode == 2 and "already" in again.stderr
    updated = hi5("translations", "update")
    assert updated.returncode == 0 and "unchanged" in updated.stdout
    assert hi5("translations", "init", "qq").returncode == 2
    assert [w.path for w in translating.update(tmp_path)] == [tmp_path / "hi5pnp.pot", po_path(tmp_path, "fr")]


def test_the_catalogues_ship_in_the_package():
    assert (package_folder() / "hi5pnp.pot").is_file()
    assert Path(po_path(package_folder(), "de")).is_file()


def test_a_killed_build_of_a_language_does_not_block_the_next(tmp_path):
    from hi5pnp.kit.output import kit_folder, write_kit

    out = tmp_path / "out"
    empty = {"manifest.json": json.dumps({"generator": "hi5pnp", "files": {}}).encode()}
    write_kit(empty, out)
    half = out / ".de.hi5pnp-new-999999999"  # `build --lang de` killed while writing out/de
    half.mkdir()
    (half / "rulebook-a4.pdf").write_bytes(b"%PDF half")
    write_kit(empty, kit_folder(out, "de"))  # the German build cleans up after the killed one
    assert not half.exists() and (out / "de" / "manifest.json").is_file()
    (out / ".de.hi5pnp-new-999999998").mkdir()
    write_kit(empty, out)  # and so does the English one
    assert sorted(p.name for p in out.iterdir()) == ["de", "manifest.json"]
