"""A deck's texts in other languages: ``translations/LANG.yaml`` in the deck
folder, one file per language, beside the deck's own files, which it never
changes (docs/deck-format.md, "Translations").

The file gives the printed words of the deck, keyed by what the deck's own
files call them: the title and subtitle, each colour's and trait's label,
each face's name and flavour line (by its id, ``1a``), and the score card's
words. The identifiers (``speed``, ``red``, ``1a``) stay the identifiers:
logs, JSON and the checker keep using them and the deck's own names.

:func:`in_language` gives the deck with its texts in a language, or raises a
:class:`DeckError` with a fault at the line of each text the language lacks.
:func:`check_translations` reads every file (``hi5pnp validate``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import DeckError, Fault, shown_path
from . import yamlsource
from .cards import MAX_FLAVOUR
from .fields import MAX_TEXT, FieldReader, did_you_mean, show
from .located import YList, YMap
from .model import Deck, ScoreRow, ScoreSheet, Sources
from .scoresheet import MAX_LABEL, placeholder_problem

FOLDER = "translations"
#: The language a deck's own files are written in: asked for it, a deck is as loaded.
BASE = "en"
TOP_KEYS = ("title", "subtitle", "colors", "traits", "competitors", "obstacles", "score_sheet")
FACE_KEYS = {"competitors": ("name", "flavour"), "obstacles": ("name",)}
SHEET_KEYS = ("title", "rows")
ROW_KEYS = ("label", "hint")
MAX_WORD = 30  # characters of a colour's or trait's label: a word, printed in a legend
_FILE = re.compile(r"^([a-z]{2,3})(?:_([A-Z]{2}|[A-Z][a-z]{3}))?\.yaml$")  # de.yaml, pt_BR.yaml, sr_Latn.yaml

# Where each text of a deck is written in its own files: (file name, keys) as Sources.fault takes them.
Where = tuple[str, tuple[str | int, ...]]


def language_name(lang: str) -> str:
    """A language as messages name it: "German (de)"; the code alone when Babel does not know it."""
    from babel import Locale, UnknownLocaleError  # only a deck asked for in a language pays for Babel

    try:
        return f"{Locale.parse(lang).english_name} ({lang})"
    except (ValueError, UnknownLocaleError):
        return f"'{lang}'"


def translation_files(folder: Path) -> list[Path]:
    """The files of the deck's ``translations/`` folder, sorted (none when it has no such folder)."""
    try:
        return sorted(p for p in (folder / FOLDER).iterdir() if not p.name.startswith("."))
    except OSError:
        return []


def translation_file(folder: Path, lang: str) -> Path | None:
    """The file giving ``lang``'s texts: ``translations/pt_BR.yaml``, else the
    file of its language alone (``pt.yaml``); None when the deck has neither."""
    for code in dict.fromkeys((lang, lang.split("_")[0])):
        path = folder / FOLDER / f"{code}.yaml"
        if path.is_file():
            return path
    return None


def in_language(deck: Deck, lang: str) -> Deck:
    """``deck`` with its printed texts in ``lang`` (a language code, ``de``);
    the deck itself for English, its own files' language, and for a
    language it has no translation file for (:func:`lacks_language` says
    so). Raises :class:`DeckError` for a deck that has one: a fault at each
    text it lacks (at the text in the deck's own file) and at each fault of
    the file."""
    path = None if lang == BASE else translation_file(deck.path, lang)
    if path is None:
        return deck
    r = FieldReader()
    given = _Read(r, deck, path, language_name(lang))
    if r.faults:
        raise DeckError(r.faults)
    return given.deck(lang)


