"""A language's words checked against the font that prints them, before a
page is laid out: a character the bundled font (Bitstream Vera) has no
glyph for is a fault naming the language and the text, at the text's own
line (in the deck's translation file, or in the language's catalogue).

Two sources of words are checked: the deck's texts in the language (its
names, flavour lines, labels and score card, :func:`printed_texts`), and
the catalogue's translations of the messages the kit prints (those the
desk and the command line only show on a screen, in a browser's or a
terminal's fonts, are left to those). A template that sets text in a font
of its own is checked where it is laid out, text by text, in that font.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..deck import Deck
from ..deck.translations import language_name, printed_texts
from ..errors import Fault, InputError, shown_path
from ..language import SOURCE, catalogue
from ..language.catalogue import read_catalogue
from . import fonts
from .template import FONT_FOLDER, Templates

#: The styles the bundled templates set text in: a character must be in each.
STYLES = ("regular", "bold", "italic")
FONT = "the bundled font (Bitstream Vera)"
#: Messages only ever shown on a screen: the desk's pages and the command line's words.
SCREEN_ONLY = ("hi5pnp/web/", "hi5pnp/cli/")
_MARKUP = re.compile(r"\{[a-z][a-z0-9_-]*\}|\*+")  # a paragraph's {trait} icons and *emphasis* marks, not drawn as characters


class CoverageError(InputError):
    """Words of a language that the font cannot draw."""


def brings_fonts(templates: Templates) -> bool:
    """Whether a templates folder has fonts of its own (``fonts/``): its layouts may set the deck's texts in them."""
    folder = templates.folder / FONT_FOLDER
    return folder.is_dir() and any(folder.iterdir())


def missing(text: str) -> str:
    """The characters of ``text`` some style of the bundled font cannot draw ("" when it draws them all)."""
    bare = _MARKUP.sub("", text)
    return "".join(sorted({ch for style in STYLES for ch in fonts.missing_glyphs(bare, style)}))


def uncovered(texts: Iterable[tuple[str, Fault]], language: str) -> list[Fault]:
    """A fault for each text (with where it is written) that has characters the bundled font lacks."""
    faults = []
    for text, where in texts:
        lacking = missing(text)
        if lacking:
            message = f"{language} text {_quoted(text)} has characters {FONT} cannot draw: {lacking}"
            faults.append(Fault(where.path, where.line, where.column, message))
    return faults


def _quoted(text: str) -> str:
    return f"'{text}'" if len(text) <= 60 else f"'{text[:57]}...'"


def catalogue_texts(lang: str) -> list[tuple[str, Fault]]:
    """Each translation the kit prints from ``lang``'s catalogue, with its line in the ``.po`` file."""
    path = catalogue(lang).path
    if path is None:
        return []
    shown = shown_path(path)
    out = []
    for message in read_catalogue(path, lang):
        if not message.id or not message.string:
            continue
        if message.locations and all(any(file.startswith(place) for place in SCREEN_ONLY) for file, _ in message.locations):
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        out += [(text, Fault(shown, message.lineno or 0, 0, "")) for text in strings if text]
    return out


def language_faults(deck: Deck, lang: str, *, deck_texts: bool = True) -> list[Fault]:
    """Every text of ``lang`` the bundled font cannot draw: the deck's (``deck``
    given in that language, :func:`hi5pnp.deck.translations.in_language`),
    unless ``deck_texts`` is off (its templates set them in fonts of their
    own), and the catalogue's."""
    if lang == SOURCE:
        return []
    named = language_name(lang)
    return (uncovered(printed_texts(deck), named) if deck_texts else []) + uncovered(catalogue_texts(lang), named)


def check_language(deck: Deck, lang: str, *, deck_texts: bool = True) -> None:
    """:func:`language_faults`, raised together as one :class:`CoverageError`."""
    faults = language_faults(deck, lang, deck_texts=deck_texts)
    if faults:
        raise CoverageError(faults)
