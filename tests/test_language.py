"""The language core: languages read from a flag and a browser's header,
catalogues read with their missing messages counted, the spoken language
per context, and the translator's tools writing files that do not change
when the source does not."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from hi5pnp.language import (
    LanguageError,
    _,
    catalogue,
    from_accept_language,
    known,
    language,
    languages,
    ngettext,
    speaking,
    spoken,
    translating,
)
from hi5pnp.language.languages import FOLDER_VARIABLE, package_folder, po_path


def test_english_and_german_are_known():
    assert known()[:1] == ["en"] and "de" in known()


@pytest.mark.parametrize(("given", "lang"), [("de", "de"), ("DE", "de"), ("de-DE", "de"), ("de_AT", "de"), ("en", "en"), (" en-GB ", "en")])
def test_a_language_is_read_forgivingly(given, lang):
    assert language(given) == lang


@pytest.mark.parametrize("given", ["xx", "klingon", "", "de--x", "1"])
def test_a_language_hi5pnp_lacks_is_one_line_naming_those_it_has(given):
    with pytest.raises(LanguageError) as caught:
        language(given)
    assert len(str(caught.value).splitlines()) == 1 and "en, de" in str(caught.value) and "--lang" in str(caught.value)
    assert caught.value.exit_status == 2


def test_several_languages_and_all():
    assert languages("de,en,de") == ["de", "en"]
    assert languages("all") == known()
    with pytest.raises(LanguageError, match="empty"):
        languages("de,,en")


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-CH, de;q=0.9, en;q=0.8", "de"),
        ("fr-CH, fr;q=0.9, de;q=0.7, en;q=0.8", "en"),
        ("fr, de;q=0.5", "de"),
        ("en;q=0.2, de", "de"),
        ("de;q=0", "en"),
        ("de;q=abc", "en"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("ja, ;;,,", "en"),
    ],
)
def test_the_browsers_preferred_language_among_those_known(header, lang):
    assert from_accept_language(header) == lang


def test_english_is_spoken_outside_any_block_and_needs_no_catalogue():
    assert spoken().lang == "en" and _("Score") == "Score"
    assert catalogue("en").missing == 0 and catalogue("en").warning() is None
    assert ngettext("a point", "%(n)d points", 2) == "%(n)d points"


def _made_language(folder: Path, lang: str, translate: dict[str, str]) -> Path:
    """A catalogue begun with the tools in ``folder`` and some messages translated."""
    translating.begin(lang, folder)
    path = po_path(folder, lang)
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    for message in catalog:
        if message.id in translate:
            message.string = translate[message.id]
    with path.open("wb") as f:
        write_po(f, catalog)
    return path


@pytest.mark.slow
def test_a_half_translated_language_counts_what_it_lacks(tmp_path, monkeypatch):
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    template = translating.extract(tmp_path)
    every = [m.id for m in translating.template_catalogue() if m.id]
    ids = sorted(
        m.id for m in translating.template_catalogue() if isinstance(m.id, str) and m.id and not m.context
    )  # a plural, or a word in context, left untranslated
    assert template.messages == len(every) > 300
    half = {m: f"[{m}]" for m in ids[::2]}
    _made_language(tmp_path, "nl", half)
    assert "nl" in known() and language("nl-BE") == "nl"
    dutch = catalogue("nl")
    assert dutch.missing == len(every) - len(half) and dutch.total == len(every)
    if dutch.missing:
        assert f"{dutch.missing:,} of {dutch.total:,}" in (dutch.warning() or "")
    with speaking("nl"):
        for message, said in half.items():
            assert _(message) == said
        for message in ids[1::2]:
            assert _(message) == message  # missing: English


@pytest.mark.slow
def test_the_spoken_language_belongs_to_its_context(tmp_path, monkeypatch):
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    translating.extract(tmp_path)
    ids = [m.id for m in translating.template_catalogue() if m.id and isinstance(m.id, str) and not m.context]
    _made_language(tmp_path, "nl", {ids[0]: "NL"})
    seen: dict[str, str] = {}
    started = threading.Barrier(2)

    def speak(lang: str) -> None:
        with speaking(lang):
            started.wait()
            seen[lang] = _(ids[0])

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("nl", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"nl": "NL", "en": ids[0]}
    assert spoken().lang == "en"


def test_extracting_an_unchanged_source_changes_nothing(tmp_path):
    first = translating.extract(tmp_path)
    text = first.path.read_bytes()
    again = translating.extract(tmp_path)
    assert first.changed and not again.changed and again.path.read_bytes() == text
    assert b"POT-Creation-Date: 2026-01-01" in text
    assert b".py:" not in text and b".j2:" not in text  # locations without line numbers


def test_the_shipped_template_and_catalogues_are_up_to_date(tmp_path):
    """What `hi5pnp translations update` would write is what is committed."""
    shipped = package_folder()
    made = translating.extract(tmp_path)
    assert made.path.read_bytes() == (shipped / "hi5pnp.pot").read_bytes(), "run `hi5pnp translations update`"


def test_init_refuses_a_language_it_has_and_a_code_that_is_none(tmp_path):
    translating.begin("nl", tmp_path)
    with pytest.raises(Exception, match="has a catalogue already"):
        translating.begin("nl", tmp_path)
    with pytest.raises(LanguageError, match="not a language code"):
        translating.begin("zz", tmp_path)
    with pytest.raises(LanguageError, match="written in"):
        translating.begin("en", tmp_path)


@pytest.mark.slow
def test_update_keeps_translations_and_adds_new_messages_untranslated(tmp_path, monkeypatch):
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))  # the folder's languages are known, as a translator's are
    translating.extract(tmp_path)
    ids = sorted(m.id for m in translating.template_catalogue() if isinstance(m.id, str) and m.id and not m.context)
    path = _made_language(tmp_path, "nl", {ids[0]: "NL"})
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as f:
        older = read_po(f, locale="nl")
    del older[ids[1]]  # a message the source has gained since the catalogue was made
    with path.open("wb") as f:
        write_po(f, older)
    written = translating.update(tmp_path)
    assert [w.path for w in written] == [tmp_path / "hi5pnp.pot", path]
    text = path.read_text(encoding="utf-8")
    assert 'msgstr "NL"' in text and written[1].missing == written[1].messages - 1
    with path.open("rb") as f:
        assert read_po(f, locale="nl")[ids[1]].string == ""  # back, to be translated
    again = translating.update(tmp_path)
    assert not any(w.changed for w in again)


def test_a_translation_that_does_not_fill_in_is_a_fault_at_its_line(tmp_path, monkeypatch):
    from hi5pnp.language import CatalogueError

    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    path = po_path(tmp_path, "fr")
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#, python-format\nmsgid "Round %(round)d"\nmsgstr "Tour %(rnd)d"\n\n'
        '#, python-format\nmsgid "%(n)d chits at 100 %%"\nmsgstr "%(n)d jetons à 100 %"\n\n'
        'msgid "Round {n}"\nmsgstr "Tour {m}"\n\n'
        'msgid "Total"\nmsgstr "Somme"\n\n'
        '#, python-format\nmsgid "%(title)s — rules"\nmsgstr "Règles de %(title)s"\n',
        encoding="utf-8",
    )
    with pytest.raises(CatalogueError) as caught:
        catalogue("fr")
    lines = [str(f) for f in caught.value.faults]
    assert [f.line for f in caught.value.faults] == [6, 10, 13]
    assert "%(rnd)" in lines[0] and "%%" in lines[1] and "{m}" in lines[2]
    assert all(line.startswith(str(path).replace(str(Path.cwd()) + "/", "")) or line.startswith(str(path)) for line in lines)
    assert caught.value.exit_status == 1