def deck_languages(deck: Deck) -> tuple[list[str], list[str]]:
    """The languages a build makes when none is asked for: English, and each
    language hi5pnp speaks whose translation file the deck has whole; and a
    note for each file left out for its faults (a deck begun from the bundled
    one carries its German file, and a face added to it would otherwise stop
    every build until the German caught up; ``--lang`` tells the faults)."""
    from ..language import known  # the languages hi5pnp speaks: read only by a build

    codes, left_out = [BASE], []
    for code in known():
        path = None if code == BASE else translation_file(deck.path, code)
        if path is None:
            continue
        try:
            in_language(deck, code)
        except DeckError as exc:
            n = len(exc.faults)
            left_out.append(
                f"{shown_path(path)}: {n} fault{'s' * (n != 1)} or missing text{'s' * (n != 1)}: no {language_name(code)} kit built; --lang {code} names them"
            )
        else:
            codes.append(code)
    return codes, left_out


def lacks_language(deck: Deck, lang: str) -> Fault | None:
    """The warning for a deck with no texts at all in ``lang`` (no
    translation file): its cards are printed in its own words, as the kit's
    words a catalogue lacks are printed in English; None when it has them."""
    if lang == BASE or translation_file(deck.path, lang) is not None:
        return None
    wanted = shown_path(deck.path / FOLDER / f"{lang}.yaml")
    message = (
        f"the deck has no {language_name(lang)} texts: its names and labels are printed as its own files write them; "
        f"write them in {wanted} (docs/deck-format.md, 'Translations')"
    )
    return deck.sources.fault("game.yaml", ("title",), message)


def check_translations(deck: Deck) -> tuple[list[Fault], list[Fault]]:
    """Every translation file of ``deck`` read as :func:`in_language` reads
    it: the faults of what the files say (and of files there that are
    none), and, apart, each text of the deck a language lacks (a fault when
    that language is asked for; until then, a warning: the deck's own
    language is being written)."""
    faults: list[Fault] = []
    lacking: list[Fault] = []
    for path in translation_files(deck.path):
        match = _FILE.match(path.name)
        if not match or not path.is_file():
            faults.append(Fault(shown_path(path), 0, 0, "not a translation: name it by its language's code, as de.yaml or pt_BR.yaml"))
        elif path.name == f"{BASE}.yaml":
            faults.append(Fault(shown_path(path), 0, 0, "the deck's own files are its English text; write another language here"))
        else:
            r = FieldReader()
            _Read(r, deck, path, language_name(path.stem), lacking)
            faults += r.faults
    return faults, lacking


class _Read:
    """One translation file read against its deck: every text it gives, with
    where it gives it, and a fault for each it lacks or gives wrongly."""

    def __init__(self, r: FieldReader, deck: Deck, path: Path, language: str, lacking: list[Fault] | None = None) -> None:
        self.r, self.base, self.language = r, deck, language
        self.lacking = r.faults if lacking is None else lacking  # where a text the language lacks is told
        self.shown = shown_path(path)
        self.texts: dict[Where, str] = {}
        self.moved: dict[Where, tuple[str, int, int]] = {}
        try:
            doc = yamlsource.parse(yamlsource.read_text(path, self.shown, deck.path.resolve()), self.shown)
        except yamlsource.YamlReadError as exc:
            r.faults.append(exc.fault)
            return
        m = r.mapping(doc, self.shown, self.shown)
        if m is None:
            return
        r.unknown_keys(m, TOP_KEYS, self.shown)
        for key in ("title", "subtitle"):
            if getattr(deck, key):
                self._text(m, key, ("game.yaml", (key,)), getattr(deck, key), f"the {key}", 80)
        self._words(m, "colors", list(deck.colors), "colour", lambda c: ("game.yaml", ("colors", c)))
        self._words(m, "traits", list(deck.traits), "trait", lambda t: ("game.yaml", ("traits", deck.traits.index(t))))
        for kind in ("competitors", "obstacles"):
            self._faces(m, kind)
        if deck.score_sheet is not None and "score_sheets.yaml" in deck.sources.docs:
            self._sheet(m, deck.score_sheet)

    def _lacks(self, where: Where, text: str, what: str, hint: str) -> None:
        message = f"{what} {show(text)} has no {self.language} text: give it in {self.shown}, {hint}"
        self.lacking.append(self.base.sources.fault(*where, message))

    def _text(self, m: YMap, key: str, where: Where, base: str, what: str, longest: int, hint: str = "") -> None:
        """``m[key]``, the text of ``base`` (written at ``where``) in the language."""
        if key not in m:
            self._lacks(where, base, what, hint or f"as {key}:")
            return
        text = self.r.text(m, key, f"{self.shown}", longest=longest)
        if text:
            self.texts[where] = text
            self.moved[where] = (self.shown, *m.at(key))

    def _words(self, m: YMap, key: str, names: list[str], noun: str, where: Any) -> None:
        """A label for each colour or trait of game.yaml."""
        given = self.r.get(m, key, dict, self.shown, required=False, default=YMap(self.shown, m.pos))
        for name in given:
            if name not in names:
                self.r.fault_key(given, name, f"{show(name)} is not a {noun} of game.yaml ({', '.join(names)}){did_you_mean(name, names)}")
        for name in names:
            if name not in given:
                self._lacks(where(name), name, noun, f"under {key}: as {name}:")
            else:
                self._text(given, name, where(name), name, noun, MAX_WORD)

    def _faces(self, m: YMap, kind: str) -> None:
        """A name (and flavour line) for each face that has one."""
        faces = self.base.competitor_faces() if kind == "competitors" else self.base.obstacle_faces()
        filename = f"{kind}.yaml"
        given = self.r.get(m, kind, dict, self.shown, required=False, default=YMap(self.shown, m.pos))
        ids = [f.id for f in faces]
        for face_id in given:
            if str(face_id) not in ids:
                self.r.fault_key(given, face_id, f"{show(face_id)} is not a face of {filename} (ids like 1a, 1b){did_you_mean(str(face_id), ids)}")
        for face in faces:
            texts = {"name": face.name, "flavour": getattr(face, "flavour", "")}
            entry = given.get(face.id)
            if isinstance(entry, str):  # 1a: "Name" is the name alone
                entry = YMap(given.path, given.at(face.id))
                entry["name"] = given[face.id]
                entry.value_pos["name"] = given.at(face.id)
            elif entry is not None and not isinstance(entry, YMap):
                self.r.fault(given, face.id, f"face {face.id} must be its name, or a mapping of {' and '.join(FACE_KEYS[kind])}")
                continue
            entry = entry if entry is not None else YMap(given.path, given.pos)
            self.r.unknown_keys(entry, FACE_KEYS[kind], f"face {face.id}")
            for key in FACE_KEYS[kind]:
                where: Where = (filename, self.base.sources.face_keys(filename, face.card, face.side, key))
                if texts[key]:
                    hint = f"under {kind}: as {face.id}: {{{key}: …}}"
                    self._text(entry, key, where, texts[key], f"the {key} of face {face.id}", MAX_FLAVOUR if key == "flavour" else MAX_TEXT, hint)
                elif key in entry:
                    self.r.fault_key(entry, key, f"face {face.id} has no {key} in {filename} to translate")

    def _sheet(self, m: YMap, sheet: ScoreSheet) -> None:
        """The score card's title and each row's label and hint, rows in the order of score_sheets.yaml."""
        base = ("score_sheets.yaml", ())
        if "score_sheet" not in m:
            self._lacks(base, sheet.title, "the score card", "under score_sheet: as title: and rows:")
            return
        sm = self.r.get(m, "score_sheet", dict, self.shown, default=YMap(self.shown, m.pos))
        self.r.unknown_keys(sm, SHEET_KEYS, "score_sheet")
        self._text(sm, "title", ("score_sheets.yaml", ("title",)), sheet.title, "the score card's title", MAX_LABEL)
        rows = self.r.get(sm, "rows", list, "score_sheet", required=False, default=YList(self.shown, sm.pos))
        if len(rows) != len(sheet.rows):
            self.r.fault(sm, "rows", f"score_sheet has {len(rows)} rows; score_sheets.yaml has {len(sheet.rows)}, given here in its order")
            return
        for i, (row, base_row) in enumerate(zip(rows, sheet.rows, strict=True)):
            if not isinstance(row, YMap):
                self.r.fault(rows, i, f"a score row must be a mapping of label and hint, not {show(row)}")
                continue
            self.r.unknown_keys(row, ROW_KEYS, "a score row")
            for key in ROW_KEYS:
                text = getattr(base_row, key)
                if text or key in row:
                    self._text(row, key, ("score_sheets.yaml", ("rows", i, key)), text, f"the {key} of score row {i + 1}", MAX_LABEL)
                problem = placeholder_problem(row[key]) if isinstance(row.get(key), str) else ""
                if problem:
                    self.r.fault(row, key, problem)

    def deck(self, lang: str) -> Deck:
        """The deck with the texts read."""
        base, t = self.base, self.texts

        def face(f: Any, filename: str) -> Any:
            name = t.get((filename, base.sources.face_keys(filename, f.card, f.side, "name")), f.name)
            if filename == "obstacles.yaml":
                return replace(f, name=name)
            return replace(f, name=name, flavour=t.get((filename, base.sources.face_keys(filename, f.card, f.side, "flavour")), f.flavour))

        competitors = tuple(replace(c, a=face(c.a, "competitors.yaml"), b=face(c.b, "competitors.yaml")) for c in base.competitors)
        obstacles = tuple(replace(c, a=face(c.a, "obstacles.yaml"), b=face(c.b, "obstacles.yaml")) for c in base.obstacles)
        sheet = base.score_sheet
        if sheet is not None and ("score_sheets.yaml", ("title",)) in t:
            rows = tuple(
                ScoreRow(row.kind, t.get(("score_sheets.yaml", ("rows", i, "label")), row.label), t.get(("score_sheets.yaml", ("rows", i, "hint")), row.hint))
                for i, row in enumerate(sheet.rows)
            )
            sheet = ScoreSheet(t[("score_sheets.yaml", ("title",))], sheet.seats, rows)
        s = base.sources
        return replace(
            base,
            title=t.get(("game.yaml", ("title",)), base.title),
            subtitle=t.get(("game.yaml", ("subtitle",)), base.subtitle),
            competitors=competitors,
            obstacles=obstacles,
            score_sheet=sheet,
            language=lang,
            color_labels={c: t[("game.yaml", ("colors", c))] for c in base.colors},
            trait_labels={tr: t[("game.yaml", ("traits", i))] for i, tr in enumerate(base.traits)},
            sources=Sources(s.shown, s.docs, s.files, {**s.moved, **self.moved}),
        )


def printed_texts(deck: Deck) -> list[tuple[str, Fault]]:
    """Every text of ``deck`` that its cards and score card print, each with
    where it is written (a fault there with no message yet): in the
    translation file for a deck in a language."""
    s = deck.sources
    out = [(deck.title, s.fault("game.yaml", ("title",), "")), (deck.subtitle, s.fault("game.yaml", ("subtitle",), ""))]
    out += [(deck.color_label(c), s.fault("game.yaml", ("colors", c), "")) for c in deck.colors]
    out += [(deck.trait_label(t), s.fault("game.yaml", ("traits", i), "")) for i, t in enumerate(deck.traits)]
    for filename, faces in (("competitors.yaml", deck.competitor_faces()), ("obstacles.yaml", deck.obstacle_faces())):
        for f in faces:
            out.append((f.name, s.face_fault(filename, f.card, f.side, "name", "")))
            flavour = getattr(f, "flavour", "")
            if flavour:
                out.append((flavour, s.face_fault(filename, f.card, f.side, "flavour", "")))
    if deck.score_sheet is not None:
        out.append((deck.score_sheet.title, s.fault("score_sheets.yaml", ("title",), "")))
        for i, row in enumerate(deck.score_sheet.rows):
            out += [(text, s.fault("score_sheets.yaml", ("rows", i, key), "")) for key, text in (("label", row.label), ("hint", row.hint)) if text]
    return [(text, where) for text, where in out if text]
